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


DERIVE = """\
use crate::lookahead::Lookahead1;
use crate::parse::ParseStream;

pub fn data_struct(input: ParseStream) -> Option<Token![;]> {
    let mut lookahead = input.lookahead1();
    if lookahead.peek(Token![;]) {
        return None;
    }
    lookahead.error();
    None
}
"""

LOOKAHEAD = """\
pub struct Lookahead1;

impl Lookahead1 {
    pub fn peek(&self, token: u8) -> bool {
        true
    }

    pub fn error(self) -> u8 {
        0
    }
}
"""

PARSER = """\
use crate::lookahead::Lookahead1;

pub type ParseStream<'a> = &'a ParseBuffer<'a>;

pub struct ParseBuffer<'a> {
    cursor: &'a u8,
}

impl<'a> ParseBuffer<'a> {
    pub fn lookahead1(&self) -> Lookahead1<'a> {
        Lookahead1
    }
}

pub trait Token {
    fn peek() -> bool;
}

#[macro_export]
macro_rules! Token {
    [;] => { $crate::token::Semi };
}
"""

ERRORS = """\
use proc_macro2::{Group, TokenStream, TokenTree};
use std::iter::FromIterator;
use std::vec;

pub struct IntoIter {
    messages: vec::IntoIter<u8>,
}

pub fn to_compile_error() -> TokenStream {
    TokenStream::from_iter(vec![
        TokenTree::Group(Group::new()),
        TokenTree::Group({ vec![1] }),
    ])
}
"""


def test_callees_through_a_local_a_method_of_a_parameter_returned_and_a_macro_by_its_bang(tmp_path):
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "sy"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub mod derive;\npub mod error;\npub mod lookahead;\npub mod parse;\n",
        "src/derive.rs": DERIVE, "src/lookahead.rs": LOOKAHEAD, "src/parse.rs": PARSER, "src/error.rs": ERRORS,
    })
    r = served.call("find_related", symbol="data_struct", relation="callees")
    # `lookahead` is what input.lookahead1() returns (a Lookahead1: its peek and error had been unresolved), and
    # `Token![;]` invokes the macro Token, not the trait Token
    assert "Lookahead1.peek 4-6 called at 6" in r.text and "Lookahead1.error 8-10 called at 9" in r.text, r.text
    assert "  Token 19-22 called at 4,6  [unique name]" in r.text and "trait" not in r.text, r.text
    r = served.call("list_dependencies", path="src/error.rs", view="uses")
    rows = {line.split()[0]: line for line in r.text.splitlines()[1:] if line.startswith("  ")}
    # `vec![..]` is the macro, `TokenTree::Group` in its tokens the variant; a library trait is used by its methods
    assert rows["3"].endswith("vec at 6"), r.text
    assert "Group at 11;" in rows["1"], r.text
    assert "FromIterator::from_iter() (its method, in scope by the import) at 10" in rows["2"], r.text


EXPR = """\
fn parse_expr(input: u8, base: u8) -> u8 {
    let mut lhs = input;
    loop {
        if input
            .checked_add(1)
            .is_some()
        {
            loop {
                if lhs > base {
                    lhs = parse_expr(lhs, base);
                } else {
                    break;
                }
            }
        } else {
            break;
        }
    }
    lhs
}
"""


def test_a_read_of_a_line_names_the_blocks_it_sits_in_with_their_ranges(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": '[package]\nname = "sy"\nversion = "0.1.0"\n', "src/lib.rs": EXPR})
    r = served.call("read_code_range", path="src/lib.rs", start_line=10, end_line=10)
    # (a header over lines, `if input\n .checked_add(1)\n .is_some()\n {`, holds its block to the `} else {`)
    assert "inside: 3-18 loop {; 4-15 if input; 8-14 loop {; 9-11 if lhs > base {" in r.text, r.text
    # a client reading structuredContent gets what the text's first lines say too (it had had neither)
    assert r.data["within"] == "in function parse_expr 1-20; inside: 3-18 loop {; 4-15 if input; 8-14 loop {; " \
        "9-11 if lhs > base {", r.data
    r = served.call("read_code_range", path="src/lib.rs", start_line=1, end_line=19)
    assert "inside:" not in r.text, r.text  # a whole function: no block chain


SETTER = """\
#[cfg(atomic_cas)]
fn set_logger_inner<F>(make_logger: F) -> Result<(), u8>
where
    F: FnOnce() -> u8,
{
    let old_state = match STATE.compare_exchange(
        UNINITIALIZED,
        INITIALIZING,
    ) {
        Ok(s) | Err(s) => s,
    };
    old_state
}
"""


def test_the_blocks_of_a_line_leave_out_the_function_s_own_header_and_hold_a_match_over_lines(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": '[package]\nname = "lg"\nversion = "0.1.0"\n', "src/lib.rs": SETTER})
    r = served.call("read_code_range", path="src/lib.rs", start_line=10, end_line=10)
    # log's set_logger_inner: its `fn` line under `#[cfg]` is no block, and `match ..(\n..\n) {` runs to its `};`
    assert "inside: 6-11 let old_state = match STATE.compare_exchange(" in r.text and "2-" not in r.text.split("\n")[1], r.text


MUTUAL = """\
pub trait Token {}

macro_rules! leaf {
    ($name:ident) => {
        impl Token for $name {}
    };
}

macro_rules! alpha {
    () => {
        leaf!(One);
        beta! {
        }
        beta!();
    };
}

macro_rules! beta {
    () => {
        alpha! {
        }
        alpha!();
    };
}
"""


def test_macros_invoking_each_other_after_a_block_invocation_end_the_chain(tmp_path):
    # a block invocation's bracket count once reset the recursion depth, so alpha! and beta!, each invoked in the
    # other's body after a block, chained without end and the call failed
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "mu"\nversion = "0.1.0"\n', "src/lib.rs": MUTUAL,
    })
    r = served.call("find_related", symbol="Token", relation="implementations")
    assert "`impl Token for $name {}` at line 5; invoked at 11 (One) in alpha!, itself invoked at 20-21 (a block), 22 ()" \
        in r.text, r.text


def test_a_read_inside_a_macro_rules_says_macro_not_function(tmp_path):
    # syn run 341: a read of token.rs:241-262 said "in function define_keywords 241-341", a `macro_rules!`
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "m", {
        "Cargo.toml": "[package]\nname = \"m\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "macro_rules! define_keywords {\n    ($($name:ident)*) => {\n        $(pub struct $name;)*\n"
                      "    };\n}\n\ndefine_keywords!(A B);\n\npub fn f() -> u8 {\n    1\n}\n",
    })
    a = served.call("read_code_range", path="src/lib.rs:2-3")
    assert a.text.splitlines()[0].endswith("— in macro define_keywords 1-5"), a.text
    s = served.call("search_symbol", query="define_keywords")
    assert "1-5 macro define_keywords" in s.text or "1-5 macro m::define_keywords" in s.text, s.text
    f = served.call("read_code_range", path="src/lib.rs:10")
    assert "in function f 9-11" in f.text.splitlines()[0], f.text


def test_a_macro_is_found_by_kind_macro_and_named_so_in_the_search_hint(tmp_path):
    # review of 3ccbcca: search_text's hint said "function ast_struct"; kind="macro" was refused as unknown
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "m", {
        "Cargo.toml": "[package]\nname = \"m\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "macro_rules! ast_struct {\n    ($n:ident) => { pub struct $n; };\n}\n\n"
                      + "".join(f"ast_struct!(S{i});\n" for i in range(9)),
    })
    k = served.call("search_symbol", query="ast_struct", kind="macro")
    assert not k.is_error and "1-3 macro" in k.text, k.text
    h = served.call("search_text", pattern="ast_struct")
    assert "names 1 definition: macro " in h.text, h.text


def test_kind_macro_lists_macros_only(tmp_path):
    # review of stop 51: kind="macro" (an alias of function) listed every `fn`, and kinds=[macro] every function
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "m", {
        "Cargo.toml": "[package]\nname = \"m\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("#[macro_export]\nmacro_rules! visit_any {\n    () => {};\n}\n\n"
                       "fn visit_content_seq() {}\n\nfn visit_content_map() {}\n"),
        "c/m.h": ("#define VISIT_MAX(a, b) ((a) > (b) ? (a) : (b))\n#define VISIT_LIMIT 10\n#  define VISIT_WIDE 2\n\n"
                  "static const int visit_k = 3;\nint visit_count(int a);\n"),
    })
    k = served.call("search_symbol", query="visit", match="prefix", kind="macro")
    names = sorted(h["qualname"].rsplit("::", 1)[-1] for h in k.data["definitions"])
    # (object-like macros too, `#  define` spaced: review of the stop-52 diff said LIMIT was "a constant, not a macro")
    assert names == ["VISIT_LIMIT", "VISIT_MAX", "VISIT_WIDE", "visit_any"], k.text  # (a prefix matches either case)
    c = served.call("get_structured_index", path="c/m.h", kinds=["macro"])
    assert "VISIT_LIMIT" in c.text and "visit_k" not in c.text and "visit_count" not in c.text, c.text
    o = served.call("get_structured_index", path="src/lib.rs", kinds=["macro"])
    assert "visit_any" in o.text and "visit_content" not in o.text, o.text
