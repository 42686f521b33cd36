"""The native Python scanner gives exactly the rows of the query path, on the whole standard library and on
the shapes that are easy to get wrong; it keeps the per-file time limit and refuses a grammar it was not
written for."""

from __future__ import annotations

import os
import random
import sysconfig
from pathlib import Path

import pytest

from contexteer.indexers import extract as extract_mod
from contexteer.indexers import languages
from contexteer.indexers.extract import ParseTimeout, extract

PY = languages.BY_NAME["python"]

if extract_mod._pyscan is None:  # pragma: no cover - a build without a C compiler
    pytest.fail(
        "the native Python scanner (contexteer.indexers._pyscan) is not built: reinstall with a C compiler "
        "(pip install -e .) and read the build's warning; without it Python files use the slower query path",
        pytrace=False,
    )

EDGE_CASES = '''\
"""Module doc."""
from __future__ import annotations, division
from . import sibling
from ..pkg.mod import (a as b, c)
from os.path import *
import os.path, sys as system
import a.b.c as abc

LIMIT: int = 10
_private = 1
x = y = 2
if True:
    not_module_level = 3

@decorator
@pkg.decorator(arg)
@factory()(x)
class Outer(Base, mod.Mixin, metaclass=Meta):
    """Outer doc.

    More."""
    field_a = 1
    field_b: "Thing" = None

    class Inner:
        inner_field = 3

        def method(self, v: List[int]) -> dict[str, Outer]:
            # comment
            """Doc after a comment."""
            local = self.call(v)
            def nested(): return local
            return nested()

    async def coro(self) -> None:
        f"{interp(1)} doc"
        try:
            pass
        except ValueError:
            raise
        except (KeyError, mod.Error) as exc:
            raise Custom(exc).with_traceback(None)

def héllo(ü: Ärger) -> None:
    return ü.größe()

def broken(:
    pass

class
'''


def _same(data: bytes) -> None:
    query = extract(data, PY, None, native=False)
    native = extract(data, PY, None, native=True)
    assert native.symbols == query.symbols
    assert native.refs == query.refs
    assert native.imports == query.imports
    assert native.has_errors == query.has_errors


def test_edge_cases_give_the_query_paths_rows():
    data = EDGE_CASES.encode()
    _same(data)
    result = extract(data, PY, None, native=True)
    by_qual = {s[1]: s for s in result.symbols}
    assert by_qual["Outer"][2] == "class" and by_qual["Outer"][6] == "Outer doc."
    assert by_qual["Outer.field_a"][2] == "field"
    assert by_qual["Outer.Inner.method"][2] == "method" and by_qual["Outer.Inner.method"][6] == "Doc after a comment."
    assert by_qual["Outer.Inner.method"][5] == "def method(self, v: List[int]) -> dict[str, Outer]"
    assert "héllo" in by_qual and by_qual["LIMIT"][2] == "constant"
    assert "not_module_level" not in by_qual
    assert ("os.path", ("*",), 5) in result.imports and ("__future__", ("annotations", "division"), 2) in result.imports
    assert {r[0] for r in result.refs if r[1] == "type"} >= {"Base", "Mixin", "List", "ValueError", "Ärger"}
    assert result.has_errors


def test_the_standard_library_gives_the_query_paths_rows():
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    checked = 0
    for dirpath, dirnames, filenames in os.walk(stdlib):
        dirnames[:] = [d for d in dirnames if d not in ("site-packages", "test", "tests", "idlelib")]
        for name in filenames:
            if not name.endswith(".py"):
                continue
            data = (Path(dirpath) / name).read_bytes()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                data = data.decode("latin-1").encode("utf-8")  # as the build reads it
            try:
                _same(data)
            except AssertionError as exc:
                raise AssertionError(f"{Path(dirpath, name)}: native and query rows differ") from exc
            checked += 1
    assert checked > 500


def test_broken_files_give_the_query_paths_rows():
    """Agents index files they are in the middle of editing: cut, garbled and half-typed code (seeded)."""
    rng = random.Random(4)
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(stdlib.glob("*.py"))
    junk = [b"(", b")", b":", b"\n", b"    ", b"def ", b"class ", b"@", b"'" * 3, b'"', b"f'{", b"}", b"import ",
            b"from . import *", "é".encode(), b"\x00", b"\\", b"=", b"lambda", b"\t", b"\xff"]
    for _ in range(150):
        data = rng.choice(files).read_bytes()
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(len(data) + 1)
            op = rng.random()
            if op < 0.4:
                data = data[:pos] + rng.choice(junk) + data[pos:]
            elif op < 0.7:
                data = data[:pos] + data[pos + rng.randint(1, 200):]
            else:
                data = data[:pos]
        _same(data)


def test_fixture_repository_gives_the_query_paths_rows():
    root = Path(__file__).parents[2] / "fixtures" / "repos" / "python"
    files = list(root.rglob("*.py"))
    assert files
    for path in files:
        _same(path.read_bytes())


def test_an_f_string_docstring_with_bytes_cut_by_an_interpolation_decodes_as_the_query_path_does():
    data = b"def f():\n    f" + b"'" * 3 + b"\xc3{x}\xa9" + b"'" * 3 + b"\n"
    _same(data)
    assert extract(data, PY, None, native=True).symbols[0][6] == "\ufffd\ufffd"


@pytest.mark.parametrize("timeout", [float("inf"), float("nan"), 1e30])
def test_an_unbounded_time_limit_parses(timeout: float):
    data = Path(sysconfig.get_paths()["stdlib"], "typing.py").read_bytes()
    assert extract(data, PY, timeout, native=True).symbols == extract(data, PY, timeout, native=False).symbols


@pytest.mark.parametrize("native", [True, False])
def test_a_time_limit_of_zero_or_less_is_already_past(native: bool):
    with pytest.raises(ParseTimeout):
        extract(b"x = 1\n", PY, -1.0, native=native)


def test_a_file_past_the_time_limit_raises_parse_timeout():
    data = ("x = [" + "(1, " * 20000 + "2" + ")" * 20000 + "]\n").encode() * 20
    with pytest.raises(ParseTimeout, match="longer than"):
        extract(data, PY, 0.001, native=True)


def test_another_languages_grammar_is_refused_with_a_clear_error():
    assert extract_mod._pyscan is not None
    with pytest.raises(ValueError, match="not the Python grammar"):
        extract_mod._pyscan.scan(languages.grammar_capsule("go"), b"package main\n", 0.0)
    # and the Python grammar still works after the refusal
    assert extract_mod._pyscan.scan(languages.grammar_capsule("python"), b"def f(): pass\n", 0.0) is not None


def test_contexteer_native_0_turns_the_scanner_off(monkeypatch: pytest.MonkeyPatch):
    assert extract_mod.native_available()
    monkeypatch.setenv("CONTEXTEER_NATIVE", "0")
    assert not extract_mod.native_available()

    def refuse(*_args: object) -> None:
        raise AssertionError("the native scanner ran with CONTEXTEER_NATIVE=0")

    monkeypatch.setattr(extract_mod._pyscan, "scan", refuse)
    assert extract(b"def f():\n    pass\n", PY, None).symbols[0][0] == "f"  # through the query path


def test_the_index_command_says_when_python_files_skip_the_native_scanner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import io

    from contexteer.config import Settings
    from contexteer.indexers.progress import index_command
    from contexteer.workspace import Workspace

    monkeypatch.setenv("CONTEXTEER_DATA_DIR", str(tmp_path / "data"))
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("def alpha():\n    pass\n", encoding="utf-8")
    out = io.StringIO()
    assert index_command(Workspace(root, Settings()), stream=out, tty=False) == 0
    assert "note:" not in out.getvalue()  # the native scanner ran
    monkeypatch.setenv("CONTEXTEER_NATIVE", "0")
    (root / "b.py").write_text("def beta():\n    pass\n", encoding="utf-8")
    out = io.StringIO()
    index_command(Workspace(root, Settings()), stream=out, tty=False)
    assert "note: Python files are parsed through tree-sitter queries" in out.getvalue()
    assert "CONTEXTEER_NATIVE=0" in out.getvalue()
