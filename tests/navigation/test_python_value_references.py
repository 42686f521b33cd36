"""A Python class named as a value is a reference (`isinstance(value, Secret)`, `get_origin(base) is Secret`), never
its subclasses' base lists as calls; a multi-line import's reference goes with the name it imports (pydantic run 414:
Secret's references had left the first two out and taken v1's `from pydantic.v1.types import (` for Secret's)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TYPES = ('class Secret:\n    pass\n\n\nclass SecretStr(Secret):\n    pass\n\n\n'
         'def check(value, base):\n    if base is Secret:\n        return isinstance(value, (Secret, SecretStr))\n'
         '    return isinstance(value, Secret)\n')
OLD = 'from pkg.types import (\n    SecretStr,\n)\n\n\ndef f(x):\n    return SecretStr\n'


def test_a_class_named_as_a_value_is_a_reference(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/types.py": TYPES, "pkg/old.py": OLD})
    a = served.call("search_symbol", query="Secret", references=True)
    for line in ("10: if base is Secret:", "11: return isinstance(value, (Secret, SecretStr))", "12: return isinstance(value, Secret)"):
        assert line in a.text, a.text
    callers = served.call("find_related", symbol="Secret", relation="callers")
    assert "class SecretStr(Secret)" not in callers.text, callers.text  # a base list builds nothing
    both = served.call("search_symbol", query="Secret, SecretStr", references=True)
    secret_refs = both.text.split("references of Secret ", 1)[1].split("references of SecretStr", 1)[0]
    assert "pkg/old.py" not in secret_refs, both.text


BUILD = ('from __future__ import annotations\n\nfrom typing import TYPE_CHECKING, cast\n\nif TYPE_CHECKING:\n'
         '    from pkg.fields import ExtraInfo, Unused\n\n\ndef extra(cls):\n'
         '    # ExtraInfo is read from the class\n    return cast("ExtraInfo | None", getattr(cls, "x", None))\n')


def test_a_type_checking_import_used_in_a_string_type_is_used(tmp_path):
    # (pydantic run 414: `cast('PydanticExtraInfo | None', ..)` read as "not used: named only in comments or strings")
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/fields.py": "class ExtraInfo:\n    pass\n\n\nclass Unused:\n    pass\n",
                                          "pkg/build.py": BUILD})
    a = served.call("list_dependencies", path="pkg/build.py", view="uses")
    assert "ExtraInfo (in string type expressions) at 11" in a.text, a.text
    assert "not used: Unused" in a.text, a.text


DELETION = ('def CASCADE(collector, field):\n    return collector\n\n\nclass Rel:\n    def __init__(self, on_delete=None):\n'
            '        self.on_delete = on_delete\n\n\ndef make():\n    return Rel(on_delete=CASCADE)\n\n\n'
            'def check(x):\n    return x is CASCADE\n\n\ndef run(c, f):\n    return CASCADE(c, f)\n')


def test_a_function_named_as_a_value_is_no_call_site(tmp_path):
    # (Django run 418: `on_delete=CASCADE` and `is CASCADE` had been listed as call sites of the function CASCADE)
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/deletion.py": DELETION})
    a = served.call("find_related", symbol="CASCADE", relation="callers")
    rows = [ln for ln in a.text.split("also named without a call", 1)[0].splitlines() if ln.startswith("pkg/")]
    assert len(rows) == 1 and "in run" in rows[0], a.text
