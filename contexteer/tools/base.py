"""What every tool module shares: the services it calls, the registration helper, and `respond`.

A tool module exposes `register(mcp, svc)`; inside it declares tools with `svc.tool(...)`, which
registers the function with the MCP server *and* records the kind of content the tool returns, so
the shaping middleware (contexteer.server.shaping_mw) can pick the right digester for every result.
Tools are thin: validate arguments, call the domain layer, return `respond(model, text)`.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import logging
import threading
import uuid
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel

from contexteer.config import LoadedConfig, Settings
from contexteer.errors import ContexteerError
from contexteer.memory.journal import Journal
from contexteer.workspace import Workspace

if TYPE_CHECKING:
    from mcp.server import MCPServer

logger = logging.getLogger(__name__)

ContentKind = Literal["code", "log", "search", "json", "text", "markdown"]

#: Keys a tool may put into its result's `_meta` to steer shaping; the middleware removes them.
META_KIND = "contexteer/kind"
META_TERMS = "contexteer/terms"
META_EXPLICIT = "contexteer/explicit"
META_OUTLINE = "contexteer/outline"


@dataclass(frozen=True)
class ToolSpec:
    name: str
    kind: ContentKind
    terms_from: tuple[str, ...] = ()


#: The MCP session of the request being served, for handlers the SDK gives no Context (static resources).
_request_session: contextvars.ContextVar[str | None] = contextvars.ContextVar("contexteer_request_session", default=None)


class RequestSessionMiddleware:
    """`ServerMiddleware`: records which MCP session a resources/read belongs to (`Services.current_session_id`).

    Tools get the session from their `Context`; static resources cannot declare one (the SDK refuses),
    so this is how a resource honours per-session state such as memory's ignore flag."""

    def __init__(self, svc: Services) -> None:
        self.svc = svc

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if getattr(ctx, "method", None) != "resources/read":
            return await call_next(ctx)
        token = _request_session.set(self.svc.session_id(getattr(ctx, "session", None)))
        try:
            return await call_next(ctx)
        finally:
            _request_session.reset(token)


READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, destructive_hint=False, open_world_hint=False)


def respond(
    model: BaseModel | None,
    text: str,
    *,
    kind: ContentKind | None = None,
    terms: Iterable[str] = (),
    explicit: bool = False,
    outline: list[tuple[int, int, str, str]] | None = None,
) -> CallToolResult:
    """A tool result: compact text for the model, the typed model as structuredContent, and shaping hints.

    `kind` overrides the tool's declared kind for this result (a read of a .log file is a log);
    `terms` are lines the digest must keep (what the caller searched for); `explicit` marks a range
    the caller asked for by lines or name, which passes whole while under the digest threshold;
    `outline` gives the code digester the file's symbols as (start, end, name, kind).
    """
    meta: dict[str, Any] = {}
    if kind:
        meta[META_KIND] = kind
    terms = [t for t in terms if t]
    if terms:
        meta[META_TERMS] = list(terms)
    if explicit:
        meta[META_EXPLICIT] = True
    if outline:
        meta[META_OUTLINE] = [list(o) for o in outline]
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=model.model_dump(mode="json", by_alias=True) if model is not None else None,
        _meta=meta or None,
    )


def _as_tool_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Anticipated failures (ContexteerError) become tool errors whose text is our message, logged at INFO;
    anything else stays unexpected: the SDK logs its traceback and answers without internals."""
    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return await fn(*args, **kwargs)
            except ContexteerError as exc:
                raise ToolError(str(exc)) from exc

        return async_wrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ContexteerError as exc:
            raise ToolError(str(exc)) from exc

    return wrapper


STATELESS = "stateless"  # the session id of a request that belongs to no session (see Services.session_id)

class Services:
    """The long-lived domain objects of one served workspace, created lazily on first use."""

    def __init__(self, ws: Workspace, loaded: LoadedConfig) -> None:
        self.ws = ws
        self.loaded = loaded
        self.settings: Settings = loaded.settings
        self.specs: dict[str, ToolSpec] = {}
        self._mcp: MCPServer | None = None
        self._identities: dict[int, tuple[weakref.ref[Any], str]] = {}
        self._lock = threading.RLock()
        self.session_state: dict[str, dict[str, Any]] = {}

    # ----- registration --------------------------------------------------------------------
    def bind(self, mcp: MCPServer) -> None:
        self._mcp = mcp

    def tool(
        self,
        name: str,
        *,
        kind: ContentKind,
        description: str,
        annotations: ToolAnnotations | None = READ_ONLY,
        terms_from: tuple[str, ...] = (),
        title: str | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a tool and declare the kind of content it returns (and which arguments are its terms)."""
        if self._mcp is None:
            raise RuntimeError("Services.bind(mcp) must be called before tools are registered")
        mcp = self._mcp

        def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
            mcp.add_tool(_as_tool_errors(fn), name=name, title=title, description=description, annotations=annotations)
            self.specs[name] = ToolSpec(name=name, kind=kind, terms_from=terms_from)
            return fn

        return decorator

    # ----- sessions ------------------------------------------------------------------------
    def session_id(self, session: Any) -> str:
        """A stable id for the MCP session a request belongs to ('local' when there is none).

        The SDK builds a new ServerSession (and, on the 2026-07-28 protocol, a new Connection) per
        request, so the id comes from what outlives a request: the transport's session id (HTTP with
        sessions), the connection's own channel (stdio and other duplex streams), or the in-memory
        client's dispatcher. Stateless HTTP (the 2026-07-28 protocol over /mcp, or a server run stateless)
        has no session at all: its requests get STATELESS, whose state lives for one request only, so
        no client ever sees another's "already shown" marks, budget or ignore flag.
        """
        if session is None:
            return "local"
        conn = getattr(session, "_connection", None)
        if conn is None:
            return self._identity(session)
        sid = getattr(conn, "session_id", None)
        if sid:
            return f"http-{sid}"
        outbound = getattr(conn, "outbound", None)
        if outbound is not None and type(outbound).__name__ != "_NoChannelOutbound":
            return self._identity(outbound)
        dctx = getattr(session, "_request_outbound", None)
        transport = getattr(getattr(dctx, "_inner", dctx), "transport", None)  # in-memory: one per client
        if transport is not None and type(dctx).__name__ == "_NoServerRequestsDispatchContext":
            return self._identity(transport)
        return STATELESS

    def _identity(self, obj: Any) -> str:
        """A short id per live object (works for unhashable objects, forgets dead ones)."""
        key = id(obj)
        with self._lock:
            hit = self._identities.get(key)
            if hit is not None and hit[0]() is obj:
                return hit[1]

            def forget(dead: weakref.ref[Any], k: int = key) -> None:
                current = self._identities.get(k)
                if current is not None and current[0] is dead:  # the id may already belong to a newer object
                    self._identities.pop(k, None)

            try:
                ref = weakref.ref(obj, forget)
            except TypeError:
                return "local"
            sid = uuid.uuid4().hex[:12]
            self._identities[key] = (ref, sid)
            return sid

    def current_session_id(self) -> str:
        """The session of the resources/read being served ('local' outside one); see RequestSessionMiddleware."""
        return _request_session.get() or "local"

    def state(self, session_id: str) -> dict[str, Any]:
        """Per-session scratch state (memory ignore flag, memory bytes shown, ...); a fresh, unkept dict
        for a stateless request."""
        if session_id == STATELESS:
            return {}
        with self._lock:
            return self.session_state.setdefault(session_id, {})

    # ----- domain objects ------------------------------------------------------------------
    @cached_property
    def journal(self) -> Journal:
        j = self.settings.journal
        return Journal(self.ws.storage("journal.jsonl"), max_bytes=j.max_bytes, keep=j.keep)

    @cached_property
    def store(self) -> Any:
        from contexteer.shaping.store import ResultStore

        s = self.settings.shaping
        return ResultStore(
            self.ws.storage("results"), max_entries=s.store_max_entries, max_bytes=s.store_max_bytes, ttl_seconds=s.store_ttl_seconds
        )

    @cached_property
    def pipeline(self) -> Any:
        from contexteer.shaping.pipeline import Pipeline

        return Pipeline(self.settings, self.store)
