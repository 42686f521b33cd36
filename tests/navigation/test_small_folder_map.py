"""A map of a folder of a few files lists its private definitions too when they fit: testify's `_codegen` (a `package
main`) had been mapped as "25 symbols" over one type's exported methods, `main` and its helpers unsaid."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

MAIN = ("package main\n\nimport \"fmt\"\n\ntype testFunc struct {\n\tName string\n}\n\n"
        "func (f *testFunc) Params() string { return f.Name }\n\n"
        "func main() {\n\tfmt.Println(generate())\n}\n\n"
        "func generate() string { return parse().Params() }\n\n"
        "func parse() *testFunc { return &testFunc{Name: \"x\"} }\n")


def test_a_small_folder_map_lists_its_private_functions(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/r\n\ngo 1.20\n", "_codegen/main.go": MAIN})
    a = served.call("get_structured_index", path="_codegen")
    assert not a.is_error, a.text
    for shown in ("func main()", "func generate() string", "func parse() *testFunc", "Params() string"):
        assert shown in a.text, a.text
    asked = served.call("get_structured_index", path="_codegen", include_private=False)
    assert "func main()" not in asked.text and "Params() string" in asked.text, asked.text
