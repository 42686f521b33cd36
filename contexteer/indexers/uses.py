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

import tree_sitter as ts

from contexteer.indexers import languages
from contexteer.indexers.languages import LanguageSpec

logger = logging.getLogger(__name__)

# Node types that hold a plain name, per grammar (member names have their own types in most grammars:
# property_identifier, field_identifier; where they do not, the parent's field name rules them out).
_IDENT_TYPES = frozenset({"identifier", "type_identifier", "constant", "name", "namespace_identifier"})
# A node in one of these fields of its parent is a member, a keyword or a definition's own name.
_NOT_A_USE = frozenset({"attribute", "field", "name", "property", "method", "label", "key", "alias", "declarator"})
_SKIP_LANGUAGES = frozenset({"markdown", "bash"})
MAX_NODES = 200_000  # a walk bound for pathological inputs (a body of ~10k lines)


def names_used(data: bytes, spec: LanguageSpec, start_line: int, end_line: int, limit: int = 500) -> list[str]:
    """Identifiers in value positions within lines start_line..end_line (1-based, inclusive)."""
    if spec.name in _SKIP_LANGUAGES or end_line < start_line:
        return []
    try:
        tree = ts.Parser(languages.grammar(spec.name)).parse(data)
    except (ValueError, RuntimeError) as exc:  # a grammar that cannot load: no extra names, not an error
        logger.info("names_used: cannot parse %s source: %s", spec.name, exc)
        return []
    first, last = start_line - 1, end_line - 1
    out: dict[str, None] = {}
    cursor = tree.walk()
    parents: list[str] = []  # the types of the current node's ancestors
    visited = 0
    while visited < MAX_NODES and len(out) < limit:
        visited += 1
        node = cursor.node
        assert node is not None
        srow, erow = node.start_point.row, node.end_point.row
        if srow > last:
            break
        inside = erow >= first
        if inside and srow >= first and node.type in _IDENT_TYPES and _is_use(cursor.field_name, parents):
            raw = node.text
            if raw:
                out.setdefault(raw.decode("utf-8", "replace"), None)
        if inside and cursor.goto_first_child():
            parents.append(node.type)
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return list(out)
            parents.pop()
    return list(out)


def _is_use(field_name: str | None, parents: list[str]) -> bool:
    """Not a member or definition name, and not a bare parameter name (its default value still counts)."""
    if field_name in _NOT_A_USE:
        return False
    return not (field_name is None and parents and "parameter" in parents[-1])
