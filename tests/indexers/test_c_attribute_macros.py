"""glibc/GCC attribute macros after C prototypes (`__THROW __attribute_pure__ __nonnull ((1))`) do not turn into
bogus definitions named after the macros, and the real prototypes they follow are indexed (finding F4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from contexteer.indexers import languages
from contexteer.indexers.extract import extract
from tests.indexers.conftest import FIXTURES

C = languages.BY_NAME["c"]
GSTRING = FIXTURES / "c" / "include" / "gstring.h"
STRING_H = Path("/usr/include/string.h")


def _functions(data: bytes) -> dict[str, tuple]:
    return {s[1]: s for s in extract(data, C).symbols if s[2] == "function"}


def _bogus(data: bytes) -> list[str]:
    """Non-macro definitions named like an attribute macro, or nested under one (`__nonnull.strchr`)."""
    out = []
    for s in extract(data, C).symbols:
        parts = s[1].split(".")
        if any(languages.MACRO_NAME_RE.fullmatch(p) for p in parts) and not s[5].lstrip().startswith("#"):
            out.append(f"{s[3]}-{s[4]} {s[2]} {s[1]}")
    return out


def test_glibc_style_prototypes_are_functions_and_macros_are_not():
    data = GSTRING.read_bytes()
    funcs = _functions(data)
    for name in ("gmemcpy", "gmemcmp", "gmemchr", "gstrlen", "gstrdup", "gstrcmp", "gbasename", "gstrempty"):
        assert name in funcs, f"{name} missing: {sorted(funcs)}"
    assert funcs["gstrlen"][3:5] == (28, 29)
    assert funcs["gstrlen"][5] == "extern size_t gstrlen (const char *__s)"
    assert funcs["gstrempty"][3:5] == (40, 44)  # __NTH (f (...)) { ... } is the definition of f
    assert _bogus(data) == []


def test_macro_definitions_themselves_stay_indexed():
    syms = {s[1]: s for s in extract(GSTRING.read_bytes(), C).symbols}
    assert syms["__THROW"][2] == "constant" and syms["__THROW"][3] == 9
    assert syms["__nonnull"][2] == "function" and syms["__nonnull"][5].startswith("#define __nonnull(params)")


def test_blanking_keeps_offsets_and_directives():
    data = GSTRING.read_bytes() + b"#if defined __wur\nint x__THROW;\n#endif\n"
    out = languages.blank_attribute_macros(data)
    assert len(out) == len(data) and out.count(b"\n") == data.count(b"\n")
    assert b"# define __THROW" in out and b"#define __nonnull(params)" in out and b"#if defined __wur" in out
    assert b"int x__THROW;" in out  # part of a longer name
    assert b"__attribute_pure__" not in out and b"__nonnull ((1" not in out
    assert b"gbasename, " not in out and b"gbasename  (const char *__filename)" in out


@pytest.mark.skipif(not STRING_H.is_file(), reason="needs glibc's /usr/include/string.h")
def test_system_string_h_prototypes_are_indexed():
    data = STRING_H.read_bytes()
    funcs = _functions(data)
    missing = [n for n in ("memcmp", "strcmp", "strncmp", "strlen", "strnlen", "strdup", "strndup", "strspn",
                           "strcspn", "strcoll", "strxfrm", "memchr", "strchr", "memcpy") if n not in funcs]
    assert missing == []
    assert _bogus(data) == []


def test_zlib_export_macros_and_of_prototypes_are_functions():
    data = (b"#ifndef OF\n#  define OF(args)  args\n#endif\n"
            b"ZEXTERN int ZEXPORT deflate OF((z_streamp strm, int flush));\n"
            b"ZEXTERN int ZEXPORTVA gzprintf Z_ARG((gzFile file, const char *format, ...));\n"
            b"ZEXTERN const char * ZEXPORT zlibVersion OF((void));\n")
    funcs = _functions(data)
    assert funcs["deflate"][3:6] == (4, 4, "int deflate (z_streamp strm, int flush)")
    assert funcs["gzprintf"][5] == "int gzprintf (gzFile file, const char *format, ...)"
    assert "zlibVersion" in funcs and "OF" in funcs and funcs["OF"][5] == "# define OF(args) args"


def test_unknown_upper_case_macros_after_a_prototype_are_blanked():
    data = (b"#define mpz_cmp __gmpz_cmp\n"
            b"__GMP_DECLSPEC int mpz_cmp (mpz_srcptr, mpz_srcptr) __GMP_NOTHROW __GMP_ATTRIBUTE_PURE;\n"
            b"__GMP_DECLSPEC double mpz_get_d (mpz_srcptr) __GMP_ATTRIBUTE_PURE;\n"
            b"int twice (int x) { return (x) + x; }\n")
    syms = [(s[1], s[2]) for s in extract(data, C).symbols]
    assert ("mpz_cmp", "function") in syms and ("mpz_get_d", "function") in syms and ("twice", "function") in syms
    assert not [n for n, _ in syms if n.startswith("__GMP")]
    assert b"(mpz_srcptr)                     ;" in languages.blank_attribute_macros(data)
