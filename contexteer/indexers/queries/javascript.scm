; JavaScript (+JSX): definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @definition.field

; top-level const/let/var; arrow functions and function expressions bound to a name are functions
(program (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function))
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name)) @definition.variable)

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression property: (property_identifier) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.call
(class_heritage (identifier) @name) @reference.type
(class_heritage (member_expression property: (property_identifier) @name)) @reference.type

(import_statement (import_clause (identifier) @import.name) source: (string) @import.module) @import
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name))) source: (string) @import.module) @import
(import_statement (import_clause (namespace_import) @import.name) source: (string) @import.module) @import
(import_statement source: (string) @import.module) @import
(export_statement source: (string) @import.module) @import
(call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module) (#eq? @_req "require")) @import
(export_statement (export_clause (export_specifier name: (identifier) @import.name)) source: (string) @import.module) @import
