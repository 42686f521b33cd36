"""Where the syntax errors are: the lines of one file's ERROR and MISSING nodes, and a report over the indexed files
that the index flags, grouped by directory (the `list_syntax_errors` tool and `contexteer index --syntax-errors`).

The index stores only a flag per file; the lines are found by parsing the flagged files again exactly as the
index did (extract.parse_prepared: C macro repairs, Rust macro bodies), at most `max_files` of them per report.
"""

from __future__ import annotations

import logging
import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from contexteer.indexers import languages
from contexteer.indexers.extract import ParseTimeout, parse_prepared
from contexteer.indexers.model import FileInfo
from contexteer.indexers.rust_macros import error_node_list

logger = logging.getLogger(__name__)

ERRORS_PER_FILE = 5  # lines listed per file; the rest are counted


@dataclass(frozen=True)
class SyntaxErrorAt:
    """One error: its first line (1-based), the source line's text, and what tree-sitter made of it."""

    line: int
    text: str
    missing: str | None = None  # the token tree-sitter inserted (`;`, `}`) when it is a MISSING node


@dataclass
class FileErrors:
    path: str
    language: str
    errors: list[SyntaxErrorAt] = field(default_factory=list)
    total: int = 0  # errors in the file (more than listed when cut at ERRORS_PER_FILE)
    note: str | None = None  # why no lines could be given (unreadable, timed out, fixed since indexing)


@dataclass
class ErrorReport:
    scope: str  # the directory or file asked about ('.' for the root)
    files_indexed: int  # indexed files under scope
    files_with_errors: int  # of those, flagged by the index
    files: list[FileErrors] = field(default_factory=list)  # the first max_files of the flagged ones, in path order
    # the files under scope the index could not read at all (path, why): their definitions are in no answer
    not_indexed: list[tuple[str, str]] = field(default_factory=list)

    def by_directory(self) -> list[tuple[str, list[FileErrors]]]:
        out: dict[str, list[FileErrors]] = {}
        for f in self.files:
            out.setdefault(posixpath.dirname(f.path) or ".", []).append(f)
        return list(out.items())


def error_lines(data: bytes, spec: languages.LanguageSpec, limit: int = ERRORS_PER_FILE,
                timeout: float | None = 5.0) -> tuple[list[SyntaxErrorAt], int]:
    """The first `limit` syntax errors of a file as the index parses it, in line order, and how many there are
    (one per line: an ERROR node spanning lines counts at its first)."""
    tree = parse_prepared(data, spec, timeout).tree
    if not tree.root_node.has_error:
        return [], 0
    nodes = error_node_list(tree.root_node)
    lines = data.split(b"\n")
    found: dict[int, SyntaxErrorAt] = {}
    for node in sorted(nodes, key=lambda n: (n.start_point.row, n.start_byte)):
        row = node.start_point.row
        if row in found:
            continue
        text = lines[row].decode("utf-8", "replace").strip() if row < len(lines) else ""
        found[row] = SyntaxErrorAt(row + 1, text[:120], node.type if node.is_missing else None)
    ordered = list(found.values())
    return ordered[:limit], len(ordered)


def report(flagged: Iterable[tuple[str, str | None]], files_indexed: int, scope: str, read: Callable[[str], bytes | None],
           max_files: int = 50) -> ErrorReport:
    """The report over the files the index flags under `scope` ((path, language) pairs, any order): the first
    `max_files` in path order with their error lines."""
    flagged = sorted(flagged)
    out = ErrorReport(scope=scope, files_indexed=files_indexed, files_with_errors=len(flagged))
    for path, language in flagged[:max_files]:
        entry = FileErrors(path, language or "?")
        spec = languages.BY_NAME.get(language or "")
        data = read(path)
        if spec is None or data is None:
            entry.note = "cannot be read now"
        else:
            try:
                entry.errors, entry.total = error_lines(data, spec)
            except ParseTimeout:
                entry.note = "parsing took too long"
            if entry.note is None and not entry.total:
                entry.note = "no syntax error now (changed since it was indexed)"
        out.files.append(entry)
    return out


def report_for(files: Iterable[FileInfo], rel: str, is_dir: bool, read: Callable[[str], bytes | None],
               max_files: int = 50) -> ErrorReport:
    """The report over the index's files (`StructureIndex.files()`) under `rel`: a directory, or one file."""
    prefix = "" if rel in ("", ".") else rel.rstrip("/") + "/"
    files = list(files)
    under = [f for f in files if f.status == "indexed" and (f.path.startswith(prefix) if is_dir else f.path == rel)]
    out = report([(f.path, f.language) for f in under if f.has_errors], len(under), rel or ".", read, max_files)
    # (tclap run 602: two headers past their parse time limit were said nowhere; the answers calling themselves
    # complete had missed everything in them)
    out.not_indexed = [(f.path, f.error or "could not be parsed") for f in files if f.status == "error"
                       and (f.path.startswith(prefix) if is_dir else f.path == rel)][:max_files]
    return out


def render(rep: ErrorReport) -> str:
    """The report as text: a header saying N of M, then one block per directory."""
    where = "the repository" if rep.scope in (".", "") else rep.scope
    failed = [f"{len(rep.not_indexed)} file{'s' if len(rep.not_indexed) != 1 else ''} under {where} could not be "
              "indexed: no answer has their definitions or calls (edit or touch a file to index it again)"] \
        + [f"  {p}: {why}" for p, why in rep.not_indexed] if rep.not_indexed else []
    if not rep.files_with_errors:
        return "\n".join([f"No syntax errors: none of the {rep.files_indexed} indexed files under {where} has one.", *failed])
    shown = len(rep.files)
    head = (f"{rep.files_with_errors} of {rep.files_indexed} indexed files under {where} have syntax errors"
            + (f" (the first {shown} by path shown; pass a directory to see others)" if shown < rep.files_with_errors else "")
            + ". Definitions after an error may be missing or misplaced; lines are where tree-sitter recovered.")
    out = [head]
    for d, files in rep.by_directory():
        out.append("")
        out.append(f"{d}/ ({len(files)} file{'s' if len(files) != 1 else ''})")
        for f in files:
            name = posixpath.basename(f.path)
            if f.note:
                out.append(f"  {name} ({f.language}): {f.note}")
                continue
            more = f" (+{f.total - len(f.errors)} more)" if f.total > len(f.errors) else ""
            out.append(f"  {name} ({f.language}): {f.total} error line{'s' if f.total != 1 else ''}{more}")
            for e in f.errors:
                what = f"missing `{e.missing}`" if e.missing else "unexpected"
                out.append(f"    {e.line}: {e.text or '(blank)'}  [{what}]")
    return "\n".join(out + ([""] + failed if failed else []))
