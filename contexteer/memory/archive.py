"""Export and import of a project's memory as one versioned JSON archive.

The archive holds the schema version, the entries (header + body, file name) and the checkpoints.
Export re-scans every text for secrets and writes redacted text (and says how many); it never
replaces an existing file unless forced, never creates folders, lists every entry it could not read,
and leaves the trash out. Import
validates the whole archive before writing anything: schema, every name and file path (no
separators, no traversal, no absolute paths), every checkpoint id, sizes and secrets; it only
ever writes inside the memory folder.
"""

from __future__ import annotations

import logging
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import orjson

from contexteer import __version__
from contexteer.errors import ConflictError, ContexteerError, InputError
from contexteer.memory import entries as E
from contexteer.memory.base import BrokenEntry, EntryStore, redact_into, secret_kinds
from contexteer.memory.checkpoints import CheckpointData, CheckpointStore, check_content, valid_id
from contexteer.memory.entries import Entry
from contexteer.memory.storage import atomic_write

logger = logging.getLogger(__name__)

FORMAT = "contexteer-memory"
SCHEMA_VERSION = 1
MAX_ARCHIVE_BYTES = 64 * 1024 * 1024


@dataclass
class ExportReport:
    entries: int = 0
    checkpoints: int = 0
    redacted: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # entry name or checkpoint id -> why it is not in the archive
    trashed: int = 0  # entries in the trash (never exported)


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)
    overwritten: list[str] = field(default_factory=list)  # local versions replaced; each kept in the trash
    checkpoints: int = 0


def _redact_tree(value: Any, counts: dict[str, int]) -> Any:
    if isinstance(value, str):
        return redact_into(value, counts)
    if isinstance(value, list):
        return [_redact_tree(v, counts) for v in value]
    if isinstance(value, dict):
        return {k: _redact_tree(v, counts) for k, v in value.items()}
    return value


def check_destination(dest: Path, *, force: bool = False) -> None:
    """Refuse to replace an existing file (unless `force`), a directory, or a path whose folder does not exist.

    Even with `force` only a regular file is replaced: a device, FIFO or socket (as root, `--force` turned
    /dev/full into a regular file) and a symlink (the link, not its target, would be replaced) are refused."""
    if dest.is_dir():
        raise InputError(f"{dest} is a directory; pass a file name such as {dest / 'memory.json'}.")
    try:
        st = os.lstat(dest)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise InputError(f"{dest} cannot be checked ({exc.strerror}); choose another path.") from exc
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise InputError(f"{dest} is a symlink; export replaces only a regular file, never a link. Pass the path it "
                         "points to, or a new file name.")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise InputError(f"{dest} is not a regular file (a device, pipe or socket); export never replaces one, even with "
                         "--force. Pass a new file name.")
    if st is not None and not force:
        raise ConflictError(f"{dest} already exists; export never replaces a file unless you pass --force. "
                            "Choose a new file name, or add --force to replace it.")
    if not dest.parent.is_dir():
        raise InputError(f"directory {dest.parent} does not exist; create it first or choose another path.")


def export_archive(store: EntryStore, checkpoints: CheckpointStore, dest: Path, *, force: bool = False) -> ExportReport:
    """Write every readable entry and checkpoint to `dest`; what could not be read is listed in `skipped`."""
    dest = Path(dest)
    check_destination(dest, force=force)
    report = ExportReport()
    entries = []
    for name in store.links():
        if name.endswith(".md"):
            report.skipped[name[:-3]] = "a symlink, never followed"
    for h in store.headers():
        try:
            entry = store.get(h.name)
        except (ContexteerError, OSError) as exc:
            reason = exc.reason if isinstance(exc, BrokenEntry) else str(exc)
            report.skipped[h.name] = reason
            logger.warning("export skips %s: %s", h.name, reason)
            continue
        head = entry.header.to_dict()
        head["description"] = redact_into(head["description"], report.redacted)
        head["source"] = redact_into(head["source"], report.redacted)
        entries.append({"file": entry.header.file, "header": head, "body": redact_into(entry.body, report.redacted)})
    cps = []
    for cid in checkpoints.ids():
        try:
            data = checkpoints.load(cid).data
        except ContexteerError as exc:
            report.skipped[f"checkpoint {cid}"] = "unreadable"
            logger.warning("export skips checkpoint %s: %s", cid, exc)
            continue
        cps.append(_redact_tree(data, report.redacted))
    report.trashed = len(store.trash())
    archive = {"format": FORMAT, "schemaVersion": SCHEMA_VERSION, "exportedAt": store.now(), "contexteerVersion": __version__,
               "entries": entries, "checkpoints": cps}
    atomic_write(dest, orjson.dumps(archive, option=orjson.OPT_INDENT_2))
    report.entries, report.checkpoints = len(entries), len(cps)
    store.event("export", entries=report.entries, checkpoints=report.checkpoints, redacted=sum(report.redacted.values()),
                skipped=len(report.skipped))
    return report


def _fail(msg: str) -> InputError:
    return InputError(f"archive refused, nothing was imported: {msg}")


def validate_archive(raw: bytes, *, entry_max_bytes: int) -> tuple[list[Entry], list[CheckpointData]]:
    """Parse and check a whole archive; raise InputError (naming the first problem) before any write."""
    raw_entries, raw_cps = _archive_lists(raw)
    seen: set[str] = set()
    entries = [_archived_entry(f"entries[{i}]", item, entry_max_bytes, seen) for i, item in enumerate(raw_entries)]
    return entries, [_archived_checkpoint(i, cp) for i, cp in enumerate(raw_cps)]


def _archive_lists(raw: bytes) -> tuple[list[Any], list[Any]]:
    """The archive's `entries` and `checkpoints` lists, unchecked; InputError when it is not an archive of this version."""
    if len(raw) > MAX_ARCHIVE_BYTES:
        raise _fail(f"it is {len(raw)} bytes; the limit is {MAX_ARCHIVE_BYTES}.")
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise _fail(f"it is not JSON ({exc}). Pass a file written by `contexteer memory export`.") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(f"it is not a contexteer memory archive (format must be {FORMAT!r}).")
    if data.get("schemaVersion") != SCHEMA_VERSION:
        raise _fail(f"schemaVersion {data.get('schemaVersion')!r} is not supported (this version reads {SCHEMA_VERSION}). "
                    "Upgrade contexteer or export again with this version.")
    raw_entries, raw_cps = data.get("entries"), data.get("checkpoints", [])
    if not isinstance(raw_entries, list) or not isinstance(raw_cps, list):
        raise _fail("'entries' and 'checkpoints' must be lists.")
    return raw_entries, raw_cps


def _archived_entry(where: str, item: object, entry_max_bytes: int, seen: set[str]) -> Entry:
    """One archived entry, checked as a save would check it (its name, header, size and secrets); its name is added to
    `seen`, the names of the entries before it, which it must not repeat."""
    if not isinstance(item, dict) or not isinstance(item.get("header"), dict) or not isinstance(item.get("body"), str):
        raise _fail(f"{where} must be an object with 'file', 'header' and 'body'.")
    file = item.get("file")
    head = item["header"]
    if not isinstance(file, str) or "/" in file or "\\" in file or ".." in file or file.startswith(".") or not file.endswith(".md"):
        raise _fail(f"{where} has the unsafe file path {file!r}; only plain '<name>.md' names are accepted.")
    try:
        name = E.validate_name(head.get("name"), arg=f"{where}.header.name")
    except InputError as exc:
        raise _fail(str(exc)) from exc
    if file != f"{name}.md":
        raise _fail(f"{where}: file {file!r} does not match its name {name!r}.")
    if name in seen:
        raise _fail(f"{where}: the name {name!r} appears twice.")
    seen.add(name)
    _check_header(head, f"{where} ({name})")
    body: str = item["body"]
    if len(body.encode("utf-8")) > entry_max_bytes:
        raise _fail(f"{where} ({name}) has a {len(body.encode('utf-8'))}-byte body; the limit is {entry_max_bytes}.")
    kinds = secret_kinds(body, str(head.get("description", "")), str(head.get("source", "")))
    if kinds:
        raise _fail(f"{where} ({name}) contains a secret ({', '.join(kinds)}). Remove it from the archive first.")
    header = E.header_from_dict(head, file_stem=name)
    header.deletedAt = None
    return Entry(header, body)


def _archived_checkpoint(i: int, cp: object) -> CheckpointData:
    """One archived checkpoint (a JSON object), checked as a saved one is."""
    if not isinstance(cp, dict) or not isinstance(cp.get("id"), str) or not valid_id(cp["id"]):
        raise _fail(f"checkpoints[{i}] has a missing or unsafe id {cp.get('id') if isinstance(cp, dict) else None!r}.")
    try:
        check_content(cp)
    except InputError as exc:
        raise _fail(f"checkpoints[{i}] ({cp['id']}): {exc}.") from exc
    if secret_kinds(orjson.dumps(cp).decode()):
        raise _fail(f"checkpoints[{i}] contains a secret. Remove it from the archive first.")
    return cp


HEADER_KEYS = frozenset({"name", "description", "tag", "source", "createdAt", "updatedAt", "status", "verifiedAt", "deletedAt",
                         "savedBy"})


def _check_header(head: dict[str, Any], where: str) -> None:
    """An archived header passes the same rules as a save: tag, source, status, ISO timestamps, known keys only."""
    unknown = sorted(str(k) for k in head if k not in HEADER_KEYS)
    if unknown:
        raise _fail(f"{where}: unknown header key(s) {', '.join(unknown)}; an entry header has {', '.join(sorted(HEADER_KEYS))}.")
    try:
        E.validate_tag(head.get("tag"))
        E.clean_source(str(head["source"]) if head.get("source") is not None else None)
        if head.get("status") is not None:
            E.validate_status(head["status"])
    except InputError as exc:
        raise _fail(f"{where}: {exc}") from exc
    saved_by = head.get("savedBy")
    if saved_by is not None and (not isinstance(saved_by, str) or len(saved_by) > 64 or "\n" in saved_by):
        raise _fail(f"{where}: savedBy {str(saved_by)[:80]!r} is not a client name (one line, at most 64 characters).")
    for key in ("createdAt", "updatedAt", "verifiedAt", "deletedAt"):
        value = head.get(key)
        if value is not None and (not isinstance(value, str) or E.parse_iso(value) is None):
            raise _fail(f"{where}: {key} {value!r} is not an ISO timestamp such as '2026-11-30T09:00:00.000Z'.")


def import_archive(
    store: EntryStore,
    checkpoints: CheckpointStore,
    src: Path,
    *,
    on_conflict: Literal["skip", "overwrite", "rename"] = "skip",
) -> ImportReport:
    try:
        raw = Path(src).read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the archive {src} ({exc.strerror}). Check the path.") from exc
    entries, cps = validate_archive(raw, entry_max_bytes=store.entry_max_bytes)
    report = ImportReport()
    with store.lock:
        now = store.now()
        # read every local version an overwrite replaces before writing anything: a link or an unparsable local
        # file refuses the whole import
        replaced = {e.name: store.get(e.name) for e in entries if on_conflict == "overwrite" and store.exists(e.name)}
        for entry in entries:
            name = entry.name
            if store.exists(name):
                if on_conflict == "skip":
                    report.skipped.append(name)
                    continue
                if on_conflict == "overwrite":
                    store.trash_add(replaced[name], now)  # the replaced local version stays recoverable
                    report.overwritten.append(name)
                if on_conflict == "rename":
                    n = 2
                    while store.exists(f"{name}-{n}"):
                        n += 1
                    report.renamed[name] = f"{name}-{n}"
                    entry.header = E.with_changes(entry.header, name=f"{name}-{n}")
            store.write_entry(entry)  # names are validated above; a folder store refuses any path outside it again
            report.imported.append(entry.header.name)
        existing = set(checkpoints.ids())
        for cp in cps:
            if cp["id"] in existing:  # the same id is the same checkpoint: counted as imported only once
                continue
            checkpoints.write_raw(cp)
            report.checkpoints += 1
        store.write_index()
    store.event("import", imported=len(report.imported), skipped=len(report.skipped), renamed=len(report.renamed),
                checkpoints=report.checkpoints)
    return report
