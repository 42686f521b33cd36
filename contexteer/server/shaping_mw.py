"""The middleware around every tools/call: refuses unknown arguments and out-of-range numbers, shapes what no tool shaped,
journals the call.

It runs around the SDK's tools/call handler, so it sees successful results, tool errors and the SDK's own
argument-validation errors alike. A tool's answer arrives already shaped (its registration runs it through the
pipeline, `Services.deliver`) with the tier figures in `_meta`; anything else — a tool error, a validation
error, an argument this tool does not take — is shaped here as text, so no result reaches a client unshaped.
Then one journal event records the call without bodies, with the tokens the client hands the model.
"""

from __future__ import annotations

import difflib
import json
import logging
import re
import time
from typing import Any

from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel

from contexteer.journal import summarize_args
from contexteer.shaping.answer import Answer, Text
from contexteer.shaping.pipeline import head_cut
from contexteer.tools.base import Client, Services, request_client

logger = logging.getLogger(__name__)


def _as_dict(result: Any) -> dict[str, Any] | None:
    if isinstance(result, dict):
        return result
    if isinstance(result, BaseModel):
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)
    return None


_PYDANTIC_HEAD = re.compile(r"(\d+) validation errors? for \w+")
_PYDANTIC_MSG = re.compile(r"^\s+(?P<msg>.*?)\s*\[type=(?P<type>[\w.]+)(?:, input_value=(?P<value>.*?))?(?:, input_type=\w+)?\]\s*$")


def _plain_validation_errors(data: dict[str, Any], tool: str) -> dict[str, Any]:
    """The SDK reports a bad argument as pydantic's multi-line dump (with a docs URL). Say it in one line
    per argument: its name, what is allowed, what was given, and where the allowed values are listed."""
    blocks = data.get("content") or []
    for i, block in enumerate(blocks):
        text = block.get("text", "") if isinstance(block, dict) else ""
        if not _PYDANTIC_HEAD.search(text):
            continue
        lines = text.splitlines()
        problems: list[str] = []
        for k, line in enumerate(lines):
            m = _PYDANTIC_MSG.match(line)
            if m is None or k == 0:
                continue
            loc = lines[k - 1].strip()
            value = m.group("value")
            got = f" (got {value})" if value is not None and len(value) <= 80 else ""
            hint = ""
            if m.group("type") == "list_type" and value and value.startswith("'"):
                hint = f"; pass a list, e.g. {loc}=[{value}]"
            problems.append(f"{loc}: {m.group('msg').rstrip('.')}{got}{hint}")
        if problems:
            blocks[i] = {**block, "text": f"invalid arguments for {tool}: " + "; ".join(problems)
                         + f". The allowed values are in {tool}'s input schema (tools/list)."}
    return data


def _missing_name(message: str) -> str:
    """'relation' from jsonschema's "'relation' is a required property"."""
    m = re.match(r"'([^']+)'", message)
    return m.group(1) if m else ""


def _accepts(props: dict[str, Any], name: str) -> str:
    """What a required argument takes, from its schema: the allowed values, else its description."""
    prop = props.get(name) or {}
    choices = prop.get("enum") or [c for alt in prop.get("anyOf", []) for c in alt.get("enum", [])]
    if choices:
        return "required: " + ", ".join(repr(c) for c in choices[:-1]) + (" or " if len(choices) > 1 else "") + repr(choices[-1])
    described = str(prop.get("description") or "").strip().rstrip(".")
    return f"required: {described}" if described else "required"


class ShapingMiddleware:
    """`ServerMiddleware`: shape + journal every tools/call."""

    def __init__(self, svc: Services) -> None:
        self.svc = svc
        svc.argument_refusal = self.refusal  # a batch checks each of its calls as this checks a call

    def refusal(self, name: str, args: Any) -> str | None:
        """Why a call's arguments are refused before it runs (an unknown one, a number out of range, a value not of
        the input schema's type), or None."""
        return self._unknown_arguments(name, args) or out_of_range_numbers(name, args) or self._off_schema(name, args)

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method != "tools/call":
            return await call_next(ctx)
        params = ctx.params if isinstance(ctx.params, dict) else dict(ctx.params or {})
        name = str(params.get("name", ""))
        args = params.get("arguments") or {}
        session = self.svc.session_key(getattr(ctx, "session", None), getattr(ctx, "request", None))
        client = request_client(getattr(ctx, "request", None))
        started = time.perf_counter()
        refusal = self.refusal(name, args)
        if refusal is not None:
            data: dict[str, Any] | None = CallToolResult(content=[TextContent(type="text", text=refusal)], is_error=True).model_dump(
                by_alias=True, mode="json", exclude_none=True)
        else:
            try:
                result = await call_next(ctx)
            except Exception:
                self._journal(name, session, args, started, status="protocol_error", figures={}, client=client)
                raise
            data = _as_dict(result)
            if data is None or "content" not in data:
                return result
        assert data is not None
        figures = _figures(data)
        if figures is None:  # an error, or a result no tool shaped: shape its text here
            if data.get("isError"):
                data = _plain_validation_errors(data, name)
            try:
                data, figures = self._shape(name, args, data)
            except Exception:  # shaping must never take the answer down, nor let a flood through
                logger.exception("shaping failed for tool %r; delivering a plain head cut", name)
                data, figures = self._fallback(data)
        status = "error" if data.get("isError") else "ok"
        self._journal(name, session, args, started, status=status, figures=figures, client=client)
        return data

    def _unknown_arguments(self, name: str, args: Any) -> str | None:
        """An argument the tool does not take is refused before it runs (silently ignoring `line=5` would answer
        another question): name it, the close accepted ones, and every accepted one."""
        spec = self.svc.specs.get(name)
        if spec is None or not isinstance(args, dict):
            return None
        unknown = [k for k in args if k not in spec.params]
        if not unknown:
            return None
        accepted = sorted(spec.params)
        parts = []
        for key in unknown:
            close = difflib.get_close_matches(str(key), accepted, n=2, cutoff=0.5) or _by_part(str(key), accepted)
            parts.append(f"'{key}'" + (f" (did you mean {' or '.join(close)}?)" if close else ""))
        noun = "argument" if len(unknown) == 1 else "arguments"
        schema = self._schema(name) or {}
        props = schema.get("properties", {})
        # what the required ones take, so the next call is the right one (the Raft A/B agent needed two refusals)
        needed = [f"{r} ({_accepts(props, r).removeprefix('required: ')})" if _accepts(props, r) != "required" else r
                  for r in schema.get("required", [])]
        return (f"unknown {noun} {', '.join(parts)} for {name}; nothing was run. {name} accepts: {', '.join(accepted)}"
                + (f"; required: {'; '.join(needed)}" if needed else "") + ". Call it again with those names.")

    def _schema(self, name: str) -> dict[str, Any] | None:
        """The tool's advertised input schema (None for a tool the server does not list)."""
        mcp = getattr(self.svc, "_mcp", None)
        tool = mcp._tool_manager.get_tool(name) if mcp is not None and hasattr(mcp, "_tool_manager") else None
        return tool.parameters if tool is not None else None

    def _off_schema(self, name: str, args: Any) -> str | None:
        """Arguments are checked against the tool's advertised input schema before it runs: a value of the wrong type
        (`"5"` or `true` for a line number) is refused, not coerced. As the MCP SDK does for clients that send them
        that way, a list or object encoded as a JSON string is read as that list or object first."""
        schema = self._schema(name)
        if schema is None or not isinstance(args, dict):
            return None
        props = schema.get("properties", {})
        shown = {}
        for key, value in args.items():
            types = props.get(key, {}).get("type")
            types = types if isinstance(types, list) else [types]
            if isinstance(value, str) and ("string" not in types) and (value.strip()[:1] in "[{"):
                try:
                    value = json.loads(value)
                except ValueError:
                    pass
            shown[key] = value
        if plainly_valid(schema, shown):
            return None
        import jsonschema  # ~0.1 s to import: only for arguments the plain check cannot clear

        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(shown), key=lambda e: list(e.path))
        if not errors:
            return None
        problems = []
        for e in errors[:3]:
            where = ".".join(str(p) for p in e.path) or "arguments"
            got = f" (got {json.dumps(e.instance)[:40]})"
            if e.validator == "type":
                want = e.validator_value if isinstance(e.validator_value, str) else " or ".join(e.validator_value)
                problems.append(f"{where} must be of type {want}{got}")
            elif e.validator == "enum":
                choices = [repr(c) for c in e.validator_value]
                problems.append(f"{where} must be {', '.join(choices[:-1])} or {choices[-1]}{got}")
            elif e.validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                sign = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}[str(e.validator)]
                problems.append(f"{where} must be {sign} {e.validator_value}{got}")
            elif e.validator == "required":
                problems.append(f"{e.message} ({_accepts(props, _missing_name(e.message))})")
            else:
                problems.append(f"{where}: {e.message[:160]}")
        return (f"invalid arguments for {name}: {'; '.join(problems)}; nothing was run. The allowed values are in "
                f"{name}'s input schema (tools/list).")

    def _shape(self, name: str, args: dict[str, Any], data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        blocks = data.get("content") or []
        text_idx = [i for i, b in enumerate(blocks) if isinstance(b, dict) and b.get("type") == "text"]
        text = "\n".join(blocks[i].get("text", "") for i in text_idx)
        summary = summarize_args(args) if isinstance(args, dict) else None
        answer = Answer(Text(text, kind="log" if data.get("isError") else "text"))
        shaped = self.svc.pipeline.shape(answer, tool=name, args=summary, is_error=bool(data.get("isError")))
        if text_idx:
            first = dict(blocks[text_idx[0]])
            first["text"] = shaped.text
            new_blocks = [b for i, b in enumerate(blocks) if i not in text_idx[1:]]
            new_blocks[text_idx[0]] = first
            data["content"] = new_blocks
        data.pop("structuredContent", None)  # nothing here was shaped as typed content
        figures = shaped.meta
        data["_meta"] = {**(data.get("_meta") or {}), **figures}
        return data, figures

    def _fallback(self, data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """When the pipeline itself fails: a plain head cut of the text (see pipeline.head_cut)."""
        blocks = [b for b in data.get("content") or [] if isinstance(b, dict)]
        text = "\n".join(str(b.get("text", "")) for b in blocks if b.get("type") == "text")
        cut, figures = head_cut(text, 4 * self.svc.settings.context_mode_mcp.max_digest_threshold)
        data["content"] = [{"type": "text", "text": cut}]
        data.pop("structuredContent", None)
        data["_meta"] = {**(data.get("_meta") or {}), **figures}
        return data, figures

    def _journal(self, name: str, session: str, args: Any, started: float, *, status: str, figures: dict[str, Any],
                 client: Client | None = None) -> None:
        """One event per call (with the client's name when a per-user token sent it); recording it never fails the
        call (it ran, and the client is told how it went)."""
        try:
            duration_ms = round((time.perf_counter() - started) * 1000, 2)
            summary = summarize_args(args) if isinstance(args, dict) else {}
            who = {"client": client.name} if client is not None else {}
            self.svc.journal.append(
                "tool_call", tool=name, session=session, args=summary, duration_ms=duration_ms, status=status, **who,
                **figures,
            )
        except Exception:  # noqa: BLE001 - the journal is a record, never a reason to fail a call that ran
            logger.exception("journaling the call of tool %r failed; the call itself is unaffected", name)


#: No tool argument is a number outside a signed 64-bit integer (SQLite's INTEGER, the journal's JSON encoder).
#: Keywords `plainly_valid` understands; a schema with any other one goes to jsonschema.
_PLAIN_KEYWORDS = frozenset({"type", "enum", "minimum", "maximum", "items", "anyOf", "default", "description", "title"})
_JSON_TYPES: dict[str, Any] = {"string": str, "boolean": bool, "array": list, "object": dict, "null": type(None)}


def plainly_valid(schema: dict[str, Any], args: dict[str, Any]) -> bool:
    """True when `args` certainly satisfy a tool's input schema (object of properties with required ones) in the
    keywords tools use (type, enum of strings, minimum/maximum, items, anyOf); False when unsure, and jsonschema
    decides. The common call is cleared without importing jsonschema (a new server's first answer waits for it)."""
    if set(schema) - {"properties", "required", "type", "title", "description"} or schema.get("type", "object") != "object":
        return False
    props = schema.get("properties", {})
    if any(name not in args for name in schema.get("required", ())):
        return False
    return all(key in props and _plain_value(props[key], value) for key, value in args.items())


def _plain_value(schema: Any, value: Any) -> bool:
    if not isinstance(schema, dict) or set(schema) - _PLAIN_KEYWORDS:
        return False
    if "anyOf" in schema and not any(_plain_value(sub, value) for sub in schema["anyOf"]):
        return False
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_plain_type(t, value) for t in types):
            return False
    if "enum" in schema and not (isinstance(value, str) and value in schema["enum"]):
        return False
    if "minimum" in schema or "maximum" in schema:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        if ("minimum" in schema and not value >= schema["minimum"]) or ("maximum" in schema and not value <= schema["maximum"]):
            return False
    if "items" in schema and isinstance(value, list):
        return all(_plain_value(schema["items"], item) for item in value)
    return True


def _plain_type(name: Any, value: Any) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    kind = _JSON_TYPES.get(name)
    return kind is not None and isinstance(value, kind)


INT_LIMIT = 1 << 63
_SURROGATE = re.compile("[\ud800-\udfff]")


def out_of_range_numbers(name: str, args: Any) -> str | None:
    """A refusal, before the tool runs, for an integer anywhere in the arguments outside the signed 64-bit range, or
    a string holding a lone surrogate (JSON allows `\\ud800`; no file, process argument or journal line does).

    Python accepts any integer, so pydantic lets `start_line=2**64` through; the tool then ran (a memory save was
    written) and the call failed afterwards in the journal's encoder, telling the client it had not happened."""
    if not isinstance(args, dict):
        return None
    stack: list[tuple[str, Any, int]] = [(str(k), v, 0) for k, v in args.items()]
    while stack:
        where, value, depth = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool) and not -INT_LIMIT <= value < INT_LIMIT:
            shown = str(value) if len(str(value)) <= 30 else f"{str(value)[:12]}…({len(str(value))} digits)"
            return (f"argument {where} is {shown}, outside the 64-bit integer range no {name} argument can take "
                    f"(at most {INT_LIMIT - 1:,}); nothing was run. Pass a smaller number.")
        lone = _SURROGATE.search(value) if isinstance(value, str) else None
        if lone is not None:
            return (f"argument {where} holds an unpaired UTF-16 surrogate ({lone.group()!a}), which is not text in any "
                    "file; nothing was run. Pass the text as valid Unicode.")
        if depth >= 32:
            continue
        if isinstance(value, dict):
            stack.extend((f"{where}.{k}", v, depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", v, depth + 1) for i, v in enumerate(value))
    return None


def _figures(data: dict[str, Any]) -> dict[str, Any] | None:
    """The tier figures a shaped result carries in `_meta` (None when the result was not shaped)."""
    meta = data.get("_meta")
    if data.get("isError") or not isinstance(meta, dict) or "tier" not in meta:
        return None
    figures = {k: meta[k] for k in ("tier", "raw_tokens", "tokens", "text_tokens", "handle", "estimated",
                                    "structured_tokens", "redactions", "structured_cut") if k in meta}
    figures.setdefault("handle", None)  # the wire form drops None values; a result always names its handle
    meta["handle"] = figures["handle"]
    return figures


# what one tool calls the name it looks up, another calls otherwise (the A/B agents tried `query=` on find_related
# and `name=` on search_symbol)
_SYNONYMS = {"query": ("symbol",), "name": ("query", "symbol"), "symbol": ("query",), "file": ("path",),
             "pattern": ("query",), "type": ("kind", "relation")}


def _by_part(key: str, accepted: list[str]) -> list[str]:
    """Accepted names sharing a word with `key` ('line' -> start_line, end_line), or meaning what it means
    elsewhere ('query' -> symbol)."""
    words = set(key.lower().replace("-", "_").split("_")) - {""}
    return ([a for a in accepted if words & set(a.split("_"))] or [a for a in _SYNONYMS.get(key, ()) if a in accepted])[:2]
