; Python: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
; module-level and class-level assignments (locals are dropped by the extractor)
(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
; and under a module-level `if` / `else` / `try` (`if TYPE_CHECKING: ReprArgs: TypeAlias = ...`, a fallback import's
; `except ImportError: x = None`): still module-level names
(module (if_statement consequence: (block (expression_statement (assignment left: (identifier) @name) @definition.variable))))
(module (if_statement alternative: (else_clause body: (block (expression_statement (assignment left: (identifier) @name) @definition.variable)))))
(module (if_statement alternative: (elif_clause consequence: (block (expression_statement (assignment left: (identifier) @name) @definition.variable)))))
(module (try_statement body: (block (expression_statement (assignment left: (identifier) @name) @definition.variable))))
(module (try_statement (except_clause (block (expression_statement (assignment left: (identifier) @name) @definition.variable)))))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))
; every name of a chained assignment (`__eq__ = __ne__ = __bool__ = _fail_with_undefined_error`, `a = b = None`)
(class_definition body: (block (expression_statement (assignment right: (assignment left: (identifier) @name) @definition.field))))
(class_definition body: (block (expression_statement (assignment right: (assignment right: (assignment left: (identifier) @name) @definition.field)))))
(class_definition body: (block (expression_statement (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name) @definition.field))))))
(class_definition body: (block (expression_statement (assignment right: (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name) @definition.field)))))))
(module (expression_statement (assignment right: (assignment left: (identifier) @name) @definition.variable)))
(module (expression_statement (assignment right: (assignment right: (assignment left: (identifier) @name) @definition.variable))))
(module (expression_statement (assignment right: (assignment right: (assignment right: (assignment left: (identifier) @name) @definition.variable)))))
(call function: [(identifier) @name (attribute attribute: (identifier) @name)]) @reference.call
(decorator [(identifier) @name (call function: (identifier) @name) (attribute attribute: (identifier) @name)]) @reference.call
(type [(identifier) @name (attribute attribute: (identifier) @name)]) @reference.type
(generic_type (identifier) @name) @reference.type
(class_definition superclasses: (argument_list [(identifier) @name (attribute attribute: (identifier) @name)])) @reference.type
(except_clause (identifier) @name) @reference.type
; a class or constant named as a value (`isinstance(value, Secret)`, `get_origin(base) is Secret`, `(A, B)`): written
; capitalized only, as classes and constants are (pydantic run 414 read Secret's references without them); a call's
; arguments only: a class's bases are an argument list too, and no use of the value; kind `name`: a value named,
; never a call (Django run 418: `on_delete=CASCADE` had been a "call site" of the function CASCADE)
((call arguments: (argument_list (identifier) @name)) (#match? @name "^[A-Z]")) @reference.name
((call arguments: (argument_list (keyword_argument value: (identifier) @name))) (#match? @name "^[A-Z]")) @reference.name
((comparison_operator (identifier) @name) (#match? @name "^[A-Z]")) @reference.name
((tuple (identifier) @name) (#match? @name "^[A-Z]")) @reference.name
(import_statement name: [(dotted_name) @import.module (aliased_import name: (dotted_name) @import.module)]) @import
(import_from_statement module_name: (_) @import.module name: [(dotted_name) @import.name (aliased_import name: (dotted_name) @import.name)]) @import
(import_from_statement module_name: (_) @import.module (wildcard_import) @import.name) @import
(future_import_statement name: [(dotted_name) @import.name (aliased_import name: (dotted_name) @import.name)]) @import
