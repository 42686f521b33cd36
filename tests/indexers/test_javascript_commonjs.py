"""CommonJS modules (finding F9): `require` bindings are imports, not definitions, and what `module.exports` /
`exports.x` (or an ES `export { a }` list) names is exported; a script's top level is public."""

from __future__ import annotations

from pathlib import Path

from contexteer.indexers import languages
from contexteer.indexers.extract import extract
from tests.indexers.conftest import FIXTURES, write

JS = languages.BY_NAME["javascript"]
SRC = FIXTURES / "javascript" / "src"


def _symbols(path: Path) -> dict[str, tuple]:
    return {s[1]: s for s in extract(path.read_bytes(), JS).symbols}


def test_require_bindings_are_imports_not_definitions():
    result = extract((SRC / "cjs" / "base-cmd.js").read_bytes(), JS)
    kinds = {s[1]: s[2] for s in result.symbols}
    assert not kinds.keys() & {"resolve", "joinPath", "log"}
    assert kinds["version"] == "variable"  # `require('../package.json').version`: a value read from a module
    assert ("path", ("resolve", "join"), 2) in result.imports
    assert ("./log.js", ("log",), 3) in result.imports
    assert ("log", "import", "3", 1) in result.refs


def test_module_exports_of_a_class_makes_it_public_and_leaves_helpers_private():
    syms = _symbols(SRC / "cjs" / "base-cmd.js")
    assert syms["BaseCommand"][7] is True
    assert syms["privateHelper"][7] is False


def test_module_exports_object_and_exports_assignments_are_exported():
    log = _symbols(SRC / "cjs" / "log.js")
    assert [n for n in ("info", "warn", "LEVELS", "hidden") if log[n][7]] == ["info", "warn", "LEVELS"]
    more = _symbols(SRC / "cjs" / "more.js")
    assert [n for n in ("first", "second", "internal") if more[n][7]] == ["first", "second"]


def test_script_top_level_is_public_and_es_export_lists_count():
    script = _symbols(SRC / "cjs" / "script.js")
    assert script["globalHelper"][7] is True and script["counter"][7] is True
    esm = _symbols(SRC / "esm-list.js")
    assert (esm["listed"][7], esm["byDefault"][7], esm["unlisted"][7]) == (True, True, False)


def test_one_class_and_its_requirers_give_one_definition(repo, open_index):
    write(repo, "lib/base-cmd.js", "class BaseCommand {}\nmodule.exports = BaseCommand\n")
    for i in range(6):
        write(repo, f"lib/commands/c{i}.js", f"const BaseCommand = require('../base-cmd.js')\nclass C{i} extends BaseCommand {{}}\n"
                                           f"module.exports = C{i}\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=float("inf"))
    [only] = idx.symbols_named("BaseCommand")
    assert (only.path, only.kind, only.exported) == ("lib/base-cmd.js", "class", True)
    assert all(s.exported for s in idx.symbols_named("C3"))


def test_class_or_function_assigned_to_module_exports_is_an_exported_definition():
    syms = _symbols(SRC / "cjs" / "stream.js")
    assert (syms["Minipass"][2:5], syms["Minipass"][7]) == (("class", 3, 7), True)
    assert syms["Minipass.write"][2] == "method"
    fn = {s[1]: s for s in extract(b"module.exports = function archy (obj) {\n  return obj\n}\n", JS).symbols}
    assert (fn["archy"][2], fn["archy"][7]) == ("function", True)


def test_typescript_export_assignment_exports_the_name():
    ts_spec = languages.BY_NAME["typescript"]
    syms = {s[1]: s[7] for s in extract(b"class Foo {\n  m(): void {}\n}\nfunction helper() {}\nexport = Foo;\n", ts_spec).symbols}
    assert (syms["Foo"], syms["helper"]) == (True, False)
