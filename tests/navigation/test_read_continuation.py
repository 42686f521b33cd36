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
    served = Served(root, **{"shaping.structured_output": False})
    first = served.call("read_code_range", path="big.py", start_line=1, end_line=100000)
    assert not first.is_error, first.text
    call = re.search(r'read_code_range\(path="big.py", start_line=(\d+), end_line=(\d+)\)', first.text)
    assert call, first.text[-300:]
    start, end = int(call.group(1)), int(call.group(2))
    assert start == 401 and 401 < end < 800
    nxt = served.call("read_code_range", path="big.py", start_line=start, end_line=end)
    assert (nxt.meta or {}).get("tier") == "passthrough", nxt.text[:200]
    assert f"{end}\tvalue_{end} =" in nxt.text
