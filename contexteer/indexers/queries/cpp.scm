; C++ on top of c.scm: classes, methods (in-class and `Type::method` out of class), templates, using
; Namespaces do not qualify names. `Foo::bar` definitions are qualified by their scope (@receiver).

(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
; a template's specialization is a class of the template's name (`template <typename R, typename... Args> class Action<R(Args...)> {`)
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(function_definition declarator: (function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name)) @definition.function
(field_declaration declarator: (function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name)) @definition.method
(declaration declarator: (function_declarator declarator: [(identifier) (destructor_name)] @name)) @definition.function
; in-class methods returning a pointer or a reference (`TestSuite* GetTestSuite(int i) const { ... }`, `Foo& get();`)
(function_definition declarator: [
  (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name) (destructor_name)] @name))
  (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name)))
  (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))]) @definition.function
(field_declaration declarator: [
  (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name))
  (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name)))
  (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))]) @definition.method
; out-of-class methods: `R Foo::bar()`, `T* Foo<T>::bar()`, `Foo& Foo::operator=()`, `void ns::Foo::bar()`,
; `void spdlog::sinks::base_sink<Mutex>::log()` (two namespaces)
(function_definition declarator: [
  (function_declarator declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (destructor_name) (operator_name)] @name))
  (function_declarator declarator: (qualified_identifier scope: (namespace_identifier) name: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (destructor_name) (operator_name)] @name)))
  (function_declarator declarator: (qualified_identifier scope: (namespace_identifier) name: (qualified_identifier scope: (namespace_identifier) name: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (destructor_name) (operator_name)] @name))))
  (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: (namespace_identifier) name: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (operator_name)] @name))))
  (reference_declarator (function_declarator declarator: (qualified_identifier scope: (namespace_identifier) name: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (operator_name)] @name))))
  (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (operator_name)] @name)))
  (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (identifier) @name))))
  (reference_declarator (function_declarator declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: [(identifier) (operator_name)] @name)))]) @definition.method
(alias_declaration name: (type_identifier) @name) @definition.type
(concept_definition name: (identifier) @name) @definition.type
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum

(call_expression function: (qualified_identifier name: (identifier) @name)) @reference.call
; `details::os::localtime(t)`, `spdlog::details::os::now()`: a call through nested namespaces
(call_expression function: (qualified_identifier name: (qualified_identifier name: (identifier) @name))) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))) @reference.call
(call_expression function: (qualified_identifier name: (qualified_identifier name: (template_function name: (identifier) @name)))) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(new_expression type: (type_identifier) @name) @reference.call
(base_class_clause (type_identifier) @name) @reference.type
(template_argument_list (type_descriptor type: (type_identifier) @name)) @reference.type
(template_type name: (type_identifier) @name) @reference.type

(using_declaration (qualified_identifier scope: (_) @import.module name: (identifier) @import.name)) @import

; out-of-class definitions of static data members: `const char* const Foo::kMarker = "...";`, `int Foo<T>::count = 0;`
(declaration declarator: (init_declarator declarator: [
  (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (identifier) @name)
  (pointer_declarator declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (identifier) @name))
  (reference_declarator (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (identifier) @name))])) @definition.variable

; (bench/languages.py --lang cpp, against ctags on googletest and LLVM's ADT/Support/IR headers)
; template specializations and classes defined outside their enclosing class: `template <> struct DenseMapInfo<APInt> {`,
; `class Action<R(Args...)> {`, `class Path::Root {`, `class IntervalMap<KeyT, ValT>::iterator {`
(union_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(class_specifier name: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (type_identifier) @name) body: (_)) @definition.struct
; functions returning a reference, at namespace scope or as member templates (whose name is an identifier):
; `inline const APInt &smax(...) {`, `template <typename T> T &as() const {`, `raw_ostream &dbgs();`,
; `std::ostream& operator<<(std::ostream& os, const TestPartResult& result);`, `DomTreeNodeBase *&back() {`
(function_definition declarator: [
  (reference_declarator (function_declarator declarator: (identifier) @name))
  (pointer_declarator declarator: (reference_declarator (function_declarator declarator: [(field_identifier) (identifier) (operator_name)] @name)))]) @definition.function
(declaration declarator: [
  (function_declarator declarator: (operator_name) @name)
  (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))
  (pointer_declarator declarator: (function_declarator declarator: (operator_name) @name))]) @definition.function
; reference members and typedefs: `raw_ostream &OS;`, `const APFloat *&Res;`, `typedef T& reference;`, and typedefs of
; function types: `typedef std::ostream& (*BasicNarrowIoManip)(std::ostream&);`, `typedef PrimeTable* CreateFunc();`
(field_declaration declarator: [
  (reference_declarator (field_identifier) @name)
  (pointer_declarator declarator: (reference_declarator (field_identifier) @name))]) @definition.field
(type_definition declarator: [
  (reference_declarator (type_identifier) @name)
  (reference_declarator (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name))))
  (pointer_declarator declarator: (function_declarator declarator: (type_identifier) @name))
  (function_declarator declarator: (parenthesized_declarator (type_identifier) @name))]) @definition.type
; out-of-class definitions of static data members without an initializer: `std::string DeathTest::last_message_;`
(declaration declarator: [
  (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (identifier) @name)
  (pointer_declarator declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (identifier) @name))]) @definition.variable

; conversion operators (`explicit operator bool() const`, `A::operator std::string() const`): named `operator bool`
(function_definition declarator: (operator_cast) @name) @definition.function
(declaration declarator: (operator_cast) @name) @definition.method
(field_declaration declarator: (operator_cast) @name) @definition.method
(function_definition declarator: (qualified_identifier scope: [(namespace_identifier) (template_type name: (type_identifier))] @receiver name: (operator_cast) @name)) @definition.method
