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
