"""A Go local bound to a call that returns another package's namesake type (`r := s.Require()` with Require
returning `*require.Assertions`) is not the receiver type of assert's Assertions: testify run 386 found
`r.Equal(1, 2)` among the callers of both packages' `(*Assertions).Equal`."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "go.mod": "module example.com/t\n\ngo 1.13\n",
    "assert/a.go": ("package assert\n\ntype Assertions struct {\n\tt int\n}\n\n"
                    "func (a *Assertions) Equal(x, y int) bool { return x == y }\n"),
    "require/r.go": ("package require\n\ntype Assertions struct {\n\tt int\n}\n\n"
                     "func (a *Assertions) Equal(x, y int) { _ = x == y }\n"),
    "suite/suite.go": ("package suite\n\nimport (\n\t\"example.com/t/assert\"\n\t\"example.com/t/require\"\n)\n\n"
                       "type Suite struct {\n\t*assert.Assertions\n\trequire *require.Assertions\n}\n\n"
                       "func (suite *Suite) Require() *require.Assertions {\n\treturn suite.require\n}\n\n"
                       "type Twice struct{ Suite }\n\n"
                       "func (s *Twice) TestOne() {\n\tr := s.Require()\n\tr.Equal(1, 2)\n}\n\n"
                       "func (s *Twice) TestTwo() {\n\ts.Equal(1, 2)\n}\n\n"
                       "func check(r *require.Assertions) {\n\tr.Equal(3, 4)\n}\n"),
}


def test_a_local_holding_another_packages_namesake_is_not_a_caller(tmp_path):
    served = served_tree(tmp_path / "t", TREE)
    a = served.call("find_related", symbol="Assertions.Equal", relation="callers", path="assert/a.go")
    assert not a.is_error, a.text
    assert {i["qualname"] for i in a.data["items"]} == {"Twice.TestTwo"}, a.text
    r = served.call("find_related", symbol="Assertions.Equal", relation="callers", path="require/r.go")
    assert {i["qualname"] for i in r.data["items"]} == {"Twice.TestOne", "check"}, r.text
