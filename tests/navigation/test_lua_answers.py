"""Lua answers, from the Penlight A/B run (run 24): a module's `local`s are its own, calls through `:` and
string arguments are method calls, and a module table's functions are found through the table's name."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "pl/path.lua": (
        "local lfs = require 'lfs'\n"                                   # 1
        "local path = {}\n"                                             # 2
        "local currentdir = lfs.currentdir\n"                           # 3
        "local sub = string.sub\n"                                      # 4
        "function path.isdir(P)\n"                                      # 5
        "  return lfs.attributes(P, 'mode') == 'directory'\n"          # 6
        "end\n"                                                         # 7
        "path.currentdir = function()\n"                                # 8
        "  return currentdir()\n"                                       # 9
        "end\n"                                                         # 10
        "return path\n"),                                               # 11
    "pl/app.lua": (
        "local path = require 'pl.path'\n"                              # 1
        "local app = {}\n"                                              # 2
        "function app.script_name()\n"                                  # 3
        "  return arg[0]\n"                                             # 4
        "end\n"                                                         # 5
        "function app.require_here(base)\n"                             # 6
        "  local p = path.currentdir()\n"                               # 7
        "  local name = app.script_name()\n"                            # 8
        "  if p:sub(-1,-1) ~= '/' then p = p .. '/' end\n"              # 9
        "  local lsep = package.path:find '^;' and '' or ';'\n"         # 10
        "  return ('%s%s'):format(p, lsep)\n"                           # 11
        "end\n"                                                         # 12
        "return app\n"),                                                # 13
    "pl/utils.lua": (
        "local utils = {}\n"
        "local format = string.format\n"
        "function utils.assert_arg(n, val, tp, verify, msg)\n"
        "  if verify and not verify(val) then error(format('%s', msg)) end\n"
        "end\n"
        "return utils\n"),
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_a_module_function_is_found_through_the_module_and_another_files_locals_are_never_callees(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="app.require_here", relation="callees").text)
    assert "path.currentdir pl/path.lua:8-10 called at 7" in text, text  # not `local currentdir` (line 3)
    assert "app.script_name pl/app.lua:3-5 called at 8" in text  # the same file's module table
    assert "pl/path.lua:3-3" not in text and "pl/path.lua:4-4" not in text  # locals of path.lua: `sub`, `currentdir`
    assert "pl/utils.lua:2" not in text  # `('%s%s'):format(...)` is a string method, not utils.lua's local format
    unresolved = text.partition("unresolved")[2]
    assert "p.sub" in unresolved and "format" in unresolved and "find" in unresolved, text
