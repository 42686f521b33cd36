"""Go's implicit interfaces: the types whose method set covers an interface's methods (methods gained by
embedding included), and the interfaces a type satisfies. Shared by the relations (graph) and the receiver
checks of callers (lookup: a call on a `*Registry` is a call of Registerer.Register)."""

from __future__ import annotations

import logging
import re
from typing import Any

from contexteer.indexers.lookup import lines_of
from contexteer.indexers.model import CLASS_KINDS, Symbol
from contexteer.indexers.queries_sql import IndexQueries, per_generation
from contexteer.indexers.syntax import go_build_constraint, go_embedded, go_shape

logger = logging.getLogger(__name__)


def go_unit(index: IndexQueries, path: str) -> str:
    """The Go package a file belongs to: its folder, and its package clause when that is another package (an external
    test package `msgpack_test` beside `msgpack`, a `package main` generator under `//go:build ignore`): a method
    belongs to a type of its own package only (msgpack run 424 had given the interface CustomEncoder of package
    msgpack the DecodeMsgpack of the test struct CustomEncoder of package msgpack_test)."""
    folder = path.rpartition("/")[0]

    def package() -> str:
        for text in lines_of(index, path)[:400]:
            m = re.match(r"package\s+(\w+)", text)
            if m:
                return m.group(1)
        return ""

    pkg = per_generation(index, "go_package", path, package)
    return f"{folder}@{pkg}" if pkg.endswith("_test") or pkg == "main" else folder


def method_shapes(index: IndexQueries, iface: Symbol, _seen: set[int] | None = None) -> dict[str, Any]:
    """The methods a Go interface requires (its own and those of the interfaces it embeds in its package), with
    their parameter and result types (None where the signature cannot be read)."""
    seen = _seen if _seen is not None else set()
    seen.add(iface.id)
    syms = index.symbols_in_file(iface.path)
    out: dict[str, Any] = {s.name: go_shape(s.signature or "") for s in syms if s.parent_id == iface.id and s.kind == "method"}
    folder = go_unit(index, iface.path)
    for name in go_embedded(lines_of(index, iface.path), iface.start_line, iface.end_line):
        for inner in index.symbols_named(name):
            if inner.kind == "interface" and inner.language == "go" and inner.id not in seen \
                    and go_unit(index, inner.path) == folder:
                for k, v in method_shapes(index, inner, seen).items():
                    out.setdefault(k, v)
    return out



def same_shape(want: Any, have: Any) -> bool:
    """Parameter and result types agree (package qualifiers aside); unknown shapes do not disqualify."""
    if want is None or have is None:
        return True

    def norm(shape: Any) -> Any:
        return tuple(tuple(re.sub(r"\b[a-z]\w*\.", "", t) for t in part) for part in shape)

    return bool(norm(want) == norm(have))



def implementers(index: IndexQueries, iface: Symbol, *, promote: bool = True) -> list[tuple[Symbol, str]]:
    """Go types whose methods cover every method the interface requires, with the same parameter and result
    types; and structs that embed the interface (they implement it through the embedded value)."""
    wanted = method_shapes(index, iface)
    if not wanted:
        return []
    owners: dict[str, dict[str, Any]] = {}  # package dir + type name (+ "#" build constraint) -> method -> shape
    origin: dict[str, dict[str, tuple[bool, str]]] = {}  # the same -> method -> (pointer receiver, path:line or "via T")
    tags: dict[str, str] = {}  # path -> its `//go:build` constraint ("" for none)
    for m in wanted:
        for s in index.symbols_named(m):
            if s.language != "go" or s.kind != "method" or s.name != m or "." not in s.qualname or s.parent_id == iface.id:
                continue
            owner = s.qualname.rsplit(".", 1)[0]
            # (a file built under a constraint holds its own variant of a type: prometheus's goCollector of
            # go_collector_go116.go (!go1.17) had been given the methods of go_collector_latest.go (go1.17), run 392)
            tag = _build_tag(index, s.path, tags)
            key = f"{go_unit(index, s.path)}:{owner}" + (f"#{tag}" if tag else "")
            owners.setdefault(key, {})[m] = go_shape(s.signature or "")
            # (only the pointer type has it, where it is): `func (e *DummyExtension) CreateDecoder(..)` at 77
            origin.setdefault(key, {})[m] = (bool(_PTR_RECEIVER.match(s.signature or "")), f"{s.path}:{s.start_line}")
    for key in [k for k in owners if "#" in k]:  # methods in files built always belong to every variant
        plain = key.partition("#")[0]
        owners[key] = {**owners.get(plain, {}), **owners[key]}
        origin[key] = {**origin.get(plain, {}), **origin[key]}
    # a struct gains the methods of the types it embeds (Go promotes them): logFuture embeds deferError's Error()
    # (`promote=False`: own methods only, one embedding search in all: a callers answer asks this per interface)
    # a type embedding a complete implementer implements it too (six extensions embed json-iterator's
    # DummyExtension, which has every method of Extension: a Go A/B question found them missing)
    # (the types some struct embeds first: miekg/dns has 73 complete RR types, and DS, RRSIG and SVCB, which CDS,
    # DLV, SIG and HTTPS embed, had fallen past the first 15; run 368 read "complete" with four implementers missing)
    embedded = embedded_names(index) if promote else set()
    ranked = sorted(owners, key=lambda k: _type_of(k) not in embedded)
    partial = ([k for k in ranked if not set(wanted) <= set(owners[k])][:30]
               + [k for k in ranked if set(wanted) <= set(owners[k])][:15]) if promote else []
    for _ in range(3):
        grew = False
        for key in partial:
            for emb, by_pointer in embeddings(index, _type_of(key)):
                if emb.kind != "struct" and set(wanted) <= set(owners[key]):
                    continue  # an interface embedding a complete implementer's type name is no implementer of it
                k2 = f"{go_unit(index, emb.path)}:{emb.name}"
                merged = {**owners[key], **owners.get(k2, {})}  # its own methods win
                if merged != owners.get(k2):
                    owners[k2] = merged
                    # embedded as `*T`, T's pointer methods are the value's too; as `T`, only the pointer's
                    via = _type_of(key)
                    # (`via *PrometheusSink`: pointer methods the value gains through an embedded pointer, gometrics
                    # run 575 read "value receivers" as saying PrometheusSink's methods had value receivers)
                    origin[k2] = {**{m: (ptr and not by_pointer, f"via {'*' if ptr and by_pointer else ''}{via}")
                                     for m, (ptr, _) in origin.get(key, {}).items()},
                                  **origin.get(k2, {})}
                    grew = True
                    if k2 not in partial and len(partial) < 60:
                        partial.append(k2)
        if not grew:
            break
    out: list[tuple[Symbol, str]] = []
    for key, have in sorted(owners.items()):
        if not set(wanted) <= set(have):
            continue
        if not all(same_shape(wanted[m], have[m]) for m in wanted):
            continue  # `Raft.Apply(cmd []byte, ...)` is not FSM's `Apply(*Log)`
        folder, _, rest = key.partition(":")
        owner, _, tag = rest.partition("#")
        defs = [s for s in index.symbols_named(owner) if s.name == owner and s.kind in CLASS_KINDS
                and go_unit(index, s.path) == folder and s.id != iface.id]
        variants = [d for d in defs if _build_tag(index, d.path, tags) == tag]
        if not tag and defs and not variants and any(k.startswith(key + "#") for k in owners):
            continue  # the type is only defined under constraints: its variants are listed
        defs = variants or defs
        if defs:
            said = _method_origin(defs[0], {m: origin.get(key, {}).get(m, (False, "")) for m in wanted})
            out.append((defs[0], said + (f" (only {tag})" if tag else "")))
    seen = {t.id for t, _ in out}
    out += [(t, f"embeds {iface.name}" + _own_over_embedded(index, t, wanted, origin))
            for t in embedders_of(index, iface.name) if t.id != iface.id and t.id not in seen]
    return out


def _type_of(key: str) -> str:
    """The type name of an owners key (`dir:Name` or `dir:Name#constraint`)."""
    return key.partition(":")[2].partition("#")[0]


def _build_tag(index: IndexQueries, path: str, cache: dict[str, str]) -> str:
    """What a Go file builds under (go_build_constraint: its `//go:build` or `// +build` lines and its name's GOOS or
    GOARCH suffix, `windows by its name`), or "": go-sockaddr's route_info_windows.go and route_info_solaris.go hold
    routeInfo variants with no build line (run 557 read two of five, one with another file's method)."""
    if path not in cache:
        cache[path] = go_build_constraint(path, lines_of(index, path)[:60]) or ""
    return cache[path]


def _own_over_embedded(index: IndexQueries, t: Symbol, wanted: dict[str, Any],
                       origin: dict[str, dict[str, tuple[bool, str]]]) -> str:
    """A struct embedding the interface that declares some of its methods itself: which, at what line, with which
    receiver (client_golang run 367 read metric.go for timestampedMetric's own Write; Desc comes through the field)."""
    if t.kind == "interface":
        return ""
    mine = {m: o for m, o in origin.get(f"{go_unit(index, t.path)}:{t.name}", {}).items()
            if m in wanted and not o[1].startswith("via ")}
    if not mine:
        return ""
    parts = []
    for m, (ptr, where) in sorted(mine.items(), key=lambda kv: kv[1][1]):
        path, _, line = where.rpartition(":")
        parts.append(f"{m} {line if path == t.path else where} ({'pointer' if ptr else 'value'} receiver)")
    rest = sorted(set(wanted) - set(mine))
    return "; its own " + ", ".join(parts) + (f"; {', '.join(rest)} through the field" if rest else "")



_PTR_RECEIVER = re.compile(r"\s*func\s*\(\s*(?:\w+\s+)?\*")


#: an interface with at most this many methods has each implementer's own method lines on its row
_OWN_LINES_UP_TO = 4


def _method_origin(owner: Symbol, methods: dict[str, tuple[bool, str]]) -> str:
    """Which of the interface's methods the type defines itself (with their lines), which it gains by embedding
    (from which type), and whether only its pointer type has them all (a pointer receiver on one of them): the
    json-iterator A/B question "which types implement Extension, and which only through their pointer" needed a
    read of every implementer."""
    own = {m: at for m, (_, at) in methods.items() if not at.startswith("via ")}
    vias: dict[str, int] = {}
    for _, at in methods.values():
        if at.startswith("via "):
            vias[at[4:]] = vias.get(at[4:], 0) + 1
    parts: list[str] = []
    # where its own methods are: always beside methods gained by embedding; for a type with all of them its own, when
    # the interface has a few (client_golang's Metric: Desc and Write, whose lines the agent then searched for)
    if own and (vias or len(methods) <= _OWN_LINES_UP_TO):
        parts.append(("own " if vias else "") + ", ".join(
            f"{m} {at.rpartition(':')[2] if at.rpartition(':')[0] == owner.path else at}" for m, at in sorted(own.items())))
    elif own:  # all of many its own: where they are, in one span (json-iterator run 337: DummyExtension's row was bare)
        lines = [int(at.rpartition(":")[2]) for at in own.values() if at.rpartition(":")[0] == owner.path
                 and at.rpartition(":")[2].isdigit()]
        files = {at.rpartition(":")[0] for at in own.values()}
        spans = {f: [int(at.rpartition(":")[2]) for at in own.values() if at.rpartition(":")[0] == f
                     and at.rpartition(":")[2].isdigit()] for f in sorted(files)}
        # (spread over files, miekg/dns's generated ztypes.go and zmsg.go: a span of one file would say little;
        # in one or a few other files, each file's span: gometrics run 575's Metrics, whose methods are in metrics.go)
        parts.append(f"all {len(own)} own at lines {min(lines)}-{max(lines)}" if len(lines) == len(own) and lines
                     else f"all {len(own)} own at " + ", ".join(f"{f} {min(v)}" + (f"-{max(v)}" if max(v) > min(v) else "")
                                                               for f, v in spans.items())
                     if len(files) <= 3 and all(spans.values())
                     else f"all {len(own)} own, in {len(files)} file{'s' if len(files) != 1 else ''}")
    parts += [f"{n} via {t}" if own or len(vias) > 1 else f"all via {t}" for t, n in sorted(vias.items())]
    ptrs = sorted(m for m, (ptr, _) in methods.items() if ptr)
    if ptrs:
        parts.append(f"*{owner.name} only (pointer receiver" + (f"s: {', '.join(ptrs)})" if len(ptrs) < len(methods) else "s)"))
    return "; ".join(parts)


def embeddings(index: IndexQueries, name: str) -> list[tuple[Symbol, bool]]:
    """Go structs and interfaces whose body embeds the named type, each with whether it embeds a pointer (one text
    search per name and index state: a callees answer names the implementers of each interface method it calls, and
    testify's `t.Helper()` asked for ~100 names per answer)."""
    return per_generation(index, "go embedders", name, lambda: _search_embeddings(index, name), limit=4096)


#: a line embedding a type: alone in a struct or interface body (`\t*Conn`, `sync.Mutex // guards x`), or the whole
#: body of a one-line struct (`type CDS struct{ DS }`: miekg/dns run 368, CDS and DLV had no embedding)
_EMBED_LINE = r"^\s*(\*?)(?:\w+\.)?({name})\s*(?://.*)?$|\bstruct\s*\{{\s*(\*?)(?:\w+\.)?({name})\s*\}}"


def _search_embeddings(index: IndexQueries, name: str) -> list[tuple[Symbol, bool]]:
    return [(t, ptr) for t, embedded, ptr in _embedding_hits(index, re.escape(name), 200) if embedded == name]


def embedded_names(index: IndexQueries) -> set[str]:
    """The names of the types some Go struct or interface of the repository embeds (one search per index state)."""
    return per_generation(index, "go embedded names", "", lambda: {n for _, n, _ in _embedding_hits(index, r"[A-Za-z_]\w*", 20000)},
                          limit=2)


def _embedding_hits(index: IndexQueries, name_rx: str, cap: int) -> list[tuple[Symbol, str, bool]]:
    """(the embedding struct or interface, the embedded name, whether by pointer) for each embedding line."""
    from contexteer.indexers.textsearch import search

    ws = getattr(index, "ws", None)
    if ws is None:
        return []
    rx = _EMBED_LINE.format(name=name_rx)
    try:
        found = search(ws, rx, regex=True, case_sensitive=True, glob="*.go", max_results=cap)
    except Exception as exc:  # noqa: BLE001 - no embedders is the safe answer
        logger.info("no embedding search for %s: %s", name_rx, exc)
        return []
    line = re.compile(rx)
    out: list[tuple[Symbol, str, bool]] = []
    seen: set[tuple[int, str]] = set()
    types: dict[str, list[Symbol]] = {}  # per file, its structs and interfaces (read once: the scan of every
    # embedding line meets one file many times)
    for h in found.hits:
        m = line.search(h.text) if h.path and not h.context else None
        if m is None:
            continue
        ptr, embedded = (m.group(1), m.group(2)) if m.group(2) else (m.group(3), m.group(4))
        one_line = m.group(4) is not None
        if h.path not in types:
            types[h.path] = [s for s in index.symbols_in_file(h.path) if s.kind in ("struct", "interface")]
        enc = [s for s in types[h.path] if s.start_line < h.line <= s.end_line or (one_line and s.start_line == h.line)]
        if enc:
            t = min(enc, key=lambda s: s.end_line - s.start_line)
            # (a set, not a scan of the list so far: the repository-wide scan holds up to 20,000 lines)
            if t.name != embedded and embedded not in _NOT_EMBEDDED and (t.id, embedded) not in seen:
                seen.add((t.id, embedded))
                out.append((t, embedded, bool(ptr)))
    return out


#: words alone on a line of a struct or interface body that embed nothing
_NOT_EMBEDDED = frozenset({"struct", "interface", "type", "func", "return", "break", "continue", "default"})


def embedders_of(index: IndexQueries, name: str) -> list[Symbol]:
    """Go structs and interfaces whose body embeds the named type (a line holding only `Name` or `*pkg.Name`)."""
    return [t for t, _ in embeddings(index, name)]



def interfaces_of(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """The Go interfaces (declaring at least one method) whose every method the type has."""
    folder = go_unit(index, sym.path)
    mine = {s.name: go_shape(s.signature or "") for s in index.methods_of(sym.name, "go")
            if go_unit(index, s.path) == folder}
    if not mine:
        return []
    ifaces: dict[int, Any] = {}
    for m in mine:
        for s in index.symbols_named(m):
            if s.language == "go" and s.kind == "method" and s.parent_id is not None:
                parent = index.get_symbol(s.parent_id)
                if parent is not None and parent.kind == "interface":
                    ifaces[parent.id] = parent
    out = []
    for iface in ifaces.values():
        wanted = method_shapes(index, iface)
        if wanted and set(wanted) <= set(mine) and all(same_shape(wanted[m], mine[m]) for m in wanted):
            out.append((iface, "method set", f"has {', '.join(sorted(wanted))}"))
    return out


def satisfied_by(index: IndexQueries, iface_name: str) -> set[str]:
    """The names of the types that implement the Go interface(s) named `iface_name` (by method set or by embedding
    it); empty when no Go interface has that name."""
    out: set[str] = set()
    for iface in index.symbols_named(iface_name):
        if iface.name == iface_name and iface.kind == "interface" and iface.language == "go":
            out.update(t.name for t, _ in implementers(index, iface, promote=False))
    return out
