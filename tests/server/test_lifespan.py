"""The server's lifespan: a served transport closes its services when its last connection ends; an in-process server
keeps them across its clients."""

from __future__ import annotations

import threading
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.server import MCPServer

from contexteer.config import load_config
from contexteer.errors import IndexError_
from contexteer.navigation.service import NavigationService
from contexteer.server.app import build_server, services_of
from contexteer.workspace import Workspace


def _server(root: Path, *, close_on_exit: bool) -> MCPServer:
    (root / "app.py").write_text("def handler(x):\n    return x + 1\n", encoding="utf-8")
    loaded = load_config(root=root, use_user_config=False)
    return build_server(Workspace(root, loaded.settings), loaded, close_on_exit=close_on_exit)


def _index_threads(index: object) -> list[threading.Thread]:
    """The live background threads of one index (its build, sweep and watch threads)."""
    mine = [getattr(index, name, None) for name in ("_build_thread", "_sweeper", "_watcher")]
    return [t for t in mine if isinstance(t, threading.Thread) and t.is_alive()]


def test_a_served_server_closes_its_index_and_forgets_session_state_when_its_last_connection_ends(tmp_path: Path):
    server = _server(tmp_path, close_on_exit=True)
    svc = services_of(server)

    async def session() -> None:
        async with Client(server) as client:
            res = await client.call_tool("search_symbol", {"query": "handler"})
            assert not res.is_error and "app.py" in getattr(res.content[0], "text", "")
            await client.call_tool("memory", {"action": "recall"})  # per-session memory state

    anyio.run(session)
    assert svc.session_state == {}, "per-session state outlived the server"
    old = svc.__dict__.get("_nav")
    assert old is None, "the navigation service is still held after the server ended"


def test_the_index_a_served_server_closed_refuses_use_and_its_threads_have_ended(tmp_path: Path):
    server = _server(tmp_path, close_on_exit=True)
    svc = services_of(server)
    seen: list[NavigationService] = []

    async def session() -> None:
        async with Client(server) as client:
            await client.call_tool("get_structured_index", {"path": "."})
            seen.append(svc.nav)

    anyio.run(session)
    index = seen[0].index
    assert not _index_threads(index)
    with pytest.raises(IndexError_, match="was closed"):
        index.file_info("app.py")


def test_an_in_process_server_keeps_its_index_open_across_clients(tmp_path: Path):
    server = _server(tmp_path, close_on_exit=False)
    svc = services_of(server)
    navs = []

    async def call() -> None:
        async with Client(server) as client:
            res = await client.call_tool("search_symbol", {"query": "handler"})
            assert not res.is_error
            navs.append(svc.nav)

    anyio.run(call)
    anyio.run(call)
    assert navs[0] is navs[1]
    assert navs[0].index.file_info("app.py") is not None
    svc.close()  # its owner closes it
    with pytest.raises(IndexError_):
        navs[0].index.file_info("app.py")
