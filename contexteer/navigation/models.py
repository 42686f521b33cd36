"""The navigation service's typed results, which the tools return as their output models (their advertised schemas
are compacted by contexteer.server.schema)."""

from __future__ import annotations

import logging
from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr, SerializerFunctionWrapHandler, model_serializer

logger = logging.getLogger(__name__)

NO_MATCH_USES = 12  # word occurrences shown when no definition matches


def clip(text: str, width: int) -> str:
    """`text` stripped, cut to `width` characters with '…' when longer."""
    text = text.strip()
    return text if len(text) <= width else text[: width - 1] + "…"


def clip_impl(head: str) -> str:
    """A Rust impl block's header for a label (`impl fmt::Display for SetGlobalDefaultError`, `unsafe impl BufMut
    for BytesMut`), at most ~100 chars; '' when it is no `impl` header."""
    head = " ".join(head.split()).removesuffix("{").strip()
    if not head.startswith(("impl", "unsafe impl")):
        return ""
    return clip(head, 100)


class OutlineSymbol(BaseModel):
    qualname: str
    kind: str
    start_line: int
    end_line: int
    signature: str
    doc: str | None = None
    exported: bool = True
    overrides: str | None = None  # 'overrides Sequel::Database#freeze sequel/database/misc.rb:196'


class MapFile(BaseModel):
    path: str
    symbols: list[str]  # 'start-end qualname'


class StructuredIndex(BaseModel):
    path: str
    mode: Literal["outline", "map"]
    symbols: list[OutlineSymbol] = Field(default_factory=list)
    files: list[MapFile] = Field(default_factory=list)
    files_total: int = 0
    files_shown: int = 0
    symbols_total: int = 0  # an outline: symbols in the file (after kinds/private filters); `symbols` holds those shown
    tokens: int = 0
    note: str | None = None
    folders: dict[str, int] = Field(default_factory=dict)  # a map: the folders one level down, with their file counts


class SymbolHit(BaseModel):
    path: str
    qualname: str
    kind: str
    start_line: int
    end_line: int
    signature: str  # whole (a multi-line header joined), or cut at 200 characters ending in '…'
    exported: bool
    overloads: list[str] = Field(default_factory=list)  # other signatures of this one definition ('9-12')
    impls: list[str] = Field(default_factory=list)  # a Rust type's impl blocks ('3-7', 'src/other.rs:10-20')
    qualified: str | None = None  # the full name in the language's form ('org.example.web.Servlet', 'App\\Shop\\Cart::add')
    condition: str | None = None  # C, C++, C#: the #if groups it is compiled under ('#if !(NET20 || NET35)')
    made_by: str | None = None  # C: a prototype whose body a macro pastes together ('made by macro X (..), expanded at ..'); Rust: a trait impl's method ('impl Build')
    visibility: str | None = None  # Ruby: the `protected`/`private` section a method sits in
    name_line: int | None = None  # the line of its name, below decorators, annotations or a template header its range opens with
    deprecated: bool | None = None  # True: an annotation or attribute above it marks it deprecated
    language: str | None = Field(None, exclude=True)  # how to name its other definitions (C: under another #if)

    @model_serializer(mode="wrap")
    def _drop_unqualified(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """`qualified` and `condition` only where there is one: a page of Python or JS hits stays as long as before."""
        data: dict[str, Any] = handler(self)
        for key in ("qualified", "condition", "made_by", "visibility", "name_line", "deprecated"):
            if data.get(key) is None:
                data.pop(key, None)
        return data


class RefSite(BaseModel):
    path: str
    line: int
    preview: str
    kind: str | None = None  # call | type | import (indexed), read (a text match read off or imported from its module) or use (a whole-word text match)
    enclosing: str | None = None  # the definition the line sits in ('Head.Truncate'), None at module level
    enclosing_lines: str | None = None  # its range, 'start-end'
    how: str | None = None  # a method's evidence: same file | import | same package | receiver | receiver type | name only
    receiver: str | None = None  # the call's receiver as written (`h` in `h.truncateMemory(...)`)
    reaches: str | None = None  # of several methods named alike, the one its receiver shows it calls
    via: str | None = None  # a use through the name an import binds it as (`isServerEnvironment()`)
    name: str | None = Field(default=None, exclude=True)  # the name the index recorded there (a multi-line import's)


class SymbolSearch(BaseModel):
    query: str
    total: int
    definitions: list[SymbolHit]
    references: list[RefSite] = Field(default_factory=list)
    references_total: int = 0
    next_cursor: str | None = None
    note: str | None = None
    closest: list[SymbolHit] = Field(default_factory=list)  # with no match: the nearest names the index has


class DepEdge(BaseModel):
    source: str  # the importing file
    target: str  # the imported file; in the package view a package directory ('internal/store/') or a file
    line: int  # in `source`
    depth: int = 1
    unit: str | None = None  # package view: the unit's name when it is not one file (Go import path, Java package, crate, ...)
    files: int | None = None  # package view: its repository files (dependents: how many of them import)
    names: list[str] | None = None  # one Java/Kotlin/Scala file's imports of this package: the classes it names
    scope: str | None = None  # one file's import not run at load: 'in load_plugins', 'TYPE_CHECKING'
    more_lines: list[int] | None = None  # package view: the other lines of `source` importing the same package


class ExternalPkg(BaseModel):
    package: str
    stdlib: bool = False
    used_by: int = 1
    declared: str | None = None
    lines: list[int] = Field(default_factory=list)  # one file's view: the lines importing it
    names: list[str] = Field(default_factory=list)  # one Java-like file: the classes it imports from the package
    scope: str | None = None  # one file imports it only inside a function or under TYPE_CHECKING: where


class DeclaredDep(BaseModel):
    name: str
    version: str
    manifest: str
    group: str


class UsedName(BaseModel):
    name: str  # as the code writes it (`prometheus.Register`, `Console`)
    lines: list[int] = Field(default_factory=list)  # where the code uses it (empty: imported, never used)
    more: int = 0  # lines beyond those listed
    defined: str | None = None  # a repository name's definition, `path:line`
    note: str | None = None  # what else the definition says: `a type` (TypeScript), `body super.c:6341-6344` (C)
    # never used in code: the comment or string lines naming it (`@var InputInterface`); used (PHP, JavaScript): the
    # docblock lines naming it besides
    mentions: list[int] | None = None


class ImportUse(BaseModel):
    line: int
    module: str  # as written
    names: list[UsedName] = Field(default_factory=list)
    glob: int | None = None  # a glob import: how many names the file uses from it
    directive: str | None = None  # an import binding no name the code uses: why (`a compiler directive`, side effects)
    type_checking: bool = False  # Python: under `if TYPE_CHECKING:`, read by type checkers only, never run
    type_only: bool | None = None  # (True or left out) TypeScript: `import type {..}`, erased at compile time (TanStack run 309 read each)
    # Rust: the `#[cfg(..)]` right above the `use` (tracing-core run 456 read two imports of Arc, under `std` and
    # `alloc`, with nothing saying which build has which)
    condition: str | None = None


class Dependencies(BaseModel):
    path: str
    view: Literal["package", "file"] = "package"
    imports: list[DepEdge] = Field(default_factory=list)
    dependents: list[DepEdge] = Field(default_factory=list)
    external: list[ExternalPkg] = Field(default_factory=list)
    declared: list[DeclaredDep] = Field(default_factory=list)
    cycles: list[list[str]] = Field(default_factory=list)
    # Python: cycles closed only by an import inside a function or under TYPE_CHECKING (none runs at load time)
    lazy_cycles: list[list[str]] = Field(default_factory=list)
    internal_edges: int = 0
    most_imported: list[str] = Field(default_factory=list)
    tests_left_out: int = 0  # test files next to the answer that tests=false left out
    note: str | None = None
    uses: list[ImportUse] | None = None  # view="uses": one file's imports with the names it uses from each
    # view="uses": the functions and methods the used names' lines sit in, each once with its range
    # (`functionEntry.resolveArgs 320-350`)
    uses_in: list[str] | None = None
    # one Rust/PHP/C/JS/TS/Ruby file's import statements as the text lists them: `14: Foo\Bar  -> Bar.php`
    statements: list[str] | None = None
    # broken relative imports (source, module, line, outside the root): in `note` for structuredContent (a
    # field of its own would cost every conversation tools/list tokens), on lines of their own in the text
    _unresolved: list[tuple[str, str, int, bool]] = PrivateAttr(default_factory=list)
    _build_note: str | None = PrivateAttr(default=None)
    # one Rust/PHP/C/JS/TS file's import statements (lines, as written, what each reaches): the text lists them
    # instead of files
    _statements: list[tuple[list[int], str, str]] = PrivateAttr(default_factory=list)
    _statement_word: str = PrivateAttr(default="import statement")
    # one Scala file's imports of a value's members (`import io._` of a parameter): (line, as written), no dependency
    _values: list[tuple[int, str]] = PrivateAttr(default_factory=list)
    #: whether a manifest was read: without one no external package is called undeclared
    _manifests: bool = PrivateAttr(default=False)


class TextHit(BaseModel):
    path: str
    line: int
    text: str
    context: bool = False


class TextSearch(BaseModel):
    pattern: str
    matches: int
    files: int
    truncated: bool
    timed_out: bool
    hits: list[TextHit]


class RelatedItem(BaseModel):
    path: str
    qualname: str | None = None  # None: a call site at module level
    kind: str | None = None
    start_line: int | None = None
    end_line: int | None = None
    signature: str | None = None
    how: str  # how it was resolved: syntax (extends, implements, impl, method set), call evidence, or name only
    lines: list[int] = Field(default_factory=list)  # call lines: in the caller (callers) or in the body (callees)
    calls: list[str] = Field(default_factory=list)  # the first call lines as source ('534: r.setLeader(r.localAddr)')
    depth: int = 1
    via: str | None = None  # at depth > 1: the definition it relates through
    detail: str | None = None
    reaches: str | None = None  # callers of several namesakes: the definition(s) this caller's calls reach
    defined: str | None = None  # a C++ method declared in its class: where its body is (`src/gtest.cc:911-914`)
    overrides: list[str] = Field(default_factory=list)  # implementations: its own methods a class above it defines
    # implementations: how many of `overrides` (listed first) are the queried type's own methods, of how many it has
    overrides_of_target: list[int] | None = None
    adds: list[str] = Field(default_factory=list)  # implementations: its own methods no class above it defines
    abstract: list[str] = Field(default_factory=list)  # implementations: a Python class's abstract methods
    from_traits: list[str] = Field(default_factory=list)  # implementations: the target's methods a PHP trait gives it
    member_at: dict[str, str] = Field(default_factory=dict)  # implementations: the line (or path:line) of each of those
    name_line: int | None = None  # type relations: the line of its name, below annotations or attributes its range opens with
    deprecated: bool | None = None  # type relations: an annotation or attribute above it marks it deprecated
    weak_lines: list[int] = Field(default_factory=list)  # callers: its lines matched by name only beside sure ones
    # callers: a Rust caller with a namesake among the rows under another `#[cfg]` (tracing-core's two
    # `Rebuilder::for_each`, std and not std, read alike to the run-456 agent): the cfg it is compiled under
    condition: str | None = None
    # callers/callees: a method of a name several overloads in its class share, its parameter types
    # (`(MessageDigest, InputStream)`: Commons Codec run 525 looked up three rows named `DigestUtils.digest`)
    params: str | None = None

    @model_serializer(mode="wrap")
    def _drop_undefined(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """`defined` only for a C++ declaration whose body is elsewhere, `overrides` only for a subclass that has
        some: other items stay as long as before."""
        data: dict[str, Any] = handler(self)
        for key in ("defined", "name_line", "deprecated", "condition", "params"):  # (None: not said)
            if data.get(key) is None:
                data.pop(key, None)
        for key in ("overrides", "overrides_of_target", "adds", "member_at", "abstract", "from_traits", "weak_lines"):
            if not data.get(key):
                data.pop(key, None)
        return data


class RelatedResult(BaseModel):
    symbol: str
    location: str
    relation: str
    total: int
    items: list[RelatedItem]
    unresolved: list[str] = Field(default_factory=list)
    builtins: list[str] = Field(default_factory=list)  # callees: the language's builtins it calls (Go, Python)
    packages: list[str] = Field(default_factory=list)  # callees: functions of outside packages it imports (Go, Python)
    local_calls: list[str] = Field(default_factory=list)  # callees: its own locals, parameters, nested definitions
    delegated: list[str] = Field(default_factory=list)  # callees (Ruby): calls the class hands on with Forwardable
    call_sites: int = 0
    next_cursor: str | None = None
    note: str | None = None
    definitions: list[str] = Field(default_factory=list)  # callers of several namesakes: each, with its location
    values: list[str] = Field(default_factory=list)  # callers: where it is named without a call (passed, stored)


class ContextDef(BaseModel):
    qualname: str
    kind: str
    location: str
    signature: str
    doc: str | None = None
    via: str


class CallerRef(BaseModel):
    path: str
    line: int
    caller: str | None = None
    location: str | None = None
    signature: str | None = None
    how: str | None = None  # the evidence: same file | import | same package | receiver | name only


class CodeRange(BaseModel):
    path: str
    start_line: int
    end_line: int
    total_lines: int
    content: str
    next_start_line: int | None = None
    next: str | None = None  # the exact call that continues, when lines were left out
    outline: list[str] = Field(default_factory=list)  # a cut range's nested definitions, as the text shows them
    symbol: str | None = None
    kind: str | None = None
    uses: list[ContextDef] = Field(default_factory=list)
    callers: list[CallerRef] = Field(default_factory=list)
    callers_total: int = 0
    note: str | None = None
    # what the lines sit in, as the text's first line says it (`in function parsing.parse_expr 1284-1401`), and for a
    # few lines inside a function the blocks around them (`inside: 1291-1399 loop {; ..`)
    within: str | None = None
