"""serde A/B run 206: the uses view listed `type Deserializer = $name<E>;` in a macro body (an associated type's
declaration) among the lines that use the imported trait `Deserializer`."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/lib.rs": "pub mod de;\npub mod value;\n",
    "src/de.rs": ("pub trait Deserializer {\n    fn go(&self);\n}\n\npub trait IntoDeserializer {\n"
                  "    type Deserializer: Deserializer;\n}\n"),
    "src/value.rs": ("use crate::de::{Deserializer, IntoDeserializer};\n\npub struct Unit;\n\n"
                     "impl Deserializer for Unit {\n    fn go(&self) {}\n}\n\n"
                     "macro_rules! into_impl {\n    ($ty:ty) => {\n        impl IntoDeserializer for $ty {\n"
                     "            type Deserializer = Unit;\n        }\n    };\n}\n\ninto_impl!(u8);\n"),
}


def test_an_associated_type_declared_in_a_macro_is_no_use_of_the_trait(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    u = served.call("list_dependencies", path="src/value.rs", view="uses")
    assert not u.is_error, u.text
    row = next(line for line in u.text.splitlines() if line.startswith("  1 "))
    assert "Deserializer (de.rs:1) at 5;" in row, u.text  # not 5,12: line 12 declares IntoDeserializer's type
    assert "IntoDeserializer (de.rs:5) at 11" in row, u.text
