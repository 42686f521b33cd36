"""Navigation test fixtures: copies of the fixture repositories served through the real MCP SDK client."""

from __future__ import annotations

import re
import shutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from contexteer.config import load_config
from contexteer.server.app import build_server
from contexteer.workspace import Workspace

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "nav"


@dataclass
class Answer:
    text: str
    data: dict[str, Any] | None
    is_error: bool
    meta: dict[str, Any] | None


class Served:
    """One workspace behind an MCPServer; `call` runs one tools/call through an in-memory SDK client.

    Structured output is on unless a test turns it off, so tests can assert typed fields (`Answer.data`);
    what the model reads in the default text mode is tested in tests/server/test_delivery.py."""

    def __init__(self, root: Path, **overrides: Any) -> None:
        self.root = root
        overrides = {"shaping.structured_output": True, **overrides}
        loaded = load_config(root=root, overrides=overrides, use_user_config=False)
        self.ws = Workspace(root, loaded.settings)
        self.server = build_server(self.ws, loaded)

    def call(self, tool: str, **args: Any) -> Answer:
        return self.session(lambda c: _call(c, tool, args))

    def semantic(self, path: str, symbol: str, **args: Any) -> Answer:
        """read_code_range of a symbol with its semantic context; the call must succeed."""
        a = self.call("read_code_range", path=path, symbol=symbol, context="semantic", **args)
        assert not a.is_error, a.text
        return a

    def session(self, body: Callable[[Client], Awaitable[Any]]) -> Any:
        async def main() -> Any:
            async with Client(self.server) as client:
                return await body(client)

        return anyio.run(main)


async def _call(client: Client, tool: str, args: dict[str, Any], **kw: Any) -> Answer:
    res = await client.call_tool(tool, args, **kw)
    text = "\n".join(getattr(b, "text", "") for b in res.content)
    meta = getattr(res, "meta", None)
    return Answer(text=text, data=res.structured_content, is_error=bool(res.is_error), meta=meta)


def served_tree(root: Path, files: dict[str, str]) -> Served:
    """A server on a repository made of `files` (path -> text) written under `root`."""
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return Served(root)


def copy_fixture(name: str, dest: Path) -> Path:
    root = dest / name
    shutil.copytree(FIXTURES / name, root)
    return root


@pytest.fixture(scope="module")
def pyshop(tmp_path_factory: pytest.TempPathFactory) -> Served:
    """A read-only shared copy (tests that edit files use `pyshop_fresh`)."""
    return Served(copy_fixture("pyshop", tmp_path_factory.mktemp("nav")))


@pytest.fixture
def pyshop_fresh(tmp_path: Path) -> Served:
    return Served(copy_fixture("pyshop", tmp_path), **{"index.sweep_interval_seconds": 0})


@pytest.fixture(scope="module")
def polyglot(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Served]:
    base = tmp_path_factory.mktemp("poly")
    return {name: Served(copy_fixture(name, base)) for name in ("webapp", "gomod", "rustcrate", "cinc")}


def flat(text: str) -> str:
    """find_related's text with each file heading put back on its rows (`future.go` over `  23-29 interface X`
    reads `future.go:23-29 interface X`; a callee `  Sub.next 67-73 called at 59` reads `Sub.next path:67-73
    called at 59`), so a test can assert whole rows; continuation lines (`+2 more lines`, `534: call`) stay."""
    out: list[str] = []
    heading: str | None = None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line and " " not in line and not line.startswith(("[", "…")) and nxt.startswith("  "):
            heading = line
            continue
        if heading is None or not line.startswith("  "):
            heading = None
            out.append(line)
            continue
        row = line[2:]
        body = row.lstrip(" ")
        pad = row[: len(row) - len(body)]
        if re.match(r"\d+(-\d+)? ", body):
            row = f"{pad}{heading}:{body}"
        else:
            row = re.sub(r" (\d+-\d+ (\(defined at [^)]*\) )?called at )", rf" {heading}:\1", row, count=1)
        out.append(row)
    return "\n".join(out)
