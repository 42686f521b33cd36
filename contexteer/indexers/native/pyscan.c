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
 *    symbols: [(name, qualname, kind, start_line, end_line, signature | None, docstring | None, exported,
 *               parent row)]   the rows of extract._symbols, but a docstring's whole text, not its first line,
 *                              and no signature when its bytes are not ASCII,
 *    fixes:   [(row, (sig_start, node_end, sig_end, sig_mode) | None)]   rows to finish in Python: a
 *               signature span for extract.signature_text, or None (only the docstring's first line),
 *    refs:    [(name, kind, "line,line,...", count)]   calls and types, as extract._finish makes them,
 *    imports: [(statement_start, line, future: bool, module: bytes | None, name: bytes | None)])
 * A timeout <= 0 parses without the time check (the build's workers run under a process watchdog).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "tree_sitter/api.h"
/* The runtime's own headers (its source is compiled into this module, at the version setup.py pins):
   the walk reads subtrees directly. */
#include "language.h"
#include "length.h"
#include "subtree.h"
#include "tree.h"

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
    uint8_t *visits; /* per symbol: 1 when visit() looks at nodes of that type */
    uint32_t nsymbols;
} Symbols;

/* One table per grammar seen (never freed: a call's table stays valid even if another thread's call,
   run while this one let the GIL go inside an allocation, loads another grammar); each call points its
   thread at its own. */
#define MAX_GRAMMARS 8
static Symbols *tables[MAX_GRAMMARS];
static _Thread_local const Symbols *S;

static TSSymbol sym(const TSLanguage *lang, const char *name, bool named) {
    return ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), named);
}

static TSFieldId fld(const TSLanguage *lang, const char *name) {
    return ts_language_field_id_for_name(lang, name, (uint32_t)strlen(name));
}

static int load_symbols(const TSLanguage *lang) {
    int slot = 0;
    for (; slot < MAX_GRAMMARS && tables[slot]; slot++)
        if (tables[slot]->language == lang) {
            S = tables[slot];
            return 0;
        }
    if (slot == MAX_GRAMMARS) {
        PyErr_SetString(PyExc_ValueError, "too many different grammars were given to the Python scanner");
        return -1;
    }
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
    s.nsymbols = ts_language_symbol_count(lang);
    s.visits = PyMem_Calloc(s.nsymbols ? s.nsymbols : 1, 1);
    if (!s.visits) {
        PyErr_NoMemory();
        return -1;
    }
    TSSymbol visited[] = {s.call, s.class_definition, s.function_definition, s.expression_statement, s.decorator,
                          s.type, s.generic_type, s.except_clause, s.import_statement, s.import_from_statement,
                          s.future_import_statement};
    for (size_t i = 0; i < sizeof visited / sizeof *visited; i++)
        if (visited[i] < s.nsymbols)
            s.visits[visited[i]] = 1;
    Symbols *table = PyMem_Malloc(sizeof *table);
    if (!table) {
        PyMem_Free(s.visits);
        PyErr_NoMemory();
        return -1;
    }
    *table = s;
    tables[slot] = table;
    S = table;
    return 0;
}

static bool skips_signature(TSSymbol k) {
    for (int i = 0; i < S->n_skip_sig; i++)
        if (S->skip_sig[i] == k)
            return true;
    return false;
}

/* ---- output ------------------------------------------------------------------------------------ */

/* A definition as the walk finds it; finish_defs nests them into rows (extract._symbols). */
typedef struct {
    int kind; /* K_* */
    uint32_t name_start, name_end, nstart, nend, ostart, oend, sig_start, sig_end;
    unsigned long first, last; /* line range of the outer node */
    int mode;                  /* signature mode (SIG_*) */
    PyObject *doc;             /* docstring text (str) or NULL */
    PyObject *name;            /* str, set by finish_defs */
    Py_ssize_t order;  /* position in the walk: ties in the sort keep it */
    Py_ssize_t parent; /* index of the enclosing definition in finish_defs' sorted order, or -1 */
} Def;

enum { K_CLASS, K_FUNCTION, K_VARIABLE, K_FIELD, K_METHOD, K_CONSTANT, K_DROP };

typedef struct {
    const char *data;
    Def *defs;
    Py_ssize_t ndefs, capdefs;
    PyObject *calls, *types, *imports;
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

static const TSNode NO_NODE; /* all zero: ts_node_is_null */

/* `identifier` -> itself; `attribute` whose attribute is an identifier -> that; else a null node */
static TSNode plain_or_attribute_name(TSNode n) {
    TSSymbol k = ts_node_symbol(n);
    if (k == S->identifier)
        return n;
    if (k == S->attribute) {
        TSNode a = ts_node_child_by_field_id(n, S->f_attribute);
        if (!ts_node_is_null(a) && ts_node_symbol(a) == S->identifier)
            return a;
    }
    return NO_NODE;
}

/* The first line and one past the last line of a node (extract._lines). */
static void lines_of(TSNode n, unsigned long *start, unsigned long *end) {
    TSPoint a = ts_node_start_point(n), b = ts_node_end_point(n);
    *start = a.row + 1;
    *end = (b.column == 0 && b.row > a.row) ? b.row : b.row + 1;
}

/* extract._body: the `body` field, else the first named child that is a block */
static TSNode body_of(TSNode n) {
    TSNode b = ts_node_child_by_field_id(n, S->f_body);
    if (!ts_node_is_null(b))
        return b;
    uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; i++) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) == S->block)
            return c;
    }
    return b;
}

/* extract._doc for docstring languages: the string_content of a string opening the body */
static PyObject *docstring(Out *o, TSNode body) {
    if (ts_node_is_null(body) || ts_node_named_child_count(body) == 0)
        Py_RETURN_NONE;
    TSNode first = ts_node_named_child(body, 0);
    if (ts_node_symbol(first) != S->expression_statement || ts_node_named_child_count(first) == 0)
        Py_RETURN_NONE;
    TSNode str = ts_node_named_child(first, 0);
    if (ts_node_symbol(str) != S->string)
        Py_RETURN_NONE;
    /* extract._python_string: each string_content decoded on its own, then joined (an f-string's parts
       around an interpolation: a byte sequence cut there decodes as the query path decodes it) */
    PyObject *parts = PyList_New(0);
    if (!parts)
        return NULL;
    uint32_t count = ts_node_named_child_count(str);
    for (uint32_t i = 0; i < count; i++) {
        TSNode c = ts_node_named_child(str, i);
        if (ts_node_symbol(c) != S->string_content)
            continue;
        uint32_t a = ts_node_start_byte(c), b = ts_node_end_byte(c);
        PyObject *part = PyUnicode_DecodeUTF8(o->data + a, (Py_ssize_t)(b - a), "replace");
        if (!part || PyList_Append(parts, part) < 0) {
            Py_XDECREF(part);
            Py_DECREF(parts);
            return NULL;
        }
        Py_DECREF(part);
    }
    PyObject *empty = PyUnicode_FromStringAndSize(NULL, 0);
    PyObject *out = empty ? PyUnicode_Join(empty, parts) : NULL;
    Py_XDECREF(empty);
    Py_DECREF(parts);
    return out;
}

/* One definition (extract._outer, _symbols' line range, signature's byte range and _doc). */
static int add_def(Out *o, int kind, TSNode node, TSNode name, TSNode parent) {
    TSNode outer = node;
    if (!ts_node_is_null(parent) && ts_node_symbol(parent) == S->decorated_definition) {
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
    bool value = kind == K_VARIABLE || kind == K_FIELD;
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
                if (ts_node_symbol(c) != S->comment)
                    end = ts_node_end_byte(c);
            }
            sig_end = end;
            mode = 1;
        }
    }
    PyObject *doc = docstring(o, body);
    if (!doc)
        return -1;
    if (doc == Py_None) {
        Py_DECREF(doc);
        doc = NULL;
    }
    if (o->ndefs == o->capdefs) {
        Py_ssize_t cap = o->capdefs ? o->capdefs * 2 : 64;
        Def *grown = PyMem_Realloc(o->defs, (size_t)cap * sizeof *grown);
        if (!grown) {
            Py_XDECREF(doc);
            PyErr_NoMemory();
            return -1;
        }
        o->defs = grown;
        o->capdefs = cap;
    }
    Def *d = &o->defs[o->ndefs];
    memset(d, 0, sizeof *d);
    d->kind = kind;
    d->name_start = ts_node_start_byte(name);
    d->name_end = ts_node_end_byte(name);
    d->nstart = nstart;
    d->nend = nend;
    d->ostart = ts_node_start_byte(outer);
    d->oend = ts_node_end_byte(outer);
    d->sig_start = start;
    d->sig_end = sig_end;
    d->mode = mode;
    d->doc = doc;
    d->order = o->ndefs++;
    lines_of(outer, &d->first, &d->last);
    return 0;
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

/* The dotted name an import's `name:` child imports: itself, or (`aliases`) the name of `a.b as c`; else a
   null node. (python.scm takes no alias in a __future__ import.) */
static TSNode imported_name(TSNode c, bool aliases) {
    if (aliases && ts_node_symbol(c) == S->aliased_import)
        c = ts_node_child_by_field_id(c, S->f_name);
    return !ts_node_is_null(c) && ts_node_symbol(c) == S->dotted_name ? c : NO_NODE;
}

/* `import a.b, c as d` (one import per name), `from m import a, b as c` / `from m import *`,
   `from __future__ import x` (`from_`: the latter two) */
static int visit_import(Out *o, TSNode n, bool from_, bool future) {
    TSNode module = NO_NODE;
    if (from_ && !future) {
        module = ts_node_child_by_field_id(n, S->f_module_name);
        if (ts_node_is_null(module) || !ts_node_is_named(module))
            return 0;
    }
    if (!first_child(o, n))
        return 0;
    do {
        TSNode c = kid(o);
        if (kid_field(o) == S->f_name) {
            TSNode name = imported_name(c, !future);
            if (ts_node_is_null(name))
                continue;
            /* `import a.b` imports the module a.b; `from m import a` imports a from m */
            if (add_import(o, n, future, from_ ? module : name, from_ ? name : NO_NODE) < 0)
                return -1;
        } else if (from_ && !future && ts_node_symbol(c) == S->wildcard_import) {
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

/* A reference for each child of `n` that is an identifier or (`attributes`) an `x.name` attribute. */
static int refs_of_children(Out *o, TSNode n, PyObject *refs, bool attributes) {
    if (!first_child(o, n))
        return 0;
    do {
        TSNode c = kid(o);
        TSNode name = attributes ? plain_or_attribute_name(c) : c;
        if (!ts_node_is_null(name) && ts_node_symbol(name) == S->identifier && add_ref(o, refs, name) < 0)
            return -1;
    } while (next_kid(o));
    return 0;
}

static int visit(Out *o, const Frame *stack, size_t depth) {
    const Frame *f = &stack[depth];
    if (f->symbol >= S->nsymbols || !S->visits[f->symbol])
        return 0;
    TSNode n = f->node;
    TSSymbol k = f->symbol;
    TSNode parent = depth ? stack[depth - 1].node : NO_NODE;
    if (k == S->call) {
        TSNode fn = ts_node_child_by_field_id(n, S->f_function);
        if (!ts_node_is_null(fn)) {
            TSNode name = plain_or_attribute_name(fn);
            if (!ts_node_is_null(name) && add_ref(o, o->calls, name) < 0)
                return -1;
        }
    } else if (k == S->class_definition || k == S->function_definition) {
        TSNode name = ts_node_child_by_field_id(n, S->f_name);
        if (!ts_node_is_null(name) && ts_node_symbol(name) == S->identifier
                && add_def(o, k == S->class_definition ? K_CLASS : K_FUNCTION, n, name, parent) < 0)
            return -1;
        if (k == S->class_definition) {
            TSNode bases = ts_node_child_by_field_id(n, S->f_superclasses);
            if (!ts_node_is_null(bases) && ts_node_symbol(bases) == S->argument_list)
                return refs_of_children(o, bases, o->types, true);
        }
    } else if (k == S->expression_statement && depth >= 1) {
        int kind = -1;
        if (stack[depth - 1].symbol == S->module)
            kind = K_VARIABLE;
        else if (stack[depth - 1].symbol == S->block && depth >= 2 && stack[depth - 2].symbol == S->class_definition
                 && ts_node_eq(ts_node_child_by_field_id(stack[depth - 2].node, S->f_body), stack[depth - 1].node))
            kind = K_FIELD;
        if (kind >= 0 && first_child(o, n)) {
            do {
                TSNode c = kid(o);
                if (ts_node_symbol(c) != S->assignment)
                    continue;
                TSNode left = ts_node_child_by_field_id(c, S->f_left);
                /* `n` as the parent: an assignment is never decorated (add_def looks for a decorated_definition) */
                if (!ts_node_is_null(left) && ts_node_symbol(left) == S->identifier && add_def(o, kind, c, left, n) < 0)
                    return -1;
            } while (next_kid(o));
        }
    } else if (k == S->decorator) {
        /* `(call function: (identifier))` under a decorator is also a call: the call rule records it */
        return refs_of_children(o, n, o->calls, true);
    } else if (k == S->type) {
        return refs_of_children(o, n, o->types, true);
    } else if (k == S->generic_type || k == S->except_clause) {
        return refs_of_children(o, n, o->types, false);
    } else if (k == S->import_statement) {
        return visit_import(o, n, false, false);
    } else if (k == S->import_from_statement) {
        return visit_import(o, n, true, false);
    } else if (k == S->future_import_statement) {
        return visit_import(o, n, true, true);
    }
    return 0;
}


/* The walk visits every visible node in document order, as TSTreeCursor does, but over the runtime's
   own subtrees: the cursor re-derives its place for every sibling step (~550 instructions a node; the
   whole walk cost ~0.18x of a parse), this loop ~20. The visible-node rules are the cursor's
   (tree_cursor.c: ts_tree_cursor_child_iterator_next): a child is visible if its subtree is, or if the
   parent's production aliases it (extras take no alias slot); hidden children are walked through. */
typedef struct {
    const Subtree *children;
    uint32_t count, index, structural;
    const TSSymbol *aliases;
    Length position; /* where the next child starts (its padding excluded) */
    bool visible;    /* the parent is a visible node (a Frame to pop when done) */
} Level;

static int walk(Out *o, TSTree *tree) {
    const TSLanguage *lang = tree->language;
    size_t fcap = 256, lcap = 256, depth = 0, levels = 0;
    Frame *stack = PyMem_Malloc(fcap * sizeof *stack);
    Level *level = PyMem_Malloc(lcap * sizeof *level);
    int rc = -1;
    if (!stack || !level) {
        PyErr_NoMemory();
        goto done;
    }
    stack[0].node = ts_tree_root_node(tree);
    stack[0].symbol = ts_node_symbol(stack[0].node);
    if (visit(o, stack, 0) < 0)
        goto done;
    if (ts_subtree_child_count(tree->root)) {
        level[0] = (Level){ts_subtree_children(tree->root), tree->root.ptr->child_count, 0, 0,
                           ts_language_alias_sequence(lang, tree->root.ptr->production_id),
                           ts_subtree_padding(tree->root), true};
        levels = 1;
    }
    while (levels) {
        Level *l = &level[levels - 1];
        if (l->index == l->count) {
            if (l->visible)
                depth--;
            levels--;
            continue;
        }
        const Subtree *child = &l->children[l->index++];
        Length position = l->position;
        l->position = length_add(position, ts_subtree_size(*child));
        if (l->index < l->count)
            l->position = length_add(l->position, ts_subtree_padding(l->children[l->index]));
        bool visible = ts_subtree_visible(*child);
        TSSymbol alias = 0;
        if (!ts_subtree_extra(*child)) {
            if (l->aliases) {
                alias = l->aliases[l->structural];
                visible |= alias != 0;
            }
            l->structural++;
        }
        uint32_t count = ts_subtree_child_count(*child);
        if (visible) {
            if (++depth == fcap) {
                fcap *= 2;
                Frame *grown = PyMem_Realloc(stack, fcap * sizeof *stack);
                if (!grown) {
                    PyErr_NoMemory();
                    goto done;
                }
                stack = grown;
            }
            stack[depth].node = ts_node_new(tree, child, position, alias);
            stack[depth].symbol = ts_language_public_symbol(lang, alias ? alias : ts_subtree_symbol(*child));
            if (visit(o, stack, depth) < 0)
                goto done;
            if (!count) {
                depth--;
                continue;
            }
        } else if (!count) {
            continue;
        }
        if (levels == lcap) {
            lcap *= 2;
            Level *grown = PyMem_Realloc(level, lcap * sizeof *level);
            if (!grown) {
                PyErr_NoMemory();
                goto done;
            }
            level = grown;
        }
        level[levels++] = (Level){ts_subtree_children(*child), child->ptr->child_count, 0, 0,
                                  ts_language_alias_sequence(lang, child->ptr->production_id), position, visible};
    }
    rc = 0;
done:
    PyMem_Free(stack);
    PyMem_Free(level);
    return rc;
}

/* ---- rows (extract._symbols, extract._finish and extract.signature_text, for Python) ------------ */

#define SIGNATURE_MAX 200
enum { SIG_VALUE, SIG_HEAD, SIG_LINE };

static PyObject *KIND_NAMES[K_DROP], *STR_CALL, *STR_TYPE, *STR_DOT, *STR_SPACE;

/* extract._name_of for Python: a plain ASCII identifier as it is, else decoded with whitespace collapsed */
static PyObject *name_of(const char *p, Py_ssize_t n) {
    bool plain = n > 0 && n <= SIGNATURE_MAX;
    for (Py_ssize_t i = 0; plain && i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
    if (plain)
        return PyUnicode_DecodeASCII(p, n, NULL);
    PyObject *text = PyUnicode_DecodeUTF8(p, n, "replace");
    if (!text)
        return NULL;
    PyObject *parts = PyUnicode_Split(text, NULL, -1);
    Py_DECREF(text);
    if (!parts)
        return NULL;
    PyObject *joined = PyUnicode_Join(STR_SPACE, parts);
    Py_DECREF(parts);
    return joined;
}

static bool str_space(unsigned char c) { /* str.isspace() on ASCII */
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

static bool bytes_space(unsigned char c) { /* bytes.isspace() */
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool ascii(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)p[i] >= 0x80)
            return false;
    return true;
}

/* " ".join(text.split()) of ASCII bytes into out (at least n bytes); returns the length */
static size_t collapse(const char *p, size_t n, char *out) {
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && str_space((unsigned char)p[i]))
            i++;
        if (i == n)
            break;
        if (w)
            out[w++] = ' ';
        while (i < n && !str_space((unsigned char)p[i]))
            out[w++] = p[i++];
    }
    return w;
}

static size_t first_line(const char *p, size_t n) {
    const char *nl = memchr(p, '\n', n);
    return nl ? (size_t)(nl - p) : n;
}

/* extract.signature_text on an ASCII span; Py_None (new reference) when the span is not ASCII: the
   caller finishes it in Python, where decoding and Unicode whitespace are the str methods' own. */
static PyObject *signature(const char *data, uint32_t start, uint32_t nend, uint32_t end, int mode) {
    char buf[4000];
    size_t rawlen = nend > start ? nend - start : 0;
    const char *raw = data + start;
    if (mode == SIG_VALUE) {
        size_t n = first_line(raw, rawlen < 4000 ? rawlen : 4000);
        if (!ascii(raw, n))
            Py_RETURN_NONE;
        size_t w = collapse(raw, n, buf);
        return PyUnicode_DecodeASCII(buf, (Py_ssize_t)(w < SIGNATURE_MAX ? w : SIGNATURE_MAX), NULL);
    }
    size_t n;
    if (mode == SIG_HEAD) {
        long long cut = (long long)end - (long long)start; /* Python's raw[:cut], a negative cut included */
        if (cut >= 0)
            n = (size_t)cut < rawlen ? (size_t)cut : rawlen;
        else
            n = (long long)rawlen + cut > 0 ? (size_t)((long long)rawlen + cut) : 0;
    } else {
        n = first_line(raw, rawlen < 2000 ? rawlen : 2000);
        size_t t = n;
        while (t && bytes_space((unsigned char)raw[t - 1]))
            t--;
        if (t && raw[t - 1] == '{')
            n = t - 1;
    }
    if (n > 4000)
        n = 4000;
    if (!ascii(raw, n))
        Py_RETURN_NONE;
    size_t w = collapse(raw, n, buf);
    while (w && (buf[w - 1] == '{' || buf[w - 1] == ':' || buf[w - 1] == ';'))
        w--;
    while (w && str_space((unsigned char)buf[w - 1]))
        w--;
    if (w <= SIGNATURE_MAX)
        return PyUnicode_DecodeASCII(buf, (Py_ssize_t)w, NULL);
    w = SIGNATURE_MAX - 1;
    while (w && str_space((unsigned char)buf[w - 1]))
        w--;
    memcpy(buf + w, "\xe2\x80\xa6", 3); /* … */
    return PyUnicode_DecodeUTF8(buf, (Py_ssize_t)w + 3, NULL);
}

static bool constant_name(const char *p, size_t n) { /* extract._CONST_RE: ^_*[A-Z][A-Z0-9_]*$ */
    size_t i = 0;
    while (i < n && p[i] == '_')
        i++;
    if (i == n || p[i] < 'A' || p[i] > 'Z')
        return false;
    for (i++; i < n; i++)
        if (!((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
            return false;
    return true;
}

static Py_ssize_t nearest(Def *const *defs, Py_ssize_t p) { /* extract._nearest_symbol: skips dropped locals */
    while (p >= 0 && defs[p]->kind == K_DROP)
        p = defs[p]->parent;
    return p;
}

static int by_range(const void *a, const void *b) { /* (ostart, -oend, nstart), stable */
    const Def *x = *(Def *const *)a, *y = *(Def *const *)b;
    if (x->ostart != y->ostart)
        return x->ostart < y->ostart ? -1 : 1;
    if (x->oend != y->oend)
        return x->oend > y->oend ? -1 : 1;
    if (x->nstart != y->nstart)
        return x->nstart < y->nstart ? -1 : 1;
    return x->order < y->order ? -1 : (x->order > y->order);
}

/* Nest, fix kinds, drop locals and build the symbol rows (extract._symbols for Python). Rows whose
   signature span is not ASCII or that have a docstring are listed in `fixes` as (row, span | None). */
static int finish_defs(Out *o, PyObject *rows, PyObject *fixes) {
    Py_ssize_t n = o->ndefs, m = 0, kept = 0;
    Def **order = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *order);
    Py_ssize_t *stack = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *stack);
    Py_ssize_t *keep = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *keep);
    int rc = -1;
    if (!order || !stack || !keep) {
        PyErr_NoMemory();
        goto out;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Def *d = &o->defs[i];
        d->name = name_of(o->data + d->name_start, (Py_ssize_t)(d->name_end - d->name_start));
        if (!d->name)
            goto out;
        if (PyUnicode_GET_LENGTH(d->name))
            order[m++] = d;
    }
    qsort(order, (size_t)m, sizeof *order, by_range);
    Py_ssize_t depth = 0;
    for (Py_ssize_t i = 0; i < m; i++) {
        Def *d = order[i];
        while (depth && !(d->ostart >= order[stack[depth - 1]]->ostart && d->oend <= order[stack[depth - 1]]->oend))
            depth--;
        d->parent = depth ? stack[depth - 1] : -1;
        stack[depth++] = i;
    }
    /* kinds, in sorted order: a parent's kind is final before its children's are decided */
    for (Py_ssize_t i = 0; i < m; i++) {
        Def *d = order[i];
        Py_ssize_t owner = nearest(order, d->parent);
        int ok = owner >= 0 ? order[owner]->kind : -1;
        bool value = d->kind == K_VARIABLE || d->kind == K_FIELD || d->kind == K_CONSTANT;
        if (value && (ok == K_FUNCTION || ok == K_METHOD)) {
            d->kind = K_DROP;
            continue;
        }
        if (d->kind == K_FUNCTION && ok == K_CLASS)
            d->kind = K_METHOD;
        else if (d->kind == K_VARIABLE && ok == K_CLASS)
            d->kind = K_FIELD;
        if (d->kind == K_VARIABLE && constant_name(o->data + d->name_start, d->name_end - d->name_start))
            d->kind = K_CONSTANT;
        keep[kept++] = i;
    }
    Py_ssize_t *row_of = stack; /* reused: sorted index -> row index */
    for (Py_ssize_t i = 0; i < m; i++)
        row_of[i] = -1;
    for (Py_ssize_t r = 0; r < kept; r++)
        row_of[keep[r]] = r;
    rc = 0;
    for (Py_ssize_t r = 0; r < kept && rc == 0; r++) {
        Def *d = order[keep[r]];
        rc = -1;
        PyObject *quals = PyList_New(0);
        if (!quals)
            break;
        for (Py_ssize_t p = keep[r]; p >= 0; p = order[p]->parent)
            if (order[p]->kind != K_DROP && PyList_Append(quals, order[p]->name) < 0) {
                Py_DECREF(quals);
                quals = NULL;
                break;
            }
        if (!quals || PyList_Reverse(quals) < 0) {
            Py_XDECREF(quals);
            break;
        }
        PyObject *qual = PyUnicode_Join(STR_DOT, quals);
        Py_DECREF(quals);
        if (!qual)
            break;
        Py_ssize_t owner = nearest(order, d->parent);
        int ok = owner >= 0 ? order[owner]->kind : -1;
        const char *nm = o->data + d->name_start;
        size_t nl = d->name_end - d->name_start;
        bool exported = !(ok == K_FUNCTION || ok == K_METHOD)
                        && (nm[0] != '_' || (nl >= 2 && nm[1] == '_' && nm[nl - 1] == '_' && nm[nl - 2] == '_'));
        PyObject *sig = signature(o->data, d->sig_start, d->nend, d->sig_end, d->mode);
        if (!sig) {
            Py_DECREF(qual);
            break;
        }
        PyObject *row = Py_BuildValue("(OOOkkOOOn)", d->name, qual, KIND_NAMES[d->kind], d->first, d->last, sig,
                                      d->doc ? d->doc : Py_None, exported ? Py_True : Py_False,
                                      owner >= 0 ? row_of[owner] : (Py_ssize_t)-1);
        Py_DECREF(qual);
        if (!row) {
            Py_DECREF(sig);
            break;
        }
        int added = PyList_Append(rows, row);
        Py_DECREF(row);
        if (added == 0 && (sig == Py_None || d->doc)) {
            PyObject *fix = sig == Py_None
                ? Py_BuildValue("(n(IIIi))", r, d->sig_start, d->nend, d->sig_end, d->mode)
                : Py_BuildValue("(nO)", r, Py_None);
            added = fix ? PyList_Append(fixes, fix) : -1;
            Py_XDECREF(fix);
        }
        Py_DECREF(sig);
        if (added == 0)
            rc = 0;
    }
out:
    PyMem_Free(order);
    PyMem_Free(stack);
    PyMem_Free(keep);
    return rc;
}

/* {raw name: [line, ...]} -> rows (name, kind, "l1,l2,...", count); names spelled alike merge (extract._finish) */
static int finish_refs(PyObject *by_raw, PyObject *kind, PyObject *rows) {
    PyObject *by_name = PyDict_New();
    if (!by_name)
        return -1;
    PyObject *key, *lines;
    Py_ssize_t pos = 0;
    int rc = 0;
    while (rc == 0 && PyDict_Next(by_raw, &pos, &key, &lines)) {
        PyObject *name = name_of(PyBytes_AS_STRING(key), PyBytes_GET_SIZE(key));
        if (!name) {
            rc = -1;
            break;
        }
        if (PyUnicode_GET_LENGTH(name)) {
            PyObject *known = PyDict_GetItemWithError(by_name, name);
            if (known) {
                Py_ssize_t end = PyList_GET_SIZE(known);
                rc = PyList_SetSlice(known, end, end, lines);
            } else {
                rc = PyErr_Occurred() ? -1 : PyDict_SetItem(by_name, name, lines);
            }
        }
        Py_DECREF(name);
    }
    pos = 0;
    while (rc == 0 && PyDict_Next(by_name, &pos, &key, &lines)) {
        rc = -1;
        if (PyList_Sort(lines) < 0)
            break;
        Py_ssize_t count = PyList_GET_SIZE(lines);
        char *buf = PyMem_Malloc((size_t)count * 21 + 1);
        if (!buf) {
            PyErr_NoMemory();
            break;
        }
        size_t w = 0;
        for (Py_ssize_t i = 0; i < count; i++) {
            unsigned long v = PyLong_AsUnsignedLong(PyList_GET_ITEM(lines, i));
            char digits[20];
            int nd = 0;
            do {
                digits[nd++] = (char)('0' + v % 10);
                v /= 10;
            } while (v);
            if (i)
                buf[w++] = ',';
            while (nd)
                buf[w++] = digits[--nd];
        }
        PyObject *row = Py_BuildValue("(OOs#n)", key, kind, buf, (Py_ssize_t)w, count);
        PyMem_Free(buf);
        if (row) {
            rc = PyList_Append(rows, row);
            Py_DECREF(row);
        }
    }
    Py_DECREF(by_name);
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
    if (!(timeout > 0) || !isfinite(timeout) || timeout > 1e9) /* no limit (NaN, inf: none either) */
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
    Out o = {data.buf, NULL, 0, 0, PyDict_New(), PyDict_New(), PyList_New(0), ts_tree_cursor_new(root)};
    bool has_error = ts_node_has_error(root);
    PyObject *result = NULL, *rows = PyList_New(0), *fixes = PyList_New(0), *refs = PyList_New(0);
    int rc = o.calls && o.types && o.imports && rows && fixes && refs ? walk(&o, tree) : -1;
    ts_tree_cursor_delete(&o.kids);
    ts_tree_delete(tree);
    if (rc == 0 && finish_defs(&o, rows, fixes) == 0 && finish_refs(o.calls, STR_CALL, refs) == 0
            && finish_refs(o.types, STR_TYPE, refs) == 0)
        result = Py_BuildValue("(OOOOO)", has_error ? Py_True : Py_False, rows, fixes, refs, o.imports);
    for (Py_ssize_t i = 0; i < o.ndefs; i++) {
        Py_XDECREF(o.defs[i].doc);
        Py_XDECREF(o.defs[i].name);
    }
    PyMem_Free(o.defs);
    Py_XDECREF(o.calls);
    Py_XDECREF(o.types);
    Py_XDECREF(o.imports);
    Py_XDECREF(rows);
    Py_XDECREF(fixes);
    Py_XDECREF(refs);
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
    if (!lang || data.len > (Py_ssize_t)UINT32_MAX) {
        if (lang)
            PyErr_SetString(PyExc_ValueError, "a file of 4 GiB or more cannot be parsed");
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

/* The runtime never checks what its allocator returns (its default one aborts on NULL): so do these. */
static void *ts_pymalloc(size_t n) {
    void *p = PyMem_Malloc(n);
    if (!p && n)
        Py_FatalError("contexteer.indexers._pyscan: out of memory");
    return p;
}

static void *ts_pycalloc(size_t n, size_t size) {
    void *p = PyMem_Calloc(n, size);
    if (!p && n && size)
        Py_FatalError("contexteer.indexers._pyscan: out of memory");
    return p;
}

static void *ts_pyrealloc(void *old, size_t n) {
    void *p = PyMem_Realloc(old, n);
    if (!p && n)
        Py_FatalError("contexteer.indexers._pyscan: out of memory");
    return p;
}

PyMODINIT_FUNC PyInit__pyscan(void) {
    /* This module's own copy of the runtime allocates through pymalloc: every call holds the GIL. */
    ts_set_allocator(ts_pymalloc, ts_pycalloc, ts_pyrealloc, PyMem_Free);
    const char *kinds[K_DROP] = {"class", "function", "variable", "field", "method", "constant"};
    for (int i = 0; i < K_DROP; i++)
        if (!(KIND_NAMES[i] = PyUnicode_InternFromString(kinds[i])))
            return NULL;
    if (!(STR_CALL = PyUnicode_InternFromString("call")) || !(STR_TYPE = PyUnicode_InternFromString("type"))
            || !(STR_DOT = PyUnicode_InternFromString(".")) || !(STR_SPACE = PyUnicode_InternFromString(" ")))
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "LANGUAGE_VERSION", TREE_SITTER_LANGUAGE_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
