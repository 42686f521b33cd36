"""Checkpoints: snapshots of where the work stands, restored as context, never as control.

A checkpoint records a label, a summary, decisions, the files in play and next steps, plus the
server version and the settings of the time. Loading one shows what was recorded and flags files
that no longer exist and settings that changed since; it never acts on them (no model, permission or
working-directory switch, no re-run of anything).

"Latest" is the newest checkpoint that can be read; unreadable ones are reported, never picked.
A `checkpoints` folder or file that is a symlink is never read or written through.
"""

from __future__ import annotations

import logging
import re
import secrets as _secrets
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeAlias

import orjson

from contexteer.errors import InputError, NotFoundError, StorageError
from contexteer.journal import iso
from contexteer.memory import entries as E
from contexteer.memory.storage import (
    NotPlainFile,
    atomic_delete,
    atomic_write,
    ensure_real_dir,
    link_kind,
    read_plain,
    real_dir,
)

logger = logging.getLogger(__name__)

CHECKPOINT_DIR = "checkpoints"
_ID_RE = re.compile(r"^\d{8}T\d{6}Z-[a-z0-9-]{1,48}$")
MAX_ITEMS = 50
MAX_ITEM_CHARS = 500
MAX_SUMMARY_CHARS = 4000
#: Settings never copied into a checkpoint (absolute paths of this machine).
_PRIVATE_SETTINGS = ("data_dir", "storage")


def valid_id(cid: str) -> bool:
    return bool(_ID_RE.match(cid or ""))


def _slug(label: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    return (s or "checkpoint")[:32].strip("-") or "checkpoint"


def _items(name: str, values: list[str] | None) -> list[str]:
    vals = [" ".join(str(v).split()) for v in (values or []) if str(v).strip()]
    if len(vals) > MAX_ITEMS:
        raise InputError(f"{name} has {len(vals)} items; the limit is {MAX_ITEMS}. Keep the ones that matter.")
    for v in vals:
        if len(v) > MAX_ITEM_CHARS:
            raise InputError(f"an item of {name} is {len(v)} characters; the limit is {MAX_ITEM_CHARS}. Shorten it.")
        if name == "files":
            check_file_item(v)
    return vals


_DRIVE = re.compile(r"^[A-Za-z]:")


def check_file_item(path: str) -> None:
    """A checkpoint names files by their path relative to the workspace root: never absolute, `~`, or through '..'."""
    parts = re.split(r"[\\/]", path)
    if path.startswith(("/", "\\", "~")) or _DRIVE.match(path) or ".." in parts or "\x00" in path:
        raise InputError(f"files item {path[:80]!r} is not a path relative to the workspace root; name files as "
                         "'src/app.py' (no absolute path, '~' or '..').")


#: What a checkpoint file holds (what `save` writes); an imported one may hold nothing else.
CHECKPOINT_KEYS = frozenset({"schemaVersion", "id", "label", "createdAt", "summary", "decisions", "files", "next_steps",
                             "serverVersion", "settings"})
MAX_SETTINGS_BYTES = 64 * 1024
#: A checkpoint as stored (CHECKPOINT_KEYS): a JSON object read back from a file or the database, so every reader
#: checks or defaults what it uses.
CheckpointData: TypeAlias = dict[str, Any]


def check_content(data: CheckpointData) -> None:
    """An imported checkpoint passes the checks a saved one does (InputError naming the first problem): known keys,
    a one-line label of at most 120 characters, a summary within MAX_SUMMARY_CHARS, at most MAX_ITEMS one-line items
    of MAX_ITEM_CHARS per list, files relative to the root, an ISO createdAt, a small settings object."""
    unknown = sorted(str(k) for k in data if k not in CHECKPOINT_KEYS)
    if unknown:
        raise InputError(f"unknown key(s) {', '.join(unknown)}; a checkpoint has {', '.join(sorted(CHECKPOINT_KEYS))}")
    if data.get("schemaVersion", 1) != 1:
        raise InputError(f"schemaVersion {data.get('schemaVersion')!r} is not 1")
    label = data.get("label")
    if not isinstance(label, str) or not label.strip() or len(label) > 120 or " ".join(label.split()) != label:
        raise InputError("label must be one line of 1 to 120 characters")
    summary = data.get("summary")
    if not isinstance(summary, str) or not summary.strip() or len(summary) > MAX_SUMMARY_CHARS:
        raise InputError(f"summary must be text of 1 to {MAX_SUMMARY_CHARS} characters (it has "
                         f"{len(summary) if isinstance(summary, str) else type(summary).__name__})")
    for key in ("decisions", "files", "next_steps"):
        items = data.get(key, [])
        if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
            raise InputError(f"{key} must be a list of strings")
        if _items(key, items) != items:
            raise InputError(f"{key} must hold non-empty one-line items")
    if E.parse_iso(data.get("createdAt") if isinstance(data.get("createdAt"), str) else None) is None:
        raise InputError(f"createdAt {data.get('createdAt')!r} is not an ISO timestamp such as '2026-11-30T09:00:00.000Z'")
    version = data.get("serverVersion", "")
    if not isinstance(version, str) or len(version) > 40:
        raise InputError("serverVersion must be a short version string")
    settings = data.get("settings", {})
    if not isinstance(settings, dict) or len(orjson.dumps(settings, default=str)) > MAX_SETTINGS_BYTES:
        raise InputError(f"settings must be an object of at most {MAX_SETTINGS_BYTES // 1024} KB")


@dataclass
class Checkpoint:
    data: CheckpointData

    @property
    def id(self) -> str:
        return str(self.data["id"])


class CheckpointStore(ABC):
    """Checkpoints of one project: the rules (sizes, relative files, ids, newest readable first) over a backend that
    stores one JSON object per id. `Checkpoints` keeps them as files in `checkpoints/`; PgCheckpoints
    (contexteer.memory.store_pg) in PostgreSQL."""

    def __init__(self, *, lock: AbstractContextManager[object], clock: Callable[[], datetime] = E.now_utc) -> None:
        self.lock = lock
        self.clock = clock

    # ----- what a backend provides -----------------------------------------------------------
    @abstractmethod
    def ids(self) -> list[str]:
        """Checkpoint ids, newest first."""

    @abstractmethod
    def _load(self, cid: str) -> Checkpoint:
        """The checkpoint `cid` (a valid id); NotFoundError or StorageError when it cannot be loaded."""

    @abstractmethod
    def _write(self, data: CheckpointData) -> None:
        """Store a checkpoint (the caller holds the lock)."""

    @abstractmethod
    def delete(self, cid: str) -> bool:
        """Delete one checkpoint; False when it was not there."""

    # ----- the rules ---------------------------------------------------------------------------
    def save(
        self,
        *,
        label: str,
        summary: str,
        decisions: list[str] | None,
        files: list[str] | None,
        next_steps: list[str] | None,
        version: str,
        settings: dict[str, Any],
    ) -> Checkpoint:
        label = " ".join((label or "").split())
        if not label:
            raise InputError("label is required: a few words naming where the work stands, e.g. 'auth refactor half done'.")
        if len(label) > 120:
            raise InputError(f"label is {len(label)} characters; the limit is 120.")
        summary = (summary or "").strip()
        if not summary:
            raise InputError("content (the summary) is required: what was done and what is known, in a few sentences.")
        if len(summary) > MAX_SUMMARY_CHARS:
            raise InputError(f"content (the summary) is {len(summary)} characters; the limit is {MAX_SUMMARY_CHARS}. "
                             "Keep it to the essentials.")
        now = self.clock()
        cid = f"{now.strftime('%Y%m%dT%H%M%SZ')}-{_slug(label)}-{_secrets.token_hex(2)}"
        snap = {k: v for k, v in settings.items() if k not in _PRIVATE_SETTINGS}
        data = {
            "schemaVersion": 1,
            "id": cid,
            "label": label,
            "createdAt": iso(now),
            "summary": summary,
            "decisions": _items("decisions", decisions),
            "files": _items("files", files),
            "next_steps": _items("next_steps", next_steps),
            "serverVersion": version,
            "settings": snap,
        }
        with self.lock:
            self._write(data)
        return Checkpoint(data)

    def unreadable(self) -> list[str]:
        """Ids of checkpoints that cannot be loaded."""
        out = []
        for cid in self.ids():
            try:
                self.load(cid)
            except (NotFoundError, StorageError):
                out.append(cid)
        return out

    def summaries(self) -> list[dict[str, Any]]:
        out = []
        for cid in self.ids():
            try:
                d = self.load(cid).data
            except (NotFoundError, StorageError):
                continue
            out.append({"id": cid, "label": d.get("label", ""), "createdAt": d.get("createdAt", ""),
                        "decisions": len(d.get("decisions") or []), "files": len(d.get("files") or []),
                        "next_steps": len(d.get("next_steps") or [])})
        return out

    def latest(self) -> tuple[Checkpoint | None, list[str]]:
        """The newest readable checkpoint, and the ids of unreadable ones newer than it."""
        skipped: list[str] = []
        for cid in self.ids():
            try:
                return self.load(cid), skipped
            except (NotFoundError, StorageError):
                skipped.append(cid)
        return None, skipped

    def latest_id(self) -> str | None:
        cp, _ = self.latest()
        return cp.id if cp else None

    def load(self, cid: str | None) -> Checkpoint:
        if not cid or cid == "latest":
            cp, skipped = self.latest()
            if cp is None:
                extra = f" ({len(skipped)} checkpoint file(s) are unreadable: {', '.join(skipped[:5])})" if skipped else ""
                raise NotFoundError(f"there is no readable checkpoint yet{extra}. Save one with action='checkpoint_save' "
                                    "(label, content, ...).")
            return cp
        if not valid_id(cid):
            raise InputError(f"checkpoint id {cid!r} is malformed. Use action='checkpoint_list' to see the ids, or leave name out for the latest.")
        return self._load(cid)

    def write_raw(self, data: CheckpointData) -> None:
        """Store an already validated checkpoint (import)."""
        with self.lock:
            self._write(data)


def missing_checkpoint(cid: str) -> NotFoundError:
    return NotFoundError(f"no checkpoint {cid!r}. Use action='checkpoint_list' to see the ids, or leave name out for the latest.")


class Checkpoints(CheckpointStore):
    """Checkpoints as JSON files in the memory folder's `checkpoints/` (the embedded backend)."""

    def __init__(self, memory_dir: Path, *, lock: AbstractContextManager[object], clock: Callable[[], datetime] = E.now_utc) -> None:
        super().__init__(lock=lock, clock=clock)
        self.dir = memory_dir / CHECKPOINT_DIR

    def ids(self) -> list[str]:
        """Checkpoint ids, newest first (plain files in a real folder only)."""
        if not real_dir(self.dir):
            if link_kind(self.dir):
                logger.warning("memory: %s is a symlink; checkpoints are not read through it", self.dir)
            return []
        return sorted((p.stem for p in self.dir.glob("*.json") if valid_id(p.stem) and not link_kind(p)), reverse=True)

    def _load(self, cid: str) -> Checkpoint:
        path = self.dir / f"{cid}.json"
        try:
            data = orjson.loads(read_plain(path))
        except NotPlainFile as exc:
            raise StorageError(f"checkpoint {cid!r} is {exc.what}; contexteer never follows links in the memory folder. "
                               f"Remove {path.name} from the memory folder's checkpoints/.") from exc
        except FileNotFoundError:
            raise missing_checkpoint(cid) from None
        except OSError as exc:
            raise StorageError(f"checkpoint {cid!r} cannot be read ({exc.strerror}). Check the permissions of {path}.") from exc
        except orjson.JSONDecodeError as exc:
            raise StorageError(f"checkpoint {cid!r} is unreadable ({exc}). Delete {path.name} from the memory folder's checkpoints/.") from exc
        if not isinstance(data, dict):
            raise StorageError(f"checkpoint {cid!r} is not a JSON object. Delete {path.name}.")
        return Checkpoint(data)

    def _write(self, data: CheckpointData) -> None:
        ensure_real_dir(self.dir)
        atomic_write(self.dir / f"{data['id']}.json", orjson.dumps(data, option=orjson.OPT_INDENT_2))

    def delete(self, cid: str) -> bool:
        if not valid_id(cid):
            raise InputError(f"checkpoint id {cid!r} is malformed.")
        with self.lock:
            return atomic_delete(self.dir / f"{cid}.json")


def _flatten(d: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(_flatten(v, key + "."))
        else:
            out[key] = v
    return out


def render_checkpoint(
    cp: Checkpoint,
    *,
    now: datetime,
    file_status: Callable[[str], str | None],
    version: str,
    settings: dict[str, Any],
) -> tuple[str, list[str]]:
    """Markdown for a loaded checkpoint and the files it names that are gone (or outside the root)."""
    d = cp.data
    created = E.parse_iso(str(d.get("createdAt") or ""))
    days = max(0, (now - created).days) if created else None
    age = "at an unknown time" if days is None else "today" if days == 0 else "1 day ago" if days == 1 else f"{days} days ago"
    lines = [
        f"# Checkpoint {cp.id} — {d.get('label', '')}",
        f"_saved {age} ({d.get('createdAt', '?')}). This restores context, not control: nothing below is executed "
        "or switched back; check it against the current code._",
        "",
        "## Summary",
        str(d.get("summary", "")).strip(),
    ]
    for key, title in (("decisions", "Decisions"), ("next_steps", "Next steps")):
        items = d.get(key) or []
        if items:
            lines += ["", f"## {title}", *(f"- {x}" for x in items)]
    flagged: list[str] = []
    files = d.get("files") or []
    if files:
        lines += ["", "## Files"]
        for f in files:
            problem = file_status(str(f))
            if problem:
                flagged.append(str(f))
                lines.append(f"- {f}  [{problem}]")
            else:
                lines.append(f"- {f}")
    then_v = d.get("serverVersion", "?")
    lines += ["", "## Recorded with (for information only)", f"- contexteer {then_v}" + ("" if then_v == version else f" (now {version})")]
    old = _flatten(d.get("settings") or {})
    cur = _flatten({k: v for k, v in settings.items() if k not in _PRIVATE_SETTINGS})
    changed = [k for k in sorted(set(old) & set(cur)) if old[k] != cur[k]]
    if changed:
        lines.append("- settings that differ now (today's values apply): " +
                     "; ".join(f"{k} was {old[k]!r}, now {cur[k]!r}" for k in changed[:12]))
    else:
        lines.append("- settings: same as now")
    if flagged:
        lines += ["", f"{len(flagged)} file(s) named here no longer exist or are outside the workspace; do not assume their content."]
    return "\n".join(lines) + "\n", flagged
