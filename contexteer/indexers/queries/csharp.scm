; C#: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; A namespace is a symbol (kind namespace) that does not qualify the names inside it: the index stores Cart.Add,
; and contexteer/indexers/qualify.py puts the namespace in front (Shop.Core.Cart.Add) when a query or an answer
; needs the full name.

(namespace_declaration name: (_) @name) @definition.namespace
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace

(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(property_declaration name: (identifier) @name) @definition.field
(indexer_declaration "this" @name) @definition.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(enum_member_declaration name: (identifier) @name) @definition.constant

(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (member_access_expression name: (identifier) @name)) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression name: (generic_name (identifier) @name))) @reference.call
; a static call names its class (`ReflectionUtils.IsNullable(t)`): callers of a static method look for it
((invocation_expression function: (member_access_expression expression: (identifier) @name)) (#match? @name "^[A-Z]")) @reference.type
(object_creation_expression type: (identifier) @name) @reference.call
; a property or field read `PythonEngine.DelegateManager.GetDelegate(..)`, `this.count` (the member of a call `x.m()`
; is its call, kept apart); pythonnet run 306: the callers of a property found none of its readers
(member_access_expression name: (identifier) @name) @reference.member
(object_creation_expression type: (generic_name (identifier) @name)) @reference.call
(base_list (identifier) @name) @reference.type
(base_list (generic_name (identifier) @name)) @reference.type
(type_argument_list (identifier) @name) @reference.type
(parameter type: (identifier) @name) @reference.type
(variable_declaration type: (identifier) @name) @reference.type
(variable_declaration type: (generic_name (identifier) @name)) @reference.type
(attribute name: (identifier) @name) @reference.type

(using_directive (identifier) @import.module .) @import
(using_directive (qualified_name qualifier: (_) @import.module name: (identifier) @import.name) .) @import
; `nameof(InvokeMethod)`, `nameof(Cls.Member)`: a reference by name, no call and no use of a type (pythonnet emits IL
; calling the method it names; its references had listed none, A/B run 107)
((invocation_expression function: (identifier) @_f arguments: (argument_list (argument (identifier) @name))) (#eq? @_f "nameof")) @reference.name
((invocation_expression function: (identifier) @_f arguments: (argument_list (argument (member_access_expression name: (identifier) @name)))) (#eq? @_f "nameof")) @reference.name
