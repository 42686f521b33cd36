"""Golden digests of the captured outputs: a change in what an agent would see shows up as a diff.

Regenerate after an intended change with `CONTEXTEER_UPDATE_GOLDEN=1 pytest tests/shaping/test_golden.py`
and review the diff of tests/shaping/golden/ like code.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest

from contexteer.config import Settings
from contexteer.shaping.pipeline import Pipeline
from tests.shaping.helpers import ShapeRequest, shape

from .conftest import fixture_text

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("pytest_failing.log", "log", []),
    ("ci_pip_install.log", "log", []),
    ("importtime_traceback.log", "log", []),
    ("rg_raise_error.txt", "search", [r"raise \w+Error"]),
    ("rg_self_asyncio.txt", "search", []),
    ("pip_inspect.json.gz", "json", []),
    ("pydantic_metadata.md", "markdown", []),
    ("pydoc_collections.txt", "text", []),
]


#: captured searches that pass whole at the default sizes (hit lines alone up to six times the passthrough size):
#: their digest is what the golden file holds, shaped with half the passthrough size
SMALL = {"rg_raise_error.txt"}


@pytest.mark.parametrize(("name", "kind", "terms"), CASES, ids=[c[0] for c in CASES])
def test_digest_matches_golden_file(pipeline, store, name, kind, terms):
    if name in SMALL:
        pipeline = Pipeline(Settings(context_mode_mcp={"max_direct_passthrough": 256}), store)
    shaped = shape(pipeline, ShapeRequest(text=fixture_text(name), kind=kind, terms=terms))
    assert shaped.tier in ("digest", "overview"), shaped.tier
    got = re.sub(r"r-[0-9a-f]{10}", "r-HANDLE", shaped.text) + "\n"
    path = GOLDEN / (name.split(".")[0] + ".txt")
    if os.environ.get("CONTEXTEER_UPDATE_GOLDEN"):
        path.write_text(got, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"golden file {path} is missing: write it with CONTEXTEER_UPDATE_GOLDEN=1 and review it")
    want = path.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now"))
    assert got == want, f"digest of {name} changed (CONTEXTEER_UPDATE_GOLDEN=1 to accept):\n{diff}"
