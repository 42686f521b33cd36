"""Elixir answers (the Mix A/B run): a module that `use`s or declares `@behaviour X` implements X, and a protocol's
`defimpl P, for: T` blocks implement it."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import served_tree

FILES = {
    "lib/mix/task.ex": ("defmodule Mix.Task do\n  @callback run([binary]) :: any\n"
                        "  defmacro __using__(_opts) do\n    quote do\n      @behaviour Mix.Task\n    end\n  end\nend\n"),
    "lib/mix/tasks/clean.ex": "defmodule Mix.Tasks.Clean do\n  use Mix.Task\n  def run(_args), do: :ok\nend\n",
    "lib/mix/tasks/deps.ex": "defmodule Mix.Tasks.Deps do\n  @behaviour Mix.Task\n  def run(_args), do: :ok\nend\n",
    "lib/mix/shell.ex": ("defprotocol Mix.Printable do\n  def print(x)\nend\n\n"
                         "defimpl Mix.Printable, for: Mix.Dep do\n  def print(x), do: x\nend\n"),
    "lib/mix/other.ex": "defmodule Mix.Other do\n  use Mix.TaskHelper\nend\n",
}


def test_modules_that_use_or_declare_a_behaviour_and_protocol_impls_are_implementations(tmp_path: Path):
    s = served_tree(tmp_path, FILES)
    text = s.call("find_related", symbol="Mix.Task", relation="implementations").text
    assert "lib/mix/tasks/clean.ex:1-4 module Mix.Tasks.Clean  [use, line 2]" in text, text
    assert "lib/mix/tasks/deps.ex:1-4 module Mix.Tasks.Deps  [behaviour, line 2]" in text
    assert "Mix.Other" not in text and "task.ex" not in text.split("\n", 1)[1]  # its own __using__ quote
    proto = s.call("find_related", symbol="Mix.Printable", relation="implementations", path="lib/mix/shell.ex").text
    assert "for Mix.Dep" in proto and "defimpl" in proto, proto
