"""Semantic context never resolves a function's own parameters or locals to other files' definitions."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served, copy_fixture


def test_parameters_and_locals_called_in_the_body_are_not_other_modules_definitions(tmp_path: Path):
    root = copy_fixture("pyshop", tmp_path)
    (root / "shop" / "hooks.py").write_text("def callback():\n    return 1\n\n\ndef runner():\n    return 2\n\n\n_w = print\n")
    (root / "shop" / "events.py").write_text(
        "def fire(event, callback, _w=None):\n"
        "    for runner in event.runners:\n"
        "        runner()\n"
        "    _w(event)\n"
        "    return callback(event)\n"
    )
    a = Served(root).semantic("shop/events.py", "fire")
    uses = {u["qualname"]: u["location"] for u in a.data["uses"]}
    # callback and _w are parameters, runner a loop variable: shop/hooks.py's definitions are not what runs
    assert not {"callback", "runner", "_w"} & set(uses), uses


def test_a_plain_prefix_or_substring_matches_names_not_the_members_of_a_matching_class(tmp_path: Path):
    served = Served(copy_fixture("pyshop", tmp_path))
    for match in ("prefix", "substring"):
        a = served.call("search_symbol", query="Ord", match=match)
        got = {h["qualname"] for h in a.data["definitions"]}
        assert "Order" in got and not any(q.startswith("Order.") for q in got), (match, got)
    dotted = served.call("search_symbol", query="Order.t", match="prefix")
    assert [h["qualname"] for h in dotted.data["definitions"]] == ["Order.total"]


def test_a_members_uses_in_a_semantic_read_are_its_reads_not_namesake_parameters(tmp_path):
    # review of the run-54 change: `User.name`'s uses were twelve `def fN(name)` parameter lines of other files
    from tests.navigation.conftest import served_tree

    files = {f"m{i}.py": f"def f{i}(name):\n    return name + 1\n" for i in range(15)}
    files["a.py"] = "class User:\n    name = 'x'\n\n    def hi(self):\n        return self.name\n"
    s = served_tree(tmp_path, files)
    text = s.call("read_code_range", path="a.py", symbol="User.name", context="semantic").text
    assert "── used at (1; whole-word matches, not resolved) ──\na.py:5 in User.hi (4-5): return self.name" in text, text
    assert "m0.py" not in text


def test_a_name_imported_from_an_outside_module_is_not_a_repository_namesake(tmp_path):
    # pydantic run 215: `from typing_extensions import (  # no-qa comment (for `get_origin`)` bound get_origin to the
    # outside package, but the comment's `)` ended the parsed list and the semantic read listed _generics.py's own
    # `def get_origin` as the one the body calls
    from tests.navigation.conftest import served_tree

    files = {
        "pkg/__init__.py": "",
        "pkg/_generics.py": "def get_origin(v):\n    return v\n\n\ndef replace_types(t):\n    return t\n",
        "pkg/schema.py": (
            "from typing_extensions import (  # noqa: UP035 (for `get_args` and `get_origin`)\n"
            "    get_args,\n"
            "    get_origin,\n"
            ")\n"
            "from ._generics import replace_types\n"
            "import typing_inspection\n"
            "\n\n"
            "def build(obj):\n"
            "    origin = get_origin(obj)\n"
            "    return replace_types(origin), get_args(obj)\n"
        ),
        "pkg/plain.py": "from typing import get_origin\nfrom ._generics import replace_types\n\n\n"
                        "def other(obj):\n    return replace_types(get_origin(obj))\n",
    }
    s = served_tree(tmp_path, files)
    for path, name in (("pkg/schema.py", "build"), ("pkg/plain.py", "other")):
        a = s.call("read_code_range", path=path, symbol=name, context="semantic")
        uses = {u["qualname"]: u["location"] for u in a.data["uses"]}
        assert "replace_types" in uses, (path, uses)  # the repository's import still resolves
        assert "get_origin" not in uses, (path, uses)  # typing_extensions' / typing's, not pkg/_generics.py's
