"""regex 1.7 (Rust): three engines each with a `Fsm` (dfa.rs, pikevm.rs) called by path from exec.rs,
`dfa::Fsm::forward(..)`, `pikevm::Fsm::exec(..)`. Before, the calls were "by name only" (A/B run 268): the module
path names which Fsm."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

DFA = """\
pub struct Fsm {
    at: usize,
}

impl Fsm {
    pub fn exec(text: &[u8]) -> bool {
        text.is_empty()
    }
}
"""

PIKEVM = """\
pub struct Fsm {
    pos: usize,
}

impl Fsm {
    pub fn exec(text: &[u8]) -> bool {
        !text.is_empty()
    }
}
"""

EXEC = """\
use crate::dfa;
use crate::pikevm;

pub fn find(text: &[u8]) -> bool {
    dfa::Fsm::exec(text) || pikevm::Fsm::exec(text)
}

pub fn shortest(text: &[u8]) -> bool {
    pikevm::Fsm::exec(text)
}
"""


def test_a_type_s_module_path_tells_which_namesake_a_call_is(tmp_path):
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod dfa;\nmod pikevm;\nmod exec;\n", "src/dfa.rs": DFA, "src/pikevm.rs": PIKEVM,
             "src/exec.rs": EXEC}
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="Fsm.exec", relation="callers", path="src/pikevm.rs")
    got = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
    assert got == {("src/exec.rs", 5), ("src/exec.rs", 9)}, r.text
    assert "name only" not in r.text, r.text
    d = served.call("find_related", symbol="Fsm.exec", relation="callers", path="src/dfa.rs")
    assert {(i["path"], n) for i in d.data["items"] for n in i["lines"]} == {("src/exec.rs", 5)}, d.text
    assert "left out" in d.text and "src/exec.rs:9 `pikevm::Fsm::exec(text)`" in d.text, d.text  # said, not listed


EXEC_USES = """\
use crate::dfa;

struct ExecReadOnly {
    dfa: u8,
}

pub fn build() -> bool {
    let mut dfa = 1;
    dfa += 1;
    dfa::Fsm::exec(&[]) && dfa::can_exec()
}
"""


def test_an_imported_module_is_used_through_its_path_never_by_a_field_or_local_of_its_name(tmp_path):
    # regex run 268: `use crate::dfa;` was `dfa (exec.rs:81)` (the struct field) used at the `let mut dfa` lines
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n', "src/lib.rs": "mod dfa;\nmod exec;\n",
             "src/dfa.rs": DFA + "\npub fn can_exec() -> bool {\n    true\n}\n", "src/exec.rs": EXEC_USES}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/exec.rs", view="uses")
    row = next(line for line in r.text.splitlines() if line.startswith("  1 "))
    assert "dfa::Fsm (dfa.rs:1) at 10" in row and "dfa::can_exec (dfa.rs:11) at 10" in row, r.text
    assert "exec.rs" not in row and " 8" not in row and ",9" not in row, row


EXEC_ENUM = """\
use aho_corasick::AhoCorasick;

struct ReadOnly {
    ac: Option<AhoCorasick>,
}

enum MatchLiteralType {
    Unanchored,
    AhoCorasick,
}

fn find_literals(ty: MatchLiteralType, ro: &ReadOnly) -> bool {
    use self::MatchLiteralType::*;
    match ty {
        Unanchored => true,
        AhoCorasick => ro.ac.is_some(),
    }
}
"""


def test_a_glob_import_of_an_enum_lists_its_variants_and_a_variant_is_no_use_of_a_namesake_import(tmp_path):
    # regex run 268: `use self::MatchLiteralType::*;` read "no name of it used", and the AhoCorasick variant's
    # definition and match arm were uses of `use aho_corasick::AhoCorasick;`
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n', "src/lib.rs": "mod exec;\n",
             "src/exec.rs": EXEC_ENUM}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/exec.rs", view="uses")
    rows = {line.split()[0]: line for line in r.text.splitlines()[1:] if line.startswith("  ")}
    assert "MatchLiteralType::Unanchored (src/exec.rs:8) at 15" in rows["13"], r.text
    assert "MatchLiteralType::AhoCorasick (src/exec.rs:9) at 16" in rows["13"], r.text
    assert rows["1"].rstrip().endswith("AhoCorasick at 4"), rows["1"]


def test_an_impl_of_a_namesake_type_goes_with_the_one_its_file_imports(tmp_path):
    # regex run 268: pattern.rs's `impl Pattern for &'r Regex`, under `use crate::re_unicode::{Matches, Regex};`, was
    # listed among re_bytes::Regex's impl blocks
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod re_bytes;\nmod re_unicode;\nmod pattern;\n",
             "src/re_bytes.rs": "pub struct Regex;\n\nimpl Regex {\n    pub fn new() -> Regex {\n        Regex\n    }\n}\n",
             "src/re_unicode.rs": "pub struct Regex;\n\nimpl Regex {\n    pub fn new() -> Regex {\n        Regex\n    }\n}\n",
             "src/pattern.rs": ("use crate::re_unicode::{Matches, Regex};\n\npub trait Pattern {}\n\n"
                                "impl Pattern for &Regex {}\n")}
    r = served_tree(tmp_path / "r", files).call("search_symbol", query="Regex")
    rows = {line.split()[0]: line for line in r.text.splitlines() if line.startswith("src/")}
    assert "src/pattern.rs:5-5" in rows["src/re_unicode.rs:1-1"], r.text
    assert "pattern.rs" not in rows["src/re_bytes.rs:1-1"], r.text


BUILDERS = """\
use regex_syntax::ParserBuilder;

pub struct ExecBuilder {
    n: u32,
}

impl ExecBuilder {
    pub fn new() -> ExecBuilder {
        ExecBuilder { n: 0 }
    }

    pub fn build(self) -> u32 {
        self.n
    }

    fn parse(&self) -> u32 {
        let parser = ParserBuilder::new()
            .octal(true)
            .case_insensitive(false)
            .multi_line(false)
            .dot_matches_new_line(false)
            .swap_greed(false)
            .ignore_whitespace(false)
            .unicode(true)
            .build();
        self.n
    }
}

pub fn make() -> u32 {
    ExecBuilder::new().build()
}
"""


def test_a_long_builder_chain_from_another_crate_s_type_is_no_call_of_the_repository_s_method(tmp_path):
    # regex run 268: `ParserBuilder::new()` and eight more steps, then `.build()`, was a name-only caller of
    # ExecBuilder::build
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n', "src/lib.rs": "mod exec;\n",
             "src/exec.rs": BUILDERS}
    r = served_tree(tmp_path / "r", files).call("find_related", symbol="ExecBuilder.build", relation="callers")
    got = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
    assert got == {("src/exec.rs", 31)}, r.text
    assert "name only" not in r.text, r.text


FIELDS = """\
use std::sync::Arc;

pub struct LiteralSearcher;

impl LiteralSearcher {
    pub fn find(&self, t: &[u8]) -> bool {
        t.is_empty()
    }
}

pub struct Memmem;

impl Memmem {
    pub fn find(&self, t: &[u8]) -> bool {
        !t.is_empty()
    }
}

pub struct Program {
    pub prefixes: LiteralSearcher,
    pub lcs: Memmem,
}

pub struct ReadOnly {
    nfa: Program,
}

pub struct ExecNoSync<'c> {
    ro: &'c Arc<ReadOnly>,
}

impl<'c> ExecNoSync<'c> {
    fn find_literals(&self, text: &[u8]) -> bool {
        let lits = &self.ro.nfa.prefixes;
        let lcs = &self.ro.nfa.lcs;
        lits.find(text) && lcs.find(text)
    }
}
"""


def test_a_local_bound_to_a_chain_of_self_s_fields_has_the_last_field_s_type(tmp_path):
    # regex run 272: `let lits = &self.ro.nfa.prefixes; lits.find(..)` was a name-only caller of LiteralSearcher::find
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n', "src/lib.rs": "mod exec;\n",
             "src/exec.rs": FIELDS}
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="LiteralSearcher.find", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in r.data["items"]] == [("src/exec.rs", [36], "receiver type")], r.text
    m = served.call("find_related", symbol="Memmem.find", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in m.data["items"]] == [("src/exec.rs", [36], "receiver type")], m.text


def test_a_re_exported_crate_or_inline_module_path_keeps_the_call(tmp_path):
    # review of cc59cbf: `mycrate::Top::go()`, `api::Fsm::forward()` (a `pub use` re-export) and `inner::Solo::make()`
    # (an inline module) had been "another type's method": only another namesake's module rules a call out
    files = {"Cargo.toml": '[package]\nname = "mycrate"\nversion = "0.1.0"\n',
             "src/lib.rs": ("mod dfa;\nmod pikevm;\n\npub mod api {\n    pub use crate::dfa::Fsm;\n}\n\npub struct Top;\n\n"
                            "impl Top {\n    pub fn go() {}\n}\n\npub fn run() {\n    dfa::Fsm::forward();\n"
                            "    api::Fsm::forward();\n    pikevm::Fsm::forward();\n}\n"),
             "src/dfa/mod.rs": "pub struct Fsm;\n\nimpl Fsm {\n    pub fn forward() {}\n}\n",
             "src/pikevm.rs": ("pub struct Fsm;\n\nimpl Fsm {\n    pub fn forward() {}\n}\n\npub mod inner {\n"
                               "    pub struct Solo;\n\n    impl Solo {\n        pub fn make() {}\n    }\n}\n\n"
                               "fn use_inner() {\n    inner::Solo::make();\n}\n"),
             "tests/t.rs": "#[test]\nfn t() {\n    mycrate::Top::go();\n}\n"}
    served = served_tree(tmp_path / "r", files)
    lines = lambda r: {(i["path"], n) for i in r.data["items"] for n in i["lines"]}  # noqa: E731
    assert ("tests/t.rs", 3) in lines(served.call("find_related", symbol="Top::go", relation="callers")) or \
        "tests/t.rs:3" in served.call("find_related", symbol="Top::go", relation="callers").text
    assert ("src/pikevm.rs", 16) in lines(served.call("find_related", symbol="Solo::make", relation="callers"))
    fwd = served.call("find_related", symbol="Fsm::forward", relation="callers", path="src/dfa/mod.rs")
    assert {("src/lib.rs", 15), ("src/lib.rs", 16)} <= lines(fwd) and ("src/lib.rs", 17) not in lines(fwd), fwd.text


def test_a_function_named_like_its_module_is_an_imported_function_not_the_module(tmp_path):
    # review of cd112fa: `use crate::find_byte::find_byte;` (regex's re_unicode.rs) read "no name of it used in code"
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n',
             "src/lib.rs": "mod parse;\n\nuse crate::parse::parse;\n\npub fn run(s: &str) -> usize {\n    parse(s)\n}\n",
             "src/parse.rs": "pub fn parse(s: &str) -> usize {\n    s.len()\n}\n"}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/lib.rs", view="uses")
    assert "parse (parse.rs:1) at 6" in r.text, r.text


def test_a_variant_carrying_its_namesake_type_is_a_use_of_the_imported_type(tmp_path):
    # review of cf032ce: `Literal(Literal)` (syn's `Paren(Paren)`) had lost the imported type's use at its line
    files = {"Cargo.toml": '[package]\nname = "regex"\nversion = "0.1.0"\n',
             "src/lib.rs": ("mod parts;\n\nuse crate::parts::{Literal, Class};\n\npub enum Node {\n    Literal(Literal),\n"
                            "    Class(Box<Class>),\n    Empty,\n}\n"),
             "src/parts.rs": "pub struct Literal(pub char);\npub struct Class;\n"}
    r = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/lib.rs", view="uses")
    assert "Literal (parts.rs:1) at 6" in r.text and "Class (parts.rs:2) at 7" in r.text, r.text


def test_a_callers_name_only_line_beside_a_typed_one_says_so(tmp_path):
    # regex run 353: `self.ro.ac.as_ref().unwrap().find(..)` (AhoCorasick's) listed as `and 723` under find_literals,
    # whose `lits.find(..)` is LiteralSearcher's, as if it were one too
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "r", {
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("pub struct LiteralSearcher;\n\nimpl LiteralSearcher {\n    pub fn find(&self, t: &[u8]) -> usize {\n"
                       "        t.len()\n    }\n}\n\npub struct Ro {\n    pub lits: LiteralSearcher,\n"
                       "    pub ac: Option<Other>,\n}\n\npub struct Other;\n\n"
                       "pub fn find_literals(ro: &Ro, text: &[u8]) -> usize {\n    let lits: &LiteralSearcher = &ro.lits;\n"
                       "    let a = lits.find(text);\n    let b = ro.ac.as_ref().unwrap().find(text);\n"
                           "    let c = helper::make().find(text);\n    a + b + c\n}\n"),
    })
    a = served.call("find_related", symbol="LiteralSearcher.find", relation="callers")
    assert not a.is_error, a.text
    assert "src/lib.rs:18 in find_literals" in a.text, a.text
    # (since run 388 the Option's value is typed through `as_ref().unwrap()`: an Other, which has no find)
    assert "and 19" not in a.text and "left out: another type's method or a function of that name (src/lib.rs:19" in a.text, a.text
    assert "and 20: let c = helper::make().find(text);  [name only: the receiver's type is not shown]" in a.text, a.text
    assert a.data["items"][0]["weak_lines"] == [20], a.data
