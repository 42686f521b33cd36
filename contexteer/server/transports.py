"""Serving over stdio, streamable HTTP (/mcp) and SSE (/sse + /messages/), with bearer-token auth and
Host/Origin checks against DNS rebinding on the HTTP transports."""

from __future__ import annotations

import hmac
import ipaddress
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import anyio
from mcp.server import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.routing import Mount, Route

from contexteer.config import Settings
from contexteer.errors import ConfigError

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]

PUBLIC_PATHS = frozenset({"/healthz"})


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


class BearerAuth:
    """ASGI wrapper: every HTTP request except /healthz must carry `Authorization: Bearer <token>`."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.expected = token.encode()

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("path") in PUBLIC_PATHS:
            await self.app(scope, receive, send)
            return
        given = b""
        for key, value in scope.get("headers") or []:
            if key.lower() == b"authorization":
                given = value
                break
        scheme, _, credential = given.strip().partition(b" ")
        if scheme.lower() == b"bearer" and hmac.compare_digest(credential.strip(), self.expected):  # schemes are case-insensitive
            await self.app(scope, receive, send)
            return
        body = (
            b'{"error":"unauthorized","message":"missing or wrong bearer token: send the header '
            b"'Authorization: Bearer <token>' with the token this server was started with "
            b'(CONTEXTEER_TOKEN or --token-file)."}'
        )
        await send(
            {
                "type": "http.response.start",
                "status": 401,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"www-authenticate", b'Bearer realm="contexteer"'),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def http_app(mcp: MCPServer, settings: Settings, *, host: str, port: int, token: str | None, transport: str) -> Any:
    """One Starlette app serving streamable HTTP at /mcp, SSE at /sse + /messages/, and /healthz."""
    sec = security_settings(settings, host, port)
    max_body = settings.server.max_body_bytes
    streamable = mcp.streamable_http_app(
        streamable_http_path="/mcp", transport_security=sec, max_request_body_size=max_body, host=host
    )
    if transport == "sse" or transport == "http":
        sse = mcp.sse_app(transport_security=sec, max_request_body_size=max_body, host=host)
        # Merge: the streamable app owns the lifespan (its session manager); add SSE's routes to it.
        extra = [r for r in sse.routes if isinstance(r, Route | Mount) and getattr(r, "path", "") in ("/sse", "/messages")]
        streamable.router.routes.extend(extra)
    app: Any = streamable
    if token:
        app = BearerAuth(app, token)
    return app


def serve_http(mcp: MCPServer, settings: Settings, *, host: str, port: int, token: str | None, transport: str, log_level: str) -> None:
    import uvicorn

    app = http_app(mcp, settings, host=host, port=port, token=token, transport=transport)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level.lower(), access_log=False, log_config=None)
    server = uvicorn.Server(config)
    logger.info("contexteer serving on http://%s:%d (streamable HTTP at /mcp, SSE at /sse)", host, port)
    anyio.run(server.serve)


def serve_stdio(mcp: MCPServer) -> None:
    anyio.run(mcp.run_stdio_async)


__all__ = ["Starlette", "serve_http", "serve_stdio", "http_app", "check_binding", "BearerAuth"]
