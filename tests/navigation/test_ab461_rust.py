"""Stumbles of the bytes (Rust) A/B run 461, each with what the agent saw before the mend."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

CARGO = "[package]\nname = \"bytes\"\nversion = \"1.2.1\"\n"
LIB = ("use core::mem::ManuallyDrop;\n"
       "use core::ptr::{self, NonNull};\n"
       "use core::{cmp, usize};\n"
       "\n"
       "pub struct BytesMut {\n    ptr: NonNull<u8>,\n    cap: usize,\n}\n"
       "\n"
       "impl BytesMut {\n"                                                        # 10
       "    fn reserve_inner(&mut self, additional: usize, shared: *mut Vec<u8>) {\n"  # 11
       "        if additional > 1 {\n"
       "            let mut v = ManuallyDrop::new(Vec::with_capacity(additional));\n"   # 13
       "            v.extend_from_slice(&[1, 2]);\n"                               # 14
       "            return;\n"
       "        }\n"
       "        let n = cmp::max(additional, self.cap);\n"                         # 17
       "        unsafe { ptr::copy_nonoverlapping(self.ptr.as_ptr(), self.ptr.as_ptr(), n) };\n"  # 18
       "        let v = unsafe { &mut *shared };\n"                                # 19
       "        v.reserve(n);\n"                                                   # 20
       "    }\n"
       "}\n")


def test_a_rust_module_function_written_as_a_path_is_a_function_of_the_crate_it_comes_from(tmp_path):
    # run 461: `ptr::copy_nonoverlapping(..)` and `cmp::max(..)` were "ptr.copy_nonoverlapping" and "cmp.max" among
    # calls on receivers of unknown type
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": LIB})
    text = served.call("find_related", symbol="BytesMut.reserve_inner", relation="callees").text
    funcs = next(r for r in text.splitlines() if r.startswith("functions of other packages"))
    assert "ptr::copy_nonoverlapping (core)" in funcs and "cmp::max (core)" in funcs, text
    assert "ptr.copy_nonoverlapping" not in text and "cmp.max" not in text, text


def test_a_method_on_a_manually_drop_value_is_the_wrapped_types_never_manually_drops(tmp_path):
    # run 461: `v.reserve(..)`, `v.extend_from_slice(..)` were "ManuallyDrop::reserve (on v, core)"; one `v` was a
    # ManuallyDrop<Vec<u8>>, another a `&mut Vec<u8>` bound later in the body
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": LIB})
    text = served.call("find_related", symbol="BytesMut.reserve_inner", relation="callees").text
    assert "ManuallyDrop::reserve" not in text and "ManuallyDrop::extend_from_slice" not in text, text
    assert "Vec::extend_from_slice (on v, through ManuallyDrop)" in text, text
