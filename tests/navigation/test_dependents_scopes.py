"""The files importing a Python module name each line that does, and which of them do not run at load time (under
`if t.TYPE_CHECKING:`, inside a function): click run 400 read core.py's type-checking import of shell_completion as
a load-time one, its four imports inside methods unlisted, and a cycle that never runs at load time as a cycle."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "pkg/__init__.py": "",
    "pkg/comp.py": "from pkg.core import Command\n\n\nclass Item:\n    pass\n",
    "pkg/core.py": ("import typing as t\n\nif t.TYPE_CHECKING:\n    from pkg.comp import Item\n\n\n"  # 1-6
                    "class Command:\n    def complete(self) -> list[Item]:\n"  # 7-8
                    "        from pkg.comp import Item\n\n        return [Item()]\n"),  # 9-11
}


def test_dependents_say_each_line_and_where_it_runs(tmp_path):
    a = served_tree(tmp_path / "r", TREE).call("list_dependencies", path="pkg/comp.py", direction="dependents")
    assert not a.is_error, a.text
    row = next(ln for ln in a.text.splitlines() if "pkg/core.py" in ln)
    assert "lines 4, 9" in row and "4 under TYPE_CHECKING" in row and "9 in Command.complete" in row, a.text
