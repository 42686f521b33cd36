"""Callers of a method called on a local built as a subclass that overrides it say the override runs first (Django
run 418: `collector = NestedObjects(using=using)` then `collector.collect(objs)` read as a plain call of
Collector.collect)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

DELETION = 'class Collector:\n    def collect(self, objs):\n        return objs\n\n\ndef delete(objs):\n    c = Collector()\n    return c.collect(objs)\n'
UTILS = ('from pkg.deletion import Collector\n\n\nclass NestedObjects(Collector):\n    def collect(self, objs):\n'
         '        return super().collect(objs)\n\n\ndef get_deleted_objects(objs):\n    collector = NestedObjects()\n'
         '    return collector.collect(objs)\n')


def test_a_call_on_a_local_built_as_an_overriding_subclass_is_said(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/deletion.py": DELETION, "pkg/utils.py": UTILS})
    a = served.call("find_related", symbol="Collector.collect", relation="callers")
    assert not a.is_error, a.text
    assert ("called on a NestedObjects built in the caller at pkg/utils.py:11: NestedObjects.collect (its override) "
            "runs first") in a.text, a.text
    assert "pkg/deletion.py:8" not in a.text.split("runs first", 1)[0], a.text  # a Collector built: no note for it
