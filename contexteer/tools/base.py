"""What every tool module shares: the services it calls and the declarations that deliver its answers.

A tool is a module-level function `fn(svc, ...)` declared with `@tool(...)`; contexteer.tools.catalog lists every
tool in one place, and the server registers that list (`Services.register`). A tool returns one typed `Answer`
(contexteer.shaping.answer); the registration wraps it so that every answer goes through the shaping pipeline and
is rendered once, into what the client hands the model: text by default, and the typed model as structuredContent
too when `shaping.structured_output` is on (see the README's "Delivery").
Tools are thin: validate arguments, call the domain layer (the navigation service, memory, the result store),
return an Answer.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import json
import logging
import posixpath
import re
import threading
import uuid
import weakref
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, TypeVar, cast

import anyio.to_thread
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel

from contexteer.config import LoadedConfig, Settings
from contexteer.errors import ContexteerError, InputError, PathNotFound
from contexteer.fitting import fit_largest
from contexteer.journal import EventLog, summarize_args
from contexteer.shaping.answer import Answer, FileLines, Hits, Text, render
from contexteer.shaping.limits import MAX_ANSWER_TOKENS, answer_budget, answer_limit, asked_limit
from contexteer.shaping.pipeline import head_cut
from contexteer.shaping.store import Results
from contexteer.storage import Database, database_for
from contexteer.storage.journal import open_journal
from contexteer.storage.sessions import SessionStore
from contexteer.workspace import Workspace

if TYPE_CHECKING:
    from mcp.server import MCPServer

    from contexteer.memory.service import MemoryService
    from contexteer.navigation.service import IndexFactory, NavigationService
    from contexteer.shaping.pipeline import Pipeline

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

#: A tool's function `fn(svc, **arguments)`: its arguments differ per tool; it answers (or awaits) an Answer.
ToolFn: TypeAlias = Callable[..., "Answer | Awaitable[Answer]"]
#: The function registered with the SDK: the tool's arguments in, the delivered result out.
Delivering: TypeAlias = Callable[..., "CallToolResult | Awaitable[CallToolResult]"]

#: Answers larger than this (characters, estimated) are shaped on a worker thread, off the event loop.
_THREAD_THRESHOLD_CHARS = 64_000


@dataclass(frozen=True)
class ToolDef:
    """A declared tool: its function `fn(svc, ...)` and how it is advertised (see `tool`)."""

    fn: ToolFn
    name: str
    description: str
    output: type[BaseModel] | None = None
    annotations: ToolAnnotations | None = None
    terms_from: tuple[str, ...] = ()
    title: str | None = None


@dataclass(frozen=True)
class ResourceDef:
    """A declared static resource: its function `fn(svc) -> str` and how it is advertised."""

    fn: Callable[[Services], str]
    uri: str
    name: str
    mime_type: str
    description: str


def tool(
    name: str,
    *,
    description: str,
    output: type[BaseModel] | None = None,
    annotations: ToolAnnotations | None = None,
    terms_from: tuple[str, ...] = (),
    title: str | None = None,
) -> Callable[[ToolFn], ToolDef]:
    """Declare a tool: a module-level function whose first parameter is the `Services` and whose other parameters
    are the tool's arguments. `output` is the typed model of its answers, advertised as the output schema only when
    structured output is on; `terms_from` names the arguments whose text a digest keeps. Read-only by default."""

    def declare(fn: ToolFn) -> ToolDef:
        return ToolDef(fn, name, description, output, annotations or READ_ONLY, terms_from, title)

    return declare


#: the tools whose `budget_tokens` argument sizes the call's answer (a map's budget sizes the map, not the answer)
_ANSWER_BUDGET_TOOLS = frozenset({"read_code_range", "batch"})  # (batch: the joined answer; stripe runs 543, 545)


def _asked_budget(name: str, kwargs: Mapping[str, object]) -> int | None:
    """The answer size a call asked for with budget_tokens, checked: None when it asked for none."""
    asked = kwargs.get("budget_tokens") if name in _ANSWER_BUDGET_TOOLS else None
    if asked is None:
        return None
    if not isinstance(asked, int) or isinstance(asked, bool) or not 500 <= asked <= MAX_ANSWER_TOKENS:
        raise ToolError(f"budget_tokens={asked!r} is out of range: pass 500 to {MAX_ANSWER_TOKENS:,} tokens (the default, "
                        "without it, is 4,096), or read fewer lines per call.")
    return asked


def resource(uri: str, *, name: str, mime_type: str, description: str) -> Callable[[Callable[[Services], str]], ResourceDef]:
    """Declare a static resource: a module-level function of the `Services` returning its text."""

    def declare(fn: Callable[[Services], str]) -> ResourceDef:
        return ResourceDef(fn, uri, name, mime_type, description)

    return declare


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

    async def __call__(self, ctx: ServerRequestContext, call_next: CallNext) -> HandlerResult:
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


def request_client(request: object) -> Client | None:
    """The authenticated client of an HTTP request (None on stdio, or with a single shared token)."""
    scope = getattr(request, "scope", None)
    client = scope.get(CLIENT_SCOPE_KEY) if isinstance(scope, dict) else None
    return client if isinstance(client, Client) else None


READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, destructive_hint=False, open_world_hint=False)


STATELESS = "stateless"  # the session id of a request that belongs to no session (see Services.session_id)

#: how a part of `several` gives its first lines within a token budget: (text, the call that continues it), or None
HeadMaker = Callable[[int, Callable[[str], int]], Awaitable["tuple[str, str] | None"]]


class Services:
    """The long-lived domain objects of one served workspace, created lazily on first use and closed by the server's
    lifespan (contexteer.server.services builds them: the one composition root)."""

    def __init__(self, ws: Workspace, loaded: LoadedConfig, *, open_index: IndexFactory) -> None:
        self.ws = ws
        self.loaded = loaded
        self.settings: Settings = loaded.settings
        self._open_index = open_index
        self.specs: dict[str, ToolSpec] = {}
        self.tool_defs: dict[str, ToolDef] = {}  # the registered tools by name (batch calls them)
        #: why a call's arguments are refused before it runs, as the server checks a tools/call (set by its middleware)
        self.argument_refusal: Callable[[str, Any], str | None] | None = None
        self._mcp: MCPServer | None = None
        self._identities: dict[int, tuple[weakref.ref[object], str]] = {}
        self._lock = threading.RLock()
        self.session_state: dict[str, dict[str, object]] = {}
        #: fetch_result's last few stored results with their secrets redacted (handle -> text, counts)
        self.redacted_results: dict[str, tuple[str, dict[str, int]]] = {}
        self.redacted_lock = threading.Lock()

    # ----- registration --------------------------------------------------------------------
    def bind(self, mcp: MCPServer) -> None:
        self._mcp = mcp

    def register(self, tools: Iterable[ToolDef], resources: Iterable[ResourceDef] = ()) -> None:
        """Register declared tools (each shapes and renders its Answer) and static resources on the bound server."""
        if self._mcp is None:
            raise RuntimeError("Services.bind(mcp) must be called before tools are registered")
        for t in tools:
            self._add_tool(self._mcp, t)
        for r in resources:
            self._add_resource(self._mcp, r)

    def _add_tool(self, mcp: MCPServer, t: ToolDef) -> None:
        structured = t.output is not None and self.settings.shaping.structured_output
        sig = inspect.signature(t.fn, eval_str=True)
        sig = sig.replace(parameters=list(sig.parameters.values())[1:])  # the Services are bound, not an argument
        returns: object = Annotated[CallToolResult, t.output] if structured else CallToolResult
        wrapper = self._delivering(functools.partial(t.fn, self), t.fn, t.name, t.terms_from)
        wrapper.__signature__ = sig.replace(return_annotation=returns)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {p.name: p.annotation for p in sig.parameters.values()
                                   if p.annotation is not inspect.Parameter.empty} | {"return": returns}
        mcp.add_tool(wrapper, name=t.name, title=t.title, description=t.description, annotations=t.annotations,
                     structured_output=structured)
        params = frozenset(p.name for p in sig.parameters.values() if p.annotation is not Context)
        self.specs[t.name] = ToolSpec(name=t.name, params=params, terms_from=t.terms_from)
        self.tool_defs[t.name] = t

    def _add_resource(self, mcp: MCPServer, r: ResourceDef) -> None:
        def read() -> str:
            return r.fn(self)

        read.__name__, read.__qualname__, read.__doc__ = r.fn.__name__, r.fn.__qualname__, r.fn.__doc__  # no __wrapped__:
        # the SDK reads the signature, and `svc` is no URI template variable
        mcp.resource(r.uri, name=r.name, mime_type=r.mime_type, description=r.description)(read)

    def _delivering(self, fn: ToolFn, declared: ToolFn, name: str, terms_from: tuple[str, ...]) -> Delivering:
        """The registered function: run the tool, turn anticipated failures into tool errors (our message,
        logged at INFO; anything else stays unexpected: the SDK logs it and answers without internals), and
        deliver the answer shaped."""
        keep = ("__module__", "__name__", "__qualname__", "__doc__")
        if inspect.iscoroutinefunction(declared):

            async def run_async(**kwargs: object) -> CallToolResult:
                with answer_budget(_asked_budget(name, kwargs)):  # (read_code_range's budget_tokens: this call's size)
                    try:
                        answer = await cast("Awaitable[Answer]", fn(**kwargs))  # declared async: it returns an awaitable
                    except ContexteerError as exc:
                        raise ToolError(self.explained(exc, name)) from exc
                    if _size(answer) > _THREAD_THRESHOLD_CHARS:
                        return await anyio.to_thread.run_sync(self.deliver, name, answer, kwargs, terms_from)
                    return self.deliver(name, answer, kwargs, terms_from)

            return functools.update_wrapper(run_async, declared, assigned=keep, updated=())

        def run_sync(**kwargs: object) -> CallToolResult:  # the SDK runs it on a worker thread
            try:
                answer = fn(**kwargs)
            except ContexteerError as exc:
                raise ToolError(self.explained(exc, name)) from exc
            return self.deliver(name, answer, kwargs, terms_from)

        return functools.update_wrapper(run_sync, declared, assigned=keep, updated=())

    def explained(self, exc: ContexteerError, tool: str = "") -> str:
        """An error's message; for a path that does not exist, with the repository's files of that name when the
        index is open (the Swift A/B agent asked for Core/Views/ExpoFabricView.swift, which is Fabric/'s)."""
        path = getattr(exc, "path", None) if isinstance(exc, PathNotFound) else None
        if not path:
            return str(exc)
        base = posixpath.basename(path.rstrip("/"))
        try:
            same = [f for f in self.nav.all_files() if posixpath.basename(f) == base][:5]
            # a definition's name given as the path (`ConcreteViewProp.set`, the Swift A/B run 120): where it is
            defs = self.nav.index.find_symbols(path, match="exact", limit=5) \
                if not same and "/" not in path and re.fullmatch(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+", path) else []
        except ContexteerError:
            return str(exc)
        if defs:  # (`path="FILE:Symbol"` is a read's; another tool takes the file)
            paths = list(dict.fromkeys(f"{d.path}:{d.qualname}" if tool == "read_code_range" else d.path for d in defs))
            return f"{exc} '{path}' names a definition: pass " + " or ".join(f'path="{p}"' for p in paths[:3]) + "."
        return f"{exc} Files named {base}: {', '.join(same)}." if same else str(exc)

    def deliver(self, name: str, answer: object, kwargs: Mapping[str, object], terms_from: tuple[str, ...] = ()) -> CallToolResult:
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

    async def several(self, tool: str | Sequence[str], parts: Sequence[tuple[str, Callable[[], Awaitable[Answer]]]],
                      heads: Sequence[HeadMaker | None] = (), args: Sequence[Mapping[str, object]] = ()) -> Answer:
        """Several answers of one tool in one call, as a shell agent chains `sed -n 10,40p a; sed -n 5,9p b`: each
        part (the exact single call, and how to answer it) shaped as it would be alone, in the order asked, while
        together they fit one answer (context_mode_mcp.max_digest_threshold); the parts past that are named by their
        calls. The first part that does not fit whole, when `heads` has a maker for it (a read of lines), gives as
        much of itself as fits what is left, with the call that continues it (rouge A/B run 156: a 600-line read
        after a 108-line one had been dropped whole, 3,000 tokens of room unused). A part that fails says why in its
        place and takes nothing else down (an unexpected failure too: logged, and said in its place); when all fail,
        the call fails. `tool` names the tool of every part, or (a batch) one per part: each is shaped as that tool's
        answer with its arguments (`args`, per part: a cut part's handle recomputes with them) under its call."""
        labelled = not isinstance(tool, str)
        whole = answer_limit(self.settings)
        texts: list[str] = []
        left: list[str] = []
        model: BaseModel | None = None
        used = failed = 0
        cut = ""
        typed = self.settings.shaping.structured_output
        if typed:  # the joined text goes out inside structuredContent too: count it as the JSON string it becomes,
            whole -= 200  # and keep room for the typed fields around it (emptied)

        def count(text: str) -> int:
            return self.pipeline.count(json.dumps(text) if typed else text)

        for i, (call, make) in enumerate(parts):
            if left:
                left.append(call)
                continue
            name = tool if isinstance(tool, str) else tool[i]
            given = summarize_args(args[i]) if i < len(args) else None
            try:
                answer = await make()
                text = (await anyio.to_thread.run_sync(functools.partial(
                    self.pipeline.shape, answer, tool=name, args=given))).text
            except ContexteerError as exc:
                text, failed = f"{call}: {self.explained(exc, name)}", failed + 1
            except Exception:  # one part's crash takes no other part down; the traceback goes to the server log
                logger.exception("%s failed in a call of several answers", call)
                text, failed = f"{call}: failed unexpectedly (the server log has the details); the others stand", \
                    failed + 1
            else:
                text = f"## {call}\n{text}" if labelled else text
                model = model or answer.model
            n = count(text)
            if texts and used + n > whole:
                head = heads[i] if i < len(heads) else None
                room = whole - used - 150  # (the note below)
                got = await head(room, count) if head is not None and room >= 400 else None
                if got is not None:
                    texts.append(got[0])
                    used += count(got[0])
                    cut, call = call, got[1]
                left.append(call)
                continue
            texts.append(text)
            used += n
        if failed == len(parts):
            raise InputError("\n".join(texts))
        if left:
            shown = len(parts) - len(left)
            texts.append(f"[{shown} of {len(parts)} answers shown" + (f", then the first lines of {cut}" if cut else "")
                         + f", as many as fit one answer ({answer_limit(self.settings)} tokens); "
                         + ("the rest" if cut else "the others") + f": {'; '.join(left)}"
                         + (f"; or all in one call with budget_tokens= up to {MAX_ANSWER_TOKENS}"
                            if tool == "read_code_range" and asked_limit() is None else "") + "]")
        return Answer(Text("\n\n".join(texts)), model, scope="shaped")

    def largest_whole(self, k: int, build: Callable[[int], Answer]) -> tuple[Answer, bool]:
        """The answer `build(n)` of the most items (n <= k, at least 1 when k > 0) that passes whole: no larger than
        context_mode_mcp.max_digest_threshold as the pipeline counts it, so a page is never digested (a digest would
        fold rows its next_cursor skips); False when even one item does not pass whole."""
        pages: dict[int, Answer] = {}

        def text_of(n: int) -> str:
            pages[n] = build(n)
            return render(pages[n])

        whole = answer_limit(self.settings)
        got = fit_largest(k, text_of, whole, self.pipeline.count, lo=min(1, k),
                          cost_of=lambda n, _text: self.pipeline.cost(pages[n]))
        return pages[got.k], got.fits

    # ----- sessions ------------------------------------------------------------------------
    def session_id(self, session: object) -> str:
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

    def session_key(self, session: object, request: object = None) -> str:
        """The key of a request's per-session state: its MCP session, or, for a stateless request (replicas serve
        HTTP without sessions), the authenticated client, so memory's ignore flag, the entries already shown and the
        session budget follow one person across replicas. STATELESS when neither is known."""
        sid = self.session_id(session)
        if sid == STATELESS:
            client = request_client(request)
            if client is not None:
                return f"client-{client.name}"
        return sid

    def _identity(self, obj: object) -> str:
        """A short id per live object (works for unhashable objects, forgets dead ones)."""
        key = id(obj)
        with self._lock:
            hit = self._identities.get(key)
            if hit is not None and hit[0]() is obj:
                return hit[1]

            def forget(dead: weakref.ref[object], k: int = key) -> None:
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

    def state(self, session_id: str) -> dict[str, object]:
        """Per-session scratch state (memory ignore flag, memory bytes shown, ...); a fresh, unkept dict
        for a stateless request."""
        if session_id == STATELESS:
            return {}
        with self._lock:
            return self.session_state.setdefault(session_id, {})

    # ----- domain objects ------------------------------------------------------------------
    @property
    def nav(self) -> NavigationService:
        """The navigation service (opens the index on first use; again after close())."""
        return self._once("_nav", self._open_nav)

    @property
    def memory(self) -> MemoryService:
        """The workspace's MemoryService (created once; creation runs the startup index check)."""
        return self._once("_memory", self._open_memory)

    def _once(self, key: str, make: Callable[[], _T]) -> _T:
        """The object kept under `key`, made on first use (by one thread: the others wait for it)."""
        hit: _T | None = self.__dict__.get(key)
        if hit is None:
            with self._lock:
                hit = self.__dict__.get(key)
                if hit is None:
                    hit = make()
                    self.__dict__[key] = hit
        return hit

    def _open_nav(self) -> NavigationService:
        from contexteer.navigation.service import NavigationService

        return NavigationService(self.ws, self.settings, self._open_index)

    def _open_memory(self) -> MemoryService:
        from contexteer.errors import PathError
        from contexteer.memory.location import memory_path, other_location
        from contexteer.memory.service import MemoryService

        ws = self.ws

        def file_status(path: str) -> str | None:
            try:
                res = ws.resolve(path, must_exist=False)
            except PathError:
                return "outside the workspace or denied"
            return None if res.real.exists() else "no longer exists"

        # memory_path, not ws.memory_dir: a read must not create the folder (ws.memory_dir mkdirs on access)
        return MemoryService(memory_path(ws), self.settings, journal=self.journal, file_status=file_status,
                             elsewhere=other_location(ws), database=self.database, project=ws.project_key)

    def close(self) -> None:
        """Close what the services hold open (the index's threads and SQLite connections) and forget the per-session
        state kept in this process. A later call opens them again (the next client of an in-process server)."""
        with self._lock:
            nav: NavigationService | None = self.__dict__.pop("_nav", None)
            self.session_state.clear()
            self.redacted_results.clear()
        if nav is not None:
            nav.close()

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
    def pipeline(self) -> Pipeline:
        from contexteer.shaping.pipeline import Pipeline

        return Pipeline(self.settings, self.store)


def split_list(text: str) -> list[str]:
    """The items of a comma-separated argument ('free, resize', 'a.py:10-40, b.py:f(int, str)'): a comma inside
    parentheses, brackets or quotes belongs to its item (a signature, a Zig `test "a, b"`)."""
    items: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [x.strip() for x in items if x.strip()]


def _size(answer: object) -> int:
    """A quick size of an answer's body in characters (decides whether shaping leaves the event loop)."""
    body = getattr(answer, "body", None)
    if isinstance(body, FileLines):
        return sum(len(x) for x in body.lines)
    if isinstance(body, Hits):
        return 80 * len(body.rows)
    return len(getattr(body, "text", "") or "")
