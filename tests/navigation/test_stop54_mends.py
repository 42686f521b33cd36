"""Stumbles of the A/B runs and reviews of stop 54, each with what a user would have seen before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

ENUM_TYPE = ('export enum Kind {\n  ZodString = "ZodString",\n}\nexport class ZodString {}\n\n'
             'export interface ZodStringDef {\n  typeName: Kind.ZodString;\n}\n'
             'export interface Holder {\n  schema: ZodString;\n}\n')


def test_an_enum_member_written_as_a_type_is_no_reference_of_the_class_of_its_name(tmp_path):
    # zod's `typeName: ZodFirstPartyTypeKind.ZodString` in ZodStringDef was listed among class ZodString's references
    served = served_tree(tmp_path / "r", {"src/types.ts": ENUM_TYPE})
    a = served.call("search_symbol", query="ZodString", kind="class", references=True)
    assert "schema: ZodString;" in a.text, a.text
    assert "typeName: Kind.ZodString;" not in a.text, a.text
