"""serde 1.0.152 (Rust): most of its trait impls for std types are written once in a `macro_rules!` body and invoked
per type (`primitive_deserializer!(bool, "a `bool`.", BoolDeserializer, visit_bool)`)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIB = """\
pub trait IntoDeserializer {
    fn into_deserializer(self) -> u8;
}

macro_rules! primitive_deserializer {
    ($ty:ty, $name:ident) => {
        pub struct $name {
            value: $ty,
        }

        impl IntoDeserializer for $ty {
            fn into_deserializer(self) -> u8 {
                0
            }
        }
    };
}

primitive_deserializer!(bool, BoolDeserializer);
primitive_deserializer!(i8, I8Deserializer);
"""


def test_an_impl_for_a_macro_variable_is_listed_as_the_macro_with_its_invocations(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n', "src/lib.rs": LIB})
    r = served.call("find_related", symbol="IntoDeserializer", relation="implementations")
    assert "src/lib.rs:5-17 macro primitive_deserializer" in r.text, r.text  # the macro_rules!, not a "function"
    assert "`impl IntoDeserializer for $ty` at line 11; invoked at 19 (bool, BoolDeserializer), 20 (i8, I8Deserializer)" \
        in r.text, r.text


SER = """\
pub trait SerializeStruct {
    fn serialize_field(&mut self, key: &'static str, value: u8);
}

pub trait SerializeStructVariant {
    fn serialize_field(&mut self, key: &'static str, value: u8);
}

pub trait SerializeTupleStruct {
    fn serialize_field(&mut self, value: u8);
}
"""

CONTENT = """\
use lib::*;

use ser::{SerializeStruct, SerializeMap};

pub enum Content {
    Struct(Vec<u8>),
    StructVariant(Vec<u8>),
    TupleStruct(Vec<u8>),
}

pub fn serialize(content: &Content) {
    match *content {
        Content::Struct(ref fields) => {
            let mut s = begin_struct();
            for v in fields {
                s.serialize_field("k", *v);
            }
        }
        Content::StructVariant(ref fields) => {
            use ser::SerializeStructVariant;
            let mut sv = begin_struct_variant();
            for v in fields {
                sv.serialize_field("k", *v);
            }
        }
        Content::TupleStruct(ref fields) => {
            use ser::SerializeTupleStruct;
            let mut ts = begin_tuple_struct();
            for v in fields {
                ts.serialize_field(*v);
            }
        }
    }
}
"""


def test_a_method_several_traits_declare_is_the_one_of_the_trait_its_scope_imports(tmp_path):
    # serde's `serialize_field`: SerializeStruct's, SerializeStructVariant's, SerializeTupleStruct's; each match arm of
    # Content::serialize imports its own trait (`use ser::SerializeStructVariant;`), the file's top SerializeStruct
    files = {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod lib {\n    pub use std::vec::Vec;\n}\npub mod ser;\npub mod content;\n",
             "src/ser.rs": SER, "src/content.rs": CONTENT}
    served = served_tree(tmp_path / "r", files)
    lines = CONTENT.splitlines()

    def at(text: str) -> int:
        return next(n for n, t in enumerate(lines, 1) if text in t)

    want = {"SerializeStruct": at("s.serialize_field"), "SerializeStructVariant": at("sv.serialize_field")}
    for trait, line in want.items():
        r = served.call("find_related", symbol=f"{trait}.serialize_field", relation="callers")
        got = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
        assert got == {("src/content.rs", line)}, (trait, r.text)
        assert "trait in scope" in r.text, r.text


VALUE = """\
use lib::*;

use de::{self, Visitor};
use ser;

pub struct Error;

impl ser::Error for Error {}

pub fn visit<V: Visitor>(v: V) -> Result<(), de::Error> {
    v.done()
}

mod private {
    use lib::*;

    use de::{self, Unexpected};

    pub fn unexpected() -> Unexpected {
        de::Unexpected
    }
}
"""


def test_a_rust_file_s_imports_are_read_per_module_and_a_module_import_is_used_through_its_path(tmp_path):
    # serde's de/value.rs: `use ser;` read "no name of it used" (ser::Error at 84), and the inline `mod private`'s own
    # `use de::{..}` was credited with every `de::` of the whole file
    files = {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod lib {\n    pub use std::fmt;\n}\npub mod de;\npub mod ser;\npub mod value;\n",
             "src/de.rs": "pub trait Visitor {\n    fn done(self) -> Result<(), Error>;\n}\npub struct Error;\n"
                          "pub struct Unexpected;\n",
             "src/ser.rs": "pub trait Error {}\n",
             "src/value.rs": VALUE}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/value.rs", view="uses")
    rows = {line.split()[0]: line for line in r.text.splitlines()[1:] if line.startswith("  ")}
    assert "ser::Error" in rows["4"] and "at 8" in rows["4"], r.text
    assert "de::Error" in rows["3"] and "at 10" in rows["3"], r.text
    private = rows["17"]
    assert "Unexpected" in private and "at 19" in private and "de::Unexpected" in private, r.text
    assert "at 10" not in private, private  # the file's `de::Error` is no use of the inner module's import
    assert "de::Unexpected" not in rows["3"], rows["3"]
    assert "glob import" in rows["1"], r.text


ERROR_TRAIT = """\
macro_rules! declare_error_trait {
    (Error: Sized $(+ $($supertrait:ident)::+)*) => {
        pub trait Error: Sized $(+ $($supertrait)::+)* {
            fn custom<T>(msg: T) -> Self;
        }
    };
}

declare_error_trait!(Error: Sized + Debug);

pub trait Serializer {
    type Error: Error;
}
"""

ERROR_VALUE = """\
use de;
use ser;

pub struct Error;

impl de::Error for Error {
    fn custom<T>(msg: T) -> Self { Error }
}

impl ser::Error for Error {
    fn custom<T>(msg: T) -> Self { Error }
}

impl error::Error for Error {}

pub struct UnitDeserializer;

impl de::Deserializer for UnitDeserializer {
    type Error = Error;
}
"""

FMT = """\
use ser::{Error, Serializer};

impl Error for fmt::Error {
    fn custom<T>(msg: T) -> Self { fmt::Error }
}
"""


def test_a_trait_written_by_macro_rules_is_found_with_the_impls_of_its_own_path(tmp_path):
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub mod de;\npub mod ser;\n",
        "src/ser/mod.rs": ERROR_TRAIT + "mod fmt;\n", "src/ser/fmt.rs": FMT,
        "src/de/mod.rs": ERROR_TRAIT + "pub mod value;\npub trait Deserializer { type Error: Error; }\n",
        "src/de/value.rs": ERROR_VALUE,
    })
    r = served.call("search_symbol", query="ser::Error")
    # (it had been "no definition": the index saw the associated `type Error` of Serializer only)
    assert "src/ser/mod.rs:3-5 trait sd::ser::Error — pub trait Error: Sized $(+ $($supertrait)::+)* " \
        "(written by macro_rules! declare_error_trait)" in r.text, r.text
    r = served.call("find_related", symbol="ser::Error", relation="implementations")
    # a written path names the module (`impl de::Error` is de's), a bare name the trait the file imports, the file's
    # own struct is the type (not an impl's associated `type Error = Error;`), and std's fmt::Error is no repository
    # Error
    assert "2 definitions" in r.text and "src/de/value.rs:4-4 struct Error  [impl at line 10]" in r.text, r.text
    assert "src/ser/fmt.rs:3-5 impl Error for fmt::Error" in r.text, r.text
    assert "UnitDeserializer" not in r.text and "line 6" not in r.text, r.text
    r = served.call("find_related", symbol="de::Error", relation="implementations")
    assert "1 definition; all by impl at line 6" in r.text and "fmt.rs" not in r.text, r.text


def test_an_impl_for_a_struct_local_to_a_function_or_through_the_crate_s_path_is_listed(tmp_path):
    lib = """\
pub mod callsite {
    pub trait Callsite {
        fn id(&self) -> u8;
    }
}

pub fn with_producer() {
    struct Callback;
    impl callsite::Callsite for Callback {
        fn id(&self) -> u8 { 1 }
    }
}

pub struct Registry;

impl tc::callsite::Callsite for Registry {
    fn id(&self) -> u8 { 2 }
}
"""
    served = served_tree(tmp_path / "r", {"Cargo.toml": '[package]\nname = "tc"\nversion = "0.1.0"\n', "src/lib.rs": lib})
    r = served.call("find_related", symbol="Callsite", relation="implementations")
    # rayon's `struct Callback` in each `with_producer` (kept while the associated types of impls are left out), and
    # a path that starts with the crate's own name (tracing-core's tests)
    assert "2 definitions" in r.text and "8-8 struct with_producer.Callback  [impl at line 9]" in r.text, r.text
    assert "14-14 struct Registry  [impl at line 16]" in r.text, r.text


FACADE_LIB = """\
mod lib {
    mod core {
        pub use std::*;
    }

    pub use self::core::{cmp, fmt};
    pub use self::core::marker::{self, PhantomData};
    pub use std::borrow::{Cow, ToOwned as Owned};
}
pub mod de;
pub mod value;
"""

FACADE_DE = """\
pub trait Deserializer {
    fn deserialize_map(self) -> u8;
}
"""

FACADE_VALUE = """\
use lib::*;

use de::Deserializer;

pub struct Seq<T> {
    marker: PhantomData<T>,
    name: Cow<'static, str>,
}

impl<T> fmt::Debug for Seq<T> {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        Ok(())
    }
}

mod private {
    use de::Deserializer;

    pub fn map<D: Deserializer>(d: D) -> u8 {
        d.deserialize_map()
    }
}
"""


def test_a_glob_import_of_a_facade_module_lists_the_names_it_re_exports_and_an_inner_module_s_calls_stay_its_own(tmp_path):
    # serde run 263: value.rs's `use lib::*;` said "the names it re-exports (`pub use`) are not listed" (PhantomData,
    # Cow, fmt found by reading lib.rs), and the file's top `use de::{.., Deserializer}` was credited with
    # `deserialize_map` calls inside `mod private`, which imports Deserializer itself
    files = {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n', "src/lib.rs": FACADE_LIB,
             "src/de.rs": FACADE_DE, "src/value.rs": FACADE_VALUE}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/value.rs", view="uses")
    rows = {line.split()[0]: line for line in r.text.splitlines()[1:] if line.startswith("  ")}
    lines = FACADE_VALUE.splitlines()

    def at(text: str) -> int:
        return next(n for n, t in enumerate(lines, 1) if text in t)

    glob = rows["1"]
    assert f"PhantomData (lib.rs:7, from core::marker) at {at('marker: PhantomData')}" in glob, r.text
    assert f"Cow (lib.rs:8, from std::borrow) at {at('name: Cow')}" in glob, r.text
    # a re-exported module is used through its path; the method named like it is no use
    assert f"fmt (lib.rs:6, from core) at {at('impl<T> fmt::Debug')},{at('fn fmt(')}" in glob, r.text
    assert "not listed" not in glob and "Owned" not in glob, glob
    call = at("d.deserialize_map()")
    top = rows["3"]
    assert str(call) not in top, top
    private = rows[str(at("    use de::Deserializer;"))]
    assert f"Deserializer::deserialize_map() (de.rs:2) at {call}" in private, private


TESTS_MOD = """\
mod tr;

use crate::tr::Greet;

pub struct S;

impl Greet for S {
    fn greet(&self) -> u8 { 1 }
}

pub fn hi() -> u8 {
    S.greet()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t() {
        assert_eq!(S.greet(), 1);
    }
}
"""


def test_a_tests_module_that_globs_super_sees_the_file_s_imports_and_items(tmp_path):
    # review of 565f0d8: `mod tests { use super::*; }` lost the trait call at 21 from the file's `use crate::tr::Greet`,
    # and its own row read "no name of it used"
    files = {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n', "src/lib.rs": TESTS_MOD,
             "src/tr.rs": "pub trait Greet {\n    fn greet(&self) -> u8;\n}\n"}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/lib.rs", view="uses")
    rows = {line.split()[0]: line for line in r.text.splitlines()[1:] if line.startswith("  ")}
    assert "Greet::greet() (tr.rs:2) at 12,21" in rows["3"], r.text
    assert "S (src/lib.rs:5) at 21" in rows["17"], r.text


def test_a_facade_s_crate_visible_re_exports_are_listed(tmp_path):
    # review of 565f0d8: `pub(crate) use` in the facade module was not read
    files = {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod lib {\n    pub(crate) use std::borrow::Cow;\n}\npub mod value;\n",
             "src/value.rs": "use lib::*;\n\npub struct V {\n    name: Cow<'static, str>,\n}\n"}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/value.rs", view="uses")
    assert "Cow (lib.rs:2, from std::borrow) at 4" in r.text, r.text


def test_a_type_an_impl_block_is_for_is_still_a_name_the_glob_brings(tmp_path):
    # serde run 278: `impl IntoDeserializer for String` made String a name of the file's own, and value.rs's
    # `use lib::*` row left out String, Vec, Cow and the maps
    files = {"Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod lib {\n    pub use std::string::String;\n    pub use std::vec::Vec;\n}\npub mod value;\n",
             "src/value.rs": ("use lib::*;\n\npub trait Into2 {}\n\nimpl Into2 for String {}\n\nimpl<T> Into2 for Vec<T> {}\n\n"
                              "pub struct S {\n    v: Vec<u8>,\n}\n")}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/value.rs", view="uses")
    assert "String (lib.rs:2, from std::string) at 5" in r.text and "Vec (lib.rs:3, from std::vec) at 7,10" in r.text, r.text


def test_impls_for_the_never_type_and_trait_objects_are_implementations(tmp_path):
    # serde run 355: `impl<'de, E> IntoDeserializer<'de, E> for !` was no symbol, its items in the outline under none
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "s", {
        "Cargo.toml": "[package]\nname = \"s\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("pub trait Into2 {\n    fn into2(self) -> u8;\n}\n\npub trait Expected {}\n\n"
                       "impl Into2 for u8 {\n    fn into2(self) -> u8 { self }\n}\n\n"
                       "impl Into2 for ! {\n    fn into2(self) -> u8 { self }\n}\n\n"
                       "impl<'a> Into2 for &'a dyn Expected {\n    fn into2(self) -> u8 { 0 }\n}\n"),
    })
    a = served.call("find_related", symbol="Into2", relation="implementations")
    assert not a.is_error, a.text
    assert "3 definitions" in a.text.splitlines()[0], a.text
    assert "11-13 impl Into2 for !" in a.text, a.text
    o = served.call("get_structured_index", path="src/lib.rs")
    assert "11-13 impl Into2 for !" in o.text, o.text
