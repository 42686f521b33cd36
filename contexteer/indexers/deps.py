"""File-level dependency graph: imports resolved to repository files, external packages, import cycles.

Resolution rules per language (file extension): Python packages and relative imports (source roots
found from `__init__.py` chains, plus the repository root and `src/`); JS/TS relative paths with
extension and `index.*` probing; Go import paths under the module path of `go.mod` (an edge to every
non-test file of the package directory); Rust `mod x;`, `crate::`, `super::`, `self::`; Java
packages by path suffix; C/C++ quoted includes (the including file's directory, then the root,
`include/`, `src/`, then a unique path suffix). A relative import that does not resolve (`./types`,
`.missing`, `../package.json` above the root, `crate::gone`) is listed as unresolved or outside the root,
never as a package; anything else unresolved is an external package.
"""

from __future__ import annotations

import logging
import posixpath
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

logger = logging.getLogger(__name__)


class ImportLike(Protocol):
    """What the resolver needs of an import (the index's `Import` rows, or any look-alike)."""

    @property
    def path(self) -> str: ...
    @property
    def module(self) -> str: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def line(self) -> int: ...


@dataclass(frozen=True)
class Edge:
    source: str
    target: str  # a repository file
    line: int
    module: str


@dataclass(frozen=True)
class External:
    source: str
    package: str  # the package / crate / module root as imported
    line: int
    module: str
    stdlib: bool = False


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

    def imports_of(self, path: str) -> list[Edge]:
        return self.edges.get(path, [])

    def dependents_of(self, path: str) -> list[Edge]:
        return self.reverse.get(path, [])


PY_EXT = (".py", ".pyi")
JS_EXT = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
C_EXT = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".ino")
#: Python namespace packages: the distribution is named by the first two segments (google.protobuf)
NAMESPACE_PACKAGES = frozenset({"google", "azure", "zope", "jaraco", "backports", "sphinxcontrib", "ruamel"})
_GO_STD_HINT = re.compile(r"^[a-z0-9]+(/[a-z0-9_]+)*$")


def _ext(path: str) -> str:
    return posixpath.splitext(path)[1].lower()


class Resolver:
    """Resolves import specifiers of one repository's files to files of that repository."""

    def __init__(self, files: Iterable[str], read_text: Callable[[str], str | None] | None = None) -> None:
        self.files = sorted(set(files))
        self.fileset = set(self.files)
        self.read_text = read_text
        self.dirs: dict[str, list[str]] = defaultdict(list)
        for f in self.files:
            self.dirs[posixpath.dirname(f)].append(f)
        self._py = self._python_modules()
        self._go_modules = self._go_mods()
        self._suffix: dict[str, list[str]] | None = None

    # ----- python -------------------------------------------------------------------------
    def _python_modules(self) -> dict[str, str]:
        mods: dict[str, str] = {}
        inits = {posixpath.dirname(f) for f in self.files if posixpath.basename(f) in ("__init__.py", "__init__.pyi")}
        for f in self.files:
            if _ext(f) not in PY_EXT:
                continue
            parts = f[: -len(_ext(f))].split("/")
            is_init = parts[-1] == "__init__"
            if is_init:
                parts = parts[:-1]
            # the source root: above the topmost package of the __init__ chain
            d = posixpath.dirname(f)
            top = len(d.split("/")) if d else 0
            while d and d in inits:
                d = posixpath.dirname(d)
                top -= 1
            starts = {max(top, 0), 0}
            if parts and parts[0] in ("src", "lib", "python") and len(parts) > 1:
                starts.add(1)
            for s in sorted(starts, reverse=True):
                name = ".".join(parts[s:])
                if name and (name not in mods or f.endswith(".py")):
                    mods.setdefault(name, f)
        return mods

    def _resolve_python(self, src: str, module: str, names: tuple[str, ...]) -> list[str] | None:
        if module.startswith("."):
            dots = len(module) - len(module.lstrip("."))
            base = posixpath.dirname(src)
            for _ in range(dots - 1):
                base = posixpath.dirname(base)
            rest = module[dots:]
            stem = posixpath.join(base, *rest.split(".")) if rest else base
            targets = []
            for n in names or ():
                t = self._py_file(posixpath.join(stem, n) if stem else n)
                if t:
                    targets.append(t)
            own = self._py_file(stem) if stem else self._py_file("__init__")
            if own:
                targets.insert(0, own)
            return sorted(set(targets)) or None
        targets = [self._py[f"{module}.{n}"] for n in names or () if f"{module}.{n}" in self._py]
        own = self._py.get(module)
        if own:
            targets.insert(0, own)
        return sorted(set(targets)) or None

    def _py_file(self, stem: str) -> str | None:
        stem = posixpath.normpath(stem)
        for cand in (stem + ".py", stem + "/__init__.py", stem + ".pyi", stem + "/__init__.pyi"):
            if cand in self.fileset:
                return cand
        return None

    # ----- js / ts ------------------------------------------------------------------------
    def _resolve_js(self, src: str, module: str) -> list[str] | None:
        if not module.startswith((".", "/")):
            return None
        base = posixpath.normpath(posixpath.join(posixpath.dirname(src), module)) if module.startswith(".") else module.lstrip("/")
        cands = [base]
        stem, ext = posixpath.splitext(base)
        if ext in (".js", ".jsx", ".mjs", ".cjs"):
            cands += [stem + e for e in (".ts", ".tsx", ".mts", ".cts")]
        cands += [base + e for e in JS_EXT] + [f"{base}/index{e}" for e in JS_EXT]
        for c in cands:
            if c in self.fileset:
                return [c]
        return None

    # ----- go -----------------------------------------------------------------------------
    def _go_mods(self) -> list[tuple[str, str]]:
        out = []
        for f in self.files:
            if posixpath.basename(f) == "go.mod" and self.read_text:
                m = re.search(r"^module\s+(\S+)", self.read_text(f) or "", re.M)
                if m:
                    out.append((m.group(1), posixpath.dirname(f)))
        return sorted(out, key=lambda t: -len(t[0]))

    def _resolve_go(self, module: str) -> list[str] | None:
        for modpath, moddir in self._go_modules:
            if module == modpath or module.startswith(modpath + "/"):
                sub = module[len(modpath) :].lstrip("/")
                d = posixpath.join(moddir, sub) if moddir else sub
                files = [f for f in self.dirs.get(d, []) if f.endswith(".go") and not f.endswith("_test.go")]
                return files or None
        return None

    # ----- rust ---------------------------------------------------------------------------
    def _rust_crate_root(self, src: str) -> str:
        d = posixpath.dirname(src)
        while True:
            if posixpath.join(d, "Cargo.toml") in self.fileset or (not d and "Cargo.toml" in self.fileset):
                return posixpath.join(d, "src") if d else "src"
            if not d:
                return posixpath.dirname(src)
            d = posixpath.dirname(d)

    def _rust_mod_dir(self, src: str) -> str:
        base = posixpath.basename(src)
        d = posixpath.dirname(src)
        if base in ("mod.rs", "lib.rs", "main.rs"):
            return d
        return posixpath.join(d, base[:-3])

    def _rust_path(self, start: str, segs: list[str]) -> str | None:
        for n in range(len(segs), 0, -1):
            p = posixpath.join(start, *segs[:n]) if start else "/".join(segs[:n])
            for c in (p + ".rs", p + "/mod.rs"):
                if c in self.fileset:
                    return c
        return None

    def _rust_module_file(self, d: str, crate: bool = False) -> str | None:
        names = [posixpath.join(d, "lib.rs"), posixpath.join(d, "main.rs")] if crate else [d + ".rs", posixpath.join(d, "mod.rs")]
        return next((c for c in names if c in self.fileset), None)

    def _resolve_rust(self, src: str, module: str) -> list[str] | None:
        segs = [s for s in re.split(r"::", module.strip()) if s and not s.startswith("{")]
        if not segs:
            return None
        head = segs[0]
        if head == "crate":
            root = self._rust_crate_root(src)
            t = self._rust_path(root, segs[1:]) or self._rust_module_file(root, crate=True)
        elif head in ("self", "super"):
            start = self._rust_mod_dir(src)
            i = 0
            while i < len(segs) and segs[i] in ("self", "super"):
                if segs[i] == "super":
                    start = posixpath.dirname(start)
                i += 1
            t = self._rust_path(start, segs[i:]) or self._rust_module_file(start)
        elif len(segs) == 1 and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", head):
            t = self._rust_path(self._rust_mod_dir(src), segs)  # `mod x;`
        else:
            t = None
        return [t] if t and t != src else None

    # ----- java / c -----------------------------------------------------------------------
    def _by_suffix(self, suffix: str) -> list[str]:
        if self._suffix is None:
            idx: dict[str, list[str]] = defaultdict(list)
            for f in self.files:
                parts = f.split("/")
                for i in range(len(parts)):
                    idx["/".join(parts[i:])].append(f)
            self._suffix = idx
        return self._suffix.get(suffix, [])

    def _resolve_java(self, module: str) -> list[str] | None:
        segs = module.removeprefix("static ").strip().rstrip(";").split(".")
        if segs and segs[-1] == "*":
            d = [k for k in self.dirs if k == "/".join(segs[:-1]) or k.endswith("/" + "/".join(segs[:-1]))]
            files = [f for k in d for f in self.dirs[k] if f.endswith((".java", ".kt"))]
            return sorted(files) or None
        for n in range(len(segs), 1, -1):
            for ext in (".java", ".kt"):
                hits = self._by_suffix("/".join(segs[:n]) + ext)
                if len(hits) >= 1:
                    return [hits[0]]
        return None

    def _resolve_c(self, src: str, module: str) -> list[str] | None:
        name = module.strip('"<>').strip()  # quoted: local; bare or <...>: system, unless the repo has it
        d = posixpath.dirname(src)
        for base in (d, "", "include", "src"):
            c = posixpath.normpath(posixpath.join(base, name)) if base else posixpath.normpath(name)
            if c in self.fileset:
                return [c]
        hits = self._by_suffix(name)
        return [hits[0]] if len(hits) == 1 else None

    # ----- dispatch -----------------------------------------------------------------------
    def resolve(self, imp: ImportLike) -> list[str] | None:
        ext = _ext(imp.path)
        mod = imp.module.strip()
        if not mod:
            return None
        if ext in PY_EXT:
            return self._resolve_python(imp.path, mod, tuple(imp.names or ()))
        if ext in JS_EXT or ext in (".vue", ".svelte"):
            return self._resolve_js(imp.path, mod.strip("'\"`"))
        if ext == ".go":
            return self._resolve_go(mod.strip('"`'))
        if ext == ".rs":
            return self._resolve_rust(imp.path, mod)
        if ext in (".java", ".kt", ".scala"):
            return self._resolve_java(mod)
        if ext in C_EXT:
            return self._resolve_c(imp.path, mod)
        if mod.startswith((".", "/")) or mod.startswith(("'.", '".')):
            m = mod.strip("'\"")
            base = posixpath.normpath(posixpath.join(posixpath.dirname(imp.path), m))
            for c in (base, base + ext):
                if c in self.fileset:
                    return [c]
        return None


def relative_import(imp: ImportLike) -> Unresolved | None:
    """An import written relative to its file (Python dots, JS './x' '../x' '/x', Rust crate/self/super),
    as an Unresolved entry (whether it points above the root); None for a package name."""
    ext = _ext(imp.path)
    raw = imp.module.strip()
    mod = raw.strip("'\"`")
    src_dir = posixpath.dirname(imp.path)
    depth = len(src_dir.split("/")) if src_dir else 0
    if ext in PY_EXT:
        if not mod.startswith("."):
            return None
        dots = len(mod) - len(mod.lstrip("."))
        return Unresolved(imp.path, mod, imp.line, dots - 1 > depth)
    if ext == ".rs":
        segs = mod.split("::")
        if segs[0] not in ("crate", "self", "super"):
            return None
        ups = sum(1 for x in segs if x == "super")
        return Unresolved(imp.path, mod, imp.line, ups > depth)
    if ext in C_EXT or ext == ".go" or ext in (".java", ".kt", ".scala"):
        return None
    if mod in (".", "..") or mod.startswith(("./", "../", "/")) or (ext not in JS_EXT and mod.startswith(".")):
        target = posixpath.normpath(posixpath.join(src_dir, mod)) if not mod.startswith("/") else mod.lstrip("/")
        return Unresolved(imp.path, mod, imp.line, target == ".." or target.startswith("../"))
    return None


def external_name(imp: ImportLike) -> tuple[str, bool]:
    """The package an unresolved import names, and whether it belongs to the language's standard library."""
    ext = _ext(imp.path)
    mod = imp.module.strip().strip("'\"`")
    if ext in PY_EXT:
        if mod.startswith("."):
            return mod, False
        segs = mod.split(".")
        top = segs[0]
        keep = 3 if segs[:2] == ["google", "cloud"] else 2 if top in NAMESPACE_PACKAGES else 1
        return ".".join(segs[:keep]), top in sys.stdlib_module_names
    if ext in JS_EXT:
        if mod.startswith("node:"):
            return mod, True
        parts = mod.split("/")
        return ("/".join(parts[:2]) if mod.startswith("@") else parts[0]), False
    if ext == ".go":
        first = mod.split("/")[0]
        return (mod if "." not in first else "/".join(mod.split("/")[:3])), "." not in first
    if ext == ".rs":
        top = mod.split("::")[0]
        if top in ("crate", "self", "super"):
            return mod, False
        return top, top in ("std", "core", "alloc")
    if ext in (".java", ".kt", ".scala"):
        segs = mod.removeprefix("static ").split(".")
        return ".".join(segs[:2]), segs[0] in ("java", "javax", "kotlin")
    if ext in C_EXT:
        name = imp.module.strip()
        return name.strip('"<>'), not name.startswith('"')
    return mod, False


def build_graph(files: Iterable[str], imports: Iterable[ImportLike], read_text: Callable[[str], str | None] | None = None) -> DepGraph:
    resolver = Resolver(files, read_text)
    g = DepGraph()
    seen: set[tuple[str, str]] = set()
    for imp in imports:
        targets = resolver.resolve(imp)
        if targets:
            for t in targets:
                if t == imp.path or (imp.path, t) in seen:
                    continue
                seen.add((imp.path, t))
                e = Edge(imp.path, t, imp.line, imp.module)
                g.edges.setdefault(imp.path, []).append(e)
                g.reverse.setdefault(t, []).append(e)
            continue
        rel = relative_import(imp)
        if rel is not None:
            g.unresolved.setdefault(imp.path, []).append(rel)
        else:
            name, std = external_name(imp)
            lst = g.externals.setdefault(imp.path, [])
            if not any(x.package == name for x in lst):
                lst.append(External(imp.path, name, imp.line, imp.module, std))
    return g


def find_cycles(
    graph: DepGraph, nodes: Iterable[str] | None = None, limit: int = 20, anchor: Iterable[str] = ()
) -> list[list[str]]:
    """Import cycles (strongly connected components of size > 1, as one concrete loop each) touching `nodes`."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    comps: list[list[str]] = []
    counter = 0
    succ = {s: [e.target for e in es] for s, es in graph.edges.items()}
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


def imported_names(resolver: Resolver, imports: Iterable[ImportLike]) -> dict[str, list[str]]:
    """For one file's imports: imported name (or module alias / last segment, and '*') -> repository files."""
    out: dict[str, list[str]] = {}
    for imp in imports:
        targets = resolver.resolve(imp)
        if not targets:
            continue
        keys = list(imp.names or ()) or [re.split(r"[./:]+", imp.module.strip("'\"<>`"))[-1] or "*"]
        for k in keys + ["*"]:
            lst = out.setdefault(k, [])
            lst.extend(t for t in targets if t not in lst)
    return out


def traverse(graph: DepGraph, start: set[str], direction: str, depth: int) -> list[tuple[Edge, int]]:
    """One edge per file reached from `start` (a file, or a directory's files) within `depth` hops, at its
    smallest depth (breadth first; the edge says which file it was reached through); edges inside `start` skipped."""
    out: list[tuple[Edge, int]] = []
    seen_nodes = set(start)
    frontier = sorted(start)
    for d in range(1, depth + 1):
        nxt: list[str] = []
        for node in frontier:
            edges = graph.imports_of(node) if direction == "imports" else graph.dependents_of(node)
            for e in edges:
                other = e.target if direction == "imports" else e.source
                if other in seen_nodes:  # `start` itself, or a file already listed at this depth or a smaller one
                    continue
                out.append((e, d))
                seen_nodes.add(other)
                nxt.append(other)
        frontier = sorted(nxt)
        if not frontier:
            break
    return out
