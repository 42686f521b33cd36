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
