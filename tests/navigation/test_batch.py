"""batch: several calls of the read-only tools in one (a shell agent's `sed -n ..; rg ..` chain), each answered as it
is alone, under its call, together within one answer; a bad call says why in its place."""

from __future__ import annotations

import io
import re

from contexteer.server.cli.main import main
from contexteer.tokens import count_tokens
from tests.navigation.conftest import served_tree

_FILES = {
    "shop/cart.py": "class Cart:\n    def total(self):\n        return sum(self.items)\n\n\ndef checkout(cart):\n"
                    "    return cart.total()\n",
    "shop/tax.py": "RATE = 7\n\n\ndef with_tax(amount):\n    return amount * (100 + RATE) // 100\n",
}


def test_a_batch_answers_each_call_as_it_is_alone_under_the_call(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    calls = [{"tool": "search_text", "pattern": "RATE"},
             {"tool": "read_code_range", "path": "shop/cart.py:1-3"},
             {"tool": "find_related", "symbol": "Cart.total", "relation": "callers"}]
    alone = [served.call(c["tool"], **{k: v for k, v in c.items() if k != "tool"}).text for c in calls]
    a = served.call("batch", calls=calls)
    assert not a.is_error, a.text
    assert a.data is None  # the joined text is the answer, structured output or not: no one call's typed model
    parts = a.text.split("\n\n## ")
    assert parts[0] == '## search_text(pattern="RATE")\n' + alone[0], a.text
    assert parts[1] == 'read_code_range(path="shop/cart.py:1-3")\n' + alone[1], a.text
    assert parts[2] == 'find_related(symbol="Cart.total", relation="callers")\n' + alone[2], a.text
    assert "checkout" in parts[2], a.text


def test_a_bad_call_says_why_in_its_place_and_the_others_are_answered(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    a = served.call("batch", calls=[
        {"tool": "search_text", "patern": "RATE"},
        {"tool": "memory", "op": "list"},
        {"tool": "grep", "pattern": "x"},
        {"pattern": "x"},
        {"tool": "find_related", "symbol": "Cart.total", "relation": "calers"},
        {"tool": "read_code_range", "path": "shop/nope.py"},
        {"tool": "search_symbol", "query": "with_tax"},
    ])
    assert not a.is_error, a.text
    # each call's arguments refused as the server refuses a call's: by name, with what it accepts
    assert ('search_text(patern="RATE"): unknown argument \'patern\' (did you mean pattern or path?) for search_text; '
            "nothing was run. search_text accepts: case_sensitive, context_lines, glob, max_results, path, pattern, "
            "regex; required: pattern") in a.text, a.text
    assert "'memory' is not one a batch calls (call it on its own)" in a.text, a.text
    assert "'grep' is no tool; a batch calls read_code_range, get_structured_index" in a.text, a.text
    assert 'call 4 {"pattern": "x"}: it names no tool: write {tool: \'search_text\', pattern: \'...\'}' in a.text, a.text
    assert "invalid arguments for find_related: relation must be 'callers', 'callees', 'implementations' or " \
           "'supertypes' (got \"calers\")" in a.text, a.text
    assert "read_code_range(path=\"shop/nope.py\"): path 'shop/nope.py' does not exist" in a.text, a.text
    assert "shop/tax.py:4-5 function with_tax" in a.text, a.text  # the good call is answered
    assert served.call("search_symbol", query="Cart").text == "shop/cart.py:1-3 class Cart — class Cart"  # still serving


def test_a_batch_of_only_bad_calls_or_of_none_or_too_many_is_an_error_that_says_what_to_pass(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    a = served.call("batch", calls=[{"tool": "memory", "op": "list"}])
    assert a.is_error and "'memory' is not one a batch calls" in a.text, a.text
    a = served.call("batch", calls=[])
    assert a.is_error and "calls is empty: pass one or more {tool: name, ...arguments}" in a.text, a.text
    a = served.call("batch", calls=[{"tool": "search_text", "pattern": f"p{i}"} for i in range(11)])
    assert a.is_error and "11 calls in one batch; at most 10. Split them into several batches." in a.text, a.text


def test_a_batch_larger_than_one_answer_shows_what_fits_and_names_the_calls_left_out(tmp_path):
    big = {f"pkg/m{n}.py": "".join(f"def f{n}_{k}(value):\n    return value * {k} + {n}\n" for k in range(120)) for n in range(4)}
    served = served_tree(tmp_path / "r", big)
    a = served.call("batch", calls=[{"tool": "read_code_range", "path": f"pkg/m{n}.py:1-240"} for n in range(4)])
    assert not a.is_error, a.text
    assert count_tokens(a.text) <= 4096
    left = re.search(r"\[(\d) of 4 answers shown, as many as fit one answer \(4096 tokens\); the others: (.*)\]$", a.text)
    assert left is not None, a.text[-400:]
    shown = int(left.group(1))
    assert 1 <= shown < 4 and f'read_code_range(path="pkg/m{shown}.py:1-240")' in left.group(2), left.group(0)
    assert f'## read_code_range(path="pkg/m{shown - 1}.py:1-240")' in a.text


def test_the_command_line_takes_a_batch_as_a_yaml_list_of_maps(tmp_path):
    root = tmp_path / "r"
    served_tree(root, _FILES)
    out = io.StringIO()
    assert main(["call", "--root", str(root), "batch",
                 "calls=[{tool: search_symbol, query: RATE}, {tool: search_text, pattern: with_tax}]"], out=out) == 0
    text = out.getvalue()
    assert '## search_symbol(query="RATE")' in text and "shop/tax.py:1-1 " in text, text
    assert '## search_text(pattern="with_tax")\nshop/tax.py\n  4: def with_tax(amount):' in text, text


def test_a_batch_refuses_a_value_of_the_wrong_type_as_a_single_call_does(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    alone = served.call("search_text", pattern="RATE", context_lines=True)
    assert alone.is_error and "context_lines must be of type integer (got true)" in alone.text, alone.text
    a = served.call("batch", calls=[{"tool": "search_text", "pattern": "RATE", "context_lines": True},
                                    {"tool": "search_text", "pattern": "RATE", "context_lines": "5"},
                                    {"tool": "search_symbol", "query": "Cart"}])
    assert not a.is_error, a.text
    assert 'search_text(pattern="RATE", context_lines=true): invalid arguments for search_text: context_lines must be ' \
           "of type integer (got true)" in a.text, a.text
    assert "context_lines must be of type integer (got \"5\")" in a.text, a.text


def test_a_call_that_crashes_takes_no_other_call_of_the_batch_down(tmp_path, monkeypatch):
    from contexteer.tools import files

    async def crash(*args, **kwargs):
        raise KeyError("boom")

    served = served_tree(tmp_path / "r", _FILES)
    monkeypatch.setattr(files, "_read_one", crash)  # a defect in one tool, injected
    a = served.call("batch", calls=[{"tool": "search_text", "pattern": "RATE"},
                                    {"tool": "read_code_range", "path": "shop/cart.py:1-3"}])
    assert not a.is_error, a.text
    assert '## search_text(pattern="RATE")\nshop/tax.py\n  1: RATE = 7' in a.text, a.text
    assert 'read_code_range(path="shop/cart.py:1-3"): failed unexpectedly (the server log has the details); the ' \
           "others stand" in a.text, a.text


def test_a_cut_answer_in_a_batch_keeps_its_arguments_for_the_handle(tmp_path):
    files = {f"pkg/m{n}.py": "".join(f"v{k} = compute_total_amount({k}, {n})  # {'x' * 40}\n" for k in range(60))
             for n in range(8)}
    served = served_tree(tmp_path / "r", files)
    a = served.call("batch", calls=[{"tool": "search_text", "pattern": "compute_total_amount(", "path": "pkg"}])
    assert not a.is_error, a.text
    assert "[overview of pkg search:" in a.text or "[digest of pkg search:" in a.text, a.text[:300]


def test_one_read_code_range_takes_up_to_twenty_reads(tmp_path):
    # Sequel run 246: a read of 11 ranges was refused (10 at most) and the agent made the call again
    files = {"big.py": "".join(f"def f{k}():\n    return {k}\n\n\n" for k in range(30))}
    served = served_tree(tmp_path / "r", files)
    eleven = ", ".join(f"big.py:{4 * k + 1}-{4 * k + 2}" for k in range(11))
    a = served.call("read_code_range", path=eleven)
    assert not a.is_error and "return 10" in a.text, a.text
    many = ", ".join(f"big.py:{k + 1}" for k in range(21))
    b = served.call("read_code_range", path=many)
    assert b.is_error and "21 reads in one call; pass at most 20" in b.text, b.text


def test_a_very_long_line_in_a_read_of_several_lines_shows_its_start_and_leaves_room_for_the_other_reads(tmp_path):
    # Rouge run 308: gherkin/keywords.rb:8-12 held a 6,450-character generated line; it filled the answer and the
    # batch's lasso and apache reads were left out
    table = "        k[:step] = Set.new [" + ", ".join(f'"word{k} "' for k in range(700)) + "]\n"
    files = {"kw/gherkin.rb": "module Rouge\n  module Lexers\n    def Gherkin.keywords\n      @keywords ||= {}.tap do |k|\n"
                              + table + "      end\n    end\n  end\nend\n",
             "kw/lasso.rb": "module Rouge\n  module Lexers\n    def Lasso.keywords\n      @keywords ||= {}\n    end\n"
                            "  end\nend\n",
             "kw/apache.rb": "module Rouge\n  module Lexers\n    def Apache.directives\n      @directives ||= []\n"
                             "    end\n  end\nend\n"}
    served = served_tree(tmp_path / "r", files)
    assert len(table) > 6000
    a = served.call("read_code_range", path="kw/gherkin.rb:1-5, kw/lasso.rb:3-5, kw/apache.rb:3-5")
    assert not a.is_error, a.text
    assert "@keywords ||= {}" in a.text and "@directives ||= []" in a.text and "left out" not in a.text, a.text
    more = len(table.rstrip("\n")) - 400
    assert f'… [line cut: {more:,} more characters; read_code_range(path="kw/gherkin.rb:5") gives it whole]' in a.text
    alone = served.call("read_code_range", path="kw/gherkin.rb:5")  # the line read alone: whole
    assert '"word699 "]' in alone.text and "line cut" not in alone.text, alone.text


def test_a_line_longer_than_one_answer_read_alone_shows_its_start_and_promises_no_whole_read(tmp_path):
    # review of 18f3c77: lasso/keywords.rb:14 (43,000 characters) was cut in a range with "read_code_range(..:14)
    # gives it whole", and that read answered nothing but "answer cut to its budget; read fewer lines"
    huge = "h = [" + ", ".join(f'"builtin_{k}"' for k in range(4000)) + "]\n"
    served = served_tree(tmp_path / "r", {"kw/lasso.rb": "module M\n" + huge + "end\n"})
    a = served.call("read_code_range", path="kw/lasso.rb:2")
    assert not a.is_error and '"builtin_0"' in a.text and "line cut: " in a.text, a.text
    assert "is more than one answer holds" in a.text and "gives it whole" not in a.text, a.text
    b = served.call("read_code_range", path="kw/lasso.rb:1-3")
    assert "is more than one answer holds" in b.text and "end" in b.text, b.text
