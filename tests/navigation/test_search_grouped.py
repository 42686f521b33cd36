"""Search hits as the model reads them: a file's path once with its hits below it, the definition a run of hits sits
in once above them, and the same grouping when a cut search is fetched back (by range or by pattern)."""

from __future__ import annotations

import json
import re

from contexteer.tokens import count_tokens
from tests.navigation.conftest import served_tree


def _module(n: int, calls: int) -> str:
    body = "".join(f"    total_{k} = compute_total_amount(first_argument, second_argument, {k})\n" for k in range(calls))
    return (f"def compute_{n}(first_argument, second_argument):\n{body}    return total_0\n\n\n"
            f"def other_{n}():\n    return compute_total_amount(1, 2, 3)\n")


def _cut_search(tmp_path, n_files: int, indexed: bool = False):
    """A served tree of n_files modules of 12 hits each, searched (once indexed, when asked: hits then name their
    function): the server and the cut search's handle."""
    served = served_tree(tmp_path / "r", {f"pkg/mod_{n:02d}.py": _module(n, 12) for n in range(n_files)})
    if indexed:
        assert f"compute_{n_files - 1}" in served.call("search_symbol", query=f"compute_{n_files - 1}").text
    a = served.call("search_text", pattern="compute_total_amount(first_argument")
    handle = re.search(r'fetch_result\(handle="(r-\w+)"', a.text)
    assert handle is not None, a.text
    return served, handle


def test_hits_name_their_file_once_and_a_run_in_one_function_names_it_once(tmp_path):
    served = served_tree(tmp_path / "r", {"calc.py": _module(1, 3), "util.py": "def compute_total_amount(a, b, c):\n    return a\n"})
    a = served.call("search_text", pattern="compute_total_amount(")
    assert not a.is_error, a.text
    lines = a.text.split("\n")
    assert lines.count("calc.py") == 1, a.text  # the path heads its hits, not every row
    assert not any(line.startswith("calc.py:") for line in lines), a.text
    at = lines.index("calc.py")
    assert lines[at + 1] == "  in compute_1 1-5:", a.text  # three hits in one function: its name once, above them
    assert lines[at + 2: at + 5] == [f"    {k + 2}: total_{k} = compute_total_amount(first_argument, second_argument, {k})"
                                     for k in range(3)], a.text
    assert lines[at + 5] == "  9: return compute_total_amount(1, 2, 3)  — in other_1 8-9", a.text  # one hit: inline
    assert "util.py\n  1: def compute_total_amount(a, b, c):" in a.text, a.text


def test_context_lines_stay_in_place_under_the_files_path(tmp_path):
    served = served_tree(tmp_path / "r", {"calc.py": _module(1, 1)})
    a = served.call("search_text", pattern="return total_0", context_lines=1)
    assert not a.is_error, a.text
    assert "calc.py\n  2-     total_0 = compute_total_amount(first_argument, second_argument, 0)\n  3:     return total_0" \
        in a.text, a.text


def test_a_cut_search_fetched_back_is_grouped_by_file_and_costs_less_than_its_rows(tmp_path):
    served, handle = _cut_search(tmp_path, 30, indexed=True)  # 360 hits: cut, kept under a handle
    got = served.call("fetch_result", handle=handle.group(1), start_line=1, end_line=24)
    assert not got.is_error, got.text
    lines = got.text.split("\n")
    assert lines[1:3] == ["pkg/mod_00.py", "  in compute_0 1-14:"], got.text
    assert "    2: total_0 = compute_total_amount(first_argument, second_argument, 0)" in lines, got.text
    assert lines.count("pkg/mod_01.py") == 1 and "    13: total_11 = compute_total_amount(first_argument, second_argument, 11)" \
        in lines, got.text
    assert sum(1 for line in lines if "mod_0" in line) == 2, got.text  # two files, each named once
    rows = [f"pkg/mod_{n:02d}.py:{k + 2}: total_{k} = compute_total_amount(first_argument, second_argument, {k})  — in "
            f"compute_{n} 1-14" for n in range(2) for k in range(12)]
    assert count_tokens(got.text) < 0.75 * count_tokens("\n".join(rows)), got.text
    assert got.data is not None and got.data["lines"][0]["text"].startswith("pkg/mod_00.py:2:")  # typed lines as stored
    # a pattern picks the stored rows (`path:line: text`) and shows them grouped the same way
    mine = served.call("fetch_result", handle=handle.group(1), pattern=r"^pkg/mod_07\.py:")
    assert not mine.is_error, mine.text
    assert "12 lines matching" in mine.text and "pkg/mod_07.py\n  in compute_7 1-14:\n    2: total_0 =" in mine.text, mine.text
    assert "mod_08" not in mine.text, mine.text


def test_a_fetch_too_large_for_one_answer_names_the_call_that_continues(tmp_path):
    served, handle = _cut_search(tmp_path, 60)
    got = served.call("fetch_result", handle=handle.group(1))
    assert not got.is_error, got.text
    more = re.search(r"… cut to fit one answer; continue with fetch_result\(handle=\"r-\w+\", start_line=(\d+)\)$", got.text)
    assert more is not None, got.text[-300:]
    assert count_tokens(got.text) <= 4096
    n = int(more.group(1))
    assert got.data is not None and got.data["end_line"] == n - 1 and got.data["complete"] is False
    rest = served.call("fetch_result", handle=handle.group(1), start_line=n)
    assert not rest.is_error and rest.text.startswith(f"[{handle.group(1)} lines {n}-"), rest.text[:200]
    assert f"pkg/mod_{(n - 1) // 12:02d}.py\n" in rest.text, rest.text[:200]  # it goes on at the row it named


def test_a_pattern_fetch_of_a_cut_search_tells_the_matching_rows_from_their_context(tmp_path):
    served, handle = _cut_search(tmp_path, 30)
    got = served.call("fetch_result", handle=handle.group(1), pattern=r"^pkg/mod_03\.py:7:", context_lines=1)
    assert not got.is_error, got.text
    assert "pkg/mod_03.py\n  6-     total_4 = " in got.text and "\n  7:     total_5 = " in got.text \
        and "\n  8-     total_6 = " in got.text, got.text


def test_a_grouped_fetch_keeps_its_typed_lines_within_one_answer_with_structured_output_on(tmp_path):
    served, handle = _cut_search(tmp_path, 60)  # structured output on (the test server's default)
    got = served.call("fetch_result", handle=handle.group(1))
    assert not got.is_error and got.data is not None, got.text[:300]
    assert "shaping" not in got.data, got.data.get("shaping")  # the typed page whole, not emptied for its size
    assert got.data["lines"] and got.data["lines"][-1]["line"] == got.data["end_line"], got.data["end_line"]
    assert got.data["next"] == f'fetch_result(handle="{handle.group(1)}", start_line={got.data["end_line"] + 1})'
    assert count_tokens(json.dumps(got.data, separators=(",", ":"))) <= 4096


def test_a_search_with_context_shows_every_hit_the_same_search_without_context_shows(tmp_path):
    # a review: 150 hits in one function passed whole without context, and with context_lines=1 came back as an
    # overview of one hit (every hit's note had been counted on every line, and the digest's frame held against it)
    body = "".join(f"    value_{k} = target_call(alpha, {k})\n    pass\n" for k in range(150))
    served = served_tree(tmp_path / "r", {"m.py": f"def a_rather_long_function_name_for_the_note(alpha):\n{body}"
                                                  "    return 1\n"})
    assert "a_rather_long" in served.call("search_symbol", query="a_rather_long_function_name_for_the_note").text
    bare = served.call("search_text", pattern="target_call(")
    near = served.call("search_text", pattern="target_call(", context_lines=1)
    shown = [set(re.findall(r"value_(\d+) = target_call", t.text)) for t in (bare, near)]
    assert len(shown[0]) == 150 and shown[1] == shown[0], (len(shown[1]), near.text[:400])
    assert "150 hits in 1 file (every hit shown;" in near.text.splitlines()[0] \
        or (near.meta or {}).get("tier") == "passthrough", near.text[:300]


def test_a_hit_in_a_block_comment_at_the_top_level_says_so(tmp_path):
    # memberlist A/B run 165: three test functions of state_test.go sit in a `/* .. */`; their hits had said nothing,
    # and the agent took them for functions the index had lost
    src = ("package x\n\nfunc Live() int {\n\treturn Marker\n}\n\n/*\nfunc Old() int {\n\treturn Marker\n}\n*/\n\n"
           "const Marker = 1\n")
    served = served_tree(tmp_path / "r", {"x.go": src})
    assert "Live" in served.call("search_symbol", query="Live").text
    a = served.call("search_text", pattern="return Marker")
    assert not a.is_error, a.text
    # (commented-out code: run 223's agent read the block to learn the label meant that)
    assert "x.go\n  4: return Marker  — in Live 3-5\n  9: return Marker  — in commented-out code /* 7-11 */" in a.text, a.text
    prose = served_tree(tmp_path / "p", {"y.go": "package y\n\n/*\nMarker is the value.\nSee Marker above.\n*/\n\nconst Marker = 1\n"})
    assert "in a comment 3-6" in prose.call("search_text", pattern="Marker is").text


def test_a_hit_in_a_doc_comment_s_example_is_no_commented_out_code(tmp_path):
    # regex run 268: the crate docs of lib.rs, a `/*! .. */` full of examples, were "in commented-out code /* 1-609 */"
    src = ("/*!\nUse it like this:\n\n```rust\nlet re = Regex::new(\"a\").unwrap();\nassert!(re.is_match(\"a\"));\n"
           "let m = re.find(\"a\");\n```\n*/\n\npub fn find() {}\n")
    served = served_tree(tmp_path / "r", {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n', "src/lib.rs": src})
    a = served.call("search_text", pattern="re.find(")
    assert "in a doc comment 1-9" in a.text and "commented-out" not in a.text, a.text


def test_a_hit_in_a_block_comment_inside_a_function_says_so_with_the_function(tmp_path):
    # MobX run 275: observableobject.ts:755, a message inside assertAnnotable's commented-out check, read as live
    src = ("export function assertAnnotable(key: string) {\n    /*\n    if (frozen) {\n"
           "        let error = `Cannot apply to ${key}`;\n        die(error);\n    }\n    */\n"
           "    die(`Cannot apply to ${key}`);\n}\n")
    served = served_tree(tmp_path / "r", {"src/o.ts": src})
    a = served.call("search_text", pattern="Cannot apply")
    assert "4: let error = `Cannot apply to ${key}`;  — in commented-out code /* 2-7 */, in assertAnnotable 1-9" \
        in a.text, a.text
    assert "8: die(`Cannot apply to ${key}`);  — in assertAnnotable 1-9" in a.text, a.text


def test_a_hit_in_a_python_docstring_says_so(tmp_path):
    # click run 277: shell_complete's docstring line ``cli.make_context`` read as a call of make_context
    src = ('"""The module: call ``make_context`` first."""\n\n\ndef shell_complete(cli):\n'
           '    """Complete.\n\n    Uses ``cli.make_context``.\n    """\n    return cli.make_context("x", [])\n')
    served = served_tree(tmp_path / "r", {"comp.py": src})
    a = served.call("search_text", pattern="make_context")
    assert not a.is_error, a.text
    assert "7: Uses ``cli.make_context``.  — in a docstring, in shell_complete 4-9" in a.text, a.text
    assert '9: return cli.make_context("x", [])  — in shell_complete 4-9' in a.text, a.text
    assert "1: " in a.text and "— in a docstring" in a.text.split("\n  7:")[0], a.text


def test_a_triple_quoted_argument_is_no_docstring(tmp_path):
    # review of 70ff13c: a shell command passed to os.system( and an exception message were "in a docstring"
    src = ('import os\n\n\ndef build():\n    """Build it."""\n    os.system(\n        """echo int main | cc"""\n    )\n'
           '    raise ValueError("""int main failed""" % ())\n')
    served = served_tree(tmp_path / "r", {"b.py": src})
    a = served.call("search_text", pattern="int main")
    assert "in a docstring" not in a.text and "7: " in a.text, a.text
    assert "in a docstring, in build" in served.call("search_text", pattern="Build it").text


def test_an_overview_of_a_search_over_one_file_shows_its_first_hits_not_a_table(tmp_path):
    """serde run 316: 362 hits in value.rs came back as a table of one row (`value.rs | 362 | 24: use lib::*;`) and
    the agent fetched twice; an overview over three files or fewer shows the first hits and folds the rest by their
    result lines, which fetch_result returns."""
    served = served_tree(tmp_path / "r", {"pkg/big.py": _module(1, 600)})
    a = served.call("search_text", pattern="compute_total_amount(first_argument")
    assert a.text.startswith("[overview of"), a.text[:300]
    assert "| file | hits |" not in a.text, a.text[:600]
    assert "    3: total_1 = compute_total_amount(first_argument, second_argument, 1)" in a.text, a.text[:600]
    more = re.search(r"… (\d+) more hits \(result lines (\d+)-(\d+)\) …", a.text)
    assert more is not None and int(more.group(1)) > 400, a.text[-600:]
    handle = re.search(r'fetch_result\(handle="(r-\w+)"', a.text).group(1)
    f = served.call("fetch_result", handle=handle, start_line=int(more.group(3)), end_line=int(more.group(3)))
    assert "total_599 = compute_total_amount" in f.text, f.text
