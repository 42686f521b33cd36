"""Per-MCP-session memory state (reminders, ignore) holds across calls on every transport the SDK offers."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from contexteer.memory.recall import SessionMemory
from contexteer.server.app import build_server, services_of

CONTEXTEER = str(Path(sys.executable).parent / "contexteer")


def _text(res: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in getattr(res, "content", None) or getattr(res, "contents", []))


async def _exercise(client: Client) -> None:
    first = _text(await client.call_tool("memory", {"action": "recall"}))
    assert "Sessions, not JWT." in first
    second = _text(await client.call_tool("memory", {"action": "recall"}))
    assert "already shown in this session" in second and "Sessions, not JWT." not in second
    await client.call_tool("memory", {"action": "ignore", "on": True})
    index = _text(await client.read_resource("memory://index"))
    assert "ignored for this MCP session" in index and "auth approach" not in index


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_session_state_in_process(ws_loaded, mode: str) -> None:
    ws, loaded = ws_loaded
    server = build_server(ws, loaded)
    services_of(server).memory.save(SessionMemory(), name="auth", content="Sessions, not JWT.", tag="DECISION", description="auth approach")

    async def main() -> None:
        async with Client(server, mode=mode) as client:  # type: ignore[arg-type]
            await _exercise(client)
        async with Client(server, mode=mode) as fresh:  # a new session starts clean
            assert "Sessions, not JWT." in _text(await fresh.call_tool("memory", {"action": "recall"}))

    anyio.run(main)


def test_session_state_over_stdio(ws_loaded) -> None:
    ws, loaded = ws_loaded
    from contexteer.memory.service import MemoryService

    MemoryService(ws.memory_dir, loaded.settings).save(SessionMemory(), name="auth", content="Sessions, not JWT.", tag="DECISION", description="auth approach")
    params = StdioServerParameters(command=CONTEXTEER, args=["serve", "--root", str(ws.root)], env=dict(os.environ))

    async def main() -> None:
        async with Client(params) as client:
            await _exercise(client)

    anyio.run(main)
