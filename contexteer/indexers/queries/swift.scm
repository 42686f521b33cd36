; Swift: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; An `extension Type` is a definition of kind impl named after Type (as a Rust impl is): its members are Type.member.

(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(class_declaration declaration_kind: "extension" name: (user_type (type_identifier) @name .)) @definition.impl
(protocol_declaration name: (type_identifier) @name) @definition.interface
(function_declaration name: (simple_identifier) @name) @definition.function
; operator functions (`public func ~> <T>(lhs: AnyDynamicType, ...)`, `static func == (lhs: A, rhs: A)`)
(function_declaration name: (custom_operator) @name) @definition.function
(function_declaration name: ["==" "!=" "<" ">" "<=" ">=" "+" "-" "*" "/" "%" "===" "!==" "&&" "||" "+=" "-=" "*=" "/=" "%="] @name) @definition.function
(function_declaration name: (bang) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.function
(init_declaration "init" @name) @definition.function
(deinit_declaration "deinit" @name) @definition.function
(subscript_declaration "subscript" @name) @definition.function
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.variable
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.field
(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type
(enum_entry name: (simple_identifier) @name) @definition.constant
; a macro declaration (`public macro ExpoModule(..) = #externalMacro(..)`): its uses are attributes, `@ExpoModule`
(macro_declaration (simple_identifier) @name) @definition.macro

(call_expression . (simple_identifier) @name) @reference.call
; `!isReady(x)`, `-offset(1)`: the grammar reads the operator as applied to the name, then called
; (never `.failure("bad")`, an implicit member: an enum case, review of stop 56)
(call_expression . (prefix_expression [(bang) "-" "+" "~"] target: (simple_identifier) @name)) @reference.call
(call_expression . (prefix_expression [(bang) "-" "+" "~"] target: (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @name)))) @reference.call
(call_expression . (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call
(inheritance_specifier inherits_from: (user_type (type_identifier) @name)) @reference.type
; a static call names its type (`Conversions.convertFunctionResult(x)`): callers of a static method look for it
((call_expression . (navigation_expression target: (simple_identifier) @name)) (#match? @name "^[A-Z]")) @reference.type
(user_type (type_identifier) @name) @reference.type

(import_declaration (identifier (simple_identifier) (simple_identifier) @import.name .) @import.module) @import
(import_declaration (identifier . (simple_identifier) . ) @import.module) @import
