"""PHP mends of stop 57 (ramsey/uuid run 505), each with what the agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

NS = "<?php\nnamespace App\\Gen;\n\n"
RANDOM_IFACE = NS + "interface RandomGeneratorInterface\n{\n    public function generate(int $length): string;\n}\n"
TIME_IFACE = NS + "interface TimeGeneratorInterface\n{\n    public function generate($node = null): string;\n}\n"
COMB = NS + ("class CombGenerator implements RandomGeneratorInterface\n{\n"   # 4
             "    public function __construct(\n"                             # 6
             "        #[\\SensitiveParameter]\n"
             "        private readonly RandomGeneratorInterface $generator,\n"  # 8
             "        protected ?TimeGeneratorInterface $clock = null,\n"
             "        public int $size = 16,\n"
             "    ) {\n    }\n\n"
             "    public function generate(int $length): string\n    {\n"        # 14
             "        $this->clock->generate(null);\n"                           # 16
             "        return $this->generator->generate($length);\n"             # 17
             "    }\n}\n")
DCE = NS + ("class DceSecurityGenerator\n{\n"
            "    public function __construct(private TimeGeneratorInterface $timeGenerator)\n    {\n    }\n\n"
            "    public function make($node): string\n    {\n"
            "        return $this->timeGenerator->generate($node);\n"            # 12
            "    }\n}\n")
UNION = NS + ("class Pool\n{\n"
              "    public function __construct(private RandomGeneratorInterface|null $source) {}\n\n"
              "    public function draw(): string\n    {\n"
              "        return $this->source->generate(4);\n"                     # 10
              "    }\n}\n")
PROMOTED_TREE = {"src/Gen/RandomGeneratorInterface.php": RANDOM_IFACE, "src/Gen/TimeGeneratorInterface.php": TIME_IFACE,
                 "src/Gen/CombGenerator.php": COMB, "src/Gen/DceSecurityGenerator.php": DCE, "src/Gen/Pool.php": UNION}


def test_php_promoted_constructor_property_types_its_receiver_for_callers(tmp_path):
    """ramsey/uuid run 505: CombGenerator's `$this->generator->generate(..)`, `$generator` promoted in the constructor
    as `private RandomGeneratorInterface $generator`, was a caller "by name only", beside DceSecurityGenerator's
    call on a promoted TimeGeneratorInterface, which is none."""
    text = served_tree(tmp_path / "r", PROMOTED_TREE).call(
        "find_related", symbol="RandomGeneratorInterface.generate", relation="callers").text
    rows = [line for line in text.splitlines()[1:] if not line.startswith(("[", "matched by name only"))]
    assert any("CombGenerator.php:17 in CombGenerator.generate" in r for r in rows), text
    assert any("Pool.php:10 in Pool.draw" in r for r in rows), text  # (a union with null)
    assert "by name only" not in text.splitlines()[0], text
    assert not any("DceSecurityGenerator" in r or "CombGenerator.php:16" in r for r in rows), text


DEFAULT_TIME = NS + ("use App\\Provider\\TimeProviderInterface;\n\n"
                     "class DefaultTimeGenerator\n{\n"
                     "    public function __construct(\n"                      # 8
                     "        private TimeProviderInterface $timeProvider,\n"
                     "    ) {\n    }\n\n"
                     "    public function generate(): string\n    {\n"        # 13
                     "        $time = $this->timeProvider->getTime();\n"         # 15
                     "        return $time->getSeconds()->toString() . $time->getMicroseconds()->toString()\n"   # 16
                     "            . $time->getSeconds()->whatever();\n"
                     "    }\n}\n")
TIME_PROVIDER = ("<?php\nnamespace App\\Provider;\n\nuse App\\Type\\Time;\n\n"
                 "interface TimeProviderInterface\n{\n    public function getTime(): Time;\n}\n")
TIME = ("<?php\nnamespace App\\Type;\n\nuse App\\Type\\Integer as IntegerObject;\n\n"
        "final class Time\n{\n"
        "    public function __construct(private IntegerObject $seconds, private IntegerObject $micro) {}\n\n"
        "    public function getSeconds(): IntegerObject\n    {\n        return $this->seconds;\n    }\n\n"
        "    public function getMicroseconds(): IntegerObject\n    {\n        return $this->micro;\n    }\n}\n")
INTEGER = ("<?php\nnamespace App\\Type;\n\nfinal class Integer\n{\n"
           "    public function toString(): string\n    {\n        return '1';\n    }\n}\n")
HEX = ("<?php\nnamespace App\\Type;\n\nfinal class Hexadecimal\n{\n"
       "    public function toString(): string\n    {\n        return 'a';\n    }\n}\n")
CHAIN_TREE = {"src/Gen/DefaultTimeGenerator.php": DEFAULT_TIME, "src/Provider/TimeProviderInterface.php": TIME_PROVIDER,
              "src/Type/Time.php": TIME, "src/Type/Integer.php": INTEGER, "src/Type/Hexadecimal.php": HEX}


def test_php_promoted_property_types_its_receiver_for_callees(tmp_path):
    """ramsey/uuid run 505: DefaultTimeGenerator::generate's `$this->timeProvider->getTime()` was "a receiver of unknown
    type", `$timeProvider` being typed in the promoted constructor parameter."""
    text = served_tree(tmp_path / "r", CHAIN_TREE).call(
        "find_related", symbol="DefaultTimeGenerator.generate", relation="callees").text
    assert "TimeProviderInterface.getTime src/Provider/TimeProviderInterface.php:8" in text, text
    assert "timeProvider.getTime" not in text, text


def test_php_method_called_on_a_call_result_is_no_php_function(tmp_path):
    """ramsey/uuid run 505: `$time->getSeconds()->toString()` was listed under "PHP functions: toString (on
    $time.getMicroseconds(), $time.getSeconds())". getSeconds() is declared `: IntegerObject`, an alias of
    App\\Type\\Integer in Time.php: the call is Integer::toString; a method the returned class lacks stays unresolved,
    on the call's result."""
    text = served_tree(tmp_path / "r", CHAIN_TREE).call(
        "find_related", symbol="DefaultTimeGenerator.generate", relation="callees").text
    lines = text.splitlines()
    assert any(line.startswith("Integer.toString src/Type/Integer.php:6") for line in lines) \
        or "  Integer.toString 6-9 called at 16" in lines, text
    assert "Hexadecimal" not in text, text
    functions = next((line for line in lines if line.startswith("PHP functions")), "")
    assert "toString" not in functions and "whatever" not in functions, text
    unresolved = next(line for line in lines if line.startswith("unresolved"))
    assert "$time.getSeconds().whatever" in unresolved, text


def test_php_chained_call_on_an_untyped_result_is_unresolved_not_a_function(tmp_path):
    """ramsey/uuid run 505: a method called on a call's result whose class nothing declares is no PHP (global)
    function; it is listed unresolved with what it was called on."""
    src = NS + ("class Maker\n{\n    public function run($a, $b): void\n    {\n"
                "        $a->first()->format();\n        $b->second()->format();\n    }\n}\n")
    text = served_tree(tmp_path / "r", {"src/Gen/Maker.php": src, "src/Type/Integer.php": INTEGER}).call(
        "find_related", symbol="Maker.run", relation="callees").text
    functions = next((line for line in text.splitlines() if line.startswith("PHP functions")), "")
    assert "format" not in functions, text
    unresolved = next(line for line in text.splitlines() if line.startswith("unresolved"))
    assert "format (on $a.first(), $b.second())" in unresolved, text


def test_php_promoted_properties_are_listed_as_properties_of_the_class(tmp_path):
    """ramsey/uuid run 505: CombGenerator's outline listed no `$generator` property, promoted in the constructor; an
    agent asking what the class holds read the constructor instead."""
    served = served_tree(tmp_path / "r", PROMOTED_TREE)
    text = served.call("get_structured_index", path="src/Gen/CombGenerator.php").text
    lines = text.splitlines()
    assert "    7-8 private readonly RandomGeneratorInterface $generator" in lines, text
    assert "    9-9 protected ?TimeGeneratorInterface $clock = null" in lines, text
    assert "    10-10 public int $size = 16" in lines, text
    found = served.call("search_symbol", query="CombGenerator.generator").text
    assert "src/Gen/CombGenerator.php:7-8 field App\\Gen\\CombGenerator::generator (private)" in found, found
    # the uses view lists no properties: a promoted parameter's class is used on its line, in the constructor
    uses = served_tree(tmp_path / "c", CHAIN_TREE).call(
        "list_dependencies", path="src/Gen/DefaultTimeGenerator.php", view="uses").text
    assert "TimeProviderInterface (TimeProviderInterface.php:6) at 9" in uses, uses
    assert "the lines above are in: DefaultTimeGenerator.__construct 8-11" in uses, uses
