"""The syntax_errors view (issue 13): which files the parser could not read and at which lines, by directory,
through the real SDK client and the CLI, instead of the index's bare count."""

from __future__ import annotations

import io
from pathlib import Path

from contexteer.server.cli import main
from tests.navigation.conftest import Served


def _repo(root: Path) -> Path:
    files = {
        "src/app/broken.py": "def ok():\n    return 1\n\ndef bad(:\n    pass\n",
        "src/app/fine.py": "def fine():\n    return 2\n",
        "lib/Client.kt": "class Client {\n    fun call() {\n        val x =\n    }\n",
        "lib/util.lua": "local M = {}\nreturn M\n",
        "README.md": "# Notes\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_syntax_errors_are_listed_by_directory_with_file_and_line(tmp_path: Path):
    served = Served(_repo(tmp_path / "repo"))
    a = served.call("list_syntax_errors")
    assert not a.is_error, a.text
    assert a.data["files_with_errors"] == 2 and a.data["files_indexed"] == 5
    by_path = {f["path"]: f for f in a.data["files"]}
    assert set(by_path) == {"lib/Client.kt", "src/app/broken.py"}
    assert by_path["src/app/broken.py"]["errors"][0]["line"] == 4
    assert by_path["src/app/broken.py"]["errors"][0]["text"] == "def bad(:"
    assert "lib/ (1 file)" in a.text and "src/app/ (1 file)" in a.text
    assert "4: def bad(:" in a.text
    assert a.text.index("lib/ (1 file)") < a.text.index("  Client.kt (kotlin)") < a.text.index("src/app/ (1 file)")


def test_syntax_errors_of_a_directory_leave_the_rest_out_and_a_clean_one_says_so(tmp_path: Path):
    served = Served(_repo(tmp_path / "repo"), **{"index.sweep_interval_seconds": 0})
    a = served.call("list_syntax_errors", path="src")
    assert [f["path"] for f in a.data["files"]] == ["src/app/broken.py"]
    assert a.text.startswith("1 of 2 indexed files under src have syntax errors")
    (tmp_path / "repo" / "src" / "app" / "broken.py").write_text("def bad():\n    pass\n", encoding="utf-8")
    clean = served.call("list_syntax_errors", path="src")
    assert clean.data["files_with_errors"] == 0
    assert clean.text == "No syntax errors: none of the 2 indexed files under src has one."


def test_syntax_errors_list_at_most_max_files_and_say_how_many_more(tmp_path: Path):
    served = Served(_repo(tmp_path / "repo"))
    a = served.call("list_syntax_errors", max_files=1)
    assert [f["path"] for f in a.data["files"]] == ["lib/Client.kt"]
    assert "2 of 5 indexed files under the repository have syntax errors (the first 1 by path shown" in a.text


def test_syntax_errors_of_a_file_without_a_language_is_an_error_saying_what_to_pass(tmp_path: Path):
    root = _repo(tmp_path / "repo")
    (root / "notes.txt").write_text("plain text\n", encoding="utf-8")
    a = Served(root).call("list_syntax_errors", path="notes.txt")
    assert a.is_error
    assert "not an indexed source file" in a.text and "Pass a directory or a source file" in a.text


def test_index_command_with_syntax_errors_prints_files_and_lines(tmp_path: Path):
    root = _repo(tmp_path / "repo")
    out = io.StringIO()
    assert main(["index", "--root", str(root), "--syntax-errors", "lib"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("1 of 2 indexed files under lib have syntax errors")
    assert "  Client.kt (kotlin): " in text and "src/app" not in text
