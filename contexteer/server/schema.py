"""Keeps tools/list small: every advertised tool schema is compacted once, after all tools are registered.

Pydantic's schemas carry a title on every property, `anyOf: [{X}, {"type": "null"}]` for every optional
argument and `default: null` that `required` already implies. Dropping them changes nothing a client
may send (the server validates against the pydantic models, not the advertised schema) and saves a
large share of the tool-definition tokens every conversation pays for.
"""

from __future__ import annotations

import logging
from typing import Any

logger = logging.getLogger(__name__)

_NESTED_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_NESTED_NODES = ("items", "anyOf", "oneOf", "allOf", "additionalProperties", "not", "prefixItems")


def compact_json_schema(node: Any, *, drop_defaults: bool = False) -> None:
    """Shrink a JSON schema in place: no titles, no null defaults, optional values as `type: [X, "null"]`
    (or the single non-null alternative merged in when it is not a plain type)."""
    if isinstance(node, list):
        for item in node:
            compact_json_schema(item, drop_defaults=drop_defaults)
        return
    if not isinstance(node, dict):
        return
    node.pop("title", None)
    if drop_defaults or ("default" in node and node["default"] is None):
        node.pop("default", None)
    any_of = node.get("anyOf")
    if isinstance(any_of, list) and {"type": "null"} in any_of:
        rest = [a for a in any_of if a != {"type": "null"}]
        if len(rest) == 1 and isinstance(rest[0], dict):
            other = rest[0]
            del node["anyOf"]
            if isinstance(other.get("type"), str):
                node.update({**other, "type": [other["type"], "null"]})
            else:
                node.update({k: v for k, v in other.items() if k not in node})
    for key, value in node.items():
        if key in _NESTED_MAPS and isinstance(value, dict):
            for sub in value.values():
                compact_json_schema(sub, drop_defaults=drop_defaults)
        elif key in _NESTED_NODES:
            compact_json_schema(value, drop_defaults=drop_defaults)


def shallow_output_schema(schema: dict[str, Any]) -> None:
    """Advertise an output schema one level deep: the result's own fields with their types, nested
    objects as plain objects. It stays a correct (less specific) description of structuredContent,
    which the tool still builds from its full pydantic model; the text content explains the details."""

    def flatten(node: Any, depth: int) -> Any:
        if isinstance(node, list):
            return [flatten(n, depth) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node or (depth > 0 and node.get("type") == "object"):
            return {"type": "object"}
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("description", "$defs", "examples"):
                continue
            if key == "properties" and isinstance(value, dict):
                out[key] = {name: flatten(sub, depth + 1) for name, sub in value.items()}
            elif key in _NESTED_NODES:
                out[key] = flatten(value, depth)
            else:
                out[key] = value
        return out

    flat = flatten(schema, 0)
    schema.clear()
    schema.update(flat)


def _optional_without_null(schema: dict[str, Any]) -> None:
    """An argument a client may simply omit need not also advertise `null` (sending null still works)."""
    required = set(schema.get("required") or [])
    for name, prop in (schema.get("properties") or {}).items():
        types = prop.get("type") if isinstance(prop, dict) else None
        if name not in required and isinstance(types, list) and "null" in types and len(types) == 2:
            prop["type"] = next(t for t in types if t != "null")


def compact_registered_tools(mcp: Any) -> None:
    """Compact the input and output schemas of every tool registered on this server."""
    manager = getattr(mcp, "_tool_manager", None)  # the SDK has no public hook for advertised schemas
    if manager is None:
        logger.warning("cannot compact tool schemas: this SDK version has no tool manager; tools/list stays verbose")
        return
    for tool in manager.list_tools():
        compact_json_schema(tool.parameters)
        _optional_without_null(tool.parameters)
        if tool.output_schema:
            compact_json_schema(tool.output_schema, drop_defaults=True)
            shallow_output_schema(tool.output_schema)
            tool.output_schema.setdefault("properties", {})["shaping"] = {
                "type": "object",
                "description": "Present when the typed fields did not fit the answer's budget: tier, handle, "
                               "text (the shaped answer) and a note; the typed lists are then empty."}
