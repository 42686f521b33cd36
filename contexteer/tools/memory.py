"""The `memory` tool (one tool, many actions), the memory:// resources, and per-session memory state."""

from __future__ import annotations

import logging
from typing import Literal, TypedDict, TypeVar

from mcp.server.mcpserver import Context
from mcp_types import ToolAnnotations
from pydantic import BaseModel, Field

from contexteer.errors import AccessDenied, InputError, StorageError
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import Answer as MemoryAnswer
from contexteer.memory.service import MemoryService
from contexteer.shaping.answer import Answer, Text
from contexteer.tools.base import STATELESS, Client, Services, request_client, resource, tool

logger = logging.getLogger(__name__)

Action = Literal[
    "save", "list", "recall", "read", "status", "delete", "restore", "purge", "ignore",
    "checkpoint_save", "checkpoint_list", "checkpoint_load",
]

DESCRIPTION = (
    "Long-term project memory: only what the user or you explicitly decided to keep. Actions: "
    "recall (query?, tag? e.g. 'DECISION,FAILURE', budget_tokens?; no query = the register) at the start of work; "
    "save (name, content <=4 KB, tag DECISION|REQUIREMENT|PREFERENCE|FAILURE|REFERENCE|HISTORY|NOISE, description, "
    "source 'user: why'|'agent: why'; an existing name is updated); list (tag?, status?; status='trash'); read (name); "
    "status (name, status active|verified|stale); delete (name|names); restore (name, new_name?); "
    "purge (names?, confirm=true); ignore (on: hide memory for this session); "
    "checkpoint_save (label, content=summary, decisions, files, next_steps); checkpoint_list; "
    "checkpoint_load (name=id, default latest). Entries show their age: verify old ones against the code."
)

MEMORY_ANNOTATIONS = ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False)


class MemoryResult(BaseModel):
    action: str
    names: list[str] = Field(default_factory=list, description="Entries or checkpoint ids concerned.")
    count: int = 0
    ignored: bool = False


def session_memory(svc: Services, session_id: str) -> SessionMemory:
    """The memory state of one session: from the team database when there is one (any replica may have served the
    session before), else kept in this process."""
    if svc.sessions is not None and session_id != STATELESS:
        return SessionMemory.from_dict(svc.sessions.load(session_id, "memory"))
    state = svc.state(session_id)
    sm = state.get("memory")
    if not isinstance(sm, SessionMemory):
        sm = SessionMemory()
        state["memory"] = sm
    return sm


def keep_session_memory(svc: Services, session_id: str, sm: SessionMemory) -> None:
    """Save a session's memory state for the next call, on whichever replica it lands (team database only)."""
    if svc.sessions is not None and session_id != STATELESS:
        svc.sessions.save(session_id, "memory", sm.to_dict())


#: Actions that change memory: a per-user token needs the memory:write scope for them.
WRITE_ACTIONS = frozenset({"save", "status", "delete", "restore", "checkpoint_save"})


def check_scope(client: Client | None, action: str, confirm: bool) -> None:
    """AccessDenied when a per-user token without memory:write asks for a change (a purge only when confirmed)."""
    writes = action in WRITE_ACTIONS or (action == "purge" and confirm)
    if client is None or not writes or "memory:write" in client.scopes:
        return
    raise AccessDenied(
        f"action='{action}' changes memory, and the token of {client.name!r} has only the scopes "
        f"{', '.join(sorted(client.scopes)) or 'none'}: it may read memory but not change it. Ask whoever runs this "
        f"server to grant memory:write (contexteer token add {client.name} --scopes read,memory:write replaces the token)."
    )


class MemoryArgs(TypedDict, total=False):
    """The memory tool's arguments besides the action (each action reads its own), and who saves."""

    name: str | None
    content: str | None
    tag: str | None
    description: str | None
    source: str | None
    query: str | None
    status: str | None
    budget_tokens: int | None
    names: list[str] | None
    new_name: str | None
    confirm: bool
    redact: bool
    on: bool | None
    label: str | None
    decisions: list[str] | None
    files: list[str] | None
    next_steps: list[str] | None
    saved_by: str | None


_V = TypeVar("_V")


def _need(value: _V | None, arg: str, action: str) -> _V:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise InputError(f"action='{action}' needs {arg}.")
    return value


def dispatch(service: MemoryService, sm: SessionMemory, action: str, a: MemoryArgs) -> MemoryAnswer:
    """Run one action with the tool's arguments (shared by the tool and tests)."""
    one = a.get("name")
    names = a.get("names") or ([one] if one else [])
    if action == "save":
        return service.save(sm, name=_need(a.get("name"), "name", action), content=_need(a.get("content"), "content", action),
                            tag=a.get("tag"), description=a.get("description"), source=a.get("source"),
                            redact_secrets=bool(a.get("redact")), saved_by=a.get("saved_by"))
    if action == "list":
        return service.list_entries(sm, tag=a.get("tag"), status=a.get("status"))
    if action == "recall":
        tags = [t for t in (a.get("tag") or "").replace(" ", ",").split(",") if t] or None
        return service.recall(sm, query=a.get("query"), tags=tags, budget_tokens=a.get("budget_tokens"))
    if action == "read":
        return service.read(sm, name=_need(a.get("name"), "name", action))
    if action == "status":
        return service.status(sm, name=_need(a.get("name"), "name", action), status=_need(a.get("status"), "status", action))
    if action == "delete":
        return service.delete(sm, names=_need(names or None, "name or names", action))
    if action == "restore":
        return service.restore(sm, name=_need(a.get("name"), "name", action), new_name=a.get("new_name"))
    if action == "purge":
        return service.purge(sm, names=names or None, confirm=bool(a.get("confirm")))
    if action == "ignore":
        return service.ignore(sm, on=True if a.get("on") is None else bool(a.get("on")))
    if action == "checkpoint_save":
        return service.checkpoint_save(sm, label=_need(a.get("label"), "label", action), summary=_need(a.get("content"), "content (the summary)", action),
                                       decisions=a.get("decisions"), files=a.get("files"), next_steps=a.get("next_steps"),
                                       redact_secrets=bool(a.get("redact")))
    if action == "checkpoint_list":
        return service.checkpoint_list(sm)
    if action == "checkpoint_load":
        return service.checkpoint_load(sm, cid=a.get("name") or "latest")
    raise InputError(f"unknown action {action!r}.")


@tool("memory", output=MemoryResult, description=DESCRIPTION, annotations=MEMORY_ANNOTATIONS, terms_from=("query",))
def memory(
    svc: Services,
    action: Action,
    ctx: Context,
    name: str | None = None,
    content: str | None = None,
    tag: str | None = None,
    description: str | None = None,
    source: str | None = None,
    query: str | None = None,
    status: str | None = None,
    budget_tokens: int | None = None,
    names: list[str] | None = None,
    new_name: str | None = None,
    confirm: bool = False,
    redact: bool = False,
    on: bool | None = None,
    label: str | None = None,
    decisions: list[str] | None = None,
    files: list[str] | None = None,
    next_steps: list[str] | None = None,
) -> Answer:
    request = ctx.request_context.request
    sid = svc.session_key(ctx.request_context.session, request)
    if action == "ignore" and sid == STATELESS:
        raise InputError(
            "ignore needs an MCP session, and this request has none (stateless HTTP: the 2026-07-28 protocol, or "
            "replicas serving without sessions): it would be forgotten by the next call. Connect over stdio or SSE, "
            "use a per-user token (server.tokens_file: state then follows the token), or simply do not call "
            "recall/read while memory should stay out of the way."
        )
    client = request_client(request)
    check_scope(client, action, confirm)
    sm = session_memory(svc, sid)
    args = MemoryArgs(name=name, content=content, tag=tag, description=description, source=source, query=query,
                status=status, budget_tokens=budget_tokens, names=names, new_name=new_name, confirm=confirm,
                redact=redact, on=on, label=label, decisions=decisions, files=files, next_steps=next_steps,
                saved_by=client.name if client else None)
    try:
        ans = dispatch(_service(svc), sm, action, args)
    finally:
        keep_session_memory(svc, sid, sm)
    model = MemoryResult(action=ans.action, names=[] if ans.ignored else ans.names, count=ans.count, ignored=ans.ignored)
    return Answer(Text(ans.text, "markdown"), model, scope="fitted" if ans.explicit else "open")


def _service(svc: Services) -> MemoryService:
    try:
        return svc.memory
    except OSError as exc:
        raise StorageError(
            f"the memory folder cannot be used ({exc.strerror or exc}). Check that the data dir is writable "
            "(CONTEXTEER_DATA_DIR / data_dir) or set memory.location."
        ) from exc


def _session(svc: Services) -> SessionMemory:
    return session_memory(svc, svc.current_session_id())


@resource("memory://index", name="memory-index", mime_type="text/markdown",
          description="The memory index: one line per entry (headers only, never bodies).")


def memory_index(svc: Services) -> str:
    return _service(svc).index_text(_session(svc))


@resource("memory://checkpoint/latest", name="memory-checkpoint-latest", mime_type="text/markdown",
          description="The newest checkpoint: where the work stood (context, not control).")


def memory_checkpoint_latest(svc: Services) -> str:
    return _service(svc).latest_checkpoint_text(_session(svc))
