"""An imported checkpoint passes the checks a saved one does (issue 18, low): an archive could carry a 100k-character
summary, `files: ["../../etc/shadow"]`, unknown keys or a label of many lines, and import wrote them as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from contexteer.errors import InputError
from contexteer.memory.archive import import_archive
from contexteer.memory.checkpoints import MAX_SUMMARY_CHARS, Checkpoints
from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.memory.store import MemoryStore
from tests.conftest import make_workspace

GOOD: dict[str, Any] = {
    "schemaVersion": 1, "id": "20260101T120000Z-cp-ab12", "label": "half done", "createdAt": "2026-01-01T12:00:00.000Z",
    "summary": "Where the work stands.", "decisions": ["sessions"], "files": ["src/auth.py"], "next_steps": ["logout"],
    "serverVersion": "0.1.0", "settings": {"memory": {"location": "data"}},
}

BAD = {
    "a 100k-character summary": {"summary": "x" * 100_000},
    "a file outside the root": {"files": ["../../etc/shadow"]},
    "an absolute file": {"files": ["/etc/shadow"]},
    "a home-relative file": {"files": ["~/.ssh/id_rsa"]},
    "a Windows drive path": {"files": ["C:\\Windows\\system.ini"]},
    "a label of many lines": {"label": "one\ntwo\nthree"},
    "a 1000-character label": {"label": "l" * 1000},
    "an unknown key": {"run": "rm -rf /"},
    "51 decisions": {"decisions": [f"d{i}" for i in range(51)]},
    "a 10k-character item": {"next_steps": ["s" * 10_000]},
    "items that are not strings": {"decisions": [{"nested": True}]},
    "a createdAt that is not a time": {"createdAt": "yesterday"},
    "huge settings": {"settings": {"k": "v" * 100_000}},
}


def _archive(tmp_path: Path, cp: dict[str, Any]) -> Path:
    path = tmp_path / "archive.json"
    path.write_bytes(orjson.dumps({"format": "contexteer-memory", "schemaVersion": 1, "entries": [], "checkpoints": [cp]}))
    return path


@pytest.mark.parametrize("problem", list(BAD))
def test_an_imported_checkpoint_with_content_a_save_would_refuse_is_refused(tmp_path: Path, problem: str):
    store = MemoryStore(tmp_path / "memory")
    cps = Checkpoints(store.dir, lock=store.lock)
    with pytest.raises(InputError) as exc:
        import_archive(store, cps, _archive(tmp_path, {**GOOD, **BAD[problem]}))
    assert "archive refused, nothing was imported" in str(exc.value) and GOOD["id"] in str(exc.value)
    assert cps.ids() == [] and not (tmp_path / "memory" / "checkpoints").exists()


def test_a_well_formed_checkpoint_is_still_imported(tmp_path: Path):
    store = MemoryStore(tmp_path / "memory")
    cps = Checkpoints(store.dir, lock=store.lock)
    assert import_archive(store, cps, _archive(tmp_path, GOOD)).checkpoints == 1
    assert cps.load(GOOD["id"]).data["files"] == ["src/auth.py"]


def test_a_saved_checkpoint_refuses_files_outside_the_root_the_same_way(tmp_path: Path):
    root = tmp_path / "proj"
    root.mkdir()
    ws, loaded = make_workspace(root)
    svc = MemoryService(memory_path(ws), loaded.settings)
    with pytest.raises(InputError, match="not a path relative to the workspace root"):
        svc.checkpoint_save(SessionMemory(), label="cp", summary="s", files=["../../etc/shadow"])
    with pytest.raises(InputError, match=f"limit is {MAX_SUMMARY_CHARS}"):
        svc.checkpoint_save(SessionMemory(), label="cp", summary="x" * 100_000)
