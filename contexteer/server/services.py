"""The composition root: builds the services of one served workspace and closes them through the server's lifespan."""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import TYPE_CHECKING, Any

from contexteer.config import LoadedConfig
from contexteer.errors import ContexteerError
from contexteer.tokens import configure_cache
from contexteer.workspace import Workspace, base_data_dir

if TYPE_CHECKING:
    from mcp.server import MCPServer

    from contexteer.indexers.index import StructureIndex
    from contexteer.tools.base import Services

logger = logging.getLogger(__name__)


def open_index(ws: Workspace) -> StructureIndex:
    """The one place the structure index is constructed (its store, SQLite or PostgreSQL, by indexers.stores): for the
    served tools (through the navigation service) and for the `contexteer index` command."""
    from contexteer.indexers.index import StructureIndex  # lazily: the index opens SQLite

    return StructureIndex(ws)


def build_services(ws: Workspace, loaded: LoadedConfig) -> Services:
    """The services of one served workspace; each domain object is opened on first use."""
    # lazily: `contexteer index` imports open_index without the MCP stack
    from contexteer.tools.base import Services

    # the decoded token vocabulary is kept in the data dir: a new server counts its first answer sooner
    configure_cache(base_data_dir(loaded.settings) / "cache")
    return Services(ws, loaded, open_index=open_index)


def start_memory(svc: Services) -> None:
    """Open memory now: its startup check (and repair) runs before the first call, which reports a repair. The other
    tools must work when memory cannot: a failure is logged here and reported by every memory call."""
    try:
        svc.memory  # noqa: B018 - opening it runs the check
    except (ContexteerError, OSError) as exc:
        logger.error("memory is unavailable at startup: %s", exc)


def lifespan(svc: Services, *, close: bool) -> Callable[[MCPServer[Any]], AbstractAsyncContextManager[Services]]:
    """The MCPServer lifespan: yields `svc`, and with `close` closes it when the last connection using it ends.

    The SDK enters the lifespan once per run of the low-level server: once for stdio and once for the streamable
    HTTP app (its session manager), but once per connection for SSE streams and for each in-process `Client`. The
    services are shared by all of them, so they are closed when the last one ends. A served transport (`contexteer
    serve`) closes them; an in-process server (tests, an embedding program) keeps them open across its clients
    (the first-call wait of a cold build, the index's sweeps) until its owner calls `Services.close()`."""
    users = [0]
    guard = threading.Lock()

    @asynccontextmanager
    async def span(mcp: MCPServer[Any]) -> AsyncIterator[Services]:
        del mcp
        with guard:
            users[0] += 1
        try:
            yield svc
        finally:
            with guard:
                users[0] -= 1
                last = users[0] == 0
            if last and close:
                import anyio.to_thread

                await anyio.to_thread.run_sync(_close, svc)

    return span


def _close(svc: Services) -> None:
    try:
        svc.close()
    except Exception:  # noqa: BLE001 - closing must not take the server's shutdown down with it
        logger.exception("closing the services of %s failed", svc.ws.root)
