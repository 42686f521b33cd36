"""Serving over stdio: JSON-RPC lines on stdin/stdout until stdin closes or a stop signal comes.

This module imports only what stdio needs (none of the HTTP transports' modules: contexteer.server.transports,
auth, tokens), so a client's first answer from a new server process does not wait for them.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import anyio

from contexteer.server.lifecycle import Stopper, run_until_stopped

if TYPE_CHECKING:
    from mcp.server import MCPServer

logger = logging.getLogger(__name__)

#: Modules the MCP SDK imports only if they are installed, which serving stdio never uses: sse_starlette hooks
#: uvicorn's shutdown when it can import it (a tenth of a second of a new server's start, for HTTP only).
NOT_FOR_STDIO = ("uvicorn",)


def import_sdk_for_stdio() -> None:
    """Import the MCP SDK's server without what only HTTP serving uses and the SDK does without (NOT_FOR_STDIO):
    a process that serves stdio answers its first call sooner. Those modules stay importable afterwards."""
    blocked = [name for name in NOT_FOR_STDIO if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]  # the import system's "not installed"
    try:
        import mcp.server.mcpserver  # noqa: F401 - imported here for its side effect on sys.modules
    finally:
        for name in blocked:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]


def serve_stdio(mcp: MCPServer) -> NoReturn:
    """Serve stdio until stdin closes or SIGINT, SIGTERM or SIGHUP comes, then end the process within 2 s."""

    from contexteer.server.app import warm_up

    def serve(stopper: Stopper) -> None:
        warm_up(mcp)
        anyio.run(_run_stdio, mcp, lambda: stopper.request("stdin closed"))

    run_until_stopped(serve, _cleanup, ended="stdin closed")


async def _run_stdio(mcp: MCPServer, on_eof: Callable[[], None]) -> None:
    """`MCPServer.run_stdio_async`, with the end of stdin reported the moment it is read: the SDK's loop returns only
    after the calls still running end (a first query waits for a cold build up to index.first_query_wait_seconds)."""
    from mcp.server.stdio import stdio_server

    low = getattr(mcp, "_lowlevel_server", None)
    if low is None:  # pragma: no cover - an SDK without it: stdin EOF stops the server when the loop returns
        await mcp.run_stdio_async()
        return
    async with stdio_server() as (read_stream, write_stream):
        await low.run(_EndWatch(read_stream, on_eof), write_stream, low.create_initialization_options())


class _EndWatch:
    """A transport read stream that calls `on_end` when it ends (the client closed stdin), then ends as it would."""

    def __init__(self, inner: Any, on_end: Callable[[], None]) -> None:
        self._inner = inner
        self._on_end = on_end

    @property
    def last_context(self) -> Any:  # the sender's context, read by the SDK after each message
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        try:
            return await self._inner.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            self._on_end()
            raise

    def __aiter__(self) -> _EndWatch:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    def close(self) -> None:
        self._inner.close()

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> _EndWatch:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def _cleanup() -> None:
    from contexteer.indexers.index import close_all

    close_all()
