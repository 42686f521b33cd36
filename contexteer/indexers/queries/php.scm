; PHP: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)

; A namespace is a symbol (kind namespace) that does not qualify the names after or inside it: the index stores
; Cart.add, and contexteer/indexers/qualify.py writes App\Shop\Cart::add when a query or an answer needs it.
(namespace_definition name: (namespace_name) @name) @definition.namespace
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(enum_case name: (name) @name) @definition.constant
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(property_declaration (property_element (variable_name (name) @name))) @definition.field
; a constructor-promoted parameter (`public function __construct(private Foo $foo)`) declares property $foo of the class
; (extract.py nests it in the class, not the constructor; ramsey/uuid run 505)
(property_promotion_parameter name: (variable_name (name) @name)) @definition.field
(const_declaration (const_element (name) @name)) @definition.constant

(function_call_expression function: [(name) (qualified_name)] @name) @reference.call
(member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call
; the class a static call or a class constant is read through (`Helper::formatTime(..)`, `ConsoleOutput::VERBOSITY_NORMAL`):
; a use of that class, and the evidence a static method's callers are looked for by
(scoped_call_expression scope: [(name) (qualified_name)] @name) @reference.type
(class_constant_access_expression . [(name) (qualified_name)] @name) @reference.type
(object_creation_expression [(name) (qualified_name)] @name) @reference.call
(base_clause [(name) (qualified_name)] @name) @reference.type
(class_interface_clause [(name) (qualified_name)] @name) @reference.type
(use_declaration [(name) (qualified_name)] @name) @reference.type
(named_type [(name) (qualified_name)] @name) @reference.type

(namespace_use_declaration (namespace_use_clause (qualified_name prefix: (namespace_name) @import.module (name) @import.name .))) @import
(namespace_use_declaration (namespace_use_clause . (name) @import.module)) @import
(namespace_use_declaration (namespace_name) @import.module body: (namespace_use_group (namespace_use_clause . [(name) (qualified_name)] @import.name))) @import
([(require_expression (string (string_content) @import.module)) (require_once_expression (string (string_content) @import.module))
  (include_expression (string (string_content) @import.module)) (include_once_expression (string (string_content) @import.module))]) @import
([(require_expression (binary_expression right: (string (string_content) @import.module)))
  (require_once_expression (binary_expression right: (string (string_content) @import.module)))
  (include_expression (binary_expression right: (string (string_content) @import.module)))
  (include_once_expression (binary_expression right: (string (string_content) @import.module)))]) @import
