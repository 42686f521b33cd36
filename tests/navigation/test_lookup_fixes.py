"""Symbol lookups found wrong by acceptance testing (findings F4, F7, F8, F9, F13), end to end through the SDK
client where it is a tool behaviour, and on the lookup layer where the tool does not show the detail yet."""

from __future__ import annotations

from pathlib import Path

from contexteer.config import Settings
from contexteer.indexers.index import StructureIndex
from contexteer.indexers.lookup import find_callers
from contexteer.workspace import Workspace
from tests.navigation.conftest import Served

GSTRING = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "c" / "include" / "gstring.h"

PY_OVERLOADS = '''from typing import overload


class Config:
    def __init__(self):
        self.values = {}

    @overload
    def __call__(self, key: str) -> str: ...

    @overload
    def __call__(self, key: str, cast: type) -> object: ...

    def __call__(self, key, cast=None):
        value = self.values[key]
        return cast(value) if cast else value

    def other(self):
        return 1
'''

TS_OVERLOADS = '''export class Observable<T> {
  subscribe(next?: (value: T) => void): void;
  subscribe(observer?: { next: (value: T) => void }): void;
  /**
   * Registers handlers.
   */
  subscribe(arg?: unknown): void {
    console.log(arg);
  }

  pipe(): Observable<T> {
    return this;
  }
}
'''

JS_GETTERS = '''class Npm {
  static get version () {
    return '1.0.0'
  }

  constructor () {
    this.loaded = false
  }

  load () {
    return this.loaded
  }

  get version () {
    return Npm.version
  }
}

module.exports = Npm
'''


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


# ----- F8: overloads -------------------------------------------------------------------------
def test_python_overloads_read_by_symbol_give_the_implementation_with_its_stubs(tmp_path: Path):
    served = Served(write(tmp_path / "r", {"pkg/config.py": PY_OVERLOADS}))
    a = served.call("read_code_range", path="pkg/config.py", symbol="Config.__call__")
    assert not a.is_error, a.text
    assert (a.data["start_line"], a.data["end_line"]) == (8, 16)  # both @overload stubs and the implementation
    assert "return cast(value) if cast else value" in a.text and "def other" not in a.text
    b = served.call("read_code_range", path="pkg/config.py", symbol="__call__", context="semantic")
    assert not b.is_error and b.data["start_line"] == 8, b.text


def test_typescript_overload_signatures_read_by_symbol_reach_the_body(tmp_path: Path):
    served = Served(write(tmp_path / "r", {"src/Observable.ts": TS_OVERLOADS}))
    a = served.call("read_code_range", path="src/Observable.ts", symbol="Observable.subscribe")
    assert not a.is_error, a.text
    assert (a.data["start_line"], a.data["end_line"]) == (2, 9)
    assert "console.log(arg)" in a.text and "pipe()" not in a.text


def test_same_named_definitions_apart_resolve_to_the_widest_instead_of_an_error(tmp_path: Path):
    served = Served(write(tmp_path / "r", {"lib/npm.js": JS_GETTERS}))
    a = served.call("read_code_range", path="lib/npm.js", symbol="Npm.version")
    assert not a.is_error, a.text
    assert (a.data["start_line"], a.data["end_line"]) == (14, 16)  # not 2-16: load() lies between


def test_ambiguous_symbol_error_suggests_distinct_calls_never_the_refused_name(tmp_path: Path):
    src = "class Reader:\n    def parse(self):\n        pass\n\n\nclass Writer:\n    def parse(self):\n        pass\n"
    served = Served(write(tmp_path / "r", {"io.py": src}))
    a = served.call("read_code_range", path="io.py", symbol="parse")
    assert a.is_error
    assert "symbol='Reader.parse'" in a.text and "symbol='Writer.parse'" in a.text
    assert "symbol='parse'" not in a.text


def test_overload_lookup_carries_the_other_definitions(tmp_path: Path):
    root = write(tmp_path / "r", {"pkg/config.py": PY_OVERLOADS, "lib/npm.js": JS_GETTERS})
    from contexteer.indexers.lookup import find_in_file

    idx = StructureIndex(Workspace(root, Settings()))
    try:
        idx.ensure_built(wait_seconds=float("inf"))
        py = find_in_file(idx, "pkg/config.py", "Config.__call__")
        assert [(s.start_line, s.end_line) for s in py.overloads] == [(8, 9), (11, 12)] and "overloads" in py.note
        js = find_in_file(idx, "lib/npm.js", "Npm.version")
        assert [(s.start_line, s.end_line) for s in js.overloads] == [(2, 4)] and "lines 2-4" in js.note
    finally:
        idx.close()


# ----- F13: "defined in" hint ----------------------------------------------------------------
def test_unknown_symbol_hint_lists_same_language_definitions_first_and_no_require_bindings(tmp_path: Path):
    served = Served(write(tmp_path / "r", {
        "js/base-cmd.js": "class BaseCommand {}\nmodule.exports = BaseCommand\n",
        "js/a-cmd.js": "const BaseCommand = require('./base-cmd.js')\nclass A extends BaseCommand {}\nmodule.exports = A\n",
        "py/base.py": "class BaseCommand:\n    pass\n",
        "py/legacy.py": "class BaseCommand:\n    pass\n",  # (two elsewhere: the hint, not a read of one)
        "py/other.py": "def helper():\n    return 1\n",
    }))
    served.call("search_symbol", query="helper")  # the whole index first: a cold file read answers mid-build
    a = served.call("read_code_range", path="py/other.py", symbol="BaseCommand")
    assert a.is_error
    assert "Pass path='py/base.py'" in a.text and "js/a-cmd.js" not in a.text
    assert a.text.index("py/base.py:1-2") < a.text.index("js/base-cmd.js:1-1")


# ----- F7: callers ---------------------------------------------------------------------------
CALLERS = {
    "py/config.py": "class Config:\n    def get(self, key):\n        return key\n\n    def __call__(self, key):\n"
                    "        return self.get(key)\n",
    "py/main.py": "from py.config import Config\n\n\ndef main():\n    config = Config()\n    return config.get('a') + config.get('b')\n",
    "py/unrelated.py": "def lookup(d):\n    return d.get('x')\n",
    "js/app.js": "function run (config) {\n  return config.get('location')\n}\nmodule.exports = run\n",
}


def test_callers_stay_in_the_language_one_per_line_best_evidence_first(tmp_path: Path):
    served = Served(write(tmp_path / "r", CALLERS))
    a = served.semantic("py/config.py", "Config.get")
    sites = [(c["path"], c["line"]) for c in a.data["callers"]]
    assert sites == [("py/config.py", 6), ("py/main.py", 6), ("py/unrelated.py", 2)]
    assert a.data["callers_total"] == 3
    assert "js/app.js" not in a.text


def test_callers_are_marked_by_evidence_and_name_only_matches_counted(tmp_path: Path):
    root = write(tmp_path / "r", {**CALLERS, "py/other.py": "def use(store):\n    return store.get('k')\n",
                                  "py/conf_user.py": "def use(base_config):\n    return base_config.get('k')\n"})
    idx = StructureIndex(Workspace(root, Settings()))
    try:
        idx.ensure_built(wait_seconds=float("inf"))
        [sym] = idx.symbols_named("Config.get")
        imports = {"py/main.py": {"Config": ["py/config.py"]}}
        sites = find_callers(idx, sym, "get", lambda p: imports.get(p, {}))
        got = [(c.path, c.line, c.how) for c in sites]
        assert got == [("py/config.py", 6, "same file"), ("py/main.py", 6, "import"), ("py/conf_user.py", 2, "receiver"),
                       ("py/other.py", 2, "name only"), ("py/unrelated.py", 2, "name only")]
        assert [c.receiver for c in sites[:3]] == [True, True, True]
    finally:
        idx.close()


# ----- F4 / F9 through the tools --------------------------------------------------------------
def test_glibc_prototypes_are_found_by_search_symbol(tmp_path: Path):
    root = tmp_path / "r"
    (root / "include").mkdir(parents=True)
    (root / "include" / "gstring.h").write_bytes(GSTRING.read_bytes())
    served = Served(root)
    a = served.call("search_symbol", query="gstrlen")
    assert not a.is_error, a.text
    [hit] = a.data["definitions"]
    assert (hit["kind"], hit["start_line"], hit["end_line"]) == ("function", 28, 29)
    b = served.call("search_symbol", query="__nonnull")
    assert [(h["kind"], h["start_line"]) for h in b.data["definitions"]] == [("function", 11)]  # the #define only


def test_commonjs_class_is_one_public_definition(tmp_path: Path):
    files = {"lib/base-cmd.js": "class BaseCommand {}\nmodule.exports = BaseCommand\n"}
    for i in range(3):
        files[f"lib/commands/c{i}.js"] = f"const BaseCommand = require('../base-cmd.js')\nclass C{i} extends BaseCommand {{}}\nmodule.exports = C{i}\n"
    a = Served(write(tmp_path / "r", files)).call("search_symbol", query="BaseCommand")
    assert not a.is_error, a.text
    assert [(h["path"], h["kind"], h["exported"]) for h in a.data["definitions"]] == [("lib/base-cmd.js", "class", True)]
    assert "(private)" not in a.text


def test_go_method_callers_in_the_package_with_a_matching_receiver_come_first(tmp_path: Path):
    root = write(tmp_path / "r", {
        "go.mod": "module example.com/p\n\ngo 1.21\n",
        "proxy.go": "package main\n\ntype Proxy struct{}\n\nfunc (p *Proxy) Run() error {\n\treturn nil\n}\n",
        "client.go": "package main\n\nimport \"os/exec\"\n\ntype Client struct{}\n\nfunc (c *Client) Run() error {\n"
                     "\tcmd := exec.Command(\"x\")\n\treturn cmd.Run()\n}\n",
        "main.go": "package main\n\nfunc main() {\n\tclient := &Client{}\n\t_ = client.Run()\n\tproxy := &Proxy{}\n\t_ = proxy.Run()\n}\n",
    })
    a = Served(root).semantic("proxy.go", "Proxy.Run")
    sites = [(c["path"], c["line"]) for c in a.data["callers"]]
    # `client.Run()` on `client := &Client{}` is Client's Run: no caller of Proxy.Run at all; nor is `cmd.Run()` on
    # `cmd := exec.Command("x")`, a standard-library value (it had been listed by name)
    assert sites == [("main.go", 7)], sites
