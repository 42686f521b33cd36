"""`contexteer call TOOL key=value ...`: run one tool in-process and print exactly what an agent receives."""

from __future__ import annotations

import argparse
import json
import logging
from typing import Any, TextIO

import yaml

from contexteer.errors import ContexteerError, InputError
from contexteer.server.cli.common import load, reach_database

logger = logging.getLogger(__name__)


def _schema_types(prop: dict[str, Any]) -> set[str]:
    types = {prop["type"]} if isinstance(prop.get("type"), str) else set(prop.get("type") or [])
    for alt in prop.get("anyOf", []) + prop.get("oneOf", []):
        types |= _schema_types(alt)
    if "enum" in prop:
        types.add("string")
    return types


def check_call_form(tool: str, pairs: list[str]) -> None:
    """Every argument of `call` is NAME=VALUE; anything else is a one-line usage error showing the form."""
    seen: set[str] = set()
    for pair in pairs:
        key, sep, _ = pair.partition("=")
        if not sep or not key or not key.replace("_", "a").isalnum():
            example = f"path={pair}" if sep == "" and ("/" in pair or "." in pair) else "path=src/app.py start_line=10"
            raise InputError(f"argument {pair!r} is not NAME=VALUE; write e.g. "
                             f"`contexteer call {tool} {example}` (values are YAML: 10, true, [a, b]).")
        if key in seen:  # the last would win silently (`glob=!CHANGES glob=!test/**` kept one)
            raise InputError(f"argument {key!r} is given twice; pass it once (a glob takes several patterns as one "
                             "value where the tool allows, e.g. glob='!{CHANGES,test/**}').")
        seen.add(key)


def parse_call_arguments(pairs: list[str], schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """`key=value` pairs. A parameter the tool declares as text stays text (`source=user: x`); others are
    parsed as YAML (`start_line=10`, `references=true`, `files=[a.py, b.py]`)."""
    props = (schema or {}).get("properties", {})
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise InputError(f"argument {pair!r} is not NAME=VALUE; write e.g. path=src/app.py start_line=10")
        types = _schema_types(props.get(key, {}))
        if types == {"string"} or (types and types <= {"string", "null"}):
            out[key] = raw
            continue
        try:
            value = yaml.safe_load(raw) if raw.strip() else raw
        except yaml.YAMLError:
            value = raw
        # YAML turns 'a: b' into a mapping and dates into date objects: keep the text unless that was meant.
        unexpected_mapping = isinstance(value, dict) and bool(types) and "object" not in types
        typed = isinstance(value, str | int | float | bool | list | dict)
        out[key] = value if typed and not unexpected_mapping else raw
    return out


def _describe(name: str, prop: dict[str, Any], required: bool) -> str:
    types = sorted(_schema_types(prop) - {"null"}) or ["any"]
    what = "|".join(types)
    if "enum" in prop:
        what = "|".join(map(str, prop["enum"]))
    bounds = _bounds(prop)
    if bounds:
        what += f" {bounds}"
    if required:
        what += ", required"
    elif prop.get("default") is not None:
        what += f", default {json.dumps(prop['default'])}"
    doc = " ".join(str(prop.get("description") or "").split())
    return f"  {name} ({what})" + (f": {doc}" if doc else "")


def _bounds(prop: dict[str, Any]) -> str:
    """`0-20` or `>= 1` from a property's (or its non-null alternative's) minimum and maximum: the schema refuses
    `context_lines=30`, so the help says so (the ESLint run guessed the maximum from an error)."""
    for alt in [prop, *(prop.get("anyOf") or [])]:
        low, high = alt.get("minimum"), alt.get("maximum")
        if low is not None and high is not None:
            return f"{low}-{high}"
        if low is not None:
            return f">= {low}"
        if high is not None:
            return f"<= {high}"
    return ""


def tool_help(args: argparse.Namespace, out: TextIO) -> int:
    """`contexteer call TOOL --help`: the tool's first description line and its arguments (type, required or
    default, meaning), from the schema the server lists; without a TOOL, every tool's."""
    import anyio
    from mcp import Client

    from contexteer.server.app import build_server

    ws, loaded = load(args)
    mcp = build_server(ws, loaded)

    async def listed() -> dict[str, Any]:
        async with Client(mcp) as client:
            return {t.name: t for t in (await client.list_tools()).tools}

    tools = anyio.run(listed)
    if not args.tool:  # every tool, in the order the server lists them
        out.write("\n\n".join(_tool_text(t) for t in tools.values()) + "\n")
        return 0
    tool = tools.get(args.tool)
    if tool is None:
        raise ContexteerError(f"unknown tool '{args.tool}'. Available: {', '.join(sorted(tools))}.")
    out.write(_tool_text(tool) + "\n")
    return 0


def _tool_text(tool: Any) -> str:
    schema = tool.input_schema or {}
    required = set(schema.get("required") or [])
    lines = [f"contexteer call {tool.name} NAME=VALUE ...", (tool.description or "").strip().split("\n", 1)[0], "arguments:"]
    props = schema.get("properties") or {}
    lines += [_describe(name, props[name], name in required) for name in sorted(props, key=lambda n: (n not in required, n))]
    return "\n".join(lines)


def call_command(args: argparse.Namespace, out: TextIO) -> int:
    import anyio
    from mcp import Client

    from contexteer.server.app import build_server

    check_call_form(args.tool, args.arguments)
    ws, loaded = load(args)
    reach_database(loaded.settings)  # else every tool would answer unshaped, without its store
    mcp = build_server(ws, loaded)

    async def run() -> tuple[Any, set[str]]:
        async with Client(mcp) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            if args.tool not in tools:
                return None, set(tools)
            arguments = parse_call_arguments(args.arguments, tools[args.tool].input_schema)
            return await client.call_tool(args.tool, arguments), set(tools)

    result, names = anyio.run(run)
    if result is None:
        raise ContexteerError(f"unknown tool '{args.tool}'. Available: {', '.join(sorted(names))}.")
    if args.json:
        out.write(json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True), indent=2, ensure_ascii=False) + "\n")
    else:
        for block in result.content:
            text = getattr(block, "text", None)
            out.write((text if text is not None else json.dumps(block.model_dump(mode="json"))) + "\n")
        if result.structured_content is not None:
            out.write("\n--- structuredContent ---\n")
            out.write(json.dumps(result.structured_content, indent=2, ensure_ascii=False) + "\n")
        meta = {k: v for k, v in (result.meta or {}).items() if not k.startswith("io.modelcontextprotocol")}
        if meta:
            out.write("--- _meta ---\n" + json.dumps(meta, ensure_ascii=False) + "\n")
    return 1 if result.is_error else 0
