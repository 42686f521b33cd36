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
