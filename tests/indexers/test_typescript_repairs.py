"""TypeScript 4.7 variance annotations, which tree-sitter-typescript 0.23 cannot read: zod 4's four central files
(core/schemas.ts, checks.ts, classic and mini schemas.ts) had syntax errors at `<out O = unknown, out I = unknown>` and
`/** @ts-ignore Cast variance */ out Shape extends ..`; each error cost the definitions around it."""

from __future__ import annotations

from contexteer.indexers import languages
from contexteer.indexers.extract import extract

TS = languages.BY_NAME["typescript"]

SRC = b"""export interface $ZodTypeInternals<out O = unknown, out I = unknown> extends _$ZodTypeInternals {
  output: O;
  input: I;
}

export interface $ZodObject<
  // @ts-ignore Cast variance
  out Shape extends Readonly<$ZodShape> = Readonly<$ZodShape>,
  /** @ts-ignore Cast variance */
  in out Params extends $ZodObjectConfig = $ZodObjectConfig,
> extends $ZodType {}

export interface $ZodCheck<in T = never> {
  _zod: T;
}

export function isIn<K extends string>(key: K, obj: object): boolean {
  for (const k in obj) {
    if (k < key) return true;
  }
  return [key, out].length > 0;
}
"""


def test_variance_annotations_parse_and_keep_their_signatures():
    r = extract(SRC, TS)
    assert not r.has_errors, r
    rows = {s[0]: s for s in r.symbols}
    for name in ("$ZodTypeInternals", "$ZodObject", "$ZodCheck", "isIn"):
        assert name in rows, sorted(rows)
    assert rows["$ZodTypeInternals"][5].startswith("export interface $ZodTypeInternals<out O = unknown, out I = unknown>"), rows
    assert "in T = never" in rows["$ZodCheck"][5], rows


def test_the_repair_is_linear_in_long_runs_of_blanks():
    # (a first version nested `\s+` in a repeated group: 30 blanks after a comma took minutes, and indexing hung)
    import signal

    from contexteer.indexers.grammar_repairs import typescript

    def stop(*_):
        raise TimeoutError("the TypeScript repair backtracks")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(10)
    try:
        src = b"f(a," + b" " * 400 + b"x);\ntype T<" + b"\n" * 400 + b"out X> = X;\n"
        assert typescript(src) == src.replace(b"out X", b"    X")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


GENERIC_SIGNATURES = b"""export interface IActionFactory extends Annotation {
    // nameless actions
    <T extends Function | undefined | null>(fn: T): T
    // named actions
    <T extends Function | undefined | null>(name: string, fn: T): T

    bound: Annotation
}

function createActionFactory(autoAction: boolean): IActionFactory {
    const res: IActionFactory = function action(arg1, arg2?): any {
        return arg1
    } as IActionFactory
    return res
}

export const action: IActionFactory = createActionFactory(false)

export function isAction(thing: any) {
    return thing.isMobxAction === true
}

const pick = cond
    ? a
    : b
const later =
    <T>(x: T) => x

export function generic
    <T>(x: T): T {
    return x
}
"""


def test_a_generic_call_signature_on_its_own_line_keeps_the_rest_of_the_file():
    # MobX's api/action.ts: the second `<T ..>(..): T` line read as type arguments of the first's `T`, one error
    # from line 1 to the end, and `action`, `isAction`, `runInAction` missing from the index
    r = extract(GENERIC_SIGNATURES, TS)
    assert not r.has_errors, r
    rows = {(s[0], s[3]) for s in r.symbols}
    for name, line in (("IActionFactory", 1), ("createActionFactory", 10), ("action", 17), ("isAction", 19), ("later", 26)):
        assert (name, line) in rows, sorted(rows)
    from contexteer.indexers.grammar_repairs import typescript

    fixed = typescript(GENERIC_SIGNATURES)
    assert len(fixed) == len(GENERIC_SIGNATURES) and fixed.count(b"\n") == GENERIC_SIGNATURES.count(b"\n")
    assert fixed.count(b";<T") == 1  # the second signature's indentation; not after `{`, `=` or a function's name
