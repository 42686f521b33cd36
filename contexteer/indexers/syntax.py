"""What a definition's syntax says beyond the index: receiver types, Go method shapes and embedding, bases.

A method call's receiver is usually a parameter, a local or a field of the enclosing definition, and the
declaration says its type in every mainstream language: Go `func (h *Head) Truncate(...)` / `h := &Head{}`,
Python and TypeScript `h: Head` / `h = Head(...)`, Rust `h: &mut Head`, Java and C# `Head h` / `var h = new
Head(...)`, C++ `Head* h`. `declared_as` looks for such a declaration of the receiver name between the start of
the enclosing definition and the call (its signature included), and `field_typed` in the fields of the
enclosing class. No type inference beyond that: a name declared without its type is not guessed.
"""

from __future__ import annotations

import logging
import posixpath
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, Protocol, TypeVar

logger = logging.getLogger(__name__)

__all__ = ["rust_attributes_above", "rust_item_line", "rust_cfg_if_arm", "declared_as", "field_typed", "declared_type", "return_type", "named_type", "local_binding", "param_types", "CONDITIONAL_SOURCES", "preprocessor_conditions", "split_params", "loose_types", "top_level", "type_word", "call_args", "bases_of", "kotlin_receiver", "base_how", "go_shape", "go_embedded", "SELF_WORDS", "self_words", "macro_definition", "CHAIN_LANGUAGES", "receiver_chain", "element_type", "opening_paren"]

_QUAL = r"(?:[\w$]+(?:\.|::))*"  # a package or namespace qualifier: `tsdb.Head`, `ns::Head`


@lru_cache(maxsize=512)
def _patterns(word: str, owner: str) -> re.Pattern[str]:
    w = re.escape(word)
    o = _QUAL + re.escape(owner)
    pointer = r"[*&\s]*(?:mut\s+|const\s+)?"
    return re.compile(
        # `h *Head`, `h Head` (Go params and vars), `h: Head`, `h: &mut Head`, `h: Optional[Head]` (annotations),
        # TypeScript's `h!: Head` (assigned in the constructor) and `h?: Head`
        rf"\b{w}[!?]?\s*:?\s*{pointer}(?:(?:Optional|Option|Box|Rc|Arc|Ptr|ref|readonly)\s*[\[<(]\s*)?{pointer}{o}\b"
        # `Head h`, `Head* h`, `final Head h`, `Head<T> h` (Java, C#, C++)
        rf"|\b{o}\s*(?:<[^<>;()]*>)?\s*[*&]*\s+{w}\b"
        # `h := &Head{}`, `h := NewHead(...)`, `h = Head(...)`, `var h = new Head(...)`, `let h = Head::new()`
        rf"|\b{w}\s*(?::=|=)\s*(?:&|new\s+|await\s+)?{_QUAL}(?:[Nn]ew_?)?{re.escape(owner)}\b"
        # Kotlin's smart cast `if (method is AsyncFunctionComponent) { method.callUserImplementation(..) }` (expo)
        rf"|\b{w}\s+is\s+{o}\b(?!\s*[.<])"
    )


def declared_as(lines: list[str], start: int, line: int, signature: str, word: str, owner: str) -> bool:
    """Whether `word` is declared with type `owner` in the signature or in lines start..line (1-based) of a file:
    the enclosing definition up to the call. At most 400 lines are read."""
    rx = _patterns(word, owner)
    if rx.search(signature):
        return True
    lo = max(start, line - 400)
    return any(rx.search(lines[i - 1]) for i in range(lo, min(line, len(lines)) + 1))


def field_typed(field_signatures: list[str], word: str, owner: str) -> bool:
    """Whether a field of the enclosing class named `word` is declared with type `owner` (`head *Head`,
    `private Head head;`, `head: Head`)."""
    rx = _patterns(word, owner)
    return any(rx.search(sig) for sig in field_signatures)


_KEYWORDS = frozenset({"func", "def", "fn", "return", "var", "let", "const", "final", "new", "static", "public", "private",
                       "protected", "mut", "ref", "in", "out", "await", "async", "else", "case", "package", "import"})


#: words before a name that make no declaration of it (`return x;`, `delete p;`, `auto x = ..` says nothing)
_NOT_TYPES = frozenset({"return", "delete", "throw", "goto", "co_return", "co_yield", "co_await", "yield", "typeof",
                        "sizeof", "auto", "using", "typedef", "namespace", "operator", "not", "and", "or", "do", "then",
                        "local", "global", "nonlocal", "del", "print", "echo", "puts", "unset", "void", "instanceof",
                        "val", "var", "let", "lazy", "lateinit", "override", "open", "internal", "declare", "abstract",
                        "readonly", "export", "mutable", "extern", "inline", "constexpr", "thread_local", "my", "our",
                        "in", "is", "as", "new", "await", "async", "implicit", "unsafe", "pub", "mut", "ref", "out",
                        "if", "elif", "else", "while", "for", "switch", "match", "case", "assert", "raise", "unless",
                        "until", "elseif", "get", "set", "function", "fun", "func", "def", "use", "type", "late",
                        "when", "with", "from", "import", "class", "struct", "enum", "union", "interface", "trait",
                        "impl", "package", "module", "template", "typename", "go", "defer", "select", "loop", "end",
                        "begin", "rescue", "ensure", "catch", "try", "finally", "lambda", "static", "final", "default"})


def declared_type(signature: str, word: str) -> str | None:
    """The type a definition's header declares for `word` (a parameter or Go receiver): `r *Raft` -> Raft,
    `order: Order` -> Order, `Config cfg` -> Config; None when the header does not say."""
    w = re.escape(word)
    if word.startswith("$"):  # PHP: `?OutputInterface $output`, `\Foo\Command $c = null`, a promoted `private Foo $f`
        m = re.search(rf"[(,]\s*(?:(?:public|protected|private|readonly)\s+)*\??\\?(?:\w+\\)*(\w+)\s+&?(?:\.\.\.)?{w}\b", signature)
        if m and m.group(1) not in _KEYWORDS:
            return m.group(1)
    # Python, TS, Rust (`h: &mut Head`), Zig (`w: *Writer`, `r: ?*const std.Io.Reader`)
    # (Swift: an argument label before the name, `in runtime: JavaScriptRuntime`, and an ownership or existential word
    # before the type, `converter: borrowing MainValueConverter`, `type: any Record.Type`)
    # (Rust: a lifetime too, `mut table: &'a mut InlineTable`: tomledit run 595's callers of InlineTable::entry_format
    # had that call as another type's)
    for rx in (rf"[(,]\s*(?:[A-Za-z_]\w*\s+)?{w}\s*:\s*[\"']?[&?*]*\s*(?:'\w+\s+)?(?:(?:mut|const|borrowing|consuming|inout|sending|"
               rf"__owned|__shared|any|some)\s+)*(?:[\w$]+(?:\.|::)(?!(?:Type|Protocol)\b))*([A-Za-z_$][\w$]*)(?![\w$]|\.\.\.)",
               rf"[(,]\s*{w}\s+\*?(?:[\w$]+\.)*([A-Za-z_$][\w$]*)",  # Go
               # Java, C#, C++ (`const details::log_msg &msg`, `std::shared_ptr<logger> new_logger`)
               rf"[(,]\s*(?:final\s+|const\s+)*(?:[\w$]+(?:\.|::))*([A-Za-z_$][\w$]*)(?:<[^<>()]*>)?(?:\s*const)?"
               rf"(?:\s*[*&]+\s*|\s+){w}\s*[,)=]",
               rf"[(,]\s*(?:const\s+)?(?:struct|union|enum)\s+(\w+)\s*(?:const\s*)?[*\s]*\b{w}\s*[,)\[]"):  # C `struct inode *inode`
        m = re.search(rx, signature)
        # (a bare `Type retType`, C#'s System.Type, wraps nothing: dbus-sharp run 526's GetSig(retType) went to GetSig(object[]))
        if m and m.group(1) in _NULLABLE and re.match(r"\s*[\[<]", signature[m.end(1):]):
            # `console: Optional[Console] = None`, `h: Option<Head>`: the wrapped type
            inner = re.match(r"\s*[\[<]\s*[\"']?[&*]*\s*(?:(?:dyn|impl|mut|'\w+)\s+)*(?:[\w$]+(?:\.|::))*([A-Za-z_$][\w$]*)",
                             signature[m.end(1):])
            return inner.group(1) if inner and inner.group(1) not in _KEYWORDS else None
        if m and m.group(1) not in _KEYWORDS:
            return m.group(1)
    return None


def generic_bound(signature: str, typed: str, known: Callable[[str], bool] | None = None) -> str | None:
    """One bound of the type parameter `typed` (see generic_bounds): with `known`, the first it accepts (a trait
    the repository defines: `C: Extend<i32> + ParallelExtend<i32>` is a ParallelExtend to rayon), else the first;
    None when `typed` is no bounded type parameter of the header."""
    found = generic_bounds(signature, typed)
    return next((b for b in found if known is None or known(b)), found[0] if found else None)


def generic_bounds(signature: str, typed: str) -> list[str]:
    """The bounds a header puts on its type parameter `typed` (Rust `<P: UnindexedProducer>` or `where FromA: Send +
    ParallelExtend<T>`, Java/TS `<T extends Node>`, Kotlin `<T : Node>`, C# `where T : Node`), in order: a value of
    that parameter has the bounds' members. Marker traits and lifetimes are skipped."""
    m = re.search(rf"(?:[<,]|\bwhere\b[^{{;]*?[\s,])\s*{re.escape(typed)}\s*(?::(?!:)|\bextends\b)", signature)
    if m is None:
        return []
    depth, bound, i = 0, "", m.end()
    while i < len(signature) and len(bound) < 300:  # the bound list: up to a `,`, `>`, `{` or `;` outside brackets
        c = signature[i]
        if c in "<([":
            depth += 1
        elif c in ">)]":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and c in ",{;=":
            break
        bound += c
        i += 1
    found: list[str] = []
    for part in re.split(r"\+|&", bound):
        name = re.match(r"\s*(?:\?\s*)?(?:dyn\s+)?(?:for\s*<[^<>]*>\s*)?((?:[\w$]+(?:::|\.))*(?:[A-Z]|\$[A-Za-z])[\w$]*)", part)
        last = name.group(1).replace("::", ".").rsplit(".", 1)[-1] if name else None
        if last and last not in _MARKER_BOUNDS:
            found.append(last)
    return found


#: bounds that add no members worth resolving a call through
_MARKER_BOUNDS = frozenset({"Sized", "Send", "Sync", "Copy", "Clone", "Default", "Debug", "Unpin", "Eq", "PartialEq",
                            "Ord", "PartialOrd", "Hash", "Any", "Comparable", "Serializable", "Cloneable"})


def go_embedded(lines: list[str], start: int, end: int) -> list[str]:
    """The types a Go struct or interface embeds: body lines (start..end, 1-based) that hold only a type name
    (`raftState`, `*sync.Mutex`, `io.Reader`, `FSM`), as names without package or pointer."""
    return [name for _, name in go_embedded_qualified(lines, start, end)]


def go_embedded_qualified(lines: list[str], start: int, end: int) -> list[tuple[str | None, str]]:
    """go_embedded with each type's package qualifier as written (`*assert.Assertions`: ("assert", "Assertions");
    `raftState`: (None, "raftState"))."""
    out: list[tuple[str | None, str]] = []
    if start == end and 0 < start <= len(lines):  # one line: `type timer struct{ Mock }`
        one = re.search(r"\b(?:struct|interface)\s*\{\s*\*?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)\s*\}", lines[start - 1])
        return [(one.group(1), one.group(2))] if one else []
    for i in range(start, min(end, len(lines))):  # the header line (start) opens the body
        m = re.match(r"\s*\*?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)\s*(?://.*)?$", lines[i])
        if m and m.group(2) not in ("struct", "interface"):
            out.append((m.group(1), m.group(2)))
    return out


#: Wrappers whose argument is the type a value has: `Optional[Head]`, `Option<Head>`, `Box<Head>`, `?Head`
_WRAPPERS = frozenset({"Optional", "Option", "Box", "Rc", "Arc", "Ref", "RefMut", "Readonly", "Awaitable", "Coroutine",
                       "type", "Type"})  # Python `cls: type[BaseModel]`: its methods are BaseModel's


#: wrappers a parameter's value is its argument's type through (an `Awaitable[T]` parameter is an Awaitable)
_NULLABLE = frozenset({"Optional", "Option", "Box", "Rc", "Arc", "type", "Type",  # (`cls: type[BaseModel]`)
                       "shared_ptr", "unique_ptr", "weak_ptr", "optional"})  # C++ `std::shared_ptr<logger> l`


def rust_module_name(path: str) -> str | None:
    """The module a Rust source file is: `dfa` for src/dfa.rs and src/dfa/mod.rs; None for a crate root (lib.rs,
    main.rs), whose module path is the crate's."""
    base = posixpath.basename(path)
    if base in ("lib.rs", "main.rs"):
        return None
    return posixpath.basename(posixpath.dirname(path)) if base == "mod.rs" else base.removesuffix(".rs")


def rust_path_head(before: str) -> str:
    """The module path written right before a name (`teddy::` of `teddy::Builder::new()`, `crate::util::` of
    `crate::util::trace::task`); "" when the name stands alone."""
    m = re.search(r"(?<![\w:])((?:[A-Za-z_]\w*::)+)$", before)
    return m.group(1) if m else ""


def rust_file_in_module(path: str, module: str) -> bool:
    """Whether a Rust file belongs to the module `module`: the file is that module (src/nfa.rs, src/nfa/mod.rs) or
    sits below its folder (src/packed/teddy/compile.rs, whose Builder src/packed/teddy/mod.rs re-exports as
    `teddy::Builder`)."""
    return rust_module_name(path) == module or module in path.split("/")[:-1]


def _without_none(text: str) -> str:
    """A union with None as its one other type (`Command | None`, `X | undefined`), else the text as it is: click's
    `resolve_command(..) -> tuple[str | None, Command | None, list[str]]` and `get_current_context() -> Context |
    None` (run 270). Read before any wrapper: `Awaitable[Foo] | None` is an Awaitable[Foo] (review of b11f294)."""
    parts = top_level(text, "<([", sep="|")
    kept = [p for p in parts if p not in ("None", "null", "undefined")]
    return kept[0] if len(parts) > 1 and len(kept) == 1 else text


def named_type(text: str) -> str | None:
    """The type a return annotation names (`Optional[Head]` -> Head, `&'a mut Head` -> Head, `?\\Ns\\Head` ->
    Head, `ns::Head<T>` -> Head); None for none, a union, a tuple or a builtin-looking lowercase name."""
    t = _without_none(text)
    for _ in range(3):
        t = t.strip().lstrip("?&*").strip()
        t = re.sub(r"^'\w+\s+", "", t)  # a Rust lifetime (`'a mut Head`; `'Head'` is a quoted name)
        t = re.sub(r"^(?:(?:mut|const|dyn|impl)\s+)+", "", t).strip('"\'')
        m = re.match(r"(?:[\w$]+(?:\.|::|\\))*([\w$]+)\s*[\[<]\s*(.*)[\]>]\s*$", t)
        if not (m and m.group(1) in _WRAPPERS):
            break
        t = m.group(2)
    t = _without_none(t)
    if re.match(r"(?:typeof|keyof|readonly|unique)\s", t):
        return None  # TypeScript: the class object (`typeof Foo`), a key union, a read-only array: no Foo instance
    if "|" in t or "," in t.split("<")[0].split("[")[0] or t.startswith("("):
        return None
    m = re.match(r"\\?(?:[\w$]+(?:\.|::|\\))*([A-Za-z_$][\w$]*)", t)
    if m is None or m.group(1) in _KEYWORDS or m.group(1) in ("None", "void", "self", "Self", "static", "mixed"):
        return None if m is None or m.group(1) not in ("Self", "self", "static") else "Self"
    return m.group(1)


def top_level(params: str, opens: str = "<([", sep: str = ",") -> list[str]:
    """Comma-separated (or `sep`-separated) parts outside the brackets `opens` names (<...>, (...) and [...]; Go passes
    "([{": its `<-` is no bracket), stripped, empty ones dropped."""
    closes = opens.translate(str.maketrans("<([{", ">)]}"))
    parts, depth, cur = [], 0, ""
    i = 0
    while i < len(params):
        ch = params[i]
        if ch == '"' or (ch == "'" and _CHAR.match(params, i)):  # a string or char literal: its commas are text
            m = _DQ.match(params, i) if ch == '"' else _CHAR.match(params, i)
            end = m.end() if m is not None else len(params)
            cur += params[i:end]
            i = end
            continue
        if ch in opens:
            depth += 1
        elif ch in closes and not (ch == ">" and i > 0 and params[i - 1] in "-="):  # `x -> f(a, b)`, `(t, o) => ..`
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    return [p.strip() for p in [*parts, cur] if p.strip()]


#: a double-quoted string literal and a one-character literal (`','`, `'\n'`; never Rust's lifetime `'a`)
_DQ = re.compile(r'"(?:\\.|[^"\\])*"')
_CHAR = re.compile(r"'(?:\\.|[^'\\])'")


def type_word(text: str) -> str:
    """The type a parameter or a written type names, simply: `final Map<String, Integer> m` -> Map, `String...` ->
    String, `@Nullable String s` -> String, `int[] a` -> int, C++ `const char* file` -> char*."""
    t = re.sub(r"@\w+(?:\([^)]*\))?\s*|\b(?:final|const|volatile|struct|class|union|enum|typename|mutable|register)\s+|<.*>"
               r"|\[\s*\]|\.\.\.", " ", text).split()
    return t[0].rsplit(".", 1)[-1] if t else ""


def param_types(signature: str) -> list[str] | None:
    """The parameter types of a Java-like or Kotlin-like header, simply (`parse(String html, String baseUri)` ->
    ['String', 'String']); None when it has no parameter list."""
    m = re.search(r"\((.*)\)", signature)
    if m is None:
        return None
    inner = m.group(1)
    head = _LEADING_ANNOTATIONS.sub("", signature)  # (`@Test(timeout = 5)`, C#'s `[Obsolete("..")]`: not the list)
    first = head.find("(")
    if first >= 0 and (own := inside_parens(head, first + 1)) is not None:
        inner = own  # the list alone, not what follows it (C#'s `PyTuple(PyObject o) : base(FromObject(o))`)
    out = []
    for p in top_level(inner):
        p = re.sub(r"\s*=.*$", "", p)  # a default value
        colon = re.search(r"(?<!:):(?!:)", p)  # not C++'s `std::string`
        if colon:  # Kotlin, Scala, Swift: `name: Type`
            out.append(type_word(p[colon.end():]))
        else:  # Java, C#, C++: `Type name`
            out.append(type_word(re.sub(r"\s+[\w$]+\s*$", "", p) if len(p.split()) > 1 else p))
    return out


def shown_param_types(signature: str) -> list[str] | None:
    """param_types with each array or varargs parameter's brackets kept (`f(byte[] a, String... b)` -> ['byte[]',
    'String[]']): what tells decode(byte[]) from decode(byte); None when the header has no parameter list."""
    types = param_types(signature)
    found = re.search(r"\((.*)\)", signature)
    if types is None or found is None:
        return types
    head = _LEADING_ANNOTATIONS.sub("", signature)
    first = head.find("(")
    inner = own if first >= 0 and (own := inside_parens(head, first + 1)) is not None else found.group(1)
    parts = top_level(inner)
    if len(parts) != len(types):
        return types
    out = []
    for t, p in zip(types, parts, strict=True):
        p = re.sub(r"\s*=.*$", "", re.sub(r"<.*>", "", p))
        out.append(t + ("[]" * max(p.count("["), 1) if re.search(r"\[\s*\]|\.\.\.|^\s*params\b", p) else ""))
    return out


#: annotations and attributes a header starts with, parentheses and brackets included
_LEADING_ANNOTATIONS = re.compile(r"^\s*(?:(?:@[\w.]+(?:\s*\((?:[^()]|\([^()]*\))*\))?|\[(?:[^\[\]]|\[[^\[\]]*\])*\])\s*)*")


def split_params(q: str) -> tuple[str, list[str] | None]:
    """'Jsoup.parse(String, String)' -> ('Jsoup.parse', ['String', 'String']); a name without parentheses -> None."""
    m = re.fullmatch(r"\s*([^()]+?)\s*\((.*)\)\s*", q)
    if m is None:
        return q.strip(), None
    return m.group(1), [type_word(t) for t in top_level(m.group(2))] if m.group(2).strip() else []


_DIRECTIVE = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|elseif|else|endif|define)\b\s*(.*?)\s*(?://.*|/\*.*)?$")


#: Files whose lines may sit in `#if` groups (C, C++, C#): preprocessor_conditions applies to them.
CONDITIONAL_SOURCES = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".cs", ".swift")


#: Go's GOOS and GOARCH values a file name's suffix restricts a build to (`route_info_linux.go`, `x_windows_amd64.go`)
_GOOS = frozenset("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris "
                  "wasip1 windows zos".split())
_GOARCH = frozenset("386 amd64 amd64p32 arm arm64 arm64be armbe loong64 mips mips64 mips64le mips64p32 mips64p32le mipsle "
                    "ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm".split())


def go_build_constraint(path: str, lines: list[str]) -> str | None:
    """What a Go file builds under: its name's GOOS/GOARCH suffix (`linux by its name`) and its `//go:build` line
    (or its `// +build` lines), as written; None for a file built everywhere. go-sockaddr's five NewRouteInfo, one per
    platform file (run 551's agent read each file's first line to tell them apart)."""
    said: list[str] = []
    segs = posixpath.basename(path).removesuffix(".go").removesuffix("_test").split("_")
    if len(segs) >= 3 and segs[-2] in _GOOS and segs[-1] in _GOARCH:
        said.append(f"{segs[-2]}/{segs[-1]} by its name")
    elif len(segs) >= 2 and (segs[-1] in _GOOS or segs[-1] in _GOARCH):
        said.append(f"{segs[-1]} by its name")
    plus: list[str] = []
    for text in lines[:60]:
        stripped = text.strip()
        if stripped.startswith("package "):
            break
        build = re.match(r"//go:build\s+(.+)", stripped)
        if build:
            said.append(f"//go:build {build.group(1)}")
            plus = []
            break
        old = re.match(r"//\s*\+build\s+(.+)", stripped)
        if old:
            plus.append(old.group(1))
    said += [f"+build {p}" for p in plus]
    return ", ".join(said) or None


def preprocessor_conditions(lines: list[str]) -> dict[int, str]:
    """For each line of a C, C++ or C# file inside `#if` groups (an `#include`, a `using`), the conditions it is read
    under, as written (`#if GTEST_OS_WINDOWS_MOBILE`, `#elif GTEST_OS_WINDOWS`, `#else of #if A / #elif B`); a header's
    include guard (`#ifndef X_H` then `#define X_H`) is no condition."""
    stack: list[list[str] | None] = []  # per open group: the branches so far (None: the include guard)
    out: dict[int, str] = {}
    directives = {n: (m.group(1), m.group(2)) for n, text in enumerate(lines, 1) if (m := _DIRECTIVE.match(text))}
    numbers = sorted(directives)
    for i, n in enumerate(numbers):
        word, rest = directives[n]
        if word in ("if", "ifdef", "ifndef"):
            guard = (word == "ifndef" and not stack and i + 1 < len(numbers)
                     and directives[numbers[i + 1]] == ("define", rest))
            stack.append(None if guard else [f"#{word} {rest}"])
        elif word in ("elif", "elseif", "else") and stack and stack[-1] is not None:
            stack[-1].append(f"#{word} {rest}" if word != "else" else "#else")
        elif word == "endif" and stack:
            stack.pop()
        parts = [f"#else of {' / '.join(g[:-1])}" if g[-1] == "#else" else g[-1] for g in stack if g is not None]
        if parts:  # the lines up to the next directive are read under these
            for line in range(n + 1, numbers[i + 1] if i + 1 < len(numbers) else len(lines) + 1):
                out[line] = " and ".join(parts)
            if word not in ("if", "ifdef", "ifndef", "elif", "elseif", "else", "endif"):
                out[n] = " and ".join(parts)  # and a `#define` (a macro's variant) or `#include` itself
    return out


def configured(lines: list[str], group: list[Any]) -> Any:
    """Of a C name defined under `#ifdef X` and again under its `#else` (or `#ifndef`, `#if !`, `#elif`), the one
    the usual build reads; None when not exactly one stands out (ext4's `ext4_msg` was shown and resolved as its
    `no_printk` stub of !CONFIG_PRINTK, five lines against the real one's two)."""
    # (only among definitions: a one-line forward declaration `static void update_super(void);` is none)
    group = [x for x in group if x.end_line > x.start_line or (x.signature or "").startswith("#define")]
    conditions = preprocessor_conditions(lines)
    plain = [x for x in group if _usual_build(conditions.get(x.start_line) or conditions.get(x.start_line + 1) or "")]
    return plain[0] if len(plain) == 1 and len(group) > 1 else None


#: a macro whose being defined turns something off (`EVENT__DISABLE_DEBUG_MODE`, `CONFIG_NO_HZ`, `WITHOUT_SSL`)
_TURNS_OFF = re.compile(r"DISABLE|(?:^|_)NO_|WITHOUT|(?:^|_)NO(?:$|_)")


def _usual_build(condition: str) -> bool:
    """Whether the usual build reads lines under `condition` (as preprocessor_conditions writes it): each macro it
    tests is defined, or not defined for one that turns something off (`#ifndef EVENT__DISABLE_DEBUG_MODE` is the
    usual branch, its `#else` not; libevent run 496 was shown the `(0)` stub of EVENT_DEBUG_MODE_IS_ON first); a
    test of anything else, or an `#elif`, is no usual branch."""
    for part in filter(None, condition.split(" and ")):
        flip = part.startswith("#else of ")
        head = part.removeprefix("#else of ").split(" / ")[0]
        if "#elif" in part.removeprefix("#else of ").split(" / ", 1)[-1] and flip or head.startswith("#elif"):
            return False
        m = re.match(r"#(ifdef|ifndef|if)\s+(.*)", head)
        if m is None:
            return False
        terms = [("!" not in bang, name) for bang, name in
                 re.findall(r"(!?)\s*defined\s*\(?\s*(\w+)", m.group(2))] if m.group(1) == "if" \
            else [(m.group(1) == "ifdef", m.group(2).split()[0] if m.group(2).split() else "")]
        if not terms or (m.group(1) == "if" and re.sub(r"!?\s*defined\s*\(?\s*\w+\s*\)?|&&|\s", "", m.group(2))):
            return False  # (`#if GTEST_OS_WINDOWS`, `#if X > 2`, `||`: nothing says which is usual)
        if flip and len(terms) != 1:
            return False
        if any((positive != flip) == bool(_TURNS_OFF.search(name)) for positive, name in terms):
            return False
    return True


def loose_types(types: list[str]) -> list[str]:
    """Parameter types without namespaces, pointer, reference and nullable marks or case, for comparing
    parameter lists as loosely as a person writes them: `std::string&` -> `string`, `Object?` -> `object`."""
    return [re.sub(r"[\s&*?]+", "", t).rsplit("::", 1)[-1].rsplit(".", 1)[-1].lower() for t in types]


def same_type(a: str, b: str) -> bool:
    """Two written types alike: exactly, or by name without case, nullable mark or namespace (`String` and `string`,
    `boolean` and `bool`)."""
    def norm(t: str) -> str:
        t = loose_types([t])[0]
        return {"boolean": "bool", "str": "string"}.get(t, t)
    return a == b or norm(a) == norm(b)


class _Signed(Protocol):
    @property
    def signature(self) -> str | None: ...


_S = TypeVar("_S", bound=_Signed)


def overloads_taking(named: list[_S], params: list[str], asked: list[str] | None) -> list[_S]:
    """Of same-named definitions, those whose parameter types are `params` (`Digest.run(String, MessageDigest)`):
    written alike first, then without case, then as loosely as a person writes them (`Assert(bool, char*, int,
    string)` for `const std::string& msg`); several left are told apart by the brackets asked (`decode(byte[])`,
    not decode(byte)). Empty when none takes them. One reading for find_related, search_symbol and
    read_code_range."""
    lowered = [p.lower() for p in params]
    hit = [s for s in named if param_types(s.signature or "") == params] \
        or [s for s in named if [p.lower() for p in param_types(s.signature or "") or []] == lowered] \
        or [s for s in named if loose_types(param_types(s.signature or "") or []) == loose_types(params)]
    if len(hit) > 1 and asked is not None:
        hit = [s for s in hit if shown_param_types(s.signature or "") == asked] or hit
    return hit


def call_args(text: str, name: str) -> list[str] | None:
    """The arguments the first call of `name` on a line passes, as written (`new Parser(treeBuilder)` ->
    ['treeBuilder']); None when the call does not close on the line."""
    m = re.search(rf"\b{re.escape(name)}\s*(?:(?:::\s*)?<(?:[^<>()]|<[^<>()]*>)*>)?\s*\(", text)
    inner = inside_parens(text, m.end()) if m is not None else None
    return top_level(inner) if inner is not None else None


#: a C# namespace declaration line, block or file-scoped (`namespace Python.Runtime`, `namespace X.Y;`)
CS_NAMESPACE = re.compile(r"\s*namespace\s+([A-Za-z_][\w.]*)")


def cs_namespaces(lines: list[str]) -> list[str]:
    """The namespaces a C# file declares, in order, once each."""
    return list(dict.fromkeys(m.group(1) for t in lines
                              if t.lstrip().startswith("namespace") and (m := CS_NAMESPACE.match(t))))


def enclosing_namespaces(ns: str) -> list[str]:
    """`A.B.C` -> A.B.C, A.B, A: a C# namespace sees the types of the namespaces around it without a using."""
    parts = ns.split(".")
    return [".".join(parts[:k]) for k in range(len(parts), 0, -1)]


def cs_namespace_at(lines: list[str], line: int) -> str | None:
    """The full name of the namespace a C# line sits in (`namespace A { namespace B {` -> A.B; a file-scoped
    `namespace A.B;` -> A.B), None at the top level: braces counted outside strings and comments."""
    stack: list[tuple[str, int]] = []  # (name, the depth its body opened at; -1 file-scoped)
    depth = 0
    pending: str | None = None
    for text in lines[:max(0, line - 1)]:
        code = _CHAR.sub("''", _DQ.sub('""', _LINE_COMMENT.sub("", text)))
        m = CS_NAMESPACE.match(code)
        if m:
            rest = code[m.end():].lstrip()
            if rest.startswith(";"):
                stack.append((m.group(1), -1))
                continue
            pending, code = m.group(1), rest
        for ch in code:
            if ch == "{":
                depth += 1
                if pending is not None:
                    stack.append((pending, depth))
                    pending = None
            elif ch == "}":
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
    return ".".join(n for n, _ in stack) or None


def cs_using_candidates(lines: list[str], line: int, target: str) -> list[str]:
    """What a C# `using T;` on `line` may name: inside `namespace A.B {` it is A.B.T, then A.T, then the global T
    (dbus-sharp run 521: `using Protocol;` inside `namespace DBus {` means DBus.Protocol)."""
    ns = cs_namespace_at(lines, line) if not target.startswith("global::") else None
    target = target.removeprefix("global::")
    return [*(f"{outer}.{target}" for outer in (enclosing_namespaces(ns) if ns else [])), target]


def call_args_at(lines: list[str], line: int, name: str, language: str | None = None) -> list[str] | None:
    """The arguments of the call of `name` on `line` (1-based), read on over up to 40 lines (a call whose arguments
    are a long concatenation, Capacitor's `Logger.verbose(\n tags, "..." +\n ...)`); a Kotlin/Swift/Scala trailing
    lambda (`Function("uuidv4") { .. }`, `UseBoxShadowProp { view, s -> .. }`) is one more. None when the line names
    no call of it, or the call does not close."""
    if not 0 < line <= len(lines):
        return None
    first_line = lines[line - 1]
    rx = re.compile(rf"(?<![\w$]){re.escape(name)}\s*(?:<[^<>()]*>)?\s*([({{])")
    m = rx.search(first_line)
    if m is None:
        return None
    # (line comments out, `// if we don't skip collect, ..` inside an argument list; lines kept apart by newlines, so a
    # trailing lambda is told by its `{` on the line that closes the call)
    text = "\n".join(_LINE_COMMENT.sub("", t) for t in lines[line - 1:line + 39])
    # a one-line definition calling its namesake (`void Initialize() { Initialize(setSysArgv: true); }`): past the head
    head = re.compile(rf"(?<!new )(?<![\w$.]){re.escape(name)}\s*\([^()]*\)\s*(?:\{{|=>)").match(text, m.start())
    again = rx.search(first_line, head.end()) if head is not None else None
    m = again or m
    # (not a class body after a supertype's constructor call, nor an `if`/`while`/`guard` block after its condition)
    lambdas = language in _TRAILING_LAMBDA and \
        not re.search(r"\b(?:class|object|interface|enum|if|while|guard|for|switch|when|catch|return\s+if)\b",
                      first_line[:m.start()])
    if m.group(1) == "{":
        return ["{…}"] if lambdas else None
    inner = inside_parens(text, m.end())
    if inner is None:
        return None
    args = top_level(inner, "<([{")
    if lambdas and re.match(r"[ \t]*\{", text[m.end() + len(inner) + 1:]):
        args.append("{…}")
    return args


#: a `//` comment to the end of a line, outside string literals (`"http://x"` stays)
_LINE_COMMENT = re.compile(r'//(?=(?:[^"]*"[^"]*")*[^"]*$).*$')


#: languages whose last argument may follow the parentheses as a block (`f(x) { .. }`)
_TRAILING_LAMBDA = frozenset({"kotlin", "swift", "scala", "groovy"})


def inside_parens(text: str, start: int) -> str | None:
    """The text from `start` (just past an opening parenthesis) to its closing one; None when it does not close."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
            if depth == 0:
                return text[start:i]
    return None


def arity(signature: str, name: str) -> tuple[int, int | None] | None:
    """(required, at most) arguments of the first parameter list after `name` in a header (`result(atMost:
    Duration)(implicit permit: CanAwait)` -> (1, 1)); at most None with varargs; None without a parameter list."""
    m = re.search(rf"(?<![\w$]){re.escape(name)}\s*(?:\[[^\]]*\]|<(?:[^<>]|<[^<>]*>)*>)?\s*\(", signature)
    inner = inside_parens(signature, m.end()) if m is not None else None
    if inner is None:
        return None
    if re.match(r"\s*implicit\b", inner):  # Scala: an implicit list is filled in by the compiler
        return 0, None
    required, most = 0, 0
    for p in top_level(inner):
        if re.search(r"\.\.\.|\bvararg\b|\bparams\b|\*\s*$|^\*", p):
            return required, None
        most += 1
        if not re.search(r"(?<![=!<>])=(?![=>])", p):  # no default value (`f: A => B` is a type)
            required += 1
    return required, most


def takes_call(signature: str, name: str, args: list[str], language: str | None) -> bool:
    """Whether a call passing `args` (as written) fits a header's parameter list: the count between its required and
    its most (defaults, varargs), and named arguments (C# `setSysArgv: false`, Kotlin/Scala `x = 1`) naming its
    parameters, with every required one passed by position or by name (pythonnet's `Initialize(setSysArgv: false)`
    is Initialize(bool setSysArgv = true, ..), not Initialize(IEnumerable<string> args, bool setSysArgv = true, ..))."""
    if language == "csharp" and re.search(r"\(\s*this\s", signature):
        # an extension method: `x.Values<T>(key)` on a value, or `Extensions.Values(x, key)` through its class
        m0 = re.search(rf"(?<![\w$]){re.escape(name)}\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(", signature)
        inner0 = inside_parens(signature, m0.end()) if m0 is not None else None
        if m0 is not None and inner0 is not None and \
                takes_call(f"{name}({', '.join(top_level(inner0)[1:])})", name, args, language):
            return True
        signature = signature.replace("this ", "", 1)
    if language == "swift":
        fits = _swift_takes(signature, name, args)
        if fits is not None:
            return fits
    got = arity(signature, name)
    if got is None:
        return True
    n = len(args)
    if n < got[0] or (got[1] is not None and n > got[1]):
        return False
    if not any(_named_arg(a, language) for a in args):
        return n >= got[0]
    m = re.search(rf"(?<![\w$]){re.escape(name)}\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(", signature)
    inner = inside_parens(signature, m.end()) if m is not None else None
    params = top_level(inner or "")
    names = [_param_name(p, language) for p in params]
    named: list[str] = []
    positional = 0
    for i, a in enumerate(args):
        k = _named_arg(a, language)
        if a == "{…}" and names:  # a trailing lambda is the last parameter
            named.append(names[-1])
        elif k is None or (i < len(names) and names[i] == k.group(1)):
            positional += 1  # (C# 7.2, Kotlin: a named argument in its own place counts as positional)
        else:
            named.append(k.group(1))
    if any(x not in names for x in named):
        return False
    required = [nm for p, nm in zip(params, names, strict=True) if not re.search(r"(?<![=!<>])=(?![=>])", p)]
    return all(nm in named for nm in required[positional:])


_SWIFT_ATTRIBUTE = re.compile(r"@[\w.]+(?:<[^<>]*>)?(?:\([^()]*\))?\s*")


def swift_params(signature: str, name: str) -> list[tuple[str, bool, bool]] | None:
    """(argument label or '_', has a default, variadic) of each parameter of the Swift function `name` (a regex)
    in its header; None when the header does not hold its whole parameter list."""
    m = re.search(rf"\b{name}\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(", signature)
    inner = inside_parens(signature, m.end()) if m is not None else None
    if inner is None:
        return None
    out: list[tuple[str, bool, bool]] = []
    for param in top_level(inner):
        head, colon, rest = _SWIFT_ATTRIBUTE.sub("", param).partition(":")
        words = head.split()
        if not colon or not words:
            continue
        # `name: T` labels itself, `_ x: T` has none, `with x: T` is `with`; `T...` and `repeat each A` take many
        out.append((words[0], "=" in rest, rest.split("=")[0].rstrip().endswith("...") or "repeat each" in rest))
    return out


def _swift_takes(signature: str, name: str, args: list[str]) -> bool | None:
    """Whether a Swift call's arguments fit a header by their labels, in order (`cast($0, appContext: c)` is no call
    of `cast(jsValue:appContext:)`): a parameter with a default may be left out, a variadic one takes the unlabeled
    arguments after its first, a trailing closure fills the last parameter left. None: the header is cut."""
    params = swift_params(signature, re.escape(name))
    if params is None:
        return None
    labels = ["{" if a == "{…}" else (m.group(1) if (m := re.match(r"\s*(\w+)\s*:(?!:)", a)) else "_") for a in args]
    at = 0
    for n, (label, default, many) in enumerate(params):
        if at < len(labels) and (labels[at] == label or (labels[at] == "{" and n == len(params) - 1)):
            at += 1
            while many and at < len(labels) and labels[at] == "_":
                at += 1
        elif not default and not many:
            return False
    return at == len(labels)


def _named_arg(arg: str, language: str | None) -> re.Match[str] | None:
    """A named argument's name: C#/Swift `name: value`, Kotlin/Scala `name = value`."""
    if language in ("csharp", "swift", "dart"):
        return re.match(r"\s*(\w+)\s*:(?!:)", arg)
    if language in ("kotlin", "scala"):
        return re.match(r"\s*(\w+)\s*=(?![=>])", arg)
    return None


def _param_name(param: str, language: str | None) -> str:
    """A parameter's name: `bool setSysArgv = true` -> setSysArgv, Kotlin `x: Int = 1` -> x."""
    head = re.split(r"(?<![=!<>])=(?![=>])", param, maxsplit=1)[0].strip()
    if language == "swift" and ":" in head:  # `in runtime: JSRuntime` is written `in:`; `_ name: String` by position
        words = re.findall(r"\w+", head.split(":", 1)[0])
        return "" if words[:1] == ["_"] else words[0] if words else ""
    if language in ("kotlin", "scala") and ":" in head:
        words = re.findall(r"\w+", head.split(":", 1)[0])
        return words[-1] if words else ""
    words = re.findall(r"\w+", head)
    return words[-1] if words else ""


#: a Go embedded field as the index stores it: only its type, `*Conn`, `sync.Mutex`, `DS` (a tag after it)
_GO_EMBEDDED_FIELD = re.compile(r"\s*\*?(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*(?:`[^`]*`\s*)?(?://.*)?")


def go_embedded_field(signature: str) -> str | None:
    """The type a Go embedded field's signature names (`*Conn` -> Conn), None for a named field (`n int`)."""
    m = _GO_EMBEDDED_FIELD.fullmatch(signature or "")
    return m.group(1) if m else None


def local_binding(lines: list[str], start: int, end: int, word: str) -> tuple[str, str] | None:
    """The first declaration of `word` (see local_bindings), or the last Kotlin smart cast of it above `end`
    (`val method = fns[name]` then `if (method is AsyncFunctionComponent)`); None when none tells. When the first
    declaration's block has closed above `end` (its indentation says so), the last one still open there: miekg/dns's
    Msg.String ranges `r` over dns.Question, then dns.Answer, dns.Ns and dns.Extra, each loop binding its own `r`."""
    first: tuple[str, str] | None = None
    smart: tuple[str, str] | None = None
    found: list[tuple[int, tuple[str, str] | None]] = []
    for n, (at, b) in enumerate(_bindings_at(lines, start, end, word)):
        if b is not None and b[0] == "smart":
            smart = ("type", b[1])
        elif n == 0:
            first = b
        if b is None or b[0] != "smart":
            found.append((at, b))
    if smart is None and len(found) > 1 and not _still_open(lines, found[0][0], end):
        return next((b for at, b in reversed(found) if _still_open(lines, at, end)), first)
    return smart or first


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _still_open(lines: list[str], at: int, end: int) -> bool:
    """Whether a declaration at line `at` is in scope at `end` by indentation: a block header ending in `{` (Go's `for
    _, r := range xs {`) scopes it to the block, more indented; a statement to the lines at its own level or deeper."""
    head = lines[at - 1] if 0 < at <= len(lines) else ""
    level = _indent(head)
    # (a trailing comment after the brace too: `} catch (ExitException &e) { // catch any exceptions`, TCLAP's test18)
    cut = head.find("//")
    code = head[:cut] if cut >= 0 and head[:cut].count('"') % 2 == 0 else head
    block = code.rstrip().endswith("{")
    for k in range(at + 1, min(end, len(lines)) + 1):
        text = lines[k - 1]
        if not text.strip():
            continue
        if _indent(text) < level or (block and _indent(text) == level):
            return False
    return True


_USING_DECL = re.compile(r"^(\s*)(?:await\s+)?using\s+(?=var\b|[A-Z])")


def local_bindings(lines: list[str], start: int, end: int, word: str) -> Iterator[tuple[str, str] | None]:
    """See _bindings_at: each binding without its line."""
    for _at, b in _bindings_at(lines, start, end, word):
        yield b


def _declared_by(m: re.Match[str], rust_std: re.Pattern[str], go_new: re.Pattern[str]) -> str | None:
    """The type a declaration match names: Rust's `vec![..]` a Vec and a literal's `.to_string()` a String, Go's
    `new(T)` or `make(T)` a T (not `make(map[..]..)` nor `make(chan ..)`), else its first group."""
    if m.re is rust_std:
        return "Vec" if m.group(1) else "String"
    if m.re is go_new and m.group(1) is None:
        return m.group(2) if m.group(2) not in ("chan", "map") else None
    return m.group(1) if m.group(1) != "type" else None


def _bindings_at(lines: list[str], start: int, end: int, word: str) -> Iterator[tuple[int, tuple[str, str] | None]]:
    """How a local `word` is declared in lines start..end (1-based) of a definition: ("type", T) when the
    declaration names its type (`c: Client = ...`, `Client c = ...`, `var c Client`, `c := &Client{}`,
    `c = Client(...)`, `$c = new Client(...)`, `let c = Client::new(...)`), ("call", f) when it is what a call of a
    plain function returns (`c = make_client()`, `c := NewClient()`), ("member", "v.m") when it is what a method
    called on a plain name returns (`val r = borderRadius?.resolve(...)`), ("receive", "r.ch") when it is a value
    received from a channel field (Go `case a := <-r.applyCh:`), ("index", "a.m") an element read by index
    (`val method = definition.syncFunctions[name]`), ("smart", T) a Kotlin smart cast (`if (method is T)`), ("range",
    "gs") an element of a collection (Go
    `for _, g := range gs {`), else None; each declaration in turn (JavaScript's
    `const entrypoint` in two blocks: one from a Map, one `new Entrypoint(..)`). At most 400 lines are read."""
    w = re.escape(word)
    # (Scala binds a typed pattern too: `case listeners: List[_] =>`)
    annotated = re.compile(rf"^\s*(?:let\s+(?:mut\s+)?|const\s+|var\s+|final\s+|val\s+|case\s+)?\$?{w}\s*:\s*([^=;]+?)\s*(?:=|;|$)")
    # (a Java/C# loop's own: `for ( Iterator<String> iter = pieces.iterator(); ..`, `for (final Entry<K, V> e : m)`)
    # (C++ constructs one with arguments, `VersionSet vset(dbname, &options);`: leveldb run 507)
    typed_first = re.compile(rf"^\s*(?:for\s*\(\s*)?(?:final\s+|var\s+)?({_QUAL}[A-Z][\w$]*)(?:<(?:[^<>;()]|<[^<>;()]*>)*>)?"
                             rf"\s*[*&]?\s+{w}\s*(?:=|;|:(?!:)|[({{](?=[^\n]*[)}}]\s*;\s*(?://.*)?$))")
    go_var = re.compile(rf"^\s*var\s+{w}\s+\*?({_QUAL}[A-Za-z_]\w*)\s*$")
    # C/C++ `struct inode *inode = file->f_mapping->host;`, `struct ext4_map_blocks map;`
    c_struct = re.compile(rf"^\s*(?:(?:static|const|register|volatile)\s+)*(?:struct|union|enum)\s+(\w+)\s*[*\s]*\b{w}\s*(?:=|;|,|\[)")
    # C++ lower-case and namespaced types: `async_msg incoming_async_msg;`, `details::log_msg m{..}`, `std::lock_guard<M> l(m);`
    # (a statement ending with `;`: never Python's `assert q == x`, Go's `if client == nil {`)
    lower_first = re.compile(rf"^\s*(?:(?:const|static|volatile|register)\s+)*((?:[A-Za-z_]\w*::)*[a-z_]\w*)"
                             rf"(<(?:[^<>;()]|<[^<>;()]*>)*>)?\s*(?:const\s*)?[*&]{{0,2}}\s*\b{w}\s*(?=[^\n]*;\s*(?://.*)?$)"
                             rf"(?:=(?!=)|;|\{{|\()")
    # (Go's first target of `m, err := newMemberlist(conf)` too: the call's first result, memberlist run 304)
    made = re.compile(rf"^\s*(?:let\s+(?:mut\s+)?|const\s+|var\s+|val\s+|auto\s+)?\$?{w}(?:\s*,\s*[A-Za-z_]\w*(?=\s*:=))?\s*(?::=|=)\s*(?:&|new\s+|await\s+)?"
                      rf"({_QUAL})([A-Za-z_$][\w$]*)\s*(?:::\s*<(?:[^<>;()]|\([^()]*\)|<[^<>;()]*>)*>\s*)?(::\s*[a-z_]\w*\s*)?(?:<[^<>;()]*>)?\s*([({{])")
    # the second variable is the element (`for k := range m` binds the key or index)
    go_range = re.compile(rf"^\s*for\s+[A-Za-z_]\w*\s*,\s*{w}\s*:=\s*range\s+([A-Za-z_][\w.]*)\s*\{{")
    # Kotlin's smart cast: `if (method is AsyncFunctionComponent) {` types `method` in the block
    smart = re.compile(rf"^\s*(?:\}}\s*)?(?:else\s+)?(?:if|while)\s*\((?:[^()]|\([^()]*\))*?(?<![\w.]){w}\s+is\s+({_QUAL}[A-Z][\w$]*)")
    # Kotlin's `when (value) {` then `is JavaScriptObject -> ..`: the branch's type (or `value is T ->` in a `when {`)
    when_head = re.compile(rf"^.*\bwhen\s*\(\s*{w}\s*\)\s*\{{\s*$")
    when_is = re.compile(rf"^\s*(?:{w}\s+)?is\s+({_QUAL}[A-Z][\w$]*)(?:<[^<>]*>)?\??\s*(?:,[^-]*)?->")
    # Kotlin `for (provider in providers)`, Swift `for p in ps {`: an element; `for (p: T in ps)` names its type
    in_loop = re.compile(rf"^\s*for\s*\(?\s*(?:val\s+|let\s+|var\s+)?{w}\s*(?::\s*([A-Z][\w.]*))?\s+in\s+([A-Za-z_][\w]*)\s*[){{]")
    # Go `mockedService := new(TestExampleImplementation)`: a pointer to that type
    # Go `filename, err := node.evaluator.Evaluate(ctx)`: the first of what the method returns (pongo2 run 515)
    go_first = re.compile(rf"^\s*(?:if\s+)?{w}\s*,\s*[\w_]+\s*:=\s*"
                          rf"([a-z_][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*(?:\(\))?)*)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(")
    go_new = re.compile(rf"^\s*(?:var\s+)?{w}\s*:?=\s*(?:new\(\s*\*?(?:\w+\.)?([A-Za-z_]\w*)\s*\)"
                        # `includeCtx := make(Context)`: a value of the named map, slice or channel type itself
                        # (pongo2 run 515 read `includeCtx.Update` as a receiver of unknown type)
                        rf"|make\(\s*(?:\w+\.)?([A-Za-z_]\w*)\s*[,)])")
    # Go `matcher, ok := expected.(argumentMatcher)`, `if m, ok := x.(*T); ok {`: the type asserted
    # (`intr := arguments[0].(*treeInterpreter)`: off an element too, jmespath run 465)
    go_assert = re.compile(rf"^\s*(?:(?:\}}\s*else\s+)?if\s+|case\s+)?{w}\s*(?:,\s*\w+)?\s*:?=\s*(?:[A-Za-z_][\w.]*(?:\[[^\]\[]*\])*|[^=;]*\))\s*\.\(\s*\*?(?:\w+\.)?"
                           rf"([A-Za-z_]\w*)\s*\)")
    go_receive = re.compile(rf"^\s*(?:case\s+)?{w}(?:\s*,\s*\w+)?\s*:?=\s*<-\s*([A-Za-z_]\w*\.[A-Za-z_]\w*)\s*:?\s*(?://.*)?$")
    # (`iter := any.cfg.BorrowIterator(buf)` too, and TS `const query = this.#client.getQueryCache().build(..)`:
    # a private field, a call without arguments on the way)
    # `val method = definition.syncFunctions[methodName] ?: throw ..`: an element of a collection (its value type);
    # Go `node := nodes[0]`
    # (Go `if root := r.trees[req.Method]; root != nil {`, `h, ok := r.handlers[k]`: httprouter run 459)
    indexed = re.compile(rf"^\s*(?:val\s+|var\s+|let\s+|const\s+|auto\s+|final\s+|(?:\}}\s*else\s+)?if\s+)?{w}"
                         rf"(?:\s*,\s*(?:ok|found|exists)(?=\s*:=))?\s*:?=\s*(?:this\.|self\.)?"
                         rf"([A-Za-z_][\w.]*)\s*\[[^\]\[]*\]\s*(?:\?:.*|!!\s*|;[^;{{]*\{{)?;?\s*$")
    rust_fields = re.compile(rf"^\s*let\s+(?:mut\s+)?{w}\s*=\s*&?\s*(?:mut\s+)?self\.((?:[a-z_]\w*\.)*[a-z_]\w*)\s*;")
    # Go `cfg := adapter.iter.cfg.configBeforeFrozen`: a chain of field reads off a value (json-iterator run 375)
    go_fields = re.compile(rf"^\s*{w}\s*:=\s*&?([a-z_]\w*(?:\.[A-Za-z_]\w*)+)\s*(?://.*)?$")
    # JS/TS `const queryCache = this.#queryCache`: the field's declared type (TanStack: resolved to MutationCache's)
    this_field = re.compile(rf"^\s*(?:const|let|var)\s+{w}\s*=\s*this\.(#?[A-Za-z_$][\w$]*)\s*;?\s*$")
    # Python `cmd_name, cmd, args = self.resolve_command(ctx, args)`: element 1 of what the method returns
    unpacked = re.compile(rf"^\s*\(?\s*((?:\*?[A-Za-z_]\w*\s*,\s*)*){w}\s*((?:,\s*\*?[A-Za-z_]\w*\s*)*),?\s*\)?\s*=(?!=)\s*"
                          rf"(?:await\s+)?(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*\(")
    on_value = re.compile(rf"^\s*(?:let\s+(?:mut\s+)?|const\s+|var\s+|val\s+|auto\s+)?\$?{w}\s*(?::=|=)\s*"
                          rf"(?:this\.|self\.|\$this->)?(#?[a-z_][\w$]*(?:\s*(?:\?\.|\.|->)\s*#?[A-Za-z_$][\w$]*(?:\(\))?)*)"
                          rf"\s*(?:\?\.|\.|->)\s*(#?[A-Za-z_$][\w$]*)\s*\(")  # (a JS private method: `this.#find(..)`)
    # Rust std values the repository extends: `let mut v = vec![..]`, `let s = "a b".to_string()`, `format!(..)`
    # (rayon run 369: `vec_org.par_drain(0..5)` had been "by name only" among DrainGuard.par_drain's callers)
    rust_std = re.compile(rf"^\s*let\s+(?:mut\s+)?{w}\s*=\s*(?:(vec)!\s*[\[(]|format!\s*\(|"
                          rf"\"(?:\\.|[^\"\\])*\"\s*\.\s*(?:to_string|to_owned)\s*\(\s*\)\s*;)")
    # Python `with cmd.make_context(name) as sub_ctx:`: the value entered (a context manager's __enter__ most often
    # hands back itself; _declared_receiver reads an annotated __enter__ that says otherwise)
    with_as = re.compile(rf"^(\s*)(?:async\s+)?with\s+(.*?)\s+as\s+{w}\s*(?:[:,)]|$)")
    # Python `except ValidationError as err:`: an instance of the class caught (marshmallow run 422 read
    # `err.normalized_messages()` as a call on a receiver of unknown type)
    py_except = re.compile(rf"^\s*except\*?\s+(?:[A-Za-z_]\w*\.)*([A-Z]\w*)\s+as\s+{w}\s*:")
    # PHP `} catch (Throwable $exception) {` (and Java/C#/TS-typed `catch (IOException e)`): an instance of the first
    # class caught (ramsey/uuid run 512 read `$exception->getMessage()` as a receiver of unknown type)
    # (a PHP multi-catch `catch (A | B $e)` binds no one class, review of stop 58; Java's `catch (A | B e)` keeps
    # the first, through which a shared base's methods resolve: the second review of stop 58)
    # (C++ `catch (const TCLAP::ExitException &ee)` too: TCLAP run 573 read `ee.getExitStatus()` as unknown)
    php_catch = re.compile(rf"\bcatch\s*\(\s*(?:final\s+|const\s+)?\\?(?:[A-Za-z_]\w*(?:[\\.]|::))*([A-Z]\w*)"
                           rf"(?:\s+\$|(?:\s*\|[^)$]*?)?(?:\s+|\s*[&*]+\s*)){w.lstrip(chr(92)).lstrip('$')}\s*\)")
    depth = -1  # inside a `when (word) {` block: its brace depth
    for i in range(max(start, 1), min(end, start + 400, len(lines)) + 1):
        text = lines[i - 1]
        text = _with_as_assignment(text, word, with_as)
        if depth < 0 and when_head.match(text):
            depth = 0
        if depth >= 0:
            m = when_is.match(text) if depth == 1 else None
            depth += text.count("{") - text.count("}")
            if m:
                yield i, ("smart", m.group(1).rsplit(".", 1)[-1])
                continue
            if depth <= 0:
                depth = -1
        if "using" in text:  # C# `using var pyself = new PyObject(..)`, `using PyObject method = ..`: a local all the same
            text = _USING_DECL.sub(r"\1", text, count=1)
        if text.rstrip().endswith("=") and i < len(lines) and re.search(rf"\b{w}\s*(?::\s*[^=]+)?=$", text.rstrip()):
            text = text.rstrip() + " " + lines[i].strip()  # `val r =` with the value on the next line
        more = i
        while more < len(lines) and more - i < 4 and re.match(r"\s*\??\.\s*#?[A-Za-z_$]", lines[more]) \
                and re.search(rf"\b{w}\s*(?::[^=]+)?=[^=]", text):
            text = text.rstrip() + lines[more].strip()  # `const q = this.#client\n  .getQueryCache()\n  .build(..)`
            more += 1
        m = go_receive.match(text)
        if m:  # Go `case a := <-r.applyCh:`: what the channel field carries
            yield i, ("receive", m.group(1))
            continue
        m = py_except.match(text) or go_assert.match(text) or go_new.match(text) or rust_std.match(text) \
            or php_catch.search(text)
        typed = _declared_by(m, rust_std, go_new) if m else None
        if typed:
            yield i, ("type", typed)
            continue
        m = smart.match(text)
        if m:
            yield i, ("smart", m.group(1).rsplit(".", 1)[-1])
            continue
        m = indexed.match(text)
        if m:
            yield i, ("index", m.group(1))
            continue
        m = go_range.match(text)
        if m:  # Go `for i, g := range gs {`: an element of what gs is
            yield i, ("range", m.group(1))
            continue
        m = in_loop.match(text)
        if m:
            yield i, ("type", m.group(1).rsplit(".", 1)[-1]) if m.group(1) else ("range", m.group(2))
            continue
        m = annotated.match(text)
        if m:
            named = named_type(m.group(1))
            yield i, ("type", named) if named and named != "Self" else None
            continue
        m = typed_first.match(text) or go_var.match(text) or c_struct.match(text) or lower_first.match(text)
        if m and m.group(1).rpartition(".")[2] not in _KEYWORDS and m.group(1) not in _NOT_TYPES:
            # (a C++ template keeps its arguments: `std::shared_ptr<logger> l` is a logger's, read through the pointer)
            args = m.group(2) if m.re is lower_first and m.group(2) else ""
            yield i, ("type", re.split(r"\.|::", m.group(1))[-1] + args)
            continue
        m = rust_fields.match(text) or this_field.match(text) or go_fields.match(text)
        if m:  # Rust `let lits = &self.ro.nfa.prefixes;`: the last field's type, field by field from Self
            yield i, ("fields", m.group(1))
            continue
        m = unpacked.match(text) if "," in text.split("=", 1)[0] else None
        if m and (m.group(1) or m.group(2)):
            yield i, ("unpack", f"{-1 if '*' in m.group(1) else m.group(1).count(',')}|{m.group(3) or ''}|{m.group(4)}")
            continue
        m = on_value.match(text) or go_first.match(text)
        if m:  # `val r = borderRadius?.resolve(...)`: what a method of a value returns
            yield i, ("member", re.sub(r"\s*(?:\?\.|->|\.)\s*", ".", m.group(1)) + f".{m.group(2)}")
            continue
        m = made.match(text)
        if m:
            yield i, _made_binding(m, text)


def _made_binding(m: re.Match[str], text: str) -> tuple[str, str] | None:
    """What a `made` declaration (see _bindings_at) binds: a type built, a call's result, or None."""
    qual, name = m.group(1), m.group(2)
    if qual.endswith("::") and re.match(r"(?:new|default|from|with|create|builder)(?:_\w*)?$", name):
        return "type", re.split(r"::", qual)[-2]  # `Client::new(..)`, `Client::with_capacity(..)`
    if m.group(3) or m.group(4) == "{" or "new " in text[m.start(2) - 5:m.start(2)]:
        return "type", name  # `&Client{}`, `new Client(..)`
    if not qual or (name[:1].isupper() and not qual.endswith("::")):
        return "call", name  # `make()`, `Client()`, `mod.Client()`, `NewClient()`: a class or a function
    if qual == "Self::" and name[:1].islower():
        # Rust `let parent_table = Self::descend_path(root, ..)?;`: what the own type's function returns, `?` its Ok
        # value (tomledit run 595: `parent_table.entry_format(key)` was "by name only")
        return "member", f"self.{name}" + ("?" if re.search(r"\)\s*\?\s*;", text) else "")
    return None


def _with_as_assignment(text: str, word: str, with_as: re.Pattern[str]) -> str:
    """A Python `with X as word:` line read as `word = X` (`with a() as x, b() as y:`: the item naming word)."""
    entered = with_as.match(text) if "with" in text else None
    items = top_level(entered.group(2).lstrip("(")) if entered is not None else []
    return f"{entered.group(1)}{word} = {items[-1].strip()}" if entered is not None and items else text


def jsdoc_type(lines: list[str], start: int, tag: str, name: str | None = None) -> str | None:
    """The class a JSDoc comment right above line `start` gives: `@param {CodePathAnalyzer} analyzer` (tag "param"
    with `name`), `@returns {CodePathState}` ("returns"), `@type {SourceCode}` ("type"). A union's first named type,
    `?X`/`!X` as X, `import("./x").Y` as Y; None for a builtin, an array or object shape, or no such line."""
    tags = ("returns", "return") if tag in ("returns", "return") else (tag,)
    n = start - 1
    while n > 0 and n >= start - 60:
        text = lines[n - 1].strip() if n <= len(lines) else ""
        if not text.startswith(("*", "/**", "*/")) and not text.endswith("*/"):
            break
        for t in tags:
            m = re.search(rf"@{t}\s*\{{([^{{}}]*(?:\{{[^{{}}]*\}}[^{{}}]*)*)\}}\s*(\[?[\w$.]+)?", text)
            # (`@param {Linter} config.linter` documents the `linter` a destructured parameter binds)
            if m is None or (name is not None and (m.group(2) or "").lstrip("[").split("=")[0].rpartition(".")[2] != name):
                continue
            named = []
            for part in re.split(r"\|", m.group(1)):
                part = re.sub(r"^\s*[?!]|[?!]\s*$", "", part.strip())
                part = re.sub(r"^import\([^)]*\)\.", "", part)
                if part in ("null", "undefined", "void"):
                    continue
                word = part.rsplit(".", 1)[-1] if re.fullmatch(r"[\w$.]+", part) and part[:1].isupper() else None
                named.append(word if word not in _JS_BUILTIN_TYPES else None)
            # one named class (`?X`, `X|null`); a union of two (`Alpha|Beta`) names no one type
            return named[0] if len(named) == 1 else None
        n -= 1
    return None


#: JSDoc types that name no class of a repository
_JS_BUILTIN_TYPES = frozenset({"Object", "Array", "String", "Number", "Boolean", "Function", "Promise", "Map", "Set",
                               "Symbol", "RegExp", "Date", "Error", "WeakMap", "WeakSet", "Iterable", "Iterator",
                               "Generator", "Record", "Partial", "Readonly", "ReadonlyArray", "Uint8Array", "Buffer"})


def return_type(signature: str, language: str | None) -> str | None:
    """The type a function's header says it returns, by name (`def get(self) -> Client`, `fn get(&self) -> &Client`,
    `public function get(): ?Client`, `get(): Client`, `func (h *Head) Get() *Client`, `public Client get()`);
    "Self" for Self/static/self; None when the header does not say or names no single type."""
    sig = " ".join(signature.split())
    if language == "go":
        shape = go_shape(sig)
        if shape is None or len(shape[1]) < 1:
            return None
        return named_type(shape[1][0])
    if language in ("python", "rust"):
        m = re.search(r"\)\s*->\s*([^:{=]+?)\s*(?:where\b.*)?[:{]?\s*$", sig)
        return named_type(m.group(1)) if m else None
    if language in ("php", "typescript", "tsx", "kotlin", "swift", "scala"):
        m = re.search(r"\)\s*(?::|->)\s*([^{=;]+?)\s*(?:\{.*)?;?\s*$", sig)
        return named_type(m.group(1)) if m else None
    if language == "zig":  # `pub fn addTest(b: *Build, options: TestOptions) *Step.Compile`, `fn f() Error!*T`
        m = re.search(r"\bfn\s+[\w@\"]+\s*\(", sig)
        close = _matching(sig, m.end() - 1) if m else -1
        rest = re.sub(r"\b(?:callconv|align|addrspace|linksection)\s*\([^()]*\)", "", sig[close + 1:]) if close > 0 else ""
        return named_type(rest.rsplit("!", 1)[-1]) if rest.strip() else None
    if language == "cpp":
        return _cpp_returned(sig)
    if language in ("java", "csharp", "c_sharp", "dart"):
        m = re.match(r"\s*(?:(?:@\w+(?:\([^)]*\))?|public|private|protected|internal|static|final|abstract|virtual|override|"
                     r"async|sealed|synchronized|native|default|inline|constexpr|explicit)\s+)*"
                     r"(?:<(?:[^<>()]|<(?:[^<>()]|<[^<>()]*>)*>)*>\s*)?"  # a Java generic method's `<T extends Comparable<T>>`
                     r"((?:[\w$]+(?:\.|::))*[\w$]+(?:<[^()]*>)?)\s*[*&]?\s+[\w$~]+\s*\(", sig)
        return named_type(m.group(1)) if m else None
    return None


_CPP_LEAD = re.compile(r"^(?:template\s*<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>\s*|(?:static|virtual|inline|constexpr|explicit|"
                       r"friend|extern|consteval|_?[A-Z][A-Z0-9]*_[A-Z0-9_]*|\[\[[^\]]*\]\])\s+)+")


def _cpp_returned(sig: str) -> str | None:
    """A C++ function's return type as written, template arguments kept (`std::shared_ptr<logger>` of `SPDLOG_INLINE
    std::shared_ptr<logger> registry::get(..)`, `const internal::UnitTestImpl*` of `.. impl() const`): the member
    lookup reads the class it holds; None for a constructor, `auto`, `void` or a trailing `-> T` it cannot read."""
    name = re.search(r"(?:[\w$]+(?:<[^()]*>)?::)*~?[\w$]+\s*\(", sig)
    while name is not None and name.start() > 0 and sig[name.start() - 1] not in " \t*&>":
        name = re.compile(r"(?:[\w$]+(?:<[^()]*>)?::)*~?[\w$]+\s*\(").search(sig, name.end())
    if name is None:
        return None
    head = _CPP_LEAD.sub("", sig[: name.start()].strip() + " ").strip()
    head = re.sub(r"^(?:const|volatile|typename)\s+", "", head)
    head = re.sub(r"(?:\s*(?:const|[*&]))+$", "", head).strip()
    if not head or head in ("void", "auto", "decltype", "bool", "int", "char", "size_t", "long", "double", "float"):
        return None
    return head if re.fullmatch(r"(?:[\w$]+(?:<.*>)?::)*[\w$]+(?:<.*>)?", head) else None


def python_overload_stub(lines: list[str], start: int) -> bool:
    """Whether the Python def a definition starting at line `start` holds (its decorators counted in or above it) is
    decorated `@overload` (`@typing.overload`, `@t.overload`): the `@` lines right above its `def` line say so."""
    at = next((k for k in range(start, min(start + 9, len(lines) + 1))
               if re.match(r"\s*(?:async\s+)?def\b", lines[k - 1])), None)
    k = (at or 0) - 1
    while at is not None and k >= 1 and lines[k - 1].lstrip().startswith("@"):
        if re.match(r"\s*@(?:typing\.|t\.)?overload\b", lines[k - 1]):
            return True
        k -= 1
    return False


def built_receiver(before: str, language: str | None = None) -> str | None:
    """The class a call's receiver builds when the text before the call's `.`/`->` ends in a parenthesised
    construction, `(new X(..))->` (PHP, Java, JS/TS, C#), or the name of a construction `Other(..).` by a
    capitalised name (Python, Kotlin, Scala, Swift, Dart: not Go's `NewNode(n)` or C#'s `Make()`, functions that may
    return the same type); None otherwise."""
    head = re.sub(r"\s*(?:\?\.|\.|->|::)$", "", before)
    if not head.endswith(")"):
        return None
    depth, i = 0, len(head) - 1
    while i >= 0:  # the `(` that opens the last `)`
        depth += (head[i] == ")") - (head[i] == "(")
        if depth == 0:
            break
        i -= 1
    if i < 0:
        return None
    # (a parenthesis of its own, not a call's argument list: `process(new Request())->send()` calls send on what
    # process returns; never `(new self())`, `(new static())`: the third review of stop 58)
    inner = re.match(r"\(\s*new\s+\\?(?:[\w$]+(?:\\|\.))*([\w$]+)", head[i:]) \
        if i == 0 or not re.match(r"[\w$)\]]", head[i - 1]) else None
    if inner is not None:
        return inner.group(1) if inner.group(1).lower() not in ("self", "static", "parent") else None
    if language in ("java", "csharp"):  # `new Base64(x).decode(..)`: Base64's (Commons Codec run 525)
        bare = re.search(r"(?<![\w$.])new\s+((?:[\w$]+\s*\.\s*)*[\w$]+)\s*(?:<[^()]*>)?\s*$", head[:i])
        return re.sub(r"\s+", "", bare.group(1)).rsplit(".", 1)[-1] if bare is not None else None
    if language not in ("python", "kotlin", "scala", "swift", "dart"):
        return None
    called = re.search(r"(?<![\w$.>:])([A-Z][\w$]*)\s*$", head[:i])
    return called.group(1) if called is not None and not called.group(1).isupper() else None


def _matching(text: str, at: int) -> int:
    """The offset of the `)` that closes the `(` at `at`, or -1."""
    depth = 0
    for i in range(at, len(text)):
        depth += (text[i] == "(") - (text[i] == ")")
        if depth == 0:
            return i
    return -1


def go_shape(signature: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A Go function or interface method's parameter and result types, names dropped:
    `func (r *Raft) Apply(cmd []byte, d time.Duration) ApplyFuture` and `Apply([]byte, time.Duration) ApplyFuture`
    give (('[]byte', 'time.Duration'), ('ApplyFuture',)). None when the signature cannot be read."""
    sig = re.sub(r"^\s*func\s*(?:\([^)]*\)\s*)?", "", signature.strip())
    m = re.match(r"[\w$]+\s*(?:\[[^\]]*\])?\s*\(", sig)
    if m is None:
        return None
    params, rest = _balanced(sig, m.end() - 1)
    if params is None:
        return None
    rest = rest.strip()
    if rest.startswith("("):
        results, _ = _balanced(rest, 0)
        if results is None:
            return None
    else:
        results = rest
    return _go_types(params), _go_types(results)


def _balanced(text: str, open_at: int) -> tuple[str | None, str]:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
            if depth == 0:
                return text[open_at + 1 : i], text[i + 1 :]
    return None, ""


def _go_types(group: str) -> tuple[str, ...]:
    """`cmd []byte, a, b int` -> ('[]byte', 'int', 'int'); `*Log` -> ('*Log',); names dropped, spaces normalised."""
    items = [" ".join(i.split()) for i in top_level(group, "([{")]
    named = [len(p) == 2 and re.fullmatch(r"[A-Za-z_]\w*", p[0]) is not None for p in (i.split(None, 1) for i in items)]
    types: list[str | None] = []
    for item, has_name in zip(items, named, strict=True):
        if any(named):  # `a, b int, c string`: every item starts with a name; a bare one shares the next type
            types.append(item.split(None, 1)[1] if has_name else None)
        else:  # `(FSMSnapshot, error)`: types only
            types.append(item)
    out: list[str] = []
    pending = 0
    for t in types:  # `a, b int`: the names before a typed one share its type
        if t is None:
            pending += 1
            continue
        out += [t] * (pending + 1)
        pending = 0
    return tuple(_canon(re.sub(r"\s+", " ", t).replace("interface {}", "interface{}")) for t in out)


_FUNC_TYPE = re.compile(r"func\(([^()]*)\)")


def _canon(t: str) -> str:
    """A Go type with the parameter names of its function types dropped: `func(rpc RPC)` -> `func(RPC)`."""
    if "func(" not in t:
        return t
    return _FUNC_TYPE.sub(lambda m: "func(" + ", ".join(_go_types(m.group(1))) + ")", t)


_GENERIC = re.compile(r"<[^<>]*>|\[[^\[\]]*\]")


def _split_top(text: str) -> list[str]:
    """Split on commas outside brackets."""
    out: list[str] = []
    depth = 0
    cur: list[str] = []
    for ch in text:
        if ch in "([<{":
            depth += 1
        elif ch in ")]>}":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return [x.strip() for x in out if x.strip()]


def _base_name(item: str) -> str | None:
    """`public Base<T>` -> Base, `abc.ABC` -> ABC, `\\Vendor\\Pkg\\Base` -> Base, `io.Reader` -> Reader."""
    item = re.sub(r"\b(?:public|private|protected|virtual|internal|sealed|open|final|override)\b", "", item)
    prev = None
    while prev != item:  # strip nested generics from the inside out
        prev, item = item, _GENERIC.sub("", item)
    item = item.split("(")[0].strip()
    if not item or "=" in item:  # `metaclass=ABCMeta` is no base
        return None
    name = re.split(r"\.|::|\\", item)[-1].strip()
    return name if re.fullmatch(r"[A-Za-z_$][\w$]*", name) else None


_TYPE_PARAMS = re.compile(r"^(.*?\b(?:class|interface|trait|record|enum)\s+[\w$]+)\s*<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>")


def bases_of(sym: Any) -> list[str]:
    """The base names a class-like definition's header states, in the syntax of its language."""
    found = written_bases(sym)
    # its own name only written through another scope: Scala's `trait WrappedTask extends super.WrappedTask`
    names = [n for x in found if (n := _base_name(x)) and (n != sym.name or re.search(r"[.:]", x.split("[")[0].split("<")[0]))]
    return list(dict.fromkeys(names))


def written_bases(sym: Any) -> list[str]:
    """The bases a class-like definition's header states as written (`threading.local`, `\\RuntimeException`,
    `Comparable<T>`, `Base()`), its own name included when a base is written so (`class RuntimeException extends
    \\RuntimeException`)."""
    # (an arrow type's `=>` is no closing bracket: `extends Subscribable<() => void>`)
    sig = (sym.signature or "").replace("=>", "⇒")
    lang = sym.language
    found: list[str] = []
    if lang == "python":  # `@dataclass class Child(Base)`: the decorators stand in front of the header
        sig = re.sub(r"^(?:\s*@[\w.]+(?:\([^)]*\))?\s+)+", "", sig)
        m = re.match(r"\s*class\s+\w+\s*(?:\[[^\]]*\])?\s*\((.*)\)\s*$", sig)
        if m:
            found = _split_top(m.group(1))
    elif lang == "ruby":
        m = re.search(r"\bclass\s+[\w:]+\s*<\s*([\w:]+)", sig)
        found = [m.group(1)] if m else []
    elif lang == "rust":
        m = re.search(r"\btrait\s+\w+\s*(?:<[^>]*>)?\s*:\s*([^{]+?)\s*(?:where\b|$)", sig)
        found = [x for x in re.split(r"\s*\+\s*", m.group(1))] if m else []
    elif lang == "kotlin":
        found = _kotlin_bases(sig)
    elif lang in ("csharp", "cpp", "c", "swift"):
        # a generic parameter's constraint is no base: `struct E<T: AnyEither>: AnyDynamicType`
        sig = re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", sig))
        # (nor a where clause's: `extension Field where Type: Record` makes Field no Record)
        m = re.search(r"(?:class|struct|interface|record|enum|protocol|extension|object)\s+(?:(?!\bwhere\b)[\w.<>, ])*?[\w>]\s*"
                      r"(?:\([^)]*\)\s*)?:\s*(.+?)\s*(?:\bwhere\b|\{|$)", sig)
        found = _split_top(m.group(1)) if m else []
    elif lang in ("typescript", "tsx", "javascript") and sym.kind == "type":
        found = []  # `type H<R extends AnyRouter> = ...`: a parameter's bound; intersections are graph._ts_intersections'
    else:  # java, typescript, javascript, tsx, php, scala, dart: extends / implements
        # a type parameter's bound is no base: `class Node<T extends Comparable<T>> extends Base`
        sig = _TYPE_PARAMS.sub(r"\1", sig, count=1)
        for kw in ("extends", "implements", "with"):  # Scala: `extends A with B with C`, every `with`
            for m in re.finditer(rf"\b{kw}\s+(.+?)\s*(?=\b(?:extends|implements|with)\b|\{{|$)", sig):
                found += _split_top(m.group(1))
    return found


_KOTLIN_CLASS_WORD = re.compile(r"(?<!::)(?<![\w@])(?:class|interface|object)\b")
_KOTLIN_BEFORE_CTOR = re.compile(r"\s*(?:(?:@[\w.]+(?:\([^()]*\))?|private|internal|protected|public)\s+)*constructor\b\s*")


def _kotlin_bases(sig: str) -> list[str]:
    """The supertypes a Kotlin header lists after its `:` — past type parameters with bounds (`<T : Record>`), an
    annotated constructor (`@DoNotStrip internal constructor(..)`) and constructor parameters of function types
    (`body: (args: Array<out Any?>) -> Any?`); a delegation's `by x` dropped (`ReadableMap by backingMap`)."""
    sig = sig.replace("->", "\u2192")
    m = _KOTLIN_CLASS_WORD.search(sig)
    if m is None:
        return []
    i = m.end()
    name = re.match(r"\s*[\w`.]*\s*", sig[i:])
    i += name.end() if name else 0
    if sig[i : i + 1] == "<":  # type parameters, their bounds included
        depth = 0
        for j in range(i, len(sig)):
            depth += {"<": 1, ">": -1}.get(sig[j], 0)
            if depth == 0:
                i = j + 1
                break
    ctor = _KOTLIN_BEFORE_CTOR.match(sig, i)
    if ctor:
        i = ctor.end()
    rest = sig[i:].lstrip()
    if rest.startswith("("):
        _inner, rest = _balanced(rest, 0)
        rest = rest.lstrip()
    if not rest.startswith(":"):
        return []
    out: list[str] = []
    depth = 0
    for j, ch in enumerate(rest[1:], 1):  # up to the body, or a `where` clause
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        elif depth == 0 and (ch == "{" or rest.startswith(" where ", j)):
            rest = rest[:j]
            break
    for item in _split_top(rest[1:]):
        out.append(re.split(r"\s+by\s+", item, maxsplit=1)[0])
    return out


def kotlin_receiver(signature: str, name: str) -> str | None:
    """The receiver type a Kotlin extension function's header declares (`inline fun Throwable?.toCodedException()`
    -> Throwable, `fun <T> Array<out T>.component6()` -> Array), None for any other function."""
    m = re.search(rf"\bfun\s+(?:<(?:[^<>]|<[^<>]*>)*>\s*)?([\w.]+)(?:<(?:[^<>]|<[^<>]*>)*>)?\??\s*\.\s*`?{re.escape(name)}`?\s*[(<]", signature)
    return m.group(1).rsplit(".", 1)[-1] if m else None


def base_how(sym: Any, base: str, base_kind: str | None = None) -> str:
    """How `sym` derives from `base` (whose kind, when known, is `base_kind`), as its header says."""
    sig = sym.signature or ""
    if re.search(rf"\bimplements\b[^{{]*\b{re.escape(base)}\b", sig):
        return "implements"
    if re.search(rf"\bextends\b[^{{]*\b{re.escape(base)}\b", sig):
        return "extends"
    if sym.kind == "trait":  # `trait AsyncBufReadExt: AsyncBufRead`: a subtrait, not an implementation
        return "subtrait"
    if sym.kind == "interface":  # C# `interface IList : ICollection`: an interface extending another
        return "extends"
    if base_kind == "interface":  # `struct ViewNameDefinition: AnyViewDefinitionElement` has no base class
        return "conforms" if sym.language == "swift" else "implements"
    return "base class"


def _past_preamble(lines: list[str], i: int) -> int:
    """The index of the first line at or after `i` that is neither an attribute or decorator (`@Override`,
    `#[derive(..)]`, one over lines: `#[cfg(all(\n ..))]`) nor a comment (`///` doc lines: a Rust item's range starts
    at its first attribute, which may stand above its doc comment: petgraph's floyd_warshall showed its 70 doc lines
    as its signature)."""
    n = len(lines)
    while i < n:
        text = lines[i].lstrip()
        if text.startswith("#[") or text.startswith("#!["):
            depth = 0
            while i < n:
                depth += lines[i].count("[") - lines[i].count("]")
                i += 1
                if depth <= 0:
                    break
            continue
        if text.startswith("/*"):
            k = i
            while k < n and "*/" not in lines[k]:
                k += 1
            if k < n and lines[k].split("*/", 1)[1].strip():
                return i  # `/* why */ fn f(..)`: the header shares the comment's line
            i = k + 1
            continue
        if text.startswith(("@", "//")):
            i += 1
            continue
        return i
    return i


def whole_header(lines: list[str], start: int, limit: int = 40, *, colon_ends: bool = False,
                 parens: bool = True, end: int | None = None) -> str | None:
    """A definition's header from its first line to where its body opens (`:` or `{` or `=>` outside brackets,
    once its parameters closed; `parens=False`: a class header, which may have none), whitespace collapsed;
    decorators and attributes skipped; None past `limit` lines. `end`: the definition's last line, where a
    declaration without a body ends (Kotlin's `external fun registerAsyncFunction(\n ..\n)`: the header had run on
    through the five external funs below it)."""
    i = _past_preamble(lines, start - 1)
    if end is not None and i >= end:
        return None  # the range is all attributes and comments
    parts: list[str] = []
    depth = 0
    opened = not parens
    last = min(len(lines), i + limit, end if end is not None and end > i else len(lines))
    for k in range(i, last):
        line = lines[k]
        for j, ch in enumerate(line):
            if ch == ">" and j and line[j - 1] in "=-":
                if depth == 0 and opened and ch == ">" and line[j - 1] == "=":
                    parts.append(line[: j - 1])  # `) => {`: an arrow function's body opens
                    return " ".join(" ".join(parts).split()).rstrip(" ,")
                continue  # `=>` and `->` inside a type are no closing bracket
            if ch in "([<" and not (ch == "<" and depth == 0 and not opened):
                depth += 1
                opened = opened or ch == "("
            elif ch in ")]>" and depth > 0:
                depth -= 1
            elif depth == 0 and opened and (ch in "{;" or (ch == ":" and colon_ends)):
                if ch == ":" and line[j + 1 : j + 2] == ":":
                    continue
                parts.append(line[:j])
                return " ".join(" ".join(parts).split()).rstrip(" ,")
        parts.append(line)
    if end is not None and last == end and depth == 0 and opened:  # a bodiless declaration, whole
        return " ".join(" ".join(parts).split()).rstrip(" ,")
    return None


#: a C/C++ definition a macro writes with names for arguments: googletest's `TEST_F(DBTest, Recover) {`,
#: `TEST(FileNameTest, Construction)`, `TYPED_TEST(T, Name)`, a benchmark's `BENCHMARK(Name)`
_MACRO_DEFINITION = re.compile(r"\s*([A-Z][A-Z0-9_]*)\s*\(\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*){0,3})\s*\)\s*(?:\{.*)?")


def macro_definition(name: str, signature: str | None) -> tuple[str, list[str]] | None:
    """A C/C++ function the index names after the macro that writes it (`TEST_F`), as the macro writes it
    (`TEST_F(DBTest, Recover)`) with its arguments; None for any other definition."""
    m = _MACRO_DEFINITION.fullmatch(signature or "")
    if m is None or m.group(1) != name:
        return None
    args = [a.strip() for a in m.group(2).split(",")]
    return f"{name}({', '.join(args)})", args


#: receivers that mean "this object"
SELF_WORDS = frozenset({"self", "this", "cls", "super", "Self", "static", "base"})
_NOT_BASE = SELF_WORDS - {"base"}


def self_words(language: str) -> frozenset[str]:
    """The receivers that mean "this object" in `language`: `base` only in C# (a C++ `Version* base` is a value)."""
    return SELF_WORDS if language == "csharp" else _NOT_BASE

#: languages whose member reads chain with `.` (`opts.Registry.Register(c)`): a call's receiver is the chain, which
#: lookup types one step at a time (a parameter's type, its field's type, the field's method)
CHAIN_LANGUAGES = frozenset({"go", "java", "kotlin", "csharp", "javascript", "typescript", "tsx", "python", "rust",
                             "swift", "scala", "dart", "php", "cpp"})
_CHAIN_WORD = re.compile(r"#?[A-Za-z_$][\w$]*$")  # (a JS/TS private member, `this.#client.`, too)


def opening_paren(text: str, close: int, pair: str = "()") -> int:
    """The offset of the `(` that the `)` at `close` closes, or -1 (`pair="{}"`: of a brace)."""
    depth, i = 0, close
    steps = {pair[1]: 1, pair[0]: -1}
    while i >= 0:
        depth += steps.get(text[i], 0)
        if depth == 0:
            return i
        i -= 1
    return -1


def receiver_chain(text: str, at: int, most: int = 3, php: bool = False, arrow: bool = False, rust: bool = False) -> list[str]:
    """The reads before position `at` of a line when a `.` (or `?.`, `!!.`) precedes it: `opts.Registry.` gives
    ["opts", "Registry"], `v.With("a").` gives ["v", "With()"] (a call's arguments elided). Self words lead
    nothing (`self.console.` is ["console"]); a chain longer than `most` or one that starts with anything but a
    name (a literal, an index, a parenthesized expression) gives []. `php`: the steps are `->` (its `.` joins
    strings) and the chain starts at a variable, `$this->styleStack->getCurrent()->` gives ["styleStack",
    "getCurrent()"], `$input->x->` ["$input", "x"] (C's `a->b->` is no chain of names). `arrow` (C++): `.` and `->`
    both step (`incoming_async_msg.worker_ptr->` gives ["incoming_async_msg", "worker_ptr"]). `rust`: a chain may
    start at an associated function's call, `Command::new("x").arg(a).` gives ["Command::new()", "arg()"]."""
    parts: list[str] = []
    start = max(0, at - 400)  # a chain is read within the 400 characters before it (a long line is not copied per step)
    text, pos = text[start:at], at - start
    while True:
        head = text[:pos].rstrip()
        for sep in ("?->", "->") if php else ("->", ".") if arrow else ("?.", "!!.", "."):
            if head.endswith(sep) and not head.endswith(".."):
                head = head[: -len(sep)].rstrip()
                break
        else:
            break
        call = ""
        if head.endswith("}") and not php:  # a trailing lambda, `Other().apply { .. }.`: a call on the name before it
            i = opening_paren(head, len(head) - 1, "{}")
            if i < 0 or not re.search(r"[\w)]\s*$", head[:i]):
                return []
            head, call = head[:i].rstrip(), "()"
        if head.endswith(")"):  # skip the call's arguments, balanced
            i = opening_paren(head, len(head) - 1)
            if i < 0:
                return []
            head, call = head[:i].rstrip(), "()"
            if head.endswith(">"):  # `Foo.<T>bar(...)`, `make::<T>()`: type arguments
                return []
        word = _CHAIN_WORD.search(head)
        if word is None:
            return []
        parts.insert(0, word.group(0) + call)
        pos = word.start()
        if len(parts) > most:
            return []
    path = re.search(r"(?<![\w:])((?:\w+::)*[A-Z]\w*)(?:::<[^<>]*>)?::\s*$", text[:pos]) \
        if rust and parts and parts[0].endswith("()") else None
    if path is not None:  # `Command::new(..).arg(..).`: a builder's chain starts at the type's associated function
        parts[0], pos = f"{path.group(1)}::{parts[0]}", path.start()
    if parts and text[:pos].rstrip().endswith(("]", ")", "'", '"', "::") if php or arrow else ("]", ")", "'", '"', "::", "->")):
        return []  # `xs[0].foo.`, `(a + b).x.`, `Foo::bar().x.`: not a chain of names
    if php:  # a PHP chain starts at a variable: `$input` stays so, `$this` leads nothing (the rest are properties)
        if not parts or not parts[0].startswith("$"):
            return []
        parts[0] = "this" if parts[0] == "$this" else parts[0]
    while parts and parts[0] in SELF_WORDS:
        parts.pop(0)
    return parts


_ELEMENT_OF = (
    r"(?:[\w$]+\.)*([A-Z][\w$]*)(?:<(?:[^<>]|<[^<>]*>)*>)?\s*(?:\.\.\.|\[\s*\])\s+{w}\b",  # Java/C# `T... xs`, `T[] xs`
    r"\b{w}\s+(?:\.\.\.|\[\d*\])\*?(?:\w+\.)?([A-Za-z_]\w*)",  # Go `xs []T`, `xs ...*T`
    r"\b{w}\s*:\s*(?:&\s*(?:'\w+\s+)?(?:mut\s+)?)?\[\s*&?\s*(?:[\w$]+(?:::|\.))*([A-Za-z_$][\w$]*)",  # Rust `xs: &[T]`
    r"\b{w}\s*:\s*(?:readonly\s+)?(?:[\w$]+\.)*([A-Za-z_$][\w$]*)(?:<[^<>]*>)?\s*\[\s*\]",  # TS `xs: T[]`
    r"\b{w}\s*:\s*(?:&\s*(?:'\w+\s+)?(?:mut\s+)?)?(?:[\w$]+(?:::|\.))*(?:Vec|VecDeque|Array|ReadonlyArray|List|"
    r"MutableList|list|Sequence|Iterable|Seq|IndexedSeq|Set|MutableSet|Collection|MutableCollection)\s*[<\[]\s*&?\s*(?:[\w$]+(?:::|\.))*([A-Za-z_$][\w$]*)",  # `xs: Vec<T>`, `list[T]`
)


def element_type(text: str, word: str) -> str | None:
    """The type of the elements of the array, slice or list `word` as a declaration in `text` says (`final
    Predicate<? super E>... predicates`, Go `gs []Gatherer`, `xs: &[Item]`, `xs: Vec<Item>`, `hs: list[Handler]`):
    what `predicates[i].evaluate(x)` is called on. None when nothing says."""
    w = re.escape(word)
    for rx in _ELEMENT_OF:
        m = re.search(rx.format(w=w), text)
        if m and m.group(1) not in ("const", "mut", "dyn", "impl"):
            return m.group(1)
    return None


def rust_attributes_above(lines: list[str], line: int, *, limit: int = 40) -> list[str]:
    """The attributes right above a Rust item at `line` (1-based), top down, each joined to one line even over
    several (`#[cfg(all(\n  feature = "a",\n))]`: syn, tokio); doc and line comments between are passed over; a
    line holding an item after its attribute (`#[doc(no_inline)] pub use x;`) ends them."""
    out: list[str] = []
    k = line - 1
    while 0 < k <= len(lines) and line - k <= limit:
        text = lines[k - 1].strip()
        if text.startswith("//"):
            k -= 1
            continue
        if re.fullmatch(r"#!?\[.*\]", text):
            out.insert(0, " ".join(text.split()))
            k -= 1
            continue
        if text.endswith("]") and not text.startswith("#"):  # the last line of an attribute over lines
            j = k - 1
            while j > 0 and k - j < limit and not lines[j - 1].strip().startswith("#["):
                j -= 1
            if j > 0 and lines[j - 1].strip().startswith("#["):
                joined = " ".join(" ".join(re.sub(r"//.*$", "", lines[n - 1]).strip() for n in range(j, k + 1)).split())
                joined = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", re.sub(r",\s*\)", ")", joined)))
                out.insert(0, joined)
                k = j - 1
                continue
        break
    return out


def rust_item_line(lines: list[str], start: int, *, limit: int = 60) -> int:
    """The line of a Rust item whose range opens at `start` with its attributes (over lines too) and comments."""
    k = start
    while k <= min(len(lines), start + limit):
        text = lines[k - 1].strip()
        if text.startswith("#["):
            depth = 0
            while k <= len(lines):
                depth += lines[k - 1].count("[") - lines[k - 1].count("]")
                k += 1
                if depth <= 0:
                    break
        elif text.startswith("//"):
            k += 1
        else:
            break
    return k


_CFG_IF_ARM = re.compile(r"^\s*(?:\}\s*else\s+)?if\s+#\[cfg\(")


def _cfg_predicate(text: str) -> str | None:
    """The predicate of the first `#[cfg(..)]` in `text`, its parentheses matched (`all(a, any(b, c))`)."""
    start = text.find("#[cfg(")
    if start < 0:
        return None
    depth, i = 0, start + len("#[cfg")
    for j in range(i, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return " ".join(text[i + 1: j].split()).replace("( ", "(").replace(" )", ")").replace(", )", ")")
    return None


def rust_cfg_if_arm(lines: list[str], line: int, *, limit: int = 200) -> str | None:
    """The cfg of the `cfg_if! { if #[cfg(..)] { .. } else { .. } }` arm a Rust line sits in, as `#[cfg(..)]`
    (an `else` arm: `#[cfg(not(..))]` of the arms above it); None outside such an arm (hashbrown's `mod sse2;` and
    `mod generic;` had been shown alike, run 458)."""
    depth = 0
    for j in range(line - 1, max(0, line - limit), -1):
        code = lines[j - 1].split("//", 1)[0] if 0 < j <= len(lines) else ""
        for ch in reversed(code):
            if ch == "}":
                depth += 1
            elif ch == "{":
                if depth == 0:
                    return _arm_cfg(lines, j)
                depth -= 1
    return None


def _arm_cfg(lines: list[str], opener: int) -> str | None:
    """The cfg of the arm whose `{` is on line `opener`, else None when that block is no cfg_if arm."""
    text = lines[opener - 1].split("//", 1)[0]
    if re.match(r"^\s*\}\s*else\s*\{\s*$", text):  # the else arm: none of the arms above
        preds: list[str] = []
        k = opener - 1
        while k > 0 and opener - k < 400:
            if _CFG_IF_ARM.match(lines[k - 1]):
                pred = _cfg_predicate(" ".join(lines[n - 1].split("//", 1)[0] for n in range(k, min(len(lines), k + 12) + 1)))
                if pred:
                    preds.insert(0, pred)
                if not re.match(r"^\s*\}", lines[k - 1]):  # the first arm: `if #[cfg(..)] {`
                    break
            k -= 1
        if not preds:
            return None
        return f"#[cfg(not({preds[0]}))]" if len(preds) == 1 else f"#[cfg(not(any({', '.join(preds)})))]"
    for k in range(opener, max(0, opener - 12), -1):  # the header may run over lines: `if #[cfg(all(\n ..\n))] {`
        if _CFG_IF_ARM.match(lines[k - 1]):
            pred = _cfg_predicate(" ".join(lines[n - 1].split("//", 1)[0] for n in range(k, opener + 1)))
            return f"#[cfg({pred})]" if pred else None
        if k < opener and re.search(r"[;{}]\s*$", lines[k - 1].split("//", 1)[0]):
            break
    return None



#: a catch clause binding a variable: `catch (FooException | BarException $e) {` (PHP), `catch (IOException e) {`
#: (C++ too: `catch (const ExitException &ee) {`, TCLAP run 573)
_CATCH_CLAUSE = re.compile(r"\bcatch\s*\(\s*(?:final\s+|const\s+)?\\?(?:[A-Za-z_]\w*(?:[\\.]|::))*([A-Z]\w*)(?:\s*\|[^)$]*?)?"
                           r"(?:\s+|\s*[&*]+\s*)\$?(\w+)\s*\)\s*\{")


def caught_type(lines: list[str], start: int, line: int, before: str, word: str) -> str | None:
    """The class the catch clause a call sits in caught `word` as: the innermost clause binding `word` whose block is
    still open at the call (`before` is the call line's text up to the call; lines start..line-1 come above it).
    Two clauses binding `$e` on one line, or one below the other, each type their own calls (review of stop 57: the
    first clause had typed both). None when no such clause is open there."""
    name = word.lstrip("$")
    if "catch" not in before and not any("catch" in t for t in lines[max(start, 1) - 1:line - 1]):
        return None
    text = "\n".join(lines[max(start, 1) - 1:line - 1] + [before])
    for m in reversed([m for m in _CATCH_CLAUSE.finditer(text) if m.group(2) == name]):
        rest = text[m.end():]
        depth = 1
        for ch in rest:
            depth += (ch == "{") - (ch == "}")
            if depth == 0:
                break
        if depth > 0:  # (a multi-catch `catch (A | B $e)` is either: "A|B"; review of stop 58)
            return m.group(1) if "|" not in m.group(0) else _union_caught(m.group(0))
    return None


def _union_caught(clause: str) -> str:
    """The classes of a multi-catch clause, `A|B` (`catch (Foo\\A | B $e) {`)."""
    inner = clause[clause.index("(") + 1 : clause.rindex(")")]
    return "|".join(re.split(r"[\\.]", t.strip())[-1] for t in inner.rsplit(None, 1)[0].split("|") if t.strip())


def caught_types(lines: list[str], start: int, end: int, word: str) -> set[str]:
    """The classes the catch clauses of lines start..end bind `word` as."""
    name = word.lstrip("$")
    text = "\n".join(t for t in lines[max(start, 1) - 1:end] if "catch" in t)
    return {m.group(1) for m in _CATCH_CLAUSE.finditer(text) if m.group(2) == name and "|" not in m.group(0)}
