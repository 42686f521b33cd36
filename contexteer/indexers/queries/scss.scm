; SCSS on top of css.scm: mixins, functions, placeholders, variables, @use/@forward/@import.

(mixin_statement name: (identifier) @name) @definition.function
(function_statement name: (identifier) @name) @definition.function
(stylesheet (declaration (property_name) @name) @definition.variable)

(include_statement (identifier) @name) @reference.call

(use_statement (string_value) @import.module) @import
(forward_statement (string_value) @import.module) @import
