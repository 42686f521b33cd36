"""memberlist A/B run 223: a search's 163 hits were 139 in state_test.go and 24 in the code; its overview was a table
by file, which the agent fetched again for the code's lines. When test files hold most hits, the code's hits are
shown whole if they fit, and the tests are summed in one line with the glob that leaves them out."""

from __future__ import annotations

import re

from tests.navigation.conftest import served_tree


def _tree(code_hits: int) -> dict[str, str]:
    body = "".join(f"func TestAlive{i}(t *testing.T) {{\n\tm.aliveNode(&a{i}, nil, false)\n}}\n\n" for i in range(160))
    code = "".join(f"func (m *Memberlist) merge{i}() {{\n\tm.aliveNode(&a, nil, false)\n}}\n\n" for i in range(code_hits))
    return {"go.mod": "module example.com/m\n\ngo 1.21\n",
            "state.go": "package m\n\nfunc (m *Memberlist) aliveNode(a *alive, n chan struct{}, b bool) {\n}\n\n" + code,
            "state_test.go": "package m\n\nimport \"testing\"\n\n" + body}


def test_a_search_mostly_in_tests_shows_every_code_hit_and_sums_the_tests(tmp_path):
    r = served_tree(tmp_path / "r", _tree(6)).call("search_text", pattern="aliveNode(")
    assert r.text.startswith("[overview"), r.text[:300]
    assert "(6 outside tests, every one shown)" in r.text.splitlines()[0] or "7 outside tests" in r.text, r.text[:400]
    assert "state.go\n" in r.text and "m.aliveNode(&a, nil, false)  — in Memberlist.merge5" in r.text, r.text
    assert "tests: 160 hits in 1 file (state_test.go 160); glob='!*_test.go' leaves them out" in r.text, r.text
    assert "TestAlive" not in r.text, r.text  # no test hit listed


def test_too_many_code_hits_show_the_first_code_hits_with_the_tests_last(tmp_path):
    # (the overview of a search over a few code files lists their first hits, not a one-row table: serde run 316,
    # Django run 329)
    r = served_tree(tmp_path / "r", _tree(150)).call("search_text", pattern="aliveNode(")
    lines = r.text.splitlines()
    assert lines[1] == "state.go (151 hits)" and "state_test.go" not in r.text.split("tests:")[0], r.text
    assert re.search(r"… \d+ more hits \(result lines \d+-\d+\) …", r.text), r.text
    assert [n for n, line in enumerate(lines) if line.startswith("tests: 160 hits in 1 file")] == [lines.index("[311 matching lines in 2 files]") - 1], r.text


def test_a_search_hit_inside_if_groups_says_under_which(tmp_path):
    # Json.NET run 228: which of IsNullable's calls are compiled everywhere took a search of the #if lines
    files = {"Src/Conv.cs": (
        "namespace N\n{\n    public static class Conv\n    {\n"
        "#if !(NETFX_CORE || PORTABLE)\n        public static bool A(object t)\n        {\n            return Util.IsNullable(t);\n        }\n#endif\n"
        "        public static bool B(object t)\n        {\n#if DEBUG\n            Util.IsNullable(t);\n#endif\n"
        "            return Util.IsNullable(t);\n        }\n    }\n}\n")}
    r = served_tree(tmp_path / "r", files).call("search_text", pattern="Util.IsNullable(")
    assert ("Src/Conv.cs\n  8: return Util.IsNullable(t);  — in Conv.A 6-9 (only #if !(NETFX_CORE || PORTABLE))\n"
            "  14: Util.IsNullable(t);  — in Conv.B 11-17 (only #if DEBUG)\n"
            "  16: return Util.IsNullable(t);  — in Conv.B 11-17\n") in r.text, r.text


def test_a_regex_with_look_around_or_a_backreference_runs(tmp_path):
    # expo run 236: `(?<!CppType\.)\bNULLABLE\b` failed as "look-around ... is not supported"; ripgrep's PCRE2 runs it
    files = {"a.kt": "val x = CppType.NULLABLE\nval y = NULLABLE\nval z = aaa\n"}
    s = served_tree(tmp_path / "r", files)
    a = s.call("search_text", pattern=r"(?<!CppType\.)\bNULLABLE\b", regex=True)
    assert not a.is_error and "2: val y = NULLABLE" in a.text and "1: val x" not in a.text, a.text
    b = s.call("search_text", pattern=r"(\w)\1\1", regex=True)
    assert not b.is_error and "3: val z = aaa" in b.text, b.text
