"""The `contexteer` command line: serve, call, index, stats, init, doctor, config show|snippet, memory ..., --version."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import yaml

from contexteer import __version__
from contexteer.config import SETTINGS, LoadedConfig, Settings, env_name, load_config
from contexteer.errors import ContexteerError, InputError
from contexteer.secrets import redact
from contexteer.server.clients import CLIENTS as CLIENT_REGISTRY
from contexteer.workspace import Workspace

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


def _setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.INFO),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        force=True,
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(_RedactSecrets())


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", default=".", help="repository root to serve (default: current directory)")
    p.add_argument("--config", default=None, help="path of a contexteer.yaml (trusted, like your user config)")
    p.add_argument("--log-level", default=None, choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"])


def _add_client_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", default=None, help="the repository to serve (default: the git top-level of the "
                   "current folder, stated in the output; outside a git repository --root is required)")
    p.add_argument("--config", default=None, help=argparse.SUPPRESS)
    p.add_argument("--log-level", default=None, choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"])
    p.add_argument("--transport", default="stdio", choices=["stdio", "http", "sse"])
    p.add_argument("--port", type=int, default=None, help="port of the HTTP/SSE server (default: server.port)")
    p.add_argument("--uvx", action="store_true", help="launch with `uvx contexteer` instead of this installation's path")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="contexteer", description="MCP server: a precise view of a repository and a disciplined memory.")
    parser.add_argument("--version", action="version", version=f"contexteer {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("serve", help="serve the repository over MCP (stdio, streamable HTTP or SSE)")
    _add_common(p)
    p.add_argument("--transport", default="stdio", choices=["stdio", "http", "sse"])
    p.add_argument("--host", default=None, help="bind address for http/sse (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=None, help="port for http/sse (default 8000)")
    p.add_argument("--token-file", default=None, help="file holding the bearer token (else CONTEXTEER_TOKEN)")
    p.add_argument("--allow-unauthenticated", action="store_true", help="allow a non-loopback bind without a token")
    p.add_argument("--tokens-file", default=None, help="per-user token file (server.tokens_file; `contexteer token add` writes it)")

    p = sub.add_parser("call", help="run one tool in-process and print exactly what an agent receives")
    _add_common(p)
    p.add_argument("tool", help="tool name, e.g. read_code_range")
    p.add_argument("arguments", nargs="*", help="key=value pairs; values are parsed as YAML (numbers, true/false, [lists])")
    p.add_argument("--json", action="store_true", help="print the whole CallToolResult as JSON")

    p = sub.add_parser("index", help="build or refresh the structure index, with progress")
    _add_common(p)
    p.add_argument("--explain", metavar="PATH", default=None,
                   help="say why PATH is or is not listed (git, ignore rules, deny-list, filters) and what the index holds for it")
    p.add_argument("--syntax-errors", nargs="?", const=".", metavar="PATH",
                   help="then list the files under PATH (default: all) with syntax errors and their lines")

    p = sub.add_parser("stats", help="token savings per tool, from the journal")
    _add_common(p)

    p = sub.add_parser("config", help="show the effective configuration or print a client snippet")
    csub = p.add_subparsers(dest="config_command", metavar="SUBCOMMAND")
    c = csub.add_parser("show", help="effective values, where each came from, and budget warnings")
    _add_common(c)
    c = csub.add_parser("snippet", help="registration snippet for an MCP client")
    _add_client_args(c)
    c.add_argument("--client", required=True, choices=CLIENTS)

    p = sub.add_parser("init", help="register contexteer in MCP clients' configuration files (merged, backed up, diff shown)")
    _add_client_args(p)
    p.add_argument("--client", action="append", default=[], choices=CLIENTS, metavar="NAME",
                   help=f"a client to register with (repeatable): {', '.join(CLIENTS)}")
    p.add_argument("--scope", choices=["project", "user"], default=None,
                   help="the project's file or the user's (default: project where the client has one; "
                        "Claude Desktop, Cline, Windsurf and Codex: user)")
    p.add_argument("--dry-run", action="store_true", help="show the diff, write nothing")

    p = sub.add_parser("doctor", help="check ripgrep, grammars, the token encoding, the data dir, the index and "
                                      "client configurations; each a PASS or FAIL line with the fix")
    _add_common(p)

    p = sub.add_parser("token", help="per-user bearer tokens for a team server: add, revoke, list")
    _add_common(p)
    p.add_argument("--file", default=None, help="the token file (default: server.tokens_file)")
    from contexteer.server.tokens import add_token_commands

    add_token_commands(p.add_subparsers(dest="token_command", metavar="ACTION"))

    try:
        from contexteer.memory.cli import add_memory_commands
    except ModuleNotFoundError:
        pass
    else:
        mp = sub.add_parser("memory", help="inspect and manage long-term memory")
        _add_common(mp)
        add_memory_commands(mp.add_subparsers(dest="memory_command", metavar="ACTION"))
    return parser


def _load(args: argparse.Namespace, extra: dict[str, Any] | None = None) -> tuple[Workspace, LoadedConfig]:
    root = Path(args.root)
    overrides: dict[str, Any] = dict(extra or {})
    if getattr(args, "log_level", None):
        overrides["server.log_level"] = args.log_level
    loaded = load_config(root=root if root.is_dir() else None, config_file=args.config, overrides=overrides)
    ws = Workspace(root, loaded.settings)
    return ws, loaded


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


def _dispatch(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO) -> int:
    if args.command == "serve":
        return _serve(args)
    if args.command == "call":
        return _call(args, out)
    if args.command == "index":
        ws, _ = _load(args)
        from contexteer.indexers.progress import explain_command, index_command

        if args.explain:
            return explain_command(ws, args.explain, out)
        code = index_command(ws)
        if code == 0 and args.syntax_errors is not None:
            from contexteer.indexers.syntax_errors import command as syntax_errors_command

            return syntax_errors_command(ws, args.syntax_errors, out)
        return code
    if args.command == "stats":
        ws, loaded = _load(args)
        from contexteer.shaping.stats import stats_command

        out.write(stats_command(ws, loaded.settings) + "\n")
        return 0
    if args.command == "init":
        from contexteer.server.clientconfig import init_command

        port = args.port or load_config(root=None, config_file=args.config, overrides={}).settings.server.port
        return init_command(args.client, args.root, args.scope, args.transport, port, uvx=args.uvx,
                            dry_run=args.dry_run, out=out)
    if args.command == "doctor":
        from contexteer.server.doctor import doctor_command

        ws, loaded = _load(args)
        return doctor_command(ws, loaded, out)
    if args.command == "config":
        if args.config_command == "show":
            return _config_show(args, out)
        if args.config_command == "snippet":
            return _config_snippet(args, out)
        parser.parse_args(["config", "--help"])
        return 2
    if args.command == "token":
        return _token(args, parser, out)
    if args.command == "memory":
        from contexteer.memory.cli import run_memory_command

        ws, loaded = _load(args)
        return int(run_memory_command(args, ws, loaded.settings))
    return 2


def _reach_database(settings: Settings) -> None:
    """With storage.url set: connect to the team database and migrate it, or raise StorageError saying why."""
    if settings.storage.url:
        from contexteer.storage import database_for

        database_for(settings)


def _serve(args: argparse.Namespace) -> int:
    from contexteer.server.app import build_server
    from contexteer.server.transports import check_binding, serve_http, serve_stdio

    overrides = {"server.host": args.host, "server.port": args.port, "server.tokens_file": args.tokens_file}
    ws, loaded = _load(args, overrides)
    for warning in loaded.warnings:
        logger.warning("config: %s", warning)
    _reach_database(loaded.settings)  # a team replica: reach (and migrate) the database before serving anyone
    mcp = build_server(ws, loaded, close_on_exit=True)
    if args.transport == "stdio":
        logger.info("contexteer %s serving %s over stdio", __version__, ws.root)
        serve_stdio(mcp)
        return 0
    token = _read_token(args.token_file)
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


def _token(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO) -> int:
    from contexteer.server.tokens import token_command

    if not getattr(args, "token_command", None):
        parser.parse_args(["token", "--help"])
        return 2
    _, loaded = _load(args)
    path = args.file or loaded.settings.server.tokens_file
    if not path:
        raise ContexteerError("no token file: pass --file FILE, or set server.tokens_file "
                              "(CONTEXTEER_SERVER__TOKENS_FILE) to the file the servers read.")
    return token_command(args, Path(path), out)


def _read_token(token_file: str | None) -> str | None:
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


def _schema_types(prop: dict[str, Any]) -> set[str]:
    types = {prop["type"]} if isinstance(prop.get("type"), str) else set(prop.get("type") or [])
    for alt in prop.get("anyOf", []) + prop.get("oneOf", []):
        types |= _schema_types(alt)
    if "enum" in prop:
        types.add("string")
    return types


def check_call_form(tool: str, pairs: list[str]) -> None:
    """Every argument of `call` is NAME=VALUE; anything else is a one-line usage error showing the form."""
    for pair in pairs:
        key, sep, _ = pair.partition("=")
        if not sep or not key or not key.replace("_", "a").isalnum():
            example = f"path={pair}" if sep == "" and ("/" in pair or "." in pair) else "path=src/app.py start_line=10"
            raise InputError(f"argument {pair!r} is not NAME=VALUE; write e.g. "
                             f"`contexteer call {tool} {example}` (values are YAML: 10, true, [a, b]).")


def parse_call_arguments(pairs: list[str], schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """`key=value` pairs. A parameter the tool declares as text stays text (`source=user: x`); others are
    parsed as YAML (`start_line=10`, `references=true`, `files=[a.py, b.py]`)."""
    props = (schema or {}).get("properties", {})
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise InputError(f"argument {pair!r} is not NAME=VALUE; write e.g. path=src/app.py start_line=10")
        types = _schema_types(props.get(key, {}))
        if types == {"string"} or (types and types <= {"string", "null"}):
            out[key] = raw
            continue
        try:
            value = yaml.safe_load(raw) if raw.strip() else raw
        except yaml.YAMLError:
            value = raw
        # YAML turns 'a: b' into a mapping and dates into date objects: keep the text unless that was meant.
        unexpected_mapping = isinstance(value, dict) and bool(types) and "object" not in types
        typed = isinstance(value, str | int | float | bool | list | dict)
        out[key] = value if typed and not unexpected_mapping else raw
    return out


def _call(args: argparse.Namespace, out: TextIO) -> int:
    import anyio
    from mcp import Client

    from contexteer.server.app import build_server

    check_call_form(args.tool, args.arguments)
    ws, loaded = _load(args)
    _reach_database(loaded.settings)  # else every tool would answer unshaped, without its store
    mcp = build_server(ws, loaded)

    async def run() -> tuple[Any, set[str]]:
        async with Client(mcp) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            if args.tool not in tools:
                return None, set(tools)
            arguments = parse_call_arguments(args.arguments, tools[args.tool].input_schema)
            return await client.call_tool(args.tool, arguments), set(tools)

    result, names = anyio.run(run)
    if result is None:
        raise ContexteerError(f"unknown tool '{args.tool}'. Available: {', '.join(sorted(names))}.")
    if args.json:
        out.write(json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True), indent=2, ensure_ascii=False) + "\n")
    else:
        for block in result.content:
            text = getattr(block, "text", None)
            out.write((text if text is not None else json.dumps(block.model_dump(mode="json"))) + "\n")
        if result.structured_content is not None:
            out.write("\n--- structuredContent ---\n")
            out.write(json.dumps(result.structured_content, indent=2, ensure_ascii=False) + "\n")
        meta = {k: v for k, v in (result.meta or {}).items() if not k.startswith("io.modelcontextprotocol")}
        if meta:
            out.write("--- _meta ---\n" + json.dumps(meta, ensure_ascii=False) + "\n")
    return 1 if result.is_error else 0


def _config_show(args: argparse.Namespace, out: TextIO) -> int:
    ws, loaded = _load(args)
    s = loaded.settings
    out.write("# effective contexteer configuration\n")
    out.write("# files read: " + (", ".join(loaded.files) or "none") + "\n")
    out.write(f"# this project's data: {ws.data_path} (index, result store, journal; memory: {ws.memory_dir})\n")
    for info in SETTINGS:
        value: Any = s
        for part in info.name.split("."):
            value = getattr(value, part)
        src = loaded.source(info.name)
        shown = json.dumps(value) if info.name != "storage.url" else redact(json.dumps(value))[0]  # a password in the URL
        out.write(f"{info.name} = {shown}    # {src}; env {env_name(info.name)}\n")
    if loaded.warnings:
        out.write("\n# warnings\n")
        for w in loaded.warnings:
            out.write(f"warning: {w}\n")
    else:
        out.write("\n# budget arithmetic: ok\n")
    return 0


def _config_snippet(args: argparse.Namespace, out: TextIO) -> int:
    from contexteer.server.clientconfig import resolve_root
    from contexteer.server.clients import snippet

    root, how = resolve_root(args.root)
    port = args.port or load_config(root=None, config_file=args.config, overrides={}).settings.server.port
    out.write(snippet(args.client, args.transport, root, port, uvx=args.uvx) + "\n")
    sys.stderr.write(f"# repository: {root} ({how})\n")
    where = CLIENT_REGISTRY[args.client].where
    sys.stderr.write("# run this in a terminal in the repository\n" if args.client == "claude-code" and args.transport == "stdio"
                     else f"# put this in {where}, or let `contexteer init --client {args.client}` merge it\n")
    return 0
