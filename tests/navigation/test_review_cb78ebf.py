"""The review of cb78ebf (this stop's first mends), each finding reproduced on real code, here on small trees."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

RESULT = ('class Result:\n    @property\n    def stdout(self):\n        return ""\n\n    @property\n'
          '    def is_up_to_date(self):\n        return True\n\n\nclass Edge:\n    @property\n    def size(self):\n'
          '        return 1\n')
USE = ('import sys\n\nfrom pkg.result import Result\n\n\ndef get_binary_stdout():\n    return sys.stdout\n\n\n'
       'def ratio(edges):\n    for edge in edges:\n        print(edge.size)\n\n\n'
       'def load(cache):\n    template = cache.get(1)\n    return template.is_up_to_date\n')


def test_a_property_is_guessed_only_for_a_distinctive_name_on_an_assigned_local(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/result.py": RESULT, "pkg/use.py": USE})
    assert "Result.stdout" not in served.call("find_related", symbol="get_binary_stdout", relation="callees").text
    assert "Edge.size" not in served.call("find_related", symbol="ratio", relation="callees").text
    assert "Result.is_up_to_date" in served.call("find_related", symbol="load", relation="callees").text


ECHO = ('def echo(message):\n    """Print.\n\n    :param echo: whether to echo\n    """\n    return message\n\n\n'
        'def show(render=None):\n    echo("x")\n\n\ndef layout(render=None):\n    return render\n')


def test_passed_as_a_value_leaves_out_docstrings_and_parameters(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/core.py": ECHO,
                                          "pkg/cli.py": "from pkg.core import show\n\nHOOKS = [show]\n\n\ndef go(h=None):\n    h = show\n    return h\n"})
    a = served.call("find_related", symbol="echo", relation="callers", depth=2)
    assert "show (passed as a value at pkg/cli.py:7)" in a.text, a.text


def test_notes_of_names_that_all_missed_are_kept_and_a_relative_import_is_no_outside_one(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/formatting.py": "X = 1\n",
             "pkg/live.py": "from os import stat\nfrom . import formatting\n\n\nclass Live:\n    def __init__(self, c):\n        self.console = c\n"}
    served = served_tree(tmp_path / "r", files)
    a = served.call("search_symbol", query="stat, Live.console, formatting")
    assert "'stat' is imported, not defined here: pkg/live.py:1" in a.text, a.text
    assert "declares no console: its instances get it by assignment" in a.text, a.text
    assert "'formatting' is imported" not in a.text, a.text


BARREL = {
    "src/util.ts": "export function parse(t: string): number {\n  return 1;\n}\n",
    "src/api.ts": "export function parse(t: string): number {\n  return 2;\n}\n",
    "src/index.ts": 'export * as util from "./util";\nexport * from "./api";\n',
    "src/client.ts": ('import * as core from "./index";\n\nexport function run(t: string): number {\n  return core.parse(t);\n}\n'),
}


def test_a_namespace_passed_on_by_a_barrel_is_not_its_members(tmp_path):
    served = served_tree(tmp_path / "r", BARREL)
    a = served.call("find_related", symbol="parse", path="src/util.ts", relation="callers")
    assert "by import" not in a.text.splitlines()[0], a.text
    assert "src/util.ts" not in served.call("search_symbol", query="core.parse").text.split("\n", 2)[1]


ENUM = ('export enum Kind {\n  ZodString = "ZodString",\n}\nexport class ZodString {}\n\n'
        'export function f(k: Kind): boolean {\n  return k === Kind.ZodString;\n}\n')


def test_an_enum_member_is_no_reference_of_the_class_of_its_name(tmp_path):
    served = served_tree(tmp_path / "r", {"src/types.ts": ENUM, "src/use.ts": 'import * as z from "./types";\nexport const S = z.ZodString;\n'})
    a = served.call("search_symbol", query="ZodString", kind="class", references=True)
    assert "Kind.ZodString;" not in a.text and "z.ZodString" in a.text, a.text
