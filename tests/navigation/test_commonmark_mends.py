"""league/commonmark (PHP): extensions register their parsers and renderers through one fluent chain on the
builder, `$environment` then dozens of `->addInlineParser(..)` lines, blank lines, steps whose arguments span lines,
and `->addRenderer(..)`. Before, a call on a line starting with `->` read only the line above, so the calls of
CommonMarkCoreExtension, InlinesOnlyExtension, SmartPunctExtension and two more were name only."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

BUILDER = """<?php
namespace League\\CommonMark\\Environment;

interface EnvironmentBuilderInterface
{
    public function addInlineParser(object $parser, int $priority = 0): EnvironmentBuilderInterface;
    public function addDelimiterProcessor(object $processor): EnvironmentBuilderInterface;
    public function addRenderer(string $nodeClass, object $renderer, int $priority = 0): EnvironmentBuilderInterface;
    public function getConfiguration(): object;
}
"""

ENVIRONMENT = """<?php
namespace League\\CommonMark\\Environment;

final class Environment implements EnvironmentBuilderInterface
{
    public function addInlineParser(object $parser, int $priority = 0): EnvironmentBuilderInterface
    {
        return $this;
    }

    public function addDelimiterProcessor(object $processor): EnvironmentBuilderInterface
    {
        return $this;
    }

    public function addRenderer(string $nodeClass, object $renderer, int $priority = 0): EnvironmentBuilderInterface
    {
        return $this;
    }

    public function getConfiguration(): object
    {
        return $this;
    }
}
"""

EXTENSION = """<?php
namespace League\\CommonMark\\Extension\\SmartPunct;

use League\\CommonMark\\Environment\\EnvironmentBuilderInterface;

final class SmartPunctExtension
{
    public function register(EnvironmentBuilderInterface $environment): void
    {
        $environment
            ->addInlineParser(new QuoteParser(), 10)
            ->addInlineParser(new DashParser(), 0)
            ->addInlineParser(new EllipsesParser(), 0)

            ->addDelimiterProcessor(QuoteProcessor::createDoubleQuoteProcessor(
                $environment->getConfiguration()->get('smartpunct/double_quote_opener'),
                $environment->getConfiguration()->get('smartpunct/double_quote_closer')
            ))

            ->addRenderer(Document::class, new DocumentRenderer(), 0)
            ->addRenderer(Paragraph::class, new ParagraphRenderer(), 0);
    }
}
"""


def test_calls_at_the_end_of_a_long_fluent_chain_are_typed_through_its_head(tmp_path):
    served = served_tree(tmp_path / "r", {"src/Environment/EnvironmentBuilderInterface.php": BUILDER,
                                          "src/Environment/Environment.php": ENVIRONMENT,
                                          "src/Extension/SmartPunct/SmartPunctExtension.php": EXTENSION})
    r = served.call("find_related", symbol="Environment.addRenderer", relation="callers")
    lines = EXTENSION.splitlines()
    want = {n for n, text in enumerate(lines, 1) if "->addRenderer(" in text}
    assert {n for i in r.data["items"] for n in i["lines"]} == want, r.text
    assert "name only" not in r.text, r.text


PARSERS = {
    "src/Parser/Block/BlockContinueParserInterface.php": ("<?php\nnamespace P;\n\ninterface BlockContinueParserInterface\n{\n"
                                                          "    public function isContainer(): bool;\n}\n"),
    "src/Parser/Block/AbstractBlockContinueParser.php": ("<?php\nnamespace P;\n\nabstract class AbstractBlockContinueParser "
                                                         "implements BlockContinueParserInterface\n{\n"
                                                         "    public function isContainer(): bool\n    {\n        return false;\n    }\n}\n"),
    "src/Parser/Block/ParagraphParser.php": ("<?php\nnamespace P;\n\nfinal class ParagraphParser extends AbstractBlockContinueParser\n"
                                             "{\n}\n"),
    "src/Extension/Embed/EmbedParser.php": ("<?php\nnamespace P;\n\nclass EmbedParser implements BlockContinueParserInterface\n{\n"
                                            "    public function isContainer(): bool\n    {\n        return false;\n    }\n}\n"),
}


def test_implementation_rows_say_abstract_and_final(tmp_path):
    served = served_tree(tmp_path / "r", PARSERS)
    r = served.call("find_related", symbol="BlockContinueParserInterface", relation="implementations")
    assert "abstract class AbstractBlockContinueParser" in r.text, r.text
    assert "final class ParagraphParser" in r.text, r.text
    assert " class EmbedParser" in r.text and "final class EmbedParser" not in r.text, r.text


def test_the_callers_of_a_php_constructor_are_the_new_of_its_class_and_the_parent_calls_of_its_subclasses(tmp_path):
    # run 164: callers of MarkdownInput::__construct listed the subclass's `parent::__construct(..)` and left out
    # `new MarkdownInput($input)`, the one place the class is built
    served = served_tree(tmp_path / "cm", {
        "src/Input/MarkdownInput.php": "<?php\nnamespace App\\Input;\n\nclass MarkdownInput\n{\n"
                                       "    public function __construct(string $content, int $lineOffset = 0)\n    {\n"
                                       "        $this->content = $content;\n    }\n}\n",
        "src/Input/FrontInput.php": "<?php\nnamespace App\\Input;\n\nfinal class FrontInput extends MarkdownInput\n{\n"
                                    "    public function __construct(string $content)\n    {\n"
                                    "        parent::__construct($content, 1);\n    }\n}\n",
        "src/Parser/Parser.php": "<?php\nnamespace App\\Parser;\n\nuse App\\Input\\MarkdownInput;\n\nfinal class Parser\n{\n"
                                 "    public function parse(string $input): void\n    {\n"
                                 "        $event = new Event(new MarkdownInput($input));\n    }\n}\n",
        "src/Other.php": "<?php\nnamespace App;\n\nclass Other extends Base\n{\n"
                         "    public function __construct()\n    {\n        parent::__construct();\n    }\n}\n",
    })
    a = served.call("find_related", symbol="MarkdownInput.__construct", relation="callers")
    assert not a.is_error, a.text
    assert "2 calling definitions, 2 call sites" in a.text.splitlines()[0], a.text
    assert "src/Parser/Parser.php:10 in Parser.parse (8-11): $event = new Event(new MarkdownInput($input));" in a.text, a.text
    assert "src/Input/FrontInput.php:8 in FrontInput.__construct (6-9): parent::__construct($content, 1);" in a.text, a.text
    assert "src/Other.php:8 in" not in a.text, a.text  # another class's parent call


def test_a_php_anonymous_class_is_among_the_implementations_of_what_it_implements(tmp_path):
    # run 164: BlockStartParserInterface's implementations left out `new class () implements
    # BlockStartParserInterface, ConfigurationAwareInterface {` in TableOfContentsPlaceholderParser::blockStartParser
    served = served_tree(tmp_path / "cm", {
        "src/Parser/StartParserInterface.php": "<?php\nnamespace App\\Parser;\n\ninterface StartParserInterface\n{\n"
                                               "    public function tryStart(string $line): ?string;\n}\n",
        "src/Parser/Heading.php": "<?php\nnamespace App\\Parser;\n\nfinal class Heading implements StartParserInterface\n{\n"
                                  "    public function tryStart(string $line): ?string\n    {\n        return null;\n    }\n}\n",
        "src/Toc/Placeholder.php": "<?php\nnamespace App\\Toc;\n\nuse App\\Parser\\StartParserInterface;\n\n"
                                   "final class Placeholder\n{\n    public static function startParser(): StartParserInterface\n"
                                   "    {\n        return new class () implements StartParserInterface, \\Countable {\n"
                                   "            public function tryStart(string $line): ?string\n            {\n"
                                   "                return $line;\n            }\n\n"
                                   "            public function count(): int\n            {\n                return 0;\n"
                                   "            }\n        };\n    }\n}\n",
        "src/Other.php": "<?php\nnamespace App;\n\nfunction make(): object\n{\n    return new class () implements \\Countable {\n"
                         "        public function count(): int { return 1; }\n    };\n}\n",
    })
    a = served.call("find_related", symbol="StartParserInterface", relation="implementations")
    assert not a.is_error, a.text
    assert "2 definitions; by implements 1, anonymous class 1" in a.text.splitlines()[0], a.text
    assert ("src/Toc/Placeholder.php:8-21 method Placeholder.startParser  [anonymous class, new class () implements "
            "StartParserInterface, \\Countable {...} at line 10]") in a.text, a.text
    assert "src/Other.php" not in a.text, a.text
