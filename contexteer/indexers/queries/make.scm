; Make (GNU make, Automake's Makefile.am): every target of a rule is a definition (`all install-data-hook: prog`
; gives two, a pattern rule `%.o: %.c` one named by its pattern), variables set at the top level or under
; export/override and `define` blocks are variables, `include` lines are imports. A prerequisite and a
; `$(NAME)` are uses. Special targets (`.PHONY`, `.SUFFIXES`) are no definitions.

(makefile (rule (targets (word) @name)) @definition.target (#not-match? @name "^\\.[A-Z]"))
(makefile (variable_assignment name: (word) @name) @definition.variable)
(makefile (export_directive (variable_assignment name: (word) @name)) @definition.variable)
(makefile (override_directive (variable_assignment name: (word) @name)) @definition.variable)
(makefile (define_directive name: (word) @name) @definition.variable)

(prerequisites (word) @name) @reference.other
(variable_reference (word) @name) @reference.other

(include_directive filenames: (list [(word) (variable_reference)] @import.module)) @import
