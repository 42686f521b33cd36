"""The repo map and outlines are linear in hostile shapes (issue 18, finding 3): 10,000 definitions sharing one
name took 21 s and fitted nothing; an outline of 700 nested definitions took 26-56 s. Timing lives in
bench/hostile_structure.py; here the timeout only turns a regression into a failure instead of a hang."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.conftest import Served


@pytest.mark.timeout(20)
def test_repo_map_of_10000_same_named_definitions_shows_some_and_counts_the_rest(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "consts.py").write_text("x = 1\n" * 10_000, encoding="utf-8")
    (root / "app.py").write_text("from consts import x\n\ndef handler():\n    return x\n", encoding="utf-8")
    a = Served(root).call("get_structured_index", path=".")
    assert not a.is_error, a.text
    lines = a.text.splitlines()
    assert "consts.py" in lines and "app.py" in lines, a.text  # both files fit, not one unit too large for any budget
    assert "  1-1 x = 1" in lines
    assert any("9,990 more definitions of x" in ln and 'search_symbol(query="x", path="consts.py")' in ln for ln in lines), a.text
    shown = {f["path"]: f["symbols"] for f in a.data["files"]}
    assert 1 <= len(shown["consts.py"]) <= 10
    assert a.meta["text_tokens"] <= 1000, a.meta  # the default map budget


@pytest.mark.timeout(20)
def test_outline_of_700_nested_definitions_fits_its_budget_and_says_what_is_hidden(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    depth = 700
    body = "".join("    " * i + f"def f{i}():\n" for i in range(depth)) + "    " * depth + "pass\n"
    (root / "deep.py").write_text(body, encoding="utf-8")
    served = Served(root)
    a = served.call("get_structured_index", path="deep.py", budget_tokens=2000)
    assert not a.is_error, a.text
    assert a.meta["text_tokens"] <= 2000, a.meta
    lines = a.text.splitlines()
    assert lines[0].startswith("deep.py (python, ") and "symbols" in lines[0]
    outer = next(ln for ln in lines if ln.startswith("  ") and "def f" in ln)
    assert outer.startswith("  ") and not outer.startswith("   ")  # the outermost definition the parser kept
    assert "nested definitions not shown" in lines[-1] and "read_code_range(" in lines[-1]
    nested = [ln for ln in a.text.splitlines() if "[depth " in ln]
    assert nested, a.text  # deep levels say their depth instead of hundreds of spaces of indentation
    assert max(len(ln) - len(ln.lstrip(" ")) for ln in a.text.splitlines()) <= 2 * 25
