; Zig: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; `const X = struct {...}` is a struct named X (enum, union, error set likewise); `pub` makes a declaration public.

(variable_declaration . (identifier) @name (struct_declaration)) @definition.struct
; `const Writer = @This();` at the top of a file: the file is the struct Writer (its fields and functions are Writer's)
(source_file (variable_declaration . (identifier) @name (builtin_function (builtin_identifier) @_this) (#eq? @_this "@This")) @definition.struct)
(variable_declaration . (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration . (identifier) @name (union_declaration)) @definition.struct
(variable_declaration . (identifier) @name (opaque_declaration)) @definition.struct
(variable_declaration . (identifier) @name (error_set_declaration)) @definition.type
(variable_declaration "const" . (identifier) @name) @definition.constant
(variable_declaration "var" . (identifier) @name) @definition.variable
(function_declaration name: (identifier) @name) @definition.function
; a generic: `fn Custom(comptime K: type) type { return struct {...}; }` - the struct it returns holds members
; (Custom.capacity, Custom.minimal_capacity), not locals of the function
(function_declaration name: (identifier) @name body: (block (expression_statement (return_expression (struct_declaration) @scope.type))))
(container_field name: (identifier) @name) @definition.field
(test_declaration [(string) @name (identifier) @name]) @definition.test

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression member: (identifier) @name)) @reference.call
; `if (!resize(&s, ...))`: the grammar reads `!resize` as an error-union type being called
(call_expression function: (error_union_type ok: (identifier) @name)) @reference.call
(call_expression function: (error_union_type ok: (field_expression member: (identifier) @name))) @reference.call
(parameter type: (identifier) @name) @reference.type
(function_declaration type: (identifier) @name) @reference.type
(container_field type: (identifier) @name) @reference.type
(variable_declaration type: (identifier) @name) @reference.type
; a value used through a member (`safe_allocator.allocator()`, `std.debug`): a use of that name
(field_expression object: (identifier) @name) @reference.other

(variable_declaration (identifier) @import.name (builtin_function (builtin_identifier) @_imp (arguments . (string (string_content) @import.module))) (#eq? @_imp "@import")) @_decl @import
