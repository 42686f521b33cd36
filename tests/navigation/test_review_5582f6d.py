"""Findings of the review of 5582f6d (Rust cfg twins and use rows, PHP `new static`), each reproduced first."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

CARGO = "[package]\nname = \"syn\"\nversion = \"1.0.0\"\n"
EXPR = ('#[cfg(feature = "full")]\nfn unary_expr() -> u8 {\n    1\n}\n\n'                 # 1-4
        '#[cfg(not(feature = "full"))]\nfn unary_expr() -> u8 {\n    0\n}\n\n'           # 6-9
        '#[cfg(not(feature = "full"))]\npub fn parse_expr() -> u8 {\n    unary_expr()\n}\n')  # 11-14


def test_a_callee_with_cfg_twins_is_the_one_compiled_with_the_caller(tmp_path):
    # syn: `#[cfg(not(feature = "full"))] parse_expr` was given the full build's unary_expr, "this one under full"
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": EXPR})
    text = served.call("find_related", symbol="parse_expr", relation="callees").text
    row = next(r for r in text.splitlines() if "unary_expr" in r and "called at" in r)
    assert "unary_expr src/lib.rs:6-9 called at 13" in row, text
    assert 'also named so: 1-4 under #[cfg(feature = "full")]' in row and "(as the caller)" in row, text


IMPLS = ("pub trait Semaphore {\n    fn add_permit(&self);\n}\n\n"
         "mod bounded {\n    pub struct Semaphore;\n}\n\nmod unbounded {\n    pub struct Semaphore;\n}\n\n"
         "impl Semaphore for bounded::Semaphore {\n    fn add_permit(&self) {}\n}\n\n"
         "impl Semaphore for unbounded::Semaphore {\n    fn add_permit(&self) {}\n}\n\n"
         "pub fn recv<S: Semaphore>(sem: &S) {\n    sem.add_permit();\n}\n")


def test_two_impls_methods_of_one_name_without_cfg_are_no_cfg_twins(tmp_path):
    # tokio: `Semaphore.add_permit .. (also named so: 385-387, 405-412)`, two impls for two types, not two builds
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": IMPLS})
    text = served.call("find_related", symbol="recv", relation="callees").text
    assert "Semaphore.add_permit" in text and "also named so" not in text, text


NESTED = ("pub enum Kind {\n    A,\n}\n\n"                                       # 1-3
          "mod kinds {\n    pub enum Kind {\n        B,\n    }\n}\n\n"            # 5-9
          "#[cfg(test)]\nmod tests {\n"                                         # 11-12
          "    use super::*;\n"                                                 # 13
          "    fn outer(k: Kind) {\n        let _ = k;\n    }\n"                # 14-16
          "    mod inner {\n"                                                   # 17
          "        use crate::kinds::Kind;\n"                                   # 18
          "        fn f(k: Kind) {\n            let _ = k;\n        }\n"        # 19-21
          "    }\n}\n")


def test_an_import_in_a_module_nested_in_the_globs_takes_no_name_from_the_glob(tmp_path):
    # log's kv/source.rs shape: `mod tests { use super::*; .. mod inner { use crate::kinds::Kind; } }` gave line 14's
    # Kind (the parent's, through the glob) to the inner import
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": NESTED})
    text = served.call("list_dependencies", path="src/lib.rs", view="uses").text
    glob = next(r for r in text.splitlines() if r.strip().startswith("13 "))
    assert "Kind (src/lib.rs:1) at 14" in glob, text


PRELUDE = ('#[cfg(feature = "alloc")] use core::slice;\n'                          # 1
           '#[cfg(feature = "std_rng")]\n#[doc(no_inline)] pub use core::cell::Cell;\n'  # 2-3
           'pub use core::mem;\n'                                                    # 4
           "pub fn f(s: &[u8], c: Cell<u8>) -> usize {\n    let _ = (slice::from_ref(&s[0]), c);\n    mem::size_of::<u8>()\n}\n")


def test_a_use_rows_cfg_is_the_one_on_its_own_line_never_the_item_above(tmp_path):
    # rand: `#[cfg(feature = "alloc")] use core::slice;` had no cfg on its row, and a row below a one-line
    # `#[doc(no_inline)] pub use ..;` took that item's cfg
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": PRELUDE})
    text = served.call("list_dependencies", path="src/lib.rs", view="uses").text
    rows = {r.strip().split(" ", 1)[0]: r for r in text.splitlines() if r.strip()[:1].isdigit()}
    assert 'under #[cfg(feature = "alloc")]' in rows["1"], text
    assert 'under #[cfg(feature = "std_rng")]' in rows["3"], text
    assert "under" not in rows["4"], text


def test_a_tuple_struct_over_lines_with_a_where_clause_drops_the_trailing_comma(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO,
                                          "src/lib.rs": "pub struct Wrapper<T>(\n    pub T,\n) where T: Clone;\n"})
    text = served.call("search_symbol", query="Wrapper", kind="struct").text
    assert "pub struct Wrapper<T>(pub T) where T: Clone" in text, text


FINDER = ("<?php\nnamespace App;\n\nclass Finder\n{\n"
          "    public function __construct()\n    {\n    }\n\n"
          "    public static function find(): static\n    {\n"
          "        return (new static)->addMask();\n    }\n\n"                     # 12
          "    public function addMask(): static\n    {\n        return $this;\n    }\n}\n")
FACTORY = ("<?php\nnamespace App;\n\ntrait Factory\n{\n"
           "    public static function create(): static\n    {\n        return new static();\n    }\n}\n")


def test_php_new_static_without_parentheses_is_the_constructor_and_a_traits_builds_no_trait(tmp_path):
    # Nette: `(new static)->addMask(..)` read "PHP functions: static"; a trait's `new static()` was "trait Factory"
    served = served_tree(tmp_path / "r", {"src/Finder.php": FINDER, "src/Factory.php": FACTORY})
    text = served.call("find_related", symbol="Finder.find", relation="callees").text
    assert "Finder.__construct" in text and "PHP functions" not in text, text
    text = served.call("find_related", symbol="Factory.create", relation="callees").text
    assert "trait Factory" not in text and "PHP functions: static" not in text, text


BASE = ("<?php\nnamespace App;\n\nclass Base\n{\n"
        "    public function render(): string\n    {\n        return $this->escape('x');\n    }\n\n"     # 6-9
        "    public function escape(string $s): string\n    {\n        return $s;\n    }\n}\n")
SUB = ("<?php\nnamespace App;\n\nclass Sub extends Base\n{\n"
       "    public function render(): string\n    {\n        return 'plain';\n    }\n\n"
       "    public function renderRaw(): string\n    {\n        return parent::render();\n    }\n\n"
       "    public function escape(string $s): string\n    {\n        return strtoupper($s);\n    }\n}\n")


def test_a_base_method_a_subclass_reaches_through_parent_elsewhere_keeps_its_this_call_as_a_caller(tmp_path):
    # Sub overrides render without parent::render(), but Sub::renderRaw runs parent::render() on a Sub: Base::render's
    # `$this->escape()` reaches Sub::escape, and had been dropped
    served = served_tree(tmp_path / "r", {"src/Base.php": BASE, "src/Sub.php": SUB})
    text = served.call("find_related", symbol="Sub.escape", relation="callers").text
    assert "in Base.render" in text and "left out" not in text, text


UTIL = ('#[cfg(any(\n    // io driver uses `WakeList` directly\n    feature = "net",\n    feature = "sync",\n))]\n'   # 1-5
        "mod wake_list {\n    pub struct WakeList;\n}\n\n"                                              # 6-8
        '#[deprecated(\n    since = "0.8.0",\n    note = "use x instead"\n)]\n#[cfg(feature = "alloc")]\n'  # 10-14
        "pub mod weighted {\n    pub struct W;\n}\n\n"                                                  # 15-17
        '#[cfg(all(\n    feature = "proc-macro",\n))]\nuse core::cell;\n\n'                              # 19-22
        "pub fn f(c: cell::Cell<u8>) -> wake_list::WakeList {\n    let _ = c;\n    wake_list::WakeList\n}\n")


def test_a_cfg_attribute_over_lines_is_said_on_outline_rows_and_use_rows(tmp_path):
    # tokio util/mod.rs `#[cfg(any(\n ..))] mod wake_list`, rand's cfg after a `#[deprecated(\n..)]`, syn's
    # `#[cfg(all(\n..))] use` had no cfg said
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": UTIL})
    text = served.call("get_structured_index", path="src/lib.rs").text
    wake = next(r for r in text.splitlines() if "mod wake_list" in r)
    assert '[#[cfg(any(feature = "net", feature = "sync"))]]' in wake, text
    weighted = next(r for r in text.splitlines() if "mod weighted" in r)
    assert '#[cfg(feature = "alloc")]' in weighted, text
    uses = served.call("list_dependencies", path="src/lib.rs", view="uses").text
    assert 'under #[cfg(all(feature = "proc-macro"))]' in uses, uses
