"""What preparing the ESLint (JavaScript) A/B run 98 found: the `.d.ts` declarations an npm package ships next to its
JavaScript (lib/types/index.d.ts) made `Linter.verify` "2 definitions; pass the one you mean" and, with a `type
RuleFixer = ..` alias, took every `fixer.replaceText(..)` call for a guess among namesakes ("name only")."""

from __future__ import annotations

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

_FILES = {
    "lib/linter/linter.js": ("\"use strict\";\n\nclass Linter {\n    verify(code, config) {\n        return [];\n    }\n\n"
                             "    verifyAndFix(code, config) {\n        return this.verify(code, config);\n    }\n}\n\n"
                             "module.exports = { Linter };\n"),
    "lib/linter/rule-fixer.js": ("\"use strict\";\n\nclass RuleFixer {\n    replaceText(node, text) {\n        return { node, text };\n"
                                 "    }\n}\n\nmodule.exports = { RuleFixer };\n"),
    "lib/rules/semi.js": ("\"use strict\";\n\nmodule.exports = {\n    create(context) {\n        return {\n"
                          "            Program(node) {\n                context.report({ node, fix(fixer) {\n"
                          "                    return fixer.replaceText(node, \";\");\n                } });\n"
                          "            },\n        };\n    },\n};\n"),
    "lib/types/index.d.ts": ("export class Linter {\n    verify(code: string, config: object): object[];\n}\n\n"
                             "export namespace Rule {\n    type RuleFixer = { replaceText(node: object, text: string): object };\n}\n"),
}


def test_a_shipped_declaration_file_is_no_second_definition_nor_a_namesake(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    v = served.call("find_related", symbol="Linter.verify", relation="callers")
    assert not v.is_error, v.text  # was: 'Linter.verify' names 2 definitions
    assert "declared in lib/types/index.d.ts:2" in v.text, v.text
    assert [(i["qualname"], i["lines"]) for i in v.data["items"]] == [("Linter.verifyAndFix", [9])], v.text
    r = served.call("find_related", symbol="RuleFixer.replaceText", relation="callers")
    assert [(i["qualname"], i["how"]) for i in r.data["items"]] == [("create.Program.fix", "receiver")], r.text


def test_commonjs_requires_in_one_declaration_nested_patterns_and_called_modules(tmp_path):
    files = {"lib/shared/traverser.js": "\"use strict\";\nclass Traverser {}\nmodule.exports = Traverser;\n",
             "lib/linter/linter.js": ("\"use strict\";\n\nconst path = require(\"node:path\"),\n\tespree = require(\"espree\"),\n"
                                      "\t{\n\t\tLegacy: {\n\t\t\tConfigOps,\n\t\t\tenvironments: BuiltInEnvironments,\n\t\t},\n"
                                      "\t} = require(\"@eslint/eslintrc/universal\"),\n\tTraverser = require(\"../shared/traverser\");\n"
                                      "const debug = require(\"debug\")(\"eslint:linter\");\n\n"
                                      "function lint(code) {\n\tconst lazy = require(\"./lazy\");\n\tdebug(path.join(code));\n"
                                      "\treturn [espree, ConfigOps, BuiltInEnvironments, new Traverser(), lazy];\n}\n\n"
                                      "module.exports = { lint };\n")}
    served = served_tree(tmp_path / "r", files)
    d = served.call("list_dependencies", path="lib/linter/linter.js")
    assert not d.is_error, d.text
    lazy = [ln for ln in d.text.splitlines() if ln.endswith("[lazy]")]
    assert len(lazy) == 1 and lazy[0].startswith("  15:"), d.text  # only the require inside lint()
    u = served.call("list_dependencies", path="lib/linter/linter.js", view="uses")
    rows = {x["line"]: {n["name"]: n["lines"] for n in x["names"]} for x in u.data["uses"]}
    assert rows[10] == {"ConfigOps": [17], "environments as BuiltInEnvironments": [17]}, u.text  # not `Legacy`
    assert rows[12] == {"debug": [16]}, u.text  # `require("debug")("x")` binds debug
    assert rows[11]["Traverser"] == [17], u.text


def test_a_name_bound_by_an_outside_import_never_resolves_to_a_namesake_of_an_imported_file(tmp_path):
    files = {"lib/languages/js/index.js": ("\"use strict\";\nconst createDebug = require(\"debug\");\n"
                                           "const debug = createDebug(\"eslint:languages:js\");\n\n"
                                           "module.exports = { parse() { debug(\"x\"); } };\n"),
             "lib/linter/linter.js": ("\"use strict\";\nconst jslang = require(\"../languages/js\");\n"
                                      "const debug = require(\"debug\")(\"eslint:linter\");\n\n"
                                      "class Linter {\n    verify(code) {\n        debug(\"verify\");\n        return jslang.parse(code);\n"
                                      "    }\n}\n\nmodule.exports = { Linter };\n")}
    c = served_tree(tmp_path / "r", files).call("find_related", symbol="Linter.verify", relation="callees")
    assert not c.is_error, c.text
    assert "debug" not in {i["qualname"] for i in c.data["items"]}, c.text  # index.js's private const is not it
    assert "debug" in c.text.split("unresolved")[1], c.text


def test_jsdoc_types_type_javascript_parameters_and_returns():
    from contexteer.indexers.syntax import jsdoc_type

    lines = ["/**", " * Forwards.", " * @param {CodePathAnalyzer} analyzer The instance.", " * @param {?ASTNode} node",
             " * @param {import(\"./x\").Report|null} report", " * @param {Object} opts", " * @param {string} [name]",
             " * @returns {CodePathState} the state", " */", "function f(analyzer, node, report, opts, name) {}"]
    got = {w: jsdoc_type(lines, 10, "param", w) for w in ("analyzer", "node", "report", "opts", "name", "other")}
    assert got == {"analyzer": "CodePathAnalyzer", "node": "ASTNode", "report": "Report", "opts": None, "name": None,
                   "other": None}
    assert jsdoc_type(lines, 10, "returns") == "CodePathState"
    assert jsdoc_type(["function g() {}"], 1, "returns") is None


def test_jsdoc_typed_receivers_resolve_calls_and_callers(tmp_path):
    files = {"lib/file-report.js": ("\"use strict\";\nclass FileReport {\n    addError(d) {}\n}\nclass Other {\n    addError(d) {}\n}\n"
                                    "module.exports = { FileReport, Other };\n"),
             "lib/state.js": ("\"use strict\";\nclass CodePathState {\n    fork() {}\n}\nclass CodePath {\n    /**\n"
                              "     * @param {CodePath} codePath\n     * @returns {CodePathState} its state\n     */\n"
                              "    static getState(codePath) {\n        return codePath.state;\n    }\n}\n"
                              "module.exports = { CodePath, CodePathState };\n"),
             "lib/linter.js": ("\"use strict\";\nconst { FileReport } = require(\"./file-report\");\nconst { CodePath } = require(\"./state\");\n\n"
                               "/**\n * Adds.\n * @param {FileReport} report The report.\n * @param {CodePath} codePath\n */\n"
                               "function add(report, codePath) {\n    report.addError({});\n    const state = CodePath.getState(codePath);\n"
                               "    state.fork();\n}\n\nmodule.exports = { add };\n")}
    served = served_tree(tmp_path / "r", files)
    n = served.call("find_related", symbol="FileReport.addError", relation="callers")
    assert [(i["qualname"], i["how"]) for i in n.data["items"]] == [("add", "receiver type")], n.text
    o = served.call("find_related", symbol="Other.addError", relation="callers")
    # JSDoc only confirms a caller, never drops one (nothing checks it: a review finding of this session)
    assert [(i["qualname"], i["how"]) for i in o.data["items"]] == [("add", "name only")], o.text
    c = served.call("find_related", symbol="add", relation="callees")
    assert {i["qualname"] for i in c.data["items"]} == {"FileReport.addError", "CodePath.getState", "CodePathState.fork"}, c.text


def test_jsdoc_of_a_destructured_parameter_and_shipped_types_of_the_same_method(tmp_path):
    files = {**_FILES, "lib/eslint/helpers.js": ("\"use strict\";\n\n/**\n * Verifies.\n * @param {Object} config The config.\n"
                                                 " * @param {Linter} config.linter The linter.\n * @returns {Object} the result\n */\n"
                                                 "function verifyText({ text, linter }) {\n    return linter.verify(text, {});\n}\n\n"
                                                 "module.exports = { verifyText };\n")}
    c = served_tree(tmp_path / "r", files).call("find_related", symbol="verifyText", relation="callees")
    assert not c.is_error, c.text
    assert [(i["qualname"], i["path"], i["how"]) for i in c.data["items"]] == \
        [("Linter.verify", "lib/linter/linter.js", "receiver type")], c.text  # not the .d.ts declaration, not a guess


def test_a_required_module_exporting_an_object_is_read_through_its_members(tmp_path):
    files = {"lib/shared/logging.js": ("\"use strict\";\n\nmodule.exports = {\n    info(...args) {\n        console.log(...args);\n"
                                       "    },\n\n    error(...args) {\n        console.error(...args);\n    },\n};\n"),
             "lib/shared/traverser.js": "\"use strict\";\nclass Traverser {\n    static traverse(n) {}\n}\nmodule.exports = Traverser;\n",
             "lib/cli.js": ("\"use strict\";\nconst log = require(\"./shared/logging\");\nconst Traverser = require(\"./shared/traverser\");\n\n"
                            "function run(x) {\n    log.info(\"a\");\n    if (!x) {\n        log.error(\"b\");\n    }\n"
                            "    return new Traverser();\n}\n\nmodule.exports = { run };\n")}
    u = served_tree(tmp_path / "r", files).call("list_dependencies", path="lib/cli.js", view="uses")
    assert not u.is_error, u.text
    rows = {x["line"]: {n["name"]: (n["lines"], n["defined"]) for n in x["names"]} for x in u.data["uses"]}
    assert rows[2] == {"log.info": ([6], "lib/shared/logging.js:4"), "log.error": ([8], "lib/shared/logging.js:8")}, u.text
    assert rows[3] == {"Traverser": ([10], "lib/shared/traverser.js:2")}, u.text  # a class exported whole stays a name


def test_callers_of_a_module_function_leave_out_a_namesake_modules_own_calls(tmp_path):
    files = {"lib/eslint/helpers.js": ("\"use strict\";\nfunction verifyText({ text }) {\n    return text;\n}\n"
                                       "function lintFile(t) {\n    return verifyText({ text: t });\n}\nmodule.exports = { verifyText, lintFile };\n"),
             "lib/eslint/eslint.js": ("\"use strict\";\nconst { verifyText } = require(\"./helpers\");\n\n"
                                      "function lintText(t) {\n    return verifyText({ text: t });\n}\nmodule.exports = { lintText };\n"),
             "lib/cli-engine/cli-engine.js": ("\"use strict\";\nfunction verifyText({ text, config }) {\n    return config;\n}\n\n"
                                              "function executeOnText(t) {\n    return verifyText({ text: t });\n}\nmodule.exports = { executeOnText };\n")}
    served = served_tree(tmp_path / "r", files)
    a = served.call("find_related", symbol="verifyText", path="lib/eslint/helpers.js", relation="callers")
    assert {(i["path"], i["qualname"]) for i in a.data["items"]} == {
        ("lib/eslint/helpers.js", "lintFile"), ("lib/eslint/eslint.js", "lintText")}, a.text
    b = served.call("find_related", symbol="verifyText", path="lib/cli-engine/cli-engine.js", relation="callers")
    assert {(i["path"], i["qualname"]) for i in b.data["items"]} == {("lib/cli-engine/cli-engine.js", "executeOnText")}, b.text


def test_a_whole_file_digest_quotes_a_short_multi_line_constant_whole(tmp_path):
    def helpers(a: int, b: int) -> str:
        return "".join(f"function helper{i}(a, b) {{\n" + "".join(f"    const v{k} = a + b + {k};\n" for k in range(12))
                       + "    return a;\n}\n\n" for i in range(a, b))
    consts = ("const GENERAL = new Set(\"\\\\bcd\");\nconst NON_CLASS = union(\n\tGENERAL,\n\tnew Set(\"^/.$\"),\n"
              "\tnew Set(\"{}|\"),\n\tnew Set(\"()Bk\"),\n);\n\n")
    files = {"lib/rules/escape.js": "\"use strict\";\n\n" + helpers(0, 9) + consts + helpers(9, 20) + "module.exports = { NON_CLASS };\n"}
    r = served_tree(tmp_path / "r", files).call("read_code_range", path="lib/rules/escape.js")
    assert not r.is_error, r.text
    assert r.text.startswith("[digest of lib/rules/escape.js"), r.text[:200]  # large enough to be a digest
    assert '\tnew Set("^/.$"),\n' in r.text and '\tnew Set("()Bk"),\n' in r.text, r.text  # the value whole, not folded


def test_a_name_bound_to_an_anonymous_module_export_points_at_it(tmp_path):
    files = {"lib/options.js": "\"use strict\";\n\n// Options.\nmodule.exports = function (usingFlatConfig) {\n    return {};\n};\n",
             "lib/cli.js": "\"use strict\";\nconst createCLIOptions = require(\"./options\");\n\nfunction run() {\n    return createCLIOptions(true);\n}\nmodule.exports = { run };\n"}
    u = served_tree(tmp_path / "r", files).call("list_dependencies", path="lib/cli.js", view="uses")
    assert not u.is_error, u.text
    name = u.data["uses"][0]["names"][0]
    assert (name["name"], name["lines"], name["defined"]) == ("createCLIOptions", [5], "lib/options.js:4"), u.text


def test_a_hit_on_a_functions_own_multi_line_header_names_no_one_line_function(tmp_path):
    files = {"lib/linter.js": ("\"use strict\";\n\nfunction addProblem(\n    config,\n    report,\n) {\n"
                               "    report.add(config);\n}\n\nmodule.exports = { addProblem };\n")}
    s = served_tree(tmp_path / "r", files).call("search_text", pattern="function addProblem", path="lib/linter.js")
    assert not s.is_error, s.text
    assert hit_at(s.text, "lib/linter.js", 3) == "3: function addProblem(  — in addProblem 3-8" and "3-3" not in s.text, s.text


def test_the_blocks_a_read_line_sits_in_come_with_their_ranges(tmp_path):
    files = {"lib/analyzer.js": ("\"use strict\";\nfunction forward(analyzer, node) {\n    let i;\n    for (i = 0; i < 3; ++i) {\n"
                                 "        const s = node[i];\n        if (s) {\n            analyzer.emit(\"x\", [s]);\n        }\n"
                                 "    }\n}\nmodule.exports = { forward };\n"),
             "lib/walk.py": "def walk(xs):\n    for x in xs:\n        if x:\n            print(x)\n\n    return xs\n"}
    served = served_tree(tmp_path / "r", files)
    r = served.call("read_code_range", path="lib/analyzer.js:7", context="semantic")
    assert "── inside the blocks ──\n4-9\t    for (i = 0; i < 3; ++i) {\n6-8\t        if (s) {\n" in r.text, r.text
    p = served.call("read_code_range", path="lib/walk.py:4", context="semantic")
    assert "2-4\t    for x in xs:\n3-4\t        if x:\n" in p.text, p.text
