; Haskell: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; A function's type signature and its equations are one definition (LanguageSpec.merge_clauses).

(header module: (module) @name) @definition.module
(declarations (data_type name: (name) @name) @definition.type)
(declarations (newtype name: (name) @name) @definition.type)
(declarations (type_synonym name: (name) @name) @definition.type)
(declarations (type_family name: (name) @name) @definition.type)
(declarations (class name: (name) @name) @definition.interface)
(class_declarations (signature name: (variable) @name) @definition.function)
(data_constructor constructor: (prefix name: (constructor) @name)) @definition.constant
(data_constructor constructor: (record name: (constructor) @name)) @definition.constant
(newtype_constructor name: (constructor) @name) @definition.constant
(field name: (field_name (variable) @name)) @definition.field
(declarations (signature name: (variable) @name) @definition.function)
(declarations (function name: (variable) @name) @definition.function)
(declarations (bind name: (variable) @name) @definition.function)
(declarations (signature names: (binding_list (variable) @name)) @definition.function)

(apply function: (variable) @name) @reference.call
(apply function: (qualified id: (variable) @name)) @reference.call
(infix operator: (infix_id (variable) @name)) @reference.call
(name) @name @reference.type

(import module: (module) @import.module names: (import_list (import_name [(variable) (name)] @import.name))) @import
(import module: (module) @import.module) @import
