"""A relative import that names no repository file is unresolved or outside the root, never an external
package; well-known import names find their declared distribution (F17)."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served

TREE = {
    "web/package.json": '{"dependencies": {"lodash": "^4.17.21"}}\n',
    "web/src/main.ts": ('import _ from "lodash";\nimport { x } from "./util";\n\nimport type { Foo } from "./types";\n'
                        'const pkg = require("../../../package.json");\n'),
    "web/src/util.ts": "export const x = 1;\n",
    "pyapp/pyproject.toml": ('[project]\nname = "p"\ndependencies = ["requests>=2.31", "scikit-learn>=1.4", "PyYAML==6.0.1", '
                             '"Pillow>=10", "protobuf>=4", "beautifulsoup4>=4.12", "python-dateutil>=2.8", "opencv-python>=4"]\n'),
    "pyapp/pkg/__init__.py": "",
    "pyapp/pkg/other.py": "X = 1\n",
    "pyapp/pkg/core.py": ("import requests\nimport sklearn\nimport yaml\nfrom PIL import Image\nfrom .missing import nothing\n"
                          "from google.protobuf import message\nimport bs4\nfrom . import other\nimport dateutil.parser\nimport cv2\n"),
    "top.py": "from .. import parent_thing\n",
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("deps") / "r"
    for rel, text in TREE.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return Served(root)


def test_a_missing_relative_module_is_unresolved_and_a_path_above_the_root_is_outside_it(served: Served):
    a = served.call("list_dependencies", path="web/src/main.ts")
    assert not a.is_error, a.text
    # each statement row says it (no second line repeating it)
    assert "4: './types' (types only): Foo  [no repository file]" in a.text and "unresolved:" not in a.text, a.text
    assert "5: '../../../package.json': pkg  [outside the root]" in a.text
    assert {x["package"] for x in a.data["external"]} == {"lodash"}
    assert "./types (line 4)" in a.data["note"] and "../../../package.json" in a.data["note"]


def test_a_missing_python_relative_import_is_not_an_external_package(served: Served):
    a = served.call("list_dependencies", path="pyapp/pkg/core.py")
    assert "unresolved: .missing (line 5)" in a.text
    assert not any(x["package"].startswith(".") for x in a.data["external"])
    top = served.call("list_dependencies", path="top.py")
    assert "outside the root: .. (line 1)" in top.text
    assert top.data["external"] == []


def test_a_folder_names_the_file_of_each_unresolved_import(served: Served):
    a = served.call("list_dependencies", path="web")
    assert "unresolved: ./types (line 4 of web/src/main.ts)" in a.text


def test_import_names_find_their_declared_distribution(served: Served):
    a = served.call("list_dependencies", path="pyapp/pkg/core.py")
    declared = {x["package"]: x["declared"] for x in a.data["external"]}
    assert declared == {"requests": ">=2.31", "sklearn": ">=1.4", "yaml": "==6.0.1", "PIL": ">=10", "google.protobuf": ">=4",
                        "bs4": ">=4.12", "dateutil": ">=2.8", "cv2": ">=4"}
    assert "(undeclared)" not in a.text


def test_a_php_file_does_not_claim_nothing_imports_it(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("php") / "r"
    (root / "api").mkdir(parents=True)
    (root / "api" / "UserService.php").write_text("<?php\nnamespace app\\api;\nclass UserService {}\n")
    (root / "api" / "UserServiceTest.php").write_text("<?php\nuse app\\api\\UserService;\nclass T {}\n")
    served = Served(root)
    a = served.call("list_dependencies", path="api/UserService.php", direction="both")
    assert "no other repository file imports" not in a.text
    assert "no non-test file imports api/UserService.php" in a.text and "1 test file left out" in a.text
    a = served.call("list_dependencies", path="api/UserService.php", direction="dependents", tests=True)
    assert [e["source"] for e in a.data["dependents"]] == ["api/UserServiceTest.php"]
