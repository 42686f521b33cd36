"""A new stdio server answers its first call without importing what only other transports (or later calls) use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: Modules a stdio server has no use for: our HTTP transports, their auth and token files, uvicorn (the SDK's
#: sse_starlette imports it when it can), and jsonschema (needed only for arguments the quick check cannot clear).
HTTP_ONLY = ("contexteer.server.transports", "contexteer.server.auth", "contexteer.server.tokens", "uvicorn", "jsonschema")


def _imported_by_a_stdio_session(repo: Path, log: Path) -> tuple[set[str], str]:
    """Serve `repo` over stdio under `python -X importtime`, initialize and call search_symbol once; the module names
    the process imported (importtime reports each on stderr) and the call's text."""
    with log.open("wb") as err_file:  # a file, not a pipe: importtime writes more than a pipe holds
        proc = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "contexteer", "serve", "--root", str(repo)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err_file, env=dict(os.environ))
    assert proc.stdin is not None and proc.stdout is not None

    def send(msg: dict[str, object]) -> None:
        assert proc.stdin is not None
        proc.stdin.write((json.dumps(msg) + "\n").encode())
        proc.stdin.flush()

    def answer(msg_id: int) -> dict[str, object]:
        assert proc.stdout is not None
        while True:
            line = proc.stdout.readline()
            assert line, "the server closed stdout"
            msg = json.loads(line)
            if msg.get("id") == msg_id:
                return msg

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}})
        answer(1)
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search_symbol", "arguments": {"query": "App"}}})
        result = answer(2)["result"]
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()
    err = log.read_bytes()
    text = "\n".join(str(block.get("text", "")) for block in result["content"])  # type: ignore[index,union-attr]
    names = {line.rsplit("|", 1)[1].strip() for line in err.decode(errors="replace").splitlines()
             if line.startswith("import time:") and line.count("|") == 2}
    return names, text


def test_a_stdio_server_answers_without_importing_the_http_stack(repo: Path, tmp_path: Path):
    names, text = _imported_by_a_stdio_session(repo, tmp_path / "importtime.txt")
    assert "src/app.py" in text and "class App" in text  # it did answer from the index
    assert "contexteer.server.stdio" in names and "mcp.server.mcpserver" in names  # the check sees what was imported
    assert not names & set(HTTP_ONLY), sorted(names & set(HTTP_ONLY))


def test_uvicorn_stays_importable_after_the_sdk_is_imported_for_stdio():
    code = ("import sys; from contexteer.server.stdio import import_sdk_for_stdio; import_sdk_for_stdio(); "
            "assert 'uvicorn' not in sys.modules; import uvicorn; print(uvicorn.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "uvicorn", out.stderr
