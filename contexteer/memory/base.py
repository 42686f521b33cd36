"""The rules of long-term memory over a storage backend: one interface, two implementations.

`EntryStore` holds what memory means (names, tags, secrets refused or redacted, size limits, a
replaced version kept in the trash, timestamps, journal events) and asks its backend for primitive
reads and writes made under `lock`. `contexteer.memory.store.MemoryStore` keeps the entries as
Markdown topic files in a folder (the embedded default; the lock is a lock file);
`contexteer.memory.store_pg.PgMemoryStore` keeps them in PostgreSQL (the lock is a transaction holding
the project's advisory lock, so replicas serialise their writes the same way). Both pass one test suite.
"""

from __future__ import annotations

import contextlib
import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeAlias

from contexteer.errors import ConflictError, InputError, SecretError, StorageError
from contexteer.journal import Event, EventLog, JournalRead, iso
from contexteer.memory import entries as E
from contexteer.memory import index
from contexteer.memory.entries import Entry, Header
from contexteer.memory.index import RepairReport
from contexteer.secrets import find_secrets, redact

logger = logging.getLogger(__name__)

#: Where a trashed version lives: its file in the trash folder, or its row id in the database.
TrashKey: TypeAlias = Path | int
#: Read counts per entry name as stored ({"count": n, "lastAccessedAt": iso}): JSON from the sidecar file or the
#: database, so each record is checked where it is read.
Access: TypeAlias = dict[str, dict[str, Any]]


class TrashedVersion(NamedTuple):
    """A version in the trash: where it is kept, and its header (with deletedAt)."""

    key: TrashKey
    header: Header


class BrokenEntry(StorageError):
    """A topic file whose header cannot be parsed; its raw text is kept untouched."""

    def __init__(self, name: str, reason: str, path: Path) -> None:
        self.name, self.reason, self.path = name, reason, path
        super().__init__(
            f"memory entry {name!r} cannot be parsed: {reason}. Fix {path.name} by hand in the memory folder ({path.parent}); "
            f"action='read' name='{name}' shows its raw text."
        )


class _NullJournal:
    def append(self, type_: str, **fields: object) -> Event:
        return {}

    def read(self, *, include_rotated: bool = True) -> JournalRead:
        return JournalRead()


@dataclass
class SaveResult:
    header: Header
    created: bool
    redacted: dict[str, int] = field(default_factory=dict)
    derived_description: bool = False
    previous_in_trash: bool = False  # the replaced version was moved to the trash
    content_changed: bool = False
    description_kept: bool = False  # content changed, no description given: the old one stays
    description_shortened: bool = False
    verification_cleared: bool = False


def redact_into(text: str, counts: dict[str, int]) -> str:
    """`text` with its secrets replaced by markers; adds how many of each kind to `counts`."""
    new, c = redact(text)
    for k, v in c.items():
        counts[k] = counts.get(k, 0) + v
    return new


def secret_kinds(*texts: str) -> list[str]:
    kinds: list[str] = []
    for text in texts:
        for f in find_secrets(text or ""):
            if f.kind not in kinds:
                kinds.append(f.kind)
    return kinds


class EntryStore(ABC):
    """Long-term memory of one project: the rules, over a backend's primitives (see the module docstring)."""

    #: True when replicas share this store (the database); answers then name it instead of a folder.
    shared = False
    lock: contextlib.AbstractContextManager[object]
    broken: dict[str, str]  # name -> why its header cannot be read (as of the last headers()); files only
    repair_report: RepairReport | None

    def __init__(self, *, entry_max_bytes: int, journal: EventLog | None, clock: Callable[[], datetime]) -> None:
        self.entry_max_bytes = entry_max_bytes
        self.journal: EventLog = journal or _NullJournal()
        self.clock = clock
        self.broken = {}
        self.repair_report = None
        self._warned: set[str] = set()

    # ----- primitives a backend provides ----------------------------------------------------
    @abstractmethod
    def headers(self) -> list[Header]:
        """Every active entry's header."""

    @abstractmethod
    def exists(self, name: str) -> bool:
        """Whether anything occupies the entry's name."""

    @abstractmethod
    def get(self, name: str) -> Entry:
        """The entry; NotFoundError (saying what exists) when there is none."""

    @abstractmethod
    def raw_text(self, name: str, limit: int = 1024 * 1024) -> str:
        """The entry as stored (for one whose header cannot be parsed)."""

    @abstractmethod
    def write_entry(self, entry: Entry) -> None:
        """Store `entry` under its name, replacing what is there (the caller holds the lock)."""

    @abstractmethod
    def remove_entry(self, name: str) -> None:
        """Remove the active entry `name` (the caller holds the lock and has kept a copy in the trash)."""

    @abstractmethod
    def write_index(self) -> None:
        """Bring the index in line with the entries (the caller holds the lock)."""

    @abstractmethod
    def index_text(self) -> str | None:
        """The index as stored, or None when there is none."""

    @abstractmethod
    def access(self) -> Access:
        """Read counts and last read times per entry name."""

    @abstractmethod
    def touch(self, names: Iterable[str]) -> None:
        """Count a read of `names` (best effort: never fails a read)."""

    @abstractmethod
    def forget_access(self, names: Iterable[str]) -> None:
        """Drop the read counts of `names` (the caller holds the lock)."""

    @abstractmethod
    def links(self) -> list[str]:
        """Names that are symlinks and therefore never used (a folder only)."""

    @abstractmethod
    def link_note(self) -> str:
        """One warning line about skipped links, or ''."""

    @abstractmethod
    def trash_items(self) -> list[TrashedVersion]:
        """Trashed versions as (key, header with deletedAt), newest deletion first."""

    @abstractmethod
    def trash_entry(self, key: TrashKey, name: str) -> Entry:
        """The trashed version `key` (StorageError when it changed since it was listed)."""

    @abstractmethod
    def trash_add(self, entry: Entry, now: str) -> TrashKey | None:
        """Keep `entry` in the trash as deleted at `now`, pruning old versions (the caller holds the lock)."""

    @abstractmethod
    def trash_remove(self, key: TrashKey) -> bool:
        """Delete the trashed version `key` for good; False when it was already gone or may not be deleted."""

    @abstractmethod
    def repair(self) -> RepairReport:
        """Compare the index with the entries and repair it (a folder only)."""

    @abstractmethod
    def where(self) -> str:
        """Where the entries live, as a person reads it (a path or the database)."""

    # ----- helpers -------------------------------------------------------------------------
    def now(self) -> str:
        return iso(self.clock())

    def event(self, action: str, **fields: object) -> None:
        self.journal.append("memory", action=action, **fields)

    def warn_once(self, key: str, msg: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            logger.warning(msg, *args)

    def missing_message(self, name: str) -> str:
        import difflib

        names = [h.name for h in self.headers()]
        close = difflib.get_close_matches(name, names, n=3)
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        trashed = " It is in the trash: restore it with action='restore'." if self.trashed(name) else ""
        return f"no memory entry named {name!r}.{hint}{trashed} Use action='list' to see the entries."

    # ----- index ---------------------------------------------------------------------------
    def render_index(self, headers: list[Header] | None = None) -> str:
        return index.render_index(headers if headers is not None else self.headers())

    def index_names(self) -> list[str] | None:
        """Names the index lists, or None when there is no (plain) index."""
        text = self.index_text()
        if text is None:
            return None
        return [m for m in (index.entry_name(ln) for ln in text.splitlines()) if m]

    # ----- saving --------------------------------------------------------------------------
    def save(
        self,
        name: str,
        content: str,
        *,
        tag: str | None = None,
        description: str | None = None,
        source: str | None = None,
        redact_secrets: bool = False,
        saved_by: str | None = None,
    ) -> SaveResult:
        name = E.validate_name(name)
        if not isinstance(content, str) or not content.strip():
            raise InputError("content is required: the text to keep (at most "
                             f"{self.entry_max_bytes} bytes). Use action='status' to change only the status.")
        redacted: dict[str, int] = {}
        kinds = secret_kinds(content, description or "", source or "")
        if kinds:
            if not redact_secrets:
                raise SecretError(
                    f"refused: the entry contains a secret ({', '.join(kinds)}); secrets are never written to memory. "
                    "Remove it, or pass redact=true to save it with the secret replaced by a marker."
                )
            content = redact_into(content, redacted)
            description = redact_into(description, redacted) if description else description
            source = redact_into(source, redacted) if source else source
        size = len(content.encode("utf-8"))
        if size > self.entry_max_bytes:
            raise InputError(
                f"content is {size} bytes; the limit per entry is {self.entry_max_bytes} bytes (memory.entry_max_bytes). "
                "Keep only the stable facts, or split it into several entries."
            )
        self.check_text(content)
        shortened = E.description_was_shortened(description)
        with self.lock:
            now = self.now()
            old_entry = self._current(name)
            old = old_entry.header if old_entry else None
            if old is None and tag is None:
                raise InputError(f"tag is required for a new entry: one of {', '.join(E.TAGS)}.")
            new_tag = E.validate_tag(tag) if tag is not None else old.tag  # type: ignore[union-attr]
            given_desc = bool(description and description.strip())
            derived = not given_desc and old is None
            desc = E.clean_description(description, content) if given_desc or old is None else old.description
            src = E.clean_source(source) if source or old is None else old.source
            changed = old_entry is not None and old_entry.body.rstrip("\n") != content.rstrip("\n")
            header = Header(
                name=name,
                description=desc,
                tag=new_tag,
                source=src,
                createdAt=old.createdAt if old and old.createdAt else now,
                updatedAt=now,
                status="active",
                verifiedAt=None if changed or old is None else old.verifiedAt,
                savedBy=saved_by or (old.savedBy if old else None),
            )
            kept = False
            if old_entry is not None and (changed or (old.description, old.tag, old.source)  # type: ignore[union-attr]
                                          != (header.description, header.tag, header.source)):
                self.trash_add(old_entry, now)  # the previous version stays recoverable, like a delete
                kept = True
            self.write_entry(Entry(header, content))
            self.write_index()
        by = {"saved_by": saved_by} if saved_by else {}
        self.event("save", name=name, tag=new_tag, bytes=size, created=old is None, redacted=sum(redacted.values()),
                   previous_in_trash=kept, **by)
        return SaveResult(header=header, created=old is None, redacted=redacted, derived_description=derived,
                          previous_in_trash=kept, content_changed=changed, description_kept=changed and not given_desc,
                          description_shortened=shortened and given_desc,
                          verification_cleared=changed and bool(old and old.verifiedAt))

    def check_text(self, content: str) -> None:  # noqa: B027 - a hook; files store any text
        """A backend's extra refusal of text it cannot store (nothing for files)."""

    def _current(self, name: str) -> Entry | None:
        """The entry now stored under `name` (None when absent); refuses to replace a link or an unparsable file."""
        if not self.exists(name):
            return None
        try:
            return self.get(name)
        except BrokenEntry as exc:
            raise ConflictError(
                f"cannot save {name!r}: {exc.path.name} exists but cannot be parsed ({exc.reason}); saving would replace "
                f"a hand-edited text. Fix {exc.path.name} by hand (action='read' name='{name}' shows it) or save under another name."
            ) from exc

    def set_status(self, name: str, status: str) -> Header:
        name = E.validate_name(name)
        status = E.validate_status(status)
        with self.lock:
            entry = self.get(name)
            h = entry.header
            changes: dict[str, str] = {"status": status}
            if status == "verified":
                changes["verifiedAt"] = self.now()
            entry.header = E.with_changes(h, **changes)
            self.write_entry(entry)
            self.write_index()
        self.event("status", name=name, status=status)
        return entry.header

    # ----- trash (contexteer.memory.trash) ------------------------------------------------
    def delete(self, names: list[str]) -> list[str]:
        from contexteer.memory import trash

        return trash.delete(self, names)

    def trash(self) -> list[TrashedVersion]:
        return self.trash_items()

    def trashed(self, name: str) -> list[TrashedVersion]:
        return [t for t in self.trash_items() if t.header.name == name]

    def restore(self, name: str, new_name: str | None = None) -> Header:
        from contexteer.memory import trash

        return trash.restore(self, name, new_name)

    def purge(self, names: list[str] | None = None) -> list[str]:
        from contexteer.memory import trash

        return trash.purge(self, names)
