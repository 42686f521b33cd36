"""Helpers for end-to-end tests: start a real contexteer server process and wait for it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

CONTEXTEER = str(Path(sys.executable).parent / "contexteer")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_server(root: Path, *extra: str, token: str | None = "s3cret-token-for-tests", transport: str = "http",
                   log: Path | None = None) -> Iterator[str]:
    """A served root at its base URL; `log`: a file that receives the server's stderr (its log)."""
    port = free_port()
    env = dict(os.environ)
    env.pop("CONTEXTEER_TOKEN", None)
    if token:
        env["CONTEXTEER_TOKEN"] = token
    cmd = [CONTEXTEER, "serve", "--root", str(root), "--transport", transport, "--port", str(port), *extra]
    log_file = open(log, "wb") if log is not None else None  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=log_file or subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else log.read_text() if log else ""
                raise AssertionError(f"server exited early: {err}")
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("server did not become healthy within 30 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr, log_file):
            if stream:
                stream.close()
