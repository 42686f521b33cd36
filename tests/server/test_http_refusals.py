"""What an HTTP client sees when it is refused, and what the operator sees: `/.well-known/*` answers 404 (no OAuth is
offered, so the Inspector and mcp-remote must not start an OAuth flow), and every refused request (401, 403, 413,
421) leaves one INFO line with the reason and never the token."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from tests.server.helpers import running_server

TOKEN = "s3cret-token-for-tests"
SENT = "a-wrong-token-that-must-not-be-logged"
JSON = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}


def _log_lines(log: Path, needle: str, timeout: float = 5.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while True:
        lines = [line for line in log.read_text(encoding="utf-8", errors="replace").splitlines() if needle in line]
        if lines or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def test_oauth_discovery_answers_404_with_or_without_a_token(repo: Path, tmp_path: Path):
    for token in (TOKEN, None):
        with running_server(repo, token=token, log=tmp_path / "server.log") as base:
            for path in ("/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp",
                         "/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"):
                r = httpx.get(base + path)
                assert r.status_code == 404, (token, path, r.status_code)
                assert "no OAuth" in r.json()["message"] and "Authorization: Bearer" in r.json()["message"]
                assert "www-authenticate" not in r.headers
            if token:  # everything else still wants the token
                assert httpx.post(base + "/mcp", json=PING, headers=JSON).status_code == 401


def test_every_refused_request_is_logged_with_its_reason_and_no_secret(repo: Path, tmp_path: Path):
    log = tmp_path / "server.log"
    with running_server(repo, "--log-level", "INFO", token=TOKEN, log=log) as base:
        assert httpx.post(base + "/mcp", json=PING, headers=JSON).status_code == 401
        assert httpx.post(base + "/mcp?key=" + SENT, json=PING,
                          headers={**JSON, "Authorization": f"Bearer {SENT}"}).status_code == 401
        assert httpx.post(base + "/mcp", json=PING, headers={**JSON, "Authorization": SENT}).status_code == 401
        auth = {**JSON, "Authorization": f"Bearer {TOKEN}"}
        assert httpx.post(base + "/mcp", json=PING, headers={**auth, "Host": "evil.example"}).status_code == 421
        assert httpx.post(base + "/mcp", json=PING, headers={**auth, "Origin": "http://evil.example"}).status_code == 403
        big = b"{" + b" " * (2 * 1024 * 1024) + b"}"
        assert httpx.post(base + "/mcp", content=big, headers=auth).status_code == 413
        refused = _log_lines(log, "refused 413")
    text = log.read_text(encoding="utf-8")
    assert SENT not in text and TOKEN not in text
    lines = [line for line in text.splitlines() if " refused " in line]
    assert all(" INFO " in line for line in lines), lines
    assert any("refused 401 POST '/mcp'" in line and "no Authorization header" in line for line in lines), lines
    assert any("refused 401" in line and "wrong bearer token" in line for line in lines), lines
    assert any("refused 401" in line and "not of the form 'Bearer <token>'" in line for line in lines), lines
    assert any("refused 421" in line and "'evil.example'" in line and "server.allowed_hosts" in line for line in lines), lines
    assert any("refused 403" in line and "http://evil.example" in line for line in lines), lines
    assert refused and "server.max_body_bytes" in refused[0], lines
    assert all("from 127.0.0.1:" in line for line in lines), lines


def test_a_per_user_token_server_logs_its_refusals_and_answers_404_for_oauth_discovery(repo: Path, tmp_path: Path):
    import argparse
    import io

    from contexteer.server.cli.token import token_command

    tokens = tmp_path / "tokens.yaml"
    out = io.StringIO()
    assert token_command(argparse.Namespace(token_command="add", name="reader", scopes="memory:write"), tokens, out) == 0
    no_read = out.getvalue().strip()
    log = tmp_path / "server.log"
    with running_server(repo, "--log-level", "INFO", "--tokens-file", str(tokens), token=None, log=log) as base:
        r = httpx.get(base + "/.well-known/oauth-protected-resource/mcp")
        assert r.status_code == 404 and "no OAuth" in r.json()["message"]
        assert httpx.post(base + "/mcp", json=PING, headers=JSON).status_code == 401
        assert httpx.post(base + "/mcp", json=PING, headers={**JSON, "Authorization": f"Bearer {SENT}"}).status_code == 401
        assert httpx.post(base + "/mcp", json=PING, headers={**JSON, "Authorization": f"Bearer {no_read}"}).status_code == 403
        refused = _log_lines(log, "refused 403")
    text = log.read_text(encoding="utf-8")
    assert SENT not in text and no_read not in text
    lines = [line for line in text.splitlines() if " refused " in line]
    assert any("refused 401" in line and "no Authorization header" in line for line in lines), lines
    assert any("refused 401" in line and "unknown or revoked bearer token" in line for line in lines), lines
    assert refused and "'reader'" in refused[0] and "'read' scope" in refused[0], lines
