"""Where a project's memory lives (data dir or `<root>/.contexteer/memory`), computed without creating it.

Reads must never create the memory folder (a read-only recall would otherwise leave an empty
`.contexteer/memory/` in the user's repository); the store creates it on its first write. With
`memory.location: repo` the folder may come from an untrusted clone, so a `.contexteer` or `memory`
that is a symlink is refused rather than followed.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from contexteer.errors import StorageError
from contexteer.memory.entries import INDEX_NAME
from contexteer.memory.storage import real_dir
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)

LOCATIONS = ("data", "repo")


def memory_path(ws: Workspace, location: str | None = None) -> Path:
    """The memory folder of `ws` for `location` (default: the configured one); never created here."""
    loc = location or ws.settings.memory.location
    if loc == "repo":
        base = ws.root / ".contexteer"
        for p in (base, base / "memory"):
            if p.is_symlink():
                raise StorageError(
                    f"{p} is a symlink; with memory.location=repo contexteer never follows links in the repository's "
                    "memory folder (a cloned repository may point them anywhere). Replace it with a real folder, "
                    "or set memory.location=data."
                )
        return base / "memory"
    return ws.data_dir / "memory"


def other_location(ws: Workspace) -> tuple[str, Path] | None:
    """The location not in use and its folder (None when it cannot be computed safely)."""
    other = "data" if ws.settings.memory.location == "repo" else "repo"
    try:
        return other, memory_path(ws, other)
    except (StorageError, OSError):
        return None


def count_topic_files(directory: Path) -> int:
    """How many plain topic files a memory folder holds (0 when it does not exist; links are not counted)."""
    if not real_dir(directory):
        return 0
    n = 0
    try:
        with os.scandir(directory) as it:
            for de in it:
                if (de.name.endswith(".md") and de.name != INDEX_NAME and not de.name.startswith(".")
                        and de.is_file(follow_symlinks=False)):
                    n += 1
    except OSError:
        return 0
    return n
