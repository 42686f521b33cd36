"""Golden files: the exact definitions (kind, qualname, lines, visibility, signature, doc) and imports of
every fixture repository under fixtures/repos/<language>. Regenerate after a reviewed change with
`CONTEXTEER_UPDATE_GOLDEN=1 pytest tests/indexers/test_golden.py` and read the diff before committing."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from tests.indexers.conftest import FIXTURES

GOLDEN = Path(__file__).parent / "golden"
LANG_DIRS = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir()) if FIXTURES.is_dir() else []


def snapshot(idx) -> dict:
    out: dict = {}
    for info in idx.files():
        entry: dict = {"language": info.language, "status": info.status}
        if info.has_errors:
            entry["has_errors"] = True
        if info.error:
            entry["error"] = info.error
        entry["symbols"] = [
            f"{s.start_line}-{s.end_line} {s.kind} {s.qualname}{'' if s.exported else ' (private)'}"
            f" | {s.signature}" + (f" | doc: {s.doc}" if s.doc else "")
            for s in idx.symbols_in_file(info.path)
        ]
        entry["imports"] = [f"{i.line}: {i.module}" + (f" -> {', '.join(i.names)}" if i.names else "") for i in idx.imports_of(info.path)]
        out[info.path] = entry
    return out


@pytest.mark.parametrize("lang", LANG_DIRS)
def test_fixture_repository_matches_golden_file(lang, open_index):
    idx = open_index(FIXTURES / lang)
    idx.ensure_built(wait_seconds=float("inf"))
    actual = json.dumps(snapshot(idx), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    golden = GOLDEN / f"{lang}.json"
    if os.environ.get("CONTEXTEER_UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
    if not golden.exists():
        pytest.fail(f"golden file {golden} is missing: write it with CONTEXTEER_UPDATE_GOLDEN=1 and review it")
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), f"golden/{lang}.json", "actual"))
        pytest.fail(f"the index of fixtures/repos/{lang} differs from its golden file:\n{diff}")
