"""Issue 19: closing the index (or stopping the process) while a background build runs, in any phase.

`contexteer index` on the Linux kernel died with SIGSEGV: `close()` stopped waiting for the build thread
after 30 s and closed the SQLite connection under the running FTS build. The subprocess tests make one phase
of the build slow with a hook (a SQLite progress handler that sleeps while the build thread is inside the
named `Store` method, installed in the child process only), stop the process in that phase in every way a
user can, and check that it exits cleanly and that the next start answers correctly and completes the index.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from contexteer.errors import IndexError_
from tests.indexers.conftest import bump, write

INF = float("inf")
ROOT = Path(__file__).resolve().parents[2]
N_FILES = 300

#: The child: indexes argv[1] with the Store method argv[4] made slow, waits until the build thread is in it,
#: then does argv[2]: "close" closes the index and prints how long that took; "exit" ends the process without
#: closing it (a server stopped mid-build); "cli" runs `contexteer index` (the test signals it).
CHILD = """
import faulthandler, sys, threading, time
faulthandler.enable()
faulthandler.dump_traceback_later(float(sys.argv[3]), exit=True)  # a hang fails with every thread's stack
from contexteer.config import Settings
from contexteer.indexers import store as store_mod
from contexteer.workspace import Workspace

in_phase = threading.Event()
local = threading.local()

def tick():
    if getattr(local, "slow", False):
        time.sleep(0.2)
    return 0

connect = store_mod.Store._connect
def slow_connect(self):
    conn = connect(self)
    conn.set_progress_handler(tick, 200)
    return conn
store_mod.Store._connect = slow_connect

phase = getattr(store_mod.Store, sys.argv[4])
def slow_phase(self, *args, **kwargs):
    if threading.current_thread().name == "contexteer-index-build":
        local.slow = True
        in_phase.set()
    try:
        return phase(self, *args, **kwargs)
    finally:
        local.slow = False
setattr(store_mod.Store, sys.argv[4], slow_phase)

def announce():
    in_phase.wait()
    print("in phase", flush=True)

settings = Settings()
settings.index.workers = 1
ws = Workspace(sys.argv[1], settings)
if sys.argv[2] == "cli":
    threading.Thread(target=announce, daemon=True).start()
    from contexteer.server.cli.index import index_command
    sys.exit(index_command(ws, tty=False))
from contexteer.indexers.index import StructureIndex
idx = StructureIndex(ws)
idx.ensure_built(wait_seconds=0)
announce()
time.sleep(0.3)
if sys.argv[2] == "close":
    started = time.monotonic()
    idx.close()
    print(f"closed in {time.monotonic() - started:.2f} s", flush=True)
"""


def make_repo(root: Path, n: int = N_FILES) -> None:
    for i in range(n):
        write(root, f"pkg{i % 10}/mod{i}.py",
              f"class Widget{i}:\n    def render_{i}(self):\n        return {i}\n\n\ndef make_widget_{i}():\n    return Widget{i}()\n")


def run_child(repo: Path, mode: str, phase: str = "build_fts") -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", CHILD, str(repo), mode, "15", phase], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_phase(proc: subprocess.Popen) -> None:
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if line.strip() != "in phase":
        out, err = proc.communicate(timeout=30)
        pytest.fail(f"the child never reached the slow phase: {line}{out}\n{err}")


def assert_no_crash(proc: subprocess.Popen, err: str) -> None:
    assert "Fatal Python error" not in err and "Segmentation fault" not in err and "Timeout" not in err, err
    assert proc.returncode != -signal.SIGSEGV, err


def meta(db: Path, key: str) -> str | None:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None


def substring_paths(idx, text: str) -> set[str]:
    return {s.path for s in idx.find_symbols(text, match="substring", limit=1000)}


def expected_paths(text: str, n: int = N_FILES) -> set[str]:
    return {f"pkg{i % 10}/mod{i}.py" for i in range(n) if text in f"Widget{i}.render_{i} make_widget_{i}"}


def assert_stopped_and_completed_on_restart(open_index, phase: str) -> None:
    """The next start: right substring answers while the index is incomplete, then a complete index with
    its FTS index, the same answers, an intact database."""
    idx = open_index(workers=1)
    db = idx.store.path
    stopped_half_way = {
        "build_fts": meta(db, "fts_state") != "ready",
        "finish_build": meta(db, "build_state") != "complete",
        "write_batch": idx.status().files_done < N_FILES,
    }[phase]
    assert stopped_half_way, f"the build must have been stopped in {phase} for this test to mean anything"
    if phase == "build_fts":
        assert idx.status().complete and idx.stats()["symbols"] == 3 * N_FILES
        assert substring_paths(idx, "dget_17") == expected_paths("dget_17")  # the FTS index is partial: not used
    assert idx.ensure_built(wait_seconds=INF).complete
    assert idx.wait_background(timeout=60), "the build did not finish after a restart"
    assert meta(db, "fts_state") == "ready" and idx.stats()["symbols"] == 3 * N_FILES
    assert substring_paths(idx, "dget_17") == expected_paths("dget_17")
    assert len(idx.find_symbols("render_2", match="substring", limit=500)) == 111  # render_2, render_2x, render_2xx
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.execute("INSERT INTO symbols_fts(symbols_fts) VALUES ('integrity-check')")  # the FTS index matches the symbols


@pytest.mark.parametrize("phase", ["build_fts", "finish_build", "write_batch"])
def test_issue19_closing_the_index_during_a_slow_build_phase_exits_cleanly_and_leaves_a_usable_index(repo, open_index, phase):
    make_repo(repo)
    proc = run_child(repo, "close", phase)
    wait_for_phase(proc)
    out, err = proc.communicate(timeout=30)
    assert_no_crash(proc, err)
    assert proc.returncode == 0, f"rc {proc.returncode}:\n{out}\n{err}"
    seconds = float(out.split("closed in ")[1].split()[0])
    assert seconds < 5, f"close() took {seconds} s: it must stop the build at a safe point, not wait it out"
    assert_stopped_and_completed_on_restart(open_index, phase)


def test_a_process_ending_during_the_fts_build_without_closing_the_index_exits_cleanly(repo, open_index):
    make_repo(repo)  # a server stopped mid-build: the interpreter's shutdown stops the build before its own teardown
    proc = run_child(repo, "exit")
    wait_for_phase(proc)
    out, err = proc.communicate(timeout=30)
    assert_no_crash(proc, err)
    assert proc.returncode == 0, f"rc {proc.returncode}:\n{out}\n{err}"
    assert_stopped_and_completed_on_restart(open_index, "build_fts")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=["SIGINT", "SIGTERM", "SIGKILL"])
def test_contexteer_index_stopped_during_the_fts_build_leaves_an_index_the_next_start_completes(repo, open_index, sig):
    make_repo(repo)
    proc = run_child(repo, "cli")
    wait_for_phase(proc)
    time.sleep(0.3)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert_no_crash(proc, err)
    if sig == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
    else:  # stopped at a safe point, with the shell's exit status for that signal and no traceback
        assert proc.returncode == 128 + sig, f"rc {proc.returncode}:\n{out}\n{err}"
        assert "Traceback" not in err and "the next `contexteer index` or server start resumes the build" in err, err
    assert_stopped_and_completed_on_restart(open_index, "build_fts")


def test_substring_search_stays_exact_when_files_change_while_the_fts_index_is_half_built(repo, open_index):
    n = 120
    make_repo(repo, n)
    idx = open_index(workers=1)
    idx.ensure_built(wait_seconds=INF)
    assert idx.wait_background(timeout=60)
    store = idx.store
    with store.write_lock:  # start the FTS index over and stop it after two batches of 50 symbols
        store.set_meta("fts_state", "")
    batches: list[int] = []
    assert not store.build_fts(batch=50, cancelled=lambda: len(batches) >= 2, progress=lambda d, t: batches.append(d))
    assert batches == [50, 100] and not store.fts_ready()
    # edits on both sides of the half-built part: a file indexed already (low ids), one not yet, a new and a gone file
    for i in (1, 100):
        path = write(repo, f"pkg{i % 10}/mod{i}.py", f"def renamed_thing_{i}():\n    pass\n")
        bump(path)
    write(repo, "pkg0/new.py", "def make_widget_7777():\n    pass\n")
    (repo / "pkg5/mod5.py").unlink()
    idx.ensure_fresh(["pkg1/mod1.py", "pkg0/mod100.py", "pkg0/new.py", "pkg5/mod5.py"])
    assert not store.fts_ready()
    expected = expected_paths("dget_", n) - {"pkg1/mod1.py", "pkg0/mod100.py", "pkg5/mod5.py"} | {"pkg0/new.py"}
    assert substring_paths(idx, "dget_") == expected  # answered without the partial FTS index
    assert store.build_fts(batch=50)  # resumes after the first 100 symbols
    assert store.fts_ready()
    assert substring_paths(idx, "dget_") == expected
    assert substring_paths(idx, "amed_thing_") == {"pkg1/mod1.py", "pkg0/mod100.py"}
    assert substring_paths(idx, "der_5") == expected_paths("der_5", n) - {"pkg5/mod5.py"}
    store.conn.execute("INSERT INTO symbols_fts(symbols_fts) VALUES ('integrity-check')")


def test_closing_the_index_while_another_thread_queries_it_ends_that_thread_with_a_clear_error(repo, open_index):
    make_repo(repo, 200)
    idx = open_index(workers=1)
    idx.ensure_built(wait_seconds=INF)
    assert idx.wait_background(timeout=60)
    errors: list[BaseException] = []
    answers = [0]
    started = threading.Event()

    def query() -> None:
        try:
            while True:
                idx.find_symbols("ender_1", match="prefix", limit=1000)  # LIKE: a scan each time
                idx.refresh(force=True)
                answers[0] += 1
                started.set()
        except BaseException as exc:  # noqa: BLE001 - the test inspects it
            errors.append(exc)

    worker = threading.Thread(target=query)
    worker.start()
    assert started.wait(30)
    idx.close()
    worker.join(30)
    assert not worker.is_alive() and answers[0] > 0
    [err] = errors
    assert isinstance(err, IndexError_) and "was closed" in str(err) and "open it again" in str(err), repr(err)


def test_closing_the_index_during_a_pool_build_returns_promptly_and_the_build_resumes(repo, open_index):
    make_repo(repo, 3000)
    idx = open_index(workers=2)
    idx.ensure_built(wait_seconds=0)
    deadline = time.monotonic() + 60
    while idx.status().files_done < 100 and time.monotonic() < deadline:
        time.sleep(0.02)
    started = time.monotonic()
    idx.close()
    assert time.monotonic() - started < 10
    again = open_index(workers=2)
    assert again.status().files_done < 3000, "the build must be stopped half-way for this test to mean anything"
    assert again.ensure_built(wait_seconds=INF).complete and again.stats()["symbols"] == 9000
    assert again.wait_background(timeout=60)
