"""`contexteer init` writes each client's real configuration file in a temporary home: merged with what is there,
idempotent, backed up, the diff shown, and never for a repository it guessed silently."""

from __future__ import annotations

import io
import json
import subprocess
import tomllib
from pathlib import Path

import pytest

from contexteer.server.cli import main
from contexteer.server.clients import CLIENTS, STDIO_ENV

EXPECTED_PATHS = {  # (client, scope) -> the file, relative to the temporary home or the repository
    ("claude-code", "project"): "REPO/.mcp.json",
    ("claude-code", "user"): "HOME/.claude.json",
    ("cursor", "project"): "REPO/.cursor/mcp.json",
    ("cursor", "user"): "HOME/.cursor/mcp.json",
    ("vscode", "project"): "REPO/.vscode/mcp.json",
    ("vscode", "user"): "HOME/.config/Code/User/mcp.json",
    ("claude-desktop", "user"): "HOME/.config/Claude/claude_desktop_config.json",
    ("cline", "user"): "HOME/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    ("windsurf", "user"): "HOME/.codeium/windsurf/mcp_config.json",
    ("codex", "project"): "REPO/.codex/config.toml",
    ("codex", "user"): "HOME/.codex/config.toml",
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    return home


def _path(client: str, scope: str, home: Path, repo: Path) -> Path:
    rel = EXPECTED_PATHS[(client, scope)]
    return (home if rel.startswith("HOME") else repo) / rel.split("/", 1)[1]


def _init(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["init", *argv], out=out)
    return code, out.getvalue()


def _servers(path: Path, client: str) -> dict:
    text = path.read_text(encoding="utf-8")
    doc = tomllib.loads(text) if CLIENTS[client].fmt == "toml" else json.loads(text)
    return doc[CLIENTS[client].key]


def test_every_client_and_scope_has_its_documented_file():
    assert {(c.name, s) for c in CLIENTS.values() for s in c.scopes} == set(EXPECTED_PATHS)


@pytest.mark.parametrize(("client", "scope"), sorted(EXPECTED_PATHS))
def test_init_writes_a_new_file_then_changes_nothing_the_second_time(client: str, scope: str, home: Path, repo: Path):
    path = _path(client, scope, home, repo)
    code, text = _init("--client", client, "--scope", scope, "--root", str(repo))
    assert code == 0, text
    assert f"repository: {repo.resolve()} (given with --root)" in text
    assert str(path) in text and "+++ " + str(path) in text  # the diff
    entry = _servers(path, client)["contexteer"]
    assert entry["args"] == ["serve", "--root", str(repo.resolve())]
    assert entry["env"] == STDIO_ENV
    assert not any(" " in arg for arg in entry["args"])
    before = path.read_bytes()
    code, text = _init("--client", client, "--scope", scope, "--root", str(repo))
    assert code == 0 and "already registered this way; nothing changed" in text
    assert path.read_bytes() == before
    assert not list(path.parent.glob(path.name + ".bak-*"))


@pytest.mark.parametrize("client", [c for c in CLIENTS if CLIENTS[c].fmt == "json"])
def test_init_keeps_what_else_is_in_the_file_and_backs_it_up(client: str, home: Path, repo: Path):
    scope = CLIENTS[client].default_scope
    path = _path(client, scope, home, repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = CLIENTS[client].key
    old = {"theme": "dark", key: {"other": {"command": "other-server", "args": ["--x"]},
                                  "contexteer": {"command": "/old/venv/bin/contexteer", "args": []}}}
    path.write_text(json.dumps(old), encoding="utf-8")
    code, text = _init("--client", client, "--root", str(repo))
    assert code == 0, text
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["theme"] == "dark" and doc[key]["other"] == old[key]["other"]
    assert doc[key]["contexteer"]["args"][-1] == str(repo.resolve())
    assert any(line.startswith("-") and "/old/venv/bin/contexteer" in line for line in text.splitlines())  # the diff
    (backup,) = path.parent.glob(path.name + ".bak-*")
    assert json.loads(backup.read_text(encoding="utf-8")) == old
    assert f"the previous file is kept as {backup}" in text


def test_codex_toml_keeps_comments_other_tables_and_replaces_only_its_own(home: Path, repo: Path):
    path = home / ".codex" / "config.toml"
    path.parent.mkdir()
    original = ('# my settings\nmodel = "o3"\n\n[mcp_servers.contexteer]\ncommand = "/old/contexteer"\n'
                'args = []\n\n[mcp_servers.contexteer.env]\nX = "1"\n\n[mcp_servers.other]  # keep me\ncommand = "y"\n')
    path.write_text(original, encoding="utf-8")
    assert _init("--client", "codex", "--root", str(repo))[0] == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith('# my settings\nmodel = "o3"\n\n[mcp_servers.contexteer]\n')
    assert "[mcp_servers.other]  # keep me\ncommand = \"y\"\n" in text and "/old/contexteer" not in text
    doc = tomllib.loads(text)
    assert doc["model"] == "o3" and doc["mcp_servers"]["other"] == {"command": "y"}
    assert doc["mcp_servers"]["contexteer"]["env"] == STDIO_ENV


def test_a_file_with_comments_is_left_alone_and_the_entry_is_shown_to_add_by_hand(home: Path, repo: Path,
                                                                                  capsys: pytest.CaptureFixture[str]):
    path = repo / ".vscode" / "mcp.json"
    path.parent.mkdir()
    jsonc = '{\n  // my servers\n  "servers": {}\n}\n'
    path.write_text(jsonc, encoding="utf-8")
    code, _ = _init("--client", "vscode", "--root", str(repo))
    assert code == 2 and path.read_text(encoding="utf-8") == jsonc
    err = capsys.readouterr().err
    assert "not plain JSON" in err and "by hand" in err and '"servers"' in err


def test_init_without_root_uses_the_git_top_level_and_says_so(home: Path, repo: Path, monkeypatch: pytest.MonkeyPatch):
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    monkeypatch.chdir(repo / "src")
    code, text = _init("--client", "cursor")
    assert code == 0
    assert f"repository: {repo.resolve()} (the git repository holding the current folder" in text
    assert "--root" in text.splitlines()[0]


def test_init_outside_a_git_repository_without_root_refuses(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]):
    plain = tmp_path / "plain"
    plain.mkdir()
    monkeypatch.chdir(plain)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    code, _ = _init("--client", "cursor")
    assert code == 2
    assert "pass --root PATH" in capsys.readouterr().err
    assert not (plain / ".cursor").exists()


def test_a_client_without_project_configuration_says_which_scope_it_has(home: Path, repo: Path,
                                                                        capsys: pytest.CaptureFixture[str]):
    assert _init("--client", "windsurf", "--scope", "project", "--root", str(repo))[0] == 2
    assert "Windsurf has no project configuration; its scope is: user" in capsys.readouterr().err


def test_init_without_a_client_lists_them(home: Path, repo: Path, capsys: pytest.CaptureFixture[str]):
    assert _init("--root", str(repo))[0] == 2
    err = capsys.readouterr().err
    assert "--client cursor" in err and "claude-desktop" in err and "codex" in err


def test_dry_run_shows_the_diff_and_writes_nothing(home: Path, repo: Path):
    code, text = _init("--client", "claude-code", "--root", str(repo), "--dry-run")
    assert code == 0 and "would write" in text and '+      "command":' in text
    assert not (repo / ".mcp.json").exists()


def test_remote_entries_name_the_token_and_never_hold_it(home: Path, repo: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("CONTEXTEER_TOKEN", "a-real-token-that-must-stay-out-0123")
    for client in ("vscode", "cursor", "claude-code", "codex", "claude-desktop"):
        assert _init("--client", client, "--transport", "http", "--port", "9123", "--root", str(repo))[0] == 0
    texts = [p.read_text(encoding="utf-8") for p in (repo / ".vscode" / "mcp.json", repo / ".cursor" / "mcp.json",
                                                     repo / ".mcp.json", home / ".codex" / "config.toml",
                                                     home / ".config" / "Claude" / "claude_desktop_config.json")]
    assert not any("a-real-token" in t for t in texts)
    vscode = json.loads(texts[0])
    assert vscode["servers"]["contexteer"]["url"] == "http://127.0.0.1:9123/mcp"
    assert [i["id"] for i in vscode["inputs"]] == ["contexteer-token"]
    assert tomllib.loads(texts[3])["mcp_servers"]["contexteer"]["bearer_token_env_var"] == "CONTEXTEER_TOKEN"
    desktop = json.loads(texts[4])["mcpServers"]["contexteer"]
    assert not any(" " in arg for arg in desktop["args"])  # Windows clients split an argument at its spaces
