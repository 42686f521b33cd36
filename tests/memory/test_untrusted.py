"""A memory folder from an untrusted clone: symlinks in it are never read, indexed, written or purged through (F9)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import anyio
import pytest
from mcp import Client

from contexteer.errors import StorageError
from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.server.app import build_server
from tests.conftest import make_workspace

from .conftest import Clock

LEAK = "---\nname: leak\ndescription: outside file\ntag: DECISION\nsource: agent\n---\nTOP-SECRET-OUTSIDE-TEXT\n"


@pytest.fixture(params=["repo", "data"])
def folder(request: pytest.FixtureRequest, mem_root: Path) -> tuple[Path, str]:
    ws, _ = make_workspace(mem_root, **{"memory.location": request.param})
    path = memory_path(ws)
    path.mkdir(parents=True)
    return path, request.param


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    out = tmp_path / "outside"
    (out / "trash").mkdir(parents=True)
    (out / "leak.md").write_text(LEAK)
    (out / "trash" / "README.md").write_text("# my personal notes\n")
    (out / "trash" / "note--20260101T120000000.md").write_text(LEAK)  # even a valid entry behind a link is off limits
    return out


def _service(mem_root: Path, location: str, clock: Clock) -> MemoryService:
    ws, loaded = make_workspace(mem_root, **{"memory.location": location})
    return MemoryService(memory_path(ws), loaded.settings, clock=clock)


def test_a_symlinked_topic_file_is_never_read_listed_recalled_or_indexed(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    (path / "leak.md").symlink_to(outside / "leak.md")
    svc = _service(mem_root, loc, clock)
    session = SessionMemory()
    svc.save(session, name="mine", content="my note", tag="DECISION", description="m")
    recall = svc.recall(session).text
    assert "TOP-SECRET-OUTSIDE-TEXT" not in recall and "mine" in recall
    assert "skipped 1 symlink(s) in the memory folder (leak.md)" in recall
    listed = svc.list_entries(session).text
    assert "leak" not in listed.split("symlink(s)")[-1].split("\n", 1)[-1] and "1 entry" in listed
    with pytest.raises(StorageError) as exc:
        svc.read(session, name="leak")
    assert "symlink" in str(exc.value) and "TOP-SECRET" not in str(exc.value)
    assert "leak" not in (path / "MEMORY.md").read_text()
    with pytest.raises(StorageError):  # never written through either
        svc.save(session, name="leak", content="overwrite", tag="DECISION", description="x")
    assert (outside / "leak.md").read_text() == LEAK


def test_startup_repair_does_not_index_a_symlinked_topic(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    (path / "leak.md").symlink_to(outside / "leak.md")
    svc = _service(mem_root, loc, clock)
    report = svc.store.repair_report
    assert report is not None and report.links == ["leak.md"] and report.added == []
    assert not (path / "MEMORY.md").exists() or "leak" not in (path / "MEMORY.md").read_text()


def test_delete_refuses_a_trash_folder_that_is_a_symlink(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    (path / "trash").symlink_to(outside / "trash", target_is_directory=True)
    svc = _service(mem_root, loc, clock)
    session = SessionMemory()
    svc.save(session, name="mine", content="my note", tag="DECISION", description="m")
    before = sorted(os.listdir(outside / "trash"))
    with pytest.raises(StorageError) as exc:
        svc.delete(session, names=["mine"])
    assert "'trash' in the memory folder" in str(exc.value) and "symlink" in str(exc.value)
    assert svc.store.exists("mine") and sorted(os.listdir(outside / "trash")) == before


def test_purge_never_deletes_through_a_trash_symlink(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    (path / "trash").symlink_to(outside / "trash", target_is_directory=True)
    svc = _service(mem_root, loc, clock)
    session = SessionMemory()
    assert "would delete 0 trashed entries" in svc.purge(session).text
    assert svc.purge(session, confirm=True).names == []
    assert sorted(os.listdir(outside / "trash")) == ["README.md", "note--20260101T120000000.md"]


def test_purge_only_counts_real_entries_in_a_real_trash(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    svc = _service(mem_root, loc, clock)
    session = SessionMemory()
    svc.save(session, name="old", content="obsolete", tag="HISTORY", description="o")
    svc.delete(session, names=["old"])
    (path / "trash" / "README.md").write_text("# not an entry\n")
    (path / "trash" / "link--20260101T120000000.md").symlink_to(outside / "leak.md")
    assert "would delete 1 trashed entry for good (old)" in svc.purge(session).text
    assert svc.purge(session, confirm=True).names == ["old"]
    assert (path / "trash" / "README.md").exists() and (outside / "leak.md").read_text() == LEAK
    assert "TOP-SECRET" not in svc.list_entries(session, status="trash").text


def test_symlinked_checkpoints_folder_is_neither_read_nor_written(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    cps = outside / "cps"
    cps.mkdir()
    (cps / "20260101T120000Z-x-abcd.json").write_text('{"id": "20260101T120000Z-x-abcd", "label": "outside", "summary": "OUTSIDE"}')
    (path / "checkpoints").symlink_to(cps, target_is_directory=True)
    svc = _service(mem_root, loc, clock)
    session = SessionMemory()
    assert svc.checkpoint_list(session).count == 0
    with pytest.raises(StorageError):
        svc.checkpoint_save(session, label="here", summary="where we are")
    assert os.listdir(cps) == ["20260101T120000Z-x-abcd.json"]


def test_a_symlinked_index_lock_or_access_file_is_never_written_through(folder, outside: Path, mem_root, clock) -> None:
    path, loc = folder
    victim = outside / "victim.txt"
    victim.write_text("precious\n")
    os.chmod(victim, 0o644)
    for n in ("MEMORY.md", ".lock", ".access.json"):
        (path / n).symlink_to(victim)
    svc = _service(mem_root, loc, clock)
    session = SessionMemory()
    svc.save(session, name="mine", content="my note", tag="DECISION", description="m")
    svc.recall(session)
    assert victim.read_text() == "precious\n" and stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert not (path / "MEMORY.md").is_symlink() and "mine" in (path / "MEMORY.md").read_text()


def test_repo_memory_folder_that_is_a_symlink_is_refused(mem_root: Path, outside: Path) -> None:
    (mem_root / ".contexteer").symlink_to(outside, target_is_directory=True)
    ws, _ = make_workspace(mem_root, **{"memory.location": "repo"})
    with pytest.raises(StorageError) as exc:
        memory_path(ws)
    assert "symlink" in str(exc.value) and "memory.location=data" in str(exc.value)


def test_through_the_server_a_cloned_repo_cannot_leak_or_redirect_memory(mem_root: Path, outside: Path) -> None:
    folder = mem_root / ".contexteer" / "memory"
    folder.mkdir(parents=True)
    (folder / "leak.md").symlink_to(outside / "leak.md")
    (folder / "trash").symlink_to(outside / "trash", target_is_directory=True)
    ws, loaded = make_workspace(mem_root, **{"memory.location": "repo"})
    server = build_server(ws, loaded)

    async def main() -> list[str]:
        texts = []
        async with Client(server) as client:
            for args in ({"action": "recall"}, {"action": "read", "name": "leak"}, {"action": "list", "status": "trash"},
                         {"action": "purge", "confirm": True}):
                res = await client.call_tool("memory", args)
                texts.append("\n".join(getattr(c, "text", "") for c in res.content))
            index = await client.read_resource("memory://index")
            texts.append("\n".join(getattr(c, "text", "") for c in index.contents))
        return texts

    texts = anyio.run(main)
    assert all("TOP-SECRET-OUTSIDE-TEXT" not in t for t in texts)
    assert "skipped 2 symlink(s) in the memory folder (leak.md, trash/)" in texts[0]
    assert "is a symlink" in texts[1] and "Purged 0 trashed entries" in texts[3]
    assert sorted(os.listdir(outside / "trash")) == ["README.md", "note--20260101T120000000.md"]
