"""What the kramdown (Ruby) A/B run 86 stumbled on: `class Html < Base` inside `module Parser` listed among
Converter::Base's subclasses (the base resolved by its bare name) and Markdown < Kramdown missing (every file
reopens `module Kramdown`); bare calls in the same class reopened in another file "name only"; `require
'kramdown/utils'` in a root that is a gem's lib/ read as the gem, its names "not used"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "kramdown.rb": "module Kramdown\n  def self.data_dir\n    'data'\n  end\nend\n",
    "kramdown/utils.rb": "module Kramdown\n  module Utils\n    def self.snake_case(name)\n      name.downcase\n    end\n  end\nend\n",
    "kramdown/parser/base.rb": "module Kramdown\n  module Parser\n    class Base\n      def parse\n      end\n    end\n  end\nend\n",
    "kramdown/converter/base.rb": ("require 'erb'\nrequire 'kramdown/utils'\n\nmodule Kramdown\n  module Converter\n"
                                   "    class Base\n      def name_of(x)\n        ::Kramdown::Utils.snake_case(x)\n      end\n"
                                   "    end\n  end\nend\n"),
    "kramdown/converter/html.rb": "module Kramdown\n  module Converter\n    class Html < Base\n    end\n  end\nend\n",
    "kramdown/parser/html.rb": "module Kramdown\n  module Parser\n    class Html < Base\n    end\n  end\nend\n",
    "kramdown/parser/kramdown.rb": ("module Kramdown\n  module Parser\n    class Kramdown < Base\n"
                                    "      def parse_spans(el)\n        el\n      end\n    end\n  end\nend\n"),
    "kramdown/parser/kramdown/link.rb": ("module Kramdown\n  module Parser\n    class Kramdown\n      def parse_link\n"
                                         "        parse_spans(1)\n      end\n    end\n  end\nend\n"),
    "kramdown/parser/markdown.rb": "module Kramdown\n  module Parser\n    class Markdown < Kramdown\n    end\n  end\nend\n",
}


def test_ruby_subclasses_resolve_the_base_from_their_nesting(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    conv = served.call("find_related", symbol="Kramdown::Converter::Base", relation="implementations")
    assert {i["qualname"] for i in conv.data["items"]} == {"Kramdown::Converter::Html"}, conv.text
    parse = served.call("find_related", symbol="Kramdown::Parser::Base", relation="implementations")
    assert {i["qualname"] for i in parse.data["items"]} == {"Kramdown::Parser::Html", "Kramdown::Parser::Kramdown",
                                                            "Kramdown::Parser::Markdown"}, parse.text


def test_ruby_bare_call_in_the_same_class_reopened_elsewhere_is_on_self(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("find_related", symbol="parse_spans", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["how"]) for i in a.data["items"]] == [("Kramdown::Parser::Kramdown#parse_link", "receiver")], a.text
    assert "name only" not in a.text, a.text


def test_ruby_require_in_a_lib_root_names_what_the_file_uses(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("list_dependencies", path="kramdown/converter/base.rb", view="uses")
    assert not a.is_error, a.text
    by_line = {u["line"]: {n["name"]: n for n in u["names"]} for u in a.data["uses"]}
    assert set(by_line[2]) == {"Utils", "Utils.snake_case"}, a.text
    assert by_line[2]["Utils.snake_case"]["defined"] == "kramdown/utils.rb:3", a.text
    assert "gem kramdown" not in a.text and "no name of it used" not in a.text, a.text


def test_ruby_call_without_parentheses_is_a_call_site_unless_a_local_shadows_it(tmp_path):
    files = {**_FILES, "kramdown/parser/kramdown/paragraph.rb": (
        "module Kramdown\n  module Parser\n    class Kramdown\n      def parse_paragraph\n"
        "        until @src.match?(paragraph_end)\n          x = 1\n        end\n      end\n\n"
        "      def other\n        paragraph_end = 3\n        paragraph_end\n      end\n\n"
        "      def paragraph_end\n        /x/\n      end\n    end\n  end\nend\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="paragraph_end", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("Kramdown::Parser::Kramdown#parse_paragraph", [5])], a.text


def test_ruby_prefix_search_with_a_double_colon_name(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("search_symbol", query="Kramdown::Converter", match="prefix", kind="module")
    assert not a.is_error, a.text
    assert a.data["definitions"] and all(d["qualname"].replace(".", "::") == "Kramdown::Converter" for d in a.data["definitions"]), a.text


def test_ruby_parenless_call_inside_an_interpolated_string_line_and_a_call_argument(tmp_path):
    files = {**_FILES, "kramdown/converter/html.rb": (
        "module Kramdown\n  module Converter\n    class Html < Base\n      def convert_root(el, indent)\n"
        "        result = ''\n        if @loc\n          result.sub!(/#{@loc}/, footnote_content.gsub(/x/, 'y'))\n"
        "        else\n          result << footnote_content\n        end\n      end\n\n"
        "      def footnote_content\n        ''\n      end\n    end\n  end\nend\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="footnote_content", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("Kramdown::Converter::Html#convert_root", [7, 9])], a.text


def test_ruby_method_rows_name_their_protected_or_private_section(tmp_path):
    files = {**_FILES, "kramdown/parser/kramdown.rb": (
        "module Kramdown\n  module Parser\n    class Kramdown < Base\n      def parse\n      end\n\n      protected\n\n"
        "      def cache(x)\n        x\n      end\n      private :cache\n\n      def parse_spans(el)\n        el\n      end\n"
        "    end\n  end\nend\n")}
    a = served_tree(tmp_path / "r", files).call("search_symbol", query="parse_spans, cache, parse",
                                                path="kramdown/parser/kramdown.rb")
    assert not a.is_error, a.text
    assert "Kramdown#parse_spans (protected)" in a.text and "Kramdown#cache (private)" in a.text, a.text
    assert "Kramdown#parse —" in a.text, a.text
