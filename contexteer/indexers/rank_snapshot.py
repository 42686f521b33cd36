"""The global repo-map ranks of a large index, computed in a worker process and kept next to the index.

Ranking the Linux kernel's 800,000 definitions holds every definition and reference of the repository in memory
(~1 GB for 12,000 C files) and takes seconds of pure Python. A serving process that did that in its first map kept
the memory for its whole life, and every new process paid the seconds again. For an index of at least
`MIN_SYMBOLS` definitions the global ranking is computed instead in a short-lived worker (the build's process
pool machinery: ended with the server) and saved as a snapshot: the rank of every file, the flow into every name
(which, with a definition's kind and visibility, gives its rank without the graph), and the best `HEAD` units in
order. The first unfocused map of a new process reads the snapshot; a sub-path map scores the definitions under
its path from the database. After the index changes the last snapshot keeps answering (a definition read fresh
from the index, ranked by the previous state) while a worker computes the new one in the background.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import operator
import os
import sqlite3
import sys
import threading
import time
import zlib
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.repomap import (
    HEAD_UNITS,
    Ranking,
    Unit,
    best_units,
    build_ref_graph,
    defines_for_rank,
    display_weight,
    rank,
    score_definitions,
    unit_key,
)
from contexteer.indexers.store import Store
from contexteer.indexers.stores import IndexStore

logger = logging.getLogger(__name__)

#: Indexes with at least this many definitions rank in a worker and keep a snapshot; smaller ones rank in the
#: serving process (a 100,000-definition stdlib ranks in ~1 s and ~150 MB, held for focused maps).
MIN_SYMBOLS = 300_000


@dataclass
class Snapshot:
    build: str  # the index's built_at: a rebuilt index (another schema, a deleted database) never reuses ranks
    generation: int  # the index state the ranks were computed from
    file_rank: dict[str, float]
    name_flow: dict[str, float]
    head: list[Unit]


def snapshot_path(db_path: Path) -> Path:
    return db_path.with_name("repomap-ranks.bin")


_MAGIC = b"contexteer-ranks 2\n"


def _pack(keys: Iterable[str], values: Iterable[float]) -> tuple[bytes, bytes]:
    return zlib.compress("\0".join(keys).encode("utf-8"), 1), array("d", values).tobytes()


def _unpack(keys: bytes, values: bytes) -> dict[str, float]:
    names = zlib.decompress(keys).decode("utf-8").split("\0") if keys else []
    floats = array("d")
    floats.frombytes(values)
    if len(names) != len(floats):
        raise ValueError(f"{len(names)} names for {len(floats)} ranks")
    return dict(zip(names, floats, strict=True))


def save(snap: Snapshot, path: Path) -> None:
    """A header line (JSON: build, generation, the head units, the sizes of the four blocks), then file names and
    ranks, name flows (names zlib-compressed, ranks as raw doubles: the kernel's 600,000 names load in a fraction
    of a second, where JSON took two). Written to a temporary file and renamed: a reader sees the old snapshot or
    the new one, never a part."""
    files = _pack(snap.file_rank.keys(), snap.file_rank.values())
    names = _pack(snap.name_flow.keys(), snap.name_flow.values())
    blocks = [*files, *names]
    head = {"build": snap.build, "generation": snap.generation, "head": [list(u) for u in snap.head],
            "blocks": [len(b) for b in blocks]}
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(_MAGIC + json.dumps(head, separators=(",", ":")).encode("utf-8") + b"\n")
            for block in blocks:
                fh.write(block)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def load(path: Path) -> Snapshot | None:
    """The saved snapshot, or None when there is none or it cannot be read (it is then computed again)."""
    try:
        data = path.read_bytes()
        if not data.startswith(_MAGIC):
            raise ValueError("not a ranks file of this version")
        end = data.index(b"\n", len(_MAGIC))
        doc = json.loads(data[len(_MAGIC):end])
        sizes = [int(n) for n in doc["blocks"]]
        if end + 1 + sum(sizes) != len(data):
            raise ValueError("truncated")
        parts, at = [], end + 1
        for n in sizes:
            parts.append(data[at : at + n])
            at += n
        return Snapshot(str(doc["build"]), int(doc["generation"]), _unpack(parts[0], parts[1]), _unpack(parts[2], parts[3]),
                        [(float(sc), str(p), n if n is None else str(n)) for sc, p, n in doc["head"]])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, zlib.error) as exc:
        logger.warning("repo-map ranks %s unreadable (%s): computing them again", path, exc)
        return None


class _ReadOnly:
    """What IndexQueries reads through (`execute`), over one read-only connection: a worker must never create,
    migrate or rebuild the database the server owns."""

    def __init__(self, db_path: str) -> None:
        self.conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=30, isolation_level=None)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self.conn.execute(sql, params)


def compute(db_path: str, out_path: str) -> dict[str, Any]:
    """Worker entry: rank the index at `db_path` as of one read transaction and save the snapshot at `out_path`.
    The definitions are read twice and never held: once for which files define each name (the graph), once,
    file by file, for the best units. Returns what was ranked (build, generation) and what it cost (seconds, the
    worker's peak RSS in MB)."""
    started = time.monotonic()
    ro = _ReadOnly(db_path)
    try:
        queries = IndexQueries(cast(IndexStore, ro))  # only execute() is used
        ro.conn.execute("BEGIN")
        build = ro.conn.execute("SELECT value FROM meta WHERE key='built_at'").fetchone()
        gen = ro.conn.execute("SELECT value FROM meta WHERE key='generation'").fetchone()
        files = sorted(fi.path for fi in queries.files() if fi.status == "indexed")
        idx = {p: i for i, p in enumerate(files)}
        defs, refs_rows = queries.ranking_inputs()
        definers: dict[str, list[int]] = defaultdict(list)
        for path, name, kind, _exported in defs:
            i = idx.get(path)
            if i is not None and defines_for_rank(kind, path):
                lst = definers[sys.intern(name)]
                if not lst or lst[-1] != i:
                    lst.append(i)
        refs: dict[str, Counter[str]] = defaultdict(Counter)
        for path, name, uses in refs_rows:
            refs[sys.intern(path)][sys.intern(name)] += uses
        graph = build_ref_graph(files, {}, refs, definitions=False, definers=definers)
        del refs, definers
        r = rank(files, {}, {}, graph=graph, definitions=False)
        del graph
        groups = ((path, [(nm, k, e) for _, nm, k, e in rows])
                  for path, rows in itertools.groupby(queries.ranking_inputs()[0], key=operator.itemgetter(0)))
        head = best_units(files, groups, r.file_rank, r.name_flow)
        ro.conn.execute("COMMIT")
    finally:
        ro.conn.close()
    snap = Snapshot(str(build[0]) if build else "", int(gen[0]) if gen else 0, r.file_rank, r.name_flow, head)
    save(snap, Path(out_path))
    return {"build": snap.build, "generation": snap.generation, "seconds": round(time.monotonic() - started, 2),
            "peak_mb": _peak_mb()}


def _peak_mb() -> int | None:
    """This process's peak RSS in MB (None where the resource module does not exist: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


@dataclass
class StoredRanking(Ranking):
    """A Ranking read from a snapshot: the head in order, other units scored from the database on demand."""

    snapshot: Snapshot | None = None
    index: Any = None
    _prefixed: dict[str, list[Unit]] = field(default_factory=dict)

    @classmethod
    def of(cls, snap: Snapshot, index: Any) -> StoredRanking:
        return cls(files=sorted(snap.file_rank), file_rank=snap.file_rank, def_rank={}, name_flow=snap.name_flow,
                   snapshot=snap, index=index)

    def _scored(self, prefix: str) -> list[Unit]:
        units = score_definitions(self.index.definition_rows(prefix), self.file_rank, self.name_flow)
        with_defs = {p for _, p, _ in units}
        units += [(self.file_rank[p] * 1e-3 * display_weight(p), p, None)
                  for p in self.files if p.startswith(prefix) and p not in with_defs]
        units.sort(key=unit_key)
        return units

    def units(self, prefix: str = "") -> Iterator[Unit]:
        if prefix:
            under = self._prefixed.get(prefix)
            if under is None:
                under = self._scored(prefix)
                if len(self._prefixed) >= 32:
                    self._prefixed.pop(next(iter(self._prefixed), ""), None)
                self._prefixed[prefix] = under
            yield from under
            return
        assert self.snapshot is not None
        head = self.snapshot.head
        yield from head
        if len(head) >= HEAD_UNITS:  # a caller read past the best HEAD_UNITS: every unit, scored from the database
            yield from self._scored("")[len(head):]


@dataclass
class FocusedRanking(StoredRanking):
    """A stored ranking turned toward some files and names: their definitions and their neighbours' first (the
    files they reference and the files referencing them, read from the index), then the stored order."""

    first: list[Unit] = field(default_factory=list)

    def units(self, prefix: str = "") -> Iterator[Unit]:
        seen: set[tuple[str, str | None]] = set()
        for u in self.first:
            if u[1].startswith(prefix):
                seen.add((u[1], u[2]))
                yield u
        for u in super().units(prefix):
            if (u[1], u[2]) not in seen:
                yield u


#: how far a focused map of a large index looks around its focus: names read per file, files per name
FOCUS_NAMES, FOCUS_FILES_PER_NAME, FOCUS_NEIGHBOURS = 400, 8, 200
#: how many of a focused file's (a neighbour's) best definitions come before the rest of the map
FOCUS_UNITS, NEIGHBOUR_UNITS = 12, 3


def _neighbours(index: Any, all_files: list[str], files: list[str],
                names: list[str]) -> tuple[defaultdict[str, float], dict[tuple[str, str], float]]:
    """How near each file is to the focused files and names (see `focus`), and the focused names' definitions."""
    near: defaultdict[str, float] = defaultdict(float)
    for path in files:
        # what it calls by a distinctive name (defined in at most FOCUS_FILES_PER_NAME // 2 places), weighted by
        # how many places share it; `__init__`, `append` or a field `c` say nothing about where a file belongs
        called = Counter(r.name for r in index.references_in_range(path, 1, 10**9) if not r.name.startswith("__"))
        for name, _ in called.most_common(FOCUS_NAMES):
            defs = {s.path for s in index.symbols_named(name) if s.name == name}
            if 0 < len(defs) <= FOCUS_FILES_PER_NAME // 2:
                for d in defs:
                    near[d] += 1.0 / len(defs)
        # who uses its distinctive definitions
        for s in index.symbols_in_file(path)[:FOCUS_NAMES]:
            if s.name.startswith("__") or len({x.path for x in index.symbols_named(s.name) if x.name == s.name}) > 2:
                continue
            for r in index.references_to(s.name, limit=FOCUS_FILES_PER_NAME):
                near[r.path] += 0.5
        folder = path.rpartition("/")[0]
        for p in all_files:  # its folder's other files (a package's modules, a driver's sources)
            if p.rpartition("/")[0] == folder:
                near[p] += 1.0
    pinned: dict[tuple[str, str], float] = {}
    for name in names:
        for s in index.find_symbols(name, match="exact", limit=20):
            pinned[(s.path, s.name)] = 1.0
            near[s.path] += 3
            for r in index.references_to(s.name, limit=FOCUS_FILES_PER_NAME):
                near[r.path] += 1
    return near, pinned


def focus(base: Ranking, index: Any, files: Iterable[str], names: Iterable[str]) -> FocusedRanking:
    """The focused ranking of a large index without its graph: the focused files first, then the files around
    them (what they reference, what references their definitions or the focused names), each group by the stored
    scores; the focused names' definitions are pinned (`def_rank`)."""
    files, names = list(files), list(names)
    near, pinned = _neighbours(index, base.files, files, names)
    focused = set(files)
    around = [p for p in sorted(near, key=lambda p: (-near[p], p))[:FOCUS_NEIGHBOURS] if p not in focused]
    # the map lists its files by rank: the focused ones above every other, their neighbours next, in that order
    top = max(base.file_rank.values(), default=1.0) or 1.0
    ranks = dict(base.file_rank)
    for i, p in enumerate(around):
        ranks[p] = top * (2.0 - i / max(1, len(around))) + base.file_rank.get(p, 0.0)
    for p in focused:
        ranks[p] = top * 4.0 + base.file_rank.get(p, 0.0)
    # each focused file's best definitions, then each neighbour's few best: a file of 200 functions must not take the
    # whole budget before its neighbourhood shows (its other definitions follow in the stored order)
    first: list[Unit] = []
    for group, per_file in ((sorted(focused), FOCUS_UNITS), (around, NEIGHBOUR_UNITS)):
        for p in group:
            rows = [row for row in index.definition_rows(p) if row[0] == p]
            first += sorted(score_definitions(rows, ranks, base.name_flow), key=unit_key)[:per_file]
    return FocusedRanking(files=base.files, file_rank=ranks, def_rank=pinned, name_flow=base.name_flow,
                          snapshot=getattr(base, "snapshot", None), index=index, first=first)


class SnapshotRanks:
    """The snapshot of one index: loaded once, recomputed in a worker when the index moved on."""

    def __init__(self, index: Any) -> None:
        self.index = index
        self.path = snapshot_path(Path(index.store.path))
        self._snap: Snapshot | None = None
        self._loaded = False
        self._lock = threading.Lock()
        self._refresher: threading.Thread | None = None
        self._ranking: StoredRanking | None = None  # of self._snap (its prefix scores are kept with it)
        self.last_worker: dict[str, Any] | None = None  # what the last computation cost (seconds, peak_mb)

    @staticmethod
    def applies(index: Any, infos: Iterable[Any]) -> bool:
        """Only a complete SQLite index of at least MIN_SYMBOLS definitions ranks in a worker."""
        if not isinstance(getattr(index, "store", None), Store):
            return False
        return bool(sum(fi.n_symbols for fi in infos) >= MIN_SYMBOLS)

    def ranking(self) -> Ranking | None:
        """The stored ranking for the index's current build: computed now (in a worker) when there is none, the
        last one while a newer one is computed in the background. None when no worker could compute it (the
        caller ranks in-process)."""
        build = self.index.store.get_meta("built_at")
        if not build:
            return None  # a build in progress: the in-process ranking of what is indexed so far
        generation = self.index.generation
        with self._lock:
            if not self._loaded:
                self._snap, self._loaded = load(self.path), True
            snap = self._snap
        if snap is None or snap.build != build:
            snap = self._compute()
            if snap is None or snap.build != build:
                return None
        elif snap.generation != generation:
            self._refresh_in_background()
        with self._lock:
            if self._ranking is None or self._ranking.snapshot is not snap:
                self._ranking = StoredRanking.of(snap, self.index)
            return self._ranking

    def ensure_current(self) -> bool:
        """Compute the snapshot now (in a worker, waiting for it) unless the stored one is of the index's current
        build and generation: `contexteer index` leaves a large index ready for a new server's first map. True when
        it computed one."""
        build = self.index.store.get_meta("built_at")
        snap = load(self.path)
        if not build or (snap is not None and snap.build == build and snap.generation == self.index.generation):
            return False
        return self._compute() is not None

    def _compute(self) -> Snapshot | None:
        from contexteer.indexers.build import run_in_worker

        try:
            self.last_worker = run_in_worker(compute, str(self.index.store.path), str(self.path))
            logger.info("repo-map ranks computed in a worker: %s", self.last_worker)
        except Exception as exc:  # a worker that died or could not start: rank in-process instead
            logger.warning("repo-map ranks could not be computed in a worker (%s): ranking in-process", exc)
            return None
        snap = load(self.path)
        with self._lock:
            self._snap, self._loaded = snap, True
        return snap

    def _refresh_in_background(self) -> None:
        with self._lock:
            if self._refresher is not None and self._refresher.is_alive():
                return
            self._refresher = threading.Thread(target=self._compute, name="repomap-ranks", daemon=True)
            self._refresher.start()
