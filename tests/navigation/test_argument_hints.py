"""Argument edge cases answer with what to do next, and hints never suggest what was just tried (F11)."""

from __future__ import annotations

from tests.navigation.conftest import Served


def test_start_line_past_the_end_without_end_line_says_how_long_the_file_is(pyshop: Served):
    total = len((pyshop.root / "shop" / "models.py").read_text().splitlines())
    for extra in ({}, {"context": "semantic"}):
        a = pyshop.call("read_code_range", path="shop/models.py", start_line=total + 1, **extra)
        assert a.is_error
        assert f"which has {total} lines" in a.text and f"between 1 and {total}" in a.text
        assert "Swap" not in a.text


def test_start_after_an_explicit_end_line_still_says_swap_them(pyshop: Served):
    a = pyshop.call("read_code_range", path="shop/models.py", start_line=20, end_line=10)
    assert a.is_error and "Swap them" in a.text


def test_a_zero_map_budget_is_refused_like_other_too_small_budgets(pyshop: Served):
    for budget in (0, -3, 50):
        a = pyshop.call("get_structured_index", path=".", budget_tokens=budget)
        assert a.is_error and f"budget_tokens={budget} is too small" in a.text and "pass 100 or more" in a.text


def test_a_small_budget_for_a_single_file_outline_is_not_refused(pyshop: Served):
    a = pyshop.call("get_structured_index", path="shop/models.py", budget_tokens=50)
    assert not a.is_error, a.text
    assert a.text.startswith("shop/models.py (python, 13 symbols)")
    b = pyshop.call("get_structured_index", path="shop/models.py", budget_tokens=0)
    assert b.is_error and "must be positive; omit it for the largest outline" in b.text


def test_no_match_hints_only_suggest_wider_modes_than_the_one_used(pyshop: Served):
    hints = {m: pyshop.call("search_symbol", query="GRÖSSE_NIRGENDS", match=m).text
             for m in ("exact", "prefix", "substring", "fuzzy")}
    assert "Try match='prefix', 'substring' or 'fuzzy'." in hints["exact"]
    assert "Try match='substring' or 'fuzzy'." in hints["prefix"]
    assert "Try match='fuzzy'." in hints["substring"]
    assert "match='fuzzy'" not in hints["fuzzy"].split("(match=fuzzy)")[1]
    assert 'search_text(pattern="GRÖSSE_NIRGENDS")' in hints["fuzzy"]
