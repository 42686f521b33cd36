"""Two real `contexteer serve --transport http` replicas on one PostgreSQL, behind a round-robin client.

Each replica has its own data dir, so nothing reaches the other through the filesystem: a handle, a memory
entry, session state and the journal are shared only through the database.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from contexteer.config import load_config
from contexteer.memory.store_pg import PgMemoryStore
from contexteer.server.cli.token import token_command
from contexteer.storage import open_database
from contexteer.storage.journal import PgJournal
from contexteer.workspace import Workspace
from tests.storage.pgcluster import Cluster
from tests.storage.replicas import Replica, round_robin, start_replicas, text

pytestmark = pytest.mark.slow


def add_token(path: Path, name: str, scopes: str) -> str:
    out = io.StringIO()
    assert token_command(argparse.Namespace(token_command="add", name=name, scopes=scopes), path, out) == 0
    return out.getvalue().strip()


class Team:
    def __init__(self, root: Path, url: str, tokens: Path, workdir: Path, replicas: list[Replica], who: dict[str, str],
                 doomed: Replica):
        self.root, self.url, self.tokens, self.workdir, self.replicas, self.who = root, url, tokens, workdir, replicas, who
        self.doomed = doomed  # a third replica whose save of 'victim' pauses before its commit, to be killed there
        self.project = Workspace(root, load_config(root=root, use_user_config=False).settings).project_key

    @property
    def bases(self) -> list[str]:
        return [r.base for r in self.replicas]

    def memory(self) -> PgMemoryStore:
        return PgMemoryStore(open_database(self.url), self.project)


@pytest.fixture(scope="module")
def team(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Team]:
    work = tmp_path_factory.mktemp("team")
    root = work / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "big.py").write_text("".join(f"def f{i}():\n    return {i}\n\n" for i in range(2000)), encoding="utf-8")
    tokens = work / "tokens.yaml"
    who = {"alice": add_token(tokens, "alice", "read,memory:write"), "bob": add_token(tokens, "bob", "read"),
           "carol": add_token(tokens, "carol", "read,memory:write")}
    url = pg_cluster.create_database("replicas")
    pause = {"CONTEXTEER_MEMORY_TEST_PAUSE": "60", "CONTEXTEER_MEMORY_TEST_PAUSE_ON": "victim.md",
             "CONTEXTEER_MEMORY_TEST_PAUSE_DIR": str(work)}
    replicas = start_replicas(root, url, tokens, work, n=3, names=("a", "b", "c"), extra_env={"c": pause})
    try:
        yield Team(root, url, tokens, work, replicas[:2], who, replicas[2])
    finally:
        for r in replicas:
            r.stop()


def test_a_handle_issued_by_one_replica_is_fetched_through_the_other(team: Team):
    async def main() -> None:
        async with round_robin(team.bases, team.who["alice"]) as rr:
            cut = await rr.call("read_code_range", {"path": "src/big.py"})
            assert cut.meta["tier"] == "overview" and cut.meta["handle"]
            fetched = await rr.call("fetch_result", {"handle": cut.meta["handle"], "start_line": 10, "end_line": 11})
            assert not fetched.is_error, text(fetched)
            assert "def f3():" in text(fetched) and "return 3" in text(fetched)
            assert rr.served_by == [0, 1]

    anyio.run(main)


def test_the_structure_index_lives_in_the_database_and_both_replicas_answer_the_same_from_it(team: Team):
    async def main() -> None:
        async with round_robin(team.bases, team.who["bob"]) as rr:
            answers = [await rr.call("search_symbol", {"query": "f1234"}) for _ in range(2)]
            assert rr.served_by == [0, 1]
            assert "src/big.py" in text(answers[0]) and text(answers[0]) == text(answers[1]), text(answers[0])

    anyio.run(main)
    with open_database(team.url).connection() as conn:
        files = conn.execute("SELECT path FROM index_files WHERE project = %s", (team.project,)).fetchall()
        state = conn.execute("SELECT value FROM index_meta WHERE project = %s AND key = 'build_state'",
                             (team.project,)).fetchone()
    assert [f[0] for f in files] == ["src/big.py"] and state == ("complete",)
    assert not list(team.workdir.glob("data-*/**/index.sqlite"))  # no replica keeps an index of its own


def test_memory_saved_through_one_replica_is_recalled_through_the_other_with_who_saved_it(team: Team):
    async def main() -> None:
        async with round_robin(team.bases, team.who["alice"]) as rr:
            saved = await rr.call("memory", {"action": "save", "name": "deploy-order", "content": "Migrate, then deploy.",
                                             "tag": "REQUIREMENT"})
            assert not saved.is_error, text(saved)
            recalled = await rr.call("memory", {"action": "recall", "query": "deploy order"})
            assert "Migrate, then deploy." in text(recalled) and "saved by alice" in text(recalled)

    anyio.run(main)
    calls = [e for e in PgJournal(open_database(team.url), team.project).read().events
             if e.get("type") == "tool_call" and e.get("tool") == "memory"]
    assert {e.get("client") for e in calls} >= {"alice"}


def test_session_state_follows_the_client_from_replica_to_replica(team: Team):
    async def main() -> None:
        async with round_robin(team.bases, team.who["carol"]) as rr:
            await rr.call("memory", {"action": "save", "name": "carol-note", "content": "Carol's note.", "tag": "DECISION"})
            first = await rr.call("memory", {"action": "read", "name": "carol-note"})  # replica b shows it
            assert "Carol's note." in text(first)
            again = await rr.call("memory", {"action": "recall", "query": "carol note"})  # replica a knows it was shown
            assert "already shown in this session" in text(again)
            ignored = await rr.call("memory", {"action": "ignore", "on": True})
            assert not ignored.is_error, text(ignored)
            hidden = await rr.call("memory", {"action": "recall"})
            assert "Memory is ignored" in text(hidden) and "Carol's note." not in text(hidden)
            await rr.call("memory", {"action": "ignore", "on": False})

    anyio.run(main)


def test_two_times_200_concurrent_saves_through_two_replicas_lose_nothing(team: Team):
    failures: list[str] = []

    async def main() -> None:
        async with round_robin(team.bases, team.who["alice"]) as rr:
            limit = anyio.Semaphore(24)

            async def save(replica: int, i: int) -> None:
                async with limit:
                    res = await rr.clients[replica].call_tool(
                        "memory", {"action": "save", "name": f"bulk-{replica}-{i}", "content": f"replica {replica} save {i}",
                                   "tag": "REFERENCE"})
                    if res.is_error:
                        failures.append(text(res))

            async with anyio.create_task_group() as tg:
                for i in range(200):
                    for replica in (0, 1):
                        tg.start_soon(save, replica, i)

    anyio.run(main)
    assert not failures, failures[:3]
    bodies = {h.name: team.memory().get(h.name).body.strip() for h in team.memory().headers() if h.name.startswith("bulk-")}
    assert bodies == {f"bulk-{r}-{i}": f"replica {r} save {i}" for r in (0, 1) for i in range(200)}


def test_a_read_only_token_cannot_change_memory_and_a_revoked_token_is_locked_out_everywhere(team: Team):
    async def bob_calls() -> tuple[Any, Any]:
        async with round_robin(team.bases, team.who["bob"]) as rr:
            read = await rr.call("memory", {"action": "list"})
            save = await rr.call("memory", {"action": "save", "name": "bob-was-here", "content": "x", "tag": "NOISE"})
            return read, save

    read, save = anyio.run(bob_calls)
    assert not read.is_error and "headers only" in text(read)
    assert save.is_error and "memory:write" in text(save) and "'bob'" in text(save)
    assert not team.memory().exists("bob-was-here")

    token_command(argparse.Namespace(token_command="revoke", name="bob"), team.tokens, io.StringIO())
    time.sleep(1.2)  # the file is checked at most once a second
    for base in team.bases:
        for who, expected in (("bob", 401), ("alice", 200)):
            r = httpx.post(base + "/mcp", headers={"Authorization": f"Bearer {team.who[who]}", "Accept": "application/json, text/event-stream",
                                                   "Content-Type": "application/json"},
                           json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}, timeout=30)
            assert r.status_code == expected, (who, base, r.status_code, r.text[:200])


def test_a_client_on_the_session_protocol_needs_no_affinity(team: Team):
    """A 2025 client (initialize, then requests) may land on another replica after its handshake."""
    headers = {"Authorization": f"Bearer {team.who['alice']}", "Accept": "application/json, text/event-stream",
               "Content-Type": "application/json", "MCP-Protocol-Version": "2025-06-18"}
    init = httpx.post(team.bases[0] + "/mcp", headers=headers, timeout=30, json={
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "legacy", "version": "1"}}})
    assert init.status_code == 200, init.text[:300]
    assert "mcp-session-id" not in init.headers  # stateless: nothing to be sticky about
    call = httpx.post(team.bases[1] + "/mcp", headers=headers, timeout=30, json={
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "read_code_range", "arguments": {"path": "src/big.py", "start_line": 1, "end_line": 2}}})
    assert call.status_code == 200, call.text[:300]
    assert "def f0():" in call.text


def test_kill_9_of_a_replica_mid_save_loses_nothing_and_corrupts_nothing(team: Team):
    """Replica c is killed while a save is written but not committed; replica b keeps saving meanwhile."""
    c = team.doomed
    marker = team.workdir / ".paused-victim.md"
    acknowledged: dict[str, str] = {}

    async def save(client: Any, name: str, body: str) -> None:
        res = await client.call_tool("memory", {"action": "save", "name": name, "content": body, "tag": "REFERENCE"})
        if not res.is_error:
            acknowledged[name] = body

    async def through_c() -> None:
        try:
            async with round_robin([c.base], team.who["alice"]) as only_c:  # its own client: it dies with c
                for i in range(5):
                    await save(only_c.clients[0], f"before-kill-{i}", f"saved through c before the kill {i}")
                await save(only_c.clients[0], "victim", "the save c is killed in the middle of")
        except Exception:  # noqa: BLE001 - the connection dies with the replica
            pass

    async def main() -> None:
        async with round_robin([team.bases[1]], team.who["alice"]) as only_b:
            b = only_b.clients[0]

            async def stream() -> None:
                for i in range(40):
                    await save(b, f"during-kill-{i}", f"saved through b around the kill {i}")

            async def killer() -> None:
                with anyio.fail_after(60):
                    while not marker.exists():
                        await anyio.sleep(0.05)
                c.kill9()

            async with anyio.create_task_group() as tg:
                tg.start_soon(through_c)
                tg.start_soon(killer)
                tg.start_soon(stream)
            await save(b, "after-kill", "b still saves after c died")

    try:
        anyio.run(main)
    finally:
        c.stop()
    store = team.memory()
    assert "victim" not in acknowledged and not store.exists("victim")  # uncommitted: gone whole, not half there
    assert {f"before-kill-{i}" for i in range(5)} | {f"during-kill-{i}" for i in range(40)} | {"after-kill"} <= set(acknowledged)
    for name, body in acknowledged.items():
        assert store.get(name).body.strip() == body
    for h in store.headers():  # every stored entry reads back whole
        assert store.get(h.name).header.name == h.name


def test_an_idle_keep_alive_connection_outlives_the_clients_pool(team: Team):
    """Regression: replicas closed idle connections after 5 s, as long as httpx keeps them in its pool, so a request
    sent on a connection the replica was closing failed (sessions lost under round-robin load)."""
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(team.bases[0])
    conn = http.client.HTTPConnection(str(where.hostname), where.port, timeout=10)
    try:
        conn.request("GET", "/healthz")
        first = conn.getresponse()
        assert first.status == 200 and first.read()
        sock = conn.sock
        time.sleep(6)  # longer than httpx's keepalive_expiry (5 s)
        conn.request("GET", "/healthz")  # on the same socket: RemoteDisconnected if the replica closed it
        second = conn.getresponse()
        assert second.status == 200 and second.read() and conn.sock is sock
    finally:
        conn.close()
