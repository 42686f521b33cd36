"""Callers of a method: `self.x(...)` inside another class is that class's x, whatever file it is in."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served


def _router_repo(tmp_path: Path) -> Path:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "routing.py").write_text(
        "class Router:\n"
        "    def app(self, scope):\n"
        "        return scope\n"
        "\n"
        "    def dispatch(self, scope):\n"
        "        return self.app(scope)\n"
        "\n"
        "\n"
        "class Route:\n"
        "    def app(self, scope):\n"
        "        return None\n"
        "\n"
        "    def handle(self, scope):\n"
        "        return self.app(scope)\n"
    )
    (tmp_path / "app" / "main.py").write_text(
        "from app.routing import Router\n"
        "\n"
        "\n"
        "def serve(router: Router, other):\n"
        "    router.app({})\n"
        "    other.app({})\n"
    )
    return tmp_path


def test_self_calls_in_another_class_are_not_callers_of_this_method(tmp_path: Path):
    _router_repo(tmp_path)
    a = Served(tmp_path).semantic("app/routing.py", "Router.app")
    confident = {(c["path"], c["line"]) for c in a.data["callers"] if c.get("how") != "name only"}
    assert ("app/routing.py", 6) in confident and ("app/main.py", 5) in confident  # self inside Router; router.app
    assert ("app/routing.py", 14) not in confident  # Route.handle calls Route's own app
    assert ("app/main.py", 6) not in confident  # other.app: nothing says it is a Router


def test_uses_resolve_members_through_their_receiver_or_not_at_all(tmp_path: Path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "net.py").write_text("def get(url):\n    return url\n\n\ndef info(msg):\n    return msg\n")
    (tmp_path / "pkg" / "models.py").write_text("class Order:\n    def total(self):\n        return 1\n")
    (tmp_path / "pkg" / "handler.py").write_text(
        "from pkg import net\n"
        "from pkg.models import Order\n"
        "\n"
        "\n"
        "class Request:\n"
        "    def read(self):\n"
        "        return b''\n"
        "\n"
        "\n"
        "class Handler:\n"
        "    def helper(self):\n"
        "        return 1\n"
        "\n"
        "    def handle(self, response, logger, scope, order: Order):\n"
        "        response.read()\n"
        "        logger.info('x')\n"
        "        scope.get('type')\n"
        "        order.total()\n"
        "        net.get('u')\n"
        "        return self.helper()\n"
    )
    a = Served(tmp_path).semantic("pkg/handler.py", "Handler.handle")
    uses = {u["location"] for u in a.data["uses"]}
    assert "pkg/handler.py:11-12" in uses  # self.helper: this class
    assert "pkg/models.py:2-3" in uses  # order.total: the Order it is named after
    assert "pkg/net.py:1-2" in uses  # net.get: the imported module's get
    assert "pkg/handler.py:6-7" not in uses  # response.read is not Request.read
    assert "pkg/net.py:5-6" not in uses  # logger.info is not net.info


def test_references_of_a_qualified_method_keep_only_sites_with_receiver_evidence(tmp_path: Path):
    a = Served(_router_repo(tmp_path)).call("search_symbol", query="Router.app", references=True)
    assert not a.is_error, a.text
    sites = {(r["path"], r["line"]) for r in a.data["references"]}
    assert {("app/routing.py", 6), ("app/main.py", 5)} <= sites
    assert not {("app/routing.py", 14), ("app/main.py", 6)} & sites
    assert "were left out" in a.text


def test_a_file_the_agent_just_broke_says_where_the_syntax_error_is(tmp_path: Path):
    (tmp_path / "util.py").write_text("def ok():\n    return 1\n\n\ndef broken(((value):\n    return value\n\n\nclass Pattern:\n"
                                      "    def matches(self):\n        return True\n")
    served = Served(tmp_path)
    outline = served.call("get_structured_index", path="util.py")
    assert "syntax error at line 5: `def broken(((value):`" in outline.text
    miss = served.call("read_code_range", path="util.py", symbol="Pattern.nope")
    assert miss.is_error and "syntax error at line 5" in miss.text
    assert "may be missing or misplaced" in outline.text, outline.text  # the parse lost its way here


def test_a_syntax_error_recovered_inside_one_item_says_the_rest_is_read_as_written(tmp_path: Path):
    # syn run 307: token.rs's `[$]` arm of macro_rules! Token is an error tree-sitter recovers from inside the
    # macro, yet the outline warned "definitions after it may be missing", and the agent re-checked a full listing
    (tmp_path / "token.rs").write_text(
        "pub struct Dot;\n\nmacro_rules! Token {\n    [.] => { $crate::Dot };\n    [$] => { $crate::Dollar };\n}\n\n"
        "pub struct Dollar;\n\npub fn after() {}\n")
    outline = Served(tmp_path).call("get_structured_index", path="token.rs")
    assert "syntax error at line 5" in outline.text, outline.text
    assert "recovered inside `macro_rules! Token {` (3-6); the definitions outside it are read as written" \
        in outline.text, outline.text
    assert "may be missing" not in outline.text and "after" in outline.text, outline.text
    (tmp_path / "two.rs").write_text("macro_rules! T {\n    [$] => { 1 };\n}\n\nfn broken( {\n}\n\nfn after() {}\n")
    two = Served(tmp_path).call("get_structured_index", path="two.rs")  # a second error outside: no such promise
    assert "syntax error at line 2" in two.text and "may be missing or misplaced" in two.text, two.text
    # review of 366deef: a recovery that ran to the file's end, and one inside a class holding every member
    (tmp_path / "m.py").write_text("def first(a):\n    return f(a,\n\n\ndef second():\n    return 2\n")
    (tmp_path / "Map.java").write_text("public class Map {\n    public void put() {\n        if (x) {\n    }\n\n"
                                       "    public void remove() {\n    }\n}\n")
    for name in ("m.py", "Map.java"):
        a = Served(tmp_path).call("get_structured_index", path=name)
        assert "may be missing or misplaced" in a.text and "recovered inside" not in a.text, a.text


def test_a_getter_and_setter_apart_are_both_named(tmp_path: Path):
    (tmp_path / "a.py").write_text("class C:\n    @property\n    def size(self):\n        return 1\n\n    def other(self):\n"
                                   "        return 2\n\n    @size.setter\n    def size(self, v):\n        pass\n")
    a = Served(tmp_path).call("read_code_range", path="a.py", symbol="C.size")
    assert not a.is_error, a.text
    assert "the others are at lines 2-4" in a.text  # the getter the answer does not show is named


def test_references_never_come_from_another_language(tmp_path: Path):
    (tmp_path / "text.py").write_text("def strlen(s):\n    return len(s)\n\n\nprint(strlen('x'))\n")
    (tmp_path / "page.php").write_text("<?php\necho strlen($name);\necho strlen($other);\n")
    a = Served(tmp_path).call("search_symbol", query="strlen", references=True)
    assert not a.is_error, a.text
    assert {r["path"] for r in a.data["references"]} == {"text.py"}
