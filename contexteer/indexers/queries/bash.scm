; Bash / POSIX shell: functions, top-level variables, commands called, sourced files

(function_definition name: (word) @name) @definition.function
(program (variable_assignment name: (variable_name) @name) @definition.variable)
(program (declaration_command (variable_assignment name: (variable_name) @name)) @definition.variable)

(command name: (command_name (word) @name)) @reference.call

((command name: (command_name (word) @_src) . argument: [(word) (string) (raw_string)] @import.module) (#match? @_src "^(source|\\.)$")) @import
