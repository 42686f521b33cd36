"""Rust locals built by a std macro or a string literal have a std type the repository extends (rayon A/B run 369:
`let mut vec_org = vec![..]; vec_org.par_drain(0..5)` and `let mut s = "a b".to_string(); s.par_drain(..)` were
"by name only, maybe another type's" among DrainGuard.par_drain's callers, and missing from Vec's and String's)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FILES = {
    "src/lib.rs": "pub mod drain;\n",
    "src/drain.rs": (
        "pub trait ParallelDrainRange {\n"                                   # 1
        "    fn par_drain(self, r: usize) -> usize;\n"                       # 2
        "}\n"                                                                # 3
        "\n"                                                                 # 4
        "impl<'a, T> ParallelDrainRange for &'a mut Vec<T> {\n"              # 5
        "    fn par_drain(self, r: usize) -> usize {\n"                      # 6
        "        r\n"                                                        # 7
        "    }\n"                                                            # 8
        "}\n"                                                                # 9
        "\n"                                                                 # 10
        "impl<'a> ParallelDrainRange for &'a mut String {\n"                 # 11
        "    fn par_drain(self, r: usize) -> usize {\n"                      # 12
        "        r\n"                                                        # 13
        "    }\n"                                                            # 14
        "}\n"                                                                # 15
        "\n"                                                                 # 16
        "pub struct DrainGuard<T> {\n"                                       # 17
        "    vec: Vec<T>,\n"                                                 # 18
        "}\n"                                                                # 19
        "\n"                                                                 # 20
        "impl<'a, T> ParallelDrainRange for &'a mut DrainGuard<T> {\n"       # 21
        "    fn par_drain(self, r: usize) -> usize {\n"                      # 22
        "        self.vec.par_drain(r)\n"                                    # 23
        "    }\n"                                                            # 24
        "}\n"),                                                              # 25
    "tests/drain.rs": (
        "use crate::drain::ParallelDrainRange;\n"                            # 1
        "\n"                                                                 # 2
        "fn drain_vec() {\n"                                                 # 3
        "    let mut vec_org = vec![0, 1, 2];\n"                             # 4
        "    vec_org.par_drain(1);\n"                                        # 5
        "}\n"                                                                # 6
        "\n"                                                                 # 7
        "fn drain_string() {\n"                                              # 8
        "    let mut s = \"a b\".to_string();\n"                             # 9
        "    s.par_drain(1);\n"                                              # 10
        "}\n"),                                                              # 11
}


def test_locals_from_vec_and_to_string_are_vec_and_string(tmp_path):
    s = served_tree(tmp_path, FILES)
    guard = s.call("find_related", symbol="DrainGuard.par_drain", relation="callers").text
    assert "tests/drain.rs" not in guard.split("]\n", 1)[-1] and "name only" not in guard, guard
    vec = s.call("find_related", symbol="par_drain", path="src/drain.rs:6", relation="callers").text
    assert "tests/drain.rs:5 in drain_vec" in vec and "src/drain.rs:23 in" in vec, vec
    string = s.call("find_related", symbol="par_drain", path="src/drain.rs:12", relation="callers").text
    assert "tests/drain.rs:10 in drain_string" in string and "drain_vec" not in string.split("]\n", 1)[-1], string


NEW_FILES = {
    "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": "pub mod chunks;\npub mod fold;\n",
    "src/chunks.rs": (
        "pub struct ChunkProducer {\n    size: usize,\n}\n\n"                       # 1-4
        "impl ChunkProducer {\n    pub fn new(size: usize) -> Self {\n"          # 5-6
        "        ChunkProducer { size }\n    }\n\n"                                # 7-9
        "    pub fn split_at(self, i: usize) -> (Self, Self) {\n"                  # 10
        "        (ChunkProducer { size: i }, ChunkProducer { size: self.size - i })\n    }\n}\n"),  # 11-13
    "src/fold.rs": ("use crate::chunks::ChunkProducer;\n\npub fn fold(n: usize) -> usize {\n"
                    "    let p = ChunkProducer::new(n);\n    let _ = p;\n    n\n}\n"),
}


def test_a_rust_new_is_called_by_its_path_not_by_struct_literals(tmp_path):
    # (rayon run 383: callers of ChunkProducer::new were the struct literals `ChunkProducer { .. }` of split_at, "name
    # only", and its three `ChunkProducer::new(..)` calls were missing)
    s = served_tree(tmp_path, NEW_FILES)
    a = s.call("find_related", symbol="ChunkProducer.new", relation="callers").text
    assert "src/fold.rs:4 in fold" in a and "split_at" not in a.split("]\n", 1)[-1], a
