"""Build the typed answers the shaping tests feed the pipeline, from captured outputs (test data).

Tools hand the pipeline typed bodies; these tests start from captured text (ripgrep output, numbered file
ranges, logs), so this helper turns that test data into the body a tool would have built: `path:line: text`
rows into hits, `N│line` rows into file lines, anything else into text of its kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from contexteer.shaping.answer import Answer, FileLines, Hit, Hits, Text
from contexteer.shaping.pipeline import Pipeline, Shaped

_HIT = re.compile(r"^(?P<path>[^\s:][^:\n]*?):(?P<line>\d+):(?:\d+:)?\s?(?P<text>.*)$")
_CTX = re.compile(r"^(?P<path>[^\s:][^:\n]*?)-(?P<line>\d+)-\s?(?P<text>.*)$")
_NUMBERED = re.compile(r"^ *(\d+)(?:│|\t)")


@dataclass
class ShapeRequest:
    text: str
    kind: str = "text"
    terms: list[str] = field(default_factory=list)
    terms_regex: bool = False  # the terms are the caller's regular expressions (search_text regex=true)
    explicit: bool = False  # the tool fitted it (an outline, a page): passes whole up to the digest threshold
    is_error: bool = False
    tool: str = ""
    model: BaseModel | None = None
    outline: list[tuple[int, int, str, str]] | None = None
    path: str | None = None


def search_rows(text: str) -> list[Hit | str]:
    rows: list[Hit | str] = []
    for line in text.split("\n"):
        if line == "" and not rows:
            continue
        m = _HIT.match(line)
        if m:
            rows.append(Hit(m["path"], int(m["line"]), m["text"]))
            continue
        m = _CTX.match(line)
        rows.append(Hit(m["path"], int(m["line"]), m["text"], context=True) if m else line)
    while rows and rows[-1] == "":
        rows.pop()
    return rows


def answer_of(req: ShapeRequest) -> Answer:
    scope: Any = "fitted" if req.explicit else "open"
    lines = req.text.split("\n")
    if req.kind == "search":
        return Answer(Hits(search_rows(req.text)), req.model, terms=list(req.terms), terms_regex=req.terms_regex,
                      scope=scope)
    numbered = [i for i, ln in enumerate(lines) if _NUMBERED.match(ln)]
    if len(numbered) >= max(3, len(lines) // 2):  # a numbered file range as read_code_range shows it
        first = int(_NUMBERED.match(lines[numbered[0]]).group(1))  # type: ignore[union-attr]
        body = FileLines(req.path or "", [_NUMBERED.sub("", lines[i]) for i in numbered], first, kind=req.kind,
                         outline=req.outline)
        return Answer(body, req.model, head=lines[: numbered[0]], terms=list(req.terms), scope=scope)
    if req.outline is not None or req.path:
        body = FileLines(req.path or "", lines[:-1] if lines and lines[-1] == "" else lines, 1, kind=req.kind,
                         outline=req.outline)
        return Answer(body, req.model, terms=list(req.terms), scope=scope)
    return Answer(Text(req.text, req.kind), req.model, terms=list(req.terms), scope=scope)


def shape(pipeline: Pipeline, req: ShapeRequest) -> Shaped:
    return pipeline.shape(answer_of(req), tool=req.tool, args={"path": req.path} if req.path else None,
                          is_error=req.is_error)
