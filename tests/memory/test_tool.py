"""The memory tool end to end: the real server, the SDK's in-memory Client, the lifecycle rehearsal."""

from __future__ import annotations

import json
from typing import Any

import anyio
import orjson
from mcp import Client

from contexteer.server.app import build_server, services_of

from .conftest import Clock

SECRET = "ghp_" + "Z" * 36


def _text(result: Any) -> str:
    return "\n".join(getattr(c, "text", "") for c in result.content)


class Recorder:
    """Calls tools and reads resources, keeping every response for an exhaustive scan."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.responses: list[str] = []

    async def call(self, tool: str = "memory", **args: Any) -> tuple[str, Any]:
        res = await self.client.call_tool(tool, args)
        self.responses.append(json.dumps(res.model_dump(mode="json", by_alias=True), ensure_ascii=False))
        return _text(res), res

    async def resource(self, uri: str) -> str:
        res = await self.client.read_resource(uri)
        self.responses.append(json.dumps(res.model_dump(mode="json", by_alias=True), ensure_ascii=False))
        return "\n".join(getattr(c, "text", "") for c in res.contents)


def test_lifecycle_rehearsal_through_the_real_server(ws_loaded, clock: Clock) -> None:
    ws, loaded = ws_loaded
    server = build_server(ws, loaded)
    svc = services_of(server)
    svc.memory.set_clock(clock)

    async def main() -> None:
        async with Client(server) as client:
            r = Recorder(client)
            text, res = await r.call(action="save", name="db-choice", content="We use Postgres 15 for everything.",
                                     tag="DECISION", description="Database is Postgres", source="user: decided at kickoff")
            assert "Saved new entry 'db-choice'" in text and res.structured_content["names"] == ["db-choice"]
            await r.call(action="save", name="deploy-host", content="Deploy from build-01.", tag="REQUIREMENT",
                         description="Deploys run from build-01", source="user")
            await r.call(action="save", name="lint-first", content="Run ruff before tests.", tag="PREFERENCE",
                         description="Lint before testing", source="agent: noticed in CI config")
            clock.advance(days=28)
            text, _ = await r.call(action="save", name="db-choice", content="We use Postgres 16 for everything.")
            assert "createdAt kept at 2026-01-01T12:00:00.000Z" in text
            clock.advance(days=12)
            await r.call(action="status", name="deploy-host", status="stale")
            await r.call(action="status", name="lint-first", status="verified")
            await r.call(action="checkpoint_save", label="db migration", content="Migrated to PG16; deploy pending.",
                         decisions=["keep PG16"], files=["src/auth.py", "src/removed.py"], next_steps=["deploy"])

            text, res = await r.call(action="recall", query="database postgres")
            assert res.is_error is False
            assert "## db-choice (DECISION, active) — Database is Postgres" in text
            assert "saved 40 days ago, updated 12 days ago — verify against the current code before relying on it" in text
            assert "We use Postgres 16 for everything." in text
            register, _ = await r.call(action="recall")
            assert "STALE — saved 40 days ago" in register and "verified today" in register
            assert register.index("## deploy-host") < register.index("## lint-first")  # REQUIREMENT before PREFERENCE
            assert "- db-choice (DECISION) — Database is Postgres — already shown in this session" in register

            listing, _ = await r.call(action="list")
            assert listing.startswith("Newest checkpoint: ")
            assert "Postgres 16" not in listing  # headers only
            cp = await r.resource("memory://checkpoint/latest")
            assert "- src/removed.py  [no longer exists]" in cp and "- src/auth.py\n" in cp
            index = await r.resource("memory://index")
            assert "- [db-choice](db-choice.md) — Database is Postgres (DECISION, updated 2026-01-29)" in index

            # --- ignore on: nothing from memory may appear in any response of this session --------------
            r.responses.clear()
            text, res = await r.call(action="ignore", on=True)
            assert res.structured_content["ignored"] is True
            for args in ({"action": "recall"}, {"action": "recall", "query": "postgres"}, {"action": "list"},
                         {"action": "list", "status": "trash"}, {"action": "read", "name": "db-choice"},
                         {"action": "checkpoint_list"}, {"action": "checkpoint_load"}):
                text, res = await r.call(**args)
                assert "ignored for this MCP session" in text
            await r.resource("memory://index")
            await r.resource("memory://checkpoint/latest")
            await r.call("read_code_range", path="src/auth.py")
            memory_texts = ["Postgres", "postgres", "build-01", "Deploys run", "ruff", "Lint before", "db-choice", "deploy-host",
                            "lint-first", "PG16", "db migration", "keep PG16", "removed.py"]
            for response in r.responses:
                for needle in memory_texts:
                    assert needle not in response, f"{needle!r} leaked while memory is ignored: {response[:300]}"

            # another session on the same server is not affected
            async with Client(server) as other:
                other_text = _text(await other.call_tool("memory", {"action": "recall", "query": "postgres"}))
                assert "Postgres 16" in other_text

            text, _ = await r.call(action="ignore", on=False)
            assert "Postgres 16" in (await r.call(action="read", name="db-choice"))[0]

    anyio.run(main)

    events = [e for e in svc.journal.read().events if e.get("type") == "memory"]
    actions = {e["action"] for e in events}
    assert {"save", "status", "recall", "list", "read", "ignore", "checkpoint_save", "checkpoint_load", "resource"} <= actions
    raw = orjson.dumps(events).decode()
    whole_journal = svc.journal.path.read_text()
    for body in ("We use Postgres", "Deploy from build-01", "Run ruff", "Migrated to PG16"):
        assert body not in raw and body not in whole_journal


def test_tool_errors_say_what_to_do_next(ws_loaded) -> None:
    ws, loaded = ws_loaded
    server = build_server(ws, loaded)

    async def main() -> None:
        async with Client(server) as client:
            res = await client.call_tool("memory", {"action": "save", "name": "../../etc/passwd", "content": "x", "tag": "NOISE"})
            assert res.is_error and "not a path" in _text(res) and "e.g. 'use-pnpm'" in _text(res)
            res = await client.call_tool("memory", {"action": "save", "name": "k", "content": f"token {SECRET}", "tag": "NOISE"})
            assert res.is_error and "GitHub token" in _text(res) and SECRET not in _text(res)
            res = await client.call_tool("memory", {"action": "save", "name": "big", "content": "y" * 4097, "tag": "NOISE"})
            assert res.is_error and "4097 bytes" in _text(res) and "4096" in _text(res)
            res = await client.call_tool("memory", {"action": "save", "name": "new", "content": "z"})
            assert res.is_error and "tag is required" in _text(res)
            res = await client.call_tool("memory", {"action": "read"})
            assert res.is_error and "needs name" in _text(res)
            res = await client.call_tool("memory", {"action": "purge"})
            assert not res.is_error and "pass confirm=true" in _text(res)
            res = await client.call_tool("memory", {"action": "fly"})
            assert res.is_error

    anyio.run(main)


def test_memory_tool_definition_stays_small(ws_loaded) -> None:
    ws, loaded = ws_loaded
    server = build_server(ws, loaded)
    from contexteer.tokens import count_tokens

    async def main() -> int:
        async with Client(server) as client:
            tools = (await client.list_tools()).tools
            tool = next(t for t in tools if t.name == "memory")
            return count_tokens(json.dumps(tool.model_dump(mode="json", by_alias=True, exclude_none=True)))

    tokens = anyio.run(main)
    assert tokens <= 650, f"the memory tool definition grew to {tokens} tokens"


def test_memory_results_are_marked_explicit_markdown(ws_loaded) -> None:
    ws, loaded = ws_loaded
    server = build_server(ws, loaded)
    svc = services_of(server)
    assert "query" in svc.specs["memory"].terms_from  # a recall keeps the lines matching its query
    from contexteer.memory.recall import SessionMemory
    from contexteer.tools.memory import dispatch

    ans = dispatch(svc.memory, SessionMemory(), "list", {})
    assert ans.explicit is True


def test_an_unusable_memory_folder_does_not_take_the_server_down(ws_loaded) -> None:
    ws, loaded = ws_loaded
    blocker = ws.data_dir / "memory"
    blocker.write_text("a file where the memory folder should be")
    server = build_server(ws, loaded)  # still builds: the other tools work

    async def main() -> None:
        async with Client(server) as client:
            res = await client.call_tool("memory", {"action": "list"})
            assert res.is_error and "memory folder" in _text(res)
            ok = await client.call_tool("read_code_range", {"path": "src/auth.py"})
            assert not ok.is_error

    anyio.run(main)
