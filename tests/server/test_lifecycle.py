"""Issue 14: a server stops within 2 s of SIGINT, SIGTERM or the end of stdin, in every transport and in the middle
of a first-time build, and no process it started (parser pool, forkserver, resource tracker, ripgrep) outlives it.

Each test runs a real `contexteer serve` in a process group of its own, starts a cold build with a tool call, waits
until the parser pool is running, stops the server, and counts the live processes of the group. Ctrl-C in a
terminal reaches the whole group, so SIGINT is sent to the group; SIGTERM, as a process manager sends it, to the
server alone.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import anyio
import httpx
import pytest
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client

from tests.server.helpers import CONTEXTEER, free_port

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups read from /proc as on Linux"),
              pytest.mark.timeout(120)]

STOP_SECONDS = 2.0


@pytest.fixture(scope="module")
def slow_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tree whose cold build takes a few seconds with two workers (300 files of 1500 functions)."""
    root = tmp_path_factory.mktemp("slow") / "repo"
    body = "".join(f"def f{j}(x):\n    return g(x) + {j}\n\n" for j in range(1500))
    for i in range(300):
        d = root / f"pkg{i % 10}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"m{i}.py").write_text(body)
    return root


def live_group(pgid: int) -> list[str]:
    """The processes of a group that have not ended (a zombie has ended: only its exit status is left)."""
    out = subprocess.run(["ps", "-o", "pid=,stat=,args=", "-g", str(pgid)], capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip() and not line.split()[1].startswith("Z")]


def _wait_for_pool(proc: subprocess.Popen[bytes], err: Path) -> None:
    deadline = time.monotonic() + 60
    while sum("python" in p for p in live_group(proc.pid)) < 4:  # server, forkserver, resource tracker, workers
        assert proc.poll() is None, f"the server ended early: {err.read_text()}"
        assert time.monotonic() < deadline, f"no parser pool appeared within 60 s: {live_group(proc.pid)}"
        time.sleep(0.02)
    assert "index built" not in err.read_text(), "the build ended before the stop: make the tree larger"


def _stopped(proc: subprocess.Popen[bytes], how: str) -> float:
    """Stop the server the way `how` says; seconds until it ended."""
    started = time.monotonic()
    if how == "SIGINT":
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole foreground group
    elif how == "SIGTERM":
        os.kill(proc.pid, signal.SIGTERM)
    else:
        assert proc.stdin is not None
        proc.stdin.close()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the server did not stop within 30 s of {how}")
    return time.monotonic() - started


def _assert_group_empty(pgid: int) -> None:
    deadline = time.monotonic() + 1.0  # a worker sees its server gone within milliseconds
    while live_group(pgid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert live_group(pgid) == []


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "CONTEXTEER_INDEX__WORKERS": "2", "CONTEXTEER_DATA_DIR": str(tmp_path / "data")}


def _stdio_server(root: Path, env: dict[str, str], err: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([CONTEXTEER, "serve", "--root", str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=err.open("wb"), env=env, start_new_session=True)
    assert proc.stdin is not None and proc.stdout is not None

    def send(msg: dict) -> None:
        assert proc.stdin is not None
        proc.stdin.write((json.dumps(msg) + "\n").encode())
        proc.stdin.flush()

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    assert b'"id":1' in proc.stdout.readline()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search_symbol", "arguments": {"query": "f1"}}})
    return proc


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "stdin EOF"])
def test_a_stdio_server_stops_within_2_s_during_a_cold_build_and_leaves_no_process(slow_tree: Path, env, tmp_path: Path, how: str):
    err = tmp_path / "stderr.log"
    proc = _stdio_server(slow_tree, env, err)
    try:
        _wait_for_pool(proc, err)
        took = _stopped(proc, how)
        assert took <= STOP_SECONDS, f"stopping took {took:.2f} s after {how}"
        # a requested stop is a success: `make serve` stopped with Ctrl-C prints no "Error 130"
        assert proc.returncode == 0, err.read_text()
        _assert_group_empty(proc.pid)
        assert "Traceback" not in err.read_text()
    finally:
        _kill_group(proc.pid)


def _call_in_background(base: str, transport: str) -> threading.Thread:
    """A client calling search_symbol (which starts the cold build) and waiting for its answer, in a thread; for
    SSE the client keeps its event stream open meanwhile, which a graceful HTTP shutdown would wait for."""

    async def call() -> None:
        if transport == "sse":
            async with Client(sse_client(base + "/sse")) as client:
                await client.call_tool("search_symbol", {"query": "f1"})
        else:
            async with httpx.AsyncClient(timeout=60) as http, Client(streamable_http_client(base + "/mcp", http_client=http)) as client:
                await client.call_tool("search_symbol", {"query": "f1"})

    def run() -> None:
        try:
            anyio.run(call)
        except BaseException:  # noqa: BLE001, S110 - the server goes away under the call: expected
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _http_server(root: Path, env: dict[str, str], err: Path, transport: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([CONTEXTEER, "serve", "--root", str(root), "--transport", transport, "--port", str(port)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err.open("wb"), env=env,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None, f"the server ended early: {err.read_text()}"
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not answer /healthz within 30 s"
        time.sleep(0.05)


@pytest.mark.parametrize(("transport", "how"), [("http", "SIGINT"), ("http", "SIGTERM"), ("sse", "SIGINT"), ("sse", "SIGTERM")])
def test_an_http_or_sse_server_stops_within_2_s_during_a_cold_build_and_leaves_no_process(
        slow_tree: Path, env, tmp_path: Path, transport: str, how: str):
    err = tmp_path / "stderr.log"
    env = {k: v for k, v in env.items() if k != "CONTEXTEER_TOKEN"}
    proc, base = _http_server(slow_tree, env, err, transport)
    try:
        _call_in_background(base, transport)
        _wait_for_pool(proc, err)
        took = _stopped(proc, how)
        assert took <= STOP_SECONDS, f"stopping took {took:.2f} s after {how}"
        assert proc.returncode == 0, err.read_text()
        _assert_group_empty(proc.pid)
    finally:
        _kill_group(proc.pid)


def test_contexteer_index_leaves_no_process_in_its_group(tmp_path: Path, env):
    """A finished `contexteer index` has stopped its forkserver and resource tracker: none is left to end
    after it (a benchmark that counts the group, or waits for it, sees it empty)."""
    root = tmp_path / "repo"
    for i in range(200):  # more than index.POOL_THRESHOLD files: parsed in a pool
        (root / f"d{i % 5}").mkdir(parents=True, exist_ok=True)
        (root / f"d{i % 5}" / f"m{i}.py").write_text(f"def f{i}():\n    return {i}\n")
    err = tmp_path / "stderr.log"  # a file, not a pipe: reading a pipe to its end would wait for every holder
    proc = subprocess.Popen([CONTEXTEER, "index", "--root", str(root)], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=err.open("wb"))
    try:
        assert proc.wait(timeout=60) == 0, err.read_text()
        assert live_group(proc.pid) == []  # at once: nothing is left to end after it
        assert "200 files" in err.read_text()
    finally:
        _kill_group(proc.pid)
