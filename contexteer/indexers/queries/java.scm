; Java: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
(enum_constant name: (identifier) @name) @definition.constant

(method_invocation name: (identifier) @name) @reference.call
(object_creation_expression type: (type_identifier) @name) @reference.call
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.call
(superclass (type_identifier) @name) @reference.type
(super_interfaces (type_list (type_identifier) @name)) @reference.type
(super_interfaces (type_list (generic_type (type_identifier) @name))) @reference.type
(type_arguments (type_identifier) @name) @reference.type
(formal_parameter type: (type_identifier) @name) @reference.type
(field_declaration type: (type_identifier) @name) @reference.type
(method_declaration type: (type_identifier) @name) @reference.type
(generic_type (type_identifier) @name) @reference.type
(marker_annotation name: (identifier) @name) @reference.type
(annotation name: (identifier) @name) @reference.type

(import_declaration (scoped_identifier scope: (_) @import.module name: (identifier) @import.name) .) @import
(import_declaration (scoped_identifier) @import.module (asterisk) @import.name) @import
(import_declaration (identifier) @import.module .) @import
; types named in locals, loops, casts, instanceof, class literals, arrays, wildcards, catch and throws clauses, and a
; scoped type's parts (`HostMask.Parser`): a type's references listed only parameters and fields (Capacitor A/B run 109)
(local_variable_declaration type: (type_identifier) @name) @reference.type
(enhanced_for_statement type: (type_identifier) @name) @reference.type
(cast_expression type: (type_identifier) @name) @reference.type
(instanceof_expression right: (type_identifier) @name) @reference.type
(class_literal (type_identifier) @name) @reference.type
(array_type element: (type_identifier) @name) @reference.type
(wildcard (type_identifier) @name) @reference.type
(catch_type (type_identifier) @name) @reference.type
(throws (type_identifier) @name) @reference.type
(scoped_type_identifier (type_identifier) @name) @reference.type
((method_invocation object: (identifier) @name) (#match? @name "^[A-Z]")) @reference.type
((field_access object: (identifier) @name) (#match? @name "^[A-Z]")) @reference.type
; a field read `holder.jsObject`, `this.count`
(field_access field: (identifier) @name) @reference.member
