"""The append-only JSONL event journal: what happened, never bodies, one event per line.

Each event has `schemaVersion`, `eventId`, `at` (UTC ISO-8601) and `type`; a tool call adds the tool,
an argument summary with secrets masked and long values cut, its duration, status and token figures.
Appends are one `write` of one line under a lock file, so concurrent processes interleave whole
lines. The reader skips a torn or corrupt line, reports its line number and marks the read
incomplete. The file rotates by size (`journal.jsonl.1`, ...).
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeAlias

import orjson
from filelock import FileLock

from contexteer.secrets import redact

logger = logging.getLogger(__name__)

SCHEMA_VERSION = 1
_MAX_ARG_CHARS = 120
_INT_LIMIT = 1 << 63

#: One journal event as JSON (`schemaVersion`, `eventId`, `at`, `type` and the event's own fields).
Event: TypeAlias = dict[str, Any]


def iso(dt: datetime) -> str:
    """UTC ISO-8601 with milliseconds and a 'Z': the one timestamp format of journal events and memory files."""
    return dt.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now_iso() -> str:
    return iso(datetime.now(UTC))


def summarize_args(args: Mapping[str, object],
                   body_keys: frozenset[str] = frozenset({"content", "summary", "text"})) -> dict[str, object]:
    """Arguments as they may be journaled: bodies replaced by their size, secrets masked, long values cut."""
    out: dict[str, object] = {}
    for key, value in args.items():
        if key in body_keys and isinstance(value, str):
            out[key] = f"<{len(value)} chars>"
            continue
        if isinstance(value, str):
            text, _ = redact(value)
            out[key] = text if len(text) <= _MAX_ARG_CHARS else text[:_MAX_ARG_CHARS] + "…"
        elif isinstance(value, int) and not isinstance(value, bool) and not -_INT_LIMIT <= value < _INT_LIMIT:
            digits = str(value)
            out[key] = f"<int of {len(digits)} digits>" if len(digits) > 30 else digits  # orjson encodes 64-bit ints only
        elif isinstance(value, bool | int | float) or value is None:
            out[key] = value
        elif isinstance(value, list | tuple):
            out[key] = f"<list of {len(value)}>"
        else:
            out[key] = f"<{type(value).__name__}>"
    return out


def _jsonable(value: object, depth: int = 0) -> object:
    """`value` with every integer beyond 64 bits as its decimal text and every key as text (orjson refuses both)."""
    if isinstance(value, int) and not isinstance(value, bool) and not -_INT_LIMIT <= value < _INT_LIMIT:
        return str(value)
    if depth > 64:
        return str(value)[:_MAX_ARG_CHARS]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v, depth + 1) for v in value]
    return value


def make_event(type_: str, fields: Mapping[str, object]) -> tuple[Event, bytes]:
    """One event and its JSON line; a value JSON cannot carry (an integer beyond 64 bits, a non-str key) becomes text."""
    event: Event = {"schemaVersion": SCHEMA_VERSION, "eventId": uuid.uuid4().hex, "at": now_iso(), "type": type_, **fields}
    try:
        line = orjson.dumps(event, default=str) + b"\n"
    except (TypeError, ValueError) as exc:
        logger.info("journal event %r holds a value JSON cannot carry (%s); stored as text", type_, exc)
        event = {key: _jsonable(value, 1) for key, value in event.items()}  # its keys are text already
        line = orjson.dumps(event, default=str) + b"\n"
    return event, line


class EventLog(Protocol):
    """What records and reads events: `Journal` (a JSONL file in the data dir) or
    `contexteer.storage.journal.PgJournal` (PostgreSQL, shared by replicas). Both pass one test suite."""

    def append(self, type_: str, **fields: object) -> Event: ...

    def read(self, *, include_rotated: bool = True) -> JournalRead: ...


class BadLine(NamedTuple):
    """A journal line that could not be read: torn, corrupt, or not an event."""

    file: str  # the file's name
    line: int  # 1-based


@dataclass
class JournalRead:
    events: list[Event] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)

    @property
    def incomplete(self) -> bool:
        return bool(self.bad_lines)


class Journal:
    def __init__(self, path: Path, *, max_bytes: int = 16 * 1024 * 1024, keep: int = 3) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.keep = keep
        self._lock = FileLock(str(self.path) + ".lock")

    def append(self, type_: str, **fields: object) -> Event:
        event, line = make_event(type_, fields)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            with self._lock:
                self._rotate_if_needed(len(line))
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    os.write(fd, line)
                finally:
                    os.close(fd)
        except OSError as exc:  # the journal must never take a tool call down with it
            logger.warning("journal append failed (%s); the event was not recorded", exc)
        return event

    def _rotate_if_needed(self, incoming: int) -> None:
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        if size + incoming <= self.max_bytes:
            return
        if self.keep <= 0:
            self.path.unlink(missing_ok=True)
            return
        for i in range(self.keep - 1, 0, -1):
            src = self.path.with_name(f"{self.path.name}.{i}")
            if src.exists():
                os.replace(src, self.path.with_name(f"{self.path.name}.{i + 1}"))
        os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))

    def files(self) -> list[Path]:
        """Oldest first: rotated files, then the live one."""
        rotated = sorted(
            (p for p in self.path.parent.glob(self.path.name + ".*") if p.suffix.lstrip(".").isdigit()),
            key=lambda p: -int(p.suffix.lstrip(".")),
        )
        return [p for p in [*rotated, self.path] if p.exists()]

    def read(self, *, include_rotated: bool = True) -> JournalRead:
        result = JournalRead()
        for path in self.files() if include_rotated else [self.path]:
            for lineno, event in self._iter_file(path, result):
                del lineno
                result.events.append(event)
        if result.incomplete:
            where = ", ".join(f"{name}:{n}" for name, n in result.bad_lines[:10])
            logger.warning("journal read incomplete: skipped %d unreadable line(s) at %s", len(result.bad_lines), where)
        return result

    @staticmethod
    def _iter_file(path: Path, result: JournalRead) -> Iterator[tuple[int, Event]]:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        lines = data.split(b"\n")
        for i, raw in enumerate(lines, start=1):
            if not raw.strip():
                continue
            try:
                event = orjson.loads(raw)
            except orjson.JSONDecodeError:
                result.bad_lines.append(BadLine(path.name, i))
                continue
            if not isinstance(event, dict) or "type" not in event:
                result.bad_lines.append(BadLine(path.name, i))
                continue
            yield i, event
