"""`contexteer index`: build or refresh the index with a progress bar on a terminal, one summary line otherwise;
`--explain PATH` (why a file is or is not indexed) and `--syntax-errors [PATH]`."""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import threading
import time
from collections.abc import Iterator
from types import FrameType
from typing import TextIO

from contexteer.errors import ContexteerError
from contexteer.indexers import syntax_errors
from contexteer.indexers.index import StructureIndex
from contexteer.indexers.stores import index_exists
from contexteer.server.services import open_index
from contexteer.workspace import Workspace, repo_text

logger = logging.getLogger(__name__)

BAR_WIDTH = 30


class ProgressBar:
    """A one-line, self-overwriting bar: `[#####.....]  780/1812 files  412 files/s  ETA 3s`."""

    def __init__(self, stream: TextIO, *, min_interval: float = 0.1, unit: str = "files", label: str = "") -> None:
        self.stream = stream
        self.unit = unit
        self.label = label
        self.started = time.monotonic()
        self.min_interval = min_interval
        self._last = 0.0
        self._drawn = False
        self._first: int | None = None  # done at the first report: a resumed build's rate counts this run's work only

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self._first is None:
            self._first = done
        if now - self._last < self.min_interval and done < total:
            return
        self._last = now
        self.stream.write("\r" + self.label + render_bar(done, total, now - self.started, self.unit, start=self._first))
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()


def render_bar(done: int, total: int, elapsed: float, unit: str = "files", *, start: int = 0) -> str:
    """The bar for `done` of `total` after `elapsed` seconds, of which `start` were done before they began."""
    frac = 1.0 if total <= 0 else min(1.0, done / total)
    filled = int(frac * BAR_WIDTH)
    rate = (done - start) / elapsed if elapsed > 0 else 0.0
    eta = (total - done) / rate if rate > 0 else 0.0
    return (
        f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} {unit}  {rate:,.0f} {unit}/s  "
        f"ETA {eta:,.0f}s   "
    )


class Terminated(BaseException):
    """SIGTERM while `contexteer index` runs: unwinds like Ctrl-C, so the index is closed at a safe point."""


@contextlib.contextmanager
def _sigterm_unwinds() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _rank_for_maps(idx: StructureIndex, stream: TextIO | None) -> float | None:
    """A large index's repo-map ranks (contexteer.indexers.rank_snapshot), computed now in a worker when the stored
    ones are not of this build: seconds it took, or None when the index is small or they were current."""
    from contexteer.indexers.rank_snapshot import SnapshotRanks

    if not SnapshotRanks.applies(idx, idx.files()):
        return None
    if stream is not None:
        stream.write("ranking the repo map ...\n")
        stream.flush()
    started = time.monotonic()
    return time.monotonic() - started if SnapshotRanks(idx).ensure_current() else None


def index_command(ws: Workspace, *, stream: TextIO = sys.stderr, tty: bool | None = None, rank_map: bool = False) -> int:
    """Build (cold) or refresh (warm) the index of `ws`, then finish its substring index; returns the
    process exit code (130 after Ctrl-C, 143 after SIGTERM: the index is left for the next start to resume)."""
    is_tty = stream.isatty() if tty is None else tty
    started = time.monotonic()
    bar = ProgressBar(stream) if is_tty else None
    try:
        with _sigterm_unwinds(), open_index(ws) as idx:
            was_complete = idx.store.is_complete()
            if was_complete:
                idx.note_listing(ws.list_files())  # first: the refresh may start the substring index, shown below
                # the substring index is filled below, by wait_background, whose bar then starts at 0
                report = idx.refresh(force=True, fill_fts=False)
                action = f"refreshed ({len(report.added)} added, {len(report.modified)} modified, {len(report.deleted)} deleted)"
                if report.skipped:
                    action = f"not refreshed: {report.reason}"
            else:
                idx.ensure_built(wait_seconds=float("inf"), progress=bar)
                action = "built"
            if bar is not None:
                bar.finish()
            # The substring index is filled after the build, in the background; wait for it here, so the process
            # ends with a finished index (closing earlier would only stop it for the next start to resume).
            fts_bar = ProgressBar(stream, unit="symbols", label="substring index ") if is_tty else None
            idx.wait_background(progress=fts_bar)
            if fts_bar is not None:
                fts_bar.finish()
            # opt-in: the ranking worker holds the whole reference graph (~1.7 GB on the kernel), far above a build's
            ranked = _rank_for_maps(idx, stream if is_tty else None) if rank_map else None
            st = idx.stats()
            hidden = idx.listing_note()
    except (KeyboardInterrupt, Terminated) as exc:
        stream.write(f"\nindex {'interrupted' if isinstance(exc, KeyboardInterrupt) else 'stopped (SIGTERM)'} after "
                     f"{time.monotonic() - started:.1f}s; what was indexed is kept and the next `contexteer index` or server "
                     "start resumes the build\n")
        stream.flush()
        return 130 if isinstance(exc, KeyboardInterrupt) else 143
    per_status = st["files_per_status"]
    langs = ", ".join(f"{lang} {n}" for lang, n in sorted(st["files_per_language"].items(), key=lambda kv: -kv[1]) if lang != "other")
    extra = [f"{per_status[s]} {s.replace('_', ' ')}" for s in ("too_large", "binary", "unsupported", "error") if per_status.get(s)]
    stream.write(
        f"index {action} in {time.monotonic() - started:.1f}s: {st['files']} files ({langs or 'no supported files'}"
        f"{'; ' + ', '.join(extra) if extra else ''}), {st['symbols']} symbols, {st['references']} references, "
        f"{st['imports']} imports, {st['files_with_syntax_errors']} files with syntax errors, "
        f"{st['db_bytes'] / 1e6:.1f} MB\n"
    )
    if ranked is not None:
        stream.write(f"repo-map ranks computed in {ranked:.1f}s (a new server's first map reads them)\n")
    if hidden:
        stream.write(f"note: {hidden}\n")
    if ws.listing_plan.catch_all is not None:
        stream.write(f"note: listing: {ws.listing_plan.why}\n")
    stream.flush()
    return 0


def explain_command(ws: Workspace, path: str, out: TextIO) -> int:
    """`contexteer index --explain PATH`: why PATH is or is not among the workspace's files, and what the index
    holds for it (without building or refreshing anything)."""
    out.write(ws.explain(path) + "\n")
    if not index_exists(ws):
        out.write("index: not built yet; `contexteer index` builds it.\n")
        return 0
    try:
        rel = ws.resolve(path, kind="any").rel
    except ContexteerError:
        return 0  # the listing's explanation said why
    with open_index(ws) as idx:
        info = idx.file_info(rel)
        complete = idx.store.is_complete()
    if info is None:
        out.write(f"index: {rel} is not in the index" + ("" if complete else " (its build is not complete)") + ".\n")
    elif info.status == "indexed":
        out.write(f"index: {rel} is indexed as {info.language}, {info.n_symbols} definitions"
                  + (", with syntax errors" if info.has_errors else "") + ".\n")
    else:
        why = {"too_large": f"larger than workspace.max_file_bytes ({ws.settings.workspace.max_file_bytes:,} bytes)",
               "binary": "binary (a NUL byte in its first 8 KiB)", "unsupported": "in a language with no parser here",
               "error": f"not parsed: {info.error}"}.get(info.status, info.status)
        out.write(f"index: {rel} is listed but not parsed: {why}.\n")
    return 0


def syntax_errors_command(ws: Workspace, path: str, stream: TextIO, max_files: int = 200) -> int:
    """`contexteer index --syntax-errors [PATH]`: the report, printed to `stream`, of the index just built."""
    res = ws.resolve(path, kind="any")
    with open_index(ws) as idx:
        idx.ensure_built(wait_seconds=float("inf"))
        rep = syntax_errors.report_for(idx.files(), res.rel, res.real.is_dir(), lambda rel: _read_bytes(ws, rel), max_files)
    stream.write(syntax_errors.render(rep) + "\n")
    stream.flush()
    return 0


def _read_bytes(ws: Workspace, rel: str) -> bytes | None:
    text = repo_text(ws, rel)
    return text.encode("utf-8") if text is not None else None
