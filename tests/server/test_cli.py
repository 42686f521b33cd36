"""The command line: call prints what an agent receives, snippets carry this machine's paths."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

import httpx
import pytest

from contexteer.server.cli import CLIENTS, main
from contexteer.server.cli.call import parse_call_arguments
from tests.server.helpers import running_server


def test_call_prints_text_structured_content_and_meta(repo: Path, monkeypatch: pytest.MonkeyPatch):
    out = io.StringIO()
    code = main(["call", "--root", str(repo), "read_code_range", "path=src/app.py", "start_line=7", "end_line=8"], out=out)
    text = out.getvalue()
    assert code == 0
    assert "7\t    def run(self) -> int:" in text
    assert "--- structuredContent ---" not in text  # by default the answer is text only (README: Delivery)
    assert '"tier": "passthrough"' in text
    monkeypatch.setenv("CONTEXTEER_SHAPING__STRUCTURED_OUTPUT", "true")
    out = io.StringIO()
    assert main(["call", "--root", str(repo), "read_code_range", "path=src/app.py", "start_line=7", "end_line=8"], out=out) == 0
    assert "--- structuredContent ---" in out.getvalue() and '"total_lines": 12' in out.getvalue()


def test_call_of_a_bad_path_exits_nonzero_with_the_reason(repo: Path):
    out = io.StringIO()
    code = main(["call", "--root", str(repo), "read_code_range", "path=.env"], out=out)
    assert code == 1
    assert "deny-list" in out.getvalue()


def test_call_of_an_unknown_tool_lists_the_available_ones(repo: Path, capsys: pytest.CaptureFixture[str]):
    code = main(["call", "--root", str(repo), "no_such_tool"], out=io.StringIO())
    assert code == 2
    assert "read_code_range" in capsys.readouterr().err


def test_call_help_names_every_tool_the_server_offers_with_its_arguments(tmp_path: Path):
    from contexteer.tools.catalog import TOOLS

    out = io.StringIO()
    assert main(["call", "--root", str(tmp_path), "--help"], out=out) == 0
    shown = " ".join(out.getvalue().split())
    assert all(t.name in shown for t in TOOLS), shown  # an agent or a user finds the tools without the server
    # and every tool's arguments: one --help instead of one per tool (the A/B agents spent 11 calls on them)
    assert all(f"contexteer call {t.name} NAME=VALUE" in shown for t in TOOLS), shown
    assert "relation (callers|callees|implementations|supertypes, required)" in shown
    from contexteer.server.cli.main import CALLABLE_TOOLS

    assert set(CALLABLE_TOOLS) == {t.name for t in TOOLS}


def test_call_tool_help_lists_the_tools_arguments_with_types_and_defaults(tmp_path: Path):
    out = io.StringIO()
    assert main(["call", "--root", str(tmp_path), "find_related", "--help"], out=out) == 0
    text = out.getvalue()
    assert "relation (callers|callees|implementations|supertypes, required)" in text, text
    assert "symbol (string, required)" in text and "limit (integer 1-200): Default 30; implementations 60." in text
    assert text.index("relation (") < text.index("cursor (")  # the required ones first
    out = io.StringIO()
    assert main(["call", "--root", str(tmp_path), "search_text", "--help"], out=out) == 0
    assert "context_lines (integer 0-20, default 0)" in out.getvalue(), out.getvalue()
    out = io.StringIO()
    assert main(["call", "--root", str(tmp_path), "read_code_range", "-h"], out=out) == 0
    assert "start_line (integer" in out.getvalue()
    out = io.StringIO()  # the range the schema enforces, before an error teaches it (the ESLint run)
    assert main(["call", "--root", str(tmp_path), "search_text", "--help"], out=out) == 0
    assert "context_lines (integer 0-20, default 0)" in out.getvalue(), out.getvalue()


def test_call_arguments_are_typed_like_yaml():
    assert parse_call_arguments(["a=10", "b=true", "c=src/x.py", "d=[1, 2]", "e=2026-01-01"]) == {
        "a": 10, "b": True, "c": "src/x.py", "d": [1, 2], "e": "2026-01-01",
    }


@pytest.mark.parametrize("client", CLIENTS)
def test_snippets_name_the_absolute_executable_and_root(repo: Path, client: str):
    out = io.StringIO()
    assert main(["config", "snippet", "--client", client, "--root", str(repo)], out=out) == 0
    text = out.getvalue()
    assert str(repo.resolve()) in text
    assert "/contexteer" in text or "-m" in text
    assert "CONTEXTEER_SHAPING__ENCODING" in text  # stdio snippets carry an env block
    if client == "codex":
        tomllib.loads(text)
    elif client != "claude-code":
        json.loads(text)


def test_a_snippet_never_takes_the_current_folder_silently(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    assert main(["config", "snippet", "--client", "cursor"], out=io.StringIO()) == 2
    assert "pass --root PATH" in capsys.readouterr().err


def test_the_claude_desktop_remote_snippet_has_no_space_inside_an_argument(repo: Path):
    out = io.StringIO()
    main(["config", "snippet", "--client", "claude-desktop", "--transport", "http", "--root", str(repo)], out=out)
    server = json.loads(out.getvalue())["mcpServers"]["contexteer"]
    assert not any(" " in arg for arg in server["args"])
    assert "Authorization:${AUTH_HEADER}" in server["args"] and server["env"]["AUTH_HEADER"].startswith("Bearer ")


def test_a_call_argument_without_a_name_is_a_one_line_usage_error(repo: Path, capsys: pytest.CaptureFixture[str]):
    code = main(["call", "--root", str(repo), "read_code_range", "src/app.py"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "`contexteer call read_code_range path=src/app.py`" in err and "NAME=VALUE" in err


def test_a_call_argument_given_twice_is_a_usage_error_not_a_silent_last_wins(repo: Path, capsys: pytest.CaptureFixture[str]):
    # the bash-completion A/B agent passed glob= twice and got the test/ hits it meant to leave out
    code = main(["call", "--root", str(repo), "search_text", "pattern=x", "glob=!CHANGES", "glob=!test/**"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2 and "'glob' is given twice" in err and "Traceback" not in err, err


def test_remote_snippet_points_at_the_http_endpoint_with_a_bearer_header(repo: Path):
    out = io.StringIO()
    main(["config", "snippet", "--client", "vscode", "--transport", "http", "--port", "9123", "--root", str(repo)], out=out)
    doc = json.loads(out.getvalue())
    server = doc["servers"]["contexteer"]
    assert server["url"] == "http://127.0.0.1:9123/mcp"
    # VS Code prompts for the token through an input it declares (it does not expand ${NAME})
    assert server["headers"]["Authorization"] == "Bearer ${input:contexteer-token}"
    assert doc["inputs"][0]["id"] == "contexteer-token" and doc["inputs"][0]["password"] is True


def test_each_client_gets_the_token_syntax_it_expands(repo: Path):
    def header(client: str) -> str:
        out = io.StringIO()
        main(["config", "snippet", "--client", client, "--transport", "http", "--root", str(repo)], out=out)
        return json.loads(out.getvalue())["mcpServers"]["contexteer"].get("headers", {}).get("Authorization", "")

    assert header("cursor") == "Bearer ${env:CONTEXTEER_TOKEN}"
    assert "${" not in header("cline")  # Cline expands no variables: the token is pasted in


def test_config_show_prints_sources_and_budget_warnings(repo: Path):
    (repo / "contexteer.yaml").write_text("chat_memory: {window_tokens: 150000}\n")
    out = io.StringIO()
    main(["config", "show", "--root", str(repo)], out=out)
    text = out.getvalue()
    assert "chat_memory.window_tokens = 150000" in text and str(repo / "contexteer.yaml") in text
    assert "warning:" in text and "70%" in text


def test_oversized_http_request_body_is_refused(repo: Path):
    with running_server(repo, "--token-file", str(_token_file(repo)), token=None) as base:
        big = b"{" + b" " * (2 * 1024 * 1024) + b"}"
        r = httpx.post(
            base + "/mcp", content=big,
            headers={"Authorization": "Bearer tok-from-file-0123456789", "Content-Type": "application/json", "Accept": "application/json, text/event-stream"},
        )
        assert r.status_code == 413


def _token_file(repo: Path) -> Path:
    path = repo.parent / "token.txt"
    path.write_text("tok-from-file-0123456789\n")
    return path


def test_text_parameters_stay_text_even_when_they_look_like_yaml():
    schema = {"properties": {"source": {"type": "string"}, "n": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}}
    assert parse_call_arguments(["source=user: design review", "n=5"], schema) == {"source": "user: design review", "n": 5}


def test_a_secret_echoed_by_an_error_never_reaches_the_server_log(repo: Path, tmp_path: Path):
    import os
    import subprocess
    import sys

    token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    env = {**os.environ, "CONTEXTEER_DATA_DIR": str(tmp_path / "data")}
    for args in (["tag=" + token, "name=x", "content=y"], ["name=" + token, "content=y", "tag=DECISION"]):
        proc = subprocess.run(
            [sys.executable, "-m", "contexteer", "call", "--root", str(repo), "--log-level", "DEBUG", "memory", "action=save", *args],
            env=env, capture_output=True, text=True, timeout=120,
        )
        assert token not in proc.stdout + proc.stderr
        assert "[REDACTED GitHub token]" in proc.stdout + proc.stderr or "contains a secret (GitHub token)" in proc.stdout


def test_stats_and_config_show_leave_no_project_folder_behind(repo: Path, tmp_path: Path, monkeypatch):
    data = tmp_path / "fresh-data"
    monkeypatch.setenv("CONTEXTEER_DATA_DIR", str(data))
    for argv in (["stats", "--root", str(repo)], ["config", "show", "--root", str(repo)]):
        out = io.StringIO()
        assert main(argv, out=out) == 0
    assert "no tool calls recorded yet" in main_output(["stats", "--root", str(repo)])
    assert not (data / "projects").exists()


def main_output(argv: list[str]) -> str:
    out = io.StringIO()
    main(argv, out=out)
    return out.getvalue()
