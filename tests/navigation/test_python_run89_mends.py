"""What the pydantic (Python) A/B run 89 met: `self.model_type_stack.push(obj)` with `self.model_type_stack =
_ModelTypeStack()` in __init__ had been counted as a call of ConfigWrapperStack.push (a private class's name, with
its leading underscore, was not read as the attribute's type, and the attribute's name ends like the class's)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "pkg/__init__.py": "",
    "pkg/config.py": ("class ConfigWrapperStack:\n    def __init__(self, c):\n        self._stack = [c]\n\n"
                      "    def push(self, c):\n        self._stack.append(c)\n"),
    "pkg/gen.py": ("from pkg.config import ConfigWrapperStack\nfrom pkg import config as _config\n\n\n"
                   "class Gen:\n    def __init__(self, c):\n        self._config_wrapper_stack = ConfigWrapperStack(c)\n"
                   "        self.model_type_stack = _ModelTypeStack()\n        self.other_stack = _config.ConfigWrapperStack(c)\n\n"
                   "    def model(self, c, obj):\n        with self._config_wrapper_stack.push(c):\n"
                   "            with self.model_type_stack.push(obj):\n                self.other_stack.push(c)\n\n\n"
                   "class _ModelTypeStack:\n    def push(self, t):\n        pass\n"),
}


def test_python_attribute_built_from_a_private_class_is_typed_by_it(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("find_related", symbol="ConfigWrapperStack.push", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("Gen.model", [12, 14])], a.text
    assert "gen.py:13" in a.text, a.text  # left out, and said so


def test_python_call_through_another_class_is_not_a_call_of_the_method(tmp_path):
    files = {"deco.py": ("class Decorator:\n    @classmethod\n    def build(cls, f):\n        return cls()\n\n\n"
                         "class Infos:\n    @staticmethod\n    def build(model):\n        return Decorator.build(model)\n\n\n"
                         "class Sub(Decorator):\n    pass\n"),
             "use.py": ("from deco import Infos, Sub\n\n\ndef make(m):\n    a = Infos.build(m)\n    b = Sub.build(m)\n"
                        "    return a, b\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Decorator.build", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["lines"] for i in a.data["items"]}
    assert rows == {"Infos.build": [10], "make": [6]}, a.text  # Infos.build(m) is Infos's; Sub.build is Decorator's
