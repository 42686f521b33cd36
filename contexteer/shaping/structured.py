"""structuredContent handling: redact every string, and empty a typed answer whose content travels as shaped text."""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

from contexteer.secrets import scrub

logger = logging.getLogger(__name__)

__all__ = ["redact_structured", "emptied"]

_MIN_STRING = 120  # shorter strings (enums, names, paths) stay in an emptied answer


def redact_structured(obj: Any, fragments: dict[str, str] | None = None) -> tuple[Any, Counter[str]]:
    """A copy of `obj` with secrets in every string (values and keys) replaced; counts per kind.
    `fragments` (secrets.secret_fragments of the text result) are scrubbed too: one search hit per
    string cannot show that its line sits inside a key block, the text with adjacent lines can."""
    counts: Counter[str] = Counter()
    frags = fragments or {}

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            out, c = scrub(v, frags)
            counts.update(c)
            return out
        if isinstance(v, dict):
            return {walk(k) if isinstance(k, str) else k: walk(x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    return walk(obj), counts


def emptied(obj: dict[str, Any]) -> dict[str, Any]:
    """The same object with every list and long string emptied (schema-valid unless a schema pins minItems or
    minLength): the typed frame of an answer whose content is delivered as shaped text instead."""

    def walk(v: Any) -> Any:
        if isinstance(v, list):
            return []
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        if isinstance(v, str) and len(v) > _MIN_STRING:
            return ""
        return v

    return {k: walk(x) for k, x in obj.items()}
