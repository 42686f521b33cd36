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


_NESTED = ("package m;\n\npublic class HashedMap {\n    protected int size;\n\n    public int size() {\n        return size;\n    }\n\n"
           "    protected static class EntrySet {\n        private int parent;\n\n        public int size() {\n"
           "            return 0;\n        }\n    }\n\n    protected static class HashEntry {\n        protected Object key;\n"
           "    }\n\n    public void clear() {\n    }\n}\n")


def test_a_file_outline_focused_on_a_class_shows_its_nested_classes_by_their_line_only(tmp_path: Path):
    """Commons Collections run 310: focus=AbstractHashedMap listed the members of its nine nested classes too; now
    each nested class is one line, and focusing on one lists its members."""
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {"src/m/HashedMap.java": _NESTED})
    a = served.call("get_structured_index", path="src/m/HashedMap.java", focus=["HashedMap"])
    assert re.search(r"^    10-16 protected static class EntrySet", a.text, re.M), a.text
    assert "private int parent" not in a.text and "protected Object key" not in a.text, a.text
    assert "public void clear()" in a.text and "2 nested types shown without 3 members" in a.text, a.text
    one = served.call("get_structured_index", path="src/m/HashedMap.java", focus=["HashedMap.EntrySet"])
    assert "private int parent" in one.text and "public void clear()" not in one.text, one.text
