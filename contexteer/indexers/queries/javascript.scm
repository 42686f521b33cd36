; JavaScript (+JSX): definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @definition.field

; `module.exports = class X {...}` / `= function x () {...}` define X / x
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_p) right: (class name: (_) @name) @definition.class (#eq? @_m "module") (#eq? @_p "exports"))
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_p) right: (function_expression name: (identifier) @name) @definition.function (#eq? @_m "module") (#eq? @_p "exports"))
; CommonJS `exports.create = function (..) {..}`, `module.exports.prepare = async (..) => ..` at the top: functions of
; the module named by the property (cordova-android's lib/create.js and lib/prepare.js had none of them indexed)
(program (expression_statement (assignment_expression left: (member_expression object: (identifier) @_e property: (property_identifier) @name) right: [(function_expression) (arrow_function)]) @definition.function) (#eq? @_e "exports"))
(program (expression_statement (assignment_expression left: (member_expression object: (member_expression object: (identifier) @_m property: (property_identifier) @_p) property: (property_identifier) @name) right: [(function_expression) (arrow_function)]) @definition.function) (#eq? @_m "module") (#eq? @_p "exports"))
; a class expression assigned to a member (webpack's `X.Template = class XTemplate extends Y {...}`) or bound to a
; name (`const X = class {...}`) is a class; an anonymous one takes the member's name (`X.Template = class {...}`)
(assignment_expression left: (member_expression) right: (class name: (_) @name) @definition.class)
((assignment_expression left: (member_expression property: (property_identifier) @name) right: (class !name)) @definition.class (#not-eq? @name "exports"))
(program (lexical_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.class)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: (class))) @definition.class))

; top-level const/let/var; arrow functions and function expressions bound to a name are functions
(program (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function))
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name)) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name)) @definition.variable)

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.call
(class_heritage (identifier) @name) @reference.type
(class_heritage (member_expression property: (property_identifier) @name)) @reference.type

(import_statement (import_clause (identifier) @import.name) source: (string) @import.module) @import
(import_statement (import_clause (named_imports (import_specifier name: (identifier) @import.name))) source: (string) @import.module) @import
(import_statement (import_clause (namespace_import) @import.name) source: (string) @import.module) @import
(import_statement source: (string) @import.module) @import
(export_statement source: (string) @import.module) @import
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
(export_statement (export_clause (export_specifier name: (identifier) @import.name)) source: (string) @import.module) @import

; What a module exports besides `export` on a definition (see visibility.ModuleExports): ES `export { a }` and
; `export default a`; CommonJS `module.exports = X`, `module.exports = { a, b: c }`, `exports.y = ...`,
; `module.exports.y = ...` (@value: an identifier assigned is exported too; an object's names are, for module.exports)
(export_statement (export_clause (export_specifier name: (identifier) @name)) !source) @export.es
(export_statement value: (identifier) @name) @export.es
(assignment_expression left: (member_expression object: (identifier) @_m property: (property_identifier) @_p) right: (_) @value (#eq? @_m "module") (#eq? @_p "exports")) @export.cjs
(assignment_expression left: (member_expression object: (identifier) @_e property: (property_identifier) @name) right: (_) @value (#eq? @_e "exports")) @export.cjs
(assignment_expression left: (member_expression object: (member_expression object: (identifier) @_m property: (property_identifier) @_p) property: (property_identifier) @name) right: (_) @value (#eq? @_m "module") (#eq? @_p "exports")) @export.cjs
