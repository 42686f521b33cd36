"""Rust fidelity (issue 13): items inside macro invocations are indexed and say so (item 1); impl blocks are
symbols and `#[...]` attributes lie inside definition ranges (item 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from contexteer.indexers import languages
from contexteer.indexers.extract import extract
from contexteer.indexers.languages import language_for_path
from tests.indexers.conftest import FIXTURES, write

RUST = languages.BY_NAME["rust"]
RUNTIME = FIXTURES / "rust" / "src" / "runtime" / "mod.rs"
TOKIO = sorted(Path("/usr/share/cargo/registry").glob("tokio-1.*"))
INF = float("inf")


def _symbols(data: bytes) -> dict[str, tuple]:
    """qualname -> (name, qualname, kind, start, end, signature, doc, exported, parent)"""
    return {f"{s[2]} {s[1]}": s for s in extract(data, RUST).symbols}


def test_rust_items_inside_macro_invocations_are_indexed():
    syms = _symbols(RUNTIME.read_bytes())
    spawn = syms["function spawn"]
    assert spawn[3:5] == (12, 15) and spawn[6] == "Spawns a task on the runtime."
    assert spawn[5] == "pub fn spawn<F>(future: F) -> JoinHandle<F::Output> (in macro cfg_rt!)"
    assert syms["struct JoinHandle"][5] == "pub struct JoinHandle<T> (in macro cfg_rt!)"
    assert "field JoinHandle.raw" in syms and "method JoinHandle.abort" in syms
    # nested invocations say both; only what stands directly in a macro body carries the note
    assert syms["function id"][5] == "pub fn id() -> u64 (in macro cfg_rt!, cfg_unstable!)"
    assert syms["method JoinHandle.abort"][5] == "pub fn abort(&self)"
    # cfg_if!: every branch's items
    assert syms["function park"][5].endswith("(in macro cfg_if::cfg_if!)") and "function park_other" in syms


def test_rust_macro_bodies_that_are_not_items_stay_macros():
    data = RUNTIME.read_bytes()
    result = extract(data, RUST)
    assert not result.has_errors
    assert not [s for s in result.symbols if s[0] in ("Ready", "READABLE")]  # bitflags! { pub struct Ready: u8 {...} }
    calls = {r[0]: r[2] for r in result.refs if r[1] == "call"}
    assert calls["bitflags"] == "41" and calls["cfg_rt"] == "10" and calls["cfg_unstable"] == "26"
    # inside a function body a brace macro is an expression, never unwrapped
    body = b"fn f() {\n    thread_local! { static X: u8 = 1; }\n}\nthread_local! {\n    static Y: u8 = 2;\n}\n"
    assert [(s[0], s[2], s[5]) for s in extract(body, RUST).symbols] == [
        ("f", "function", "fn f()"), ("Y", "constant", "static Y: u8 = 2; (in macro thread_local!)")]


def test_rust_items_in_macros_are_found_by_name_beside_a_test_mock(repo, open_index):
    write(repo, "src/runtime/join.rs", "cfg_rt! {\n    pub struct JoinHandle<T> {\n        raw: T,\n    }\n}\n")
    write(repo, "tests/support/mock.rs", "pub struct JoinHandle;\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    found = {(s.path, s.kind, s.start_line, s.end_line) for s in idx.symbols_named("JoinHandle")}
    assert found == {("src/runtime/join.rs", "struct", 2, 4), ("tests/support/mock.rs", "struct", 1, 1)}


def test_rust_impl_blocks_are_symbols(repo, open_index):
    write(repo, "src/lib.rs", "pub struct Stack<T> {\n    items: Vec<T>,\n}\n\n"
                              "impl<T: Clone> Stack<T> {\n    pub fn push(&mut self, item: T) {}\n}\n\n"
                              "impl<T> Drop for Stack<T> {\n    fn drop(&mut self) {}\n}\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    impls = [(s.name, s.start_line, s.end_line, s.signature, s.exported) for s in idx.find_symbols("Stack", kind="impl")]
    assert impls == [("Stack", 5, 7, "impl<T: Clone> Stack<T>", True), ("Stack", 9, 11, "impl<T> Drop for Stack<T>", True)]
    [push] = idx.symbols_named("Stack.push")
    assert push.kind == "method" and idx.get_symbol(push.parent_id).kind == "struct"  # a method of the type itself
    [struct] = [s for s in idx.symbols_named("Stack") if s.kind == "struct"]
    assert struct.start_line == 1


def test_rust_attributes_are_inside_definition_ranges():
    data = (b"/// Doc.\n#[derive(Debug, Clone)]\n// a note\n#[serde(rename_all = \"camelCase\")]\npub struct Config {\n"
            b"    #[serde(default)]\n    pub port: u16,\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn works() {}\n}\n"
            b"\n#[inline]\npub fn fast() {}\n")
    syms = _symbols(data)
    assert syms["struct Config"][3:5] == (2, 8) and syms["struct Config"][6] == "Doc."
    assert syms["struct Config"][5] == "pub struct Config"  # the signature starts after the attributes
    assert syms["field Config.port"][3:5] == (6, 7)
    assert syms["module tests"][3:5] == (10, 14) and syms["function tests.works"][3:5] == (12, 13)
    assert syms["function fast"][3:5] == (16, 17)


@pytest.mark.skipif(not TOKIO, reason="needs tokio's source (Debian librust-tokio-dev) under /usr/share/cargo/registry")
def test_tokio_spawn_and_join_handle_are_indexed():
    root = TOKIO[-1]
    join = _symbols((root / "src/runtime/task/join.rs").read_bytes())
    assert join["struct JoinHandle"][5].startswith("pub struct JoinHandle<T>") and "(in macro cfg_rt!)" in join["struct JoinHandle"][5]
    assert "impl JoinHandle" in join and "method JoinHandle.abort" in join
    spawn = _symbols((root / "src/task/spawn.rs").read_bytes())
    assert spawn["function spawn"][5].endswith("(in macro cfg_rt!)")


def test_a_method_of_a_trait_impl_is_as_visible_as_the_trait():
    spec = language_for_path("x.rs")
    result = extract(b"pub trait T { fn a(&self); }\nstruct S;\nimpl T for S { fn a(&self) {} }\n"
                     b"impl S { fn b(&self) {} pub fn c(&self) {} }\n", spec)
    exported = {s[1]: s[7] for s in result.symbols if s[2] == "method"}
    assert exported == {"T.a": True, "S.a": True, "S.b": False, "S.c": True}


def test_a_plain_rust_comment_above_an_item_is_not_its_doc():
    spec = language_for_path("x.rs")
    result = extract(b"/// Draws it.\nfn a() {}\n\n// TODO: remove once the platform has atomics\nfn b() {}\n"
                     b"/** Block doc. */\nfn c() {}\n", spec)
    assert {s[0]: s[6] for s in result.symbols} == {"a": "Draws it.", "b": None, "c": "Block doc."}


MACRO_RULES = b"""\
macro_rules! declare_error_trait {
    (Error: Sized $(+ $($supertrait:ident)::+)*) => {
        /// Raised by a serializer.
        pub trait Error: Sized $(+ $($supertrait)::+)* {
            fn custom<T>(msg: T) -> Self;
        }
    };
}

declare_error_trait!(Error: Sized + Debug);

macro_rules! value {
    ($($variant:ident($ty:ty),)*) => {
        pub enum Value<'a> {
            $($variant($ty),)*
            Unit(&'a ()),
        }
    };
}

macro_rules! per_type {
    ($vis:vis $name:ident, $ty:ty) => {
        $vis struct $name { v: $ty }
        impl Marker for $ty {
            fn mark(&self) {}
        }
    };
}

macro_rules! helper_members {
    () => {
        type SerializeSeq = Impossible;
        const ZERO: Self = 0;
        fn poll_read(mut self: Pin<&mut Self>) {}
        fn from_bool(b: bool) -> Self { 0 }
    };
}

macro_rules! span {
    ($name:expr) => {
        {
            static CALLSITE: u8 = 0;
            CALLSITE
        }
    };
}

macro_rules! deref_impl {
    (<$($desc:tt)+) => {
        impl <$($desc)+ {
            fn serialize(&self) {}
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __private_serialize {
    () => {
        trait Serialize {
            fn serialize(&self);
        }
    };
}
"""


def test_rust_items_a_macro_rules_transcriber_writes_are_indexed_where_named_as_written():
    syms = _symbols(MACRO_RULES)
    error = syms["trait Error"]
    # serde's ser::Error and de::Error stood nowhere in the index: the transcriber is parsed as one expansion of
    # itself, the item keeps its header as written and says which macro writes it
    assert error[3:5] == (4, 6) and error[6] == "Raised by a serializer.", error
    assert error[5] == "pub trait Error: Sized $(+ $($supertrait)::+)* (written by macro_rules! declare_error_trait)"
    assert error[8] == -1  # it stands where the macro does (the module), not inside the macro
    assert syms["method Error.custom"][5] == "fn custom<T>(msg: T) -> Self"
    assert syms["enum Value"][5] == "pub enum Value<'a> (written by macro_rules! value)"  # (valuable's Value)
    assert "function declare_error_trait" in syms  # the macro itself stays
    names = {s.split(" ", 1)[1] for s in syms}
    # named by a metavariable, an impl and what is in it, an impl's members at the top of a transcriber, a local
    # in a block, a transcriber that does not parse whole (`impl <$($desc)+ {`), and what an exported macro writes
    # into other crates: none of them is an item here
    for absent in ("$name", "_name", "mark", "SerializeSeq", "ZERO", "poll_read", "from_bool", "CALLSITE", "serialize",
                   "Serialize"):
        assert absent not in names, (absent, sorted(names))


def test_rust_a_macro_dsl_marker_after_a_name_does_not_hide_the_item():
    # syn's `ast_struct! { pub struct ExprArray #full { .. } }`: 30 of expr.rs's 40 Expr* structs had been unindexed
    syms = _symbols(b"""\
ast_struct! {
    /// A slice literal expression: `[a, b, c, d]`.
    #[cfg_attr(doc_cfg, doc(cfg(feature = "full")))]
    pub struct ExprArray #full {
        pub elems: Vec<Expr>,
    }
}
""")
    assert syms["struct ExprArray"][5] == "pub struct ExprArray (in macro ast_struct!)", syms
    assert syms["struct ExprArray"][6] == "A slice literal expression: `[a, b, c, d]`." and "field ExprArray.elems" in syms


def test_rust_a_macro_a_transcriber_writes_and_items_after_an_expression_transcriber_are_indexed():
    syms = _symbols(b"""\\
macro_rules! bounds {
    ($t:ty) => {
        &[<$t>::min_value(), 1, <$t>::max_value()]
    };
}

macro_rules! signed_shrinker {
    ($ty:ty) => {
        mod shrinker {
            pub struct SignedShrinker {
                x: $ty,
            }
        }
    };
}

macro_rules! export_token_macro {
    ($($await_rule:tt)*) => {
        #[macro_export]
        macro_rules! Token {
            [abstract] => { $crate::token::Abstract };
            $($await_rule => { $crate::token::Await };)*
        }
    };
}
""")
    # an expression transcriber ends where it does (quickcheck's shrinker module had been lost to the parser's
    # recovery from the one before it); a nested macro's `$(.. => ..)*` rules are expanded no times (syn's Token!)
    assert syms["module shrinker"][5] == "mod shrinker (written by macro_rules! signed_shrinker)", sorted(syms)
    assert "struct shrinker.SignedShrinker" in syms, sorted(syms)
    assert syms["function Token"][5] == "macro_rules! Token (written by macro_rules! export_token_macro)", sorted(syms)
