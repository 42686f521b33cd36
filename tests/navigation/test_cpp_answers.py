"""What the C++ A/B agent (run 18, googletest 1.12.1) stumbled on: its `.h` headers were parsed as C, so
`TestEventListener` had no definition and no implementations; export and annotation macros (`class GTEST_API_ Test`,
`GTEST_API_ Foo* GetFoo();`, `void f() GTEST_LOCK_EXCLUDED_(mu);`, `} GTEST_ATTRIBUTE_UNUSED_;`) read as names, so a
call sat "in GTEST_EXCLUSIVE_LOCK_REQUIRED_" or at the top level; the C repair of GNU ranges turned `typename...
Ts` into `typename | Ts`; in-class methods returning a pointer were not indexed (`TestSuite* GetTestSuite(...)`);
an overload was named `Expect(bool, const, int)`."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "include/gtest/port.h": (
        "#ifndef PORT_H_\n#define PORT_H_\n#define GTEST_API_ __attribute__((visibility(\"default\")))\n"
        "#define GTEST_LOCK_EXCLUDED_(locks)\n#define GTEST_EXCLUSIVE_LOCK_REQUIRED_(locks)\n#define GTEST_ATTRIBUTE_UNUSED_\n"
        "#endif\n"),
    "include/gtest/gtest.h": (
        "#include \"gtest/port.h\"\n#include <string>\n\nnamespace testing {\n\n"
        "class TestEventListener {\n public:\n  virtual ~TestEventListener() {}\n  virtual void OnTestStart() = 0;\n};\n\n"
        "class GTEST_API_ EmptyTestEventListener : public TestEventListener {\n public:\n  void OnTestStart() override {}\n};\n\n"
        "class TestSuite;\n\n"
        "class GTEST_API_ UnitTestImpl {\n public:\n"
        "  const TestSuite* GetTestSuite(int i) const {\n    const int index = i;\n    return index < 0 ? nullptr : suites_[index];\n  }\n"
        "  TestSuite* GetTestSuite(const char* name,\n                         const char* type_param);\n"
        "  std::string CurrentStackTrace(int skip)\n      GTEST_LOCK_EXCLUDED_(mutex_);\n"
        "  void Clear() GTEST_EXCLUSIVE_LOCK_REQUIRED_(mutex_);\n"
        "  TestSuite** suites_;\n};\n\n"
        "class FlagSaver {\n public:\n  FlagSaver() {}\n} GTEST_ATTRIBUTE_UNUSED_;\n\n"
        "template <typename... Ts>\nclass ValueArray {\n public:\n  explicit ValueArray(Ts... v) {}\n"
        "  int size() const { return sizeof...(Ts); }\n};\n\n"
        "GTEST_API_ TestEventListener* GetDefaultListener();\n\n"
        "}  // namespace testing\n"),
    "src/gtest.cc": (
        "#include \"gtest/gtest.h\"\n\nnamespace testing {\n\n"
        "class PrettyPrinter : public EmptyTestEventListener {\n public:\n  void OnTestStart() override {}\n};\n\n"
        "void Expect(bool condition, const char* file, int line, const std::string& msg) {}\n"
        "void Expect(bool condition, const char* file, int line) { Expect(condition, file, line, \"failed\"); }\n\n"
        "TestSuite* UnitTestImpl::GetTestSuite(const char* name, const char* type_param) {\n  return nullptr;\n}\n\n"
        "void UnitTestImpl::Clear() {\n  Expect(false, __FILE__, __LINE__, \"cleared\");\n}\n\n"
        "}  // namespace testing\n"),
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_a_header_named_dot_h_that_holds_cpp_is_cpp_and_its_classes_have_subtypes(tmp_path: Path):
    s = _served(tmp_path)
    a = s.call("find_related", symbol="TestEventListener", relation="implementations")
    assert not a.is_error, a.text
    assert "include/gtest/gtest.h:12-15 class EmptyTestEventListener" in a.text
    assert "src/gtest.cc:5-8 class PrettyPrinter" in a.text  # through EmptyTestEventListener, whose header has GTEST_API_


def test_export_and_lock_annotation_macros_are_no_names(tmp_path: Path):
    s = _served(tmp_path)
    outline = s.call("get_structured_index", path="include/gtest/gtest.h").text
    assert "GTEST_API_" not in outline.replace("class GTEST_API_", "class"), outline  # no symbol is named after it
    assert "GTEST_ATTRIBUTE_UNUSED_" not in outline and "class FlagSaver" in outline
    assert "CurrentStackTrace" in outline and "Clear" in outline and "GetDefaultListener" in outline
    callers = s.call("find_related", symbol="Expect", relation="callers", path="src/gtest.cc:10").text
    assert "src/gtest.cc:18 in UnitTestImpl.Clear (17-19)" in flat(callers), callers
    assert "GTEST_EXCLUSIVE_LOCK_REQUIRED_" not in callers


def test_parameter_packs_are_not_read_as_ranges(tmp_path: Path):
    s = _served(tmp_path)
    outline = s.call("get_structured_index", path="include/gtest/gtest.h").text
    assert "class ValueArray" in outline and "size" in outline
    assert "has syntax errors" not in outline, outline


def test_in_class_methods_returning_pointers_are_indexed_with_their_declarations(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("search_symbol", query="GetTestSuite").text
    assert "include/gtest/gtest.h:21-24 method UnitTestImpl.GetTestSuite — const TestSuite* GetTestSuite(int i) const" in text
    assert "include/gtest/gtest.h:25-26 method UnitTestImpl.GetTestSuite" in text  # the declaration
    assert "src/gtest.cc:13-15 method UnitTestImpl.GetTestSuite" in text  # and its definition
    assert "index" not in text
    assert "under another #if" not in text  # C++ overloads are overloads, in a .h as in a .cc


def test_a_cpp_overload_is_named_by_its_parameter_types(tmp_path: Path):
    s = _served(tmp_path)
    a = s.call("find_related", symbol="Expect", relation="callers", path="src/gtest.cc")
    assert 'symbol="Expect(bool, char*, int)"' in a.text or 'symbol="Expect(bool, char*, int, std::string&)"' in a.text, a.text


def test_includes_say_under_which_conditions_they_are_read(tmp_path: Path):
    s = served_tree(tmp_path, {
        "src/filepath.h": "#ifndef FILEPATH_H_\n#define FILEPATH_H_\nclass FilePath {};\n#endif  // FILEPATH_H_\n",
        "src/filepath.cc": (
            "#include \"src/filepath.h\"\n\n#include <stdlib.h>\n\n#if GTEST_OS_WINDOWS_MOBILE\n#include <windows.h>\n"
            "#elif GTEST_OS_WINDOWS  // desktop\n#include <direct.h>\n#else\n#include <limits.h>\n#endif\n"),
    })
    text = s.call("list_dependencies", path="src/filepath.cc").text
    assert "stdlib.h  [system header]\n" in text, text  # read always: no condition
    assert "windows.h  [system header] (only #if GTEST_OS_WINDOWS_MOBILE)" in text
    assert "direct.h  [system header] (only #elif GTEST_OS_WINDOWS)" in text
    assert "limits.h  [system header] (only #else of #if GTEST_OS_WINDOWS_MOBILE / #elif GTEST_OS_WINDOWS)" in text
    header = s.call("list_dependencies", path="src/filepath.h").text
    assert "only" not in header  # its include guard is no condition


def test_a_constant_made_of_other_constants_shows_their_values(tmp_path: Path):
    s = served_tree(tmp_path, {
        "port.h": "#define GTEST_NAME_ \"Google Test\"\n#define BASE_FLAGS 0x10\n#define ALL_FLAGS (BASE_FLAGS | 0x1)\n",
        "marker.cc": ("#include \"port.h\"\nclass Getter {\n  static const char* const kMarker;\n};\n"
                      "const char* const Getter::kMarker =\n    \"... \" GTEST_NAME_ \" internal frames ...\";\n"),
        "limits.py": "DEFAULT = 30\nTIMEOUT = DEFAULT * 2 + EXTRA\n",
    })
    text = s.call("search_symbol", query="kMarker").text
    assert 'marker.cc:5-6 ' in text and 'Getter.kMarker' in text and '(GTEST_NAME_ = "Google Test", port.h:1)' in text, text
    assert "(BASE_FLAGS = 0x10, port.h:2; in all = 17 = 0x11)" in s.call("search_symbol", query="ALL_FLAGS").text
    assert "(DEFAULT = 30, limits.py:1)" in s.call("search_symbol", query="TIMEOUT").text  # EXTRA is no definition


def test_an_override_declared_in_its_class_says_where_its_body_is(tmp_path: Path):
    s = served_tree(tmp_path, {
        "reporter.h": ("class Reporter {\n public:\n  virtual void Report(const char* what) = 0;\n};\n\n"
                       "class FakeReporter : public Reporter {\n public:\n  void Report(const char* what) override;\n"
                       "  void Report(int code);\n};\n\nclass Inline : public Reporter {\n public:\n"
                       "  void Report(const char* what) override {}\n};\n"),
        "reporter.cc": ("#include \"reporter.h\"\n\nvoid FakeReporter::Report(int code) {}\n\n"
                        "void FakeReporter::Report(const char* what) {\n  (void)what;\n}\n"),
    })
    text = s.call("find_related", symbol="Reporter.Report", relation="implementations").text
    assert "reporter.h:8-8 method FakeReporter.Report (defined at reporter.cc:5-7)" in flat(text), text  # the overload that matches
    assert "reporter.h:14-14 method Inline.Report\n" in flat(text) + "\n"  # defined where it is declared


def test_a_class_template_specialization_owns_its_methods(tmp_path: Path):
    s = served_tree(tmp_path, {"actions.h": (
        "template <typename F>\nclass Action;\n\ntemplate <typename R, typename... Args>\nclass Action<R(Args...)> {\n"
        " public:\n  R Perform(int args) const {\n    if (IsDoDefault()) {\n      IllegalDoDefault(__FILE__, __LINE__);\n"
        "    }\n    return R();\n  }\n  bool IsDoDefault() const { return true; }\n};\n\n"
        "void IllegalDoDefault(const char* file, int line) {}\n")})
    text = s.call("find_related", symbol="IllegalDoDefault", relation="callers").text
    assert "actions.h:9 in Action.Perform (7-12)" in text, text


def test_an_overload_is_picked_by_loosely_written_parameter_types(tmp_path: Path):
    s = served_tree(tmp_path, {"utils.h": (
        "#include <string>\ninline void Assert(bool condition, const char* file, int line, const std::string& msg) {\n"
        "  Fail(msg);\n}\ninline void Assert(bool condition, const char* file, int line) {\n"
        "  Assert(condition, file, line, \"failed\");\n}\nvoid Fail(const std::string& msg) {}\n")})
    a = s.call("find_related", symbol="Assert(bool, char*, int, string)", relation="callees")
    assert not a.is_error, a.text
    assert "Fail utils.h:8-8 called at 3" in a.text, a.text


def test_a_cpp_files_includes_keep_their_lines_in_the_file_view_too(tmp_path: Path):
    s = served_tree(tmp_path, {"a.cc": "#include <stdlib.h>\n#ifdef _WIN32\n#include <io.h>\n#endif\n"})
    text = s.call("list_dependencies", path="a.cc", view="file").text
    assert "3: io.h  [system header] (only #ifdef _WIN32)" in text, text


def test_a_name_not_found_while_the_index_builds_says_so(tmp_path: Path):
    import pytest

    from contexteer.config import load_config
    from contexteer.errors import NotFoundError
    from contexteer.navigation.relations import related
    from contexteer.navigation.service import NavigationService
    from contexteer.server.services import open_index
    from contexteer.workspace import Workspace

    (tmp_path / "a.cc").write_text("void f() {}\n")
    loaded = load_config(root=tmp_path, overrides={}, use_user_config=False)
    nav = NavigationService(Workspace(tmp_path, loaded.settings), loaded.settings, open_index)
    try:
        nav.ready(None)
        with pytest.raises(NotFoundError) as err:
            related(nav, "folio_mark_accessed", None, "callers", None, "index 46% built (5939/12828 files)")
        assert "no definition named 'folio_mark_accessed'" in str(err.value) and "46% built" in str(err.value)
    finally:
        nav.close()


def test_namespace_qualified_names_find_and_resolve_definitions(tmp_path):
    # googletest run 56: `testing::TestEventListener` named no definition (the hint said to retry the same form), and
    # IllegalDoDefault's `internal::Assert(...)` was "not defined in the repository"
    from tests.navigation.conftest import served_tree

    s = served_tree(tmp_path, {
        "googletest/include/gtest/gtest.h": (
            "namespace testing {\n\nclass TestEventListener {\n public:\n  virtual ~TestEventListener() {}\n};\n\n"
            "class EmptyTestEventListener : public TestEventListener {\n};\n\n}  // namespace testing\n"),
        "googlemock/include/gmock/internal/gmock-internal-utils.h": (
            "namespace testing {\nnamespace internal {\n\n"
            "inline void Assert(bool condition, const char* file, int line, const std::string& msg) {\n"
            "  if (!condition) {\n    abort();\n  }\n}\n\n"
            "void IllegalDoDefault(const char* file, int line);\n\n}  // namespace internal\n}  // namespace testing\n"),
        "googlemock/src/gmock-internal-utils.cc": (
            "#include \"gmock/internal/gmock-internal-utils.h\"\n\nnamespace testing {\nnamespace internal {\n\n"
            "void IllegalDoDefault(const char* file, int line) {\n  internal::Assert(false, file, line, \"no\");\n}\n\n"
            "}  // namespace internal\n}  // namespace testing\n")})
    impls = s.call("find_related", symbol="testing::TestEventListener", relation="implementations").text
    assert "googletest/include/gtest/gtest.h:8-9 class EmptyTestEventListener" in impls, impls
    assert "no definition" in s.call("search_symbol", query="other::TestEventListener").text
    callees = s.call("find_related", symbol="IllegalDoDefault", relation="callees").text
    assert "Assert googlemock/include/gmock/internal/gmock-internal-utils.h:4-8 called at 7" in callees, callees
    assert "all by namespace" in callees


def test_a_macro_over_continued_lines_is_shown_whole(tmp_path):
    # googletest run 56: `#define GTEST_CHECK_(condition) \` and a read more for what it expands to
    from tests.navigation.conftest import served_tree

    s = served_tree(tmp_path, {"include/gtest/internal/gtest-port.h": (
        "#define GTEST_CHECK_(condition)               \\\n"
        "  GTEST_AMBIGUOUS_ELSE_BLOCKER_               \\\n"
        "  if (::testing::internal::IsTrue(condition)) \\\n"
        "    ;                                         \\\n"
        "  else                                        \\\n"
        "    GTEST_LOG_(FATAL) << \"Condition \" #condition \" failed. \"\n")})
    text = s.call("search_symbol", query="GTEST_CHECK_").text
    assert "— #define GTEST_CHECK_(condition) GTEST_AMBIGUOUS_ELSE_BLOCKER_ if (::testing::internal::IsTrue(condition)); " \
           "else GTEST_LOG_(FATAL) << \"Condition \" #condition \" failed. \"" in text, text


def test_a_namespace_qualified_call_is_not_a_global_function_of_that_name(tmp_path):
    # review: `internal::Assert(x)` resolved to a global Assert because the file opened a `namespace internal` elsewhere
    from tests.navigation.conftest import served_tree

    s = served_tree(tmp_path, {
        "a.h": "namespace internal {\nvoid Helper();\n}\n\nvoid Assert(bool ok) {\n}\n",
        "b.cc": "#include \"a.h\"\n\nvoid Run() {\n  internal::Assert(true);\n}\n"})
    text = s.call("find_related", symbol="Run", relation="callees").text
    assert "a.h:5-6" not in text and "internal.Assert" in text, text
