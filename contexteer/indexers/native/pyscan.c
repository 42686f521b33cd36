/*
 * contexteer.indexers._pyscan: Python definitions, references and imports in one native pass.
 *
 * The query path (queries/python.scm + extract.py) costs ~0.8x a parse on top of the parse: the query
 * cursor visits every node and then Python reads each capture through the binding. This module parses
 * with the tree-sitter runtime and walks the tree once, recognising the same shapes as python.scm, and
 * returns plain tuples. It must give exactly what the query path gives (tests/test_native_scan.py checks
 * every file of the standard library); extract.py turns the tuples into rows with the shared code.
 *
 * scan(language_capsule, data: bytes, timeout: float) -> None (time limit reached) or
 *   (has_error: bool,
 *    defs:    [(kind, name: bytes, node_start, node_end, ostart, oend, start_line, end_line,
 *               sig_start, sig_end, sig_mode, doc: bytes | None)],
 *    calls:   {name: bytes -> [line, ...]},
 *    types:   {name: bytes -> [line, ...]},
 *    imports: [(statement_start, line, future: bool, module: bytes | None, name: bytes | None)])
 *
 * kind: 0 class, 1 function, 2 variable (module level), 3 field (class level).
 * sig_mode (extract.signature_text): 0 a value's first line of data[sig_start:node_end]; 1 the header,
 *           data[sig_start:node_end][:sig_end - sig_start]; 2 the first line of data[sig_start:node_end].
 * A timeout <= 0 parses without the time check (the build's workers run under a process watchdog).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "tree_sitter/api.h"

typedef struct {
    const TSLanguage *language;
    TSSymbol module, class_definition, function_definition, decorated_definition, expression_statement,
        assignment, block, identifier, call, attribute, decorator, type, generic_type, argument_list,
        except_clause, import_statement, import_from_statement, future_import_statement, dotted_name,
        aliased_import, wildcard_import, string, string_content, comment;
    TSFieldId f_name, f_body, f_left, f_function, f_attribute, f_superclasses, f_module_name;
    /* node types that end a signature's search for its start (decorators, comments) */
    TSSymbol skip_sig[8];
    int n_skip_sig;
} Symbols;

static Symbols S;

static TSSymbol sym(const TSLanguage *lang, const char *name, bool named) {
    return ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), named);
}

static TSFieldId fld(const TSLanguage *lang, const char *name) {
    return ts_language_field_id_for_name(lang, name, (uint32_t)strlen(name));
}

static int load_symbols(const TSLanguage *lang) {
    if (S.language == lang)
        return 0;
    Symbols s;
    memset(&s, 0, sizeof s);
    s.language = lang;
#define NEED(var, name)                                                                              \
    if (!(s.var = sym(lang, name, true))) {                                                          \
        PyErr_Format(PyExc_ValueError, "this grammar has no '%s' node: not the Python grammar", name); \
        return -1;                                                                                   \
    }
    NEED(module, "module") NEED(class_definition, "class_definition") NEED(function_definition, "function_definition")
    NEED(decorated_definition, "decorated_definition") NEED(expression_statement, "expression_statement")
    NEED(assignment, "assignment") NEED(block, "block") NEED(identifier, "identifier") NEED(call, "call")
    NEED(attribute, "attribute") NEED(decorator, "decorator") NEED(type, "type") NEED(generic_type, "generic_type")
    NEED(argument_list, "argument_list") NEED(except_clause, "except_clause") NEED(import_statement, "import_statement")
    NEED(import_from_statement, "import_from_statement") NEED(future_import_statement, "future_import_statement")
    NEED(dotted_name, "dotted_name") NEED(aliased_import, "aliased_import") NEED(wildcard_import, "wildcard_import")
    NEED(string, "string") NEED(string_content, "string_content") NEED(comment, "comment")
#undef NEED
#define NEEDF(var, name)                                                                              \
    if (!(s.var = fld(lang, name))) {                                                                 \
        PyErr_Format(PyExc_ValueError, "this grammar has no '%s' field: not the Python grammar", name); \
        return -1;                                                                                    \
    }
    NEEDF(f_name, "name") NEEDF(f_body, "body") NEEDF(f_left, "left") NEEDF(f_function, "function")
    NEEDF(f_attribute, "attribute") NEEDF(f_superclasses, "superclasses") NEEDF(f_module_name, "module_name")
#undef NEEDF
    /* extract._SKIP_IN_SIGNATURE: the ones this grammar has */
    const char *skips[] = {"decorator", "attribute_item", "attribute_list", "annotation", "marker_annotation",
                           "comment", "line_comment", "block_comment"};
    for (size_t i = 0; i < sizeof skips / sizeof *skips; i++) {
        TSSymbol k = sym(lang, skips[i], true);
        if (k)
            s.skip_sig[s.n_skip_sig++] = k;
    }
    S = s;
    return 0;
}

static bool skips_signature(TSSymbol k) {
    for (int i = 0; i < S.n_skip_sig; i++)
        if (S.skip_sig[i] == k)
            return true;
    return false;
}

/* ---- output ------------------------------------------------------------------------------------ */

typedef struct {
    const char *data;
    PyObject *defs, *calls, *types, *imports;
    TSTreeCursor kids; /* reused to iterate one node's children */
} Out;

static PyObject *bytes_of(const Out *o, TSNode n) {
    uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
    return PyBytes_FromStringAndSize(o->data + a, b > a ? (Py_ssize_t)(b - a) : 0);
}

/* dict[name bytes] -> list of 1-based lines */
static int add_ref(Out *o, PyObject *dict, TSNode name) {
    PyObject *key = bytes_of(o, name);
    if (!key)
        return -1;
    PyObject *line = PyLong_FromUnsignedLong(ts_node_start_point(name).row + 1);
    if (!line) {
        Py_DECREF(key);
        return -1;
    }
    PyObject *lines = PyDict_GetItemWithError(dict, key); /* borrowed */
    int rc;
    if (lines) {
        rc = PyList_Append(lines, line);
    } else if (PyErr_Occurred()) {
        rc = -1;
    } else {
        lines = PyList_New(1);
        if (!lines) {
            rc = -1;
        } else {
            Py_INCREF(line);
            PyList_SET_ITEM(lines, 0, line);
            rc = PyDict_SetItem(dict, key, lines);
            Py_DECREF(lines);
        }
    }
    Py_DECREF(line);
    Py_DECREF(key);
    return rc;
}

/* `identifier` -> itself; `attribute` whose attribute is an identifier -> that; else a null node */
static TSNode plain_or_attribute_name(TSNode n) {
    TSSymbol k = ts_node_symbol(n);
    if (k == S.identifier)
        return n;
    if (k == S.attribute) {
        TSNode a = ts_node_child_by_field_id(n, S.f_attribute);
        if (!ts_node_is_null(a) && ts_node_symbol(a) == S.identifier)
            return a;
    }
    TSNode none;
    memset(&none, 0, sizeof none);
    return none;
}

/* The first line and one past the last line of a node (extract._lines). */
static void lines_of(TSNode n, unsigned long *start, unsigned long *end) {
    TSPoint a = ts_node_start_point(n), b = ts_node_end_point(n);
    *start = a.row + 1;
    *end = (b.column == 0 && b.row > a.row) ? b.row : b.row + 1;
}

/* extract._body: the `body` field, else the first named child that is a block */
static TSNode body_of(TSNode n) {
    TSNode b = ts_node_child_by_field_id(n, S.f_body);
    if (!ts_node_is_null(b))
        return b;
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; i++) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) == S.block)
            return c;
    }
    return b;
}

/* extract._doc for docstring languages: the string_content of a string opening the body */
static PyObject *docstring(Out *o, TSNode body) {
    if (ts_node_is_null(body) || ts_node_named_child_count(body) == 0)
        Py_RETURN_NONE;
    TSNode first = ts_node_named_child(body, 0);
    if (ts_node_symbol(first) != S.expression_statement || ts_node_named_child_count(first) == 0)
        Py_RETURN_NONE;
    TSNode str = ts_node_named_child(first, 0);
    if (ts_node_symbol(str) != S.string)
        Py_RETURN_NONE;
    uint32_t count = ts_node_named_child_count(str);
    Py_ssize_t size = 0;
    for (uint32_t i = 0; i < count; i++) {
        TSNode c = ts_node_named_child(str, i);
        if (ts_node_symbol(c) == S.string_content)
            size += ts_node_end_byte(c) - ts_node_start_byte(c);
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, size);
    if (!out)
        return NULL;
    char *w = PyBytes_AS_STRING(out);
    for (uint32_t i = 0; i < count; i++) {
        TSNode c = ts_node_named_child(str, i);
        if (ts_node_symbol(c) == S.string_content) {
            uint32_t a = ts_node_start_byte(c), b = ts_node_end_byte(c);
            memcpy(w, o->data + a, b - a);
            w += b - a;
        }
    }
    return out;
}

/* One definition (extract._outer, _symbols' line range, signature's byte range and _doc). */
static int add_def(Out *o, int kind, TSNode node, TSNode name, TSNode parent) {
    TSNode outer = node;
    if (!ts_node_is_null(parent) && ts_node_symbol(parent) == S.decorated_definition) {
        /* a wrapper counts unless it groups several definitions of this type (it never does in Python) */
        TSSymbol k = ts_node_symbol(node);
        uint32_t count = ts_node_named_child_count(parent), same = 0;
        for (uint32_t i = 0; i < count; i++)
            same += ts_node_symbol(ts_node_named_child(parent, i)) == k;
        if (same <= 1)
            outer = parent;
    }
    uint32_t nstart = ts_node_start_byte(node), start = nstart;
    if (!ts_node_eq(outer, node)) {
        uint32_t count = ts_node_child_count(outer);
        for (uint32_t i = 0; i < count; i++) {
            TSNode c = ts_node_child(outer, i);
            if (!skips_signature(ts_node_symbol(c))) {
                uint32_t cs = ts_node_start_byte(c);
                start = cs < nstart ? cs : nstart;
                break;
            }
        }
    }
    if (start == nstart) {
        uint32_t count = ts_node_child_count(node);
        for (uint32_t i = 0; i < count; i++) {
            TSNode c = ts_node_child(node, i);
            if (!skips_signature(ts_node_symbol(c))) {
                start = ts_node_start_byte(c);
                break;
            }
        }
    }
    bool value = kind >= 2;
    TSNode body = body_of(node);
    uint32_t nend = ts_node_end_byte(node), sig_end = nend;
    int mode = 0;
    if (!value) {
        mode = 2;
        if (!ts_node_is_null(body) && ts_node_start_byte(body) > nstart) {
            uint32_t bstart = ts_node_start_byte(body), end = nstart;
            uint32_t count = ts_node_child_count(node);
            for (uint32_t i = 0; i < count; i++) {
                TSNode c = ts_node_child(node, i);
                if (ts_node_start_byte(c) >= bstart)
                    break;
                if (ts_node_symbol(c) != S.comment)
                    end = ts_node_end_byte(c);
            }
            sig_end = end;
            mode = 1;
        }
    }
    unsigned long first, last;
    lines_of(outer, &first, &last);
    PyObject *doc = docstring(o, body);
    if (!doc)
        return -1;
    PyObject *name_bytes = bytes_of(o, name);
    if (!name_bytes) {
        Py_DECREF(doc);
        return -1;
    }
    PyObject *row = Py_BuildValue("(iNIIIIkkIIiN)", kind, name_bytes, nstart, nend, ts_node_start_byte(outer),
                                  ts_node_end_byte(outer), first, last, start, sig_end, mode, doc);
    if (!row)
        return -1;
    int rc = PyList_Append(o->defs, row);
    Py_DECREF(row);
    return rc;
}

static int add_import(Out *o, TSNode stmt, bool future, TSNode module, TSNode name) {
    PyObject *mod = ts_node_is_null(module) ? (Py_INCREF(Py_None), Py_None) : bytes_of(o, module);
    if (!mod)
        return -1;
    PyObject *nm = ts_node_is_null(name) ? (Py_INCREF(Py_None), Py_None) : bytes_of(o, name);
    if (!nm) {
        Py_DECREF(mod);
        return -1;
    }
    PyObject *row = Py_BuildValue("(IkONN)", ts_node_start_byte(stmt), (unsigned long)ts_node_start_point(stmt).row + 1,
                                  future ? Py_True : Py_False, mod, nm);
    if (!row)
        return -1;
    int rc = PyList_Append(o->imports, row);
    Py_DECREF(row);
    return rc;
}

/* Iterate `n`'s children with the shared cursor: for (c = first(o, n); ok; c = next(o)) */
static bool first_child(Out *o, TSNode n) {
    ts_tree_cursor_reset(&o->kids, n);
    return ts_tree_cursor_goto_first_child(&o->kids);
}

static TSNode kid(Out *o) { return ts_tree_cursor_current_node(&o->kids); }
static TSFieldId kid_field(Out *o) { return ts_tree_cursor_current_field_id(&o->kids); }
static bool next_kid(Out *o) { return ts_tree_cursor_goto_next_sibling(&o->kids); }

/* `import a.b, c as d`: one import per name */
static int visit_import(Out *o, TSNode n) {
    /* collect first: the shared cursor is not reentrant and add_import does not use it, but
       child_by_field_id below does not either; iterate directly */
    if (!first_child(o, n))
        return 0;
    do {
        if (kid_field(o) != S.f_name)
            continue;
        TSNode c = kid(o), none;
        memset(&none, 0, sizeof none);
        TSSymbol k = ts_node_symbol(c);
        if (k == S.aliased_import) {
            c = ts_node_child_by_field_id(c, S.f_name);
            if (ts_node_is_null(c))
                continue;
            k = ts_node_symbol(c);
        }
        if (k == S.dotted_name && add_import(o, n, false, c, none) < 0)
            return -1;
    } while (next_kid(o));
    return 0;
}

/* `from m import a, b as c` / `from m import *` / `from __future__ import x` */
static int visit_from_import(Out *o, TSNode n, bool future) {
    TSNode module;
    memset(&module, 0, sizeof module);
    if (!future) {
        module = ts_node_child_by_field_id(n, S.f_module_name);
        if (ts_node_is_null(module) || !ts_node_is_named(module))
            return 0;
    }
    if (!first_child(o, n))
        return 0;
    do {
        TSNode c = kid(o);
        TSSymbol k = ts_node_symbol(c);
        if (kid_field(o) == S.f_name) {
            if (k == S.aliased_import && !future) {
                c = ts_node_child_by_field_id(c, S.f_name);
                if (ts_node_is_null(c))
                    continue;
                k = ts_node_symbol(c);
            }
            if (k == S.dotted_name && add_import(o, n, future, module, c) < 0)
                return -1;
        } else if (k == S.wildcard_import && !future) {
            if (add_import(o, n, false, module, c) < 0)
                return -1;
        }
    } while (next_kid(o));
    return 0;
}

/* ---- the walk ---------------------------------------------------------------------------------- */

typedef struct {
    TSSymbol symbol;
    TSNode node;
} Frame;

static int visit(Out *o, const Frame *stack, size_t depth) {
    const Frame *f = &stack[depth];
    TSNode n = f->node;
    TSSymbol k = f->symbol;
    TSNode none;
    memset(&none, 0, sizeof none);
    TSNode parent = depth ? stack[depth - 1].node : none;
    if (k == S.call) {
        TSNode fn = ts_node_child_by_field_id(n, S.f_function);
        if (!ts_node_is_null(fn)) {
            TSNode name = plain_or_attribute_name(fn);
            if (!ts_node_is_null(name) && add_ref(o, o->calls, name) < 0)
                return -1;
        }
    } else if (k == S.identifier) {
        return 0;
    } else if (k == S.class_definition || k == S.function_definition) {
        TSNode name = ts_node_child_by_field_id(n, S.f_name);
        if (!ts_node_is_null(name) && ts_node_symbol(name) == S.identifier
                && add_def(o, k == S.class_definition ? 0 : 1, n, name, parent) < 0)
            return -1;
        if (k == S.class_definition) {
            TSNode bases = ts_node_child_by_field_id(n, S.f_superclasses);
            if (!ts_node_is_null(bases) && ts_node_symbol(bases) == S.argument_list && first_child(o, bases)) {
                do {
                    TSNode name = plain_or_attribute_name(kid(o));
                    if (!ts_node_is_null(name) && add_ref(o, o->types, name) < 0)
                        return -1;
                } while (next_kid(o));
            }
        }
    } else if (k == S.expression_statement && depth >= 1) {
        int kind = -1;
        if (stack[depth - 1].symbol == S.module)
            kind = 2;
        else if (stack[depth - 1].symbol == S.block && depth >= 2 && stack[depth - 2].symbol == S.class_definition
                 && ts_node_eq(ts_node_child_by_field_id(stack[depth - 2].node, S.f_body), stack[depth - 1].node))
            kind = 3;
        if (kind >= 0 && first_child(o, n)) {
            /* collect the assignments first: add_def does not use the shared cursor, but keep it simple */
            do {
                TSNode c = kid(o);
                if (ts_node_symbol(c) != S.assignment)
                    continue;
                TSNode left = ts_node_child_by_field_id(c, S.f_left);
                if (!ts_node_is_null(left) && ts_node_symbol(left) == S.identifier && add_def(o, kind, c, left, n) < 0)
                    return -1;
            } while (next_kid(o));
        }
    } else if (k == S.decorator) {
        /* `(call function: (identifier))` under a decorator is also a call: the call rule records it */
        if (first_child(o, n)) {
            do {
                TSNode name = plain_or_attribute_name(kid(o));
                if (!ts_node_is_null(name) && add_ref(o, o->calls, name) < 0)
                    return -1;
            } while (next_kid(o));
        }
    } else if (k == S.type) {
        if (first_child(o, n)) {
            do {
                TSNode name = plain_or_attribute_name(kid(o));
                if (!ts_node_is_null(name) && add_ref(o, o->types, name) < 0)
                    return -1;
            } while (next_kid(o));
        }
    } else if (k == S.generic_type || k == S.except_clause) {
        if (first_child(o, n)) {
            do {
                TSNode c = kid(o);
                if (ts_node_symbol(c) == S.identifier && add_ref(o, o->types, c) < 0)
                    return -1;
            } while (next_kid(o));
        }
    } else if (k == S.import_statement) {
        return visit_import(o, n);
    } else if (k == S.import_from_statement) {
        return visit_from_import(o, n, false);
    } else if (k == S.future_import_statement) {
        return visit_from_import(o, n, true);
    }
    return 0;
}

/* The assignment rule above passes the expression_statement as `parent` of the assignment: an
   assignment is never decorated, so add_def only needs to know it is not a decorated_definition. */

static int walk(Out *o, TSTree *tree) {
    TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
    size_t cap = 256, depth = 0;
    Frame *stack = PyMem_Malloc(cap * sizeof *stack);
    if (!stack) {
        ts_tree_cursor_delete(&c);
        PyErr_NoMemory();
        return -1;
    }
    stack[0].node = ts_tree_cursor_current_node(&c);
    stack[0].symbol = ts_node_symbol(stack[0].node);
    int rc = 0;
    for (;;) {
        if (visit(o, stack, depth) < 0) {
            rc = -1;
            break;
        }
        if (ts_tree_cursor_goto_first_child(&c)) {
            if (++depth == cap) {
                cap *= 2;
                Frame *grown = PyMem_Realloc(stack, cap * sizeof *stack);
                if (!grown) {
                    PyErr_NoMemory();
                    rc = -1;
                    break;
                }
                stack = grown;
            }
        } else {
            while (!ts_tree_cursor_goto_next_sibling(&c)) {
                if (!depth || !ts_tree_cursor_goto_parent(&c))
                    goto done;
                depth--;
            }
        }
        stack[depth].node = ts_tree_cursor_current_node(&c);
        stack[depth].symbol = ts_node_symbol(stack[depth].node);
    }
done:
    PyMem_Free(stack);
    ts_tree_cursor_delete(&c);
    return rc;
}

/* ---- parse with a time limit ------------------------------------------------------------------- */

typedef struct {
    const char *buf;
    uint32_t len;
    struct timespec deadline;
    bool expired;
} Source;

static const char *read_source(void *payload, uint32_t byte, TSPoint point, uint32_t *read) {
    const Source *src = payload;
    (void)point;
    if (byte >= src->len) {
        *read = 0;
        return "";
    }
    *read = src->len - byte;
    return src->buf + byte;
}

static bool past_deadline(TSParseState *state) {
    Source *src = state->payload;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > src->deadline.tv_sec || (now.tv_sec == src->deadline.tv_sec && now.tv_nsec > src->deadline.tv_nsec))
        src->expired = true;
    return src->expired;
}

static TSTree *parse(TSParser *parser, const char *buf, uint32_t len, double timeout) {
    if (timeout <= 0)
        return ts_parser_parse_string(parser, NULL, buf, len);
    Source src = {buf, len, {0, 0}, false};
    clock_gettime(CLOCK_MONOTONIC, &src.deadline);
    time_t whole = (time_t)timeout;
    src.deadline.tv_sec += whole;
    src.deadline.tv_nsec += (long)((timeout - (double)whole) * 1e9);
    if (src.deadline.tv_nsec >= 1000000000L) {
        src.deadline.tv_sec += 1;
        src.deadline.tv_nsec -= 1000000000L;
    }
    TSInput input = {&src, read_source, TSInputEncodingUTF8, NULL};
    TSParseOptions options = {&src, past_deadline};
    return ts_parser_parse_with_options(parser, NULL, input, options);
}

static PyObject *scan(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_buffer data;
    double timeout;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy*d", &capsule, &data, &timeout))
        return NULL;
    const TSLanguage *lang = PyCapsule_GetPointer(capsule, "tree_sitter.Language");
    if (!lang || load_symbols(lang) < 0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    if (data.len > (Py_ssize_t)UINT32_MAX) {
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError, "a file of 4 GiB or more cannot be parsed");
        return NULL;
    }
    TSParser *parser = ts_parser_new();
    if (!ts_parser_set_language(parser, lang)) {
        ts_parser_delete(parser);
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError, "the Python grammar's version is not supported by this tree-sitter runtime");
        return NULL;
    }
    /* With the GIL held: the runtime allocates through pymalloc (see PyInit__pyscan), as the tree_sitter
       binding's parse does, which is ~10% faster than malloc for its many small nodes. */
    TSTree *tree = parse(parser, data.buf, (uint32_t)data.len, timeout);
    ts_parser_delete(parser);
    if (!tree) {  /* the time limit was reached */
        PyBuffer_Release(&data);
        Py_RETURN_NONE;
    }
    TSNode root = ts_tree_root_node(tree);
    Out o = {data.buf, PyList_New(0), PyDict_New(), PyDict_New(), PyList_New(0), ts_tree_cursor_new(root)};
    PyObject *result = NULL;
    if (o.defs && o.calls && o.types && o.imports && walk(&o, tree) == 0)
        result = Py_BuildValue("(OOOOO)", ts_node_has_error(root) ? Py_True : Py_False, o.defs, o.calls, o.types,
                               o.imports);
    Py_XDECREF(o.defs);
    Py_XDECREF(o.calls);
    Py_XDECREF(o.types);
    Py_XDECREF(o.imports);
    ts_tree_cursor_delete(&o.kids);
    ts_tree_delete(tree);
    PyBuffer_Release(&data);
    return result;
}

/* parse(language, data) -> has_error: the parse alone, for the benchmark's breakdown */
static PyObject *parse_only(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_buffer data;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy*", &capsule, &data))
        return NULL;
    const TSLanguage *lang = PyCapsule_GetPointer(capsule, "tree_sitter.Language");
    if (!lang) {
        PyBuffer_Release(&data);
        return NULL;
    }
    TSParser *parser = ts_parser_new();
    TSTree *tree = NULL;
    if (ts_parser_set_language(parser, lang))
        tree = ts_parser_parse_string(parser, NULL, data.buf, (uint32_t)data.len);
    ts_parser_delete(parser);
    PyBuffer_Release(&data);
    if (!tree) {
        PyErr_SetString(PyExc_ValueError, "the grammar's version is not supported by this tree-sitter runtime");
        return NULL;
    }
    bool error = ts_node_has_error(ts_tree_root_node(tree));
    ts_tree_delete(tree);
    return PyBool_FromLong(error);
}

static PyMethodDef methods[] = {
    {"parse", parse_only, METH_VARARGS, "parse(language, data) -> has_error: the parse alone (for benchmarks)"},
    {"scan", scan, METH_VARARGS,
     "scan(language, data, timeout) -> (has_error, defs, calls, types, imports), or None past the time limit"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_pyscan",
                                    "Python definitions, references and imports in one native pass.", -1, methods};

PyMODINIT_FUNC PyInit__pyscan(void) {
    /* This module's own copy of the runtime allocates through pymalloc: every call holds the GIL. */
    ts_set_allocator(PyMem_Malloc, PyMem_Calloc, PyMem_Realloc, PyMem_Free);
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "LANGUAGE_VERSION", TREE_SITTER_LANGUAGE_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
