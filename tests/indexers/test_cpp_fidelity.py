"""C++ fidelity against ctags (bench/languages.py --lang cpp on googletest, LLVM and libstdc++ headers): the
declaration forms ctags tags there that the structure index had no definition for."""

from __future__ import annotations

from contexteer.indexers import languages
from contexteer.indexers.extract import extract

CPP = languages.BY_NAME["cpp"]


def _syms(src: str) -> dict[str, tuple]:
    """"kind qualname" -> (name, qualname, kind, start, end, ...)"""
    return {f"{s[2]} {s[1]}": s for s in extract(src.encode(), CPP).symbols}


def test_cpp_template_specializations_are_definitions():
    syms = _syms(
        "template <typename T> struct DenseMapInfo;\n"
        "template <> struct DenseMapInfo<APInt, void> {\n  static unsigned getHashValue(const APInt &Key);\n};\n"
        "template <typename R, typename... Args>\nclass FunctionMocker<R(Args...)> final : public Base {\n  int n_;\n};\n"
    )
    assert syms["struct DenseMapInfo"][3:5] == (2, 4)
    assert "method DenseMapInfo.getHashValue" in syms
    assert syms["class FunctionMocker"][3:5] == (5, 8)
    assert "field FunctionMocker.n_" in syms


def test_cpp_nested_class_defined_out_of_its_class_is_qualified_by_it():
    syms = _syms("class Path {\n  class Root;\n};\nclass Path::Root {\n  int depth;\n};\n")
    assert syms["class Path.Root"][3:5] == (4, 6)
    assert "field Path.Root.depth" in syms


def test_cpp_functions_returning_references_are_definitions():
    syms = _syms(
        "namespace llvm {\n"
        "raw_ostream &dbgs();\n"
        "inline const APInt &smax(const APInt &A, const APInt &B) { return A; }\n"
        "std::ostream& operator<<(std::ostream& os, const Result& r);\n"
        "bool operator==(const Result& a, const Result& b);\n"
        "}\n"
        "class Json {\n"
        "  template <typename T> T &as() const { return *p; }\n"
        "  template <class> static No &test(...);\n"
        "  Node *&back() { return b; }\n"
        "};\n"
    )
    assert syms["function dbgs"][3] == 2 and syms["function smax"][3] == 3
    assert syms["function operator<<"][3] == 4 and syms["function operator=="][3] == 5
    assert {"method Json.as", "method Json.test", "method Json.back"} <= set(syms)


def test_cpp_reference_members_and_typedefs_are_definitions():
    syms = _syms(
        "class Printer {\n  raw_ostream &OS;\n  const APFloat *&Res;\n  typedef T& reference;\n"
        "  typedef std::ostream& (*Manip)(std::ostream&);\n};\n"
        "typedef PrimeTable* CreatePrimeTableFunc();\n"
    )
    assert {"field Printer.OS", "field Printer.Res", "type Printer.reference", "type Printer.Manip"} <= set(syms)
    assert syms["type CreatePrimeTableFunc"][3] == 7


def test_cpp_static_member_defined_without_initializer_is_a_definition():
    src = b"class DeathTest {\n  static std::string last_message_;\n};\nstd::string DeathTest::last_message_;\n"
    defined = [(s[1], s[2], s[3]) for s in extract(src, CPP).symbols if s[0] == "last_message_"]
    # the declaration in the class and the definition out of it, both members of DeathTest
    assert defined == [("DeathTest.last_message_", "field", 2), ("DeathTest.last_message_", "field", 4)]


def test_cpp_conversion_operators_trailing_library_macros_and_reserved_names_are_definitions():
    syms = _syms(
        "namespace std _GLIBCXX_VISIBILITY(default)\n{\n"
        "class Optional {\n public:\n  constexpr explicit operator bool() const { return true; }\n"
        "  operator std::string() const;\n"
        "  const_iterator begin() const _GLIBCXX_NOEXCEPT\n  { return it; }\n"
        "  static const fltSemantics &BFloat() LLVM_READNONE;\n"
        "  _GLIBCXX_NODISCARD bool empty() const _GLIBCXX_NOEXCEPT { return n == 0; }\n"
        "  void __init() {}\n  int size() const { return (int) MAX_SIZE; }\n};\n}\n")
    for name in ("operator bool", "operator std::string", "begin", "BFloat", "empty", "__init", "size"):
        assert f"method Optional.{name}" in syms, (name, sorted(syms))
    assert not any("GLIBCXX" in k or "LLVM_" in k for k in syms)
