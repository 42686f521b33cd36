"""Through the real server and SDK client: a large result comes back cut with a handle, fetch_result returns the
exact original lines, and context_stats adds the calls up."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from contexteer.server.app import build_server, services_of
from contexteer.shaping.fold import split_lines
from tests.conftest import make_workspace

from .conftest import fixture_text


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "ci").mkdir(parents=True)
    (root / "ci" / "build.log").write_text(fixture_text("ci_pip_install.log") * 3, encoding="utf-8")
    (root / "ci" / "small.log").write_text("build ok\n", encoding="utf-8")
    return root


def _text(result: Any) -> str:
    return "\n".join(b.text for b in result.content if getattr(b, "type", "") == "text")


def test_large_log_comes_back_as_an_overview_and_fetch_result_returns_the_exact_lines(tmp_path):
    ws, loaded = make_workspace(_repo(tmp_path), **{"shaping.structured_output": True})
    server = build_server(ws, loaded)
    raw_lines = split_lines((ws.root / "ci" / "build.log").read_text(encoding="utf-8"))

    async def main() -> None:
        async with Client(server) as client:
            big = await client.call_tool("read_code_range", {"path": "ci/build.log"})
            meta = big.meta or {}
            assert meta["tier"] == "overview", meta
            assert meta["raw_tokens"] > 40_000 and meta["text_tokens"] <= 1000 and meta["tokens"] <= 1000 + 150
            handle = meta["handle"]
            text = _text(big)
            assert f'fetch_result(handle="{handle}"' in text
            assert "error: metadata-generation-failed" in text
            n = next(i for i, ln in enumerate(raw_lines, 1) if "error: invalid command 'bdist_wheel'" in ln)
            assert re.search(rf"^{n}: ", text, re.M)

            got = await client.call_tool("fetch_result", {"handle": handle, "start_line": n - 3, "end_line": n + 3})
            assert not got.is_error, _text(got)
            assert (got.meta or {})["tier"] == "passthrough" and (got.meta or {})["handle"] is None
            body = _text(got).splitlines()[1:]
            assert body == [f"{k}: {raw_lines[k - 1]}" for k in range(n - 3, n + 4)]
            lines = got.structured_content["lines"]
            assert [x["text"] for x in lines] == raw_lines[n - 4 : n + 3]

            grep = await client.call_tool("fetch_result", {"handle": handle, "pattern": "metadata-generation-failed", "context_lines": 1})
            gtext = _text(grep)
            assert "3 lines matching 'metadata-generation-failed'" in gtext
            assert gtext.count("--") == 2  # three separate groups

            # more lines than one answer holds: as many whole lines as fit, and the exact call that continues
            wide = await client.call_tool("fetch_result", {"handle": handle, "start_line": 1, "end_line": len(raw_lines)})
            assert not wide.is_error and wide.meta["tier"] == "page" and wide.meta["text_tokens"] <= 4096
            assert wide.meta["tokens"] <= 4096 * 1.05 + 150  # structured: the same text, JSON-escaped, in an envelope
            wtext = _text(wide).splitlines()
            last = int(wtext[-2].split(":", 1)[0])
            assert wtext[1:-1] == [f"{k}: {raw_lines[k - 1][:2000]}" + ("…[+" if len(raw_lines[k - 1]) > 2000 else "")
                                   for k in range(1, last + 1)] or wtext[1].startswith("1: ")
            assert wtext[-1].endswith(f'continue with fetch_result(handle="{handle}", start_line={last + 1}, end_line={len(raw_lines)})')

            gone = await client.call_tool("fetch_result", {"handle": "r-0000000000"})
            assert gone.is_error and "re-running" in _text(gone)

            small = await client.call_tool("read_code_range", {"path": "ci/small.log"})
            assert (small.meta or {})["tier"] == "passthrough"

            stats = await client.call_tool("context_stats", {})
            st = stats.structured_content
            assert st["all_time"]["calls"] >= 6
            assert st["session"]["calls"] == st["all_time"]["calls"]  # one client, one session, fresh data dir
            fetch = next(t for t in st["all_time"]["tools"] if t["tool"] == "fetch_result")
            assert fetch["raw_tokens"] == 0 and fetch["tokens"] > 0
            total = st["all_time"]
            assert total["saved_tokens"] == total["raw_tokens"] - total["tokens"]
            assert "fetch_result" in _text(stats)

    anyio.run(main)
    events = [e for e in services_of(server).journal.read().events if e["type"] == "tool_call"]
    assert events[0]["tier"] == "overview" and events[0]["raw_tokens"] > 40_000


def test_a_cut_answer_in_structured_mode_carries_the_overview_and_the_handle(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    for i in range(60):
        (root / f"m{i}.py").write_text("".join(f"raise ValueError('case {i}.{k}')\n" for k in range(20)), encoding="utf-8")
    ws, loaded = make_workspace(root, **{"shaping.structured_output": True})
    server = build_server(ws, loaded)

    async def main() -> None:
        async with Client(server) as client:
            res = await client.call_tool("search_text", {"pattern": "raise ValueError", "max_results": 2000})
            assert res.meta["tier"] == "overview" and res.meta["handle"]
            sc = res.structured_content
            assert sc["hits"] == [] and sc["truncated"] is True  # the typed list does not fit: the overview does
            assert sc["shaping"]["text"] == _text(res) and sc["shaping"]["handle"] == res.meta["handle"]
            assert "fetch_result(handle=" in sc["shaping"]["text"]
            small = await client.call_tool("search_text", {"pattern": "case 3.4'"})
            assert "shaping" not in small.structured_content  # an uncut answer stays as the tool made it

    anyio.run(main)


def test_a_secret_shown_in_text_and_structured_copy_is_counted_once(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "settings.py").write_text('AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"\nREGION = "eu-west-1"\n', encoding="utf-8")
    ws, loaded = make_workspace(root)
    server = build_server(ws, loaded)

    async def main() -> Any:
        async with Client(server) as client:
            return await client.call_tool("read_code_range", {"path": "settings.py", "start_line": 1, "end_line": 2})

    res = anyio.run(main)
    assert "AKIAIOSFODNN7EXAMPLE" not in _text(res) + str(res.structured_content)
    assert res.meta["redactions"] == {"AWS access key": 1}


def test_concurrent_fetches_of_many_handles_never_fail(tmp_path):
    """Regression (found by bench/team_load.py): sync tools run in worker threads, and two fetch_result calls evicting
    from the shared redaction cache at once popped the same handle: the second failed with a KeyError."""
    import sys
    import threading

    from contexteer.config import load_config
    from contexteer.server.services import build_services
    from contexteer.tools import results
    from contexteer.workspace import Workspace

    loaded = load_config(root=tmp_path, use_user_config=False)
    svc = build_services(Workspace(tmp_path, loaded.settings), loaded)  # the cache is the services' own
    failures: list[str] = []

    def fetch_many(worker: int) -> None:
        try:
            for i in range(10_000):
                text, _ = results._redacted(svc, f"r-{worker}-{i}", f"line {i}\n")
                assert text == f"line {i}\n"
        except Exception as exc:  # noqa: BLE001 - collected, asserted below
            failures.append(repr(exc))

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads as often as possible, as a busy server does
    try:
        threads = [threading.Thread(target=fetch_many, args=(w,)) for w in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not failures, failures[:3]
