; Dart: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; A function's or method's body is its signature's sibling: @end takes the range to the body's end.

(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.class
(extension_declaration name: (identifier) @name) @definition.class
(extension_type_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.constant
(type_alias . (type_identifier) @name) @definition.type

((method_signature [(function_signature name: (identifier) @name) (getter_signature name: (identifier) @name)
   (setter_signature name: (identifier) @name) (constructor_signature . (identifier) @name)
   (factory_constructor_signature . (identifier) @name) (operator_signature) @name]) @definition.function . (function_body) @end)
(declaration [(function_signature name: (identifier) @name) (getter_signature name: (identifier) @name)
   (setter_signature name: (identifier) @name) (constructor_signature . (identifier) @name)
   (factory_constructor_signature . (identifier) @name) (redirecting_factory_constructor_signature . (identifier) @name)
   (constant_constructor_signature . (identifier) @name)]) @definition.function
((function_signature name: (identifier) @name) @definition.function . (function_body) @end)
(program (getter_signature name: (identifier) @name) @definition.function . (function_body) @end)
(declaration (initialized_identifier_list (initialized_identifier . (identifier) @name))) @definition.variable
(declaration (static_final_declaration_list (static_final_declaration . (identifier) @name))) @definition.variable
(program (static_final_declaration_list (static_final_declaration . (identifier) @name) @definition.variable))
(program (initialized_identifier_list (initialized_identifier . (identifier) @name) @definition.variable))

((identifier) @name . (selector (argument_part)) @reference.call)
((selector (unconditional_assignable_selector (identifier) @name)) . (selector (argument_part)) @reference.call)
((selector (conditional_assignable_selector (identifier) @name)) . (selector (argument_part)) @reference.call)
(new_expression (type_identifier) @name) @reference.call
(const_object_expression (type_identifier) @name) @reference.call
(type_identifier) @name @reference.type

(import_specification (configurable_uri (uri (string_literal) @import.module)) (combinator (identifier) @import.name)) @import
(import_specification (configurable_uri (uri (string_literal) @import.module))) @import
(library_export (configurable_uri (uri (string_literal) @import.module))) @import
(part_directive (uri (string_literal) @import.module)) @import
