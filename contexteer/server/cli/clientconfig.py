"""`contexteer init`: merge contexteer's entry into a client's real configuration file.

Idempotent (an entry already there leaves the file untouched, byte for byte), keeps everything else in the file,
copies the file to `<name>.bak-<time>` before changing it, prints the diff, writes atomically, and never rewrites
a file it cannot fully read (JSON with comments, an entry defined in a form it does not edit): it says so and prints
the entry to add by hand. The repository is the one given with --root or the git top-level of the current folder,
and the output says which; outside a repository without --root it refuses rather than register the current folder.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
import re
import shutil
import subprocess
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from contexteer.errors import ConfigError
from contexteer.server.clients import CLIENTS, NAME, TOKEN_INPUT, Client, entry, snippet, toml_table

logger = logging.getLogger(__name__)


def resolve_root(given: str | None, cwd: Path | None = None) -> tuple[Path, str]:
    """(the repository to serve, how it was chosen): --root as given, else the git top-level of `cwd`."""
    if given:
        root = Path(given).expanduser().resolve()
        if not root.is_dir():
            raise ConfigError(f"--root {given}: not a directory. Pass the repository to serve.")
        return root, "given with --root"
    cwd = (cwd or Path.cwd()).resolve()
    try:
        proc = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=cwd, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        proc = None
    top = proc.stdout.strip() if proc is not None and proc.returncode == 0 else ""
    if not top:
        raise ConfigError(f"no --root given and {cwd} is not inside a git repository: pass --root PATH, the "
                          "repository the client should see (contexteer does not guess it).")
    return Path(top).resolve(), "the git repository holding the current folder; pass --root to choose another"


def own_source(root: Path) -> bool:
    """Whether `root` is contexteer's own source tree (registering it is rarely what was meant)."""
    import contexteer

    return Path(contexteer.__file__).resolve().parent.parent == root and (root / "contexteer" / "server").is_dir()


@dataclass
class Change:
    client: Client
    scope: str
    path: Path
    old: str | None  # None: the file does not exist
    new: str

    @property
    def changed(self) -> bool:
        return self.old != self.new


def _unreadable(path: Path, why: str, client: str, transport: str, root: Path, port: int) -> ConfigError:
    return ConfigError(f"{path}: {why}; contexteer does not rewrite a file it cannot fully read. Add this entry by "
                       f"hand:\n{snippet(client, transport, root, port)}")


def merge_json(text: str | None, client: Client, server: dict[str, Any], *, token_input: bool = False) -> str:
    """`text` with contexteer's entry set under the client's key; everything else kept (the same text when the
    entry is already there)."""
    doc = json.loads(text) if text and text.strip() else {}
    if not isinstance(doc, dict):
        raise ValueError("the file holds no JSON object")
    before = json.loads(json.dumps(doc))
    servers = doc.setdefault(client.key, {})
    if not isinstance(servers, dict):
        raise ValueError(f"its '{client.key}' is not an object")
    servers[NAME] = server
    if token_input:
        inputs = doc.setdefault("inputs", [])
        if not isinstance(inputs, list):
            raise ValueError("its 'inputs' is not a list")
        if not any(isinstance(i, dict) and i.get("id") == TOKEN_INPUT["id"] for i in inputs):
            inputs.append(dict(TOKEN_INPUT))
    if text is not None and doc == before:
        return text
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


_TABLE = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")


def _table_name(line: str) -> str | None:
    match = _TABLE.match(line)
    return re.sub(r'\s*\.\s*', ".", match.group(1)).replace('"contexteer"', NAME) if match else None


def merge_toml(text: str | None, server: dict[str, Any]) -> str:
    """`text` with the table [mcp_servers.contexteer] set to `server`: the table (and its sub-tables) replaced in
    place, or appended; every other line kept as it was."""
    old = tomllib.loads(text or "")
    if old.get("mcp_servers", {}).get(NAME) == server:
        return text or ""
    lines = (text or "").splitlines(keepends=True)
    ours = f"mcp_servers.{NAME}"
    start = next((i for i, line in enumerate(lines) if _table_name(line) == ours), None)
    table = toml_table(NAME, server)
    if start is None:
        if NAME in old.get("mcp_servers", {}):
            raise ValueError(f"its {ours} is written in a form other than a [{ours}] table")
        body = "".join(lines)
        new = (body if body.endswith("\n") else body + "\n") + "\n" + table if body.strip() else table
    else:
        end = start + 1
        while end < len(lines):
            name = _table_name(lines[end])
            if name is not None and not name.startswith(ours + "."):
                break
            end += 1
        while end > start + 1 and not lines[end - 1].strip():  # keep the blank lines before the next table
            end -= 1
        new = "".join(lines[:start]) + table + "".join(lines[end:])
    parsed = tomllib.loads(new)
    rest_old = {**old, "mcp_servers": {k: v for k, v in old.get("mcp_servers", {}).items() if k != NAME}}
    rest_new = {**parsed, "mcp_servers": {k: v for k, v in parsed.get("mcp_servers", {}).items() if k != NAME}}
    if parsed.get("mcp_servers", {}).get(NAME) != server or rest_old != rest_new:  # pragma: no cover - a bug guard
        raise ValueError("the merged file would change more than contexteer's table")
    return new


def plan(client_name: str, scope: str | None, root: Path, transport: str, port: int, *, uvx: bool = False) -> Change:
    """What `init` would write for one client (nothing is written)."""
    client = CLIENTS[client_name]
    scope = scope or client.default_scope
    if scope not in client.scopes:
        raise ConfigError(f"{client.title} has no {scope} configuration; its scope is: {', '.join(client.scopes)}.")
    path = client.path(scope, root)
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} cannot be read ({exc}); fix its permissions or encoding and run init again.") from exc
    server = entry(client_name, transport, root, port, uvx=uvx)
    try:
        if client.fmt == "toml":
            new = merge_toml(old, server)
        else:
            new = merge_json(old, client, server, token_input=client_name == "vscode" and transport != "stdio")
    except json.JSONDecodeError as exc:
        raise _unreadable(path, f"not plain JSON (line {exc.lineno}: {exc.msg}; comments or trailing commas?)",
                          client_name, transport, root, port) from exc
    except tomllib.TOMLDecodeError as exc:
        raise _unreadable(path, f"not valid TOML ({exc})", client_name, transport, root, port) from exc
    except ValueError as exc:
        raise _unreadable(path, str(exc), client_name, transport, root, port) from exc
    return Change(client, scope, path, old, new)


def diff(change: Change) -> str:
    old = (change.old or "").splitlines(keepends=True)
    new = change.new.splitlines(keepends=True)
    label = str(change.path)
    lines = difflib.unified_diff(old, new, fromfile=f"{label} (before)" if change.old is not None else "/dev/null",
                                 tofile=label)
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write(change: Change) -> Path | None:
    """Write the new text atomically (a symlinked file is written at its target); returns the backup made of the
    old file, if there was one."""
    target = change.path.resolve() if change.path.is_symlink() else change.path
    target.parent.mkdir(parents=True, exist_ok=True)
    backup = None
    if change.old is not None:
        backup = target.with_name(f"{target.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while backup.exists():
            n += 1
            backup = backup.with_name(f"{target.name}.bak-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        shutil.copy2(target, backup)
    tmp = target.with_name(f".{target.name}.contexteer-tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            fh.write(change.new)
            fh.flush()
            os.fsync(fh.fileno())
        if change.old is not None:
            shutil.copymode(target, tmp)  # ~/.claude.json is private: keep it so
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ConfigError(f"{target} cannot be written ({exc.strerror or exc}); nothing was changed.") from exc
    return backup


def init_command(clients: list[str], root_arg: str | None, scope: str | None, transport: str, port: int, *,
                 uvx: bool, dry_run: bool, out: TextIO) -> int:
    if not clients:
        found = [c.name for c in CLIENTS.values() if any(c.path(s, Path.cwd()).parent.is_dir() for s in c.scopes)]
        raise ConfigError("name the client(s) to register with, e.g. `contexteer init --client cursor`. Clients: "
                          + ", ".join(CLIENTS) + (f" (configuration folders found here: {', '.join(found)})." if found else "."))
    root, how = resolve_root(root_arg)
    out.write(f"repository: {root} ({how})\n")
    if own_source(root):
        out.write("note: this is contexteer's own source tree; pass --root to register the repository you work on\n")
    changes = [plan(name, scope, root, transport, port, uvx=uvx) for name in dict.fromkeys(clients)]  # all checked first
    for change in changes:
        title = f"{change.client.title} ({change.scope}): {change.path}"
        if not change.changed:
            out.write(f"{title}: contexteer is already registered this way; nothing changed\n")
            continue
        out.write(f"{title}: {'would write' if dry_run else 'writing'}\n{diff(change)}")
        if dry_run:
            continue
        backup = write(change)
        out.write(f"  written{f'; the previous file is kept as {backup}' if backup else ''}\n")
    if not dry_run and any(c.changed for c in changes):
        out.write("Restart or reload the client(s) to start contexteer; `contexteer doctor` checks the setup.\n")
    return 0


__all__ = ["Change", "diff", "init_command", "merge_json", "merge_toml", "plan", "resolve_root", "write"]
