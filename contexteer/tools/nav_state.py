"""The navigation state of one served workspace (index, repo mapper, dependency graph) and how tools wait on it."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread
from mcp.server.mcpserver import Context

from contexteer.indexers import deps as deps_mod
from contexteer.indexers.repomap import RepoMapper
from contexteer.tools.base import Services
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

_LOCK = threading.Lock()

#: A global query that finds nothing for a name sweeps the tree first unless a sweep ran this recently (seconds):
#: the agent may just have written the file that defines it (index.sweep_interval_seconds throttles the rest).
#: On a tree whose sweep is quick the window shrinks to twice the last sweep's duration, so repeated
#: misses spend at most about a third of the time sweeping.
MISS_SWEEP_SECONDS = 0.1


class Nav:
    """The navigation state of one served workspace: the index, the repo mapper, the dependency graph."""

    def __init__(self, svc: Services) -> None:
        from contexteer.indexers.index import StructureIndex  # lazily: the index opens SQLite

        self.svc = svc
        self.index = StructureIndex(svc.ws)
        self.mapper = RepoMapper(self.index)
        self._graph_state: Any = object()
        self._graph: deps_mod.DepGraph | None = None
        self._resolver: deps_mod.Resolver | None = None
        self._imports_cache: dict[str, dict[str, list[str]]] = {}
        self._all_files: list[str] | None = None
        self._qualifier: Any = None
        self._glock = threading.Lock()
        self._swept_at = 0.0  # monotonic time of the last full sweep this state saw run
        self._sweep_cost = MISS_SWEEP_SECONDS / 2  # seconds the last full sweep took
        self._waited = False  # a call already waited for the cold build (only the first one may)
        self._wait_lock = threading.Lock()

    # ----- readiness ------------------------------------------------------------------------
    def ready(self, progress: Callable[[int, int], None] | None, paths: Iterable[str] = (), sweep: bool = False,
              file_only: bool = False) -> str | None:
        """Build or sweep the index as needed, re-check `paths`; returns the 'index N% built' note or None.

        During a cold build only the first call that answers from the whole index waits (up to
        index.first_query_wait_seconds); later calls answer at once from what is indexed. A call about
        named files (`paths`, no sweep) never waits for the build: it parses those files itself."""
        paths = [p for p in paths if p and p != "."]
        with self._wait_lock:
            if (file_only and paths) or self._waited:
                wait = 0.0
            else:
                wait = self.svc.settings.index.first_query_wait_seconds
                self._waited = not self.index.store.is_complete()  # a cold build starts: this call is its one wait
        st = self.index.ensure_built(wait_seconds=wait, progress=progress)
        if st.complete and sweep:
            self._note_sweep(self.index.refresh())
        if paths:  # also mid-build: this process's build holds the writer lock, another process's makes us skip soon
            self.index.ensure_fresh(paths, lock_timeout=5.0 if st.complete else 0.5)
        self._sync_graph()
        if file_only and paths:
            return None  # the answer is about these files only, which were just parsed: it is complete
        return st.note()

    def sweep_on_miss(self) -> bool:
        """A global query found nothing for a name: run the full stat sweep now (unless one ran within
        the miss window, see MISS_SWEEP_SECONDS), so a definition the agent just wrote to a new file is found; True
        when something changed. A background sweep already running is waited for instead of starting another."""
        ended, cost = self.index.last_sweep
        cost = self._sweep_cost if cost is None else cost
        swept_at = max(self._swept_at, ended)
        # a slow sweep (a large tree) is not repeated within twice its cost: misses spend at most a third of their time sweeping
        window = 2 * cost if cost > MISS_SWEEP_SECONDS else min(MISS_SWEEP_SECONDS, 2 * cost)
        if time.monotonic() - swept_at < window or not self.index.store.is_complete():
            return False
        if self.index.sweeping():
            before = self.index.generation
            if self.index.wait_for_sweep(timeout=30):
                self._swept_at = time.monotonic()
                changed = self.index.generation != before
                if changed:
                    self._sync_graph()
                return changed
        report = self.index.refresh(force=True)
        if not self._note_sweep(report):
            return False
        if report.changed:
            self._sync_graph()
        return report.changed > 0

    def _note_sweep(self, report: Any) -> bool:
        """Record when a full sweep ran and what it cost; False when it was skipped (throttled, locked)."""
        if report.skipped:
            return False
        self._swept_at = time.monotonic()
        self._sweep_cost = report.seconds
        return True

    def recheck(self, paths: Iterable[str]) -> bool:
        """Stat the files an answer is about and re-parse changed ones; True when something changed."""
        wanted = sorted({p for p in paths if p})
        if not wanted:
            return False
        changed = self.index.refresh(wanted).changed > 0
        if changed:
            self._sync_graph()
        return changed

    # ----- dependency graph -----------------------------------------------------------------
    def _sync_graph(self) -> None:
        state = self.mapper.state()
        if state != self._graph_state:
            with self._glock:
                self._graph_state = state
                self._graph = None
                self._resolver = None
                self._imports_cache = {}
                self._all_files = None
                self._qualifier = None

    def all_files(self) -> list[str]:
        if self._all_files is None:  # the index records every listed file, parsed or not (manifests too)
            self._all_files = sorted(self.mapper.infos())
        return self._all_files

    def resolver(self) -> deps_mod.Resolver:
        if self._resolver is None:
            ws = self.svc.ws

            def read(rel: str) -> str | None:
                return repo_text(ws, rel)

            self._resolver = deps_mod.Resolver(self.all_files(), read)
        return self._resolver

    def graph(self) -> deps_mod.DepGraph:
        if self._graph is None:
            r = self.resolver()
            self._graph = deps_mod.build_graph(r.files, self.index.all_imports(), resolver=r)
        return self._graph

    def qualifier(self) -> Any:
        """Full names of definitions (package, namespace, module path; contexteer.indexers.qualify), with what it
        read cached until the index changes."""
        if self._qualifier is None:
            from contexteer.indexers.qualify import Qualifier

            ws = self.svc.ws
            self._qualifier = Qualifier(self.index, lambda rel: repo_text(ws, rel), self.resolver().layout)
        return self._qualifier

    def imported(self, path: str) -> dict[str, list[str]]:
        """Imported name -> repository files, for one file (cached until the index changes; see ready())."""
        hit = self._imports_cache.get(path)
        if hit is None:
            hit = deps_mod.imported_names(self.resolver(), self.index.imports_of(path))
            self._imports_cache[path] = hit
        return hit


def nav_for(svc: Services) -> Nav:
    nav = svc.__dict__.get("_nav")
    if nav is None:
        with _LOCK:
            nav = svc.__dict__.get("_nav")
            if nav is None:
                nav = Nav(svc)
                svc.__dict__["_nav"] = nav
    return nav


def progress_reporter(ctx: Context | None) -> Callable[[int, int], None] | None:
    """A thread-safe progress callback sending MCP progress notifications (throttled), or None."""
    if ctx is None:
        return None
    try:
        token = anyio.lowlevel.current_token()
    except RuntimeError:
        return None
    last = [0.0]

    def cb(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] < 0.25 and done < total:
            return
        last[0] = now
        try:
            anyio.from_thread.run(ctx.report_progress, float(done), float(total), f"indexing {done}/{total} files", token=token)
        except Exception:  # noqa: BLE001 - progress is best effort; never fail the call for it
            logger.debug("progress notification failed", exc_info=True)

    return cb


T = TypeVar("T")


async def run(ctx: Context | None, fn: Callable[[Callable[[int, int], None] | None], T]) -> T:
    """Run blocking index work in a worker thread, with progress notifications wired to `ctx`."""
    cb = progress_reporter(ctx)
    return await anyio.to_thread.run_sync(fn, cb)


def syntax_error_note(svc: Services, rel: str, language: str | None) -> str | None:
    """Where a file's first syntax error is ('syntax error at line 15: `def f(((` — ...'), for answers about a
    file the index flags with errors; None when it cannot tell."""
    from contexteer.indexers import languages
    from contexteer.indexers.uses import first_syntax_error

    spec = languages.BY_NAME.get(language or "")
    if spec is None:
        return None
    text = repo_text(svc.ws, rel)
    if text is None:
        return None
    found = first_syntax_error(text.encode("utf-8"), spec)
    if found is None:
        return None
    line, text = found
    return f"syntax error at line {line}: `{(text if len(text) <= 80 else text[:79] + '…')}` — definitions after it may be missing or misplaced"
