"""Mends of stop 56, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

TS_NATIVE = ("export class Parser {\n"                                          # 1
             "  definitionErrors: string[] = [];\n"
             "  byName: Map<string, number> = new Map();\n"
             "  run(extra: Array<string>, label: string): void {\n"            # 4
             "    const seen: Set<string> = new Set();\n"
             "    this.definitionErrors = this.definitionErrors.concat(extra);\n"
             "    this.byName.set(label, 1);\n"
             "    seen.add(label.trim());\n"
             "    const joined = extra.join(',');\n"
             "    mystery.doIt(joined);\n"
             "  }\n"
             "}\n")


def test_ts_calls_on_natively_typed_fields_params_and_locals_are_builtins(tmp_path):
    """chevrotain run 482: `this.definitionErrors.concat(..)` on an `IParserDefinitionError[]` field was "a receiver of
    unknown type" under a callees answer; the declared type says it is Array's concat."""
    got = served_tree(tmp_path / "r", {"src/parser.ts": TS_NATIVE}).call(
        "find_related", symbol="Parser.run", relation="callees")
    builtins = next(line for line in got.text.splitlines() if line.startswith("builtins:"))
    for said in ("Array.concat (on this.definitionErrors)", "Map.set (on this.byName)", "Set.add (on seen)",
                 "String.trim (on label)", "Array.join (on extra)"):
        assert said in builtins, got.text
    unresolved = next(line for line in got.text.splitlines() if line.startswith("unresolved"))
    assert "mystery.doIt" in unresolved and "concat" not in unresolved, got.text
