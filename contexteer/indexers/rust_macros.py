"""Rust items inside macro invocations (`cfg_rt! { pub fn spawn(...) }`), unwrapped so that they parse as items.

tree-sitter keeps a macro invocation's body as an opaque token tree: a crate that wraps its API in
`cfg_*! { ... }` macros (tokio: `spawn`, `JoinHandle` and ~700 more) would have none of it indexed. An
invocation at item level whose body is in braces is unwrapped: its name, `!` and braces are blanked with
spaces (byte offsets and lines stay those of the file) and the file is parsed again, so the body's items are
items of the enclosing module, impl or trait. `cfg_if! { if #[cfg(x)] { A } else { B } }` keeps A and B.
A body that does not parse as items (`bitflags! { struct F: u32 {...} }`, `lazy_static! { static ref ... }`)
is put back as it was. Nested invocations are unwrapped in later rounds.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import tree_sitter as ts

logger = logging.getLogger(__name__)

ROUNDS = 4  # nesting depth unwrapped (tokio nests cfg macros two deep)
_ONE_BY_ONE = 200  # invocations of one file tried one by one when together they do not parse
_CONTAINERS = frozenset({"source_file", "declaration_list"})
_ITEM_PARENTS = frozenset({"mod_item", "impl_item", "trait_item", "foreign_mod_item"})


@dataclass(frozen=True, slots=True)
class MacroSpan:
    """One unwrapped invocation: its byte range in the file, its name as written (`cfg_rt!`), the byte where
    its body starts, and the 1-based line of its name (a reference to the macro)."""

    start: int
    end: int
    name: str
    body: int
    line: int


def _item_macros(root: ts.Node) -> list[ts.Node]:
    """Macro invocations in item position (module level, in a `mod`/`impl`/`trait` body)."""
    out: list[ts.Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.named_children:
            kind = child.type
            if kind == "macro_invocation":
                out.append(child)
            elif kind in _ITEM_PARENTS:
                body = child.child_by_field_name("body")
                if body is not None:
                    stack.append(body)
            elif kind in _CONTAINERS:
                stack.append(child)
    return out


#: a line holding only a macro DSL's marker: `@section type`, `@section self`, `@escape [type NodeId]`
_DSL_MARK = re.compile(rb"^[ \t]*(@[A-Za-z_]\w*(?:[ \t]+(?:\w+|\[[^\]\n]*\]))?)[ \t]*\r?$", re.MULTILINE)


def _blanks(macro: ts.Node, data: bytes) -> tuple[str, int, list[tuple[int, int]]] | None:
    """The macro's name, where its body starts, and the byte ranges to blank so the body stands as items;
    None when its body is not in braces (`impl_op!(Add, add);` holds no items)."""
    name_node = macro.child_by_field_name("macro")
    body = macro.named_children[-1] if macro.named_child_count else None
    if name_node is None or body is None or body.type != "token_tree" or data[body.start_byte : body.start_byte + 1] != b"{":
        return None
    name = data[name_node.start_byte : name_node.end_byte].decode("utf-8", "replace")
    if name.rsplit("::", 1)[-1] != "cfg_if":
        # a template's own markers on lines of their own (petgraph's `trait_template!` bodies: `@section type`,
        # `@escape [type NodeId]`) are no Rust: blanked, so the trait around them stands as an item
        marks = [m.span(1) for m in _DSL_MARK.finditer(data, body.start_byte, body.end_byte)] \
            if b"@" in data[body.start_byte : body.end_byte] else []
        return name, body.start_byte + 1, [(macro.start_byte, body.start_byte + 1), *marks, (body.end_byte - 1, body.end_byte)]
    # cfg_if: keep the inside of each branch's braces, blank `if #[cfg(...)]`, `else` and the braces
    ranges = []
    cursor = macro.start_byte
    for child in body.named_children:
        if child.type == "token_tree" and data[child.start_byte : child.start_byte + 1] == b"{":
            ranges.append((cursor, child.start_byte + 1))
            cursor = child.end_byte - 1
    ranges.append((cursor, body.end_byte))
    return name, body.start_byte + 1, ranges


def error_nodes(root: ts.Node) -> list[tuple[ts.Point, ts.Point]]:
    """The start and end points of a tree's ERROR and MISSING nodes."""
    return [(n.start_point, n.end_point) for n in error_node_list(root)]


def error_node_list(root: ts.Node) -> list[ts.Node]:
    """A tree's ERROR and MISSING nodes, outermost first (a subtree without errors is not walked)."""
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            out.append(node)
        elif node.has_error:
            stack.extend(node.children)
    return out


def _error_ranges(root: ts.Node) -> list[tuple[int, int]]:
    return [(n.start_byte, n.end_byte) for n in error_node_list(root)]


def _blamed(found: list[tuple[Any, ...]], new: ts.Tree, old: ts.Tree) -> set[int]:
    """Start bytes of the unwrapped invocations a new syntax error belongs to: the ones it overlaps, else the
    closest one before it (a missing `;` is reported at the next token, after the invocation)."""
    if not new.root_node.has_error:
        return set()
    before = set(_error_ranges(old.root_node)) if old.root_node.has_error else set()
    starts = sorted(item[0] for item in found)
    ends = {item[0]: item[1] for item in found}
    bad: set[int] = set()
    for a, b in _error_ranges(new.root_node):
        if (a, b) in before:
            continue
        # the invocation the error starts in (`IntoNeighbors!{delegate_impl []}` swallows the `trait_template!`
        # after it into its error), else the ones it overlaps, else the closest one before it
        hit = [s for s in starts if s <= a <= ends[s]] or [s for s in starts if s <= b and a <= ends[s]]
        if not hit:
            hit = [s for s in starts if s <= a][-1:]
        bad.update(hit)
    return bad


def _blank_into(buf: bytearray, data: bytes, start: int, end: int) -> None:
    buf[start:end] = bytes(b if b in (10, 13) else 32 for b in data[start:end])


def _edited(tree: ts.Tree, data: bytes, ranges: list[tuple[int, int]]) -> ts.Tree:
    """A copy of `tree` told that `ranges` of `data` changed (same length): parsing again with it reuses the
    rest of the tree (~3x faster than a parse from scratch)."""
    out = tree.copy()
    for a, b in ranges:
        row_a = data.count(b"\n", 0, a)
        row_b = row_a + data.count(b"\n", a, b)
        pa = ts.Point(row_a, a - data.rfind(b"\n", 0, a) - 1)
        pb = ts.Point(row_b, b - data.rfind(b"\n", 0, b) - 1)
        out.edit(start_byte=a, old_end_byte=b, new_end_byte=b, start_point=pa, old_end_point=pb, new_end_point=pb)
    return out


def unwrap_item_macros(data: bytes, tree: ts.Tree, reparse: Callable[[bytes, ts.Tree], ts.Tree]
                       ) -> tuple[bytes, ts.Tree, list[MacroSpan]]:
    """`data` with its item-level brace macros unwrapped (same length, same lines), its tree, and the spans
    of the invocations unwrapped (outer ones first). `reparse(data, old_tree)` parses again incrementally."""
    spans: list[MacroSpan] = []
    refused: set[int] = set()
    for _round in range(ROUNDS):
        found = []
        for macro in _item_macros(tree.root_node):
            if macro.start_byte in refused:
                continue
            how = _blanks(macro, data)
            if how is None:
                refused.add(macro.start_byte)
                continue
            found.append((macro.start_byte, macro.end_byte, macro.start_point.row + 1, *how))
        if not found:
            break
        buf = _unwrapped(data, found)
        new_tree = reparse(bytes(buf), _edited(tree, data, [r for item in found for r in item[5]]))
        kept = found
        if len(found) > 1 and _blamed(found, new_tree, tree) and len(found) <= _ONE_BY_ONE:
            # one error can span the file (petgraph's `IntoNeighbors!{delegate_impl []}` beside its
            # `trait_template!{..}`s): each invocation is tried alone, and the ones that parse go together
            kept = [item for item in found
                    if not _blamed([item], reparse(bytes(_unwrapped(data, [item])), _edited(tree, data, item[5])), tree)]
            refused.update(item[0] for item in found if item not in kept)
            buf = _unwrapped(data, kept)
            new_tree = reparse(bytes(buf), _edited(tree, data, [r for item in kept for r in item[5]])) if kept else tree
        for _try in range(4):  # (an invocation put back can leave the error to one after it: checked again)
            bad = _blamed(kept, new_tree, tree)
            if not bad:
                break
            for item in kept:
                if item[0] in bad:
                    refused.add(item[0])  # not items: put back as it was
                    for a, b in item[5]:
                        buf[a:b] = data[a:b]
            kept = [item for item in kept if item[0] not in bad]
            new_tree = reparse(bytes(buf), _edited(tree, data, [r for item in kept for r in item[5]])) if kept else tree
        else:
            for item in kept:  # still not clean: nothing of this round is kept
                refused.add(item[0])
            kept = []
        if not kept:
            continue
        data, tree = bytes(buf), new_tree
        spans.extend(MacroSpan(s, e, name + "!", body, line) for s, e, line, name, body, _r in kept)
    return data, tree, spans


def _unwrapped(data: bytes, items: list[tuple[Any, ...]]) -> bytearray:
    buf = bytearray(data)
    for item in items:
        for a, b in item[5]:
            _blank_into(buf, data, a, b)
    return buf


def note(spans: list[MacroSpan], start: int, parent_start: int) -> str:
    """` (in macro cfg_rt!)` for a definition starting at byte `start` whose closest enclosing definition
    starts at `parent_start` (-1 for none): only definitions standing directly in a macro body get it."""
    names = [s.name for s in spans if s.body <= start < s.end and parent_start < s.start]
    return f" (in macro {', '.join(names)})" if names else ""
