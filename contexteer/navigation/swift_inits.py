"""Swift: which initializer a construction (`ClassDefinition(name: n, associatedType: T.self, elements: e())`) calls,
told by its argument labels. A type with several `init`s was answered by the type alone, and the Swift A/B agent
read the type's outline and its inits to match the labels by hand (runs 54 and 55, two calls each)."""

from __future__ import annotations

import re
from typing import Any

from contexteer.indexers.syntax import swift_params, top_level

#: a Swift function named by its argument labels, as Swift writes it: `cast(jsValue:appContext:)`, `add(_:)`
_SELECTOR = re.compile(r"\s*([^()\s]+?)\s*\(\s*((?:(?:\w+|_)\s*:\s*)+)\)\s*")


def selector(q: str) -> tuple[str, list[str]] | None:
    """('AnyDynamicType.cast', ['jsValue', 'appContext']) for 'AnyDynamicType.cast(jsValue:appContext:)'; None for
    anything else (`Jsoup.parse(String, String)` names parameter types)."""
    m = _SELECTOR.fullmatch(q)
    return (m.group(1), re.findall(r"(\w+)\s*:", m.group(2))) if m else None


def selector_of(sym: Any, name: str) -> str | None:
    """`name(jsValue:appContext:)` for a Swift function or initializer; None when its header is cut."""
    labels = func_labels(sym.signature or "", sym.name)
    return f"{name}({''.join(f'{label}:' for label, _ in labels)})" if labels is not None else None


def func_labels(signature: str, name: str) -> list[tuple[str, bool]] | None:
    """(argument label or '_', has a default) of each parameter of the function `name` in its header."""
    return _labels(signature, re.escape(name) if name != "init" else r"init[?!]?")


def init_labels(signature: str) -> list[tuple[str, bool]] | None:
    """(argument label or '_', has a default) of each parameter of `init(...)`; None when the header is cut."""
    return _labels(signature, r"init[?!]?")


def _labels(signature: str, name: str) -> list[tuple[str, bool]] | None:
    got = swift_params(signature, name)
    return [(label, default) for label, default, _ in got] if got is not None else None


def call_labels(text: str) -> list[str] | None:
    """The labels of a call's arguments, '_' for an unlabeled one, from the text after its opening parenthesis up
    to its closing one (a trailing closure `{ ... }` after it counts as one more unlabeled argument)."""
    depth, i = 1, 0
    while i < len(text) and depth:
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(text[i], 0)
        i += 1
    if depth:
        return None
    args = top_level(text[:i - 1], "<([{") if text[:i - 1].strip() else []
    labels = [m.group(1) if (m := re.match(r"\s*(\w+)\s*:(?!:)", a)) else "_" for a in args]
    if text[i:].lstrip().startswith("{"):
        labels.append("{")
    return labels


def matches(params: list[tuple[str, bool]], labels: list[str]) -> bool:
    """Whether arguments with `labels` fill `params` in order (a parameter with a default may be left out; a
    trailing closure fills the last parameter left)."""
    k = 0
    for n, (label, default) in enumerate(params):
        if k < len(labels) and (labels[k] == label or (labels[k] == "{" and n == len(params) - 1)):
            k += 1
        elif not default:
            return False
    return k == len(labels)


def initializers(index: Any, type_sym: Any, body: str) -> list[tuple[Any, str]]:
    """The `init` of `type_sym` each construction of it in `body` calls, by argument labels (one per distinct
    choice; none when the type has a single init or the labels fit several)."""
    full = f"{type_sym.qualname}.init"  # by qualified name: a large Swift repository has thousands of `init`s
    inits = [s for s in index.symbols_named(full) if s.qualname == full and s.language == "swift"]
    if len(inits) < 2:
        return []
    out: dict[int, tuple[Any, str]] = {}
    for m in re.finditer(rf"(?<![\w.]){re.escape(type_sym.name)}\s*(?:<[^<>()]*>)?\s*\(", body):
        labels = call_labels(body[m.end():])
        if labels is None:
            continue
        fit = [s for s in inits if (p := init_labels(s.signature or "")) is not None and matches(p, labels)]
        if len(fit) == 1:
            shown = "".join(f"{x}:" for x in labels if x != "{") or ""
            out.setdefault(fit[0].id, (fit[0], f"initializer by argument labels ({shown or 'none'})"))
    return list(out.values())
