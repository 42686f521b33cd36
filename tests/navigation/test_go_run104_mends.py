"""What the testify (Go) A/B run 104 stumbled on: `bytes.Equal(..)` and `require.Equal(..)` listed as callers of
assert.Equal, and `suite.Run(..)` (a method on a value named like its package) as a caller of suite.Run; calls of
`Mock.Called` through a struct embedding `Mock` (also a one-line `type timer struct{ Mock }`) left out as another
type's; `matcher.Matches(..)` unresolved after `matcher, ok := expected.(argumentMatcher)`; the uses view crediting
`importer.Imports()` (a local shadowing go/importer) to the package."""

from __future__ import annotations

from tests.conftest import grouped_hits
from tests.navigation.conftest import served_tree

_FILES = {
    "go.mod": "module github.com/x/testify\n\ngo 1.13\n",
    "assert/assertions.go": ("package assert\n\nimport \"bytes\"\n\nfunc Equal(t int, a, b interface{}) bool {\n"
                             "\treturn bytes.Equal(nil, nil)\n}\n\nfunc Exactly(t int) bool {\n\treturn Equal(t, 1, 1)\n}\n"),
    "require/require.go": ("package require\n\nimport assert \"github.com/x/testify/assert\"\n\n"
                           "func Equal(t int, a, b interface{}) {\n\tif assert.Equal(t, a, b) {\n\t\treturn\n\t}\n}\n"),
    "mock/mock.go": ("package mock\n\nimport \"github.com/x/testify/require\"\n\ntype Mock struct{}\n\n"
                     "func (m *Mock) Called(args ...interface{}) int { return 0 }\n\n"
                     "type argumentMatcher struct{}\n\nfunc (f argumentMatcher) Matches(x interface{}) bool { return true }\n\n"
                     "func Diff(expected interface{}) bool {\n\tif matcher, ok := expected.(argumentMatcher); ok {\n"
                     "\t\treturn matcher.Matches(1)\n\t}\n\trequire.Equal(1, 2, 3)\n\treturn false\n}\n\n"
                     "type timer struct{ Mock }\n\nfunc (s *timer) GetTime(i int) int {\n\treturn s.Called(i)\n}\n\n"
                     "type Impl struct {\n\tMock\n}\n\nfunc (i *Impl) Method() int {\n\treturn i.Called()\n}\n"),
    "suite/suite.go": ("package suite\n\ntype Suite struct{}\n\nfunc (suite *Suite) Run(name string) bool { return true }\n\n"
                       "func Run(t int, s interface{}) {}\n\nfunc (suite *Suite) Sub() {\n\tsuite.Run(\"x\")\n}\n\n"
                       "func Top() {\n\tRun(1, nil)\n}\n"),
    "gen/main.go": ("package main\n\nimport (\n\t\"go/importer\"\n\n\timports \"github.com/ernesto-jimenez/gogen/imports\"\n)\n\n"
                    "func main() {\n\timporter := imports.New(\"x\")\n\timporter.Imports()\n\t_ = importer.For\n}\n\n"
                    "func other() {\n\t_ = importer.For(\"gc\", nil)\n}\n"),
}


def test_go_package_qualified_calls_embedding_and_type_assertions(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    c = served.call("find_related", symbol="Equal", path="assert/assertions.go", relation="callers")
    rows = {(i["path"], i["qualname"]) for i in c.data["items"]}
    assert ("require/require.go", "Equal") in rows and ("assert/assertions.go", "Exactly") in rows, c.text
    assert not any(p == "mock/mock.go" for p, _ in rows), c.text  # `require.Equal(1, 2, 3)` is require's
    assert ("assert/assertions.go", "Equal") not in rows, c.text  # `bytes.Equal(nil, nil)` is the bytes package's
    r = served.call("find_related", symbol="Run", path="suite/suite.go:7", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("Top", [14])], r.text
    m = served.call("find_related", symbol="Mock.Called", relation="callers")
    assert {i["qualname"] for i in m.data["items"]} >= {"timer.GetTime", "Impl.Method"}, m.text
    assert "name only" not in m.text, m.text
    k = served.call("find_related", symbol="Diff", relation="callees")
    assert "argumentMatcher.Matches" in {i["qualname"] for i in k.data["items"]}, k.text
    u = served.call("list_dependencies", path="gen/main.go", view="uses")
    row = next(ln for ln in u.text.splitlines() if "go/importer" in ln)
    assert "importer.Imports" not in row and row.endswith("importer.For at 16"), u.text  # line 12 is the local


def test_references_of_several_names_list_a_shared_line_once(tmp_path):
    files = {"go.mod": "module x\n",
             "c.go": ("package c\n\ntype CompareType int\n\nconst (\n\tcompareLess CompareType = iota - 1\n\tcompareEqual\n"
                      "\tcompareGreater\n)\n\nvar all = []CompareType{compareLess, compareEqual, compareGreater}\n")}
    served = served_tree(tmp_path / "r", files)
    s = served.call("search_symbol", query="compareLess, compareEqual, compareGreater", references=True)
    assert [(path, n) for path, n, _ in grouped_hits(s.text)].count(("c.go", 11)) == 1, s.text  # was three rows, one per name


def test_a_local_made_by_new_is_of_that_type(tmp_path):
    files = {"go.mod": "module x\n",
             "m.go": ("package m\n\ntype Mock struct{}\n\nfunc (m *Mock) Called() int { return 0 }\n\n"
                      "type Impl struct{ Mock }\n\ntype Other struct{}\n\nfunc (o *Other) Called() int { return 1 }\n\n"
                      "func use() int {\n\tsvc := new(Impl)\n\treturn svc.Called()\n}\n")}
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="Mock.Called", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("use", [15])], c.text
    assert "name only" not in c.text, c.text  # was "receiver's type unknown" (testify run 106)


def test_callers_with_depth_list_the_deeper_callers_before_test_functions(tmp_path, monkeypatch):
    from contexteer.indexers import graph

    monkeypatch.setattr(graph, "MAX_NODES", 4)
    tests = "".join(f"func TestF{i}(t *testing.T) {{\n\tF()\n}}\n\n" for i in range(5))
    files = {"go.mod": "module x\n",
             "f.go": "package f\n\nfunc F() int { return 1 }\n\nfunc G() int {\n\treturn F()\n}\n\nfunc H() int {\n\treturn G()\n}\n",
             "f_test.go": "package f\n\nimport \"testing\"\n\n" + tests}
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="F", relation="callers", depth=2)
    names = [i["qualname"] for i in c.data["items"]]
    assert names[:2] == ["G", "H"], c.text  # the wrapper's caller before the five tests (which filled the answer)


def test_a_go_module_in_a_subfolder_keeps_its_importers_calls(tmp_path):
    files = {"go/go.mod": "module github.com/org/foo-go\n\ngo 1.20\n",
             "go/pkg/f.go": "package pkg\n\nfunc F() int { return 1 }\n",
             "go/cmd/main.go": ("package main\n\nimport (\n\t\"bytes\"\n\n\t\"github.com/org/foo-go/pkg\"\n)\n\n"
                                "func main() {\n\t_ = pkg.F()\n\t_ = bytes.F()\n}\n")}
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="F", relation="callers")
    assert [(i["path"], i["lines"]) for i in c.data["items"]] == [("go/cmd/main.go", [10])], c.text
