; Rust: definitions, references, imports (capture convention: see contexteer/indexers/languages.py)
; `impl Type` / `impl Trait for Type` is a definition of kind impl named after Type: its functions become methods
; of Type (their parent is Type's definition when the file has it). Items inside item-level brace macros
; (`cfg_rt! { ... }`) are unwrapped before the query runs (contexteer/indexers/rust_macros.py).

(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.struct
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(mod_item name: (identifier) @name) @definition.module
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(macro_definition name: (identifier) @name) @definition.function
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
(field_declaration name: (field_identifier) @name) @definition.field
(enum_variant name: (identifier) @name) @definition.constant
(associated_type name: (type_identifier) @name) @definition.type

(impl_item type: [(type_identifier) @name (generic_type type: [(type_identifier) @name (scoped_type_identifier name: (type_identifier) @name)])
  (scoped_type_identifier name: (type_identifier) @name)
  (reference_type type: [(type_identifier) @name (generic_type type: (type_identifier) @name)])]) @definition.impl
; impls for tuples, slices, arrays, the unit type and primitive types (`impl<K, V> Source for (K, V)`, `for [S]`, `for ()`, `for str`, `for &str`),
; the never type, trait objects, pointers and function pointers (`for !`, serde run 355; `for dyn Expected`)
(impl_item type: [(tuple_type) @name (array_type) @name (primitive_type) @name (unit_type) @name
  (never_type) @name (dynamic_type) @name (pointer_type) @name (function_type) @name
  (reference_type type: [(tuple_type) @name (array_type) @name (primitive_type) @name (dynamic_type) @name (scoped_type_identifier name: (type_identifier) @name)])]) @definition.impl

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(generic_function function: (identifier) @name) @reference.call
; a turbofish on a method or a path: `self.build_with_size::<usize, I, P>(p)`, `Vec::with_capacity::<u8>(n)` (aho-corasick run 533
; read the first as "named without a call" and missed the second)
(generic_function function: (field_expression field: (field_identifier) @name)) @reference.call
(generic_function function: (scoped_identifier name: (identifier) @name)) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
; `crate::custom_keyword!(raw)`, `$crate::impl_token!(..)`: an invocation by path
(macro_invocation macro: (scoped_identifier name: (identifier) @name)) @reference.call
; a call inside a macro's token tree: `$crate::max_level()` in a macro_rules! body, `compute()` in `println!("{}", compute())`
((token_tree (identifier) @name . (token_tree) @_args) @reference.call (#match? @_args "^\\("))
(struct_expression name: (type_identifier) @name) @reference.call
; `Type::new()`, `runtime::Runtime::new()`: a use of Type (its path), besides the call of new
(call_expression function: (scoped_identifier path: [(identifier) @name (scoped_identifier name: (identifier) @name)])) @reference.type
(call_expression function: (scoped_identifier path: (generic_type type: (type_identifier) @name))) @reference.type
; `Unsupported::Boolean`, `Ordering::Less =>`, `Self::Kind::X`: a use of the enum (or type) a path names, as a value or a
; pattern (serde run 394: an enum's references had left out its 52 variant paths); a call's is matched above (one row)
((scoped_identifier path: [(identifier) @name (scoped_identifier name: (identifier) @name)]) @reference.type (#match? @name "^[A-Z]"))
((scoped_type_identifier path: [(identifier) @name (scoped_identifier name: (identifier) @name)]) @reference.type (#match? @name "^[A-Z]"))
(impl_item trait: (type_identifier) @name) @reference.type
(impl_item trait: (scoped_type_identifier name: (type_identifier) @name)) @reference.type
(type_arguments (type_identifier) @name) @reference.type
(parameter type: (type_identifier) @name) @reference.type
(parameter type: (reference_type type: (type_identifier) @name)) @reference.type
(function_item return_type: (type_identifier) @name) @reference.type
(field_declaration type: (type_identifier) @name) @reference.type
(generic_type type: (type_identifier) @name) @reference.type
(trait_bounds (type_identifier) @name) @reference.type

(use_declaration argument: (identifier) @import.module) @import
(use_declaration argument: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)) @import
(use_declaration argument: (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name))) @import
(use_declaration argument: (use_as_clause path: (identifier) @import.module)) @import
;; a use tree is captured whole (`crate::{a::B,c::{D,E}}`, whitespace dropped): deps expands it; its names
;; (B, D, E) come from the patterns below, nested up to three lists deep, onto the same statement
(use_declaration argument: (scoped_use_list) @import.module) @import
(use_declaration argument: (scoped_use_list list: (use_list [(identifier) (self) (scoped_identifier) (use_as_clause) (use_wildcard)] @import.name)) @import.module) @import
(use_declaration argument: (scoped_use_list list: (use_list (scoped_use_list list: (use_list [(identifier) (self) (scoped_identifier) (use_as_clause) (use_wildcard)] @import.name)))) @import.module) @import
(use_declaration argument: (scoped_use_list list: (use_list (scoped_use_list list: (use_list (scoped_use_list list: (use_list [(identifier) (self) (scoped_identifier) (use_as_clause) (use_wildcard)] @import.name)))))) @import.module) @import
(use_declaration argument: (use_wildcard (_) @import.module) @import.name) @import
(use_declaration argument: (use_list) @import.module) @import
(use_declaration argument: (use_list [(identifier) (self) (scoped_identifier) (use_as_clause) (use_wildcard)] @import.name) @import.module) @import
(use_declaration argument: (use_list (scoped_use_list list: (use_list [(identifier) (self) (scoped_identifier) (use_as_clause) (use_wildcard)] @import.name))) @import.module) @import
(extern_crate_declaration name: (identifier) @import.module) @import
;; `mod x;` binds its own name: deps tells a module declaration from `use x;` by it
(mod_item !body name: (identifier) @import.module @import.name) @import
