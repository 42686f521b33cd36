"""Memory `read` and `recall` work on a full disk (issue 18, low): they rewrite `.access.json` to count the read,
and a failed write failed the read. Now the count is best effort. The disk is filled for a child process with
RLIMIT_FSIZE (every write that extends a file fails, as on a full disk) so nothing else in the test run is affected."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

resource = pytest.importorskip("resource", reason="RLIMIT_FSIZE needs the POSIX resource module")

CHILD = r"""
import json, resource, signal, sys
from pathlib import Path
from tests.conftest import make_workspace
from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService

root = Path(sys.argv[1])
ws, loaded = make_workspace(root, **{"memory.location": "repo"})
svc = MemoryService(memory_path(ws), loaded.settings)
svc.save(SessionMemory(), name="deploys", content="Deploys go through CI only.", tag="DECISION")
svc = MemoryService(memory_path(ws), loaded.settings)  # as after a restart: nothing cached
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead of killing us
resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
out = {}
for action, call in (("read", lambda: svc.read(SessionMemory(), name="deploys")),
                     ("recall", lambda: svc.recall(SessionMemory(), query="deploys"))):
    try:
        out[action] = call().text
    except Exception as exc:
        out[action] = f"FAILED {type(exc).__name__}: {exc}"
print(json.dumps(out))
"""


def test_memory_read_and_recall_answer_when_the_access_counts_cannot_be_written(tmp_path: Path):
    root = tmp_path / "proj"
    root.mkdir()
    repo = Path(__file__).resolve().parents[2]
    env = {"CONTEXTEER_DATA_DIR": str(tmp_path / "data"), "CONTEXTEER_CONFIG_HOME": str(tmp_path / "cfg"),
           "PYTHONPATH": str(repo), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(root)], capture_output=True, text=True, env=env,
                          cwd=repo, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for action in ("read", "recall"):
        assert "Deploys go through CI only." in out[action], out[action]
    assert not (root / ".contexteer" / "memory" / ".access.json").exists()  # the count really could not be written
