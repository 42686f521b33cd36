"""Callers of a method name that several classes define, on any receiver (the Rack A/B run): `find_related(
parse_nested_query, callers)` was refused ("names 2 definitions; pass the one you mean"), so the agent answered
"who calls a method named parse_nested_query" with a text search. The callers of a few function or method
namesakes are now one answer, each call site saying which definition its receiver, import or file reaches."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

RUBY = {
    "lib/rack/query_parser.rb": (
        "module Rack\n  class QueryParser\n    def parse_nested_query(qs, d = nil)\n      {}\n    end\n  end\nend\n"),
    "lib/rack/utils.rb": (
        "module Rack\n  module Utils\n    def self.default_query_parser\n      QueryParser.new\n    end\n\n"
        "    module_function\n    def parse_nested_query(qs, d = nil)\n"
        "      Rack::Utils.default_query_parser.parse_nested_query(qs, d)\n    end\n  end\nend\n"),
    "lib/rack/mock.rb": (
        "module Rack\n  class MockRequest\n    def env_for(params)\n      Utils.parse_nested_query(params)\n"
        "    end\n  end\nend\n"),
    "lib/rack/request.rb": (
        "module Rack\n  class Request\n    def parse_query(qs, d)\n      query_parser.parse_nested_query(qs, d)\n"
        "    end\n  end\nend\n"),
}


@pytest.fixture(scope="module")
def rack(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("rack") / "rack", RUBY)


def test_callers_of_a_method_name_two_classes_define_are_one_answer_naming_what_each_site_reaches(rack: Served):
    a = rack.call("find_related", symbol="parse_nested_query", relation="callers")
    assert not a.is_error, a.text
    assert a.text.startswith("callers of the 2 definitions named parse_nested_query ("), a.text
    assert "lib/rack/query_parser.rb:3-5" in a.text.splitlines()[0] and "lib/rack/utils.rb:8-10" in a.text.splitlines()[0]
    callers = {i["qualname"] for i in a.data["items"]}  # as Ruby writes them; after `module_function`, Utils.x
    assert callers == {"Rack::Utils.parse_nested_query", "Rack::MockRequest#env_for", "Rack::Request#parse_query"}
    mock = next(i for i in a.data["items"] if i["path"] == "lib/rack/mock.rb")
    assert mock["reaches"] is not None and "Utils" in mock["reaches"], a.text  # `Utils.parse_nested_query(params)`
    assert "-> " in a.text and a.data["call_sites"] == 3


def test_one_of_the_namesakes_still_answers_alone_and_other_relations_still_ask_which(rack: Served):
    one = rack.call("find_related", symbol="Rack::QueryParser#parse_nested_query", relation="callers")
    assert not one.is_error and one.text.startswith("callers of method Rack::QueryParser#parse_nested_query"), one.text
    assert "named parse_nested_query (" not in one.text
    # another relation of the shared name answers each definition's (each under its own header)
    other = rack.call("find_related", symbol="parse_nested_query", relation="callees")
    assert not other.is_error and other.text.count("callees of method ") == 2, other.text
