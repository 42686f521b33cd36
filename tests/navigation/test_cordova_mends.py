"""cordova-android 13.0.0 (the npm package): Node tooling in CommonJS (`exports.create = function ..`,
`require('./check_reqs').run()`, `const X = require('cordova-common').X`) beside a Java runtime."""

from __future__ import annotations

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

API = """\
const path = require('path');
const PluginManager = require('cordova-common').PluginManager;
const prepare = require('./prepare').prepare;
const VERSION = require('../package').version;

class Api {
    build (opts) {
        return require('./check_reqs').run().then(function () {
            return prepare.call(this, opts, PluginManager, path.sep);
        });
    }
}

module.exports = Api;
module.exports.version = VERSION;
"""

PREPARE = """\
module.exports.prepare = function (cordovaProject, options) {
    return cordovaProject;
};

exports.clean = async (options) => options;
"""

CHECK_REQS = """\
const Other = require('./other');

exports.run = function () {
    return Other.create();
};
"""


def test_commonjs_exports_are_functions_and_members_read_off_a_require_are_its_uses(tmp_path):
    served = served_tree(tmp_path / "r", {
        "package.json": '{"name": "cordova-android", "version": "13.0.0"}\n',
        "lib/Api.js": API, "lib/prepare.js": PREPARE, "lib/check_reqs.js": CHECK_REQS,
        "lib/other.js": "class Other {\n    static create () { return 1; }\n}\nmodule.exports = Other;\n",
    })
    r = served.call("search_symbol", query="prepare, clean, run")
    # `module.exports.prepare = function`, `exports.clean = async () =>`: the module's functions (none had been indexed)
    assert "lib/prepare.js:1-3 function prepare" in r.text and "lib/prepare.js:5-5 function clean" in r.text, r.text
    assert "lib/check_reqs.js:3-5 function run" in r.text, r.text
    r = served.call("list_dependencies", path="lib/Api.js", view="uses")
    rows = {line.split()[0]: line for line in r.text.splitlines()[1:] if line.startswith("  ")}
    # a member bound at once is used where its local is; one called on the require's own line is used there, and is
    # the target file's own definition (check_reqs.js's run, not the `create` its own import has); `../package` is
    # package.json
    assert rows["2"].endswith("PluginManager at 9"), r.text
    assert rows["3"].endswith("prepare (lib/prepare.js:1) at 9"), r.text
    assert "-> package.json: version as VERSION at 15" in rows["4"], r.text
    assert rows["8"].endswith("run() (lib/check_reqs.js:3) at 8"), r.text


CREATE = """\
const utils = require('./utils');

exports.copyScripts = function (projectPath) {
    return projectPath;
};

exports.create = function (projectPath) {
    exports.copyScripts(projectPath);
    module.exports.copyScripts(projectPath);
    return utils.escape(projectPath);
};
"""


def test_a_call_through_the_module_s_own_exports_is_its_function(tmp_path):
    served = served_tree(tmp_path / "r", {"lib/create.js": CREATE,
                                          "lib/utils.js": "exports.escape = function (s) { return s; };\n"})
    r = served.call("find_related", symbol="create", path="lib/create.js", relation="callees")
    # (cordova's create had left `exports.copyScripts(..)` and four more such calls unresolved)
    assert "copyScripts lib/create.js:3-5 called at 8,9" in r.text and "exports.copyScripts" not in r.text, r.text
    assert "lib/utils.js:1-1 called at 10" in r.text, r.text


def test_a_message_searched_as_it_reads_finds_the_source_that_escapes_its_quotes(tmp_path):
    reqs = ("module.exports.check_android = function () {\n"
            "    throw new CordovaError('Failed to find \\'ANDROID_HOME\\' environment variable. Try setting it manually.\\n' +\n"
            "        'Failed to find \\'android\\' command in your \\'PATH\\'.');\n"
            "};\n")
    served = served_tree(tmp_path / "r", {"lib/check_reqs.js": reqs})
    for pattern in ("Failed to find 'ANDROID_HOME' environment variable",
                    "Failed to find 'ANDROID_HOME' environment variable. Try setting it manually.\\nFailed to find 'android'"):
        r = served.call("search_text", pattern=pattern)
        # (cordova's check_reqs.js writes \\' and breaks the message over two strings: a literal search found nothing)
        assert "in check_android 1-4" in (hit_at(r.text, "lib/check_reqs.js", 2) or ""), r.text
        assert "as source code writes it" in r.text, r.text
    r = served.call("search_text", pattern="no such 'message' anywhere")
    assert "no matches" in r.text, r.text


_REQS = {
    "lib/check_reqs.js": ("module.exports.get_target = function (projectRoot) {\n    return 34;\n};\n\n"
                          "exports.isValid = (a) => a > 0;\n\n"
                          "module.exports.check_android_target = function (root) {\n"
                          "    const level = module.exports.get_target(root);\n"
                          "    return exports.isValid(level) && other.get_target(root);\n};\n"),
    "lib/create.js": ("const check_reqs = require('./check_reqs');\n\n"
                      "exports.create = function (p) {\n    return check_reqs.get_target(p);\n};\n"),
}


def test_module_exports_call_in_its_own_module_is_a_caller(tmp_path):
    """cordova run 312: `module.exports.get_target(projectRoot)` in check_reqs.js, the module that exports it, was
    left out as "another type's method or a function of that name"; `other.get_target(..)` still is."""
    served = served_tree(tmp_path / "r", _REQS)
    c = served.call("find_related", symbol="get_target", relation="callers")
    rows = {(i["qualname"], tuple(i["lines"])) for i in c.data["items"]}
    assert rows == {("check_android_target", (8,)), ("create", (4,))}, c.text
    v = served.call("find_related", symbol="isValid", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in v.data["items"]] == [("check_android_target", (9,))], v.text
