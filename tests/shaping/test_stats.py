"""Savings add up honestly on a scripted session; fetch_result costs, never saves."""

from __future__ import annotations

from contexteer.journal import Journal
from contexteer.server.cli.stats import stats_command
from contexteer.shaping.stats import compute_stats, render_stats
from tests.conftest import make_workspace


def _ev(tool, session, tier, raw, tokens, status="ok", handle=None):
    return {"type": "tool_call", "tool": tool, "session": session, "tier": tier, "raw_tokens": raw, "tokens": tokens,
            "status": status, "handle": handle, "estimated": False, "duration_ms": 1.0}


SCRIPT = [
    _ev("search_text", "s1", "overview", 40_000, 900, handle="r-0000000001"),
    _ev("read_code_range", "s1", "passthrough", 300, 300),
    _ev("read_code_range", "s1", "digest", 3_000, 700, handle="r-0000000002"),
    _ev("fetch_result", "s1", "passthrough", 1_200, 1_200),
    _ev("search_text", "s2", "passthrough", 100, 100),
    _ev("memory", "s2", "passthrough", 50, 50, status="error"),
    {"type": "memory_save", "session": "s1"},  # not a tool call
]


def test_stats_add_up_per_tool_and_in_total():
    st = compute_stats(SCRIPT, "s1").session
    assert st is not None
    assert st.calls == 4
    assert st.raw_tokens == 40_000 + 300 + 3_000  # fetch_result's lines were already counted in raw
    assert st.tokens == 900 + 300 + 700 + 1_200  # ...but what it delivered is a cost
    assert st.saved_tokens == st.raw_tokens - st.tokens == 40_200
    assert st.saved_percent == round(100 * (43_300 - 3_100) / 43_300, 1)
    assert st.tiers == {"overview": 1, "passthrough": 2, "digest": 1}
    by = {t.tool: t for t in st.tools}
    assert by["read_code_range"].calls == 2 and by["read_code_range"].saved_tokens == 2_300
    assert by["fetch_result"].raw_tokens == 0 and by["fetch_result"].saved_tokens == -1_200
    assert sum(t.saved_tokens for t in st.tools) == st.saved_tokens
    assert sum(t.raw_tokens for t in st.tools) == st.raw_tokens and sum(t.tokens for t in st.tools) == st.tokens


def test_all_time_covers_every_session_and_counts_errors():
    at = compute_stats(SCRIPT, "s1").all_time
    assert at.calls == 6
    assert {t.tool: t.errors for t in at.tools}["memory"] == 1


def test_a_session_with_no_shaped_call_shows_zero_percent_saved():
    st = compute_stats(SCRIPT, "s2").session
    assert st is not None and st.saved_tokens == 0 and st.saved_percent == 0.0
    empty = compute_stats([], "s9")
    assert empty.session is not None and empty.session.calls == 0 and empty.session.saved_percent == 0.0


def test_rendered_stats_name_scopes_tools_and_the_accounting_rule():
    text = render_stats(compute_stats(SCRIPT, "s1"))
    assert "session s1: 4 calls, raw 43,300 tokens, delivered 3,100, saved 40,200 (92.8%)" in text
    assert "| fetch_result | 1 | — | 1,200 | -1,200 |" in text
    assert "all time: 6 calls" in text
    assert "fetch_result answers included" in text


def test_stats_command_reads_the_project_journal(repo):
    ws, loaded = make_workspace(repo)
    assert "no tool calls recorded yet" in stats_command(ws, loaded.settings)
    j = Journal(ws.storage("journal.jsonl"))
    for e in SCRIPT:
        fields = {k: v for k, v in e.items() if k != "type"}
        j.append(e["type"], **fields)
    out = stats_command(ws, loaded.settings)
    assert "latest session s2: 2 calls" in out and "all time: 6 calls" in out


def test_context_stats_is_delivered_whole_even_when_longer_than_a_passthrough(tmp_path):
    import anyio
    from mcp import Client

    from contexteer.server.app import build_server, services_of

    root = tmp_path / "repo"
    root.mkdir()
    ws, loaded = make_workspace(root)
    server = build_server(ws, loaded)
    journal = services_of(server).journal
    for i in range(30):  # 30 tools in the all-time table: well over 512 tokens
        journal.append("tool_call", tool=f"tool_number_{i}", session="old", tier="digest", raw_tokens=5_000 + i,
                       tokens=900, status="ok", handle=None, estimated=False, duration_ms=1.0)

    async def main() -> tuple[str, dict]:
        async with Client(server) as client:
            res = await client.call_tool("context_stats", {})
            return res.content[0].text, res.meta  # type: ignore[union-attr]

    text, meta = anyio.run(main)
    assert meta["tier"] == "passthrough" and meta["raw_tokens"] > 512
    assert all(f"| tool_number_{i} |" in text for i in range(30))
