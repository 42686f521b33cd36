"""Rust 2015's `try!(expr)` macro, which tree-sitter-rust reads as the `try` block keyword: serde 1.0's ser/mod.rs was
outlined "has syntax errors" at its first `try!`, with "definitions after it may be missing" (serde run 263: a false
alarm the agent had to check)."""

from __future__ import annotations

from contexteer.indexers import languages
from contexteer.indexers.extract import extract

RS = languages.BY_NAME["rust"]

SRC = b"""macro_rules! try {
    ($expr:expr) => {
        match $expr {
            Ok(val) => val,
            Err(err) => return Err(err),
        }
    };
}

pub trait Serializer: Sized {
    fn collect_seq<I>(self, iter: I) -> Result<Self::Ok, Self::Error> {
        let mut serializer = try!(self.serialize_seq(None));
        for item in iter {
            try!(serializer.serialize_element(&item));
        }
        serializer.end()
    }

    fn is_human_readable(&self) -> bool {
        let r#try = 1;
        true
    }
}

pub fn after() -> u8 { 1 }
"""


def test_try_macro_invocations_parse_and_keep_the_definitions_after_them():
    r = extract(SRC, RS)
    assert not r.has_errors, r
    rows = {s[0]: s for s in r.symbols}
    for name in ("Serializer", "collect_seq", "is_human_readable", "after"):
        assert name in rows, sorted(rows)
    # the name as written: the repair spells it only for the parse
    assert "trx" not in repr(r), [s for s in r.symbols]


SET = b"""macro_rules! define_set {
    ($name:ident, $text_ty:ty) => {
        pub mod $name {
            /// A set of regexes.
            pub struct RegexSet(Exec);

            impl RegexSet {
                pub fn new() -> RegexSet {
                    RegexSet(Exec)
                }
            }

            pub fn $name() {}
        }
    }
}

define_set! { unicode, &str }
define_set! { bytes, &[u8] }
"""


def test_a_struct_inside_a_module_named_by_a_metavariable_is_indexed():
    # regex run 268: `define_set!` writes `pub mod $name { pub struct RegexSet(Exec); .. }` for two invocations, and
    # search_symbol found no RegexSet
    r = extract(SET, RS)
    rows = {s[0]: s for s in r.symbols}
    assert "RegexSet" in rows and "written by macro_rules! define_set" in rows["RegexSet"][5], sorted(rows)
    assert not any("$" in s[0] for s in r.symbols), r.symbols  # the module and the function named by $name: not


IMPLS = b"""macro_rules! define_set {
    ($name:ident, $text_ty:ty, $ty:ident) => {
        pub mod $name {
            pub struct RegexSet(Exec);

            impl RegexSet {
                pub fn is_match(&self, text: $text_ty) -> bool {
                    self.0.is_match(text)
                }
                pub fn $name(&self) {}
            }

            impl $ty {
                pub fn templated(&self) {}
            }

            impl Default for RegexSet {
                fn default() -> RegexSet { RegexSet(Exec) }
            }
        }
    }
}

define_set! { unicode, &str, A }
"""


def test_the_methods_of_an_inherent_impl_a_macro_writes_for_a_named_type_are_indexed():
    # regex run 276: `define_set!` writes `impl RegexSet { pub fn is_match .. }`; RegexSet.is_match was "not defined"
    r = extract(IMPLS, RS)
    quals = {s[1]: s for s in r.symbols}
    assert "RegexSet.is_match" in quals and quals["RegexSet.is_match"][2] == "method", sorted(quals)
    assert "$text_ty" in quals["RegexSet.is_match"][5]  # the signature as written
    names = {s[0] for s in r.symbols}
    # an impl for a type a metavariable names, a method named by one, a trait's impl (graph.py finds those by text)
    assert not {"templated", "default"} & names and not any("$" in n for n in names), sorted(quals)
