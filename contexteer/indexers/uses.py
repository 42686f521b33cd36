"""Names a range of code uses as values (on demand, for semantic context; not stored in the index).

The index stores the references its queries capture: calls, types, decorators, superclasses, imports.
A body also names definitions in value positions the queries leave out to keep the build fast:
`isinstance(x, Foo)`, `x = DEFAULT_LIMIT`, `Config.load()`, `register(handler)`. `names_used` parses the
file once and walks only the requested lines, returning the identifiers there in order of first use,
except member names (`obj.attr`), keyword-argument and definition names (any node in a `name`-like
field of its parent). Callers resolve these names more strictly than stored references (same file or
an explicit import), because a plain identifier may just as well be a local variable.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

import tree_sitter as ts

from contexteer.indexers.extract import parse_prepared
from contexteer.indexers.languages import LanguageSpec

logger = logging.getLogger(__name__)

# Node types that hold a plain name, per grammar (member names have their own types in most grammars:
# property_identifier, field_identifier; where they do not, the parent's field name rules them out).
_IDENT_TYPES = frozenset({"identifier", "type_identifier", "constant", "name", "namespace_identifier"})
# A node in one of these fields of its parent is a member, a keyword or a definition's own name.
_NOT_A_USE = frozenset({"attribute", "field", "name", "property", "method", "label", "key", "alias", "declarator"})
_SKIP_LANGUAGES = frozenset({"markdown", "bash"})
MAX_NODES = 200_000  # a walk bound for pathological inputs (a body of ~10k lines)


_LAST = threading.local()  # this thread's last parse: one answer asks for several ranges of one file


def _parse(data: bytes, spec: LanguageSpec) -> ts.Tree | None:
    """The file's tree as the index parses it (C repairs, Rust item macros unwrapped; lines and offsets
    unchanged), or None when the grammar cannot load (no extra answer, not an error). Parsed from bytes, not
    with the time-limit callback: node.text needs the source, which a callback parse does not keep. The same
    source parsed just before on this thread is not parsed again (a semantic read asks for its range, the locals
    above it and each block head around it: one parse, not six)."""
    last = getattr(_LAST, "entry", None)
    if last is not None and last[0] == spec.name and last[1] == data:
        cached: ts.Tree = last[2]
        return cached
    try:
        tree = parse_prepared(data, spec).tree
    except (ValueError, RuntimeError) as exc:
        logger.info("cannot parse %s source on demand: %s", spec.name, exc)
        return None
    _LAST.entry = (spec.name, data, tree)
    return tree


_BINDING_LEFT = frozenset({"assignment", "augmented_assignment", "for_statement", "for_in_clause", "for_in_statement",
                           "assignment_pattern"})
_PATTERNS = frozenset({"pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern", "as_pattern_target",
                       "array_pattern", "object_pattern"})
_NAMED = frozenset({"variable_declarator", "named_expression", "let_declaration"})
_GO_DECLS = frozenset({"short_var_declaration", "assignment_statement", "range_clause"})


@dataclass
class Names:
    used: list[str] = field(default_factory=list)  # in value positions, in order of first use
    bound: set[str] = field(default_factory=set)  # parameters and local assignment / loop targets
    # member names (`x.read`, `self.app`, `httpx.get`) -> what they were read from: the receiver's name,
    # "super" for super().x, "" for any other expression
    members: dict[str, set[str]] = field(default_factory=dict)


def names_used(data: bytes, spec: LanguageSpec, start_line: int, end_line: int, limit: int = 500) -> list[str]:
    """Identifiers in value positions within lines start_line..end_line (1-based, inclusive)."""
    return names_in(data, spec, start_line, end_line, limit).used


def names_in(data: bytes, spec: LanguageSpec, start_line: int, end_line: int, limit: int = 500) -> Names:
    """The names the lines use as values, and the names they bind (parameters, `x = ...`, `for x in`,
    `with ... as x`, `const x =`, `x := ...`): a bound name is a local, never another file's definition."""
    names = Names()
    if spec.name in _SKIP_LANGUAGES or end_line < start_line:
        return names
    tree = _parse(data, spec)
    if tree is None:
        return names
    first, last = start_line - 1, end_line - 1
    haskell = spec.name == "haskell"
    # (Zig's rule only: a C# `MessageReader reader = ..` starts its variable_declaration with the type, which had bound
    # MessageReader as a local: dbus-sharp run 521 read `new MessageReader(..)` as a call of a local)
    zig = spec.name == "zig"
    idents = _IDENT_TYPES | {"variable"} if haskell else _IDENT_TYPES | {"simple_identifier"} if spec.name == "swift" \
        else _IDENT_TYPES
    used: dict[str, None] = {}
    cursor = tree.walk()
    parents: list[tuple[str, str | None]] = []  # (type, field in its own parent) of the current node's ancestors
    visited = 0
    while visited < MAX_NODES and len(used) < limit:
        visited += 1
        node = cursor.node
        assert node is not None
        srow, erow = node.start_point.row, node.end_point.row
        if srow > last:
            break
        inside = erow >= first
        field_name = cursor.field_name
        if inside and srow >= first and node.type in _MEMBER_IDENTS and field_name in _MEMBER_FIELDS and parents \
                and parents[-1][0] in _MEMBER_ACCESS and node.prev_named_sibling is not None:
            # Go `obs.With(...)`, JS `this.load()`, Rust `self.grow()`: a member read off a value (its own node type);
            # a semantic read of prometheus' instrument_server.go:200 left `obs.With` out
            names.members.setdefault((node.text or b"").decode("utf-8", "replace"), set()).add(_receiver(node))
        elif inside and srow >= first and node.type in idents and not (parents and parents[-1][0] == "value_argument_label"):
            raw = node.text
            if raw:
                text = raw.decode("utf-8", "replace")
                if field_name == "suffix" and len(parents) > 1 and parents[-1][0] == "navigation_suffix" \
                        and parents[-2][0] == "navigation_expression":  # Swift `hostingController.setSafeAreaRegions`
                    holder = node.parent
                    obj = holder.prev_named_sibling if holder is not None else None
                    who = (obj.text or b"").decode("utf-8", "replace") if obj is not None and obj.type in idents \
                        else "self" if obj is not None and obj.type == "self_expression" else ""
                    names.members.setdefault(text, set()).add(who)
                elif haskell and parents and parents[-1][0] == "qualified":  # `B.readFile`: a module's, through its alias
                    module = node.prev_named_sibling
                    names.members.setdefault(text, set()).add((module.text or b"").decode("utf-8", "replace").rstrip(".") if module else "")
                elif _binds_haskell(field_name, parents) if haskell else (
                        _binds(field_name, parents) or (zig and _zig_binds(node, parents))):
                    names.bound.add(text)
                elif _is_use(field_name, parents):
                    used.setdefault(text, None)
                elif field_name in _MEMBER_FIELDS and parents and parents[-1][0] in _MEMBER_ACCESS:
                    if node.prev_named_sibling is None:  # Ruby `generate_map(a)`, Java `helper(a)`: no receiver, a bare call
                        used.setdefault(text, None)
                    else:
                        names.members.setdefault(text, set()).add(_receiver(node))
        if inside and cursor.goto_first_child():
            parents.append((node.type, field_name))
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                names.used = list(used)
                return names
            parents.pop()
    names.used = list(used)
    return names


_MEMBER_FIELDS = frozenset({"attribute", "property", "field", "name", "method"})
#: node types a member's name has where it is not an identifier (Go and Rust fields, JS/TS properties)
_MEMBER_IDENTS = frozenset({"field_identifier", "property_identifier"})
_MEMBER_ACCESS = frozenset({"attribute", "member_expression", "selector_expression", "field_access", "method_invocation",
                            "member_access_expression", "field_expression", "call", "qualified_type"})


def _receiver(member: ts.Node) -> str:
    obj = member.prev_named_sibling
    if obj is None:
        return ""
    if obj.type == "call" and obj.text and obj.text.startswith(b"super"):
        return "super"
    if obj.type in _IDENT_TYPES or obj.type in ("self", "this", "super", "package_identifier"):
        return (obj.text or b"").decode("utf-8", "replace")
    if obj.type == "variable_name":  # PHP `$this->styleStack` is this; `$base->x` keeps its `$` (no self word)
        text = (obj.text or b"").decode("utf-8", "replace")
        return "this" if text == "$this" else text
    return ""


def _binds(field_name: str | None, parents: list[tuple[str, str | None]]) -> bool:
    if not parents:
        return False
    ptype, pfield = parents[-1]
    if "parameter" in ptype:
        return field_name not in ("value", "default", "type", "default_value")
    if ptype in _PATTERNS or (field_name == "left" and ptype in _BINDING_LEFT):
        return True
    if ptype in _NAMED and field_name in ("name", "pattern"):
        return True
    return ptype == "expression_list" and pfield == "left" and len(parents) > 1 and parents[-2][0] in _GO_DECLS


def _zig_binds(node: ts.Node, parents: list[tuple[str, str | None]]) -> bool:
    """Zig: a payload capture (`while (it.next()) |header|`, `for (xs, 0..) |x, i|`, `else |err|`) or a local
    `const`/`var`'s name (tar.zig's `header` had been read as hash_map.zig's Custom.header, Zig A/B run 253)."""
    if not parents:
        return False
    if parents[-1][0] == "payload":
        return True
    return parents[-1][0] == "variable_declaration" and node.prev_named_sibling is None


def _binds_haskell(field_name: str | None, parents: list[tuple[str, str | None]]) -> bool:
    """A Haskell name a pattern binds (an equation's or a lambda's parameters, `x <- ...`, a case alternative's
    `Just x`, any part of a tuple or constructor pattern: nothing but patterns nests under a pattern) or a `let`
    or `where` binding's own name."""
    if field_name == "pattern" or (field_name == "name" and parents and parents[-1][0] in ("bind", "function")):
        return True
    return any(ptype == "patterns" or pfield == "pattern" for ptype, pfield in parents)


def _is_use(field_name: str | None, parents: list[tuple[str, str | None]]) -> bool:
    """Not a member or definition name, and not a bare parameter name (its default value still counts)."""
    if field_name in _NOT_A_USE:
        return False
    return not (field_name is None and parents and "parameter" in parents[-1][0])


def in_literal(data: bytes, spec: LanguageSpec, line: int, column: int) -> bool:
    """Whether the text at `line` (1-based) and byte `column` is inside a string or a comment (a docstring's
    ":meth:`new_context`" names no value), not inside an interpolation within one (`${fn}`, f"{fn}")."""
    tree = _parse(data, spec)
    if tree is None:
        return False
    node: ts.Node | None = tree.root_node.descendant_for_point_range((line - 1, column), (line - 1, column))
    while node is not None:
        kind = node.type
        if "interpolation" in kind or "substitution" in kind:
            return False
        if "string" in kind or "comment" in kind or kind in ("heredoc_body", "doc_comment"):
            return True
        node = node.parent
    return False


#: node types of items that hold a file's members: an error inside one may have moved every later member
_CONTAINERS = ("class", "namespace", "module", "interface", "trait", "impl", "object", "struct", "enum", "package",
               "protocol", "extension", "record")


def first_syntax_error(data: bytes, spec: LanguageSpec) -> tuple[int, str, tuple[int, int, str] | None] | None:
    """The 1-based line and text of the first syntax error tree-sitter recovered from (an ERROR or a
    MISSING node), for telling an agent where its edit broke a file, and the top-level item it was recovered
    inside (first and last line, its first line's text) when that item parsed whole around it and holds the
    file's only errors (syn's
    `macro_rules! Token` with a `[$]` arm: nothing after it is lost); None when the parse is clean."""
    tree = _parse(data, spec)
    if tree is None:
        return None
    node = tree.root_node
    if not node.has_error:
        return None
    top = None
    for _ in range(10_000):  # descend to the first child that carries the error
        if node.is_error or node.is_missing:
            break
        child = next((c for c in node.children if c.has_error or c.is_missing), None)
        if child is None:
            break
        if node == tree.root_node:
            top = child
        node = child
    lines = data.split(b"\n")

    def line_text(row: int) -> str:
        return lines[row].decode("utf-8", "replace").strip() if row < len(lines) else ""

    row = node.start_point.row
    inside = None
    alone = sum(1 for c in tree.root_node.children if c.has_error or c.is_missing) == 1  # no other item broken
    # an item followed by others (the recovery did not run to the file's end: Python's `def first` swallowing
    # `second`) and no container of the file's members (a Java class, a namespace): review of 366deef
    later = top is not None and any(c.is_named and "comment" not in c.type and c.start_point.row > top.end_point.row
                                    for c in tree.root_node.children)
    container = top is not None and any(w in top.type for w in _CONTAINERS)
    if top is not None and top != node and not top.is_error and top.end_point.row > row and alone and later \
            and not container:
        inside = (top.start_point.row + 1, top.end_point.row + 1, line_text(top.start_point.row))
    return row + 1, line_text(row), inside


#: node types that name something in code, members included (`fmt.Errorf`: package_identifier, field_identifier)
_ANY_NAME = _IDENT_TYPES | _MEMBER_IDENTS | frozenset({"package_identifier", "simple_identifier",
                                                       "shorthand_property_identifier", "type_identifier"})


def identifier_lines(data: bytes, spec: LanguageSpec) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The names the file's code writes (never a comment or a string) -> the 1-based lines they are written on, in
    order: first the names standing for themselves, then the member names read off something (`x.attr`,
    `fmt.Errorf`'s Errorf, `fmt::Formatter`'s Formatter) and object keys (`{VALUE: 1}`)."""
    plain: dict[str, list[int]] = {}
    members: dict[str, list[int]] = {}
    if spec.name in _SKIP_LANGUAGES:
        return plain, members
    tree = _parse(data, spec)
    if tree is None:
        return plain, members
    # (Haskell: a data constructor too, `== WrapAuto`: Pandoc run 291 was not told OPML.hs uses Options.hs's)
    names = _ANY_NAME | ({"variable", "constructor"} if spec.name == "haskell" else frozenset())
    cursor = tree.walk()
    visited = 0
    while visited < MAX_NODES * 25:
        visited += 1
        node = cursor.node
        assert node is not None
        if node.type in names and node.child_count == 0 and not (
                cursor.field_name == "name" and node.parent is not None and node.parent.type in _DEFINING):
            parent = node.parent
            member = node.type in _MEMBER_IDENTS or (cursor.field_name in _MEMBER_POSITIONS and parent is not None
                                                     and parent.type in _MEMBER_PARENTS)
            if member and parent is not None and parent.type == "method_invocation" and node.prev_named_sibling is None:
                member = False  # Java `max(a, b)` after `import static java.lang.Math.max`: a bare call
            if not member and parent is not None and parent.type == "scoped_type_identifier":
                member = _class_qualified(node)
            text = (node.text or b"").decode("utf-8", "replace")
            if parent is not None and parent.type == "token_tree":  # Rust, in a macro's tokens: `TokenTree::Group(..)`
                prev, nxt = node.prev_sibling, node.next_sibling  # in `vec![..]` names the variant, no imported Group
                member = prev is not None and prev.type == "::"
                if nxt is not None and nxt.type == "!":
                    text += "!"  # a nested `vec![..]`
            elif parent is not None and parent.type == "macro_invocation" and cursor.field_name == "macro":
                text += "!"  # `vec![..]` invokes a macro, no use of an imported module vec (`use std::vec;`)
            line = node.start_point.row + 1
            at = (members if member else plain).setdefault(text, [])
            if not at or at[-1] != line:
                at.append(line)
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return plain, members
    return plain, members


def _class_qualified(node: ts.Node) -> bool:
    """Java: a nested type written after its class (`Rule.Phoneme`, `Map.Entry`) is read off that class, no use of an
    import of the nested type (Commons Codec run 519 credited `import ..Rule.Phoneme;` with every `Rule.Phoneme`). A
    type after a package (`java.util.List`) stays, for the row of names written with their package."""
    prev = node.prev_named_sibling
    if prev is None:
        return False
    last = (prev.text or b"").decode("utf-8", "replace").rsplit(".", 1)[-1].strip()
    return last[:1].isupper()


#: a definition's own name is no use of an imported one (rayon's `type Folder = CollectResult<'c, T>;` in an impl
#: of Consumer counted as a use of the Folder trait, A/B run 73)
_DEFINING = frozenset({"type_item", "associated_type", "function_item", "function_signature_item", "struct_item",
                       "enum_item", "trait_item", "union_item", "const_item", "static_item", "mod_item",
                       "function_definition", "class_definition", "function_declaration", "class_declaration",
                       "method_declaration", "method_definition", "interface_declaration", "type_alias_declaration",
                       "enum_declaration", "type_spec", "method_spec", "constructor_declaration"})
#: a name in one of these fields of one of these parents is read off something, or is a key: no use of a name
_MEMBER_POSITIONS = frozenset({"attribute", "property", "field", "name", "key"})
_MEMBER_PARENTS = _MEMBER_ACCESS | frozenset({"qualified_type", "scoped_identifier", "scoped_type_identifier", "pair",
                                              "navigation_suffix"})


def python_annotation_lines(data: bytes, spec: LanguageSpec) -> dict[str, set[int]]:
    """Python: per name the code writes outside annotations, the lines it is written on there; a name used in
    annotations alone (`x: Callable[..]`, `-> Self`) has none, so a line it is used on but missing here is an
    annotation's. The click and pydantic A/B agents (runs 315, 320) read whole files to learn which imports were
    used in annotations only."""
    out: dict[str, set[int]] = {}
    tree = _parse(data, spec) if spec.name == "python" else None
    if tree is None:
        return out
    cursor = tree.walk()
    visited = 0
    depth_in_type = 0  # how many `type` nodes (annotations) hold the cursor
    while visited < MAX_NODES * 25:
        visited += 1
        node = cursor.node
        assert node is not None
        if node.type == "identifier" and node.child_count == 0 and not depth_in_type:
            out.setdefault((node.text or b"").decode("utf-8", "replace"), set()).add(node.start_point.row + 1)
        if node.type == "type":
            depth_in_type += 1
        if cursor.goto_first_child():
            continue
        if node.type == "type":
            depth_in_type -= 1
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return out
            if cursor.node is not None and cursor.node.type == "type":
                depth_in_type -= 1
        # (the sibling the cursor moved to is entered at the top of the loop)
    return out
