"""Diagnostics tools: list_syntax_errors (which files and lines the parser could not read, by directory)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Annotated

from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

from contexteer.errors import InputError
from contexteer.shaping.answer import Answer, Text
from contexteer.tools.base import Services, tool
from contexteer.tools.progress import run

logger = logging.getLogger(__name__)

MAX_FILES = 200


class ErrorLine(BaseModel):
    line: int
    text: str
    missing: str | None = Field(None, description="The token the parser inserted, when one was missing.")


class FileSyntaxErrors(BaseModel):
    path: str
    language: str
    errors: list[ErrorLine] = Field(default_factory=list)
    total: int = Field(0, description="Error lines in the file (more than listed past 5).")
    note: str | None = None


class NotIndexed(BaseModel):
    path: str
    reason: str


class SyntaxErrors(BaseModel):
    path: str
    files_indexed: int
    files_with_errors: int
    files: list[FileSyntaxErrors] = Field(default_factory=list)
    not_indexed: list[NotIndexed] = Field(default_factory=list, description="Files the index could not read at all "
                                          "(a parse past its time limit, a parser crash): no answer has their definitions.")
    note: str | None = None


@tool(
    "list_syntax_errors",
    output=SyntaxErrors,
    description="Files the parser flags with syntax errors under a path, with the lines, by directory.",
)
async def list_syntax_errors(
    svc: Services,
    ctx: Context,
    path: Annotated[str, Field(description="File or directory ('.' = project).")] = ".",
    max_files: Annotated[int, Field(ge=1, le=MAX_FILES, description="Files listed (in path order).")] = 50,
) -> Answer:
    res = svc.ws.resolve(path, kind="any")
    nav = svc.nav

    def work(cb: Callable[[int, int], None] | None) -> Answer:
        is_dir = res.real.is_dir()
        rep, note = nav.syntax_errors(cb, res.rel, is_dir, max_files)
        if not is_dir and rep.files_indexed == 0 and not rep.not_indexed:
            raise InputError(f"{res.rel} is not an indexed source file (no registered language, or too large/"
                             f"binary), so it has no syntax errors to list. Pass a directory or a source file.")
        model = SyntaxErrors(path=res.rel or ".", files_indexed=rep.files_indexed,
                             files_with_errors=rep.files_with_errors, note=note,
                             files=[FileSyntaxErrors(path=f.path, language=f.language, total=f.total, note=f.note,
                                                     errors=[ErrorLine(line=e.line, text=e.text, missing=e.missing)
                                                             for e in f.errors]) for f in rep.files],
                             not_indexed=[NotIndexed(path=p, reason=why) for p, why in rep.not_indexed])
        # the parsing stack: not imported by a new server's start
        from contexteer.indexers import syntax_errors

        text = syntax_errors.render(rep)
        return Answer(Text(text), model, head=[note] if note else [])

    return await run(ctx, work)
