"""Hostile patterns (issue 18, finding 1): no user text may freeze the server through a backtracking regex.

Every reproduction here froze the server before the fix: user text was compiled as a Python regex and run by
`re`, which backtracks exponentially while holding the GIL, so one call stopped every session and /healthz.
A regression in a worker thread holds the GIL, so pytest-timeout's alarm could never fire; the watchdog
below ends the run instead (with a traceback dump), which fails it rather than hanging it.
"""

from __future__ import annotations

import faulthandler
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.navigation.conftest import Served
from tests.server.helpers import running_server

#: search_text's literal pattern from the issue: `(a+)+$` followed by a long run of 'a' and a '!'.
HOSTILE = "(a+)+$" + "a" * 5000 + "!"
RUN = "a" * 60 + "!"  # `(a+)+$` backtracks 2^60 times on each such line
PROSE = "This is a line of prose with some words in it!"  # 40+ characters: `(\w+\s?)*$` took 7.6 s on one
TOKEN = "s3cret-token-for-tests"
FAST = 10.0  # seconds: generous for a loaded CI machine, far below a backtracking blow-up


@pytest.fixture(autouse=True)
def _watchdog() -> Iterator[None]:
    """End the process if a test hangs with the GIL held (where no Python-level timeout can run)."""
    faulthandler.dump_traceback_later(120, exit=True, file=sys.__stderr__)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def hostile_repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "runs.txt").write_text("".join(f"{RUN}\n" for _ in range(400)) + "a" * 5000 + "\n")
    (root / "prose.md").write_text("".join(f"{PROSE}\n" for _ in range(600)))
    return root


def _timed(served: Served, tool: str, **args: object):  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    answer = served.call(tool, **args)
    return answer, time.monotonic() - t0


@pytest.mark.timeout(60)
def test_literal_search_for_a_catastrophic_regex_text_answers_in_seconds(hostile_repo: Path):
    served = Served(hostile_repo)
    # nothing matches, so the answer echoes the pattern (long enough to be digested) and its terms are matched
    # against that echo: as a regex, `(a+)+$` then backtracks over the 5000 'a's
    a, took = _timed(served, "search_text", pattern=HOSTILE)
    assert took < FAST, f"search_text took {took:.1f} s"
    assert not a.is_error, a.text
    assert a.data is not None and a.data["matches"] == 0 and "no matches" in a.text


@pytest.mark.timeout(60)
def test_regex_search_with_a_nested_quantifier_answers_in_seconds(hostile_repo: Path):
    served = Served(hostile_repo)
    a, took = _timed(served, "search_text", pattern=HOSTILE, regex=True)
    assert took < FAST, f"search_text took {took:.1f} s"
    assert not a.is_error, a.text
    assert a.data is not None and a.data["matches"] == 0 and "no matches" in a.text
    a, took = _timed(served, "search_text", pattern=r"(a+)+$|!", regex=True, path="runs.txt")  # hits, digested
    assert took < FAST, f"search_text took {took:.1f} s"
    assert a.data is not None and a.data["matches"] == 401


def _stored(served: Served, path: str) -> str:
    a = served.call("read_code_range", path=path)
    assert not a.is_error, a.text
    assert a.meta is not None and a.meta.get("handle"), a.meta
    return str(a.meta["handle"])


@pytest.mark.timeout(60)
def test_fetch_result_with_a_nested_quantifier_on_long_runs_answers_quickly(hostile_repo: Path):
    served = Served(hostile_repo)
    handle = _stored(served, "runs.txt")
    a, took = _timed(served, "fetch_result", handle=handle, pattern="(a+)+$")
    assert took < FAST, f"fetch_result took {took:.1f} s"
    assert not a.is_error, a.text
    assert a.data is not None and a.data["matches"] == 1  # only the 5000-'a' line ends in a run of 'a'
    assert a.data["lines"][0]["line"] == 401


@pytest.mark.timeout(60)
def test_fetch_result_with_a_starred_word_group_on_prose_answers_quickly(hostile_repo: Path):
    served = Served(hostile_repo)
    handle = _stored(served, "prose.md")
    a, took = _timed(served, "fetch_result", handle=handle, pattern=r"(\w+\s?)*$")
    assert took < FAST, f"fetch_result took {took:.1f} s"
    assert not a.is_error, a.text
    assert a.data is not None and a.data["matches"] == 600  # the empty match at the end of every line


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("pattern", "says"),
    [
        (r"(a)\1", "backreference"),
        (r"a(?=!)", "lookaround"),
        (r"(?<!b)a", "lookaround"),
    ],
)
def test_fetch_result_refuses_what_a_linear_engine_cannot_do_and_says_what_to_write(hostile_repo: Path, pattern: str, says: str):
    served = Served(hostile_repo)
    handle = _stored(served, "runs.txt")
    a = served.call("fetch_result", handle=handle, pattern=pattern)
    assert a.is_error
    assert says in a.text and "instead" in a.text, a.text


@pytest.mark.timeout(60)
def test_memory_recall_with_a_catastrophic_query_answers_in_seconds(hostile_repo: Path):
    # recall fits its answer under the digest threshold, but the answer echoes the query; lower thresholds (a
    # user's own setting) make that echo enough to be digested, where the query's terms are matched
    served = Served(hostile_repo, **{"context_mode_mcp.max_direct_passthrough": 64, "context_mode_mcp.max_digest_threshold": 256})
    for i in range(4):
        saved = served.call("memory", action="save", name=f"runs-{i}", content="\n".join([RUN] * 50),
                            description="long runs of a", tag="REFERENCE")
        assert not saved.is_error, saved.text
    a, took = _timed(served, "memory", action="recall", query=HOSTILE)  # echoed in the answer's first line
    assert took < FAST, f"recall took {took:.1f} s"
    assert not a.is_error, a.text
    assert a.meta is not None and a.meta["tier"] != "passthrough", a.meta  # the query's terms were matched


@pytest.mark.timeout(90)
def test_healthz_and_another_session_answer_within_a_second_while_hostile_calls_run(hostile_repo: Path):
    with running_server(hostile_repo, token=TOKEN) as base:
        done = threading.Event()
        errors: list[BaseException] = []

        def hostile() -> None:
            async def main() -> None:
                http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60)
                async with http, Client(streamable_http_client(base + "/mcp", http_client=http)) as client:
                    read = await client.call_tool("read_code_range", {"path": "runs.txt"})
                    handle = (read.meta or {}).get("handle")
                    assert handle, read.meta
                    for _ in range(3):
                        for call, args in (
                            ("search_text", {"pattern": HOSTILE}),
                            ("search_text", {"pattern": HOSTILE, "regex": True}),
                            ("fetch_result", {"handle": handle, "pattern": "(a+)+$"}),
                            ("fetch_result", {"handle": handle, "pattern": r"(\w+\s?)*$"}),
                        ):
                            res = await client.call_tool(call, args)
                            assert not res.is_error, (call, res)

            try:
                anyio.run(main)
            except BaseException as exc:  # noqa: B036 - reported by the main thread
                errors.append(exc)
            finally:
                done.set()

        worker = threading.Thread(target=hostile, daemon=True)
        worker.start()
        slowest = 0.0
        polls = 0
        while not done.is_set() or polls < 5:
            t0 = time.monotonic()
            try:
                r = httpx.get(base + "/healthz", timeout=5)
                assert r.status_code == 200
            except httpx.TimeoutException:
                pytest.fail("/healthz did not answer within 5 s while hostile calls ran")
            slowest = max(slowest, time.monotonic() - t0)
            polls += 1
            time.sleep(0.05)
        assert slowest < 1.0, f"/healthz took {slowest:.2f} s while hostile calls ran"

        async def other_session() -> float:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30)
            async with http, Client(streamable_http_client(base + "/mcp", http_client=http)) as client:
                t0 = time.monotonic()
                res = await client.call_tool("read_code_range", {"path": "prose.md", "start_line": 1, "end_line": 2})
                assert not res.is_error
                return time.monotonic() - t0

        worker.join(timeout=60)
        assert not worker.is_alive(), "the hostile calls did not finish within 60 s"
        assert not errors, errors
        assert anyio.run(other_session) < 1.0
