"""Several reads, or several definitions' relations, in one call (the Zig A/B agent made 91 calls where the shell
agent made 40: it read 3-5 small ranges one call each, and asked callers of free, resize and remap one by one,
where the shell agent chains `sed -n 95,118p a; sed -n 302,310p b` in one command)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from contexteer.tokens import count_tokens
from tests.navigation.conftest import Served, served_tree

LIB = (
    "def helper(x):\n"          # 1
    "    return x + 1\n"        # 2
    "\n"                        # 3
    "def free(buf):\n"          # 4
    "    return helper(buf)\n"  # 5
    "\n"                        # 6
    "def resize(buf, n):\n"     # 7
    "    return helper(n)\n"    # 8
    "\n"                        # 9
    "def main():\n"             # 10
    "    free(1)\n"             # 11
    "    resize(2, 3)\n"        # 12
)
OTHER = "".join(f"VALUE_{i} = {i}\n" for i in range(1, 41))


def _tree(tmp_path: Path, **overrides: object) -> Served:
    served_tree(tmp_path, {"lib.py": LIB, "pkg/other.py": OTHER})
    return Served(tmp_path, **overrides)


def test_several_reads_come_back_in_order_each_as_it_reads_alone_and_a_bad_one_says_why(tmp_path: Path):
    s = _tree(tmp_path, **{"shaping.structured_output": False})
    got = s.call("read_code_range", path="pkg/other.py:3-4, lib.py:free, nope.py:3, lib.py:11")
    assert not got.is_error, got.text
    t = got.text
    # each read has the header and numbered lines a single call gives
    alone = s.call("read_code_range", path="pkg/other.py", start_line=3, end_line=4).text
    assert alone in t, (alone, t)
    assert "VALUE_3 = 3" in t and "VALUE_4 = 4" in t and "VALUE_5 = 5" not in t
    assert "function free" in t and "return helper(buf)" in t
    assert 'read_code_range(path="nope.py:3"): ' in t and "does not exist" in t
    assert "lib.py:11-11" in t and "free(1)" in t and "in function main" in t
    assert t.index("VALUE_3") < t.index("function free") < t.index("nope.py") < t.index("free(1)")
    assert got.data is None  # text only by default: nothing for a client to prefer over it


def test_a_client_that_hands_the_model_structured_content_gets_every_read(tmp_path: Path):
    s = _tree(tmp_path)  # structured output on
    got = s.call("read_code_range", path="pkg/other.py:3-4, lib.py:resize")
    assert not got.is_error, got.text
    delivered = json.dumps(got.data)  # what Claude Code and Codex hand the model when structuredContent is present
    assert "VALUE_3 = 3" in delivered and "return helper(n)" in delivered, delivered


def test_one_path_with_a_range_is_one_read(tmp_path: Path):
    s = _tree(tmp_path, **{"shaping.structured_output": False})
    one = s.call("read_code_range", path="lib.py:7-8")
    assert one.text == s.call("read_code_range", path="lib.py", start_line=7, end_line=8).text
    widened = s.call("read_code_range", path="lib.py:7", context=1).text
    assert "6\t" in widened and "8\t    return helper(n)" in widened, widened
    mixed = s.call("read_code_range", path="lib.py:7-8", start_line=1)
    assert mixed.is_error and "names its reads itself" in mixed.text, mixed.text


def test_a_file_whose_name_holds_a_colon_is_still_one_path(tmp_path: Path):
    s = served_tree(tmp_path, {"notes:v2.py": "X = 1\nY = 2\n"})
    got = s.call("read_code_range", path="notes:v2.py", start_line=2, end_line=2)
    assert not got.is_error and "Y = 2" in got.text, got.text


def test_reads_past_one_answer_are_named_by_the_calls_that_read_them(tmp_path: Path):
    big = "".join(f"def f{i}(alpha, beta, gamma):\n\treturn {{\"a\": \"{i}\", \"b\": \"\\\\n\"}}  # line {i}\n"
                  for i in range(1, 401))  # tabs, quotes, backslashes: escaped, JSON costs more than the text
    s = served_tree(tmp_path, {"big.py": big})
    reads = ", ".join(f"big.py:{a}-{a + 199}" for a in (1, 201, 401, 601))
    got = s.call("read_code_range", path=reads)
    assert not got.is_error, got.text
    assert count_tokens(got.text) <= 4096 + 200, count_tokens(got.text)
    # structured output is on here: a client that hands the model json.dumps(structuredContent) gets it within budget
    # (the escaped text costs more than the text: six 60-line reads had come to 4,807 tokens as JSON)
    for answer in (got, s.call("read_code_range", path=", ".join(f"big.py:{a}-{a + 59}" for a in range(1, 600, 100)))):
        assert count_tokens(json.dumps(answer.data)) <= 4096, count_tokens(json.dumps(answer.data))
    assert "big.py:1-" in got.text
    assert 'answers shown, as many as fit one answer (4096 tokens); the others: ' in got.text, got.text[-600:]
    assert 'read_code_range(path="big.py:601-800")' in got.text


def test_every_read_failing_fails_the_call_with_each_reason(tmp_path: Path):
    s = _tree(tmp_path)
    got = s.call("read_code_range", path="nope.py:1, lib.py:900")
    assert got.is_error
    assert "nope.py" in got.text and "does not exist" in got.text and "past the end of 'lib.py'" in got.text, got.text
    many = s.call("read_code_range", path=", ".join(f"lib.py:{i % 12 + 1}" for i in range(21)))
    assert many.is_error and "at most 20" in many.text, many.text


def test_find_related_answers_several_names_in_one_call(tmp_path: Path):
    s = _tree(tmp_path, **{"shaping.structured_output": False})
    got = s.call("find_related", symbol="free, resize", relation="callers")
    assert not got.is_error, got.text
    assert got.text.count("callers of function") == 2, got.text
    alone = s.call("find_related", symbol="resize", relation="callers").text
    assert alone in got.text
    assert "main" in got.text and "12" in got.text
    missing = s.call("find_related", symbol="free, nosuch", relation="callees")
    assert not missing.is_error and "helper" in missing.text
    assert 'find_related(symbol="nosuch", relation="callees"): no definition named' in missing.text, missing.text
    paged = s.call("find_related", symbol="free, resize", relation="callers", cursor="5")
    assert paged.is_error and "cursor= pages one definition" in paged.text
    at_line = s.call("find_related", symbol="free, resize", relation="callers", path="lib.py:4")
    assert at_line.is_error and "fits one symbol" in at_line.text
    spaced = s.call("find_related", symbol="free resize", relation="callers")
    assert spaced.is_error and 'symbol="free, resize"' in spaced.text, spaced.text


def test_a_semantic_read_over_several_functions_names_the_one_call_for_their_callers(tmp_path: Path):
    # run 53: a semantic read of lines holding three functions had no callers section, though the help promises one
    s = _tree(tmp_path, **{"shaping.structured_output": False})
    text = s.call("read_code_range", path="lib.py:1-9", context="semantic").text
    assert ('the range holds 3 functions; their callers: find_related(symbol="helper, free, resize", '
            'relation="callers")') in text, text
    follow = s.call("find_related", symbol="helper, free, resize", relation="callers").text
    assert follow.count("callers of function") == 3 and "11 in main" in follow, follow


def test_a_read_past_the_room_left_gives_its_first_lines_and_the_call_that_goes_on(tmp_path: Path):
    big = "".join(f"def f{i}(alpha, beta):\n    return alpha + beta + {i}\n" for i in range(1, 301))
    s = served_tree(tmp_path, {"big.py": big, "small.py": "A = 1\nB = 2\n"})
    got = s.call("read_code_range", path="small.py:1-2, big.py:1-600")
    assert not got.is_error, got.text
    # (rouge A/B run 156: a 600-line read after a 108-line one had been dropped whole, 3,000 tokens of room unused)
    head = re.search(r"big\.py:1-(\d+) \(of 600 lines\)", got.text)
    assert head is not None and int(head.group(1)) > 100, got.text[:300]
    last = int(head.group(1))
    assert f"{last}\tdef f" in got.text or f"{last}\t    return" in got.text, got.text[-400:]
    assert 'then the first lines of read_code_range(path="big.py:1-600")' in got.text, got.text[-400:]
    assert f'the rest: read_code_range(path="big.py:{last + 1}-600")' in got.text, got.text[-400:]
    assert count_tokens(json.dumps(got.data)) <= 4096, count_tokens(json.dumps(got.data))


def test_a_bare_range_after_a_read_is_read_in_the_same_file(tmp_path: Path):
    # the TanStack A/B agent wrote `src/query.ts:1-34,180-420`: the second range had failed as a path of its own
    served = served_tree(tmp_path / "r", {"lib.py": LIB})
    a = served.call("read_code_range", path="lib.py:1-2, 4-5")
    assert not a.is_error, a.text
    assert "lib.py:1-2 (of" in a.text and "lib.py:4-5 (of" in a.text and "5\t    return helper(buf)" in a.text, a.text


def test_a_symbol_read_in_the_wrong_file_reads_its_one_definition_elsewhere(tmp_path: Path):
    # json-iterator run 259: `reflect_extension.go:resolveConflictBinding` (defined once, in
    # reflect_struct_encoder.go) answered where it is, and the agent read it in a second call
    files = {"go.mod": "module example.com/j\n\ngo 1.21\n",
             "ext.go": "package j\n\nfunc other() int {\n\treturn 1\n}\n",
             "enc.go": "package j\n\nfunc resolve(a, b int) bool {\n\treturn a > b\n}\n",
             "two_a.go": "package j\n\ntype A struct{}\n\nfunc (A) Run() {}\n",
             "two_b.go": "package j\n\ntype B struct{}\n\nfunc (B) Run() {}\n"}
    s = served_tree(tmp_path, files)
    a = s.call("read_code_range", path="ext.go:resolve")
    assert not a.is_error and "func resolve(a, b int) bool" in a.text, a.text
    assert "no resolve in ext.go: the one definition of it is in enc.go" in a.text, a.text
    b = s.call("read_code_range", path="ext.go", symbol="Run")  # two definitions elsewhere: said, not guessed
    assert b.is_error and "two_a.go" in b.text and "two_b.go" in b.text, b.text


def test_a_qualified_symbol_read_elsewhere_matches_whole_names_only(tmp_path: Path):
    # review of 2110ddd: `Parser.parse` read HTMLParser.parse's file and then failed there, saying so twice
    files = {"web/main.py": "def run():\n    return 1\n",
             "web/html.py": "class HTMLParser:\n    def parse(self):\n        return 1\n"}
    a = served_tree(tmp_path, files).call("read_code_range", path="web/main.py", symbol="Parser.parse")
    assert a.is_error and "no symbol 'Parser.parse' in web/main.py" in a.text and "web/html.py" not in a.text, a.text
