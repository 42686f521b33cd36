"""The repository's Go types that satisfy a standard-library interface (`http.Handler`, `io.Reader`, `error`): the
interface is no definition of the repository, so it is known here by its methods' shapes, and a type satisfies it
when its method set holds a method of each name whose parameters and results fit (the httprouter A/B agent, run
459, asked which types implement http.Handler, http.ResponseWriter and http.FileSystem and was told no definition
was named so)."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from contexteer.indexers.model import Symbol
from contexteer.indexers.queries_sql import IndexQueries

_N = r"(?:\w+\s+)?"  # an optional parameter or result name
_BYTES = rf"\(\s*{_N}\[\]byte\s*\)"
_INT_ERR = rf"\(\s*{_N}int\s*,\s*{_N}error\s*\)"
_ANY = r"(?:any|interface\s*\{\s*\})"

#: a method's shape after its name: the parameter list and the results, whitespace collapsed
_METHODS: dict[str, str] = {
    "Error": r"\(\s*\)\s*string",
    "String": r"\(\s*\)\s*string",
    "GoString": r"\(\s*\)\s*string",
    "Format": rf"\(\s*{_N}(?:fmt\.)?State\s*,\s*{_N}rune\s*\)",
    "Read": rf"{_BYTES}\s*{_INT_ERR}",
    "Write": rf"{_BYTES}\s*{_INT_ERR}",
    "WriteString": rf"\(\s*{_N}string\s*\)\s*{_INT_ERR}",
    "Close": r"\(\s*\)\s*error",
    "ReadByte": rf"\(\s*\)\s*\(\s*{_N}byte\s*,\s*{_N}error\s*\)",
    "Seek": rf"\(\s*{_N}int64\s*,\s*{_N}int\s*\)\s*\(\s*{_N}int64\s*,\s*{_N}error\s*\)",
    "WriteTo": rf"\(\s*{_N}(?:io\.)?Writer\s*\)\s*\(\s*{_N}int64\s*,\s*{_N}error\s*\)",
    "ReadFrom": rf"\(\s*{_N}(?:io\.)?Reader\s*\)\s*\(\s*{_N}int64\s*,\s*{_N}error\s*\)",
    "Len": r"\(\s*\)\s*int",
    "Less": r"\(\s*\w+\s*,\s*\w+\s+int\s*\)\s*bool|\(\s*\w+\s+int\s*,\s*\w+\s+int\s*\)\s*bool",
    "Swap": r"\(\s*\w+\s*,\s*\w+\s+int\s*\)\s*$|\(\s*\w+\s+int\s*,\s*\w+\s+int\s*\)\s*$",
    "Push": rf"\(\s*{_N}{_ANY}\s*\)\s*$",
    "Pop": rf"\(\s*\)\s*{_ANY}",
    "ServeHTTP": rf"\(\s*{_N}(?:http\.)?ResponseWriter\s*,\s*{_N}\*\s*(?:http\.)?Request\s*\)\s*$",
    "Header": r"\(\s*\)\s*\(?\s*(?:\w+\s+)?(?:http\.)?Header\s*\)?",
    "WriteHeader": rf"\(\s*{_N}int\s*\)\s*$",
    "Open": rf"\(\s*{_N}string\s*\)\s*\(\s*{_N}(?:http\.)?File\s*,\s*{_N}error\s*\)",
    "Flush": r"\(\s*\)\s*$",
    "RoundTrip": rf"\(\s*{_N}\*\s*(?:http\.)?Request\s*\)\s*\(\s*{_N}\*\s*(?:http\.)?Response\s*,\s*{_N}error\s*\)",
    "MarshalJSON": rf"\(\s*\)\s*\(\s*{_N}\[\]byte\s*,\s*{_N}error\s*\)",
    "UnmarshalJSON": rf"{_BYTES}\s*error",
    "MarshalText": rf"\(\s*\)\s*\(\s*{_N}\[\]byte\s*,\s*{_N}error\s*\)",
    "UnmarshalText": rf"{_BYTES}\s*error",
    "MarshalBinary": rf"\(\s*\)\s*\(\s*{_N}\[\]byte\s*,\s*{_N}error\s*\)",
    "UnmarshalBinary": rf"{_BYTES}\s*error",
    "Set": rf"\(\s*{_N}string\s*\)\s*error",
    "Deadline": r"\(\s*\)\s*\(\s*(?:\w+\s+)?time\.Time\s*,\s*(?:\w+\s+)?bool\s*\)",
    "Done": r"\(\s*\)\s*<-\s*chan\s+struct\s*\{\s*\}",
    "Err": r"\(\s*\)\s*error",
    "Value": rf"\(\s*{_N}{_ANY}\s*\)\s*{_ANY}",
}

#: the interfaces known, by the names code writes them with (package name, no import path)
STD_INTERFACES: dict[str, tuple[str, ...]] = {
    "error": ("Error",),
    "fmt.Stringer": ("String",),
    "fmt.GoStringer": ("GoString",),
    "fmt.Formatter": ("Format",),
    "io.Reader": ("Read",),
    "io.Writer": ("Write",),
    "io.Closer": ("Close",),
    "io.ReadWriter": ("Read", "Write"),
    "io.ReadCloser": ("Read", "Close"),
    "io.WriteCloser": ("Write", "Close"),
    "io.ReadWriteCloser": ("Read", "Write", "Close"),
    "io.StringWriter": ("WriteString",),
    "io.ByteReader": ("ReadByte",),
    "io.Seeker": ("Seek",),
    "io.WriterTo": ("WriteTo",),
    "io.ReaderFrom": ("ReadFrom",),
    "sort.Interface": ("Len", "Less", "Swap"),
    "heap.Interface": ("Len", "Less", "Swap", "Push", "Pop"),
    "http.Handler": ("ServeHTTP",),
    "http.ResponseWriter": ("Header", "Write", "WriteHeader"),
    "http.FileSystem": ("Open",),
    "http.Flusher": ("Flush",),
    "http.RoundTripper": ("RoundTrip",),
    "json.Marshaler": ("MarshalJSON",),
    "json.Unmarshaler": ("UnmarshalJSON",),
    "encoding.TextMarshaler": ("MarshalText",),
    "encoding.TextUnmarshaler": ("UnmarshalText",),
    "encoding.BinaryMarshaler": ("MarshalBinary",),
    "encoding.BinaryUnmarshaler": ("UnmarshalBinary",),
    "flag.Value": ("String", "Set"),
    "context.Context": ("Deadline", "Done", "Err", "Value"),
}

#: the types of fields and method results of the standard library's most used types, for a chain on a value of one
#: (`req.URL.String()`, `w.Header().Set(..)`: httprouter run 463 had both among the unresolved); `X()` is a method
STD_MEMBERS: dict[str, str] = {
    "http.Request.URL": "url.URL", "http.Request.Header": "http.Header", "http.Request.Body": "io.ReadCloser",
    "http.Request.Form": "url.Values", "http.Request.PostForm": "url.Values", "http.Request.Trailer": "http.Header",
    "http.Request.TLS": "tls.ConnectionState", "http.Request.Response": "http.Response",
    "http.Request.Context()": "context.Context", "http.Request.Cookies()": "[]*http.Cookie",
    "http.Request.URL.Query()": "url.Values",
    "http.Response.Header": "http.Header", "http.Response.Body": "io.ReadCloser", "http.Response.Request": "http.Request",
    "http.Response.Trailer": "http.Header", "http.Response.TLS": "tls.ConnectionState",
    "http.ResponseWriter.Header()": "http.Header", "http.Client.Transport": "http.RoundTripper",
    "http.Server.Handler": "http.Handler", "http.Server.TLSConfig": "tls.Config",
    "url.URL.Query()": "url.Values", "url.URL.User": "url.Userinfo", "url.URL.ResolveReference()": "url.URL",
    "exec.Cmd.Process": "os.Process", "exec.Cmd.Stdin": "io.Reader", "exec.Cmd.Stdout": "io.Writer",
    "exec.Cmd.Stderr": "io.Writer", "exec.Cmd.ProcessState": "os.ProcessState",
    "bufio.Scanner.Text()": "string", "strings.Builder.String()": "string", "bytes.Buffer.Bytes()": "[]byte",
    "time.Time.Sub()": "time.Duration", "time.Time.Add()": "time.Time", "time.Time.UTC()": "time.Time",
    # (gometrics run 575: `interval.Interval.Round(time.Second).UTC().String()` stopped after Round)
    "time.Time.Round()": "time.Time", "time.Time.Truncate()": "time.Time", "time.Time.Local()": "time.Time",
    "time.Time.In()": "time.Time", "time.Time.AddDate()": "time.Time", "time.Time.String()": "string",
    "time.Time.Format()": "string", "time.Duration.String()": "string", "time.Duration.Round()": "time.Duration",
    "time.Duration.Truncate()": "time.Duration",
    "time.Timer.C": "<-chan time.Time", "time.Ticker.C": "<-chan time.Time", "time.Now()": "time.Time",
    "reflect.Value.Type()": "reflect.Type", "reflect.Value.Elem()": "reflect.Value", "reflect.Value.Field()": "reflect.Value",
    "reflect.Value.Index()": "reflect.Value", "reflect.Type.Elem()": "reflect.Type", "reflect.Type.Field()": "reflect.StructField",
    "reflect.StructField.Tag": "reflect.StructTag", "reflect.StructField.Type": "reflect.Type",
    "sql.DB.QueryRow()": "sql.Row", "sql.DB.Query()": "sql.Rows", "sql.Tx.QueryRow()": "sql.Row",
    "context.Context.Done()": "<-chan struct{}", "os.File.Stat()": "os.FileInfo", "os.Stat()": "os.FileInfo",
    "os.FileInfo.ModTime()": "time.Time", "os.FileInfo.Mode()": "os.FileMode",
}


def std_member_type(typed: str, step: str) -> str | None:
    """The type of field or method `step` (`URL`, `Header()`, a call's arguments dropped) of the standard type `typed`
    (`http.Request`), None when the table does not know it."""
    bare = re.sub(r"\(.*\)$", "()", step)
    return STD_MEMBERS.get(f"{typed.lstrip('*')}.{bare}")


_RECEIVER = re.compile(r"func\s*\(\s*\w*\s*(\*?)\s*(\w+)\s*(?:\[[^\]]*\])?\s*\)\s*(\w+)\s*(.*)$", re.S)


@dataclass
class Satisfier:
    type_symbol: Symbol | None  # the type's declaration (None when the index has it not)
    type_name: str
    folder: str
    pointer: bool  # some method has a pointer receiver: only *T satisfies the interface
    methods: list[Symbol]
    via: str | None = None  # the embedded type whose methods it gains (Go promotes them)


def _by_embedding(index: IndexQueries, found: list[Satisfier]) -> list[Satisfier]:
    """The structs that embed a satisfying type and so gain its methods (Go promotes them), through up to three
    embeddings: jmespath run 465 could not tell whether the answer had counted them and checked by hand."""
    from contexteer.indexers.go_types import embeddings

    out: list[Satisfier] = []
    seen = {(s.folder, s.type_name) for s in found}
    frontier = list(found)
    for _ in range(3):
        nxt: list[Satisfier] = []
        for s in frontier:
            for emb, by_pointer in embeddings(index, s.type_name):
                key = (posixpath.dirname(emb.path), emb.name)
                if emb.kind != "struct" or key in seen or key[0] != s.folder or not _embeds_bare(index, emb, s.type_name) \
                        or _hides(index, emb, s.methods):
                    continue  # (`c.Base` is another package's Base; an own `Write(string)` hides the promoted Write)
                seen.add(key)
                nxt.append(Satisfier(emb, emb.name, key[0], s.pointer and not by_pointer, s.methods,
                                     f"{'*' if by_pointer else ''}{s.type_name}"))
        out += nxt
        frontier = nxt
    return out


def _embeds_bare(index: IndexQueries, struct: Symbol, name: str) -> bool:
    """Whether a Go struct's body embeds `name` unqualified (`Base`, `*Base`): its own package's type, not `c.Base`."""
    from contexteer.indexers.lookup import lines_of

    body = lines_of(index, struct.path)[struct.start_line - 1: struct.end_line]
    return any(re.match(rf"\s*(?:type\s+\w+\s+struct\s*\{{\s*)?\*?{re.escape(name)}\s*(?:\}}|//.*)?\s*$", t) for t in body)


def _hides(index: IndexQueries, struct: Symbol, methods: list[Symbol]) -> bool:
    """Whether a Go type declares a method of its own named like one of `methods`, which hides the promoted one."""
    names = {m.name for m in methods}
    return any(m.kind == "method" and m.language == "go" and m.name in names
               and re.match(rf"func\s*\(\s*\w*\s*\*?\s*{re.escape(struct.name)}\s*\)", m.signature or "") is not None
               for n in names for m in index.symbols_named(n)
               if posixpath.dirname(m.path) == posixpath.dirname(struct.path))


def interface_named(query: str) -> tuple[str, tuple[str, ...]] | None:
    """The known interface a query names (`http.Handler`, `net/http.Handler`, `error`), with its methods."""
    q = query.strip()
    if "/" in q:  # `net/http.Handler`: the package's last segment
        q = q.rsplit("/", 1)[-1]
    methods = STD_INTERFACES.get(q)
    return (q, methods) if methods else None


def satisfiers(index: IndexQueries, methods: tuple[str, ...]) -> list[Satisfier]:
    """The Go types of the repository whose method set has every method of `methods`, each with a fitting shape."""
    by_type: dict[tuple[str, str], dict[str, tuple[Symbol, bool]]] = {}
    for name in methods:
        shape = re.compile(_METHODS[name])
        for m in index.symbols_named(name):
            if m.language != "go" or m.kind != "method" or m.name != name:
                continue
            got = _RECEIVER.match(" ".join((m.signature or "").split()))
            if got is None or got.group(3) != name or not shape.fullmatch(got.group(4).strip().rstrip("{").strip()):
                continue
            key = (posixpath.dirname(m.path), got.group(2))
            by_type.setdefault(key, {}).setdefault(name, (m, bool(got.group(1))))
    out: list[Satisfier] = []
    for (folder, type_name), found in by_type.items():
        if len(found) != len(methods):
            continue
        decl = next((s for s in index.symbols_named(type_name) if s.name == type_name and s.language == "go"
                     and s.kind in ("struct", "type", "class", "interface") and posixpath.dirname(s.path) == folder),
                    None)
        out.append(Satisfier(decl, type_name, folder, any(p for _, p in found.values()),
                             [found[n][0] for n in methods]))
    out += _by_embedding(index, out)
    return sorted(out, key=lambda s: (s.type_symbol.path if s.type_symbol else s.methods[0].path,
                                      s.type_symbol.start_line if s.type_symbol else 0))
