"""A hand-broken topic file or checkpoint never breaks recall, list or read of the others (F8)."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from mcp import Client

from contexteer.errors import ConflictError
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.server.app import build_server

from .conftest import Clock, MakeService

BROKEN = {
    "no-header": ("a note written by hand\nsecond line\n", "no front matter"),
    "yaml-typo": ("---\nname: yaml-typo\ndescription: [unclosed\ntag: DECISION\n---\nbody of yaml-typo\n", "not valid YAML (line 4"),
    "deploy": ("---\nname: deploy\n<<<<<<< HEAD\ndescription: Deploy the API first\n=======\ndescription: Deploy the web first\n"
               ">>>>>>> feature\ntag: DECISION\n---\nOrder matters.\n", "git merge-conflict markers"),
}


def _write_broken(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, (text, _) in BROKEN.items():
        (folder / f"{name}.md").write_text(text)


@pytest.fixture
def broken_service(make_service: MakeService, session: SessionMemory) -> MemoryService:
    svc = make_service()
    svc.save(session, name="good", content="We use Postgres.", tag="DECISION", description="Database is Postgres")
    _write_broken(svc.store.dir)
    return svc


def test_recall_skips_unparsable_topic_files_with_one_line_each(broken_service: MemoryService) -> None:
    text = broken_service.recall(SessionMemory()).text
    assert "We use Postgres." in text  # the register still works
    for name, (_, why) in BROKEN.items():
        line = next(ln for ln in text.splitlines() if ln.startswith(f"Warning: skipped {name}.md:"))
        assert why in line and "Fix it by hand" in line and f"action='read' name='{name}'" in line
    assert "save the entry again" not in text and "^" not in text


def test_read_shows_the_raw_text_of_an_unparsable_entry_with_a_warning(broken_service: MemoryService) -> None:
    text = broken_service.read(SessionMemory(), name="no-header").text
    assert text.startswith("Warning: no-header.md cannot be parsed (no front matter")
    assert "a note written by hand\nsecond line" in text and "Fix the file by hand" in text
    conflict = broken_service.read(SessionMemory(), name="deploy").text
    assert "Deploy the web first" in conflict and "merge-conflict markers" in conflict


def test_index_and_list_give_unparsable_entries_a_one_line_placeholder(broken_service: MemoryService,
                                                                      make_service: MakeService) -> None:
    restarted = make_service()  # the startup check indexes them
    assert restarted.store.repair_report is not None and restarted.store.repair_report.unreadable == sorted(BROKEN)
    index = (broken_service.store.dir / "MEMORY.md").read_text()
    listed = broken_service.list_entries(SessionMemory()).text
    for name in BROKEN:
        for text in (index, listed):
            line = next(ln for ln in text.splitlines() if ln.startswith(f"- [{name}]"))
            assert f"(unreadable header — fix {name}.md by hand)" in line
    assert "while scanning" not in index and "^" not in index and len(index.splitlines()) == 4 + 4
    assert "4 entries" in listed


def test_save_over_an_unparsable_entry_is_refused_and_keeps_its_text(broken_service: MemoryService) -> None:
    with pytest.raises(ConflictError) as exc:
        broken_service.save(SessionMemory(), name="no-header", content="replacement", tag="DECISION")
    assert "Fix no-header.md by hand" in str(exc.value) and "another name" in str(exc.value)
    assert (broken_service.store.dir / "no-header.md").read_text() == BROKEN["no-header"][0]


def test_recall_through_the_real_server_survives_a_merge_conflict(ws_loaded) -> None:
    ws, loaded = ws_loaded
    server = build_server(ws, loaded)

    async def main() -> None:
        async with Client(server) as client:
            res = await client.call_tool("memory", {"action": "save", "name": "good", "content": "We use Postgres.",
                                                    "tag": "DECISION", "description": "Database is Postgres"})
            assert not res.is_error
            folder = ws.data_dir / "memory"
            _write_broken(folder)
            res = await client.call_tool("memory", {"action": "recall"})
            text = "\n".join(getattr(c, "text", "") for c in res.content)
            assert not res.is_error and "We use Postgres." in text and "Warning: skipped deploy.md" in text

    anyio.run(main)


def test_latest_checkpoint_is_the_newest_readable_one(service: MemoryService, session, clock: Clock) -> None:
    good = service.checkpoint_save(session, label="good", summary="Where we are.").names[0]
    bad = service.checkpoints.dir / "20991231T235959Z-broken-0000.json"
    bad.write_text("{not json")
    loaded = service.checkpoint_load(session, cid="latest")
    assert loaded.names == [good]
    assert "1 checkpoint file(s) newer than this one cannot be read and were skipped: 20991231T235959Z-broken-0000" in loaded.text
    assert f"Newest checkpoint: {good} — good" in service.list_entries(session).text
    listing = service.checkpoint_list(session).text
    assert "cannot be read and were skipped: 20991231T235959Z-broken-0000" in listing and good in listing
