"""If the shaping step itself breaks, the agent still gets a bounded answer that says so, never a flood."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp import Client

from contexteer.server.app import build_server, services_of
from tests.conftest import make_workspace


def test_a_failing_pipeline_still_delivers_a_bounded_answer(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "big.log").write_text("".join(f"line {i} of a very long build log\n" for i in range(25_000)))  # under workspace.max_file_bytes
    ws, loaded = make_workspace(root)
    server = build_server(ws, loaded)
    svc = services_of(server)

    class Broken:
        def shape(self, answer, **kw):  # noqa: ANN001, ANN003, ANN202 - a stand-in pipeline that fails
            raise RuntimeError("digester bug")

    svc.__dict__["pipeline"] = Broken()

    async def main():
        async with Client(server) as client:
            return await client.call_tool("read_code_range", {"path": "big.log"})

    result = anyio.run(main)
    text = result.content[0].text  # type: ignore[union-attr]
    assert len(text) <= 4 * 4096 + 400
    assert text.startswith("big.log:1-25000 (whole file)\n1\tline 0 of a very long build log")
    assert "the shaping step failed" in text and "Narrow the request" in text
    assert result.meta is not None and result.meta["shaping_failed"] is True and result.meta["tier"] == "overview"
    assert result.structured_content is None  # no unshaped typed copy either
