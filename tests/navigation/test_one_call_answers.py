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


def test_a_semantic_read_of_a_line_range_answers(tmp_path: Path):
    # regression (A/B round 2): the range stood in for a definition without a language and the call failed
    served = _served(tmp_path)
    a = served.call("read_code_range", path="merge.ts", start_line=9, end_line=12, context="semantic")
    assert not a.is_error, a.text
    assert a.text.startswith("merge.ts:9-12 (of ") and "── uses" in a.text


def test_a_repository_that_is_a_package_resolves_its_own_absolute_imports_and_keeps_the_stdlib_s(tmp_path: Path):
    # regression (A/B round 2, Starlette's package folder served as the root): `from starlette.x import y` was
    # "external: starlette (undeclared)" and `import types` was taken for the package's own types.py
    root = tmp_path / "starlette"
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "types.py").write_text("Scope = dict\n", encoding="utf-8")
    (root / "routing.py").write_text("import types\nfrom starlette.types import Scope\nfrom starlette import helpers\n",
                                     encoding="utf-8")
    (root / "helpers.py").write_text("def f(): ...\n", encoding="utf-8")
    a = Served(root).call("list_dependencies", path="routing.py")
    assert not a.is_error, a.text
    assert "types.py  (line 2)" in a.text and "types.py  (line 1)" not in a.text
    assert "helpers.py  (line 3)" in a.text
    assert "standard library:" in a.text and "types" in a.text.split("standard library:")[1]
    assert "starlette (undeclared)" not in a.text
