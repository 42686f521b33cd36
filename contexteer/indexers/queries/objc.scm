; Objective-C (on top of c.scm, whose C definitions, calls and includes hold here too): classes, categories,
; protocols, methods named by their first selector keyword (`makeSharedObjectNativeStatePtr:releaser:..` is
; makeSharedObjectNativeStatePtr), properties, message sends, `@import`. An `@implementation` is a definition of kind
; impl named after its class (as a Swift extension is): its methods are Class.method.

(class_interface . (identifier) @name) @definition.class
(class_implementation . (identifier) @name) @definition.impl
(protocol_declaration . (identifier) @name) @definition.interface
(method_declaration . (method_type) . (identifier) @name) @definition.function
(method_declaration . (identifier) @name) @definition.function
(method_definition . (method_type) . (identifier) @name) @definition.function
(method_definition . (identifier) @name) @definition.function
(property_declaration (struct_declaration (struct_declarator [(identifier) @name (pointer_declarator declarator: (identifier) @name)]))) @definition.field

(message_expression method: (identifier) @name) @reference.call
(message_expression receiver: (identifier) @name (#match? @name "^[A-Z]")) @reference.type
(class_interface (identifier) @name) @reference.type
(module_import path: (identifier) @import.module) @import
