"""What the rich A/B agent (run 60, contexteer only) stumbled on: a call through a local bound to the method
(`render_str = console.render_str` ... `render_str(x)`) left out as another type's; `self.console.pop_theme()`
in a class whose `__init__` stores a `console: "Console"` parameter listed as a "name only" caller of
ThemeStack.pop_theme; properties shown as plain methods."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

TREE = {
    "rich/__init__.py": "",
    "rich/theme.py": (
        "class ThemeStack:\n"
        "    def pop_theme(self) -> None:\n"
        "        pass\n"),
    "rich/console.py": (
        "from .theme import ThemeStack\n\n\n"
        "class ThemeContext:\n"
        "    def __init__(self, console: \"Console\") -> None:\n"
        "        self.console = console\n\n"
        "    def __exit__(self) -> None:\n"
        "        self.console.pop_theme()\n\n\n"
        "class Console:\n"
        "    def __init__(self) -> None:\n"
        "        self._stack = ThemeStack()\n\n"
        "    @property\n"
        "    def is_terminal(self) -> bool:\n"
        "        return True\n\n"
        "    def pop_theme(self) -> None:\n"
        "        self._stack.pop_theme()\n\n"
        "    def render_str(self, text: str) -> str:\n"
        "        return text\n"),
    "rich/columns.py": (
        "from .console import Console\n\n\n"
        "class Columns:\n"
        "    def __rich_console__(self, console: Console) -> list:\n"
        "        render_str = console.render_str\n"
        "        return [render_str(r) for r in ('a', 'b')]\n\n"
        "    def other(self, text: str) -> str:\n"
        "        return render_str(text)\n\n\n"
        "def render_str(text: str) -> str:\n"
        "    return text\n"),
}


@pytest.fixture(scope="module")
def rich(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("rich") / "rich", TREE)


def test_a_call_through_a_local_bound_to_the_method_is_a_caller(rich: Served):
    a = rich.call("find_related", symbol="Console.render_str", relation="callers")
    assert not a.is_error, a.text
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert rows == {("rich/columns.py", (7,)): "alias"}, a.text
    assert "columns.py:10" in a.text and "left out" in a.text, "the module function's call is another definition's"


def test_a_self_attribute_stored_from_a_typed_parameter_types_the_receiver(rich: Served):
    a = rich.call("find_related", symbol="ThemeStack.pop_theme", relation="callers")
    assert not a.is_error, a.text
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert rows == {("rich/console.py", (21,)): "receiver type"}, a.text  # self._stack = ThemeStack()
    assert "console.py:9" in a.text and "left out" in a.text, "self.console.pop_theme() is Console.pop_theme"
    b = rich.call("find_related", symbol="Console.pop_theme", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in b.data["items"]] == [("rich/console.py", [9], "receiver type")], b.text


def test_a_property_says_so_in_its_signature(rich: Served):
    a = rich.call("search_symbol", query="Console.is_terminal")
    assert "@property def is_terminal(self) -> bool" in a.text, a.text
    o = rich.call("get_structured_index", path="rich/console.py")
    assert "@property def is_terminal(self) -> bool" in o.text, o.text
