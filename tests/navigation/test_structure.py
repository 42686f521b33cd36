"""get_structured_index: file outlines and the ranked repo map, end to end through the SDK client."""

from __future__ import annotations

from tests.navigation.conftest import Served


def test_file_outline_lists_every_symbol_nested_with_exact_line_ranges(pyshop: Served):
    a = pyshop.call("get_structured_index", path="shop/models.py")
    assert not a.is_error, a.text
    got = [(s["qualname"], s["kind"], s["start_line"], s["end_line"]) for s in a.data["symbols"]]
    assert got == [
        ("MAX_ITEMS", "constant", 9, 9),
        ("Item", "class", 12, 21),
        ("Item.sku", "field", 16, 16),
        ("Item.price_cents", "field", 17, 17),
        ("Item.quantity", "field", 18, 18),
        ("Item.subtotal", "method", 20, 21),
        ("Order", "class", 24, 44),
        ("Order.customer", "field", 28, 28),
        ("Order.items", "field", 29, 29),
        ("Order.add", "method", 31, 34),
        ("Order.total", "method", 36, 38),
        ("Order.describe", "method", 40, 41),
        ("Order._audit", "method", 43, 44),
    ]
    assert "36-38 def total(self) -> int  # Sum of the item subtotals, in cents." in a.text
    assert "  9-9 constant MAX_ITEMS = 100" in a.text  # the kind is named where the signature does not say it
    assert "\n    36-38" in a.text  # methods are indented under their class


def test_file_outline_filters_kinds_and_private_symbols(pyshop: Served):
    a = pyshop.call("get_structured_index", path="shop/models.py", kinds=["method"], include_private=False)
    names = [s["qualname"] for s in a.data["symbols"]]
    assert names == ["Item.subtotal", "Order.add", "Order.total", "Order.describe"]


def test_repo_map_fits_the_budget_and_ranks_the_referenced_core_above_leaf_files(pyshop: Served):
    a = pyshop.call("get_structured_index", path=".")
    assert not a.is_error, a.text
    assert a.data["mode"] == "map" and a.data["files_total"] == 8
    assert 0 < a.data["tokens"] <= 1000
    lines = a.text.splitlines()
    files = [ln for ln in lines if ln and not ln.startswith(" ") and ln.endswith(".py")]
    # models.py is referenced from five files; cli.py and the test from none
    assert files.index("shop/models.py") < files.index("shop/cli.py")
    assert files.index("shop/pricing.py") < files.index("tests/test_pricing.py")
    assert "  24-44 @dataclass class Order" in a.text and "    36-38 def total(self) -> int" in a.text
    assert "8 files (python 8), 28 symbols; 2 other files" in lines[0]


def test_repo_map_under_a_small_budget_says_what_did_not_fit(pyshop: Served):
    a = pyshop.call("get_structured_index", path=".", budget_tokens=100)
    assert a.data["tokens"] <= 100
    assert a.data["files_shown"] < 8
    rest = 8 - a.data["files_shown"]
    assert f"… {rest} more files, narrow with path=" in a.text or (rest <= 3 and f"… {rest} more file" in a.text)


def test_a_map_that_leaves_out_a_few_files_names_them(pyshop: Served):
    # run 53: "… 1 more files, narrow with path=" hid Random/test.zig, which took another call to learn
    for budget in range(120, 1000, 20):
        a = pyshop.call("get_structured_index", path=".", budget_tokens=budget)
        rest = 8 - a.data["files_shown"]
        if 1 <= rest <= 3:
            break
    else:
        raise AssertionError("no budget left out 1-3 files")
    tail = next(ln for ln in a.text.splitlines() if ln.startswith(f"… {rest} more file"))
    listed = [ln for ln in a.text.splitlines() if ln and not ln.startswith(" ") and ln.endswith(".py")]
    named = tail.split(": ", 1)[1].split(", ")
    assert len(named) == rest and not set(named) & set(listed) and all(n.endswith(".py") for n in named), a.text


def test_repo_map_of_a_directory_only_covers_that_directory(pyshop: Served):
    a = pyshop.call("get_structured_index", path="shop/util")
    assert a.data["files_total"] == 2
    assert "shop/util/fmt.py" in a.text and "shop/models.py" not in a.text


def test_focus_ranks_the_focused_file_first(pyshop: Served):
    a = pyshop.call("get_structured_index", path=".", focus=["shop/io.py"])
    first_file = next(ln for ln in a.text.splitlines()[1:] if ln and not ln.startswith((" ", "[", "folders (files):")))
    assert first_file == "shop/io.py"


def test_focus_by_symbol_name_ranks_its_defining_file_first(pyshop: Served):
    a = pyshop.call("get_structured_index", path=".", focus=["parse_header"])
    first_file = next(ln for ln in a.text.splitlines()[1:] if ln and not ln.startswith((" ", "[", "folders (files):")))
    assert first_file == "shop/io.py"


def test_budget_above_the_cap_is_capped_and_says_so(pyshop: Served):
    # the effective cap is the smaller of navigation.repo_map_budget_cap and the largest answer passed whole
    a = pyshop.call("get_structured_index", path=".", budget_tokens=100_000)
    assert "budget capped at 4096 tokens (the largest answer passed whole: context_mode_mcp.max_digest_threshold)" in a.text
    b = Served(pyshop.root, **{"navigation.repo_map_budget_cap": 3000}).call("get_structured_index", budget_tokens=5000)
    assert "budget capped at 3000 tokens (navigation.repo_map_budget_cap)" in b.text


def test_outline_of_a_file_without_a_parser_says_how_to_read_it(pyshop: Served):
    a = pyshop.call("get_structured_index", path="pyproject.toml")
    assert not a.is_error
    assert "no outline" in a.text and "read_code_range" in a.text


def test_unknown_path_is_an_error_that_says_what_to_do(pyshop: Served):
    a = pyshop.call("get_structured_index", path="shop/nope.py")
    assert a.is_error
    assert "does not exist" in a.text and "search_text" in a.text
