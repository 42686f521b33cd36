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
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from contexteer.errors import ConflictError, InputError, NotFoundError, SecretError, StorageError
from contexteer.journal import iso
from contexteer.memory import entries as E
from contexteer.memory import index, trash
from contexteer.memory.entries import INDEX_NAME, Entry, Header
from contexteer.memory.index import RepairReport, index_line
from contexteer.memory.storage import (
    DirLock,
    NotPlainFile,
    atomic_write,
    fsync_dir,
    read_plain,
    read_plain_text,
    real_dir,
)
from contexteer.secrets import find_secrets, redact

logger = logging.getLogger(__name__)

ACCESS_FILE = ".access.json"
TRASH_DIR = "trash"
CHECKPOINT_DIR = "checkpoints"
#: How much of a topic file is read for its header alone.
HEADER_READ_BYTES = 64 * 1024
#: The most of a topic file ever read (entries are memory.entry_max_bytes, 4 KB by default; a larger file was
#: made by hand or came with a cloned repository and is treated as unparsable rather than loaded whole).
TOPIC_READ_MAX = 1024 * 1024


class BrokenEntry(StorageError):
    """A topic file whose header cannot be parsed; its raw text is kept untouched."""

    def __init__(self, name: str, reason: str, path: Path) -> None:
        self.name, self.reason, self.path = name, reason, path
        super().__init__(
            f"memory entry {name!r} cannot be parsed: {reason}. Fix {path.name} by hand in the memory folder ({path.parent}); "
            f"action='read' name='{name}' shows its raw text."
        )


def link_message(path: Path, what: str) -> str:
    return (f"{path.name} in the memory folder is {what}; contexteer never follows links there (with memory.location=repo "
            "the folder may come from an untrusted clone). Replace it with a real file, or remove the link.")


class _NullJournal:
    def append(self, type_: str, **fields: Any) -> dict[str, Any]:
        return {}


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


class MemoryStore:
    """Long-term memory of one project, stored in `directory`."""

    def __init__(
        self,
        directory: Path,
        *,
        entry_max_bytes: int = 4096,
        journal: Any = None,
        clock: Callable[[], datetime] = E.now_utc,
        repair: bool = True,
    ) -> None:
        self.dir = Path(directory)  # created by the first write, never by a read
        if os.path.lexists(self.dir) and not self.dir.is_dir():
            raise StorageError(f"the memory folder {self.dir} exists but is not a directory. Move that file away, "
                               "or point memory.location / data_dir elsewhere.")
        self.trash_dir = self.dir / TRASH_DIR
        self.entry_max_bytes = entry_max_bytes
        self.journal = journal or _NullJournal()
        self.clock = clock
        self.lock = DirLock(self.dir)
        self._header_cache: dict[str, tuple[tuple[int, int, int], Header]] = {}
        self.broken: dict[str, str] = {}  # name -> why its header cannot be read (as of the last headers())
        self._warned: set[str] = set()
        self.repair_report: RepairReport | None = None
        if repair:
            report = self.repair()
            self.repair_report = report if report.summary() else None

    # ----- helpers -------------------------------------------------------------------------
    def now(self) -> str:
        return iso(self.clock())

    def path(self, name: str) -> Path:
        return self.dir / f"{name}.md"

    def event(self, action: str, **fields: Any) -> None:
        self.journal.append("memory", action=action, **fields)

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

    def warn_once(self, key: str, msg: str, *args: Any) -> None:
        if key not in self._warned:
            self._warned.add(key)
            logger.warning(msg, *args)

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

    def missing_message(self, name: str) -> str:
        import difflib

        names = [h.name for h in self.headers()]
        close = difflib.get_close_matches(name, names, n=3)
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        trashed = " It is in the trash: restore it with action='restore'." if self.trashed(name) else ""
        return f"no memory entry named {name!r}.{hint}{trashed} Use action='list' to see the entries."

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
            )
            kept = False
            if old_entry is not None and (changed or (old.description, old.tag, old.source)  # type: ignore[union-attr]
                                          != (header.description, header.tag, header.source)):
                trash.keep_copy(self, old_entry, now)  # the previous version stays recoverable, like a delete
                kept = True
            atomic_write(self.path(name), E.render(Entry(header, content)))
            self.forget_cached(self.path(name))
            self.write_index()
        self.event("save", name=name, tag=new_tag, bytes=size, created=old is None, redacted=sum(redacted.values()),
                   previous_in_trash=kept)
        return SaveResult(header=header, created=old is None, redacted=redacted, derived_description=derived,
                          previous_in_trash=kept, content_changed=changed, description_kept=changed and not given_desc,
                          description_shortened=shortened and given_desc,
                          verification_cleared=changed and bool(old and old.verifiedAt))

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
            changes: dict[str, Any] = {"status": status}
            if status == "verified":
                changes["verifiedAt"] = self.now()
            entry.header = E.with_changes(h, **changes)
            atomic_write(self.path(name), E.render(entry))
            self.write_index()
        self.event("status", name=name, status=status)
        return entry.header

    # ----- access sidecar ------------------------------------------------------------------
    def access(self) -> dict[str, dict[str, Any]]:
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
    def render_index(self, headers: list[Header] | None = None) -> str:
        return index.render_index(headers if headers is not None else self.headers())

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

    def index_names(self) -> list[str] | None:
        """Names the index file lists, or None when there is no (plain) index file."""
        text = self.index_text()
        if text is None:
            return None
        return [m for m in (index.entry_name(ln) for ln in text.splitlines()) if m]

    def repair(self) -> RepairReport:
        """Compare the index with the topic files; rebuild and report when they disagree."""
        return index.check(self)

    # ----- trash (contexteer.memory.trash) ------------------------------------------------
    def delete(self, names: list[str]) -> list[str]:
        return trash.delete(self, names)

    def trash(self) -> list[tuple[Path, Header]]:
        return trash.listing(self)

    def trashed(self, name: str) -> list[tuple[Path, Header]]:
        return [(p, h) for p, h in trash.listing(self) if h.name == name]

    def restore(self, name: str, new_name: str | None = None) -> Header:
        return trash.restore(self, name, new_name)

    def purge(self, names: list[str] | None = None) -> list[str]:
        return trash.purge(self, names)


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


__all__ = ["BrokenEntry", "MemoryStore", "RepairReport", "SaveResult", "index_line", "redact_into", "secret_kinds"]
