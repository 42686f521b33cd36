"""click 8.5 (Python): receivers the answers had left "by name only" (A/B run 270). `cmd_name, cmd, args =
self.resolve_command(ctx, args)` with `-> tuple[str | None, Command | None, list[str]]` binds a Command; `ctx =
get_current_context()` whose overloads return `Context` and `Context | None` binds a Context; a closure's `ctx` is the
enclosing function's parameter."""

from __future__ import annotations

import typing as t

from tests.navigation.conftest import served_tree

CORE = """\
from __future__ import annotations

import typing as t


class Context:
    def invoke(self, callback, *args):
        return callback(*args)


class Command:
    def make_context(self, name: str, args: list[str]) -> Context:
        return Context()

    def invoke(self, ctx: Context):
        return ctx.invoke(print)


class Group(Command):
    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        return None, None, args

    def invoke(self, ctx: Context):
        def _process_result(value):
            return ctx.invoke(print, value)

        cmd_name, cmd, args = self.resolve_command(ctx, [])
        assert cmd is not None
        sub_ctx = cmd.make_context(cmd_name, args)
        return _process_result(sub_ctx)


class Other:
    def make_context(self, name: str, args: list[str]) -> None:
        return None

    def invoke(self, x):
        return x
"""

GLOBALS = """\
from __future__ import annotations

import typing as t

from .core import Context


@t.overload
def get_current_context(silent: t.Literal[False] = False) -> Context: ...


@t.overload
def get_current_context(silent: bool = ...) -> Context | None: ...


def get_current_context(silent: bool = False) -> Context | None:
    return None
"""

DECORATORS = """\
from .globals import get_current_context


def pass_obj(f):
    def new_func(*args):
        ctx = get_current_context()
        return ctx.invoke(f, *args)

    return new_func
"""


def _files() -> dict[str, str]:
    return {"click/__init__.py": "", "click/core.py": CORE, "click/globals.py": GLOBALS,
            "click/decorators.py": DECORATORS}


def _sites(r: t.Any) -> set[tuple[str, int]]:
    return {(i["path"], n) for i in r.data["items"] for n in i["lines"]}


def test_a_tuple_unpacked_from_an_annotated_return_types_its_names(tmp_path):
    served = served_tree(tmp_path / "r", _files())
    r = served.call("find_related", symbol="Command.make_context", relation="callers")
    line = next(n for n, s in enumerate(CORE.splitlines(), 1) if "cmd.make_context(" in s)
    assert ("click/core.py", line) in _sites(r), r.text
    assert "name only" not in r.text, r.text


def test_a_closure_s_free_variable_and_an_overloaded_function_s_result_type_their_receivers(tmp_path):
    served = served_tree(tmp_path / "r", _files())
    r = served.call("find_related", symbol="Context.invoke", relation="callers")
    closure = next(n for n, s in enumerate(CORE.splitlines(), 1) if "return ctx.invoke(print, value)" in s)
    deco = next(n for n, s in enumerate(DECORATORS.splitlines(), 1) if "ctx.invoke(f" in s)
    assert {("click/core.py", closure), ("click/decorators.py", deco)} <= _sites(r), r.text
    assert "name only" not in r.text, r.text


COMPLETION = """\
from gettext import gettext as _

import typing as t


def shell_complete(instruction: str) -> int:
    shell, _, instruction = instruction.partition("_")
    return len(shell)


def check_version(t_: t.Any) -> str:
    return _("Shell completion is not supported")


def resolve(args: list[str]) -> str:
    for _ in args:
        pass
    return "done"
"""


def test_a_function_that_binds_an_imported_name_itself_uses_its_own_local(tmp_path):
    # click run 270: `gettext as _ at 38,415,423,770`, though lines 38 and 770 unpack into a local `_`
    r = served_tree(tmp_path / "r", {"click/__init__.py": "", "click/shell_completion.py": COMPLETION}).call(
        "list_dependencies", path="click/shell_completion.py", view="uses")
    row = next(line for line in r.text.splitlines() if "gettext" in line)
    assert row.rstrip().endswith("gettext as _ at 12"), r.text
    assert "t.Any (annotations only) at 11" in r.text, r.text  # a parameter named t_ is no binding of t


TYPES = """\
import abc


class ParamType(abc.ABC):
    def convert(self, value):
        return value


class _NumberRangeBase(ParamType):
    def convert(self, value):
        return self._clamp(value)

    @abc.abstractmethod
    def _clamp(self, bound):
        ...


class IntRange(_NumberRangeBase):
    def _clamp(self, bound):
        return bound


class CompositeParamType(ParamType):
    @property
    @abc.abstractmethod
    def arity(self) -> int:
        ...
"""


def test_implementations_say_which_python_classes_are_abstract(tmp_path):
    # click run 270: the agent took _NumberRangeBase (abstract `_clamp`, a private name the row does not list) for a
    # concrete class
    r = served_tree(tmp_path / "r", {"click/types.py": TYPES}).call("find_related", symbol="ParamType",
                                                                   relation="implementations")
    rows = {line.split(" class ")[-1].split()[0].split("(")[0]: line for line in r.text.splitlines() if " class " in line}
    assert "abstract class _NumberRangeBase (abstract: _clamp)" in rows["_NumberRangeBase"], r.text
    assert "abstract class CompositeParamType (abstract: arity)" in rows["CompositeParamType"], r.text
    assert "abstract" not in rows["IntRange"], r.text


COMPLETE = """\
from .core import Command, Group


def resolve(ctx, args):
    command = ctx.command
    if isinstance(command, Group):
        if not command.chain:
            return command.resolve_command(ctx, args)
    return None


def after(ctx, args):
    command = ctx.command
    if isinstance(command, Group):
        pass
    command.resolve_command(ctx, args)


def checked(thing):
    assert isinstance(thing, Group)
    return thing.resolve_command(None, [])
"""

GROUP = """\
class Command:
    chain = False


class Group(Command):
    def resolve_command(self, ctx, args):
        return None


class Other:
    def resolve_command(self, ctx, args):
        return None
"""


def test_an_isinstance_check_narrows_the_receiver_in_its_block(tmp_path):
    # click run 273: `command.resolve_command(..)` inside `if isinstance(command, Group):` was by name only
    served = served_tree(tmp_path / "r", {"click/__init__.py": "", "click/core.py": GROUP,
                                          "click/shell_completion.py": COMPLETE})
    r = served.call("find_related", symbol="Group.resolve_command", relation="callers")
    by = {(i["path"], n): i["how"] for i in r.data["items"] for n in i["lines"]}
    assert by.get(("click/shell_completion.py", 8)) == "receiver type", r.text
    assert by.get(("click/shell_completion.py", 21)) == "receiver type", r.text
    assert by.get(("click/shell_completion.py", 16)) != "receiver type", r.text  # after the block: not narrowed


SHADOWS = """\
from pkg.util import render, _, Style


def show(items, make):
    out = make(
        items,
        render=render,
    )
    return render(out)


def outer():
    msg = _("hello")

    def inner():
        for _ in range(3):
            pass

    inner()
    return msg


def listing(pairs):
    values = [
        x
        for _, x in pairs
    ]
    return _("count %d") % len(values)


def styled(Style: Style = None):
    return Style


def first(render):
    return render
"""


def test_only_a_statement_or_parameter_of_the_function_itself_shadows_an_import(tmp_path):
    # review of 24736f4: a keyword argument `render=render,`, a `for _ in` of a nested function or of a multi-line
    # comprehension hid the function's real uses; a first parameter was never seen
    files = {"pkg/__init__.py": "", "pkg/util.py": "def render(x):\n    return x\n\ndef _(s):\n    return s\n\nclass Style:\n    pass\n",
             "pkg/main.py": SHADOWS}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="pkg/main.py", view="uses")
    row = next(line for line in r.text.splitlines() if line.startswith("  1 "))
    assert "render (util.py:1) at 7,9;" in row, row  # not 35-36: the parameter of first
    assert "_ (util.py:4) at 13," in row and ",28" in row and "16" not in row.split("_ (util.py:4)")[1].split(";")[0], row
    assert "Style (util.py:7) at 31" in row and "32" not in row, row


CLOSURES = """\
class Context:
    def invoke(self, f):
        return f()


class Runner:
    def invoke(self, f):
        return f()


class Command:
    def run(self):
        pass


class Other:
    def run(self):
        pass


class MultiGroup:
    def resolve(self) -> tuple[str, Other]:
        return "", Other()


class Group:
    def resolve(self) -> tuple[str, Command]:
        return "", Command()

    def invoke(self):
        name, cmd = self.resolve()
        cmd.run()


def outer(ctx: Context, runner: Runner):
    def callback(ctx):
        return ctx.invoke(len)

    callback(runner)


def parts() -> tuple[int, Command, Other, Command]:
    return 0, Command(), Other(), Command()


def star():
    first, *middle, last = parts()
    last.run()
"""


def test_a_closure_s_own_parameter_and_an_unpacking_s_class_are_read_exactly(tmp_path):
    # review of b11f294: `def callback(ctx):` inside `outer(ctx: Context, ..)` was typed Context; `MultiGroup.resolve`
    # matched Group's `self.resolve()`; `last` after `*middle` was indexed from the front
    served = served_tree(tmp_path / "r", {"m.py": CLOSURES})
    ctx = served.call("find_related", symbol="Context.invoke", relation="callers")
    assert not any(i["how"] == "receiver type" for i in ctx.data["items"]), ctx.text
    run = served.call("find_related", symbol="Command.run", relation="callers")
    by = {n: i["how"] for i in run.data["items"] for n in i["lines"]}
    lines = CLOSURES.splitlines()
    assert by[next(k for k, t in enumerate(lines, 1) if "cmd.run()" in t)] == "receiver type", run.text
    assert by.get(next(k for k, t in enumerate(lines, 1) if "last.run()" in t)) != "receiver type", run.text
    other = served.call("find_related", symbol="Other.run", relation="callers")
    assert not any(i["how"] == "receiver type" for i in other.data["items"]), other.text


def test_the_uses_view_says_which_names_are_used_in_annotations_only(tmp_path):
    """click run 315 and pydantic run 320: each agent read whole files to learn that `Command`, `cabc` or `t.ClassVar`
    were only ever written in annotations, and `dataclass_transform` only under `if TYPE_CHECKING:`."""
    served = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "",
        "pkg/core.py": "class Command:\n    pass\n\n\nclass Group(Command):\n    pass\n",
        "pkg/shell.py": ("from __future__ import annotations\n\nimport collections.abc as cabc\nimport typing as t\n\n"
                         "from .core import Command\nfrom .core import Group\n\nif t.TYPE_CHECKING:\n"
                         "    from typing_extensions import dataclass_transform\n\n    @dataclass_transform()\n"
                         "    def meta(x: t.Any) -> None: ...\n\n\n"
                         "def resolve(cli: Command, args: cabc.MutableMapping[str, t.Any]) -> Command | None:\n"
                         "    kind: t.ClassVar[int] = 1\n    if isinstance(cli, Group):\n        return cli\n"
                         "    return t.cast(Command, None)\n"),
    })
    u = served.call("list_dependencies", path="pkg/shell.py", view="uses")
    rows = {line.split(":", 1)[0].strip(): line for line in u.text.splitlines()[1:]}
    assert "cabc.MutableMapping (annotations only) at 16" in rows["3 collections.abc (standard library)"], u.text
    assert "t.ClassVar (annotations only) at 17" in u.text and "t.cast at 20" in u.text, u.text
    assert "Group (core.py:5) at 18" in u.text, u.text  # used at run time: no note
    assert "Command (core.py:1) at 16,20" in u.text, u.text  # `t.cast(Command, None)` evaluates it


def test_a_function_that_imports_a_name_again_uses_its_own_import(tmp_path):
    """Rich run 336: `Traceback at 152,219` under the TYPE_CHECKING import at 14, though emit's own `from .traceback
    import Traceback` (150) binds the use at 152; the module-level row keeps only the annotation at 219."""
    served = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "",
        "pkg/traceback.py": "class Traceback:\n    @classmethod\n    def from_exception(cls):\n        return cls()\n",
        "pkg/logging.py": ("from __future__ import annotations\n\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                           "    from .traceback import Traceback\n\n\nclass Handler:\n    def emit(self):\n"
                           "        from .traceback import Traceback\n\n        return Traceback.from_exception()\n\n"
                           "    def render(self) -> Traceback:\n        return None\n"),
    })
    u = served.call("list_dependencies", path="pkg/logging.py", view="uses")
    assert "6 .traceback -> pkg/traceback.py [if TYPE_CHECKING]: Traceback (traceback.py:1) at 15" in u.text, u.text
    assert "11 .traceback -> pkg/traceback.py: Traceback (traceback.py:1) at 13" in u.text, u.text


def test_the_outline_says_which_definitions_are_under_type_checking_and_which_in_its_else(tmp_path):
    # click run 354: types.py defines ChoiceInfoDict twice, and the outline did not say which one type checkers see
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "c", {
        "pkg/types.py": ("import typing as t\n\n\nclass Base(t.TypedDict):\n    name: str\n\n\n"
                         "if t.TYPE_CHECKING:\n\n    class ChoiceInfo(Base, t.Generic[int]):\n        choices: list\n\n"
                         "else:\n\n    class ChoiceInfo(Base):\n        choices: list\n\n\ndef f() -> None:\n    pass\n"),
    })
    a = served.call("get_structured_index", path="pkg/types.py")
    assert not a.is_error, a.text
    rows = [ln for ln in a.text.splitlines() if "class ChoiceInfo" in ln]
    assert rows[0].endswith("[if TYPE_CHECKING]") and rows[1].endswith("[not TYPE_CHECKING]"), a.text
    assert not any(ln.endswith("TYPE_CHECKING]") for ln in a.text.splitlines()
                   if "class Base" in ln or "def f" in ln or "field" in ln), a.text
