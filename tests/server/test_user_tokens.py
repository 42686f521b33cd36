"""Per-user bearer tokens: the file holds hashes only, names who saved a memory and who called, scopes, revocation."""

from __future__ import annotations

import argparse
import io
import os
import time
from pathlib import Path

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from contexteer.errors import ConfigError
from contexteer.journal import Journal
from contexteer.server.cli import main
from contexteer.server.cli.token import token_command
from contexteer.server.tokens import TokenFile, parse_tokens, token_hash
from tests.server.helpers import running_server


def add(path: Path, name: str, scopes: str = "read,memory:write") -> str:
    out = io.StringIO()
    assert token_command(argparse.Namespace(token_command="add", name=name, scopes=scopes), path, out) == 0
    return out.getvalue().strip()


def test_the_token_file_holds_hashes_never_tokens(tmp_path: Path):
    path = tmp_path / "tokens.yaml"
    token = add(path, "alice")
    text = path.read_text()
    assert token not in text and token_hash(token) in text and "alice" in text
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    client = TokenFile(path).client(token.encode())
    assert client is not None and client.name == "alice" and client.scopes == {"read", "memory:write"}
    assert TokenFile(path).client(b"not-a-token") is None


def test_a_malformed_token_file_is_refused_naming_the_entry_and_the_fix(tmp_path: Path):
    with pytest.raises(ConfigError, match=r"tokens\[0\] \(alice\): sha256 must be the 64 lowercase hex digits.*never the token"):
        parse_tokens("tokens:\n  - name: alice\n    sha256: my-plain-token\n    scopes: [read]\n", "t.yaml")
    with pytest.raises(ConfigError, match="scopes .* must be a non-empty list of read, memory:write"):
        parse_tokens(f"tokens:\n  - name: bob\n    sha256: {'a' * 64}\n    scopes: [admin]\n", "t.yaml")
    with pytest.raises(ConfigError, match="appears twice"):
        parse_tokens(f"tokens:\n  - {{name: bob, sha256: {'a' * 64}}}\n  - {{name: bob, sha256: {'b' * 64}}}\n", "t.yaml")
    with pytest.raises(ConfigError, match="name 'bob smith' must be"):
        parse_tokens(f"tokens:\n  - {{name: 'bob smith', sha256: {'a' * 64}}}\n", "t.yaml")


def test_a_token_file_broken_after_start_refuses_everyone_until_fixed(tmp_path: Path):
    path = tmp_path / "tokens.yaml"
    token = add(path, "alice")
    tokens = TokenFile(path)
    good = path.read_text()
    path.write_text("tokens: [this is: not valid")
    time.sleep(1.1)
    assert tokens.client(token.encode()) is None and tokens.error
    path.write_text(good)
    time.sleep(1.1)
    assert tokens.client(token.encode()) is not None and tokens.error is None


def test_token_commands_add_list_and_revoke(tmp_path: Path):
    path = tmp_path / "tokens.yaml"
    out = io.StringIO()
    assert main(["token", "--file", str(path), "add", "alice", "--scopes", "read"], out=out) == 0
    token = out.getvalue().strip()
    assert len(token) >= 40
    listing = io.StringIO()
    assert main(["token", "--file", str(path), "list"], out=listing) == 0
    assert listing.getvalue().startswith("alice\tread\t")
    assert main(["token", "--file", str(path), "revoke", "alice"], out=io.StringIO()) == 0
    assert TokenFile(path).client(token.encode()) is None
    assert main(["token", "--file", str(path), "revoke", "alice"], out=io.StringIO()) == 2  # no such name: an error


def test_serve_refuses_a_shared_token_and_per_user_tokens_together(tmp_path: Path, repo: Path, monkeypatch, capsys):
    path = tmp_path / "tokens.yaml"
    add(path, "alice")
    monkeypatch.setenv("CONTEXTEER_TOKEN", "s3cret-token-for-tests")
    assert main(["serve", "--root", str(repo), "--transport", "http", "--tokens-file", str(path)]) == 2
    assert "use one" in capsys.readouterr().err


def test_per_user_tokens_on_one_server_record_who_saved_and_who_called(tmp_path: Path, repo: Path):
    path = tmp_path / "tokens.yaml"
    alice, reader = add(path, "alice"), add(path, "reader", "read")
    with running_server(repo, "--tokens-file", str(path), token=None) as base:

        async def call(token: str, tool: str, args: dict[str, object]) -> tuple[bool, str]:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30)
            async with http, Client(streamable_http_client(base + "/mcp", http_client=http)) as client:
                res = await client.call_tool(tool, args)
                return bool(res.is_error), res.content[0].text  # type: ignore[union-attr]

        async def scenario() -> None:
            err, text = await call(alice, "memory", {"action": "save", "name": "who", "content": "Alice wrote this.",
                                                     "tag": "DECISION"})
            assert not err, text
            err, text = await call(reader, "memory", {"action": "read", "name": "who"})
            assert not err and "saved by alice" in text
            err, text = await call(reader, "memory", {"action": "delete", "name": "who"})
            assert err and "memory:write" in text

        anyio.run(scenario)
        anon = httpx.post(base + "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}, timeout=30)
        assert anon.status_code == 401 and "Bearer" in anon.headers["www-authenticate"]
    journals = list((Path(os.environ["CONTEXTEER_DATA_DIR"]) / "projects").glob("*/journal.jsonl"))
    calls = [e for j in journals for e in Journal(j).read().events if e.get("type") == "tool_call"]
    assert {(e["client"], e["args"].get("action")) for e in calls} >= {("alice", "save"), ("reader", "read"), ("reader", "delete")}
