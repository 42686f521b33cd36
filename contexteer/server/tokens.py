"""Per-user bearer tokens: a token file maps each token's SHA-256 to a person's name and scopes.

    # contexteer tokens: `contexteer token add NAME` adds one (and prints the token once)
    tokens:
      - name: alice
        sha256: 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8
        scopes: [read, memory:write]

The file never holds a token, only its hash, so a leaked file lets nobody in. Scopes: `read` (every tool,
memory reads included) and `memory:write` (memory changes: save, status, delete, restore, purge,
checkpoint_save). A request's client is put in the ASGI scope (`contexteer.tools.base.request_client`):
memory entries record who saved them (`savedBy`), journal events name the client, and a stateless
request's session state is keyed by it. The file is re-read when it changes (checked at most once a
second), so deleting a person's line revokes them on every replica that reads it without a restart; a file
that no longer parses refuses everyone (fail closed) until it is fixed, and the log says why.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from contexteer import safe_yaml
from contexteer.errors import ConfigError
from contexteer.server.auth import Refusal
from contexteer.tools.base import SCOPES, Client

logger = logging.getLogger(__name__)

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
RECHECK_SECONDS = 1.0
HEADER = "# contexteer per-user tokens: token hashes only. `contexteer token add NAME` adds one and prints its token once;\n" \
         "# `contexteer token revoke NAME` (or deleting the entry) locks that person out on every replica reading this file.\n"


def token_hash(token: str | bytes) -> str:
    raw = token.encode() if isinstance(token, str) else token
    return hashlib.sha256(raw.strip()).hexdigest()


@dataclass(frozen=True)
class TokenEntry:
    name: str
    sha256: str
    scopes: frozenset[str]
    created: str = ""


def parse_tokens(text: str, source: str) -> list[TokenEntry]:
    """The entries of a token file; ConfigError naming the file, the entry and the fix for anything malformed."""
    try:
        data = safe_yaml.load(text) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{source}: not valid YAML ({' '.join(str(exc).split())[:200]}). Fix it, or recreate it with "
                          "`contexteer token add NAME`.") from exc
    items = data.get("tokens") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ConfigError(f"{source}: expected a mapping with a 'tokens' list (see `contexteer token add --help`).")
    out: list[TokenEntry] = []
    names: set[str] = set()
    hashes: set[str] = set()
    for i, item in enumerate(items):
        where = f"{source}: tokens[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(f"{where} must be a mapping with name, sha256 and scopes.")
        unknown = sorted(str(k) for k in item if k not in ("name", "sha256", "scopes", "created"))
        if unknown:
            raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}; an entry has name, sha256, scopes, created.")
        name, digest, scopes = item.get("name"), item.get("sha256"), item.get("scopes", ["read"])
        if not isinstance(name, str) or not NAME_RE.match(name):
            raise ConfigError(f"{where}: name {name!r} must be 1-64 letters, digits, '.', '_', '@' or '-' (it is recorded "
                              "in memory entries and the journal).")
        if not isinstance(digest, str) or not _HEX64.match(digest):
            raise ConfigError(f"{where} ({name}): sha256 must be the 64 lowercase hex digits of the token's SHA-256, never "
                              "the token itself. `contexteer token add` writes it.")
        if not isinstance(scopes, list) or not scopes or any(s not in SCOPES for s in scopes):
            raise ConfigError(f"{where} ({name}): scopes {scopes!r} must be a non-empty list of {', '.join(SCOPES)}.")
        if name in names:
            raise ConfigError(f"{where}: the name {name!r} appears twice; one entry per person.")
        if digest in hashes:
            raise ConfigError(f"{where} ({name}): the same token hash appears twice; give every person their own token.")
        names.add(name)
        hashes.add(digest)
        out.append(TokenEntry(name, digest, frozenset(scopes), str(item.get("created") or "")))
    return out


class TokenFile:
    """The token file as the server reads it: loaded at start (a bad file stops the start), re-read when it changes."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._stamp: tuple[int, int, int] | None = None
        self._checked = 0.0
        self._by_hash: dict[str, Client] = {}
        self.error: str | None = None
        self._reload(initial=True)

    def _stat(self) -> tuple[int, int, int]:
        st = self.path.stat()
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _reload(self, *, initial: bool = False) -> None:
        try:
            stamp = self._stat()
            entries = parse_tokens(self.path.read_text(encoding="utf-8"), str(self.path))
        except (OSError, UnicodeDecodeError, ConfigError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if initial:
                raise ConfigError(f"server.tokens_file {self.path}: {why}") from exc
            if self.error != why:
                logger.error("token file %s can no longer be read, so every request is refused until it is fixed: %s",
                             self.path, why)
            self.error, self._by_hash, self._stamp = why, {}, None
            return
        if not entries:
            logger.warning("token file %s lists no token: every request is refused", self.path)
        self._by_hash = {e.sha256: Client(e.name, e.scopes) for e in entries}
        self._stamp, self.error = stamp, None
        if not initial:
            logger.info("token file %s re-read: %d token(s)", self.path, len(entries))

    def refresh(self) -> None:
        now = time.monotonic()
        with self._lock:
            if now - self._checked < RECHECK_SECONDS:
                return
            self._checked = now
            try:
                changed = self._stat() != self._stamp
            except OSError:
                changed = True
            if changed:
                self._reload()

    def client(self, credential: bytes) -> Client | None:
        """The client a presented token belongs to, or None (unknown, revoked, or the file is unusable)."""
        self.refresh()
        return self._by_hash.get(token_hash(credential))

    # ----- as the keys of contexteer.server.auth.BearerAuth -----------------------------------------------
    unknown = "unknown or revoked bearer token"
    message = ("missing, wrong or revoked bearer token: send the header 'Authorization: Bearer <token>' with the "
               "personal token you were given (`contexteer token add`).")
    ws_reason = "missing, wrong or revoked bearer token"

    def admit(self, credential: bytes | None) -> Client | Refusal | None:
        """The client of a token with the `read` scope every call needs; a Refusal for a token without it (403) or
        while the file cannot be read (503: every request is refused until it is fixed); None for no such token."""
        client = self.client(credential) if credential is not None else None
        if client is not None and "read" in client.scopes:
            return client
        if client is not None:
            return Refusal(403, "forbidden", f"the token of {client.name!r} lacks the 'read' scope every call needs. "
                           "Ask whoever runs this server to grant it (contexteer token add NAME --scopes read,...).",
                           f"the token of {client.name!r} lacks the 'read' scope")
        if self.error:
            return Refusal(503, "token_file_invalid", "this server's token file cannot be read, so it refuses every "
                           "request until it is fixed (its log says why).", "the token file cannot be read")
        return None


def write_tokens(path: Path, entries: list[TokenEntry]) -> None:
    """Replace the token file with `entries` (hashes only), atomically."""
    items = [{"name": e.name, "sha256": e.sha256, "scopes": [s for s in SCOPES if s in e.scopes],
              **({"created": e.created} if e.created else {})} for e in entries]
    text = HEADER + safe_yaml.dump({"tokens": items})
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tokens-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
