"""Callees through TypeScript members typed by a namespace-qualified type, a `$`-named generic bound and a field
declared with its interface's type parameter, and an optional call (zod run 406: `schema._zod.processJSONSchema(..)`
and `schema._zod.toJSONSchema?.()` were unresolved in processSchema<T extends schemas.$ZodType>)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SCHEMAS = '''export interface _$Internals {
  processJSONSchema?: (ctx: string) => void;
  toJSONSchema?: () => unknown;
  run(x: number): number;
}
export interface $Internals extends _$Internals {
  extra: string;
}
export interface $ZodType<O = unknown, Internals extends $Internals = $Internals> {
  _zod: Internals;
  out?: O;
}
'''
JSON = '''import type * as schemas from "./schemas.js";

export function processSchema<T extends schemas.$ZodType>(schema: T, ctx: string): void {
  schema._zod.processJSONSchema(ctx);
  schema._zod.toJSONSchema?.();
  schema._zod.run(1);
}

export function plain(schema: schemas.$ZodType, ctx: string): void {
  schema._zod.processJSONSchema(ctx);
}
'''


def test_members_through_qualified_types_bounds_and_type_parameters(tmp_path):
    served = served_tree(tmp_path / "r", {"src/schemas.ts": SCHEMAS, "src/json.ts": JSON})
    a = served.call("find_related", symbol="processSchema", relation="callees")
    assert not a.is_error, a.text
    for row in ("_$Internals.processJSONSchema 2-2 called at 4", "_$Internals.toJSONSchema 3-3 called at 5",
                "_$Internals.run 4-4 called at 6"):
        assert row in a.text, a.text
    assert "unresolved" not in a.text, a.text
    b = served.call("find_related", symbol="plain", relation="callees")
    assert "_$Internals.processJSONSchema src/schemas.ts:2-2 called at 10" in b.text, b.text
