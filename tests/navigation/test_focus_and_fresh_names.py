"""Repo-map focus shows the focused definitions; a name just written to a new file is found at once (F6, F13)."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
import starlette

from tests.navigation.conftest import Served, copy_fixture


@pytest.fixture(scope="module")
def star(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("star")
    shutil.copytree(Path(starlette.__file__).parent, root / "starlette", ignore=shutil.ignore_patterns("__pycache__"))
    return Served(root)


@pytest.mark.parametrize("name", ["Mount", "Config", "Router", "Host"])
def test_a_focused_name_is_shown_with_its_range_in_its_defining_file_even_under_a_small_budget(star: Served, name: str):
    a = star.call("get_structured_index", path="starlette", focus=[name], budget_tokens=250)
    assert not a.is_error, a.text
    hit = star.call("search_symbol", query=name, kind="class").data["definitions"][0]
    defining = next(f for f in a.data["files"] if f["path"] == hit["path"])
    assert f"{hit['start_line']}-{hit['end_line']} {name}" in defining["symbols"]
    assert re.search(rf"^  {hit['start_line']}-{hit['end_line']} class {name}\b", a.text, re.M)


def test_focus_may_be_a_single_string(star: Served):
    a = star.call("get_structured_index", path="starlette", focus="Mount", budget_tokens=250)
    assert not a.is_error, a.text
    assert re.search(r"^  \d+-\d+ class Mount\(", a.text, re.M)


def test_a_private_focused_name_is_shown_although_the_map_hides_private_names(star: Served):
    a = star.call("get_structured_index", path="starlette", focus=["_TemplateResponse"], budget_tokens=300)
    assert re.search(r"^  \d+-\d+ class _TemplateResponse\(", a.text, re.M), a.text


def test_a_function_written_to_a_new_file_is_found_by_the_next_search(tmp_path: Path):
    served = Served(copy_fixture("pyshop", tmp_path))  # the default sweep interval (2 s) throttles full sweeps

    async def body(client: object) -> tuple[str, str, str]:
        from tests.navigation.conftest import _call

        first = await _call(client, "search_symbol", {"query": "apply_discount"})  # builds the index
        time.sleep(0.15)
        (served.root / "shop" / "fresh.py").write_text("def freshly_written_helper() -> int:\n    return 1\n")
        found = await _call(client, "search_symbol", {"query": "freshly_written_helper"})
        time.sleep(0.15)
        (served.root / "shop" / "fresher.py").write_text("class FreshlyWrittenWidget:\n    pass\n")
        mapped = await _call(client, "get_structured_index", {"path": ".", "focus": ["FreshlyWrittenWidget"]})
        return first.text, found.text, mapped.text

    first, found, mapped = served.session(body)
    assert "shop/pricing.py:12-16" in first
    assert found.startswith("shop/fresh.py:1-2 function freshly_written_helper"), found
    assert "shop/fresher.py\n  1-2 class FreshlyWrittenWidget" in mapped, mapped
