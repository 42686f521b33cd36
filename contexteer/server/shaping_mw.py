"""The middleware that shapes every tools/call result and journals the call: no tool can forget it.

It runs around the SDK's tools/call handler, so it sees successful results, tool errors and the
SDK's own argument-validation errors alike. For each result it takes the tool's declared content
kind (or the per-result kind a tool put in `_meta`), the request's own terms, and hands the text to
the shaping pipeline; the shaped text, the shrunk structured content and the tier figures
(`tier`, `raw_tokens`, `tokens`, `handle`) replace the original, then one journal event records
the call without bodies.
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any

import anyio
from pydantic import BaseModel

from contexteer.memory.journal import summarize_args
from contexteer.tools.base import META_EXPLICIT, META_KIND, META_OUTLINE, META_TERMS, Services

logger = logging.getLogger(__name__)

_THREAD_THRESHOLD_CHARS = 64_000


def _as_dict(result: Any) -> dict[str, Any] | None:
    if isinstance(result, dict):
        return result
    if isinstance(result, BaseModel):
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)
    return None


def _trim(value: Any, chars: int) -> Any:
    """Schema-preserving cut of structured content: long strings shortened, long lists cut to their head."""
    if isinstance(value, str):
        return value if len(value) <= chars else value[:chars] + "…"
    if isinstance(value, list):
        return [_trim(v, chars) for v in value[:20]]
    if isinstance(value, dict):
        return {k: _trim(v, chars) for k, v in value.items()}
    return value


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


class ShapingMiddleware:
    """`ServerMiddleware`: shape + journal every tools/call."""

    def __init__(self, svc: Services) -> None:
        self.svc = svc

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        if ctx.method != "tools/call":
            return await call_next(ctx)
        params = ctx.params if isinstance(ctx.params, dict) else dict(ctx.params or {})
        name = str(params.get("name", ""))
        args = params.get("arguments") or {}
        session = self.svc.session_id(getattr(ctx, "session", None))
        started = time.perf_counter()
        try:
            result = await call_next(ctx)
        except Exception:
            self._journal(name, session, args, started, status="protocol_error", figures={})
            raise
        data = _as_dict(result)
        if data is None or "content" not in data:
            return result
        if data.get("isError"):
            data = _plain_validation_errors(data, name)
        try:
            data, figures = await self._shape(name, args, data)
        except Exception:  # shaping must never take the answer down, nor let a flood through
            logger.exception("shaping failed for tool %r; delivering a plain head cut", name)
            data, figures = self._fallback(data)
        status = "error" if data.get("isError") else "ok"
        self._journal(name, session, args, started, status=status, figures=figures)
        return data

    async def _shape(self, name: str, args: dict[str, Any], data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        from contexteer.shaping.pipeline import ShapeRequest

        spec = self.svc.specs.get(name)
        meta = dict(data.get("_meta") or {})
        kind = meta.pop(META_KIND, None) or (spec.kind if spec else "text")
        terms = list(meta.pop(META_TERMS, []) or [])
        explicit = bool(meta.pop(META_EXPLICIT, False))
        outline = [tuple(o) for o in meta.pop(META_OUTLINE, None) or []] or None
        if spec:
            for key in spec.terms_from:
                value = args.get(key)
                if isinstance(value, str) and value.strip():
                    terms.append(value)
        blocks = data.get("content") or []
        text_idx = [i for i, b in enumerate(blocks) if isinstance(b, dict) and b.get("type") == "text"]
        text = "\n".join(blocks[i].get("text", "") for i in text_idx)
        req = ShapeRequest(
            text=text,
            kind=kind,
            terms=terms,
            explicit=explicit,
            is_error=bool(data.get("isError")),
            tool=name,
            structured=data.get("structuredContent"),
            path=args.get("path") if isinstance(args.get("path"), str) else None,
            args=summarize_args(args) if isinstance(args, dict) else None,
            outline=outline,  # type: ignore[arg-type]
        )
        pipeline = self.svc.pipeline
        if len(text) > _THREAD_THRESHOLD_CHARS:
            shaped = await anyio.to_thread.run_sync(pipeline.shape, req)
        else:
            shaped = pipeline.shape(req)
        if text_idx:
            first = dict(blocks[text_idx[0]])
            first["text"] = shaped.text
            new_blocks = [b for i, b in enumerate(blocks) if i not in text_idx[1:]]
            new_blocks[text_idx[0]] = first
            data["content"] = new_blocks
        if shaped.structured is not None or "structuredContent" in data:
            data["structuredContent"] = _point_to_handle(shaped)
        figures = shaped.meta
        meta.update(figures)
        data["_meta"] = meta
        return data, figures

    def _fallback(self, data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """When the pipeline itself fails: the first lines up to the digest threshold (estimated at 4 bytes a
        token), said plainly; no handle, since nothing could be stored."""
        limit = 4 * self.svc.settings.context_mode_mcp.max_digest_threshold
        blocks = [dict(b) for b in data.get("content") or [] if isinstance(b, dict)]
        raw = sum(len(str(b.get("text", ""))) for b in blocks)
        budget = limit
        for block in blocks:
            text = str(block.get("text", ""))
            if len(text) > budget:
                cut = text[:budget].rsplit("\n", 1)[0]
                shown = cut.count("\n") + 1
                block["text"] = (
                    f"{cut}\n… result cut after {shown} of {text.count(chr(10)) + 1} lines: the shaping step failed "
                    "(see the server log), so no digest or handle could be made. Narrow the request (a line range, "
                    "a path, a pattern) to see the rest."
                )
            budget = max(0, budget - len(str(block.get("text", ""))))
        data["content"] = blocks
        if raw > limit and data.get("structuredContent") is not None:
            data["structuredContent"] = _trim(data["structuredContent"], limit // 8)
        figures = {"tier": "passthrough" if raw <= limit else "overview", "raw_tokens": (raw + 3) // 4,
                   "tokens": (min(raw, limit) + 3) // 4, "handle": None, "estimated": True, "shaping_failed": True}
        data["_meta"] = {**(data.get("_meta") or {}), **figures}
        return data, figures

    def _journal(self, name: str, session: str, args: Any, started: float, *, status: str, figures: dict[str, Any]) -> None:
        duration_ms = round((time.perf_counter() - started) * 1000, 2)
        summary = summarize_args(args) if isinstance(args, dict) else {}
        self.svc.journal.append(
            "tool_call", tool=name, session=session, args=summary, duration_ms=duration_ms, status=status, **figures
        )


def _point_to_handle(shaped: Any) -> dict[str, Any] | None:
    """The structured content, saying so when it was cut: some clients give the model only the
    structured content, and `_meta` reaches no model. A cut copy gets `shaping` (tier, handle, how to get
    the rest) and honest flags (`truncated: true`, `complete: false` where the model has them)."""
    sc = shaped.structured
    if sc is None or (shaped.tier == "passthrough" and not shaped.structured_cut):
        return sc
    sc = dict(sc)
    for flag, value in (("truncated", True), ("complete", False)):
        if isinstance(sc.get(flag), bool):
            sc[flag] = value
    how = (f'fetch_result(handle="{shaped.handle}", start_line=…) or pattern=… returns any part of the full result'
           if shaped.handle else "narrow the request (a line range, a path, a pattern) to see the rest")
    sc["shaping"] = {"tier": shaped.tier, "handle": shaped.handle,
                     "note": f"this structured copy is cut; the text content holds the {shaped.tier}; {how}"}
    return sc
