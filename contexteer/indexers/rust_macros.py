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
    return _item_level(root, "macro_invocation")


def _item_level(root: ts.Node, wanted: str) -> list[ts.Node]:
    """The nodes of type `wanted` in item position (module level, in a `mod`/`impl`/`trait` body)."""
    out: list[ts.Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.named_children:
            kind = child.type
            if kind == wanted:
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


#: a macro DSL's `#word` after a name (syn's `ast_struct! { pub struct ExprArray #full { .. } }`): Rust writes `#` only
#: before an attribute's `[` or `![` and in raw strings and identifiers (`r#"..."#`, `r#type`)
_HASH_MARK = re.compile(rb"(?<=[ \t])#[A-Za-z_]\w*(?=[ \t\r\n{(;])")


def _hash_marks(data: bytes, start: int, end: int) -> list[tuple[int, int]]:
    """The `#word` markers of a macro body, outside comments and strings (by the line before each)."""
    out = []
    for m in _HASH_MARK.finditer(data, start, end):
        line = data[data.rfind(b"\n", 0, m.start()) + 1 : m.start()]
        if b"//" not in line and line.count(b'"') % 2 == 0:
            out.append(m.span())
    return out


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
        inner = data[body.start_byte : body.end_byte]
        marks = [m.span(1) for m in _DSL_MARK.finditer(data, body.start_byte, body.end_byte)] if b"@" in inner else []
        if b"#" in inner:
            marks += _hash_marks(data, body.start_byte, body.end_byte)
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


# --- items written inside `macro_rules!` bodies ------------------------------------------------------------------

#: every byte but a line break to a space (a blanked text keeps its length and lines)
_BLANK = bytes(b if b in (10, 13) else 32 for b in range(256))
_FRAGMENT = re.compile(rb"\$([A-Za-z_]\w*)\s*:\s*([a-z_]+)")
_WORD = re.compile(rb"[A-Za-z_]\w*")
_SEPARATORS = (b"=>", b"::", b"->", b"..", b"&&", b"||", b"<=", b">=", b"==", b"!=")


@dataclass(frozen=True, slots=True)
class MacroBody:
    """The inside of one rule's transcriber of an item-level `macro_rules!` (its byte range) and the macro's name."""

    start: int
    end: int
    macro: str
    pattern: tuple[int, int]  # the rule's matcher (where its metavariables are declared)


def macro_bodies(root: ts.Node, data: bytes) -> list[MacroBody]:
    """The transcribers of the item-level `macro_rules!` definitions of a tree, inside their delimiters."""
    out: list[MacroBody] = []
    for definition in _item_level(root, "macro_definition"):
        if _exported(definition, data):
            continue
        name = definition.child_by_field_name("name")
        macro = data[name.start_byte : name.end_byte].decode("utf-8", "replace") if name is not None else ""
        for rule in definition.named_children:
            right = rule.child_by_field_name("right") if rule.type == "macro_rule" else None
            left = rule.child_by_field_name("left") if right is not None else None
            if right is not None and left is not None and right.end_byte - right.start_byte > 2:
                out.append(MacroBody(right.start_byte + 1, right.end_byte - 1, macro, (left.start_byte, left.end_byte)))
    return out


def _exported(macro: ts.Node, data: bytes) -> bool:
    """Whether a `macro_rules!` is `#[macro_export]`ed: written for other crates, whose modules hold what it writes
    (serde's `__private_serialize!` writes a `trait Serialize` into each doc test, none into serde::private::doc)."""
    prev = macro.prev_named_sibling
    while prev is not None and prev.type in ("attribute_item", "line_comment", "block_comment"):
        if prev.type == "attribute_item" and b"macro_export" in data[prev.start_byte : prev.end_byte]:
            return True
        prev = prev.prev_named_sibling
    return False


def shadow_text(data: bytes, root: ts.Node) -> tuple[bytes, list[MacroBody]] | None:
    """`data` with everything blanked but the transcribers of its item-level `macro_rules!`, each written as one
    expansion of itself (same length, same lines), so that the items a transcriber writes with names of their own
    parse as items (serde's `declare_error_trait!` writes `pub trait Error: Sized $(+ $($supertrait)::+)* {...}`:
    the trait `ser::Error` stood nowhere in the index). A repetition `$( ... ) sep op` is expanded once (its
    `$(`, `)`, separator and operator blanked; one holding `=>`, a nested macro's rules or match arms, not at all), a
    metavariable is replaced by a stand-in of its fragment's kind
    (`$ty` -> `_ty`, a `vis` by spaces, a `lifetime` by `'name`, a `block` by `{ }`). None when there is none."""
    bodies = macro_bodies(root, data)
    if not bodies:
        return None
    out = bytearray(data.translate(_BLANK))
    for body in bodies:
        kinds = {m.group(1): m.group(2) for m in _FRAGMENT.finditer(data, *body.pattern)}  # `$ty:ty`: name -> kind
        out[body.start : body.end] = one_expansion(data[body.start : body.end], kinds)
        # the transcriber's closing delimiter becomes a `;`: an expression transcriber (`&[<$t>::min_value(), ..]`)
        # ends there as a statement, so the parser's recovery does not run on into the next transcriber's items
        out[body.end] = 0x3B
    return bytes(out), bodies


def one_expansion(body: bytes, kinds: dict[bytes, bytes]) -> bytes:
    """A transcriber with each repetition expanded once and each metavariable replaced by a stand-in of the same
    length (see shadow_text); strings, characters and comments are copied as they are."""
    out = bytearray(body)
    opens: list[int] = []  # for each open `(`: where the repetition `$(` it opened starts, -1 for a plain `(`
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c == 0x22:  # "..."
            i = _string_end(body, i)
        elif c == 0x2F and body[i + 1 : i + 2] in (b"/", b"*"):  # a comment
            end = body.find(b"\n", i) if body[i + 1] == 0x2F else body.find(b"*/", i)
            i = n if end < 0 else end + (0 if body[i + 1] == 0x2F else 2)
        elif c == 0x27 and i + 2 < n and (body[i + 2] == 0x27 or body[i + 1] == 0x5C):  # 'x' or '\n'
            end = body.find(b"'", i + 2)
            i = n if end < 0 else end + 1
        elif c == 0x24:  # $
            i = _metavariable(body, out, i, kinds, opens)
        elif c == 0x28:  # (
            opens.append(-1)
            i += 1
        elif c == 0x29:  # )
            start = opens.pop() if opens else -1
            if start >= 0:
                end = _repetition_end(body, out, i)
                if b"=>" in body[start:i]:  # rules or match arms (`$($await_rule => { .. };)*`): none of them
                    out[start:end] = out[start:end].translate(_BLANK)
                i = end
            else:
                i += 1
        else:
            i += 1
    return bytes(out)


def _string_end(body: bytes, i: int) -> int:
    j = i + 1
    while j < len(body):
        if body[j] == 0x5C:
            j += 2
        elif body[j] == 0x22:
            return j + 1
        else:
            j += 1
    return j


def _metavariable(body: bytes, out: bytearray, i: int, kinds: dict[bytes, bytes], opens: list[int]) -> int:
    """At a `$`: a repetition's `$(` blanked (and remembered), a metavariable replaced; the index after it."""
    if body[i + 1 : i + 2] == b"(":
        out[i : i + 2] = b"  "
        opens.append(i)
        return i + 2
    word = _WORD.match(body, i + 1)
    if word is None:
        return i + 1
    name, end = word.group(0), word.end()
    kind = kinds.get(name, b"")
    if kind in (b"vis", b"item"):
        out[i:end] = b" " * (end - i)
    elif kind == b"lifetime":
        out[i] = 0x27  # 'name
    elif kind == b"block":
        out[i:end] = b"{" + b" " * (end - i - 2) + b"}"
    else:
        out[i] = 0x5F  # _name: an identifier, a type, an expression, a path
    return end


def _repetition_end(body: bytes, out: bytearray, i: int) -> int:
    """At the `)` closing a repetition: it, its separator and its operator (`)*`, `),*`, `)::+`) blanked."""
    j = i + 1
    while j < len(body) and body[j] in b" \t":
        j += 1
    if j < len(body) and body[j] in b"*+?":
        end = j + 1
    else:
        sep = next((len(s) for s in _SEPARATORS if body.startswith(s, j)), 0)
        if not sep:
            word = _WORD.match(body, j)
            sep = len(word.group(0)) if word else (1 if j < len(body) and body[j] not in b"()[]{}\r\n" else 0)
        k = j + sep
        while k < len(body) and body[k] in b" \t":
            k += 1
        end = k + 1 if sep and k < len(body) and body[k] in b"*+?" else i + 1
    out[i:end] = b" " * (end - i) if b"\n" not in body[i:end] else out[i:end].translate(_BLANK)
    return end
