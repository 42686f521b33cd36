"""Caller trees that read right (from the Scala A/B run 31): a file heading holds sibling rows only, a caller's
other call lines show their text, and a function local to another is called from inside it only."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import served_tree

FILES = {
    "tasks.py": (
        "def try_leaf(prev):\n"                          # 1
        "    return prev\n"                              # 2
        "\n"                                             # 3
        "def internal(body):\n"                          # 4
        "    try_leaf(None)\n"                           # 5
        "    x = 1\n"                                    # 6
        "    try_leaf([body.result])\n"                  # 7
        "\n"                                             # 8
        "def execute(task):\n"                           # 9
        "    def compute(t):\n"                          # 10
        "        return try_leaf(t)\n"                   # 11
        "    return compute(task)\n"                     # 12
        "\n"                                             # 13
        "class Worker:\n"                                # 14
        "    def compute(self):\n"                       # 15
        "        return 1\n"                             # 16
        "    def run(self):\n"                           # 17
        "        return compute()\n"),                   # 18
    "api.py": (
        "from tasks import internal, try_leaf\n"         # 1
        "\n"                                             # 2
        "def start(b):\n"                                # 3
        "    return internal(b)\n"                       # 4
        "\n"                                             # 5
        "def direct(b):\n"                               # 6
        "    return try_leaf(b)\n"),                     # 7
}


def test_a_heading_holds_siblings_only_and_other_call_lines_show_their_text(tmp_path: Path):
    s = served_tree(tmp_path, FILES)
    text = s.call("find_related", symbol="try_leaf", relation="callers", depth=2).text
    lines = text.splitlines()
    assert "  and 7: try_leaf([body.result])" in lines, text  # the second call line, with its text
    # api.py's start (a caller of internal, depth 2) and direct (depth 1) are no siblings: no shared heading
    assert "api.py" not in lines, text
    assert any(line.startswith("  api.py:4 in start") for line in lines), text
    assert any(line.startswith("api.py:7 in direct") for line in lines), text


def test_a_local_function_is_called_from_inside_its_function_only(tmp_path: Path):
    s = served_tree(tmp_path, FILES)
    text = s.call("find_related", symbol="execute.compute", relation="callers").text
    assert "tasks.py:12 in execute" in text and "Worker.run" not in text, text
