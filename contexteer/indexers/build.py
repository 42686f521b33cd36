"""Reading, classifying and parsing files, in-process or in a process pool (the worker side of the index).

Workers import only this module, the extractor and the language registry (not the settings or
workspace modules, whose pydantic import would slow every worker's start).

`parse_file` is the unit of work: it stats, reads, hashes and classifies one file (too large, binary,
unsupported, indexed) and parses it with the per-file time limit. `parse_many` runs a list of them in
a process pool, surviving a worker that crashes on one pathological file.
"""

from __future__ import annotations

import faulthandler
import hashlib
import logging
import marshal
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, TextIO, TypeVar

from contexteer.indexers import c_prep, languages
from contexteer.indexers.extract import FileResult, ParseTimeout, extract
from contexteer.indexers.languages import LanguageSpec
from contexteer.indexers.model import stored_signature

logger = logging.getLogger(__name__)

CHUNK = 24  # files per pool task


@dataclass(frozen=True)
class Job:
    path: str  # root-relative
    old_sha: str | None  # known content hash; an unchanged hash returns UNCHANGED


@dataclass(frozen=True)
class Limits:
    root: str
    max_bytes: int
    timeout: float
    watchdog: bool = False  # pool workers: no in-parser time check, an alarm signal ends a stuck worker
    c_macros: tuple[str, ...] = ()  # index.c_attribute_macros


# (path, language, size, mtime_ns, sha, status, has_errors, error)
FileRow = tuple[Any, ...]
Outcome = tuple[FileRow, FileResult | None] | tuple[str, str]  # ("unchanged"|"gone", path) otherwise


def parse_file(job: Job, limits: Limits) -> Outcome:
    """Stat, read, classify and parse one file; never raises for a bad file."""
    full = os.path.join(limits.root, job.path)
    try:
        st = os.stat(full)
    except OSError:
        return ("gone", job.path)
    spec = languages.language_for_path(job.path)
    base_row = (job.path, spec.name if spec else None, st.st_size, st.st_mtime_ns)
    if st.st_size > limits.max_bytes:
        return (base_row + (None, "too_large", 0, f"{st.st_size} bytes > workspace.max_file_bytes {limits.max_bytes}"), None)
    try:
        with open(full, "rb") as fh:
            data = fh.read(limits.max_bytes + 1)
    except OSError as exc:
        return (base_row + (None, "error", 0, f"cannot read: {exc.strerror}"), None)
    sha = hashlib.blake2b(data, digest_size=16).hexdigest()
    if job.old_sha is not None and sha == job.old_sha:
        return ("unchanged", job.path)
    if b"\x00" in data[:8192]:  # the rule git and ripgrep use (workspace.is_binary_bytes)
        return (base_row + (sha, "binary", 0, None), None)
    if spec is None:  # no extension, or one no language claims (completions/invoke-rc.d): its #! or mode line
        spec = languages.language_for_shebang(data)
        base_row = (job.path, spec.name if spec else None, st.st_size, st.st_mtime_ns)
    if spec is None:
        return (base_row + (sha, "unsupported", 0, None), None)
    if spec.name == "c" and languages.objc_header(job.path, data):  # an Objective-C header: `@interface`, `#import`
        spec = languages.BY_NAME["objc"]
        base_row = (job.path, spec.name, st.st_size, st.st_mtime_ns)
    elif spec.name == "c" and languages.cpp_header(job.path, data):
        spec = languages.BY_NAME["cpp"]
        base_row = (job.path, spec.name, st.st_size, st.st_mtime_ns)
    if spec.blank_macros:
        c_prep.configure(limits.c_macros)  # a no-op once set
    # the grammar and its query, loaded and compiled once per process, before the file's time limit starts: under a
    # loaded machine the first C++ files of each worker ran out of their 5 s compiling the query (tclap run 602:
    # UnlabeledValueArg.h and UnlabeledMultiArg.h, parsed in 10 ms each, were left unindexed and the answers
    # that call themselves complete missed everything in them)
    languages.query(spec.name)
    note = None
    try:
        if not data.isascii():  # isascii is a fast scan; most source files are ASCII
            data.decode("utf-8")
    except UnicodeDecodeError:
        data = data.decode("latin-1").encode("utf-8")  # same lines, readable names
        note = "not UTF-8: read as Latin-1"
    # a small file that runs out of time once is tried again with four times the limit: on a loaded machine a 10 ms
    # parse can lose its 5 s to the scheduler, and a file left unindexed makes "complete" answers wrong
    limits_tried = [limits.timeout] + ([limits.timeout * 4] if len(data) <= _RETRIED_BYTES else [])
    for k, timeout in enumerate(limits_tried):
        try:
            result = _extract_within(data, spec, timeout, limits.watchdog)
            break
        except ParseTimeout as exc:
            if k + 1 < len(limits_tried):
                logger.info("%s ran out of its %g s; trying again with %g s", job.path, timeout, limits_tried[k + 1])
                continue
            return (base_row + (sha, "error", 1, f"{exc} (index.parse_timeout_seconds={limits.timeout:g})"), None)
        except Exception as exc:  # a grammar or query failure must not stop the build
            logger.warning("indexing %s failed: %s", job.path, exc)
            return (base_row + (sha, "error", 1, f"{type(exc).__name__}: {exc}"), None)
    result.symbols = [(*row[:5], stored_signature(row[0], row[5]), *row[6:]) for row in result.symbols]
    return (base_row + (sha, "indexed", int(result.has_errors), note), result)


#: files up to this size get a second try with a longer time limit when the first runs out
_RETRIED_BYTES = 256_000


def _extract_within(data: bytes, spec: LanguageSpec, timeout: float, watchdog: bool) -> FileResult:
    """extract() with a time limit: an alarm signal (pool workers, `watchdog`) or the in-parser check."""
    if not watchdog:
        return extract(data, spec, timeout)
    alarm = _arm(timeout)
    try:
        return extract(data, spec, None)
    finally:
        _disarm(alarm)


def _arm(seconds: float) -> bool:
    """End this process after `seconds` unless disarmed. In a main thread whose SIGALRM has its default
    action (terminate): an interval timer, a syscall of ~1 us. Else faulthandler's watchdog thread, which
    costs ~25 us of CPU and ~170 us of waiting per file to start and join. Returns which one is armed."""
    if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGALRM) == signal.SIG_DFL:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        return True
    faulthandler.dump_traceback_later(seconds, exit=True, file=_devnull())
    return False


def _disarm(alarm: bool) -> None:
    if alarm:
        signal.setitimer(signal.ITIMER_REAL, 0)
    else:
        faulthandler.cancel_dump_traceback_later()


@cache
def _devnull() -> TextIO:
    return open(os.devnull, "w")  # lives as long as the worker


def _parse_chunk(jobs: Sequence[Job], limits: Limits) -> bytes:
    """A pool task: its outcomes as plain tuples in marshal's format (written in half the time of pickled
    dataclasses, read a little faster; the main process's CPU is taken from the workers)."""
    out: list[tuple[Any, ...]] = []
    for job in jobs:
        outcome = parse_file(job, limits)
        result = outcome[1]
        if isinstance(result, FileResult):
            out.append((outcome[0], (result.language, result.symbols, result.refs, result.imports, result.has_errors)))
        else:
            out.append(outcome)
    return marshal.dumps(out)


def _outcomes(blob: bytes) -> list[Outcome]:
    """_parse_chunk's outcomes back (in the main process)."""
    out: list[Outcome] = []
    for outcome in marshal.loads(blob):
        if not isinstance(outcome[0], str) and outcome[1] is not None:
            outcome = (outcome[0], FileResult(*outcome[1]))
        out.append(outcome)
    return out


def _context() -> multiprocessing.context.BaseContext:
    # forkserver: workers fork from a clean single-threaded server, safe while our threads run.
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def exit_with(pid: int) -> None:
    """Pool initializer: end this worker when process `pid` (the server) ends, however it ends. A worker killed
    with its server would otherwise wait forever for work (it holds the write end of its own task queue), and
    keep the forkserver and the resource tracker alive with it (both wait for their clients to exit)."""
    try:
        fd: int | None = os.pidfd_open(pid)
    except (AttributeError, OSError):  # not Linux 5.3+: poll instead
        fd = None

    def watch() -> None:
        if fd is not None:
            select.select([fd], [], [])
        else:
            while _alive(pid):
                time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def warm_up() -> None:
    """Start the server that forks the pool's workers now, with this module (the parser and the grammars'
    modules) loaded once in it: it starts while the caller lists files, and each worker starts without
    importing anything (~0.1 s sooner). A server already running is left as it is."""
    _start_helpers()


def parse_many(
    jobs: Sequence[Job],
    limits: Limits,
    workers: int,
    *,
    on_result: Callable[[list[Outcome]], None],
    cancelled: Callable[[], bool] = lambda: False,
) -> None:
    """Parse files in a pool of `workers` processes; `on_result` gets each finished chunk (in the caller's
    thread). Workers parse at full speed under a process-level watchdog (an alarm signal ends a worker
    stuck past the time limit). A chunk whose worker died is parsed again one file per task with the
    in-parser time check; a file that kills a worker even then is recorded as an error."""
    fast = replace(limits, watchdog=True)
    left = _run_round(list(jobs), fast, workers, CHUNK, on_result, cancelled)
    if left and not cancelled():
        logger.info("a parser process died; re-parsing %d files one by one", len(left))
        left = _run_round(left, limits, workers, 1, on_result, cancelled)
    if left and not cancelled():
        _retry_isolated(left, limits, on_result, cancelled)


def _run_round(jobs: list[Job], limits: Limits, workers: int, chunk: int,
               on_result: Callable[[list[Outcome]], None], cancelled: Callable[[], bool]) -> list[Job]:
    """One pool over all jobs (all submitted at once so workers never starve while we write);
    returns the jobs whose worker died."""
    chunks = [jobs[i : i + chunk] for i in range(0, len(jobs), chunk)]
    unfinished: list[Job] = []
    pool = _open_pool(workers)
    finished = False
    try:
        with _main_not_rerun():  # the workers start in these calls
            pending: dict[Future[bytes], list[Job]] = {pool.submit(_parse_chunk, c, limits): c for c in chunks}
        while pending:
            done, _ = wait(pending, timeout=CANCEL_POLL_SECONDS, return_when=FIRST_COMPLETED)
            for fut in done:
                part = pending.pop(fut)
                try:
                    outcomes = _outcomes(fut.result())
                except BrokenProcessPool:
                    unfinished.extend(part)
                    continue
                on_result(outcomes)
            if cancelled():
                return []
        finished = True
    finally:
        # Cancelled, or on_result failed (its write interrupted by close()): the workers are ended, not waited
        # for (a chunk of large files can take seconds); what they were parsing is parsed again next time.
        _close_pool(pool, kill=not finished)
    return unfinished


#: A cancelled build notices within this many seconds, even while every worker is busy with a slow file.
CANCEL_POLL_SECONDS = 0.1

#: Every pool open in this process, so that a stopping process can end their workers (`kill_workers`).
_POOLS: set[ProcessPoolExecutor] = set()
_POOLS_LOCK = threading.Lock()


def _start_helpers() -> None:
    """Start multiprocessing's resource tracker and forkserver (if not running) with SIGINT blocked in this thread:
    they inherit the mask, so a Ctrl-C sent to the process group while they still import their modules (before they
    ignore SIGINT themselves) cannot end one of them with a KeyboardInterrupt traceback on the server's stderr."""
    ctx = _context()
    if not isinstance(ctx, multiprocessing.context.ForkServerContext):
        return
    from multiprocessing import forkserver

    if getattr(forkserver._forkserver, "_forkserver_pid", None) is None:  # not started: the preloads apply
        # the forkserver (and every worker it forks) ignores Ctrl-C from the start; this module loaded once in it
        ctx.set_forkserver_preload(["contexteer.indexers.worker_signals", __name__])
    from multiprocessing import resource_tracker

    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        # the resource tracker first: its start unblocks SIGINT in this thread when it is done (multiprocessing
        # blocks and then unblocks it around its own spawn), which let the forkserver start with Ctrl-C open
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def _main_not_rerun() -> Iterator[None]:
    """While workers start (ProcessPoolExecutor starts them in `submit`): hide the main script's path from
    multiprocessing, which would otherwise run that script again in every worker (as `__mp_main__`) before it
    takes work. For the `contexteer` console script that is the whole CLI's import (pydantic, the MCP SDK): ~1 s
    of CPU per worker, ~2 s of a 2-worker cold build of the stdlib's ~9. The work itself is module-level functions
    of this package, which the workers import by name. A main run with -m (it has a __spec__) is never re-run."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None) if main is not None and getattr(main, "__spec__", None) is None else None
    if path is None:
        yield
        return
    with _MAIN_LOCK:
        del main.__file__  # type: ignore[union-attr]
        try:
            yield
        finally:
            main.__file__ = path  # type: ignore[union-attr]


_MAIN_LOCK = threading.Lock()


def _open_pool(workers: int) -> ProcessPoolExecutor:
    _start_helpers()
    pool = ProcessPoolExecutor(max_workers=max(1, workers), mp_context=_context(), initializer=_worker_init,
                               initargs=(os.getpid(),))
    with _POOLS_LOCK:
        _POOLS.add(pool)
    return pool


def _close_pool(pool: ProcessPoolExecutor, *, kill: bool) -> None:
    if kill:
        _kill_pool_workers(pool)
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    finally:
        with _POOLS_LOCK:
            _POOLS.discard(pool)


T = TypeVar("T")


def run_in_worker(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` in a worker process of its own (a pool of one, ended with the server like the build's), for
    work whose memory should not stay with the serving process. Raises what the call raised, BrokenProcessPool
    when the worker died."""
    pool = _open_pool(1)
    finished = False
    try:
        with _main_not_rerun():
            future = pool.submit(fn, *args)
        result = future.result()
        finished = True
        return result
    finally:
        _close_pool(pool, kill=not finished)


def _kill_pool_workers(pool: ProcessPoolExecutor) -> None:
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.kill()
        except (OSError, ValueError, AttributeError):  # ended already, or its handle is closed
            pass


def kill_workers() -> None:
    """End the workers of every pool open in this process now (a stopping server); the builds they worked for
    see a broken pool and stop, and the next start parses those files again."""
    with _POOLS_LOCK:
        pools = list(_POOLS)
    for pool in pools:
        _kill_pool_workers(pool)


def stop_helpers() -> None:
    """End every process this process started for parsing and wait for them: the pools' workers, then the
    forkserver and multiprocessing's resource tracker, stopped the way multiprocessing stops them (they end
    when the last process holding their pipe is gone). Called when a command or a server ends, so that nothing
    it started is left in its process group."""
    kill_workers()
    with _POOLS_LOCK:
        pools = list(_POOLS)
    for pool in pools:
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        except Exception:  # noqa: BLE001 - a broken pool is shut down already
            logger.debug("pool shutdown failed", exc_info=True)
    from multiprocessing import forkserver, resource_tracker

    for helper in (getattr(forkserver, "_forkserver", None), getattr(resource_tracker, "_resource_tracker", None)):
        stop = getattr(helper, "_stop", None)
        if stop is None:
            continue
        try:
            stop()
        except (OSError, ChildProcessError):  # ended already
            pass


def _worker_init(server_pid: int) -> None:
    """A worker ignores Ctrl-C (the terminal sends it to the whole process group): the main process stops
    the pool at a safe point; a worker dying of KeyboardInterrupt would turn that into a failed build. And it
    ends with the process that started it, however that ends (`exit_with`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with(server_pid)


def _retry_isolated(jobs: list[Job], limits: Limits, on_result: Callable[[list[Outcome]], None],
                    cancelled: Callable[[], bool]) -> None:
    """Each file in its own single-use worker: the one that crashes is recorded as an error."""
    for job in jobs:
        if cancelled():
            return
        pool = _open_pool(1)
        try:
            try:
                with _main_not_rerun():
                    future = pool.submit(parse_file, job, limits)
                outcome = future.result()
            finally:
                _close_pool(pool, kill=False)
        except BrokenProcessPool:
            logger.warning("the parser crashed on %s; it is recorded as an error", job.path)
            outcome = ((job.path, None, 0, 0, None, "error", 1, "the parser crashed on this file"), None)
        on_result([outcome])
