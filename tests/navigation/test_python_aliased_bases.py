"""Django's serializers: `class Serializer(base.Serializer)` (a class named like the base it reads from a module),
`class Serializer(PythonSerializer)` with `from ..python import Serializer as PythonSerializer`. Before, base.Serializer
had no implementations at all ("nothing names Serializer as a base"), json's base was "not found" and geojson's was
signing.py's JSONSerializer, by its unique name."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FILES = {
    "pkg/__init__.py": "",
    "pkg/base.py": "class Serializer:\n    internal_use_only = False\n\n    def getvalue(self):\n        return 1\n",
    "pkg/python.py": ("from pkg import base\n\n\nclass Serializer(base.Serializer):\n    internal_use_only = True\n\n"
                      "    def getvalue(self):\n        return []\n"),
    "pkg/xml.py": "from pkg import base\n\n\nclass Serializer(base.Serializer):\n    indent = 2\n",
    "pkg/json.py": ("from pkg.python import Serializer as PythonSerializer\n\n\n"
                    "class Serializer(PythonSerializer):\n    def getvalue(self):\n        return ''\n"),
    "pkg/geo.py": "from pkg.json import Serializer as JSONSerializer\n\n\nclass Serializer(JSONSerializer):\n    pass\n",
    "pkg/signing.py": "class JSONSerializer:\n    pass\n",
}


def test_subclasses_named_like_their_base_and_through_import_aliases(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    r = served.call("find_related", symbol="Serializer", path="pkg/base.py", relation="implementations")
    rows = {i["path"] for i in r.data["items"]}
    assert rows == {"pkg/python.py", "pkg/xml.py", "pkg/json.py", "pkg/geo.py"}, r.text
    assert "as PythonSerializer" in r.text and "as JSONSerializer" in r.text, r.text
    assert "also through" not in r.text, r.text  # python.Serializer is not its own subclass
    row = next(line for line in r.text.splitlines() if "pkg/python.py" in line)
    assert "overrides getvalue 7, internal_use_only" in row, r.text  # a class attribute set again counts


def test_supertypes_follow_import_aliases(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    r = served.call("find_related", symbol="Serializer", path="pkg/geo.py", relation="supertypes")
    assert [i["path"] for i in r.data["items"]] == ["pkg/json.py", "pkg/python.py", "pkg/base.py"], r.text
    assert "signing" not in r.text and "not found" not in r.text, r.text
    p = served.call("find_related", symbol="Serializer", path="pkg/python.py", relation="supertypes")
    assert [i["path"] for i in p.data["items"]] == ["pkg/base.py"], p.text


MIGRATIONS = {
    "pkg/__init__.py": "",
    "pkg/db/__init__.py": "",
    "pkg/db/migrations/__init__.py": "from .migration import Migration\n",
    "pkg/db/migrations/migration.py": "class Migration:\n    operations = []\n",
    "app/migrations/0001_initial.py": ("from pkg.db import migrations\n\n\nclass Migration(migrations.Migration):\n"
                                       "    operations = [1]\n"),
    "other/migrations/0001_initial.py": ("from pkg.db import migrations\n\n\nclass Migration(migrations.Migration):\n"
                                         "    operations = [2]\n"),
}


def test_a_base_read_through_a_module_package_is_its_class(tmp_path):
    # (Django's migrations: each `class Migration(migrations.Migration)` had the other migration files' Migration
    # classes as its supertypes, by name, and db.migrations.Migration no implementations)
    served = served_tree(tmp_path / "r", MIGRATIONS)
    up = served.call("find_related", symbol="Migration", path="app/migrations/0001_initial.py", relation="supertypes")
    assert [i["path"] for i in up.data["items"]] == ["pkg/db/migrations/migration.py"], up.text
    down = served.call("find_related", symbol="Migration", path="pkg/db/migrations/migration.py",
                       relation="implementations")
    assert {i["path"] for i in down.data["items"]} == {"app/migrations/0001_initial.py",
                                                       "other/migrations/0001_initial.py"}, down.text
