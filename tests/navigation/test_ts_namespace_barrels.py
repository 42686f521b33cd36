"""`import * as core from "../core/index.js"` where index.ts passes `clone` on from util.ts through `export *` and
`export { clone } from`: `core.clone(..)` is a caller of util.ts's clone by import, and `search_symbol core.clone`
answers with it (zod run 406: the call had been "name only", the search "none of them a member of core")."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FILES = {
    "src/core/util.ts": "export function clone<T>(inst: T): T {\n  return inst;\n}\n",
    "src/core/schemas.ts": 'export { clone } from "./util.js";\nexport interface Schema { a: number }\n',
    "src/core/index.ts": 'export * from "./schemas.js";\n',
    "src/classic/schemas.ts": ('import * as core from "../core/index.js";\n\n'
                               "export class ZodType {\n  clone(): ZodType {\n    return core.clone(this);\n  }\n}\n"),
    "src/other.ts": "export function f(x: any) {\n  return x.clone(1);\n}\n",
}


def test_a_call_through_a_namespace_import_of_a_barrel_is_by_import(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    a = served.call("find_related", symbol="clone", path="src/core/util.ts", relation="callers")
    assert not a.is_error, a.text
    row = next((ln for ln in a.text.splitlines() if "core.clone(this)" in ln), "")
    assert row and "name only" not in row, a.text
    assert "all by import" in a.text.splitlines()[0], a.text


def test_a_namespace_qualified_name_is_the_member_its_module_passes_on(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    a = served.call("search_symbol", query="core.clone")
    assert not a.is_error, a.text
    assert "core is a namespace import of src/core/index.ts (in 1 file): its clone is answered here" in a.text, a.text
    assert "src/core/util.ts:1-3 function clone" in a.text, a.text
