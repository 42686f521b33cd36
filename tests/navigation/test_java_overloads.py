"""Java overloads are separate methods (jsoup's three `Selector.select`): each is a row with its own signature.
They were folded like TypeScript overload signatures into one row, '(+2 overload signatures: 96-99, 108-112)',
showing the widest one's signature, so "the signature of select(String query, Element root)" needed a read."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served

SELECTOR = """package org.example.select;

public class Selector {
    public static Elements select(String query, Element root) {
        return select(parse(query), root);
    }

    public static Elements select(Evaluator evaluator, Element root) {
        return Collector.collect(evaluator, root);
    }

    public static Elements select(String query, Iterable<Element> roots) {
        Elements out = new Elements();
        for (Element root : roots) {
            out.addAll(select(query, root));
        }
        return out;
    }
}
"""
TS = """export function pick(a: string): string;
export function pick(a: number): number;
export function pick(a: string | number): string | number {
  return a;
}
"""


def test_each_java_overload_is_its_own_row_with_its_signature(tmp_path: Path):
    root = tmp_path / "java"
    (root / "src/org/example/select").mkdir(parents=True)
    (root / "src/org/example/select/Selector.java").write_text(SELECTOR, encoding="utf-8")
    (root / "ts").mkdir()
    (root / "ts/pick.ts").write_text(TS, encoding="utf-8")
    served = Served(root)
    a = served.call("search_symbol", query="Selector.select")
    assert not a.is_error, a.text
    assert [d["signature"] for d in a.data["definitions"]] == [
        "public static Elements select(String query, Element root)",
        "public static Elements select(Evaluator evaluator, Element root)",
        "public static Elements select(String query, Iterable<Element> roots)"], a.text
    assert "overload signature" not in a.text
    ts = served.call("search_symbol", query="pick")  # TypeScript overload signatures still fold into the implementation
    assert "(+2 overload signatures: 1-1, 2-2)" in ts.text, ts.text
