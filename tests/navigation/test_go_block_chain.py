"""What is at a line inside Go closures names the blocks around it, not only the func literals: testify run 386 read
suite.go:153 as "in deferred func literal 144-162, in func literal 140-176, in function Run" and read the whole
function for the `if`, the composite literal and the `for` around it."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SUITE = ("package suite\n\nimport \"testing\"\n\ntype AfterTest interface {\n\tAfterTest(s, m string)\n}\n\n"  # 1-8
         "func Run(t *testing.T, suite interface{}) {\n"  # 9
         "\tfor i := 0; i < 3; i++ {\n"  # 10
         "\t\ttest := testing.InternalTest{\n"  # 11
         "\t\t\tName: \"x\",\n"  # 12
         "\t\t\tF: func(t *testing.T) {\n"  # 13
         "\t\t\t\tdefer func() {\n"  # 14
         "\t\t\t\t\tif after, ok := suite.(AfterTest); ok {\n"  # 15
         "\t\t\t\t\t\tafter.AfterTest(\"s\", \"m\")\n"  # 16
         "\t\t\t\t\t}\n\t\t\t\t}()\n\t\t\t},\n\t\t}\n\t\t_ = test\n\t}\n}\n")


def test_a_line_inside_go_closures_names_its_blocks(tmp_path):
    served = served_tree(tmp_path / "g", {"go.mod": "module example.com/s\n\ngo 1.13\n", "suite/suite.go": SUITE})
    a = served.call("read_code_range", path="suite/suite.go:16")
    assert not a.is_error, a.text
    assert "func literal" in a.text, a.text
    inside = next((ln for ln in a.text.splitlines() if ln.startswith("inside: ")), "")
    for block in ("10-22 for i := 0; i < 3; i++ {", "11-20 test := testing.InternalTest{", "15-17 if after, ok"):
        assert block in inside, a.text
