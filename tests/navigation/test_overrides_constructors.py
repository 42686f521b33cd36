"""Symfony A/B run 212: CompleteCommand's `initialize` was missing from its overrides of Command (`initialize` had
been left out in every language, as Ruby's constructor). A constructor name is one in its own language only."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/Command.php": ("<?php\nnamespace App;\n\nclass Command\n{\n    public function __construct() {}\n\n"
                        "    protected function initialize($in) {}\n\n    protected function execute($in) {}\n}\n"),
    "src/Complete.php": ("<?php\nnamespace App;\n\nclass Complete extends Command\n{\n    public function __construct() {}\n\n"
                         "    protected function initialize($in) {}\n\n    protected function execute($in) {}\n}\n"),
    "lib/base.rb": "class Base\n  def initialize(x)\n  end\n\n  def run\n  end\nend\n",
    "lib/child.rb": "class Child < Base\n  def initialize(x)\n  end\n\n  def run\n  end\nend\n",
}


def test_a_constructor_name_is_one_in_its_own_language_only(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    php = served.call("find_related", symbol="Command", relation="implementations", path="src/Command.php")
    assert [i["overrides"] for i in php.data["items"]] == [["initialize", "execute"]], php.text
    rb = served.call("find_related", symbol="Base", relation="implementations")
    assert [i["overrides"] for i in rb.data["items"]] == [["run"]], rb.text  # Ruby's initialize is its constructor
