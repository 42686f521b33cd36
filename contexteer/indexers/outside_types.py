"""Subtypes of a type the repository does not define: the classes whose header names an outside base (Python's
`Exception`, PHP's `League\\Config\\ConfigurationAwareInterface`, Java's `Runnable`, Rust's `fmt::Display`).

No definition stands for the base, so the answer is by name: a header's base whose last name is the one asked,
whose written qualifier (or, for a bare name, the file's import line) agrees with the qualifier asked. The
commonmark A/B agent (run 339) asked for ConfigurationAwareInterface's implementers and had only word hits to read.
Go is left out: a Go type implements an interface by its method set, which an outside interface's is not known here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from contexteer.indexers import graph
from contexteer.indexers.lookup import lines_of
from contexteer.indexers.model import CLASS_KINDS, Symbol
from contexteer.indexers.qualify import split_name
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.syntax import base_how, bases_of

#: the base as written, without type arguments or call arguments (`Comparable<T>`, `Base[int]`, `metaclass=M`)
_BARE = re.compile(r"^\s*\\?([\w$.:\\]+)")


def _segments(written: str) -> list[str]:
    m = _BARE.match(written)
    return split_name(m.group(1)) if m else []


def _agrees(written: list[str], asked: list[str]) -> bool:
    """Whether a written qualifier (`fmt` of `fmt::Display`) and the asked one (`std::fmt`) agree on their common
    tail (Rust's `core::` and `alloc::` are `std::`); an empty one agrees with any."""
    def norm(parts: list[str]) -> list[str]:
        return ["std" if p in ("core", "alloc") else p for p in parts]
    n = min(len(written), len(asked))
    return n == 0 or norm(written[-n:]) == norm(asked[-n:])


def _imported_otherwise(index: IndexQueries, path: str, qualifier: list[str], name: str,
                        cache: dict[str, list[str]]) -> bool:
    """A bare base with a qualifier asked: whether an import line of the file names the name without the
    qualifier's last name (`use App\\Contracts\\ConfigurationAwareInterface;` when League\\Config's is asked). A
    file that imports it by a glob (`use crate::lib::*;`) or not at all is taken to mean the one asked."""
    if path not in cache:
        cache[path] = [line for line in lines_of(index, path)
                       if re.match(r"\s*(?:import|from|use|using|require|#include|pub\s+use)\b", line)]
    return any(re.search(rf"\b{re.escape(name)}\b", line) and not re.search(rf"\b{re.escape(qualifier[-1])}\b", line)
               for line in cache[path])


def outside_base(index: IndexQueries, query: str,
                 rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None = None) -> Symbol | None:
    """A stand-in definition for an outside type `query` names when some class of the repository names it as a
    base (None otherwise): kind interface when a header implements it, class else; path ''."""
    parts = split_name(query)
    if not parts:
        return None
    found = direct_subtypes(index, parts, rust_impls)
    if not found:
        return None
    langs = [c.language for c, _, _ in found]
    lang = max(set(langs), key=langs.count)
    kind = "trait" if lang == "rust" else "interface" if any(how == "implements" for _, how, _ in found) else "class"
    return Symbol(id=-1, path="", name=parts[-1], qualname=query.strip(), kind=kind, start_line=0, end_line=0,
                  signature="", doc=None, exported=True, parent_id=None, language=lang)


def direct_subtypes(index: IndexQueries, parts: list[str],
                    rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None) -> list[tuple[Symbol, str, str]]:
    """(class, how, detail) for each class whose header names the outside base `parts` (its names)."""
    name, qualifier = parts[-1], parts[:-1]
    if qualifier and qualifier[0] in ("crate", "self", "super"):
        return []  # the repository's own module path: a definition would have been found
    out: list[tuple[Symbol, str, str]] = []
    imports: dict[str, list[str]] = {}
    for cand in graph._mentioning(index, name):
        if cand.language == "go":
            continue
        for base in bases_of(cand):
            written = _segments(base)
            if not written or written[-1] != name or not _agrees(written[:-1], qualifier):
                continue
            if len(written) == 1 and qualifier and _imported_otherwise(index, cand.path, qualifier, name, imports):
                continue
            out.append((cand, base_how(cand, name), ""))
            break
    for impl, type_name in (rust_impls(name) if rust_impls is not None else []):
        m = graph._RUST_IMPL_TRAIT.match(" ".join((impl.signature or "").split()))
        written = split_name(m.group(1)) if m else [name]
        if written[-1] != name or not _agrees([p for p in written[:-1] if p not in ("crate", "self", "super")], qualifier):
            continue
        if len(written) == 1 and qualifier and _imported_otherwise(index, impl.path, qualifier, name, imports):
            continue
        types = graph._rust_types_named(index, type_name, impl.path, impl.start_line)
        out += [(t, "impl", "impl at " + (f"line {impl.start_line}" if impl.path == t.path else f"{impl.path}:{impl.start_line}"))
                for t in types] or [(impl, "impl", "")]
    for lang in ("java", "kotlin", "php"):  # `new Runnable() {..}`, `object : Callback {..}`, `new class () implements X {`
        stand_in = Symbol(id=-1, path="", name=name, qualname=name, kind="interface", start_line=0, end_line=0,
                          signature="", doc=None, exported=True, parent_id=None, language=lang)
        out += graph._anonymous(index, stand_in)
    once: dict[int, tuple[Symbol, str, str]] = {}
    for r in sorted(out, key=lambda r: (r[0].path, r[0].start_line)):
        once.setdefault(r[0].id, r)
    return list(once.values())


def implementations(index: IndexQueries, base: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *,
                    depth: int, rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None) -> graph.Relations:
    """The subtypes of the outside `base` (from outside_base), each one's own below it up to `depth` levels."""
    out = graph.Relations(base, "implementations")
    seen = {base.id}
    for child, how, detail in direct_subtypes(index, split_name(base.qualname), rust_impls):
        if child.id in seen:
            continue
        seen.add(child.id)
        out.items.append(graph.Related(child, child.path, how, [], 1, None, detail))
        if depth < 2 or child.kind not in CLASS_KINDS:
            continue
        below = graph.implementations(index, child, resolve_imports, depth=depth - 1, rust_impls=rust_impls)
        for r in below.items:
            if r.symbol is not None and r.symbol.id not in seen:
                seen.add(r.symbol.id)
                out.items.append(graph.Related(r.symbol, r.path, r.how, r.lines, r.depth + 1, r.via or child, r.detail,
                                               r.overrides, r.of_target, r.adds, r.abstract, r.member_at))
    out.note = "defined outside the repository: its subtypes here are the classes whose header names it, by name" + (
        "" if depth > 1 else "; pass depth=2 or 3 for theirs")
    return out
