"""MobX 6.13.5 (TypeScript): the observable collections declare their atoms with a definite assignment assertion,
`keysAtom_!: IAtom`, and assign them in the constructor. Before, `name!: T` (and `name?: T`) was read as no type at
all: ObservableMap's four `this.keysAtom_.reportChanged()` calls were name only for IAtom.reportChanged and
ObservableSet's two were "another type's"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

ATOM = """\
export interface IAtom {
    reportChanged(): void
}

export class Atom implements IAtom {
    public reportChanged() {
        this.changed = true
    }
    changed = false
}

export function createAtom(name: string): IAtom {
    return new Atom()
}
"""

MAP = """\
import { IAtom, createAtom } from "./atom"

export class ObservableMap<K = any, V = any> {
    keysAtom_!: IAtom
    valuesAtom_?: IAtom

    constructor(public name_: string) {
        this.keysAtom_ = createAtom(name_)
    }

    delete(key: K): boolean {
        this.keysAtom_.reportChanged()
        this.valuesAtom_?.reportChanged()
        return true
    }
}
"""


def test_a_field_declared_with_a_definite_assignment_assertion_types_its_receiver(tmp_path):
    served = served_tree(tmp_path / "r", {"src/atom.ts": ATOM, "src/map.ts": MAP})
    calls = {n for n, text in enumerate(MAP.splitlines(), 1) if ".reportChanged()" in text}
    for symbol in ("IAtom.reportChanged", "Atom.reportChanged"):
        r = served.call("find_related", symbol=symbol, relation="callers")
        got = {n for i in r.data["items"] if i["path"] == "src/map.ts" for n in i["lines"]}
        assert got == calls, (symbol, r.text)
        assert "name only" not in r.text and "another type's" not in r.text, r.text
