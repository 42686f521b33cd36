"""Messages a person or an agent acts on: CLI wording, the real argument names, what a save changed (F6, F7, N6-N8)."""

from __future__ import annotations

import io

import pytest

from contexteer.errors import ConflictError, InputError
from contexteer.memory import entries as E
from contexteer.memory.service import MemoryService
from contexteer.server.cli import build_parser
from contexteer.server.cli.memory import run_memory_command


def _run(ws_loaded, *argv: str) -> tuple[int, str]:
    ws, loaded = ws_loaded
    args = build_parser().parse_args(["memory", "--root", str(ws.root), *argv])
    out, err = io.StringIO(), io.StringIO()
    code = run_memory_command(args, ws, loaded.settings, out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def test_cli_output_uses_cli_wording_not_tool_syntax(ws_loaded, service: MemoryService, session) -> None:
    service.save(session, name="py311", content="Python 3.11", tag="DECISION", description="d")
    service.save(session, name="old", content="obsolete", tag="HISTORY", description="o")
    service.save(session, name="old", content="obsolete, changed")  # previous version goes to the trash
    outputs = {argv: _run(ws_loaded, *argv) for argv in (
        ("list",), ("show", "nope"), ("show", "py31"), ("delete", "old"), ("trash",), ("purge",), ("restore", "old", "--as", "../etc"),
        ("restore", "old", "--as", "py311"), ("restore", "nothing-here"), ("list", "--status", "deleted"), ("checkpoints",))}
    for argv, (_, text) in outputs.items():
        assert "action=" not in text and "confirm=true" not in text and "new_name" not in text, (argv, text)
    assert "`contexteer memory list`" in outputs[("show", "nope")][1]
    assert "`contexteer memory restore NAME`, delete for good with `contexteer memory purge --yes`" in outputs[("trash",)][1]
    assert "--as '../etc' contains" in outputs[("restore", "old", "--as", "../etc")][1]
    assert "--as 'py311' is taken too" in outputs[("restore", "old", "--as", "py311")][1]


def test_list_with_a_bad_status_mentions_the_trash(service: MemoryService, session) -> None:
    with pytest.raises(InputError) as exc:
        service.list_entries(session, status="deleted")
    assert "active, verified, stale, trash" in str(exc.value) and "status='trash'" in str(exc.value)


def test_restore_with_a_taken_new_name_says_new_name_is_taken(service: MemoryService, session) -> None:
    service.save(session, name="py311", content="Python 3.11", tag="DECISION", description="d")
    service.save(session, name="while-ignored", content="x", tag="NOISE", description="d")
    service.delete(session, names=["while-ignored"])
    with pytest.raises(ConflictError) as exc:
        service.restore(session, name="while-ignored", new_name="py311")
    assert "new_name 'py311' is taken too" in str(exc.value) and "Choose another new_name" in str(exc.value)
    assert "Pass new_name=" not in str(exc.value)


def test_checkpoint_errors_name_the_content_argument(service: MemoryService, session) -> None:
    with pytest.raises(InputError) as exc:
        service.checkpoint_save(session, label="big", summary="x" * 5000)
    assert str(exc.value).startswith("content (the summary) is 5000 characters; the limit is 4000")


def test_save_says_when_it_shortened_the_description(service: MemoryService, session) -> None:
    ans = service.save(session, name="long", content="body", tag="NOISE", description="word " * 1000)
    stored = service.store.get("long").header.description
    assert len(stored) == E.DESCRIPTION_MAX and f"The description was shortened to {E.DESCRIPTION_MAX} characters" in ans.text
    assert "shortened" not in service.save(session, name="short", content="body", tag="NOISE", description="fine").text


@pytest.mark.parametrize("name", ["COM1", "com9", "LPT1", "lpt9.md"])
def test_windows_device_names_are_reserved(service: MemoryService, session, name: str) -> None:
    with pytest.raises(InputError) as exc:
        service.save(session, name=name, content="x", tag="NOISE")
    assert "is reserved" in str(exc.value)


def test_purge_and_restore_tell_versions_of_one_name_apart(service: MemoryService, session, clock) -> None:
    for body in ("first", "second"):
        service.save(session, name="dup", content=body, tag="NOISE", description="d")
        service.delete(session, names=["dup"])
        clock.advance(days=1)
    text = service.purge(session).text
    assert "dup (deleted 2026-01-02T12:00:00.000Z), dup (deleted 2026-01-01T12:00:00.000Z)" in text
    ans = service.restore(session, name="dup")
    assert "the version deleted at 2026-01-02T12:00:00.000Z; 1 older version stays in the trash" in ans.text
    assert service.store.get("dup").body.strip() == "second"
