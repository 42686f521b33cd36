"""Navigation over the non-Python fixture repositories: imports resolved per language, end to end."""

from __future__ import annotations

from tests.navigation.conftest import Served


def _targets(served: Served, path: str) -> list[str]:
    a = served.call("list_dependencies", path=path)
    assert not a.is_error, a.text
    return sorted(e["target"] for e in a.data["imports"])


def test_typescript_relative_imports_reach_index_files_and_js_specifiers(polyglot: dict[str, Served]):
    web = polyglot["webapp"]
    assert _targets(web, "src/index.ts") == ["src/lib/index.ts", "src/util.ts"]
    a = web.call("list_dependencies", path="src/index.ts")
    assert [(x["package"], x["declared"]) for x in a.data["external"]] == [("react", "^18.2.0")]


def test_typescript_symbols_are_searchable_and_readable(polyglot: dict[str, Served]):
    web = polyglot["webapp"]
    hit = web.call("search_symbol", query="helper").data["definitions"][0]
    assert (hit["path"], hit["start_line"], hit["end_line"]) == ("src/lib/index.ts", 1, 3)
    body = web.call("read_code_range", path="src/lib/index.ts", symbol="helper")
    assert "return x.trim();" in body.data["content"]


def test_go_imports_resolve_through_the_module_path_of_go_mod(polyglot: dict[str, Served]):
    go = polyglot["gomod"]
    assert _targets(go, "main.go") == ["internal/store/"]  # the package; view="file" lists its files
    a = go.call("list_dependencies", path="main.go")
    assert [(e["unit"], e["files"]) for e in a.data["imports"]] == [("example.com/shop/internal/store", 1)]
    files = go.call("list_dependencies", path="main.go", view="file")
    assert [e["target"] for e in files.data["imports"]] == ["internal/store/store.go"]
    ext = {x["package"]: x for x in a.data["external"]}
    assert ext["fmt"]["stdlib"] and ext["github.com/google/uuid"]["declared"] == "v1.6.0"


def _indexed(served: Served, path: str) -> bool:
    a = served.call("get_structured_index", path=path)
    return bool(a.data and a.data.get("symbols"))


def test_rust_mod_and_crate_paths(polyglot: dict[str, Served]):
    rs = polyglot["rustcrate"]
    assert _indexed(rs, "src/lib.rs"), "src/lib.rs has no symbols: Rust extraction is broken"
    assert _targets(rs, "src/lib.rs") == ["src/parser/mod.rs"]
    assert _targets(rs, "src/parser/mod.rs") == ["src/parser/lexer.rs"]


def test_c_quoted_includes_resolve_and_system_headers_are_external(polyglot: dict[str, Served]):
    c = polyglot["cinc"]
    assert _indexed(c, "src/main.c"), "src/main.c has no symbols: C extraction is broken"
    assert _targets(c, "src/main.c") == ["include/util.h"]
    a = c.call("list_dependencies", path="src/main.c")
    assert [(x["package"], x["stdlib"]) for x in a.data["external"]] == [("stdio.h", True)]
