"""A semantic read of a range over several methods resolves each method's part as a read inside it would (Symfony
run 347: Command.php:250-348 over run, complete and setCode listed `$input->bind` as CompletionInput's and none of
run's `$this->` calls), and an overload of a base method is no override of it (Commons Collections run 344)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

PHP = {
    "src/InputInterface.php": "<?php\nnamespace App;\n\ninterface InputInterface\n{\n    public function bind(array $d);\n}\n",
    "src/CompletionInput.php": "<?php\nnamespace App;\n\nfinal class CompletionInput implements InputInterface\n{\n"
                               "    public function bind(array $d)\n    {\n    }\n}\n",
    "src/Command.php": ("<?php\nnamespace App;\n\nclass Command\n{\n    private $code;\n\n"
                        "    public function run(InputInterface $input): int\n    {\n"
                        "        $this->merge();\n        $input->bind([]);\n        return $this->execute($input);\n    }\n\n"
                        "    public function complete(CompletionInput $input): void\n    {\n    }\n\n"
                        "    protected function merge(): void\n    {\n    }\n\n"
                        "    protected function execute(InputInterface $input): int\n    {\n        return 0;\n    }\n}\n"),
}


def test_a_semantic_read_over_several_methods_resolves_each_in_its_own_method(tmp_path):
    served = served_tree(tmp_path / "r", PHP)
    a = served.call("read_code_range", path="src/Command.php", start_line=8, end_line=17, context="semantic")
    assert not a.is_error, a.text
    uses = a.text.split("── uses ──", 1)[1]
    assert "InputInterface.bind" in uses and "CompletionInput.bind" not in uses, a.text
    assert "Command.merge" in uses and "Command.execute" in uses, a.text
    assert "the range holds 2 functions" in a.text, a.text


def test_an_overload_with_other_parameters_is_no_override(tmp_path):
    served = served_tree(tmp_path / "j", {
        "src/main/java/m/AbstractHashedMap.java": "package m;\n\npublic abstract class AbstractHashedMap<K, V> {\n"
                                                  "    public V get(Object key) {\n        return null;\n    }\n}\n",
        "src/main/java/m/LRUMap.java": "package m;\n\npublic class LRUMap<K, V> extends AbstractHashedMap<K, V> {\n"
                                       "    public V get(Object key) {\n        return get(key, true);\n    }\n\n"
                                       "    public V get(Object key, boolean update) {\n        return null;\n    }\n}\n",
    })
    served.call("search_symbol", query="LRUMap")  # (the whole index built: an outline alone parses its own file first)
    a = served.call("get_structured_index", path="src/main/java/m/LRUMap.java")
    rows = {ln.strip().split(" ", 1)[0]: ln for ln in a.text.splitlines() if " get(" in ln}
    assert "[overrides" in rows["4-6"], a.text
    assert "[overrides" not in rows["8-10"], a.text


def test_an_override_two_bases_up_is_found_past_a_nearer_base_s_other_overload(tmp_path):
    # review of stop 51: CollectionBag.add(E) lost its row, AbstractBagDecorator having only add(E, int) while
    # AbstractCollectionDecorator, a level up, has add(E); AbstractBagDecorator's add(E, int) implements Bag's
    served = served_tree(tmp_path / "j", {
        "src/main/java/m/Bag.java": "package m;\n\npublic interface Bag<E> {\n    boolean add(E object, int n);\n}\n",
        "src/main/java/m/Decorator.java": "package m;\n\npublic abstract class Decorator<E> {\n"
                                          "    public boolean add(E object) {\n        return true;\n    }\n}\n",
        "src/main/java/m/BagDecorator.java": "package m;\n\npublic abstract class BagDecorator<E> extends Decorator<E> "
                                             "implements Bag<E> {\n    public boolean add(E object, int n) {\n"
                                             "        return true;\n    }\n}\n",
        "src/main/java/m/CollectionBag.java": "package m;\n\npublic class CollectionBag<E> extends BagDecorator<E> {\n"
                                              "    @Override\n    public boolean add(E object) {\n        return true;\n    }\n}\n",
    })
    served.call("search_symbol", query="CollectionBag")  # (the whole index built first)
    a = served.call("get_structured_index", path="src/main/java/m/CollectionBag.java")
    assert "[overrides m.Decorator.add src/main/java/m/Decorator.java:4]" in a.text, a.text
    b = served.call("get_structured_index", path="src/main/java/m/BagDecorator.java")
    assert "[overrides m.Bag.add src/main/java/m/Bag.java:4]" in b.text, b.text


def test_a_range_over_several_functions_keeps_the_uses_of_the_code_between_them(tmp_path):
    # review of stop 51: click's _compat.py:535-590 over term_len, isatty and _make_cached_stream_func listed
    # strip_ansi only, not the get_text_* functions its module code at 575-589 passes
    served = served_tree(tmp_path / "p", {
        "m.py": ("def get_text_stdin():\n    return 1\n\n\ndef strip(v):\n    return v\n\n\n"
                 "def term_len(x):\n    return len(strip(x))\n\n\n"
                 "def _cached(src):\n    return src\n\n\n"
                 "_default_text_stdin = _cached(get_text_stdin)\n")})
    a = served.call("read_code_range", path="m.py", start_line=9, end_line=17, context="semantic")
    uses = a.text.split("── uses ──", 1)[1]
    assert "def strip(v)" in uses and "def get_text_stdin()" in uses, a.text
    assert "def _cached(src)" not in uses, a.text  # (a function of the range: on the page already)
