"""What the pip A/B agent (run 17, Python) stumbled on: `env = get_default_environment()` then
`env.get_distribution(...)` was a name-only caller (the function's declared return type was not read); a
semantic read of one line did not name the definition it sits in; the left-out callers were not named."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

FILES = {
    "pkg/metadata.py": (
        "class BaseEnvironment:\n    def get_distribution(self, name: str) -> str:\n        return name\n\n\n"
        "def get_default_environment() -> BaseEnvironment:\n    return BaseEnvironment()\n"),
    "pkg/search.py": (
        "from pkg.metadata import get_default_environment\n\n\ndef installed(name: str) -> str:\n"
        "    env = get_default_environment()\n    return env.get_distribution(name)\n"),
    "pkg/vendor.py": (
        "class WorkingSet:\n    def get_distribution(self, name: str) -> str:\n        return name\n\n\n"
        "def use(ws: WorkingSet) -> str:\n    return ws.get_distribution('x')\n"),
    "pkg/misc.py": (
        "def hook(func):\n    def wrapper(self, *args):\n        try:\n            return func(self, *args)\n"
        "        except KeyError as error:\n            self._raise(error)\n    return wrapper\n"),
}


@pytest.fixture(scope="module")
def pip(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("pip") / "pip", FILES)


def test_a_local_made_by_a_function_has_the_functions_declared_return_type(pip: Served):
    a = pip.call("find_related", symbol="BaseEnvironment.get_distribution", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["how"]) for i in a.data["items"]] == [("installed", "receiver type")], a.text
    assert "all by receiver env: BaseEnvironment" in a.text, a.text
    # WorkingSet's own get_distribution is left out, and the answer says where
    assert "1 other call named 'get_distribution' left out" in a.text and "(pkg/vendor.py:7)" in a.text, a.text


def test_a_semantic_read_of_a_line_names_the_definition_it_sits_in(pip: Served):
    a = pip.call("read_code_range", path="pkg/misc.py", start_line=6, end_line=6, context="semantic")
    assert not a.is_error, a.text
    assert a.text.splitlines()[0].startswith("pkg/misc.py:6-6 (of 7 lines) — in function hook.wrapper 2-6"), a.text
