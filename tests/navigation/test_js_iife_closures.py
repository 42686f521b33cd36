"""Capacitor A/B run 237: every search hit in native-bridge.js (`var nativeBridge = (function (exports) { .. })({})`)
read "in nativeBridge 5-1033"; the arrow functions the hit sits in are named as for a function's body."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_JS = ("var nativeBridge = (function (exports) {\n    'use strict';\n\n    const initLogger = (win, cap) => {\n"
       "        const set = (val) => {\n            win.Cookies.setCookie('a', val);\n        };\n        return set;\n"
       "    };\n\n    function initBridge(win) {\n        initLogger(win, {});\n    }\n\n"
       "    exports.initBridge = initBridge;\n    return exports;\n})({});\n")


def test_a_hit_inside_a_module_values_closures_names_them(tmp_path):
    a = served_tree(tmp_path, {"nb.js": _JS}).call("search_text", pattern="setCookie")
    assert "6: win.Cookies.setCookie('a', val);  — in arrow function set 5-7, in arrow function initLogger 4-9, " \
           "in nativeBridge 1-17" in a.text, a.text


def test_a_call_in_a_one_line_arrow_says_it_sits_in_that_arrow(tmp_path):
    """ESLint run 322: `directivesProblems.forEach(problem => report.addError(problem));` was read as a call in
    getDirectiveCommentsForFlatConfig's own body; the arrow holds the call, though the line begins outside it."""
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {
        "report.js": "class FileReport {\n    addError(d) {\n        return d;\n    }\n}\n\nmodule.exports = { FileReport };\n",
        "linter.js": ("const { FileReport } = require('./report');\n\n"
                      "function getDirectives(problems, report) {\n"
                      "    problems.forEach(problem => report.addError(problem));\n"
                      "    report.addError({ ruleId: null });\n}\n\n"
                      "function run() {\n    const report = new FileReport();\n    getDirectives([], report);\n}\n"),
    })
    c = served.call("find_related", symbol="FileReport.addError", relation="callers")
    rows = c.text.splitlines()
    assert any("4" in r and "[in arrow function 4-4 passed to problems.forEach]" in r for r in rows), c.text
    assert not any("report.addError({ ruleId: null })" in r and "[in" in r for r in rows), c.text


def test_a_call_at_top_level_inside_an_iife_names_that_function(tmp_path):
    """ESLint run 366: worker.js's `await lintFile(..)` sits in `(async () => { .. })()`; the callers row said only
    "at top level" and the agent read worker.js to find the function it ran in."""
    served = served_tree(tmp_path, {
        "helpers.js": "async function lintFile(p) {\n    return p;\n}\n\nmodule.exports = { lintFile };\n",
        "worker.js": ("const { lintFile } = require('./helpers');\n\n(async () => {\n    const paths = ['a'];\n"
                      "    const result = await lintFile(paths[0]);\n    console.log(result);\n})();\n"),
    })
    c = served.call("find_related", symbol="lintFile", relation="callers")
    assert not c.is_error, c.text
    assert "worker.js:5 at top level: const result = await lintFile(paths[0]);  [in immediately-invoked arrow " \
           "function 3-7]" in c.text, c.text
