"""Answers complete in one call (issue 12): whole signatures, whole values, callees that name locals and parameters."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served

LONG_PY = '''def request(
    method: str,
    url: str,
    *,
    params: dict[str, str] | None = None,
    content: bytes | None = None,
    data: dict[str, str] | None = None,
    files: dict[str, bytes] | None = None,
    json: object | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 5.0,
) -> bytes:
    return b""
'''

LONG_TS = '''export function merge<T, R>(
  source: Iterable<T>,
  project: (value: T, index: number) => R,
  concurrent: number,
  onBeforeNext?: (innerValue: R) => void,
  expand?: boolean,
  additionalFinalizer?: () => void
): R[] {
  const out: R[] = [];
  const checkComplete = () => out.length > concurrent;
  const doInnerSub = (value: T) => { out.push(project(value, 0)); checkComplete(); };
  for (const v of source) doInnerSub(v);
  return out;
}

export const config: { onError: null | (() => void); strict: boolean; retries: number } = {
  onError: null,
  strict: false,
  retries: 3,
};
'''


def _served(tmp_path: Path) -> Served:
    root = tmp_path / "r"
    root.mkdir()
    (root / "api.py").write_text(LONG_PY, encoding="utf-8")
    (root / "merge.ts").write_text(LONG_TS, encoding="utf-8")
    return Served(root)


def test_a_signature_longer_than_the_index_keeps_is_shown_whole(tmp_path: Path):
    served = _served(tmp_path)
    py = served.call("search_symbol", query="request")
    assert "timeout: float = 5.0, ) -> bytes" in py.text and "…" not in py.text
    ts = served.call("search_symbol", query="merge")
    assert "additionalFinalizer?: () => void ): R[]" in ts.text and "…" not in ts.text


def test_a_multi_line_value_is_shown_whole(tmp_path: Path):
    a = _served(tmp_path).call("search_symbol", query="config")
    assert "onError: null, strict: false, retries: 3, };" in a.text


def test_callees_name_the_local_functions_and_parameters_a_body_calls(tmp_path: Path):
    a = _served(tmp_path).call("find_related", symbol="merge", relation="callees")
    assert not a.is_error, a.text
    assert "calls its own locals or parameters: checkComplete, doInnerSub, project" in a.text
