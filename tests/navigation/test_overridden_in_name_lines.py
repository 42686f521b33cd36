"""A callee's "overridden in" list cites each override at its `def` line, below its decorators, as every other answer
cites a definition (Jinja2 run 408 read ModuleLoader.load at 641, its `@internalcode` line, here and 642 elsewhere)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ('def internalcode(f):\n    return f\n\n\n'
       'class BaseLoader:\n    def load(self, name):\n        return name\n\n\n'
       'class ModuleLoader(BaseLoader):\n    @internalcode\n    def load(self, name):\n        return name\n\n\n'
       'class Environment:\n    def __init__(self, loader: BaseLoader):\n        self.loader = loader\n\n'
       '    def get(self, name):\n        loader: BaseLoader = self.loader\n        return loader.load(name)\n')


def test_an_override_is_cited_at_its_def_line(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/loaders.py": SRC})
    a = served.call("find_related", symbol="Environment.get", relation="callees")
    assert not a.is_error, a.text
    assert "overridden in ModuleLoader.load pkg/loaders.py:12" in a.text, a.text
