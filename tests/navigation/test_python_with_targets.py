"""click runs 400 and 403: a local bound by `with X as ctx:` had no type (`ctx.exit()` unresolved among Command.main's
callees, listed with `sys.exit` as one name), and Group.invoke's own `sub_ctx.command.invoke(..)`, a Command's invoke
that runs Group.invoke again for a nested group, was missing from Group.invoke's callers."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

CORE = '''from __future__ import annotations

import sys


class Lock:
    def release(self) -> None:
        return None


class Context:
    command: Command

    def __init__(self, command: Command) -> None:
        self.command = command

    def __enter__(self) -> Context:
        return self

    def exit(self, code: int = 0) -> None:
        raise SystemExit(code)


class Guard:
    def __enter__(self) -> Lock:
        return Lock()

    def release(self) -> None:
        return None


class Command:
    def make_context(self, name: str) -> Context:
        return Context(self)

    def guard(self) -> Guard:
        return Guard()

    def invoke(self, ctx: Context) -> None:
        return None

    def main(self) -> None:
        with self.make_context("x") as ctx:
            self.invoke(ctx)
            ctx.exit()
        with self.guard() as held:
            held.release()
        sys.exit(1)


class Group(Command):
    def resolve(self, ctx: Context) -> tuple[str, Command | None]:
        return "", None

    def invoke(self, ctx: Context) -> None:
        name, cmd = self.resolve(ctx)
        assert cmd is not None
        sub_ctx = cmd.make_context(name)
        with sub_ctx:
            sub_ctx.command.invoke(sub_ctx)
'''


def _served(tmp_path):
    return served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/core.py": CORE})


def test_a_with_target_is_what_enter_returns(tmp_path):
    served = _served(tmp_path)
    a = served.call("find_related", symbol="Command.main", relation="callees")
    assert not a.is_error, a.text
    rows = a.text.splitlines()
    at = {text.strip(): n for n, text in enumerate(CORE.splitlines(), 1)}
    exit_row = next((ln for ln in rows if "Context.exit" in ln), "")
    assert exit_row.endswith(f"called at {at['ctx.exit()']}"), a.text  # not sys.exit's line
    assert any("Lock.release" in ln and f"called at {at['held.release()']}" in ln for ln in rows), a.text  # Guard.__enter__
    assert not any("Guard.release" in ln for ln in rows), a.text
    assert "sys.exit" in a.text and "unresolved" not in a.text, a.text


def test_a_method_calling_its_name_on_a_base_typed_value_is_its_own_caller(tmp_path):
    served = _served(tmp_path)
    a = served.call("find_related", symbol="Group.invoke", relation="callers")
    assert not a.is_error, a.text
    row = next((ln for ln in a.text.splitlines() if " in Group.invoke (" in ln), "")
    assert "sub_ctx.command.invoke(sub_ctx)" in row and "itself, on another value" in row, a.text
    assert "self.invoke(ctx)" in a.text  # Command.main's call on self, a Group's too
