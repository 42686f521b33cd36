; TypeScript and TSX: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: [(identifier) (nested_identifier)] @name) @definition.module
(module name: [(identifier) (string)] @name) @definition.module
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(abstract_method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.field
(interface_body (property_signature name: (property_identifier) @name) @definition.field)
; an object type alias's members, as an interface's (`type QueryObserverMatch = { observer: QueryObserver }`)
(type_alias_declaration value: (object_type (property_signature name: (property_identifier) @name) @definition.field))
(enum_body [(property_identifier) @name (enum_assignment name: (property_identifier) @name)] @definition.constant)


; `module.exports = class X {...}` / `= function x () {...}` define X / x
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_p) right: (class name: (_) @name) @definition.class (#eq? @_m "module") (#eq? @_p "exports"))
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_p) right: (function_expression name: (identifier) @name) @definition.function (#eq? @_m "module") (#eq? @_p "exports"))
; a class expression assigned to a member (webpack's `X.Template = class XTemplate extends Y {...}`) or bound to a
; name (`const X = class {...}`) is a class; an anonymous one takes the member's name (`X.Template = class {...}`)
(assignment_expression left: (member_expression) right: (class name: (_) @name) @definition.class)
((assignment_expression left: (member_expression property: (property_identifier) @name) right: (class !name)) @definition.class (#not-eq? @name "exports"))
(program (lexical_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.class)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.class))

(program (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function))
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name)) @definition.variable)
(internal_module body: (statement_block (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable)))

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.call
(type_annotation (type_identifier) @name) @reference.type
(generic_type name: (type_identifier) @name) @reference.type
(extends_clause value: (identifier) @name) @reference.type
(implements_clause (type_identifier) @name) @reference.type
(extends_type_clause type: (type_identifier) @name) @reference.type
(type_arguments (type_identifier) @name) @reference.type
; every other place a type is written (zod run 406: `$ZodPipe`'s references were "2 in 1 file" where unions,
; namespace-qualified types `schemas.$ZodPipe`, lookups, constraints and casts made 13); a type parameter's own name,
; a mapped type's key and an `infer X` bind a name and are none
(nested_type_identifier name: (type_identifier) @name) @reference.type
(union_type (type_identifier) @name) @reference.type
(intersection_type (type_identifier) @name) @reference.type
(array_type (type_identifier) @name) @reference.type
(tuple_type (type_identifier) @name) @reference.type
(lookup_type (type_identifier) @name) @reference.type
(index_type_query (type_identifier) @name) @reference.type
(constraint (type_identifier) @name) @reference.type
(default_type (type_identifier) @name) @reference.type
(as_expression (type_identifier) @name) @reference.type
(satisfies_expression (type_identifier) @name) @reference.type
(template_type (type_identifier) @name) @reference.type
(rest_type (type_identifier) @name) @reference.type
(optional_type (type_identifier) @name) @reference.type
(readonly_type (type_identifier) @name) @reference.type
(parenthesized_type (type_identifier) @name) @reference.type
(conditional_type [left: (type_identifier) @name right: (type_identifier) @name consequence: (type_identifier) @name
                   alternative: (type_identifier) @name]) @reference.type
(function_type return_type: (type_identifier) @name) @reference.type
(constructor_type type: (type_identifier) @name) @reference.type
(type_predicate type: (type_identifier) @name) @reference.type
(mapped_type_clause type: (type_identifier) @name) @reference.type
(type_alias_declaration value: (type_identifier) @name) @reference.type
; a class or constructor value named by a member read (`$ZodPipe.init(inst, def)`, `core.$ZodPipe.init(..)`,
; `x instanceof z.core.$ZodPipe`): names written capitalized or `$`-led only, as types and constructors are (a
; member read as a property, PascalCase or `$`-led only: `zc.RANGES` off an untyped value stays a use by name)
((member_expression object: (identifier) @name) (#match? @name "^[$A-Z]")) @reference.other
((member_expression property: (property_identifier) @name) (#match? @name "^[$]")) @reference.other
; (PascalCase off a namespace-like name only: `z.ZodString`, never an enum's member `Kind.ZodString` nor
; `z.Kind.ZodString`, review of cb78ebf)
((member_expression object: (identifier) @_ns property: (property_identifier) @name) (#match? @_ns "^[a-z_]") (#match? @name "^[A-Z][a-z0-9]")) @reference.other
((binary_expression operator: "instanceof" right: (identifier) @name)) @reference.other

(import_statement (import_clause (identifier) @import.name) source: (string) @import.module) @import
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name))) source: (string) @import.module) @import
(import_statement (import_clause (namespace_import) @import.name) source: (string) @import.module) @import
(import_statement source: (string) @import.module) @import
(export_statement (export_clause (export_specifier name: (identifier) @import.name)) source: (string) @import.module) @import
(export_statement source: (string) @import.module) @import
(import_require_clause source: (string) @import.module) @import
(call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module) (#eq? @_req "require")) @import
; CommonJS `const X = require('m')`, `const {a, b: c} = require('m')`: imports of X / a, b, and @_decl is no
; definition (`const v = require('m').v` stays a variable: a value read from a module); a nested destructuring
; `const { Legacy: { ConfigOps } } = require('m')` imports ConfigOps, not Legacy; `const debug = require('debug')('x')`
; imports debug (what the module's function returns)
((lexical_declaration (variable_declarator name: (identifier) @import.name value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import)) @_decl (#eq? @_req "require"))
((variable_declaration (variable_declarator name: (identifier) @import.name value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import)) @_decl (#eq? @_req "require"))
((lexical_declaration (variable_declarator name: (object_pattern [(shorthand_property_identifier_pattern) @import.name (pair_pattern key: (property_identifier) @import.name value: [(identifier) (assignment_pattern)])]) value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import)) @_decl (#eq? @_req "require"))
((lexical_declaration (variable_declarator name: (object_pattern (pair_pattern value: (object_pattern [(shorthand_property_identifier_pattern) @import.name (pair_pattern key: (property_identifier) @import.name value: [(identifier) (assignment_pattern)])]))) value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import)) @_decl (#eq? @_req "require"))
((lexical_declaration (variable_declarator name: (identifier) @import.name value: (call_expression function: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import))) @_decl (#eq? @_req "require"))
((variable_declaration (variable_declarator name: (object_pattern [(shorthand_property_identifier_pattern) @import.name (pair_pattern key: (property_identifier) @import.name value: [(identifier) (assignment_pattern)])]) value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import)) @_decl (#eq? @_req "require"))
((variable_declaration (variable_declarator name: (object_pattern (pair_pattern value: (object_pattern [(shorthand_property_identifier_pattern) @import.name (pair_pattern key: (property_identifier) @import.name value: [(identifier) (assignment_pattern)])]))) value: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import)) @_decl (#eq? @_req "require"))
((variable_declaration (variable_declarator name: (identifier) @import.name value: (call_expression function: (call_expression function: (identifier) @_req arguments: (arguments . (string) @import.module)) @import))) @_decl (#eq? @_req "require"))

; What a module exports besides `export` on a definition (see visibility.ModuleExports): ES `export { a }` and
; `export default a`; CommonJS `module.exports = X`, `module.exports = { a, b: c }`, `exports.y = ...`,
; `module.exports.y = ...` (@value: an identifier assigned is exported too; an object's names are, for module.exports)
(export_statement (export_clause (export_specifier name: (identifier) @name)) !source) @export.es
(export_statement value: (identifier) @name) @export.es
(export_statement "=" . (identifier) @name) @export.es
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_p) right: (_) @value (#eq? @_m "module") (#eq? @_p "exports")) @export.cjs
(assignment_expression left: (member_expression object: (identifier) @_e property: (property_identifier) @name) right: (_) @value (#eq? @_e "exports")) @export.cjs
(assignment_expression left: (member_expression object: (member_expression object: (identifier) @_m property: (property_identifier) @_p) property: (property_identifier) @name) right: (_) @value (#eq? @_m "module") (#eq? @_p "exports")) @export.cjs
