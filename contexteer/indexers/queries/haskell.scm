; Haskell: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; A function's type signature and its equations are one definition (LanguageSpec.merge_clauses).

(header module: (module) @name) @definition.module
(declarations (data_type name: (name) @name) @definition.type)
(declarations (newtype name: (name) @name) @definition.type)
(declarations (type_synonym name: (name) @name) @definition.type)
(declarations (type_family name: (name) @name) @definition.type)
(declarations (class name: (name) @name) @definition.interface)
(class_declarations (signature name: (variable) @name) @definition.function)
(class_declarations (function name: (variable) @name) @definition.function)
(class_declarations (bind name: (variable) @name) @definition.function)
(data_constructor constructor: (prefix name: (constructor) @name)) @definition.constant
(data_constructor constructor: (record name: (constructor) @name)) @definition.constant
(newtype_constructor name: (constructor) @name) @definition.constant
(field name: (field_name (variable) @name)) @definition.field
(declarations (signature name: (variable) @name) @definition.function)
(declarations (function name: (variable) @name) @definition.function)
(declarations (bind name: (variable) @name) @definition.function)
(declarations (signature names: (binding_list (variable) @name)) @definition.function)
; a type class instance is named by its class, like an Elixir defimpl (`instance ToSources Text`: impl ToSources);
; its methods are its children
(declarations (instance name: (name) @name) @definition.impl)
(declarations (instance name: (qualified id: (name) @name)) @definition.impl)
(declarations (deriving_instance name: (name) @name) @definition.impl)
(instance_declarations (signature name: (variable) @name) @definition.method)
(instance_declarations (function name: (variable) @name) @definition.method)
(instance_declarations (bind name: (variable) @name) @definition.method)
; a `where` clause's functions and values, children of the equation they serve
(function (local_binds (signature name: (variable) @name) @definition.function))
(function (local_binds (function name: (variable) @name) @definition.function))
(function (local_binds (bind name: (variable) @name) @definition.function))
; a function a `let` defines (one with parameters: `let pathToEntry path = do`), in a do block or an expression
(let (local_binds (function name: (variable) @name) @definition.function))
(let_in (local_binds (function name: (variable) @name) @definition.function))
(bind (local_binds (signature name: (variable) @name) @definition.function))
(bind (local_binds (function name: (variable) @name) @definition.function))
(bind (local_binds (bind name: (variable) @name) @definition.function))

(apply function: (variable) @name) @reference.call
; a function is as much used when passed, composed or sequenced (`try $ do`, `spnl >> keyValAttr`, `map f xs`,
; `x <- getState`, a parser on a line of its own in a do block): every variable in an expression position
(apply argument: (variable) @name) @reference.call
(infix left_operand: (variable) @name) @reference.call
(infix right_operand: (variable) @name) @reference.call
(bind expression: (variable) @name) @reference.call
(exp (variable) @name) @reference.call
(match expression: (variable) @name) @reference.call
(list element: (variable) @name) @reference.call
(tuple element: (variable) @name) @reference.call
(conditional (variable) @name) @reference.call
(field_update expression: (variable) @name) @reference.call
(left_section (variable) @name) @reference.call
(right_section (variable) @name) @reference.call
(generator expression: (variable) @name) @reference.call
(qualified id: (variable) @name) @reference.call
(infix operator: (infix_id (variable) @name)) @reference.call
(name) @name @reference.type

(import module: (module) @import.module names: (import_list (import_name [(variable) (name)] @import.name))) @import
(import module: (module) @import.module) @import
