"""The HTTP transports against hostile clients (issue 18, the Low list): Host/Origin prefix matching
(`Host: 127.0.0.1:evil` was accepted), WebSocket scopes that skipped auth, any non-empty string accepted as a token,
and HTTP sessions that never expired (+40 MB per 1,000 abandoned)."""

from __future__ import annotations

import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from contexteer.config import load_config
from contexteer.server.app import build_server
from contexteer.server.cli import main
from contexteer.server.transports import http_app
from contexteer.workspace import Workspace
from tests.server.helpers import running_server

TOKEN = "s3cret-token-for-tests"
JSON = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
AUTH = {"Authorization": f"Bearer {TOKEN}", **JSON}
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("http") / "repo"
    root.mkdir()
    (root / "app.py").write_text("print('hi')\n", encoding="utf-8")
    mp = pytest.MonkeyPatch()
    mp.setenv("CONTEXTEER_SERVER__SESSION_IDLE_SECONDS", "10")
    mp.setenv("CONTEXTEER_SERVER__MAX_SESSIONS", "20")
    try:
        with running_server(root, token=TOKEN) as base:
            yield base
    finally:
        mp.undo()


def _post(base: str, body: dict[str, Any] = INIT, **headers: str) -> httpx.Response:
    return httpx.post(base + "/mcp", json=body, headers={**AUTH, **headers}, timeout=30)


PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}  # without a session: 400 once past the Host/Origin checks


def test_a_host_header_that_only_starts_like_an_allowed_host_is_refused(served: str):
    port = served.rsplit(":", 1)[1]
    for host in ("127.0.0.1:evil", "127.0.0.1:80evil", "localhost:", "localhost:99999", "127.0.0.1.evil.example",
                 "[::1]x", "127.0.0.1:8000@evil.example"):
        r = _post(served, PING, Host=host)
        assert r.status_code == 421, (host, r.status_code, r.text)
        assert "server.allowed_hosts" in r.json()["message"]
    assert _post(served, PING, Host=f"127.0.0.1:{port}").status_code == 400
    assert _post(served, PING, Host=f"localhost:{port}").status_code == 400


def test_an_origin_that_only_starts_like_an_allowed_origin_is_refused(served: str):
    for origin in ("http://127.0.0.1:evil", "http://localhost.evil.example", "http://127.0.0.1:80/x", "null",
                   "file://", "http://user@127.0.0.1:80"):
        r = _post(served, PING, Origin=origin)
        assert r.status_code == 403, (origin, r.status_code, r.text)
    assert _post(served, PING, Origin="http://127.0.0.1:3000").status_code == 400


def _websocket_answer(app: Any, headers: list[tuple[bytes, bytes]]) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "websocket", "path": "/mcp", "headers": headers, "query_string": b"", "root_path": ""}
    anyio.run(app, scope, receive, send)
    return sent


@pytest.mark.parametrize("token", [TOKEN, None])
def test_a_websocket_connection_is_closed_before_it_reaches_the_server(tmp_path: Path, token: str | None):
    loaded = load_config(root=tmp_path, use_user_config=False)
    mcp = build_server(Workspace(tmp_path, loaded.settings), loaded)
    app = http_app(mcp, loaded.settings, host="127.0.0.1", port=8000, token=token, transport="http")
    for headers in ([(b"host", b"127.0.0.1:8000")],
                    [(b"host", b"127.0.0.1:8000"), (b"authorization", f"Bearer {TOKEN}".encode())]):
        sent = _websocket_answer(app, headers)
        assert [m["type"] for m in sent] == ["websocket.close"] and sent[0]["code"] == 1008


@pytest.mark.parametrize("token", ["a", "password", "aaaaaaaaaaaaaaaaaaaa", "short-token", "has spaces in it 12345"])
def test_a_weak_token_is_refused_before_the_server_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str], token: str):
    monkeypatch.setenv("CONTEXTEER_TOKEN", token)
    code = main(["serve", "--root", str(tmp_path), "--transport", "http", "--port", "0"], out=io.StringIO())
    assert code == 2
    err = capsys.readouterr().err
    assert "too weak" in err and "secrets.token_urlsafe" in err


def _session(base: str) -> str:
    r = _post(base)
    assert r.status_code == 200, r.text
    return r.headers["mcp-session-id"]


def _alive(base: str, sid: str) -> bool:
    r = httpx.post(base + "/mcp", json={"jsonrpc": "2.0", "id": 2, "method": "ping"},
                   headers={**AUTH, "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18"}, timeout=30)
    assert r.status_code in (200, 404), (r.status_code, r.text)
    return r.status_code == 200


@pytest.mark.timeout(120)
def test_abandoned_http_sessions_expire_and_their_number_is_capped(served: str):
    sids = [_session(served) for _ in range(20)]
    assert _post(served).status_code == 503  # server.max_sessions=20: the 21st waits for one to end
    assert _alive(served, sids[0])
    time.sleep(12)  # server.session_idle_seconds=10
    assert [s for s in sids[1:] if _alive(served, s)] == []  # every abandoned one is gone
    assert _session(served)  # and there is room again
