"""The continuation a cut read suggests passes whole (acceptance nit: routing.py's 401-772 came back digested)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.navigation.conftest import Served


def test_the_suggested_continuation_of_a_capped_read_passes_whole(tmp_path: Path):
    root = tmp_path / "r"
    root.mkdir()
    short = [f"x{i} = {i}" for i in range(1, 401)]
    long = [f"value_{i} = compute_something_long(alpha_{i}, beta_{i}, gamma_{i}, delta_{i}, epsilon_{i})" for i in range(401, 801)]
    (root / "big.py").write_text("\n".join(short + long) + "\n", encoding="utf-8")
    served = Served(root, **{"shaping.structured_output": False, "workspace.max_lines_per_call": 400})
    first = served.call("read_code_range", path="big.py", start_line=1, end_line=100000)
    assert not first.is_error, first.text
    call = re.search(r'read_code_range\(path="big.py", start_line=(\d+), end_line=(\d+)\)', first.text)
    assert call, first.text[-300:]
    start, end = int(call.group(1)), int(call.group(2))
    assert start == 401 and 401 < end < 800
    nxt = served.call("read_code_range", path="big.py", start_line=start, end_line=end)
    assert (nxt.meta or {}).get("tier") == "passthrough", nxt.text[:200]
    assert f"{end}\tvalue_{end} =" in nxt.text


def test_a_range_of_more_than_400_lines_that_fits_one_answer_comes_back_whole(tmp_path: Path):
    # commonmark A/B run 164: Environment.php, 446 lines and 3,156 tokens, came back cut at a per-call cap of 400
    # lines and took a second read; the answer's token budget is what bounds a read
    root = tmp_path / "r"
    root.mkdir()
    (root / "env.php").write_text("<?php\n" + "".join(f"$a{i} = {i};\n" for i in range(1, 446)), encoding="utf-8")
    served = Served(root, **{"shaping.structured_output": False})
    got = served.call("read_code_range", path="env.php", start_line=1, end_line=446)
    assert not got.is_error, got.text
    assert (got.meta or {}).get("tier") == "passthrough", got.text[-300:]
    assert "446\t$a445 = 445;" in got.text and "continue with" not in got.text, got.text[-300:]
