"""The result store: full texts of cut results behind short handles, on local disk, bounded by count, bytes and TTL.

Layout under the project's data dir (`results/`, mode 0700): one `<handle>.txt` per entry (0600,
created exclusively) and `index.jsonl` (0600), an append-only log of put/use/drop records carrying
each entry's kind, size, line count, creation and last-use time and the call that produced it. An
append is one `write` with O_APPEND, so two server processes of the same project share one store;
the log is compacted (atomic rewrite under a lock file) when it grows past 4x the live entries. A
handle survives a server restart within its TTL. The store is a cache: writes are not fsynced (a
result lost to a power cut is recomputed by re-running its call). Eviction is least-recently-used by
count and bytes; expiry is by age since creation.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import secrets
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeAlias, TypedDict

import orjson
from filelock import FileLock

from contexteer.errors import HandleExpired, StorageError
from contexteer.patterns import SafeRegex, safe_regex
from contexteer.shaping.fold import split_lines

logger = logging.getLogger(__name__)

__all__ = ["HANDLE_RE", "ResultStore", "Results", "StoredResult"]

HANDLE_RE = re.compile(r"^r-[0-9a-f]{10}$")
_LOG = "index.jsonl"


def compile_pattern(pattern: str) -> SafeRegex:
    """A fetch_result pattern as a regex that cannot stall the server: it runs on RE2 (linear time, the GIL
    released while it matches) with a time budget (PatternTooSlow past it). A pattern that is not valid RE2
    syntax, or that needs what RE2 cannot do (backreferences, lookaround), is an InputError that says what to
    write instead."""
    return safe_regex(pattern)


#: What the call that produced a result recorded about it (tool, args, first_line, ...): JSON, kept with the result.
Meta: TypeAlias = dict[str, Any]


class EntryRecord(TypedDict):
    """What a store keeps about one result besides its text (a `put` record of index.jsonl, a row of `results`)."""

    kind: str
    bytes: int
    lines: int
    created: float  # time.time() of the put
    used: float  # time.time() of the last get (least recently used goes first)
    meta: Meta


@dataclass
class StoredResult:
    handle: str
    text: str
    kind: str
    created: float
    meta: Meta = field(default_factory=dict)

    @property
    def first_line(self) -> int:
        """Number of the text's first line in the numbering the digest showed (1 unless it was a file range)."""
        return int(self.meta.get("first_line", 1) or 1)

    def lines(self) -> list[str]:
        return split_lines(self.text)

    def slice(self, start_line: int, end_line: int) -> list[tuple[int, str]]:
        """Lines start..end (inclusive, in the stored numbering) as (number, text)."""
        lines = self.lines()
        off = self.first_line
        lo = max(start_line, off)
        hi = min(end_line, off + len(lines) - 1)
        return [(n, lines[n - off]) for n in range(lo, hi + 1)]

    def grep(self, pattern: str, context_lines: int = 0) -> Iterator[list[tuple[int, str, bool]]]:
        """Groups of (number, text, is_match) around each match of `pattern`; overlapping groups are merged."""
        rx = compile_pattern(pattern)
        lines = self.lines()
        off = self.first_line
        matches = [i for i, line in enumerate(lines) if rx.search(line)]
        group: list[tuple[int, str, bool]] = []
        last = -1
        match_set = set(matches)
        for i in matches:
            lo, hi = max(0, i - context_lines), min(len(lines) - 1, i + context_lines)
            if group and lo > last + 1:
                yield group
                group = []
            for j in range(max(lo, last + 1), hi + 1):
                group.append((j + off, lines[j], j in match_set))
            last = max(last, hi)
        if group:
            yield group


class Results(Protocol):
    """What the pipeline and fetch_result need from a result store; `ResultStore` keeps results in files of the data
    dir, `contexteer.shaping.store_pg.PgResultStore` in PostgreSQL (shared by replicas). Both pass one test suite."""

    max_entries: int
    ttl: int

    def put(self, text: str, kind: str, meta: Meta | None = None) -> str: ...

    def get(self, handle: str) -> StoredResult: ...

    def entries(self) -> dict[str, EntryRecord]: ...


class ResultStore:
    """The embedded result store: files under the project's data dir (see the module docstring)."""

    def __init__(self, directory: Path, *, max_entries: int, max_bytes: int, ttl_seconds: int) -> None:
        self.dir = Path(directory)
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.ttl = ttl_seconds
        self._index: dict[str, EntryRecord] = {}
        self._gone: dict[str, str] = {}  # dropped handle -> the call that recomputes it (bounded, newest kept)
        self._log_pos = 0  # bytes of index.jsonl already replayed
        self._log_lines = 0
        self._mutex = threading.RLock()
        try:
            self._ensure_dir()
        except OSError as exc:
            raise StorageError(
                f"the result store directory {self.dir} cannot be created ({exc.strerror or exc}). "
                "Check the permissions of the data dir or point CONTEXTEER_DATA_DIR elsewhere."
            ) from exc
        self._compact_lock = FileLock(str(self.dir / ".lock"))
        with self._mutex:
            self._replay()

    # ----- public API --------------------------------------------------------------------------
    def put(self, text: str, kind: str, meta: Meta | None = None) -> str:
        """Store `text`; return its handle. Evicts expired, then least recently used entries."""
        data = text.encode("utf-8", "surrogatepass")
        now = time.time()
        entry: EntryRecord = {
            "kind": kind,
            "bytes": len(data),
            "lines": len(split_lines(text)),
            "created": now,
            "used": now,
            "meta": meta or {},
        }
        try:
            with self._mutex:
                handle = self._write_text(data)
                self._replay()
                self._index[handle] = entry
                self._append({"op": "put", "h": handle, "e": entry})
                self._evict(now, keep=handle)
                if self._log_lines > 4 * max(16, len(self._index)):
                    self._compact()
        except OSError as exc:
            raise StorageError(
                f"the result store at {self.dir} could not be written ({exc.strerror or exc}). "
                "Check free disk space and permissions of the data dir (CONTEXTEER_DATA_DIR)."
            ) from exc
        return handle

    def get(self, handle: str) -> StoredResult:
        """The stored result; HandleExpired (saying how to recompute it) when unknown or past its TTL."""
        handle = checked_handle(handle)
        now = time.time()
        with self._mutex:
            if handle not in self._index:
                self._replay()
            entry = self._index.get(handle)
            if entry is None:
                raise unknown_handle(handle, self._gone.get(handle), self.ttl, self.max_entries)
            if now - entry["created"] > self.ttl:
                self._drop(handle)
                raise expired_handle(handle, entry.get("meta"), self.ttl)
            try:
                text = _read_record(self.dir / f"{handle}.txt", int(entry["bytes"])).decode("utf-8", "surrogatepass")
            except FileNotFoundError:
                self._drop(handle)
                raise HandleExpired(
                    f"result {handle} was removed from the store (evicted or deleted). "
                    f"Recompute it by re-running {call_text(entry.get('meta'))}."
                ) from None
            except OSError as exc:  # a link, a special file or another size than stored: never read through
                logger.warning("result store: record %s is not the file it stored (%s); dropped", handle, exc.strerror)
                self._drop(handle)
                raise HandleExpired(
                    f"result {handle} was changed on disk since it was stored, so it is not served. "
                    f"Recompute it by re-running {call_text(entry.get('meta'))}."
                ) from None
            entry["used"] = now
            self._append_quietly({"op": "use", "h": handle, "t": now})
        return StoredResult(handle=handle, text=text, kind=entry["kind"], created=entry["created"], meta=dict(entry["meta"]))

    def entries(self) -> dict[str, EntryRecord]:
        with self._mutex:
            self._replay()
            return {h: e.copy() for h, e in self._index.items()}

    def total_bytes(self) -> int:
        return sum(int(e["bytes"]) for e in self._index.values())

    # ----- internals ---------------------------------------------------------------------------
    def _ensure_dir(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            os.chmod(self.dir, 0o700)
        except OSError:  # pragma: no cover - not our directory; reading still works
            pass

    def _write_text(self, data: bytes) -> str:
        """Write a new entry file (exclusive create, 0600): nobody reads it before the index names it."""
        for _ in range(8):
            handle = new_handle()
            try:
                fd = os.open(self.dir / f"{handle}.txt", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            return handle
        raise OSError("no free handle name")  # pragma: no cover - 2^40 names

    def _append(self, record: dict[str, object]) -> None:
        """One line appended with O_APPEND: concurrent processes interleave whole records."""
        line = orjson.dumps(record) + b"\n"
        fd = os.open(self.dir / _LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NOFOLLOW, 0o600)  # never through a link
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
        self._log_lines += 1

    def _append_quietly(self, record: dict[str, object]) -> None:
        try:
            self._append(record)
        except OSError as exc:
            logger.warning("result store index could not be updated (%s)", exc)

    def _replay(self) -> None:
        """Apply index records appended since the last replay (by this or another process)."""
        path = self.dir / _LOG
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            self._index, self._log_pos, self._log_lines = {}, 0, 0
            return
        if size < self._log_pos:  # compacted by another process: start over
            self._index, self._log_pos, self._log_lines = {}, 0, 0
        if size == self._log_pos:
            return
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
        except OSError as exc:
            logger.warning("result store index %s cannot be read (%s); no stored result is served", path.name, exc.strerror)
            self._index, self._log_pos, self._log_lines = {}, 0, 0
            return
        with os.fdopen(fd, "rb") as fh:
            fh.seek(self._log_pos)
            chunk = fh.read()
        end = chunk.rfind(b"\n") + 1  # a torn last line is left for the next replay
        for raw in chunk[:end].split(b"\n"):
            if not raw.strip():
                continue
            self._log_lines += 1
            try:
                rec = orjson.loads(raw)
                op, h = rec["op"], rec["h"]
            except (ValueError, KeyError, TypeError):
                logger.warning("result store index: skipped an unreadable record in %s", path)
                continue
            if op == "put" and isinstance(rec.get("e"), dict):
                self._index[h] = rec["e"]
            elif op == "use" and h in self._index:
                self._index[h]["used"] = rec.get("t", self._index[h]["used"])
            elif op == "drop":
                gone = self._index.pop(h, None)
                call = rec.get("c") or (call_text(gone.get("meta")) if gone is not None else None)
                if isinstance(call, str):
                    self._remember_gone(h, call)
        self._log_pos += end

    def _evict(self, now: float, keep: str) -> None:
        for h in [h for h, e in self._index.items() if now - e["created"] > self.ttl and h != keep]:
            self._drop(h)
        if len(self._index) <= self.max_entries and self.total_bytes() <= self.max_bytes:
            return
        order = sorted((e["used"], h) for h, e in self._index.items() if h != keep)
        total = self.total_bytes()
        while order and (len(self._index) > self.max_entries or total > self.max_bytes):
            _, h = order.pop(0)
            total -= int(self._index[h]["bytes"])
            self._drop(h)

    def _drop(self, handle: str) -> None:
        entry = self._index.pop(handle, None)
        call = call_text(entry.get("meta")) if entry is not None else None
        if call is not None:
            self._remember_gone(handle, call)
        (self.dir / f"{handle}.txt").unlink(missing_ok=True)
        self._append_quietly({"op": "drop", "h": handle, **({"c": call} if call else {})})

    def _remember_gone(self, handle: str, call: str) -> None:
        """Keep how to recompute a dropped result, so every later fetch (not only the first) can say it."""
        self._gone.pop(handle, None)
        self._gone[handle] = call
        while len(self._gone) > 1024:
            self._gone.pop(next(iter(self._gone)))

    def _compact(self) -> None:
        """Rewrite the index log as one `put` per live entry (atomic), and delete orphaned files."""
        with self._compact_lock:
            self._replay()
            data = b"".join(orjson.dumps({"op": "put", "h": h, "e": e}) + b"\n" for h, e in self._index.items())
            _atomic_write(self.dir / _LOG, data)
            self._log_pos, self._log_lines = len(data), len(self._index)
            now = time.time()
            for p in self.dir.glob("r-*.txt"):  # orphans from a crash between file and index writes
                if p.stem not in self._index and now - p.stat().st_mtime > 60:
                    p.unlink(missing_ok=True)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _read_record(path: Path, size: int) -> bytes:
    """A record's bytes, never through a symlink (O_NOFOLLOW), from a regular file of exactly the stored size;
    OSError otherwise (FileNotFoundError when it is gone)."""
    fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        if st.st_size != size:
            raise OSError(errno.EINVAL, f"{st.st_size} bytes, stored {size}")
        return fh.read(size)


def _atomic_write(path: Path, data: bytes, *, durable: bool = True) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if not durable:
        return
    try:
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:  # pragma: no cover - some filesystems refuse directory fsync
        pass


def checked_handle(handle: str) -> str:
    """`handle` stripped, or HandleExpired when it does not look like one (it never reaches a path or a query)."""
    handle = handle.strip()
    if not HANDLE_RE.match(handle):
        raise HandleExpired(
            f"'{handle}' is not a result handle (handles look like 'r-3f9a2c1b7d' and appear in the header of a "
            "cut result). Copy the handle from that header, or re-run the original tool call."
        )
    return handle


def unknown_handle(handle: str, call: str | None, ttl: int, max_entries: int) -> HandleExpired:
    return HandleExpired(
        f"result {handle} is unknown or has expired (results are kept {_human(ttl)} and at most "
        f"{max_entries} of them). Recompute it by re-running {call or 'the tool call that produced it'}."
    )


def expired_handle(handle: str, meta: Meta | None, ttl: int) -> HandleExpired:
    return HandleExpired(
        f"result {handle} has expired (it is older than {_human(ttl)}). "
        f"Recompute it by re-running {call_text(meta)}."
    )


def new_handle() -> str:
    return "r-" + secrets.token_hex(5)


def call_text(meta: Meta | None) -> str:
    """The call that recomputes a stored result, e.g. search_text(pattern='TODO'), from its meta."""
    meta = meta or {}
    tool = meta.get("tool")
    if not tool:
        return "the tool call that produced it"
    args = meta.get("args") or {}
    rendered = ", ".join(f"{k}={v!r}" for k, v in args.items())
    return f"{tool}({rendered})"


def _human(seconds: int) -> str:
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"
