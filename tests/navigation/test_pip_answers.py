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
    "pkg/index_command.py": (
        "from __future__ import annotations\n\nimport logging\nfrom typing import TYPE_CHECKING\n\n"
        "from pkg.metadata import BaseEnvironment\n\nif TYPE_CHECKING:\n    from ssl import SSLContext\n\n"
        "    from pkg.search import installed\n\n\ndef context() -> None:\n    import ssl\n    from pkg import vendor\n"),
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
    assert "1 other call named 'get_distribution' left out" in a.text and "(pkg/vendor.py:7 `" in a.text, a.text


def test_a_semantic_read_of_a_line_names_the_definition_it_sits_in(pip: Served):
    a = pip.call("read_code_range", path="pkg/misc.py", start_line=6, end_line=6, context="semantic")
    assert not a.is_error, a.text
    assert a.text.splitlines()[0].startswith("pkg/misc.py:6-6 (of 7 lines) — in function hook.wrapper 2-6"), a.text


def test_a_python_files_imports_say_which_run_only_in_a_function_or_under_type_checking(pip: Served):
    a = pip.call("list_dependencies", path="pkg/index_command.py")
    assert not a.is_error, a.text
    assert "pkg/metadata.py  (line 6)\n" in a.text + "\n", a.text
    assert "pkg/search.py  (line 11, TYPE_CHECKING)" in a.text, a.text
    assert "pkg/vendor.py  (line 16, in context)" in a.text, a.text
    assert "ssl (lines 9, 15, TYPE_CHECKING, in context only)" in a.text and "logging (line 3);" in a.text and "): SSLContext" in a.text, a.text


def test_a_number_as_context_reads_that_many_lines_around_the_range(pip: Served):
    a = pip.call("read_code_range", path="pkg/misc.py", start_line=6, end_line=6, context=2)
    assert not a.is_error, a.text
    assert a.text.splitlines()[0].startswith("pkg/misc.py:4-7 (of 7 lines)"), a.text  # clamped at the file's end
    bad = pip.call("read_code_range", path="pkg/misc.py", context=2)
    assert bad.is_error and "context=N widens a range" in bad.text, bad.text
    none = pip.call("read_code_range", path="pkg/misc.py", context=0)  # no lines around: the file as asked
    assert not none.is_error and none.text.startswith("pkg/misc.py"), none.text  # (pythonnet run 340: refused)
