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
