"""A build killed with SIGKILL half-way, two processes building at once, and answers from a partial index."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.indexers.conftest import write

INF = float("inf")
N_FILES = 1500
ROOT = Path(__file__).resolve().parents[2]

BUILDER = """
import sys
from contexteer.config import Settings
from contexteer.indexers.index import StructureIndex
from contexteer.workspace import Workspace
if __name__ == "__main__":
    s = Settings()
    s.index.workers = int(sys.argv[2])
    with StructureIndex(Workspace(sys.argv[1], s)) as idx:
        st = idx.ensure_built(wait_seconds=float("inf"))
        print("done", st.complete, idx.stats()["symbols"], flush=True)
"""


def make_repo(root: Path, n: int = N_FILES) -> None:
    for i in range(n):
        write(root, f"pkg{i % 20}/mod{i}.py", f"class C{i}:\n    def method{i}(self):\n        return {i}\n\n\ndef func{i}():\n    return C{i}()\n")


def run_builder(root: Path, workers: int = 1) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", BUILDER, str(root), str(workers)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def db_path(open_index) -> Path:
    idx = open_index()
    path = idx.store.path
    idx.close()
    return path


def count_files(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT count(*) FROM files").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_build_killed_half_way_is_completed_on_restart(repo, open_index):
    make_repo(repo)
    db = db_path(open_index)
    proc = run_builder(repo)
    deadline = time.monotonic() + 60
    while count_files(db) < 200 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_before = count_files(db)
    assert 0 < done_before < N_FILES, "the build must be killed half-way for this test to mean anything"
    idx = open_index()
    assert not idx.status().complete
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    status = idx.ensure_built(wait_seconds=INF)
    assert status.complete and status.files_done == N_FILES
    assert idx.stats()["symbols"] == 3 * N_FILES
    assert len(idx.symbols_named("method777")) == 1  # no duplicates from the interrupted batch
    assert idx.find_symbols("ethod77", match="substring", limit=100)  # FTS built at the end


def test_two_processes_building_at_once_leave_one_consistent_index(repo, open_index):
    make_repo(repo, 600)
    db = db_path(open_index)
    procs = [run_builder(repo, 1), run_builder(repo, 1)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert all(o[0].startswith("done True 1800") for o in outs), outs
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM files").fetchone()[0] == 600


def test_first_query_answers_from_a_partial_index_with_a_note(repo, open_index):
    make_repo(repo, 400)
    idx = open_index(workers=1)
    seen: list[tuple[int, int]] = []
    status = idx.ensure_built(wait_seconds=0, progress=lambda d, t: seen.append((d, t)))
    # (a build still listing its files says so: "index build starting", never "100% built (0/0 files)")
    assert not status.complete and ("% built" in status.note() or "index build starting" in status.note()), status.note()
    assert "(0/0 files)" not in status.note()
    idx.find_symbols("func1", match="prefix")  # answers (possibly partial) while the build runs
    final = idx.ensure_built(wait_seconds=INF)
    assert final.complete and final.files_done == 400 and final.note() is None


def test_progress_callback_reports_files_done_and_total(repo, open_index):
    make_repo(repo, 100)
    idx = open_index(workers=2)
    seen: list[tuple[int, int]] = []
    idx.ensure_built(wait_seconds=INF, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (100, 100) and all(t == 100 for _d, t in seen)


def test_a_writer_in_another_process_makes_refresh_skip_not_block(repo, open_index):
    write(repo, "a.py", "def alpha():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    helper = subprocess.Popen(
        [sys.executable, "-c", "import filelock,sys,time; l=filelock.FileLock(sys.argv[1]); l.acquire(); print('held', flush=True); time.sleep(30)",
         str(idx.ws.storage("index.lock"))], stdout=subprocess.PIPE, text=True)
    try:
        assert helper.stdout.readline().strip() == "held"
        report = idx.refresh(force=True)
        assert report.skipped and "another process" in report.reason
        assert idx.symbols_named("alpha")  # reads still answer
    finally:
        helper.kill()
        helper.wait()


def test_concurrent_first_queries_start_a_single_build(repo, open_index):
    import threading

    make_repo(repo, 200)
    idx = open_index(workers=1)
    threads_seen: set[int] = set()
    results: list = []

    def query() -> None:
        results.append(idx.ensure_built(wait_seconds=INF))
        threads_seen.add(id(idx._build_thread))

    workers = [threading.Thread(target=query) for _ in range(4)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    assert len(threads_seen) == 1 and all(r.complete for r in results)
    assert idx.stats()["symbols"] == 600


def test_closing_during_a_build_leaves_it_incomplete_and_resumable(repo, open_index):
    make_repo(repo, 600)
    idx = open_index(workers=1)
    idx.ensure_built(wait_seconds=0)
    idx.close()
    again = open_index(workers=1)
    assert not again.status().complete and again.status().files_done < 600
    assert again.ensure_built(wait_seconds=INF).complete and again.stats()["symbols"] == 1800


def test_a_build_with_every_file_parsed_says_it_is_finishing_not_that_the_answer_is_partial():
    from contexteer.indexers.model import BuildStatus

    note = BuildStatus(complete=False, files_total=2870, files_done=2870).note()
    assert note is not None and note.startswith("index finishing: all 2870 files parsed") and "% built" not in note
    assert "43% built (780/1812 files)" in (BuildStatus(False, 1812, 780).note() or "")
    assert BuildStatus(True, 2870, 2870).note() is None
