"""The index is checked when it is opened (issue 18, the Low list): a database whose `symbols` table was dropped was
served as complete (its table recreated empty), and a directory where `index.sqlite` should be answered with an
opaque "Error executing tool"."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.navigation.conftest import Served


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "shop.py").write_text("def apply_discount(price):\n    return price * 0.9\n\n\nclass Cart:\n    pass\n")
    return root


def _found(served: Served) -> bool:
    a = served.call("search_symbol", query="apply_discount")
    assert not a.is_error, a.text
    return "shop.py:1" in a.text


def _index_path(served: Served) -> Path:
    return served.ws.storage("index.sqlite")


@pytest.mark.parametrize("damage", [
    "DROP TABLE symbols",
    "DELETE FROM symbols",
    "DROP TABLE refs",
    "ALTER TABLE imports RENAME TO imports_old",
])
def test_a_damaged_index_is_rebuilt_instead_of_served_as_complete(root: Path, damage: str):
    first = Served(root)
    assert _found(first)
    path = _index_path(first)
    del first
    with sqlite3.connect(path) as conn:
        conn.execute(damage)
    again = Served(root)
    assert _found(again), damage


def test_a_directory_where_the_index_should_be_is_a_clear_error_without_machine_paths(root: Path):
    served = Served(root)
    path = _index_path(served)
    path.mkdir(parents=True)
    (path / "keep").write_text("x")
    a = served.call("search_symbol", query="apply_discount")
    assert a.is_error
    assert a.text.strip() != "Error executing tool search_symbol"  # what an unexpected exception gives: no reason
    assert "index.sqlite" in a.text and "Remove it" in a.text
    assert str(path.parent) not in a.text and "/tmp" not in a.text
