"""Stumbles of the Symfony String (PHP) A/B rerun 457, each with what a user would have seen before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

BASE = ("<?php\nnamespace App;\n\nabstract class Base\n{\n"
        "    public function __clone()\n    {\n        $this->n = 0;\n    }\n\n"                     # 6-9
        "    public function copy(): static\n    {\n"                                              # 11-12
        "        $str = clone $this;\n        return $str;\n    }\n\n"                               # 13-15
        + "".join(f"    public function m{i}(): int\n    {{\n        return {i};\n    }}\n\n" for i in range(16))
        + "}\n")
WIDE = ("<?php\nnamespace App;\n\nclass Wide extends Base\n{\n"
        "    public function __clone()\n    {\n    }\n\n"
        + "".join(f"    public function m{i}(): int\n    {{\n        return -{i};\n    }}\n\n" for i in range(16))
        + "}\n")


def test_a_php_clone_of_this_runs_the_classes_clone_hook_and_its_overrides(tmp_path):
    # run 457: truncate's callees said they were complete and left out the __clone that `clone $this` runs, which
    # UnicodeString overrides
    served = served_tree(tmp_path / "r", {"src/Base.php": BASE, "src/Wide.php": WIDE})
    text = served.call("find_related", symbol="Base.copy", relation="callees").text
    row = next((r for r in text.splitlines() if r.lstrip().startswith("Base.__clone")), "")
    assert "Base.__clone src/Base.php:6-9 called at 13" in row and "run by `clone $this`" in row, text
    assert "overridden in Wide.__clone" in row, text


def test_an_implementations_answer_of_few_classes_names_every_override(tmp_path):
    # run 457: `+6 more` on UnicodeString's row hid whether it overrides codePointsAt; three outlines were read
    served = served_tree(tmp_path / "r", {"src/Base.php": BASE, "src/Wide.php": WIDE})
    text = served.call("find_related", symbol="Base", relation="implementations").text
    row = next(r for r in text.splitlines() if "class Wide" in r)
    assert "more" not in row, text
    assert all(f"m{i} " in row for i in range(16)) and "__clone" in row, text
