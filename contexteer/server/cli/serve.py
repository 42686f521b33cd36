"""`contexteer serve`: serve the repository over stdio, streamable HTTP or SSE."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

from contexteer import __version__
from contexteer.errors import ContexteerError
from contexteer.server.cli.common import load, reach_database

logger = logging.getLogger(__name__)


def serve_command(args: argparse.Namespace) -> int:
    if args.transport == "stdio":
        from contexteer.server.stdio import import_sdk_for_stdio

        import_sdk_for_stdio()
    from contexteer.server.app import build_server

    overrides = {"server.host": args.host, "server.port": args.port, "server.tokens_file": args.tokens_file}
    ws, loaded = load(args, overrides)
    for warning in loaded.warnings:
        logger.warning("config: %s", warning)
    reach_database(loaded.settings)  # a team replica: reach (and migrate) the database before serving anyone
    mcp = build_server(ws, loaded, close_on_exit=True)
    if args.transport == "stdio":
        from contexteer.server.stdio import serve_stdio

        logger.info("contexteer %s serving %s over stdio", __version__, ws.root)
        serve_stdio(mcp)
        return 0
    from contexteer.server.transports import check_binding, serve_http

    token = read_token(args.token_file)
    tokens = None
    if loaded.settings.server.tokens_file:
        from contexteer.server.tokens import TokenFile

        if token:
            raise ContexteerError("both a shared token (CONTEXTEER_TOKEN or --token-file) and per-user tokens "
                                  "(server.tokens_file / --tokens-file) are set; use one. Per-user tokens replace the "
                                  "shared one: give each person theirs with `contexteer token add NAME`.")
        tokens = TokenFile(loaded.settings.server.tokens_file)
    host, port = loaded.settings.server.host, loaded.settings.server.port
    check_binding(host, token or ("per-user tokens" if tokens else None), args.allow_unauthenticated)
    serve_http(mcp, loaded.settings, host=host, port=port, token=token, transport=args.transport,
               log_level=loaded.settings.server.log_level, tokens=tokens)
    return 0


def read_token(token_file: str | None) -> str | None:
    from contexteer.server.transports import check_token

    if token_file:
        try:
            token = Path(token_file).read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise ContexteerError(f"--token-file {token_file}: cannot be read ({exc.strerror}).") from exc
        except UnicodeDecodeError as exc:
            raise ContexteerError(f"--token-file {token_file} is not UTF-8 text; put the token on its first line.") from exc
        if not token:
            raise ContexteerError(f"--token-file {token_file} is empty; put the token on its first line.")
        return check_token(token, f"--token-file {token_file}")
    token = os.environ.get("CONTEXTEER_TOKEN", "").strip()
    return check_token(token, "CONTEXTEER_TOKEN") if token else None
