"""Builds the `contexteer` MCPServer for one workspace: tools, resources, shaping middleware, health route."""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING

from mcp.server import MCPServer

from contexteer import __version__
from contexteer.config import LoadedConfig
from contexteer.server.schema import compact_registered_tools
from contexteer.server.services import build_services, lifespan, start_memory
from contexteer.server.shaping_mw import ShapingMiddleware
from contexteer.tools.base import RequestSessionMiddleware, Services
from contexteer.tools.catalog import RESOURCES, TOOLS
from contexteer.workspace import Workspace

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response

logger = logging.getLogger(__name__)

INSTRUCTIONS = """\
contexteer gives you a precise, cheap view of this repository and a long-term memory.
Work structure-first: get_structured_index (a file's outline, or a ranked map of a directory) ->
search_symbol / search_text to locate -> read_code_range with path+lines or symbol= (context="semantic"
adds the definitions it uses and its callers) to read exactly what you need. Locations are path:start-end.
Large results come back as a digest or overview with a handle: call fetch_result(handle, start_line,
end_line or pattern) for the exact lines instead of re-running the tool.
Memory holds only what someone explicitly asked to keep: `memory` action=recall at the start of work,
action=save for decisions and requirements the user wants kept, action=checkpoint_save before a long pause.
Entries show their age; verify old ones against the code before relying on them."""


def build_server(ws: Workspace, loaded: LoadedConfig, *, services: Services | None = None,
                 close_on_exit: bool = False) -> MCPServer:
    """The server of one workspace. With `close_on_exit` (a served transport) its services are closed when its
    last connection ends (contexteer.server.services.lifespan); otherwise by whoever built it."""
    svc = services or build_services(ws, loaded)
    mcp: MCPServer = MCPServer(
        "contexteer",
        title="contexteer",
        version=__version__,
        instructions=INSTRUCTIONS,
        log_level=loaded.settings.server.log_level,
        middleware=[ShapingMiddleware(svc), RequestSessionMiddleware(svc)],
        lifespan=lifespan(svc, close=close_on_exit),
    )
    svc.bind(mcp)
    start_memory(svc)
    svc.register(TOOLS, RESOURCES)
    compact_registered_tools(mcp)

    @mcp.custom_route("/healthz", methods=["GET"], include_in_schema=False)
    async def healthz(request: Request) -> Response:
        from starlette.responses import JSONResponse

        del request
        return JSONResponse({"status": "ok", "name": "contexteer", "version": __version__})

    mcp.contexteer_services = svc  # type: ignore[attr-defined]
    return mcp


def services_of(mcp: MCPServer) -> Services:
    return mcp.contexteer_services  # type: ignore[attr-defined,no-any-return]


def warm_up(mcp: MCPServer) -> threading.Thread:
    """Prepare in a background thread what the first call would otherwise wait for: the token counter (the bundled
    encoding takes ~0.5 s to load) and, when the index is already built, the index itself: opened, with its
    freshness sweep started in the background (a new server on the kernel's index answers at once). A cold index
    is not built here: the first query that needs it starts the build, as always."""

    def work() -> None:
        started = time.monotonic()
        svc = services_of(mcp)
        try:
            svc.pipeline.count("warm")
            nav = svc.nav
            if nav.index.store.is_complete():
                nav.index.ensure_built(wait_seconds=0)
            logger.debug("warmed up in %.2f s", time.monotonic() - started)
        except Exception:  # noqa: BLE001 - the first call does the same work and reports what fails
            logger.debug("warm-up failed; the first call does it", exc_info=True)

    thread = threading.Thread(target=work, name="contexteer-warm-up", daemon=True)
    thread.start()
    return thread
