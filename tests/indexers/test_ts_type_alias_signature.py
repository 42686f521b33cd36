"""A TypeScript type alias written over lines is its signature whole, joined, its comments left out (zod run 406:
`export type $ZodIssue =` was all that search_symbol showed of a twelve-line union)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ('export type Issue =\n  | TooBig // the upper bound\n  | TooSmall;\n\n'
       'export type InexactPartial<T> = {\n  /* each key */\n  [P in keyof T]?: T[P] | undefined;\n};\n'
       'export interface TooBig { a: 1 }\nexport interface TooSmall { b: 2 }\n')


def test_a_multi_line_type_alias_is_shown_whole(tmp_path):
    served = served_tree(tmp_path / "r", {"src/errors.ts": SRC})
    a = served.call("search_symbol", query="Issue, InexactPartial")
    assert "export type Issue = | TooBig | TooSmall" in a.text, a.text
    assert "export type InexactPartial<T> = { [P in keyof T]?: T[P] | undefined; }" in a.text, a.text
