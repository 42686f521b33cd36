"""read_code_range never shows a line of a private key block, even when the range holds no BEGIN line (S1)."""

from __future__ import annotations

import base64
import random
from pathlib import Path

from tests.navigation.conftest import Served


def _key_file(root: Path) -> tuple[list[str], int, int]:
    rnd = random.Random(3)
    body = [base64.b64encode(bytes(rnd.randrange(256) for _ in range(48))).decode() for _ in range(25)]
    lines = ["import os", "", 'PEM = """-----BEGIN RSA PRIVATE KEY-----', *body, '-----END RSA PRIVATE KEY-----"""', "",
             "def load():", "    return PEM", ""]
    (root / "keys.py").write_text("\n".join(lines), encoding="utf-8")
    return body, 3, 3 + len(body) + 1


def test_one_line_reads_inside_a_key_block_are_redacted(tmp_path: Path):
    root = tmp_path / "r"
    root.mkdir()
    body, begin, end = _key_file(root)
    served = Served(root)
    shown = ""
    for line in range(begin, end + 1):
        a = served.call("read_code_range", path="keys.py", start_line=line, end_line=line)
        assert not a.is_error, a.text
        assert "[REDACTED private key block]" in a.text
        shown += a.text + str(a.data)
    a = served.call("read_code_range", path="keys.py", start_line=5, end_line=12, context="semantic")
    shown += a.text + str(a.data)
    assert "[REDACTED private key block]" in a.text
    for part in body:
        assert part[:16] not in shown
    outside = served.call("read_code_range", path="keys.py", start_line=end + 2, end_line=end + 3)
    assert "def load():" in outside.text and "REDACTED" not in outside.text
    first = served.call("read_code_range", path="keys.py", start_line=begin, end_line=begin)
    assert 'PEM = """[REDACTED private key block]' in first.text
