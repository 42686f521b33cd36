"""How a server process ends: SIGINT, SIGTERM, SIGHUP and stdin EOF stop it within `STOP_SECONDS`, and no child
process (parser pool, forkserver, resource tracker, ripgrep) outlives it.

Stopping does not wait for the transport to wind down (a stdio server's stdin reader blocks in a thread until
the client closes the pipe; uvicorn waits for open SSE streams): the first stop request runs `cleanup` (the
index stops at a safe point, the parser processes end) with a deadline, ends whatever child is left, and then
ends the process with `os._exit`. Nothing that must survive is lost that way: index writes are SQLite
transactions, memory writes are atomic, the journal is append-only. A second signal ends it at once. A
requested stop exits 0, so `make serve` stopped with Ctrl-C reports no error.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import NoReturn

logger = logging.getLogger(__name__)

#: The orderly part of a stop (index at a safe point, helper processes stopped) may take this long; then
#: every child left is killed and the process ends anyway. Well inside the 2 s a stop may take in all.
STOP_SECONDS = 1.2
#: Signals that stop a server (SIGHUP: its terminal went away).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopper:
    """Ends this process once, within STOP_SECONDS of the first request, after `cleanup` (bounded by it)."""

    def __init__(self, cleanup: Callable[[], None], *, on_request: Callable[[], None] | None = None) -> None:
        self.cleanup = cleanup
        self.on_request = on_request  # e.g. tell uvicorn to stop accepting connections
        self._lock = threading.Lock()
        self._requested_at: float | None = None

    def install(self) -> None:
        """Route the stop signals here (main thread only, as Python requires)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in STOP_SIGNALS:
            signal.signal(sig, self._on_signal)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        del frame
        self.request(signal.Signals(signum).name)

    def request(self, reason: str, code: int = 0) -> None:
        """Start stopping (in a thread of its own; returns at once). A second request ends the process now."""
        with self._lock:
            first = self._requested_at is None
            if first:
                self._requested_at = time.monotonic()
        if not first:
            logger.warning("%s while stopping: ending now", reason)
            end_children(grace=0.0)
            _exit(code)
        logger.info("stopping (%s)", reason)
        if self.on_request is not None:
            try:
                self.on_request()
            except Exception:  # noqa: BLE001 - the stop goes on regardless
                logger.debug("stop hook failed", exc_info=True)
        threading.Thread(target=self._finish, args=(code,), name="contexteer-stop", daemon=True).start()

    def _finish(self, code: int) -> NoReturn:
        started = self._requested_at or time.monotonic()
        worker = threading.Thread(target=self._cleanup, name="contexteer-stop-cleanup", daemon=True)
        worker.start()
        worker.join(max(0.0, started + STOP_SECONDS - time.monotonic()))
        if worker.is_alive():
            logger.warning("stopping: the orderly shutdown took over %.1f s; ending the remaining work", STOP_SECONDS)
        end_children(grace=max(0.1, started + STOP_SECONDS + 0.5 - time.monotonic()))
        _exit(code)

    def _cleanup(self) -> None:
        try:
            self.cleanup()
        except Exception:  # noqa: BLE001 - stopping anyway; say what failed
            logger.exception("cleanup while stopping failed")

    def wait(self) -> NoReturn:
        """Block the calling thread until the stop thread ends the process."""
        while True:
            time.sleep(3600)


def run_until_stopped(serve: Callable[[Stopper], None], cleanup: Callable[[], None], *,
                      on_request: Callable[[], None] | None = None, ended: str = "the transport ended") -> NoReturn:
    """Run `serve(stopper)` (a blocking transport loop; it may call `stopper.request`) under a Stopper: a stop
    signal, or `serve` returning (`ended`), stops the process as the module docstring says. Never returns."""
    stopper = Stopper(cleanup, on_request=on_request)
    stopper.install()
    code, reason = 0, ended
    try:
        serve(stopper)
    except KeyboardInterrupt:  # a SIGINT that arrived before the handler was installed
        reason = "SIGINT"
    except SystemExit as exc:  # uvicorn exits 1 when it cannot bind its port (it said why)
        code = exc.code if isinstance(exc.code, int) else 1
        reason = f"exit status {code}"
    except BaseException:  # noqa: BLE001 - a crashed transport still stops cleanly, with a failure code
        logger.exception("the server stopped on an unexpected error")
        code, reason = 1, "an unexpected error"
    stopper.request(reason, code)
    stopper.wait()


def _exit(code: int) -> NoReturn:
    for handler in logging.getLogger().handlers:
        try:
            handler.flush()
        except Exception:  # noqa: BLE001, S110 - exiting: nothing left to tell
            pass
    try:
        sys.stderr.flush()
    except Exception:  # noqa: BLE001, S110
        pass
    os._exit(code)


# ----- children ------------------------------------------------------------------------------------------
def live_processes() -> list[tuple[int, int, int]]:
    """(pid, ppid, session id) of every live process on this machine (Linux /proc; empty elsewhere); a zombie has
    ended (its parent reaps it) and is left out."""
    out: list[tuple[int, int, int]] = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return out
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                raw = fh.read()
        except OSError:
            continue
        # "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses; the last ')' ends it
        fields = raw[raw.rfind(b")") + 2 :].split()
        if len(fields) < 4 or fields[0] == b"Z":
            continue
        out.append((int(name), int(fields[1]), int(fields[3])))
    return out


def _children_map() -> dict[int, list[int]]:
    """ppid -> pids of every live process."""
    out: dict[int, list[int]] = {}
    for pid, ppid, _ in live_processes():
        out.setdefault(ppid, []).append(pid)
    return out


def descendants(pid: int | None = None) -> list[list[int]]:
    """The live processes below `pid` (default: this one), by depth: [children, grandchildren, ...]."""
    tree = _children_map()
    levels: list[list[int]] = []
    level = tree.get(os.getpid() if pid is None else pid, [])
    seen: set[int] = set()
    while level:
        level = [p for p in level if p not in seen]
        seen.update(level)
        if level:
            levels.append(level)
        level = [c for p in level for c in tree.get(p, [])]
    return levels


def end_children(grace: float = 0.3) -> None:
    """Kill every process below this one, deepest first, and reap this process's own children: nothing it started
    outlives it, not even as a zombie. A grandchild is given up to `grace` seconds to be reaped by its parent
    (still alive then: a forkserver reaps its workers) before the parent is killed in turn."""
    levels = descendants()
    for depth in range(len(levels) - 1, -1, -1):
        level = levels[depth]
        for pid in level:
            _kill(pid)
        deadline = time.monotonic() + grace
        for pid in level:
            if depth == 0:
                _reap(pid, deadline)
            else:
                while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
                    time.sleep(0.01)
    while True:  # children that had ended already (a signal to the whole process group): reap them too
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _reap(pid: int, deadline: float) -> None:
    while True:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # reaped already (subprocess, multiprocessing) or not ours
            return
        if done or time.monotonic() >= deadline:
            return
        time.sleep(0.01)
