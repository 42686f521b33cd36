"""A module function named like methods of classes: each reference says which one it calls (Jinja2 run 408:
`search_symbol query=new_context references=true` listed Template.new_context's `self.new_context(..)` calls and the
function's `new_context(..)` in one list, unlabelled)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

RUNTIME = '''def new_context(env, name):
    return Context(env, name)


class Context:
    def __init__(self, env, name):
        self.env = env

    def derived(self):
        return new_context(self.env, "x")
'''
ENV = '''from .runtime import new_context


class Template:
    def new_context(self, v=None):
        return new_context(self, v)

    def render(self):
        return self.new_context({})
'''


def test_each_reference_names_the_function_or_the_method(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/runtime.py": RUNTIME, "pkg/env.py": ENV})
    a = served.call("search_symbol", query="new_context", references=True)
    assert not a.is_error, a.text
    rows = a.text.splitlines()
    assert any("return new_context(self, v)" in r and "-> function new_context" in r for r in rows), a.text
    assert any("return self.new_context({})" in r and "-> Template.new_context" in r for r in rows), a.text
    assert any('return new_context(self.env, "x")' in r and "-> function new_context" in r for r in rows), a.text
