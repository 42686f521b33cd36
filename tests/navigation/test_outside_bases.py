"""Subtypes of a type the repository does not define (commonmark A/B run 339: the implementers of
League\\Config\\ConfigurationAwareInterface, an interface of another package, were only word hits to read)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

PHP = {
    "src/Renderer/NewlineRenderer.php": "<?php\nnamespace App\\Renderer;\n\nuse League\\Config\\ConfigurationAwareInterface;\n\n"
                                        "final class NewlineRenderer implements RendererInterface, ConfigurationAwareInterface\n{\n"
                                        "    public function setConfiguration(object $c): void\n    {\n    }\n}\n",
    "src/Renderer/RendererInterface.php": "<?php\nnamespace App\\Renderer;\n\ninterface RendererInterface\n{\n}\n",
    "src/Normalizer/SlugNormalizer.php": "<?php\nnamespace App\\Normalizer;\n\n"
                                         "class SlugNormalizer implements \\League\\Config\\ConfigurationAwareInterface\n{\n}\n",
    "src/Normalizer/StrictSlug.php": "<?php\nnamespace App\\Normalizer;\n\nfinal class StrictSlug extends SlugNormalizer\n{\n}\n",
    "src/Toc/Placeholder.php": "<?php\nnamespace App\\Toc;\n\nuse League\\Config\\ConfigurationAwareInterface;\n\n"
                               "final class Placeholder\n{\n    public static function parser(): object\n    {\n"
                               "        return new class () implements ConfigurationAwareInterface {\n"
                               "            public function setConfiguration(object $c): void\n            {\n            }\n"
                               "        };\n    }\n}\n",
    "src/Other/Elsewhere.php": "<?php\nnamespace App\\Other;\n\nuse Acme\\Settings\\ConfigurationAwareInterface;\n\n"
                               "final class Elsewhere implements ConfigurationAwareInterface\n{\n}\n",
}


def test_the_implementers_of_an_outside_interface_are_the_classes_whose_header_names_it(tmp_path):
    served = served_tree(tmp_path / "cm", PHP)
    a = served.call("find_related", symbol="League\\Config\\ConfigurationAwareInterface", relation="implementations")
    assert not a.is_error, a.text
    head = a.text.splitlines()[0]
    assert head.startswith("implementations of interface League\\Config\\ConfigurationAwareInterface (outside the "
                           "repository), depth 3: 4 definitions"), a.text
    assert "src/Renderer/NewlineRenderer.php:6-11 final class NewlineRenderer" in a.text, a.text
    assert "class SlugNormalizer" in a.text and "final class StrictSlug" in a.text, a.text  # its subclass, a level down
    assert "method Placeholder.parser" in a.text and "anonymous class" in a.text, a.text
    assert "Elsewhere" not in a.text, a.text  # imports another package's interface of that name
    assert "defined outside the repository" in a.text, a.text
    assert a.data["location"] == "outside the repository", a.data
    # by the bare name, every class naming it is listed, Acme's too
    bare = served.call("find_related", symbol="ConfigurationAwareInterface", relation="implementations", depth=1)
    assert "4 definitions" in bare.text.splitlines()[0] and "Elsewhere" in bare.text, bare.text
    assert "StrictSlug" not in bare.text and "pass depth=2 or 3 for theirs" in bare.text, bare.text


def test_a_name_no_class_derives_from_is_still_not_found(tmp_path):
    served = served_tree(tmp_path / "cm", PHP)
    a = served.call("find_related", symbol="Acme\\Other\\Unknown", relation="implementations")
    assert a.is_error and "no definition named 'Acme\\Other\\Unknown'" in a.text, a.text
    b = served.call("find_related", symbol="ConfigurationAwareInterface", relation="callers")
    assert b.is_error, b.text  # only the type relation is answered for an outside name


def test_search_symbol_of_an_outside_name_says_where_it_is_imported_from_and_the_call_for_its_subtypes(tmp_path):
    served = served_tree(tmp_path / "cm", PHP)
    a = served.call("search_symbol", query="ConfigurationAwareInterface")
    assert ("imported from outside the repository as League\\Config\\ConfigurationAwareInterface, "
            "Acme\\Settings\\ConfigurationAwareInterface") in a.text, a.text
    assert 'find_related(symbol="ConfigurationAwareInterface", relation="implementations")' in a.text, a.text


def test_python_subclasses_of_a_builtin_exception(tmp_path):
    served = served_tree(tmp_path / "py", {
        "pkg/errors.py": "class AppError(Exception):\n    pass\n\n\nclass UsageError(AppError):\n"
                         "    def show(self):\n        pass\n\n\nclass Plain:\n    pass\n",
        "pkg/io.py": "import builtins\n\n\nclass Closed(builtins.Exception):\n    pass\n",
    })
    a = served.call("find_related", symbol="Exception", relation="implementations")
    assert not a.is_error, a.text
    assert "implementations of class Exception (outside the repository), depth 3: 3 definitions" in a.text, a.text
    assert "class AppError" in a.text and "class UsageError" in a.text and "class Closed" in a.text, a.text
    assert "Plain" not in a.text, a.text


def test_rust_impls_of_a_std_trait_by_any_path_it_is_written_with(tmp_path):
    served = served_tree(tmp_path / "rs", {
        "Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "use std::fmt;\nuse core::fmt::Display;\n\npub struct A;\npub struct B;\npub struct C;\n\n"
                      "impl fmt::Display for A {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n}\n\n"
                      "impl Display for B {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n}\n\n"
                      "impl fmt::Debug for C {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }\n}\n",
    })
    a = served.call("find_related", symbol="std::fmt::Display", relation="implementations")
    assert not a.is_error, a.text
    assert "implementations of trait std::fmt::Display (outside the repository), depth 3: 2 definitions" in a.text, a.text
    assert "struct A" in a.text and "struct B" in a.text and "struct C" not in a.text, a.text
    assert "struct A  [impl at line 8]" in a.text and "struct B  [impl at line 12]" in a.text, a.text


def test_java_anonymous_classes_of_an_outside_interface(tmp_path):
    served = served_tree(tmp_path / "j", {
        "src/main/java/a/Pool.java": "package a;\n\npublic class Pool {\n    public void start() {\n"
                                     "        Runnable r = new Runnable() {\n            public void run() {}\n        };\n"
                                     "    }\n}\n",
        "src/main/java/a/Worker.java": "package a;\n\npublic class Worker implements Runnable {\n    public void run() {}\n}\n",
    })
    a = served.call("find_related", symbol="Runnable", relation="implementations")
    assert not a.is_error, a.text
    assert "2 definitions; by anonymous class 1, implements 1" in a.text.splitlines()[0], a.text
    assert "method Pool.start" in a.text and "class Worker" in a.text, a.text


def test_a_written_qualifier_and_a_php_namespace_decide_which_outside_base_a_header_names(tmp_path):
    # review of 3f75f41: `class GEOSContext(threading.local)` answered for unittest.local; `extends RuntimeException` in
    # a namespace with its own RuntimeException answered for \RuntimeException, while `class RuntimeException extends
    # \RuntimeException` (named like its base) was lost
    served = served_tree(tmp_path / "r", {
        "pkg/ctx.py": "import threading\n\n\nclass GEOSContext(threading.local):\n    pass\n",
        "src/Exception/RuntimeException.php": "<?php\nnamespace App\\Exception;\n\nclass RuntimeException extends \\RuntimeException\n{\n}\n",
        "src/Exception/MissingInput.php": "<?php\nnamespace App\\Exception;\n\nclass MissingInput extends RuntimeException\n{\n}\n",
        "src/Test/TestCase.php": "<?php\nnamespace App\\Test;\n\nclass TestCase extends \\PHPUnit\\Framework\\TestCase\n{\n}\n",
    })
    assert served.call("find_related", symbol="unittest.local", relation="implementations").is_error
    ok = served.call("find_related", symbol="threading.local", relation="implementations")
    assert "class GEOSContext" in ok.text, ok.text
    php = served.call("find_related", symbol="\\RuntimeException", relation="implementations", depth=1)
    assert "src/Exception/RuntimeException.php:4-6 class RuntimeException" in php.text, php.text
    assert "MissingInput" not in php.text, php.text  # that namespace's own RuntimeException's subclass
    unit = served.call("find_related", symbol="PHPUnit\\Framework\\TestCase", relation="implementations")
    assert "src/Test/TestCase.php:4-6 class TestCase" in unit.text, unit.text


def test_search_symbol_hints_only_what_holds(tmp_path):
    # review of 3f75f41: a Kotlin constructor parameter `(context: Context)` read as a base, whose find_related then
    # failed; a default import of a repository file read as "imported from outside the repository"
    served = served_tree(tmp_path / "r", {
        "app/src/main/java/a/App.kt": "package a\n\nimport android.content.Context\n\n"
                                      "class App(context: Context) : Base() {\n    fun f(c: Context) = c\n}\n",
        "src/errors.ts": "import defaultErrorMap from \"./locales/en.js\";\n\nexport const m = defaultErrorMap;\n",
        "src/locales/en.ts": "const errorMap = (x: number) => x;\nexport default errorMap;\n",
    })
    k = served.call("search_symbol", query="Context")
    assert "imported from outside the repository as android.content.Context" in k.text, k.text
    assert "named as a base" not in k.text, k.text
    d = served.call("search_symbol", query="defaultErrorMap")
    assert "outside the repository as" not in d.text, d.text


def test_a_base_written_through_a_module_alias_answers_the_module_s_name(tmp_path):
    # review of stop 51: click's `class ParamType(t.Generic[T])` under `import typing as t` answered t.Generic
    # but no longer typing.Generic
    served = served_tree(tmp_path / "py", {
        "pkg/types.py": "import typing as t\n\nT = t.TypeVar('T')\n\n\nclass ParamType(t.Generic[T]):\n    pass\n",
        "pkg/other.py": "import collections as t\n\n\nclass Odd(t.Generic):\n    pass\n",
    })
    for asked in ("typing.Generic", "t.Generic"):
        a = served.call("find_related", symbol=asked, relation="implementations")
        assert not a.is_error and "class ParamType" in a.text, a.text
    b = served.call("find_related", symbol="typing.Generic", relation="implementations")
    assert "Odd" not in b.text, b.text  # (its `t` is collections)


def test_a_kotlin_class_named_without_parentheses_by_a_class_with_secondary_constructors_is_a_class(tmp_path):
    # review of stop 51: DialogTitle's `: TextView {` (its constructors call `super(context, ..)`) made
    # android.widget.TextView an interface
    served = served_tree(tmp_path / "kt", {
        "a/DialogTitle.kt": ("package a\n\nimport android.widget.TextView\nimport android.content.Context\n\n"
                             "class DialogTitle : TextView {\n    constructor(context: Context) : super(context)\n}\n"),
        "a/Job.kt": "package a\n\nclass Job : Runnable {\n    override fun run() {}\n}\n",
    })
    a = served.call("find_related", symbol="TextView", relation="implementations")
    assert "implementations of class TextView" in a.text, a.text
    b = served.call("find_related", symbol="Runnable", relation="implementations")
    assert "implementations of interface Runnable" in b.text, b.text


def test_a_secondary_constructor_says_nothing_of_a_class_that_names_several_supertypes(tmp_path):
    # review of the stop-52 diff: `class TitleView : TextView, View.OnClickListener` with a secondary constructor had
    # made OnClickListener a class ("by base class", Plain's row too)
    served = served_tree(tmp_path / "kt", {
        "a/Views.kt": ("package a\n\nimport android.content.Context\nimport android.view.View\nimport android.widget.TextView\n\n"
                       "class TitleView : TextView, View.OnClickListener {\n    constructor(context: Context) : super(context)\n\n"
                       "    override fun onClick(v: View) {}\n}\n\nclass Plain : View.OnClickListener {\n"
                       "    override fun onClick(v: View) {}\n}\n"),
    })
    a = served.call("find_related", symbol="OnClickListener", relation="implementations").text
    assert "implementations of interface OnClickListener" in a and "all by implements" in a, a


PHP_GLOBAL = {
    "src/Exception/InvalidArgumentException.php": "<?php\n\nnamespace App\\Exception;\n\n"
        "class InvalidArgumentException extends \\InvalidArgumentException\n{\n}\n",
    "src/Exception/MissingInputException.php": "<?php\n\nnamespace App\\Exception;\n\n"
        "class MissingInputException extends InvalidArgumentException\n{\n}\n",
    "src/BadThing.php": "<?php\n\nnamespace App;\n\nclass BadThing extends \\InvalidArgumentException\n{\n}\n",
}


def test_a_class_extending_the_global_class_is_no_subclass_of_the_repositorys_namesake(tmp_path):
    # `extends \InvalidArgumentException` names PHP's class, not App\Exception\InvalidArgumentException (review of
    # stop 51: BadThing had been listed under the repository's class, and nested under it in the outside answer)
    served = served_tree(tmp_path / "php", PHP_GLOBAL)
    own = served.call("find_related", symbol="InvalidArgumentException", path="src/Exception/InvalidArgumentException.php",
                      relation="implementations").text
    assert "MissingInputException" in own and "BadThing" not in own, own
    outside = served.call("find_related", symbol="\\InvalidArgumentException", relation="implementations").text
    assert "\nsrc/BadThing.php:5-7 class BadThing" in outside, outside  # a direct subclass, not nested
    assert "\n  src/Exception/MissingInputException.php" in outside, outside
