"""Names resolved to the wrong definition (issue 13 items 3 and 6): the unique-name fallback never crosses
languages or reaches past what a file can see, a package-qualified Go name resolves in that package, and
references of a type or a function are not merged with same-named methods, locals or constructors."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _uses(served: Served, path: str, symbol: str) -> list[tuple[str, str]]:
    a = served.semantic(path, symbol)
    return [(u["qualname"], u["location"].split(":")[0]) for u in a.data["uses"]]


def _callees(served: Served, symbol: str) -> list[tuple[str, str]]:
    a = served.call("find_related", symbol=symbol, relation="callees")
    assert not a.is_error, a.text
    return [(i["qualname"], i["how"]) for i in a.data["items"]]


# ----- item 3: the unique-name fallback ------------------------------------------------------------------------
def test_a_php_class_does_not_use_a_function_from_minified_javascript(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "public/js/vendor.min.js": "function is(a){return a}function on(b){return b}\n",
        "src/Checker.php": "<?php\nclass Checker\n{\n    public function check($x)\n    {\n        return is($x) && on($x);\n    }\n}\n",
    }))
    assert _uses(served, "src/Checker.php", "Checker.check") == []
    assert _callees(served, "Checker.check") == []


def test_a_c_function_does_not_use_a_define_from_a_vendored_library_it_does_not_include(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "vendor/zlib/zutil.h": "#define ZMAX(a, b) ((a) > (b) ? (a) : (b))\n",
        "src/util.h": "#define CLAMP(x) ((x) < 0 ? 0 : (x))\n",
        "src/main.c": '#include "util.h"\n\nint run(int a, int b)\n{\n    return ZMAX(a, b) + CLAMP(a);\n}\n',
    }))
    uses = _uses(served, "src/main.c", "run")
    assert ("CLAMP", "src/util.h") in uses, "a macro of an included header is used"
    assert not any(name == "ZMAX" for name, _ in uses), uses


def test_a_c_macro_reached_through_an_included_header_still_resolves(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "include/base.h": "#define BASE_MAX(a, b) ((a) > (b) ? (a) : (b))\n",
        "include/mid.h": '#include "base.h"\n',
        "src/main.c": '#include "../include/mid.h"\n\nint run(int a, int b)\n{\n    return BASE_MAX(a, b);\n}\n',
    }))
    assert ("BASE_MAX", "include/base.h") in _uses(served, "src/main.c", "run")


def test_go_time_duration_does_not_resolve_to_a_repository_method_named_duration(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "go.mod": "module example.com/app\n\ngo 1.21\n",
        "timer/timer.go": ("package timer\n\ntype Timer struct{}\n\nfunc (t *Timer) Duration() int {\n\treturn 0\n}\n\n"
                           "type Clock struct{}\n"),
        "app/app.go": ('package app\n\nimport (\n\t"time"\n\n\t"example.com/app/timer"\n)\n\n'
                       "func Wait(t *timer.Timer, d time.Duration) time.Duration {\n\tvar c timer.Clock\n\t_ = c\n"
                       "\treturn d\n}\n"),
    }))
    uses = _uses(served, "app/app.go", "Wait")
    assert ("Timer", "timer/timer.go") in uses and ("Clock", "timer/timer.go") in uses, uses
    assert not any(name.endswith("Duration") for name, _ in uses), uses


# ----- item 6: references merge namesakes ----------------------------------------------------------------------
def test_rust_type_new_is_a_use_of_the_type(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "Cargo.toml": "[package]\nname = \"app\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "pub mod runtime;\npub mod app;\n",
        "src/runtime.rs": "pub struct Runtime;\n\nimpl Runtime {\n    pub fn new() -> Runtime {\n        Runtime\n    }\n}\n",
        "src/app.rs": "use crate::runtime::Runtime;\n\npub fn start() {\n    let rt = Runtime::new();\n    drop(rt);\n}\n",
    }))
    a = served.call("find_related", symbol="Runtime", relation="callers")
    assert not a.is_error, a.text
    assert ("src/app.rs", "start") in [(i["path"], i["qualname"]) for i in a.data["items"]], a.text
    refs = served.call("search_symbol", query="Runtime", kind="struct", references=True)
    assert ("src/app.rs", 4) in [(r["path"], r["line"]) for r in refs.data["references"]], refs.text


def test_a_method_call_named_like_a_type_is_not_a_use_of_the_type(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "go.mod": "module example.com/db\n\ngo 1.21\n",
        "tsdb/head.go": "package tsdb\n\ntype Head struct{}\n\nfunc NewHead() *Head {\n\treturn &Head{}\n}\n",
        "tsdb/db.go": ("package tsdb\n\ntype DB struct{ head *Head }\n\nfunc (db *DB) Head() *Head {\n\treturn db.head\n}\n\n"
                       "func Open() *DB {\n\treturn &DB{head: NewHead()}\n}\n"),
        "web/api.go": ('package web\n\nimport "example.com/db/tsdb"\n\nfunc Stats(db *tsdb.DB) int {\n\th := db.Head()\n'
                       "\t_ = h\n\treturn 0\n}\n\nfunc Make() tsdb.Head {\n\treturn tsdb.Head{}\n}\n"),
    }))
    a = served.call("find_related", symbol="tsdb.Head", relation="callers")
    assert not a.is_error, a.text
    sites = {(i["path"], i["qualname"]) for i in a.data["items"]}
    assert ("web/api.go", "Make") in sites and ("tsdb/head.go", "NewHead") in sites, a.text
    assert ("web/api.go", "Stats") not in sites, "db.Head() calls the method DB.Head, it is no use of the type Head"
    refs = served.call("search_symbol", query="Head", kind="struct", references=True)
    lines = {(r["path"], r["line"]) for r in refs.data["references"]}
    assert ("web/api.go", 6) not in lines and ("web/api.go", 11) in lines, refs.text


def test_local_variables_named_like_a_function_are_not_uses_of_the_function(tmp_path: Path):
    # the function is never called, only imported and passed on: its uses are found as words, which must not
    # bring every parameter or local variable of that name
    served = Served(_write(tmp_path / "r", {
        "pkg/__init__.py": "",
        "pkg/api.py": "def request(method, url):\n    return (method, url)\n",
        "pkg/sessions.py": ("from .api import request\n\nHANDLERS = {'default': request}\n\n\n"
                            "def send(prepared):\n    request = prepared.copy()\n    return request.url\n"),
        "pkg/adapters.py": "def build(request):\n    request.headers = {}\n    return request\n",
        "pkg/hooks.py": "def on_response(response):\n    request = response.request\n    return request\n",
    }))
    a = served.call("search_symbol", query="request", kind="function", references=True)
    lines = {(r["path"], r["line"]) for r in a.data["references"]}
    assert ("pkg/sessions.py", 1) in lines and ("pkg/sessions.py", 3) in lines, a.text
    assert not any(p in ("pkg/adapters.py", "pkg/hooks.py") for p, _ in lines), "a parameter or local named request is no use"
    assert ("pkg/sessions.py", 7) not in lines and ("pkg/sessions.py", 8) not in lines, "nor a local of the importing file"


def test_a_kotlin_caller_of_a_java_method_is_found_and_a_python_namesake_is_not(tmp_path: Path):
    """Kotlin and Scala call Java classes (one JVM); a Python function of the same name stays apart."""
    served = Served(_write(tmp_path / "r", {
        "src/main/java/org/shop/Ledger.java":
            "package org.shop;\n\npublic class Ledger {\n    public static int settle(int cents) {\n"
            "        return cents;\n    }\n}\n",
        "src/main/kotlin/org/shop/Checkout.kt":
            "package org.shop\n\nfun checkout(total: Int): Int {\n    return Ledger.settle(total)\n}\n",
        "tools/settle.py": "def settle(cents):\n    return cents\n\n\ndef main():\n    return settle(1)\n",
    }))
    a = served.call("find_related", symbol="Ledger.settle", relation="callers")
    assert not a.is_error, a.text
    callers = {i["qualname"]: i["path"] for i in a.data["items"]}
    assert callers == {"checkout": "src/main/kotlin/org/shop/Checkout.kt"}, a.text
