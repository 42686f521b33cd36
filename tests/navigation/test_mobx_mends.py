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


BARREL = {
    "src/internal.ts": 'export * from "./observable"\nexport * from "./atom2"\n',
    "src/observable.ts": ("export interface IObservable {\n    name_: string\n}\n\n"
                          "export function reportObserved(observable: IObservable): boolean {\n"
                          "    return observable.name_ !== \"\"\n}\n"),
    "src/atom2.ts": ('import { IObservable, reportObserved } from "./internal"\n\n'
                     "export class Atom2 implements IObservable {\n    name_ = \"atom\"\n\n"
                     "    public reportObserved(): boolean {\n        return reportObserved(this)\n    }\n}\n"),
    "src/value.ts": ('import { Atom2 } from "./internal"\n\n'
                     "export class Value extends Atom2 {\n    get() {\n        this.reportObserved()\n        return 1\n    }\n}\n"),
}


def test_a_bare_call_in_a_method_of_its_name_is_the_module_function_not_recursion(tmp_path):
    # MobX's `public reportObserved() { return reportObserved(this) }` in Atom: the function of observable.ts,
    # imported through the internal barrel; it had been the method's own recursive call and IAtom's callee
    served = served_tree(tmp_path / "r", BARREL)
    method = served.call("find_related", symbol="Atom2.reportObserved", relation="callers")
    assert {(i["path"], n) for i in method.data["items"] for n in i["lines"]} == {("src/value.ts", 5)}, method.text
    assert "recursive" not in method.text, method.text
    function = served.call("find_related", symbol="reportObserved", path="src/observable.ts", relation="callers")
    assert {(i["path"], n) for i in function.data["items"] for n in i["lines"]} == {("src/atom2.ts", 7)}, function.text
    callees = served.call("find_related", symbol="Atom2.reportObserved", relation="callees")
    assert "reportObserved src/observable.ts:5-7 called at 7" in callees.text, callees.text


ADM = """\
export class ObservableObjectAdministration {
    make_(key: string, annotation?: boolean): void {}
}

export function makeObservable(adm: ObservableObjectAdministration) {
    adm.make_("x", true)
}
"""

AUTO = """\
export function make_(this: Annotation, adm: any, key: string, descriptor: any, source: object) {
    return computed.make_(adm, key, descriptor, source)
}

export function other(annotation) {
    annotation.make_("y")
}
"""


def test_a_typescript_call_with_more_arguments_than_the_method_takes_is_another_method_s(tmp_path):
    # MobX run 262: autoannotation.ts's four `annotation.make_(adm, key, descriptor, source)` were name-only callers of
    # ObservableObjectAdministration.make_(key, annotation), which takes two
    served = served_tree(tmp_path / "r", {"src/adm.ts": ADM, "src/auto.ts": AUTO})
    r = served.call("find_related", symbol="ObservableObjectAdministration.make_", relation="callers")
    got = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
    assert ("src/adm.ts", 6) in got and ("src/auto.ts", 2) not in got, r.text
    assert ("src/auto.ts", 6) in got, r.text  # one argument fits (the second is optional): still a guess by name
    assert "src/auto.ts:2 `return computed.make_(" in r.text, r.text  # said among the calls left out


BARREL_UTILS = """\
export const EMPTY_OBJECT = {}
export type Lambda = () => void
export interface IEqualsComparer<T> {
    (a: T, b: T): boolean
}
export class Reaction {}
"""

AUTORUN = """\
import { EMPTY_OBJECT, IEqualsComparer, Lambda, Reaction } from "./internal"

export function autorun(opts = EMPTY_OBJECT, eq?: IEqualsComparer<number>, run?: Lambda): Reaction {
    return new Reaction()
}
"""


def test_the_uses_view_says_which_typescript_names_are_types_only(tmp_path):
    # MobX run 262: the uses view of autorun.ts listed 15 names from ../internal without saying which are types (an
    # interface, a type alias) and which values; the agent asked search_symbol for all 15
    served = served_tree(tmp_path / "r", {"src/utils.ts": BARREL_UTILS, "src/internal.ts": 'export * from "./utils"\n',
                                          "src/autorun.ts": AUTORUN})
    r = served.call("list_dependencies", path="src/autorun.ts", view="uses")
    # (each with the line of src/internal.ts passing it on: MobX run 352 read internal.ts for them)
    assert "IEqualsComparer (src/utils.ts:3, a type, re-exported at line 1) at 3" in r.text, r.text
    assert "Lambda (src/utils.ts:2, a type, re-exported at line 1) at 3" in r.text, r.text
    assert "EMPTY_OBJECT (src/utils.ts:1, re-exported at line 1) at 3" in r.text, r.text
    assert "Reaction (src/utils.ts:6, re-exported at line 1) at 3,4" in r.text, r.text


OVERLOADS = """\
export class Emitter {
    on(event: string): void;
    on(event: string, handler: () => void, once: boolean): void;
    on(event: string, handler?: () => void, once?: boolean): void {}
}

export function use(o: any) {
    o.on("x", () => {}, true);
}
"""


def test_an_overloaded_typescript_method_takes_as_many_arguments_as_its_widest_signature(tmp_path):
    # review of 9a40208: the first overload, `on(event)`, had made `o.on("x", h, true)` another method's call
    r = served_tree(tmp_path / "r", {"src/a.ts": OVERLOADS}).call("find_related", symbol="Emitter.on", relation="callers")
    assert {(i["path"], n) for i in r.data["items"] for n in i["lines"]} == {("src/a.ts", 8)}, r.text


AUTORUN_LOCAL = """\
export function autorun(view: (r: any) => any) {
    let reaction: any

    function reactionRunner() {
        view(reaction)
    }

    reaction = {}
    reactionRunner()
}

export function reaction(expression: () => any) {
    return expression()
}

export function pass(cb: (f: any) => void) {
    cb(reaction)
}
"""


def test_an_outer_function_s_local_read_in_a_closure_is_no_value_use_of_the_namesake_function(tmp_path):
    # MobX run 275: `view(reaction)` in autorun's nested reactionRunner, autorun's `let reaction`, was listed as the
    # function `reaction` passed as a value
    r = served_tree(tmp_path / "r", {"src/autorun.ts": AUTORUN_LOCAL}).call("find_related", symbol="reaction",
                                                                            relation="callers")
    assert "view(reaction)" not in r.text and "cb(reaction)" in r.text, r.text


def test_the_uses_view_marks_an_import_type_statement(tmp_path):
    # TanStack run 309: `import type { Query } from './query'` beside `import { fetchState } from './query'` was not
    # told apart: Query (a class) showed no "a type" and the agent read the imports to learn which were erased
    observer = ('import { fetchState } from "./query"\nimport type { Query } from "./query"\n\n'
                "export function run(q: Query): number {\n    return fetchState(q)\n}\n")
    query = "export class Query {}\n\nexport function fetchState(q: Query): number {\n    return 1\n}\n"
    served = served_tree(tmp_path / "r", {"src/query.ts": query, "src/observer.ts": observer,
                                          "src/tt.ts": 'import type from "./query"\n\nexport const x = type\n'})
    r = served.call("list_dependencies", path="src/observer.ts", view="uses")
    assert "  2 ./query [import type]: Query (src/query.ts:1) at 4" in r.text, r.text
    assert "  1 ./query: fetchState" in r.text, r.text
    rows = {u["line"]: u for u in r.data["uses"]}
    assert rows[2].get("type_only") is True and "type_only" not in rows[1], r.data
    # review of 330c150: `import type from './types'` is a default value import named `type`
    t = served.call("list_dependencies", path="src/tt.ts", view="uses")
    assert "[import type]" not in t.text, t.text
