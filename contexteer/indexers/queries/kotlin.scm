; Kotlin: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; An extension function `fun String.shout()` is qualified by its receiver type (String.shout).

(class_declaration "interface" name: (identifier) @name) @definition.interface
(class_declaration (modifiers (class_modifier "enum")) name: (identifier) @name) @definition.enum
(class_declaration (modifiers (class_modifier "annotation")) name: (identifier) @name) @definition.interface
(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
; a bodiless `annotation class Required` at a file's end parses as an infix expression (expo's records/Required.kt)
((infix_expression . (identifier) @_annotation . (identifier) @_class . (identifier) @name .)
 (#eq? @_annotation "annotation") (#eq? @_class "class")) @definition.interface
(companion_object name: (identifier) @name) @definition.class
; an unnamed one is `Companion` to Kotlin (gesture-handler run 485 found no outline saying where one starts)
(companion_object "companion" @name !name) @definition.class
(function_declaration . (user_type (identifier) @receiver .) . "." name: (identifier) @name) @definition.function
(function_declaration (user_type (identifier) @receiver . (identifier) @name .) name: (MISSING identifier)) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(secondary_constructor "constructor" @name) @definition.function
(property_declaration (modifiers (property_modifier "const")) (variable_declaration (identifier) @name)) @definition.constant
(property_declaration (variable_declaration (identifier) @name)) @definition.variable
(property_declaration (multi_variable_declaration (variable_declaration (identifier) @name))) @definition.variable
(class_parameter ["val" "var"] . (identifier) @name) @definition.field
(type_alias type: (identifier) @name) @definition.type
(enum_entry (identifier) @name) @definition.constant

(call_expression . (identifier) @name) @reference.call
(call_expression . (navigation_expression (identifier) @name .)) @reference.call
; `!isViewAttachedUnderWrapper(view)`, `-compute(3)`: the grammar reads the operator as applied to the name, then
; called (gesture-handler run 485: a callees answer said "complete" without it, and its callers were none)
(call_expression . (unary_expression argument: (identifier) @name)) @reference.call
(constructor_invocation (user_type (identifier) @name .)) @reference.call
(delegation_specifier (user_type (identifier) @name .)) @reference.type
(user_type (identifier) @name .) @reference.type
(annotation (user_type (identifier) @name .)) @reference.type
(navigation_expression . (identifier) @name) @reference.other
; a member read `registry.getModuleHolder(name)?.jsObject` (the member of a call `x.m()` is its call, kept apart)
(navigation_expression (_) (identifier) @name .) @reference.member

((import (qualified_identifier (identifier) @import.name .) @import.module) @import (#not-match? @import "[*]\\s*$"))
(import (qualified_identifier) @import.module "*" @import.name) @import
