"""A bare name no definition has that a method assigns to its instances (`self.soft_frame = False` in
Frame.__init__) is answered with where it is assigned, alone or among several names (Jinja2 run 408 was told
"no definition named 'soft_frame'" and searched the text)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ('class Frame:\n    def __init__(self):\n        self.soft_frame = False\n\n'
       '    def soft(self):\n        rv = Frame()\n        rv.soft_frame = True\n        return rv\n\n\n'
       'class TemplateAssertionError(Exception):\n    pass\n')


def test_a_bare_attribute_name_says_where_it_is_assigned(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/compiler.py": SRC})
    a = served.call("search_symbol", query="soft_frame")
    said = ("'soft_frame' is no definition: instances of Frame get it by assignment, pkg/compiler.py:3 "
            "`self.soft_frame = False` in Frame.__init__ 2-3")
    assert said in a.text and "Try match" not in a.text, a.text
    several = served.call("search_symbol", query="TemplateAssertionError, soft_frame")
    assert said in several.text and "class TemplateAssertionError" in several.text, several.text
    assert "by assignment" not in served.call("search_symbol", query="no_such_name").text
