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
