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


def test_a_read_by_name_prefers_the_definition_with_a_body_over_callbacks(tmp_path):
    # Mix run 239: `symbol=Mix.Shell.cmd` read the two `@callback cmd` lines (24-42, the docs between them) as the
    # widest definition, not `def cmd` (104-120)
    ex = ("defmodule Mix.Shell do\n  @doc \"\"\"\n  Runs a command.\n\n  More text.\n  \"\"\"\n"
          "  @callback cmd(command :: String.t()) :: integer\n\n  @doc \"\"\"\n  Same.\n  \"\"\"\n"
          "  @callback cmd(command :: String.t(), options :: keyword) :: integer\n\n  def other, do: :ok\n\n"
          "  def cmd(command, callback) do\n    callback.(command)\n  end\nend\n")
    a = served_tree(tmp_path, {"lib/mix/shell.ex": ex}).call("read_code_range", path="lib/mix/shell.ex",
                                                              symbol="Mix.Shell.cmd")
    assert a.text.startswith("lib/mix/shell.ex:16-18 ") and "this is the one with a body (16-18)" in a.text, a.text
