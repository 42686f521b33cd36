"""No process outlives a killed server (issue 18, the Low list): after `kill -9` during a cold build, the parser pool's
workers, the forkserver and the resource tracker stayed behind for good (each worker holds the write end of its own
task queue, and the forkserver and tracker wait for their clients)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CONTEXTEER = str(Path(sys.executable).parent / "contexteer")


def _group(pgid: int) -> list[str]:
    out = subprocess.run(["ps", "-o", "pid=,args=", "-g", str(pgid)], capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and ps -g as on Linux")
@pytest.mark.timeout(120)
def test_no_pool_or_forkserver_process_outlives_a_server_killed_during_a_build(tmp_path: Path):
    root = tmp_path / "repo"
    for i in range(1500):
        d = root / f"pkg{i % 30}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"m{i}.py").write_text("".join(f"def f{j}(x):\n    return x + {j}\n\n" for j in range(40)))
    env = {**os.environ, "CONTEXTEER_INDEX__WORKERS": "2"}
    proc = subprocess.Popen([CONTEXTEER, "index", "--root", str(root)], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not any("forkserver" in p for p in _group(proc.pid)):  # the pool is running
            assert proc.poll() is None, "the build ended before its pool could be seen"
            assert time.monotonic() < deadline, "no pool process appeared within 60 s"
            time.sleep(0.05)
        time.sleep(0.3)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 15
        while _group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _group(proc.pid) == []
    finally:
        for line in _group(proc.pid):
            try:
                os.kill(int(line.split()[0]), signal.SIGKILL)
            except ProcessLookupError:
                pass
