"""TypeScript answers from the rxjs A/B run: a function with overload signatures is its implementation for
find_related (switchMap's callees were 'nothing' from its first signature) and as a callee; a file's imports are
its import statements in order, with the names each brings in."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

FILES = {
    "src/lift.ts": "export function operate(f: (x: number) => number): number {\n  return f(1);\n}\n",
    "src/inner.ts": ("export function innerFrom(x: string): string;\nexport function innerFrom(x: number): number;\n"
                     "export function innerFrom(x: any): any {\n  return x;\n}\n"),
    "src/switchMap.ts": ("import { operate } from './lift';\nimport { innerFrom } from './inner';\n\n"
                         "export function switchMap(x: string): string;\nexport function switchMap(x: number): number;\n"
                         "export function switchMap(x: any): any {\n  return operate((y) => innerFrom(y));\n}\n"),
}


@pytest.fixture(scope="module")
def ts(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("ts") / "rx", FILES)


def test_the_callees_of_an_overloaded_function_are_its_implementation_s_and_resolve_to_implementations(ts: Served):
    a = ts.call("find_related", symbol="switchMap", relation="callees")
    assert not a.is_error, a.text
    assert a.text.startswith("callees of function switchMap (src/switchMap.ts:6-8)"), a.text
    got = {i["qualname"]: (i["path"], i["start_line"]) for i in a.data["items"]}
    assert got == {"operate": ("src/lift.ts", 1), "innerFrom": ("src/inner.ts", 3)}, a.text


def test_a_ts_file_s_imports_come_in_order_with_their_names(ts: Served):
    a = ts.call("list_dependencies", path="src/switchMap.ts")
    assert a.text.split("\n")[:3] == [
        "src/switchMap.ts: 2 import statements (2 repository files reached):",
        "  1: './lift': operate",  # files next to it only: their paths say so, no arrows
        "  2: './inner': innerFrom",
    ], a.text
