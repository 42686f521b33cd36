"""A TypeScript type's references are every place it is written: a union member, a namespace-qualified type
(`schemas.$ZodPipe`), a member read of the constructor value (`$ZodPipe.init(..)`, `core.$ZodPipe.init(..)`,
`x instanceof z.core.$ZodPipe`); zod run 406 was told "2 in 1 file" where the text had 13 lines. `$` is a letter of
JavaScript names: `Pipe`'s word matches are never `$Pipe`'s."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

A = '''import * as core from "./core.js";
export interface $Pipe { x: number }
export const $Pipe: core.Ctor<$Pipe> = core.make("$Pipe", (inst: unknown) => {});
export interface Pipe { x: number }
export const Pipe: core.Ctor<Pipe> = core.make("Pipe", (inst: unknown) => {});
export function f(inst: any) {
  $Pipe.init(inst);
  Pipe.init(inst);
}
export type All =
  | $Pipe
  | Pipe;
'''
B = '''import * as a from "./a.js";
export function g(inst: any): a.$Pipe {
  a.$Pipe.init(inst);
  return inst instanceof a.$Pipe ? inst : (inst as a.$Pipe[])[0];
}
'''
CORE = 'export type Ctor<T> = T;\nexport function make(n: string, f: unknown): any { return f; }\n'


def test_every_written_use_of_a_type_is_a_reference(tmp_path):
    served = served_tree(tmp_path / "r", {"src/a.ts": A, "src/b.ts": B, "src/core.ts": CORE})
    a = served.call("search_symbol", query="$Pipe", references=True)
    assert not a.is_error, a.text
    refs = a.text.split("references (", 1)[1]
    for line in ("7: $Pipe.init(inst);", "11: | $Pipe", "2: export function g(inst: any): a.$Pipe {",
                 "3: a.$Pipe.init(inst);", "4: return inst instanceof a.$Pipe"):
        assert line in refs, a.text
    assert "uses of" not in a.text, a.text


def test_a_name_is_no_word_of_its_dollar_namesake(tmp_path):
    served = served_tree(tmp_path / "r", {"src/a.ts": A, "src/b.ts": B, "src/core.ts": CORE})
    a = served.call("search_symbol", query="Pipe", references=True)
    assert not a.is_error, a.text
    assert "$Pipe" not in a.text.split("references (", 1)[1], a.text
    assert "8: Pipe.init(inst);" in a.text and "12: | Pipe;" in a.text, a.text
