"""Turn one file's bytes into definitions, references and imports with tree-sitter (pure; runs in workers).

The result is made of plain tuples so it crosses process boundaries cheaply:

    symbols: (name, qualname, kind, start_line, end_line, signature, doc, exported, parent_index)
    refs:    (name, kind, "line,line,...", count)   one row per name and kind: 4x fewer rows than per use
    imports: (module, names, line)

Lines are 1-based and inclusive. `parent_index` points into the same symbols list (-1 for none).
"""

from __future__ import annotations

import bisect
import functools
import logging
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import tree_sitter as ts

from contexteer.indexers import c_lines, c_prep, grammar_repairs, languages, rust_macros
from contexteer.indexers.languages import LanguageSpec
from contexteer.indexers.rust_macros import MacroSpan
from contexteer.indexers.source import SRC, raw
from contexteer.indexers.visibility import ModuleExports, is_exported

logger = logging.getLogger(__name__)

SIGNATURE_MAX = 200
_WS = re.compile(r"\s+")
_CONST_RE = re.compile(r"^_*[A-Z][A-Z0-9_]*$")
_FUNCTIONS = frozenset({"function", "method", "test"})  # a Zig `test "name" {...}` block holds locals like a function
_VALUES = frozenset({"variable", "constant", "field"})
_BODY_TYPES = frozenset(
    {
        "block", "class_body", "declaration_list", "field_declaration_list", "compound_statement", "statement_block",
        "body_statement", "interface_body", "enum_body", "enum_variant_list", "enum_member_declaration_list",
        "do_group", "brace_group",
    }
)
_MATCH_LIMIT = 1 << 16
# Attributes standing before a definition as its siblings, which its range includes (`#[derive(Debug)]`).
_LEADING_ATTRIBUTES = {"rust": frozenset({"attribute_item"})}
_BLANK_GAP = re.compile(r" (?=[;,)\]])|(?<=[(\[]) ")
_SCOPE_KINDS = frozenset({"scope.type", "impl"})
# Per language, the node types that can stand directly in one of its wrappers (by the grammar: C's `type_definition`
# holds type specifiers and declarators, never a function, declaration, field or enumerator); _outer asks the
# parent (a walk from the root) of these only. A language not listed asks for every definition.
_WRAPPED = {"c": frozenset({"struct_specifier", "union_specifier", "enum_specifier"})}
_TOKEN_TREES = frozenset({"rust"})  # the grammars with `token_tree` nodes (names inside attributes: _in_attribute)  # a Rust `impl Type` block: its functions are Type's methods


class ParseTimeout(Exception):
    """The file took longer than the per-file limit to parse or query."""


@dataclass
class FileResult:
    language: str
    symbols: list[tuple[Any, ...]] = field(default_factory=list)
    refs: list[tuple[Any, ...]] = field(default_factory=list)
    imports: list[tuple[Any, ...]] = field(default_factory=list)
    has_errors: bool = False


@dataclass(slots=True)
class _Def:
    node: ts.Node  # the definition node the query captured
    outer: ts.Node  # the node whose range counts (with decorators / export / template wrappers)
    name: str
    kind: str  # a symbol kind, or "scope" for a qualifying-only node
    pattern: int = 0
    up: ts.Node | None = None  # node.parent when the language has wrappers (Node.parent costs a walk from the root)
    ostart: int = 0  # outer byte range, cached (every node attribute read is a call into C)
    oend: int = 0
    receiver: str | None = None  # a Go method's receiver type: qualifies it without nesting
    head: ts.Node | None = None  # where the range starts when before `outer`: a Rust item's first `#[...]`
    tail: ts.Node | None = None  # where the range ends when after `outer`: a Dart method's body, a last clause
    parent: _Def | None = None
    index: int = -1
    clauses: int = 1  # Elixir: the clauses merged into this definition
    macro: str = ""  # Rust: the `macro_rules!` whose transcriber writes it


_raw = raw
_SRC = SRC


def _text(node: ts.Node) -> str:
    return _raw(node).decode("utf-8", "replace")


def _lines(node: ts.Node) -> tuple[int, int]:
    start = node.start_point.row + 1
    end_row, end_col = node.end_point
    end = end_row if end_col == 0 and end_row > node.start_point.row else end_row + 1
    return start, end


def _content_end(node: ts.Node, comments: frozenset[str], end: int) -> int:
    """The last line of a definition's own text: its last token's, not a comment it ends with that is not indented
    inside it nor the blank it ends with (Scala's grammar puts the next member's doc comment, and the indent of the
    next member's line, into an expression body: `def f = x` then `/** g */`)."""
    col, n = node.start_point.column, node
    while n.child_count:
        kids = n.children
        i = len(kids) - 1
        while i >= 0 and (kids[i].type in comments or kids[i].start_byte == kids[i].end_byte):
            if kids[i].type in comments and kids[i].start_point.column > col:
                break  # a comment in the body's indentation is the body's: it ends there
            i -= 1
        if i < 0:
            break
        n = kids[i]
        if n.type in comments:
            break
    row, column = n.end_point
    last = row if column == 0 and row > n.start_point.row else row + 1
    return min(end, max(last, node.start_point.row + 1))


def parse(data: bytes, spec: LanguageSpec, timeout: float | None, old_tree: ts.Tree | None = None) -> ts.Tree:
    """Parse with a time limit; raises ParseTimeout when the limit is reached. `timeout=None` parses
    without the in-parser check (~15% faster): pool workers use it under a process-level watchdog. With
    `old_tree` (edited to match `data`), an incremental parse that reuses it (no time limit: it is short)."""
    parser = ts.Parser(languages.grammar(spec.name))
    if old_tree is not None:
        return parser.parse(data, old_tree=old_tree)
    if timeout is None:
        return parser.parse(data)
    deadline = time.monotonic() + timeout
    view = memoryview(data)

    def progress(_offset: int, _has_error: bool) -> bool:
        return time.monotonic() > deadline

    try:
        tree = parser.parse(lambda byte, _point: view[byte:], progress_callback=progress)
    except ValueError as exc:
        if time.monotonic() > deadline:
            raise ParseTimeout(f"parsing took longer than {timeout:g} s") from exc
        raise
    if languages.query_has_predicates(spec.name):
        # A tree parsed through a callback keeps no source, which text predicates (#eq?) need (and
        # crash without). Re-parsing from bytes with the old tree reuses every node: ~10% of a parse.
        tree = parser.parse(data, old_tree=tree)
    return tree


@dataclass
class Prepared:
    """A file as the index parses it: its bytes after the repairs (same length and lines as the file), its tree,
    the Rust macro invocations unwrapped, and where C definitions read their signature from the original."""

    data: bytes
    tree: ts.Tree
    macros: list[MacroSpan] = field(default_factory=list)
    rewritten: list[int] = field(default_factory=list)
    as_written: bool = False  # the repairs moved nothing and renamed nothing: read names from the file itself

    def text(self, original: bytes) -> bytes:
        """The bytes names and signatures are read from: the file's own where the repairs allow (SCSS)."""
        return original if self.as_written else self.data


def parse_prepared(data: bytes, spec: LanguageSpec, timeout: float | None = None) -> Prepared:
    """Parse `data` as extract() does: C/C++ annotation macros and friends repaired first (then conditional
    groups around remaining syntax errors, when that helps), Rust item macros unwrapped. Anything else that
    parses a file (references, uses) should call this to see the same tree."""
    rewritten: list[int] = []  # C: where `NAME(fn, ...) {` was rewritten to parse as a definition of fn
    if spec.expand_tabs and b"\t" in data:  # same lines; offsets are the expanded text's (Haskell's layout)
        data = data.expandtabs(8)
    if spec.blank:
        data = languages.blank_unreadable(data, spec)
    if spec.blank_macros:
        data = languages.blank_attribute_macros(data, rewritten, cpp=spec.name == "cpp")
    tree = parse(data, spec, timeout)
    if spec.blank_macros and tree.root_node.has_error:
        data, tree = _repair_conditionals(data, tree, spec, timeout)
    repair = grammar_repairs.REPAIRS.get(spec.name)
    # these repairs keep every offset and touch no name: names and signatures are read from the file itself, unless
    # they only blank what a signature should not show
    as_written = repair is not None and spec.name not in grammar_repairs.BLANKING
    if repair is not None and tree.root_node.has_error:  # what the grammar cannot read rewritten, then reparsed
        data, tree = _keep_if_better(data, tree, repair(data), spec, timeout, by_lines=True)
    misread = _kotlin_misread(tree) if spec.name == "kotlin" else []
    if misread:  # (only the misread declarations' annotations; kept when fewer are misread, no error added)
        again = grammar_repairs.kotlin_annotations(data, [s for spans in misread for s in spans])
        again_tree = parse(again, spec, timeout) if again != data else None
        if again_tree is not None and not again_tree.root_node.has_error and len(_kotlin_misread(again_tree)) < len(misread):
            data, tree = again, again_tree
    macros: list[MacroSpan] = []
    if spec.name == "rust" and b"!" in data:
        data, tree, macros = rust_macros.unwrap_item_macros(data, tree, lambda d, old: parse(d, spec, timeout, old))
    return Prepared(data, tree, macros, rewritten, as_written)


def _kotlin_misread(tree: ts.Tree) -> list[list[tuple[int, int]]]:
    """Per annotated expression at a Kotlin file's top level (a declaration the grammar read as one), the byte spans
    of its annotations but the last (grammar_repairs.kotlin_annotations)."""
    out: list[list[tuple[int, int]]] = []
    for c in tree.root_node.children:
        if c.type != "annotated_expression":
            continue
        found: list[ts.Node] = []
        node: ts.Node | None = c
        while node is not None and node.type == "annotated_expression":
            found += [x for x in node.children if x.type == "annotation"]
            node = next((x for x in node.children if x.type == "annotated_expression"), None)
        out.append([(a.start_byte, a.end_byte) for a in found[:-1]])
    return out


def _repair_conditionals(data: bytes, tree: ts.Tree, spec: LanguageSpec, timeout: float | None) -> tuple[bytes, ts.Tree]:
    """Blank the `#if` groups around syntax errors (c_lines.blank_conditionals) and keep the result if it has
    fewer errors."""
    errors = rust_macros.error_nodes(tree.root_node)
    spans: list[tuple[int, int]] = []
    new = c_lines.blank_conditionals(data, [(a.row, b.row) for a, b in errors], spans)
    if new is data:
        return data, tree
    # The blanked directives keep their length and lines: an incremental parse of the old tree told of them reuses
    # the rest (half the time of a fresh parse; the same tree on each of the kernel subset's 931 repaired files).
    old = tree.copy()
    for a, b in spans:
        pa, pb = _point(data, a), _point(data, b)
        old.edit(start_byte=a, old_end_byte=b, new_end_byte=b, start_point=pa, old_end_point=pb, new_end_point=pb)
    return _keep_if_better(data, tree, new, spec, timeout, errors, old=old)


def _keep_if_better(data: bytes, tree: ts.Tree, new: bytes, spec: LanguageSpec, timeout: float | None,
                    errors: list[Any] | None = None, *, by_lines: bool = False,
                    old: ts.Tree | None = None) -> tuple[bytes, ts.Tree]:
    """`new` (a repaired `data`, same length and lines) and its tree when it parses with fewer errors (`by_lines`:
    with errors over fewer lines), else the original. `old`: the original tree edited to match `new`, for an
    incremental parse."""
    if new == data:
        return data, tree
    if errors is None:
        errors = rust_macros.error_nodes(tree.root_node)
    new_tree = parse(new, spec, timeout, old)
    if not new_tree.root_node.has_error:
        return new, new_tree
    after = rust_macros.error_nodes(new_tree.root_node)
    if len(after) < len(errors) if not by_lines else _rows(after) < _rows(errors):
        return new, new_tree
    return data, tree


def _rows(errors: list[Any]) -> int:
    """The lines the error nodes span (one error over the whole file counts as much as the file)."""
    return sum(b.row - a.row + 1 for a, b in errors)


def _point(data: bytes, offset: int) -> tuple[int, int]:
    """Tree-sitter's (row, byte column) of a byte offset."""
    return data.count(b"\n", 0, offset), offset - (data.rfind(b"\n", 0, offset) + 1)


def extract(data: bytes, spec: LanguageSpec, timeout: float | None = 5.0) -> FileResult:
    """Definitions, references and imports of one file (see the module docstring for the shapes)."""
    languages.query(spec.name)  # (compiled once per process: never counted against a file's time limit)
    deadline = time.monotonic() + (timeout if timeout is not None else 1e9)
    prepared = parse_prepared(data, spec, timeout)
    original, data, tree, macros, macro_fns = data, prepared.text(data), prepared.tree, prepared.macros, prepared.rewritten
    _SRC.data = data
    root = tree.root_node
    # a node can carry the error flag with no ERROR or MISSING node under it (tree-sitter-zig's `struct {}`): a file
    # has syntax errors when there is one to show (`contexteer index --syntax-errors` lists them)
    result = FileResult(language=spec.name, has_errors=root.has_error and bool(rust_macros.error_node_list(root)))
    cursor = ts.QueryCursor(languages.query(spec.name), match_limit=_MATCH_LIMIT)
    # QueryCursor.matches(..., progress_callback) crashes in py-tree-sitter 0.26: check the deadline after.
    matches = cursor.matches(root)
    if time.monotonic() > deadline:
        raise ParseTimeout(f"querying took longer than {timeout} s")

    defs: dict[tuple[int, int], _Def] = {}  # (node id, name start): `typedef struct {...} A, *PA;` defines two
    imports: dict[tuple[int, str], tuple[list[str], int]] = {}
    roles = languages.pattern_roles(spec.name)
    # References, most matches, are kept lean (every node attribute read is a call into C): per kind,
    # the start bytes seen (two patterns may capture one node) and the lines of each name's bytes.
    # Elixir: `@manifest` (an attribute, read or set) is a namespace apart from the function manifest()
    # Zig: a `test "name" {...}` block is named as written, `test "name"` (a label: "in test \"reads a line\"")
    ref_prefix, def_prefix = ({"other": b"@"}, {"constant": "@"}) if spec.name == "elixir" \
        else ({}, {"test": "test "}) if spec.name == "zig" else ({}, {})
    ref_seen: dict[str, set[int]] = {}
    ref_lines: dict[str, dict[bytes, list[int]]] = {}
    exports = ModuleExports() if spec.visibility == "export" else None
    bindings: set[int] = set()  # declaration nodes that only bind imports
    leading = spec.name in _LEADING_ATTRIBUTES
    attributes = spec.name in _TOKEN_TREES  # Node.parent walks from the root: asked only where it can matter
    types = _haskell_type_spans(root) if spec.name == "haskell" else None
    for pattern, caps in matches:
        role, cap, kind = roles[pattern]
        if role == "ref":
            name_nodes = caps.get("name")
            if name_nodes is None:
                continue
            name_nodes = _off_types(name_nodes, types, kind)
            seen = ref_seen.get(kind)
            if seen is None:
                seen = ref_seen[kind] = set()
                ref_lines[kind] = {}
            by_raw = ref_lines[kind]
            for name_node in name_nodes:
                start = name_node.start_byte
                if start in seen:
                    continue
                seen.add(start)
                if (attributes and (_in_attribute(name_node) or _defined_in_tokens(name_node))) or (  # Bash: what a word list compgen expands calls
                        name_node.type == "raw_string" and _substituted(name_node, data, by_raw)) or (
                        kind == "call" and spec.name == "swift" and _swift_subscript(name_node)):
                    continue
                raw = ref_prefix.get(kind, b"") + data[start : name_node.end_byte]
                lines = by_raw.get(raw)
                if lines is None:
                    by_raw[raw] = [name_node.start_point.row + 1]
                else:
                    lines.append(name_node.start_point.row + 1)
        elif role == "def":
            _collect_def(defs, pattern, caps, cap, kind, data, spec, def_prefix, macros if leading else None)
        elif role == "import":
            node = caps[cap][0]
            decl = caps.get("_decl")
            # `const X = require('m')`, Zig's `const std = @import("std")`: defines nothing; Zig's `pub const fmt =
            # @import("fmt.zig");` is the file's public name for it (std.zig's API: `std.fmt`)
            if decl is not None and not (spec.name == "zig" and data.startswith(b"pub", decl[0].start_byte)):
                bindings.add(decl[0].id)
            elif exports is not None and not exports.imports and node.type == "import_statement":
                exports.imports = True
            _collect_import(node, caps, spec, imports)
        elif role == "export" and exports is not None:
            exports.cjs = exports.cjs or kind == "cjs"
            exports.es = exports.es or kind == "es"
            for name_node in caps.get("name") or ():
                exports.names.add(_name_of(data[name_node.start_byte : name_node.end_byte], spec))
            value = caps.get("value")
            if value:
                _exported_value(value[0], "name" not in caps, data, exports)
    for span in macros:  # an unwrapped macro's name is blanked: it is still a use of the macro
        if "::" not in span.name:
            ref_lines.setdefault("call", {}).setdefault(span.name[:-1].encode(), []).append(span.line)
    if macro_fns:
        _SRC.original = original
        _SRC.rewritten = frozenset(macro_fns)
    if spec.name == "elixir":
        _drop_clause_heads(ref_lines, defs, data)
    try:
        _settle_refs(ref_lines, ref_seen, data, spec)
        found = _merge_nested(defs, spec, bindings)
        if spec.name == "rust" and b"macro_rules!" in data:
            found += _macro_rules_defs(data, root, spec, timeout, macros)
        return _finish(result, spec, data, found, ref_lines, imports, exports, macros)
    finally:
        _SRC.rewritten = frozenset()


def _drop_clause_heads(ref_lines: dict[str, dict[bytes, list[int]]], defs: dict[tuple[int, int], _Def],
                       data: bytes) -> None:
    """Elixir: a clause's head (`defp show!(deps) do`) is a call node to the query that takes the call of a function,
    but calls nothing: its line is dropped from the name's call lines, once per head (a call of the function on the
    head's own line stays). The Mix A/B agent (run 172) had a second clause listed as a recursive call, and
    references "18 in 6 files" of which 13 were listed."""
    calls = ref_lines.get("call")
    if not calls:
        return
    line_of = _lines_at(data, [start for _, start in defs])
    for _, start in defs:
        word = re.match(rb"[\w?!]+", data[start:start + 256])
        lines = calls.get(word.group(0)) if word else None
        if lines and line_of[start] in lines:
            lines.remove(line_of[start])
            if not lines:
                del calls[word.group(0)]  # type: ignore[union-attr]


def _collect_def(defs: dict[tuple[int, int], _Def], pattern: int, caps: dict[str, list[ts.Node]], cap: str, kind: str,
                 data: bytes, spec: LanguageSpec, def_prefix: dict[str, str], macros: list[MacroSpan] | None) -> None:
    """The definition a query match captured, into `defs` (`macros`: the unwrapped Rust macros, None where a
    definition's leading attributes are not looked up)."""
    names = caps.get("name")
    if not names:
        return
    node = _chain_head(caps[cap][0], spec)
    name_node = names[0]
    key = (node.id, name_node.start_byte)
    if key in defs and defs[key].pattern <= pattern:
        return  # the earliest pattern in the query file wins: specific ones come first
    name = _def_name(name_node, data, spec)
    name = def_prefix.get(kind, "") + name if name else name
    if name and spec.name == "c" and not node.type.startswith("preproc") and (
            (name.startswith("__") and languages.MACRO_NAME_RE.fullmatch(name)) or c_prep.is_attribute_macro(name)):
        return  # an attribute macro taken for a declarator (in a shape the blanking does not know)
    if name:
        receiver = caps.get("receiver")
        tail = caps.get("end")
        outer, up = _outer(node, spec)
        defs[key] = _Def(node=node, outer=outer, name=name, kind=kind, up=up,
                         receiver=_receiver(receiver[0], spec) if receiver else None, pattern=pattern,
                         head=_leading_attributes(outer, spec, macros) if macros is not None else None,
                         tail=tail[-1] if tail else None)


def _macro_rules_defs(data: bytes, root: ts.Node, spec: LanguageSpec, timeout: float | None,
                      macros: list[MacroSpan]) -> list[_Def]:
    """The items Rust `macro_rules!` transcribers write under names of their own (`pub trait Error` in serde's
    `declare_error_trait!`), parsed from rust_macros.shadow_text: each says its macro, and stands where the macro
    does (the module that invokes a local macro). Left out: impls (graph.py finds them by text, for their trait),
    items named by a metavariable (`fn $name`) and what is inside either, and whatever the parser only recovered."""
    shadow = rust_macros.shadow_text(data, root)
    if shadow is None:
        return []
    text, bodies = shadow
    tree = parse(text, spec, timeout)
    roles = languages.pattern_roles(spec.name)
    defs: dict[tuple[int, int], _Def] = {}
    for pattern, caps in ts.QueryCursor(languages.query(spec.name), match_limit=_MATCH_LIMIT).matches(tree.root_node):
        role, cap, kind = roles[pattern]
        if role == "def":
            _collect_def(defs, pattern, caps, cap, kind, data, spec, {}, macros)
    found = _merge_nested(defs, spec)
    # a transcriber that does not parse whole as items is left out whole (deref_impl!'s `impl <$($desc)+ {` leaves
    # its `fn serialize` standing alone after the error)
    # (an error inside a nested `macro_rules!`, whose rules are opaque anyway, spoils nothing: syn's
    # export_token_macro! writes the `Token!` macro with a `$($await_rule => ..;)*` rule)
    errors = [(n.start_byte, n.end_byte) for n in rust_macros.error_node_list(tree.root_node) if not _in_macro_rules(n)]
    clean = [b for b in bodies if not any(a < b.end and b.start < e for a, e in errors)]
    # (a module named by a metavariable is left out, not what it holds: regex's `define_set!` writes `pub mod $name {
    # pub struct RegexSet(Exec); .. }` for two invocations, and run 268's search for RegexSet found nothing)
    templated = [(d.node.start_byte, d.node.end_byte) for d in found if d.kind == "module" and "$" in d.name]
    out_ranges = [(d.node.start_byte, d.node.end_byte) for d in found
                  if (d.kind == "impl" and not _concrete_inherent(d.node, data) or "$" in d.name or d.name == "_"
                      or _not_an_item(d.node, data))
                  and (d.node.start_byte, d.node.end_byte) not in templated]
    kept = []
    for d in found:
        start = d.node.start_byte
        body = next((b for b in clean if b.start <= start < b.end), None)
        if body is None or any(a <= start < b for a, b in out_ranges) or (start, d.node.end_byte) in templated:
            continue
        d.macro = body.macro
        kept.append(d)
    return kept


def _in_macro_rules(node: ts.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type == "macro_definition":
            return True
        parent = parent.parent
    return False


def _not_an_item(node: ts.Node, data: bytes) -> bool:
    """What a transcriber writes that is no item of the module the macro is invoked in: one inside a block or an
    expression (tracing's `span!` writes `{ static CALLSITE: ... }`, a local), or at the top an item only an impl
    can hold: `type SerializeSeq = ...` (an associated type of the impl the macro is invoked in) or a `fn` taking
    self (tokio's `deref_async_read!` writes `fn poll_read(mut self: Pin<&mut Self>, ..)` into impls)."""
    parent = node.parent
    while parent is not None and parent.type != "source_file":
        kind = parent.type
        if kind == "impl_item" and node.type == "function_item" and _concrete_inherent(parent, data):
            return False  # a method of a type the transcriber names as written (regex's `impl RegexSet { pub fn new`)
        if kind in ("block", "expression_statement", "let_declaration", "impl_item") or kind.endswith("_expression"):
            return True  # (an impl's items too: its trait's, found by text, graph.py)
        parent = parent.parent
    if node.parent is None or node.parent.type != "source_file":
        return False
    if node.type == "type_item" or (node.type in ("const_item", "static_item", "function_item", "function_signature_item")
                                    and _SELF_TYPE.search(data, node.start_byte, _header_end(node)) is not None):
        return True  # `const ZERO: Self = 0;`, `fn from_bool(b: bool) -> Self`: only an impl has a Self
    params = node.child_by_field_name("parameters") if node.type in ("function_item", "function_signature_item") else None
    first = params.named_children[0] if params is not None and params.named_child_count else None
    return first is not None and (first.type == "self_parameter" or _SELF_PARAM.match(data, first.start_byte, first.end_byte) is not None)


def _concrete_inherent(node: ts.Node, data: bytes) -> bool:
    """An inherent impl a transcriber writes for a type it names as written, `impl RegexSet {` (regex's `define_set!`:
    RegexSet's methods stood nowhere in the index, A/B run 276); one for a trait (found by text, graph.py) or for a
    type a metavariable names (`impl $ty {`) is none."""
    ty = node.child_by_field_name("type")
    return node.type == "impl_item" and node.child_by_field_name("trait") is None and ty is not None \
        and b"$" not in data[ty.start_byte : ty.end_byte] and b"$" not in data[node.start_byte : ty.start_byte]


def _header_end(node: ts.Node) -> int:
    body = node.child_by_field_name("body") if node.type != "const_item" else None
    return body.start_byte if body is not None else node.end_byte


_SELF_TYPE = re.compile(rb"\bSelf\b")
#: a first parameter that is the receiver: `self`, `&mut self`, `mut self: Pin<&mut Self>`, `&$self` (a metavariable)
_SELF_PARAM = re.compile(rb"(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?\$?self\b")


def _leading_attributes(outer: ts.Node, spec: LanguageSpec, macros: list[MacroSpan]) -> ts.Node | None:
    """The first of the attributes right before a definition (`#[derive(Debug)]`, comments between them
    allowed), None when there are none. An attribute before an unwrapped macro is not its first item's."""
    kinds = _LEADING_ATTRIBUTES.get(spec.name)
    if kinds is None:
        return None
    head = None
    start = outer.start_byte
    floor = max((m.body for m in macros if m.body <= start < m.end), default=0)
    prev = outer.prev_sibling
    while prev is not None and (prev.type in kinds or prev.type in spec.comment_types) and prev.start_byte >= floor:
        if prev.type in kinds:
            head = prev
        prev = prev.prev_sibling
    return head


def _defined_in_tokens(node: ts.Node) -> bool:
    """A name a macro body's tokens define, `fn overflowing_add(self, rhs: Self)` in a `macro_rules!` arm: a
    definition the expansion makes, not a call (petgraph run 396 read two such lines among the calls left out)."""
    parent, prev = node.parent, node.prev_sibling
    return parent is not None and parent.type == "token_tree" and prev is not None and prev.type in ("fn", "identifier") \
        and prev.text == b"fn"


def _in_attribute(node: ts.Node) -> bool:
    """A name inside a Rust attribute's token tree (`#[cfg(all(unix, not(test)))]`): a condition, not a call."""
    parent = node.parent
    if parent is None or parent.type != "token_tree":
        return False
    while parent is not None and parent.type == "token_tree":
        parent = parent.parent
    return parent is not None and parent.type == "attribute"


# (type arguments right after the name, no space: `a < b && c > (d)` is no call)
def _settle_refs(ref_lines: dict[str, dict[bytes, list[int]]], ref_seen: dict[str, set[int]], data: bytes,
                 spec: LanguageSpec) -> None:
    """The references once every query matched: `x.m()` a call of m, not a read of a member m; Kotlin's calls with
    type arguments the grammar misread."""
    _drop_called_members(ref_lines, ref_seen, data)
    if spec.name == "kotlin":
        _kotlin_generic_calls(data, ref_lines)


_KOTLIN_GENERIC_CALL = re.compile(rb"(?<![\w$])([A-Za-z_]\w*)<[\w*?](?:[\w\s,.?*:]|<[\w\s,.?*:]*>)*>\s*\(")


def _kotlin_generic_calls(data: bytes, ref_lines: dict[str, dict[bytes, list[int]]]) -> None:
    """Calls with type arguments the Kotlin grammar reads as comparisons inside an argument list
    (`arrayOf(toAnyType<P0>(converterProvider))`): recorded as calls where no call of the name is on the line."""
    calls = ref_lines.setdefault("call", {})
    found = list(_KOTLIN_GENERIC_CALL.finditer(data))
    line_of = _lines_at(data, [m.start() for m in found])
    for m in found:
        name = m.group(1)
        line = line_of[m.start()]
        start = data.rfind(b"\n", 0, m.start()) + 1
        head = data[start : m.start()]
        if re.match(rb"\s*(?://|\*|/\*)", head) or head.count(b'"') % 2 or b"//" in head or b'"""' in head:
            continue  # a comment, or a string
        if re.search(rb"\b(?:class|interface|object|fun|typealias)\s+$", head):
            continue  # `class Box<T>(..)` declares, calls nothing
        lines = calls.setdefault(name, [])
        if line not in lines:
            lines.append(line)


def _lines_at(data: bytes, positions: Iterable[int]) -> dict[int, int]:
    """The 1-based line of each byte offset, counted in one pass over the file (not once per offset)."""
    out: dict[int, int] = {}
    line, at = 1, 0
    for pos in sorted(positions):
        line += data.count(b"\n", at, pos)
        at = pos
        out[pos] = line
    return out


def _drop_called_members(ref_lines: dict[str, dict[bytes, list[int]]], ref_seen: dict[str, set[int]], data: bytes) -> None:
    """Member reads that are the callee of a call at the same place (both queries name `m` in `x.m()`)."""
    if "member" not in ref_seen or "call" not in ref_seen:
        return
    by_raw = ref_lines["member"]
    both = ref_seen["member"] & ref_seen["call"]
    line_of = _lines_at(data, both)
    for start in both:
        word = re.match(rb"[\w$]+", data[start : start + 256])
        lines = by_raw.get(word.group(0)) if word else None
        line = line_of[start]
        if lines and line in lines:
            lines.remove(line)
            if not lines:
                del by_raw[word.group(0)]  # type: ignore[union-attr]


def _finish(result: FileResult, spec: LanguageSpec, data: bytes, defs: list[_Def],
            ref_lines: dict[str, dict[bytes, list[int]]], imports: dict[tuple[int, str], tuple[list[str], int]],
            exports: ModuleExports | None, macros: list[MacroSpan] | None = None) -> FileResult:
    """Rows from what the query found: references grouped per name and kind, imports in line order (each
    also a reference to the names it binds), definitions nested."""
    grouped: dict[tuple[str, str], list[int]] = {}  # (name, kind) -> lines
    if spec.name == "bash":
        _shell_variables(data, ref_lines.setdefault("other", {}))
    for kind, by_raw in ref_lines.items():
        for raw_name, lines in by_raw.items():
            name = _name_of(raw_name, spec)
            if name:
                known = grouped.get((name, kind))
                if known is None:
                    grouped[(name, kind)] = lines
                else:  # another spelling of the same name (whitespace): lines are sorted below
                    known.extend(lines)
    _finish_imports(result, spec, imports, grouped)
    result.symbols = _symbols(defs, spec, data, exports, macros)
    result.refs = sorted(_ref_rows(grouped))  # (name, kind) is unique: the same order as sorting the keys
    return result


def _finish_imports(result: FileResult, spec: LanguageSpec, imports: dict[tuple[int, str], tuple[list[str], int]],
                    grouped: dict[tuple[str, str], list[int]]) -> None:
    """Import rows in line order; each import is also a reference to the names it binds."""
    for (_nid, module), (bound, line) in sorted(imports.items(), key=lambda kv: (kv[1][1], kv[0][1])):
        result.imports.append((module, tuple(bound), line))
        for ref in bound or [_module_ref(module, spec)]:
            if ref and not ref.startswith("*") and ref not in ("self", "_", "."):
                grouped.setdefault((ref, "import"), []).append(line)


def _ref_rows(grouped: dict[tuple[str, str], list[int]]) -> list[tuple[Any, ...]]:
    return [(name, kind, ",".join(map(str, sorted(lines))), len(lines)) for (name, kind), lines in grouped.items()]


def _exported_value(node: ts.Node, whole: bool, data: bytes, exports: ModuleExports) -> None:
    """The names a CommonJS export assignment's value exports: `= X` (X), and for `module.exports = { a, b: c }`
    (`whole`) the object's shorthand names and identifier values (a, c)."""
    kind = node.type
    if kind in ("class", "function_expression"):  # `module.exports = class X {...}`: X (a definition, see the query)
        named = node.child_by_field_name("name")
        if named is not None:
            exports.names.add(data[named.start_byte : named.end_byte].decode("utf-8", "replace"))
    elif kind == "identifier":
        exports.names.add(data[node.start_byte : node.end_byte].decode("utf-8", "replace"))
    elif kind == "object" and whole:
        for child in node.named_children:
            named = child.child_by_field_name("value") if child.type == "pair" else child
            if named is not None and named.type in ("identifier", "shorthand_property_identifier"):
                exports.names.add(data[named.start_byte : named.end_byte].decode("utf-8", "replace"))


def _chain_head(node: ts.Node, spec: LanguageSpec) -> ts.Node:
    """A Python chained assignment's whole statement for each of its names (`a = b = None`: b is a's sibling)."""
    if node.type == "assignment" and spec.name == "python":
        while node.parent is not None and node.parent.type == "assignment":
            node = node.parent
    return node


def _merge_nested(defs: dict[tuple[int, int], _Def], spec: LanguageSpec,
                  skip: set[int] | frozenset[int] = frozenset()) -> list[_Def]:
    """Drop a definition captured inside another of the same kind on its parent node: the struct of
    `typedef struct {...} point_t;` is one symbol (point_t), not two. Drop the `skip` node ids
    (declarations that only bind imports)."""
    kinds: dict[int, set[str]] = {}
    if spec.wrappers:
        for d in defs.values():
            kinds.setdefault(d.node.id, set()).add(d.kind)
    out = []
    for d in defs.values():
        if skip and d.node.id in skip:
            continue
        parent = d.up  # None when the language has no wrappers
        if parent is not None and parent.type in spec.wrappers and d.kind in kinds.get(parent.id, ()):
            continue
        out.append(d)
    return out


def _def_name(node: ts.Node, data: bytes, spec: LanguageSpec) -> str:
    """A definition's name from its captured node: its text (_name_of), or a C++ conversion operator's
    `operator bool` (the node holds its whole declarator, `operator bool() const`)."""
    if node.type == "operator_cast":
        target = node.child_by_field_name("type")
        return "operator " + (" ".join(_text(target).split()) if target is not None else "")
    if node.type == "companion":  # Kotlin's unnamed companion object (its `companion` keyword captured)
        return "Companion"
    return _name_of(data[node.start_byte : node.end_byte], spec)


def _name_of(raw: bytes, spec: LanguageSpec) -> str:
    """A captured name's text (whitespace collapsed; a Markdown heading without its marks, a Ruby
    symbol without its colon), with a fast path for a plain ASCII identifier."""
    if len(raw) <= SIGNATURE_MAX and raw.replace(b"_", b"a").isalnum() and raw.isascii():
        return raw.decode("ascii")
    text = " ".join(raw.decode("utf-8", "replace").split())
    if spec.name == "markdown":
        return text.lstrip("#").strip().rstrip("#").strip()[:SIGNATURE_MAX]
    if spec.name == "html":  # a heading's text without its tags
        return " ".join(_TAG.sub(" ", text).split())[:SIGNATURE_MAX]
    if spec.name == "ruby" and text.startswith(":"):
        return text[1:]
    return text


def _module_ref(module: str, spec: LanguageSpec) -> str:
    """The name a bare import binds: `os.path` -> os (Python), `github.com/x/log` -> log, `./a.css` -> a.css."""
    if spec.name == "python":
        return module.lstrip(".").split(".", 1)[0]
    return module.strip('"<>').rstrip("/").rsplit("/", 1)[-1].rsplit("::", 1)[-1]


#: wrappers that group definitions in parentheses, even when they hold one (Go's `const (..)` and `var (..)`)
_GROUPING = frozenset({"const_declaration", "var_declaration"})


def _outer(node: ts.Node, spec: LanguageSpec) -> tuple[ts.Node, ts.Node | None]:
    """The node with decorators / `export` / attributes: a wrapper counts unless it groups several
    definitions (Go's `const ( a = 1; b = 2 )`). Also returns node.parent (None when the language has
    no wrappers: then it is not looked up)."""
    wrappers = spec.wrappers
    if not wrappers:
        return node, None
    wrapped = _WRAPPED.get(spec.name)
    if wrapped is not None and node.type not in wrapped:
        return node, None  # its parent cannot be a wrapper: not looked up (most of C's definitions)
    outer = node
    up = parent = node.parent
    while parent is not None and parent.type in wrappers:
        if sum(1 for c in parent.named_children if c.type == outer.type) > 1:
            break
        if parent.type in _GROUPING and any(c.type == "(" for c in parent.children):
            break  # Go `const (\n  // doc\n  flushInterval = 100 * time.Millisecond\n)`: the one constant's own line,
            # not the block's (gometrics run 575 was told statsite.go:13-18 for a constant at 17)
        outer = parent
        parent = parent.parent
    return outer, up


def _receiver(node: ts.Node, spec: LanguageSpec) -> str:
    """The type a receiver names: C++'s `base_sink<Mutex>` (of `base_sink<Mutex>::log`) is base_sink."""
    text = _text(node)
    return text.split("<", 1)[0].strip() if spec.name == "cpp" and node.type == "template_type" else text


def _strip_quotes(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`":
        return text[1:-1]
    return text


def _collect_import(node: ts.Node, caps: dict[str, list[ts.Node]], spec: LanguageSpec,
                    out: dict[tuple[int, str], tuple[list[str], int]]) -> None:
    mods = caps.get("import.module") or []
    path = caps.get("import.path")
    if path:  # a module written as segments (Scala's `import a.b.{C, D => E}`): from the first to the first name
        names = caps.get("import.name")
        end = names[0].start_byte if names else path[-1].end_byte
        mods = []
        module = re.split(r"[{,]", _WS.sub("", _SRC.data[path[0].start_byte : end].decode("utf-8", "replace")))[0].rstrip(".:/\\")
    elif len(mods) > 1:  # one node per segment (Scala's `import a.b.{C, D}`): the text they span
        module = _WS.sub("", _SRC.data[min(m.start_byte for m in mods) : max(m.end_byte for m in mods)].decode("utf-8", "replace"))
    elif (mods and (names := caps.get("import.name")) and len(names) == 1
          and mods[0].start_byte < names[0].start_byte and names[0].end_byte == mods[0].end_byte):
        # the name ending the module's node (Kotlin's `import a.b.C`: one node): the module is what precedes it
        module = _WS.sub("", _SRC.data[mods[0].start_byte : names[0].start_byte].decode("utf-8", "replace")).rstrip(".:/\\")
    else:
        module = _WS.sub("", _text(mods[0])) if mods else ""
    if spec.name == "python" and node.type == "future_import_statement":
        module = "__future__"
    _add_import(node.id, node.start_point.row + 1, module, [_text(n) for n in caps.get("import.name") or []], spec, out)


def _add_import(statement: int, line: int, module: str, raw_names: list[str], spec: LanguageSpec,
                out: dict[tuple[int, str], tuple[list[str], int]]) -> None:
    """One import match: `statement` tells statements apart (node id or start byte)."""
    if spec.name in ("c", "cpp"):
        module = module if module.startswith('"') else module.strip("<>")
    else:
        module = _strip_quotes(module)
    names, _line = out.setdefault((statement, module), ([], line))
    for text in raw_names:
        name = _strip_quotes(_WS.sub(" ", text).strip())
        if spec.name in ("rust", "php", "cpp", "csharp"):
            name = re.split(r"::|\\", name)[-1] if not name.endswith("::*") else "*"
        if name and name not in names:
            names.append(name)


def _symbols(defs: list[_Def], spec: LanguageSpec, data: bytes, exports: ModuleExports | None = None,
             macros: list[MacroSpan] | None = None) -> list[tuple[Any, ...]]:
    """Nest definitions by range, fix kinds, drop locals, compute qualnames, signatures, docs, visibility;
    a definition standing in an unwrapped Rust macro says so in its signature (`(in macro cfg_rt!)`)."""
    for d in defs:
        d.ostart, d.oend = (d.head or d.outer).start_byte, max(d.outer.end_byte, d.tail.end_byte if d.tail else 0)
        if exports is not None and d.outer is not d.node:  # `export function f`: an ES module
            exports.es = True
    defs.sort(key=lambda d: (d.ostart, -d.oend, d.node.start_byte))
    if spec.merge_clauses:
        defs = _merge_clauses(defs, arity=spec.name == "elixir")
    stack: list[_Def] = []
    kept: list[_Def] = []
    # the definition an `impl Type` block or a receiver names: a class-like one before a `type` (Rust's associated
    # `type IntoIter = SliceDrain<..>` of another impl is no IntoIter struct), the first of each
    by_name: dict[str, _Def] = {}
    for d in sorted((d for d in defs if d.kind in spec.class_kinds or d.kind == "type"), key=lambda d: d.kind == "type"):
        by_name.setdefault(d.name, d)
    for d in defs:
        while stack and (not (d.ostart >= stack[-1].ostart and d.oend <= stack[-1].oend)
                         or stack[-1].node.id == d.node.id):  # `int x, y;`: y is x's sibling
            stack.pop()
        d.parent = stack[-1] if stack else None
        if d.parent is not None and ((d.macro and d.parent.node.type == "macro_definition")
                                     or d.node.type == "property_promotion_parameter"):
            # an item a macro writes stands where the macro does; a PHP property promoted in the constructor
            # (`__construct(private Foo $foo)`) where the constructor does: in the class, no local of it
            d.parent = d.parent.parent
        # `obj.reset = function() ... end` inside a Lua function is obj's, not the function's (`call_ctor.reset`)
        if d.receiver and (d.parent is None or d.parent.kind in _FUNCTIONS):
            d.parent = by_name.get(d.receiver) or _Def(node=d.node, outer=d.outer, name=d.receiver, kind="scope.type",
                                                       ostart=d.ostart, oend=d.oend)
        if d.kind != "type" or d.node.type != "type_definition":  # `typedef struct tag {...} t;`: t holds nothing
            stack.append(d)
        owner = _nearest_symbol(d.parent, by_name)
        if d.kind in _VALUES and owner is not None and owner.kind in _FUNCTIONS:
            d.kind = "drop"  # a local variable
            continue
        if spec.name in ("c", "cpp") and d.kind == "function" and owner is not None and owner.kind in _FUNCTIONS \
                and d.node.type == "declaration":
            d.kind = "drop"  # `std::lock_guard<Mutex> lock(mutex_);` in a body: a local object, read as a prototype
            continue
        if d.kind == "function" and owner is not None and (owner.kind in spec.class_kinds or owner.kind in _SCOPE_KINDS) \
                and not _lua_dot_function(d, spec):
            d.kind = "method"
        elif d.kind == "variable" and owner is not None and owner.kind in spec.class_kinds:
            d.kind = "field"
        if d.kind == "variable" and _CONST_RE.match(d.name) and spec.name != "make":  # make's CFLAGS is set anywhere
            d.kind = "constant"
        if not d.kind.startswith("scope"):
            kept.append(d)
    out: list[tuple[Any, ...]] = []
    for d in defs:
        d.index = -1
    for i, d in enumerate(kept):
        d.index = i
    for d in kept:
        quals = []
        p: _Def | None = d
        while p is not None:
            # a Haskell constructor named as its type qualifies its fields once: WriterOptions.writerColumns
            if p.kind != "drop" and not (p.kind in ("scope.type", "constant") and p.parent is not None and p.parent.name == p.name
                                         and (p.kind == "scope.type" or p is not d)) \
                    and (p.kind != "namespace" or p is d) \
                    and (p is d or p.node.type != "companion_object" or p.node.child_by_field_name("name") is not None):
                # (a C#/PHP namespace qualifies nothing, qualify.py; nor Kotlin's unnamed companion object: its
                # members are written `Outer.member`)
                quals.append(p.name)
            p = p.parent
        owner = _nearest_symbol(d.parent, by_name)
        owner = owner if owner is None or owner.index >= 0 else None
        owner_kind = owner.kind if owner else None
        start, end = _lines(d.outer)
        if spec.name != "markdown":  # a section runs to the next heading, its blank lines with it
            end = _content_end(d.outer, spec.comment_types, end)
        if d.tail is not None:
            end = max(end, _lines(d.tail)[1])
        if d.head is not None:
            start = d.head.start_point.row + 1
        value = d.kind in _VALUES
        body = _body(d.node, spec) if spec.doc == "docstring" or not (value or spec.name == "markdown") else None
        sig = _def_signature(d, spec, value, body, macros)
        doc = _doc(d, spec, body)
        # an impl block has no visibility of its own (its items have theirs)
        exported = d.kind == "impl" or is_exported(spec, d.node, d.outer, d.name, d.kind, owner_kind, exports)
        out.append((d.name, spec.qualifier.join(reversed(quals)), d.kind, start, end, sig, doc, exported,
                    owner.index if owner is not None else -1))
    return out


def _def_signature(d: _Def, spec: LanguageSpec, value: bool, body: ts.Node | None, macros: list[MacroSpan] | None) -> str:
    if _SRC.rewritten and d.outer.start_byte in _SRC.rewritten:  # `SYSCALL_DEFINE3(msync, ...)` as written
        data, _SRC.data = _SRC.data, _SRC.original
        sig = signature(d.node, spec, value=value, outer=d.outer, body=body)
        _SRC.data = data
    else:
        sig = signature(d.node, spec, value=value, outer=d.outer, body=body, to_body=bool(d.macro))
        if spec.blank_macros and (" ;" in sig or " ," in sig or " )" in sig or "( " in sig or " ]" in sig):
            sig = _BLANK_GAP.sub("", sig)  # where a blanked macro stood: `int x __read_mostly;` -> `int x ;`
    if spec.name == "kotlin":
        sig = _kotlin_annotated(d.node, sig)
    elif spec.name == "python" and d.outer.type == "decorated_definition":
        sig = _python_decorated(d.outer, sig)
    if d.macro and (d.parent is None or not d.parent.macro):
        sig = _with_note(sig, f" (written by macro_rules! {d.macro})")
    elif macros:
        sig = _with_note(sig, rust_macros.note(macros, d.node.start_byte, d.parent.ostart if d.parent else -1))
    if d.clauses > 1 and spec.name == "elixir":  # the first clause's head stands for all: say there are more
        sig = f"{sig}  [{d.clauses} clauses]"
    return sig


def _lua_dot_function(d: _Def, spec: LanguageSpec) -> bool:
    """Lua `function path.isdir(P)` (or `M.f = function(...)`): a table's function, called `path.isdir(p)`, no
    method; `function List:append(x)` takes `self` and is one (the Penlight A/B agent, asked which are methods, read
    "method" on every `.` function)."""
    if spec.name != "lua" or d.receiver is None:
        return False
    name = d.node.child_by_field_name("name")
    if name is None and d.node.type == "assignment_statement":
        return True  # `M.f = function(...)`: written with a dot
    return name is not None and name.type == "dot_index_expression"


#: Python decorators that change what a definition is (a property, a class method, abstract...): shown in front of
#: its signature. The rich A/B agent read sources to tell `Live.renderable` (a property) from a method.
_PY_KIND_DECORATORS = frozenset({"property", "setter", "getter", "deleter", "classmethod", "staticmethod", "abstractmethod",
                                 "abstractproperty", "cached_property", "contextmanager", "asynccontextmanager",
                                 "dataclass", "override", "final", "total_ordering", "singledispatch", "register"})


def _python_decorated(outer: ts.Node, sig: str) -> str:
    """A Python signature with the decorators that change what it is in front (`@property def renderable(self)`,
    `@renderable.setter`, `@dataclass(frozen=True) class Style`); others (routes, caches) are left to a read."""
    notes = []
    for c in outer.children:
        if c.type != "decorator":
            continue
        text = " ".join(_text(c).split())
        head = re.match(r"@([\w.]+)", text)
        if head and head.group(1).rsplit(".", 1)[-1] in _PY_KIND_DECORATORS and len(text) <= 60:
            notes.append(text)
    return " ".join([*notes[:3], sig]) if notes else sig


def _kotlin_annotated(node: ts.Node, sig: str) -> str:
    """A Kotlin signature with the definition's annotations in front (`@JvmOverloads public fun
    downloadBundleFromURL(...)`): they change what is compiled, and the Kotlin A/B agent read a range more for one.
    At most three short ones, without the comments that may sit between them."""
    mods = next((c for c in node.children if c.type == "modifiers"), None)
    if mods is None:
        return sig
    notes = [" ".join(_text(a).split()) for a in mods.children if a.type == "annotation"]
    notes = [a for a in notes if len(a) <= 60 and a not in sig][:3]  # `public @JvmStatic fun`: in it already
    if not notes:
        return sig
    text = " ".join([*notes, sig])
    return text if len(text) <= SIGNATURE_MAX + 60 else text[: SIGNATURE_MAX + 59].rstrip() + "…"


def _merge_clauses(defs: list[_Def], *, arity: bool = False) -> list[_Def]:
    """Consecutive definitions of one name and kind under one parent node, starting with the same word, as one: the
    first, ranging to the last one's end (`parse :: String -> Value` and its equations; `def f(0)` and `def f(n)`,
    not `def f(x)` and `defp f(x, acc)`; with `arity`, Elixir's, not `def compile(a, b, c, d)` and `def compile(a,
    b, c, d, e, f)`: another function). `defs` sorted by start."""
    out: list[_Def] = []
    last: dict[int, _Def] = {}  # parent node id -> the definition seen last under it
    for d in defs:
        up = d.outer.parent
        key = up.id if up is not None else -1
        prev = last.get(key)
        if (prev is not None and d.name == prev.name and d.kind == prev.kind and d.ostart >= prev.oend
                and d.kind != "impl"  # two instances of one class are two definitions
                and _first_word(d.node) == _first_word(prev.node)  # `def f` and `defp f` stay apart
                and (not arity or _arity(d.node) == _arity(prev.node))):
            prev.tail = d.tail or d.outer
            prev.oend = d.oend
            prev.clauses += 1
            continue
        out.append(d)
        last[key] = d
    return out


def _arity(node: ts.Node) -> int:
    """The number of parameters an Elixir clause head declares (`def f(a, b \\\\ [], c) when ...` -> 3; `def f, do:`
    -> 0)."""
    head = _raw(node)[:400]
    m = re.match(rb"\s*\w+\s+[\w?!]+\s*\(", head)
    if m is None:
        return 0
    depth, count, seen = 1, 0, False
    for ch in head[m.end():]:
        c = chr(ch)
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                break
        elif c == "," and depth == 1:
            count += 1
        if not c.isspace():
            seen = True
    return count + 1 if seen else 0


#: Haskell's type level, where `apply` and `variable` nodes are type applications and type variables, no calls
_HASKELL_TYPES = "[(signature) (data_type) (newtype) (type_synonym) (type_family) (context) (type_patterns) (type_params)] @t"


#: the command a `$(...)` or backquoted substitution runs, in a single-quoted word list (`'$(_parse_help "$1")'`)
_SHELL_SUBSTITUTED = re.compile(rb"(?:\$\(|`)\s*([A-Za-z_][\w:-]*)")


_SHELL_VARIABLE = re.compile(rb"\$\{?[#!]?([A-Za-z_]\w*)")


def _shell_variables(data: bytes, by_raw: dict[bytes, list[int]]) -> None:
    """The lines of every `$name` and `${name...}` outside comment lines: tree-sitter-bash 0.25 reads `$x/$_glob*`
    as `$` and a word, so bash-completion's `!($_backup_glob)` lines were no use of the variable (the A/B agent of
    run 42 got "no references" for it)."""
    for row, line in enumerate(data.split(b"\n"), 1):
        if b"$" not in line or line.lstrip().startswith(b"#"):
            continue
        for name in dict.fromkeys(_SHELL_VARIABLE.findall(line)):
            lines = by_raw.setdefault(name, [])
            if row not in lines:
                lines.append(row)


def _substituted(node: ts.Node, data: bytes, by_raw: dict[bytes, list[int]]) -> bool:
    """The lines of each command a single-quoted shell word list runs through `$(...)` or backquotes (True: the
    string is read)."""
    row = node.start_point.row + 1
    text = data[node.start_byte : node.end_byte]
    for m in _SHELL_SUBSTITUTED.finditer(text):
        by_raw.setdefault(m.group(1), []).append(row + text.count(b"\n", 0, m.start()))
    return True


def _haskell_type_spans(root: ts.Node) -> list[tuple[int, int]]:
    """The byte spans of a Haskell tree's type-level nodes, sorted and merged (`MarkdownParser m Attr` names no
    function `m`)."""
    spans = sorted((n.start_byte, n.end_byte) for n in ts.QueryCursor(_haskell_types_query()).captures(root).get("t", ()))
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


@functools.cache
def _haskell_types_query() -> ts.Query:
    return ts.Query(languages.grammar("haskell"), _HASKELL_TYPES)


def _off_types(nodes: list[ts.Node], types: list[tuple[int, int]] | None, kind: str) -> list[ts.Node]:
    """Call captures outside the type level (`types`: Haskell's spans; None elsewhere)."""
    return [n for n in nodes if not _inside(types, n.start_byte)] if types and kind == "call" else nodes


def _inside(spans: list[tuple[int, int]], pos: int) -> bool:
    i = bisect.bisect_right(spans, (pos, 1 << 62)) - 1
    return i >= 0 and spans[i][0] <= pos < spans[i][1]


def _first_word(node: ts.Node) -> bytes:
    head = _raw(node)[:40].split(None, 1)
    return head[0] if head else b""


def _nearest_symbol(d: _Def | None, by_name: dict[str, _Def]) -> _Def | None:
    """The definition that owns `d`'s children: skips dropped locals and namespaces; an `impl Type`
    scope stands for Type's definition when the file has it (else for itself)."""
    # (nor Kotlin's unnamed companion object: its members are the class's, `Outer.create()` as written; the companion
    # is a definition of its own for outlines and reads, review of stop 56: callees of `Outer.create()` went unresolved)
    while d is not None and (d.kind == "drop" or d.kind == "scope" or d.kind == "namespace"
                             or (d.node.type == "companion_object" and d.node.child_by_field_name("name") is None)):
        d = d.parent
    if d is not None and d.kind in _SCOPE_KINDS:
        return by_name.get(d.name, d)
    return d


def _with_note(sig: str, note: str) -> str:
    """`sig` followed by `note`, within SIGNATURE_MAX (the signature is cut, not the note)."""
    if not note:
        return sig
    room = SIGNATURE_MAX - len(note)
    return (sig if len(sig) <= room else sig[: room - 1].rstrip() + "…") + note


def _body(node: ts.Node, spec: LanguageSpec) -> ts.Node | None:
    body = node.child_by_field_name("body")
    if body is not None:
        return body
    extra = spec.body_types
    for child in node.named_children:
        if child.type in _BODY_TYPES or child.type in extra:
            return child
    return None


_SKIP_IN_SIGNATURE = frozenset(
    {"decorator", "attribute_item", "attribute_list", "annotation", "marker_annotation", "comment", "line_comment", "block_comment"}
)
#: Swift's `@JavaScriptActor` / `@discardableResult` (an `attribute` elsewhere is `obj.attr`, Python's member access)
_SKIP_IN_SIGNATURE_SWIFT = _SKIP_IN_SIGNATURE | {"attribute"}
_KOTLIN_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def signature(node: ts.Node, spec: LanguageSpec, *, value: bool = False, outer: ts.Node | None = None,
              body: ts.Node | None = None, to_body: bool = False) -> str:
    """The header of a definition up to its body, whitespace collapsed, at most ~200 chars
    (a variable, constant or field: its first line). It starts at the wrapper (`export`, `type`,
    `template<...>`) but after decorators and attributes. `body`: the node's `_body`; `to_body`: the header is all
    the text before it (a Rust macro transcriber's item, whose `$(...)*` the parsed tree ends before)."""
    nstart = node.start_byte
    skip = _SKIP_IN_SIGNATURE_SWIFT if spec.name == "swift" else _SKIP_IN_SIGNATURE
    start = _signature_start(node, outer, skip)
    if node.type in ("preproc_def", "preproc_function_def"):  # a macro over `\`-continued lines: joined (googletest
        # run 56 read `#define GTEST_CHECK_(condition) \` and a range more for what it expands to)
        text = " ".join(_SRC.data[start:node.end_byte][:4000].decode("utf-8", "replace").replace("\\\r\n", " ").replace("\\\n", " ").split())
        return text if len(text) <= SIGNATURE_MAX else text[: SIGNATURE_MAX - 1].rstrip() + "…"
    if spec.name == "markdown" or value:
        return signature_text(_SRC.data, start, node.end_byte, 0, SIG_VALUE)
    shape = node.child_by_field_name("value") if node.type == "type_alias_declaration" else None
    # (Kotlin's and Swift's too: `typealias TokenCheckHandler =\n  (Boolean, WritableMap?) -> Unit` had been its first
    # line, stripe run 537)
    if node.type in _TYPE_ALIASES and node.end_point.row > node.start_point.row and not (
            shape is not None and shape.type == "object_type"
            and any(c.type == "property_signature" for c in shape.named_children)):  # (members: listed as fields)
        # a TypeScript type over lines (`export type $ZodIssue =\n  | A\n  | B`), joined: its first line had been
        # all of it, `export type $ZodIssue =` (zod run 406)
        raw = _SRC.data[start : node.end_byte][:4000].decode("utf-8", "replace")
        raw = _strip_comments(raw)  # (comments left out)
        text = " ".join(raw.split()).rstrip(";")
        return text if len(text) <= SIGNATURE_MAX else text[: SIGNATURE_MAX - 1].rstrip() + "…"
    if spec.name == "haskell" and node.type == "signature":  # a type over lines, each with its `-- ^` doc: joined
        text = " ".join(_HASKELL_COMMENT.sub(" ", _SRC.data[start : node.end_byte][:4000].decode("utf-8", "replace")).split())
        return text if len(text) <= SIGNATURE_MAX else text[: SIGNATURE_MAX - 1].rstrip() + "…"
    if body is None and spec.name == "kotlin" and node.type == "class_declaration" \
            and node.end_point.row > node.start_point.row:  # `class A(c: Context) :\n  // why\n  Base(c)`: no body
        parts: list[str] = []
        for c in node.children:
            if c.type == "modifiers":  # `internal`, `data`; its annotations are put in front by _kotlin_annotated
                parts += [_text(m) for m in c.children if m.type not in skip]
            elif c.end_byte > start and c.type not in spec.comment_types:
                parts.append(_KOTLIN_COMMENT.sub(" ", _text(c)))  # `val a: Int, // the id`
        text = re.sub(r"(\w) \(", r"\1(", " ".join(" ".join(parts).split()))  # (its base was lost past the comments)
        return text if len(text) <= SIGNATURE_MAX else text[: SIGNATURE_MAX - 1].rstrip() + "…"
    if body is not None and body.type == "ordered_field_declaration_list":
        # a Rust tuple struct's fields are its shape: `pub struct LevelFilter(Option<Level>)` (tracing-core run 456
        # had read `pub struct LevelFilter` and a range more for what it holds)
        # (its fields' doc comments and attributes left out: Identifier's `/// **Warning**: ..` had filled it)
        raw = _SRC.data[start : node.end_byte][:4000].decode("utf-8", "replace")
        raw = re.sub(r"#\[[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*\]", " ", _strip_comments(raw))
        text = re.sub(r"\(\s+", "(", " ".join(raw.split())).rstrip(";").rstrip()
        text = re.sub(r",\s*\)(?=\s*(?:where\b.*)?$)", ")", text)  # (the trailing comma of fields over lines)
        return text if len(text) <= SIGNATURE_MAX else text[: SIGNATURE_MAX - 1].rstrip() + "…"
    bstart = body.start_byte if body is not None else -1
    if body is None and node.type in _BODILESS_CLASSES:  # Scala `class X(...)\nextends A with B`: the whole node
        bstart = node.end_byte
    if body is None and node.type == "method_declaration" and spec.name == "objc":  # a selector over lines, to its `;`
        bstart = node.end_byte
    if bstart > nstart and to_body:
        end = bstart
    elif bstart > nstart:
        end = nstart
        for child in node.children:
            if child.start_byte >= bstart:
                break
            if child.type not in spec.comment_types:
                end = child.end_byte
        head = signature_text(_SRC.data, start, node.end_byte, end, SIG_HEAD)
        return head.removesuffix(" where") if spec.name == "haskell" else head  # `instance C T where`
    return signature_text(_SRC.data, start, node.end_byte, 0, SIG_LINE)


def _swift_subscript(name_node: ts.Node) -> bool:
    """Whether a Swift name the call patterns caught is subscripted, not called (`plugins[call.pluginId]`): the
    grammar writes both as a call_expression whose arguments open with `[` or `(` (capios run 539 read the dictionary
    field `plugins` as a callee)."""
    node: ts.Node | None = name_node.parent
    while node is not None and node.type in ("navigation_suffix", "navigation_expression"):
        node = node.parent
    if node is None or node.type != "call_expression":
        return False
    suffix = next((c for c in node.children if c.type == "call_suffix"), None)
    args = suffix.children[0] if suffix is not None and suffix.child_count else None
    return args is not None and args.type == "value_arguments" and args.child_count > 0 and args.children[0].type == "["


def _strip_comments(raw: str) -> str:
    """Source text without its `/* .. */` and `//` comments (a `//` inside a word, `https://`, stays)."""
    return re.sub(r"(?:^|(?<=\s))//[^\n]*", " ", re.sub(r"/\*.*?\*/", " ", raw, flags=re.S))


def _signature_start(node: ts.Node, outer: ts.Node | None, skip: frozenset[str]) -> int:
    """Where a signature starts: at the wrapper (`export`, `template<...>`) around the node, else at its first child
    that is no attribute, annotation or comment."""
    nstart = start = node.start_byte
    if outer is not None and outer is not node and outer.id != node.id:
        for child in outer.children:
            if child.type not in skip:
                start = min(child.start_byte, nstart)
                break
    if start == nstart:
        for child in node.children:  # skip leading attributes, annotations, comments
            if child.type == "modifiers":  # Java keeps annotations inside the modifiers
                # (Swift's `@objc`, `@objc(Name)` kept: it exposes the declaration to Objective-C, part of its exact
                # signature; capios runs 539, 544 and 546 read it again from the source)
                mods = [m for m in child.children if m.type not in skip
                        or (m.type == "attribute" and skip is _SKIP_IN_SIGNATURE_SWIFT and _text(m).startswith("@objc"))]
                start = mods[0].start_byte if mods else child.end_byte
                if mods:
                    break
                continue
            if child.type not in skip:
                start = child.start_byte
                break
    return start


SIG_VALUE, SIG_HEAD, SIG_LINE = 0, 1, 2
#: type alias nodes whose whole text is their signature, joined over lines (TypeScript, Kotlin, Swift)
_TYPE_ALIASES = frozenset({"type_alias_declaration", "type_alias", "typealias_declaration"})
#: a Haskell comment: `{- ... -}`, or `--` not part of an operator (`-->`) to the line's end
_HASKELL_COMMENT = re.compile(r"\{-.*?-\}|(?<![!#$%&*+./<=>?@\\^|~:-])--+(?![!#$%&*+./<=>?@\\^|~:])[^\n]*", re.S)
#: class-like nodes that may have no body, their header then running to their end (and over lines)
_BODILESS_CLASSES = frozenset({"class_definition", "trait_definition", "object_definition"})


def signature_text(data: bytes, start: int, nend: int, end: int, mode: int) -> str:
    """A signature from its byte span: `start` to the node's end `nend`; SIG_VALUE its first line (a value),
    SIG_HEAD its first `end - start` bytes (the header before the body), SIG_LINE its first line (no body)."""
    raw = data[start:nend]
    if mode == SIG_VALUE:
        return " ".join(raw[:4000].decode("utf-8", "replace").split("\n", 1)[0].split())[:SIGNATURE_MAX]
    if mode == SIG_HEAD:
        head = raw[: end - start]
    else:
        head = raw[:2000].split(b"\n", 1)[0]
        if head.rstrip().endswith(b"{"):
            head = head.rstrip()[:-1]
    text = " ".join(head[:4000].decode("utf-8", "replace").split())  # collapses whitespace as \\s+ does
    text = text.rstrip("{:;").rstrip()
    if mode == SIG_HEAD and text.endswith(" ="):  # Scala's `def f(): Int =`, Haskell's, ML's
        text = text[:-2].rstrip()
    if len(text) > SIGNATURE_MAX:
        text = text[: SIGNATURE_MAX - 1].rstrip() + "…"
    return text


def _doc(d: _Def, spec: LanguageSpec, body: ts.Node | None) -> str | None:
    """`body`: the definition node's `_body` (used by docstring languages)."""
    if spec.doc == "none":
        return None
    if spec.doc == "docstring":
        if body is not None and body.named_child_count:
            first = body.named_child(0)
            if first is not None and first.type == "expression_statement" and first.named_child_count:
                string = first.named_child(0)
                if string is not None and string.type == "string":
                    return _first_line(_python_string(string))
        return None
    return _comment_doc(d.outer, spec)


def _python_string(node: ts.Node) -> str:
    parts = [_text(c) for c in node.named_children if c.type == "string_content"]
    return "".join(parts)


_COMMENT_MARKS = re.compile(r"^\s*(?:/\*\*?|\*/|\*|///?|//!|#+|--+\s*[|^]?|\{-\s*[|^]?|<!--)\s?")


#: a markup tag in a doc comment (`<summary>`, `<see cref="X"/>`, `</p>`), never a generic type's arguments
#: (`@var array<string, PrioritizedList<NodeRendererInterface>>` had been cut to `array>`, commonmark run 374)
_XML_TAG = re.compile(r"</[A-Za-z][\w:.-]*\s*>"
                      r"|(?<![\w$\\])<[A-Za-z][\w:.-]*(?:\s+[\w:.-]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?)*\s*/?>")
_TAG = re.compile(r"<[^>]*>")


def _first_line(text: str) -> str | None:
    for line in text.splitlines():
        line = _XML_TAG.sub("", _COMMENT_MARKS.sub("", line)).strip()
        line = line.removesuffix("*/").strip()
        if line and line not in ("*", "/") and not _RULE.fullmatch(line):
            return line[:SIGNATURE_MAX]
    return None


#: a rule line a comment opens with (` * -----------`: Commons Collections' javadoc), no summary of anything
_RULE = re.compile(r"[-=*_~#/+.<>]{3,}")


def _comment_doc(outer: ts.Node, spec: LanguageSpec) -> str | None:
    """The first line of the comment block right above a definition (attributes/annotations skipped)."""
    block: list[ts.Node] = []
    node = outer
    expect_row = outer.start_point.row
    prev = node.prev_sibling
    while prev is not None:
        if prev.type in spec.comment_types:
            mark = _SRC.data[prev.start_byte : prev.start_byte + 3]
            if mark[:2] == b"#!" or mark in (b"//!", b"/*!"):  # a shebang; a Rust inner doc (the module's)
                break
            rustdoc = spec.name != "rust" or mark in (b"///", b"/**")  # rustdoc reads /// and /** only
            end_row, end_col = prev.end_point
            if end_col == 0 and end_row > prev.start_point.row:  # a line comment ends after its newline
                end_row -= 1
            if end_row < expect_row - 1 or (end_row == prev.start_point.row == outer.start_point.row):
                break
            before = prev.prev_sibling
            b_row, b_col = before.end_point if before is not None else (-1, 0)
            if before is not None and b_col == 0 and b_row > before.start_point.row:
                b_row -= 1  # (a node ending with its newline ends on the line before)
            if before is not None and before.type not in spec.comment_types and b_row == prev.start_point.row:
                break  # the line above's own trailing comment (`__le32 ee_block; /* first logical block .. */`)
            if rustdoc:
                block.append(prev)
        elif prev.type in ("attribute_item", "decorator", "annotation", "marker_annotation", "attribute_list"):
            pass
        else:
            break
        expect_row = prev.start_point.row
        prev = prev.prev_sibling
    if not block:  # a one-line definition's own trailing comment: `__le16 ee_len; /* number of blocks .. */`
        after = outer.next_sibling
        if after is not None and after.type in spec.comment_types and outer.start_point.row == outer.end_point.row \
                and after.start_point.row == outer.end_point.row:
            return _first_line(_text(after))
        return None
    for comment in reversed(block):
        line = _first_line(_text(comment))
        if line:
            return line
    return None
