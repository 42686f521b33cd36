"""The memory folder: topic files, the MEMORY.md index, the access sidecar and the trash.

Topic files are the truth; `MEMORY.md` is derived from their headers after every write (under the
folder lock) and checked at startup: a topic without its index line, an index line without its topic
or a torn index is repaired by rebuilding the index from the topic files, and the repair is reported.
Access counts live in `.access.json`, so reading an entry never rewrites its topic file.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from contexteer.errors import InputError, NotFoundError, SecretError, StorageError
from contexteer.memory import entries as E
from contexteer.memory import trash
from contexteer.memory.entries import INDEX_NAME, Entry, Header
from contexteer.memory.journal import iso
from contexteer.memory.storage import (
    DirLock,
    atomic_write,
    ensure_dir,
    sweep_temps,
)
from contexteer.secrets import find_secrets, redact

logger = logging.getLogger(__name__)

INDEX_MAX_LINES = 200
INDEX_MAX_BYTES = 25 * 1024
ACCESS_FILE = ".access.json"
TRASH_DIR = "trash"


class _NullJournal:
    def append(self, type_: str, **fields: Any) -> dict[str, Any]:
        return {}


@dataclass
class SaveResult:
    header: Header
    created: bool
    redacted: dict[str, int] = field(default_factory=dict)
    derived_description: bool = False


@dataclass
class RepairReport:
    added: list[str] = field(default_factory=list)  # topics that had no index line
    removed: list[str] = field(default_factory=list)  # index lines without a topic
    unreadable: list[str] = field(default_factory=list)  # topic files whose header is broken (kept, listed)
    temps: list[str] = field(default_factory=list)
    rebuilt: bool = False

    def summary(self) -> str:
        parts = []
        if self.added:
            parts.append(f"added {len(self.added)} missing index line(s): {', '.join(self.added[:10])}")
        if self.removed:
            parts.append(f"dropped {len(self.removed)} index line(s) without a topic file: {', '.join(self.removed[:10])}")
        if self.unreadable:
            parts.append(f"{len(self.unreadable)} topic file(s) with a broken header were indexed by file name: {', '.join(self.unreadable[:10])}")
        if self.rebuilt and not parts:
            parts.append("the index was malformed and was rebuilt from the topic files")
        if self.temps:
            parts.append(f"removed {len(self.temps)} temp file(s) left by an interrupted write")
        return "; ".join(parts)


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
        self.dir = ensure_dir(Path(directory))
        self.trash_dir = self.dir / TRASH_DIR
        self.entry_max_bytes = entry_max_bytes
        self.journal = journal or _NullJournal()
        self.clock = clock
        self.lock = DirLock(self.dir)
        self._header_cache: dict[str, tuple[tuple[int, int, int], Header]] = {}
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
        """The header only: the file is read up to the closing '---', never the body."""
        lines: list[str] = []
        with open(path, encoding="utf-8", errors="replace") as fh:
            first = fh.readline()
            if first != "---\n":
                raise E.FormatError("no front matter")
            for line in fh:
                if line.rstrip("\n") == "---":
                    break
                lines.append(line)
                if len(lines) > 200:
                    raise E.FormatError("front matter is not closed")
            else:
                raise E.FormatError("front matter is not closed")
        text = "---\n" + "".join(lines) + "---\n"
        return E.parse(text, file_stem=path.stem).header

    def forget_cached(self, path: Path) -> None:
        self._header_cache.pop(str(path), None)

    def header(self, path: Path) -> Header:
        st = path.stat()
        key = (st.st_ino, st.st_mtime_ns, st.st_size)  # every atomic write makes a new inode
        cached = self._header_cache.get(str(path))
        if cached and cached[0] == key:
            return cached[1]
        head = self.read_header_file(path)
        self._header_cache[str(path)] = (key, head)
        return head

    def _topic_paths(self) -> list[Path]:
        out = []
        for p in self.dir.glob("*.md"):
            if p.name == INDEX_NAME or p.name.startswith("."):
                continue
            out.append(p)
        return sorted(out)

    def headers(self) -> list[Header]:
        """Every active entry's header (topic files with a broken header get a placeholder header)."""
        out: list[Header] = []
        for p in self._topic_paths():
            try:
                out.append(self.header(p))
            except (E.FormatError, OSError) as exc:
                logger.warning("memory topic %s has an unreadable header (%s)", p.name, exc)
                out.append(Header(name=p.stem, description=f"(unreadable header: {exc})", tag="REFERENCE", source="agent",
                                  createdAt="", updatedAt=""))
        return out

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def get(self, name: str) -> Entry:
        name = E.validate_name(name)
        path = self.path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise NotFoundError(self.missing_message(name)) from None
        except OSError as exc:
            raise StorageError(f"cannot read memory entry {name!r} ({exc.strerror}).") from exc
        try:
            return E.parse(text, file_stem=name)
        except E.FormatError as exc:
            raise StorageError(
                f"memory entry {name!r} has a broken header ({exc}). Fix {path.name} in the memory folder "
                "by hand or save the entry again."
            ) from exc

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
        with self.lock:
            now = self.now()
            old: Header | None = None
            if self.exists(name):
                try:
                    old = self.header(self.path(name))
                except (E.FormatError, OSError):
                    old = None
            if old is None and tag is None:
                raise InputError(f"tag is required for a new entry: one of {', '.join(E.TAGS)}.")
            new_tag = E.validate_tag(tag) if tag is not None else old.tag  # type: ignore[union-attr]
            derived = not (description and description.strip()) and old is None
            desc = E.clean_description(description, content) if (description and description.strip()) or old is None else old.description  # type: ignore[union-attr]
            src = E.clean_source(source) if source or old is None else old.source  # type: ignore[union-attr]
            header = Header(
                name=name,
                description=desc,
                tag=new_tag,
                source=src,
                createdAt=old.createdAt if old and old.createdAt else now,
                updatedAt=now,
                status="active",
                verifiedAt=old.verifiedAt if old else None,
            )
            atomic_write(self.path(name), E.render(Entry(header, content)))
            self.write_index()
        self.event("save", name=name, tag=new_tag, bytes=size, created=old is None, redacted=sum(redacted.values()))
        return SaveResult(header=header, created=old is None, redacted=redacted, derived_description=derived)

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
            data = orjson.loads((self.dir / ACCESS_FILE).read_bytes())
        except (FileNotFoundError, orjson.JSONDecodeError, OSError):
            return {}
        return data if isinstance(data, dict) else {}

    def touch(self, names: Iterable[str]) -> None:
        names = list(names)
        if not names:
            return
        with self.lock:
            data = self.access()
            now = self.now()
            for n in names:
                prev = data.get(n)
                rec: dict[str, Any] = prev if isinstance(prev, dict) else {}
                data[n] = {"count": int(rec.get("count", 0)) + 1, "lastAccessedAt": now}
            atomic_write(self.dir / ACCESS_FILE, orjson.dumps(data, option=orjson.OPT_SORT_KEYS))

    def forget_access(self, names: Iterable[str]) -> None:
        data = self.access()
        changed = False
        for n in names:
            if data.pop(n, None) is not None:
                changed = True
        if changed:
            atomic_write(self.dir / ACCESS_FILE, orjson.dumps(data, option=orjson.OPT_SORT_KEYS))

    # ----- index ---------------------------------------------------------------------------
    def render_index(self, headers: list[Header] | None = None) -> str:
        heads = sorted(headers if headers is not None else self.headers(), key=E.listing_key)
        lines = ["# Memory index", "", "One line per entry; read one with the memory tool (action='read', name=...).", ""]
        size = sum(len(ln) + 1 for ln in lines)
        shown = 0
        for h in heads:
            line = index_line(h)
            if shown >= INDEX_MAX_LINES or size + len(line.encode()) + 1 > INDEX_MAX_BYTES - 200:
                break
            lines.append(line)
            size += len(line.encode()) + 1
            shown += 1
        if shown < len(heads):
            lines.append("")
            lines.append(f"> Index truncated: {len(heads) - shown} more entries not listed (cap {INDEX_MAX_LINES} lines / "
                         f"{INDEX_MAX_BYTES // 1024} KB). Use the memory tool's action='list' (filter by tag) to see them.")
        return "\n".join(lines) + "\n"

    def write_index(self) -> None:
        atomic_write(self.dir / INDEX_NAME, self.render_index())

    def index_names(self) -> list[str] | None:
        """Names the index file lists, or None when there is no index file."""
        try:
            text = (self.dir / INDEX_NAME).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return None
        return [m for m in (_index_name(ln) for ln in text.splitlines()) if m]

    def repair(self) -> RepairReport:
        """Compare the index with the topic files; rebuild and report when they disagree."""
        report = RepairReport()
        with self.lock:
            report.temps = sweep_temps(self.dir) + sweep_temps(self.trash_dir)
            secure_tree(self.dir)
            heads = self.headers()
            report.unreadable = [h.name for h in heads if h.description.startswith("(unreadable header")]
            expected = self.render_index(heads)
            try:
                current = (self.dir / INDEX_NAME).read_text(encoding="utf-8", errors="replace")
            except FileNotFoundError:
                current = None
            if current == expected:
                return report
            if current is None and not heads:
                return report
            listed = set(self.index_names() or [])
            should = {n for n in (_index_name(ln) for ln in expected.splitlines()) if n}
            report.added = sorted(should - listed)
            report.removed = sorted(listed - {h.name for h in heads})
            report.rebuilt = True
            atomic_write(self.dir / INDEX_NAME, expected)
        if report.summary():
            logger.warning("memory index repaired: %s", report.summary())
            self.event("repair", added=len(report.added), removed=len(report.removed), unreadable=len(report.unreadable),
                       temps=len(report.temps))
        return report

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


def index_line(h: Header) -> str:
    status = f", {h.status}" if h.status != "active" else ""
    return f"- [{h.name}]({h.file}) — {h.description} ({h.tag}{status}, updated {h.updatedAt[:10] or '?'})"


def _index_name(line: str) -> str | None:
    if not line.startswith("- ["):
        return None
    end = line.find("](", 3)
    return line[3:end] if end > 3 else None




def secure_tree(directory: Path) -> None:
    """Make existing memory files user-only (older versions or hand copies may be wider)."""
    for p in [directory, *directory.rglob("*")]:
        with contextlib.suppress(OSError):
            os.chmod(p, 0o700 if p.is_dir() else 0o600)
