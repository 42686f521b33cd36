"""Whether a definition is exported (public) by its language's rule."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

import tree_sitter as ts

from contexteer.indexers.languages import LanguageSpec
from contexteer.indexers.source import raw

logger = logging.getLogger(__name__)

_LOCAL_OWNERS = frozenset({"function", "method"})
_MODIFIER_TYPES = frozenset(
    {"modifiers", "modifier", "visibility_modifier", "access_modifier", "accessibility_modifier",
     "storage_class_specifier", "visibility", "member_modifier"}
)


_raw = raw


@dataclass(slots=True)
class ModuleExports:
    """What a JS/TS file exports besides `export` on a definition, from its `@export.*` query matches."""

    names: set[str] = field(default_factory=set)  # `export { a }`, `module.exports = { a }`, `exports.a = a`
    es: bool = False  # an ES export statement (also one wrapping a definition)
    cjs: bool = False  # an assignment to module.exports / exports.x: a CommonJS module
    imports: bool = False  # an ES import statement: a module, even without exports

    def top_level(self, name: str, es_exported: bool) -> bool:
        """Whether a top-level definition is exported: named in an export list or assignment, `export`ed, or
        defined by a script (no ES import/export, no CommonJS exports), whose top level is global."""
        return name in self.names or es_exported or not (self.es or self.cjs or self.imports)


def _modifier_words(node: ts.Node) -> set[str]:
    words: set[str] = set()
    for child in node.children:
        if child.type in _MODIFIER_TYPES:
            words.update(_raw(child).decode("utf-8", "replace").replace("(", " ").split())
        elif child.type in ("public", "private", "protected", "static", "internal", "pub"):
            words.add(child.type)
    return words


def is_exported(spec: LanguageSpec, node: ts.Node, outer: ts.Node, name: str, kind: str, owner_kind: str | None,
                module: ModuleExports | None = None) -> bool:
    """Public by the language's rule: Python/Ruby `_name`, Go capital letter, Rust `pub`, Java/C# `public`,
    JS/TS `export` (or `module`'s export lists and CommonJS assignments), C `static`, C++ access specifiers,
    PHP `private`/`protected`; "keywords" languages by the words before the name (Kotlin `private`, Elixir `defp`,
    Lua `local`, Zig `pub`)."""
    if owner_kind in _LOCAL_OWNERS:
        return False
    if kind == "namespace":  # C#/PHP: a namespace has no visibility of its own
        return True
    rule = spec.visibility
    if rule == "always":
        return True
    if rule == "underscore":
        if spec.name == "ruby" and kind == "method" and _ruby_private(outer):
            return False
        return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))
    if rule == "capital":
        return name[:1].isupper()
    if rule == "export":
        if owner_kind is None:
            es = outer.type == "export_statement" or (outer.parent is not None and outer.parent.type == "export_statement")
            return module.top_level(name, es) if module is not None else es
        words = _modifier_words(node)
        return not (name.startswith("#") or "private" in words or "protected" in words)
    if rule == "keywords":
        return _keywords_public(spec, outer, name, kind, owner_kind)
    words = _modifier_words(node)
    if spec.name == "rust":
        return any(w.startswith("pub") for w in words) or owner_kind in ("trait", "enum") or _in_trait_impl(outer) \
            or (node.type == "macro_definition" and _macro_exported(node))
    if spec.name in ("java", "csharp"):
        if owner_kind in ("interface",) or (owner_kind == "enum" and kind in ("constant", "field")):
            return "private" not in words
        return "public" in words or "protected" in words
    if spec.name == "php":
        return not ({"private", "protected"} & words)
    if spec.name == "cpp" and owner_kind in ("class", "struct"):
        return _cpp_access(outer, owner_kind) == "public"
    return "static" not in words


def _macro_exported(node: ts.Node) -> bool:
    """A Rust `macro_rules!` under `#[macro_export]` (or `#[macro_export(local_inner_macros)]`): public at the crate's
    root (serde run 404 read serde's exported forward_to_deserialize_any called private)."""
    prev = node.prev_named_sibling
    while prev is not None and prev.type in ("attribute_item", "line_comment", "block_comment"):
        if prev.type == "attribute_item" and b"macro_export" in (prev.text or b""):
            return True
        prev = prev.prev_named_sibling
    return False


def _in_trait_impl(node: ts.Node) -> bool:
    """A Rust item in an `impl Trait for Type` block: as visible as the trait (it has no `pub` of its own)."""
    body = node.parent
    impl = body.parent if body is not None and body.type == "declaration_list" else None
    return impl is not None and impl.type == "impl_item" and impl.child_by_field_name("trait") is not None


_WORD = re.compile(rb"[A-Za-z_]+")
_SETTER_ACCESS = re.compile(rb"\b(?:private|fileprivate|internal|package)\s*\(\s*set\s*\)")
_MEMBERS = frozenset({"field", "constant"})


def _keywords_public(spec: LanguageSpec, outer: ts.Node, name: str, kind: str, owner_kind: str | None) -> bool:
    """The "keywords" rule: the words of the header before the name (`private fun`, `defp`, `local function`,
    `pub fn`). With public words (Zig's `pub`), one of them must be there, except on the fields and values of a
    struct or enum (always visible)."""
    head = raw(outer)[:400]
    at = head.find(name.encode("utf-8"))
    # (Swift's `public private(set) var x` is read publicly: a setter's access is no word of the declaration's)
    words = {w.decode("ascii") for w in _WORD.findall(_SETTER_ACCESS.sub(b"", head[: at if at >= 0 else 0]))}
    if words & spec.private_words:
        return False
    if spec.public_words and not (words & spec.public_words):
        return kind in _MEMBERS and owner_kind in ("struct", "enum")
    return True


def _cpp_access(node: ts.Node, owner_kind: str) -> str:
    """The access specifier in force at a C++ class member (`public:` above it, else the class default)."""
    prev = node.prev_sibling
    while True:
        while prev is not None:
            if prev.type == "access_specifier":
                return _raw(prev).decode("utf-8", "replace").strip().rstrip(":").strip()
            prev = prev.prev_sibling
        # a member inside `#ifdef X ... #endif` in the class body: the specifier above the directive holds
        # (spdlog's wide-string `log` overloads are public, not the class default)
        up = node.parent
        if up is None or not up.type.startswith("preproc_"):
            break
        node, prev = up, up.prev_sibling
    return "public" if owner_kind == "struct" else "private"


def _ruby_private(node: ts.Node) -> bool:
    """A Ruby method below a bare `private`/`protected` line in its class body, or wrapped in `private def`."""
    if node.parent is not None and node.parent.type == "argument_list":
        call = node.parent.parent
        method = call.child_by_field_name("method") if call is not None else None
        if method is not None:
            return _raw(method) in (b"private", b"protected")
    cur: ts.Node | None = node
    while cur is not None:
        prev = cur.prev_sibling
        while prev is not None:
            if prev.type == "identifier" and _raw(prev) in (b"private", b"protected"):
                return True
            if prev.type == "identifier" and _raw(prev) == b"public":
                return False
            prev = prev.prev_sibling
        # a method inside an `if`/`unless` of the class body (`private` above it: Sequel's mysql2 adapter defines
        # execute_prepared_statement under `if NativePreparedStatements`): the statement's own place counts
        # (each level up: a `then`'s siblings are its condition, which names no `private`)
        cur = cur.parent if cur.parent is not None and cur.parent.type in _RUBY_CONDITIONAL else None
    return False


_RUBY_CONDITIONAL = frozenset({"if", "unless", "then", "else", "elsif"})
