"""structuredContent handling: redact every string, and shrink it to a budget while keeping it schema-valid."""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

import orjson

from contexteer.secrets import scrub

logger = logging.getLogger(__name__)

__all__ = ["redact_structured", "shrink_structured", "emptied", "json_size"]

_MIN_STRING = 120  # strings are never cut below this (enums, names, paths stay intact)


def json_size(obj: Any) -> int:
    return len(orjson.dumps(obj))


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


def shrink_structured(obj: dict[str, Any], max_bytes: int) -> tuple[dict[str, Any], bool]:
    """Shorten the longest lists (never below one element) and cut long strings until `obj` fits `max_bytes`.

    Only list lengths and long string values change, so the result validates against the same JSON
    schema unless that schema pins `minItems` above 1 or a pattern on a long string. Returns the
    (possibly new) object and whether anything was cut.
    """
    size = json_size(obj)
    if size <= max_bytes:
        return obj, False
    obj = orjson.loads(orjson.dumps(obj))  # private deep copy
    for _ in range(64):
        lists: list[tuple[int, list[Any]]] = []
        strings: list[tuple[int, Any, Any]] = []  # (len, container, key)
        _collect(obj, lists, strings)
        changed = False
        lists.sort(key=lambda t: -t[0])
        if lists and lists[0][0] > 0 and len(lists[0][1]) > 1:
            lst = lists[0][1]
            del lst[max(1, len(lst) // 2) :]
            changed = True
        else:
            strings.sort(key=lambda t: -t[0])
            if strings and strings[0][0] > _MIN_STRING:
                n, container, key = strings[0]
                container[key] = container[key][: max(_MIN_STRING, n // 2)] + "…"
                changed = True
        if not changed:
            break
        size = json_size(obj)
        if size <= max_bytes:
            break
    return obj, True


def _collect(v: Any, lists: list[tuple[int, list[Any]]], strings: list[tuple[int, Any, Any]]) -> int:
    """Fill `lists` with (serialized size, list) and `strings` with long strings; return v's size estimate."""
    if isinstance(v, dict):
        total = 2
        for k, x in v.items():
            if isinstance(x, str) and len(x) > _MIN_STRING:
                strings.append((len(x), v, k))
            total += len(k) + 4 + _collect(x, lists, strings)
        return total
    if isinstance(v, list):
        total = 2
        for i, x in enumerate(v):
            if isinstance(x, str) and len(x) > _MIN_STRING:
                strings.append((len(x), v, i))
            total += 1 + _collect(x, lists, strings)
        if len(v) > 1:
            lists.append((total, v))
        return total
    if isinstance(v, str):
        return len(v) + 2
    return len(orjson.dumps(v))


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
