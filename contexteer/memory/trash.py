"""The trash: deleted entries wait in `trash/` (original name, `deletedAt`) until restored or purged.

delete, restore, purge and the pruning of old versions work over any EntryStore (contexteer.memory.base); the
folder's own trash (`keep_copy`, `listing`) is below, the database's is contexteer.memory.store_pg.

Trashed entries never appear in lists, recall or the index. Restore refuses a name that is taken
(unless given a new name); purge deletes for good and returns exactly what it removed. An update
(`save` over an existing entry, import with overwrite) keeps the replaced version here too; the newest
KEEP_VERSIONS versions of one name are kept, older ones are purged as the next one arrives.

Only plain files with a valid header in a real `trash/` folder count as trashed entries: a `trash`
that is a symlink, links inside it and files without front matter are never listed, restored or
purged (a cloned repository could otherwise make purge delete files anywhere).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from contexteer.errors import ConflictError, InputError, NotFoundError
from contexteer.memory import entries as E
from contexteer.memory.base import TrashedVersion
from contexteer.memory.entries import Entry, Header
from contexteer.memory.storage import (
    atomic_write,
    ensure_real_dir,
    link_kind,
    real_dir,
)

if TYPE_CHECKING:
    from contexteer.memory.base import EntryStore
    from contexteer.memory.store import MemoryStore

logger = logging.getLogger(__name__)


def delete(store: EntryStore, names: list[str]) -> list[str]:
    canon = [E.validate_name(n) for n in names]
    if not canon:
        raise InputError("name (or names) is required: the entries to move to the trash.")
    with store.lock:
        missing = [n for n in canon if not store.exists(n)]
        if missing:
            raise NotFoundError(store.missing_message(missing[0]))
        now = store.now()
        for n in canon:
            store.trash_add(store.get(n), now)
            store.remove_entry(n)
        store.forget_access(canon)
        store.write_index()
    store.event("delete", names=canon, count=len(canon))
    return canon


def keep_copy(store: MemoryStore, entry: Entry, now: str) -> Path:
    """Write `entry` into the trash folder as deleted at `now` (the caller removes or replaces the original)."""
    ensure_real_dir(store.trash_dir)  # refuses a `trash` that is a symlink
    n = entry.name
    stem = f"{n}--{_stamp(now)}"
    taken = [_suffix(p) for p in store.trash_dir.glob(f"{stem}*.md")]
    # same second: the suffix after the highest (never a freed lower one), so the order follows arrival
    dst = store.trash_dir / (f"{stem}-{max(taken) + 1}.md" if taken else f"{stem}.md")
    atomic_write(dst, E.render(Entry(E.with_changes(entry.header, deletedAt=now), entry.body)))
    prune_versions(store, n)
    return dst


KEEP_VERSIONS = 10  # trashed versions kept per name; an entry updated 200 times keeps its last 10


def prune_versions(store: EntryStore, name: str) -> None:
    """Drop the oldest trashed versions of `name` beyond KEEP_VERSIONS (the caller holds the lock)."""
    versions = [k for k, h in store.trash_items() if h.name == name]  # newest first
    for k in versions[KEEP_VERSIONS:]:
        store.trash_remove(k)
    if len(versions) > KEEP_VERSIONS:
        store.event("trash_pruned", names=[name], count=len(versions) - KEEP_VERSIONS)


def listing(store: MemoryStore) -> list[TrashedVersion]:
    """Trashed entries (plain files with a valid header only), newest deletion first."""
    out: list[tuple[Path, Header]] = []
    if not real_dir(store.trash_dir):
        if link_kind(store.trash_dir):
            store.warn_once("trash-link", "memory: %s/trash is a symlink; the trash is not read through it", store.dir)
        return []
    with os.scandir(store.trash_dir) as it:
        files = [Path(de.path) for de in it if de.name.endswith(".md") and not de.name.startswith(".")]
    for p in files:
        stem = p.stem.split("--", 1)[0]
        try:
            E.validate_name(stem)
            h = E.with_changes(store.read_header_file(p), name=stem)
        except (E.FormatError, OSError, InputError) as exc:  # NotPlainFile is an OSError
            store.warn_once(f"trash:{p.name}", "memory: %s in the trash is not a trashed entry (%s); left alone", p.name, exc)
            continue
        out.append((p, h))
    out.sort(key=lambda ph: (ph[1].deletedAt or "", _suffix(ph[0])), reverse=True)
    return [TrashedVersion(p, h) for p, h in out]


def restore(store: EntryStore, name: str, new_name: str | None = None) -> Header:
    name = E.validate_name(name)
    target = E.validate_name(new_name, arg="new_name") if new_name else name
    with store.lock:
        items = store.trash_items()
        found = [(k, h) for k, h in items if h.name == name]
        if not found:
            names = sorted({h.name for _, h in items})
            held = f" The trash holds: {', '.join(names[:20])}." if names else " The trash is empty."
            raise NotFoundError(f"no trashed entry named {name!r}.{held}")
        if store.exists(target):
            if new_name:
                raise ConflictError(f"cannot restore {name!r}: new_name {target!r} is taken too (an active entry has that name). "
                                    "Choose another new_name.")
            raise ConflictError(
                f"cannot restore {name!r}: an active entry named {target!r} already exists. Pass new_name='<other name>' "
                f"to restore it under another name, or delete the active {target!r} first."
            )
        key, _ = found[0]
        entry = store.trash_entry(key, name)
        entry.header = E.with_changes(entry.header, name=target, deletedAt=None)
        store.write_entry(entry)
        store.trash_remove(key)
        store.write_index()
    store.event("restore", name=name, new_name=target if target != name else None)
    return entry.header


def purge(store: EntryStore, names: list[str] | None = None) -> list[str]:
    """Delete trashed entries for good (all of them when `names` is empty); return what was removed."""
    with store.lock:
        items = store.trash_items()
        if names:
            wanted = [E.validate_name(n) for n in names]
            unknown = [n for n in wanted if not any(h.name == n for _, h in items)]
            if unknown:
                raise NotFoundError(f"not in the trash: {', '.join(unknown)}. Use action='list' with status='trash' "
                                    "(or `contexteer memory trash`) to see what the trash holds.")
            items = [t for t in items if t.header.name in wanted]
        removed = []
        for k, h in items:
            if store.trash_remove(k):
                removed.append(h.name)
    store.event("purge", names=removed, count=len(removed))
    return removed


def _suffix(path: Path) -> int:
    """The collision counter of a trash file name (`name--stamp-2.md` -> 2; none -> 1)."""
    tail = path.stem.rsplit("--", 1)[-1]
    _, _, n = tail.partition("-")
    return int(n) if n.isdigit() else 1


def _stamp(ts: str) -> str:
    return "".join(c for c in ts if c.isdigit())[:17]
