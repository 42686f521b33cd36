"""C and C++ functions a macro makes by pasting names (`#define EXT4_INODE_BIT_FNS(name, field, offset) static inline
int ext4_test_inode_##name(...) {...}`, expanded as `EXT4_INODE_BIT_FNS(state, flags, 32)`): the index sees only
the prototypes ext4.h writes "so that these functions can be found by name", and the ext4 A/B agent read the
prototype as the definition. Here: which macro makes a name, and where it is expanded with the argument that
makes it."""

from __future__ import annotations

import logging
import re
from typing import Any

from contexteer.indexers.model import Symbol
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.syntax import call_args

logger = logging.getLogger(__name__)

_C_GLOB = "*.{c,h,cc,cpp,cxx,hh,hpp,hxx}"
_PASTED = re.compile(r"([A-Za-z_]\w*)?\s*##\s*([A-Za-z_]\w*)(?:\s*##\s*([A-Za-z_]\w*))?")


def made_by_macro(index: IndexQueries, name: str, cache: dict[str, Any] | None = None) -> str | None:
    """`made by macro EXT4_INODE_BIT_FNS (ext4.h:1905-1917), expanded at ext4.h:1932 (state), 1939 (state)`, or
    None when no repository macro pastes `name` together."""
    from contexteer.indexers.textsearch import search

    ws = getattr(index, "ws", None)
    if ws is None or not re.fullmatch(r"\w+", name):
        return None
    found = (cache or {}).get("##")
    if found is None:  # one search of the repository per answer, however many rows ask
        try:
            found = search(ws, r"##", regex=False, case_sensitive=True, glob=_C_GLOB, max_results=2000)
        except Exception as exc:  # noqa: BLE001 - no answer is the safe one
            logger.info("no token-pasting search for %s: %s", name, exc)
            return None
        if cache is not None:
            cache["##"] = found
    seen: set[int] = set()
    for h in found.hits:
        if not h.path or h.context:
            continue
        for m in _PASTED.finditer(h.text):
            prefix, param, suffix = m.group(1) or "", m.group(2), m.group(3) or ""
            if len(prefix) < 3 or not name.startswith(prefix) or not name.endswith(suffix) \
                    or len(name) <= len(prefix) + len(suffix):
                continue
            macro = next((s for s in index.symbols_in_file(h.path) if s.start_line <= h.line <= s.end_line
                          and re.match(r"#define\s+\w+\(", s.signature or "")), None)
            if macro is None or macro.id in seen:
                continue
            seen.add(macro.id)
            value = name[len(prefix):len(name) - len(suffix) if suffix else None]
            sites = _expansions(index, macro, param, value)
            if sites:
                at = ", ".join(sites[:6]) + (f" and {len(sites) - 6} more" if len(sites) > 6 else "")
                return f"made by macro {macro.name} ({macro.path}:{macro.start_line}-{macro.end_line}), expanded at {at}"
    return None


def _expansions(index: IndexQueries, macro: Symbol, param: str, value: str) -> list[str]:
    """Where `macro` is expanded with `value` for its parameter `param`: `ext4.h:1939`."""
    from contexteer.indexers.textsearch import search

    head = re.match(r"#define\s+\w+\(([^)]*)\)", macro.signature or "")
    params = [p.strip() for p in head.group(1).split(",")] if head else []  # (a signature cut before its `)`)
    if param not in params:
        return []
    at = params.index(param)
    try:
        found = search(index.ws, rf"\b{re.escape(macro.name)}\s*\(", regex=True, case_sensitive=True,  # type: ignore[attr-defined]
                       glob=_C_GLOB, max_results=500)
    except Exception as exc:  # noqa: BLE001
        logger.info("no expansions of %s: %s", macro.name, exc)
        return []
    out: list[str] = []
    for h in found.hits:
        if not h.path or h.context or (h.path == macro.path and macro.start_line <= h.line <= macro.end_line):
            continue
        args = call_args(h.text, macro.name)
        if args is not None and len(args) > at and args[at].strip() == value:
            out.append(f"{h.path}:{h.line}")
    return out
