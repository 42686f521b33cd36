"""A text search that is no oracle for secrets: a line matches only where the pattern matches outside its secrets.

ripgrep matches the raw file. Reporting its verdict as it is turns every search into a test of a guess: a
redacted AWS key was rebuilt in 81 match/no-match calls (issue 18). Dropping hits whose match overlaps a secret is
not enough either: with `AKIAB|word-elsewhere-on-the-line` the hit stays or goes with the guess, and so would a
capped search's stopping point or the context lines around a dropped hit.

So a line that holds a secret is matched as if the secret were masked: it matches iff the pattern has a match
lying wholly inside one of its clean segments (the text between secrets), with the line around the segment as
context for `^`, `$` and `\\b` (RE2 matches within a range of a larger text that way). Such a match is also a
match of the raw line at the same place, so ripgrep reports every line this keeps; which lines are kept, shown as
context or counted toward the cap then depends only on the line's clean text and where its secrets are, never on
what the secrets are. The line is shown with each secret replaced by its marker.

Secrets are found per line (`contexteer.secrets`); a line that may belong to a key block (a long base64 word, a
BEGIN/END line) is judged with the secrets of its whole file, read once per search (files up to
`workspace.max_file_bytes`; past that, such a line counts as a secret as a whole). A pattern RE2 cannot run
(ripgrep accepts a few forms RE2 refuses) matches no line that holds a secret.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import re2

from contexteer.secrets import line_spans
from contexteer.workspace import Workspace, repo_text

logger = logging.getLogger(__name__)

__all__ = ["SecretMask", "smart_case_sensitive"]

Spans = list[tuple[int, int, str]]

#: A line that may be part of a key block: BEGIN/END lines, and base64 words alone on a line (a body line, or the
#: shorter last line when it holds a digit or base64 punctuation).
_KEYISH = re.compile(r"\s*(?:[A-Za-z0-9+/]{16,}={0,2}|(?=\S*[0-9+/=])[A-Za-z0-9+/]{3,}={0,2})\s*$")
_ARMOR = re.compile(r"-----(?:BEGIN|END) (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
_ESCAPES = re.compile(r"\\(?:[pP]\{[^}]*\}|[pP].|x\{[^}]*\}|x[0-9A-Fa-f]{2}|.)", re.S)
_MAX_MEM = 4 << 20
_MAX_PROGRAM = 5000


def smart_case_sensitive(pattern: str, regex: bool) -> bool:
    """ripgrep's smart case, decided here so the search and the masked re-match agree: case-sensitive iff the
    pattern has an upper-case letter outside escapes (`\\W`, `\\p{Lu}`, `\\x41` do not count)."""
    text = _ESCAPES.sub("", pattern) if regex else pattern
    return any(c.isupper() for c in text)


class SecretMask:
    """The secret-aware verdict and display of one search's lines (one instance per search: it caches files)."""

    def __init__(self, ws: Workspace, pattern: str, *, regex: bool, ignore_case: bool) -> None:
        self.ws = ws
        self.regex = regex
        self.ignore_case = ignore_case
        self.literal = pattern.lower() if ignore_case else pattern
        self._raw: Any = None
        self._runnable = True
        if regex:
            self._raw = self._compile(pattern)
            self._runnable = self._raw is not None
        self._files: dict[str, dict[int, Spans] | None] = {}

    # ----- which lines hold secrets --------------------------------------------------------------------
    def spans(self, path: str, line: int, text: str) -> Spans:
        """The secret spans of `text`, line `line` (1-based) of `path`; empty for a line without secrets. A key
        block's BEGIN and END lines are not secrets themselves: searching for them finds where keys are."""
        if "PRIVATE KEY" in text or _KEYISH.match(text):
            by_line = self._file_spans(path)
            if by_line is None:  # unreadable or too large: a key-looking line is a secret as a whole
                found = line_spans(text).get(0, [])
                found = found or ([] if _ARMOR.search(text) else [(0, len(text), "key material")])
            else:
                found = by_line.get(line - 1, [])
            return _without_armor(text, found)
        return _without_armor(text, line_spans(text).get(0, []))  # find_secrets' own pre-checks are cheap

    def _file_spans(self, path: str) -> dict[int, Spans] | None:
        if path not in self._files:
            self._files[path] = self._read_spans(path)
        return self._files[path]

    def _read_spans(self, path: str) -> dict[int, Spans] | None:
        text = repo_text(self.ws, path)  # the checks of any read: confined, a regular file within max_file_bytes
        return line_spans(text) if text is not None else None

    # ----- the verdict and the display -------------------------------------------------------------------
    def counts(self, path: str, line: int, text: str) -> bool:
        """Whether a line ripgrep matched is a match here: it holds no secret, or the pattern matches outside every
        secret. Totals counted past a cap, or in another case, ask this as the hits shown do, so no count tells a
        right guess at a secret from a wrong one."""
        spans = self.spans(path, line, text)
        return not spans or self.clean_match(text, spans) is not None

    def clean_match(self, text: str, spans: Spans) -> int | None:
        """Where (a character offset) the pattern first matches wholly inside a clean segment of `text`, or None."""
        if not self._runnable:
            return None
        segments = _clean_segments(len(text), spans)
        if not self.regex:
            hay = text.lower() if self.ignore_case else text
            for a, b in segments:
                i = hay.find(self.literal, a, b)
                if i != -1:
                    return i
            return None
        data = _utf8(text)
        ascii_text = len(data) == len(text)
        for a, b in segments:
            ba, bb = (a, b) if ascii_text else (len(_utf8(text[:a])), len(_utf8(text[:b])))
            s, _ = self._raw.Match(_UNANCHORED, data, ba, bb)[0]
            if s != -1:
                return s if ascii_text else len(data[:s].decode("utf-8", "replace"))
        return None

    @staticmethod
    def masked(text: str, spans: Spans) -> tuple[str, list[tuple[int, int]]]:
        """`text` with each secret replaced by its marker, and how offsets moved: (raw offset, shift) pairs."""
        parts: list[str] = []
        shifts: list[tuple[int, int]] = []
        pos = shift = 0
        for s, e, kind in sorted(spans):
            marker = f"[REDACTED {kind}]"
            parts += [text[pos:s], marker]
            shift += len(marker) - (e - s)
            shifts.append((e, shift))
            pos = e
        parts.append(text[pos:])
        return "".join(parts), shifts

    # ----- internals ---------------------------------------------------------------------------------------
    def _compile(self, pattern: str) -> Any:
        opts = re2.Options()
        opts.case_sensitive = not self.ignore_case
        opts.never_capture = True
        opts.log_errors = False
        opts.max_mem = _MAX_MEM
        make = getattr(re2, "_Regexp", re2.compile)  # uncached: distinct patterns must not fill a module-wide cache
        try:
            compiled = make(pattern.encode("utf-8", "surrogatepass"), opts)
        except (re2.error, UnicodeError):
            logger.info("pattern %.200r does not compile on RE2: lines holding secrets will not match it", pattern)
            return None
        if int(compiled.programsize) > _MAX_PROGRAM or _UNANCHORED is None:
            return None
        return compiled._regexp


def moved(offset: int, shifts: list[tuple[int, int]]) -> int:
    """A raw offset in the masked text (see SecretMask.masked)."""
    shift = 0
    for end, s in shifts:
        if offset >= end:
            shift = s
    return offset + shift


def _without_armor(text: str, spans: Spans) -> Spans:
    """`spans` less the BEGIN/END armor of key blocks (`-----BEGIN RSA PRIVATE KEY-----`)."""
    armor = [m.span() for m in _ARMOR.finditer(text)] if "PRIVATE KEY" in text else []
    if not armor:
        return spans
    out: Spans = []
    for s, e, kind in spans:
        pos = s
        for a, b in armor:
            if b <= pos or a >= e:
                continue
            if a > pos:
                out.append((pos, a, kind))
            pos = max(pos, b)
        if pos < e:
            out.append((pos, e, kind))
    return out


def _clean_segments(n: int, spans: Spans) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = 0
    for s, e, _ in sorted(spans):
        out.append((pos, max(pos, s)))
        pos = max(pos, e)
    out.append((pos, n))
    return out


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", errors="replace")


_UNANCHORED: Any = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
