"""A read whose text had a secret-looking value redacted says so in the text the model reads (pydantic run 414
quoted a docstring example's `[REDACTED credential assignment]` as the file's text, nothing saying it was rewritten)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ('class SecretStr:\n    """Example:\n\n        user = User(username="scolvin", password="hunter2-Zq9x!kL")\n    """\n\n'
       '    def get(self):\n        return 1\n')


def test_a_redacted_read_says_so(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/types.py": SRC})
    a = served.call("read_code_range", path="pkg/types.py:1-8")
    assert not a.is_error, a.text
    assert "hunter2-Zq9x!kL" not in a.text, a.text
    assert "[REDACTED" in a.text and "1 value that looks like a secret (" in a.text, a.text
    assert "the file holds it as written]" in a.text, a.text
    plain = served.call("read_code_range", path="pkg/types.py:7-8")
    assert "looks like a secret" not in plain.text, plain.text


def test_the_typed_answer_says_it_too(tmp_path):
    # (a client that hands the model structuredContent alone, Claude Code's, reads the same note)
    served = served_tree(tmp_path / "r", {"pkg/types.py": SRC})
    a = served.call("read_code_range", path="pkg/types.py:1-8")
    assert any("looks like a secret" in n for n in a.data.get("notes", [])), a.data
    assert "hunter2-Zq9x!kL" not in str(a.data), a.data
