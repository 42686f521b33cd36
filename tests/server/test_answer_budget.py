"""read_code_range's `budget_tokens`: one call may ask for a larger answer (up to 16,000 tokens), so several whole
files come in one read as a shell agent's `cat` gives them (kingpin run 399's shell agent answered in 14 commands,
run 398's contexteer agent in 72 calls, most of them reads of ranges that one answer could not hold)."""

from __future__ import annotations

from tests.navigation.conftest import Served

BIG = "".join(f"def handler_{i}(request, response):\n    return request.value_{i} + response.total_{i}\n\n\n"
              for i in range(260))  # about 6,000 tokens
SMALL = "".join(f"def helper_{i}(x):\n    return x * {i}\n\n\n" for i in range(60))


def _served(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    (root / "app.py").write_text(BIG, encoding="utf-8")
    (root / "util.py").write_text(SMALL, encoding="utf-8")
    return Served(root, **{"shaping.structured_output": False})  # the default: what a model reads is the text


def test_a_whole_file_too_large_for_one_answer_says_the_call_that_reads_it_whole(tmp_path):
    served = _served(tmp_path)
    a = served.call("read_code_range", path="app.py")
    assert not a.is_error and a.meta["tier"] == "overview", a.meta
    assert 'or all of it: read_code_range(path="app.py", budget_tokens=' in a.text, a.text.split("\n")[0]
    b = served.call("read_code_range", path="app.py", budget_tokens=8000)
    assert not b.is_error and b.meta["tier"] == "passthrough", b.meta
    assert "def handler_259(request, response):" in b.text and "def handler_0(" in b.text, b.text[-300:]


def test_several_whole_files_in_one_call(tmp_path):
    served = _served(tmp_path)
    a = served.call("read_code_range", path="app.py:1-1040, util.py", budget_tokens=12000)
    assert not a.is_error, a.text
    assert "def handler_259(" in a.text and "def helper_59(x):" in a.text and "answers shown" not in a.text, a.text[-400:]
    cut = served.call("read_code_range", path="app.py:1-1040, util.py")  # the default: cut, and the way to more said
    assert "def helper_59(x):" not in cut.text and "budget_tokens= up to 16000" in cut.text, cut.text[-600:]


def test_a_budget_out_of_range_is_refused_with_the_range(tmp_path):
    served = _served(tmp_path)
    for asked in (99, 50_000):
        a = served.call("read_code_range", path="util.py", budget_tokens=asked)
        assert a.is_error and "pass 500 to 16,000 tokens" in a.text, a.text
    ok = served.call("read_code_range", path="util.py")  # the server goes on
    assert not ok.is_error and "def helper_0(x):" in ok.text
