"""The `contexteer` command line: serve, call, index, stats, init, doctor, config show|snippet, token, memory ...,
--version. This module parses and dispatches; each command lives in its own module of this package."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from typing import TextIO

from contexteer import __version__
from contexteer.config import load_config
from contexteer.errors import ContexteerError
from contexteer.secrets import redact
from contexteer.server.cli.common import add_client_args, add_common, load
from contexteer.server.cli.memory import add_memory_commands
from contexteer.server.cli.serve import serve_command
from contexteer.server.cli.token import add_token_commands, token_main
from contexteer.server.clients import CLIENTS as CLIENT_REGISTRY

logger = logging.getLogger(__name__)

CLIENTS = tuple(CLIENT_REGISTRY)


class _RedactSecrets(logging.Filter):
    """Log lines may echo arguments (the SDK logs a failed tool's error text): secrets become markers,
    because clients keep a server's stderr in log files."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean, found = redact(message)
        if found:
            record.msg, record.args = clean, ()
        return True



#: the tools `contexteer call` runs, named in its --help without importing them (tests/server/test_cli.py keeps this
#: list equal to contexteer/tools/catalog.py)
CALLABLE_TOOLS = ("get_structured_index", "search_symbol", "find_related", "list_dependencies", "read_code_range",
                  "search_text", "fetch_result", "batch", "list_syntax_errors", "context_stats", "memory")

def _setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        force=True,
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(_RedactSecrets())


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="contexteer", description="MCP server: a precise view of a repository and a disciplined memory.")
    parser.add_argument("--version", action="version", version=f"contexteer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("serve", help="serve the repository over MCP (stdio, streamable HTTP or SSE)")
    add_common(p)
    p.add_argument("--transport", default="stdio", choices=["stdio", "http", "sse"])
    p.add_argument("--host", default=None, help="bind address for http/sse (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=None, help="port for http/sse (default 8000)")
    p.add_argument("--token-file", default=None, help="file holding the bearer token (else CONTEXTEER_TOKEN)")
    p.add_argument("--allow-unauthenticated", action="store_true", help="allow a non-loopback bind without a token")
    p.add_argument("--tokens-file", default=None, help="per-user token file (server.tokens_file; `contexteer token add` writes it)")

    p = sub.add_parser("call", help="run one tool in-process and print exactly what an agent receives", add_help=False)
    p.add_argument("-h", "--help", action="store_true", help="after a TOOL: that tool's arguments; else this help")
    add_common(p)
    p.add_argument("tool", nargs="?", help=f"tool name: {', '.join(CALLABLE_TOOLS)} (a wrong name lists them too; "
                                           "`contexteer call --help` lists every tool's arguments, `contexteer call TOOL --help` one tool's)")
    p.add_argument("arguments", nargs="*", help="key=value pairs; values are parsed as YAML (numbers, true/false, [lists], "
                                                "{maps}: batch calls=\"[{tool: search_text, pattern: x}]\")")
    p.add_argument("--json", action="store_true", help="print the whole CallToolResult as JSON")
    p.set_defaults(call_parser=p)

    p = sub.add_parser("index", help="build or refresh the structure index, with progress")
    add_common(p)
    p.add_argument("--explain", metavar="PATH", default=None,
                   help="say why PATH is or is not listed (git, ignore rules, deny-list, filters) and what the index holds for it")
    p.add_argument("--rank-map", action="store_true",
                   help="then compute a large index's repo-map ranks now (a worker of ~1.7 GB on the Linux kernel), so "
                        "the first map of the next server does not wait for them")
    p.add_argument("--syntax-errors", nargs="?", const=".", metavar="PATH",
                   help="then list the files under PATH (default: all) with syntax errors and their lines")

    p = sub.add_parser("stats", help="token savings per tool, from the journal")
    add_common(p)

    p = sub.add_parser("config", help="show the effective configuration or print a client snippet")
    csub = p.add_subparsers(dest="config_command", metavar="SUBCOMMAND")
    c = csub.add_parser("show", help="effective values, where each came from, and budget warnings")
    add_common(c)
    c = csub.add_parser("snippet", help="registration snippet for an MCP client")
    add_client_args(c)
    c.add_argument("--client", required=True, choices=CLIENTS)

    p = sub.add_parser("init", help="register contexteer in MCP clients' configuration files (merged, backed up, diff shown)")
    add_client_args(p)
    p.add_argument("--client", action="append", default=[], choices=CLIENTS, metavar="NAME",
                   help=f"a client to register with (repeatable): {', '.join(CLIENTS)}")
    p.add_argument("--scope", choices=["project", "user"], default=None,
                   help="the project's file or the user's (default: project where the client has one; "
                        "Claude Desktop, Cline, Windsurf and Codex: user)")
    p.add_argument("--dry-run", action="store_true", help="show the diff, write nothing")

    p = sub.add_parser("doctor", help="check ripgrep, grammars, the token encoding, the data dir, the index and "
                                      "client configurations; each a PASS or FAIL line with the fix")
    add_common(p)

    p = sub.add_parser("token", help="per-user bearer tokens for a team server: add, revoke, list")
    add_common(p)
    p.add_argument("--file", default=None, help="the token file (default: server.tokens_file)")
    add_token_commands(p.add_subparsers(dest="token_command", metavar="ACTION"))

    mp = sub.add_parser("memory", help="inspect and manage long-term memory")
    add_common(mp)
    add_memory_commands(mp.add_subparsers(dest="memory_command", metavar="ACTION"))
    return parser


def main(argv: list[str] | None = None, *, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return 2
    _setup_logging(getattr(args, "log_level", None) or os.environ.get("CONTEXTEER_SERVER__LOG_LEVEL", "INFO"))
    try:
        return _dispatch(args, parser, out)
    except ContexteerError as exc:
        sys.stderr.write(f"contexteer: {exc}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `contexteer call ... | head`: the reader has what it wanted
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python flushes stdout at exit; no second error
        return 0


def _dispatch(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO) -> int:
    if args.command == "serve":
        return serve_command(args)
    if args.command == "call":
        from contexteer.server.cli.call import call_command, tool_help

        if not args.tool:
            args.call_parser.print_help(out if args.help else sys.stderr)
            if args.help:  # and every tool's arguments, so one --help is all an agent on a shell needs
                out.write("\ntools and their arguments:\n\n")
                return tool_help(args, out)
            return 2

        return tool_help(args, out) if args.help else call_command(args, out)
    if args.command == "index":
        ws, _ = load(args)
        from contexteer.server.cli.index import explain_command, index_command

        if args.explain:
            return explain_command(ws, args.explain, out)
        code = index_command(ws, rank_map=args.rank_map)
        if code == 0 and args.syntax_errors is not None:
            from contexteer.server.cli.index import syntax_errors_command

            return syntax_errors_command(ws, args.syntax_errors, out)
        return code
    if args.command == "stats":
        ws, loaded = load(args)
        from contexteer.server.cli.stats import stats_command

        out.write(stats_command(ws, loaded.settings) + "\n")
        return 0
    if args.command == "init":
        from contexteer.server.cli.clientconfig import init_command

        port = args.port or load_config(root=None, config_file=args.config, overrides={}).settings.server.port
        return init_command(args.client, args.root, args.scope, args.transport, port, uvx=args.uvx,
                            dry_run=args.dry_run, out=out)
    if args.command == "doctor":
        from contexteer.server.cli.doctor import doctor_command

        ws, loaded = load(args)
        return doctor_command(ws, loaded, out)
    if args.command == "config":
        from contexteer.server.cli.config import config_show, config_snippet

        if args.config_command == "show":
            return config_show(args, out)
        if args.config_command == "snippet":
            return config_snippet(args, out)
        parser.parse_args(["config", "--help"])
        return 2
    if args.command == "token":
        return token_main(args, parser, out)
    if args.command == "memory":
        from contexteer.server.cli.memory import run_memory_command

        ws, loaded = load(args)
        return int(run_memory_command(args, ws, loaded.settings))
    return 2
