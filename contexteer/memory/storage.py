"""Durable file primitives for memory: atomic writes, the cross-process lock, user-only permissions.

An atomic write puts the bytes in a temp file in the target's own directory, fsyncs it, `os.replace`s
it over the target and fsyncs the directory, so a crash leaves either the old file or the new one.
Temp files are named `.tmp-*`; `sweep_temps` removes the ones a killed process left behind.

Nothing here follows a symlink inside the memory folder: with `memory.location: repo` the folder may
come from an untrusted clone, so a topic file, index, trash or checkpoints entry that is a link could
point anywhere. `read_plain` refuses links and special files (`NotPlainFile`), `real_dir` and
`ensure_real_dir` accept only real directories, and the lock never opens a linked lock file.

`CONTEXTEER_MEMORY_TEST_PAUSE=<seconds>` (tests only) makes an atomic write touch
`<dir>/.paused-<target name>` and sleep between the fsync of the temp file and the replace, so a test
can kill the process at exactly that point; `CONTEXTEER_MEMORY_TEST_PAUSE_ON=<file name>` limits the
pause to writes of that file.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
import tempfile
import time
from pathlib import Path

from filelock import FileLock, Timeout

from contexteer.errors import StorageError

logger = logging.getLogger(__name__)

TEMP_PREFIX = ".tmp-"
PAUSE_ENV = "CONTEXTEER_MEMORY_TEST_PAUSE"
PAUSE_ON_ENV = "CONTEXTEER_MEMORY_TEST_PAUSE_ON"
LOCK_TIMEOUT_SECONDS = 30.0
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class NotPlainFile(OSError):
    """A path in the memory folder that is a symlink or not a regular file: never read or written through."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(errno.ELOOP, what, str(path))
        self.path = path
        self.what = what


def link_kind(path: Path) -> str | None:
    """'a symlink' / 'not a regular file' when `path` must not be used as a memory file; None when fine or absent."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if stat.S_ISLNK(st.st_mode):
        return "a symlink"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    return None


def read_plain(path: Path, limit: int = -1) -> bytes:
    """The bytes (the first `limit` when given) of a regular file, never following a symlink.

    NotPlainFile for a link or a special file; FileNotFoundError when absent.
    """
    st = os.lstat(path)  # raises FileNotFoundError
    if stat.S_ISLNK(st.st_mode):
        raise NotPlainFile(path, "a symlink")
    if not stat.S_ISREG(st.st_mode):
        raise NotPlainFile(path, "not a regular file")
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # replaced by a link since the lstat
            raise NotPlainFile(path, "a symlink") from exc
        raise
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise NotPlainFile(path, "not a regular file")
        return fh.read(limit)


def read_plain_text(path: Path, limit: int = -1) -> str:
    return read_plain(path, limit).decode("utf-8", errors="replace")


def real_dir(path: Path) -> bool:
    """True for an existing directory that is not a symlink."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def ensure_real_dir(path: Path) -> Path:
    """Create a user-only sub-folder of the memory folder; refuse one that is a symlink or a file."""
    kind = "a symlink" if path.is_symlink() else ("not a directory" if path.exists() and not path.is_dir() else None)
    if kind:
        raise StorageError(
            f"{path.name!r} in the memory folder ({path.parent}) is {kind}; contexteer never writes through links there "
            "(a cloned repository may point them anywhere). Remove it (the link only, not what it points to) and retry."
        )
    return ensure_dir(path)


def ensure_dir(path: Path) -> Path:
    """Create a user-only directory (and its parents) if missing."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise StorageError(f"cannot create the memory folder {path.name!r} ({exc.strerror}). Check the data dir's permissions.") from exc
    return path


def fsync_dir(path: Path) -> None:
    if os.name == "nt":  # directories cannot be opened for fsync on Windows
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(target: Path, data: bytes | str) -> None:
    """Write `data` to `target` so that readers and crashes see either the old or the new content."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    directory = target.parent
    ensure_dir(directory)
    try:
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=directory)  # mode 0600
    except OSError as exc:
        raise StorageError(f"cannot write {target.name!r} ({exc.strerror}). Check free space and permissions of the memory folder.") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        _test_pause(target)
        os.replace(tmp, target)
        fsync_dir(directory)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise StorageError(f"writing {target.name!r} failed ({exc.strerror}); the previous version is intact. Check free space and retry.") from exc


def _test_pause(target: Path) -> None:
    raw = os.environ.get(PAUSE_ENV)
    if not raw:
        return
    only = os.environ.get(PAUSE_ON_ENV)
    if only and only != target.name:
        return
    try:
        seconds = float(raw)
    except ValueError:
        return
    marker = target.parent / f".paused-{target.name}"
    marker.write_text(str(os.getpid()))
    time.sleep(seconds)
    with contextlib.suppress(OSError):
        marker.unlink()


def atomic_delete(target: Path) -> bool:
    """Remove a file and make the removal durable; False if it was already gone."""
    try:
        target.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StorageError(f"cannot remove {target.name!r} ({exc.strerror}). Check the memory folder's permissions.") from exc
    fsync_dir(target.parent)
    return True


def sweep_temps(directory: Path) -> list[str]:
    """Delete temp files left by interrupted writes; return their names."""
    removed: list[str] = []
    if not real_dir(directory):
        return removed
    for path in directory.glob(TEMP_PREFIX + "*"):
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path.name)
    return removed


class DirLock:
    """The cross-process lock serialising every memory write (re-entrant within one process)."""

    def __init__(self, directory: Path) -> None:
        self._lock = FileLock(str(directory / ".lock"), timeout=LOCK_TIMEOUT_SECONDS, mode=0o600)

    def __enter__(self) -> DirLock:
        path = Path(self._lock.lock_file)
        ensure_dir(path.parent)
        if path.is_symlink():  # FileLock opens with O_TRUNC and would truncate the link's target
            logger.warning("memory: removed the symlink %s (a lock file is never opened through a link)", path)
            with contextlib.suppress(OSError):
                path.unlink()
        try:
            self._lock.acquire()
        except Timeout as exc:
            raise StorageError(
                f"the memory folder is locked by another process for more than {LOCK_TIMEOUT_SECONDS:.0f}s. "
                "Another contexteer may be stuck; retry, or stop the other process."
            ) from exc
        return self

    def __exit__(self, *exc: object) -> None:
        self._lock.release()


def secure_tree(directory: Path) -> None:
    """Make existing memory files user-only (older versions or hand copies may be wider); links are not followed."""
    with contextlib.suppress(OSError):
        os.chmod(directory, 0o700)
    for base, dirs, files in os.walk(directory, followlinks=False):
        for n in dirs + files:
            p = Path(base) / n
            if p.is_symlink():  # chmod would change the link's target
                continue
            with contextlib.suppress(OSError):
                os.chmod(p, 0o700 if p.is_dir() else 0o600)
