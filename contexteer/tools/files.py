"""read_code_range: exact, numbered line ranges of a file, or the whole file shaped by its kind."""

from __future__ import annotations

import logging
from typing import Annotated

from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from contexteer.errors import InputError
from contexteer.tools.base import Services, respond
from contexteer.workspace import read_text_file

logger = logging.getLogger(__name__)


class CodeRange(BaseModel):
    path: str = Field(description="Root-relative path.")
    start_line: int
    end_line: int
    total_lines: int
    content: str = Field(description="The lines, numbered.")
    next_start_line: int | None = Field(None, description="Where to continue when the per-call line cap cut the range.")


def number_lines(lines: list[str], first: int) -> str:
    width = len(str(first + len(lines) - 1))
    return "\n".join(f"{n:>{width}}│{text}" for n, text in enumerate(lines, start=first))


def split_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln.rstrip("\r") for ln in lines]


def register(mcp: object, svc: Services) -> None:
    cap = svc.settings.workspace.max_lines_per_call

    @svc.tool(
        "read_code_range",
        kind="code",
        description=(
            "Read lines of a file with line numbers (1-based, inclusive). With no range, the whole file "
            "comes back shaped by its kind (outline + signal lines for code, errors for logs)."
        ),
    )
    def read_code_range(
        path: Annotated[str, Field(description="File path relative to the repository root.")],
        start_line: Annotated[int | None, Field(description="First line (1-based).")] = None,
        end_line: Annotated[int | None, Field(description="Last line, inclusive.")] = None,
    ) -> Annotated[CallToolResult, CodeRange]:
        res = svc.ws.resolve(path, kind="file")
        text = read_text_file(svc.ws, res)
        lines = split_lines(text)
        total = len(lines)
        if start_line is None and end_line is None:
            return _whole_file(res.rel, text, lines)
        start = 1 if start_line is None else start_line
        end = total if end_line is None else end_line
        if start < 1 or end < 1:
            raise InputError(f"line numbers are 1-based; got start_line={start_line}, end_line={end_line}. Use 1 for the first line.")
        if start > end:
            raise InputError(f"start_line {start} is after end_line {end}. Swap them or pass a start_line <= end_line.")
        if total == 0:
            raise InputError(f"'{res.rel}' is empty (0 lines); there is nothing to read.")
        if start > total:
            raise InputError(
                f"start_line {start} is past the end of '{res.rel}', which has {total} lines. "
                f"Pass a start_line between 1 and {total}."
            )
        end = min(end, total)
        next_start = None
        if end - start + 1 > cap:
            end = start + cap - 1
            next_start = end + 1
        body = number_lines(lines[start - 1 : end], start)
        header = f"{res.rel}:{start}-{end} (of {total} lines)"
        if next_start is not None:
            footer = (
                f"\n… cut at the per-call cap of {cap} lines; continue with "
                f"read_code_range(path=\"{res.rel}\", start_line={next_start}, end_line={min(total, next_start + cap - 1)})"
            )
        else:
            footer = ""
        model = CodeRange(path=res.rel, start_line=start, end_line=end, total_lines=total, content=body, next_start_line=next_start)
        return respond(model, f"{header}\n{body}{footer}", explicit=True)

    def _whole_file(rel: str, text: str, lines: list[str]) -> CallToolResult:
        from contexteer.shaping.kinds import kind_for_path

        kind = kind_for_path(rel)
        total = len(lines)
        model = CodeRange(path=rel, start_line=1 if total else 0, end_line=total, total_lines=total, content=text)
        if total <= cap and len(text) <= 4 * svc.settings.context_mode_mcp.max_direct_passthrough:
            # Small enough to pass untouched: give it line numbers so the next call can cite them.
            body = number_lines(lines, 1)
            model.content = body
            return respond(model, f"{rel}:1-{total} (whole file)\n{body}", kind=kind)
        # Larger: the raw text goes to the pipeline, whose digesters keep signal lines with their file
        # line numbers (the text starts at line 1) and fold the rest into addressable gaps.
        return respond(model, text, kind=kind)
