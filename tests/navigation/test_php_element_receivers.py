"""A PHP call on an element of a property, `$this->renderersByClass[$c]->add(..)`, is typed by the property's docblock
(`@var array<string, PrioritizedList<..>>`, `@var Other[]`): commonmark run 385 found Environment::addRenderer's call
among PrioritizedList::add's callers "by name only", and its callees named another class's `add`
(DelimiterProcessorCollection's, by import)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "src/PrioritizedList.php": ("<?php\nnamespace App;\n\nfinal class PrioritizedList\n{\n"
                                "    public function add($item, int $priority): void\n    {\n    }\n}\n"),
    "src/Bag.php": "<?php\nnamespace App;\n\nfinal class Bag\n{\n    public function add($item, int $priority): void\n    {\n    }\n}\n",
    "src/Environment.php": (
        "<?php\nnamespace App;\n\nfinal class Environment\n{\n"
        "    /**\n     * @var array<string, PrioritizedList<object>>\n     */\n"
        "    private array $renderersByClass = [];\n\n"
        "    /** @var Bag[] */\n    private array $bags = [];\n\n"
        "    public function addRenderer(string $nodeClass, $renderer, int $priority = 0): void\n    {\n"
        "        if (! isset($this->renderersByClass[$nodeClass])) {\n"
        "            $this->renderersByClass[$nodeClass] = new PrioritizedList();\n        }\n\n"
        "        $this->renderersByClass[$nodeClass]->add($renderer, $priority);\n    }\n\n"
        "    public function addBag(string $k, $item): void\n    {\n"
        "        $this->bags[$k]->add($item, 0);\n    }\n\n"
        "    /**\n     * @param Bag[] $bags\n     */\n"
        "    public function fill(array $bags, $item): void\n    {\n        $bags[0]->add($item, 1);\n    }\n}\n"),
}


def test_a_call_on_a_property_element_is_typed_by_the_docblock(tmp_path):
    served = served_tree(tmp_path / "php", TREE)
    a = served.call("find_related", symbol="PrioritizedList.add", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i for i in a.data["items"]}
    assert "Environment.addRenderer" in rows and rows["Environment.addRenderer"]["how"] == "receiver type", a.text
    assert "Environment.addBag" not in rows and "name only" not in a.text, a.text
    b = served.call("find_related", symbol="Bag.add", relation="callers")
    rows = {i["qualname"]: i for i in b.data["items"]}
    assert rows.get("Environment.addBag", {}).get("how") == "receiver type", b.text
    assert "Environment.addRenderer" not in rows, b.text


def test_callees_on_property_and_parameter_elements_are_the_element_class(tmp_path):
    served = served_tree(tmp_path / "php", TREE)
    for fn, want in (("Environment.addRenderer", "PrioritizedList.add"), ("Environment.addBag", "Bag.add"),
                     ("Environment.fill", "Bag.add")):
        a = served.call("find_related", symbol=fn, relation="callees")
        assert not a.is_error, a.text
        adds = [i["qualname"] for i in a.data["items"] if i["qualname"].endswith(".add")]
        assert adds == [want], (fn, a.text)
