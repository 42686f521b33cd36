"""Symbol lookups on the structure index: resolve a name in a file, rank search hits, semantic context.

`find_in_file` turns `symbol="Parser.parse_header"` into exactly one definition or a NotFoundError
that lists the candidates (ambiguous) or close names (unknown). `rank_definitions` orders search hits
exact > prefix > substring > fuzzy, public before private, then by reference count. `semantic_context`
collects what a body refers to (resolved same file first, then through the file's imports, then a
unique definition anywhere) and who calls it (innermost enclosing definition of each call site).
"""

from __future__ import annotations

import builtins
import difflib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from contexteer.errors import NotFoundError
from contexteer.indexers.repomap import display_weight

logger = logging.getLogger(__name__)

CONTEXT_KINDS = frozenset(
    {"class", "interface", "struct", "enum", "trait", "type", "function", "method", "constant", "module"}
)
CALLER_KINDS = frozenset({"function", "method", "class", "module"})
CONSTRUCTORS = frozenset({"__init__", "__new__", "constructor", "new"})
PY_BUILTINS = frozenset(dir(builtins))


def usable(s: Any) -> bool:
    """Worth showing as context: types, functions, constants, and module-level variables (type aliases...)."""
    return s.kind in CONTEXT_KINDS or (s.kind == "variable" and s.parent_id is None)


def loc(sym: Any) -> str:
    return f"{sym.path}:{sym.start_line}-{sym.end_line}"


def describe(sym: Any) -> str:
    return f"{loc(sym)} {sym.kind} {sym.qualname}"


def find_in_file(index: Any, path: str, symbol: str) -> Any:
    """The one definition `symbol` (plain or qualified name) names in `path`, or a NotFoundError that helps."""
    query = symbol.strip()
    in_file = index.symbols_in_file(path)
    exact_q = [s for s in in_file if s.qualname == query]
    if len(exact_q) == 1:
        return exact_q[0]
    named = exact_q or [s for s in in_file if s.name == query]
    if not named and "." in query:  # "Outer.method" may be written with a partial qualifier
        named = [s for s in in_file if s.qualname.endswith("." + query)]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        lines = "\n".join(f"  {describe(s)}" for s in named[:20])
        raise NotFoundError(
            f"symbol '{query}' is ambiguous in {path}: {len(named)} definitions match:\n{lines}\n"
            f"Pass the qualified name (e.g. symbol='{named[0].qualname}') or read by lines with start_line/end_line."
        )
    elsewhere = [s for s in index.symbols_named(query) if s.path != path][:5]
    hint = ""
    if elsewhere:
        hint = " It is defined in: " + "; ".join(describe(s) for s in elsewhere) + f". Pass path='{elsewhere[0].path}'."
    names = sorted({s.qualname for s in in_file} | {s.name for s in in_file})
    close = difflib.get_close_matches(query, names, n=5, cutoff=0.6)
    if not close:
        low = query.lower()
        close = [n for n in names if low in n.lower()][:5]
    near = f" Close names in {path}: {', '.join(close)}." if close else ""
    raise NotFoundError(
        f"no symbol '{query}' in {path}.{hint}{near}"
        + ("" if hint or near else " Call get_structured_index(path=...) for the file's outline or search_symbol to find it.")
    )


def match_tier(sym: Any, query: str) -> int:
    """0 exact, 1 exact ignoring case, 2 prefix, 3 substring, 4 fuzzy (on name and qualname)."""
    q = query.lower()
    if sym.name == query or sym.qualname == query:
        return 0
    name, qual = sym.name.lower(), sym.qualname.lower()
    if name == q or qual == q:
        return 1
    if name.startswith(q) or qual.startswith(q):
        return 2
    if q in name or q in qual:
        return 3
    return 4


_KIND_ORDER = {"class": 0, "interface": 0, "struct": 0, "enum": 0, "trait": 0, "type": 0, "function": 0,
               "method": 1, "module": 1, "constant": 2}


def rank_definitions(syms: list[Any], query: str, ref_counts: dict[str, int]) -> list[Any]:
    """Exact > prefix > substring > fuzzy (closest first), then public before private, then most referenced."""
    q = query.lower()

    def key(s: Any) -> tuple[Any, ...]:
        tier = match_tier(s, query)
        close = -difflib.SequenceMatcher(None, q, s.name.lower()).ratio() if tier == 4 else 0.0
        # ties (same name, same count): module level before nested, types and functions before the
        # rest, non-test files before test files
        return (tier, close, not s.exported, -ref_counts.get(s.name, 0), display_weight(s.path) < 1,
                s.parent_id is not None, _KIND_ORDER.get(s.kind, 3), s.path, s.start_line)

    return sorted(syms, key=key)


@dataclass
class Caller:
    symbol: Any | None  # the innermost enclosing definition, None at module level
    path: str
    line: int
    confident: bool  # the calling file is the defining file or imports it


@dataclass
class Semantic:
    definitions: list[tuple[Any, str]] = field(default_factory=list)  # (symbol, how: same file|import|unique)
    callers: list[Caller] = field(default_factory=list)
    callers_total: int = 0
    unresolved: list[str] = field(default_factory=list)


def enclosing(symbols: list[Any], line: int) -> Any | None:
    """The innermost function/method/class containing `line`."""
    best = None
    for s in symbols:
        if s.start_line <= line <= s.end_line and s.kind in CALLER_KINDS - {"module"}:
            if best is None or (s.end_line - s.start_line) <= (best.end_line - best.start_line):
                best = s
    return best


def semantic_context(
    index: Any,
    sym: Any,
    resolve_imports: Callable[[str], dict[str, list[str]]],
    *,
    max_defs: int = 15,
    max_callers: int = 10,
    extra_names: Iterable[str] = (),
) -> Semantic:
    """Definitions the body of `sym` refers to and the callers of `sym`.

    `resolve_imports(path)` maps each imported name of `path` (and '*' for whole-module imports) to the
    repository files it resolves to. `extra_names` are identifiers the body uses as values
    (`uses.names_used`), beyond the stored references: they may be locals, so they resolve only to a
    module-level definition of the same file or to a name the file imports explicitly.
    """
    out = Semantic()
    in_file = index.symbols_in_file(sym.path)
    inside = {s.name for s in in_file if sym.start_line <= s.start_line and s.end_line <= sym.end_line and s.id != sym.id}
    names: list[str] = []
    python = sym.path.endswith((".py", ".pyi"))
    for ref in index.references_in_range(sym.path, sym.start_line, sym.end_line):
        if ref.name in inside or ref.name in names:
            continue
        names.append(ref.name)
    strict = set()
    for name in extra_names:
        if name not in inside and name not in names and name != sym.name:
            names.append(name)
            strict.add(name)
    imported = resolve_imports(sym.path)
    import_files = sorted({f for fs in imported.values() for f in fs})
    file_syms: dict[str, list[Any]] = {}

    def syms_of(path: str) -> list[Any]:
        if path not in file_syms:
            file_syms[path] = index.symbols_in_file(path)
        return file_syms[path]

    seen: set[int] = set()
    for name in names:
        if len(out.definitions) >= max_defs:
            break
        found: tuple[Any, str] | None = None
        builtin = python and name in PY_BUILTINS  # dict(), len(), str: only a module-level redefinition counts
        local = [s for s in in_file if s.name == name and usable(s) and s.id != sym.id
                 and (s.parent_id is None or not (builtin or (name in strict and python)))]
        if builtin and not local:
            continue
        if local:
            same_parent = [s for s in local if s.parent_id == sym.parent_id]
            if name not in strict or same_parent or local[0].parent_id is None:
                found = ((same_parent or local)[0], "same file")
        if found is None and name in strict:
            for f in imported.get(name, ()):
                cands = [s for s in syms_of(f) if s.name == name and usable(s) and s.parent_id is None]
                if cands:
                    found = (cands[0], "import")
                    break
            if found is None:
                continue  # probably a local variable: not reported as unresolved either
        if found is None:
            targets = imported.get(name) or import_files
            for f in targets:
                cands = [s for s in syms_of(f) if s.name == name and usable(s) and s.id != sym.id]
                if cands:
                    top = [s for s in cands if s.parent_id is None]
                    found = ((top or cands)[0], "import")
                    break
        if found is None:
            # a name defined once in the whole repository, at module level (methods are too often a
            # different receiver's: `x.items()` is not the one `items` method the repository defines)
            anywhere = [s for s in index.symbols_named(name) if usable(s) and s.name == name and s.parent_id is None]
            if len(anywhere) == 1 and anywhere[0].id != sym.id:
                found = (anywhere[0], "unique name")
        if found is None:
            out.unresolved.append(name)
            continue
        if found[0].id in seen:
            continue
        seen.add(found[0].id)
        out.definitions.append(found)
    callee = sym.name
    if callee in CONSTRUCTORS and sym.parent_id is not None:  # callers of __init__ are the places naming the class
        parent = next((s for s in in_file if s.id == sym.parent_id), None)
        callee = parent.name if parent else callee
    if max_callers and callee:
        refs = [r for r in index.references_to(callee, limit=2000) if r.kind in ("call", "other", "type")]
        refs = [r for r in refs if not (r.path == sym.path and sym.start_line <= r.line <= sym.end_line)]  # recursion
        confident: dict[str, bool] = {}
        for r in refs:
            if r.path not in confident:
                confident[r.path] = r.path == sym.path or any(sym.path in fs for fs in resolve_imports(r.path).values())
        refs.sort(key=lambda r: (not confident[r.path], r.path, r.line))
        out.callers_total = len(refs)
        out.callers = [Caller(enclosing(syms_of(r.path), r.line), r.path, r.line, confident[r.path]) for r in refs[:max_callers]]
    return out


def line_previews(root: Any, sites: list[Any], width: int = 160) -> None:
    """Fill `site.preview` with the stripped source line of each (path, line) site, reading each file once."""
    cache: dict[str, list[str]] = {}
    for site in sites:
        lines = cache.get(site.path)
        if lines is None:
            try:
                lines = (root / site.path).read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                lines = []
            cache[site.path] = lines
        text = lines[site.line - 1].strip() if 0 < site.line <= len(lines) else ""
        site.preview = text if len(text) <= width else text[: width - 1] + "…"
