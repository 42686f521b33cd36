"""What mixes a module in (the Rack A/B run): `find_related(Rack::Response::Helpers, implementations)` answered
"0 definitions" although Rack::Response and Rack::Response::Raw `include Helpers`; the agent fell back to a text
search that also matched Rack::Request's own, different Helpers. Ruby include/extend/prepend and PHP trait `use`
now count, and a bare module name means the one in the including class's lexical nesting."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.conftest import Served, served_tree

RUBY = {
    "lib/rack/request.rb": (
        "module Rack\n  class Request\n    module Helpers\n      def params\n        {}\n      end\n    end\n\n"
        "    include Helpers\n  end\nend\n"),
    "lib/rack/response.rb": (
        "module Rack\n  class Response\n    module Helpers\n      def ok?\n        true\n      end\n    end\n\n"
        "    include Helpers\n\n    class Raw\n      include Helpers\n    end\n  end\nend\n"),
    "lib/rack/mock.rb": "module Rack\n  class MockResponse < Rack::Response\n  end\nend\n",
    "lib/rack/logging.rb": "module Rack\n  class Logged\n    extend Rack::Response::Helpers\n  end\nend\n",
    "lib/other.rb": "class Unrelated\n  include Comparable\nend\n",
}
PHP = {
    "src/Loggable.php": "<?php\nnamespace App;\n\ntrait Loggable\n{\n    public function log(string $m): void\n    {\n    }\n}\n",
    "src/Service.php": "<?php\nnamespace App;\n\nclass Service\n{\n    use Loggable;\n\n    public function run(): void\n"
                       "    {\n        $this->log('run');\n    }\n}\n",
    "src/Plain.php": "<?php\nnamespace App;\n\nclass Plain\n{\n}\n",
}


@pytest.fixture(scope="module")
def ruby(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("rack") / "rack", RUBY)


def test_classes_that_include_or_extend_a_ruby_module_implement_it(ruby: Served):
    a = ruby.call("find_related", symbol="Rack::Response::Helpers", relation="implementations", depth=1)
    assert not a.is_error, a.text
    got = {i["qualname"].replace(".", "::"): i["how"] for i in a.data["items"]}
    assert got == {"Rack::Response": "include", "Rack::Response::Raw": "include", "Rack::Logged": "extend"}, a.text
    assert "Request" not in a.text, "Rack::Request includes its own Helpers, not Response's"


def test_a_bare_include_means_the_module_of_the_including_classs_namespace(ruby: Served):
    a = ruby.call("find_related", symbol="Rack::Request::Helpers", relation="implementations")
    assert not a.is_error, a.text
    assert [i["qualname"].replace(".", "::") for i in a.data["items"]] == ["Rack::Request"], a.text
    # a complete list says so: the Rack A/B agent asked each subclass for its own subclasses to be sure
    assert "[complete: all levels listed]" in a.text
    more = ruby.call("find_related", symbol="Rack::Response::Helpers", relation="implementations", depth=1)
    assert "[not listed: 1 subtype of Response at the next level, maybe more below (pass depth=2 for them; depth=3 follows every level)]" in more.text, more.text


def test_a_php_class_using_a_trait_is_listed_under_the_trait(tmp_path: Path):
    a = served_tree(tmp_path / "php", PHP).call("find_related", symbol="Loggable", relation="implementations")
    assert not a.is_error, a.text
    assert {i["qualname"]: i["how"] for i in a.data["items"]} == {"Service": "trait"}, a.text


def test_a_call_to_an_included_modules_method_resolves_to_it(tmp_path: Path):
    files = dict(RUBY)
    files["lib/rack/util.rb"] = "module Rack\n  module Util\n    def ok?\n      true\n    end\n  end\nend\n"
    files["lib/rack/app.rb"] = ("module Rack\n  class App\n    include Util\n\n    def finish\n      ok?\n"
                                "    end\n  end\nend\n")
    a = served_tree(tmp_path / "rack", files).call("find_related", symbol="Rack::App#finish", relation="callees")
    assert not a.is_error, a.text
    assert {i["qualname"].replace(".", "::"): i["how"] for i in a.data["items"]} == {"Rack::Util#ok?": "mixin"}, a.text


def test_a_bare_java_call_resolves_to_the_base_class_method(tmp_path: Path):
    """`helper()` in a Java method is this.helper(): a base class's method, not an unresolved name."""
    files = {"src/app/Base.java": "package app;\n\npublic class Base {\n    protected void helper() {\n    }\n}\n",
             "src/app/Child.java": "package app;\n\npublic class Child extends Base {\n    public void run() {\n"
                                   "        helper();\n    }\n}\n"}
    a = served_tree(tmp_path / "java", files).call("find_related", symbol="Child.run", relation="callees")
    assert not a.is_error, a.text
    assert {i["qualname"]: i["how"] for i in a.data["items"]} == {"Base.helper": "base class"}, a.text
