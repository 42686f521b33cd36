"""Which files changed under a tree since the last look, from Linux inotify, read when a query asks (no thread).

The kernel queues an inotify event while the write that causes it runs, so the queue read at the start of a query
holds every change made before the query: reading it replaces a stat sweep of the whole tree. What it cannot tell
(a file that is not in the index yet: is it listed? a directory created, moved or deleted; an ignore file changed;
the kernel queue overflowed) makes `Changes.sweep` true, and the caller sweeps as it would without a watcher.

`TreeWatch.start` returns None where inotify is unavailable (not Linux, no libc) or the tree has more folders than
the watch budget (`max_watches`, and a quarter of the user's `fs.inotify.max_user_watches`); callers then sweep.
A process has one inotify instance (`_Inotify`) shared by its watches (the kernel allows a user 128 instances, and
a test session opens hundreds of indexes): a drain reads the whole queue and hands each watch its events.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import logging
import os
import struct
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)

IN_MODIFY = 0x00000002
IN_ATTRIB = 0x00000004
IN_CLOSE_WRITE = 0x00000008
IN_MOVED_FROM = 0x00000040
IN_MOVED_TO = 0x00000080
IN_CREATE = 0x00000100
IN_DELETE = 0x00000200
IN_DELETE_SELF = 0x00000400
IN_MOVE_SELF = 0x00000800
IN_Q_OVERFLOW = 0x00004000
IN_IGNORED = 0x00008000
IN_ONLYDIR = 0x01000000
IN_DONT_FOLLOW = 0x02000000
IN_EXCL_UNLINK = 0x04000000
IN_ISDIR = 0x40000000
IN_NONBLOCK = os.O_NONBLOCK
IN_CLOEXEC = os.O_CLOEXEC

MASK = (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)
_HEADER = struct.Struct("iIII")  # wd, mask, cookie, len (struct inotify_event)
#: Folders never watched: version-control metadata changes on every commit and is not part of any listing.
SKIP_DIRS = frozenset({".git", ".hg", ".svn"})
#: Names whose change can change which files are listed: the caller sweeps.
LISTING_FILES = frozenset({".gitignore", ".ignore", ".rgignore", ".gitmodules"})


@dataclass
class Changes:
    """What changed since the last drain: `paths` (root-relative, '/'-separated) of files written, created, moved or
    deleted; `sweep` when something else happened that only a full sweep can settle (`reason` says what)."""

    paths: set[str] = field(default_factory=set)
    sweep: bool = False
    reason: str = ""

    def need_sweep(self, reason: str) -> None:
        if not self.sweep:
            self.sweep, self.reason = True, reason


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
        libc.inotify_rm_watch.argtypes = [ctypes.c_int, ctypes.c_int]
        return libc
    except (OSError, AttributeError):
        return None


def user_watch_limit() -> int:
    try:
        with open("/proc/sys/fs/inotify/max_user_watches") as fh:
            return int(fh.read().strip())
    except (OSError, ValueError):
        return 8192


class _Inotify:
    """The process's one inotify instance: watch descriptors shared by the TreeWatches that asked for them (the kernel
    returns the same descriptor for a folder watched twice), events parked per TreeWatch until it drains."""

    def __init__(self, libc: ctypes.CDLL, fd: int) -> None:
        self.libc = libc
        self.fd = fd
        self.lock = threading.RLock()
        self.subscribers: dict[int, dict[TreeWatch, str]] = {}  # wd -> {watch: its root-relative folder}
        self.overflowed: set[TreeWatch] = set()

    def add(self, watch: TreeWatch, full: str, rel: str) -> int:
        wd = int(self.libc.inotify_add_watch(self.fd, os.fsencode(full), MASK))
        if wd >= 0:
            self.subscribers.setdefault(wd, {})[watch] = rel
        return wd

    def remove(self, watch: TreeWatch, wds: list[int]) -> None:
        for wd in wds:
            subs = self.subscribers.get(wd)
            if subs is None:
                continue
            subs.pop(watch, None)
            if not subs:
                del self.subscribers[wd]
                self.libc.inotify_rm_watch(self.fd, wd)
        self.overflowed.discard(watch)

    def read(self) -> None:
        """Move every queued event to the pending changes of the watches it concerns."""
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return
            except OSError as exc:
                for each in list(self.subscribers.values()):
                    for watch in each:
                        watch.pending.need_sweep(f"reading inotify failed ({exc})")
                return
            if not data:
                return
            pos = 0
            while pos + _HEADER.size <= len(data):
                wd, mask, _cookie, size = _HEADER.unpack_from(data, pos)
                raw = data[pos + _HEADER.size : pos + _HEADER.size + size].split(b"\0", 1)[0]
                pos += _HEADER.size + size
                if mask & IN_Q_OVERFLOW:
                    for each in list(self.subscribers.values()):
                        for watch in each:
                            watch.pending.need_sweep("more changes than the kernel queue holds")
                    continue
                watchers = self.subscribers.get(wd)
                if not watchers:
                    continue
                if mask & IN_IGNORED:  # the folder is gone: the kernel dropped its watch
                    del self.subscribers[wd]
                    continue
                name = raw.decode("utf-8", "surrogateescape")
                for watch, folder in list(watchers.items()):
                    watch.event(mask, folder, name)


_INOTIFY: _Inotify | None = None
_INOTIFY_LOCK = threading.Lock()


def _instance() -> _Inotify | None:
    global _INOTIFY
    with _INOTIFY_LOCK:
        if _INOTIFY is None:
            libc = _libc()
            if libc is None:
                return None
            fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
            if fd < 0:
                logger.info("no file watcher: inotify_init1 failed (%s); queries sweep", os.strerror(ctypes.get_errno()))
                return None
            _INOTIFY = _Inotify(libc, fd)
        return _INOTIFY


class TreeWatch:
    """inotify watches on every folder of a tree (but SKIP_DIRS and those `skip` names), read with `drain()`."""

    def __init__(self, root: str, inotify: _Inotify, skip: Callable[[str], bool], budget: int) -> None:
        self.root = root
        self._inotify = inotify
        self._skip = skip
        self._budget = budget
        self._wds: list[int] = []
        self._closed = False
        self.pending = Changes()
        self._new_dirs: list[str] = []

    @classmethod
    def start(cls, root: str, *, skip: Callable[[str], bool] = lambda rel: False, max_watches: int = 50_000) -> TreeWatch | None:
        """Watch every folder under `root`; None when inotify is unavailable or the tree has too many folders."""
        inotify = _instance()
        if inotify is None:
            return None
        watch = cls(root, inotify, skip, min(max_watches, user_watch_limit() // 4))
        with inotify.lock:
            ok = watch._add_tree("")
        if not ok:
            logger.info("no file watcher: %s has more than %d folders (index.watch_max_folders, or a quarter of "
                        "fs.inotify.max_user_watches), or one could not be watched; queries sweep instead", root, watch._budget)
            watch.close()
            return None
        return watch

    @property
    def folders(self) -> int:
        return len(self._wds)

    def _add_tree(self, rel: str) -> bool:
        """Watch `rel` and every folder below it; False when the budget ran out (or a watch could not be added)."""
        stack = [rel]
        while stack:
            here = stack.pop()
            full = os.path.join(self.root, here) if here else self.root
            if len(self._wds) >= self._budget:
                return False
            wd = self._inotify.add(self, full, here)
            if wd < 0:
                err = ctypes.get_errno()
                if err in (errno.ENOENT, errno.ENOTDIR, errno.EACCES):
                    continue  # gone meanwhile, or not ours to read: the listing does not show it either
                logger.info("inotify_add_watch(%s) failed (%s)", full, os.strerror(err))
                return False
            self._wds.append(wd)
            try:
                with os.scandir(full) as entries:
                    for entry in entries:
                        if entry.name in SKIP_DIRS or not entry.is_dir(follow_symlinks=False):
                            continue
                        sub = f"{here}/{entry.name}" if here else entry.name
                        if not self._skip(sub):
                            stack.append(sub)
            except OSError:
                continue
        return True

    def event(self, mask: int, folder: str, name: str) -> None:
        """One event in one of this tree's folders (called by _Inotify.read under its lock)."""
        out = self.pending
        if mask & (IN_DELETE_SELF | IN_MOVE_SELF):
            out.need_sweep(f"the folder {folder or '.'} was moved or deleted")
            return
        if not name:
            return
        rel = f"{folder}/{name}" if folder else name
        if mask & IN_ISDIR:
            if name in SKIP_DIRS:
                return
            if mask & (IN_CREATE | IN_MOVED_TO) and not self._skip(rel):
                self._new_dirs.append(rel)
            out.need_sweep(f"the folder {rel} was created, moved or deleted")
            return
        if name in LISTING_FILES:
            out.need_sweep(f"{rel} changed (it decides which files are listed)")
        out.paths.add(rel)

    def drain(self) -> Changes:
        """Everything the kernel queued for this tree since the last drain."""
        with self._inotify.lock:
            if self._closed:
                out = Changes()
                out.need_sweep("the watcher is closed")
                return out
            self._inotify.read()
            new_dirs, self._new_dirs = self._new_dirs, []
            out, self.pending = self.pending, Changes()
            for rel in new_dirs:
                if not self._add_tree(rel):
                    out.need_sweep("the watch budget ran out")
            return out

    def close(self) -> None:
        with self._inotify.lock:
            if self._closed:
                return
            self._closed = True
            self._inotify.remove(self, self._wds)
            self._wds = []
