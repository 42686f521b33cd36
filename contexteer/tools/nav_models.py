"""Output models of the navigation tools."""

from __future__ import annotations

import logging
from typing import Literal

from pydantic import BaseModel, Field

logger = logging.getLogger(__name__)


class Lean(BaseModel):
    """Base of the navigation output models (their advertised schemas are compacted centrally by
    `contexteer.server.schema.compact_registered_tools`)."""


class OutlineSymbol(Lean):
    qualname: str
    kind: str
    start_line: int
    end_line: int
    signature: str
    doc: str | None = None
    exported: bool = True


class MapFile(Lean):
    path: str
    symbols: list[str]  # 'start-end qualname'


class StructuredIndex(Lean):
    path: str
    mode: Literal["outline", "map"]
    symbols: list[OutlineSymbol] = Field(default_factory=list)
    files: list[MapFile] = Field(default_factory=list)
    files_total: int = 0
    files_shown: int = 0
    tokens: int = 0
    note: str | None = None


class SymbolHit(Lean):
    path: str
    qualname: str
    kind: str
    start_line: int
    end_line: int
    signature: str
    exported: bool
    references: int = 0


class RefSite(Lean):
    path: str
    line: int
    preview: str


class SymbolSearch(Lean):
    query: str
    total: int
    definitions: list[SymbolHit]
    references: list[RefSite] = Field(default_factory=list)
    references_total: int = 0
    next_cursor: str | None = None
    note: str | None = None


class DepEdge(Lean):
    source: str
    target: str
    line: int
    depth: int = 1


class ExternalPkg(Lean):
    package: str
    stdlib: bool = False
    used_by: int = 1
    declared: str | None = None


class DeclaredDep(Lean):
    name: str
    version: str
    manifest: str
    group: str


class Dependencies(Lean):
    path: str
    imports: list[DepEdge] = Field(default_factory=list)
    dependents: list[DepEdge] = Field(default_factory=list)
    external: list[ExternalPkg] = Field(default_factory=list)
    declared: list[DeclaredDep] = Field(default_factory=list)
    cycles: list[list[str]] = Field(default_factory=list)
    internal_edges: int = 0
    most_imported: list[str] = Field(default_factory=list)
    note: str | None = None


class TextHit(Lean):
    path: str
    line: int
    text: str
    context: bool = False


class TextSearch(Lean):
    pattern: str
    matches: int
    files: int
    truncated: bool
    timed_out: bool
    hits: list[TextHit]
