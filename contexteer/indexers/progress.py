"""`contexteer index --root PATH`: build or refresh the index with a progress bar on a terminal, one summary line otherwise."""

from __future__ import annotations

import logging
import sys
import time
from typing import TextIO

from contexteer.indexers.extract import native_note
from contexteer.indexers.index import StructureIndex
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)

BAR_WIDTH = 30


class ProgressBar:
    """A one-line, self-overwriting bar: `[#####.....]  780/1812 files  412 files/s  ETA 3s`."""

    def __init__(self, stream: TextIO, *, min_interval: float = 0.1) -> None:
        self.stream = stream
        self.started = time.monotonic()
        self.min_interval = min_interval
        self._last = 0.0
        self._drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last < self.min_interval and done < total:
            return
        self._last = now
        self.stream.write("\r" + render_bar(done, total, now - self.started))
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()


def render_bar(done: int, total: int, elapsed: float) -> str:
    frac = 1.0 if total <= 0 else min(1.0, done / total)
    filled = int(frac * BAR_WIDTH)
    rate = done / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else 0.0
    return (
        f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} files  {rate:,.0f} files/s  "
        f"ETA {eta:,.0f}s   "
    )


def index_command(ws: Workspace, *, stream: TextIO = sys.stderr, tty: bool | None = None) -> int:
    """Build (cold) or refresh (warm) the index of `ws`; returns the process exit code."""
    is_tty = stream.isatty() if tty is None else tty
    started = time.monotonic()
    bar = ProgressBar(stream) if is_tty else None
    with StructureIndex(ws) as idx:
        was_complete = idx.store.is_complete()
        if was_complete:
            report = idx.refresh(force=True)
            action = f"refreshed ({len(report.added)} added, {len(report.modified)} modified, {len(report.deleted)} deleted)"
            if report.skipped:
                action = f"not refreshed: {report.reason}"
        else:
            idx.ensure_built(wait_seconds=float("inf"), progress=bar)
            action = "built"
        if bar is not None:
            bar.finish()
        st = idx.stats()
    per_status = st["files_per_status"]
    langs = ", ".join(f"{lang} {n}" for lang, n in sorted(st["files_per_language"].items(), key=lambda kv: -kv[1]) if lang != "other")
    extra = [f"{per_status[s]} {s.replace('_', ' ')}" for s in ("too_large", "binary", "unsupported", "error") if per_status.get(s)]
    stream.write(
        f"index {action} in {time.monotonic() - started:.1f}s: {st['files']} files ({langs or 'no supported files'}"
        f"{'; ' + ', '.join(extra) if extra else ''}), {st['symbols']} symbols, {st['references']} references, "
        f"{st['imports']} imports, {st['files_with_syntax_errors']} files with syntax errors, "
        f"{st['db_bytes'] / 1e6:.1f} MB\n"
    )
    note = native_note()
    if note and st["files_per_language"].get("python"):
        stream.write(f"note: {note}\n")
    stream.flush()
    return 0
