; C (and the C subset of C++): definitions, references, includes (capture convention: see languages.py)
; Quoted includes keep their quotes ("\"util.h\""); system includes do not ("stdio.h").

(function_definition declarator: [
  (function_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
  (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))]) @definition.function
(declaration declarator: [
  (function_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))]) @definition.function
; `typedef struct {...} name_t;` is the struct name_t; `typedef struct tag {...} name_t;` is struct tag (with its
; fields) and the type name_t (see extract._symbols: a typedef holds no children)
(type_definition type: [(struct_specifier !name body: (_)) (union_specifier !name body: (_))] declarator: (type_identifier) @name) @definition.struct
(type_definition type: (enum_specifier !name body: (_)) declarator: (type_identifier) @name) @definition.enum
(type_definition declarator: (type_identifier) @name) @definition.type
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.type
; function types: `typedef int handler_t(int);`, `typedef int (*cmp_fn)(...)`, `typedef void *(*alloc_fn)(size_t)`
(type_definition declarator: [
  (function_declarator declarator: (type_identifier) @name)
  (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name))))
  (array_declarator declarator: (type_identifier) @name)]) @definition.type
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(enumerator name: (identifier) @name) @definition.constant
(field_declaration declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)
  (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
  (array_declarator declarator: (array_declarator declarator: (field_identifier) @name))
  (array_declarator declarator: (array_declarator declarator: (array_declarator declarator: (field_identifier) @name)))
  (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))]) @definition.field
; function-pointer members: `int (*open)(struct inode *, struct file *);`, `void *(*alloc)(size_t)`, `void (*ops[4])(void)`
(field_declaration declarator: [
  (function_declarator declarator: (parenthesized_declarator [(pointer_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))]))
  (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))))]) @definition.field
(preproc_def name: (identifier) @name) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.function
(declaration declarator: [(identifier) @name (init_declarator declarator: (identifier) @name)
  (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))
  (init_declarator declarator: (array_declarator declarator: (identifier) @name))
  (init_declarator declarator: (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name)))
  (init_declarator declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @name)))
  (init_declarator declarator: (array_declarator declarator: (array_declarator declarator: (array_declarator declarator: (identifier) @name))))
  (init_declarator declarator: (pointer_declarator declarator: (array_declarator declarator: (identifier) @name)))
  (pointer_declarator declarator: (identifier) @name) (array_declarator declarator: (identifier) @name)
  (pointer_declarator declarator: (pointer_declarator declarator: (identifier) @name))
  (array_declarator declarator: (array_declarator declarator: (identifier) @name))
  (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))]) @definition.variable
; function-pointer variables: `int (*hook)(void);`, `static void (*handlers[8])(int) = {...};`, `void *(*alloc)(size_t)`
(declaration declarator: [
  (function_declarator declarator: (parenthesized_declarator [(pointer_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))]))
  (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator [(pointer_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))])))
  (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))
  (init_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))))]) @definition.variable

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(declaration type: (type_identifier) @name) @reference.type
(parameter_declaration type: (type_identifier) @name) @reference.type
(field_declaration type: (type_identifier) @name) @reference.type
(function_definition type: (type_identifier) @name) @reference.type
(struct_specifier name: (type_identifier) @name !body) @reference.type
(cast_expression type: (type_descriptor type: (type_identifier) @name)) @reference.type
(sizeof_expression type: (type_descriptor type: (type_identifier) @name)) @reference.type

(preproc_include path: (_) @import.module) @import
