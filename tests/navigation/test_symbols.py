"""search_symbol and read_code_range by symbol (with semantic context), end to end through the SDK client."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import hit_at
from tests.navigation.conftest import FIXTURES, Served, copy_fixture, served_tree


def test_exact_search_returns_location_kind_and_signature(pyshop: Served):
    a = pyshop.call("search_symbol", query="apply_discount")
    assert not a.is_error, a.text
    [hit] = a.data["definitions"]
    assert (hit["path"], hit["kind"], hit["start_line"], hit["end_line"]) == ("shop/pricing.py", "function", 12, 16)
    assert hit["signature"] == "def apply_discount(order: Order, percent: float) -> int"
    assert a.text.startswith("shop/pricing.py:12-16 function apply_discount — def apply_discount(")


def test_ranking_puts_exact_before_prefix_and_public_before_private(pyshop: Served):
    a = pyshop.call("search_symbol", query="parse", match="prefix")
    got = [(h["qualname"], h["path"]) for h in a.data["definitions"]]
    assert {q for q, _ in got[:2]} == {"Reader.parse", "Writer.parse"}
    assert got[2] == ("parse_header", "shop/io.py")
    b = pyshop.call("search_symbol", query="audit", match="substring")
    assert [h["qualname"] for h in b.data["definitions"]] == ["Order._audit"]
    assert "(private)" in b.text


def test_fuzzy_match_finds_a_misspelled_name(pyshop: Served):
    a = pyshop.call("search_symbol", query="aply_discont", match="fuzzy")
    assert a.data["definitions"][0]["qualname"] == "apply_discount"  # the closest name first


def test_references_are_grouped_by_file_with_one_line_previews(pyshop: Served):
    a = pyshop.call("search_symbol", query="apply_discount", references=True)
    sites = {(r["path"], r["line"]) for r in a.data["references"]}
    assert {("shop/cli.py", 12), ("shop/pricing.py", 26), ("tests/test_pricing.py", 8)} <= sites
    assert (hit_at(a.text, "shop/cli.py", 12) or "").startswith("12: print(apply_discount(order, 10))"), a.text


def test_paging_with_a_cursor_walks_every_result_once(pyshop: Served):
    first = pyshop.call("search_symbol", query="e", match="substring", limit=3)
    assert first.data["next_cursor"] == "3"
    second = pyshop.call("search_symbol", query="e", match="substring", limit=3, cursor="3")
    names1 = [(h["path"], h["qualname"]) for h in first.data["definitions"]]
    names2 = [(h["path"], h["qualname"]) for h in second.data["definitions"]]
    assert names1 and names2 and not set(names1) & set(names2)
    bad = pyshop.call("search_symbol", query="e", cursor="zzz")
    assert bad.is_error and "next_cursor" in bad.text


def test_no_match_suggests_a_wider_match_mode(pyshop: Served):
    a = pyshop.call("search_symbol", query="nothing_like_this")
    assert a.data["definitions"] == []
    assert "match='prefix'" in a.text


def test_read_by_qualified_symbol_returns_exactly_its_body(pyshop: Served):
    a = pyshop.call("read_code_range", path="shop/io.py", symbol="Writer.parse")
    assert not a.is_error, a.text
    assert (a.data["start_line"], a.data["end_line"], a.data["kind"]) == (10, 11, "method")
    assert a.data["content"] == "10\t    def parse(self, text: str) -> str:\n11\t        return text.strip()"
    assert a.text.startswith("shop/io.py:10-11 method Writer.parse (of 16 lines)")


def test_ambiguous_symbol_is_an_error_listing_the_candidates(pyshop: Served):
    a = pyshop.call("read_code_range", path="shop/io.py", symbol="parse")
    assert a.is_error
    assert "shop/io.py:5-6 method Reader.parse" in a.text
    assert "shop/io.py:10-11 method Writer.parse" in a.text
    assert "qualified name" in a.text


def test_unknown_symbol_suggests_close_names(pyshop: Served):
    a = pyshop.call("read_code_range", path="shop/io.py", symbol="parse_headr")
    assert a.is_error and "parse_header" in a.text


def test_symbol_defined_in_another_file_names_that_file(pyshop: Served):
    # defined once, elsewhere: read there, and said so (json-iterator run 259)
    a = pyshop.call("read_code_range", path="shop/io.py", symbol="apply_discount")
    assert not a.is_error and a.text.startswith("shop/pricing.py:12-16"), a.text
    assert "[no apply_discount in shop/io.py: the one definition of it is in shop/pricing.py]" in a.text, a.text


def test_symbol_and_lines_together_are_refused(pyshop: Served):
    a = pyshop.call("read_code_range", path="shop/io.py", symbol="Reader", start_line=1)
    assert a.is_error and "not both" in a.text


def test_semantic_context_has_the_referenced_class_signature_and_the_callers_locations(pyshop: Served):
    a = pyshop.semantic("shop/pricing.py", "apply_discount")
    uses = {(u["qualname"], u["location"]) for u in a.data["uses"]}
    assert ("Order", "shop/models.py:24-44") in uses
    assert ("Order.total", "shop/models.py:36-38") in uses
    order = next(u for u in a.data["uses"] if u["qualname"] == "Order")
    assert order["signature"].startswith("@dataclass class Order") and order["doc"] == "A customer's order."
    callers = {(c["path"], c["line"], c["caller"], c["location"]) for c in a.data["callers"]}
    assert ("shop/cli.py", 12, "main", "shop/cli.py:9-14") in callers
    assert ("shop/pricing.py", 26, "PriceCalculator.compute", "shop/pricing.py:25-27") in callers
    assert "shop/cli.py:12 in main (9-14)" in a.text  # the caller's range in the same file: lines only


def test_semantic_context_resolves_same_file_definitions_first(pyshop: Served):
    a = pyshop.call("read_code_range", path="shop/pricing.py", symbol="PriceCalculator.compute", context="semantic")
    uses = {u["qualname"]: (u["location"], u["via"]) for u in a.data["uses"]}
    assert uses["apply_discount"] == ("shop/pricing.py:12-16", "same file")
    assert uses["Order"][0] == "shop/models.py:24-44"


def test_semantic_context_lists_names_used_as_values_but_not_locals_that_share_a_name(tmp_path: Path):
    root = copy_fixture("pyshop", tmp_path)
    (root / "shop" / "limits.py").write_text(
        "DEFAULT_LIMIT = 10\n\n\nclass Config:\n    @classmethod\n    def load(cls):\n        return cls()\n"
    )
    (root / "shop" / "stats.py").write_text("def count(xs):\n    return len(xs)\n")  # never imported by check.py
    (root / "shop" / "check.py").write_text(
        "from shop.limits import Config, DEFAULT_LIMIT\n\n\nclass Widget:\n    pass\n\n\n"
        "def validate(item, count):\n"
        "    cfg = Config.load()\n"
        "    if isinstance(item, Widget) and count > DEFAULT_LIMIT:\n"
        "        return cfg\n"
        "    return None\n"
    )
    a = Served(root).semantic("shop/check.py", "validate")
    uses = {u["qualname"]: (u["location"], u["via"]) for u in a.data["uses"]}
    # none of these is a call, a type annotation or a base class: only the body's values name them
    assert uses["Config"] == ("shop/limits.py:4-7", "import")
    assert uses["DEFAULT_LIMIT"] == ("shop/limits.py:1-1", "import")
    assert uses["Widget"] == ("shop/check.py:4-5", "same file")
    assert "count" not in uses  # a parameter, although shop/stats.py defines a function by that name


def test_max_callers_limits_the_callers_listed(tmp_path: Path):
    served = Served(copy_fixture("pyshop", tmp_path), **{"navigation.max_callers": 1})
    a = served.call("read_code_range", path="shop/pricing.py", symbol="apply_discount", context="semantic")
    assert len(a.data["callers"]) == 1 and a.data["callers_total"] >= 3
    assert "more: search_symbol(query=\"apply_discount\", references=true)" in a.text


def test_line_cap_holds_in_symbol_mode_with_an_outline_and_how_to_continue(tmp_path: Path):
    served = Served(copy_fixture("pyshop", tmp_path), **{"workspace.max_lines_per_call": 10})
    a = served.call("read_code_range", path="shop/models.py", symbol="Order")
    assert not a.is_error, a.text
    assert (a.data["start_line"], a.data["end_line"], a.data["next_start_line"]) == (24, 33, 34)
    assert "outline of shop/models.py:24-44" in a.text and "36-38 method Order.total" in a.text
    assert 'read_code_range(path="shop/models.py", start_line=34, end_line=43)' in a.text
    assert len(re.findall(r"^\d+\t", a.text, re.M)) == 10


def test_a_fresh_edit_is_reflected_in_the_next_answer(pyshop_fresh: Served):
    io = pyshop_fresh.root / "shop" / "io.py"
    before = pyshop_fresh.call("search_symbol", query="parse_footer")
    assert before.data["definitions"] == []
    io.write_text("# moved down\n\n" + io.read_text() + "\n\ndef parse_footer(line: str) -> str:\n    return line[-1]\n")
    after = pyshop_fresh.call("search_symbol", query="parse_footer")
    [hit] = after.data["definitions"]
    assert (hit["path"], hit["start_line"], hit["end_line"]) == ("shop/io.py", 21, 22)
    moved = pyshop_fresh.call("read_code_range", path="shop/io.py", symbol="Writer.parse")
    assert (moved.data["start_line"], moved.data["end_line"]) == (12, 13)
    outline = pyshop_fresh.call("get_structured_index", path="shop/io.py")
    assert "parse_footer" in [s["qualname"] for s in outline.data["symbols"]]


def test_fixture_repository_is_unchanged_by_the_edit_test():
    assert "parse_footer" not in (FIXTURES / "pyshop" / "shop" / "io.py").read_text()


def test_an_unknown_kind_is_an_error_listing_the_kinds(pyshop: Served):
    a = pyshop.call("search_symbol", query="Order", kind="klass")
    assert a.is_error and "unknown symbol kind 'klass'" in a.text and "class" in a.text


def test_several_kinds_joined_by_commas_match_either(pyshop: Served):
    # pydantic run 364: `kind=function,class` was refused as "unknown symbol kind 'function,class'"
    a = pyshop.call("search_symbol", query="parse", match="prefix", kind="function, method")
    assert not a.is_error, a.text
    kinds = {h["qualname"]: h["kind"] for h in a.data["definitions"]}
    assert kinds.get("parse_header") == "function" and "method" in kinds.values(), a.text
    b = pyshop.call("search_symbol", query="parse_header", kind="class,interface")
    assert "not a class or interface" in b.text, b.text


def test_kinds_joined_by_commas_still_find_an_inherited_member(tmp_path):
    # (review of the stop-52 diff: `kind="function,method"`, the form the kind description suggests, had answered
    # "none of them a member of Sub nor one it inherits" where kind="method" found Base.resolve)
    s = served_tree(tmp_path, {"pkg/m.py": "class Base:\n    def resolve(self):\n        pass\n\n\nclass Sub(Base):\n    pass\n"})
    a = s.call("search_symbol", query="Sub.resolve", kind="function,method").text
    assert "has no resolve of its own: it inherits Base's" in a and "pkg/m.py:2-3 method Base.resolve" in a, a


def test_kind_and_path_filters_narrow_definitions_and_references(pyshop: Served):
    a = pyshop.call("search_symbol", query="parse", match="prefix", kind="function")
    assert [h["qualname"] for h in a.data["definitions"]] == ["parse_header"]
    b = pyshop.call("search_symbol", query="apply_discount", path="tests", references=True)
    assert b.data["definitions"] == [] or all(h["path"].startswith("tests/") for h in b.data["definitions"])
    c = pyshop.call("search_symbol", query="Order", path="shop/pricing.py", references=True)
    assert c.data["definitions"] == []  # Order is defined in models.py, outside path=
    assert (hit_at(c.text, "shop/pricing.py", 12) or "").startswith(
        "12: def apply_discount(order: Order, percent: float) -> int:"), c.text
    assert {(r["path"], r["line"]) for r in c.data["references"]} >= {("shop/pricing.py", 12), ("shop/pricing.py", 25)}
    assert {r["path"] for r in c.data["references"]} == {"shop/pricing.py"}


def test_a_name_defined_outside_the_path_asked_is_answered_from_elsewhere_and_said_so(pyshop: Served):
    # run 49: search_symbol(query="ParseIntError", path="json") read "no definition ... indexed"; it is fmt.zig's
    a = pyshop.call("search_symbol", query="Order", path="shop/pricing.py")
    assert [h["path"] for h in a.data["definitions"]] == ["shop/models.py"], a.text
    assert "no definition named 'Order' under shop/pricing.py; listed from elsewhere" in a.text, a.text
    several = pyshop.call("search_symbol", query="apply_discount, Order, Nope", path="shop/pricing.py")
    assert "none under shop/pricing.py of 'Order': listed from elsewhere" in several.text, several.text
    assert "no definition named 'Nope'" in several.text and "shop/models.py" in several.text, several.text


def test_more_matches_than_are_ranked_is_said_with_how_to_narrow(tmp_path: Path):
    root = tmp_path / "many"
    root.mkdir()
    (root / "gen.py").write_text("".join(f"def handler_{i:03d}():\n    pass\n\n\n" for i in range(600)))
    served = Served(root)
    a = served.call("search_symbol", query="handler_", match="prefix", limit=5)
    assert a.data["total"] == 600 and len(a.data["definitions"]) == 5
    assert "600 definitions match; the best 500 candidates are ranked" in a.text
    assert "Narrow with kind=, path= or a stricter match=" in a.text
    assert '… 495 more of 600; next page: cursor="5"' in a.text


def test_callers_matched_by_name_only_are_marked_and_counted(tmp_path: Path):
    root = tmp_path / "calls"
    root.mkdir()
    (root / "alpha.py").write_text("class Alpha:\n    def run(self) -> int:\n        return 1\n")
    (root / "user.py").write_text("from alpha import Alpha\n\n\ndef use() -> int:\n    return Alpha().run()\n")
    (root / "other.py").write_text("def elsewhere(thing) -> int:\n    return thing.run()\n")
    a = Served(root).semantic("alpha.py", "Alpha.run")
    assert "── called by (2; 1 matched by name only, maybe another type's method) ──" in a.text
    lines = {ln.split(" in ")[0]: ln for ln in a.text.splitlines() if " in " in ln and ln.startswith(("user.py", "other.py"))}
    assert lines["other.py:2"].endswith("[name only]") and not lines["user.py:5"].endswith("[name only]")
    assert {c["path"]: c["how"] for c in a.data["callers"]}["other.py"] == "name only"


def test_references_of_a_qualified_method_by_a_common_name_point_to_its_callers(tmp_path: Path):
    # run 53: search_symbol(query="Random.init", references=true) listed 1,567 `init` hits of any type
    calls = "".join(f"fn use{i}(x: anytype) void {{\n    x.init();\n}}\n" for i in range(25))
    s = served_tree(tmp_path, {"Random.zig": "const Random = @This();\npub fn init() Random {\n    return .{};\n}\n",
                               "use.zig": calls})
    text = s.call("search_symbol", query="Random.init", references=True).text
    assert ("[by the name 'init', any type's; the calls of Random.init told apart by receiver: "
            "find_related(symbol=\"Random.init\", relation=\"callers\")]") in text, text
    plain = s.call("search_symbol", query="init", references=True).text
    assert "told apart by receiver" not in plain, plain


def test_sixteen_names_asked_at_once_are_each_answered_and_more_than_twenty_refused(pyshop: Served):
    # the Sequel agent's sixteen names were read as one name: "no definitions match"
    filler = [f"no_such_name_{i}" for i in range(14)]
    a = pyshop.call("search_symbol", query=", ".join(["apply_discount", "Writer.parse", *filler]))
    assert not a.is_error, a.text
    assert "shop/pricing.py:12-16" in a.text and "shop/io.py:10-11 method Writer.parse" in a.text, a.text
    assert "no definition named 'no_such_name_0'" in a.text and "'no_such_name_13'" in a.text
    many = pyshop.call("search_symbol", query=", ".join(f"name_{i}" for i in range(21)), match="prefix")
    assert many.is_error and "query names 21 definitions; one call answers at most 20" in many.text, many.text


def test_kind_class_finds_a_go_struct(tmp_path):
    # (json-iterator run 375: "'ctx' is a struct at reflect.go:37-42, not a class", then no match)
    s = served_tree(tmp_path, {"go.mod": "module example.com/m\n", "m.go": "package m\n\ntype ctx struct {\n\tn int\n}\n"})
    a = s.call("search_symbol", query="ctx", kind="class").text
    assert a.startswith("m.go:3-5 struct") and "not a class" not in a, a


def test_a_page_shorter_than_the_limit_says_it_stops_at_one_answer(tmp_path):
    # (miekg/dns run 382: `limit=200` gave 90 of 105 with a cursor and no word why; the agent asked again)
    args = ", ".join(f"argument_number_{k}: int = {k}" for k in range(8))
    src = "".join(f"class Record{i}:\n    def pack(self, {args}) -> bytes:\n        return b''\n\n\n" for i in range(160))
    s = served_tree(tmp_path, {"pkg/__init__.py": "", "pkg/records.py": src})
    a = s.call("search_symbol", query="pack", kind="method", limit=200).text
    assert "next page: cursor=" in a and "(the page stops at what fits one answer:" in a, a[-400:]
    b = s.call("search_symbol", query="pack", kind="method", limit=10).text
    assert "next page: cursor=\"10\"" in b and "fits one answer" not in b, b[-300:]
