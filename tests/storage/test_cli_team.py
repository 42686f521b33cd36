"""The command line on a team database: memory and stats read PostgreSQL, and no password is ever shown or kept."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.server.cli import main
from tests.conftest import make_workspace
from tests.storage.test_memory import make_service


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "proj"
    r.mkdir()
    (r / "a.py").write_text("x = 1\n", encoding="utf-8")
    return r


def test_memory_commands_and_stats_read_the_team_database(root, pg_url, monkeypatch, capsys):
    make_service(root, pg_url).save(SessionMemory(), name="team-fact", content="Kept in PostgreSQL.", tag="DECISION",
                                    saved_by="alice")
    monkeypatch.setenv("CONTEXTEER_DATABASE_URL", pg_url)
    assert main(["memory", "--root", str(root), "list"]) == 0
    listed = capsys.readouterr().out
    assert "the team database" in listed and "team-fact" in listed
    assert main(["memory", "--root", str(root), "show", "team-fact"]) == 0
    shown = capsys.readouterr().out
    assert "saved by: alice" in shown and "Kept in PostgreSQL." in shown
    assert not (root / ".contexteer").exists()
    stats = io.StringIO()
    assert main(["stats", "--root", str(root)], out=stats) == 0
    assert "no tool calls recorded yet" in stats.getvalue()  # the memory save is journaled, but no tool call yet


def test_config_show_masks_the_database_password(root, monkeypatch):
    monkeypatch.setenv("CONTEXTEER_DATABASE_URL", "postgresql://ctx:hunter2-pass@db.example:5432/team")
    out = io.StringIO()
    assert main(["config", "show", "--root", str(root)], out=out) == 0
    text = out.getvalue()
    assert "storage.url" in text and "db.example" in text and "hunter2-pass" not in text


def test_a_checkpoint_never_keeps_the_storage_settings(root):
    ws, _ = make_workspace(root, **{"storage.url": "postgresql://ctx:hunter2-pass@db.example:5432/team"})
    service = MemoryService(memory_path(ws), ws.settings)  # the folder store, with a database URL in its settings
    cp = service.checkpoint_save(SessionMemory(), label="snapshot", summary="Settings are recorded.")
    data = service.checkpoints.load(cp.names[0]).data
    assert "storage" not in data["settings"] and "hunter2-pass" not in str(data)


def test_call_with_an_unreachable_team_database_stops_and_says_why(root, monkeypatch, capsys):
    """Regression: `contexteer call` used to answer unshaped (a plain head cut, shaping_failed) when storage.url
    could not be reached; like `serve`, it now reaches the database first."""
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is not installed: pip install -e '.[postgres]'")
    monkeypatch.setenv("CONTEXTEER_DATABASE_URL", "postgresql://ctx@127.0.0.1:1/team")
    out = io.StringIO()
    code = main(["call", "--root", str(root), "read_code_range", "path=a.py"], out=out)
    assert code != 0 and "x = 1" not in out.getvalue()
    err = capsys.readouterr().err
    assert "cannot connect to PostgreSQL" in err and "Check that the server is running" in err
