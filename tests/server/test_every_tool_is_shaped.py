"""No tool can forget the shaping pipeline: every registered tool's result carries the tier metadata,
whether it succeeded or failed, and every call is journaled."""

from __future__ import annotations

from typing import Any

import anyio

from contexteer.server.app import build_server, services_of
from contexteer.shaping.pipeline import TIERS

DUMMY: dict[str, Any] = {"string": "src/app.py", "integer": 1, "number": 1, "boolean": False, "array": [], "object": {}}


def _dummy_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    args: dict[str, Any] = {}
    props = schema.get("properties", {})
    for name in schema.get("required", []):
        prop = props.get(name, {})
        if "enum" in prop:
            args[name] = prop["enum"][0]
            continue
        kind = prop.get("type") or next((a.get("type") for a in prop.get("anyOf", []) if a.get("type") != "null"), "string")
        args[name] = DUMMY.get(kind, "x")
    return args


def test_every_registered_tool_result_carries_tier_metadata(workspace):
    ws, loaded = workspace
    server = build_server(ws, loaded)

    async def main() -> list[str]:
        from mcp import Client

        seen: list[str] = []
        async with Client(server) as client:
            tools = (await client.list_tools()).tools
            assert tools, "no tools registered"
            for tool in tools:
                for arguments in (_dummy_arguments(tool.input_schema), {"__bogus__": 1, **_dummy_arguments(tool.input_schema)}):
                    result = await client.call_tool(tool.name, arguments)
                    meta = result.meta or {}
                    for key in ("tier", "raw_tokens", "tokens", "handle"):
                        assert key in meta, f"{tool.name}({arguments}) result lacks _meta.{key}: {meta}"
                    assert meta["tier"] in TIERS
                    if "__bogus__" in arguments:  # refused before the tool runs, and said so
                        assert result.is_error and "unknown argument '__bogus__'" in result.content[0].text
                seen.append(tool.name)
        return seen

    names = anyio.run(main)
    events = [e for e in services_of(server).journal.read().events if e["type"] == "tool_call"]
    assert {e["tool"] for e in events} == set(names)
    assert all("tier" in e and "duration_ms" in e for e in events)


def test_a_bad_argument_is_refused_before_the_tool_runs_in_one_line_with_what_is_allowed_and_what_was_given(workspace):
    from mcp import Client

    ws, loaded = workspace
    server = build_server(ws, loaded)

    async def main() -> list[str]:
        async with Client(server) as client:
            out = []
            for tool, args in (("search_text", {"pattern": "x", "max_results": 0}),
                               ("list_dependencies", {"path": "src/app.py", "direction": "sideways"}),
                               ("read_code_range", {"path": "src/app.py", "start_line": "5"}),
                               ("find_related", {})):
                res = await client.call_tool(tool, args)
                assert res.is_error
                out.append(res.content[0].text)  # type: ignore[union-attr]
            return out

    too_small, bad_choice, as_text, missing = anyio.run(main)
    assert as_text.startswith('invalid arguments for read_code_range: start_line must be of type integer (got "5")')
    assert too_small.startswith("invalid arguments for search_text: max_results must be >= 1 (got 0); nothing was run")
    assert "direction must be 'imports', 'dependents' or 'both' (got \"sideways\")" in bad_choice
    # a missing argument says what it takes, so the next call is right (the Rack A/B agent spent a call on relation=x)
    assert "'relation' is a required property (required: 'callers', 'callees', 'implementations' or 'supertypes')" in missing
    assert "'symbol' is a required property (required: e.g." in missing
    for text in (too_small, bad_choice, as_text, missing):
        assert "errors.pydantic.dev" not in text and "\n" not in text


def test_the_quick_argument_check_never_lets_through_what_jsonschema_refuses(workspace):
    """Common calls are cleared without importing jsonschema (a new server answers sooner); whatever the quick check
    clears must be valid for jsonschema too, on every tool's real input schema and values of every JSON type."""
    import itertools

    import jsonschema

    from contexteer.server.shaping_mw import plainly_valid

    ws, loaded = workspace
    server = build_server(ws, loaded)
    values: list[Any] = ["x", "", "5", "[1]", 0, 1, -1, 7, 500, 10**19, 1.5, 2.0, float("nan"), True, False, None, [], ["a"],
                         [1, "a"], {}, {"a": 1}]
    cleared = refused = 0
    for tool in server._tool_manager.list_tools():
        schema = tool.parameters
        validator = jsonschema.Draft202012Validator(schema)
        base = _dummy_arguments(schema)
        assert plainly_valid(schema, base) == validator.is_valid(base), (tool.name, base)
        for name, value in itertools.product(schema.get("properties", {}), values):
            args = {**base, name: value}
            if plainly_valid(schema, args):
                assert validator.is_valid(args), (tool.name, args)
                cleared += 1
            else:
                refused += 1
        assert not plainly_valid(schema, {**base, "__bogus__": 1})
    assert cleared > 50 and refused > 50  # both answers occur: the check is neither always-true nor always-false
