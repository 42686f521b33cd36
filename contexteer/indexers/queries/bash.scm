; Bash / POSIX shell: functions, top-level variables, commands called, sourced files

(function_definition name: (word) @name) @definition.function
(program (variable_assignment name: (variable_name) @name) @definition.variable)
(program (declaration_command (variable_assignment name: (variable_name) @name)) @definition.variable)

(command name: (command_name (word) @name)) @reference.call

((command name: (command_name (word) @_src) . argument: [(word) (string) (raw_string) (concatenation) (simple_expansion) (expansion)] @import.module) (#match? @_src "^(source|\\.)$")) @import

; `complete -F _longopt a2ps awk ...`: the completion function registered for commands is used by name there
((command name: (command_name (word) @_complete) argument: (word) @_flag . argument: (word) @name)
 (#eq? @_complete "complete") (#eq? @_flag "-F")) @reference.call

; `compgen -W '$(_parse_usage "$1")'`, `local ciphers='$(_ssh_query "$1" cipher)'` (compgen -W "$ciphers" later):
; a single-quoted command substitution runs when something expands the word list (compgen, eval)
((raw_string) @name (#match? @name "\\$\\(|`")) @reference.call

; bash-completion's `_xfunc ssh _scp_remote_files` (2.11; `_comp_xfunc` from 2.12): load completions/ssh, then call
; the function, which every distribution's completion scripts use to share helpers
((command name: (command_name (word) @_xfunc) . argument: (word) . argument: (word) @name)
 (#match? @_xfunc "^_(comp_)?xfunc$")) @reference.call

; `local`, `declare`, `export`, `readonly`, `typeset`, `unset` are builtins the grammar reads as keywords: commands
; run like any other (the bash-completion A/B agent missed `local` among a function's builtins)
(declaration_command . ["local" "declare" "typeset" "export" "readonly"] @name) @reference.call
(unset_command . "unset" @name) @reference.call

; `complete -F _ssh ssh slogin`: which function completes which commands, named by the first command (the
; outline of a completion script shows its registrations; search_symbol finds the one for `ssh`)
((command name: (command_name (word) @_complete) argument: (word) @_flag . argument: (word) . argument: (word) @name)
 (#eq? @_complete "complete") (#eq? @_flag "-F") (#match? @name "^[A-Za-z0-9_.+]")) @definition.completion
((command name: (command_name (word) @_complete) argument: (word) @_flag . argument: (word) . argument: (word) @_opt
  . argument: (word) . argument: (word) @name)
 (#eq? @_complete "complete") (#eq? @_flag "-F") (#match? @_opt "^-") (#match? @name "^[A-Za-z0-9_.+]")) @definition.completion

; `$name`, `${name%...}`, `unset name`: uses of a variable (references of `_backup_glob`, which the A/B agent of run
; 42 got as "none")
(simple_expansion (variable_name) @name) @reference.other
(expansion (variable_name) @name) @reference.other
(unset_command (variable_name) @name) @reference.other
