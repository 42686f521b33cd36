"""Bearer-token auth for the HTTP transports: one gate for a shared token and for per-user tokens, and the one way a
refused request is answered (a JSON error) and logged (its reason, never a header's value).

`BearerAuth(app, keys)` asks its `keys` what a presented credential is worth: `SharedToken` (the token the server
was started with) or `contexteer.server.tokens.TokenFile` (per-user tokens, each naming a client with scopes).
"""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, Protocol

from contexteer.tools.base import CLIENT_SCOPE_KEY, Client

logger = logging.getLogger("contexteer.server.transports")  # the name refusal lines have always been logged under

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

PUBLIC_PATHS = frozenset({"/healthz"})
#: Why a request was refused, put in the ASGI scope by the layer that refused it for `RefusalLog` to log.
REASON_KEY = "contexteer.refusal"
_CHALLENGE = (b"www-authenticate", b'Bearer realm="contexteer"')


def set_reason(scope: Scope, reason: str) -> None:
    scope[REASON_KEY] = reason


def log_refusal(scope: Scope, status: int | str, reason: str) -> None:
    """One INFO line per refused request: status, method, path (no query string: it could carry a secret), the
    peer and the reason. Headers and bodies are never logged."""
    client = scope.get("client")
    peer = f"{client[0]}:{client[1]}" if client else "?"
    method = scope.get("method", "WS") if scope.get("type") == "http" else "WS"
    path = str(scope.get("path", ""))[:200]
    logger.info("refused %s %s %r from %s: %s", status, method, path, peer, reason)


async def send_json(send: Any, status: int, error: str, message: str, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    """Answer with a JSON error body: {"error": ..., "message": ...}."""
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


@dataclass(frozen=True)
class Refusal:
    """A credential that is known but may not pass: the answer's status, error and message, and the logged reason."""

    status: int
    error: str
    message: str
    reason: str


class Keys(Protocol):
    """What a bearer credential is worth: True or a Client (pass; a Client is left in the scope for the tools), a
    Refusal (a known credential that may not pass, or no credential can pass), or None (no such token)."""

    #: The logged reason, the 401 message and the WebSocket close reason for a token that opens nothing.
    unknown: str
    message: str
    ws_reason: str

    def admit(self, credential: bytes | None) -> Client | bool | Refusal | None: ...


class SharedToken:
    """The one token the server was started with (CONTEXTEER_TOKEN or --token-file)."""

    unknown = "wrong bearer token"
    message = ("missing or wrong bearer token: send the header 'Authorization: Bearer <token>' with the token this "
               "server was started with (CONTEXTEER_TOKEN or --token-file).")
    ws_reason = "missing or wrong bearer token"

    def __init__(self, token: str) -> None:
        self.expected = token.encode()

    def admit(self, credential: bytes | None) -> bool:
        return credential is not None and hmac.compare_digest(credential, self.expected)


class BearerAuth:
    """ASGI wrapper: every HTTP request except /healthz carries `Authorization: Bearer <token>` that `keys` admit;
    any other kind of connection but lifespan (a WebSocket) is closed unless it carries one too."""

    def __init__(self, app: ASGIApp, keys: Keys) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan" or (scope["type"] == "http" and scope.get("path") in PUBLIC_PATHS):
            await self.app(scope, receive, send)
            return
        given = next((v for k, v in scope.get("headers") or [] if k.lower() == b"authorization"), b"")
        scheme, _, credential = given.strip().partition(b" ")
        bearer = scheme.lower() == b"bearer"  # schemes are case-insensitive
        verdict = self.keys.admit(credential.strip() if bearer and credential.strip() else None)
        if verdict is True or isinstance(verdict, Client):
            if isinstance(verdict, Client):
                scope[CLIENT_SCOPE_KEY] = verdict
            await self.app(scope, receive, send)
            return
        # the reason names what was wrong, never what was sent (RefusalLog logs it)
        if isinstance(verdict, Refusal):
            set_reason(scope, verdict.reason)
        elif not given:
            set_reason(scope, "no Authorization header")
        elif not bearer:
            set_reason(scope, "the Authorization header is not of the form 'Bearer <token>'")
        else:
            set_reason(scope, self.keys.unknown)
        if scope["type"] != "http":
            log_refusal(scope, "closed", scope[REASON_KEY])
            await send({"type": "websocket.close", "code": 1008, "reason": self.keys.ws_reason})
        elif isinstance(verdict, Refusal):
            await send_json(send, verdict.status, verdict.error, verdict.message)
        else:
            await send_json(send, 401, "unauthorized", self.keys.message, [_CHALLENGE])
