"""What the TanStack query-core (TypeScript) A/B run 92 stumbled on: subclasses whose header (five type parameters,
a base with a nested type argument) was stored cut were missing from a "complete" implementations answer; calls of
`#private` methods were left out of callees; `this.#cache.notify(..)` with `#cache: QueryCache` was "name only";
a call continuing the line above (`query\\n  .fetch(x)`) was read as a call on `this`."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_LONG = ", ".join(f"TParam{i} = unknown" for i in range(8))
_FILES = {
    "src/subscribable.ts": ("export class Subscribable<TListener extends Function> {\n  protected listeners = new Set<TListener>()\n"
                            "  protected onSubscribe(): void {}\n}\n"),
    "src/queryCache.ts": ("import { Subscribable } from './subscribable'\n\nexport class QueryCache extends Subscribable<() => void> {\n"
                          "  notify(event: string): void {\n    this.listeners.forEach((l) => l())\n  }\n}\n"),
    "src/mutationCache.ts": ("import { Subscribable } from './subscribable'\n\nexport class MutationCache extends Subscribable<() => void> {\n"
                             "  notify(event: string): void {}\n}\n"),
    "src/queryObserver.ts": (f"import {{ Subscribable }} from './subscribable'\nimport {{ QueryCache }} from './queryCache'\n"
                             f"\nexport class QueryObserver<\n  {_LONG},\n> extends Subscribable<\n  Listener<TParam0, TParam1>\n> {{\n"
                             "  #cache: QueryCache\n\n  constructor(cache: QueryCache) {\n    super()\n    this.#cache = cache\n  }\n\n"
                             "  setOptions(): void {\n    this.#updateQuery()\n    this.#cache.notify('x')\n  }\n\n"
                             "  #updateQuery(): void {}\n\n  protected onSubscribe(): void {}\n\n  fetch(): void {}\n\n"
                             "  race(q: QueryCache): void {\n    q\n      .notify('y')\n  }\n}\n"),
}


def test_ts_subclass_with_a_long_generic_header_is_an_implementation(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("find_related", symbol="Subscribable", relation="implementations")
    assert not a.is_error, a.text
    assert {i["qualname"] for i in a.data["items"]} == {"QueryCache", "MutationCache", "QueryObserver"}, a.text
    row = next(i for i in a.data["items"] if i["qualname"] == "QueryObserver")
    assert row["overrides"] == ["onSubscribe"], a.text


def test_ts_a_field_redeclaring_a_base_method_counts_as_an_override(tmp_path):
    files = {**_FILES, "src/infinite.ts": ("import { QueryObserver } from './queryObserver'\n\n"
                                           "export class InfiniteQueryObserver extends QueryObserver {\n"
                                           "  protected override fetch!: () => void\n  extra!: number\n\n"
                                           "  setOptions(): void {}\n}\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="QueryObserver", relation="implementations")
    assert not a.is_error, a.text
    row = next(i for i in a.data["items"] if i["qualname"] == "InfiniteQueryObserver")
    assert row["overrides"] == ["fetch", "setOptions"], a.text  # `extra` is no base member
    # with their lines, the field said to be a type only (TanStack run 285 read `fetch!:` as a body)
    assert "overrides fetch 4 (type only), setOptions 7" in a.text, a.text


def test_ts_private_methods_are_callees_and_private_fields_type_their_calls(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    c = served.call("find_related", symbol="QueryObserver.setOptions", relation="callees")
    assert not c.is_error, c.text
    assert {i["qualname"] for i in c.data["items"]} == {"QueryObserver.#updateQuery", "QueryCache.notify"}, c.text
    n = served.call("find_related", symbol="QueryCache.notify", relation="callers")
    rows = {(i["qualname"], tuple(i["lines"]), i["how"]) for i in n.data["items"]}
    assert ("QueryObserver.setOptions", (18,), "receiver type") in rows, n.text
    m = served.call("find_related", symbol="MutationCache.notify", relation="callers")
    assert "QueryObserver" not in {i["qualname"].split(".")[0] for i in m.data["items"]}, m.text


def test_an_arrow_passed_to_the_end_of_a_long_chain_names_that_method(tmp_path):
    files = {"src/client.ts": ("export class Client {\n  refetch(filters: string): void {\n"
                               "    const promises = this.queryCache.findAll(filters).filter((query) => query.enabled && !query.isStatic()).map((query) => {\n"
                               "      return query.fetch()\n    })\n  }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("search_text", pattern="query.fetch")
    assert not a.is_error, a.text
    assert "arrow function passed to this.queryCache.findAll" in a.text and "….map" in a.text, a.text


def test_ts_local_bound_by_a_multi_line_chain_types_its_calls(tmp_path):
    files = {
        "src/query.ts": "export class Query {\n  fetch(o: string): string {\n    return o\n  }\n}\n",
        "src/cache.ts": ("import { Query } from './query'\n\nexport class QueryCache {\n  build<\n    TA = unknown,\n"
                         "    TB = unknown,\n  >(\n    client: string,\n    options: string,\n  ): Query {\n"
                         "    return new Query()\n  }\n}\n"),
        "src/client.ts": "import { QueryCache } from './cache'\n\nexport class Client {\n  getQueryCache(): QueryCache {\n    return new QueryCache()\n  }\n}\n",
        "src/observer.ts": ("import { Client } from './client'\n\nexport class Observer {\n  #client: Client\n\n"
                            "  fetch(): void {}\n\n  fetchOptimistic(o: string): void {\n    const query = this.#client\n"
                            "      .getQueryCache()\n      .build('c', o)\n    Promise.race([\n      query\n        .fetch(o),\n    ])\n  }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    a = served.call("find_related", symbol="Query.fetch", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"], i["how"]) for i in a.data["items"]] == [("Observer.fetchOptimistic", [14], "receiver type")], a.text
    o = served.call("find_related", symbol="Observer.fetch", relation="callers")
    assert o.data["items"] == [], o.text  # `query\n  .fetch(o)` is no call on this


def test_ts_private_method_callers_are_its_own_class_calls(tmp_path):
    files = {"a.ts": "export class A {\n  run(): void {\n    this.#update()\n  }\n  #update(): void {}\n}\n",
             "b.ts": "export class B {\n  run(): void {\n    this.#update()\n  }\n  #update(): void {}\n}\n"}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="A.#update", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"], i["how"]) for i in a.data["items"]] == [("A.run", [3], "same file")], a.text


def test_a_callback_parameter_over_a_typed_array_has_the_element_type(tmp_path):
    # TanStack run 285: `newObserverMatches.forEach((match) => match.observer.setOptions(..))`, over what
    # `this.#findMatchingObservers(..)` returns (`Array<QueryObserverMatch>`, a type alias with `observer: QueryObserver`)
    src = ("export class Obs {\n  setOptions(x: number): void {}\n}\n\ntype Match = {\n  observer: Obs\n}\n\n"
           "export class Many {\n  #find(): Array<Match> {\n    return []\n  }\n\n"
           "  direct(list: Array<Obs>): void {\n    list.forEach((o) => o.setOptions(1))\n  }\n\n"
           "  viaLocal(): void {\n    const matches = this.#find()\n    matches.forEach((match) =>\n"
           "      match.observer.setOptions(2),\n    )\n  }\n\n"
           "  untyped(other: any): void {\n    other.forEach((o) => o.setOptions(3))\n  }\n}\n")
    s = served_tree(tmp_path / "r", {"src/a.ts": src})
    a = s.call("find_related", symbol="Obs.setOptions", relation="callers")
    assert not a.is_error, a.text
    rows = {(i["qualname"], tuple(i["lines"]), i["how"]) for i in a.data["items"]}
    assert ("Many.direct", (15,), "receiver type") in rows and ("Many.viaLocal", (21,), "receiver type") in rows, a.text
    assert ("Many.untyped", (26,), "name only") in rows, a.text
    outline = s.call("get_structured_index", path="src/a.ts").text
    assert "6-6 field observer: Obs" in outline, outline  # an object type alias's members, as an interface's


def test_an_outline_counts_an_object_type_alias_s_members_past_a_few(tmp_path):
    # review of 8a36f70: zod's `type JSONSchema = {..}` listed its 60 members, 265 -> 1,000 tokens
    body = "".join(f"  m{i}: string\n" for i in range(20))
    a = served_tree(tmp_path / "r", {"src/s.ts": f"export type Big = {{\n{body}}}\n"}).call("get_structured_index", path="src/s.ts")
    assert "type Big =  [+14 more members]" in a.text and "m5: string" in a.text and "m6: string" not in a.text, a.text


def test_a_local_copied_from_a_private_field_has_the_field_s_type(tmp_path):
    # review of stop 49: `const queryCache = this.#queryCache; queryCache.remove(q)` in QueryClient.removeQueries read
    # as MutationCache.remove in a semantic read (a name ending like both caches)
    files = {
        "src/queryCache.ts": "export class QueryCache {\n  remove(q: number): void {}\n}\n",
        "src/mutationCache.ts": "export class MutationCache {\n  remove(m: number): void {}\n}\n",
        "src/client.ts": ("import { QueryCache } from './queryCache'\nimport { MutationCache } from './mutationCache'\n\n"
                          "export class Client {\n  #queryCache: QueryCache\n  #mutationCache: MutationCache\n\n"
                          "  constructor() {\n    this.#queryCache = new QueryCache()\n    this.#mutationCache = new MutationCache()\n  }\n\n"
                          "  removeQueries(): void {\n    const queryCache = this.#queryCache\n    queryCache.remove(1)\n  }\n}\n"),
    }
    s = served_tree(tmp_path / "r", files)
    uses = s.call("read_code_range", path="src/client.ts", symbol="Client.removeQueries", context="semantic").text
    assert "QueryCache.remove" in uses and "MutationCache.remove" not in uses, uses
    callers = s.call("find_related", symbol="QueryCache.remove", relation="callers")
    assert "src/client.ts:15 in Client.removeQueries" in callers.text and "name only" not in callers.text, callers.text
