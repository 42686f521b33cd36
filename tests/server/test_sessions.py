"""One MCP session keeps one id across its calls (journal, stats and memory agree on it)."""

from __future__ import annotations

import anyio
from mcp import Client

from contexteer.server.app import build_server, services_of


def test_calls_of_one_client_share_a_session_id_and_two_clients_differ(workspace):
    ws, loaded = workspace
    server = build_server(ws, loaded)

    async def main() -> None:
        for _ in range(2):
            async with Client(server) as client:
                for _ in range(3):
                    await client.call_tool("read_code_range", {"path": "src/app.py", "start_line": 1, "end_line": 1})

    anyio.run(main)
    sessions = [e["session"] for e in services_of(server).journal.read().events if e["type"] == "tool_call"]
    assert len(sessions) == 6
    assert len(set(sessions[:3])) == 1 and len(set(sessions[3:])) == 1
    assert sessions[0] != sessions[3]
