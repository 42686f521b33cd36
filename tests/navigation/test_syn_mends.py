"""syn 1.0.107 (Rust): a parser whose `ParseStream` is a type alias of `&ParseBuffer`, with namesake `error` methods on
ParseBuffer, StepCursor and Lookahead1 and a module named `error` (A/B run 153)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

PARSE = """\
use crate::error;

pub type ParseStream<'a> = &'a ParseBuffer<'a>;

pub struct ParseBuffer<'a> {
    cursor: u8,
}

pub struct StepCursor {
    cursor: u8,
}

impl StepCursor {
    pub fn error(self, message: &str) -> error::Error {
        error::new_at(self.cursor, message)
    }
}

impl<'a> ParseBuffer<'a> {
    pub fn fork(&self) -> ParseBuffer<'a> {
        ParseBuffer { cursor: self.cursor }
    }

    pub fn error(&self, message: &str) -> error::Error {
        error::new_at(self.cursor, message)
    }

    pub fn step(&self, f: impl FnOnce(StepCursor) -> u8) -> u8 {
        f(StepCursor { cursor: self.cursor })
    }
}
"""

LIT = """\
use crate::parse::{ParseStream, StepCursor};

pub fn parse_lit(input: ParseStream, cursor: StepCursor) -> crate::error::Error {
    let head = input.fork();
    if head.cursor == 0 {
        return head.error("expected string literal");
    }
    cursor.error("expected literal")
}
"""

ERROR = """\
pub struct Error;

pub fn new_at(cursor: u8, message: &str) -> Error {
    Error
}
"""


def test_a_module_path_is_no_call_and_an_alias_types_its_values(tmp_path):
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "sy"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub mod error;\npub mod lit;\npub mod parse;\n",
        "src/parse.rs": PARSE, "src/lit.rs": LIT, "src/error.rs": ERROR,
    })
    r = served.call("find_related", symbol="StepCursor.error", relation="callers")
    # `error::new_at(..)` names the module error (it had been two name-only callers); `head` is what
    # `input.fork()` returns, input a `ParseStream`, the alias of `&ParseBuffer`: head.error is ParseBuffer's
    assert "1 call site" in r.text and "src/lit.rs:8 in parse_lit" in r.text, r.text
    assert "name only" not in r.text and "src/parse.rs:15" not in r.text and "lit.rs:6 in" not in r.text, r.text
    r = served.call("find_related", symbol="ParseBuffer.error", relation="callers")
    assert "src/lit.rs:6 in parse_lit" in r.text and "name only" not in r.text, r.text
