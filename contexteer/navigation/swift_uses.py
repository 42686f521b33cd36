"""Swift's rows of list_dependencies' `view="uses"`: `import ExpoModulesJSI` brings a whole module, not names, and a
module's own files see each other's types, functions and globals with no import at all. So a Swift file's uses are
the repository's top-level names its code writes (a row of the module's own, each with its definition), then the
type-like names nothing in the repository defines and Swift's standard library does not hold (what the imports
bring). The expo iOS A/B question asked for both; the view had said "no name of it used in code" for every import."""

from __future__ import annotations

import re

from contexteer.indexers.model import CLASS_KINDS
from contexteer.indexers.stdnames import SWIFT_STDLIB
from contexteer.navigation.import_uses import MAX_LINES, _line, capped, declared_here
from contexteer.navigation.models import ImportUse, UsedName
from contexteer.navigation.service import NavigationService

#: at most this many names in the row of names nothing here defines
MAX_OTHER = 24
_VALUE_KINDS = frozenset({"function", "variable", "constant"})


def swift_module_rows(nav: NavigationService, rel: str, lines: list[str], refs: dict[str, list[int]],
                      imports: list[ImportUse]) -> list[ImportUse]:
    """The import rows, each told it brings a whole module, then the rows of names used with no import."""
    for row in imports:
        if not row.names and not row.directive:
            row.directive = "a whole module (Swift imports every public name of it; the names the repository does " \
                            "not define are listed below)"
    own = {s.name for s in nav.index.symbols_in_file(rel) if s.kind != "impl"}  # (`extension URL`: Foundation's)
    declared = declared_here(nav, rel, labelled=True)
    same = ImportUse(line=0, module="same module, no import (the repository's own names: its module's, or a module of "
                                    "the repository the file imports)", names=[])
    other = ImportUse(line=0, module="not defined in the repository nor Swift's standard library (from the imports)",
                      names=[])
    for n, at in sorted(refs.items(), key=lambda kv: (min(kv[1]) if kv[1] else 0, kv[0])):
        if not at or n in own or n in SWIFT_STDLIB:
            continue
        # written bare (`SwiftUI.View`, `CdpNetwork.Event` are no DSL `View(..)` nor macro `Event`), never a `#if` flag
        at = [k for k in at if re.search(rf"(?<![\w.]){re.escape(n)}\b", _line(lines, k))
              and not re.match(r"\s*#(?:if|elseif)\b", _line(lines, k))]
        if not at:
            continue
        every = [s for s in nav.index.symbols_named(n) if s.name == n and s.path != rel]
        named = [s for s in every if s.language == "swift"]
        if not named and n[:1].isupper():  # an Objective-C class or protocol, which the module's umbrella header
            named = [s for s in every if s.language == "objc" and s.parent_id is None  # shows Swift (CoreModuleHelper)
                     and s.kind in ("class", "interface", "struct", "enum", "type")]
        hit = min((s for s in named if s.parent_id is None and s.kind in CLASS_KINDS), key=lambda s: s.path, default=None)
        if hit is None and n[:1].isupper():  # the DSL's `Function(..)`, `Constant(..)`; an attribute `@ExpoModule`
            hit = min((s for s in named if s.parent_id is None and s.kind in ("function", "macro")),
                      key=lambda s: (s.path, s.start_line), default=None)
        if hit is None and n[:1].islower():
            # a module function or global, used bare (`log.info(..)`; not `x.log`, not a label `log:`)
            hit = min((s for s in named if s.parent_id is None and s.kind in _VALUE_KINDS), key=lambda s: s.path, default=None)
            hidden = _bound_in(nav, rel, lines, n) if hit else []  # a parameter or local of that name
            at = [k for k in at if re.search(rf"(?<![\w.]){re.escape(n)}\b(?!\s*:(?!:))", _line(lines, k))
                  and not any(a <= k <= b for a, b in hidden)] if hit else []
        if hit is not None and at:
            # the DSL's overloads (`Function` at 5, 20 and 36 of one file): every one, the call's labels tell which
            starts = sorted(s.start_line for s in named if s.parent_id is None and s.path == hit.path and s.kind == hit.kind)
            where = f"{hit.path}:{', '.join(map(str, starts[:6]))}" + (" …" if len(starts) > 6 else "") \
                + (" (overloads)" if len(starts) > 1 else "")
            same.names.append(_name(n, at, where))
        elif hit is None and n[:1].isupper() and n not in declared \
                and all(s.kind == "impl" for s in named if s.language == "swift"):  # (an imported type extended here)
            other.names.append(_name(n, at, None))
    capped(other, MAX_OTHER)
    return imports + [r for r in (same, other) if r.names]




def _bound_in(nav: NavigationService, rel: str, lines: list[str], name: str) -> list[tuple[int, int]]:
    """The line ranges of the file's functions that take a parameter or declare a local `name`."""
    w = re.escape(name)
    param = re.compile(rf"[(,]\s*(?:\w+\s+)?{w}\s*:")
    local = re.compile(rf"\b(?:let|var|for|case)\s+(?:\(\s*)?{w}\b|\b{w}\s+in\b")
    return [(s.start_line, s.end_line) for s in nav.index.symbols_in_file(rel) if s.kind in ("function", "method")
            and (param.search(s.signature or "") or any(local.search(_line(lines, k)) for k in range(s.start_line, s.end_line + 1)))]


def _name(n: str, at: list[int], defined: str | None) -> UsedName:
    at = sorted(set(at))
    return UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES), defined=defined)
