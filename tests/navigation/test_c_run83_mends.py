"""What the ext4 (C) A/B run 83 stumbled on: the uses view said "no name of it used" for every #include (fsync.c
uses 20 names of ext4.h); callers reached through a function-like macro (`ext4_ext_check(..)` expanding to
`__ext4_ext_check(..)`) were missing; a line inside a struct initialiser (`.fsync = ext4_sync_file,`) named no
enclosing definition."""

from __future__ import annotations

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

_FILES = {
    "ext4.h": ("#ifndef _EXT4_H\n#define _EXT4_H\n#include <linux/fs.h>\n#include \"status.h\"\n\n"
               "struct ext4_sb_info {\n\tint s_journal;\n};\n\n"
               "struct ext4_inode {\n\tint i_mode;\n};\n\n"
               "#define EXT4_SB(sb) ((struct ext4_sb_info *)(sb))\n"
               "int ext4_write_inode(struct inode *inode, int wait);\n#endif\n"),
    "status.h": "#define EXT4_STATE_NEW 5\nint ext4_status(int x);\n",
    "jbd.h": "#include \"ext4.h\"\nint ext4_force_commit(void *sb);\n",
    "fsync.c": ("#include <linux/fs.h>\n#include \"ext4.h\"\n#include \"jbd.h\"\n\n"
                "static int journal(struct inode *inode, void *sb)\n{\n"
                "\tint j = EXT4_SB(sb)->s_journal;\n"
                "\tif (inode->i_mode)\n\t\treturn ext4_force_commit(sb);\n"
                "\treturn ext4_write_inode(inode, EXT4_STATE_NEW) + j + ext4_status(1);\n}\n"),
}


def test_c_uses_view_names_what_each_include_brings(tmp_path):
    a = served_tree(tmp_path / "c", _FILES).call("list_dependencies", path="fsync.c", view="uses")
    assert not a.is_error, a.text
    by_line = {u["line"]: {n["name"]: n for n in u["names"]} for u in a.data["uses"]}
    assert {"EXT4_SB", "ext4_sb_info.s_journal", "ext4_write_inode", "EXT4_STATE_NEW", "ext4_status"} <= set(by_line[2]), a.text
    assert by_line[2]["EXT4_STATE_NEW"]["defined"] == "status.h:1", a.text  # through ext4.h's own include
    assert set(by_line[3]) == {"ext4_force_commit"}, a.text  # ext4.h's names stay with the first include
    # `inode->i_mode` with `struct inode *inode` is the kernel's inode, not ext4_inode's field
    assert "ext4_inode.i_mode" not in by_line[2], a.text
    assert "outside the repository" in a.text and "no name of it used" not in a.text, a.text


_EXT = {
    "ext4.h": ("#ifndef _EXT4_H\n#define _EXT4_H\n"
               "extern int ext4_ext_check_inode(struct inode *inode,\n\t\t\t\tint flags);\n#endif\n"),
    "extents.c": ("#include \"ext4.h\"\n\n"
                  "static int __ext4_ext_check(const char *function, unsigned int line, struct inode *inode)\n{\n"
                  "\treturn 0;\n}\n\n"
                  "#define ext4_ext_check(inode)\t\t\\\n\t__ext4_ext_check(__func__, __LINE__, (inode))\n\n"
                  "int ext4_ext_check_inode(struct inode *inode,\n\t\t\t\tint flags)\n{\n"
                  "\treturn ext4_ext_check(inode);\n}\n\n"
                  "static int read_block(struct inode *inode)\n{\n\treturn __ext4_ext_check(\"x\", 1, inode);\n}\n"),
    "inode.c": ("#include \"ext4.h\"\n\nint ext4_iget(struct inode *inode)\n{\n"
                "\treturn ext4_ext_check_inode(inode, 0);\n}\n"),
    "file.c": ("#include \"ext4.h\"\n\nstatic int ext4_sync_file(int x)\n{\n\treturn x;\n}\n\n"
               "const struct file_operations ext4_file_operations = {\n"
               "\t.llseek\t= 0,\n\t.fsync\t\t= ext4_sync_file,\n};\n"),
}


def test_c_callers_through_a_function_like_macro(tmp_path):
    a = served_tree(tmp_path / "c", _EXT).call("find_related", symbol="__ext4_ext_check", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i for i in a.data["items"]}
    assert set(rows) == {"read_block", "ext4_ext_check_inode"}, a.text
    assert rows["ext4_ext_check_inode"]["how"] == "macro" and rows["ext4_ext_check_inode"]["lines"] == [14], a.text
    assert "[macro ext4_ext_check (extents.c:8)]" in a.text, a.text
    assert ", 2 call sites" in a.text, a.text


def test_c_function_defined_once_is_called_by_its_global_name_through_a_two_line_prototype(tmp_path):
    a = served_tree(tmp_path / "c", _EXT).call("find_related", symbol="ext4_ext_check_inode", relation="callers")
    assert not a.is_error, a.text
    assert "definitions named" not in a.text, a.text  # the header's two-line prototype is no second definition
    assert [(i["qualname"], i["how"]) for i in a.data["items"]] == [("ext4_iget", "global name")], a.text


def test_c_line_of_a_struct_initialiser_names_the_variable(tmp_path):
    served = served_tree(tmp_path / "c", _EXT)
    a = served.call("read_code_range", path="file.c:10")
    assert not a.is_error, a.text
    assert "in variable ext4_file_operations 8-11" in a.text, a.text
    s = served.call("search_text", pattern="ext4_sync_file,")
    assert "in variable ext4_file_operations 8-11" in s.text, s.text


def test_c_function_passed_as_a_value_is_named_with_its_callers_and_references(tmp_path):
    files = {**_EXT, "ext4.h": _EXT["ext4.h"].replace("#endif\n", "int ext4_get_block(int b);\n#endif\n"),
             "get.c": ("#include \"ext4.h\"\n\nint ext4_get_block(int b)\n{\n\treturn b;\n}\n\n"
                       "int zero(int b)\n{\n\treturn ext4_get_block(b);\n}\n"),
             "read.c": ("#include \"ext4.h\"\n\nint readpages(int f)\n{\n\treturn block_read_full_folio(f,\n"
                        "\t\t\text4_get_block);\n}\n")}
    served = served_tree(tmp_path / "c", files)
    a = served.call("find_related", symbol="ext4_get_block", relation="callers")
    assert not a.is_error, a.text
    assert "read.c:6 in readpages: return block_read_full_folio(f, ext4_get_block);" in a.text, a.text
    s = served.call("search_symbol", query="ext4_get_block", references=True)
    assert hit_at(s.text, "read.c", 6), s.text


_MSG = {
    "ext4.h": ("#ifndef _EXT4_H\n#define _EXT4_H\n"
               "void __ext4_msg(void *sb, const char *level, const char *fmt, ...);\n"
               "#ifdef CONFIG_PRINTK\n"
               "#define ext4_msg(sb, level, fmt, ...)\t\\\n\t__ext4_msg(sb, level, fmt, ##__VA_ARGS__)\n"
               "#else\n"
               "#define ext4_msg(sb, level, fmt, ...)\t\t\\\ndo {\t\t\\\n\tno_printk(fmt, ##__VA_ARGS__);\t\\\n"
               "\t__ext4_msg(sb, \"\", \" \");\t\\\n} while (0)\n#endif\n#endif\n"),
    "super.c": ("#include \"ext4.h\"\n\nvoid __ext4_msg(void *sb, const char *level, const char *fmt, ...)\n{\n}\n"),
    "ioctl.c": ("#include \"ext4.h\"\n\nstatic int update(void *sb)\n{\n"
                "\text4_msg(sb, \"err\", \"Invalid checksum\");\n\treturn 1;\n}\n"),
}


def test_c_macro_under_ifdef_is_preferred_to_its_else_variant(tmp_path):
    served = served_tree(tmp_path / "c", _MSG)
    a = served.call("search_symbol", query="ext4_msg")
    assert not a.is_error, a.text
    assert a.text.startswith("ext4.h:5-6 "), a.text
    r = served.call("read_code_range", path="ioctl.c", symbol="update", context="semantic")
    assert "ext4.h:5-6 #define ext4_msg" in r.text, r.text


def test_c_callees_say_what_a_macro_expands_to(tmp_path):
    a = served_tree(tmp_path / "c", _MSG).call("find_related", symbol="update", relation="callees")
    assert not a.is_error, a.text
    assert "ext4_msg ext4.h:5-6 called at 5 (expands to __ext4_msg super.c:3-5; only #ifdef CONFIG_PRINTK)" in a.text, a.text
    assert "also named so" not in a.text, a.text


def test_c_prototype_of_a_function_a_macro_pastes_together_names_the_macro(tmp_path):
    files = {"ext4.h": ("#define EXT4_INODE_BIT_FNS(name, field, offset)\t\\\n"
                        "static inline int ext4_test_inode_##name(struct inode *inode, int bit)\t\\\n"
                        "{\t\\\n\treturn test_bit(bit + (offset), &EXT4_I(inode)->i_##field);\t\\\n}\n\n"
                        "static inline int ext4_test_inode_state(struct inode *inode, int bit);\n"
                        "EXT4_INODE_BIT_FNS(flag, flags, 0)\nEXT4_INODE_BIT_FNS(state, flags, 32)\n")}
    a = served_tree(tmp_path / "c", files).call("search_symbol", query="ext4_test_inode_state")
    assert not a.is_error, a.text
    assert "(made by macro EXT4_INODE_BIT_FNS (ext4.h:1-5), expanded at ext4.h:9)" in a.text, a.text
    assert a.data["definitions"][0]["made_by"].startswith("made by macro EXT4_INODE_BIT_FNS"), a.data


def test_run85_forward_declaration_limit_per_name_and_external_false(tmp_path):
    files = {**_EXT, "super.c": ("#include <linux/fs.h>\n#include \"ext4.h\"\n\nstatic void ext4_update_super(void *sb);\n\n"
                                 "static void work(void *sb)\n{\n\text4_update_super(sb);\n}\n\n"
                                 "static void ext4_update_super(void *sb)\n{\n\t(void)sb;\n}\n")}
    served = served_tree(tmp_path / "c", files)
    a = served.call("search_symbol", query="ext4_update_super")
    assert "super.c:11-14 function ext4_update_super (static, internal linkage) (declared at 4)" in a.text, a.text
    assert "another #if" not in a.text, a.text
    many = served.call("search_symbol", query="ext4_update_super, ext4_sync_file, ext4_ext_check_inode", limit=1)
    assert {d["qualname"] for d in many.data["definitions"]} == {"ext4_update_super", "ext4_sync_file",
                                                                  "ext4_ext_check_inode"}, many.text
    deps = served.call("list_dependencies", path="super.c", external=False)
    assert "linux/fs.h" not in deps.text and '"ext4.h"' in deps.text, deps.text
