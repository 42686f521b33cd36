"""Mends of stop 55, each with what an agent saw before."""
from __future__ import annotations

import re

from tests.navigation.conftest import served_tree

CARGO = "[package]\nname = \"fx\"\nversion = \"0.1.0\"\n"
BUF = ("pub trait BufMut {\n"                                                    # 1
       "    fn put_slice(&mut self, s: &[u8]);\n"                                # 2
       "    fn put<T: AsRef<[u8]>>(&mut self, src: T) where Self: Sized {\n"     # 3
       "        self.put_slice(src.as_ref());\n"
       "    }\n"
       "}\n"
       "\n"
       "pub struct BytesMut { v: Vec<u8> }\n"                                    # 8
       "\n"
       "impl BytesMut {\n"                                                       # 10
       "    pub fn new() -> BytesMut { BytesMut { v: Vec::new() } }\n"
       "}\n"
       "\n"
       "unsafe impl BufMut for BytesMut {\n"                                     # 14
       "    fn put_slice(&mut self, s: &[u8]) { self.v.extend_from_slice(s); }\n"
       "    fn put<T: AsRef<[u8]>>(&mut self, src: T) where Self: Sized {\n"     # 16
       "        self.v.extend_from_slice(src.as_ref());\n"                       # 17
       "    }\n"
       "}\n"
       "\n"
       "pub struct Plain { v: Vec<u8> }\n"
       "\n"
       "impl BufMut for Plain {\n"
       "    fn put_slice(&mut self, s: &[u8]) { self.v.extend_from_slice(s); }\n"
       "}\n"
       "\n"
       "pub fn generic<B: BufMut>(b: &mut B) { b.put(b\"x\"); }\n"              # 27
       "\n"
       "pub fn concrete() {\n"                                                   # 29
       "    let mut buf = BytesMut::new();\n"
       "    buf.put(b\"y\");\n"                                                  # 31
       "}\n"
       "\n"
       "pub fn plain(p: &mut Plain) { p.put(b\"z\"); }\n")                      # 34


def test_a_call_on_a_type_of_an_unsafe_impl_is_a_caller_of_the_traits_method_and_says_which_body_runs(tmp_path):
    # bytes run 461: `unsafe impl BufMut for BytesMut` was read as an inherent impl, so BytesMut's `put` was "another
    # type's method" and the eleven `buf.put(..)` on a BytesMut were left out of BufMut::put's callers; nothing said
    # which `put` each caller runs
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": BUF})
    text = served.call("find_related", symbol="BufMut::put", relation="callers").text
    rows = text.splitlines()
    assert any("in concrete" in r and "buf: BytesMut" in r for r in rows), text
    assert any("in generic" in r for r in rows) and any("in plain" in r for r in rows), text
    assert "left out" not in text, text
    assert "on BytesMut values they run its own put (src/lib.rs:16)" in text, text
    assert "Plain they run" not in text, text  # Plain keeps the provided body


def test_a_search_hit_and_a_read_in_an_unsafe_trait_impl_name_the_trait(tmp_path):
    # bytes run 461: reads said `in impl BytesMut 1043-1100` of `unsafe impl BufMut for BytesMut`, and search hits
    # in it had no `(impl BufMut)`
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": BUF})
    read = served.call("read_code_range", path="src/lib.rs", start_line=17, end_line=17).text
    assert "in unsafe impl BufMut for BytesMut 14-19" in read.splitlines()[0], read
    inherent = served.call("read_code_range", path="src/lib.rs", start_line=11, end_line=11).text
    assert "in impl BytesMut 10-12" in inherent.splitlines()[0], inherent
    hits = served.call("search_text", pattern="extend_from_slice").text
    assert any(r.lstrip().startswith("17:") and "BytesMut.put 16-18 (impl BufMut)" in r for r in hits.splitlines()), hits


GO_MOD = "module example.com/jp\n\ngo 1.18\n"
GO_INTERP = ("package jp\n\n"
             "type treeInterpreter struct{}\n\n"
             "func (intr *treeInterpreter) Execute(node string, value interface{}) (interface{}, error) {\n"
             "\treturn value, nil\n}\n\n"
             "type other struct{}\n\n"
             "func (o *other) Execute(node string, value interface{}) (interface{}, error) {\n"
             "\treturn nil, nil\n}\n\n"
             "func jpfMap(arguments []interface{}) (interface{}, error) {\n"       # 15
             "\tintr := arguments[0].(*treeInterpreter)\n"
             "\treturn intr.Execute(\"x\", arguments[1])\n"                         # 17
             "}\n")


def test_a_go_local_asserted_off_an_element_has_the_asserted_type(tmp_path):
    # jmespath run 465: `intr := arguments[0].(*treeInterpreter)` then `intr.Execute(..)` in jpfMap, jpfMaxBy, jpfMinBy
    # and jpfSortBy were "matched by name only, the receiver's type unknown"
    served = served_tree(tmp_path / "r", {"go.mod": GO_MOD, "interp.go": GO_INTERP})
    text = served.call("find_related", symbol="treeInterpreter.Execute", relation="callers").text
    row = next(r for r in text.splitlines() if "in jpfMap" in r)
    assert "name only" not in text and "by receiver intr: treeInterpreter" in text.splitlines()[0], text
    assert "17" in row, text
    other = served.call("find_related", symbol="other.Execute", relation="callers").text
    assert "jpfMap" not in other.split("left out")[0].split("]")[-1], other


GO_SUITE = ("package suite\n\n"
            "import (\n\t\"testing\"\n\n\t\"example.com/jp/assert\"\n)\n\n"
            "// Suite is a basic testing suite with methods for storing and\n"
            "// retrieving the current *testing.T context.\n"
            "type Suite struct {\n"                                              # 11
            "\t*assert.Assertions\n"                                             # 12
            "\trequire *assert.Assertions\n"
            "\tt       *testing.T\n"
            "}\n")
C_DOC = ("/**\n * Frees the buffer.\n */\n"
         "void buf_free(char **p)\n{\n"
         "\t*p = 0;\n"                                                           # 6
         "}\n")


def test_a_line_starting_with_a_star_outside_a_doc_block_is_no_doc_comment(tmp_path):
    # jmespath run 465: `*assert.Assertions`, an embedded field of Suite, was "in the doc comment of field
    # Suite.require"; the agent read the struct to learn it was a field
    served = served_tree(tmp_path / "r", {"go.mod": GO_MOD, "suite/suite.go": GO_SUITE, "buf.c": C_DOC})
    hits = served.call("search_text", pattern=r"^\s+\*assert\.", regex=True).text
    row = next(r for r in hits.splitlines() if r.lstrip().startswith("12:"))
    assert "doc comment" not in row and "in Suite 11-15" in row, hits
    c = served.call("search_text", pattern="Frees the buffer|\\*p = 0", regex=True).text
    assert any(r.lstrip().startswith("2:") and "doc comment of function buf_free" in r for r in c.splitlines()), c
    assert any(r.lstrip().startswith("6:") and "in buf_free" in r and "doc comment" not in r for r in c.splitlines()), c


IM_CARGO = "[package]\nname = \"indexmap\"\nversion = \"1.9.2\"\n\n[features]\nserde-1 = [\"serde\"]\n"
IM_LIB = ("pub mod set;\n"
          "\n"
          "#[cfg(feature = \"serde\")]\n"
          "mod serde;\n"                                                          # 4
          "\n"
          "pub trait Entries {\n    fn len(&self) -> usize;\n}\n")
IM_SET = ("use crate::Entries;\n\n"
          "pub struct IndexSet<T, S> {\n    map: Vec<(T, S)>,\n}\n"                # 3
          "\n"
          "impl<T: Clone, S: Clone> Clone for IndexSet<T, S> {\n"                 # 7
          "    fn clone(&self) -> Self { IndexSet { map: self.map.clone() } }\n}\n"
          "\n"
          "impl<T, S> Entries for IndexSet<T, S> {\n"                             # 11
          "    fn len(&self) -> usize { self.map.len() }\n}\n"
          "\n"
          "#[cfg(has_std)]\n"
          "impl<T, const N: usize> From<[T; N]> for IndexSet<T, ()> {\n"         # 16
          "    fn from(arr: [T; N]) -> Self { todo!() }\n}\n"
          "\n"
          "impl<'a, T, S> IntoIterator for &'a IndexSet<T, S> {\n"                # 20
          "    type Item = &'a T;\n    type IntoIter = std::slice::Iter<'a, T>;\n"
          "    fn into_iter(self) -> Self::IntoIter { todo!() }\n}\n")
IM_SERDE = ("use crate::set::IndexSet;\n\n"
            "impl<T, S> serde::Serialize for IndexSet<T, S> {\n"                  # 3
            "    fn serialize<Z>(&self, s: Z) -> Result<(), ()> { Ok(()) }\n}\n")


def test_the_traits_a_rust_type_implements_are_every_impl_with_the_cfg_it_is_compiled_under(tmp_path):
    # indexmap run 467: supertypes of IndexSet named only the crate's own Entries; implementations said "0
    # definitions"; the agent grepped thirty impls and read lib.rs for the `#[cfg(feature = "serde")] mod serde;`
    served = served_tree(tmp_path / "r", {"Cargo.toml": IM_CARGO, "src/lib.rs": IM_LIB, "src/set.rs": IM_SET,
                                          "src/serde.rs": IM_SERDE})
    text = served.call("find_related", symbol="IndexSet", relation="supertypes").text
    assert "trait Entries" in text, text
    outside = text.split("traits from outside the repository", 1)[1]
    serde = next(r for r in outside.splitlines() if r.strip().startswith("src/serde.rs"))
    assert '#[cfg(feature = "serde")] (mod serde, src/lib.rs:4)' in serde and "serde::Serialize 3" in serde, text
    own = next(r for r in outside.splitlines() if r.strip().startswith("src/set.rs"))
    assert "Clone 7" in own and "From<[T; N]> 15 (under #[cfg(has_std)])" in own and "IntoIterator for & 20" in own, text
    assert "Entries" not in own, text  # the repository's trait is a row, not repeated
    asked = served.call("find_related", symbol="IndexSet", relation="implementations").text
    assert "a Rust type has no subtypes" in asked and "serde::Serialize 3" in asked, asked


CORE = ("mod raw;\n\n"
        "pub struct IndexMapCore<K, V> {\n    entries: Vec<(K, V)>,\n}\n\n"
        "impl<K, V> IndexMapCore<K, V> {\n"
        "    pub(crate) fn erase_indices(&mut self, start: usize, end: usize) {\n"  # 8
        "        self.erase_indices_sweep(start, end);\n"                          # 9
        "    }\n}\n")
RAW = ("use super::IndexMapCore;\n\n"
       "impl<K, V> IndexMapCore<K, V> {\n"
       "    pub(super) fn erase_indices_sweep(&mut self, start: usize, end: usize) {\n"  # 4
       "        let _ = (start, end);\n"
       "    }\n}\n")


def test_a_rust_self_call_of_a_method_in_another_files_impl_of_the_type_is_resolved(tmp_path):
    # indexmap run 467: `self.erase_indices_sweep(..)` in core.rs, defined in raw.rs's `impl IndexMapCore`, was
    # "unresolved" under a "complete" callees answer
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": "mod map;\n",
                                          "src/map/mod.rs": "pub mod core;\n", "src/map/core.rs": CORE,
                                          "src/map/core/raw.rs": RAW})
    text = served.call("find_related", symbol="IndexMapCore.erase_indices", relation="callees").text
    assert "IndexMapCore.erase_indices_sweep src/map/core/raw.rs:4-6 called at 9" in text and "unresolved" not in text, text


USES_LIB = ("extern crate alloc;\n\n"
            "use alloc::vec::{self, Vec};\n\n"
            "mod map;\n\n"
            "pub struct Bucket;\n")
USES_MAP = ("use crate::vec::{Drain, Vec};\n"                                     # 1
            "\n"
            "pub struct Drain2;\n"
            "pub struct Core {\n    entries: Vec<u8>,\n}\n"
            "\n"
            "impl Core {\n"
            "    pub fn drain(&mut self) -> Drain<'_, u8> { self.entries.drain(..) }\n"  # 9
            "    pub fn par_drain(&mut self) -> usize {\n"                        # 10
            "        use rayon::iter::ParallelDrainRange;\n"                       # 11
            "        let n = self.entries.len();\n"
            "        self.entries.par_drain(..);\n"                                # 13
            "        n\n"
            "    }\n"
            "}\n")
USES_DRAIN = "pub struct Drain<'a, T> {\n    x: &'a T,\n}\n"


def test_a_rust_trait_imported_in_a_function_for_a_method_call_is_no_unused_import_and_crate_paths_through_an_outside_module_are_outside(tmp_path):
    # indexmap run 467: `use rayon::iter::ParallelDrainRange;` in par_drain was "not used" (it is there for
    # `self.entries.par_drain(..)`); `use crate::vec::{Drain, Vec}` with `use alloc::vec::{self, Vec};` in lib.rs was
    # read as lib.rs's, its Drain as the crate's own struct Drain
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": USES_LIB, "src/map.rs": USES_MAP,
                                          "src/drain.rs": USES_DRAIN})
    text = served.call("list_dependencies", path="src/map.rs", view="uses").text
    rayon = next(r for r in text.splitlines() if "rayon::iter" in r)
    assert "not used" not in rayon and ".par_drain()" in rayon and rayon.rstrip().endswith("at 13"), text
    assert ".len()" not in rayon, text
    vec = next(r for r in text.splitlines() if "crate::vec" in r)
    assert "standard library" in vec and "drain.rs" not in vec and "src/lib.rs" not in vec, text


def test_a_caller_with_many_call_lines_lists_every_line_number(tmp_path):
    # jmespath run 465: Execute's 22 recursive calls read "+19 more lines: 85, .. 224 …", the last ten cut; the agent
    # searched for them
    body = "".join(f"\tintr.Execute(\"n{k}\", value)\n" for k in range(30))
    src = ("package jp\n\ntype treeInterpreter struct{}\n\n"
           "func (intr *treeInterpreter) Execute(node string, value interface{}) {\n" + body + "}\n\n"
           "func run() {\n\tintr := &treeInterpreter{}\n" + body + "}\n")
    served = served_tree(tmp_path / "r", {"go.mod": GO_MOD, "interp.go": src})
    text = served.call("find_related", symbol="treeInterpreter.Execute", relation="callers").text
    lines = {int(x) for x in re.findall(r"\b(\d+)\b", text.split("in run", 1)[1])}
    first = src.split("\n").index("func run() {") + 3
    assert f"{first} in run" in text and set(range(first + 1, first + 30)) <= lines, text
    assert "…" not in text.split("in run", 1)[1], text


GO_ERRS = ("package jp\n\n"
           "type baseErr struct{ msg string }\n\n"
           "func (e *baseErr) Error() string { return e.msg }\n\n"
           "type wrapped struct {\n\t*baseErr\n\tcode int\n}\n\n"                  # 7-10
           "type byValue struct {\n\tbaseErr\n}\n")                                 # 12-14


def test_a_go_struct_embedding_a_type_with_a_std_interfaces_methods_satisfies_it_too(tmp_path):
    # jmespath run 465: the `error`/`fmt.Stringer` answer did not say whether methods gained by embedding counted;
    # the agent spent three calls checking embedded fields (they were not counted)
    served = served_tree(tmp_path / "r", {"go.mod": GO_MOD, "errs.go": GO_ERRS})
    text = served.call("find_related", symbol="error", relation="implementations").text
    assert "gained by embedding" in text, text
    assert "struct wrapped: all via embedded *baseErr (wrapped satisfies it)" in text, text
    assert "struct byValue: all via embedded baseErr (*byValue satisfies it)" in text, text


def test_a_kind_alone_lists_every_definition_of_that_kind(tmp_path):
    # indexmap run 467: `search_symbol query='' kind=constant` was refused ("query is empty"); `query='_'
    # match=substring` missed MERGE and ALPHABET
    src = "const MERGE: u64 = 10_000;\nconst LOOKUP_MAP_SIZE: u32 = 100;\npub fn f() {}\n"
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": src})
    got = served.call("search_symbol", query="", kind="constant")
    assert not got.is_error and "definitions of kind constant: all 2" in got.text, got.text
    assert "MERGE" in got.text and "LOOKUP_MAP_SIZE" in got.text and " f(" not in got.text, got.text
    refused = served.call("search_symbol", query="")
    assert refused.is_error and "kind='constant'" in refused.text, refused.text


def test_a_folder_of_the_map_says_how_many_of_its_files_are_source(tmp_path):
    # jmespath run 465: "folders (files): fuzz 643, internal 32" beside "47 files (go 47)": the agent listed fuzz/ to
    # learn that one of its 643 files was Go and the rest a corpus
    files = {"go.mod": GO_MOD, "api.go": "package jp\n\nfunc Search() {}\n",
             "fuzz/jmespath.go": "package fuzz\n\nfunc Fuzz(data []byte) int { return 0 }\n",
             "internal/x/x.go": "package x\n\nfunc X() {}\n"}
    files.update({f"fuzz/testdata/expr-{k}": "foo.bar\n" for k in range(5)})
    served = served_tree(tmp_path / "r", files)
    head = served.call("get_structured_index", path=".").text.split("\n")[1]
    assert head.startswith("folders (files): fuzz 6 (1 indexed), internal 1;"), head


GO_ROUTER = ("package router\n\n"
             "import \"net/http\"\n\n"
             "type Router struct{}\n\n"
             "func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {\n"   # 7
             "\tpath := req.URL.String()\n"                                               # 8
             "\tw.Header().Set(\"Allow\", path)\n"                                         # 9
             "}\n")


def test_go_calls_on_fields_and_method_results_of_standard_types_are_named(tmp_path):
    # httprouter run 463: `req.URL.String` and `w.Header().Set` were "unresolved (a receiver of unknown type)"
    served = served_tree(tmp_path / "r", {"go.mod": GO_MOD, "router.go": GO_ROUTER})
    text = served.call("find_related", symbol="Router.ServeHTTP", relation="callees").text
    assert "url.URL.String (on req.URL)" in text and "http.Header.Set (on w.Header())" in text, text
    assert "unresolved" not in text, text


def test_a_read_across_two_rust_impls_names_each_by_its_head(tmp_path):
    # indexmap run 470: `overlaps IndexSet 899-910, IndexSet 912-929` for two trait impls of IndexSet
    served = served_tree(tmp_path / "r", {"Cargo.toml": IM_CARGO, "src/lib.rs": IM_LIB, "src/set.rs": IM_SET})
    head = served.call("read_code_range", path="src/set.rs", start_line=9, end_line=12).text.splitlines()[0]
    assert "overlaps impl<T: Clone, S: Clone> Clone for IndexSet<T, S> 7-9, impl<T, S> Entries for IndexSet<T, S> 11-13" in head, head


def test_a_callers_answer_whose_other_calls_of_the_name_are_all_explained_says_it_is_complete(tmp_path):
    # indexmap run 470: the callers of IndexMap::swap_remove_full named the namesake calls it left out but said
    # nothing of completeness; the agent searched the name to check
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": BUF})
    text = served.call("find_related", symbol="BytesMut.put", relation="callers").text
    assert text.splitlines()[1].startswith("[complete: 1 other call named 'put' left out"), text


def test_the_uses_view_names_the_functions_its_lines_sit_in(tmp_path):
    # jmespath runs 465 and 469: "what is each import used for" took two searches more to learn which function each
    # `errors.New at 332,344,390` line sits in
    src = ("package jp\n\nimport (\n\t\"errors\"\n\t\"strings\"\n)\n\n"
           "func resolveArgs(n int) error {\n\tif n > 1 {\n\t\treturn errors.New(\"too many\")\n\t}\n\treturn nil\n}\n\n"
           "func jpfJoin(xs []string) string {\n\treturn strings.Join(xs, \",\")\n}\n")
    served = served_tree(tmp_path / "r", {"go.mod": GO_MOD, "f.go": src})
    text = served.call("list_dependencies", path="f.go", view="uses").text
    assert text.splitlines()[-1] == "the lines above are in: resolveArgs 8-13, jpfJoin 15-17", text


PHP_CONF = ("<?php\n\nnamespace League\\Config;\n\n"
            "use Dflydev\\DotAccessData\\DataInterface;\n"                           # 5
            "use League\\Config\\Exception\\ValidationException;\n"                   # 6
            "use Nette\\Schema\\ValidationException as NetteValidationException;\n"   # 7
            "\n"
            "final class Configuration\n{\n"
            "    public function merge(array $c): void\n    {\n"
            "        $this->data->import($c, DataInterface::REPLACE);\n"              # 13
            "    }\n\n"
            "    private function build($x): void\n    {\n"
            "        try {\n"
            "            if ($x instanceof \\stdClass) { $x = (array) $x; }\n"         # 19
            "        } catch (NetteValidationException $ex) {\n"                      # 20
            "            throw new ValidationException($ex);\n"                        # 21
            "        }\n    }\n}\n")
PHP_ONLY_GLOBAL = ("<?php\n\nnamespace App;\n\nuse Dflydev\\DotAccessData\\Data;\n\n"
                   "final class Only\n{\n"
                   "    public function a(Data $d): void\n    {\n        $d->set('x', 1);\n    }\n\n"   # 9-12
                   "    private function b(string $k): string\n    {\n        return \\sprintf('%s', $k);\n    }\n}\n")  # 14-17
PHP_VEX = ("<?php\n\nnamespace League\\Config\\Exception;\n\n"
           "final class ValidationException extends \\RuntimeException\n{\n}\n")


def test_php_uses_an_outside_alias_is_not_a_repository_class_of_its_short_name_and_outside_members_and_globals_are_named(tmp_path):
    # League\Config run 473: `use Nette\Schema\ValidationException as NetteValidationException` was given the
    # repository's ValidationException (a wrong answer); `DataInterface::REPLACE` read `DataInterface at 86`; `instanceof
    # \stdClass` was missing from the global names
    served = served_tree(tmp_path / "r", {"Configuration.php": PHP_CONF, "Exception/ValidationException.php": PHP_VEX,
                                          "Only.php": PHP_ONLY_GLOBAL})
    text = served.call("list_dependencies", path="Configuration.php", view="uses").text
    nette = next(r for r in text.splitlines() if r.lstrip().startswith("7 "))
    assert "ValidationException.php" not in nette and nette.rstrip().endswith("NetteValidationException at 20"), text
    own = next(r for r in text.splitlines() if r.lstrip().startswith("6 "))
    assert "ValidationException (ValidationException.php:5) at 21" in own, text
    assert "DataInterface::REPLACE at 13" in text, text
    glob = next(r for r in text.splitlines() if "global namespace" in r)
    assert "stdClass at 19" in glob, text
    # (the functions the global row's lines sit in are named too: run 476's footer had left build out)
    only = served.call("list_dependencies", path="Only.php", view="uses").text
    assert only.splitlines()[-1] == "the lines above are in: Only.a 9-12, Only.b 14-17", only


PY_TYPES = ("from typing import TYPE_CHECKING\n\n"
            "__all__ = [\n"
            "    \"_CustomDict\",\n"                                                   # 4
            "]\n\n"
            "if TYPE_CHECKING:\n"
            "    from builtins import dict as _CustomDict\n"                            # 8
            "else:\n"
            "    from collections.abc import MutableMapping\n\n"
            "    class _CustomDict(MutableMapping, dict):\n"                            # 12
            "        pass\n")


def test_a_python_import_named_in_all_is_re_exported_and_a_class_defining_it_again_is_no_mention(tmp_path):
    # tomlkit run 471: `from builtins import dict as _CustomDict` under TYPE_CHECKING read "not used: .. (named only
    # in comments or strings at 11,18,56)": 11 was `__all__`, 56 the runtime branch's class of that name
    served = served_tree(tmp_path / "r", {"pkg/__init__.py": "", "pkg/_types.py": PY_TYPES})
    text = served.call("list_dependencies", path="pkg/_types.py", view="uses").text
    row = next(r for r in text.splitlines() if r.lstrip().startswith("8 "))
    assert "not used" not in row and "re-exported: named in __all__; defined again at 12) at 4" in row, text


PY_PARSER = ("class Trivia:\n    trail = ''\n\n\n"
             "class Item:\n"
             "    @property\n"
             "    def trivia(self) -> Trivia:\n"                                         # 7
             "        return Trivia()\n\n\n"
             "class Parser:\n"
             "    @property\n"
             "    def _current(self) -> str:\n"                                          # 13
             "        return 'x'\n\n"
             "    def _parse_value(self) -> Item:\n"
             "        return Item()\n\n"
             "    def _parse_key_value(self):\n"                                         # 19
             "        if self._current == 'a':\n"                                        # 20
             "            pass\n"
             "        c = self._current\n"                                               # 22
             "        val = self._parse_value()\n"
             "        meta = val.trivia\n"                                               # 24
             "        val.trivia.trail = ''\n"                                           # 25
             "        return meta, c\n")


def test_a_python_property_read_several_times_lists_every_line(tmp_path):
    # tomlkit run 471: `Item.trivia .. called at 394 (property read)` of reads at 394, 401 and 403 (one of them
    # `val.trivia.trail = ''`), `Parser._current .. at 374` of four reads, under a "complete" answer
    served = served_tree(tmp_path / "r", {"parser.py": PY_PARSER})
    text = served.call("find_related", symbol="Parser._parse_key_value", relation="callees").text
    assert "Parser._current 12-14 called at 20,22 (property read)" in text, text
    assert "Item.trivia 6-8 called at 24,25 (property read)" in text, text


PHP_BUILD = ("<?php\n\nnamespace League\\Config;\n\n"
             "use Dflydev\\DotAccessData\\Data;\n"
             "use Nette\\Schema\\Expect;\n"
             "use Nette\\Schema\\Processor;\n\n"
             "final class Configuration\n{\n"
             "    private Data $finalConfig;\n\n"                                      # 11
             "    private function build(string $key): void\n    {\n"                 # 13
             "        if ($this->finalConfig->has($key)) {\n"                         # 15
             "            return;\n        }\n"
             "        $processor = new Processor();\n"                                # 18
             "        $p = $processor->process(Expect::structure([]), []);\n"         # 19
             "        $this->finalConfig->import(\\sprintf('%s', $key));\n"          # 20
             "    }\n}\n")


def test_php_calls_on_outside_classes_are_named_with_their_class_and_lines(tmp_path):
    # League\Config run 473: `finalConfig.has, \sprintf, userConfig.get, Processor, $processor.process, ..` were
    # "unresolved (a receiver of unknown type)", without lines, though `private Data $finalConfig` and the `use` lines
    # say whose they are
    served = served_tree(tmp_path / "r", {"Configuration.php": PHP_BUILD})
    text = served.call("find_related", symbol="Configuration.build", relation="callees").text
    assert "Dflydev\\DotAccessData\\Data::has (on $this->finalConfig) at 15" in text, text
    assert "Nette\\Schema\\Processor::process (on $processor) at 19" in text, text
    assert "Nette\\Schema\\Expect::structure at 19" in text and "Dflydev\\DotAccessData\\Data::import (on $this->finalConfig) at 20" in text, text
    assert "classes of other packages (instances built): Nette\\Schema\\Processor at 18" in text, text
    assert "PHP functions: sprintf" in text and "unresolved" not in text, text


def test_php_a_call_on_a_repository_class_imported_by_use_stays_the_repository_method(tmp_path):
    # (review of the mend above: a class the repository defines under the namespace the `use` names is no outside one)
    files = {"Configuration.php": PHP_BUILD.replace("use Nette\\Schema\\Processor;", "use League\\Config\\Processor;"),
             "Processor.php": ("<?php\n\nnamespace League\\Config;\n\nfinal class Processor\n{\n"
                               "    public function process($s, array $d): array\n    {\n        return $d;\n    }\n\n"
                               "    public function getWarnings(): array\n    {\n        return [];\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="Configuration.build", relation="callees").text
    assert "Processor.process" in text and "Schema\\Processor" not in text, text
    assert "League\\Config\\Processor::process" not in text, text


def test_a_name_an_import_binds_under_another_name_is_answered_with_the_original_definition(tmp_path):
    # tomlkit run 471: `search_symbol _item_fn` said no definition is indexed, `from .items import item as _item_fn`
    # beside it; the agent searched twice more for `item` (of overloads, the implementation)
    files = {"pkg/__init__.py": "",
             "pkg/items.py": ("from typing import overload\n\n\n@overload\ndef item(value: int) -> int: ...\n\n\n"
                              "def item(value, _parent=None):\n    return value\n"),
             "pkg/container.py": ("class C:\n    def f(self, it):\n        from .items import item as _item_fn\n\n"
                                  "        def g(x):\n            return _item_fn(x)\n        return g(it)\n")}
    text = served_tree(tmp_path / "r", files).call("search_symbol", query="_item_fn").text
    assert "'_item_fn' is item imported under another name at pkg/container.py:3: pkg/items.py:8-9 function item" in text, text


PHP_VALID = ("<?php\n\nnamespace League\\Config\\Exception;\n\n"
             "use Nette\\Schema\\ValidationException as NetteException;\n\n"
             "final class ValidationException extends InvalidConfigurationException\n{\n"
             "    private array $messages;\n\n"
             "    public function __construct(NetteException $innerException)\n    {\n"        # 11
             "        parent::__construct($innerException->getMessage(), 0, $innerException);\n"  # 13
             "\n"
             "        $this->messages = $innerException->getMessages();\n"                     # 15
             "    }\n\n"
             "    public function getMessages(): array\n    {\n        return $this->messages;\n    }\n}\n")
PHP_INVALID = ("<?php\n\nnamespace League\\Config\\Exception;\n\n"
               "class InvalidConfigurationException extends \\UnexpectedValueException\n{\n}\n")


def test_php_a_call_on_a_parameter_of_an_outside_class_aliased_like_a_repository_class_is_the_outside_ones(tmp_path):
    # League\Config run 476: `$innerException->getMessages()` on a `NetteException` (Nette's ValidationException
    # imported under another name) was the repository ValidationException's getMessages, under "complete" (a wrong
    # answer); `parent::__construct` was "a receiver of unknown type"
    served = served_tree(tmp_path / "r", {"Exception/ValidationException.php": PHP_VALID,
                                          "Exception/InvalidConfigurationException.php": PHP_INVALID})
    text = served.call("find_related", symbol="ValidationException.__construct", relation="callees").text
    assert "ValidationException.getMessages" not in text, text
    assert "Nette\\Schema\\ValidationException::getMessages (on $innerException) at 15" in text, text
    assert "\\UnexpectedValueException::__construct (parent::, through InvalidConfigurationException) at 13" in text, text
    assert "unresolved" not in text, text


PHP_EXC = {
    "Exception/ConfigurationExceptionInterface.php": ("<?php\n\nnamespace L\\Exception;\n\n"
                                                      "interface ConfigurationExceptionInterface extends \\Throwable\n{\n}\n"),
    "Exception/InvalidConfigurationException.php": (
        "<?php\n\nnamespace L\\Exception;\n\n"
        "class InvalidConfigurationException extends \\UnexpectedValueException implements ConfigurationExceptionInterface\n{\n"
        "    public static function forConfigOption(string $option): self\n    {\n        return new self($option);\n    }\n\n"  # 7
        "    private static function getDebugValue($value): string\n    {\n        return '';\n    }\n}\n"),
    "Exception/ValidationException.php": (
        "<?php\n\nnamespace L\\Exception;\n\n"
        "final class ValidationException extends InvalidConfigurationException\n{\n"
        "    public function __construct(string $m)\n    {\n        parent::__construct($m);\n    }\n\n"          # 7
        "    public function getMessages(): array\n    {\n        return [];\n    }\n}\n"),                   # 12
}
PY_ITEMS = ("class Item:\n    def unwrap(self):\n        return self\n\n\n"
            "class _CustomInt(int):\n    pass\n\n\n"
            "class Integer(Item, _CustomInt):\n"                                             # 10
            "    def unwrap(self):\n        return int(self)\n\n"
            "    __int__ = unwrap\n")                                                        # 14


def test_implementation_rows_say_other_bases_outside_bases_constructors_and_static_methods(tmp_path):
    # tomlkit run 475: rows without their several bases (`Integer(Item, _CustomInt)`), `__int__ 800 (a field)` for
    # `__int__ = unwrap`; League\Config runs 473/476: the direct implementer read bare (its static forConfigOption,
    # what it extends unsaid), constructors replacing \Exception's read "adds __construct"
    served = served_tree(tmp_path / "r", {**PHP_EXC, "items.py": PY_ITEMS})
    php = served.call("find_related", symbol="ConfigurationExceptionInterface", relation="implementations").text
    rows = php.splitlines()
    first = next(r for r in rows if "class InvalidConfigurationException" in r)
    assert "extends \\UnexpectedValueException" in first and "adds forConfigOption 7 (static)" in first, php
    assert "getDebugValue" not in first, php
    sub = next(r for r in rows if "class ValidationException" in r)
    assert "overrides __construct 7 (constructor); adds getMessages 12" in sub, php
    py = served.call("find_related", symbol="Item", relation="implementations").text
    row = next(r for r in py.splitlines() if "class Integer" in r)
    assert "class Integer(Item, _CustomInt)" in row and "__int__ 14 (= unwrap)" in row, py


PY_ALIAS = {"pkg/__init__.py": "",
            "pkg/items.py": "def item(value, _parent=None):\n    return value\n",
            "pkg/container.py": ("from .items import item as top_fn\n\n\n"
                                 "def h(x):\n    return top_fn(x)\n\n\n"                                 # 4-5
                                 "class C:\n    def f(self, it):\n        from .items import item as _item_fn\n\n"
                                 "        def g(x):\n            return _item_fn(x)\n"                   # 12-13
                                 "        return g(it)\n")}


def test_python_calls_through_an_import_alias_are_calls_of_the_original(tmp_path):
    # tomlkit runs 471/475: `_item_fn(it)` with `from .items import item as _item_fn` was missing from the semantic
    # read of its line and unresolved among callees; the callers of `item` would have missed it too
    served = served_tree(tmp_path / "r", PY_ALIAS)
    callers = served.call("find_related", symbol="item", relation="callers").text
    assert "5 in h (4-5): return top_fn(x)" in callers and "13 in C.f.g (12-13): return _item_fn(x)" in callers, callers
    callees = served.call("find_related", symbol="C.f.g", relation="callees").text
    assert "item pkg/items.py:1-2 called at 13" in callees and "unresolved" not in callees, callees
    assert "called as _item_fn" in callees, callees
    read = served.call("read_code_range", path="pkg/container.py:13", context="semantic").text
    assert "pkg/items.py:1-2 def item(value, _parent=None)" in read, read


def test_a_kotlin_class_row_shows_no_constructor_parameters_as_bases(tmp_path):
    # (review of the several-bases mend: `class AsyncFunctionWithPromiseComponent(name: String, ..)` had its primary
    # constructor's parameters written on its row as if they were Python bases; agent_tasks' kt-subclasses grew 226 tokens)
    src = ("package x\n\nabstract class AnyFunction(val name: String)\n\n"
           "class Sync(name: String, private val body: (Int) -> Int) : AnyFunction(name)\n")
    text = served_tree(tmp_path / "r", {"x/F.kt": src}).call("find_related", symbol="AnyFunction", relation="implementations").text
    row = next(r for r in text.splitlines() if "class Sync" in r)
    assert "name: String" not in row, text


TS_TRAITS = {
    "src/looksahead.ts": ("export class LooksAhead {\n"
                          "  getKeyForAutomaticLookahead(this: MixedInParser, idx: number, occ: number): number {\n"
                          "    return idx + occ;\n  }\n}\n\nimport { MixedInParser } from \"./traits\";\n"),
    "src/engine.ts": ("import { MixedInParser } from \"./traits\";\n\n"
                      "export class RecognizerEngine {\n"
                      "  optionInternal(this: MixedInParser, occurrence: number): number {\n"           # 4
                      "    const key = this.getKeyForAutomaticLookahead(256, occurrence);\n"           # 5
                      "    return key;\n  }\n}\n"),
    "src/traits.ts": ("import { LooksAhead } from \"./looksahead\";\nimport { RecognizerEngine } from \"./engine\";\n\n"
                      "export type MixedInParser = RecognizerEngine &\n  LooksAhead;\n"),
}


def test_ts_a_this_declared_with_an_intersection_alias_reaches_each_part_s_methods(tmp_path):
    # chevrotain run 477: the six `this.getKeyForAutomaticLookahead(..)` in RecognizerEngine's methods declared
    # `this: MixedInParser` (`type MixedInParser = .. & LooksAhead & ..`) were "another type's method"; the answer
    # listed only compiled lib/ copies
    served = served_tree(tmp_path / "r", TS_TRAITS)
    text = served.call("find_related", symbol="LooksAhead.getKeyForAutomaticLookahead", relation="callers").text
    assert "5 in RecognizerEngine.optionInternal" in text or "src/engine.ts:5 in RecognizerEngine.optionInternal" in text, text
    assert "left out" not in text, text


def test_ts_callers_leave_out_the_repository_s_compiled_javascript(tmp_path):
    # chevrotain run 477: callers of a src/ method listed nine copies in lib/chevrotain.mjs, lib/chevrotain.min.mjs
    # and lib/src/*.js (the package's build output, with source maps) as callers
    files = dict(TS_TRAITS)
    files["lib/src/engine.js"] = ("export class RecognizerEngine {\n  optionInternal(occurrence) {\n"
                                  "    const key = this.getKeyForAutomaticLookahead(256, occurrence);\n    return key;\n  }\n}\n"
                                  "//# sourceMappingURL=engine.js.map\n")
    files["lib/bundle.min.mjs"] = "class Q{f(a){return this.getKeyForAutomaticLookahead(1,a)}}\n"
    files["web/app.js"] = "export function run(p) {\n  return p.getKeyForAutomaticLookahead(1, 2);\n}\n"
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="LooksAhead.getKeyForAutomaticLookahead",
                                                    relation="callers").text
    assert "lib/" not in text and "src/engine.ts" in text and "web/app.js" in text, text


def test_ts_callees_reach_this_typed_by_an_intersection_alias_outside_packages_and_no_compiled_copies(tmp_path):
    # chevrotain run 477: Parser.performSelfAnalysis (`this: MixedInParser`) had `this.preComputeLookaheadFunctions`,
    # `forEach` (lodash-es) and `toFastProperties` (@chevrotain/utils) "unresolved", and "also named so" listed lib/ copies
    files = dict(TS_TRAITS)
    files["src/parser.ts"] = ("import { forEach, last as peek } from \"lodash-es\";\n"
                              "import { toFastProperties } from \"@chevrotain/utils\";\n"
                              "import { MixedInParser } from \"./traits\";\nimport { resolve } from \"./resolve\";\n\n"
                              "export class Parser {\n"
                              "  performSelfAnalysis(this: MixedInParser): void {\n"                      # 7
                              "    toFastProperties(this);\n"
                              "    forEach([1], (x) => peek([x]));\n"
                              "    this.optionInternal(1);\n"                                             # 10
                              "    resolve();\n  }\n}\n")
    files["src/resolve.ts"] = "export function resolve(): void {}\n"
    files["lib/src/resolve.js"] = "export function resolve() {}\n//# sourceMappingURL=resolve.js.map\n"
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Parser.performSelfAnalysis", relation="callees").text
    assert "RecognizerEngine.optionInternal" in text and "called at 10" in text, text
    assert "toFastProperties (@chevrotain/utils)" in text and "forEach (lodash-es)" in text and "peek (lodash-es)" in text, text
    assert "unresolved" not in text and "lib/" not in text, text


def test_a_ruby_constant_set_with_or_equals_is_a_definition(tmp_path):
    # mustermann run 479: `OPERATORS ||= { .. }` and `Operator ||= Struct.new(..)` were not indexed
    src = ("module M\n  class ExpressionTransform\n"
           "    Operator ||= Struct.new(:separator, :allow_reserved)\n"
           "    OPERATORS ||= { nil => Operator.new(',', false) }\n  end\nend\n")
    text = served_tree(tmp_path / "r", {"lib/m.rb": src}).call("search_symbol", query="OPERATORS, Operator").text
    assert "lib/m.rb:4-4 constant M::ExpressionTransform::OPERATORS" in text and "lib/m.rb:3-3 constant" in text, text


RB_PARSER = {
    "lib/m/ast/parser.rb": ("module M\n  module AST\n    class Parser\n"
                            "      def read(start)\n        min_size(start, 1, nil)\n      end\n\n"             # 4-6
                            "      def min_size(start, stop, node)\n        stop - start\n      end\n    end\n  end\nend\n"),
    "lib/m/sinatra/parser.rb": ("module M\n  class Sinatra\n    class Parser < AST::Parser\n"
                                "      on ?{ do |char|\n        [min_size(1, 2, nil)]\n      end\n    end\n  end\nend\n"),   # 5
    "lib/m/ast/boundaries.rb": ("module M\n  module AST\n    class Boundaries\n      def set(node, start)\n"
                                "        node.stop = start + node.min_size if node.stop.nil?\n      end\n    end\n  end\nend\n"),  # 5
}


def test_ruby_callers_a_bare_call_in_a_namesake_subclass_is_on_self_and_a_call_without_arguments_is_no_call_of_a_three_argument_method(tmp_path):
    # mustermann run 479: the Sinatra grammar block's `min_size(..)` (in Sinatra::Parser < AST::Parser) and
    # boundaries.rb's `node.min_size` (Node#min_size, no arguments) were both "matched by name only"
    text = served_tree(tmp_path / "r", RB_PARSER).call("find_related", symbol="M::AST::Parser#min_size", relation="callers").text
    assert "lib/m/sinatra/parser.rb:5 in M::Sinatra::Parser" in text and "name only" not in text, text
    assert "left out" in text and "boundaries.rb:5" in text.split("left out", 1)[1].split("]", 1)[0], text


def test_ruby_a_class_is_the_require_s_whose_file_defines_it(tmp_path):
    # mustermann run 479: EqualityMap went to `require 'mustermann/regexp_based'` (which requires equality_map in
    # turn) and `require 'mustermann/equality_map'` read "no name of it used in code"
    files = {"lib/m/equality_map.rb": "module M\n  class EqualityMap\n    def self.make\n      new\n    end\n  end\nend\n",
             "lib/m/regexp_based.rb": "require 'm/equality_map'\n\nmodule M\n  class RegexpBased\n  end\nend\n",
             "lib/m/pattern.rb": ("require 'm/regexp_based'\nrequire 'm/equality_map'\n\n"
                                  "module M\n  class Pattern < RegexpBased\n    def cache\n      EqualityMap.make\n    end\n  end\nend\n")}
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="lib/m/pattern.rb", view="uses").text
    rows = {r.split()[0]: r for r in text.splitlines() if r.startswith("  ")}
    assert "EqualityMap" not in rows["1"] and "RegexpBased" in rows["1"], text
    assert "EqualityMap (equality_map.rb:2) at 7" in rows["2"], text


def test_ts_a_static_and_an_instance_method_of_one_name_are_not_called_overloads(tmp_path):
    # chevrotain run 477: reading Parser.performSelfAnalysis said "2 definitions .. (overloads)" of the deprecated
    # static method and the instance method
    src = ("export class Parser {\n"
           "  static performSelfAnalysis(parserInstance: Parser): void {\n    throw Error(\"deprecated\");\n  }\n\n"
           "  performSelfAnalysis(): void {\n    return;\n  }\n}\n")
    text = served_tree(tmp_path / "r", {"src/parser.ts": src}).call("read_code_range", path="src/parser.ts",
                                                                      symbol="Parser.performSelfAnalysis").text
    assert "(a static method and an instance method of that name)" in text and "overloads" not in text, text


PY_ALIAS_TRAPS = {
    "app/__init__.py": "",
    "app/fast.py": "def loads(text):\n    return text\n\n\ndef item(x):\n    return x\n",
    "app/use.py": ("from json import loads as json_loads\nfrom .fast import loads\nfrom .fast import item as mk\n\n\n"
                   "class Maker:\n    def mk(self, v):\n        return v\n\n    def run(self, v):\n        return self.mk(v)\n\n\n"  # 11
                   "def parse(text):\n    if text.startswith('{'):\n        return json_loads(text)\n    return loads(text)\n\n\n"  # 14-17
                   "def shadow(v):\n    mk = lambda y: y * 2\n    return mk(v)\n\n\n"                                  # 20-22
                   "def real(v):\n    return mk(v)\n"),                                                               # 25-26
    "app/leak.py": ("import operator\nmk = operator.itemgetter(0)\n\n\ndef first(v):\n    from .fast import item as mk\n"
                    "    return mk(v)\n\n\ndef second(v):\n    return mk(v)\n"),                                    # 7, 11
}


def test_python_import_aliases_reach_only_the_module_they_name_and_only_their_own_scope(tmp_path):
    # review of stop 55: `json_loads(text)` (json's) had become a call of the repository's loads; `self.mk(v)`, a local
    # lambda `mk` and a module-level `mk = operator.itemgetter(0)` were callers of `item` through `import item as mk`
    served = served_tree(tmp_path / "r", PY_ALIAS_TRAPS)
    callees = served.call("find_related", symbol="parse", relation="callees").text
    assert "called at 17" in callees and "16" not in callees.split("\n")[2], callees
    assert "json_loads (json)" in callees, callees
    callers = served.call("find_related", symbol="app.fast.item", relation="callers").text
    rows = callers.split("\n", 1)[1]
    assert "26 in real" in rows and "7 in first" in rows, callers
    assert ":11" not in rows and " 11 " not in rows and "in shadow" not in rows and "in second" not in rows, callers
    said = served.call("search_symbol", query="json_loads").text
    assert "imported under another name" not in said, said


def test_rust_review_a_namesake_type_s_method_a_std_trait_never_named_and_a_nested_use_in_the_crate_root(tmp_path):
    # review of stop 55: set::Iter's `self.len()` had become map::Iter's len; `use std::io::Read;` inside a function
    # that never reads was "in scope for .trim(), .chars(), .count()"; `crate::fmt::Writer` of an inline `mod fmt`
    # was the standard library's because a `mod tests { use std::fmt; }` in lib.rs
    files = {"Cargo.toml": CARGO,
             "src/lib.rs": ("mod map;\nmod set;\nmod user;\n\npub mod fmt {\n    pub struct Writer;\n"
                            "    impl Writer {\n        pub fn write_it(&self) {}\n    }\n}\n\n"
                            "pub fn dead(t: &str) -> usize {\n    use std::io::Read;\n    t.trim().chars().count()\n}\n\n"
                            "#[cfg(test)]\nmod tests {\n    use std::fmt;\n}\n"),
             "src/map.rs": "pub struct Iter { n: usize }\nimpl Iter {\n    pub fn len(&self) -> usize { self.n }\n}\n",
             "src/set.rs": ("pub struct Iter { n: usize }\nimpl Iter {\n"
                            "    pub fn total(&self) -> usize { self.len() + self.n }\n}\n"),
             "src/user.rs": "use crate::fmt::Writer;\n\npub fn g(w: Writer) {\n    w.write_it();\n}\n"}
    served = served_tree(tmp_path / "r", files)
    total = served.call("find_related", symbol="set::Iter::total", relation="callees").text
    assert "src/map.rs" not in total, total
    uses = served.call("list_dependencies", path="src/lib.rs", view="uses").text
    read = next(r for r in uses.splitlines() if "std::io" in r)
    assert "not used: Read" in read, uses
    user = served.call("list_dependencies", path="src/user.rs", view="uses").text
    assert "standard library" not in user and "lib.rs" in user, user


def test_rust_traits_implemented_keep_to_the_type_s_own_impls_and_a_repository_trait_s_every_impl_stays_its_row(tmp_path):
    # review of stop 55: set::Entry was given map::Entry's impls; `impl Describe for Wrap<u16>` beside Wrap<u8>'s
    # was listed among traits from outside the repository
    files = {"Cargo.toml": CARGO,
             "src/lib.rs": ("mod map;\nmod set;\n\npub trait Describe {\n    fn d(&self) -> u8;\n}\n\n"
                            "pub struct Wrap<T>(pub T);\n\n"
                            "impl Describe for Wrap<u8> {\n    fn d(&self) -> u8 { 1 }\n}\n\n"            # 10
                            "impl Describe for Wrap<u16> {\n    fn d(&self) -> u8 { 2 }\n}\n"),           # 14
             "src/map.rs": "#[derive(Debug)]\npub struct Entry;\n\nimpl Clone for Entry {\n    fn clone(&self) -> Self { Entry }\n}\n",
             "src/set.rs": "pub struct Entry;\n\nimpl Default for Entry {\n    fn default() -> Self { Entry }\n}\n"}
    served = served_tree(tmp_path / "r", files)
    entry = served.call("find_related", symbol="set::Entry", relation="supertypes").text
    assert "Default 3" in entry and "Clone" not in entry and "its header names no base" not in entry, entry
    wrap = served.call("find_related", symbol="Wrap", relation="supertypes").text
    assert "trait Describe" in wrap and "outside" not in wrap and "src/lib.rs:14" in wrap, wrap


def test_a_c_block_comment_and_a_javadoc_with_a_bare_line_still_document_the_definition_below(tmp_path):
    # review of stop 55: the `*`-line check had lost a plain C `/*` block's attribution and a Javadoc's star lines
    # below a line without a star (`<p>`)
    c = "int x;\n/*\n * compute_total: adds MARKER values.\n */\nint compute_total(int a)\n{\n\treturn a;\n}\n"
    java = ("class A {\n  /**\n   * First line.\n   <p>\n   * MARKER here.\n   */\n  int f() { return 1; }\n}\n")
    served = served_tree(tmp_path / "r", {"a.c": c, "A.java": java})
    text = served.call("search_text", pattern="MARKER").text
    assert any(r.lstrip().startswith("3:") and "doc comment of function compute_total" in r for r in text.splitlines()), text
    assert any(r.lstrip().startswith("5:") and "doc comment of method A.f" in r for r in text.splitlines()), text


def test_go_embedding_counts_only_an_unqualified_type_of_the_package_and_not_a_type_hiding_the_method(tmp_path):
    # review of stop 55: `Shadow` (its own `Write(p string)` hides Base.Write) and `Foreign` (embeds c.Base) were listed
    # as io.Writer implementations
    files = {"go.mod": "module example.com/g1\n\ngo 1.18\n",
             "a/a.go": ("package a\n\nimport \"example.com/g1/c\"\n\n"
                        "type Base struct{ n int }\n\nfunc (b *Base) Write(p []byte) (int, error) { return len(p), nil }\n\n"
                        "type Inner struct {\n\tBase\n\tname string\n}\n\n"
                        "type Shadow struct {\n\tBase\n}\n\nfunc (s Shadow) Write(p string) {}\n\n"
                        "type Foreign struct {\n\tc.Base\n}\n"),
             "c/c.go": "package c\n\ntype Base struct{}\n"}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="io.Writer", relation="implementations").text
    assert "struct Inner" in text and "struct Shadow" not in text and "struct Foreign" not in text, text
    assert "not followed" in text, text


def test_ts_a_name_defined_in_source_and_in_compiled_copies_means_the_source(tmp_path):
    # chevrotain run 481: without path=src the callers answer was "of the 3 definitions named
    # getKeyForAutomaticLookahead", two of them in lib/ (the build's output)
    files = dict(TS_TRAITS)
    files["lib/src/looksahead.js"] = ("export class LooksAhead {\n  getKeyForAutomaticLookahead(idx, occ) {\n"
                                      "    return idx + occ;\n  }\n}\n//# sourceMappingURL=looksahead.js.map\n")
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="LooksAhead.getKeyForAutomaticLookahead",
                                                    relation="callers").text
    assert text.startswith("callers of method LooksAhead.getKeyForAutomaticLookahead (src/looksahead.ts:"), text


def test_a_ruby_value_keeps_a_hash_character_literal(tmp_path):
    # mustermann run 482: OPERATORS's value read `?#` as a comment's start and lost two of its eight keys
    src = ("module M\n  OPERATORS ||= {\n    ?+ => [',', true],\n    ?# => [',', true, ?#], # the fragment\n"
           "    ?. => ['.', false]\n  }\nend\n")
    text = served_tree(tmp_path / "r", {"lib/m.rb": src}).call("search_symbol", query="OPERATORS").text
    assert "?# => [',', true, ?#]" in text and "?. => ['.', false]" in text and "the fragment" not in text, text


RB_DELEGATE = {
    "lib/m/parser.rb": "module M\n  class Parser\n    def parse(string)\n      string\n    end\n  end\nend\n",
    "lib/m/pattern.rb": ("require 'forwardable'\nrequire 'm/parser'\n\nmodule M\n  class Pattern\n"
                         "    extend Forwardable\n"
                         "    instance_delegate parse: :parser, transform: :transformer,\n"             # 7
                         "      validate: :validation\n\n"
                         "    def to_ast\n"                                                              # 10
                         "      @cache ||= {}\n"
                         "      @cache.fetch(@string) do\n"                                               # 12
                         "        ast = parse(@string)\n"                                                 # 13
                         "        ast = transform(ast)\n"
                         "        validate(ast)\n      end\n    end\n\n"
                         "    def build\n      Parser.new.parse('x')\n    end\n  end\nend\n"),
}


def test_ruby_callees_follow_forwardable_delegation_and_name_calls_on_instance_variables(tmp_path):
    # mustermann runs 479/482: to_ast's `parse(..)` (instance_delegate parse: :parser) was Parser#parse found by name,
    # `transform`/`validate` unresolved, and `@ast_cache.fetch` missing under "complete"
    text = served_tree(tmp_path / "r", RB_DELEGATE).call("find_related", symbol="M::Pattern#to_ast", relation="callees").text
    assert "parse -> parser.parse (Forwardable, line 7)" in text and "validate -> validation.validate (Forwardable, line 7)" in text, text
    assert "Parser#parse" not in text and ("fetch (on @cache)" in text or "@cache.fetch" in text), text


def test_ts_a_method_on_a_field_typed_with_an_outside_package_s_interface_is_that_interface_s(tmp_path):
    # chevrotain run 481: `this.lookaheadStrategy.initialize?.(..)` (a field `lookaheadStrategy: ILookaheadStrategy`
    # of LooksAhead, an interface of @chevrotain/types) was among receivers of unknown type
    files = dict(TS_TRAITS)
    files["src/looksahead.ts"] = ("import { ILookaheadStrategy } from \"@chevrotain/types\";\nimport { MixedInParser } from \"./traits\";\n\n"
                                  "export class LooksAhead {\n  lookaheadStrategy: ILookaheadStrategy;\n\n"
                                  "  getKeyForAutomaticLookahead(this: MixedInParser, idx: number, occ: number): number {\n"
                                  "    return idx + occ;\n  }\n}\n")
    files["src/parser.ts"] = ("import { MixedInParser } from \"./traits\";\n\nexport class Parser {\n"
                              "  performSelfAnalysis(this: MixedInParser): void {\n"
                              "    this.lookaheadStrategy.initialize?.({ rules: [] });\n  }\n}\n")
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Parser.performSelfAnalysis", relation="callees").text
    assert "ILookaheadStrategy.initialize (on this.lookaheadStrategy, @chevrotain/types)" in text and "unresolved" not in text, text
