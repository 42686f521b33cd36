"""PHP resolves an unqualified class name the file does not import to its own namespace's class, never to a namesake
elsewhere: Monolog run 360 read `new DateTimeImmutable` in `namespace Monolog;` as "by unique name" and went on to
check whether PHP's builtin DateTimeImmutable was meant. An outline shows a constant's value whole (the same run read
a range for `DEFAULT_JSON_FLAGS = ... | JSON_PARTIAL_OUTPUT_O…`)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FLAGS = " | ".join(["JSON_UNESCAPED_SLASHES", "JSON_UNESCAPED_UNICODE", "JSON_PRESERVE_ZERO_FRACTION",
                     "JSON_INVALID_UTF8_SUBSTITUTE", "JSON_PARTIAL_OUTPUT_ON_ERROR"])
_FILES = {
    "src/Stamp.php": ("<?php\nnamespace App;\n\nclass Stamp extends \\DateTimeImmutable\n{\n"
                      "    public function __construct(bool $micro)\n    {\n        parent::__construct('now');\n    }\n}\n"),
    "src/Logger.php": ("<?php\nnamespace App;\n\nclass Logger\n{\n    public function add(): void\n    {\n"
                       "        $at = new Stamp(true);\n    }\n}\n"),
    "src/Other/Clock.php": ("<?php\nnamespace Lib\\Other;\n\nclass Clock\n{\n    public function now(): void\n    {\n"
                            "        $at = new Stamp(true);\n    }\n}\n"),
    "src/Utils.php": f"<?php\nnamespace App;\n\nfinal class Utils\n{{\n    const DEFAULT_JSON_FLAGS = {_FLAGS};\n}}\n",
}


def test_same_namespace_class_is_said_so_and_another_namespace_does_not_reach_it(tmp_path):
    served = served_tree(tmp_path, _FILES)
    a = served.call("find_related", symbol="Logger.add", relation="callees", path="src/Logger.php")
    assert not a.is_error, a.text
    assert "class Stamp src/Stamp.php:4-10 built at 8" in a.text, a.text
    assert "same namespace" in a.text and "unique name" not in a.text, a.text
    # `namespace Lib\Other;` without `use App\Stamp;`: the name means Lib\Other\Stamp, which the repository lacks
    b = served.call("find_related", symbol="Clock.now", relation="callees", path="src/Other/Clock.php")
    assert not b.is_error, b.text
    assert "src/Stamp.php" not in b.text, b.text


def test_outline_shows_a_constant_value_whole(tmp_path):
    served = served_tree(tmp_path, _FILES)
    a = served.call("get_structured_index", path="src/Utils.php")
    assert not a.is_error, a.text
    assert f"const DEFAULT_JSON_FLAGS = {_FLAGS};" in a.text, a.text
    assert any(s["signature"].endswith("JSON_PARTIAL_OUTPUT_ON_ERROR;") for s in a.data["symbols"]), a.data


def test_a_docblock_generic_type_is_kept_whole_in_the_outline(tmp_path):
    # (commonmark run 374: `@var array<string, PrioritizedList<NodeRendererInterface>>` was shown as `@var array>`)
    s = served_tree(tmp_path, {"src/Environment.php": (
        "<?php\n\nnamespace App;\n\nfinal class Environment\n{\n"
        "    /** @var array<string, PrioritizedList<NodeRendererInterface>> */\n"
        "    private array $renderersByClass = [];\n\n"
        "    /**\n     * <p>Adds a renderer.</p>\n     */\n    public function addRenderer(): void\n    {\n    }\n}\n")})
    outline = s.call("get_structured_index", path="src/Environment.php").text
    assert "# @var array<string, PrioritizedList<NodeRendererInterface>>" in outline, outline
    assert "# Adds a renderer." in outline, outline


NARROWED = {
    "src/PrioritizedList.php": "<?php\n\nnamespace App;\n\nfinal class PrioritizedList\n{\n    public function add($item): void\n    {\n    }\n}\n",
    "src/AndExpr.php": "<?php\n\nnamespace App;\n\nfinal class AndExpr\n{\n    public function add($c): void\n    {\n    }\n}\n",
    "src/Parser.php": "<?php\n\nnamespace App;\n\ninterface Parser\n{\n    public function parse(string $s): bool;\n}\n",
    "src/Query.php": ("<?php\n\nnamespace App;\n\nfinal class Query\n{\n    /** @var callable */\n    private $condition;\n\n"   # 1-9
                      "    public function andWhere(callable $c): self\n    {\n"                                              # 10-11
                      "        if ($this->condition instanceof AndExpr) {\n            $this->condition->add($c);\n"   # 12-13
                      "        }\n\n        return $this;\n    }\n\n"                                                   # 14-18
                      "    public function run(array $parsers): void\n    {\n        foreach ($parsers as $parser) {\n"  # 19-21
                      "            \\assert($parser instanceof Parser);\n            $parser->parse('x');\n"               # 22-23
                      "        }\n    }\n}\n"),
}


def test_an_instanceof_check_types_the_receiver_it_narrows(tmp_path):
    # (commonmark run 374: `$this->condition->add(..)` under `instanceof AndExpr` was a PrioritizedList::add caller
    # "by name only", and `$parser->parse(..)` after `\assert($parser instanceof InlineParserInterface)` unresolved)
    s = served_tree(tmp_path, NARROWED)
    plist = s.call("find_related", symbol="PrioritizedList.add", relation="callers").text
    assert "0 call sites" in plist and "src/Query.php:13 `$this->condition->add($c);`" in plist, plist
    expr = s.call("find_related", symbol="AndExpr.add", relation="callers").text
    assert "src/Query.php:13 in Query.andWhere" in expr, expr
    run = s.call("find_related", symbol="Query.run", relation="callees").text
    assert "Parser.parse src/Parser.php:7-7 called at 23" in run, run


def test_a_docblock_map_type_over_spaces_types_a_foreach_element(tmp_path):
    # (commonmark run 374: `@var array<string, PrioritizedList<NodeRendererInterface>>` was read up to its first space)
    s = served_tree(tmp_path, {
        "src/PrioritizedList.php": NARROWED["src/PrioritizedList.php"],
        "src/Env.php": ("<?php\n\nnamespace App;\n\nfinal class Env\n{\n"
                        "    /**\n     * @var array<string, PrioritizedList<Renderer>>\n     */\n"
                        "    private array $renderers = [];\n\n    public function clear(): void\n    {\n"
                        "        foreach ($this->renderers as $list) {\n            $list->add(null);\n        }\n    }\n}\n"),
    })
    a = s.call("find_related", symbol="PrioritizedList.add", relation="callers").text
    assert "src/Env.php:15 in Env.clear" in a and "name only" not in a, a


def test_a_call_on_an_element_is_not_the_callee_another_lines_receiver_reached(tmp_path):
    # (commonmark: `$this->renderersByClass[$c]->add(..)` beside `$this->processors->add(..)` had both been
    # "Collection.add called at 22,23")
    s = served_tree(tmp_path, {
        "src/Collection.php": "<?php\n\nnamespace App;\n\nfinal class Collection\n{\n    public function add($x): void\n    {\n    }\n}\n",
        "src/Env.php": ("<?php\n\nnamespace App;\n\nfinal class Env\n{\n    private Collection $processors;\n\n"
                        "    private array $renderers = [];\n\n    public function addRenderer(string $c, $r): void\n    {\n"
                        "        $this->renderers[$c]->add($r);\n        $this->processors->add($r);\n    }\n}\n"),
    })
    a = s.call("find_related", symbol="Env.addRenderer", relation="callees").text
    assert "Collection.add src/Collection.php:7-9 called at 14" in a and "called at 13,14" not in a, a
