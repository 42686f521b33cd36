"""The tool definitions every conversation pays for stay small, and stay truthful."""

from __future__ import annotations

import json

import anyio
from mcp import Client

from contexteer.server.app import build_server
from contexteer.tokens import count_tokens
from tests.conftest import make_workspace

TOOLS_LIST_BUDGET = 3000


def _tools(workspace):
    ws, loaded = workspace

    async def main():
        async with Client(build_server(ws, loaded)) as client:
            return (await client.list_tools()).tools

    return anyio.run(main)


def test_tools_list_stays_under_its_token_budget(workspace):
    tools = _tools(workspace)
    payload = json.dumps({"tools": [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]})
    assert count_tokens(payload) <= TOOLS_LIST_BUDGET


def test_compacted_schemas_keep_every_argument_and_output_field(workspace):
    tools = {t.name: t for t in _tools(workspace)}
    read = tools["read_code_range"]
    assert set(read.input_schema["properties"]) >= {"path", "start_line", "end_line", "symbol", "context"}
    assert read.input_schema["required"] == ["path"]
    assert read.input_schema["properties"]["start_line"]["type"] == "integer"
    # text is what models read: no output schema (and so no structuredContent) unless structured output is on
    assert all(t.output_schema is None for t in tools.values())
    ws, _ = workspace
    structured = {t.name: t for t in _tools(make_workspace(ws.root, **{"shaping.structured_output": True}))}
    schema = structured["read_code_range"].output_schema
    assert schema is not None
    assert set(schema["required"]) >= {"path", "start_line", "end_line", "total_lines", "content"}
    assert "shaping" in schema["properties"]  # where a cut answer says how it was shaped
    tools = {**tools, **{f"{n} (structured)": t for n, t in structured.items()}}
    for tool in tools.values():
        text = json.dumps(tool.input_schema)
        assert '"title"' not in text and "$ref" not in json.dumps(tool.output_schema or {})


def test_multi_reads_and_batches_state_how_much_one_answer_holds(workspace):
    # MobX run 262 and serde run 263: three files in one read_code_range, five calls in one batch, and only the first
    # two shown ("as many as fit one answer"); the agents re-ran the rest and asked for the cap up front
    from contexteer.config import Settings

    cap = f"{Settings().context_mode_mcp.max_digest_threshold:,} tokens"
    tools = {t.name: t for t in _tools(workspace)}
    for name in ("read_code_range", "batch"):
        assert cap in tools[name].description, tools[name].description
