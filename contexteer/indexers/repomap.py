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

import logging
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

logger = logging.getLogger(__name__)

NOISE_DEFINERS = 100
_SPECIFIC = re.compile(r"^(?=.*[a-z])(?:[a-z0-9]+(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)$")
_KIND_WEIGHT = {"class": 1.0, "interface": 1.0, "struct": 1.0, "trait": 1.0, "enum": 0.9, "type": 0.8, "function": 0.9,
                "method": 0.6, "module": 0.5, "constant": 0.4, "heading": 0.5, "variable": 0.2, "field": 0.1}


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


def pagerank(
    n: int,
    out_edges: Sequence[Sequence[tuple[int, float]]],
    personalization: Sequence[float] | None = None,
    alpha: float = 0.85,
    max_iter: int = 100,
    tol: float = 1.0e-6,
) -> list[float]:
    """PageRank by power iteration over a weighted digraph; dangling nodes jump by the personalization vector."""
    if n == 0:
        return []
    p = list(personalization) if personalization and sum(personalization) > 0 else [1.0] * n
    s = sum(p)
    p = [x / s for x in p]
    out_w = [sum(w for _, w in es) for es in out_edges]
    norm = [[(j, w / out_w[i]) for j, w in es] if out_w[i] > 0 else [] for i, es in enumerate(out_edges)]
    dangling = [i for i in range(n) if out_w[i] <= 0]
    x = p[:]
    for _ in range(max_iter):
        nxt = [0.0] * n
        for i, es in enumerate(norm):
            xi = alpha * x[i]
            if xi:
                for j, w in es:
                    nxt[j] += xi * w
        dmass = alpha * sum(x[i] for i in dangling) + (1.0 - alpha)
        for j in range(n):
            nxt[j] += dmass * p[j]
        err = sum(abs(a - b) for a, b in zip(nxt, x, strict=True))
        x = nxt
        if err < n * tol:
            break
    return x


@dataclass
class Ranking:
    files: list[str]
    file_rank: dict[str, float]
    def_rank: dict[tuple[str, str], float]  # (path, name) -> share of rank that flows to this definition


def rank(
    files: Iterable[str],
    defs: Iterable[tuple[str, str, str, bool]],
    refs: Iterable[tuple[str, str]],
    focus_files: Iterable[str] = (),
    focus_names: Iterable[str] = (),
) -> Ranking:
    """Rank files and their definitions; `defs` are (path, name, kind, exported), `refs` (path, name)."""
    nodes = sorted(set(files))
    idx = {f: i for i, f in enumerate(nodes)}
    definers: dict[str, set[str]] = defaultdict(set)
    def_meta: dict[tuple[str, str], float] = {}
    for path, name, kind, exported in defs:
        if path not in idx:
            continue
        definers[name].add(path)
        base = _KIND_WEIGHT.get(kind, 0.3) * (1.0 if exported else 0.1)
        def_meta[(path, name)] = max(def_meta.get((path, name), 0.0), base)
    counts: Counter[tuple[str, str]] = Counter((p, nm) for p, nm in refs if nm in definers and p in idx)
    focus_names = set(focus_names)
    focus_set = set(focus_files) & set(idx)
    for nm in focus_names:
        focus_set |= definers.get(nm, set())
    triples: list[tuple[int, int, str, float]] = []
    edge_w: dict[tuple[int, int], float] = defaultdict(float)
    for (ref_path, nm), cnt in counts.items():
        ds = definers[nm]
        if len(ds) > NOISE_DEFINERS:
            continue
        w = name_weight(nm, len(ds)) * math.sqrt(cnt)
        if nm in focus_names:
            w *= 10
        if ref_path in focus_set:
            w *= 5
        src = idx[ref_path]
        for d in ds:
            dst = idx[d]
            triples.append((src, dst, nm, w))
            edge_w[(src, dst)] += w
    out_edges: list[list[tuple[int, float]]] = [[] for _ in nodes]
    for (src, dst), w in edge_w.items():
        out_edges[src].append((dst, w))
    pers = [1.0 if f in focus_set else 0.0 for f in nodes] if focus_set else None
    if pers is not None:
        pers = [x * 100 + 1e-3 for x in pers]  # mostly focus, never exactly zero elsewhere
    ranks = pagerank(len(nodes), out_edges, pers)
    out_total = [0.0] * len(nodes)
    for (src, _dst), w in edge_w.items():
        out_total[src] += w
    def_rank: dict[tuple[str, str], float] = defaultdict(float)
    for src, dst, nm, w in triples:
        def_rank[(nodes[dst], nm)] += ranks[src] * w / out_total[src]
    file_rank = {f: ranks[i] for i, f in enumerate(nodes)}
    # every definition gets a small baseline from its file's rank, so unreferenced ones still order sensibly
    for key, base in def_meta.items():
        def_rank[key] = def_rank.get(key, 0.0) + file_rank[key[0]] * 1e-3 * base
    return Ranking(files=nodes, file_rank=file_rank, def_rank=dict(def_rank))


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
    out: list[str] = []
    for path, syms in chosen:
        out.append(path)
        for s in sorted(syms, key=lambda s: (s.start_line, s.end_line)):
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
) -> MapResult:
    """Choose the best (file, definition) units under `scope` and binary-search how many fit in `budget`."""
    in_scope = set(scope)
    units: list[tuple[float, str, str | None]] = [
        (r, p, nm) for (p, nm), r in ranking.def_rank.items() if p in in_scope
    ]
    with_defs = {p for _, p, _ in units}
    units += [(ranking.file_rank.get(p, 0.0) * 1e-3, p, None) for p in scope if p not in with_defs]
    units.sort(key=lambda u: (-u[0], u[1], u[2] or ""))
    sym_cache: dict[str, dict[str, list[Any]]] = {}

    def syms(path: str, name: str) -> list[Any]:
        by = sym_cache.get(path)
        if by is None:
            by = defaultdict(list)
            for s in symbols_of(path):
                if kinds and s.kind not in kinds:
                    continue
                if not include_private and not getattr(s, "exported", True):
                    continue
                by[s.name].append(s)
            sym_cache[path] = by
        return by.get(name, [])

    file_order = sorted(in_scope, key=lambda p: (-ranking.file_rank.get(p, 0.0), p))
    pos = {p: i for i, p in enumerate(file_order)}
    total = len(scope)

    def build(k: int) -> tuple[str, list[tuple[str, list[Any]]]]:
        per_file: dict[str, list[Any]] = {}
        for _, p, nm in units[:k]:
            lst = per_file.setdefault(p, [])
            if nm is not None:
                lst.extend(s for s in syms(p, nm) if s not in lst)
        chosen = sorted(per_file.items(), key=lambda kv: pos[kv[0]])
        rest = total - len(chosen)
        tail = [f"… {rest} more files, narrow with path=" if rest else ""]
        body = render_files(chosen, [t for t in tail if t])
        return (header + "\n" + body if header else body), chosen

    lo, hi = 0, min(len(units), max(1, budget // 3))
    best_text, best_chosen = build(0)
    if count_tokens(best_text) > budget:
        return MapResult(best_text, count_tokens(best_text), total, 0, 0, [])
    while lo < hi:
        mid = (lo + hi + 1) // 2
        text, chosen = build(mid)
        if count_tokens(text) <= budget:
            lo, best_text, best_chosen = mid, text, chosen
        else:
            hi = mid - 1
    return MapResult(
        best_text,
        count_tokens(best_text),
        total,
        len(best_chosen),
        sum(len(s) for _, s in best_chosen),
        best_chosen,
    )


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
    """Ranks and renders maps from one StructureIndex, caching ranks and symbols per index state."""

    def __init__(self, index: Any) -> None:
        self.index = index
        self._state: Any = object()
        self._inputs: tuple[list[str], list[tuple[str, str, str, bool]], list[tuple[str, str]]] | None = None
        self._rankings: dict[tuple[tuple[str, ...], tuple[str, ...]], Ranking] = {}
        self._symbols: dict[str, list[Any]] = {}
        self._infos: dict[str, Any] | None = None

    def state(self) -> Any:
        gen = getattr(self.index, "generation", None)
        if gen is not None:
            return gen() if callable(gen) else gen
        infos = self.index.files()
        return (len(infos), sum(fi.mtime_ns for fi in infos), sum(fi.size for fi in infos), sum(fi.n_symbols for fi in infos))

    def _sync(self) -> None:
        st = self.state()
        if st != self._state:
            self._state = st
            self._inputs = None
            self._rankings.clear()
            self._symbols.clear()
            self._infos = None

    def infos(self) -> dict[str, Any]:
        self._sync()
        if self._infos is None:
            self._infos = {fi.path: fi for fi in self.index.files()}
        return self._infos

    def ranking(self, focus_files: Iterable[str] = (), focus_names: Iterable[str] = ()) -> Ranking:
        self._sync()
        key = (tuple(sorted(set(focus_files))), tuple(sorted(set(focus_names))))
        hit = self._rankings.get(key)
        if hit is not None:
            return hit
        if self._inputs is None:
            defs, refs = self.index.ranking_inputs()
            files = [p for p, fi in self.infos().items() if fi.status == "indexed"]
            self._inputs = (files, defs, refs)
        files, defs, refs = self._inputs
        r = rank(files, defs, refs, key[0], key[1])
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
