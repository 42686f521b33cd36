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


CALLS = {
    "lib/mix/compilers/elixir.ex": (
        "defmodule Mix.Compilers.Elixir do\n"                       # 1
        "  def clean(manifest) do\n"                                # 2
        "    {modules, _} = read_manifest(manifest)\n"              # 3
        "    modules\n"                                             # 4
        "  end\n"                                                   # 5
        "  def read_manifest(manifest) do\n"                        # 6
        "    {manifest, []}\n"                                      # 7
        "  end\n"                                                   # 8
        "end\n"),
    "lib/mix/compilers/test.ex": (
        "defmodule Mix.Compilers.Test do\n"                         # 1
        "  require Mix.Compilers.Elixir, as: CE\n"                  # 2
        "  def stale(m) do\n"                                       # 3
        "    {mods, _} = CE.read_manifest(m)\n"                     # 4
        "    read_manifest()\n"                                     # 5
        "  end\n"                                                   # 6
        "  defp read_manifest() do\n"                               # 7
        "    []\n"                                                  # 8
        "  end\n"                                                   # 9
        "end\n"),
    "lib/mix/tasks/xref.ex": (
        "defmodule Mix.Tasks.Xref do\n"
        "  import Mix.Compilers.Elixir, only: [read_manifest: 1]\n"
        "  def calls(m), do: read_manifest(m) |> elem(1)\n"
        "end\n"),
    "lib/mix/compilers/erlang.ex": (
        "defmodule Mix.Compilers.Erlang do\n"                                  # 1
        "  def compile(manifest, mappings, src_ext, dest_ext, opts, callback) do\n"  # 2
        "    compile(manifest, mappings, src_ext, opts, callback)\n"           # 3
        "  end\n"                                                              # 4
        "\n"                                                                   # 5
        "  def compile(manifest, mappings, opts \\\\ [], callback) do\n"        # 6
        "    compile(manifest, mappings, :erl, opts, callback)\n"              # 7
        "  end\n"                                                              # 8
        "\n"                                                                   # 9
        "  defp compile(manifest, mappings, ext, opts, callback) do\n"         # 10
        "    {manifest, mappings, ext, opts, callback}\n"                      # 11
        "  end\n"                                                              # 12
        "end\n"),
    "lib/mix/tasks/compile.erlang.ex": (
        "defmodule Mix.Tasks.Compile.Erlang do\n"                              # 1
        "  alias Mix.Compilers.Erlang\n"                                       # 2
        "  def run(args) do\n"                                                 # 3
        "    Erlang.compile(manifest(), args, [], fn input, _output ->\n"      # 4
        "      case input do\n"                                                # 5
        "        {a, b} -> {a, b}\n"                                           # 6
        "      end\n"                                                          # 7
        "    end)\n"                                                           # 8
        "  end\n"                                                              # 9
        "  defp manifest, do: \"m\"\n"                                         # 10
        "end\n"),
}


def test_callers_follow_aliases_and_imports_and_leave_out_another_modules_namesake(tmp_path: Path):
    s = served_tree(tmp_path, CALLS)
    text = s.call("find_related", symbol="Mix.Compilers.Elixir.read_manifest", relation="callers").text
    assert text.startswith("callers of method Mix.Compilers.Elixir.read_manifest (lib/mix/compilers/elixir.ex:6-8): "
                           "3 calling definitions, 3 call sites"), text
    rows = [r.split(" in ")[0] for r in text.splitlines()[1:] if " in " in r and not r.startswith("[")]
    # CE.read_manifest through `require ..., as: CE`, the import, its own module; not Test's read_manifest/0 (line 5)
    # nor its `defp read_manifest() do` head (line 7)
    assert sorted(rows) == ["lib/mix/compilers/elixir.ex:3", "lib/mix/compilers/test.ex:4", "lib/mix/tasks/xref.ex:3"], text
    # the one call of Test's own read_manifest/0 is left out, named; its `defp read_manifest() do` head is no call
    assert "[complete: 1 other call named 'read_manifest' left out: another type's method or a function of that name " \
           "(lib/mix/compilers/test.ex:5 `read_manifest()`)]" in text, text


def test_a_call_means_the_function_of_its_arity_through_an_alias(tmp_path: Path):
    s = served_tree(tmp_path, CALLS)
    found = s.call("search_symbol", query="Mix.Compilers.Erlang.compile").text
    assert found.count("method Mix.Compilers.Erlang.compile") == 3, found  # compile/6, compile/4, compile/5: three
    callees = s.call("find_related", symbol="Mix.Tasks.Compile.Erlang.run", relation="callees").text
    assert "Mix.Compilers.Erlang.compile lib/mix/compilers/erlang.ex:6-8 called at 4" in callees, callees
    assert "Mix.Compilers.Erlang.compile" in callees and "run" not in callees.split("\n", 1)[1].split("unresolved")[0]
    uses = s.call("read_code_range", path="lib/mix/tasks/compile.erlang.ex", start_line=4, end_line=4,
                  context="semantic").text
    assert "lib/mix/compilers/erlang.ex:6-8 Mix.Compilers.Erlang.compile" in uses, uses


def test_a_pipe_into_a_bare_name_is_a_call_and_a_callback_declaration_ranks_after_the_function(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib/mix/tasks/deps.loadpaths.ex": (
            "defmodule Mix.Tasks.Deps.Loadpaths do\n"       # 1
            "  def run(deps) do\n"                          # 2
            "    deps\n"                                    # 3
            "    |> Enum.filter(&(&1 != nil))\n"            # 4
            "    |> show_not_ok!\n"                         # 5
            "  end\n"                                       # 6
            "  defp show_not_ok!(deps), do: deps\n"         # 7
            "end\n"),
        "lib/mix/shell.ex": ("defmodule Mix.Shell do\n  @callback cmd(command :: String.t()) :: integer\n"
                             "  def cmd(command, options \\\\ [], callback) do\n    callback.(command)\n  end\nend\n"),
    })
    callers = s.call("find_related", symbol="Mix.Tasks.Deps.Loadpaths.show_not_ok!", relation="callers").text
    assert "lib/mix/tasks/deps.loadpaths.ex:5 in Mix.Tasks.Deps.Loadpaths.run (2-6): |> show_not_ok!" in callers, callers
    found = s.call("search_symbol", query="Mix.Shell.cmd").text.splitlines()
    assert "def cmd(command, options" in found[1] and "@callback" in found[2], found


def test_module_attributes_are_constants_and_a_semantic_read_resolves_calls_off_modules(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib/mix.ex": "defmodule Mix do\n  def raise(message), do: message\nend\n",
        "lib/mix/public_key.ex": "defmodule Mix.PublicKey do\n  def verify(binary, hash, sig), do: {binary, hash, sig}\nend\n",
        "lib/mix/hex.ex": (
            "defmodule Mix.Hex do\n"                                        # 1
            "  @moduledoc false\n"                                          # 2
            "  @hex_mirror \"https://repo.hex.pm\"\n"                       # 3
            "  def mirror do\n"                                             # 4
            "    System.get_env(\"HEX_MIRROR\") || @hex_mirror\n"           # 5
            "  end\n"                                                       # 6
            "  def check(csv, sig) do\n"                                    # 7
            "    if Mix.PublicKey.verify(csv, :sha512, sig) do\n"          # 8
            "      :ok\n"                                                   # 9
            "    else\n"                                                    # 10
            "      Mix.raise(\"could not verify the signature\")\n"         # 11
            "    end\n"                                                     # 12
            "  end\n"                                                       # 13
            "end\n"),
    })
    outline = s.call("get_structured_index", path="lib/mix/hex.ex").text
    assert "3-3 constant @hex_mirror \"https://repo.hex.pm\"" in outline and "moduledoc" not in outline, outline
    mirror = s.call("read_code_range", path="lib/mix/hex.ex", symbol="Mix.Hex.mirror", context="semantic").text
    assert "lib/mix/hex.ex:3-3 Mix.Hex.@hex_mirror — @hex_mirror \"https://repo.hex.pm\"  [same file]" in mirror, mirror
    check = s.call("read_code_range", path="lib/mix/hex.ex", symbol="Mix.Hex.check", context="semantic").text
    assert "lib/mix/public_key.ex:2-2 Mix.PublicKey.verify" in check and "lib/mix.ex:2-2 Mix.raise" in check, check


def test_an_attribute_and_a_function_of_one_name_are_two_things(tmp_path: Path):
    s = served_tree(tmp_path, {"lib/mix/tasks/compile.elixir.ex": (
        "defmodule Mix.Tasks.Compile.Elixir do\n"                            # 1
        "  @manifest \"compile.elixir\"\n"                                   # 2
        "  def run(args) do\n"                                               # 3
        "    {args, manifest()}\n"                                           # 4
        "  end\n"                                                            # 5
        "  defp manifest, do: Path.join(\"_build\", @manifest)\n"            # 6
        "end\n")})
    run = s.call("read_code_range", path="lib/mix/tasks/compile.elixir.ex", symbol="Mix.Tasks.Compile.Elixir.run",
                 context="semantic").text
    uses = run.split("── uses ──")[1].split("──")[0]
    assert "6-6 Mix.Tasks.Compile.Elixir.manifest — defp manifest" in uses and "@manifest \"" not in uses, run
    assert "Mix.Tasks.Compile.Elixir.run" not in uses  # its own `def run(args) do` head
    found = s.call("search_symbol", query="@manifest").text
    assert found.startswith("lib/mix/tasks/compile.elixir.ex:2-2 constant Mix.Tasks.Compile.Elixir.@manifest"), found


_GEN = ("defmodule Mix.Generator do\n  defmacro __using__(_opts) do\n    quote do\n      import Mix.Generator\n    end\n"
        "  end\n\n  def create_file(path, contents, opts \\\\ []) do\n    File.write!(path, contents)\n  end\n\n"
        "  def create_directory(path, options \\\\ []) do\n    File.mkdir_p!(path)\n  end\nend\n")
_NEW = ("defmodule Mix.Tasks.New do\n  use Mix.Generator\n  import Mix.Generator\n\n  def run(path) do\n"
        "    create_directory(path)\n    create_file(path <> \"/README.md\", \"hi\")\n    show!([])\n  end\n\n"
        "  defp show!([]), do: :ok\n\n  defp show!(deps) do\n    Mix.raise(\"no\")\n  end\nend\n")


def test_the_uses_of_an_elixir_import_are_the_functions_called_bare_and_a_use_runs_its_using_macro(tmp_path: Path):
    # Mix A/B run 172: `import Mix.Generator` in new.ex was said to have "no name of it used"; it calls
    # create_file and create_directory 18 times
    served = served_tree(tmp_path / "ex", {"lib/mix/generator.ex": _GEN, "lib/mix/tasks/new.ex": _NEW})
    a = served.call("list_dependencies", path="lib/mix/tasks/new.ex", view="uses")
    assert not a.is_error, a.text
    assert "3 Mix.Generator -> lib/mix/generator.ex: create_directory (generator.ex:12) at 6; create_file " \
           "(generator.ex:8) at 7" in a.text or "3 Mix.Generator -> lib/mix/generator.ex: create_file (generator.ex:8) " \
           "at 7; create_directory (generator.ex:12) at 6" in a.text, a.text
    assert "2 Mix.Generator -> lib/mix/generator.ex: `use` runs its __using__ macro (lib/mix/generator.ex:2) as this " \
           "module compiles" in a.text, a.text


def test_a_later_clause_of_an_elixir_function_is_no_call_of_it(tmp_path: Path):
    # Mix A/B run 172: `defp show_diverged!(deps) do` after `defp show_diverged!([]), do: :ok` was listed as a
    # recursive call among the function's callers
    served = served_tree(tmp_path / "ex", {"lib/mix/generator.ex": _GEN, "lib/mix/tasks/new.ex": _NEW})
    a = served.call("find_related", symbol="Mix.Tasks.New.show!", relation="callers")
    assert not a.is_error, a.text
    assert "1 calling definition, 1 call site" in a.text.splitlines()[0] and "recursive" not in a.text, a.text
    assert "lib/mix/tasks/new.ex:8 in Mix.Tasks.New.run (5-9): show!([])" in a.text, a.text
    refs = served.call("search_symbol", query="Mix.Tasks.New.show!", references=True)
    assert "references (1 in 1 file;" in refs.text, refs.text  # the two clause heads are no references
