"""`RangeField().get_prep_value(x)` on a class that overrides the method is that class's call, not the base's:
Django's Field.get_prep_value listed it among its callers (RangeField(models.Field) defines get_prep_value)."""

from __future__ import annotations

import re

from tests.conftest import grouped_hits, hit_at
from tests.navigation.conftest import served_tree

FILES = {
    "pkg/fields.py": ("class Field:\n    def get_prep_value(self, value):\n        return value\n\n\n"
                      "class Plain(Field):\n    pass\n"),
    "pkg/ranges.py": ("from pkg.fields import Field, Plain\n\n\n"
                      "class RangeField(Field):\n    def get_prep_value(self, value):\n        return list(value)\n\n\n"
                      "class IntegerRangeField(RangeField):\n    pass\n\n\n"
                      "class Lookup:\n    def own(self):\n        return RangeField().get_prep_value(self.rhs)\n\n"
                      "    def deeper(self):\n        return IntegerRangeField().get_prep_value(self.rhs)\n\n"
                      "    def plain(self):\n        return Plain().get_prep_value(self.rhs)\n"),
}


def test_a_call_on_a_subclass_that_overrides_is_not_the_bases(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    base = served.call("find_related", symbol="Field.get_prep_value", relation="callers")
    assert "Lookup.plain" in str(base.data["items"]), base.text
    assert "Lookup.own" not in str(base.data["items"]) and "Lookup.deeper" not in str(base.data["items"]), base.text
    assert "RangeField().get_prep_value" in base.text and "left out" in base.text, base.text
    own = served.call("find_related", symbol="RangeField.get_prep_value", relation="callers")
    assert "Lookup.own" in str(own.data["items"]) and "Lookup.deeper" in str(own.data["items"]), own.text


def test_a_java_value_of_an_overriding_subclass_calls_the_override(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/Field.java": "class Field {\n    Object getPrepValue(Object v) {\n        return v;\n    }\n}\n",
        "src/Plain.java": "class Plain extends Field {\n}\n",
        "src/RangeField.java": ("class RangeField extends Field {\n    @Override\n    Object getPrepValue(Object v) {\n"
                                "        return null;\n    }\n}\n"),
        "src/Lookup.java": ("class Lookup {\n    Object own(RangeField r) {\n        return r.getPrepValue(1);\n    }\n\n"
                            "    Object plain(Plain p) {\n        return p.getPrepValue(2);\n    }\n}\n"),
    })
    base = served.call("find_related", symbol="Field.getPrepValue", relation="callers")
    assert "Lookup.plain" in str(base.data["items"]) and "Lookup.own" not in str(base.data["items"]), base.text
    own = served.call("find_related", symbol="RangeField.getPrepValue", relation="callers")
    assert "Lookup.own" in str(own.data["items"]), own.text


def test_a_call_on_a_subclass_of_a_stub_is_still_the_contracts(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/exp.py": (
        "class BaseExpression:\n    def as_sql(self, compiler):\n        raise NotImplementedError('Subclasses must implement')\n\n\n"
        "class Value(BaseExpression):\n    def as_sql(self, compiler):\n        return '%s'\n\n\n"
        "def compile_it(compiler):\n    return Value().as_sql(compiler)\n")})
    r = served.call("find_related", symbol="BaseExpression.as_sql", relation="callers")
    assert "compile_it" in str(r.data["items"]), r.text


_EXPR = {"pkg/expressions.py": (
    "class BaseExpression:\n    def resolve_expression(self, query=None):\n        return self\n\n\n"
    "class Combinable:\n    pass\n\n\n"
    "class Expression(BaseExpression, Combinable):\n    def other(self):\n        return 1\n\n\n"
    "def resolve(e):\n    return e.resolve_expression(None)\n")}


def test_a_member_a_class_inherits_is_answered_with_the_bases(tmp_path):
    # (Django's Expression.resolve_expression had been "no definition", the closest names F's and Q's)
    served = served_tree(tmp_path / "r", _EXPR)
    s = served.call("search_symbol", query="Expression.resolve_expression")
    assert not s.is_error and "pkg/expressions.py:2-3 method BaseExpression.resolve_expression" in s.text, s.text
    assert "has no resolve_expression of its own: it inherits BaseExpression's" in s.text, s.text
    r = served.call("find_related", symbol="Expression.resolve_expression", relation="callers")
    assert not r.is_error and "BaseExpression.resolve_expression" in r.text, r.text
    read = served.call("read_code_range", path="pkg/expressions.py", symbol="Expression.resolve_expression")
    assert not read.is_error and "return self" in read.text and "it inherits" in read.text, read.text
    missing = served.call("search_symbol", query="Expression.nothing_like_it")
    assert "no definition" in missing.text.lower() or "no definitions" in missing.text.lower(), missing.text


def test_a_qualified_miss_of_a_defined_name_says_it_is_defined_elsewhere(tmp_path):
    # (the word list had said "no definition of it is indexed" for a name defined 28 times in Django)
    r = served_tree(tmp_path / "r", _EXPR).call("search_symbol", query="Combinable.resolve_expression")
    assert "'resolve_expression' is defined 1 time, none of them a member of Combinable" in r.text, r.text
    assert "no definition of it is indexed" not in r.text, r.text


def test_a_semantic_read_of_an_uncalled_method_names_where_it_is_taken_as_a_value(tmp_path):
    # (Django's BaseHandler._get_response: "called by: no references found", as if it were dead code)
    served = served_tree(tmp_path / "r", {"h/base.py": (
        "class BaseHandler:\n    def load_middleware(self, is_async=False):\n"
        "        get_response = self._get_response_async if is_async else self._get_response\n"
        "        self._chain = get_response\n\n    def _get_response(self, request):\n        return request\n\n"
        "    def _get_response_async(self, request):\n        return request\n")})
    r = served.call("read_code_range", path="h/base.py", symbol="BaseHandler._get_response", context="semantic")
    assert "no references found" not in r.text, r.text
    assert "taken as a value" in r.text and "h/base.py:3 in BaseHandler.load_middleware" in r.text, r.text


def test_a_distinctive_method_on_a_value_of_unknown_type_is_named_as_a_guess(tmp_path):
    # (Django's compiler.py:1335 `final_field.remote_field.set_cached_value(from_obj, obj)`: "nothing resolvable")
    served = served_tree(tmp_path / "r", {
        "m/mixins.py": "class FieldCacheMixin:\n    def set_cached_value(self, instance, value):\n        instance.c = value\n",
        "m/compiler.py": ("def local_setter(final_field, obj, from_obj):\n    if from_obj:\n"
                          "        final_field.remote_field.set_cached_value(from_obj, obj)\n"
                          "    final_field.items.append(obj)\n"),
        "m/other.py": "class Bag:\n    def append(self, x):\n        return x\n"})
    r = served.call("read_code_range", path="m/compiler.py", symbol="local_setter", context="semantic")
    assert "FieldCacheMixin.set_cached_value" in r.text and "by name only" in r.text, r.text
    assert "Bag.append" not in r.text, r.text  # a one-word name is any list's as likely


def test_a_line_read_names_the_blocks_of_the_functions_it_is_nested_in(tmp_path):
    # (compiler.py:1335: `if restricted:` holds `def local_setter`, whose `if from_obj:` holds the line; the read
    # showed the inner `if` only, and a multi-line signature's `):` was taken for a block)
    served = served_tree(tmp_path / "r", {"c/compiler.py": (
        "class SQLCompiler:\n    def get_related_selections(\n        self,\n        select,\n    ):\n"
        "        related = []\n        if select:\n            def local_setter(final_field, obj, from_obj):\n"
        "                if from_obj:\n                    final_field.set(from_obj, obj)\n\n"
        "            related.append(local_setter)\n        return related\n")})
    r = served.call("read_code_range", path="c/compiler.py", start_line=10, end_line=10, context="semantic")
    blocks = r.text.split("inside the blocks ──", 1)[1].split("──", 1)[0]
    assert "7-12\t        if select:" in blocks and "9-10\t                if from_obj:" in blocks, r.text
    assert "):" not in blocks, r.text


_SIGNING = {
    "pkg/__init__.py": "",
    "pkg/signing.py": (
        "import json\n\n\nclass JSONSerializer:\n    def loads(self, data):\n        return json.loads(data)\n\n\n"
        "class Signer:\n    def unsign(self, value):\n        return value\n\n    def unsign_object(self, s, serializer=JSONSerializer):\n"
        "        return serializer().loads(self.unsign(s))\n\n\n"
        "class TimestampSigner(Signer):\n    def unsign(self, value, max_age=None):\n        result = super().unsign(value)\n"
        "        return result\n\n\ndef loads(s):\n    return TimestampSigner().unsign_object(s)\n"),
    "pkg/sessions.py": ("import json\nimport pickle\n\nfrom pkg import signing\n\n\ndef decode(data):\n"
                        "    return signing.loads(data)\n\n\ndef other(data):\n    return json.loads(data) or pickle.loads(data)\n"),
}


def test_a_module_function_is_called_bare_or_through_its_module_only(tmp_path):
    # (Django's signing.loads: 38 callers, 33 of them json.loads/pickle.loads by name and two in its own file)
    r = served_tree(tmp_path / "r", _SIGNING).call("find_related", symbol="loads", path="pkg/signing.py",
                                                   relation="callers")
    assert {(i["path"], tuple(i["lines"])) for i in r.data["items"]} == {("pkg/sessions.py", (8,))}, r.text
    assert "left out" in r.text and "json.loads(data)" in r.text, r.text


def test_a_super_call_inside_an_override_is_no_recursion(tmp_path):
    # (TimestampSigner.unsign's `super().unsign(value)` was listed as its own [recursive] caller)
    r = served_tree(tmp_path / "r", _SIGNING).call("find_related", symbol="TimestampSigner.unsign", relation="callers")
    assert "recursive" not in r.text and "super().unsign" not in r.text, r.text
    base = served_tree(tmp_path / "r2", _SIGNING).call("find_related", symbol="Signer.unsign", relation="callers")
    assert "TimestampSigner.unsign" in str(base.data["items"]), base.text


def test_a_builtin_objects_method_is_never_guessed_to_be_a_namesake(tmp_path):
    # (zod's util.members: `Object.getOwnPropertyDescriptor(table, key)` was read as createTransparentProxy's Proxy
    # handler method of that name)
    served = served_tree(tmp_path / "r", {"src/util.ts": (
        "export function createTransparentProxy<T extends object>(getter: () => T): T {\n"
        "  let target: T;\n  return new Proxy({}, {\n    getOwnPropertyDescriptor(_, prop) {\n"
        "      target ??= getter();\n      return Reflect.getOwnPropertyDescriptor(target, prop);\n    },\n  }) as T;\n}\n\n"
        "export function members(proto: object, table: object): void {\n  for (const key in table) {\n"
        "    const desc = Object.getOwnPropertyDescriptor(table, key)!;\n    Object.defineProperty(proto, key, desc);\n"
        "  }\n}\n")})
    r = served.call("read_code_range", path="src/util.ts", symbol="members", context="semantic")
    assert "createTransparentProxy.getOwnPropertyDescriptor" not in r.text, r.text


def test_a_call_inside_a_module_const_built_from_closures_names_the_const(tmp_path):
    # (zod's schema constructors: `export const $ZodRecord = core.$constructor("$ZodRecord", (inst, def) => {..})`;
    # finalizeIssue's calls in them read "top level")
    served = served_tree(tmp_path / "r", {
        "src/util.ts": "export function finalizeIssue(iss: unknown): unknown {\n  return iss;\n}\n",
        "src/schemas.ts": (
            "import * as util from \"./util.js\";\n\nexport const $ZodRecord = $constructor(\"$ZodRecord\", (inst, def) => {\n"
            "  inst.parse = (payload) => {\n    return payload.issues.map((iss) => util.finalizeIssue(iss));\n  };\n});\n\n"
            "function $constructor(name: string, init: (inst: any, def: any) => void) {\n  return init;\n}\n")})
    r = served.call("find_related", symbol="finalizeIssue", relation="callers")
    assert "5 in $ZodRecord (3-7)" in r.text or "src/schemas.ts:5 in $ZodRecord (3-7)" in r.text, r.text
    s = served.call("search_symbol", query="finalizeIssue", references=True)
    assert "top level" not in s.text and "in $ZodRecord" in s.text, s.text


_CLONE = {
    "src/util.ts": "export function clone<T>(inst: T, def?: unknown): T {\n  return inst;\n}\n",
    "src/index.ts": "export { clone } from \"./util.js\";\n",
    "src/schemas.ts": ("import * as util from \"./util.js\";\n\nexport class ZodType {\n  clone(def?: unknown): ZodType {\n"
                       "    return util.clone(this, def);\n  }\n\n  describe(): ZodType {\n    const cl = this.clone();\n"
                       "    return cl;\n  }\n}\n"),
    "src/compile.ts": ("import * as util from \"./util.js\";\n\nexport function withParser<T>(schema: T): T {\n"
                       "  const clone = util.clone(schema);\n  (clone as any).run = 1;\n  return clone;\n}\n"),
}


def test_a_js_module_function_is_called_bare_or_through_its_module_only(tmp_path):
    # (zod's util.clone: 42 "call sites", 18 of them `this.clone()`/`inst.clone(..)` of the ZodType method; the local
    # `const clone = util.clone(..)` and the `export { clone } from` line listed as the function's value uses)
    r = served_tree(tmp_path / "r", _CLONE).call("find_related", symbol="clone", path="src/util.ts", relation="callers")
    rows = {(i["path"], tuple(i["lines"])) for i in r.data["items"]}
    assert rows == {("src/schemas.ts", (5,)), ("src/compile.ts", (4,))}, r.text
    assert "this.clone()" in r.text and "left out" in r.text, r.text
    assert "(clone as any).run" not in r.text and "export { clone }" not in r.text, r.text


def test_references_of_a_definition_picked_by_its_file_are_the_repositorys(tmp_path):
    # (zod: `clone` with path=util.ts said "references (48 in 1 file)" and listed the 7 of util.ts)
    r = served_tree(tmp_path / "r", _CLONE).call("search_symbol", query="clone", path="src/util.ts", references=True)
    assert hit_at(r.text, "src/schemas.ts", 5) and hit_at(r.text, "src/compile.ts", 4), r.text
    head = next(line for line in r.text.splitlines() if line.startswith("references ("))
    shown = [hit for hit in grouped_hits(r.text) if re.match(r"src/\w+\.ts$", hit[0])]
    assert head.startswith(f"references ({len(shown)} in "), r.text


def test_several_names_with_a_substring_match_each_match_so(tmp_path):
    # (zod run 130: `Pipe, Codec, Preprocess` with match=substring answered "no definitions match")
    served = served_tree(tmp_path / "r", {"src/s.ts": ("export interface ZodPipe {}\nexport interface ZodCodec {}\n"
                                                       "export function preprocessValue() {}\n")})
    r = served.call("search_symbol", query="Pipe, Codec", match="substring")
    assert "ZodPipe" in r.text and "ZodCodec" in r.text, r.text


def test_references_of_a_module_function_leave_out_the_namesake_methods_calls(tmp_path):
    # (zod run 132: `clone`'s 48 references held ZodType.clone's `this.clone()` calls, sorted out by hand)
    r = served_tree(tmp_path / "r", _CLONE).call("search_symbol", query="clone", path="src/util.ts", references=True)
    assert "this.clone()" not in r.text.split("references (", 1)[1], r.text
    assert "references of the name 'clone' that are another definition's" in r.text and hit_at(r.text, "src/schemas.ts", 5), r.text


def test_a_module_function_through_an_aggregating_const_stays_a_caller(tmp_path):
    # (zod's from-json-schema.ts: `const z = { ..._schemas }` then `z.ksuid()`; a parameter's `inst.clone()` is not)
    served = served_tree(tmp_path / "r", {
        "src/schemas.ts": "export function ksuid(): string {\n  return \"k\";\n}\n",
        "src/convert.ts": ("import * as _schemas from \"./schemas.js\";\n\nconst z = {\n  ..._schemas,\n};\n\n"
                           "export function convert(s: any): string {\n  return z.ksuid() + s.ksuid();\n}\n\n"
                           "export function other(inst: any): string {\n  return inst.ksuid();\n}\n")})
    r = served.call("find_related", symbol="ksuid", path="src/schemas.ts", relation="callers")
    assert {(i["path"], tuple(i["lines"])) for i in r.data["items"]} == {("src/convert.ts", (8,))}, r.text
    assert "inst.ksuid()" in r.text and "left out" in r.text, r.text


def test_a_constant_read_off_its_module_is_a_reference(tmp_path):
    # (zod run 132: `util.NUMBER_FORMAT_RANGES[def.format]` in checks.ts only under the unresolved "by name" uses)
    served = served_tree(tmp_path / "r", {
        "src/util.ts": "export const RANGES = { int32: [0, 1] };\n",
        "src/checks.ts": "import * as util from \"./util.js\";\n\nexport function f(k: string) {\n  return util.RANGES[k];\n}\n",
        "src/proc.ts": "import { RANGES } from \"./util.js\";\n\nexport const contributors = {\n  n: String(RANGES),\n};\n",
        "src/other.ts": "export function g(zc: any) {\n  return zc.RANGES.int32;\n}\n"})
    r = served.call("search_symbol", query="RANGES", references=True)
    refs, _, uses = r.text.partition("uses of RANGES by name")
    assert hit_at(refs, "src/checks.ts", 4) and hit_at(refs, "src/proc.ts", 4), r.text
    assert hit_at(uses, "src/other.ts", 2), r.text
