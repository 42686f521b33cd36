"""The memory folder: topic files, the MEMORY.md index, the access sidecar and the trash.

Topic files are the truth; `MEMORY.md` is derived from their headers after every write (under the
folder lock) and checked at startup: a topic without its index line, an index line without its topic
or a torn index is repaired by rebuilding the index from the topic files, and the repair is reported.
Access counts live in `.access.json`, so reading an entry never rewrites its topic file.

The folder is created on the first write, never by a read. Nothing in it is followed when it is a
symlink (topic files, the index, `trash/`, `checkpoints/`): such paths are skipped with a warning on
reads and refused on writes, since with `memory.location: repo` the folder may come from an
untrusted clone. A topic file whose header cannot be parsed (hand-edited, merge conflict) is listed
with a one-line placeholder, skipped by recall, shown raw by `read`, and never overwritten by `save`.
An update keeps the previous version in the trash, like a delete.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from contexteer.errors import InputError, NotFoundError, StorageError
from contexteer.journal import EventLog
from contexteer.memory import entries as E
from contexteer.memory import index, trash
from contexteer.memory.base import (
    Access,
    BrokenEntry,
    EntryStore,
    SaveResult,
    TrashedVersion,
    TrashKey,
    redact_into,
    secret_kinds,
)
from contexteer.memory.entries import INDEX_NAME, Entry, Header
from contexteer.memory.index import RepairReport, index_line
from contexteer.memory.storage import (
    DirLock,
    NotPlainFile,
    atomic_delete,
    atomic_write,
    fsync_dir,
    link_kind,
    read_plain,
    read_plain_text,
    real_dir,
)

logger = logging.getLogger(__name__)

ACCESS_FILE = ".access.json"
TRASH_DIR = "trash"
CHECKPOINT_DIR = "checkpoints"
#: How much of a topic file is read for its header alone.
HEADER_READ_BYTES = 64 * 1024
#: The most of a topic file ever read (entries are memory.entry_max_bytes, 4 KB by default; a larger file was
#: made by hand or came with a cloned repository and is treated as unparsable rather than loaded whole).
TOPIC_READ_MAX = 1024 * 1024


def link_message(path: Path, what: str) -> str:
    return (f"{path.name} in the memory folder is {what}; contexteer never follows links there (with memory.location=repo "
            "the folder may come from an untrusted clone). Replace it with a real file, or remove the link.")


class MemoryStore(EntryStore):
    """Long-term memory of one project, stored as topic files in `directory` (the embedded backend)."""

    def __init__(
        self,
        directory: Path,
        *,
        entry_max_bytes: int = 4096,
        journal: EventLog | None = None,
        clock: Callable[[], datetime] = E.now_utc,
        repair: bool = True,
    ) -> None:
        self.dir = Path(directory)  # created by the first write, never by a read
        if os.path.lexists(self.dir) and not self.dir.is_dir():
            raise StorageError(f"the memory folder {self.dir} exists but is not a directory. Move that file away, "
                               "or point memory.location / data_dir elsewhere.")
        super().__init__(entry_max_bytes=entry_max_bytes, journal=journal, clock=clock)
        self.trash_dir = self.dir / TRASH_DIR
        self.lock = DirLock(self.dir)
        self._header_cache: dict[str, tuple[tuple[int, int, int], Header]] = {}
        if repair:
            report = self.repair()
            self.repair_report = report if report.summary() else None

    # ----- helpers -------------------------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.dir / f"{name}.md"

    def where(self) -> str:
        return str(self.dir)

    # ----- reading -------------------------------------------------------------------------
    def read_header_file(self, path: Path) -> Header:
        """The header only (the file's first 64 KB); FormatError or NotPlainFile (a link) when unusable."""
        text = read_plain_text(path, HEADER_READ_BYTES)
        return E.parse(text, file_stem=path.stem).header

    def forget_cached(self, path: Path) -> None:
        self._header_cache.pop(str(path), None)

    def header(self, path: Path) -> Header:
        st = os.lstat(path)
        key = (st.st_ino, st.st_mtime_ns, st.st_size)  # every atomic write makes a new inode
        cached = self._header_cache.get(str(path))
        if cached and cached[0] == key:
            return cached[1]
        head = self.read_header_file(path)
        self._header_cache[str(path)] = (key, head)
        return head

    def _topic_paths(self) -> list[Path]:
        """Plain topic files; symlinks and special files are skipped (see `links`)."""
        out = []
        try:
            with os.scandir(self.dir) as it:
                for de in it:
                    n = de.name
                    if not n.endswith(".md") or n == INDEX_NAME or n.startswith("."):
                        continue
                    if de.is_symlink() or not de.is_file(follow_symlinks=False):
                        self.warn_once(n, "memory: skipped %s in %s: not a plain file (never followed)", n, self.dir)
                        continue
                    out.append(Path(de.path))
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(out)

    def links(self) -> list[str]:
        """Names in the memory folder that are symlinks (or special files) and are therefore never used."""
        found: list[str] = []
        try:
            with os.scandir(self.dir) as it:
                for de in it:
                    if de.name in (".lock",) or de.name.startswith(".tmp-"):
                        continue
                    if de.is_symlink() or (de.name.endswith(".md") and not de.is_file(follow_symlinks=False)
                                           and not de.is_dir(follow_symlinks=False)):
                        found.append(de.name + ("/" if de.name in (TRASH_DIR, CHECKPOINT_DIR) else ""))
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(found)

    def link_note(self) -> str:
        """One warning line naming the symlinks that were skipped, or ''."""
        found = self.links()
        if not found:
            return ""
        return (f"Warning: skipped {len(found)} symlink(s) in the memory folder ({', '.join(found[:5])}"
                f"{', …' if len(found) > 5 else ''}); contexteer never follows links there. Replace them with real files "
                "or remove the links.\n")

    def misnamed_reason(self, path: Path) -> str:
        """Why a topic file whose stem is not a canonical memory name is not used, and how to fix it."""
        canon = E.normalised_stem(path.stem)
        if canon is None:
            return (f"its file name is not a valid memory name (lowercase letters, digits, '-', '_' and '.'); rename "
                    f"{path.name} by hand, e.g. to notes-1.md")
        if self.exists(canon) and not _same_file(self.path(canon), path):
            return (f"its name stands for '{canon}', and {canon}.md exists too; merge the two by hand and remove "
                    f"{path.name}")
        return f"its file name is not the memory name '{canon}'; it is renamed to {canon}.md at the next start, or rename it by hand"

    def normalise_names(self) -> list[tuple[str, str]]:
        """Rename topic files whose stem is not a canonical name (`Notes.md`, `notes.md.md` from an older version or
        a hand copy) to `<canonical>.md`, unless that is taken; the caller holds the lock. Returns (old, new) file names."""
        done: list[tuple[str, str]] = []
        for p in self._topic_paths():
            if E.canonical_stem(p.stem) is not None:
                continue
            canon = E.normalised_stem(p.stem)
            target = self.path(canon) if canon else None
            if target is None or (os.path.lexists(target) and not _same_file(target, p)):
                continue
            try:
                os.rename(p, target)
            except OSError as exc:
                logger.warning("memory: cannot rename %s to %s (%s)", p.name, target.name, exc.strerror)
                continue
            self.forget_cached(p)
            done.append((p.name, target.name))
        if done:
            fsync_dir(self.dir)
        return done

    def headers(self) -> list[Header]:
        """Every active entry's header (topic files with a broken header get a one-line placeholder header)."""
        out: list[Header] = []
        broken: dict[str, str] = {}
        for p in self._topic_paths():
            if E.canonical_stem(p.stem) is None:  # not addressable by its name: listed, never recalled
                reason = self.misnamed_reason(p)
                broken[p.stem] = reason
                self.warn_once(f"misnamed:{p.name}", "memory topic %s is not used: %s", p.name, reason)
                out.append(Header(name=p.stem, description=placeholder(p.name, misnamed=True), tag="REFERENCE",
                                  source="agent", createdAt="", updatedAt=""))
                continue
            try:
                out.append(self.header(p))
            except NotPlainFile:
                continue
            except (E.FormatError, OSError) as exc:
                reason = str(exc) if isinstance(exc, E.FormatError) else f"cannot be read ({exc.strerror})"
                broken[p.stem] = reason
                self.warn_once(f"broken:{p.name}:{reason}", "memory topic %s cannot be parsed: %s", p.name, reason)
                out.append(Header(name=p.stem, description=placeholder(p.name), tag="REFERENCE", source="agent",
                                  createdAt="", updatedAt=""))
        self.broken = broken
        return out

    def exists(self, name: str) -> bool:
        """Whether anything (even a link) occupies the entry's file name."""
        return os.path.lexists(self.path(name))

    def raw_text(self, name: str, limit: int = TOPIC_READ_MAX) -> str:
        """The file's text as it is on disk (for an entry whose header cannot be parsed), at most `limit` bytes."""
        return self.raw_bytes(name, limit).decode("utf-8", errors="replace")

    def raw_bytes(self, name: str, limit: int) -> bytes:
        path = self.path(E.validate_name(name))
        try:
            return read_plain(path, limit)
        except FileNotFoundError:
            raise NotFoundError(self.missing_message(name)) from None
        except NotPlainFile as exc:
            raise StorageError(link_message(path, exc.what)) from exc
        except OSError as exc:
            raise StorageError(f"cannot read memory entry {name!r} ({exc.strerror}).") from exc

    def get(self, name: str) -> Entry:
        name = E.validate_name(name)
        path = self.path(name)
        data = self.raw_bytes(name, TOPIC_READ_MAX + 1)
        if len(data) > TOPIC_READ_MAX:  # made by hand or shipped by a clone: never loaded whole
            raise BrokenEntry(name, f"the file is larger than {TOPIC_READ_MAX // 1024} KB, far over "
                              "memory.entry_max_bytes; split or trim it", path)
        try:
            return E.parse(data.decode("utf-8", errors="replace"), file_stem=name)
        except E.FormatError as exc:
            raise BrokenEntry(name, str(exc), path) from exc

    # ----- writing (the caller holds the lock) ----------------------------------------------
    def write_entry(self, entry: Entry) -> None:
        path = self.path(entry.name)
        if path.parent != self.dir:  # defence in depth: names are validated before they get here
            raise InputError(f"{entry.name!r} would be written outside the memory folder.")
        atomic_write(path, E.render(entry))
        self.forget_cached(path)

    def remove_entry(self, name: str) -> None:
        atomic_delete(self.path(name))
        self.forget_cached(self.path(name))

    # ----- access sidecar ------------------------------------------------------------------
    def access(self) -> Access:
        try:
            data = orjson.loads(read_plain_text(self.dir / ACCESS_FILE))
        except (orjson.JSONDecodeError, OSError):
            return {}
        return data if isinstance(data, dict) else {}

    def touch(self, names: Iterable[str]) -> None:
        """Count a read of `names` in the access sidecar. Best effort: a read never fails because the count cannot be
        written (a full disk, a read-only folder, a malformed `.access.json`); that is logged and the count skipped."""
        names = list(names)
        if not names or not real_dir(self.dir):  # reads never create the memory folder
            return
        try:
            with self.lock:
                data = self.access()
                now = self.now()
                for n in names:
                    prev = data.get(n)
                    rec: dict[str, Any] = prev if isinstance(prev, dict) else {}
                    count = rec.get("count", 0)
                    count = count if isinstance(count, int) and 0 <= count < 1 << 53 else 0
                    data[n] = {"count": count + 1, "lastAccessedAt": now}
                atomic_write(self.dir / ACCESS_FILE, orjson.dumps(data, option=orjson.OPT_SORT_KEYS))
        except (StorageError, OSError, TypeError, orjson.JSONEncodeError) as exc:
            self.warn_once(f"access:{type(exc).__name__}", "memory: access counts not updated (%s); reads go on without them", exc)

    def forget_access(self, names: Iterable[str]) -> None:
        data = self.access()
        changed = False
        for n in names:
            if data.pop(n, None) is not None:
                changed = True
        if changed:
            atomic_write(self.dir / ACCESS_FILE, orjson.dumps(data, option=orjson.OPT_SORT_KEYS))

    # ----- index (contexteer.memory.index) -------------------------------------------------
    def write_index(self) -> None:
        atomic_write(self.dir / INDEX_NAME, self.render_index())  # os.replace swaps a linked MEMORY.md, never writes through

    def index_text(self) -> str | None:
        try:
            return read_plain_text(self.dir / INDEX_NAME)
        except NotPlainFile as exc:
            self.warn_once("index-link", "memory: %s", link_message(self.dir / INDEX_NAME, exc.what))
            return None
        except FileNotFoundError:
            return None

    def repair(self) -> RepairReport:
        """Compare the index with the topic files; rebuild and report when they disagree."""
        return index.check(self)

    # ----- trash (contexteer.memory.trash) ------------------------------------------------
    def trash_items(self) -> list[TrashedVersion]:
        return list(trash.listing(self))

    def trash_entry(self, key: TrashKey, name: str) -> Entry:
        path = _trash_file(key)
        try:
            return E.parse(read_plain_text(path), file_stem=name)
        except (NotPlainFile, E.FormatError) as exc:
            raise StorageError(f"trashed {path.name} changed while restoring ({exc}); nothing was restored. Retry.") from exc

    def trash_add(self, entry: Entry, now: str) -> Path:
        return trash.keep_copy(self, entry, now)

    def trash_remove(self, key: TrashKey) -> bool:
        path = _trash_file(key)
        if link_kind(path) or not real_dir(path.parent):  # replaced by a link since the listing: never delete through it
            return False
        return atomic_delete(path)


def _trash_file(key: TrashKey) -> Path:
    """The file a trash key of this store names (its keys are the trash folder's files, never database ids)."""
    if isinstance(key, int):
        raise TypeError(f"trash key {key!r} is a database id; the memory folder's trash is keyed by file")
    return key


def placeholder(file_name: str, *, misnamed: bool = False) -> str:
    """The one-line description listed for a topic file whose header cannot be parsed (or whose name is not valid)."""
    if misnamed:
        return f"(not a valid memory file name — rename {file_name})"
    return f"(unreadable header — fix {file_name} by hand)"


def _same_file(a: Path, b: Path) -> bool:
    """Whether two names are one file (a case-only rename on a case-insensitive filesystem)."""
    try:
        sa, sb = os.lstat(a), os.lstat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


__all__ = ["BrokenEntry", "EntryStore", "MemoryStore", "RepairReport", "SaveResult", "index_line", "redact_into",
           "secret_kinds"]
