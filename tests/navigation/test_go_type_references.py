"""A Go type's references include type assertions, type switch cases, results and element types: kingpin run 398
got "no references found in the index" for an interface used only in two `x.(actionApplier)` assertions."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

APP = ("package k\n\ntype actionApplier interface {\n\tapply() error\n}\n\n"  # 1-6
       "func run(xs []interface{}) error {\n"  # 7
       "\tfor _, x := range xs {\n"  # 8
       "\t\tif a, ok := x.(actionApplier); ok {\n\t\t\t_ = a.apply()\n\t\t}\n"  # 9-11
       "\t\tswitch x.(type) {\n\t\tcase actionApplier:\n\t\t}\n"  # 12-14
       "\t}\n\treturn nil\n}\n\n"  # 15-18
       "func all() []actionApplier { return nil }\n\n"  # 19
       "func one() actionApplier { return nil }\n")  # 21


def test_assertions_cases_results_and_elements_are_references(tmp_path):
    served = served_tree(tmp_path / "k", {"go.mod": "module example.com/k\n\ngo 1.20\n", "app.go": APP})
    a = served.call("search_symbol", query="actionApplier", references=True)
    assert not a.is_error, a.text
    indexed = {r["line"] for r in a.data["references"] if r["kind"] != "use"}  # not whole-word text matches
    assert {9, 13, 19, 21} <= indexed, a.text
