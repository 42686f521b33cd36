"""Serving over streamable HTTP (/mcp) and SSE (/sse + /messages/), with bearer-token auth and Host/Origin checks
against DNS rebinding (stdio is served by contexteer.server.stdio, which imports none of this).

Every refused request (401, 403, 413, 421) is logged at INFO with its reason, never with a header's value
(`RefusalLog`); `/.well-known/*` answers 404, since no OAuth is offered (`NoOAuthDiscovery`).

`HostOriginGuard` checks Host and Origin exactly (a name, or a name and a numeric port where a port is allowed):
the SDK's own check accepts any header that starts with an allowed `host:` (`Host: 127.0.0.1:evil`). It also
refuses WebSocket connections, which no route serves. Streamable HTTP sessions expire after
`server.session_idle_seconds` without a request, at most `server.max_sessions` at once. A bearer token must be
long enough to resist guessing (`check_token`).
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from typing import Any, NoReturn
from urllib.parse import urlsplit

import anyio
from mcp.server import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.routing import Mount, Route

from contexteer.config import Settings
from contexteer.errors import ConfigError
from contexteer.server.auth import (
    PUBLIC_PATHS,
    REASON_KEY,
    BearerAuth,
    SharedToken,
    log_refusal,
    send_json,
    set_reason,
)
from contexteer.server.lifecycle import run_until_stopped
from contexteer.server.stdio import _cleanup, serve_stdio
from contexteer.server.tokens import TokenFile

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

#: Shortest bearer token accepted, and the fewest distinct characters in it.
MIN_TOKEN_CHARS = 16
MIN_TOKEN_DISTINCT = 6
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: How long an idle keep-alive connection stays open: longer than clients and proxies keep theirs (httpx 5 s,
#: Caddy and nginx about a minute), so it is never closed by the server just as a request is sent on it.
KEEP_ALIVE_SECONDS = 75


def check_token(token: str, source: str) -> str:
    """`token` if it is long and varied enough to resist guessing; else a ConfigError saying how to make one."""
    token = token.strip()
    if len(token) < MIN_TOKEN_CHARS or len(set(token)) < MIN_TOKEN_DISTINCT or any(c.isspace() or not c.isprintable() for c in token):
        raise ConfigError(
            f"the token from {source} is too weak ({len(token)} characters, {len(set(token))} distinct): a token "
            f"must be at least {MIN_TOKEN_CHARS} printable characters without spaces, at least {MIN_TOKEN_DISTINCT} "
            "of them different. Make one with: python3 -c \"import secrets; print(secrets.token_urlsafe(32))\""
        )
    return token


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_binding(host: str, token: str | None, allow_unauthenticated: bool) -> None:
    """Refuse to expose an unauthenticated server beyond this machine; warn about one on loopback."""
    if token or allow_unauthenticated:
        return
    if is_loopback(host):
        logger.warning(
            "no token: any process on this machine can use this server (read the repository and its memory). "
            "Set CONTEXTEER_TOKEN or --token-file on a shared machine; clients then send 'Authorization: Bearer <token>'."
        )
        return
    raise ConfigError(
        f"refusing to bind {host} without a token: anyone who can reach this address could read the repository. "
        "Set a token with the CONTEXTEER_TOKEN environment variable or --token-file FILE "
        "(clients then send 'Authorization: Bearer <token>'), bind 127.0.0.1 instead, "
        "or pass --allow-unauthenticated if the network is trusted."
    )


def security_settings(settings: Settings, host: str, port: int) -> TransportSecuritySettings:
    hosts = ["127.0.0.1", "127.0.0.1:*", "localhost", "localhost:*", "[::1]", "[::1]:*"]
    origins = ["http://127.0.0.1", "http://127.0.0.1:*", "http://localhost", "http://localhost:*", "http://[::1]", "http://[::1]:*"]
    if not is_loopback(host) and host not in ("0.0.0.0", "::"):
        hosts += [host, f"{host}:*"]
        origins += [f"http://{host}:*", f"https://{host}:*"]
    for h in settings.server.allowed_hosts:
        hosts += [h] if ":" in h else [h, f"{h}:*"]
    origins += list(settings.server.allowed_origins)
    del port
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)


def _port_ok(port: str) -> bool:
    return port.isdigit() and len(port) <= 5 and 0 < int(port) <= 65535


def _split_host(value: str) -> tuple[str, str | None] | None:
    """`name[:port]` or `[v6][:port]` -> (lower-case name, port or None); None when it is neither."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end == -1:
            return None
        name, rest = value[: end + 1], value[end + 1 :]
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:] if rest else None
    else:
        name, sep, port_s = value.partition(":")
        port = port_s if sep else None
    if not name or (port is not None and not _port_ok(port)):
        return None
    return name, port


class HostOriginGuard:
    """ASGI wrapper: Host (and Origin, when sent) must name an allowed host exactly, with a numeric port where any
    port is allowed; WebSocket connections are refused (no route serves one). /healthz and lifespan pass."""

    def __init__(self, app: ASGIApp, hosts: list[str], origins: list[str]) -> None:
        self.app = app
        self.hosts = [h.lower() for h in hosts]
        self.origins = [o.lower().rstrip("/") for o in origins]

    def host_ok(self, value: str) -> bool:
        parsed = _split_host(value)
        if parsed is None:
            return False
        name, port = parsed
        for allowed in self.hosts:
            base, wild = (allowed[:-2], True) if allowed.endswith(":*") else (allowed, False)
            if wild and name == base and port is not None:
                return True
            if not wild and (value.strip().lower() == allowed):
                return True
        return False

    def origin_ok(self, value: str) -> bool:
        value = value.strip().lower().rstrip("/")
        try:
            parts = urlsplit(value)
            port = parts.port
        except ValueError:
            return False
        if parts.scheme not in ("http", "https") or parts.path or parts.query or parts.fragment or "@" in parts.netloc:
            return False
        name = parts.netloc.rsplit(":", 1)[0] if port is not None else parts.netloc
        for allowed in self.origins:
            if allowed.endswith(":*"):
                if port is not None and f"{parts.scheme}://{name}" == allowed[:-2]:
                    return True
            elif value == allowed:
                return True
        return False

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "lifespan" or (kind == "http" and scope.get("path") in PUBLIC_PATHS):
            await self.app(scope, receive, send)
            return
        if kind == "websocket":
            log_refusal(scope, "closed", "a WebSocket connection (no endpoint serves one)")
            await send({"type": "websocket.close", "code": 1008, "reason": "contexteer serves no WebSocket endpoint"})
            return
        headers = {k.lower(): v for k, v in scope.get("headers") or []}
        host = headers.get(b"host", b"").decode("latin-1")
        origin = headers.get(b"origin")
        if not self.host_ok(host):
            set_reason(scope, f"Host header {host[:100]!r} is not an allowed host (server.allowed_hosts)")
            await send_json(send, 421, "invalid_host", f"Host header {host[:100]!r} is not this server. Connect to "
                            "127.0.0.1 or localhost, or add the name to server.allowed_hosts.")
            return
        if origin is not None and not self.origin_ok(origin.decode("latin-1")):
            shown = origin.decode("latin-1")[:100]
            set_reason(scope, f"Origin {shown!r} is not an allowed origin (server.allowed_origins)")
            await send_json(send, 403, "invalid_origin", f"Origin {shown!r} may not call this server. A browser page "
                            "from another site cannot use it; add the origin to server.allowed_origins if it should.")
            return
        await self.app(scope, receive, send)


_DEFAULT_REASONS = {
    401: "not authenticated",
    403: "forbidden",
    413: "request body larger than server.max_body_bytes",
    421: "Host header is not this server",
}


class RefusalLog:
    """ASGI wrapper (outermost): logs every 401, 403, 413 and 421 answer at INFO with its reason, whichever layer
    (ours or the SDK's body limit and its own Host/Origin checks) gave it."""

    STATUSES = frozenset({401, 403, 413, 421})

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def logged_send(message: Any) -> None:
            if message.get("type") == "http.response.start" and message.get("status") in self.STATUSES:
                status = message["status"]
                log_refusal(scope, status, scope.get(REASON_KEY) or _DEFAULT_REASONS[status])
            await send(message)

        await self.app(scope, receive, logged_send)


class NoOAuthDiscovery:
    """ASGI wrapper: `/.well-known/*` (OAuth authorization server and protected resource metadata) answers 404
    before any token check. contexteer offers no OAuth; a 401 there makes the Inspector and mcp-remote start an
    OAuth flow that cannot succeed, while a 404 tells them to send the bearer token they were given."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith("/.well-known/"):
            await send_json(send, 404, "not_found", "this server offers no OAuth: send the header 'Authorization: "
                            "Bearer <token>' with the token it was started with (CONTEXTEER_TOKEN or --token-file).")
            return
        await self.app(scope, receive, send)


def http_app(mcp: MCPServer, settings: Settings, *, host: str, port: int, token: str | None, transport: str,
             tokens: TokenFile | None = None) -> Any:
    """One Starlette app serving streamable HTTP at /mcp, SSE at /sse + /messages/, and /healthz; with `tokens`
    (per-user tokens, contexteer.server.tokens) instead of one shared `token`."""
    sec = security_settings(settings, host, port)
    max_body = settings.server.max_body_bytes
    streamable = mcp.streamable_http_app(
        streamable_http_path="/mcp", transport_security=sec, max_request_body_size=max_body, host=host,
        session_idle_timeout=settings.server.session_idle_seconds, max_sessions=settings.server.max_sessions,
        stateless_http=stateless(settings),
    )
    if transport == "sse" or transport == "http":
        sse = mcp.sse_app(transport_security=sec, max_request_body_size=max_body, host=host)
        # Merge: the streamable app owns the lifespan (its session manager); add SSE's routes to it.
        extra = [r for r in sse.routes if isinstance(r, Route | Mount) and getattr(r, "path", "") in ("/sse", "/messages")]
        streamable.router.routes.extend(extra)
    app: Any = HostOriginGuard(streamable, sec.allowed_hosts, sec.allowed_origins)
    if tokens is not None:
        app = BearerAuth(app, tokens)
    elif token:
        app = BearerAuth(app, SharedToken(token))
    return RefusalLog(NoOAuthDiscovery(app))


def stateless(settings: Settings) -> bool:
    """Streamable HTTP without sessions (any replica answers any request): server.stateless, by default on exactly
    when storage.url puts the state in a shared database."""
    return settings.server.stateless if settings.server.stateless is not None else settings.storage.url is not None


def serve_http(mcp: MCPServer, settings: Settings, *, host: str, port: int, token: str | None, transport: str, log_level: str,
               tokens: TokenFile | None = None) -> NoReturn:
    """Serve HTTP until SIGINT, SIGTERM or SIGHUP, then end the process within 2 s (`lifecycle`)."""
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield  # the stop signals stay with the Stopper: uvicorn would wait for every open SSE stream to end

    from contexteer.server.app import warm_up

    app = http_app(mcp, settings, host=host, port=port, token=token, transport=transport, tokens=tokens)
    warm_up(mcp)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level.lower(), access_log=False, log_config=None,
                            timeout_keep_alive=KEEP_ALIVE_SECONDS)
    server = Server(config)
    logger.info("contexteer serving on http://%s:%d (streamable HTTP at /mcp%s, SSE at /sse)", host, port,
                ", stateless" if stateless(settings) else "")

    def stop_accepting() -> None:
        server.should_exit = True

    run_until_stopped(lambda stopper: anyio.run(server.serve), _cleanup, on_request=stop_accepting,
                      ended="the HTTP server ended")


__all__ = ["Starlette", "serve_http", "serve_stdio", "http_app", "check_binding", "check_token", "BearerAuth", "HostOriginGuard", "NoOAuthDiscovery",
           "RefusalLog"]
