"""PHP methods called through $this, from the Monolog A/B run: `$this->isHandling()` (a base class's),
`$this->processRecord()` (a trait's), `$this->write()` (the class's own abstract method) all went unresolved;
a trait's implementation comes before an interface's declaration; a protected method is not labelled private; a
subtype list cut at the depth asked says that more levels exist."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.conftest import Served, served_tree

FILES = {
    "src/Handler/HandlerInterface.php": "<?php\nnamespace App\\Handler;\n\ninterface HandlerInterface\n{\n"
                                        "    public function getFormatter(): string;\n}\n",
    "src/Handler/FormattableTrait.php": "<?php\nnamespace App\\Handler;\n\ntrait FormattableTrait\n{\n"
                                        "    public function getFormatter(): string\n    {\n        return 'line';\n    }\n\n"
                                        "    protected function format(string $s): string\n    {\n        return $s;\n    }\n}\n",
    "src/Handler/AbstractHandler.php": "<?php\nnamespace App\\Handler;\n\nabstract class AbstractHandler\n{\n"
                                       "    public function isHandling(array $r): bool\n    {\n        return true;\n    }\n}\n",
    "src/Handler/ProcessingHandler.php": (
        "<?php\nnamespace App\\Handler;\n\nabstract class ProcessingHandler extends AbstractHandler implements HandlerInterface\n{\n"
        "    use FormattableTrait;\n\n"
        "    public function handle(array $r): bool\n    {\n        if (!$this->isHandling($r)) {\n            return false;\n        }\n"
        "        $this->write($this->format($this->getFormatter()));\n        return true;\n    }\n\n"
        "    abstract protected function write(string $s): void;\n}\n"),
    "src/Handler/StreamHandler.php": "<?php\nnamespace App\\Handler;\n\nclass StreamHandler extends ProcessingHandler\n{\n"
                                     "    protected function write(string $s): void\n    {\n    }\n}\n",
    "src/Handler/RotatingHandler.php": "<?php\nnamespace App\\Handler;\n\nclass RotatingHandler extends StreamHandler\n{\n}\n",
}


@pytest.fixture(scope="module")
def php(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("php") / "app", FILES)


def test_this_calls_resolve_to_the_base_class_the_trait_and_the_class_itself(php: Served):
    a = php.call("find_related", symbol="ProcessingHandler::handle", relation="callees")
    assert not a.is_error, a.text
    got = {i["qualname"]: i["path"] for i in a.data["items"]}
    assert {i["qualname"]: i["how"] for i in a.data["items"]}["FormattableTrait.format"] == "trait", a.text
    assert got == {"AbstractHandler.isHandling": "src/Handler/AbstractHandler.php",
                   "FormattableTrait.format": "src/Handler/FormattableTrait.php",
                   "FormattableTrait.getFormatter": "src/Handler/FormattableTrait.php",  # not the interface's
                   "ProcessingHandler.write": "src/Handler/ProcessingHandler.php"}, a.text
    assert "not resolved" not in a.text, a.text


def test_a_protected_method_is_labelled_protected(php: Served):
    a = php.call("search_symbol", query="format", path="src/Handler/FormattableTrait.php")
    assert "FormattableTrait::format (protected) — protected function format" in a.text, a.text


def test_subtypes_cut_at_the_depth_asked_say_that_more_levels_exist(php: Served):
    one = php.call("find_related", symbol="AbstractHandler", relation="implementations", depth=1)
    assert "[not listed: 1 subtype of ProcessingHandler at the next level, maybe more below (pass depth=2 for them; depth=3 follows every level)]" in one.text, one.text
    three = php.call("find_related", symbol="AbstractHandler", relation="implementations", depth=3)
    assert "RotatingHandler" in three.text and "[complete: all levels listed]" in three.text, three.text


def test_a_php_file_s_imports_are_its_use_statements_with_what_each_reaches(tmp_path: Path):
    """The Monolog agent read the header after list_dependencies, unsure whether 'N files in-repo' left any out."""
    root = tmp_path / "app"
    (root / "src" / "Handler").mkdir(parents=True)
    (root / "src" / "Logger.php").write_text("<?php\nnamespace App;\n\nclass Logger\n{\n}\n", encoding="utf-8")
    (root / "src" / "Handler" / "Stream.php").write_text(
        "<?php\nnamespace App\\Handler;\n\nuse App\\Logger;\nuse DateTimeZone;\nuse Psr\\Log\\LoggerInterface;\n\n"
        "class Stream\n{\n}\n", encoding="utf-8")
    (root / "composer.json").write_text('{"autoload": {"psr-4": {"App\\\\": "src/"}}, '
                                        '"require": {"psr/log": "^1.0"}}', encoding="utf-8")
    a = Served(root).call("list_dependencies", path="src/Handler/Stream.php")
    assert not a.is_error, a.text
    lines = a.text.split("\n")
    assert lines[0] == "src/Handler/Stream.php: 3 import statements (1 repository file reached):", a.text
    assert lines[1] == "  4: App\\Logger  -> src/Logger.php", a.text
    assert lines[2].startswith("  5: DateTimeZone  [") and lines[3].startswith("  6: Psr\\Log\\LoggerInterface  ["), a.text
