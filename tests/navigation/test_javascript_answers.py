"""JavaScript answers, from the webpack A/B run (run 25): class expressions are classes, a line inside callbacks
names them, and the type relations of a name that is a class and a getter mean the class."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import grouped_hits
from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "lib/Dependency.js": "class Dependency {\n  get type() { return 'x'; }\n}\nmodule.exports = Dependency;\n",
    "lib/dependencies/HarmonyDep.js": (
        "const Dependency = require('../Dependency');\n"                   # 1
        "class HarmonyDep extends Dependency {}\n"                          # 2
        "HarmonyDep.Template = class HarmonyDepTemplate extends Dependency.Template {\n"  # 3
        "  apply(dep, source) {\n"                                          # 4
        "    return fragments(dep);\n"                                      # 5
        "  }\n"                                                             # 6
        "};\n"                                                              # 7
        "HarmonyDep.Other = class extends Dependency {\n"                   # 8
        "  run() {}\n"                                                      # 9
        "};\n"                                                              # 10
        "module.exports = HarmonyDep;\n"),                                  # 11
    "lib/Compiler.js": (
        "const asyncLib = require('neo-async');\n"                          # 1
        "class Compiler {\n"                                                # 2
        "  emitAssets(compilation, callback) {\n"                           # 3
        "    const emitFiles = (err) => {\n"                                # 4
        "      asyncLib.forEachLimit(compilation.assets, 15, (file, done) => {\n"  # 5
        "        const target = file.name;\n"                               # 6
        "        done(target);\n"                                           # 7
        "      }, callback);\n"                                             # 8
        "    };\n"                                                          # 9
        "    emitFiles(null);\n"                                            # 10
        "  }\n"                                                             # 11
        "}\n"                                                               # 12
        "module.exports = Compiler;\n"),                                    # 13
    "lib/index.js": "module.exports = {\n  get Dependency() {\n    return require('./Dependency');\n  }\n};\n",
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_a_class_expression_assigned_to_a_member_is_a_class_with_its_methods(tmp_path: Path):
    s = _served(tmp_path)
    outline = s.call("get_structured_index", path="lib/dependencies/HarmonyDep.js").text
    assert "3-7 class HarmonyDepTemplate extends Dependency.Template\n    4-6 method apply(dep, source)" in outline, outline
    assert "8-10 class HarmonyDep.Other = class extends Dependency\n    9-9 method run()" in outline, outline
    found = s.call("search_symbol", query="apply").text
    assert "method HarmonyDepTemplate.apply" in found, found


def test_the_type_relations_of_a_class_that_shares_its_name_with_a_getter_are_the_classs(tmp_path: Path):
    s = _served(tmp_path)
    a = s.call("find_related", symbol="Dependency", relation="implementations")
    assert not a.is_error, a.text
    assert "class HarmonyDep\n" in a.text + "\n" and "class HarmonyDepTemplate" not in a.text, a.text
    assert "also named so: method lib/index.js:2" in a.text


def test_a_line_inside_callbacks_names_each_callback_around_it(tmp_path: Path):
    s = _served(tmp_path)
    a = s.call("read_code_range", path="lib/Compiler.js", start_line=6, end_line=6)
    assert a.text.startswith("lib/Compiler.js:6-6 (of 13 lines) — in arrow function passed to asyncLib.forEachLimit 5-8, "
                             "in arrow function emitFiles 4-9, in method Compiler.emitAssets 3-11"), a.text
    whole = s.call("read_code_range", path="lib/Compiler.js", start_line=3, end_line=4)
    assert "arrow function" not in whole.text.splitlines()[0], whole.text  # a range that is not inside one


def test_a_method_a_new_object_inherits_resolves_to_the_base_class_and_array_methods_are_not_guessed(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib/ChunkGroup.js": "class ChunkGroup {\n  addOrigin(m) {}\n  push(x) {}\n}\nmodule.exports = ChunkGroup;\n",
        "lib/Entrypoint.js": ("const ChunkGroup = require('./ChunkGroup');\nclass Entrypoint extends ChunkGroup {\n"
                              "  setRuntimeChunk(c) {}\n}\nmodule.exports = Entrypoint;\n"),
        "lib/Compilation.js": (
            "const Entrypoint = require('./Entrypoint');\n"            # 1
            "class Compilation {\n"                                    # 2
            "  addAsyncEntrypoint(name) {\n"                           # 3
            "    if (name) {\n"                                        # 4
            "      const entrypoint = this.named.get(name);\n"          # 5
            "      if (entrypoint) return entrypoint;\n"               # 6
            "    }\n"                                                  # 7
            "    const entrypoint = new Entrypoint(name);\n"           # 8
            "    entrypoint.setRuntimeChunk(null);\n"                  # 9
            "    entrypoint.addOrigin(name);\n"                        # 10
            "    this.chunkGroups.push(entrypoint);\n"                 # 11
            "    return entrypoint;\n"                                 # 12
            "  }\n"                                                    # 13
            "}\n"
            "module.exports = Compilation;\n"),
    })
    text = s.call("find_related", symbol="Compilation.addAsyncEntrypoint", relation="callees").text
    assert "ChunkGroup.addOrigin lib/ChunkGroup.js:2-2 called at 10" in flat(text), text  # the second `const entrypoint`
    assert "Entrypoint.setRuntimeChunk lib/Entrypoint.js:3-3 called at 9" in flat(text), text
    assert "push (on chunkGroups)" in text or "chunkGroups.push" in text
    assert "maybe ChunkGroup.push" not in text  # an array's push


def test_imports_name_the_file_a_parent_relative_require_reaches_and_mark_lazy_ones(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib/fs/fs.js": "module.exports.dirname = (p) => p;\n",
        "lib/util/id.js": "module.exports.id = (p) => p;\n",
        "lib/debug/Profiling.js": ("const { dirname } = require('../fs/fs');\nclass Profiling {\n  apply() {\n"
                                   "    const { id } = require('../util/id');\n    return id(dirname('x'));\n  }\n}\n"
                                   "module.exports = Profiling;\n"),
    })
    text = s.call("list_dependencies", path="lib/debug/Profiling.js").text
    assert "1: '../fs/fs': dirname  -> lib/fs/fs.js\n" in text, text
    assert "4: '../util/id': id  -> lib/util/id.js [lazy]" in text
    assert "([lazy]: required inside a function or block" in text


def test_a_search_hit_inside_callbacks_names_each_callback_up_to_three(tmp_path: Path):
    s = _served(tmp_path)
    hit = grouped_hits(s.call("search_text", pattern="const target = file.name").text)[0][2]
    assert hit.endswith("— in arrow function passed to asyncLib.forEachLimit 5-8, in arrow function emitFiles 4-9, "
                        "in Compiler.emitAssets 3-11"), hit
    top = grouped_hits(s.call("search_text", pattern="emitFiles(null)").text)[0][2]
    assert top.endswith("— in Compiler.emitAssets 3-11"), top  # not inside a callback


def test_callers_of_a_function_name_where_it_is_exported_or_passed_and_nothing_in_files_that_cannot_see_it(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib/Plugin.js": ("const getKinds = (path) => path.length;\nclass Plugin {\n  apply(list) {\n"
                          "    return list.map(getKinds);\n  }\n}\nPlugin.getKinds = getKinds;\nmodule.exports = Plugin;\n"),
        "lib/Other.js": "const getKinds = 3;\nmodule.exports = { getKinds };\n",
    })
    text = s.call("find_related", symbol="getKinds", relation="callers", path="lib/Plugin.js").text
    assert "lib/Plugin.js:4 in Plugin.apply: return list.map(getKinds);" in text, text
    assert "lib/Plugin.js:7 top level: Plugin.getKinds = getKinds;" in text
    assert "lib/Other.js" not in text  # its own getKinds, and it does not import Plugin.js
