"""A third-party client: the MCP Inspector CLI (npm) lists the tools and calls one over stdio.

Runs when CONTEXTEER_INSPECTOR names the inspector's CLI entry (.ci/run installs it with npm); skipped
otherwise, with the reason."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.server.helpers import CONTEXTEER

INSPECTOR = os.environ.get("CONTEXTEER_INSPECTOR", "")

pytestmark = pytest.mark.skipif(
    not INSPECTOR or not Path(INSPECTOR).exists(),
    reason="set CONTEXTEER_INSPECTOR to node_modules/.bin/mcp-inspector (npm install @modelcontextprotocol/inspector)",
)


def _inspect(repo: Path, *args: str) -> dict:
    proc = subprocess.run(
        # the server the Inspector spawns gets a minimal environment: hand it the test's data dir and config home
        [INSPECTOR, "--cli", "-e", f"CONTEXTEER_DATA_DIR={os.environ['CONTEXTEER_DATA_DIR']}",
         "-e", f"CONTEXTEER_CONFIG_HOME={os.environ['CONTEXTEER_CONFIG_HOME']}", CONTEXTEER, "serve", "--root", str(repo), *args],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_inspector_lists_every_tool_with_schemas(repo: Path):
    listing = _inspect(repo, "--method", "tools/list")
    names = {t["name"] for t in listing["tools"]}
    assert {"read_code_range", "search_text", "search_symbol", "get_structured_index", "memory", "fetch_result"} <= names
    assert all("inputSchema" in t for t in listing["tools"])


def test_inspector_calls_read_code_range(repo: Path):
    result = _inspect(
        repo, "--method", "tools/call", "--tool-name", "read_code_range",
        "--tool-arg", "path=src/app.py", "--tool-arg", "start_line=4", "--tool-arg", "end_line=4",
    )
    assert result["isError"] is False
    assert "4\tclass App:" in result["content"][0]["text"]
    assert result["_meta"]["tier"] == "passthrough"
