; CSS (and SCSS, which adds scss.scm): each selector of a rule is a definition named by its text (as ctags
; does), custom properties are variables, @keyframes and @import (capture convention: see
; contexteer/indexers/languages.py). Nested rules (SCSS) are qualified with a space: `.btn .icon`.

(rule_set (selectors (_) @name)) @definition.class
(keyframes_statement (keyframes_name) @name) @definition.constant
(stylesheet (rule_set (selectors (pseudo_class_selector (class_name) @_root)) (block (declaration (property_name) @name) @definition.variable)) (#eq? @_root "root"))

(call_expression (function_name) @name) @reference.call
(class_selector (class_name) @name) @reference.other

(import_statement (string_value) @import.module) @import
(import_statement (call_expression (function_name) @_url (arguments (string_value) @import.module)) (#eq? @_url "url")) @import
