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


def test_a_line_in_a_closure_names_the_closure_and_what_it_is_bound_to(tmp_path: Path):
    s = served_tree(tmp_path, {"pl/class.lua": (
        "local function call_ctor(c, obj, ...)\n"          # 1
        "  if c._init then\n"                              # 2
        "    rawset(obj, 'super', function(obj, ...)\n"    # 3
        "      call_ctor(c._base, obj, ...)\n"             # 4
        "    end)\n"                                       # 5
        "    obj.reset = function()\n"                     # 6
        "      obj.count = 0\n"                            # 7
        "    end\n"                                        # 8
        "  end\n"                                          # 9
        "end\n"                                            # 10
        "return call_ctor\n")})
    first = s.call("read_code_range", path="pl/class.lua", start_line=4, end_line=4).text.splitlines()[0]
    assert first.endswith("— in function passed to rawset 3-5, in function call_ctor 1-10"), first
    second = s.call("read_code_range", path="pl/class.lua", start_line=7, end_line=7).text.splitlines()[0]
    assert second.endswith("— in function obj.reset 6-8, in function call_ctor 1-10"), second  # `.`: no method


ALIASES = {
    **FILES,
    "pl/dir.lua": (
        "local utils = require 'pl.utils'\n"                             # 1
        "local path = require 'pl.path'\n"                               # 2
        "local exists, isdir = path.exists, path.isdir\n"                # 3
        "local dir = {}\n"                                               # 4
        "function dir.walk(root)\n"                                      # 5
        "  if isdir(root) then return true end\n"                        # 6
        "end\n"                                                          # 7
        "local function find_ffi()\n"                                    # 8
        "  local ok, alien = pcall(require, 'alien')\n"                  # 9
        "  return type(alien)\n"                                         # 10
        "end\n"                                                          # 11
        "return dir\n"),                                                 # 12
    "pl/types.lua": "local types = {}\nfunction types.type(obj)\n  return 'x'\nend\nreturn types\n",
}


def test_a_call_through_a_local_alias_of_a_module_function_is_its_call_and_pcall_require_an_import(tmp_path: Path):
    s = served_tree(tmp_path, ALIASES)
    callers = flat(s.call("find_related", symbol="path.isdir", relation="callers").text)
    assert "pl/dir.lua:6 in dir.walk (5-7): if isdir(root) then return true end" in callers, callers
    assert "all by alias" in callers.splitlines()[0] and "name only" not in callers
    deps = s.call("list_dependencies", path="pl/dir.lua").text
    assert "external: alien (line 9, in find_ffi only)" in deps, deps  # `pcall(require, 'alien')` in a function (no manifest)
    uses = s.call("find_related", symbol="find_ffi", relation="callees").text
    assert "types.type" not in uses, uses  # `type(alien)` is Lua's type, not pl/types.lua's types.type


def test_a_uses_list_stopped_at_its_limit_says_how_many_names_were_not_looked_up(tmp_path: Path):
    consts = "".join(f"local P{i} = '^{i}'\n" for i in range(20))
    body = "local function scan(s)\n  return {" + ", ".join(f"P{i}" for i in range(20)) + "}\nend\nreturn scan\n"
    s = served_tree(tmp_path, {"pl/lexer.lua": consts + body})
    text = s.call("read_code_range", path="pl/lexer.lua", symbol="scan", context="semantic").text
    uses = text.split("── uses ──")[1].split("── called by")[0].strip().splitlines()
    # past the list's limit, the names and where they are (client_golang run 281: HandlerForTransactional's
    # gzipPool, HTTPErrorOnError.. were "not looked up", a search away; run 58: lexer.scan's STRING2, sdump..)
    assert len(uses) == 16 and uses[-1] == "also uses (name, line in this file or path:line): P15 16, P16 17, P17 18, " \
                                           "P18 19, P19 20", text
    assert "not looked up" not in text, text


def test_a_uses_list_past_its_brief_names_says_how_many_were_not_looked_up(tmp_path: Path):
    consts = "".join(f"local P{i} = '^{i}'\n" for i in range(50))
    body = "local function scan(s)\n  return {" + ", ".join(f"P{i}" for i in range(50)) + "}\nend\nreturn scan\n"
    s = served_tree(tmp_path, {"pl/lexer.lua": consts + body})
    text = s.call("read_code_range", path="pl/lexer.lua", symbol="scan", context="semantic").text
    uses = text.split("── uses ──")[1].split("── called by")[0].strip().splitlines()
    assert len(uses) == 17 and uses[15].endswith("P43 44, P44 45"), text
    assert uses[-1].startswith("… 5 more names it uses not looked up (P45, P46, P47, P48, P49: "
                               "search_symbol(query=\"P45, P46, P47, P48, P49\") finds their definitions): find_related("), text


def test_classes_made_by_a_class_library_are_implementations(tmp_path: Path):
    s = served_tree(tmp_path, {
        "pl/class.lua": "local function class(base, c_arg, c)\n  return c or {}\nend\nreturn class\n",
        "pl/Map.lua": "local class = require 'pl.class'\nlocal Map = {}\nclass(nil, nil, Map)\nreturn Map\n",
        "pl/Set.lua": ("local class = require 'pl.class'\nlocal Map = require 'pl.Map'\nlocal Set = {}\n"
                       "class(Map, nil, Set)\nreturn Set\n"),
        "pl/OrderedMap.lua": ("local class = require 'pl.class'\nlocal Map = require 'pl.Map'\n"
                              "local OrderedMap = class(Map)\nreturn OrderedMap\n"),
        "pl/Sorted.lua": ("local OrderedMap = require 'pl.OrderedMap'\nlocal Sorted = OrderedMap:extend()\n"
                          "return Sorted\n"),
        "pl/Other.lua": "local Other = {}\nsetmetatable(Other, {__index = Unrelated})\nreturn Other\n",
    })
    text = s.call("find_related", symbol="Map", relation="implementations", path="pl/Map.lua").text
    assert "pl/Set.lua:3-3 variable Set  [class library, class(Map, nil, Set) at line 4]" in text, text
    # the call that makes it shown on its own line too (run 58 read the file for OrderedMap's `class(Map)`)
    assert "pl/OrderedMap.lua:3-3 variable OrderedMap  [class library, local OrderedMap = class(Map) at line 3]\n" \
           "  pl/Sorted.lua:2-2 variable Sorted" in text, text
    assert "Other" not in text and "[complete: all levels listed]" in text


def test_callers_also_name_the_lines_that_pass_or_store_the_function_without_calling_it(tmp_path: Path):
    files = dict(ALIASES)
    files["pl/dir.lua"] = files["pl/dir.lua"].replace(
        "return dir\n", "local function assert_dir(n, val)\n  utils.assert_arg(n, val, 'string', path.isdir, 'no dir')\n"
        "end\nlocal size = other.isdir\nreturn dir\n")
    s = served_tree(tmp_path, files)
    text = s.call("find_related", symbol="path.isdir", relation="callers").text
    values = text.split("also named without a call (passed or stored as a value):\n")[1].splitlines()
    assert values[0] == "  pl/dir.lua:3 top level: local exists, isdir = path.exists, path.isdir", text
    assert values[1] == "  pl/dir.lua:13 in assert_dir: utils.assert_arg(n, val, 'string', path.isdir, 'no dir')"
    assert "other.isdir" not in text  # another table's field of that name


def test_dot_functions_are_functions_colon_functions_methods_and_every_local_alias_a_definition(tmp_path: Path):
    # Penlight run 58: `function List.range(...)` read "method" (the question asked method or plain function), and
    # List.range's `assert_arg`, the third name of `local array_tostring,split,assert_arg = ...`, had no definition
    s = served_tree(tmp_path, {"pl/List.lua": (
        "local utils = require 'pl.utils'\n"
        "local array_tostring,split,assert_arg = utils.array_tostring,utils.split,utils.assert_arg\n"
        "local List = {}\n\n"
        "function List.range(start, finish)\n  assert_arg(1, start, 'number')\n  return List()\nend\n\n"
        "function List:append(i)\n  self[#self + 1] = i\n  return self\nend\n\nreturn List\n")})
    assert "pl/List.lua:5-8 function List.range" in s.call("search_symbol", query="List.range").text
    assert "pl/List.lua:10-13 method List.append" in s.call("search_symbol", query="List.append").text
    sem = s.call("read_code_range", path="pl/List.lua", symbol="List.range", context="semantic").text
    assert "pl/List.lua:2-2 local array_tostring,split,assert_arg = utils.array_tostring,utils.split,utils.assert_arg" \
        in sem, sem
    outline = s.call("get_structured_index", path="pl/List.lua").text
    assert outline.count("local array_tostring,split,assert_arg") == 1, outline  # one row for the three names


def test_a_semantic_read_lists_the_module_functions_a_lua_function_calls_on_a_required_module(tmp_path: Path):
    # Penlight A/B run 174: `app.require_here` read with context="semantic" listed only same-file names under "uses",
    # not the `path.isabs`, `path.join` .. it calls on `local path = require 'pl.path'`
    served = served_tree(tmp_path / "lua", {
        "pl/path.lua": "local path = {}\n\nfunction path.isabs(P)\n    return P:sub(1,1) == '/'\nend\n\n"
                       "function path.join(a, b)\n    return a .. '/' .. b\nend\n\nreturn path\n",
        "pl/app.lua": "local path = require 'pl.path'\nlocal app = {}\n\nfunction app.here(p)\n"
                      "    if not path.isabs(p) then\n        p = path.join('.', p)\n    end\n    return p\nend\n\n"
                      "return app\n",
    })
    a = served.semantic("pl/app.lua", "app.here")
    uses = a.text.split("── uses ──", 1)[1]
    assert "pl/path.lua:3-5 path.isabs" in uses and "pl/path.lua:7-9 path.join" in uses, a.text
