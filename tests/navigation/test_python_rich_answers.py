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
    "rich/live.py": (
        "from typing import Optional\n\nfrom .console import Console\n\n\n"
        "class Live:\n"
        "    def __init__(self, console: Optional[Console] = None) -> None:\n"
        "        self.console = console if console is not None else Console()\n\n"
        "    @property\n"
        "    def renderable(self) -> str:\n"
        "        return ''\n\n"
        "    def __enter__(self) -> 'Live':\n"
        "        return self\n\n"
        "    def stop(self) -> None:\n"
        "        with self.console:\n"
        "            if self.console.is_terminal and self.renderable:\n"
        "                self.console.pop_theme()\n"),
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
    assert [(i["path"], i["lines"], i["how"]) for i in b.data["items"]] == [("rich/console.py", [9], "receiver type"),
                                                                           ("rich/live.py", [20], "receiver type")], b.text


def test_a_property_says_so_in_its_signature(rich: Served):
    a = rich.call("search_symbol", query="Console.is_terminal")
    assert "@property def is_terminal(self) -> bool" in a.text, a.text
    o = rich.call("get_structured_index", path="rich/console.py")
    assert "@property def is_terminal(self) -> bool" in o.text, o.text


def test_callees_list_properties_read_and_what_a_with_block_runs(rich: Served):
    a = rich.call("find_related", symbol="Live.stop", relation="callees")
    assert not a.is_error, a.text
    got = {(i["qualname"], i["how"], tuple(i["lines"])) for i in a.data["items"]}
    assert ("Live.renderable", "property", (19,)) in got, a.text
    assert ("Console.is_terminal", "property", (19,)) in got, a.text  # self.console: Optional[Console] in __init__
    assert any(q == "Console.pop_theme" for q, _, _ in got), a.text
    assert not any(q == "Console.__enter__" for q, _, _ in got), "Console has no __enter__ here: nothing to run"
    assert "Live.renderable rich/live.py:10-12 called at 19 (property read)" in a.text, a.text


def test_a_with_block_on_a_typed_attribute_runs_its_enter_and_exit(tmp_path):
    s = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "",
        "pkg/lock.py": ("class Lock:\n    def __enter__(self) -> 'Lock':\n        return self\n\n"
                        "    def __exit__(self, *exc: object) -> None:\n        pass\n\n\n"
                        "class User:\n    def __init__(self) -> None:\n        self.lock = Lock()\n\n"
                        "    def run(self) -> None:\n        with self.lock:\n            pass\n"),
    })
    a = s.call("find_related", symbol="User.run", relation="callees")
    got = {(i["qualname"], i["how"], tuple(i["lines"])) for i in a.data["items"]}
    assert got == {("Lock.__enter__", "with", (14,)), ("Lock.__exit__", "with", (14,))}, a.text
    assert "(run by `with`)" in a.text, a.text


def test_an_imports_lines_each_say_whether_they_run_at_load(tmp_path):
    s = served_tree(tmp_path / "r", {
        "rich/__init__.py": "",
        "rich/text.py": "class Text:\n    pass\n",
        "rich/logging.py": (
            "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n    from rich.text import Text\n\n"
            "from rich import text\n\n\n"
            "def emit() -> None:\n    from rich.text import Text\n\n\n"
            "if __name__ == \"__main__\":\n    import time\n"),
    })
    a = s.call("list_dependencies", path="rich/logging.py", view="file")
    assert not a.is_error, a.text
    assert "rich/text.py  (lines 4, 6, 10; 4 under TYPE_CHECKING, 10 in emit)" in a.text, a.text
    assert "time (line 14, in the __main__ block only)" in a.text, a.text


def test_a_file_read_whole_as_a_digest_keeps_its_imports(tmp_path):
    body = "".join(f"def handler_{i}(request, response):\n    value = request.body[{i}] * 2 + {i}\n"
                   f"    return response.send(value)\n\n" for i in range(90))
    served_tree(tmp_path / "r", {
        "app/__init__.py": "",
        "app/big.py": "from __future__ import annotations\n\nimport os\nfrom typing import (\n    Any,\n    Optional,\n)\n\n"
                      "from app import helpers\n\n\n" + body,
        "app/helpers.py": "def x():\n    pass\n",
    })
    # (a passthrough of 384 tokens: a whole file passes whole up to 3,072, which this one's 3,113 are past)
    from tests.navigation.conftest import Served

    a = Served(tmp_path / "r", **{"context_mode_mcp.max_direct_passthrough": 384}).call("read_code_range", path="app/big.py")
    assert a.meta is not None and a.meta["tier"] in ("digest", "overview"), a.meta
    for line in ("1: from __future__ import annotations", "3: import os", "4: from typing import (", "6:     Optional,",
                 "7: )", "9: from app import helpers"):
        assert line in a.text, a.text[:1500]


def test_a_call_left_out_at_the_first_level_but_listed_deeper_is_not_named_as_left_out(rich: Served):
    a = rich.call("find_related", symbol="ThemeStack.pop_theme", relation="callers", depth=2)
    assert not a.is_error, a.text
    assert "rich/console.py:9 in ThemeContext.__exit__" in a.text or "9 in ThemeContext.__exit__" in a.text, a.text
    assert "left out: another type's" not in a.text, a.text


def test_a_semantic_read_of_a_line_calling_a_local_alias_of_a_method_names_its_definitions(tmp_path):
    s = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "",
        "pkg/syntax.py": (
            "class Theme:\n    def style_for(self, token: str) -> str:\n        raise NotImplementedError\n\n\n"
            "class AnsiTheme(Theme):\n    def style_for(self, token: str) -> str:\n        return token\n\n\n"
            "class Syntax:\n    def __init__(self, theme: Theme) -> None:\n        self._theme = theme\n\n"
            "    def highlight(self, tokens: list) -> list:\n"
            "        _style = self._theme.style_for\n\n"
            "        def spans() -> list:\n"
            "            return [_style(t) for t in tokens]\n\n"
            "        return spans()\n"),
    })
    a = s.call("read_code_range", path="pkg/syntax.py:19", context="semantic")
    assert not a.is_error, a.text
    assert "Theme.style_for" in a.text and "AnsiTheme.style_for" in a.text, a.text
    assert "via local `_style = self._theme.style_for` (line 16), one of these 2" in a.text, a.text
