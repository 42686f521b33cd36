"""What every tool module shares: the services it calls and the registration helper that delivers answers.

A tool module exposes `register(mcp, svc)`; inside it declares tools with `svc.tool(...)`. A tool returns one
typed `Answer` (contexteer.shaping.answer); the registration wraps it so that every answer goes through the
shaping pipeline and is rendered once, into what the client hands the model: text by default, and the typed
model as structuredContent too when `shaping.structured_output` is on (see the README's "Delivery").
Tools are thin: validate arguments, call the domain layer, return an Answer.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import logging
import threading
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any

import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel

from contexteer.config import LoadedConfig, Settings
from contexteer.errors import ContexteerError
from contexteer.journal import EventLog, summarize_args
from contexteer.shaping.answer import Answer, FileLines, Hits, render
from contexteer.shaping.pipeline import head_cut
from contexteer.shaping.store import Results
from contexteer.storage import Database, database_for
from contexteer.storage.journal import open_journal
from contexteer.storage.sessions import SessionStore
from contexteer.workspace import Workspace

if TYPE_CHECKING:
    from mcp.server import MCPServer

logger = logging.getLogger(__name__)

#: Answers larger than this (characters, estimated) are shaped on a worker thread, off the event loop.
_THREAD_THRESHOLD_CHARS = 64_000


@dataclass(frozen=True)
class ToolSpec:
    name: str
    params: frozenset[str]  # the arguments the tool accepts (an unknown one is refused before it runs)
    terms_from: tuple[str, ...] = ()  # arguments whose text a digest must keep (what the caller searched for)


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
        token = _request_session.set(self.svc.session_key(getattr(ctx, "session", None), getattr(ctx, "request", None)))
        try:
            return await call_next(ctx)
        finally:
            _request_session.reset(token)


#: Where the HTTP auth layer leaves the authenticated client in the ASGI scope (contexteer.server.tokens).
CLIENT_SCOPE_KEY = "contexteer.client"
#: The scopes a per-user token may carry.
SCOPES = ("read", "memory:write")


@dataclass(frozen=True)
class Client:
    """Who sent a request, from a per-user token: the name memory entries and journal events record, and its scopes."""

    name: str
    scopes: frozenset[str]


def request_client(request: Any) -> Client | None:
    """The authenticated client of an HTTP request (None on stdio, or with a single shared token)."""
    scope = getattr(request, "scope", None)
    client = scope.get(CLIENT_SCOPE_KEY) if isinstance(scope, dict) else None
    return client if isinstance(client, Client) else None


READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, destructive_hint=False, open_world_hint=False)


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
        description: str,
        output: type[BaseModel] | None = None,
        annotations: ToolAnnotations | None = READ_ONLY,
        terms_from: tuple[str, ...] = (),
        title: str | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a tool that returns an `Answer`: the registered function shapes and renders it.

        `output` is the typed model of its answers, advertised as the output schema only when structured
        output is on; `terms_from` names the arguments whose text a digest keeps."""
        if self._mcp is None:
            raise RuntimeError("Services.bind(mcp) must be called before tools are registered")
        mcp = self._mcp
        structured = output is not None and self.settings.shaping.structured_output

        def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
            sig = inspect.signature(fn, eval_str=True)
            returns: Any = Annotated[CallToolResult, output] if structured else CallToolResult
            wrapper = self._delivering(fn, name, terms_from)
            wrapper.__signature__ = sig.replace(return_annotation=returns)  # type: ignore[attr-defined]
            wrapper.__annotations__ = {p.name: p.annotation for p in sig.parameters.values()
                                       if p.annotation is not inspect.Parameter.empty} | {"return": returns}
            mcp.add_tool(wrapper, name=name, title=title, description=description, annotations=annotations,
                         structured_output=structured)
            params = frozenset(p.name for p in sig.parameters.values() if p.annotation is not Context)
            self.specs[name] = ToolSpec(name=name, params=params, terms_from=terms_from)
            return fn

        return decorator

    def _delivering(self, fn: Callable[..., Any], name: str, terms_from: tuple[str, ...]) -> Callable[..., Any]:
        """The registered function: run the tool, turn anticipated failures into tool errors (our message,
        logged at INFO; anything else stays unexpected: the SDK logs it and answers without internals), and
        deliver the answer shaped."""
        keep = ("__module__", "__name__", "__qualname__", "__doc__")
        if inspect.iscoroutinefunction(fn):

            async def run_async(**kwargs: Any) -> CallToolResult:
                try:
                    answer = await fn(**kwargs)
                except ContexteerError as exc:
                    raise ToolError(str(exc)) from exc
                if _size(answer) > _THREAD_THRESHOLD_CHARS:
                    return await anyio.to_thread.run_sync(self.deliver, name, answer, kwargs, terms_from)
                return self.deliver(name, answer, kwargs, terms_from)

            return functools.update_wrapper(run_async, fn, assigned=keep, updated=())

        def run_sync(**kwargs: Any) -> CallToolResult:  # the SDK runs it on a worker thread
            try:
                answer = fn(**kwargs)
            except ContexteerError as exc:
                raise ToolError(str(exc)) from exc
            return self.deliver(name, answer, kwargs, terms_from)

        return functools.update_wrapper(run_sync, fn, assigned=keep, updated=())

    def deliver(self, name: str, answer: Answer, kwargs: dict[str, Any], terms_from: tuple[str, ...] = ()) -> CallToolResult:
        """Shape one answer into the result the client receives (text; structuredContent too when it is on)."""
        if not isinstance(answer, Answer):
            raise TypeError(f"tool {name} returned {type(answer).__name__}; a tool returns an Answer")
        args = {k: v for k, v in kwargs.items() if not isinstance(v, Context)}
        answer.terms = [*answer.terms, *(v for k in terms_from if isinstance(v := args.get(k), str) and v.strip())]
        try:
            shaped = self.pipeline.shape(answer, tool=name, args=summarize_args(args))
        except Exception:  # shaping must never take the answer down, nor let a flood through
            logger.exception("shaping failed for tool %r; delivering a plain head cut", name)
            text, figures = head_cut(render(answer), 4 * self.settings.context_mode_mcp.max_digest_threshold)
            return CallToolResult(content=[TextContent(type="text", text=text)], _meta=figures)
        return CallToolResult(content=[TextContent(type="text", text=shaped.text)], structured_content=shaped.structured,
                              _meta=shaped.meta)

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

    def session_key(self, session: Any, request: Any = None) -> str:
        """The key of a request's per-session state: its MCP session, or, for a stateless request (replicas serve
        HTTP without sessions), the authenticated client, so memory's ignore flag, the entries already shown and the
        session budget follow one person across replicas. STATELESS when neither is known."""
        sid = self.session_id(session)
        if sid == STATELESS:
            client = request_client(request)
            if client is not None:
                return f"client-{client.name}"
        return sid

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
    def database(self) -> Database | None:
        """The team database when storage.url is set (results, journal, memory and session state live there)."""
        return database_for(self.settings)

    @cached_property
    def sessions(self) -> SessionStore | None:
        """Per-session state in the team database (None: kept in this process, as with one server)."""
        if self.database is None:
            return None
        return SessionStore(self.database, self.ws.project_key, idle_seconds=self.settings.server.session_idle_seconds)

    @cached_property
    def journal(self) -> EventLog:
        return open_journal(self.ws, self.settings, self.database)

    @cached_property
    def store(self) -> Results:
        s = self.settings.shaping
        limits = {"max_entries": s.store_max_entries, "max_bytes": s.store_max_bytes, "ttl_seconds": s.store_ttl_seconds}
        if self.database is not None:
            from contexteer.shaping.store_pg import PgResultStore

            return PgResultStore(self.database, self.ws.project_key, **limits)
        from contexteer.shaping.store import ResultStore

        return ResultStore(self.ws.storage("results"), **limits)

    @cached_property
    def pipeline(self) -> Any:
        from contexteer.shaping.pipeline import Pipeline

        return Pipeline(self.settings, self.store)


def _size(answer: Any) -> int:
    """A quick size of an answer's body in characters (decides whether shaping leaves the event loop)."""
    body = getattr(answer, "body", None)
    if isinstance(body, FileLines):
        return sum(len(x) for x in body.lines)
    if isinstance(body, Hits):
        return 80 * len(body.rows)
    return len(getattr(body, "text", "") or "")
