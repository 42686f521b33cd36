"""The language registry: file extensions and shebangs -> a tree-sitter grammar, its query file and its rules.

Adding a language is one `LanguageSpec` entry in `LANGUAGES` plus a query file
`contexteer/indexers/queries/<name>.scm` (several files may be combined: TSX = typescript + jsx). Query files use one capture convention:

    @definition.<kind> + @name       a definition (kind: class, function, struct, constant, ...)
    @scope + @name                   a node that qualifies the names inside it without being a symbol
                                     (a Rust `impl Foo`, a C++ `namespace`)
    @reference.<call|type|import|other> + @name
    @import + @import.module / @import.name / @import.alias   one import statement
    @_decl in an import pattern      the declaration binding the import defines nothing (`const X = require(...)`)
    @export.<es|cjs> (+ @name)       a JS/TS export besides `export` on a definition (`module.exports = X`)
    @end in a definition pattern     a node after the definition's own that ends its range (Dart: a method's body
                                     is the signature's sibling)
    @receiver in a definition pattern  the type or table that qualifies it (Go `func (s *Stack) Push`, Lua `M.run`)

Several @import.module nodes in one match make one module, the source text from the first to the last; a name
ending the module's node cuts it there (Kotlin's `import a.b.C` is one node: module a.b, name C);
`@import.path` on a module's first segment makes the module the text from it to the first name (Scala's
`import a.b.{C, D}` has one node per segment: module a.b, names C and D). A language's rules besides its query are fields of its
`LanguageSpec`: how visibility is told (`visibility`, and for "keywords" `private_words`/`public_words`),
where docs come from, which nodes are bodies and comments, whether consecutive clauses of one name are one
definition (Haskell equations, Elixir function clauses).

We use the grammar wheels (tree-sitter-python, ...), which ship compiled grammars: not
`tree-sitter-languages` (unmaintained, broken with tree-sitter >= 0.22) nor
`tree-sitter-language-pack` 1.x (downloads grammars at run time, fails offline). The wheels' own
`tags.scm` files were the starting point of our query files, which add imports, kinds, fields and
constants the bundled ones lack.
"""

from __future__ import annotations

import ctypes
import importlib
import logging
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import tree_sitter as ts

from contexteer.errors import IndexError_

logger = logging.getLogger(__name__)

QUERY_DIR = Path(__file__).parent / "queries"


@dataclass(frozen=True)
class LanguageSpec:
    name: str
    module: str  # the grammar wheel's import name
    func: str = "language"  # the function in it returning the grammar capsule
    extensions: tuple[str, ...] = ()
    shebangs: tuple[str, ...] = ()  # interpreter names after #! (basename, 'env' skipped)
    filenames: tuple[str, ...] = ()  # exact file names (Makefile-like)
    queries: tuple[str, ...] = ()  # query files (without .scm) concatenated; default: (name,)
    # How to tell an exported (public) definition: underscore | capital | modifiers | export | keywords | always
    visibility: str = "always"
    # "keywords": a word of the definition's header before its name makes it private (`private fun`, `defp`,
    # `local function`), or, when public_words is set, none of them does (Zig's `pub`)
    private_words: frozenset[str] = frozenset()
    public_words: frozenset[str] = frozenset()
    doc: str = "comment"  # docstring (Python) | comment (preceding comment lines) | none
    # Definition wrappers whose range (decorators, `export`, attributes) belongs to the definition.
    wrappers: frozenset[str] = field(default_factory=frozenset)
    comment_types: frozenset[str] = frozenset({"comment"})
    # Kinds whose children that are functions become methods.
    class_kinds: frozenset[str] = frozenset({"class", "interface", "struct", "enum", "trait", "module"})
    # Node types, besides the common ones (block, class_body...), that hold a definition's body: its signature
    # stops before them (Kotlin's `function_body`, Scala's `template_body`).
    body_types: frozenset[str] = frozenset()
    # Consecutive definitions of one name and kind at one level are one definition (Haskell's signature and
    # equations, Elixir's function clauses): the first one's, ranging to the last one's end.
    merge_clauses: bool = False
    # Expand tabs to 8-column stops before parsing (Haskell: the layout scanner fails on tabs; the lines stay
    # those of the file, byte offsets are the expanded text's)
    expand_tabs: bool = False
    # Text the grammar cannot read, blanked with spaces before parsing (same length, same lines): HTML's
    # `<?xml ...?>` declaration, SCSS's `!default` flags
    blank: str | None = None
    qualifier: str = "."  # joins a qualified name's parts (CSS: a space, as nested SCSS rules mean `.a .b`)
    # Blank the glibc/GCC attribute macros (`__THROW`, `__nonnull ((1))`...) before parsing (C, C++).
    blank_macros: bool = False


_CLASSISH = frozenset({"class", "interface", "struct", "enum", "trait"})

LANGUAGES: tuple[LanguageSpec, ...] = (
    LanguageSpec(
        "python", "tree_sitter_python", extensions=(".py", ".pyi", ".pyw"), shebangs=("python", "python3", "python2"),
        visibility="underscore", doc="docstring", wrappers=frozenset({"decorated_definition"}), class_kinds=_CLASSISH,
    ),
    LanguageSpec(
        "javascript", "tree_sitter_javascript", extensions=(".js", ".jsx", ".mjs", ".cjs"), shebangs=("node", "nodejs"),
        queries=("javascript", "jsx"),
        visibility="export", wrappers=frozenset({"export_statement"}), class_kinds=_CLASSISH,
    ),
    LanguageSpec(
        "typescript", "tree_sitter_typescript", func="language_typescript", extensions=(".ts", ".mts", ".cts"),
        shebangs=("ts-node", "deno", "tsx"), visibility="export", wrappers=frozenset({"export_statement"}),
        class_kinds=_CLASSISH,
    ),
    LanguageSpec(
        "tsx", "tree_sitter_typescript", func="language_tsx", extensions=(".tsx",), queries=("typescript", "jsx"),
        visibility="export", wrappers=frozenset({"export_statement"}), class_kinds=_CLASSISH,
    ),
    LanguageSpec("go", "tree_sitter_go", extensions=(".go",), visibility="capital", class_kinds=_CLASSISH,
                 wrappers=frozenset({"type_declaration", "const_declaration", "var_declaration"})),
    LanguageSpec(
        "rust", "tree_sitter_rust", extensions=(".rs",), visibility="modifiers",
        comment_types=frozenset({"line_comment", "block_comment"}), wrappers=frozenset(), class_kinds=_CLASSISH,
    ),
    LanguageSpec("java", "tree_sitter_java", extensions=(".java",), visibility="modifiers",
                 comment_types=frozenset({"line_comment", "block_comment"}), class_kinds=_CLASSISH),
    LanguageSpec("c", "tree_sitter_c", extensions=(".c", ".h"), visibility="modifiers", class_kinds=_CLASSISH,
                 wrappers=frozenset({"type_definition"}), blank_macros=True),
    LanguageSpec(
        "cpp", "tree_sitter_cpp", extensions=(".cc", ".cpp", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp"),
        visibility="modifiers", wrappers=frozenset({"template_declaration", "type_definition"}), class_kinds=_CLASSISH,
        queries=("c", "cpp"), blank_macros=True,
    ),
    # Objective-C (.m; .mm is Objective-C++: its C++ parts are errors, its classes and methods read): the macros of
    # Apple's and React Native's headers the grammar cannot read are blanked (NS_ASSUME_NONNULL_BEGIN, NS_SWIFT_NAME(..))
    LanguageSpec("objc", "tree_sitter_objc", extensions=(".m", ".mm"), visibility="always", class_kinds=_CLASSISH,
                 wrappers=frozenset({"type_definition"}), queries=("c", "objc"),
                 blank=r"\b(?:NS_ASSUME_NONNULL_(?:BEGIN|END)|NS_DESIGNATED_INITIALIZER|NS_REQUIRES_SUPER|NS_UNAVAILABLE"
                       r"|NS_REFINED_FOR_SWIFT|NS_SWIFT_UI_ACTOR|NS_SWIFT_SENDABLE|NS_SWIFT_NAME\([^()\n]*\)"
                       r"|NS_SWIFT_UNAVAILABLE\([^()\n]*\)|API_(?:UN)?AVAILABLE\([^()\n]*\)|__attribute__\(\([^()\n]*\)\))"),
    LanguageSpec("csharp", "tree_sitter_c_sharp", extensions=(".cs",), visibility="modifiers", class_kinds=_CLASSISH),
    LanguageSpec(
        "ruby", "tree_sitter_ruby", extensions=(".rb", ".rake", ".gemspec", ".ru"), shebangs=("ruby",),
        filenames=("Rakefile", "Gemfile"), visibility="underscore", class_kinds=_CLASSISH | {"module"},
    ),
    LanguageSpec("php", "tree_sitter_php", func="language_php", extensions=(".php", ".phtml"), shebangs=("php",),
                 visibility="modifiers", class_kinds=_CLASSISH),
    LanguageSpec(
        "bash", "tree_sitter_bash", extensions=(".sh", ".bash", ".zsh", ".ksh"), shebangs=("sh", "bash", "zsh", "ksh", "dash"),
        filenames=(".bashrc", ".bash_profile", ".profile"), visibility="always",
    ),
    LanguageSpec("markdown", "tree_sitter_markdown", extensions=(".md", ".markdown", ".mdx"), visibility="always", doc="none"),
    LanguageSpec("kotlin", "tree_sitter_kotlin", extensions=(".kt", ".kts"), shebangs=("kotlin",), visibility="keywords",
                 private_words=frozenset({"private", "internal"}), class_kinds=_CLASSISH,
                 comment_types=frozenset({"line_comment", "block_comment"}),
                 body_types=frozenset({"function_body", "enum_class_body"})),
    LanguageSpec("swift", "tree_sitter_swift", extensions=(".swift",), shebangs=("swift",), visibility="keywords",
                 private_words=frozenset({"private", "fileprivate"}), class_kinds=_CLASSISH,
                 comment_types=frozenset({"comment", "multiline_comment"}),
                 body_types=frozenset({"function_body", "protocol_body", "enum_class_body", "computed_property"})),
    LanguageSpec("scala", "tree_sitter_scala", extensions=(".scala", ".sc"), shebangs=("scala", "amm"), visibility="keywords",
                 private_words=frozenset({"private"}), class_kinds=_CLASSISH | {"module"},
                 comment_types=frozenset({"comment", "block_comment"}), body_types=frozenset({"template_body"})),
    LanguageSpec("lua", "tree_sitter_lua", extensions=(".lua",), shebangs=("lua", "luajit"), visibility="keywords",
                 private_words=frozenset({"local"}), class_kinds=_CLASSISH),
    LanguageSpec("elixir", "tree_sitter_elixir", extensions=(".ex", ".exs"), shebangs=("elixir",), visibility="keywords",
                 private_words=frozenset({"defp", "defmacrop", "defguardp"}), class_kinds=_CLASSISH | {"module"},
                 body_types=frozenset({"do_block"}), merge_clauses=True),
    LanguageSpec("dart", "tree_sitter_dart", extensions=(".dart",), visibility="underscore", class_kinds=_CLASSISH,
                 comment_types=frozenset({"comment", "documentation_comment"}),
                 body_types=frozenset({"extension_body"})),
    LanguageSpec("zig", "tree_sitter_zig", extensions=(".zig",), visibility="keywords", public_words=frozenset({"pub"}),
                 class_kinds=_CLASSISH | {"union"}),
    LanguageSpec("haskell", "tree_sitter_haskell", extensions=(".hs",), shebangs=("runhaskell", "runghc"),
                 visibility="always", comment_types=frozenset({"comment", "haddock"}), merge_clauses=True, expand_tabs=True,
                 body_types=frozenset({"class_declarations", "instance_declarations"}),
                 class_kinds=frozenset({"interface", "trait"})),
    LanguageSpec("make", "tree_sitter_make", extensions=(".mk", ".mak", ".am"),
                 filenames=("Makefile", "makefile", "GNUmakefile", "Makefile.in"), visibility="always"),
    LanguageSpec("html", "tree_sitter_html", extensions=(".html", ".htm", ".xhtml"), visibility="always", doc="none",
                 qualifier=" > ", blank=r"<\?xml[^>]*\?>"),
    LanguageSpec("css", "tree_sitter_css", extensions=(".css",), visibility="always", qualifier=" "),
    LanguageSpec("scss", "tree_sitter_scss", extensions=(".scss",), visibility="always", queries=("css", "scss"),
                 qualifier=" ", comment_types=frozenset({"comment", "single_line_comment"}), blank=r"!(?:default|global)\b"),
)

BY_NAME: dict[str, LanguageSpec] = {spec.name: spec for spec in LANGUAGES}
_BY_EXT: dict[str, LanguageSpec] = {ext: spec for spec in LANGUAGES for ext in spec.extensions}
_BY_FILENAME: dict[str, LanguageSpec] = {fn: spec for spec in LANGUAGES for fn in spec.filenames}
_BY_SHEBANG: dict[str, LanguageSpec] = {sb: spec for spec in LANGUAGES for sb in spec.shebangs}
_SHEBANG_RE = re.compile(rb"^#!\s*(\S+)(?:\s+(\S+))?")


def language_for_path(path: str) -> LanguageSpec | None:
    """The language of a file by its name alone (extension or exact file name)."""
    base = path.rsplit("/", 1)[-1]
    spec = _BY_FILENAME.get(base)
    if spec:
        return spec
    ext = os.path.splitext(base)[1].lower()
    return _BY_EXT.get(ext) if ext else None


#: A `.h` file is C unless its own text is C++ (googletest, LLVM, Qt and most C++ projects name headers `.h`): a
#: line that opens a namespace, a template, a class (`class Foo {`, `class GTEST_API_ Foo : public Bar`), an access
#: section (`public:`), or `using namespace`. C code uses `class` only as an identifier (the kernel's `struct class
#: *class;`), never to open a line this way.
_CPP_HEADER = re.compile(
    rb"^[ \t]*(?:namespace(?:[ \t]+[\w:]+)?(?:[ \t]*\{|[ \t]*$|[ \t]+_?[A-Z][A-Z0-9_]*[ \t]*\()|template[ \t]*<|(?:public|private|protected)[ \t]*:(?!:)"
    rb"|using[ \t]+namespace[ \t]|class[ \t]+(?:[A-Z_][A-Z0-9_]*[ \t]+)?\w+[ \t]*(?:final[ \t]*)?(?::(?!:)|\{|$)"
    # a definition by its qualified name (spdlog's sink-inl.h: `SPDLOG_INLINE bool spdlog::sinks::sink::should_log(`)
    rb"|[A-Za-z_][\w \t*&<>,:]*\b[A-Za-z_]\w*(?:<[\w \t,:*&]*>)?(?:::~?[A-Za-z_]\w*)+[ \t]*\()",
    re.MULTILINE)


#: A `.h` file is Objective-C when a line opens an `@interface`, `@protocol` or `@class` declaration, or imports with
#: `#import` (C and C++ headers use `#include`).
_OBJC_HEADER = re.compile(rb"^[ \t]*(?:@(?:interface|protocol|class|end)\b|#[ \t]*import\b)", re.MULTILINE)


def objc_header(path: str, data: bytes) -> bool:
    """Whether `path`, a `.h` file by its name, holds Objective-C (_OBJC_HEADER) rather than C or C++."""
    return path.endswith(".h") and _OBJC_HEADER.search(data) is not None and _CPP_HEADER.search(data) is None


def cpp_header(path: str, data: bytes) -> bool:
    """Whether `path`, a `.h` file by its name, holds C++ (_CPP_HEADER)."""
    return path.endswith(".h") and _CPP_HEADER.search(data) is not None


def language_for_shebang(head: bytes) -> LanguageSpec | None:
    """The language of a file without an extension by its first lines: a `#!` line (`#!/usr/bin/env python3`,
    `#!/bin/bash -e`), else an editor or linter mode line near the top (bash-completion's completions/ssh opens with
    `# ssh(1) completion  -*- shell-script -*-`; `# vim: ft=sh`, `# shellcheck shell=bash`)."""
    m = _SHEBANG_RE.match(head[:200])
    if not m:
        return _language_for_modeline(head[:_MODELINE_BYTES])
    interp = m.group(1).rsplit(b"/", 1)[-1]
    if interp == b"env" and m.group(2):
        interp = m.group(2).rsplit(b"/", 1)[-1]
    name = re.sub(rb"[\d.]+$", b"", interp).decode("ascii", "replace")
    return _BY_SHEBANG.get(name) or _BY_SHEBANG.get(interp.decode("ascii", "replace"))


_MODELINE_BYTES = 1024  # mode lines are looked for in the first five lines within this many bytes
#: `-*- shell-script -*-`, `-*- mode: python; coding: utf-8 -*-` (Emacs); `vim: set ft=sh:`, `vi: filetype=ruby`;
#: `shellcheck shell=bash` (ShellCheck's directive for a sourced file)
_MODELINE_RE = re.compile(
    rb"-\*-\s*(?:(?:[^:;]*?;\s*)*?mode:\s*)?(?P<emacs>[\w+#-]+?)(?:-mode)?\s*(?:;[^\n]*?)?-\*-"
    rb"|\b(?:vim?|ex):.*?\b(?:ft|filetype|syntax)=(?P<vim>[\w+#-]+)"
    rb"|\bshellcheck\s+shell=(?P<shellcheck>\w+)")
#: editor mode names that are not the language's own name
_MODE_ALIASES = {"shell-script": "bash", "sh": "bash", "zsh": "bash", "ksh": "bash", "js": "javascript",
                 "js2": "javascript", "c++": "cpp", "cs": "csharp", "typescript": "typescript", "ts": "typescript",
                 "kt": "kotlin", "rb": "ruby", "py": "python", "hs": "haskell", "ex": "elixir"}


def _language_for_modeline(head: bytes) -> LanguageSpec | None:
    for line in head.split(b"\n", 5)[:5]:
        m = _MODELINE_RE.search(line)
        if m:
            name = next(g for g in m.groups() if g).decode("ascii", "replace").lower()
            spec = BY_NAME.get(_MODE_ALIASES.get(name, name)) or _BY_SHEBANG.get(name)
            if spec is not None:
                return spec
    return None


# ----- C/C++ attribute macros ------------------------------------------------------------------
# tree-sitter parses C without a preprocessor: after a prototype, `__THROW __attribute_pure__ __nonnull ((1));`
# reads as a second declaration named `__nonnull` (or a K&R definition swallowing the next hundred lines),
# and the real prototype (strlen, memcmp...) is lost. Like ctags' `-I __THROW,...`, these glibc/GCC macros
# are blanked with spaces before parsing (byte offsets and lines stay those of the file).
_P0 = rb"[^();{}]*"
_P1 = rb"(?:[^();{}]|\(" + _P0 + rb"\))*"
_P2 = rb"(?:[^();{}]|\(" + _P1 + rb"\))*"
_PARENS = rb"\((?:[^();{}]|\(" + _P2 + rb"\))*\)"  # balanced, up to 4 levels, within one statement
_MACRO_TAIL = (  # the names without their leading "__" (a literal prefix lets the regex engine skip ahead: 9x faster)
    rb"THROW(?:NL)?|wur|nonnull|returns_nonnull|COLD|LEAF(?:_ATTR)?|attribute__"
    rb"|attribute_[a-z]\w*__|attr_[a-z]\w*|fortified_attr_access|warnattr"
    rb"|extern_(?:always_)?inline|fortify_function"
    rb"|(?:BEGIN|END)_DECLS|(?:BEGIN|END)_NAMESPACE_(?:STD|C99)"
)
_MACRO_RE = re.compile(
    rb"__(?:(?P<attr>" + _MACRO_TAIL + rb")\b(?:\s*" + _PARENS + rb")?"
    rb"|(?P<nth>NTH(?:NL)?)\s*\((?P<inner>(?:[^();{}]|\(" + _P2 + rb"\))*)\)"
    rb"|REDIRECT(?:_NTH|_NTHNL)?\s*\(\s*(?P<name>\w+)\s*,\s*(?P<proto>" + _PARENS + rb")\s*,\s*\w+\s*\))"
)
MACRO_NAME_RE = re.compile("__(?:" + _MACRO_TAIL.decode("ascii") + "|NTH(?:NL)?|REDIRECT\\w*)")  # fullmatch: a macro's name
# zlib (vendored everywhere): `ZEXTERN int ZEXPORT deflate OF((z_streamp strm, int flush));`, `Z_ARG((...))`
_ZLIB_RE = re.compile(
    rb"\b(?:(?P<attr>ZEXTERN|ZEXPORTVA|ZEXPORT)\b|(?P<nth>OF|Z_ARG)\s*\((?P<inner>\((?:[^();{}]|\(" + _P1 + rb"\))*\))\))"
)
# Any library's own `__UPPER_CASE` macros between a parameter list and its `;` (GMP's `__GMP_DECLSPEC int
# mpz_cmp (...) __GMP_NOTHROW __GMP_ATTRIBUTE_PURE;`: with the leading macro, even one trailing breaks the parse).
_TRAILING_RE = re.compile(rb"\)(?P<run>(?:\s*__[A-Z][A-Z0-9_]*\b(?:\s*" + _PARENS + rb")?)+)(?=\s*;)")
_NOT_NEWLINE = re.compile(rb"[^\n]")


def _blank(text: bytes) -> bytes:
    return _NOT_NEWLINE.sub(b" ", text)


def _in_directive(data: bytes, pos: int) -> bool:
    """Whether `pos` is on a preprocessor line (`#define __THROW ...`, `#if defined __wur`), continuations included."""
    start = data.rfind(b"\n", 0, pos) + 1
    while start > 1 and data[start - 2 : start - 1] == b"\\":
        start = data.rfind(b"\n", 0, start - 1) + 1
    return data[start:pos].lstrip()[:1] == b"#"


def _blank_match(m: re.Match[bytes]) -> bytes:
    data: bytes = m.string
    pos = m.start()
    if m.re is _TRAILING_RE:
        return m.group() if _in_directive(data, pos) else b")" + _blank(m.group("run"))
    if (pos and (data[pos - 1 : pos].isalnum() or data[pos - 1] == 95)) or _in_directive(data, pos):
        return m.group()  # inside a longer name (`x__THROW`), or a `#define __THROW` line
    if m.group("attr") is not None:
        return _blank(m.group())
    start = m.start()
    keep = ("inner",) if m.group("nth") is not None else ("name", "proto")
    out = bytearray(_blank(m.group()))
    for g in keep:  # the declarator (and parameter list) the macro wraps stays where it was
        out[m.start(g) - start : m.end(g) - start] = m.group(g)
    return bytes(out)


def blank_attribute_macros(data: bytes, macro_functions: list[int] | None = None, *, cpp: bool = False) -> bytes:
    """`data` with the glibc/GCC attribute macros replaced by spaces (same length, same lines); `__NTH (f (x))`
    keeps `f (x)`, `__REDIRECT (f, (x), alias)` keeps `f` and `(x)`; zlib's ZEXTERN/ZEXPORT go, `OF((x))` keeps `(x)`.
    Then the kernel-style repairs of `c_prep.repair` (annotation macros, loop macros, macro-defined functions)."""
    if b"__" in data:
        data = _TRAILING_RE.sub(_blank_match, _MACRO_RE.sub(_blank_match, data))
    if b"ZEXPORT" in data:
        data = _ZLIB_RE.sub(_blank_match, data)
    from contexteer.indexers import c_prep  # imported when a C file is parsed, not by every process

    return c_prep.repair(data, macro_functions, cpp=cpp)


def has_extension(path: str) -> bool:
    return bool(os.path.splitext(path.rsplit("/", 1)[-1])[1])


@cache
def grammar(name: str) -> ts.Language:
    """The compiled tree-sitter grammar of a registered language (loaded once per process)."""
    capsule = grammar_capsule(name)
    try:
        return ts.Language(capsule)
    except ValueError as exc:
        raise _grammar_error(name, exc) from exc


@cache
def grammar_capsule(name: str) -> object:
    """The grammar wheel's capsule holding the C grammar (what tree_sitter.Language takes)."""
    spec = BY_NAME[name]
    try:
        mod = importlib.import_module(spec.module)
        found = getattr(mod, spec.func)()
    except (ImportError, AttributeError, ValueError) as exc:
        raise _grammar_error(name, exc) from exc
    if isinstance(found, int):  # an older wheel's binding returns the grammar's address (tree-sitter-scss 1.0)
        try:
            return _capsule(found)
        except (ValueError, OSError) as exc:
            raise _grammar_error(name, exc) from exc
    return found


def _capsule(address: int) -> object:
    """A `tree_sitter.Language` capsule around a grammar's address, as current wheels return it (tree-sitter
    deprecates taking the bare int)."""
    proto = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
    new = proto(("PyCapsule_New", ctypes.pythonapi))
    return new(address, b"tree_sitter.Language", None)


def _grammar_error(name: str, exc: Exception) -> IndexError_:
    spec = BY_NAME[name]
    return IndexError_(
        f"the tree-sitter grammar for {name} ({spec.module}) cannot be loaded: {exc}. "
        f"Reinstall contexteer's dependencies (pip install {spec.module.replace('_', '-')})."
    )


# A reference pattern's outer capture (`@reference.call`) only names its role, which `pattern_roles` reads
# from the source: compiling without it spares a node, a string and a list per match (~4% of a build).
# Blanked with spaces, so pattern byte offsets stay those of `query_source`.
_REF_CAPTURE = re.compile(r"@reference\.\w+")


@cache
def query(name: str) -> ts.Query:
    """The compiled query of a registered language, from `queries/<query>.scm`."""
    files = ", ".join(f"{q}.scm" for q in BY_NAME[name].queries or (name,))
    try:
        return ts.Query(grammar(name), _REF_CAPTURE.sub(lambda m: " " * len(m.group()), query_source(name)))
    except (OSError, ts.QueryError) as exc:
        raise IndexError_(f"the query files ({files}) for {name} are broken: {exc}. This is a bug in contexteer.") from exc


@cache
def blank_pattern(name: str) -> re.Pattern[bytes] | None:
    """The compiled `LanguageSpec.blank` of a language (None when it has none)."""
    spec = BY_NAME[name]
    return re.compile(spec.blank.encode("utf-8")) if spec.blank else None


def blank_unreadable(data: bytes, spec: LanguageSpec) -> bytes:
    """`data` with the language's `blank` matches replaced by spaces (newlines kept: same length, same lines)."""
    pattern = blank_pattern(spec.name)
    return pattern.sub(lambda m: _blank(m.group()), data) if pattern is not None else data


@cache
def query_source(name: str) -> str:
    spec = BY_NAME[name]
    return "\n".join((QUERY_DIR / f"{q}.scm").read_text(encoding="utf-8") for q in spec.queries or (name,))


@cache
def query_has_predicates(name: str) -> bool:
    """Whether the language's query uses text predicates (#eq?, #match?), which need the tree's source."""
    return bool(re.search(r"\(#[a-z-]+[?!]", query_source(name)))


_REF_KINDS = frozenset({"call", "type", "import", "other", "name", "member"})


@cache
def pattern_roles(name: str) -> tuple[tuple[str, str, str], ...]:
    """Per query pattern: (role, capture, kind) with role def|ref|import|export|none, worked out once so the
    extractor does not inspect capture names per match."""
    q = query(name)
    src = query_source(name).encode("utf-8")
    out: list[tuple[str, str, str]] = []
    for i in range(q.pattern_count):
        role = ("none", "", "")
        for raw in re.findall(rb"@([\w.]+)", src[q.start_byte_for_pattern(i) : q.end_byte_for_pattern(i)]):
            cap = raw.decode("ascii")
            if cap.startswith("definition."):
                role = ("def", cap, cap.split(".", 1)[1])
            elif cap.startswith("scope"):
                role = ("def", cap, cap)
            elif cap.startswith("reference."):
                kind = cap.split(".", 1)[1]
                role = ("ref", cap, kind if kind in _REF_KINDS else "other")
            elif cap == "import":
                role = ("import", cap, "")
            elif cap.startswith("export."):
                role = ("export", cap, cap.split(".", 1)[1])
        out.append(role)
    return tuple(out)
