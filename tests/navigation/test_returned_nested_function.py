"""A nested function its enclosing function returns by name is run by whatever calls the value returned: a deeper
callers walk goes on through the enclosing function's callers (Jinja2 run 408: `_filter_test_common`'s depth-3 walk
stopped at prepare_map.func, which prepare_map returns)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = '''def call_filter(name, item):
    return name, item


def prepare_map(name):
    def func(item):
        return call_filter(name, item)

    return func


def do_map(name, items):
    func = prepare_map(name)
    return [func(i) for i in items]
'''


def test_the_walk_goes_on_through_the_function_returning_it(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/filters.py": SRC})
    a = served.call("find_related", symbol="call_filter", relation="callers", depth=3)
    assert not a.is_error, a.text
    rows = a.text.splitlines()
    assert any("in prepare_map.func" in r for r in rows), a.text
    assert any(":9 in prepare_map (5-9): return func" in r and "[returns it" in r for r in rows), a.text
    assert any("in do_map" in r and "prepare_map(name)" in r for r in rows), a.text


LOADER = '''class Template:
    @property
    def is_up_to_date(self) -> bool:
        return True

    @property
    def name(self) -> str:
        return "t"


class Other:
    @property
    def name(self) -> str:
        return "o"


class Environment:
    def _load_template(self, cache, key):
        template = cache.get(key)
        if template is not None and template.is_up_to_date:
            return template.name
        made = Template()
        return made.name
'''


def test_a_property_read_off_a_local_is_a_callee(tmp_path):
    # (Jinja2 run 408: `template.is_up_to_date` had been left out of Environment._load_template's callees)
    served = served_tree(tmp_path / "r", {"pkg/env.py": LOADER})
    a = served.call("find_related", symbol="Environment._load_template", relation="callees")
    assert not a.is_error, a.text
    rows = a.text.splitlines()
    guessed = next((r for r in rows if "Template.is_up_to_date" in r), "")
    assert "called at 20" in guessed and "the one property so named" in guessed, a.text
    typed = [r for r in rows if "Template.name" in r]
    assert typed and "called at 23" in typed[0] and "21" not in typed[0], a.text  # made: a Template; template: unknown
    assert not any("Other.name" in r for r in rows), a.text
