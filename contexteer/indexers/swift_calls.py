"""Callers of a Swift function told by what Swift writes at a call: argument labels are part of a function's name,
so a call whose labels no overload takes is another function's; an initializer is called by its type's name
(`ClassDefinition(name: n, elements: e())`) or by `Self(..)` inside the type and its extensions, not only by
`.init(..)`."""

from __future__ import annotations

import re

from contexteer.indexers.lookup import _CLASS_KINDS, Caller, _file_lines, leave_out
from contexteer.indexers.model import Symbol
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.syntax import call_args_at, swift_params, takes_call

__all__ = ["constructions", "labelled_sites"]


def labelled_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                   left_out: list[Caller] | None) -> list[Caller]:
    """The sites whose argument labels the function's parameter list takes; the others are left out (`jsArray.set(
    value:at:)` and `.set { owner, newValue in }` are no calls of Field's `set(_:appContext:)`: they had been its
    name-only callers, and followed at depth 2-3, doubling the answer)."""
    ws = getattr(index, "ws", None)
    if sym.kind not in ("method", "function") or not sites or ws is None:
        return sites
    files: dict[str, list[str]] = {}

    def other_labels(c: Caller) -> bool:
        args = call_args_at(_file_lines(ws, c.path, files), c.line, callee, "swift")
        return args is not None and not takes_call(sym.signature or "", sym.name, args, "swift")

    return leave_out(sites, left_out, other_labels)


def constructions(index: IndexQueries, sym: Symbol, holder: Symbol | None, seen: set[tuple[str, int]],
                  left_out: list[Caller] | None) -> list[Caller]:
    """The calls of an initializer written as constructions: `TypeName(..)` anywhere and `Self(..)` inside the type
    or an extension of it, each the initializer its labels fit (Record's `Self(from: dictionary, appContext: c)` and
    ClassFactories' `ClassDefinition(name: name, elements: elements())` were missing from their inits' callers)."""
    ws = getattr(index, "ws", None)
    if sym.name != "init" or holder is None or holder.kind not in _CLASS_KINDS or ws is None:
        return []
    name = holder.name
    inits = [s for s in index.symbols_named("init") if s.qualname == sym.qualname and s.language == "swift"] or [sym]
    files: dict[str, list[str]] = {}
    found: list[tuple[str, int, str]] = []
    by_name = re.compile(rf"(?<![\w.]){re.escape(name)}\s*(?:<[^<>()]*>)?\s*\(")
    for r in index.references_to(name, limit=2000):
        if r.kind == "call" and r.path.endswith(".swift") and (r.path, r.line) not in seen:
            lines = _file_lines(ws, r.path, files)
            if 0 < r.line <= len(lines) and by_name.search(lines[r.line - 1]):
                found.append((r.path, r.line, name))
    own = re.compile(r"(?<![\w.])Self\s*\(")
    for t in index.symbols_named(name):
        if t.name != name or t.language != "swift" or t.kind not in _CLASS_KINDS:
            continue
        lines = _file_lines(ws, t.path, files)
        found += [(t.path, n, "Self") for n in range(t.start_line, min(t.end_line, len(lines)) + 1)
                  if own.search(lines[n - 1]) and (t.path, n) not in seen]
    out: list[Caller] = []
    for path, line, written in sorted(set(found)):
        seen.add((path, line))
        c = Caller(None, path, line, "receiver", receiver=True, receiver_name=written)
        other = _meant(inits, sym, call_args_at(_file_lines(ws, path, files), line, written, "swift"))
        if other is None:
            out.append(c)
            continue
        c.against = True
        c.overload = other if isinstance(other, str) else _labels(other)
        if left_out is not None:
            left_out.append(c)
    return out


def _meant(inits: list[Symbol], sym: Symbol, args: list[str] | None) -> Symbol | str | None:
    """None when a construction calls `sym`; else the initializer it calls (or what it is, when none of the type's
    declared ones takes its labels: a memberwise or inherited one)."""
    if args is None:
        return None
    fits = [s for s in inits if takes_call(s.signature or "", "init", args, "swift")]
    if not fits:
        return "an initializer the type does not declare (memberwise or inherited)"
    if all(s.id != sym.id for s in fits):
        return fits[0]
    exact = [s for s in fits if len(swift_params(s.signature or "", "init") or []) == len(args)]
    return exact[0] if exact and all(s.id != sym.id for s in exact) else None


def _labels(s: Symbol) -> str:
    params = swift_params(s.signature or "", "init")
    return f"init({''.join(f'{label}:' for label, _, _ in params)})" if params is not None else "init"
