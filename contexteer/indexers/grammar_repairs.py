"""Source a grammar cannot read, rewritten before a second parse so the definitions after it are not lost. Every
rewrite keeps the length and the line breaks, and touches no name, so extraction reads names and signatures from the
file itself; it runs only on a file whose first parse had errors (`extract.parse_prepared`), and is kept only
when the second parse has errors over fewer lines.

SCSS (tree-sitter-scss 1.0, the only SCSS grammar): Sass interpolation in values and property names (`--#{$prefix}gutter-x: #{$gutter};`), maps
(`$theme-colors: ("primary": $primary, ...)`), empty or space-separated argument lists (`@include clearfix();`,
`@include transition(opacity 0s $d)`, `@mixin m()`), rest arguments (`$args...`), a nested selector that starts
with a combinator (`> .btn {`), `@extend %placeholder`, `and`/`or` in conditions, a negated variable
(`-$input-padding-y`) and `:nth-child(n + 3)`.

C# (tree-sitter-c-sharp): `#if`/`#else`/`#endif` lines inside a declaration or between `else` and its block (Json.NET
builds for six frameworks from one source): the directive lines are blanked and every branch is read.

C++ (tree-sitter-cpp): a macro invoked on a line of its own at the top level (`GMOCK_DECLARE_KIND_(bool, kBool);`,
`GTEST_DISABLE_MSC_WARNINGS_POP_()`), which the grammar reads as a call where a declaration must stand.

Kotlin (tree-sitter-kotlin 1.1): `dynamic` used as a name (it is a Kotlin/JS type keyword to the grammar), an
annotation on a primary constructor or a property accessor (`@JvmOverloads\npublic constructor(`, `@Suppress(...)
set(value)`), and an empty array in annotation arguments (`@ReactModuleList(nativeModules = [])`).

Haskell (tree-sitter-haskell 0.24): an escaped character literal followed, lines later, by a name with a prime, and
arrow notation (`proc x -> do`).

Bash (tree-sitter-bash 0.25): extended globs in words, a `]` in a parameter expansion's pattern and `=~` regexes
with brackets (see `bash`).

Zig (tree-sitter-zig 1.1): Zig 0.15+ syntax the grammar predates (see `zig`).

Rust (tree-sitter-rust 0.24): the 2015 edition's `try!(expr)` macro, which the grammar reads as a `try` block keyword
(serde 1.0's ser/mod.rs was "has syntax errors" at its first `try!`): the macro's name is spelled `trx` for the parse.

TypeScript (tree-sitter-typescript 0.23): variance annotations on type parameters (`<out O = unknown>`, `<in out T>`),
and an interface's generic call signature on a line after another member with no `;` between them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

__all__ = ["BLANKING", "REPAIRS"]


def _spaces(text: bytes) -> bytes:
    return bytes(c if c in b"\n" else 32 for c in text)


def _fill(text: bytes) -> bytes:
    """A plain value of the same length and lines: `x` for every character that is not a line break."""
    return bytes(c if c in b"\n" else 120 for c in text)


def _code(data: bytes, start: int) -> Iterator[tuple[int, int, int]]:
    """(offset, byte, parenthesis depth before it) of the code from `start` on: strings and `//` comments skipped."""
    depth, i, n = 0, start, len(data)
    while i < n:
        c = data[i]
        if c in b"\"'":
            end = data.find(bytes([c]), i + 1)
            i = n if end < 0 else end + 1
            continue
        if data.startswith(b"//", i):
            end = data.find(b"\n", i)
            i = n if end < 0 else end
            continue
        yield i, c, depth
        depth += (c == 40) - (c == 41)  # ( and )
        i += 1


def _closing(data: bytes, start: int) -> int:
    """The offset of the parenthesis closing the one at `start`, or -1 (a block before it: no argument list)."""
    for i, c, depth in _code(data, start):
        if c == 41 and depth == 1:
            return i
        if c in b"{}":
            return -1
    return -1


def _statement_end(data: bytes, start: int) -> int:
    """The offset of the `;` ending the statement that goes on at `start`, or -1 when a block or the file ends
    first."""
    for i, c, depth in _code(data, start):
        if depth <= 0 and c == 59:
            return i
        if depth <= 0 and c in b"{}":
            return -1
    return -1


_INTERPOLATION = re.compile(rb"#\{[^{}\n]*\}")
_PARENS_AFTER = re.compile(rb"(?:@include|@mixin)\s+[\w.-]+\s*(?=\()")
_FLAG = re.compile(rb"!\s*(?:default|global)\b")
_VARIABLE = re.compile(rb"(?m)^[ \t]*(?:\$[\w-]+\s*:|@return\b)[ \t]*(?=\S)")
_LINE_RULES: tuple[tuple[re.Pattern[bytes], Callable[[re.Match[bytes]], bytes]], ...] = (
    (re.compile(rb"(?m)^([ \t]*)[>+~](?=[ \t])"), lambda m: m.group(1) + b"&"),  # `> .btn {` -> `& .btn {`
    (re.compile(rb"(@extend\s+)%"), lambda m: m.group(1) + b"."),
    (re.compile(rb"(\$[\w-]+)\.\.\."), lambda m: m.group(1) + b"   "),  # `$args...`
    (re.compile(rb"(?<=[\s(,])-(?=\$)"), lambda m: b" "),  # `(-$x)`
    (re.compile(rb"(?m)^([ \t]*(?:\}[ \t]*)?@(?:if|else if|while|return)\b[^\n{;]*)"),
     lambda m: re.sub(rb" or | and |(?<=[\s(])not\b", lambda o: {b" or ": b" == ", b" and ": b" ==  "}.get(o.group(), b"   "),
                      m.group())),
    (re.compile(rb"(:nth-[\w-]+\()([^()\n]*)(?=\))"), lambda m: m.group(1) + _fill(m.group(2))),  # names are read from the file
)


def scss(data: bytes) -> bytes:
    """SCSS `data` with what the grammar cannot read rewritten (same length, same lines; see the module docstring)."""
    # interpolation, anywhere: names and signatures are read from the file, which keeps `.btn-#{$color}` as written
    out = bytearray(_INTERPOLATION.sub(lambda m: _fill(m.group()), data))
    data = bytes(out)
    # argument lists of @include/@mixin and map or list values of variables: blanked whole (an empty `()` or
    # a space-separated list is what the grammar trips on)
    for m in _PARENS_AFTER.finditer(data):
        close = _closing(data, m.end())
        if close >= 0:
            out[m.end() : close + 1] = _spaces(data[m.end() : close + 1])
    data = bytes(out)
    # a variable's value or what a function returns (a map, a list, a call over lines) names nothing: `$m: x ... ;`
    for m in _VARIABLE.finditer(data):
        end = _statement_end(data, m.end())
        if end > m.end() + 1:
            value = data[m.end() : end]
            flag = _FLAG.search(value)  # `!default` stays (blanked by the language's own rule)
            keep = len(value) if flag is None else flag.start()
            out[m.end() : m.end() + keep] = b"x" + _spaces(value[1:keep])
    data = bytes(out)
    for rx, fn in _LINE_RULES:
        data = rx.sub(fn, data)
    return data


_KOTLIN_RULES: tuple[tuple[re.Pattern[bytes], Callable[[re.Match[bytes]], bytes]], ...] = (
    (re.compile(rb"\bdynamic\b"), lambda m: b"dynamiq"),
    # an annotation (with its arguments on one line) before `[modifier] constructor(` or an accessor
    (re.compile(rb"@[\w.]+(?:\([^()\n]*\))?(?=\s*(?:(?:public|private|internal|protected)\s+)?constructor\b"
                rb"|[ \t]+(?:set|get)\s*\()"), lambda m: _spaces(m.group())),
    (re.compile(rb"(?<==)(\s*)\[\s*\]"), lambda m: m.group(1) + b'""' + _spaces(m.group()[len(m.group(1)) + 2 :])),
)


def kotlin(data: bytes) -> bytes:
    """Kotlin `data` with what the grammar cannot read rewritten (same length, same lines)."""
    for rx, fn in _KOTLIN_RULES:
        data = rx.sub(fn, data)
    return data


def kotlin_annotations(data: bytes, spans: list[tuple[int, int]]) -> bytes:
    """Kotlin `data` with the annotations at `spans` blanked (same length, same lines): tree-sitter-kotlin 1.1 reads
    `@SuppressLint("RestrictedApi")\n@OptIn(X::class)\ninternal object M {` over a long body as an expression,
    `internal` and `object` names (no syntax error), and the object and its members were lost to outlines
    (stripe-react-native run 543's CheckoutConfigurationMapper). extract.parse_prepared gives the spans: of each
    declaration read so, every annotation but the last (on one line or over several: the second review of stop 59)."""
    out = bytearray(data)
    for start, end in spans:
        out[start:end] = _spaces(data[start:end])
    return bytes(out)


#: the rewrite of each language that has one
#: A line of its own at the start of a line that only invokes an upper-case macro: a declaration a preprocessor would
#: expand (`GMOCK_DECLARE_KIND_(bool, kBool);`), a warning push or pop without a semicolon
#: (`GTEST_DISABLE_MSC_WARNINGS_POP_()`). Not one that opens a body (`TEST(Suite, Name) {` defines a test).
_CPP_MACRO_LINE_RE = re.compile(
    rb"^[A-Z][A-Z0-9_]*[ \t]*\((?:[^()\n]|\([^()\n]*\))*\)[ \t]*;?(?=[ \t]*(?://[^\n]*)?\n(?![ \t]*\{))", re.M)


def cpp(data: bytes) -> bytes:
    """C++ `data` with its top-level macro invocation lines blanked (same length, same lines): to the grammar they are
    calls where only declarations may stand, and they swallow the declaration after them."""
    return _CPP_MACRO_LINE_RE.sub(lambda m: _spaces(m.group()), data)


#: Swift (tree-sitter-swift 0.7): a body whose only line is a string literal (`var reason: String {\n "Unable
#: to find ..." }`) reads as a closure missing its `in`; `~Type.self` in an array; `nonisolated(unsafe)`; Swift 5.9's `switch consume result`.
_SWIFT_LONE_STRING_RE = re.compile(rb'(?<=\{)([ \t]*\n[ \t]*)("(?:[^"\\\n]|\\.)*")(?=[ \t]*\n[ \t]*\})')
_SWIFT_TILDE_RE = re.compile(rb"(?<=[\[(,])([ \t]*)~(?=[A-Za-z_])")
_SWIFT_NONISOLATED_RE = re.compile(rb"\bnonisolated\(unsafe\)|\b(?:consume|borrowing|consuming)[ \t]+(?=[a-z_]\w*[ \t]*[{)\n])")
#: `#if os(iOS)` / `#elseif` / `#else` / `#endif` lines, which the grammar reads only between statements (not
#: among a switch's cases): blanked, every branch read.
_SWIFT_DIRECTIVE_RE = re.compile(rb"^[ \t]*#(?:if|elseif|else|endif)\b[^\n]*", re.M)


#: Swift 6's `sending` parameter and result modifier (`_ closure: sending @escaping () async -> sending R`) and the
#: underscored closure attributes `@_implicitSelfCapture`, `@_inheritActorContext` (expo's function factories: five
#: of six files with syntax errors), which the grammar does not know: blanked.
_SWIFT_SENDING_RE = re.compile(rb"\bsending[ \t]+(?=[@A-Za-z_(\[])|@_implicitSelfCapture\b|@_inheritActorContext\b")


def swift(data: bytes) -> bytes:
    """Swift `data` with what the grammar cannot read rewritten (same length, same lines)."""
    data = _SWIFT_LONE_STRING_RE.sub(lambda m: m.group(1) + _fill(m.group(2)), data)
    data = _SWIFT_TILDE_RE.sub(lambda m: m.group(1) + b" ", data)
    data = _SWIFT_DIRECTIVE_RE.sub(lambda m: _spaces(m.group()), data)
    data = _SWIFT_SENDING_RE.sub(lambda m: _spaces(m.group()), data)
    return _SWIFT_NONISOLATED_RE.sub(lambda m: _spaces(m.group()), data)


#: A C# conditional directive line: `#if !(NET20 || PORTABLE)`, `#elif`, `#else`, `#endif`.
_CSHARP_DIRECTIVE_RE = re.compile(rb"^[ \t]*#[ \t]*(?:if|elif|else|endif)\b[^\n]*", re.M)


def csharp(data: bytes) -> bytes:
    """C# `data` with its `#if`/`#elif`/`#else`/`#endif` lines blanked, every branch's code kept (same length, same
    lines): the grammar reads a directive only between statements and members, and Json.NET puts them inside a base
    list (`, ICustomTypeDescriptor`), between `else` and its block, and inside a type parameter list (`out`)."""
    return _CSHARP_DIRECTIVE_RE.sub(lambda m: _spaces(m.group()), data)


#: Scala (tree-sitter-scala 0.2x): a parent named through a qualified super (`extends super[ForkJoinTasks].WrappedTask[R,
#: Tp] with super[AdaptiveWorkStealingTasks].WrappedTask[R, Tp]`), which the grammar reads only in expressions.
_SCALA_SUPER_PARENT_RE = re.compile(rb"\b(extends|with)(\s+)super\[(\w+)\]\.")


def scala(data: bytes) -> bytes:
    """Scala `data` with what the grammar cannot read rewritten (same length, same lines): `super[T].X` as a parent
    reads as `T.X`."""
    return _SCALA_SUPER_PARENT_RE.sub(lambda m: m.group(1) + m.group(2) + b" " * 7 + m.group(3) + b".", data)


#: Haskell (tree-sitter-haskell 0.24): an escaped character literal (`'\n'`, `'\''`, `'\x41'`) before a later name
#: with a prime (`spnl'`) reads as one literal up to that prime, swallowing the definitions between (Pandoc's
#: Markdown reader lost 60 lines to `notFollowedBy (char '\n')`); arrow notation's `proc x -> do` (Arrows).
_HASKELL_ESCAPED_CHAR_RE = re.compile(rb"(?<![\w'])'\\(?:'|\\|[^'\\\s]{1,12})'")
_HASKELL_PROC_RE = re.compile(rb"(?<![\w'.])proc(?=\s+[^\n=]*?->)")


def haskell(data: bytes) -> bytes:
    """Haskell `data` with what the grammar cannot read rewritten (same length, same lines): an escaped character
    literal reads as a plain one (`'x'` and spaces), `proc pat ->` as a lambda (`\\    pat ->`)."""
    data = _HASKELL_ESCAPED_CHAR_RE.sub(lambda m: b"'x'" + b" " * (len(m.group()) - 3), data)
    return _HASKELL_PROC_RE.sub(lambda m: b"\\   ", data)


#: Bash (tree-sitter-bash 0.25): an extended glob in a word (`$dir/!($skip)`, `*.@(tar|gz)`, `*([[:blank:]])-*`),
#: a `]` in a parameter expansion's pattern (`${host%]?(:+([0-9]))}`), a `=~` regular expression with brackets
#: (`[[ $cur =~ ^(\$\{[#!]?)([A-Za-z0-9_]*)\[([^]]*)$ ]]`). bash-completion's main file lost 54 of its 100
#: functions to these.
_BASH_EXTGLOB_RE = re.compile(rb"(?:(?<![$\\])[!@?]|(?<![\w$\\)])[+*])\(")  # `a*(b)`, `a+(b)`: arithmetic
_BASH_VARIABLE_RE = re.compile(rb"\$[A-Za-z_]\w*")
_BASH_EXPANSION_RE = re.compile(rb"\$\{#?\w+(?:\[[^]\n]*\])?(?:%%?|##?|//?|\^\^?|,,?)")
_BASH_REGEX_RE = re.compile(rb"=~[ \t]+(?:\\\n[ \t]*)?")
_BASH_REGEX_END_RE = re.compile(rb"[ \t]+(?:\]\]|&&|\|\|)")


def _balanced_end(data: bytes, start: int, open_: int, close: int) -> int:
    """The offset after the `close` byte that balances the `open_` at `start`, within its line; -1 if none."""
    depth = 0
    for i in range(start, len(data)):
        c = data[i]
        if c == 10 and data[i - 1] != 92:  # a line break ends the search unless escaped
            return -1
        if c == 92:  # a backslash escapes the next byte
            continue
        if c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _pattern_end(data: bytes, start: int) -> int:
    """The offset of the `}` that ends a parameter expansion's pattern starting at `start` (a bracket expression such
    as `[<{().[]` holds any byte; nested `${...}` balance), within its line; -1 if none."""
    depth, i, n = 0, start, len(data)
    while i < n:
        c = data[i]
        if c == 10:
            return -1
        if c == 92:  # a backslash escapes the next byte
            i += 2
            continue
        if c == 91:  # [: a bracket expression ends at the first `]` after its first member
            close = data.find(b"]", i + (3 if data.startswith((b"[^]", b"[!]"), i) else 2))
            nl = data.find(b"\n", i)
            if close > 0 and (nl < 0 or close < nl):
                i = close + 1
                continue
        elif c == 123:
            depth += 1
        elif c == 125:
            if depth == 0:
                return i
            depth -= 1
        i += 1
    return -1


def bash(data: bytes) -> bytes:
    """Bash `data` with what the grammar cannot read filled (same length, same lines; patterns only, so no
    definition or command name changes): extended globs with `*`, expansion patterns with brackets and `=~` regexes
    with `x`."""
    out = bytearray(data)

    def fill(a: int, b: int) -> None:
        out[a:b] = _fill(data[a:b])

    for m in _BASH_EXTGLOB_RE.finditer(data):
        end = _balanced_end(data, m.end() - 1, 40, 41)
        if end > 0:  # `*` for every byte: a plain glob the grammar reads anywhere (`*" -t rsa"?( *))` in a case),
            glob = bytearray(c if c == 10 else 42 for c in data[m.start():end])  # but a `$name` in it stays one:
            for v in _BASH_VARIABLE_RE.finditer(data, m.start(), end):  # `!($_backup_glob)` uses the variable
                glob[v.start() - m.start():v.end() - m.start()] = v.group()
            out[m.start():end] = glob
    for m in _BASH_EXPANSION_RE.finditer(data):
        end = _pattern_end(data, m.end())
        if end > 0 and (b"]" in data[m.end():end] or b"[" in data[m.end():end]):
            fill(m.end(), end)
    for m in _BASH_REGEX_RE.finditer(data):
        if b"\\\n" in m.group():  # `=~ \` before a regex on the next line
            out[m.start() + m.group().index(b"\\")] = 32
        stop = _BASH_REGEX_END_RE.search(data, m.end())
        regex = data[m.end():stop.start()] if stop is not None else b"\n"
        if b"\n" not in regex and (b"[" in regex or b"]" in regex):
            fill(m.end(), m.end() + len(regex))
    return bytes(out)


#: Zig (tree-sitter-zig 1.1 reads Zig 0.13): since 0.15 `async`/`await` are plain names (`Io.VTable`'s fields
#: `async:`, `.async = async`, `await(ev, f)`) where the grammar expects the old keywords; an asm clobber list is a
#: struct literal (`: .{ .memory = true }`) or a name where the grammar wants strings; an inferred error set as a
#: field's type or a tuple's field (`spawn: error{Unavailable},`, `struct { error{foo} }`).
_ZIG_ASYNC_RE = re.compile(rb"\b(?:async|await)\b")
_ZIG_ASM_RE = re.compile(rb"\basm\b(?:\s+volatile\b)?\s*\(")
_ZIG_FIELD_ERROR_SET_RE = re.compile(rb"(?<=[:{,])([ \t]*)(error[ \t]*\{[^{}\n]*\})(?=[ \t]*[,}])")


def _zig_code(data: bytes, start: int) -> Iterator[tuple[int, int]]:
    """(offset, byte) of Zig code from `start` on: strings, character literals, `\\` line strings and `//` comments
    skipped."""
    i, n = start, len(data)
    while i < n:
        c = data[i]
        if c in b"\"'":
            j = i + 1
            while j < n and data[j] != c and data[j] != 10:
                j += 2 if data[j] == 92 else 1
            i = j + 1
            continue
        if data.startswith(b"//", i) or data.startswith(b"\\\\", i):
            end = data.find(b"\n", i)
            i = n if end < 0 else end
            continue
        yield i, c
        i += 1


def _zig_asm_clobbers(data: bytes, open_paren: int) -> tuple[int, int] | None:
    """The span of an asm expression's clobber list (after its third top-level `:`) when it is not a string."""
    depth, colons, clobbers = 0, 0, -1
    for i, c in _zig_code(data, open_paren):
        if c in b"([{":
            depth += 1
        elif c in b")]}":
            depth -= 1
            if depth == 0:
                text = data[clobbers:i] if clobbers >= 0 else b""
                return (clobbers, i) if text.strip() and not text.lstrip().startswith(b'"') else None
        elif c == 58 and depth == 1:  # :
            colons += 1
            if colons == 3:
                clobbers = i + 1
    return None


def zig(data: bytes) -> bytes:
    """Zig `data` with what the grammar cannot read rewritten (same length, same lines): `async`/`await` as names
    become other names (`asynk`, `awaik`; extraction reads the names as written), a clobber list that is not strings
    is blanked, an error set as a field's type becomes a plain type name."""
    out = bytearray(_ZIG_ASYNC_RE.sub(lambda m: m.group()[:4] + b"k", data))
    for m in _ZIG_ASM_RE.finditer(data):
        span = _zig_asm_clobbers(data, m.end() - 1)
        if span is not None:
            out[span[0]:span[1]] = _spaces(data[span[0]:span[1]])
    for m in _ZIG_FIELD_ERROR_SET_RE.finditer(data):
        out[m.start(2):m.end(2)] = b"x" * (m.end(2) - m.start(2))
    return bytes(out)


#: TypeScript 4.7's variance annotations on type parameters (`interface $ZodTypeInternals<out O = unknown, out I =
#: unknown>`, `<in T>`, `<in out T>`), which tree-sitter-typescript 0.23 does not know: zod's four central files
#: (core/schemas.ts, checks.ts, classic and mini schemas.ts) had syntax errors. The modifier stands after `<` or `,`
#: (and comments: `/** @ts-ignore Cast variance */`) and before a type parameter's name and what may follow it
#: (`extends`, `=`, `,`, `>`).
_TS_VARIANCE_RE = re.compile(rb"([<,](?:\s|/\*.*?\*/|//[^\n]*\n)*)((?:in\s+)?out\s+|in\s+)"
                             rb"(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=(?!=)|,|>))", re.S)


#: a line opening with a type parameter list (`<T extends Function>(fn: T): T`, a generic call signature of an
#: interface), whose `<` the grammar reads as type arguments of the line above's last type (`..): T` then `<T ..>`):
#: TypeScript never continues a type reference's arguments across a line break. MobX's api/action.ts parsed as one
#: error from line 1 (IActionFactory's second call signature), and `action`, `isAction`, `runInAction` were lost.
_TS_GENERIC_LINE_RE = re.compile(rb"(?m)^([ \t]+)<(?=[A-Za-z_$])")
#: a line ending with the name a declaration introduces, whose type parameters may follow on the next line
#: (`export function later` then `<T>(x: T)`)
_TS_DECLARED_NAME_RE = re.compile(rb"\b(?:function|class|interface|type|enum|new)\s*\*?\s*[\w$]*$")
#: the end of a line that completes a member (a name, a closing bracket): not an operator or an opening one
_TS_MEMBER_END_RE = re.compile(rb"[\w$)\]>]$")


def _ts_previous_code_line(data: bytes, start: int) -> bytes:
    """The last line before offset `start` (a line start) that holds code, not a comment or a blank."""
    end = start - 1
    while end > 0:
        begin = data.rfind(b"\n", 0, end) + 1
        line = data[begin:end].strip()
        if line and not line.startswith((b"//", b"*", b"/*")):
            return line
        end = begin - 1
    return b""


def typescript(data: bytes) -> bytes:
    """TypeScript `data` with what the grammar cannot read blanked (same length, same lines): variance annotations;
    and a `;` in the indentation of a line that opens a generic call signature after a member the line above
    completes (`    <T>(name: string, fn: T): T` becomes `   ;<T>(..)`)."""
    out = _TS_VARIANCE_RE.sub(lambda m: m.group(1) + _spaces(m.group(2)), data)
    if b"\n" not in out or not _TS_GENERIC_LINE_RE.search(out):
        return out
    fixed = bytearray(out)
    for m in _TS_GENERIC_LINE_RE.finditer(out):
        prev = _ts_previous_code_line(out, m.start())
        if _TS_MEMBER_END_RE.search(prev) and not prev.endswith(b"=>") and not _TS_DECLARED_NAME_RE.search(prev):
            fixed[m.end(1) - 1] = 59  # ;
    return bytes(fixed)


_RUST_TRY_RE = re.compile(rb"(?<![\w#$])try(?=\s*!\s*[(\[{])")


def rust(data: bytes) -> bytes:
    """Rust `data` with each `try!(..)` invocation's name spelled `trx` (same length, same lines)."""
    return _RUST_TRY_RE.sub(b"trx", data)


REPAIRS: dict[str, Callable[[bytes], bytes]] = {"scss": scss, "kotlin": kotlin, "cpp": cpp, "csharp": csharp, "swift": swift,
                                                "scala": scala, "haskell": haskell, "bash": bash, "zig": zig,
                                                "typescript": typescript, "tsx": typescript, "rust": rust}
#: Repairs that only blank (directives, macro lines): signatures are read from the repaired text, without them
#: (`class JObject : JContainer, ICustomTypeDescriptor`, not `... #if !(PORTABLE) , ICustomTypeDescriptor #endif`).
BLANKING = frozenset({"cpp", "csharp"})
