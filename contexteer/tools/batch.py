"""batch: several calls of the read-only tools in one, as a shell agent chains `sed -n ..; rg ..; sed -n ..`.

The A/B runs' shell agents answered in 1,431 commands what the contexteer agents needed 2,268 calls for, the
tokens about even (1.09x): a shell command chains a read, two searches and another read, where a contexteer call was
one of them (cordova-android run 160: `sed -n 60,82p A; sed -n 205,215p A; rg -n getPlugin ..; rg -n postMessage ..`
in one command). Each call of a batch is answered and shaped as it would be alone (Services.several), in the order
asked, while together they fit one answer; the calls past that are named, and a call that fails says why in its
place without taking the others down.
"""

from __future__ import annotations

import functools
import inspect
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, cast

import anyio
from mcp.server.mcpserver import Context
from pydantic import Field

from contexteer.errors import InputError
from contexteer.shaping.answer import Answer
from contexteer.tools.base import Services, ToolFn, tool

logger = logging.getLogger(__name__)

#: the tools a batch may call: every read-only one that answers from the repository or a stored result (not
#: memory, whose writes want their own call; not context_stats, which reports on calls; not batch itself)
BATCHABLE = ("read_code_range", "get_structured_index", "search_symbol", "find_related", "list_dependencies",
             "search_text", "fetch_result", "list_syntax_errors")
MAX_CALLS = 10


@tool(
    "batch",
    description=(
        "Several read-only tool calls in one: calls=[{tool: 'search_text', pattern: 'x'}, {tool: 'read_code_range', "
        "path: 'a.py:10-40'}] (up to 10), answered in order in one answer of 4,096 tokens (more: "
        "budget_tokens); calls left out are named."
    ),
)
async def batch(
    svc: Services,
    ctx: Context,
    calls: Annotated[list[dict[str, Any]], Field(description="Each {tool: name, ...that tool's arguments}.")],
    budget_tokens: int | None = None,
) -> Answer:
    if not calls:
        raise InputError("calls is empty: pass one or more {tool: name, ...arguments}, e.g. "
                         "calls=[{tool: 'search_text', pattern: 'TODO'}].")
    if len(calls) > MAX_CALLS:
        raise InputError(f"{len(calls)} calls in one batch; at most {MAX_CALLS}. Split them into several batches.")
    parts: list[tuple[str, Callable[[], Awaitable[Answer]]]] = []
    names: list[str] = []
    given: list[dict[str, Any]] = []
    for i, call in enumerate(calls, start=1):
        name = call.get("tool") if isinstance(call, dict) else None
        args = {k: v for k, v in call.items() if k != "tool"} if isinstance(call, dict) else {}
        label = _call_text(name, args) if isinstance(name, str) else f"call {i} {json.dumps(call, ensure_ascii=False)}"
        parts.append((label, functools.partial(_run, svc, ctx, name, args)))
        names.append(name if isinstance(name, str) and name in BATCHABLE else "batch")
        given.append(args)
    answer = await svc.several(names, parts, args=given)
    answer.model = None  # the joined text is the answer: no one call's typed model stands for it
    return answer


async def _run(svc: Services, ctx: Context, name: object, args: dict[str, Any]) -> Answer:
    """One call of a batch, its arguments checked as the tool's own call checks them."""
    if not isinstance(name, str) or not name:
        raise InputError("it names no tool: write {tool: 'search_text', pattern: '...'}; tools: "
                         f"{', '.join(BATCHABLE)}.")
    t = svc.tool_defs.get(name)
    if t is None or name not in BATCHABLE:
        why = "is not one a batch calls (call it on its own)" if t is not None else "is no tool"
        raise InputError(f"'{name}' {why}; a batch calls {', '.join(BATCHABLE)}.")
    # checked as the server checks a tools/call before it runs (unknown, out of range, off the input schema's types):
    # what passes is what the tool's own call would have been handed
    refused = svc.argument_refusal(name, args) if svc.argument_refusal is not None else None
    if refused is not None:
        raise InputError(refused)
    fn = functools.partial(t.fn, svc, **args, **dict.fromkeys(_context_params(t.fn), ctx))
    if inspect.iscoroutinefunction(t.fn):
        answer = await cast("Awaitable[Answer]", fn())
    else:
        answer = cast(Answer, await anyio.to_thread.run_sync(fn))
    answer.terms = [*answer.terms, *(v for k in t.terms_from if isinstance(v := args.get(k), str) and v.strip())]
    return answer


@functools.cache
def _context_params(fn: ToolFn) -> tuple[str, ...]:
    """The parameters of a tool's function that take the request's Context."""
    return tuple(p.name for p in inspect.signature(fn, eval_str=True).parameters.values() if p.annotation is Context)


def _call_text(name: str, args: dict[str, Any]) -> str:
    """`search_text(pattern="x", path="src")`: how a call of a batch is named in its answer."""
    return f"{name}(" + ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in args.items()) + ")"
