"""fetch_result edge cases through the real server: continuation, size limit, bad input, redaction of stored text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from contexteer.server.app import build_server, services_of
from tests.conftest import make_workspace

KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nQyNTUxOQAAACB2ZXJ5IHNlY3JldCBrZXkgbWF0ZXJpYWw\n-----END OPENSSH PRIVATE KEY-----"


def _text(result: Any) -> str:
    return "\n".join(b.text for b in result.content if getattr(b, "type", "") == "text")


def _server(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    lines = [f"[{i:05d}] INFO processed item {i} of the nightly batch" for i in range(1, 6001)]
    for i in range(100, 6000, 250):
        lines[i] = f"[{i + 1:05d}] ERROR item {i + 1} failed: timeout after 30s"
    lines[3000:3000] = KEY.splitlines()
    (root / "batch.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ws, loaded = make_workspace(root, **{"shaping.structured_output": True})
    return build_server(ws, loaded), lines


def test_fetch_result_continues_and_refuses_what_would_not_fit(tmp_path):
    server, lines = _server(tmp_path)

    async def main() -> None:
        async with Client(server) as client:
            big = await client.call_tool("read_code_range", {"path": "batch.log"})
            handle = big.meta["handle"]
            assert "ERROR item 101 failed" in _text(big)

            head = await client.call_tool("fetch_result", {"handle": handle})  # no range: as much as fits
            sc = head.structured_content
            assert not sc["complete"] and sc["next"].startswith(f'fetch_result(handle="{handle}", start_line=')
            assert sc["lines"][0] == {"line": 1, "text": lines[0], "match": False}
            assert head.meta["tier"] == "page" and head.meta["text_tokens"] <= 4096

            grep = await client.call_tool("fetch_result", {"handle": handle, "pattern": "INFO", "context_lines": 2})
            gs = grep.structured_content
            assert gs["matches"] > 5000 and not gs["complete"] and 'pattern="INFO"' in gs["next"] and "context_lines=2" in gs["next"]
            assert grep.meta["text_tokens"] <= 4096 and grep.meta["handle"] is None

            errs = await client.call_tool("fetch_result", {"handle": handle, "pattern": r"ERROR item \d+ failed"})
            es = errs.structured_content
            assert es["complete"] and es["matches"] == 24
            assert [x["text"] for x in es["lines"]] == [ln for ln in lines if "ERROR item" in ln]

            for args, needle in (
                ({"handle": handle, "start_line": 999_999}, "outside result"),
                ({"handle": handle, "start_line": 50, "end_line": 10}, "Swap them"),
                ({"handle": handle, "pattern": "(unclosed"}, "not a valid regular expression"),
                ({"handle": "not-a-handle"}, "not a result handle"),
            ):
                bad = await client.call_tool("fetch_result", args)
                assert bad.is_error and needle in _text(bad), (args, _text(bad))

            secret = await client.call_tool("fetch_result", {"handle": handle, "start_line": 3001, "end_line": 3004})
            st = _text(secret)
            assert "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ" not in st and "QyNTUxOQAAACB2ZXJ5" not in st
            assert "[REDACTED private key block]" in st

    anyio.run(main)
    store = services_of(server).store
    stored = [store.get(h).text for h in store.entries()]
    assert stored and not any("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ" in t for t in stored)  # never even on disk


def test_a_range_that_fits_by_real_count_is_returned_and_every_continuation_works(tmp_path):
    import re

    root = tmp_path / "repo"
    root.mkdir()
    # deeply indented lines: a per-character estimate says ~170 of them fill an answer, the real count says ~250
    lines = [" " * 40 + f"total_{i} = compute(part_{i})" for i in range(1, 1501)]
    (root / "deep.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    ws, loaded = make_workspace(root)
    server = build_server(ws, loaded)

    def shown(text: str) -> list[int]:
        return [int(m) for m in re.findall(r"^(\d+): ", text, re.M)]

    async def main() -> None:
        async with Client(server) as client:
            big = await client.call_tool("read_code_range", {"path": "deep.py"})  # the whole file: an overview
            handle = big.meta["handle"]
            assert handle, big.meta
            part = await client.call_tool("fetch_result", {"handle": handle, "start_line": 1, "end_line": 240})
            assert not part.is_error, _text(part)
            assert part.meta["tier"] == "passthrough" and shown(_text(part)) == list(range(1, 241))
            seen: list[int] = []
            args: dict[str, Any] = {"handle": handle}
            for _ in range(20):  # follow the continuation each answer names, as a model would
                page = await client.call_tool("fetch_result", args)
                text = _text(page)
                assert not page.is_error and page.meta["tokens"] <= 4096, (args, text[-300:])
                seen += shown(text)
                nxt = re.search(r"continue with fetch_result\(handle=\"(r-\w+)\", start_line=(\d+)\)$", text)
                if nxt is None:
                    break
                args = {"handle": nxt[1], "start_line": int(nxt[2])}  # the server's own continuation pins no page size
            assert seen == list(range(1, 1501))

    anyio.run(main)
