; Scala: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

(class_definition name: [(identifier) (operator_identifier)] @name) @definition.class
(object_definition name: [(identifier) (operator_identifier)] @name) @definition.module
(package_object (identifier) @name) @definition.module
(trait_definition name: [(identifier) (operator_identifier)] @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(simple_enum_case name: (identifier) @name) @definition.constant
(full_enum_case name: (identifier) @name) @definition.constant
(function_definition name: [(identifier) (operator_identifier)] @name) @definition.function
(function_declaration name: [(identifier) (operator_identifier)] @name) @definition.function
(val_definition pattern: (identifier) @name) @definition.variable
(val_declaration name: (identifier) @name) @definition.variable
(val_definition pattern: (identifiers (identifier) @name)) @definition.variable
(val_definition pattern: (tuple_pattern (identifier) @name)) @definition.variable
(var_definition pattern: (identifiers (identifier) @name)) @definition.variable
(var_definition pattern: (identifier) @name) @definition.variable
(var_declaration name: (identifier) @name) @definition.variable
(type_definition name: (type_identifier) @name) @definition.type
(given_definition name: (identifier) @name) @definition.variable
(extension_definition) @scope
(class_parameter ["val" "var"] name: (identifier) @name) @definition.field

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression field: (identifier) @name))) @reference.call
; `xs map f`, and `xs.isEmpty`: a method without a parameter list is called without parentheses
(infix_expression operator: (identifier) @name) @reference.call
(field_expression field: (identifier) @name) @reference.call
(instance_expression [(type_identifier) (generic_type type: (type_identifier))] @name) @reference.call
(extends_clause type: (type_identifier) @name) @reference.type
(extends_clause type: (generic_type type: (type_identifier) @name)) @reference.type
(type_identifier) @name @reference.type

(import_declaration . (identifier) @import.path (identifier) @import.name .) @import
(import_declaration . (identifier) @import.path (namespace_selectors [(identifier) @import.name (operator_identifier) @import.name (arrow_renamed_identifier name: (_) @import.name)])) @import
(import_declaration . (identifier) @import.path (namespace_wildcard) @import.name) @import
