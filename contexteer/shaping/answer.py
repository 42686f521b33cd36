"""What a tool returns: one typed answer (a body and its framing) that the pipeline shapes and renders once.

A body is one of
    Text       plain text of a kind (a report, a listing, a file's text)
    FileLines  lines of a file with the number of the first one
    Hits       search hits (path, line, text) and the rows between them

and an `Answer` frames it: lines before (`head`) and after (`tail`), the typed model for structured output,
the request's terms, and its *scope*, which decides what happens when it is too large:

    open       the caller did not delimit it (a whole file, a search, a listing): digest or overview
    fitted     the tool already fitted it to one answer (an outline, a map, a page): passes whole
    delimited  the caller named exactly these lines (a range, a symbol): as many whole lines as fit, and the
               exact call that continues
    shaped     several answers of one call, each already shaped on its own (Services.several): passes as it is

No layer parses text another layer rendered: digesters read the typed body, and `render` is the one place a
body becomes the text the client hands the model.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel

logger = logging.getLogger(__name__)

__all__ = ["Hit", "Text", "FileLines", "Hits", "Body", "Continuation", "Answer", "Scope", "render", "number_lines",
           "render_row", "render_page", "cap_preface", "hit_lines",
           "rows_json", "rows_from_json"]

Scope = Literal["open", "fitted", "delimited", "shaped"]


@dataclass(frozen=True)
class Hit:
    """One search hit (or a context line around one): a file, a line number, the line's text."""

    path: str
    line: int
    text: str
    context: bool = False
    note: str = ""  # after the text: where the line sits (`in Head.Truncate 120-150`), how it was resolved


@dataclass
class Text:
    text: str
    kind: str = "text"  # code | log | search | json | text | markdown: picks the digester


@dataclass
class FileLines:
    path: str
    lines: list[str]  # the file's own lines (secrets in key blocks already masked)
    first: int = 1  # the number of lines[0]
    kind: str = "code"  # the digester for the file's content
    # the line above the lines when they are shown as they are, given the last line shown: "path:12-40 (of 300 lines)"
    header: Callable[[int], str] | None = None
    outline: list[tuple[int, int, str, str]] | None = None  # (start, end, name, kind): names folded bodies
    sep: str = "\t"  # between the line number and the text (`cat -n`'s tab: ~12% fewer tokens than "│")
    pad: bool = False  # right-align the line numbers
    # the comment blocks that fill whole lines, as (first, last) file lines, asked only when the lines do not pass
    # whole: a read too large for one answer shows all its code with them folded, when that fits
    comments: Callable[[], list[tuple[int, int]]] | None = None

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1


@dataclass
class Hits:
    """Rows of a search answer: hits, and plain rows between them (a heading, '--' between context blocks)."""

    rows: list[Hit | str]
    kind: str = "search"


Body = Text | FileLines | Hits


@dataclass
class Continuation:
    """How a delimited read goes on: the exact call from a given line, and what the caller asked for."""

    call: Callable[[int], str]  # the call that reads on from line n
    until: int  # the last line the caller asked for; past the body's last line when the tool cut at a cap
    cap_reason: str = ""  # why the body stops before `until`: "cut at the per-call cap of 400 lines"
    # an outline of the range within a token budget, shown when it is cut: (budget, cut for size rather than
    # at the tool's cap) -> lines
    preface: Callable[[int, bool], list[str]] | None = None
    more: str = ""  # appended to the continuation, e.g. " or read a nested definition by symbol="


@dataclass
class Answer:
    body: Body
    model: BaseModel | None = None  # the typed result (structuredContent when structured output is on)
    head: list[str] = field(default_factory=list)
    tail: list[str] = field(default_factory=list)
    scope: Scope = "open"
    terms: list[str] = field(default_factory=list)  # lines matching them are kept in a digest
    terms_regex: bool = False  # the terms are the caller's regular expressions, not literal text
    continuation: Continuation | None = None  # a delimited FileLines answer that may be cut
    # the typed result when the first n lines are shown (and these outline lines above them)
    page_model: Callable[[int, list[str]], BaseModel] | None = None

    @property
    def kind(self) -> str:
        return self.body.kind


def number_lines(lines: list[str], first: int, sep: str = "\t", pad: bool = False) -> list[str]:
    width = len(str(first + len(lines) - 1)) if pad else 0
    return [f"{n:>{width}}{sep}{text}" for n, text in enumerate(lines, start=first)]


def render_row(row: Hit | str) -> str:
    """`path:line: text` for a hit, `path-line- text` for a context line, a plain row as it is."""
    if isinstance(row, str):
        return row.replace("\n", " ")
    text = row.text.replace("\n", " ")  # one row, one line: rows and the stored result's lines stay aligned
    if row.note:
        text = f"{text}  — {row.note}"
    return f"{row.path}-{row.line}- {text}" if row.context else f"{row.path}:{row.line}: {text}"


def rows_json(rows: list[Hit | str]) -> str:
    """A search answer's rows as JSON, one per line (a plain row as a string), kept beside its stored text so
    fetch_result can show any part of it grouped as hit_lines does, without reading back its rendering."""
    return "\n".join(json.dumps(r if isinstance(r, str) else [r.path, r.line, r.text, r.context, r.note]) for r in rows)


def rows_from_json(text: str) -> list[Hit | str]:
    """The rows rows_json wrote (ValueError when the text is not such rows)."""
    out: list[Hit | str] = []
    for line in text.split("\n"):
        got = json.loads(line)
        if isinstance(got, str):
            out.append(got)
        elif isinstance(got, list) and len(got) == 5:
            out.append(Hit(str(got[0]), int(got[1]), str(got[2]), bool(got[3]), str(got[4])))
        else:
            raise ValueError(f"not a search row: {line[:80]}")
    return out


def hit_lines(rows: list[Hit | str]) -> list[str]:
    """Search hits as a model reads them whole: each file's path once, its hits below it as `line: text` (context
    lines `line- text`), and where hits in a row sit in the same definition, that note once above them. Hits alone
    (no context lines) lose their indentation. Rows of `path:line: text  — in X 10-90` repeated the path and the
    note on every line: 134 hits of `delegate|recurse` over 50 Rouge lexers were 5,350 tokens, grouped 3,310 (an
    overview became a digest, and it passes whole up to six times the passthrough size); a string row (a heading, `--`) is shown as it is and ends a file's group.
    The stored result of a cut answer keeps one row per line (`render_row`), so fetch_result's line numbers and a
    `^path:` pattern address it."""
    plain = not any(isinstance(r, Hit) and r.context for r in rows)
    out: list[str] = []
    path: str | None = None
    i = 0
    while i < len(rows):
        row = rows[i]
        if isinstance(row, str):
            if row == "--" and _next_path(rows, i + 1) != path:
                i += 1  # a new file's path separates its context blocks from the last file's
                continue
            out.append(row.replace("\n", " ") if row != "--" else "  --")
            if row != "--":
                path = None
            i += 1
            continue
        if row.path != path:
            path = row.path
            out.append(path)
        run = _note_run(rows, i) if plain and row.note else 1
        if run > 1:
            out.append(f"  {row.note}:")
            out.extend(f"    {r.line}: {_one_line(r.text, True)}" for r in rows[i:i + run] if isinstance(r, Hit))
            i += run
            continue
        text = _one_line(row.text, plain)
        if row.note:
            text = f"{text}  — {row.note}"
        out.append(f"  {row.line}- {text}" if row.context else f"  {row.line}: {text}")
        i += 1
    return out


def _one_line(text: str, strip: bool) -> str:
    text = text.replace("\n", " ")
    return text.strip() if strip else text.rstrip()


def _next_path(rows: list[Hit | str], i: int) -> str | None:
    """The file of the next hit row from i on (None when a heading or the end comes first)."""
    for row in rows[i:]:
        if isinstance(row, Hit):
            return row.path
        if row != "--":
            return None
    return None


def _note_run(rows: list[Hit | str], i: int) -> int:
    """How many hit rows from i on are in the same file with the same note."""
    first = rows[i]
    assert isinstance(first, Hit)
    n = 1
    while i + n < len(rows):
        r = rows[i + n]
        if not isinstance(r, Hit) or r.path != first.path or r.note != first.note or r.context:
            break
        n += 1
    return n


def body_lines(body: Body) -> list[str]:
    if isinstance(body, FileLines):
        return number_lines(body.lines, body.first, body.sep, body.pad)
    if isinstance(body, Hits):
        return hit_lines(body.rows)
    return [body.text] if body.text else []


def render_page(answer: Answer, shown: int, *, preface: list[str] | None = None, cut: str | None = None) -> str:
    """A FileLines answer with its first `shown` lines; `cut` says why it stops early ("cut to fit one answer
    …"); the continuation line is added whenever the lines shown stop before what the caller asked for."""
    body = answer.body
    assert isinstance(body, FileLines)
    out = [body.header(body.first + shown - 1)] if body.header else []
    out += answer.head
    out += preface or []
    out += number_lines(body.lines[:shown], body.first, body.sep, body.pad)
    cont = answer.continuation
    next_line = body.first + shown
    if cont is not None and next_line <= cont.until:
        why = cut or cont.cap_reason or "cut at the answer's size limit"
        out.append(f"… {why}; continue with {cont.call(next_line)}{cont.more}")
    out += answer.tail
    return "\n".join(out)


def cap_preface(answer: Answer, budget: int) -> list[str]:
    """The outline shown above a FileLines answer the tool cut at its own cap (none when it was not cut)."""
    body, cont = answer.body, answer.continuation
    if not isinstance(body, FileLines) or cont is None or cont.preface is None or body.last >= cont.until:
        return []
    return cont.preface(budget, False)


def render(answer: Answer, preface: list[str] | None = None) -> str:
    """The whole answer as text: what passes through when it is small enough."""
    body = answer.body
    if isinstance(body, FileLines):
        return render_page(answer, len(body.lines), preface=preface)
    return "\n".join([*answer.head, *body_lines(body), *answer.tail])
