"""Go callees: a method calling itself on its receiver (`p.Next()` inside `func (p *ParseContext) Next()`) is the
recursion, and a local bound by a type assertion in an `else if` (`} else if fb, ok := v.(boolFlag); ok &&
fb.IsBoolFlag()`) has the asserted type: kingpin run 398 found both among the unresolved."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ("package k\n\ntype boolFlag interface {\n\tIsBoolFlag() bool\n}\n\n"  # 1-6
       "type flag struct {\n\tvalue interface{}\n}\n\n"  # 7-10
       "type ParseContext struct {\n\targs []string\n\tflag *flag\n}\n\n"  # 11-15
       "func (p *ParseContext) Next() string {\n"  # 16
       "\tif len(p.args) == 0 {\n\t\treturn \"\"\n\t}\n"  # 17-19
       "\tif p.flag == nil {\n\t\treturn p.Next()\n"  # 20-21
       "\t} else if fb, ok := p.flag.value.(boolFlag); ok && fb.IsBoolFlag() {\n\t\treturn \"bool\"\n\t}\n"  # 22-24
       "\treturn p.args[0]\n}\n")  # 25-26


def test_own_receiver_recursion_and_asserted_locals_resolve(tmp_path):
    served = served_tree(tmp_path / "k", {"go.mod": "module example.com/k\n\ngo 1.20\n", "p.go": SRC})
    a = served.call("find_related", symbol="ParseContext.Next", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i for i in a.data["items"]}
    assert rows.get("ParseContext.Next", {}).get("lines") == [21] and rows["ParseContext.Next"]["how"] == "recursive", a.text
    assert rows.get("boolFlag.IsBoolFlag", {}).get("lines") == [22], a.text
    assert "unresolved" not in a.text, a.text
