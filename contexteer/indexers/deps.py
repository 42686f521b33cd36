"""The dependency graph: imports resolved (contexteer.indexers.resolve) to repository files, external
packages and unresolved relative imports; import cycles; traversal at the file level and at the language's
unit (a Go package, a Java/Kotlin package, a workspace package or crate; a module file elsewhere).

A Rust `mod x;` is an edge of kind "mod" and a `use super::...` one of kind "parent": module structure,
listed but never part of an import cycle."""

from __future__ import annotations

import logging
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from contexteer.indexers.resolve import ImportLike, Resolution, Resolver, family
from contexteer.testpaths import is_test_path

logger = logging.getLogger(__name__)

__all__ = ["DepGraph", "Edge", "External", "ImportLike", "Resolution", "Resolver", "UnitEdge", "Unresolved",
           "build_graph", "find_cycles", "imported_names", "is_test_path", "node_of", "traverse", "traverse_units"]

STRUCTURE_KINDS = frozenset({"mod", "parent"})
Keep = Callable[[str], bool]


@dataclass(frozen=True)
class Edge:
    source: str
    target: str  # a repository file
    line: int
    module: str
    unit: str | None = None  # what the import names when it is not one file (Go import path, Java package, ...)
    kind: str = "import"  # import | mod | parent (see the module docstring)


@dataclass(frozen=True)
class External:
    source: str
    package: str  # the package / crate / module / Go module as declared
    line: int
    module: str
    stdlib: bool = False
    unit: str | None = None  # the Go import path inside `package`


@dataclass(frozen=True)
class Unresolved:
    """A relative import that names no repository file: a missing file, or a path above the root."""

    source: str
    module: str  # as written: './types', '.missing', '../package.json'
    line: int
    outside: bool  # it points above the repository root


@dataclass
class DepGraph:
    edges: dict[str, list[Edge]] = field(default_factory=dict)  # source -> resolved imports
    externals: dict[str, list[External]] = field(default_factory=dict)  # source -> unresolved packages
    unresolved: dict[str, list[Unresolved]] = field(default_factory=dict)  # source -> broken relative imports
    reverse: dict[str, list[Edge]] = field(default_factory=dict)  # target -> edges into it
    resolver: Resolver | None = None
    # (source, target) -> lines past the first that import it again (one edge per pair: Scala's `import
    # BasicIO.{Uncloseable}` then `import Uncloseable.protect`)
    again: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    values: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # source -> (line, module) of value imports

    def imports_of(self, path: str) -> list[Edge]:
        return self.edges.get(path, [])

    def dependents_of(self, path: str) -> list[Edge]:
        return self.reverse.get(path, [])


def build_graph(files: Iterable[str], imports: Iterable[ImportLike], read_text: Callable[[str], str | None] | None = None,
                resolver: Resolver | None = None) -> DepGraph:
    resolver = resolver or Resolver(files, read_text)
    g = DepGraph(resolver=resolver)
    seen: set[tuple[str, str]] = set()
    for imp in imports:
        for r in resolver.classify(imp):
            if r.targets:
                for t in r.targets:
                    if t == imp.path:
                        continue
                    if (imp.path, t) in seen:
                        g.again.setdefault((imp.path, t), []).append(imp.line)
                        continue
                    seen.add((imp.path, t))
                    e = Edge(imp.path, t, imp.line, imp.module, r.unit, r.kind)
                    g.edges.setdefault(imp.path, []).append(e)
                    g.reverse.setdefault(t, []).append(e)
            elif r.internal:
                if r.value:
                    names = [n for n in (imp.names or ()) if n]
                    what = f".{names[0]}" if len(names) == 1 else f".{{{', '.join(names)}}}" if names else ""
                    g.values.setdefault(imp.path, []).append((imp.line, imp.module.strip() + what))
                continue
            elif r.unresolved:
                written = imp.module.strip() if family(imp.path) == "c" else imp.module.strip().strip("'\"`")
                g.unresolved.setdefault(imp.path, []).append(Unresolved(imp.path, written, imp.line, r.outside))
            elif r.external:
                unit = imp.module.strip().strip('"`') if family(imp.path) == "go" else None
                # every line (`import Data.Text (Text)` and `import qualified Data.Text as T` are two)
                g.externals.setdefault(imp.path, []).append(External(imp.path, r.external, imp.line, imp.module,
                                                                     r.stdlib, unit))
    return g


def imported_names(resolver: Resolver, imports: Iterable[ImportLike]) -> dict[str, list[str]]:
    """For one file's imports: imported name (or module alias / last segment, and '*') -> repository files."""
    out: dict[str, list[str]] = {}
    for imp in imports:
        results = [r for r in resolver.classify(imp) if r.targets]
        for r in results:
            per = dict(r.names)
            # a name another leaf of the same use tree resolved belongs to that leaf only
            keys = list(per) if len(results) > 1 else \
                list(imp.names or ()) or [re.split(r"[./:\\]+", imp.module.strip("'\"<>`"))[-1] or "*"]
            for k in keys + ["*"]:
                lst = out.setdefault(k, [])
                lst.extend(t for t in (per.get(k) or r.targets) if t not in lst)
    return out


# ----- cycles -------------------------------------------------------------------------------
def find_cycles(graph: DepGraph, nodes: Iterable[str] | None = None, limit: int = 20, anchor: Iterable[str] = (),
                keep: Keep | None = None, units: bool = False) -> list[list[str]]:
    """Import cycles (strongly connected components of size > 1, as one concrete loop each) touching `nodes`;
    module structure (Rust `mod`, `super::`) is not an import. With `units`, nodes are the language's
    units (node_of) and so are `nodes` and `anchor`; `keep` drops files (tests)."""
    succ: dict[str, list[str]] = {}
    for s, es in graph.edges.items():
        if keep is not None and not keep(s):
            continue
        a = node_of(s) if units else s
        for e in es:
            if e.kind in STRUCTURE_KINDS or (keep is not None and not keep(e.target)):
                continue
            b = node_of(e.target) if units else e.target
            if a != b and b not in succ.setdefault(a, []):
                succ[a].append(b)
    return _cycles(succ, nodes, limit, anchor)


def _cycles(succ: dict[str, list[str]], nodes: Iterable[str] | None, limit: int, anchor: Iterable[str]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    comps: list[list[str]] = []
    counter = 0
    for root in sorted(succ):
        if root in index:
            continue
        work = [(root, iter(succ.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    wanted = set(nodes) if nodes is not None else None
    out: list[list[str]] = []
    for comp in sorted(comps):
        if wanted is not None and not wanted & set(comp):
            continue
        anchored = set(anchor) & set(comp)
        start = min(anchored) if anchored else min(wanted & set(comp)) if wanted else comp[0]
        out.append(_loop(succ, set(comp), start))
        if len(out) >= limit:
            break
    return out


def _loop(succ: dict[str, list[str]], comp: set[str], start: str) -> list[str]:
    """A shortest loop start -> ... -> start inside one component (BFS)."""
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in succ.get(v, ()):
                if w not in comp:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return [start, start]


# ----- traversal ----------------------------------------------------------------------------
def traverse(graph: DepGraph, start: set[str], direction: str, depth: int, keep: Keep | None = None) -> list[tuple[Edge, int]]:
    """One edge per file reached from `start` (a file, or a directory's files) within `depth` hops, at its
    smallest depth (breadth first; the edge says which file it was reached through); edges inside `start`
    skipped, and files `keep` refuses."""
    out: list[tuple[Edge, int]] = []
    seen_nodes = set(start)
    frontier = sorted(start)
    for d in range(1, depth + 1):
        nxt: list[str] = []
        for node in frontier:
            edges = graph.imports_of(node) if direction == "imports" else graph.dependents_of(node)
            for e in edges:
                other = e.target if direction == "imports" else e.source
                if other in seen_nodes or (keep is not None and not keep(other)):
                    continue
                out.append((e, d))
                seen_nodes.add(other)
                nxt.append(other)
        frontier = sorted(nxt)
        if not frontier:
            break
    return out


def node_of(path: str) -> str:
    """The unit a file belongs to: its package directory ('internal/store/') for Go and JVM files, else the file."""
    if family(path) in ("go", "jvm"):
        d = posixpath.dirname(path)
        return (d or ".") + "/"
    return path


def unit_label(graph: DepGraph, node: str) -> str | None:
    """The name of a package directory node: its Go import path or its Java/Kotlin package."""
    if not node.endswith("/") or graph.resolver is None:
        return None
    d = "" if node == "./" else node[:-1]
    files = [f for f in graph.resolver.dirs.get(d, ()) if node_of(f) == node]
    if not files:
        return None
    if family(files[0]) == "go":
        return graph.resolver.layout.go_import_path(d)
    return next((p for f in files if (p := graph.resolver.layout.jvm_package(f))), None) or d.replace("/", ".")


def _unit_files(graph: DepGraph, node: str, keep: Keep | None) -> list[str]:
    if not node.endswith("/") or graph.resolver is None:
        return [node]
    d = "" if node == "./" else node[:-1]
    return [f for f in graph.resolver.dirs.get(d, ()) if node_of(f) == node and (keep is None or keep(f))
            and not f.endswith("_test.go")]


@dataclass(frozen=True)
class UnitEdge:
    """One row of the package view: `source` (a file) imports the unit at `target` (a package directory or a
    file), named `unit`, holding `files` repository files; for dependents, `source` is the first importing file
    of the dependent unit `unit` and `files` how many of its files import."""

    source: str
    target: str
    line: int
    depth: int
    unit: str | None
    files: int
    more_lines: tuple[int, ...] = ()  # imports: the other lines of `source` that import the same unit


def traverse_units(graph: DepGraph, start: set[str], direction: str, depth: int, keep: Keep | None = None) -> list[UnitEdge]:
    """Like `traverse`, one row per unit reached: imports grouped by the unit the import names (a Go import
    path, a Java package, a workspace package or crate, a C# namespace) or else by the unit of the file
    reached; dependents grouped by the importing file's unit. Deeper hops start from every file of a unit."""
    out: list[UnitEdge] = []
    own = {node_of(f) for f in start}
    seen: set[str] = set(start) | own
    frontier = sorted(start)
    for d in range(1, depth + 1):
        groups: dict[str, tuple[Edge, set[str]]] = {}
        lines: dict[str, set[int]] = {}
        for f in frontier:
            edges = graph.imports_of(f) if direction == "imports" else graph.dependents_of(f)
            for e in edges:
                other = e.target if direction == "imports" else e.source
                # a file's own package is no dependency, unless the import names it (a Go generator's `package main`)
                if other in start or (node_of(other) in own and (direction != "imports" or not e.unit)) \
                        or (keep is not None and not keep(other)):
                    continue
                key = (e.unit or node_of(other)) if direction == "imports" else node_of(other)
                if key in seen:
                    continue
                groups.setdefault(key, (e, set()))[1].add(other)
                if e.source == groups[key][0].source:
                    lines.setdefault(key, set()).update([e.line, *graph.again.get((e.source, e.target), ())])
        nxt: set[str] = set()
        for key, (e, files) in groups.items():
            seen.add(key)
            nodes = {node_of(f) for f in files}
            # (one package in two source roots, `src/org/k/` and `test/org/k/`, is both folders, not their common `./`)
            where = next(iter(nodes)) if len(nodes) == 1 else ", ".join(sorted(nodes)) \
                if len(nodes) <= 3 and all(n.endswith("/") for n in nodes) else _common_dir(files)
            seen.add(where)
            members = [m for n in nodes for m in _unit_files(graph, n, keep)] or sorted(files)
            nxt.update(members)
            if direction == "imports":
                unit = e.unit or unit_label(graph, where)
                count = len(members) if where.endswith("/") else len(files)
                more = tuple(sorted(lines.get(key, set()) - {e.line}))
                out.append(UnitEdge(e.source, where, e.line, d, unit, count, more))
            else:  # (the importing file's other lines too, when it is one file: click's core.py imports
                # shell_completion under TYPE_CHECKING and again inside four methods, run 400)
                more = tuple(sorted(lines.get(key, set()) - {e.line})) if len(files) == 1 else ()
                out.append(UnitEdge(e.source, e.target, e.line, d, unit_label(graph, where), len(files), more))
        frontier = sorted(nxt - set(start))
        if not frontier:
            break
    return out


def _common_dir(files: set[str]) -> str:
    common = posixpath.commonpath(sorted(files)) if len(files) > 1 else posixpath.dirname(next(iter(files)))
    return (common or ".") + "/"
