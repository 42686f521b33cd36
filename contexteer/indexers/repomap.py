"""The ranked repo map: PageRank over the file reference graph, rendered into a token budget.

An edge goes from a file that references a name to each file that defines it, weighted like Aider's
repo map: sqrt(reference count) x 10 for long specific names (snake/camel, >= 8 chars) x 0.1 for
private names (`_x`) x 0.1 for names defined in more than 5 files; names defined in more than
`NOISE_DEFINERS` files carry no signal and are skipped. PageRank (power iteration, written here) is
personalised by the focus files (and the files defining focus names, whose edges also weigh x10).
Each file's rank flows to its definitions through its out-edges; the map shows the best definitions
with their line ranges, files in rank order, the number of units binary-searched to fit the budget.
Ranks are cached per index state, so a warm map costs one render loop.
"""

from __future__ import annotations

import builtins
import functools
import heapq
import itertools
import logging
import math
import operator
import re
import sys
import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from contexteer.indexers.model import is_macro

logger = logging.getLogger(__name__)

NOISE_DEFINERS = 100
#: A map shows at most this many definitions of one name in one file (a file of 10,000 `x = 1` would otherwise
#: make one unit larger than any budget); a line says how many more there are and how to list them.
UNIT_MAX_DEFS = 10
#: Nesting deeper than this is not indented further (700 nested definitions would otherwise cost 700 x 700
#: spaces); such a line says its depth instead.
MAX_INDENT = 24
#: A ranking keeps its best this many units sorted apart (a map reads a few hundred of them).
HEAD_UNITS = 4096


def indentation(depth: int, base: int = 1) -> str:
    """Two spaces a nesting level (plus `base` levels); past MAX_INDENT levels, the indentation of MAX_INDENT and
    `[depth N] `."""
    levels = depth + base
    return "  " * levels if levels <= MAX_INDENT else "  " * MAX_INDENT + f"[depth {depth}] "
#: A focused map's personalised PageRank starts from the global ranks and stops after this many power
#: iterations (the order of the top files is settled long before a 1e-6 tolerance is reached).
FOCUS_MAX_ITER = 8
_SPECIFIC = re.compile(r"^(?=.*[a-z])(?:[a-z0-9]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)$")
_KIND_WEIGHT = {"class": 1.0, "interface": 1.0, "struct": 1.0, "trait": 1.0, "enum": 0.9, "type": 0.8, "function": 0.9,
                "method": 0.6, "module": 0.5, "constant": 0.4, "heading": 0.5, "variable": 0.2, "field": 0.1}


def defines_for_rank(kind: str, path: str) -> bool:
    """Whether a definition makes its file a definer of its name in the ranking: not a Swift `extension String`,
    named by the type it extends (the file took every reference of String and topped the map)."""
    return kind != "impl" or not path.endswith(".swift")


@functools.lru_cache(maxsize=65536)
def name_weight(name: str, n_definers: int) -> float:
    w = 1.0
    core = name.strip("_")
    if len(name) >= 8 and _SPECIFIC.match(core or name):
        w *= 10
    if name.startswith("_"):
        w *= 0.1
    if n_definers > 5:
        w *= 0.1
    return w


PY_BUILTINS = frozenset(dir(builtins))
_PY_EXT = (".py", ".pyi", ".pyw")

DefRow = tuple[str, str, bool]  # name, kind, exported
Unit = tuple[float, str, str | None]  # (score, path, name); name None: a file without definitions


_TEST_PATH = re.compile(r"(^|/)(tests?|testing|__tests__|spec)/|(^|/)test_[^/]*$|_test\.\w+$|\.(test|spec)\.\w+$")


@functools.lru_cache(maxsize=65536)
def display_weight(path: str) -> float:
    """Test files rank x0.1 in what a map shows (their helpers are referenced everywhere, rarely wanted)."""
    return 0.1 if _TEST_PATH.search(path) else 1.0


@dataclass
class Ranking:
    files: list[str]
    file_rank: dict[str, float]
    def_rank: dict[tuple[str, str], float]  # (path, name) -> share of rank that flows to this definition
    #: the rank flowing into each name an edge reaches: with a definition's kind and visibility it gives the
    #: definition's rank without the graph (`score_definitions`, a stored ranking)
    name_flow: dict[str, float] = field(default_factory=dict)
    _units: list[tuple[float, str, str | None]] | None = None
    _head: list[tuple[float, str, str | None]] = field(default_factory=list)
    _sorted: list[tuple[float, str, str | None]] | None = None
    _under: dict[str, list[tuple[float, str, str | None]]] = field(default_factory=dict)
    HEAD: ClassVar[int] = HEAD_UNITS

    def units(self, prefix: str = "") -> Iterator[tuple[float, str, str | None]]:
        """Every (score, path, name) definition unit plus (score, path, None) for files without any, best first;
        with `prefix` ('json/') only those under it (sorted once per prefix: a sub-path map).

        A map needs only the first few hundred: those come from a partial selection; the full sort
        happens only if a caller reads past them."""
        if prefix:
            under = self._under.get(prefix)
            if under is None:
                under = sorted((u for u in self._all_units() if u[1].startswith(prefix)), key=unit_key)
                if len(self._under) >= 32:  # tool threads share a Ranking: evict without racing another thread
                    self._under.pop(next(iter(self._under), ""), None)
                self._under[prefix] = under
            yield from under
            return
        units = self._all_units()
        yield from self._head
        if len(self._head) < len(units):
            if self._sorted is None:
                self._sorted = sorted(units, key=unit_key)
            yield from self._sorted[len(self._head):]

    def _all_units(self) -> list[tuple[float, str, str | None]]:
        if self._units is None:
            units: list[tuple[float, str, str | None]] = [(r, p, nm) for (p, nm), r in self.def_rank.items()]
            with_defs = {p for _, p, _ in units}
            units += [(self.file_rank[p] * 1e-3 * display_weight(p), p, None) for p in self.files if p not in with_defs]
            self._units = units
            self._head = heapq.nsmallest(self.HEAD, units, key=unit_key)
        return self._units


def unit_key(u: tuple[float, str, str | None]) -> tuple[float, str, str]:
    return (-u[0], u[1], u[2] or "")


@dataclass
class RefGraph:
    """The reference graph of one index state without any focus: built once, reused by every focused map."""

    nodes: list[str]
    idx: dict[str, int]
    definers: dict[str, list[int]]
    def_meta: dict[tuple[str, str], tuple[float, float]]  # (kind weight, kind weight x visibility)
    name_ids: dict[str, int]
    names: list[str]
    name_srcs: list[list[int]]
    name_w: list[list[float]]  # unfocused edge weights
    out_w: list[float]
    coefs: list[list[float]]
    inflow_names: list[list[int]]
    dangling: list[int]
    src_edges: list[list[tuple[int, int]]]  # per file: (name id, position in that name's lists) of its out-edges
    # per definition (path, name), in def_meta order: its name id (len(names) when no edge reaches it), its
    # file's index, the kind weight and the visibility-weighted base, both times its file's display weight
    def_keys: list[tuple[str, str]] = field(default_factory=list)
    def_cols: list[tuple[int, int, float, float]] = field(default_factory=list)


def build_ref_graph(files: Iterable[str], defs_by_file: dict[str, list[DefRow]], refs_by_file: dict[str, Counter[str]],
                    *, definitions: bool = True, definers: dict[str, list[int]] | None = None) -> RefGraph:
    """The graph is never materialised as file->file edges (a name defined in k files and referenced from
    m files would make m*k of them): rank flows from referencing files to names, then from names to every
    defining file, which is exactly the transition of Aider's graph in O(m + k).

    `definitions=False` leaves out the per-definition columns (most of the graph's memory on a large index):
    the ranking then gives file ranks and name flows only, from which `best_units` scores definitions. With it,
    `definers` (name -> the indexes in sorted `files` of the files defining it, each once, in the order the
    definitions were read) may stand for `defs_by_file`: the definitions need not be held at all."""
    nodes = sorted(set(files))
    n = len(nodes)
    idx = {f: i for i, f in enumerate(nodes)}
    if definers is not None and definitions:
        raise ValueError("definers stand for the definitions only without the per-definition columns")
    given = definers is not None
    definers = definers if definers is not None else defaultdict(list)
    def_meta: dict[tuple[str, str], tuple[float, float]] = {}
    for path, rows in ({} if given else defs_by_file).items():
        i = idx.get(path)
        if i is None:
            continue
        for name, kind, exported in rows:
            if not defines_for_rank(kind, path):
                continue
            lst = definers[name]
            if not lst or lst[-1] != i:
                lst.append(i)
            if not definitions:
                continue
            kw = _KIND_WEIGHT.get(kind, 0.3)
            if kw * (1.0 if exported else 0.1) > def_meta.get((path, name), (0.0, 0.0))[1]:
                def_meta[(path, name)] = (kw, kw * (1.0 if exported else 0.1))
    name_ids: dict[str, int] = {}
    name_srcs: list[list[int]] = []
    name_w: list[list[float]] = []
    out_w = [0.0] * n
    src_edges: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for path, counts in refs_by_file.items():
        src = idx.get(path)
        if src is None:
            continue
        python = path.endswith(_PY_EXT)
        for nm, cnt in counts.items():
            ds = definers.get(nm)
            if not ds or len(ds) > NOISE_DEFINERS or (python and nm in PY_BUILTINS):
                continue
            w = name_weight(nm, len(ds)) * math.sqrt(cnt)
            k = name_ids.get(nm)
            if k is None:
                k = name_ids[nm] = len(name_srcs)
                name_srcs.append([])
                name_w.append([])
            src_edges[src].append((k, len(name_srcs[k])))
            name_srcs[k].append(src)
            name_w[k].append(w)
            out_w[src] += w * len(ds)
    names = list(name_ids)
    coefs = [[w / out_w[s] for s, w in zip(srcs, ws, strict=True)] for srcs, ws in zip(name_srcs, name_w, strict=True)]
    inflow_names: list[list[int]] = [[] for _ in range(n)]
    for k, nm in enumerate(names):
        for d in definers[nm]:
            inflow_names[d].append(k)
    dangling = [i for i in range(n) if out_w[i] <= 0]
    def_keys = list(def_meta)
    none = len(names)
    def_cols = [(name_ids.get(nm, none), idx[p], kw * display_weight(p), base * 1e-3 * display_weight(p))
                for (p, nm), (kw, base) in def_meta.items()]
    return RefGraph(nodes, idx, definers, def_meta, name_ids, names, name_srcs, name_w, out_w, coefs, inflow_names,
                    dangling, src_edges, def_keys, def_cols)


def _focused_coefs(g: RefGraph, focus_set: set[int], focus_names: set[str]) -> list[list[float]]:
    """The transition coefficients with focus weights (edges of focus names x10, out of focus files x5):
    only the files touched by the focus are re-weighted, the rest of the graph is shared with the global one."""
    focus_ks = {g.name_ids[nm] for nm in focus_names if nm in g.name_ids}
    touched = set(focus_set)
    for k in focus_ks:
        touched.update(g.name_srcs[k])
    if not touched:
        return g.coefs
    out_w: dict[int, float] = {}
    ks = set(focus_ks)
    for s in touched:
        total = 0.0
        for k, j in g.src_edges[s]:
            total += g.name_w[k][j] * (10.0 if k in focus_ks else 1.0) * len(g.definers[g.names[k]])
            ks.add(k)
        out_w[s] = total * (5.0 if s in focus_set else 1.0)
    coefs = list(g.coefs)
    for k in ks:
        row = []
        for src, w, c in zip(g.name_srcs[k], g.name_w[k], g.coefs[k], strict=True):
            if src in touched:
                w = w * (10.0 if k in focus_ks else 1.0) * (5.0 if src in focus_set else 1.0)
                row.append(w / out_w[src] if out_w[src] > 0 else 0.0)
            else:
                row.append(c)
        coefs[k] = row
    return coefs


def rank(
    files: Iterable[str],
    defs_by_file: dict[str, list[DefRow]],
    refs_by_file: dict[str, Counter[str]],
    focus_files: Iterable[str] = (),
    focus_names: Iterable[str] = (),
    *,
    init: dict[str, float] | None = None,
    alpha: float = 0.85,
    max_iter: int = 100,
    tol: float = 1.0e-6,
    graph: RefGraph | None = None,
    definitions: bool = True,
) -> Ranking:
    """PageRank over the reference graph (Aider's weighting) by power iteration.

    `graph` (from build_ref_graph on the same inputs) skips rebuilding the graph; `init` (previous ranks,
    e.g. the global ones for a focused map) warm-starts the iteration; `max_iter` caps it.
    """
    g = graph if graph is not None else build_ref_graph(files, defs_by_file, refs_by_file, definitions=definitions)
    nodes, n = g.nodes, len(g.nodes)
    focus_names = set(focus_names)
    focus_set = {g.idx[f] for f in focus_files if f in g.idx}
    for nm in focus_names:
        focus_set.update(g.definers.get(nm, ()))
    coefs = _focused_coefs(g, focus_set, focus_names) if focus_set or focus_names else g.coefs
    name_srcs, inflow_names, dangling = g.name_srcs, g.inflow_names, g.dangling
    pers = [100.0 if i in focus_set else 1e-3 for i in range(n)] if focus_set else [1.0] * n
    total = sum(pers) or 1.0
    pers = [p / total for p in pers]
    if init:
        x = [init.get(f, 1.0 / max(n, 1)) for f in nodes]
        sx = sum(x) or 1.0
        x = [v / sx for v in x]
        if focus_set:  # start near the answer: the focus files hold most of a personalised rank
            x = [0.5 * a + 0.5 * b for a, b in zip(x, pers, strict=True)]
    else:
        x = pers[:]
    mul = operator.mul
    y: list[float] = []
    for _ in range(max_iter):
        get = x.__getitem__
        y = [sum(map(mul, map(get, srcs), cs)) for srcs, cs in zip(name_srcs, coefs, strict=True)]
        yget = y.__getitem__
        jump = alpha * sum(map(get, dangling)) + (1.0 - alpha)
        nxt = [alpha * sum(map(yget, ks)) + jump * p for ks, p in zip(inflow_names, pers, strict=True)]
        err = sum(map(abs, map(operator.sub, nxt, x)))
        x = nxt
        if err < n * tol:
            break
    get = x.__getitem__
    y = [sum(map(mul, map(get, srcs), cs)) for srcs, cs in zip(name_srcs, coefs, strict=True)]
    file_rank = dict(zip(nodes, x, strict=True))
    name_flow = dict(zip(g.names, y, strict=True))
    y.append(0.0)  # the flow of a name no edge reaches
    def_rank = dict(zip(g.def_keys, [y[k] * kw + x[i] * b for k, i, kw, b in g.def_cols], strict=True))
    return Ranking(files=nodes, file_rank=file_rank, def_rank=def_rank, name_flow=name_flow)


def score_definitions(rows: Iterable[tuple[str, str, str, bool]], file_rank: dict[str, float],
                      name_flow: dict[str, float]) -> list[Unit]:
    """The (score, path, name) unit of each (path, name) among `rows` (path, name, kind, exported), scored as
    `rank` scores it from the same file ranks and name flows (the best kind and visibility of a name in a file)."""
    meta: dict[tuple[str, str], tuple[float, float]] = {}
    for path, name, kind, exported in rows:
        if path not in file_rank or not defines_for_rank(kind, path):
            continue
        kw = _KIND_WEIGHT.get(kind, 0.3)
        if kw * (1.0 if exported else 0.1) > meta.get((path, name), (0.0, 0.0))[1]:
            meta[(path, name)] = (kw, kw * (1.0 if exported else 0.1))
    units: list[Unit] = []
    for (p, nm), (kw, base) in meta.items():
        dw = display_weight(p)
        units.append((name_flow.get(nm, 0.0) * (kw * dw) + file_rank[p] * (base * 1e-3 * dw), p, nm))
    return units


def best_units(files: Iterable[str], groups: Iterable[tuple[str, Iterable[DefRow]]], file_rank: dict[str, float],
               name_flow: dict[str, float], n: int = HEAD_UNITS) -> list[Unit]:
    """The best `n` units of a ranking, in order, scored file by file from (path, definitions) groups (only n units
    are ever held): the head of `Ranking.units()` without the ranking's per-definition table. Files of `files`
    without definitions are units of their own."""
    with_defs: set[str] = set()

    def units() -> Iterator[Unit]:
        for path, rows in groups:
            if path not in file_rank:
                continue
            scored = score_definitions(((path, nm, k, e) for nm, k, e in rows), file_rank, name_flow)
            if scored:
                with_defs.add(path)
                yield from scored
        for path in files:
            if path in file_rank and path not in with_defs:
                yield file_rank[path] * 1e-3 * display_weight(path), path, None

    return heapq.nsmallest(n, units(), key=unit_key)


def rank_inputs(index: Any) -> tuple[dict[str, list[DefRow]], dict[str, Counter[str]]]:
    """Every file's definitions and referenced names, for the ranking. Paths and names are interned: SQLite
    returns a new string per row, and the kernel's 800,000 definitions repeat 12,000 paths."""
    intern = sys.intern
    defs_rows, refs_rows = index.ranking_inputs()
    defs: dict[str, list[DefRow]] = defaultdict(list)
    for path, name, kind, exported in defs_rows:
        defs[intern(path)].append((intern(name), intern(kind), exported))
    refs: dict[str, Counter[str]] = defaultdict(Counter)
    for path, name, uses in refs_rows:
        refs[intern(path)][intern(name)] += uses
    return defs, refs


@dataclass
class MapResult:
    text: str
    tokens: int
    files_total: int
    files_shown: int
    symbols_shown: int
    shown: list[tuple[str, list[Any]]] = field(default_factory=list)  # (path, symbols) in order


SymbolsOf = Callable[[str], list[Any]]


def _sig(sym: Any) -> str:
    sig = (getattr(sym, "signature", "") or "").strip() or f"{sym.kind} {sym.name}"
    return sig if len(sig) <= 140 else sig[:139] + "…"


def render_files(chosen: list[tuple[str, list[Any]]], extra: list[str] | None = None,
                 more: dict[str, dict[str, int]] | None = None, hidden: dict[int, int] | None = None) -> str:
    """Each file, then its symbols (with their parents for context) by line, indented by nesting; `more` (path ->
    name -> count) says how many further definitions of a name a file holds beyond those shown, `hidden` (a shown
    definition's id -> count) how many of its members the map left out."""
    out: list[str] = []
    for path, syms in chosen:
        out.append(path)
        said: set[str] = set()
        for s in sorted(syms, key=lambda s: (s.start_line, -s.end_line)):
            depth = s.qualname.count(".") if getattr(s, "qualname", None) else 0
            n = (hidden or {}).get(s.id, 0)
            row = f"{indentation(depth)}{s.start_line}-{s.end_line} {_sig(s)}" + (f"  (+{n} more member{'s' if n != 1 else ''})" if n else "")
            if row in said:  # one line declaring several names (`attr_accessor :a, :b, :c`): one row, not one per name
                continue  # (rubyzip run 555 read the Zip64 line four times)
            said.add(row)
            out.append(row)
        for name, n in (more or {}).get(path, {}).items():
            out.append(f"  … {n:,} more definitions of {name} here: search_symbol(query=\"{name}\", path=\"{path}\") lists them")
    out.extend(extra or [])
    return "\n".join(out)


def fit(
    ranking: Ranking,
    scope: list[str],
    symbols_of: SymbolsOf,
    count_tokens: Callable[[str], int],
    budget: int,
    *,
    header: str = "",
    kinds: set[str] | None = None,
    include_private: bool = False,
    pinned: Iterable[tuple[str, str]] = (),
    prefix: str = "",
) -> MapResult:
    """Choose the best (file, definition) units under `scope` and binary-search how many fit in `budget`.

    `pinned` (path, name) units come first, in that order: the definitions of the names a caller focused on.
    `prefix` ('json/', every scope path under it) reads only the ranking's units under it."""
    in_scope = set(scope)
    total = len(scope)
    cap_units = max(1, budget // 3)  # a shown unit costs at least ~3 tokens, so more can never fit
    by_file: dict[str, tuple[dict[str, list[Any]], dict[int, Any]]] = {}

    def file_syms(path: str) -> tuple[dict[str, list[Any]], dict[int, Any]]:
        hit = by_file.get(path)
        if hit is None:
            named: dict[str, list[Any]] = defaultdict(list)
            by_id: dict[int, Any] = {}
            for s in symbols_of(path):
                by_id[s.id] = s
                if kinds and s.kind not in kinds and not ("macro" in kinds and is_macro(s.kind, s.signature)):
                    continue
                if not include_private and not getattr(s, "exported", True):
                    continue
                named[s.name].append(s)
            hit = by_file[path] = (named, by_id)
        return hit

    units: list[tuple[str, list[Any], int]] = []  # (path, the definitions shown, how many more are not)
    pinned = list(pinned)
    must = set(pinned)
    source = itertools.chain(((math.inf, p, nm) for p, nm in pinned), ranking.units(prefix))
    seen: set[tuple[str, str]] = set()
    ran_out: list[bool] = []  # set once the ranking has no more units: every definition in scope was met

    def fill(n: int) -> int:
        """Extend `units` to n shown units (fewer if the ranking runs out); symbols are read only as needed."""
        if len(units) >= n:
            return len(units)
        ran_out.append(True)  # (taken back below when the loop stops at n)
        for _, p, nm in source:
            if len(units) >= n:
                break
            if p not in in_scope:
                continue
            if nm is None:
                units.append((p, [], 0))
                continue
            if (p, nm) in seen:
                continue
            seen.add((p, nm))
            named, by_id = file_syms(p)
            shown = named.get(nm)
            if (p, nm) in must:  # a focused name is shown whatever the kind and visibility filters say
                shown = [s for s in by_id.values() if s.name == nm]
            if not shown:
                continue
            units.append((p, shown[:UNIT_MAX_DEFS], max(0, len(shown) - UNIT_MAX_DEFS)))
            if len(units) >= n:
                break
        else:
            return len(units)
        ran_out.pop()
        return len(units)

    def file_order(p: str) -> tuple[float, str]:  # only the files shown are ordered (the kernel has 61,000 in scope)
        return -ranking.file_rank.get(p, 0.0) * display_weight(p), p

    def build(k: int) -> tuple[str, list[tuple[str, list[Any]]]]:
        """The first k units, each definition with its parents for context; linear in what it shows (a parent
        already listed ends the walk up, so 10,000 definitions sharing a name or a parent cost 10,000 steps)."""
        per_file: dict[str, dict[int, Any]] = {}
        more: dict[str, dict[str, int]] = {}
        for p, syms, hidden in units[:k]:
            listed = per_file.setdefault(p, {})
            by_id = file_syms(p)[1]
            for sym in syms:
                while sym is not None and sym.id not in listed:
                    listed[sym.id] = sym
                    sym = by_id.get(sym.parent_id) if sym.parent_id is not None else None
            if hidden:
                more.setdefault(p, {})[syms[0].name] = hidden
        chosen = sorted(((p, list(d.values())) for p, d in per_file.items()), key=lambda kv: file_order(kv[0]))
        cut_members = _hidden_members(per_file, lambda p: file_syms(p)[0])
        rest = total - len(chosen)
        # a few left out are named (run 53: "… 1 more files" hid Random/test.zig, which took another call)
        others = sorted(set(scope) - {p for p, _ in chosen}) if 0 < rest <= 3 else []
        tail = [(f"… {rest} more file{'s' if rest != 1 else ''}: {', '.join(others)}" if others
                 else f"… {rest} more files, narrow with path=") if rest else ""]
        if rest and ran_out and k >= len(units) and (kinds or not include_private):
            # every unit shown: the other files hold nothing the filters keep (gometrics run 597 read "… 18 more
            # files" under kinds=[constant], asked again with a larger budget and then searched the text)
            what = "/".join(sorted(kinds)) if kinds else "public definition"
            tail = [f"(no {what} in the other {rest} file{'s' if rest != 1 else ''})"]
        body = render_files(chosen, [t for t in tail if t], more, cut_members)
        return (header + "\n" + body if header else body), chosen

    best_text, best_chosen = _most_that_fit(build, fill, lambda text: count_tokens(text) <= budget, cap_units)
    return MapResult(best_text, count_tokens(best_text), total, len(best_chosen), sum(len(s) for _, s in best_chosen), best_chosen)


Built = tuple[str, list[tuple[str, list[Any]]]]


def _hidden_members(per_file: dict[str, dict[int, Any]], named_of: Callable[[str], dict[str, list[Any]]]) -> dict[int, int]:
    """Per shown definition (id), how many of its members (those the map's filters keep) are not shown: a class
    listed with some members says how many more it has (the Symfony A/B agent took ConsoleOutputInterface's one
    listed method for all three)."""
    hidden: dict[int, int] = {}
    for p, listed in per_file.items():
        for syms in named_of(p).values():
            for s in syms:
                if s.parent_id in listed and s.id not in listed:
                    hidden[s.parent_id] = hidden.get(s.parent_id, 0) + 1
    return hidden


def _most_that_fit(build: Callable[[int], Built], fill: Callable[[int], int], fits: Callable[[str], bool],
                   cap: int) -> Built:
    """The map of the most units that fits: an exponential search for an upper bound, then a binary search, so
    only ~2x the units that fit are read (`fill(n)` reads up to n, `build(k)` renders the first k)."""
    best = build(0)
    lo, hi, probe = 0, 0, 16
    while True:
        have = fill(min(probe, cap))
        if have <= lo:
            hi = lo
            break
        made = build(have)
        if not fits(made[0]):
            hi = have - 1
            break
        lo, best = have, made
        if have < min(probe, cap) or have >= cap:
            hi = lo
            break
        probe *= 2
    while lo < hi:
        mid = (lo + hi + 1) // 2
        made = build(mid)
        if fits(made[0]):
            lo, best = mid, made
        else:
            hi = mid - 1
    return best


def language_summary(infos: Iterable[Any]) -> str:
    """'1,834 files (python 1,790, c 12, …), 61,234 symbols' for a directory's FileInfo rows."""
    langs: Counter[str] = Counter()
    n_files = n_syms = 0
    for fi in infos:
        n_files += 1
        langs[fi.language or "other"] += 1
        n_syms += getattr(fi, "n_symbols", 0) or 0
    if not n_files:
        return "no indexed files"
    parts = ", ".join(f"{lang} {n:,}" for lang, n in langs.most_common(6))
    more = ", …" if len(langs) > 6 else ""
    return f"{n_files:,} files ({parts}{more}), {n_syms:,} symbols"


class RepoMapper:
    """Ranks and renders maps from one StructureIndex, caching inputs, ranks and symbols per index state.

    After a change only the changed files' definitions and references are re-read, and PageRank is
    warm-started from the previous ranks, so a map after a one-file edit costs little more than a warm one.
    """

    FULL_RELOAD = 200  # more changed files than this: re-read every input

    def __init__(self, index: Any) -> None:
        self.index = index
        self._state: Any = object()
        self._sigs: dict[str, tuple[int, int, str | None, str]] = {}
        self._defs: dict[str, list[DefRow]] = {}
        self._refs: dict[str, Counter[str]] = {}
        self._loaded = False
        self._rankings: dict[tuple[tuple[str, ...], tuple[str, ...]], Ranking] = {}
        self._last_ranks: dict[str, float] | None = None
        self._graph: RefGraph | None = None
        self._symbols: dict[str, list[Any]] = {}
        self._infos: dict[str, Any] | None = None
        self._lock = threading.RLock()
        self._snapshots: Any = None  # rank_snapshot.SnapshotRanks of a large index, made on its first map

    def state(self) -> Any:
        """The index generation: bumped by every write of index content, in any process (one indexed read)."""
        return self.index.generation

    def _sync(self) -> None:
        with self._lock:
            st = self.state()
            if st == self._state:
                return
            self._state = st
            self._infos = {fi.path: fi for fi in self.index.files()}
            self._rankings.clear()
            self._graph = None
            if self._loaded:
                self._update_inputs()
            else:
                self._symbols.clear()

    def _update_inputs(self) -> None:
        assert self._infos is not None
        sigs = {p: (fi.mtime_ns, fi.size, fi.sha, fi.status) for p, fi in self._infos.items()}
        changed = [p for p, sig in sigs.items() if self._sigs.get(p) != sig]
        removed = [p for p in self._sigs if p not in sigs]
        if len(changed) + len(removed) > self.FULL_RELOAD:
            self._loaded = False
            self._symbols.clear()
            return
        for p in changed + removed:
            self._symbols.pop(p, None)  # other files' symbol lists stay valid
        for p in removed:
            self._defs.pop(p, None)
            self._refs.pop(p, None)
        for p in changed:
            if sigs[p][3] != "indexed":
                self._defs.pop(p, None)
                self._refs.pop(p, None)
                continue
            self._defs[p] = [(s.name, s.kind, s.exported) for s in self.index.symbols_in_file(p)]
            self._refs[p] = Counter(r.name for r in self.index.references_in_range(p, 1, 1 << 30))
        self._sigs = sigs

    def _load_all(self) -> None:
        assert self._infos is not None
        self._defs, self._refs = rank_inputs(self.index)
        self._sigs = {p: (fi.mtime_ns, fi.size, fi.sha, fi.status) for p, fi in self._infos.items()}
        self._loaded = True

    def infos(self) -> dict[str, Any]:
        self._sync()
        assert self._infos is not None
        return self._infos

    def ranking(self, focus_files: Iterable[str] = (), focus_names: Iterable[str] = ()) -> Ranking:
        """Ranks for one focus, cached per index state and focus. A focused ranking reuses the global graph
        and starts from the global ranks, so it costs a few power iterations, not a rebuild."""
        self._sync()
        with self._lock:
            key = (tuple(sorted(set(focus_files))), tuple(sorted(set(focus_names))))
            hit = self._rankings.get(key)
            if hit is not None:
                return hit
            focused = bool(key[0] or key[1])
            if not self._loaded:
                stored = self._stored_ranking()
                if stored is not None and not focused:
                    return stored
                if stored is not None:  # a large index: focused from the stored ranks, never its whole graph in memory
                    from contexteer.indexers import rank_snapshot

                    got: Ranking = rank_snapshot.focus(stored, self.index, key[0], key[1])
                    if len(self._rankings) >= 16:
                        self._rankings.pop(next(k for k in self._rankings if k != ((), ())))
                    self._rankings[key] = got
                    return got
            if not self._loaded:
                self._load_all()
            assert self._infos is not None
            if self._graph is None:
                files = [p for p, fi in self._infos.items() if fi.status == "indexed"]
                self._graph = build_ref_graph(files, self._defs, self._refs)
            if focused:
                base = self.ranking()  # the global ranks: cached, and the warm start of every focused one
                r = rank((), self._defs, self._refs, key[0], key[1], init=base.file_rank, graph=self._graph,
                         max_iter=FOCUS_MAX_ITER)
            else:
                r = rank((), self._defs, self._refs, init=self._last_ranks, graph=self._graph)
                self._last_ranks = r.file_rank
            if len(self._rankings) >= 16:
                self._rankings.pop(next(k for k in self._rankings if k != ((), ())))
            self._rankings[key] = r
            return r

    def _stored_ranking(self) -> Ranking | None:
        """The global ranking of a large index from its snapshot (computed in a worker, not held here); None for
        a small index or when no snapshot can be had (the caller ranks in-process)."""
        from contexteer.indexers import rank_snapshot  # it builds on this module

        assert self._infos is not None
        if self._snapshots is None:
            if not rank_snapshot.SnapshotRanks.applies(self.index, self._infos.values()):
                return None
            self._snapshots = rank_snapshot.SnapshotRanks(self.index)
        ranking: Ranking | None = self._snapshots.ranking()
        return ranking

    def symbols_of(self, path: str) -> list[Any]:
        syms = self._symbols.get(path)
        if syms is None:
            syms = self.index.symbols_in_file(path)
            self._symbols[path] = syms
        return syms
