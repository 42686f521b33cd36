"""Concurrent writers lose nothing; a process killed in the middle of a save leaves the old or the new entry."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from contexteer.memory.entries import parse
from contexteer.memory.store import MemoryStore

WRITER = """
import sys
from pathlib import Path
from contexteer.memory.store import MemoryStore
store = MemoryStore(Path(sys.argv[1]))
who, n = sys.argv[2], int(sys.argv[3])
for i in range(n):
    store.save(f"{who}-{i:03d}", f"entry {i} from {who}", tag="HISTORY", description=f"{who} number {i}")
    if i % 10 == 0:
        store.save("shared", f"last write by {who} #{i}", tag="HISTORY", description="written by both")
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2]) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_two_processes_saving_200_entries_each_lose_nothing(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(mem), who, "200"], env=_env(), stderr=subprocess.PIPE)
             for who in ("p1", "p2")]
    for p in procs:
        _, err = p.communicate(timeout=240)
        assert p.returncode == 0, err.decode()
    store = MemoryStore(mem)
    assert store.repair_report is None  # the index written last matches the topics: nothing to repair
    names = {h.name for h in store.headers()}
    expected = {f"{w}-{i:03d}" for w in ("p1", "p2") for i in range(200)} | {"shared"}
    assert names == expected
    index = (mem / "MEMORY.md").read_text()
    assert sum(1 for ln in index.splitlines() if ln.startswith("- [")) == 200  # capped, none torn
    assert "201 more entries not listed" in index
    for w in ("p1", "p2"):
        assert store.get(f"{w}-199").body.strip() == f"entry 199 from {w}"
    assert not list(mem.glob(".tmp-*"))


def _wait_for(marker: Path, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert proc.poll() is None, "the writer exited before reaching the pause point"
        assert time.monotonic() < deadline, "the writer never reached the pause point"
        time.sleep(0.02)


KILLED = """
import sys
from pathlib import Path
from contexteer.memory.store import MemoryStore
store = MemoryStore(Path(sys.argv[1]))
store.save("plan", "NEW plan body", tag="DECISION", description="the plan")
"""


def test_kill_9_in_the_middle_of_a_save_leaves_the_old_entry(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    MemoryStore(mem).save("plan", "OLD plan body", tag="DECISION", description="the plan")
    env = _env()
    env["CONTEXTEER_MEMORY_TEST_PAUSE"] = "30"
    env["CONTEXTEER_MEMORY_TEST_PAUSE_ON"] = "plan.md"
    proc = subprocess.Popen([sys.executable, "-c", KILLED, str(mem)], env=env)
    marker = mem / ".paused-plan.md"
    try:
        _wait_for(marker, proc)
        assert list(mem.glob(".tmp-*.part"))  # the new version is fully written to a temp file, not yet in place
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    marker.unlink()

    store = MemoryStore(mem)
    entry = parse((mem / "plan.md").read_text(), file_stem="plan")
    assert entry.body.strip() == "OLD plan body"
    assert store.get("plan").header.description == "the plan"
    assert not list(mem.glob(".tmp-*"))  # the half-done write was swept at startup
    assert store.repair_report is not None and store.repair_report.temps


def test_kill_9_between_topic_and_index_is_repaired_at_startup(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    MemoryStore(mem).save("plan", "OLD", tag="DECISION", description="the plan")
    env = _env()
    env["CONTEXTEER_MEMORY_TEST_PAUSE"] = "30"
    env["CONTEXTEER_MEMORY_TEST_PAUSE_ON"] = "MEMORY.md"
    script = KILLED.replace('store.save("plan", "NEW plan body"', 'store.save("newer", "NEW body"')
    proc = subprocess.Popen([sys.executable, "-c", script, str(mem)], env=env)
    try:
        _wait_for(mem / ".paused-MEMORY.md", proc)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    (mem / ".paused-MEMORY.md").unlink()
    assert "[newer]" not in (mem / "MEMORY.md").read_text()
    store = MemoryStore(mem)
    assert store.repair_report is not None and store.repair_report.added == ["newer"]
    assert "[newer](newer.md)" in (mem / "MEMORY.md").read_text()
    assert store.get("newer").body.strip() == "NEW body"
