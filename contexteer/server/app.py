"""Builds the `contexteer` MCPServer for one workspace: tools, resources, shaping middleware, health route."""

from __future__ import annotations

import importlib
import logging

from mcp.server import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from contexteer import __version__
from contexteer.config import LoadedConfig
from contexteer.server.schema import compact_registered_tools
from contexteer.server.shaping_mw import ShapingMiddleware
from contexteer.tools.base import RequestSessionMiddleware, Services
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)

#: Tool modules, each exposing `register(mcp, svc)`.
TOOL_MODULES = (
    "contexteer.tools.files",
    "contexteer.tools.navigation",
    "contexteer.tools.relations",
    "contexteer.tools.diagnostics",
    "contexteer.tools.results",
    "contexteer.tools.memory",
)

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


def build_server(ws: Workspace, loaded: LoadedConfig, *, services: Services | None = None) -> MCPServer:
    svc = services or Services(ws, loaded)
    mcp: MCPServer = MCPServer(
        "contexteer",
        title="contexteer",
        version=__version__,
        instructions=INSTRUCTIONS,
        log_level=loaded.settings.server.log_level,
        middleware=[ShapingMiddleware(svc), RequestSessionMiddleware(svc)],
    )
    svc.bind(mcp)
    for modname in TOOL_MODULES:
        try:
            module = importlib.import_module(modname)
        except ModuleNotFoundError as exc:
            if exc.name != modname:
                raise
            logger.debug("tool module %s is not present", modname)
            continue
        module.register(mcp, svc)
    compact_registered_tools(mcp)

    @mcp.custom_route("/healthz", methods=["GET"], include_in_schema=False)
    async def healthz(request: Request) -> Response:
        del request
        return JSONResponse({"status": "ok", "name": "contexteer", "version": __version__})

    mcp.contexteer_services = svc  # type: ignore[attr-defined]
    return mcp


def services_of(mcp: MCPServer) -> Services:
    return mcp.contexteer_services  # type: ignore[attr-defined,no-any-return]
