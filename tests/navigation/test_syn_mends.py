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


TOKEN = """\
use crate::buffer::Cursor;

pub trait Token {
    fn peek(cursor: Cursor) -> bool;
}

pub trait CustomToken {
    fn peek(cursor: Cursor) -> bool;
}

impl<T: CustomToken> Token for T {
    fn peek(cursor: Cursor) -> bool {
        <Self as CustomToken>::peek(cursor)
    }
}

macro_rules! define_keywords {
    ($($token:tt pub struct $name:ident)*) => {
        $(
            pub struct $name;
            impl Token for $name {
                fn peek(cursor: Cursor) -> bool { true }
            }
        )*
    };
}

define_keywords! {
    "abstract" pub struct Abstract
    "as" pub struct As
}

define_delimiters! {
    " " pub struct Group
}

impl Token for Group {
    fn peek(cursor: Cursor) -> bool { false }
}

mod printing {
    use proc_macro2::Group;
}
"""

CUSTOM_KEYWORD = """\
#[macro_export]
macro_rules! custom_keyword {
    ($ident:ident) => {
        pub struct $ident;
        $crate::impl_parse_for_custom_keyword!($ident);
    };
}

#[macro_export]
macro_rules! impl_parse_for_custom_keyword {
    ($ident:ident) => {
        impl $crate::token::CustomToken for $ident {
            fn peek(cursor: Cursor) -> bool { true }
        }
    };
}
"""

EXT = """\
use crate::token::CustomToken;

pub struct IdentAny;

impl CustomToken for IdentAny {
    fn peek(cursor: Cursor) -> bool { true }
}
"""


def test_a_trait_s_implementations_through_blanket_impls_macro_blocks_and_chained_macros(tmp_path):
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "sy"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub mod buffer;\npub mod custom_keyword;\npub mod expr;\npub mod ext;\npub mod group;\npub mod token;\n",
        "src/buffer.rs": "pub struct Cursor;\n", "src/group.rs": "pub struct Group {\n    pub content: u8,\n}\n",
        "src/token.rs": TOKEN, "src/custom_keyword.rs": CUSTOM_KEYWORD, "src/ext.rs": EXT,
        "src/expr.rs": "mod parsing {\n    crate::custom_keyword!(raw);\n}\n",
    })
    r = served.call("find_related", symbol="token::Token", relation="implementations")
    # the Group a macro of the file writes (unindexed: its impl is the row), never group.rs's struct, which token.rs
    # imports only inside `mod printing`
    assert "impl Token for Group" in r.text and "group.rs" not in r.text, r.text
    # an invocation over lines is named by its range; the types a blanket impl gives the trait are listed below it,
    # a macro invoked in another macro's body with that macro's own invocations, by path too
    assert "`impl Token for $name` at line 21; invoked at 28-31 (a block)" in r.text, r.text
    assert "src/ext.rs:3-3 struct IdentAny  [impl at line 5; through CustomToken]" in r.text, r.text
    assert "invoked at 5 ($ident) in custom_keyword!, itself invoked at src/expr.rs:2 (raw); through CustomToken" \
        in r.text, r.text
