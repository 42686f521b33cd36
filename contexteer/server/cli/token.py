"""`contexteer token add | revoke | list`: per-user bearer tokens in a team server's token file."""

from __future__ import annotations

import argparse
import logging
import secrets
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from contexteer.errors import ConfigError, ContexteerError
from contexteer.server.cli.common import load

#: The name this command's log lines have always carried (its "shown only once" line is part of its output).
logger = logging.getLogger("contexteer.server.tokens")


def add_token_commands(sub: Any) -> None:
    p = sub.add_parser("add", help="make a token for a person, store its hash, print the token once")
    p.add_argument("name", help="the person (recorded in memory entries and the journal)")
    p.add_argument("--scopes", default="read,memory:write", help="comma-separated: read, memory:write (default both)")
    p = sub.add_parser("revoke", help="remove a person's token: they are locked out at once on every replica")
    p.add_argument("name")
    sub.add_parser("list", help="names and scopes (never the tokens)")


def token_command(args: argparse.Namespace, path: Path, out: TextIO) -> int:
    from contexteer.server.tokens import NAME_RE, TokenEntry, parse_tokens, token_hash, write_tokens
    from contexteer.tools.base import SCOPES

    entries = parse_tokens(path.read_text(encoding="utf-8"), str(path)) if path.exists() else []
    cmd = getattr(args, "token_command", None)
    if cmd == "list":
        for e in entries:
            out.write(f"{e.name}\t{','.join(sorted(e.scopes))}\t{e.created}\n")
        if not entries:
            out.write(f"no tokens in {path}\n")
        return 0
    if cmd == "revoke":
        kept = [e for e in entries if e.name != args.name]
        if len(kept) == len(entries):
            raise ConfigError(f"no token named {args.name!r} in {path}. `contexteer token list` shows the names.")
        write_tokens(path, kept)
        out.write(f"revoked {args.name}: its token no longer opens any server reading {path}.\n")
        return 0
    if cmd == "add":
        if not NAME_RE.match(args.name):
            raise ConfigError(f"name {args.name!r} must be 1-64 letters, digits, '.', '_', '@' or '-'.")
        scopes = [s.strip() for s in str(args.scopes).split(",") if s.strip()]
        if not scopes or any(s not in SCOPES for s in scopes):
            raise ConfigError(f"--scopes {args.scopes!r}: use a comma-separated list of {', '.join(SCOPES)}.")
        token = secrets.token_urlsafe(32)
        created = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        kept = [e for e in entries if e.name != args.name]
        write_tokens(path, [*kept, TokenEntry(args.name, token_hash(token), frozenset(scopes), created)])
        again = " (it replaces their previous token)" if len(kept) < len(entries) else ""
        out.write(f"{token}\n")
        logger.info("token for %s (%s) stored in %s%s; the token above is shown only once", args.name,
                    ",".join(scopes), path, again)
        return 0
    return 2


def token_main(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO) -> int:
    if not getattr(args, "token_command", None):
        parser.parse_args(["token", "--help"])
        return 2
    _, loaded = load(args)
    path = args.file or loaded.settings.server.tokens_file
    if not path:
        raise ContexteerError("no token file: pass --file FILE, or set server.tokens_file "
                              "(CONTEXTEER_SERVER__TOKENS_FILE) to the file the servers read.")
    return token_command(args, Path(path), out)
