"""End to end through the MCP SDK client on every transport: in-memory, stdio, streamable HTTP, SSE."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import httpx
import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client

from contexteer.server.app import build_server
from tests.server.helpers import CONTEXTEER, running_server

TOKEN = "s3cret-token-for-tests"


async def _check_read(client: Client) -> None:
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert "read_code_range" in tools
    tool = tools["read_code_range"]
    assert tool.input_schema["properties"]["path"]["type"] == "string"
    assert tool.output_schema is None  # text only by default (README: Delivery)
    assert tool.annotations is not None and tool.annotations.read_only_hint is True
    result = await client.call_tool("read_code_range", {"path": "src/app.py", "start_line": 4, "end_line": 5})
    assert not result.is_error, result
    text = result.content[0].text  # type: ignore[union-attr]
    assert "src/app.py:4-5" in text
    assert "4\tclass App:" in text and '5\t    """The app."""' in text
    assert "def run" not in text
    assert result.structured_content is None and "(of 12 lines)" in text
    assert result.meta is not None and result.meta["tier"] == "passthrough"


def test_in_memory_client_lists_tools_and_reads_lines(workspace):
    ws, loaded = workspace

    async def main() -> None:
        async with Client(build_server(ws, loaded)) as client:
            await _check_read(client)

    anyio.run(main)


def test_stdio_entry_point_serves_tools(repo: Path):
    params = StdioServerParameters(command=CONTEXTEER, args=["serve", "--root", str(repo)], env=dict(os.environ))  # the test's data dir

    async def main() -> None:
        async with Client(params) as client:
            await _check_read(client)

    anyio.run(main)


def test_streamable_http_with_token_serves_tools(repo: Path):
    with running_server(repo, token=TOKEN) as base:

        async def main() -> None:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
            async with http, Client(streamable_http_client(base + "/mcp", http_client=http)) as client:
                await _check_read(client)

        anyio.run(main)


def test_two_stateless_http_clients_never_share_memory_session_state(repo: Path):
    """/mcp on the 2026-07-28 protocol has no session: one client's recall must not mark entries as
    already shown for another (or spend its budget)."""
    with running_server(repo, token=TOKEN) as base:

        async def recall(client: Client) -> str:
            res = await client.call_tool("memory", {"action": "recall"})
            assert not res.is_error, res
            return res.content[0].text  # type: ignore[union-attr]

        async def main() -> None:
            ha = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
            hb = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
            async with ha, hb, Client(streamable_http_client(base + "/mcp", http_client=ha)) as a, \
                    Client(streamable_http_client(base + "/mcp", http_client=hb)) as b:
                saved = await a.call_tool("memory", {"action": "save", "name": "shared-fact", "content": "the fact body",
                                                     "tag": "DECISION", "description": "fact", "source": "user: test"})
                assert not saved.is_error, saved
                assert "the fact body" in await recall(a)
                assert "the fact body" in await recall(b)  # not "already shown": b never saw it
                ignore = await a.call_tool("memory", {"action": "ignore", "on": True})
                assert ignore.is_error and "needs an MCP session" in ignore.content[0].text  # type: ignore[union-attr]
                assert "the fact body" in await recall(b)
                stats = await b.call_tool("context_stats", {})
                assert not stats.is_error, stats
                assert "no session on this transport" in stats.content[0].text  # type: ignore[union-attr]

        anyio.run(main)


def test_sse_with_token_serves_tools(repo: Path):
    with running_server(repo, token=TOKEN, transport="sse") as base:

        async def main() -> None:
            async with Client(sse_client(base + "/sse", headers={"Authorization": f"Bearer {TOKEN}"})) as client:
                await _check_read(client)

        anyio.run(main)


def test_http_without_token_is_401_and_healthz_stays_open(repo: Path):
    with running_server(repo, token=TOKEN) as base:
        assert httpx.get(base + "/healthz").json()["status"] == "ok"
        r = httpx.post(base + "/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
        assert r.status_code == 401
        assert "Authorization: Bearer" in r.json()["message"]
        r = httpx.post(base + "/mcp", json={}, headers={"Authorization": "Bearer wrong"})
        assert r.status_code == 401
        assert httpx.get(base + "/sse", headers={"Authorization": "Bearer nope"}).status_code == 401
        r = httpx.post(base + "/mcp", json={}, headers={"Authorization": f"bearer {TOKEN}"})
        assert r.status_code != 401  # the scheme name is case-insensitive (RFC 7235)


def test_a_loopback_server_without_a_token_warns_that_any_local_process_can_use_it(caplog):
    import logging

    from contexteer.server.transports import check_binding

    with caplog.at_level(logging.WARNING):
        check_binding("127.0.0.1", None, False)
        check_binding("127.0.0.1", "a-token", False)
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "any process on this machine" in caplog.records[0].getMessage()


def test_wrong_host_and_wrong_origin_are_refused(repo: Path):
    with running_server(repo, token=TOKEN) as base:
        auth = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        bad_host = httpx.post(base + "/mcp", json=body, headers={**auth, "Host": "evil.example:80"})
        assert bad_host.status_code in (400, 403, 421)
        bad_origin = httpx.post(base + "/mcp", json=body, headers={**auth, "Origin": "http://evil.example"})
        assert bad_origin.status_code in (400, 403)


def test_refuses_to_bind_all_interfaces_without_token(repo: Path):
    import subprocess

    proc = subprocess.run(
        [CONTEXTEER, "serve", "--root", str(repo), "--transport", "http", "--host", "0.0.0.0", "--port", "0"],
        capture_output=True, text=True, timeout=60,
        env={k: v for k, v in __import__("os").environ.items() if k != "CONTEXTEER_TOKEN"},
    )
    assert proc.returncode != 0
    assert "CONTEXTEER_TOKEN" in proc.stderr and "--token-file" in proc.stderr


def test_stdio_server_writes_only_protocol_messages_to_stdout(repo: Path):
    import json
    import subprocess

    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "read_code_range", "arguments": {"path": "src/app.py", "start_line": 1, "end_line": 2}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "read_code_range", "arguments": {"path": "../etc/passwd"}}},
    ]
    proc = subprocess.Popen(
        [CONTEXTEER, "serve", "--root", str(repo), "--log-level", "DEBUG"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdin and proc.stdout and proc.stderr
    raw_lines: list[str] = []
    by_id: dict[int, dict] = {}
    try:
        for msg in msgs:
            proc.stdin.write(json.dumps(msg) + "\n")
            proc.stdin.flush()
            if "id" not in msg:
                continue
            while msg["id"] not in by_id:
                line = proc.stdout.readline()
                assert line, "server closed stdout early"
                raw_lines.append(line)
                parsed = json.loads(line)  # every stdout line must be a JSON-RPC message
                assert parsed["jsonrpc"] == "2.0"
                if "id" in parsed:
                    by_id[parsed["id"]] = parsed
        proc.stdin.close()
        rest = proc.stdout.read()
        proc.wait(timeout=30)
        stderr = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    for line in rest.splitlines():
        if line.strip():
            assert json.loads(line)["jsonrpc"] == "2.0"
    assert "1\t" in by_id[3]["result"]["content"][0]["text"]
    assert by_id[4]["result"]["isError"] is True
    assert "escape from the workspace root" in by_id[4]["result"]["content"][0]["text"]
    assert "DEBUG" in stderr or "INFO" in stderr  # logs went to stderr, not stdout


def test_python_dash_m_runs_the_cli():
    import subprocess

    out = subprocess.run([sys.executable, "-m", "contexteer", "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("contexteer ")
