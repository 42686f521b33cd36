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
    "kt/Event.kt": ("package k\n\nopen class Event {\n    protected fun init(viewTag: Int) {\n    }\n\n"
                    "    open fun getEventName(): String = \"e\"\n}\n"),
    "kt/Layout.kt": ("package k\n\nclass Layout : Event {\n    constructor() : super()\n\n"
                     "    protected fun init(surfaceId: Int, viewTag: Int) {\n    }\n\n"
                     "    private fun getEventName2(): String = \"x\"\n\n    override fun getEventName(): String = \"l\"\n}\n"),
}


def test_a_constructor_name_is_one_in_its_own_language_only(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    php = served.call("find_related", symbol="Command", relation="implementations", path="src/Command.php")
    # (a constructor over the base's is named apart, last: run 224)
    assert [i["overrides"] for i in php.data["items"]] == [["initialize", "execute", "__construct (constructor)"]], php.text
    rb = served.call("find_related", symbol="Base", relation="implementations")
    # Ruby's initialize is its constructor: said so, not counted as an override
    assert [i["overrides"] for i in rb.data["items"]] == [["run", "initialize (constructor)"]], rb.text

    kt = served.call("find_related", symbol="Event", relation="implementations", path="kt/Event.kt")
    # (the second review: a Kotlin secondary constructor and an overload of another parameter count are no overrides)
    assert [i["overrides"] for i in kt.data["items"]] == [["getEventName"]], kt.text
