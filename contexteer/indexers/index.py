"""The persistent, incremental structure index of a workspace: build, freshness and the query API.

`StructureIndex(ws)` opens (or creates) `<data dir>/index.sqlite`, or with `storage.url` the project's index in
the team's PostgreSQL database (`stores.open_store`). `ensure_built()` runs a cold
build in a process pool in a background thread and waits up to `index.first_query_wait_seconds`;
queries answer from what is indexed meanwhile (`status().note()` says "index 43% built").
`refresh()` is a throttled stat sweep; `ensure_fresh(paths)` re-checks the files an answer touches. In a serving
process (`enable_watch()`, index.watch) a file watcher (contexteer.indexers.watch) replaces the sweep: once a sweep
that started after its watches were in place has run, `refresh()` re-checks only the files the kernel reported
changed, and sweeps again only when the watcher cannot tell (a new file, a folder or an ignore file changed).
The store's build lock (a lock file `index.lock`, or an advisory lock in PostgreSQL held across replicas)
makes sure only one process writes; another process reads, and waits for the lock only when it has to write:
a replica that finds a cold build under way waits for it and answers from what it commits.

Background work (the cold build, then the substring (FTS) index, which is also resumed by the next start
when a build stopped half-way) runs in one thread the index owns. `wait_background()` waits for it with
progress. `close()` stops it at a safe point (between batches, or by interrupting its running statement)
and waits for it without a time limit before the database is closed: issue 19 was a crash from closing the
connection under a running FTS build after a 30 s wait. Indexes still open when the interpreter shuts down
are closed the same way, before the interpreter waits for its threads and process pools.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import importlib.metadata
import json
import logging
import os
import re
import stat
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterable
from typing import Any

import filelock

from contexteer.errors import ChildInterrupted, IndexError_
from contexteer.indexers import build, c_prep
from contexteer.indexers.build import Job, Limits, Outcome, parse_file, parse_many
from contexteer.indexers.languages import LANGUAGES, LanguageSpec, query_source
from contexteer.indexers.model import BuildStatus, FileInfo, Import, Reference, RefreshReport, Symbol
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.stores import open_store
from contexteer.indexers.watch import TreeWatch
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)

__all__ = ["StructureIndex", "Symbol", "Reference", "Import", "FileInfo", "BuildStatus", "RefreshReport"]

POOL_THRESHOLD = 64  # more changed files than this are parsed in a process pool
#: A full sweep runs inside a query only on a tree of at most INLINE_SWEEP_FILES files or whose last sweep took at
#: most INLINE_SWEEP_SECONDS; on a larger tree it runs in the background.
INLINE_SWEEP_SECONDS = 0.01
INLINE_SWEEP_FILES = 300
#: Background sweeps start at most every max(index.sweep_interval_seconds, this x the last sweep's seconds).
SWEEP_GAP_FACTOR = 10.0
#: A new server's first background sweep starts this many seconds late: its first answers (which never wait for
#: it) do not share the CPU with it (a sweep of the kernel subset is ~0.1 s of stat and SQL under the GIL).
FIRST_SWEEP_DELAY = 0.5
#: With a file watcher trusted, a background sweep still runs at most this often, as a safety net for changes the
#: kernel does not report (a network file system, a file written through a bind mount elsewhere).
WATCHED_SWEEP_SECONDS = 60.0
BATCH_FILES = 400  # files per write transaction
BATCH_SECONDS = 0.25  # short: the last batch is written after the workers finish, on the critical path

Progress = Callable[[int, int], None]

#: In-process parses run one at a time: two threads (a small build and a read that parses its file
#: mid-build) sharing a cached tree-sitter Query produced rows with another file's text. Pool builds
#: parse in worker processes and do not take it.
_PARSE_LOCK = threading.Lock()

#: Every index not closed yet: closed at interpreter shutdown (see _close_open_indexes).
_OPEN: weakref.WeakSet[StructureIndex] = weakref.WeakSet()


#: The modules whose code decides what a file's rows are: a change to any re-parses every language.
_EXTRACTION_CODE = ("extract", "languages", "visibility", "source", "c_prep", "c_lines", "c_text", "rust_macros",
                    "grammar_repairs")


@functools.cache
def _extraction_code_hash() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    digest = hashlib.sha256()
    for name in _EXTRACTION_CODE:
        try:
            with open(os.path.join(here, f"{name}.py"), "rb") as f:
                digest.update(f.read())
        except OSError:  # an installation without sources (zipapp, frozen): the schema version still applies
            digest.update(name.encode())
    return digest.hexdigest()


def _grammar_version(spec: LanguageSpec) -> str:
    found = _dist_info_versions().get(_dist_key(spec.module))
    if found is not None:
        return found
    try:
        return importlib.metadata.version(spec.module.replace("_", "-"))
    except importlib.metadata.PackageNotFoundError:
        return "?"


def _dist_key(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.cache
def _dist_info_versions() -> dict[str, str]:
    """Installed distributions' versions from their `NAME-VERSION.dist-info` folder names, the first along sys.path
    as importlib.metadata finds them: one listing per path entry instead of two per grammar (25 grammars took 70 ms
    of opening an index). A distribution not found here is asked of importlib.metadata."""
    out: dict[str, str] = {}
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            stem = name[: -len(".dist-info")]
            if name.endswith(".dist-info") and stem.count("-") == 1:
                dist, version = stem.split("-")
                out.setdefault(_dist_key(dist), version)
    return out


def _fingerprint(spec: LanguageSpec, c_macros: list[str]) -> str:
    """What a language's rows depend on: the extraction code, its grammar's version, its query file (and for
    C/C++ the attribute macros)."""
    text = "\n".join([_extraction_code_hash(), _grammar_version(spec), query_source(spec.name),
                      json.dumps(c_macros) if spec.blank_macros else ""])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class StructureIndex(IndexQueries):
    """Symbols, references and imports of every supported file under a workspace root."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.settings = ws.settings.index
        self.store = open_store(ws)
        self._flock = self.store.build_lock()
        # the lock is shared by this process's threads (a read parses its file while the build holds it), but
        # two threads acquiring it at once make one of them time out (filelock 3.32): acquire and release one at a time
        self._flock_mutex = threading.Lock()
        self._build_thread: threading.Thread | None = None
        # Set by the build thread as its last step (its connection closed). Waits use this, not Thread.join:
        # in Python 3.11 a join interrupted by Ctrl-C marks the still running thread as stopped.
        self._bg_done = threading.Event()
        self._bg_done.set()
        self._start_lock = threading.Lock()
        self._built = threading.Event()  # set when the cold build is complete (the FTS may still be building)
        self._build_error: BaseException | None = None
        self._progress: list[Progress] = []
        self._fts_progress: list[Progress] = []
        self._stop = threading.Event()
        self._last_sweep = 0.0
        self._sweep_seconds: float | None = None  # how long the last full sweep took (None: none yet in this process)
        self._swept_files: int | None = None  # how many files the last full sweep listed
        self._sweep_lock = threading.Lock()  # one full sweep at a time in this process
        self._sweeper: threading.Thread | None = None
        self._dirty: set[str] = set()
        self._dirty_lock = threading.Lock()
        self._watcher: threading.Thread | None = None
        self._watch_wanted = False  # enable_watch(): this index answers queries (not a one-off command)
        self._tree_watch: TreeWatch | None = None
        self._watch_since: float | None = None  # monotonic time its watches were in place
        self._watch_trusted = False  # a full sweep started after _watch_since has run
        self._sweep_wanted_since: float | None = None  # the watcher saw what only a full sweep settles
        self._watch_started = False
        super().__init__(self.store)
        _OPEN.add(self)
        self._apply_extractor_fingerprints()

    def _apply_extractor_fingerprints(self) -> None:
        """Files extracted by other code, another grammar version or another query file (or, for C/C++, another
        index.c_attribute_macros) are dropped so the next sweep parses them again: a change to one language's
        query or grammar re-parses that language's files only, with no schema version to remember."""
        macros = list(self.settings.c_attribute_macros)
        c_prep.configure(macros)
        stale: list[str] = []
        for spec in LANGUAGES:
            key, mark = f"extractor:{spec.name}", _fingerprint(spec, macros)
            known = self.store.get_meta(key)
            if known != mark:
                if known is not None:
                    stale.append(spec.name)
                self.store.set_meta(key, mark)
        if stale:
            logger.info("the extraction of %s changed: their files are parsed again", ", ".join(stale))
            dropped = self.store.paths_in_languages(stale)
            self.store.delete_paths(dropped)
            if dropped and self.store.is_complete():
                # not complete until they are parsed again: answers say the index is building and what it covers,
                # instead of "no definitions" from an index that lost its rows (a build resumes from the rest)
                self.store.set_meta("build_state", "building")

    @property
    def generation(self) -> int:
        """Changes whenever the index content changes (any process); cheap (one indexed read)."""
        return self.store.generation()

    # ----- status ----------------------------------------------------------------------
    def status(self) -> BuildStatus:
        complete = self.store.is_complete()
        done = self.store.file_count()
        total = int(self.store.get_meta("build_total") or 0)
        return BuildStatus(complete=complete, files_total=max(total, done), files_done=done)

    @property
    def _limits(self) -> Limits:
        return Limits(str(self.ws.root), self.ws.settings.workspace.max_file_bytes, self.settings.parse_timeout_seconds,
                      c_macros=tuple(self.settings.c_attribute_macros))

    @property
    def _workers(self) -> int:
        return self.settings.workers or os.cpu_count() or 1

    # ----- building ----------------------------------------------------------------------
    def ensure_built(self, *, wait_seconds: float | None = None, progress: Progress | None = None) -> BuildStatus:
        """Build (cold) or sweep (warm). A cold build runs in a background thread; this waits up to
        `wait_seconds` (default `index.first_query_wait_seconds`; `float('inf')` waits for the end) and
        then returns the partial status while the build goes on."""
        if self.store.is_complete():
            self._start_watcher()  # before the sweep: the first sweep that starts after it makes the watcher trusted
            self.refresh()  # quick trees: a sweep now; large ones: in the background, this returns at once
            self._start_background()
            return self.status()
        wait = self.settings.first_query_wait_seconds if wait_seconds is None else wait_seconds
        if progress is not None:
            self._progress.append(progress)
        self._start_watcher()  # before the build lists the tree: a build that starts after it makes the watcher trusted
        try:
            with self._start_lock:  # concurrent first queries start one build
                if self._stop.is_set():
                    raise IndexError_("the index was closed (the server is stopping); open it again to build it.")
                if self._bg_done.is_set():
                    self._build_error = None
                    self._built = threading.Event()
                    self._spawn()
            self._built.wait(None if wait == float("inf") else max(0.0, wait))
        finally:
            if progress is not None and progress in self._progress:
                self._progress.remove(progress)
        self._raise_build_error()
        if self.store.is_complete():
            self._start_watcher()
        return self.status()

    def wait_background(self, *, progress: Progress | None = None, timeout: float | None = None) -> bool:
        """Wait until the background work is done: the build, then the substring (FTS) index, which this
        starts when it is missing (a build stopped earlier). `progress(symbols done, symbols)` is called while
        the FTS index is filled. True when the index is complete with its FTS index (or SQLite has no FTS5);
        False when `timeout` seconds passed first or the index was closed meanwhile."""
        # `progress` is registered (and shown where the FTS index stands) before the work starts: a small index
        # would otherwise be filled before its first report
        shown = progress is not None and self.store.fts and not self.store.fts_ready()
        if progress is not None:
            self._fts_progress.append(progress)
            if shown:
                progress(*self.store.fts_progress())
        self._start_background()
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while not self._bg_done.is_set():
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._bg_done.wait(0.2 if left is None else min(0.2, left))
        finally:
            if progress is not None and progress in self._fts_progress:
                self._fts_progress.remove(progress)
        if self._stop.is_set():
            return False
        self._raise_build_error()
        ready = self.store.is_complete() and (not self.store.fts or self.store.fts_ready())
        if ready and shown and progress is not None:
            progress(*self.store.fts_progress())  # the last batch's report may have come before `progress` was added
        return ready

    def _raise_build_error(self) -> None:
        if self._build_error is not None:
            err, self._build_error = self._build_error, None
            raise IndexError_(f"building the index failed: {err}. Run `contexteer index --root {self.ws.root}` to see the details.") from err

    def _start_background(self) -> None:
        """Resume the FTS build of a complete index in the background when it is not ready (it was stopped)."""
        if not self.store.fts or self.store.fts_ready() or not self.store.is_complete():
            return
        with self._start_lock:
            if self._stop.is_set() or not self._bg_done.is_set():
                return
            self._built.set()  # the structure index is complete: sweeps need not wait for this thread
            self._spawn()

    def _spawn(self) -> None:
        """Start the build thread (the caller holds _start_lock and saw none running)."""
        done = self._bg_done = threading.Event()
        self._build_thread = threading.Thread(target=self._build_bg, args=(done,), name="contexteer-index-build", daemon=True)
        self._build_thread.start()

    def _build_bg(self, done: threading.Event) -> None:
        try:
            with self._lock_blocking():
                if not self.store.is_complete():  # else another process finished it while we waited
                    self._cold_build()
                self._built.set()
                if not self._stop.is_set() and self.store.is_complete():
                    # The substring index comes last, in batches: queries already answer (with LIKE) meanwhile.
                    self.store.build_fts(cancelled=self._stop.is_set, progress=self._report_fts)
        except BaseException as exc:
            if self._stop.is_set():  # close() stopped it: at a safe point, or by interrupting its statement
                logger.info("index build stopped at close (%s: %s); the next start resumes it", type(exc).__name__, exc)
            elif isinstance(exc, ChildInterrupted):  # Ctrl-C reached ripgrep before the server saw it
                logger.info("index build interrupted: %s", exc)
                self._build_error = exc
            else:  # reported to the waiting caller
                logger.exception("index build failed")
                self._build_error = exc
        finally:
            self._built.set()
            self.store.close_thread()  # in this thread: its connection is never closed under it
            done.set()

    def _report_fts(self, done: int, total: int) -> None:
        for cb in list(self._fts_progress):
            cb(done, total)

    def _lock_blocking(self) -> filelock.BaseFileLock:
        while not self._stop.is_set():
            try:
                with self._flock_mutex:
                    self._flock.acquire(timeout=0.5)
                return _Held(self)  # type: ignore[return-value]
            except filelock.Timeout:
                continue
        raise IndexError_("the index was closed while waiting for another process's build")

    def _cold_build(self) -> None:
        started = time.monotonic()
        threading.Thread(target=build.warm_up, name="contexteer-pool-warm-up", daemon=True).start()
        paths = self.ws.list_files()
        known = self.store.known_files()
        if not known:
            self.store.begin_cold()
        else:
            self.store.set_meta("build_state", "building")
        self.note_listing(paths)
        self.store.set_meta("build_total", str(len(paths)))
        listed = set(paths)
        gone = [p for p in known if p not in listed]
        if gone:
            self.store.delete_paths(gone)
        jobs = self._changed_jobs(paths, known)
        self._parse_and_write(jobs, total=len(paths), done=len(paths) - len(jobs))
        if self._stop.is_set():
            logger.info("index build stopped at close; it resumes on the next start")
            return
        self.store.finish_build()
        self._last_sweep = time.monotonic()
        if self._watch_since is not None and started >= self._watch_since:
            self._watch_trusted = True  # every change since this build listed the tree is in the watcher's queue
        logger.info("index built: %d files in %.1f s", len(paths), time.monotonic() - started)

    def _changed_jobs(self, paths: Iterable[str], known: dict[str, tuple[int, int, str | None, str]]) -> list[Job]:
        jobs: list[Job] = []
        root = str(self.ws.root)
        for path in paths:
            old = known.get(path)
            if old is not None:
                try:
                    st = os.stat(os.path.join(root, path))
                except OSError:
                    jobs.append(Job(path, None))
                    continue
                if (st.st_mtime_ns, st.st_size) == (old[0], old[1]):
                    continue
                jobs.append(_reparse(path, old))
            else:
                jobs.append(Job(path, None))
        return jobs

    def _parse_and_write(self, jobs: list[Job], *, total: int, done: int, report: RefreshReport | None = None,
                         known: dict[str, Any] | None = None) -> None:
        batch: list[Outcome] = []
        last = time.monotonic()
        counter = [done]

        def flush() -> None:
            rows = [o for o in batch if not isinstance(o[0], str)]
            gone = [o[1] for o in batch if o[0] == "gone"]
            unchanged = [o[1] for o in batch if o[0] == "unchanged"]
            if rows or gone:
                self.store.write_batch(rows, deleted=gone)
            if unchanged:
                self._touch(unchanged)
            if report is not None:
                for o in batch:
                    if o[0] == "gone":
                        report.deleted.append(o[1])
                    elif o[0] == "unchanged":
                        report.unchanged += 1
                    elif known is not None and o[0][0] in known:
                        report.modified.append(o[0][0])
                    else:
                        report.added.append(o[0][0])
            batch.clear()

        def on_result(outcomes: list[Outcome]) -> None:
            nonlocal last
            batch.extend(outcomes)
            counter[0] += len(outcomes)
            if len(batch) >= BATCH_FILES or time.monotonic() - last > BATCH_SECONDS:
                flush()
                last = time.monotonic()
                for cb in list(self._progress):
                    cb(counter[0], total)

        if len(jobs) > POOL_THRESHOLD and self._workers > 1:
            parse_many(jobs, self._limits, self._workers, on_result=on_result, cancelled=self._stop.is_set)
        else:
            limits = self._limits
            for job in jobs:
                with _PARSE_LOCK:
                    outcome = parse_file(job, limits)
                on_result([outcome])
                if self._stop.is_set():
                    break
        flush()
        for cb in list(self._progress):
            cb(counter[0], total)

    def _touch(self, paths: list[str]) -> None:
        updates = []
        for path in paths:
            try:
                st = os.stat(os.path.join(self.ws.root, path))
            except OSError:
                continue
            updates.append((st.st_mtime_ns, st.st_size, path))
        self.store.touch(updates)

    # ----- freshness -----------------------------------------------------------------------
    def refresh(self, paths: Iterable[str] | None = None, *, force: bool = False, fill_fts: bool = True) -> RefreshReport:
        """Bring the index up to date with the disk. `paths`: re-check those files now. paths=None: a full sweep
        (listing + stat of every file): with `force`, now, in the calling thread; else at most every
        `index.sweep_interval_seconds`, and in the calling thread only on a small tree or one whose last sweep was
        quick (INLINE_SWEEP_FILES, INLINE_SWEEP_SECONDS): on a larger one it starts in the background and this returns at once (a query
        never waits for a sweep of the kernel). The watcher's marked files are re-checked either way.
        `fill_fts=False`: a missing substring index is left for the caller's wait_background (which shows its progress)."""
        started = time.monotonic()
        if paths is not None:
            return self._refresh_paths(list(paths), started)
        if not force:
            caught = self.catch_up()
            if caught is not None:  # the watcher knows what changed: no sweep, but a rare one in the background
                if started - self._last_sweep >= max(self.settings.sweep_interval_seconds, WATCHED_SWEEP_SECONDS):
                    self._sweep_in_background()
                return caught
            since = time.monotonic() - self._last_sweep
            due = since >= self.settings.sweep_interval_seconds
            if due and not self._sweep_inline():
                if since >= self._sweep_gap():
                    self._sweep_in_background()
                due = False
            if not due:
                report = self._drain_dirty(started)
                if report is not None:
                    return report
                return RefreshReport(skipped=True, reason="throttled", seconds=time.monotonic() - started)
        with self._sweep_lock:
            return self._sweep(started, fill_fts=fill_fts)

    def _sweep(self, started: float, *, fill_fts: bool = True) -> RefreshReport:
        if not self._bg_done.is_set() and not self._built.is_set():
            return RefreshReport(skipped=True, reason="a build is running", seconds=time.monotonic() - started)
        if not self._flock_try():
            return RefreshReport(skipped=True, reason="another process holds the index lock", seconds=time.monotonic() - started)
        try:
            with self._dirty_lock:
                self._dirty.clear()
            report = RefreshReport()
            paths_now = self.ws.list_files()
            known = self.store.known_files()
            listed = set(paths_now)
            gone = [p for p in known if p not in listed]
            if gone:
                self.store.delete_paths(gone)
                report.deleted.extend(gone)
            jobs = self._changed_jobs(paths_now, known)
            report.unchanged = len(paths_now) - len(jobs)
            if jobs:
                self._parse_and_write(jobs, total=len(jobs), done=0, report=report, known=known)
            if not self.store.is_complete():
                self.store.finish_build()
            if fill_fts:  # a missing FTS index is built in the background, not in this sweep
                self._start_background()
            self._last_sweep = time.monotonic()
            if self._watch_since is not None and started >= self._watch_since:
                self._watch_trusted = True  # every change since this sweep began is in the watcher's queue
            wanted = self._sweep_wanted_since
            if wanted is not None and started >= wanted:
                self._sweep_wanted_since = None
        finally:
            self._flock_release()
        report.seconds = time.monotonic() - started
        self._sweep_seconds = report.seconds
        self._swept_files = len(paths_now)
        return report

    def _sweep_inline(self) -> bool:
        """Whether a due sweep may run inside a query: only on a tree of few files (whatever a loaded machine makes
        their sweep cost: answers there stay exact) or whose sweeps are quick."""
        files = self._swept_files if self._swept_files is not None else self.store.file_count()
        if files <= INLINE_SWEEP_FILES:
            return True
        return self._sweep_seconds is not None and self._sweep_seconds <= INLINE_SWEEP_SECONDS

    def _sweep_gap(self) -> float:
        """Background sweeps of a large tree are spaced by a multiple of their cost (a sweep of the kernel takes
        about a second of CPU, which queries would otherwise share all the time)."""
        return SWEEP_GAP_FACTOR * (self._sweep_seconds or 0.0)

    def _sweep_in_background(self) -> None:
        """Start a full sweep in a thread of its own unless one runs (queries answer meanwhile, and re-check the
        files they name themselves)."""
        with self._start_lock:
            if self._stop.is_set() or (self._sweeper is not None and self._sweeper.is_alive()):
                return
            self._sweeper = threading.Thread(target=self._sweep_bg, name="contexteer-index-sweep", daemon=True)
            self._sweeper.start()

    def _sweep_bg(self) -> None:
        try:
            if self._sweep_seconds is None and self._stop.wait(FIRST_SWEEP_DELAY):
                return  # the process's first sweep lets its first answers go first; a stop ends the wait
            with self._sweep_lock:
                if not self._stop.is_set():
                    report = self._sweep(time.monotonic())
                    if report.changed:
                        logger.info("freshness sweep: %d added, %d modified, %d deleted in %.2f s", len(report.added),
                                    len(report.modified), len(report.deleted), report.seconds)
        except Exception as exc:  # noqa: BLE001 - a sweep that fails is retried by the next query
            if self._stop.is_set():
                logger.debug("the freshness sweep stopped with the index: %s", exc)
            else:
                logger.exception("the freshness sweep failed")
        finally:
            self.store.close_thread()

    @property
    def last_sweep(self) -> tuple[float, float | None]:
        """(monotonic time the last full sweep of this process ended, or 0; how long it took, or None)."""
        return self._last_sweep, self._sweep_seconds

    def sweeping(self) -> bool:
        """A background sweep is running (answers may not yet reflect files changed since the last one)."""
        return self._sweeper is not None and self._sweeper.is_alive()

    def wait_for_sweep(self, timeout: float | None = None) -> bool:
        """Wait for a running background sweep to end; True when none is running (any more)."""
        sweeper = self._sweeper
        if sweeper is not None:
            sweeper.join(timeout)
        return not self.sweeping()

    def ensure_fresh(self, paths: Iterable[str], *, lock_timeout: float = 5.0) -> None:
        """Stat these files now and re-parse the changed ones, so an answer about them reflects the disk.
        Mid-build (this process's build holds the writer lock) the files are parsed at once."""
        self._refresh_paths(list(paths), time.monotonic(), lock_timeout=lock_timeout)

    def _refresh_paths(self, paths: list[str], started: float, lock_timeout: float = 5.0) -> RefreshReport:
        report = RefreshReport()
        if not paths:
            return report
        execute = self.store.execute
        root = str(self.ws.root)
        jobs: list[Job] = []
        known: dict[str, Any] = {}
        for path in dict.fromkeys(paths):
            row = execute("SELECT mtime_ns, size, sha, status FROM files WHERE path=?", (path,)).fetchone()
            try:
                st = os.stat(os.path.join(root, path))
                exists = stat.S_ISREG(st.st_mode)  # what os.path.isfile checks, without a second stat
            except OSError:
                exists = False
            if row is None:
                if exists and not self.ws.denied_by(path):
                    jobs.append(Job(path, None))
                continue
            known[path] = row
            if not exists:
                jobs.append(Job(path, None))
            elif (st.st_mtime_ns, st.st_size) != (row[0], row[1]):
                jobs.append(_reparse(path, row))
            else:
                report.unchanged += 1
        if jobs:
            if not self._flock_try(timeout=lock_timeout):
                report.skipped, report.reason = True, "another process holds the index lock"
                return report
            try:
                self._parse_and_write(jobs, total=len(jobs), done=0, report=report, known=known)
            finally:
                self._flock_release()
        report.seconds = time.monotonic() - started
        return report

    def _flock_release(self) -> None:
        with self._flock_mutex:
            self._flock.release()

    def _flock_try(self, timeout: float = 0.0) -> bool:
        try:
            with self._flock_mutex:
                self._flock.acquire(timeout=timeout)
            return True
        except filelock.Timeout:
            return False

    def _drain_dirty(self, started: float) -> RefreshReport | None:
        with self._dirty_lock:
            dirty, self._dirty = list(self._dirty), set()
        if not dirty:
            return None
        report = self._refresh_paths(dirty, started)
        if report.skipped:  # another process holds the lock: re-check them next time
            with self._dirty_lock:
                self._dirty.update(dirty)
        return report

    # ----- the file watcher ---------------------------------------------------------------
    def enable_watch(self) -> None:
        """This index answers queries for a while (a server, not a one-off command): once it is built, watch the
        tree (index.watch) so that `refresh()` re-checks what changed instead of sweeping."""
        self._watch_wanted = True

    @property
    def watching(self) -> bool:
        """A trusted file watcher tells this index what changed (no sweep is needed for an edit to be seen)."""
        return self._tree_watch is not None and self._watch_trusted and self._sweep_wanted_since is None

    def catch_up(self) -> RefreshReport | None:
        """With a trusted file watcher: re-check the files the kernel reported changed since the last look (what a
        sweep would find, without listing and stating the tree); None when there is no trusted watcher or it saw
        what only a full sweep settles (a file not indexed yet, a folder created or moved, an ignore file)."""
        watch = self._tree_watch
        if watch is None or not self._watch_trusted:
            return None
        started = time.monotonic()
        changes = watch.drain()
        if changes.sweep and self._sweep_wanted_since is None:
            logger.debug("the file watcher asks for a sweep: %s", changes.reason)
            self._sweep_wanted_since = started
        recheck = []
        for path in changes.paths:
            if not self.ws.passes_filters(path):
                continue
            if self.store.execute("SELECT 1 FROM files WHERE path=?", (path,)).fetchone() is not None:
                recheck.append(path)
            elif self._sweep_wanted_since is None and os.path.isfile(os.path.join(self.ws.root, path)):
                self._sweep_wanted_since = started  # a new file: whether it is listed (ignore rules) is the sweep's call
        if recheck:
            with self._dirty_lock:
                self._dirty.update(recheck)
        if self._sweep_wanted_since is not None:
            return None
        return self._drain_dirty(started) or RefreshReport(seconds=time.monotonic() - started)

    def _start_watcher(self) -> None:
        if not self.settings.watch or not self._watch_wanted:
            return
        with self._start_lock:
            if self._watch_started or self._stop.is_set():
                return
            self._watch_started = True
        started = time.monotonic()
        tree = TreeWatch.start(str(self.ws.root), skip=lambda rel: self.ws.denied_by(rel) is not None,
                               max_watches=self.settings.watch_max_folders)
        if tree is not None:
            self._watch_since = time.monotonic()
            self._tree_watch = tree
            logger.debug("watching %d folders (set up in %.3f s)", tree.folders, self._watch_since - started)
            return
        if sys.platform.startswith("linux"):
            return  # TreeWatch said why; queries sweep
        self._watcher = threading.Thread(target=self._watch, name="contexteer-index-watch", daemon=True)
        self._watcher.start()

    def _watch(self) -> None:
        try:
            import watchfiles
        except ImportError:  # pragma: no cover - a declared dependency
            logger.warning("index.watch is on but watchfiles is not installed; relying on stat sweeps")
            return
        root = str(self.ws.root)
        try:
            for changes in watchfiles.watch(root, stop_event=self._stop, raise_interrupt=False, rust_timeout=1000):
                with self._dirty_lock:
                    for _change, full in changes:
                        rel = self.ws.rel(full)
                        if not rel.startswith("..") and not self.ws.denied_by(rel):
                            self._dirty.add(rel)
        except Exception:
            logger.exception("the file watcher stopped; relying on stat sweeps")

    # ----- listing ------------------------------------------------------------------------
    def note_listing(self, paths: list[str]) -> str | None:
        """Record (and return) what the workspace says when ignore rules hide most of its files, for answers about
        the whole tree (`listing_note`); None when they do not."""
        try:
            note = self.ws.hidden_by_rules(paths)
        except Exception as exc:  # noqa: BLE001 - a note must not fail a build
            if self._stop.is_set():  # the process is stopping: its ripgrep was ended under the walk
                logger.debug("the listing note was not made: the index is stopping (%s)", exc)
                return None
            # the message says what failed (a Ctrl-C reaches ripgrep in the same process group before the server has
            # marked itself stopping): no traceback on the server's stderr
            logger.info("could not tell which ignore rules hide files: %s", exc)
            note = None
        if not self._stop.is_set():
            self.store.set_meta("listing_note", note or "")
        return note

    def listing_note(self) -> str | None:
        """'ignore rules hide 86,237 of 86,237 files: .gitignore:167 `/*` ...' when they hide most files."""
        return self.store.get_meta("listing_note") or None

    # ----- misc ---------------------------------------------------------------------------
    def stats(self) -> dict[str, Any]:
        out = super().stats()
        out["db_bytes"] = self.store.db_bytes()
        out["complete"] = self.store.is_complete()
        built = self.store.get_meta("built_at")
        out["built_at"] = float(built) if built else None
        return out

    def request_stop(self) -> None:
        """Ask the background work to stop at its next safe point, without waiting (see close())."""
        self._stop.set()
        build = self._build_thread
        if build is not None and not self._bg_done.is_set():
            self.store.interrupt(build)

    def close(self) -> None:
        """Stop the background build at a safe point, wait for it to end (however long that takes: it is
        interrupted again until it does), then close the database. Safe to call more than once."""
        with self._start_lock:  # no build starts after this
            self._stop.set()
            build, done = self._build_thread, self._bg_done
        if build is not None and build is not threading.current_thread():
            started, said = time.monotonic(), False
            while not done.is_set():
                # Interrupting a statement is safe from any thread; one started after this call is caught
                # by the next, and the build checks the stop flag between its steps.
                self.store.interrupt(build)
                done.wait(0.05)
                if not said and time.monotonic() - started > 2:
                    logger.info("waiting for the index build to stop at a safe point")
                    said = True
        tree, self._tree_watch, self._watch_trusted = self._tree_watch, None, False
        if tree is not None:
            tree.close()
        if self._watcher is not None and self._watcher is not threading.current_thread():
            # It polls the stop flag every second and never touches the database, so this wait may be bounded.
            self._watcher.join(timeout=5)
        sweeper = self._sweeper
        if sweeper is not None and sweeper is not threading.current_thread():
            # It checks the stop flag between its steps; its connection is closed by itself (never under it).
            sweeper.join(timeout=5)
        self.store.close()
        _OPEN.discard(self)

    def __enter__(self) -> StructureIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Held:
    """Context manager that releases the index's already acquired file lock."""

    def __init__(self, index: StructureIndex) -> None:
        self.index = index

    def __enter__(self) -> _Held:
        return self

    def __exit__(self, *exc: object) -> None:
        self.index._flock_release()


def close_all(*, grace: float = 0.0) -> None:
    """Stop and close every index this process has open, and end the processes their builds started (a server or
    a command ending): the builds stop at once, or after `grace` seconds if they have not ended by then (their
    parser processes are ended, what they were parsing is parsed again by the next start), then each index is
    closed and the forkserver and resource tracker end."""
    indexes = list(_OPEN)
    deadline = time.monotonic() + grace
    for index in indexes:
        # a build that ends within the grace ends complete (a one-shot command on a small repository)
        index._bg_done.wait(max(0.0, deadline - time.monotonic()))
    for index in indexes:
        index.request_stop()
    build.kill_workers()
    for index in indexes:
        try:
            index.close()
        except Exception:  # noqa: BLE001 - shutting down: the others must still be closed
            logger.exception("closing the index of %s failed", index.ws.root)
    build.stop_helpers()


#: At interpreter shutdown (a command such as `contexteer call` ending, not a stop request: a server's stop calls
#: close_all itself), how long a running build may go on to end complete before it is stopped; within the 2 s in
#: which a process must end after Ctrl-C.
EXIT_GRACE_SECONDS = 1.5


def _close_open_indexes() -> None:
    """At interpreter shutdown: stop and close every index still open (a command ending, a server stopped
    mid-build); a build about to end gets EXIT_GRACE_SECONDS to end complete."""
    try:
        close_all(grace=EXIT_GRACE_SECONDS)
    except Exception:  # noqa: BLE001 - shutting down
        logger.exception("closing the open indexes at exit failed")


# threading's exit hooks run before the interpreter joins its threads and before concurrent.futures waits for
# every task a process pool was given (a whole cold build's worth); atexit's would run after both.
getattr(threading, "_register_atexit", atexit.register)(_close_open_indexes)


def _reparse(path: str, row: tuple[Any, ...]) -> Job:
    """The job for a known file whose stat changed; its old hash, passed for indexed and unsupported files
    only, lets the worker skip a file whose content did not change."""
    return Job(path, row[2] if row[3] in ("indexed", "unsupported") else None)
