"""Penlight A/B run 240: the uses view said "no name of it used" of dir.lua's `require('pl.List')` (used in place in
makelist) and of `res, alien = pcall(require, 'alien')` (the module bound to an upvalue)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "pl/List.lua": "local List = {}\nreturn List\n",
    "pl/dir.lua": (
        "local alien, ffi\n\nlocal function makelist(l)\n    return setmetatable(l, require('pl.List'))\nend\n\n"
        "local function find()\n    local res\n    res, alien = pcall(require, 'alien')\n    if not res then\n"
        "        pcall(require, 'ffi')\n    end\n    return alien.load('k')\nend\n\nreturn {makelist = makelist, find = find}\n"
    ),
}


def test_requires_binding_no_local_say_how_they_are_used(tmp_path):
    a = served_tree(tmp_path, _FILES).call("list_dependencies", path="pl/dir.lua", view="uses")
    rows = {u["line"]: u for u in a.data["uses"]}
    assert rows[4]["directive"] == ("its value used in place inside makelist 3-5 (when it runs): "
                                    "`return setmetatable(l, require('pl.List'))`"), a.text
    assert [(n["name"], n["lines"]) for n in rows[9]["names"]] == [("alien", [13])], a.text
    assert rows[11]["directive"] == "loaded with pcall inside find 7-14 (when it runs): optional, its value not kept", a.text
