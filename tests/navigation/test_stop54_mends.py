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


MSGPACK = {
    "msgpack.go": ("package msgpack\n\ntype CustomEncoder interface {\n\tEncodeMsgpack(*Encoder) error\n}\n\n"
                   "type CustomDecoder interface {\n\tDecodeMsgpack(*Decoder) error\n}\n\n"
                   "type Encoder struct{}\n\ntype Decoder struct{}\n"),
    "types_test.go": ("package msgpack_test\n\nimport \"example.com/msgpack\"\n\ntype CustomEncoder struct {\n\tn int\n}\n\n"
                      "func (s *CustomEncoder) EncodeMsgpack(enc *msgpack.Encoder) error {\n\treturn nil\n}\n\n"
                      "func (s *CustomEncoder) DecodeMsgpack(dec *msgpack.Decoder) error {\n\treturn nil\n}\n"),
}


def test_a_go_interface_never_gains_the_methods_of_a_namesake_in_an_external_test_package(tmp_path):
    # msgpack run 424: the interface CustomEncoder (package msgpack) was listed as "extending" CustomDecoder through
    # the DecodeMsgpack of the test struct CustomEncoder (package msgpack_test), and the struct shown under it
    served = served_tree(tmp_path / "r", MSGPACK)
    a = served.call("find_related", symbol="CustomDecoder", relation="implementations")
    assert "interface CustomEncoder" not in a.text, a.text
    assert "interface extending" not in a.text, a.text
    assert "types_test.go:5-7 struct CustomEncoder" in a.text, a.text


DECODE = {
    "decode.go": ("package msgpack\n\ntype Decoder struct{}\n\n"
                  "func (d *Decoder) readCode() (byte, error) {\n\treturn 0, nil\n}\n\n"
                  "func (d *Decoder) int8() (int8, error) {\n\treturn 0, nil\n}\n\n"
                  "func (d *Decoder) float32() (float32, error) {\n\treturn 0, nil\n}\n\n"
                  "func (d *Decoder) DecodeInterface() (interface{}, error) {\n"
                  "\tc, err := d.readCode()\n\tif err != nil {\n\t\treturn nil, err\n\t}\n"
                  "\tif c < 10 {\n\t\treturn int8(c), nil\n\t}\n"
                  "\tif c == 20 {\n\t\treturn d.float32()\n\t}\n"
                  "\treturn d.int8()\n}\n"),
}


def test_go_callees_say_they_are_complete_in_call_order_with_conversions_apart(tmp_path):
    # msgpack run 424: no completeness marker (the agent read the 67-line body to check), Decoder.int8 (called last)
    # listed first because `int8(c)` converts earlier, and that conversion listed as "builtins: int8"
    served = served_tree(tmp_path / "r", DECODE)
    text = served.call("find_related", symbol="Decoder.DecodeInterface", relation="callees").text
    assert "[complete: every call written in its body is listed]" in text, text
    assert text.index("Decoder.float32") < text.index("Decoder.int8"), text
    assert "conversions to builtin types: int8" in text and "builtins:" not in text, text


MARSH = {
    "src/marshmallow/__init__.py": "from marshmallow.fields import Field\n",
    "src/marshmallow/utils.py": "def get_value(obj, key, default=None):\n    return getattr(obj, key, default)\n",
    "src/marshmallow/fields.py": ("from marshmallow import utils\n\n\nclass Field:\n"
                                  "    def get_value(self, obj, attr, accessor=None):\n"
                                  "        accessor_func = accessor or utils.get_value\n"
                                  "        return accessor_func(obj, attr)\n\n"
                                  "    def serialize(self, attr, obj, accessor=None):\n"
                                  "        return self.get_value(obj, attr, accessor=accessor)\n"),
    "tests/test_utils.py": ("from marshmallow import utils\n\n\ndef test_get_value():\n"
                            "    assert utils.get_value(1, 'real') == 1\n"),
}


def test_a_module_function_used_as_a_default_is_named_among_its_callers_and_module_calls_are_no_method_calls(tmp_path):
    # marshmallow run 422: the callers of utils.get_value left out Field.get_value, whose `accessor or utils.get_value`
    # is how the library calls it; the callers of Field.get_value counted the tests' `utils.get_value(..)` by name
    served = served_tree(tmp_path / "r", MARSH)
    fn = served.call("find_related", symbol="get_value", path="src/marshmallow/utils.py", relation="callers").text
    assert "src/marshmallow/fields.py:6" in fn and "Field.get_value" in fn, fn
    meth = served.call("find_related", symbol="Field.get_value", relation="callers").text
    assert "Field.serialize" in meth, meth
    assert "test_get_value" not in meth.split("left out")[0] and "by name only" not in meth, meth


LOCAL_STRUCTS = {
    "src/lib.rs": ("pub trait Subscriber {\n    fn enabled(&self) -> bool;\n}\n\n"
                   "#[cfg(test)]\nmod test {\n    use super::*;\n\n"
                   "    #[test]\n    fn events() {\n        struct TestSubscriber;\n"
                   "        impl Subscriber for TestSubscriber {\n            fn enabled(&self) -> bool { true }\n        }\n    }\n\n"
                   "    #[test]\n    fn spans() {\n        struct TestSubscriber;\n"
                   "        impl Subscriber for TestSubscriber {\n            fn enabled(&self) -> bool { false }\n        }\n    }\n}\n"),
}


def test_a_rust_struct_local_to_a_function_has_the_impl_of_that_function_only(tmp_path):
    # tracing-core run 426: three test-local `struct TestSubscriber` each listed with all three impls
    served = served_tree(tmp_path / "r", LOCAL_STRUCTS)
    text = served.call("find_related", symbol="Subscriber", relation="implementations").text
    rows = [r for r in text.splitlines() if "TestSubscriber" in r]
    assert len(rows) == 2, text
    assert "impl at line 12" in rows[0] and "line 20" not in rows[0], text
    assert "impl at line 20" in rows[1] and "line 12" not in rows[1], text


CFG_TWINS = {
    "src/dispatcher.rs": ('#[cfg(feature = "std")]\npub fn get_default() -> u32 {\n    1\n}\n\n'
                          '#[cfg(not(feature = "std"))]\npub fn get_default() -> u32 {\n    2\n}\n\n'
                          'pub fn user() -> u32 {\n    get_default()\n}\n'),
}


def test_callers_of_a_rust_function_defined_twice_under_cfg_say_where_the_other_is(tmp_path):
    # tracing-core run 426: the callers header named the std get_default only; the no_std one was found by search
    served = served_tree(tmp_path / "r", CFG_TWINS)
    text = served.call("find_related", symbol="get_default", relation="callers").text
    assert 'also defined at src/dispatcher.rs:6-9 (#[cfg(not(feature = "std"))])' in text \
        or 'also defined at src/dispatcher.rs:1-4 (#[cfg(feature = "std")])' in text, text
    assert "in user" in text, text


def test_a_python_files_standard_library_imports_name_what_they_import_submodules_kept(tmp_path):
    # marshmallow run 422: "collections (lines 14, 15)" hid `from collections.abc import Mapping`
    served = served_tree(tmp_path / "r", {"pkg/schema.py": ("import copy\nfrom collections import OrderedDict, defaultdict\n"
                                                            "from collections.abc import Mapping\n")})
    text = served.call("list_dependencies", path="pkg/schema.py").text
    assert "collections (lines 2, 3): OrderedDict, defaultdict, abc.Mapping" in text, text
    assert "copy (line 1)" in text and "*" not in text, text


EXCEPT = {
    "pkg/exceptions.py": "class ValidationError(Exception):\n    def normalized_messages(self):\n        return {}\n",
    "pkg/schema.py": ("from pkg.exceptions import ValidationError\n\n\ndef load(data):\n    try:\n        return data()\n"
                      "    except ValidationError as err:\n        return err.normalized_messages()\n"),
}


def test_a_python_exception_bound_by_except_as_is_typed_by_the_class_caught(tmp_path):
    # marshmallow run 422: `err.normalized_messages()` under `except ValidationError as err:` was "by name only"
    served = served_tree(tmp_path / "r", EXCEPT)
    text = served.call("find_related", symbol="load", relation="callees").text
    assert "ValidationError.normalized_messages" in text and "by name only" not in text \
        and "unknown" not in text, text


TRAIT_USES = {
    "src/subscriber.rs": "pub trait Subscriber {\n    fn enter(&self, span: u64);\n}\n",
    "src/dispatcher.rs": ("use crate::subscriber::Subscriber;\n\nstruct State;\n\nimpl State {\n"
                          "    fn enter(&self) -> bool {\n        true\n    }\n}\n\n"
                          "pub fn run(s: &dyn Subscriber, state: &State) {\n    if state.enter() {\n        s.enter(7);\n    }\n}\n"),
    "src/lib.rs": "pub mod dispatcher;\npub mod subscriber;\n",
}


def test_a_rust_uses_view_counts_no_call_of_another_arity_as_an_imported_traits_method(tmp_path):
    # tracing-core run 426: `state.enter()` (State's own enter, no argument) listed as Subscriber::enter()'s use
    served = served_tree(tmp_path / "r", TRAIT_USES)
    text = served.call("list_dependencies", path="src/dispatcher.rs", view="uses").text
    assert "Subscriber::enter() (subscriber.rs:2) at 13" in text, text
    assert "at 12" not in text, text


CALLSITE = {
    "src/lib.rs": ("use std::sync::atomic::{AtomicU8, Ordering};\n\npub struct DefaultCallsite {\n"
                   "    interest: AtomicU8,\n    registration: AtomicU8,\n}\n\nimpl DefaultCallsite {\n"
                   "    pub fn interest(&self) -> u8 {\n        0\n    }\n\n"
                   "    pub fn register(&self) -> u8 {\n        debug_assert_eq!(1, 1, \"weird\");\n"
                   "        self.registration.store(2, Ordering::Release);\n"
                   "        self.interest.load(Ordering::Relaxed)\n    }\n}\n"),
}


def test_rust_callees_tell_macros_and_methods_of_std_typed_fields_apart(tmp_path):
    # tracing-core run 426: debug_assert_eq and the AtomicU8 fields' methods were "a receiver of unknown type"
    served = served_tree(tmp_path / "r", CALLSITE)
    text = served.call("find_related", symbol="DefaultCallsite.register", relation="callees").text
    assert "macros: debug_assert_eq!" in text, text
    assert "AtomicU8.store (on self.registration)" in text and "AtomicU8.load (on self.interest)" in text, text
    assert "unknown type" not in text, text


LIMITS = {
    "decode.go": "package msgpack\n\nconst (\n\tsliceAllocLimit = 1e4\n)\n",
    "decode_slice.go": ("package msgpack\n\nfunc makeStrings(n int) int {\n\tif n > sliceAllocLimit {\n\t\tn = sliceAllocLimit\n\t}\n"
                        "\treturn n\n}\n\nfunc other(c struct{ sliceAllocLimit int }) int {\n\treturn c.sliceAllocLimit\n}\n"),
    "other/x.go": "package other\n\nvar sliceAllocLimit = 3\n\nfunc f() int {\n\treturn sliceAllocLimit\n}\n",
}


def test_the_uses_of_an_unexported_go_constant_are_its_packages_lines_and_said_so(tmp_path):
    # msgpack run 424: "whole-word text matches ... some may be other things" on five lines that could be nothing else
    served = served_tree(tmp_path / "r", LIMITS)
    text = served.call("search_symbol", query="sliceAllocLimit", path="decode.go", references=True).text
    assert "uses of sliceAllocLimit (2; every line of its package naming it" in text, text
    assert "4: if n > sliceAllocLimit" in text and "5: n = sliceAllocLimit" in text, text
    assert "c.sliceAllocLimit" not in text and "struct{" not in text and "other/x.go" not in text, text


CFG_MODS = {
    "src/callsite.rs": ('#[cfg(feature = "std")]\nmod dispatchers {\n    pub struct Rebuilder;\n\n    impl Rebuilder {\n'
                        '        pub fn for_each(&self) {}\n    }\n}\n\n'
                        '#[cfg(not(feature = "std"))]\nmod dispatchers {\n    pub struct Rebuilder;\n\n    impl Rebuilder {\n'
                        '        pub fn for_each(&self) {}\n    }\n}\n'),
}


def test_search_symbol_rows_of_rust_definitions_say_the_cfg_of_their_module(tmp_path):
    # tracing-core run 426: two `Rebuilder::for_each` of two `mod dispatchers` (std and no_std) read as duplicates
    served = served_tree(tmp_path / "r", CFG_MODS)
    rows = [r for r in served.call("search_symbol", query="Rebuilder.for_each").text.splitlines() if "for_each" in r][1:]
    assert len(rows) == 2, rows
    assert rows[0].endswith('(only #[cfg(feature = "std")])'), rows
    assert rows[1].endswith('(only #[cfg(not(feature = "std"))])'), rows


THOR = {
    "lib/thor/base.rb": ("class Thor\n  module Base\n    def self.included(base)\n      base.extend ClassMethods\n    end\n\n"
                         "    module ClassMethods\n      def all_commands\n        @all_commands ||= {}\n      end\n    end\n  end\nend\n"),
    "lib/thor.rb": ("require_relative \"thor/base\"\n\nclass Thor\n  include Thor::Base\n\n  class << self\n"
                    "    def dispatch(meth)\n      # all_commands are looked up\n      command = all_commands[meth]\n"
                    "      command\n    end\n  end\nend\n"),
}


def test_ruby_callees_list_a_method_called_on_self_without_parentheses(tmp_path):
    # Thor run 428: `all_commands[meth]` (a method of the ClassMethods module Thor extends) was missing from a
    # callees answer that said it was complete
    served = served_tree(tmp_path / "r", THOR)
    text = served.call("find_related", symbol="Thor.dispatch", relation="callees").text
    assert "Thor::Base::ClassMethods#all_commands lib/thor/base.rb:8-10 called at 9" in text and "by by" not in text, text


AUTOLOAD = {
    "lib/thor/base.rb": ('require_relative "command"\n\nclass Thor\n  autoload :Actions, File.expand_path("actions", __dir__)\n'
                         '  autoload :Group, File.expand_path("group", __dir__)\nend\n'),
    "lib/thor/command.rb": "class Thor\n  class Command\n  end\nend\n",
    "lib/thor/actions.rb": "class Thor\n  module Actions\n  end\nend\n",
    "lib/thor/group.rb": "class Thor::Group\nend\n",
}


def test_a_ruby_autoload_of_a_file_beside_it_is_an_import(tmp_path):
    # Thor run 428: list_dependencies of base.rb listed its require_relative lines and said nothing of its autoloads
    served = served_tree(tmp_path / "r", AUTOLOAD)
    text = served.call("list_dependencies", path="lib/thor/base.rb").text
    assert "lib/thor/actions.rb" in text and "lib/thor/group.rb" in text and "lib/thor/command.rb" in text, text


TYPE_PHP = {
    "Schema/Elements/Type.php": ("<?php\nnamespace Nette\\Schema\\Elements;\n\nfinal class Type\n{\n\t/** @var bool */\n"
                                 "\tprivate $merge = true;\n\n\tpublic function merge($value, $base)\n\t{\n\t\treturn $value;\n\t}\n}\n"),
}


def test_reading_a_php_method_named_like_a_property_reads_the_method_and_names_the_property(tmp_path):
    # Nette run 430: "2 definitions of Type.merge: this is the widest; the others are at lines 40-40" (the property)
    served = served_tree(tmp_path / "r", TYPE_PHP)
    text = served.call("read_code_range", path="Schema/Elements/Type.php", symbol="Type.merge").text
    assert "public function merge($value, $base)" in text, text
    assert "2 definitions" not in text and "also a " in text and "at line 7" in text, text


NETTE = {
    "SmartObject.php": "<?php\nnamespace Nette;\n\ntrait SmartObject\n{\n}\n",
    "Utils/ObjectHelpers.php": ("<?php\nnamespace Nette\\Utils;\n\nfinal class ObjectHelpers\n{\n"
                                "\tpublic static function getSuggestion(array $p, string $v): ?string\n\t{\n\t\treturn null;\n\t}\n}\n"),
    "Schema/Schema.php": "<?php\nnamespace Nette\\Schema;\n\ninterface Schema\n{\n}\n",
    "Schema/Message.php": "<?php\nnamespace Nette\\Schema;\n\nfinal class Message\n{\n\tpublic const MISSING_ITEM = 'x';\n}\n",
    "Schema/Elements/Structure.php": ("<?php\nnamespace Nette\\Schema\\Elements;\n\nuse Nette;\nuse Nette\\Schema\\Schema;\n\n"
                                      "final class Structure implements Schema\n{\n\tuse Nette\\SmartObject;\n\n"
                                      "\tpublic function complete($value)\n\t{\n"
                                      "\t\t$hint = Nette\\Utils\\ObjectHelpers::getSuggestion([], 'k');\n"
                                      "\t\treturn Nette\\Schema\\Message::MISSING_ITEM;\n\t}\n}\n"),
}


def test_a_php_namespace_import_is_used_by_the_names_written_under_it_and_a_segment_is_no_use(tmp_path):
    # Nette run 430: `use Nette;` "no name of it used in code" (Nette\Utils\ObjectHelpers::getSuggestion and the trait
    # Nette\SmartObject are), and Schema "at 2, 15": the namespace line and Nette\Schema\Message
    served = served_tree(tmp_path / "r", NETTE)
    text = served.call("list_dependencies", path="Schema/Elements/Structure.php", view="uses").text
    row = next(r for r in text.splitlines() if r.lstrip().startswith("4 Nette"))
    assert "Nette\\SmartObject (SmartObject.php:4) at 9" in row and "Nette\\Utils\\ObjectHelpers" in row, text
    schema = next(r for r in text.splitlines() if r.lstrip().startswith("5 "))
    assert schema.endswith("at 7"), text


NETTE_TYPES = {
    "Schema/Schema.php": ("<?php\nnamespace Nette\\Schema;\n\ninterface Schema\n{\n\tfunction complete($value);\n\n"
                          "\tfunction completeDefault();\n}\n"),
    "Schema/Elements/Base.php": ("<?php\nnamespace Nette\\Schema\\Elements;\n\ntrait Base\n{\n"
                                 "\tpublic function completeDefault()\n\t{\n\t\treturn null;\n\t}\n}\n"),
    "Schema/Elements/Type.php": ("<?php\nnamespace Nette\\Schema\\Elements;\n\nuse Nette\\Schema\\Schema;\n\n"
                                 "final class Type implements Schema\n{\n\tuse Base;\n\n"
                                 "\t/** @var Schema[] */\n\tprivate $items = [];\n\n"
                                 "\tpublic function complete($value)\n\t{\n\t\t$items = $this->items;\n"
                                 "\t\tforeach ($items as $key => $item) {\n\t\t\t$value[$key] = $item->complete($value[$key]);\n\t\t}\n"
                                 "\t\treturn count($value) ? $value : \\Nette\\Utils\\Arrays::first($value);\n\t}\n}\n"),
    "Utils/Arrays.php": ("<?php\nnamespace Nette\\Utils;\n\nclass Arrays\n{\n"
                         "\tpublic static function first(array $a)\n\t{\n\t\treturn null;\n\t}\n}\n"),
}


def test_php_implementations_name_trait_methods_and_callees_resolve_elements_and_full_names(tmp_path):
    # Nette run 430: Type's completeDefault (from trait Base) unsaid; `$item->complete(..)` over a local copy of an
    # `@var Schema[]` property, `\Nette\Utils\Arrays::first(..)` and PHP's count() read as unknown receivers
    served = served_tree(tmp_path / "r", NETTE_TYPES)
    impl = served.call("find_related", symbol="Schema", path="Schema/Schema.php", relation="implementations").text
    assert "completeDefault from trait Base (Schema/Elements/Base.php:6)" in impl, impl
    callees = served.call("find_related", symbol="Type.complete", relation="callees").text
    assert "Schema.complete" in callees and "Arrays.first" in callees and "PHP functions: count" in callees, callees
    assert "unresolved" not in callees, callees


THOR_HOOK = {
    "lib/thor/invocation.rb": ("class Thor\n  module Invocation\n    def invoke_command(command)\n      command\n    end\n  end\nend\n"),
    "lib/thor/base.rb": ("require_relative \"invocation\"\n\nclass Thor\n  module Base\n    class << self\n"
                         "      def included(base)\n        base.send :include, Invocation\n      end\n    end\n  end\nend\n"),
    "lib/thor.rb": ("require_relative \"thor/base\"\n\nclass Thor\n  class << self\n    def dispatch(command)\n"
                    "      instance = new(command, {})\n      instance.invoke_command(command)\n    end\n  end\n\n  include Thor::Base\nend\n"),
    "lib/other.rb": "class Other\n  def invoke_command(x)\n    x\n  end\nend\n",
}


def test_a_ruby_instance_built_by_new_in_a_class_method_reaches_a_module_an_included_hook_includes(tmp_path):
    # Thor run 428: `instance = new(..); instance.invoke_command(..)` in Thor.dispatch was "the receiver's type unknown"
    # (Thor includes Base, whose `included` hook includes Invocation)
    served = served_tree(tmp_path / "r", THOR_HOOK)
    text = served.call("find_related", symbol="Thor::Invocation#invoke_command", relation="callers").text
    assert "lib/thor.rb:7 in Thor.dispatch" in text and "name only" not in text, text


TOKENS = {
    "src/select.rs": "#[derive(Debug, Default)]\npub struct Token {\n    pub array: ArrayToken,\n}\n\npub struct ArrayToken {\n    stamp: usize,\n}\n",
    "src/array.rs": ("use crate::select::{ArrayToken, Token};\n\nimpl Default for ArrayToken {\n    fn default() -> Self {\n"
                     "        ArrayToken { stamp: 0 }\n    }\n}\n\npub struct Channel;\n\nimpl Channel {\n"
                     "    pub fn send(&self) -> usize {\n        let token = &mut Token::default();\n        0\n    }\n}\n"),
    "src/lib.rs": "mod array;\nmod select;\n",
}


def test_a_rust_path_call_on_a_type_is_never_another_types_method_of_the_name(tmp_path):
    # crossbeam-channel run 432: `Token::default()` (derived Default) listed as ArrayToken.default under "complete"
    served = served_tree(tmp_path / "r", TOKENS)
    text = served.call("find_related", symbol="Channel.send", relation="callees").text
    assert "ArrayToken.default" not in text, text
    assert "struct Token src/select.rs:1-4 built at 13" in text and "#[derive(Default)] writes Token::default" in text, text


STUBS = {
    "src/attr/exceptions.py": ("class FrozenError(AttributeError):\n    msg = \"can't set attribute\"\n\n\n"
                               "class FrozenInstanceError(FrozenError):\n    pass\n"),
    "src/attr/exceptions.pyi": "class FrozenError(AttributeError):\n    msg: str = ...\n\nclass FrozenInstanceError(FrozenError): ...\n",
}


def test_a_python_class_and_its_stub_are_one_definition_for_find_related(tmp_path):
    # attrs run 434: find_related(FrozenError) refused with "'FrozenError' names 2 definitions" (the class, its .pyi)
    served = served_tree(tmp_path / "r", STUBS)
    a = served.call("find_related", symbol="FrozenError", relation="implementations")
    assert not a.is_error, a.text
    assert "src/attr/exceptions.py:5-6 class FrozenInstanceError" in a.text and "declared in src/attr/exceptions.pyi" in a.text, a.text


UNKNOWN = {
    "pkg/utils.py": 'EXCLUDE = "exclude"\nINCLUDE = "include"\n_UNKNOWN_VALUES = {EXCLUDE, INCLUDE}\n',
    "pkg/schema.py": ("from pkg.utils import (\n    EXCLUDE,\n    INCLUDE,\n)\n\n\nclass Meta:\n    unknown = EXCLUDE\n"),
    "pkg/other.py": "def f(EXCLUDE):\n    return EXCLUDE\n",
}


def test_a_python_constants_uses_in_its_module_and_importers_are_references_and_import_lists_fold(tmp_path):
    # marshmallow run 436: `_UNKNOWN_VALUES = {EXCLUDE, INCLUDE, RAISE}` (its own module) and `unknown = INCLUDE` (a
    # module importing it) were "not resolved: some may be other things"; an import list's lines were uses
    served = served_tree(tmp_path / "r", UNKNOWN)
    text = served.call("search_symbol", query="EXCLUDE", references=True).text
    assert "by name" not in text, text
    assert "3: _UNKNOWN_VALUES = {EXCLUDE, INCLUDE}" in text and "8: unknown = EXCLUDE" in text, text
    assert "2: EXCLUDE," not in text and "pkg/other.py" not in text, text


NUMBERS = {
    "fields.py": ("class Number:\n    def _validated(self, value):\n        return value\n\n"
                  "    def _deserialize(self, value):\n        return self._validated(value)\n\n\n"
                  "class Integer(Number):\n    def _validated(self, value):\n        return super()._validated(value)\n\n\n"
                  "class Float(Number):\n    def _validated(self, value):\n        return 1.0\n"),
}


def test_an_override_that_calls_back_through_super_is_said_so(tmp_path):
    # marshmallow run 436: "on an instance of Integer, Float, which override _validated, that override runs
    # instead" read as Number._validated never running for an Integer (Integer's calls super()._validated)
    served = served_tree(tmp_path / "r", NUMBERS)
    text = served.call("find_related", symbol="Number._validated", relation="callers").text
    assert "runs instead (Integer calls it back through super)" in text, text


CHANNEL = {
    "src/lib.rs": ("use std::time::Instant;\n\nuse crossbeam_utils::Backoff;\n\npub struct Channel;\n\nimpl Channel {\n"
                   "    pub fn send(&self) -> Result<(), ()> {\n        let backoff = Backoff::new();\n"
                   "        let now = Instant::now();\n        backoff.snooze();\n        Err(())\n    }\n}\n"),
}


def test_rust_callees_name_path_calls_on_imported_outside_types_and_prelude_variants(tmp_path):
    # crossbeam-channel run 432: Backoff::new, Instant::now and Err listed as "a receiver of unknown type"
    served = served_tree(tmp_path / "r", CHANNEL)
    text = served.call("find_related", symbol="Channel.send", relation="callees").text
    assert "methods of outside types: Backoff::new (crossbeam_utils), Instant::now (std), " \
           "Backoff::snooze (on backoff, crossbeam_utils)" in text, text  # (the local too: run 452)
    assert "prelude variants built: Err" in text and "unresolved" not in text, text


ERRS = {
    "src/err.rs": ("use std::fmt;\n\npub struct SendError<T>(pub T);\n\nimpl<T> fmt::Debug for SendError<T> {\n"
                   "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        \"SendError(..)\".fmt(f)\n    }\n}\n\n"
                   "impl<T> fmt::Display for SendError<T> {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
                   "        \"sending on a disconnected channel\".fmt(f)\n    }\n}\n"),
}


def test_a_rust_search_hit_in_a_trait_impls_method_names_the_trait(tmp_path):
    # crossbeam-channel run 432: "in SendError.fmt 125-127" for Display's and Debug's fmt alike
    served = served_tree(tmp_path / "r", ERRS)
    text = served.call("search_text", pattern="sending on a disconnected channel").text
    assert "in SendError.fmt 12-14 (impl fmt::Display)" in text, text


CONTEXT = {
    "src/context.rs": ("pub struct Context;\n\nimpl Context {\n    pub fn with<F, R>(f: F) -> R\n    where\n"
                       "        F: FnOnce(&Context) -> R,\n    {\n        f(&Context)\n    }\n\n"
                       "    pub fn try_select(&self, n: usize) -> bool {\n        n > 0\n    }\n}\n\n"
                       "pub struct Other;\n\nimpl Other {\n    pub fn try_select(&self, n: usize) -> bool {\n        n == 0\n    }\n}\n"),
    "src/array.rs": ("use crate::context::Context;\n\npub fn send() -> bool {\n    Context::with(|cx| {\n"
                     "        cx.try_select(1)\n    })\n}\n"),
    "src/lib.rs": "mod array;\nmod context;\n",
}


def test_a_rust_closure_parameter_is_typed_by_the_fn_bound_of_the_function_it_is_passed_to(tmp_path):
    # crossbeam-channel run 432: `cx.try_select(..)` in `Context::with(|cx| ..)` read as a receiver of unknown type
    served = served_tree(tmp_path / "r", CONTEXT)
    callees = served.call("find_related", symbol="send", path="src/array.rs", relation="callees").text
    assert "Context.try_select" in callees and "unknown type" not in callees, callees
    callers = served.call("find_related", symbol="Context.try_select", relation="callers").text
    assert "src/array.rs:5 in send" in callers and "name only" not in callers, callers


STATES = {
    "parse.go": ("package expfmt\n\ntype stateFn func() stateFn\n\ntype TextParser struct{ n int }\n\n"
                 "func (p *TextParser) startOfLine() stateFn {\n\treturn nil\n}\n\n"
                 "func (p *TextParser) readingHelp() stateFn {\n\treturn nil\n}\n\n"
                 "func (p *TextParser) skip() {\n\tp.n++\n}\n\n"
                 "func (p *TextParser) startComment() stateFn {\n\tp.skip()\n\tif p.n > 1 {\n\t\treturn p.readingHelp\n\t}\n"
                 "\treturn p.startOfLine\n}\n"),
}


def test_go_callees_name_method_values_returned_as_named_not_called(tmp_path):
    # prometheus/common run 439: startComment's returned states (`return p.readingHelp`) were unsaid by callees
    served = served_tree(tmp_path / "r", STATES)
    text = served.call("find_related", symbol="TextParser.startComment", relation="callees").text
    assert "TextParser.skip 15-17 called at 20" in text, text
    assert "TextParser.readingHelp 11-13 named at 22 (a method value, not called)" in text, text
    assert "TextParser.startOfLine 7-9 named at 24 (a method value, not called)" in text, text


AJV = {
    "lib/core.ts": ("export default class Ajv {\n  addKeyword(kwd: string): Ajv {\n    return this\n  }\n\n"
                    "  constructor() {\n    addInitialKeywords.call(this, [\"a\"])\n  }\n}\n\n"
                    "function addInitialKeywords(this: Ajv, defs: string[]): void {\n"
                    "  for (const def of defs) this.addKeyword(def)\n}\n"),
    "lib/2019.ts": ("import AjvCore from \"./core\"\n\nexport class Ajv2019 extends AjvCore {\n"
                    "  _addVocabularies(): void {\n    this.addKeyword(\"x\")\n  }\n}\n"),
}


def test_ts_a_default_import_alias_is_the_class_for_subtypes_supertypes_callers_and_call_apply(tmp_path):
    # Ajv run 437: nothing extended Ajv (four classes `extends AjvCore`), AjvCore was an outside base, `this.addKeyword`
    # in a subclass "another type's", `this: Ajv` untyped, and `fn.call(this, ..)` no callee at all
    served = served_tree(tmp_path / "r", AJV)
    impl = served.call("find_related", symbol="Ajv", path="lib/core.ts", relation="implementations").text
    assert "lib/2019.ts:3-7 class Ajv2019" in impl, impl
    sup = served.call("find_related", symbol="Ajv2019", relation="supertypes").text
    assert "lib/core.ts:1-9 class Ajv" in sup and "not found" not in sup, sup
    callers = served.call("find_related", symbol="Ajv.addKeyword", relation="callers").text
    assert "lib/2019.ts:5 in Ajv2019._addVocabularies" in callers and "12 in addInitialKeywords" in callers, callers
    assert "name only" not in callers and "left out" not in callers, callers
    init = served.call("find_related", symbol="Ajv.constructor", relation="callees").text
    assert "addInitialKeywords lib/core.ts:11-13 called at 7 (called through .call(this, ..))" in init \
        or "addInitialKeywords 11-13 called at 7 (called through .call(this, ..))" in init, init


OVERLOADS = {
    "lib/core.ts": ("export default class Ajv {\n  compile(schema: string,\n    meta?: boolean,\n    x?: number,\n    y?: number): string\n"
                    "  compile(schema: any,\n    meta?: boolean): string {\n"
                    "    return String(schema)\n  }\n\n  run(): string {\n    return this.compile(1)\n  }\n}\n"),
}


def test_a_ts_method_with_overloads_is_answered_for_its_implementation(tmp_path):
    # Ajv run 437: "callers of method Ajv.compile (lib/core.ts:381-384)", an overload declaration as long as the body
    served = served_tree(tmp_path / "r", OVERLOADS)
    text = served.call("find_related", symbol="Ajv.compile", relation="callers").text
    assert text.startswith("callers of method Ajv.compile (lib/core.ts:6-9)"), text  # (the overload is 2-5)


def test_a_java_files_uses_view_folds_a_run_of_imports_from_one_class_and_says_how_to_see_the_rest(tmp_path):
    # react-native run 441: 19 static imports of ReactMarkerConstants took 19 rows and the answer was cut, without a
    # way to go on, before the imports asked for
    consts = "".join(f"    public static final int C{i} = {i};\n" for i in range(20))
    files = {"src/main/java/com/x/bridge/Markers.java": f"package com.x.bridge;\n\npublic class Markers {{\n{consts}}}\n"}
    imports = "".join(f"import static com.x.bridge.Markers.C{i};\n" for i in range(20))
    uses = "".join(f"        int v{i} = C{i};\n" for i in range(20))
    files["src/main/java/com/x/Manager.java"] = (f"package com.x;\n\n{imports}\npublic class Manager {{\n    void run() {{\n{uses}    }}\n}}\n")
    served = served_tree(tmp_path / "r", files)
    text = served.call("list_dependencies", path="src/main/java/com/x/Manager.java", view="uses").text
    rows = [r for r in text.splitlines() if "com.x.bridge.Markers" in r]
    assert len(rows) == 1 and rows[0].lstrip().startswith("3-22 "), text


def test_ts_callees_say_builtins_and_leave_out_fn_call_of_a_listed_function(tmp_path):
    # Ajv run 443: `getSchemaRefs.call` listed unresolved beside getSchemaRefs, `new Error(..)` among unknown receivers
    served = served_tree(tmp_path / "r", {
        "lib/resolve.ts": "export function getSchemaRefs(this: unknown, s: object): object {\n  return s\n}\n",
        "lib/core.ts": ("import {getSchemaRefs} from \"./resolve\"\n\nexport function add(s: object): object {\n"
                        "  if (!s) throw new Error(\"schema must be object\")\n  return getSchemaRefs.call(null, s)\n}\n")})
    text = served.call("find_related", symbol="add", relation="callees").text
    assert "getSchemaRefs lib/resolve.ts:1-3 called at 5" in text and "builtins: Error" in text and "unresolved" not in text, text


BUILDER = {
    "src/com/x/Impl.java": ("package com.x;\n\npublic class Impl {\n  public static class Builder {\n"
                            "    public Builder setSpec(int s) {\n      return this;\n    }\n\n"
                            "    public Builder setHandler(Object h) {\n      return this;\n    }\n  }\n}\n"),
    "src/com/x/Context.java": "package com.x;\n\npublic class Context {\n  public void setHandler(Object h) {\n  }\n}\n",
    "src/com/x/Manager.java": ("package com.x;\n\npublic class Manager {\n  Context create(Object handler) {\n"
                               "    Context ctx = new Context();\n    ctx.setHandler(handler);\n\n    Impl.Builder builder =\n"
                               "        new Impl.Builder()\n            .setSpec(1)\n            .setHandler(handler);\n"
                               "    return ctx;\n  }\n}\n"),
}


def test_java_callees_type_a_builder_chain_started_by_new_of_a_nested_class(tmp_path):
    # react-native run 441: `.setJSExceptionHandler(h)` ending a `new CatalystInstanceImpl.Builder()` chain was listed
    # as ReactContext.setJSExceptionHandler, whose own call was two lines up
    served = served_tree(tmp_path / "r", BUILDER)
    text = served.call("find_related", symbol="Manager.create", relation="callees").text
    assert "Context.setHandler 4-5 called at 6\n" in text + "\n", text
    assert "Impl.Builder.setSpec 5-7 called at 10" in text and "Impl.Builder.setHandler 9-11 called at 11" in text, text


def test_a_ruby_autoload_is_said_so_and_a_cycle_through_it_listed_apart(tmp_path):
    # Thor run 448: base.rb's autoloads read as requires and base.rb -> group.rb -> base.rb as a load-time cycle
    served = served_tree(tmp_path / "r", {
        "lib/thor/base.rb": ('require_relative "command"\n\nclass Thor\n  autoload :Group, File.expand_path("group", __dir__)\nend\n'),
        "lib/thor/command.rb": "class Thor\n  class Command\n  end\nend\n",
        "lib/thor/group.rb": 'require_relative "base"\n\nclass Thor::Group\nend\n'})
    text = served.call("list_dependencies", path="lib/thor/base.rb", view="file").text
    assert "lib/thor/group.rb  (line 4, autoload: loaded when the constant is first used)" in text, text
    assert "by autoload (none runs at load time):\n  lib/thor/base.rb -> lib/thor/group.rb -> lib/thor/base.rb" in text, text


def test_php_callees_of_an_interface_method_name_the_trait_a_class_runs_it_from(tmp_path):
    # Nette run 449: `$itemVal->completeDefault(..)` "overridden in AnyOf.., Structure.." without Type, which runs
    # Base::completeDefault from its trait
    files = dict(NETTE_TYPES)
    files["Schema/Elements/Structure.php"] = ("<?php\nnamespace Nette\\Schema\\Elements;\n\nuse Nette\\Schema\\Schema;\n\n"
                                              "final class Structure implements Schema\n{\n\t/** @var Schema[] */\n\tprivate $items = [];\n\n"
                                              "\tpublic function complete($value)\n\t{\n\t\t$items = $this->items;\n"
                                              "\t\tforeach ($items as $k => $item) {\n\t\t\t$item->completeDefault();\n\t\t}\n\t\treturn $value;\n\t}\n\n"
                                              "\tpublic function completeDefault()\n\t{\n\t\treturn null;\n\t}\n}\n")
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="Structure.complete", relation="callees").text
    assert "Type: completeDefault from trait Base (Schema/Elements/Base.php:6)" in text, text


def test_a_go_files_repository_import_under_an_alias_says_the_alias(tmp_path):
    # protobuf run 446: `stpb "github.com/golang/protobuf/ptypes/struct"` listed without the name it binds
    served = served_tree(tmp_path / "r", {
        "go.mod": "module example.com/m\n\ngo 1.20\n",
        "ptypes/struct/struct.go": "package structpb\n\ntype Value struct{}\n",
        "jsonpb/jsonpb.go": ("package jsonpb\n\nimport (\n\t\"fmt\"\n\n\tstpb \"example.com/m/ptypes/struct\"\n)\n\n"
                             "func F(v *stpb.Value) string {\n\treturn fmt.Sprint(v)\n}\n")})
    text = served.call("list_dependencies", path="jsonpb/jsonpb.go").text
    assert "(line 6): as stpb" in text, text


def test_a_rust_method_row_names_the_bounds_of_its_inherent_impl(tmp_path):
    # hashbrown run 450: reserve_rehash's signature without `impl<T, A: Allocator + Clone> RawTable<T, A>`
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("pub trait Allocator {}\n\npub struct RawTable<T, A> {\n    t: T,\n    a: A,\n}\n\n"
                       "impl<T, A: Allocator + Clone> RawTable<T, A> {\n    fn reserve_rehash(&mut self, additional: usize) -> bool {\n"
                       "        additional > 0\n    }\n}\n")})
    text = served.call("search_symbol", query="RawTable.reserve_rehash").text
    assert "(in impl<T, A: Allocator + Clone> RawTable<T, A>)" in text, text


def test_a_named_import_of_another_class_of_the_file_is_no_alias_of_the_target(tmp_path):
    # agent_tasks ts-subclasses: WebSocketSubject (extends AnonymousSubject, imported from Subject.ts) had also been
    # listed as extending Subject "as AnonymousSubject"
    served = served_tree(tmp_path / "r", {
        "internal/Subject.ts": "export class Subject<T> {\n  next(v: T): void {}\n}\n\nexport class AnonymousSubject<T> extends Subject<T> {}\n",
        "internal/dom/WebSocketSubject.ts": ("import { AnonymousSubject } from '../Subject'\n\n"
                                             "export class WebSocketSubject<T> extends AnonymousSubject<T> {}\n")})
    text = served.call("find_related", symbol="Subject", relation="implementations", depth=3).text
    assert "as AnonymousSubject" not in text and text.count("class WebSocketSubject") == 1, text


def test_a_cfg_several_callee_rows_are_under_is_written_once(tmp_path):
    # agent_tasks tk-callees: the same 40-character cfg on three rows of Runtime::block_on's callees
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("pub fn a() {}\npub fn b() {}\n\npub fn run() {\n"
                       "    #[cfg(all(tokio_unstable, feature = \"tracing\"))]\n    a();\n"
                       "    #[cfg(all(tokio_unstable, feature = \"tracing\"))]\n    b();\n}\n")})
    text = served.call("find_related", symbol="run", relation="callees").text
    assert text.count('#[cfg(all(tokio_unstable, feature = "tracing"))]') == 1, text
    assert 'cfg A = #[cfg(all(tokio_unstable, feature = "tracing"))]' in text and text.count("(under cfg A)") == 2, text
