"""`contexteer memory ...` as a user runs it: list, show, trash, restore, purge, export, import."""

from __future__ import annotations

import io
from pathlib import Path

from contexteer.server.cli import build_parser
from contexteer.server.cli.memory import run_memory_command


def _run(ws_loaded, *argv: str) -> tuple[int, str, str]:
    ws, loaded = ws_loaded
    args = build_parser().parse_args(["memory", "--root", str(ws.root), *argv])
    out, err = io.StringIO(), io.StringIO()
    code = run_memory_command(args, ws, loaded.settings, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_cli_list_show_trash_restore_purge(ws_loaded, service, session) -> None:
    service.save(session, name="auth", content="Sessions, not JWT.", tag="DECISION", description="Auth uses sessions")
    service.save(session, name="old-note", content="obsolete", tag="HISTORY", description="an old note")
    code, out, _ = _run(ws_loaded, "list")
    assert code == 0 and "- [auth](auth.md) — Auth uses sessions (DECISION" in out and "Sessions, not JWT." not in out
    code, out, _ = _run(ws_loaded, "show", "auth")
    assert code == 0 and "Sessions, not JWT." in out and "createdAt: " in out
    assert _run(ws_loaded, "delete", "old-note")[0] == 0
    code, out, _ = _run(ws_loaded, "trash")
    assert "- old-note (HISTORY) — an old note — deleted" in out
    code, out, _ = _run(ws_loaded, "purge")
    assert code == 0 and "would delete 1 trashed entry" in out and "--yes" in out
    assert _run(ws_loaded, "restore", "old-note")[0] == 0
    assert _run(ws_loaded, "delete", "old-note")[0] == 0
    code, out, _ = _run(ws_loaded, "purge", "--yes")
    assert code == 0 and "Purged 1 trashed entry for good: old-note. 0 remain in the trash." in out
    code, _, err = _run(ws_loaded, "show", "nope")
    assert code == 1 and "no memory entry named 'nope'" in err


def test_cli_export_then_import(ws_loaded, service, session, tmp_path: Path) -> None:
    service.save(session, name="auth", content="Sessions.", tag="DECISION")
    archive = tmp_path / "m.json"
    code, out, _ = _run(ws_loaded, "export", str(archive))
    assert code == 0 and "exported 1 entries and 0 checkpoints" in out
    _run(ws_loaded, "delete", "auth")
    code, out, _ = _run(ws_loaded, "import", str(archive))
    assert code == 0 and "imported 1 entries" in out
    assert service.store.get("auth").body.strip() == "Sessions."
    code, out, _ = _run(ws_loaded, "import", str(archive))
    assert "skipped 1 existing (auth; use --on-conflict)" in out
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "contexteer-memory", "schemaVersion": 1, "entries": [{"file": "../x.md", "header": {"name": "x", "tag": "DECISION"}, "body": ""}]}')
    code, _, err = _run(ws_loaded, "import", str(bad))
    assert code == 1 and "unsafe file path '../x.md'" in err


def test_cli_export_refuses_an_existing_file_unless_forced(ws_loaded, service, session, tmp_path: Path) -> None:
    service.save(session, name="auth", content="Sessions.", tag="DECISION")
    precious = tmp_path / "existing.txt"
    precious.write_text("precious user file\n")
    code, out, err = _run(ws_loaded, "export", str(precious))
    assert code == 1 and "already exists" in err and "--force" in err
    assert precious.read_text() == "precious user file\n"
    code, out, _ = _run(ws_loaded, "export", str(precious), "--force")
    assert code == 0 and '"contexteer-memory"' in precious.read_text()


def test_cli_export_refuses_a_missing_directory_and_creates_none(ws_loaded, service, session, tmp_path: Path) -> None:
    service.save(session, name="auth", content="Sessions.", tag="DECISION")
    code, _, err = _run(ws_loaded, "export", str(tmp_path / "nonexistent-dir" / "x.json"))
    assert code == 1 and f"directory {tmp_path / 'nonexistent-dir'} does not exist" in err
    assert not (tmp_path / "nonexistent-dir").exists()


def test_cli_export_names_unreadable_entries_fails_and_says_the_trash_is_not_included(ws_loaded, service, session,
                                                                                       tmp_path: Path) -> None:
    service.save(session, name="good", content="Sessions.", tag="DECISION")
    service.save(session, name="gone", content="old", tag="HISTORY")
    service.delete(session, names=["gone"])
    (service.store.dir / "handnote.md").write_text("a note\n")
    archive = tmp_path / "m.json"
    code, out, _ = _run(ws_loaded, "export", str(archive))
    assert code == 1
    assert "exported 1 entries and 0 checkpoints" in out and "The trash (1 entry) is not included" in out
    assert "NOT exported: 1 that cannot be read: handnote (no front matter" in out
    assert '"good.md"' in archive.read_text() and "handnote" not in archive.read_text()


def test_cli_show_prints_the_raw_text_of_an_unparsable_entry(ws_loaded, service, session) -> None:
    service.save(session, name="good", content="Sessions.", tag="DECISION")
    (service.store.dir / "handnote.md").write_text("a note\nby hand\n")
    code, out, _ = _run(ws_loaded, "show", "handnote")
    assert code == 0 and "cannot be parsed (no front matter" in out and out.endswith("a note\nby hand\n")


def test_list_too_long_for_one_answer_points_to_the_cli_which_lists_all(ws_loaded, make_service, session) -> None:
    svc = make_service(**{"context_mode_mcp.max_digest_threshold": 400, "context_mode_mcp.max_direct_passthrough": 200})
    for i in range(30):
        svc.save(session, name=f"entry-{i:02d}", content="x", tag="REFERENCE", description=f"entry number {i}")
    text = svc.list_entries(session).text
    assert "more not shown" in text and "`contexteer memory list`" in text
    code, out, _ = _run(ws_loaded, "list")
    assert code == 0 and all(f"[entry-{i:02d}]" in out for i in range(30)) and "more not shown" not in out
