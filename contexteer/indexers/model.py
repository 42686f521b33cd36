"""The typed rows the structure index answers with (all lines 1-based and inclusive, paths root-relative '/')."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)

SYMBOL_KINDS = (
    "module", "class", "interface", "struct", "enum", "trait", "type", "impl", "function", "method",
    "constant", "variable", "field", "heading", "namespace",
)
REFERENCE_KINDS = ("call", "type", "import", "other")


@dataclass(frozen=True)
class Symbol:
    id: int
    path: str
    name: str
    qualname: str
    kind: str
    start_line: int
    end_line: int
    signature: str
    doc: str | None
    exported: bool
    parent_id: int | None
    language: str


@dataclass(frozen=True)
class Reference:
    path: str
    name: str
    line: int
    kind: str


@dataclass(frozen=True)
class Import:
    """`module` is the specifier as written ("..utils", "./a", "fmt", "crate::x::y"); C/C++ quoted includes
    keep their quotes ('"local.h"') while system includes do not ('stdio.h')."""

    path: str
    module: str
    names: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class FileInfo:
    path: str
    language: str | None
    size: int
    mtime_ns: int
    sha: str | None
    status: str  # indexed | too_large | binary | unsupported | error
    has_errors: bool
    n_symbols: int
    error: str | None = None


@dataclass(frozen=True)
class BuildStatus:
    complete: bool
    files_total: int
    files_done: int

    @property
    def percent(self) -> float:
        if self.complete or self.files_total <= 0:
            return 100.0
        return min(100.0, 100.0 * self.files_done / self.files_total)

    def note(self) -> str | None:
        """'index 43% built (780/1812 files); answers cover the indexed part' while a build runs."""
        if self.complete:
            return None
        if self.files_total > 0 and self.files_done >= self.files_total:  # parsed; the last rows being written
            return (f"index finishing: all {self.files_total} files parsed, the last of them being stored; ask again "
                    "in a few seconds if a definition is missing.")
        return (
            f"index {self.percent:.0f}% built ({self.files_done}/{self.files_total} files); this answer covers "
            "only the indexed part. Ask again in a few seconds for a complete answer."
        )


@dataclass
class RefreshReport:
    added: list[str] = field(default_factory=list)
    modified: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    unchanged: int = 0
    seconds: float = 0.0
    skipped: bool = False  # throttled, or another process holds the index lock
    reason: str | None = None

    @property
    def changed(self) -> int:
        return len(self.added) + len(self.modified) + len(self.deleted)
