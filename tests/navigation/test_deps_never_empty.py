"""A dependencies answer is never empty: kingpin run 398 asked a one-package Go project's dependencies with
external=false twice and got no text at all."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "go.mod": "module example.com/k\n\ngo 1.20\n",
    "app.go": "package k\n\nimport \"fmt\"\n\nfunc Hello() { fmt.Println(\"x\") }\n",
    "cmd.go": "package k\n\nimport \"strings\"\n\nfunc Up(s string) string { return strings.ToUpper(s) }\n",
}


def test_a_project_without_inner_imports_says_so(tmp_path):
    a = served_tree(tmp_path / "k", TREE).call("list_dependencies", path=".", external=False)
    assert not a.is_error, a.text
    assert "no imports between its own files or packages" in a.text and "external=true" in a.text, a.text
