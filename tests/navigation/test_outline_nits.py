"""Outline and map wording nits from acceptance testing: a member listed without its class names the class,
an empty kinds= filter says so, an empty folder's map header reads as English."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("nits") / "r"
    (root / "src").mkdir(parents=True)
    (root / "empty").mkdir()
    (root / "empty" / "notes.bin").write_bytes(b"\x00\x01")
    (root / "src" / "m.py").write_text("class A:\n    def __init__(self):\n        pass\n\n"
                                       "class B:\n    def __init__(self):\n        pass\n", encoding="utf-8")
    return Served(root)


def test_a_kinds_filtered_outline_names_the_class_of_each_member(served: Served):
    a = served.call("get_structured_index", path="src/m.py", kinds=["method"])
    assert "2-3 def __init__(self)  (in A)" in a.text and "6-7 def __init__(self)  (in B)" in a.text


def test_a_kinds_filter_matching_nothing_says_what_else_the_file_has(served: Served):
    a = served.call("get_structured_index", path="src/m.py", kinds=["heading"])
    assert "no heading definitions (4 of other kinds); drop or change kinds=" in a.text
    assert "no symbols: read it" not in a.text


def test_the_map_of_a_folder_without_source_files_has_a_readable_header(served: Served):
    a = served.call("get_structured_index", path="empty")
    assert "0 files ()" not in a.text and "repo map of empty — no indexed files" in a.text


def test_a_folder_map_starts_with_its_folders_and_their_file_counts(tmp_path):
    # the Swift A/B agent asked a map of ios/ for its layout (which folder holds the Worklets module) and got
    # ranked symbols only: one line now says what `ls` would
    from tests.navigation.conftest import served_tree

    files = {f"ios/Core/F{i}.swift": f"func f{i}() {{}}\n" for i in range(3)}
    files.update({"ios/Worklets/W.swift": "func w() {}\n", "ios/Api/A.swift": "func a() {}\n",
                  "ios/Top.swift": "func top() {}\n", "ios/Worklets/README.md": "# Worklets\n"})
    s = served_tree(tmp_path, files)
    got = s.call("get_structured_index", path="ios")
    assert got.text.split("\n")[1] == "folders (files): Api 1, Core 3, Worklets 2; 1 file at ios/", got.text
    assert got.data["folders"] == {"Api": 1, "Core": 3, "Worklets": 2}  # what a structuredContent client reads
    one = s.call("get_structured_index", path="ios/Core").text  # no subfolders: no line
    assert "folders (files)" not in one, one
