"""`kind=type` asks for any type: a Go struct or interface is declared `type X struct`, and testify run 386 was told
its struct was "a struct, not a type"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ("package suite\n\ntype Suite struct {\n\tname string\n}\n\ntype TestingSuite interface {\n\tT() int\n}\n\n"
       "type Level int\n\nfunc Run() {}\n")


def test_kind_type_lists_structs_interfaces_and_named_types(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module x\n\ngo 1.21\n", "suite/suite.go": SRC})
    for name in ("Suite", "TestingSuite", "Level"):
        a = served.call("search_symbol", query=name, kind="type")
        assert not a.is_error, a.text
        assert "suite/suite.go" in a.text and "not a type" not in a.text, a.text
    a = served.call("search_symbol", query="Run", kind="type")
    assert "Run" in a.text and "not a type" in a.text, a.text
