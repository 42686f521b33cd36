; Lua: definitions, references, requires (capture convention: see contexteer/indexers/languages.py)
; `function M.run()` / `function M:run()` is qualified by its table (M.run); `local` makes a definition private.

(function_declaration name: (identifier) @name) @definition.function
(function_declaration name: (dot_index_expression table: (_) @receiver field: (identifier) @name)) @definition.function
(function_declaration name: (method_index_expression table: (_) @receiver method: (identifier) @name)) @definition.function
(variable_declaration (assignment_statement (variable_list . name: (identifier) @name) (expression_list . value: (function_definition)))) @definition.function
(assignment_statement (variable_list . name: (identifier) @name) (expression_list . value: (function_definition))) @definition.function
(assignment_statement (variable_list . name: (dot_index_expression table: [(identifier) (dot_index_expression)] @receiver field: (identifier) @name)) (expression_list . value: (function_definition))) @definition.function
(assignment_statement (variable_list . name: (dot_index_expression field: (identifier) @name)) (expression_list . value: (function_definition))) @definition.function
(field name: (identifier) @name value: (function_definition)) @definition.function
; every name of `local tinsert, tremove, concat = table.insert, table.remove, table.concat` (an alias is a use's
; definition: List.range's `assert_arg`, the third name of its line, had none)
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name))) @definition.variable)
(chunk (variable_declaration (variable_list name: (identifier) @name)) @definition.variable)
(chunk (assignment_statement (variable_list . name: (identifier) @name)) @definition.variable)
(chunk (assignment_statement (variable_list . name: (dot_index_expression table: (identifier) @receiver field: (identifier) @name))) @definition.variable)

(function_call name: (identifier) @name) @reference.call
(function_call name: (dot_index_expression field: (identifier) @name)) @reference.call
(function_call name: (method_index_expression method: (identifier) @name)) @reference.call

(variable_declaration (assignment_statement (variable_list . name: (identifier) @import.name) (expression_list . value: (function_call name: (identifier) @_req arguments: (arguments . (string content: (string_content) @import.module))) @import (#eq? @_req "require")))) @_decl
(function_call name: (identifier) @_req arguments: (arguments . (string content: (string_content) @import.module)) (#eq? @_req "require")) @import
; `local ok, lfs = pcall(require, 'lfs')`: an optional dependency
(function_call name: (identifier) @_p arguments: (arguments . (identifier) @_req . (string content: (string_content) @import.module)) (#eq? @_p "pcall") (#eq? @_req "require")) @import
