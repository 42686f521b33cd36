"""Callers of a Zig declaration told apart by what each call line says (lookup.find_callers' receiver check for Zig):
a file is a struct and types are TitleCase, so a call is the declaration's when its receiver is declared with that
type, names it, or is a declaration literal of it, and another type's when it names or is declared with another,
when the argument count cannot fit (Zig has neither defaults nor overloads) or when a private declaration is called
from another file."""

from __future__ import annotations

import re

from contexteer.indexers import zig_names
from contexteer.indexers.lookup import (
    _CLASS_KINDS,
    _RECEIVER,
    _SELF,
    Caller,
    _declared_receiver,
    _file_lines,
    _is_type,
    _misfit,
    enclosing,
)
from contexteer.indexers.model import Symbol
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.syntax import arity, named_type, return_type

__all__ = ["check_receivers"]


def check_receivers(index: IndexQueries, sites: list[Caller], callee: str, owner: str, max_files: int,
                         sym: Symbol) -> None:
    """`_check_receivers` for Zig, where a file is a struct and types are TitleCase: a call is `owner`'s when its
    receiver is declared with that type (a parameter, a local, a field, a field of a field), names it
    (`Step.Compile.create(b, o)`), or it is a declaration literal the enclosing function returns (`return
    .create(b, o)` in `fn addTest(...) *Step.Compile`); another type's when the receiver names or is declared with
    another struct (file), when a bare call names its own file's function, or when the argument count cannot fit
    (Zig has no defaults nor overloads). A declaration without `pub` is its file's own: no other file calls it."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return
    signature = sym.signature or ""
    types = {name for f in zig_names.zig_files(index) if (name := zig_names.file_struct(f.path)) is not None}
    call = re.compile(r"\b" + re.escape(callee) + r"\s*\(")
    words = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", owner)
    whole, last = owner.lower().replace("_", ""), (words[-1].lower() if words else owner.lower())
    fits = _arity(signature, callee, owner)
    files: dict[str, list[str]] = {}
    defs: dict[str, list[Symbol]] = {}
    # a declaration literal `.init(...)` of a type the line does not show, where many types have an init: another
    # type's (run 49: 22 such calls listed among Random.init's 8 real callers)
    common = sum(1 for s in index.symbols_named(callee) if s.name == callee and s.language == "zig"
                 and s.kind in ("function", "method")) >= _COMMON_NAME
    for site in sites:
        if not sym.exported and site.path != sym.path:  # no file reads another's private declaration
            site.receiver, site.how, site.against = False, "name only", True
            continue
        if site.path not in files and len(files) >= max_files * 8:  # a Zig verdict reads the line, little more
            site.receiver, site.how = False, "name only"
            continue
        lines = _file_lines(ws, site.path, files)
        text = lines[site.line - 1] if 0 < site.line <= len(lines) else ""
        site.receiver, against = False, False
        for m in call.finditer(text):
            if (fits is not None and _misfit(fits, text[m.start():], callee, "zig")):
                against = True  # `allocator.free(x)`: one argument where SafeAllocator's free takes four
                continue
            before = _RECEIVER.search(text, 0, m.start())
            word = before.group(1) if before is not None else None
            verdict = _call(index, defs, lines, site, text[: m.start()], word, owner, types, callee)
            if verdict:
                site.receiver, site.how = True, "receiver type"
                break
            literal = word is None and text[: m.start()].rstrip().endswith(".")
            against = against or verdict is False or (verdict is None and literal and common)
            norm = (word or "").lower().replace("_", "")
            if verdict is None and norm and (norm == whole or norm.endswith(last)):
                site.receiver, site.how = True, "receiver"  # `writer.print(...)`: named like the type
                break
        if not site.receiver:
            site.how = "name only"
            site.against = against


_COMMON_NAME = 5  # functions of one name in the Zig files, from which a literal of unknown type is another's


def _arity(signature: str, callee: str, owner: str) -> tuple[int, int | None] | None:
    """Zig has no default arguments nor overloads: a call passes every parameter, the first one given as the receiver
    when it is the struct's own (`w.splatByteAll(b, n)` for `splatByteAll(w: *Writer, byte: u8, n: usize)`)."""
    fits = arity(signature, callee)
    if fits is None or not fits[1]:
        return fits
    first = re.search(rf"\b{re.escape(callee)}\s*\(\s*\w+\s*:\s*([^,)]*)", signature)
    own = first is not None and ("@This()" in first.group(1) or named_type(first.group(1)) in (owner, "Self"))
    return (fits[1] - 1, fits[1]) if own else fits


def _call(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, head: str,
              word: str | None, owner: str, types: set[str], callee: str) -> bool | None:
    """Zig: True when the call is `owner`'s by what the line says, False when it is another type's, None when the line
    does not say. `head` is the line before the called name. A type is a struct or a struct file (`Step.Run.create(b)`
    is Run's, `arena.create(T)` with `arena: Allocator` is Allocator's); `return .create(b, ...)` is a declaration
    literal of the type the enclosing function returns (`fn addTest(...) *Step.Compile`)."""
    generic = re.search(r"(?<![\w.])([A-Z]\w*)\s*\([^()]*\)\s*\.$", head.rstrip())
    if generic is not None:  # `Iterator(options).init(...)`: a type a function makes, named
        word = generic.group(1)
    elif re.search(r"(?:^|[=(,{:&]|\b(?:return|try|catch|orelse|else))\s*\.$", head.rstrip()):
        syms = _site_syms(index, defs, site.path)
        enc = enclosing(syms, site.line)
        returned = return_type(enc.signature or "", "zig") if enc is not None and re.search(r"\breturn\s*\.$", head) else None
        # `var prng: std.Random.DefaultPrng = .init(seed)`: the type the declaration names
        declared = zig_names.DECLARED_LITERAL.search(head.rstrip())
        if declared is not None:
            returned = declared.group(1).rsplit(".", 1)[-1]
        field = re.search(r"(?:^|[\s{,(])\.\s*([A-Za-z_]\w*)\s*=\s*(?:try\s+)?\.$", head.rstrip())
        if field is not None and returned is None:  # `.step = .init(.{...})`: the type fields named `step` have
            kinds = {t.rsplit(".", 1)[-1] for f in index.symbols_named(field.group(1)) if f.name == field.group(1)
                     and f.kind == "field" and f.language == "zig" and (t := zig_names.typed_name(f.signature or "", f.name))}
            returned = next(iter(kinds)) if len(kinds) == 1 else None
        if returned is None or returned == owner:
            return None if returned is None else True
        return _type_word(index, returned, owner, types) if returned[:1].isupper() \
            else False if _is_type(index, returned) else None
    if word is None and not head.rstrip().endswith("."):  # a bare call names a declaration in scope: its file's own
        syms = _site_syms(index, defs, site.path)
        if site.how == "same file":
            return True
        if zig_names.file_struct(site.path) != owner and any(s.kind in ("function", "method") and s.name == callee for s in syms):
            return False
        return None
    if word is not None and word in _SELF | {"this"} or word == "self":
        # `self.growIfNeeded(...)` in a method of the same struct (a generic's: Custom.putContext)
        syms = _site_syms(index, defs, site.path)
        enc = enclosing(syms, site.line)
        return True if enc is not None and enc.qualname.rpartition(".")[0].rsplit(".", 1)[-1] == owner else None
    if word is None:
        return None
    if word[:1].isupper():
        return _type_word(index, word, owner, types)
    typed = _declared_receiver(index, defs, lines, site, word)
    chain = re.search(rf"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*{re.escape(word)}\s*\.$", head.rstrip())
    if chain is not None and chain.group(1) not in _SELF:  # `file_reader.interface.takeSentinel(0)`: a field's type
        outer = _declared_receiver(index, defs, lines, site, chain.group(1))
        held = zig_names.field_type(index, outer, site.path, word) if outer is not None else None
        typed = held.rsplit(".", 1)[-1] if held is not None else typed if outer is None else None
    if typed is None or typed == "Self":
        return None
    return True if typed == owner else False if typed in types or _is_type(index, typed) else None


def _site_syms(index: IndexQueries, cache: dict[str, list[Symbol]], path: str) -> list[Symbol]:
    """The definitions of a call site's file, read once per answer."""
    if path not in cache:
        cache[path] = index.symbols_in_file(path)
    return cache[path]


def _type_word(index: IndexQueries, word: str, owner: str, types: set[str]) -> bool | None:
    """Whether a TitleCase name a Zig call is made on (`Complex(f32).init(...)`, `Blake2s224.init(...)`) is `owner`:
    yes when it is, or a constant naming it (`const DefaultPrng = Xoshiro256;`); no when it is another struct (file),
    a function making a type (`fn Complex(comptime T: type) type`) or another TitleCase constant (Zig names types
    so: `const Blake2s224 = Blake2s(224);`); None when the index does not know the name."""
    if word == owner:
        return True
    named = [s for s in index.symbols_named(word) if s.name == word and s.language == "zig"]
    alias = re.compile(rf"=\s*(?:[\w.]*\.)?{re.escape(owner)}\s*;?\s*$")
    if any(s.kind == "constant" and alias.search(s.signature or "") for s in named):
        return True
    if word in types or any(s.kind in _CLASS_KINDS or s.kind == "constant"
                            or (s.kind == "function" and re.search(r"\)\s*type\s*$", s.signature or "")) for s in named):
        return False
    return None
