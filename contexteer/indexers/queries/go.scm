; Go: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; A method's receiver type (@receiver) qualifies it: `func (s *Stack[T]) Push` -> Stack.Push.

(function_declaration name: (identifier) @name) @definition.function
(method_declaration receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @receiver
    (pointer_type (type_identifier) @receiver)
    (generic_type type: (type_identifier) @receiver)
    (pointer_type (generic_type type: (type_identifier) @receiver))]))
  name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(field_declaration name: (field_identifier) @name) @definition.field
; an embedded field is named by its type (`*Conn`, `sync.Mutex`, `struct{ DS }`): outlines list it (miekg/dns run 368)
(field_declaration !name type: (type_identifier) @name) @definition.field
(field_declaration !name type: (qualified_type name: (type_identifier) @name)) @definition.field
(method_elem name: (field_identifier) @name) @definition.method
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression field: (field_identifier) @name)) @reference.call
(composite_literal type: (type_identifier) @name) @reference.call
(composite_literal type: (qualified_type name: (type_identifier) @name)) @reference.call
(parameter_declaration type: (type_identifier) @name) @reference.type
(parameter_declaration type: (pointer_type (type_identifier) @name)) @reference.type
(field_declaration type: (type_identifier) @name) @reference.type
(field_declaration type: (pointer_type (type_identifier) @name)) @reference.type
(var_spec type: (type_identifier) @name) @reference.type
(var_spec type: (pointer_type (type_identifier) @name)) @reference.type
(qualified_type name: (type_identifier) @name) @reference.type
(type_arguments (type_elem (type_identifier) @name)) @reference.type
; `x.(actionApplier)`, `case boolFlag, *T:`, results, element and value types (kingpin run 398: an interface used only in
; type assertions had "no references found in the index")
(type_assertion_expression type: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(type_case type: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(function_declaration result: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(method_declaration result: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(slice_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(array_type element: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(map_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type
(map_type key: (type_identifier) @name) @reference.type
(channel_type value: [(type_identifier) @name (pointer_type (type_identifier) @name)]) @reference.type

(import_spec name: (_)? @import.name path: (_) @import.module) @import
