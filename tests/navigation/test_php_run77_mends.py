"""What the Monolog (PHP) A/B run 77 stumbled on: `use function count;` imports called unused; receivers typed by
property docblocks (`/** @var HandlerInterface */ protected $handler;`), by a foreach over a `HandlerInterface[]`
property, by `new static(..)`, left "name only"; `parent::write()` counted as a caller of a method its nearest base
does not reach, and `$this->write()` in a base class (which dispatches to the override) left out; a semantic read
resolving `$handler->isHandling(..)` to the reading class's own isHandling; a constant's value cut."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/HandlerInterface.php": ("<?php\nnamespace Mono;\n\ninterface HandlerInterface\n{\n"
                                 "    public function handleBatch(array $records): void;\n"
                                 "    public function isHandling(array $record): bool;\n}\n"),
    "src/Buffer.php": (
        "<?php\nnamespace Mono;\n\nuse function count;\nuse function trigger_error;\n\nclass Buffer\n{\n"  # 1-8
        "    /** @var HandlerInterface */\n    protected $handler;\n\n"  # 9-11
        "    /**\n     * The stack\n     *\n     * @var HandlerInterface[]\n     */\n    protected $handlers;\n\n"  # 12-18
        "    public function flush(array $records): int\n    {\n        $this->handler->handleBatch($records);\n"  # 19-21
        "        foreach ($this->handlers as $handler) {\n            if ($handler->isHandling([])) {\n"  # 22-23
        "                $handler->handleBatch($records);\n            }\n        }\n"  # 24-26
        "        return isset($records[0]) ? count($records) : 0;\n    }\n\n"  # 27-29
        "    public function isHandling(int $level): bool\n    {\n        return true;\n    }\n\n"  # 30-34
        "    public static function make(): void\n    {\n        $b = new static();\n        $b->flush([]);\n    }\n}\n"),  # 35-40
    "src/Processing.php": ("<?php\nnamespace Mono;\n\nabstract class Processing\n{\n    public function handle(array $r): void\n"
                           "    {\n        $this->write($r);\n    }\n\n    abstract protected function write(array $r): void;\n}\n"),
    "src/Stream.php": ("<?php\nnamespace Mono;\n\nclass Stream extends Processing\n{\n"
                       "    protected function write(array $r): void\n    {\n    }\n}\n"),
    "src/Socket.php": ("<?php\nnamespace Mono;\n\nclass Socket extends Processing\n{\n"
                       "    protected function write(array $r): void\n    {\n    }\n}\n"),
    "src/Rotating.php": ("<?php\nnamespace Mono;\n\nclass Rotating extends Stream\n{\n"
                         "    protected function write(array $r): void\n    {\n        parent::write($r);\n    }\n}\n"),
    "src/Slack.php": ("<?php\nnamespace Mono;\n\nclass Slack extends Socket\n{\n"
                      "    protected function write(array $r): void\n    {\n        parent::write($r);\n    }\n}\n"),
}


def test_php_use_function_imports_are_used_by_their_calls(tmp_path):
    a = served_tree(tmp_path / "m", _FILES).call("list_dependencies", path="src/Buffer.php", view="uses")
    assert not a.is_error, a.text
    rows = {u["line"]: {n["name"]: n["lines"] for n in u["names"]} for u in a.data["uses"]}
    assert rows[4] == {"count": [27]} and rows[5] == {"trigger_error": []}, a.text


def test_php_receivers_typed_by_docblocks_foreach_and_new_static(tmp_path):
    served = served_tree(tmp_path / "m", _FILES)
    a = served.call("find_related", symbol="HandlerInterface.handleBatch", relation="callers")
    assert not a.is_error, a.text
    how = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert how.get(21) == "receiver type" and how.get(24) == "receiver type", a.text
    b = served.call("find_related", symbol="Buffer.flush", relation="callers")
    assert any(38 in i["lines"] and i["how"] != "name only" for i in b.data["items"]), b.text
    c = served.call("read_code_range", path="src/Buffer.php", symbol="Buffer.flush", context="semantic")
    assert "HandlerInterface.isHandling" in c.text and "Buffer.isHandling" not in c.text, c.text


def test_php_parent_calls_reach_the_nearest_base_and_this_calls_in_a_base_dispatch(tmp_path):
    a = served_tree(tmp_path / "m", _FILES).call("find_related", symbol="Socket.write", relation="callers")
    assert not a.is_error, a.text
    rows = {(i["path"], ln): i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert ("src/Slack.php", 8) in rows and ("src/Rotating.php", 8) not in rows, a.text
    assert rows.get(("src/Processing.php", 8)) == "base type", a.text


def test_php_uses_view_names_same_namespace_classes_and_callees_skip_language_constructs(tmp_path):
    fleep = ("<?php\nnamespace Mono;\n\nuse function count;\n\nclass Fleep extends Socket\n{\n"
             "    public function n(array $r): int\n    {\n        return count($r);\n    }\n}\n")
    served = served_tree(tmp_path / "m", {**_FILES, "src/Fleep.php": fleep})
    a = served.call("list_dependencies", path="src/Fleep.php", view="uses")
    assert not a.is_error, a.text
    assert "Socket (Socket.php:4) at 6" in a.text and "Mono" not in a.text.split("same package")[-1], a.text
    b = served.call("find_related", symbol="Buffer.flush", relation="callees")
    assert "isset" not in b.text, b.text


def test_callees_name_a_callable_held_by_a_variable(tmp_path):
    """Monolog run 334: Logger::addRecord's callees left out `$processor($record)` (a callable from
    `$this->processors`); the agent found it reading the body. It is named as a local call; `$this->x()` is not."""
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {"src/Logger.php": (
        "<?php\nnamespace Monolog;\n\nclass Logger\n{\n    private $processors = [];\n\n"
        "    public function addRecord(array $record): bool\n    {\n        foreach ($this->processors as $processor) {\n"
        "            $record = $processor($record);\n        }\n        return $this->write($record);\n    }\n\n"
        "    private function write(array $record): bool\n    {\n        return true;\n    }\n}\n")})
    c = served.call("find_related", symbol="Logger.addRecord", relation="callees")
    assert "calls its own locals or parameters: $processor" in c.text, c.text
    assert "Logger.write" in c.text and "$this" not in c.text.split("calls its own")[1], c.text
