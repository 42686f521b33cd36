"""The MEMORY.md index: one line per entry, derived from the topic headers, and the startup check that repairs it.

The index is capped (200 lines / 25 KB, with a truncation note). At startup it is compared with the
topic files: a topic without its line, a line without its topic or a torn index is rebuilt from the
topic files; temp files left by a killed write are removed, files are made user-only, and symlinks
and unparsable topic files are reported (never followed, never overwritten).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from contexteer.memory import entries as E
from contexteer.memory.entries import INDEX_NAME, Header
from contexteer.memory.storage import atomic_write, link_kind, real_dir, secure_tree, sweep_temps

if TYPE_CHECKING:
    from contexteer.memory.store import MemoryStore

logger = logging.getLogger(__name__)

INDEX_MAX_LINES = 200
INDEX_MAX_BYTES = 25 * 1024


@dataclass
class RepairReport:
    added: list[str] = field(default_factory=list)  # topics that had no index line
    removed: list[str] = field(default_factory=list)  # index lines without a topic
    unreadable: list[str] = field(default_factory=list)  # topic files whose header is broken (kept, listed)
    links: list[str] = field(default_factory=list)  # symlinks in the folder, never followed
    temps: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # topic files renamed to their canonical name
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
        if self.renamed:
            parts.append(f"renamed {len(self.renamed)} topic file(s) to their memory name: "
                         + ", ".join(f"{a} -> {b}" for a, b in self.renamed[:10]))
        if self.temps:
            parts.append(f"removed {len(self.temps)} temp file(s) left by an interrupted write")
        if self.links:
            parts.append(f"ignored {len(self.links)} symlink(s) in the memory folder, never followed: {', '.join(self.links[:10])}")
        return "; ".join(parts)


def index_line(h: Header) -> str:
    status = f", {h.status}" if h.status != "active" else ""
    return f"- [{h.name}]({h.file}) — {h.description} ({h.tag}{status}, updated {h.updatedAt[:10] or '?'})"


def entry_name(line: str) -> str | None:
    """The entry name an index line points to, or None for other lines."""
    if not line.startswith("- ["):
        return None
    end = line.find("](", 3)
    return line[3:end] if end > 3 else None


def render_index(headers: list[Header]) -> str:
    heads = sorted(headers, key=E.listing_key)
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


def check(store: MemoryStore) -> RepairReport:
    """Compare the index with the topic files; rebuild and report when they disagree."""
    report = RepairReport()
    if not real_dir(store.dir):  # nothing stored yet (and a read must not create the folder)
        return report
    with store.lock:
        report.temps = sweep_temps(store.dir) + sweep_temps(store.trash_dir)
        secure_tree(store.dir)
        report.renamed = store.normalise_names()
        heads = store.headers()
        report.unreadable = sorted(store.broken)
        report.links = store.links()
        expected = render_index(heads)
        current = store.index_text()
        index_is_link = link_kind(store.dir / INDEX_NAME) is not None
        if current == expected or (current is None and not heads and not index_is_link):
            if report.links or report.renamed:
                logger.warning("memory: %s", report.summary())
            return report
        listed = set(store.index_names() or [])
        should = {n for n in (entry_name(ln) for ln in expected.splitlines()) if n}
        report.added = sorted(should - listed)
        report.removed = sorted(listed - {h.name for h in heads})
        report.rebuilt = True
        atomic_write(store.dir / INDEX_NAME, expected)
    if report.summary():
        logger.warning("memory index repaired: %s", report.summary())
        store.event("repair", added=len(report.added), removed=len(report.removed), unreadable=len(report.unreadable),
                    temps=len(report.temps), links=len(report.links), renamed=len(report.renamed))
    return report
