"""The JSON digester: the document's shape (keys, types, array lengths, one sample element), never the raw text."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import orjson

from contexteer.patterns import Matcher
from contexteer.shaping.fold import Digest, DigestInput, calibrate, clip

logger = logging.getLogger(__name__)

__all__ = ["digest_json", "parse_json"]


def parse_json(text: str) -> Any:
    """The parsed document, a list for JSON Lines, or raises ValueError."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        pass
    rows = [ln for ln in text.splitlines() if ln.strip()]
    if len(rows) < 2:
        raise ValueError("not JSON")
    return [orjson.loads(ln) for ln in rows]  # raises JSONDecodeError (a ValueError) on a non-JSON line


def _type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "str"
    if isinstance(v, list):
        return f"array[{len(v)}]"
    return f"object{{{len(v)}}}"


def _scalar(v: Any, width: int) -> str:
    s = orjson.dumps(v).decode()
    return clip(s, width)


class _NameList(NamedTuple):
    """A rendered line that lists key names, shortened at first (`_Shape.grow` names more)."""

    idx: int  # its index in the output
    prefix: str
    names: list[str]
    depth: int


class _Shape:
    def __init__(self, max_depth: int, max_keys: int, width: int) -> None:
        self.max_depth = max_depth
        self.max_keys = max_keys
        self.width = width
        self.out: list[str] = []
        self.lists: list[_NameList] = []

    def names(self, prefix: str, names: list[str], depth: int) -> None:
        """A line listing key names: first rendered short, later grown to what the budget leaves (`grow`)."""
        self.lists.append(_NameList(len(self.out), prefix, names, depth))
        self.out.append(prefix + _name_list(names, self.width * 2))

    def grow(self, est: Callable[[str], float], spare: float) -> None:
        """Spend `spare` tokens naming more keys in the shortened lists, shallow ones first."""
        for idx, prefix, names, _depth in sorted(self.lists, key=lambda t: (t.depth, t.idx)):
            now = est(self.out[idx])
            shown = self.out[idx].count(", ") + 1
            cost = 0.0
            k = shown
            while k < len(names):
                c = est(names[k] + ", ") - 1
                if cost + c > spare:
                    break
                cost += c
                k += 1
            if k > shown:
                line = prefix + ", ".join(names[:k]) + (f", … +{len(names) - k} more" if k < len(names) else "")
                spare -= est(line) - now
                self.out[idx] = line
            if spare < 8:
                break

    def walk(self, v: Any, label: str, depth: int) -> None:
        pad = "  " * depth
        if isinstance(v, dict):
            self.out.append(f"{pad}{label}object{{{len(v)} keys}}")
            if depth >= self.max_depth:
                if v:
                    self.names(f"{pad}  keys: ", list(map(str, v)), depth)
                return
            for k, (key, val) in enumerate(v.items()):
                if k >= self.max_keys:
                    rest = list(map(str, v))[k:]
                    self.names(f"{pad}  … {len(rest)} more keys: ", rest, depth)
                    break
                self.walk(val, f"{key}: ", depth + 1)
        elif isinstance(v, list):
            kinds = sorted({_type(x).split("[")[0].split("{")[0] for x in v})
            self.out.append(f"{pad}{label}array[{len(v)}] of {'|'.join(kinds) or 'nothing'}")
            if not v:
                return
            if all(isinstance(x, dict) for x in v) and len(v) > 1:
                seen: dict[str, int] = {}
                for x in v:
                    for key in x:
                        seen[key] = seen.get(key, 0) + 1
                first = v[0]
                extra = [k for k in seen if k not in first]
                partial = [k for k in first if seen.get(k, 0) < len(v)]
                if extra:
                    self.names(f"{pad}  keys in other elements only: ", list(map(str, extra)), depth)
                if partial:
                    self.names(f"{pad}  optional keys: ", list(map(str, partial)), depth)
            if depth >= self.max_depth:
                self.out.append(f"{pad}  sample [0]: {_scalar(v[0], self.width)}")
                return
            if isinstance(v[0], dict | list):
                self.walk(v[0], "[0]: ", depth + 1)
            else:
                self.out.append(f"{pad}  sample: {_scalar(v[0], self.width)}")
        else:
            self.out.append(f"{pad}{label}{_type(v)} {_scalar(v, self.width)}")


def _scaled(est: Callable[[str], float], factor: float, text: str) -> float:
    return est(text) * factor


def _name_list(names: list[str], max_chars: int) -> str:
    """`a, b, c, … +12 more` within about max_chars."""
    out: list[str] = []
    size = 0
    for name in names:
        if out and size + len(name) + 2 > max_chars:
            break
        out.append(clip(name, max_chars))
        size += len(name) + 2
    rest = len(names) - len(out)
    return ", ".join(out) + (f", … +{rest} more" if rest else "")


def _paths(v: Any, rx: Matcher, path: str, out: list[str], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(v, dict):
        for k, x in v.items():
            p = f"{path}.{k}" if path else str(k)
            if rx.search(str(k)) and not isinstance(x, dict | list):
                out.append(f"{p} = {_scalar(x, 80)}")
            elif isinstance(x, dict | list):
                if rx.search(str(k)):
                    out.append(f"{p}: {_type(x)}")
                _paths(x, rx, p, out, limit)
            elif isinstance(x, str) and rx.search(x):
                out.append(f"{p} = {_scalar(x, 80)}")
            if len(out) >= limit:
                return
    elif isinstance(v, list):
        for i, x in enumerate(v):
            p = f"{path}[{i}]"
            if isinstance(x, dict | list):
                _paths(x, rx, p, out, limit)
            elif isinstance(x, str) and rx.search(x):
                out.append(f"{p} = {_scalar(x, 80)}")
            if len(out) >= limit:
                return


def digest_json(inp: DigestInput) -> Digest | None:
    ls = inp.ls
    text = "\n".join(ls.lines)
    try:
        doc = parse_json(text)
    except ValueError:
        return None
    matches: list[str] = []
    if inp.terms is not None:
        _paths(doc, inp.terms, "", matches, 40)
    budget = inp.budget
    body: list[str] = []
    settings = [(6, 40, 80), (5, 25, 60), (4, 15, 50), (3, 12, 40), (2, 10, 40), (1, 8, 30), (0, 0, 30)]
    if inp.tier == "overview":
        settings = settings[1:]
    for depth, keys, width in settings:
        shape = _Shape(depth, keys, width)
        shape.walk(doc, "", 0)
        body = shape.out
        cost = sum(ls.est(x) for x in body) + sum(ls.est(x) for x in matches[:20])
        if cost <= budget:
            if shape.lists:
                cal = calibrate(ls, body)
                shape.grow(partial(_scaled, ls.est, cal), (budget - cost * cal) * 0.97)
            break
    else:
        body = body[: max(1, int(budget // 12))] + ["… shape cut to fit the budget"]
    if matches:
        used = sum(ls.est(x) for x in body)
        body.append("")
        body.append("paths matching the request's terms:")
        for m in matches:
            if used + ls.est(m) > budget:
                body.append("… more matches: fetch_result(pattern=…)")
                break
            used += ls.est(m)
            body.append(m)
    top = _type(doc)
    return Digest(body=body, stats=f"JSON {top}", pattern=None)
