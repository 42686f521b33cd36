"""The typed rows the structure index answers with (all lines 1-based and inclusive, paths root-relative '/')."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)

SYMBOL_KINDS = (
    "module", "class", "interface", "struct", "enum", "trait", "type", "impl", "function", "method",
    "constant", "variable", "field", "heading", "namespace",
)
REFERENCE_KINDS = ("call", "type", "import", "other", "name", "member")  # member: `x.prop` read, no call
#: The kinds that hold members and take part in type hierarchies (find_related implementations/supertypes).
CLASS_KINDS = frozenset({"class", "interface", "struct", "enum", "trait", "type", "module"})


_CS_MEMBER_END = re.compile(r"\{|=>|(?<![=!<>])=(?![=>])|;")


def _without_attributes(sig: str) -> str:
    """A C# member's signature without the `[..]` attribute lists in front of it."""
    text = sig.lstrip()
    while text.startswith("["):
        depth = 0
        for i, ch in enumerate(text):
            depth += (ch == "[") - (ch == "]")
            if depth == 0:
                text = text[i + 1:].lstrip()
                break
        else:
            return text
    return text


#: a macro, stored as a function: Rust `macro_rules!`, a C/C++ `#define` with parameters
MACRO_HEAD = re.compile(r"\s*(?:#\[[^\]]*\]\s*)*macro_rules!|\s*#\s*define\b")


def is_macro(kind: str, signature: str | None) -> bool:
    """Whether a definition is a macro (the `kind="macro"` filter: review of stop 51, it had listed every function):
    a function written so, or a C constant an object-like `#define LIMIT 10` makes (review of the stop-52 diff)."""
    return kind in ("function", "constant") and bool(MACRO_HEAD.match(signature or ""))


def kotlin_extension_of(signature: str, name: str) -> str | None:
    """The receiver type a Kotlin extension function's header names (`fun Screen.isSheetFitToContents()` ->
    Screen), None for another function (syntax.kotlin_receiver, which this module cannot import)."""
    m = re.search(rf"\bfun\s+(?:<(?:[^<>]|<[^<>]*>)*>\s*)?([\w.]+)(?:<(?:[^<>]|<[^<>]*>)*>)?\??\s*\.\s*`?{re.escape(name)}`?\s*[(<]",
                  signature)
    return m.group(1).rsplit(".", 1)[-1] if m else None


def kind_word(kind: str, language: str | None, name: str, signature: str | None) -> str:
    """The kind an answer names a definition by: the stored kind, but a Rust `macro_rules!` is a macro and a C# property, indexer or event (stored as
    fields, which the kind filters accept as "field" or "property") says which it is (pythonnet run 306: `public
    static bool DebugGIL { get; set; }` and `this[int index]` were each "field")."""
    if kind == "function" and language == "rust" and (signature or "").lstrip().startswith("macro_rules!"):
        return "macro"  # (stored as a function; "in function define_keywords" read wrong to the syn A/B agent, run 341)
    if kind == "method" and language == "kotlin" and kotlin_extension_of(signature or "", name) is not None:
        return "extension function"  # (stored as its receiver type's method; rnscreens run 600 read "method
        # com.swmansion.rnscreens.bottomsheet.Screen.isSheetFitToContents" as a class bottomsheet.Screen's)
    if kind != "field" or language != "csharp":
        return kind
    if name == "this":
        return "indexer"
    sig = _without_attributes(signature or "")  # (`[JsonProperty(Required = Required.Always)] public string Name ..`)
    end = _CS_MEMBER_END.search(sig)
    head = sig[: end.start()] if end else sig
    if re.search(r"\bevent\b", head):
        return "event"
    # (no `;`, `=`, `{` or `=>` at all: an outline's header line of a property whose accessors follow)
    return "property" if end is None or end.group(0) in ("{", "=>") else "field"


@dataclass(frozen=True)
class Symbol:
    id: int
    path: str
    name: str
    qualname: str
    kind: str
    start_line: int
    end_line: int
    signature: str
    doc: str | None
    exported: bool
    parent_id: int | None
    language: str


@dataclass(frozen=True)
class Reference:
    path: str
    name: str
    line: int
    kind: str


@dataclass(frozen=True)
class Import:
    """`module` is the specifier as written ("..utils", "./a", "fmt", "crate::x::y"); C/C++ quoted includes
    keep their quotes ('"local.h"') while system includes do not ('stdio.h')."""

    path: str
    module: str
    names: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class FileInfo:
    path: str
    language: str | None
    size: int
    mtime_ns: int
    sha: str | None
    status: str  # indexed | too_large | binary | unsupported | error
    has_errors: bool
    n_symbols: int
    error: str | None = None


@dataclass(frozen=True)
class BuildStatus:
    complete: bool
    files_total: int
    files_done: int

    @property
    def percent(self) -> float:
        if self.complete or self.files_total <= 0:
            return 100.0
        return min(100.0, 100.0 * self.files_done / self.files_total)

    def note(self) -> str | None:
        """'index 43% built (780/1812 files); answers cover the indexed part' while a build runs."""
        if self.complete:
            return None
        if self.files_total > 0 and self.files_done >= self.files_total:  # parsed; the last rows being written
            return (f"index finishing: all {self.files_total} files parsed, the last of them being stored; ask again "
                    "in a few seconds if a definition is missing.")
        if self.files_total <= 0:  # (not "100% built (0/0 files)": the files are still being listed)
            return ("index build starting (the files are still being listed); this answer covers only what is "
                    "indexed so far. Ask again in a few seconds for a complete answer.")
        return (
            f"index {self.percent:.0f}% built ({self.files_done}/{self.files_total} files); this answer covers "
            "only the indexed part. Ask again in a few seconds for a complete answer."
        )


@dataclass
class RefreshReport:
    added: list[str] = field(default_factory=list)
    modified: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    unchanged: int = 0
    seconds: float = 0.0
    skipped: bool = False  # throttled, or another process holds the index lock
    reason: str | None = None

    @property
    def changed(self) -> int:
        return len(self.added) + len(self.modified) + len(self.deleted)



#: How the index stores a signature (`stored_signature`, read back by `signature_from_store`): without its
#: definition's own name, which the name column holds (NAME_MARK stands where it was), and with a common first word
#: as one character (_PREFIXES). The Linux kernel's 4.7 million definitions repeat their names in 96 MB of
#: signatures, and 2.2 million of them start with `#define ` (`#define mmTPC1_CFG_QM_TENSOR_10_PADDING_VALUE
#: 0xE46C38`): a tenth of its index. A signature holding any of these marks itself is stored behind VERBATIM_MARK;
#: rows written before the codec (no marks) read back as they are.
NAME_MARK = "\x01"
VERBATIM_MARK = "\x02"
_PREFIXES = (("\x03", "#define "), ("\x04", "static "), ("\x05", "struct "), ("\x06", "unsigned "), ("\x07", "typedef "))
_MARKS = re.compile("[\x01-\x07]")


def _is_word_char(c: str) -> bool:
    return c.isalnum() or c in "_$"


def stored_signature(name: str, signature: str | None) -> str | None:
    """`signature` as the index stores it: the first whole-word occurrence of `name` as NAME_MARK, a common first
    word as its mark."""
    if not signature:
        return signature
    if _MARKS.search(signature):
        return VERBATIM_MARK + signature
    n = len(name)
    i = signature.find(name) if n > 1 else -1
    while i >= 0:
        if (i == 0 or not _is_word_char(signature[i - 1])) and (i + n == len(signature) or not _is_word_char(signature[i + n])):
            signature = signature[:i] + NAME_MARK + signature[i + n:]
            break
        i = signature.find(name, i + 1)
    for mark, word in _PREFIXES:
        if signature.startswith(word):
            return mark + signature[len(word):]
    return signature


def signature_from_store(name: str, stored: str | None) -> str:
    """The signature `stored_signature` stored for a definition named `name`."""
    if not stored:
        return ""
    first = stored[0]
    if first < "\x08":
        if first == VERBATIM_MARK:
            return stored[1:]
        for mark, word in _PREFIXES:
            if first == mark:
                stored = word + stored[1:]
                break
    return stored.replace(NAME_MARK, name, 1)
