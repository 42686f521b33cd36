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
import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

logger = logging.getLogger(__name__)

NOISE_DEFINERS = 100
_SPECIFIC = re.compile(r"^(?=.*[a-z])(?:[a-z0-9]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)$")
_KIND_WEIGHT = {"class": 1.0, "interface": 1.0, "struct": 1.0, "trait": 1.0, "enum": 0.9, "type": 0.8, "function": 0.9,
                "method": 0.6, "module": 0.5, "constant": 0.4, "heading": 0.5, "variable": 0.2, "field": 0.1}


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
    _units: list[tuple[float, str, str | None]] | None = None
    _head: list[tuple[float, str, str | None]] = field(default_factory=list)
    _sorted: list[tuple[float, str, str | None]] | None = None
    HEAD: ClassVar[int] = 4096

    def units(self) -> Iterator[tuple[float, str, str | None]]:
        """Every (score, path, name) definition unit plus (score, path, None) for files without any, best first.

        A map needs only the first few hundred: those come from a partial selection; the full sort
        happens only if a caller reads past them (a narrow path= scope)."""
        if self._units is None:
            units: list[tuple[float, str, str | None]] = [(r, p, nm) for (p, nm), r in self.def_rank.items()]
            with_defs = {p for _, p, _ in units}
            units += [(self.file_rank[p] * 1e-3 * display_weight(p), p, None) for p in self.files if p not in with_defs]
            self._units = units
            self._head = heapq.nsmallest(self.HEAD, units, key=_unit_key)
        yield from self._head
        if len(self._head) < len(self._units):
            if self._sorted is None:
                self._sorted = sorted(self._units, key=_unit_key)
            yield from self._sorted[len(self._head):]


def _unit_key(u: tuple[float, str, str | None]) -> tuple[float, str, str]:
    return (-u[0], u[1], u[2] or "")


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
) -> Ranking:
    """PageRank over the reference graph (Aider's weighting) by power iteration.

    The graph is never materialised as file->file edges (a name defined in k files and referenced from
    m files would make m*k of them): each iteration pushes rank from referencing files to names, then
    from names to every defining file, which is exactly the transition of Aider's graph in O(m + k).
    `init` (the previous ranks) warm-starts the iteration after a small change.
    """
    nodes = sorted(set(files))
    n = len(nodes)
    idx = {f: i for i, f in enumerate(nodes)}
    definers: dict[str, list[int]] = defaultdict(list)
    def_meta: dict[tuple[str, str], tuple[float, float]] = {}  # (kind weight, kind weight x visibility)
    for path, rows in defs_by_file.items():
        i = idx.get(path)
        if i is None:
            continue
        for name, kind, exported in rows:
            lst = definers[name]
            if not lst or lst[-1] != i:
                lst.append(i)
            kw = _KIND_WEIGHT.get(kind, 0.3)
            if kw * (1.0 if exported else 0.1) > def_meta.get((path, name), (0.0, 0.0))[1]:
                def_meta[(path, name)] = (kw, kw * (1.0 if exported else 0.1))
    focus_names = set(focus_names)
    focus_set = {idx[f] for f in focus_files if f in idx}
    for nm in focus_names:
        focus_set.update(definers.get(nm, ()))
    name_ids: dict[str, int] = {}
    name_srcs: list[list[int]] = []
    name_w: list[list[float]] = []
    out_w = [0.0] * n
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
            if nm in focus_names:
                w *= 10
            if src in focus_set:
                w *= 5
            k = name_ids.get(nm)
            if k is None:
                k = name_ids[nm] = len(name_srcs)
                name_srcs.append([])
                name_w.append([])
            name_srcs[k].append(src)
            name_w[k].append(w)
            out_w[src] += w * len(ds)
    names = list(name_ids)
    coefs = [[w / out_w[s] for s, w in zip(srcs, ws, strict=True)] for srcs, ws in zip(name_srcs, name_w, strict=True)]
    inflow_names: list[list[int]] = [[] for _ in range(n)]
    for k, nm in enumerate(names):
        for d in definers[nm]:
            inflow_names[d].append(k)
    if focus_set:
        pers = [100.0 if i in focus_set else 1e-3 for i in range(n)]
    else:
        pers = [1.0] * n
    total = sum(pers) or 1.0
    pers = [p / total for p in pers]
    dangling = [i for i in range(n) if out_w[i] <= 0]
    if init:
        x = [init.get(f, 1.0 / max(n, 1)) for f in nodes]
        sx = sum(x) or 1.0
        x = [v / sx for v in x]
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
    file_rank = {f: x[i] for i, f in enumerate(nodes)}
    def_rank: dict[tuple[str, str], float] = {}
    for key, (kind_w, base) in def_meta.items():
        k = name_ids.get(key[1])
        flow = y[k] if k is not None else 0.0
        def_rank[key] = (flow * kind_w + file_rank[key[0]] * 1e-3 * base) * display_weight(key[0])
    return Ranking(files=nodes, file_rank=file_rank, def_rank=def_rank)


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


def render_files(chosen: list[tuple[str, list[Any]]], extra: list[str] | None = None) -> str:
    """Each file, then its symbols (with their parents for context) by line, indented by nesting."""
    out: list[str] = []
    for path, syms in chosen:
        out.append(path)
        for s in sorted(syms, key=lambda s: (s.start_line, -s.end_line)):
            depth = s.qualname.count(".") if getattr(s, "qualname", None) else 0
            out.append(f"{'  ' * (depth + 1)}{s.start_line}-{s.end_line} {_sig(s)}")
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
) -> MapResult:
    """Choose the best (file, definition) units under `scope` and binary-search how many fit in `budget`.

    `pinned` (path, name) units come first, in that order: the definitions of the names a caller focused on."""
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
                if kinds and s.kind not in kinds:
                    continue
                if not include_private and not getattr(s, "exported", True):
                    continue
                named[s.name].append(s)
            hit = by_file[path] = (named, by_id)
        return hit

    units: list[tuple[str, list[Any]]] = []
    pinned = list(pinned)
    must = set(pinned)
    source = itertools.chain(((math.inf, p, nm) for p, nm in pinned), ranking.units())
    seen: set[tuple[str, str]] = set()

    def fill(n: int) -> int:
        """Extend `units` to n shown units (fewer if the ranking runs out); symbols are read only as needed."""
        if len(units) >= n:
            return len(units)
        for _, p, nm in source:
            if len(units) >= n:
                break
            if p not in in_scope:
                continue
            if nm is None:
                units.append((p, []))
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
            with_parents: list[Any] = []
            for sym in shown:
                chain = [sym]
                while chain[-1].parent_id is not None and chain[-1].parent_id in by_id:
                    chain.append(by_id[chain[-1].parent_id])
                with_parents.extend(chain)
            units.append((p, with_parents))
            if len(units) >= n:
                break
        return len(units)

    file_order = {p: i for i, p in enumerate(sorted(in_scope, key=lambda p: (-ranking.file_rank.get(p, 0.0) * display_weight(p), p)))}

    def build(k: int) -> tuple[str, list[tuple[str, list[Any]]]]:
        per_file: dict[str, list[Any]] = {}
        for p, syms in units[:k]:
            lst = per_file.setdefault(p, [])
            lst.extend(s for s in syms if s not in lst)
        chosen = sorted(per_file.items(), key=lambda kv: file_order[kv[0]])
        rest = total - len(chosen)
        tail = [f"… {rest} more files, narrow with path=" if rest else ""]
        body = render_files(chosen, [t for t in tail if t])
        return (header + "\n" + body if header else body), chosen

    # exponential search for an upper bound, then binary search: only ~2x the units that fit are read
    best_text, best_chosen = build(0)
    lo, hi, probe = 0, 0, 16
    while True:
        have = fill(min(probe, cap_units))
        if have <= lo:
            hi = lo
            break
        text, chosen = build(have)
        if count_tokens(text) <= budget:
            lo, best_text, best_chosen = have, text, chosen
            if have < min(probe, cap_units) or have >= cap_units:
                hi = lo
                break
            probe *= 2
        else:
            hi = have - 1
            break
    while lo < hi:
        mid = (lo + hi + 1) // 2
        text, chosen = build(mid)
        if count_tokens(text) <= budget:
            lo, best_text, best_chosen = mid, text, chosen
        else:
            hi = mid - 1
    return MapResult(best_text, count_tokens(best_text), total, len(best_chosen), sum(len(s) for _, s in best_chosen), best_chosen)


def language_summary(infos: Iterable[Any]) -> str:
    """'1,834 files (python 1,790, c 12, …), 61,234 symbols' for a directory's FileInfo rows."""
    langs: Counter[str] = Counter()
    n_files = n_syms = 0
    for fi in infos:
        n_files += 1
        langs[fi.language or "other"] += 1
        n_syms += getattr(fi, "n_symbols", 0) or 0
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
        self._symbols: dict[str, list[Any]] = {}
        self._infos: dict[str, Any] | None = None
        self._lock = threading.RLock()

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
        defs, refs = self.index.ranking_inputs()
        self._defs = defaultdict(list)
        for path, name, kind, exported in defs:
            self._defs[path].append((name, kind, exported))
        self._refs = defaultdict(Counter)
        for path, name in refs:
            self._refs[path][name] += 1
        self._sigs = {p: (fi.mtime_ns, fi.size, fi.sha, fi.status) for p, fi in self._infos.items()}
        self._loaded = True

    def infos(self) -> dict[str, Any]:
        self._sync()
        assert self._infos is not None
        return self._infos

    def ranking(self, focus_files: Iterable[str] = (), focus_names: Iterable[str] = ()) -> Ranking:
        self._sync()
        with self._lock:
            key = (tuple(sorted(set(focus_files))), tuple(sorted(set(focus_names))))
            hit = self._rankings.get(key)
            if hit is not None:
                return hit
            if not self._loaded:
                self._load_all()
            assert self._infos is not None
            files = [p for p, fi in self._infos.items() if fi.status == "indexed"]
            warm = self._last_ranks if not key[0] and not key[1] else None
            r = rank(files, self._defs, self._refs, key[0], key[1], init=warm)
            if not key[0] and not key[1]:
                self._last_ranks = r.file_rank
            if len(self._rankings) >= 8:
                self._rankings.pop(next(iter(self._rankings)))
            self._rankings[key] = r
            return r

    def symbols_of(self, path: str) -> list[Any]:
        syms = self._symbols.get(path)
        if syms is None:
            syms = self.index.symbols_in_file(path)
            self._symbols[path] = syms
        return syms
