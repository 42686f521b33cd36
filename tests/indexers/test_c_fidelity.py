"""C fidelity (issue 13 item 5): the declaration forms C headers are made of, and systems code written for a
preprocessor (the Linux kernel's annotation macros, loop macros, functions defined through macros)."""

from __future__ import annotations

import pytest

from contexteer.config import load_config
from contexteer.errors import ConfigError
from contexteer.indexers import c_prep, languages
from contexteer.indexers.extract import extract
from tests.indexers.conftest import FIXTURES, write

C = languages.BY_NAME["c"]
INF = float("inf")


def _syms(data: bytes, spec=C) -> dict[str, tuple]:
    """"kind qualname" -> (name, qualname, kind, start, end, signature, doc, exported, parent)"""
    return {f"{s[2]} {s[1]}": s for s in extract(data, spec).symbols}


def test_c_function_pointer_variables_are_definitions():
    syms = _syms((FIXTURES / "c" / "include" / "module_api.h").read_bytes())
    assert syms["variable api_register"][3:6] == (21, 21, "extern int (*api_register)(const char *name, handler_fn *fn);")
    assert syms["variable api_log"][3] == 22 and syms["variable api_alloc"][3] == 23
    assert syms["variable api_handlers"][5] == "static void (*api_handlers[8])(int) = { 0 };"
    local = _syms(b"int f(void)\n{\n\tint (*cb)(int) = 0;\n\treturn 0;\n}\nvoid *(*hook)(size_t) = malloc;\n")
    assert "variable cb" not in local and "variable hook" in local  # a local function pointer is no definition


def test_c_function_pointer_struct_members_are_fields():
    syms = _syms((FIXTURES / "c" / "include" / "module_api.h").read_bytes())
    fields = {k: v[5] for k, v in syms.items() if k.startswith("field ")}
    assert fields == {
        "field module_hooks.open": "int (*open)(void *ctx, const char *name);",
        "field module_hooks.close": "void (*close)(void *ctx);",
        "field module_hooks.alloc": "void *(*alloc)(size_t size);",
        "field module_hooks.handlers": "handler_fn *handlers[4];",
    }


def test_c_function_typedefs_are_types():
    syms = _syms((FIXTURES / "c" / "include" / "module_api.h").read_bytes())
    assert syms["type handler_fn"][3:7] == (8, 8, "typedef int handler_fn(void *ctx, const char *path)", "A request handler.")
    assert syms["type alloc_fn"][5] == "typedef void *(*alloc_fn)(size_t size)"


def test_c_typedef_struct_tag_and_alias_are_both_definitions():
    syms = _syms((FIXTURES / "c" / "include" / "module_api.h").read_bytes())
    assert syms["struct module_hooks"][3:5] == (13, 18)  # the tag, owner of the fields
    assert syms["type module_hooks_t"][3:5] == (13, 18) and syms["type module_hooks_p"][3:5] == (13, 18)
    # an anonymous struct is its alias, as before
    anon = _syms(b"typedef struct { int a; } pair_t;\n")
    assert set(anon) == {"struct pair_t", "field pair_t.a"}


def test_c_comment_with_continuation_in_define_does_not_swallow_the_next_function():
    data = (b"#define STOP(x) do { /* stop it */ \\\n\tstop(x); } while (0)\n"
            b"int next_function(void)\n{\n\treturn 1;\n}\n")
    syms = _syms(data)
    assert syms["function next_function"][3:5] == (3, 6)
    assert syms["function STOP"][3:5] == (1, 2) and not extract(data, C).has_errors


def test_c_kernel_attribute_macros_do_not_break_the_parse():
    data = (FIXTURES / "c" / "src" / "kernel_style.c").read_bytes()
    result = extract(data, C)
    assert not result.has_errors
    syms = {f"{s[2]} {s[1]}": s for s in result.symbols}
    alloc = syms["function item_alloc_noprof"]
    assert alloc[3:7] == (18, 21, "static void *item_alloc_noprof(size_t size, gfp_t flags)", "Allocate an item.")
    assert syms["function count_active"][3:5] == (23, 33) and syms["function items_init"][3:5] == (47, 50)
    assert syms["field item.next"][5] == "struct item *next;" and syms["variable item_count"][5] == "static int item_count;"
    # nothing named after a macro (but the macros' own #defines)
    assert not [k for k, s in syms.items() if not s[5].startswith("#")
                and any(m in k for m in ("__", "DECLARE", "DEFINE", "SYSCALL", "for_each", "container_of"))]


def test_c_definitions_through_macros_are_named_after_what_they_define():
    syms = _syms((FIXTURES / "c" / "src" / "kernel_style.c").read_bytes())
    assert syms["function item_ctl"][3:6] == (35, 38, "SYSCALL_DEFINE2(item_ctl, unsigned int, cmd, unsigned long, arg)")
    assert syms["variable items_lock"][5] == "static DEFINE_MUTEX(items_lock);"
    assert syms["field item.flags"][5] == "DECLARE_BITMAP(flags, 64);"
    one = _syms(b"BPF_CALL_0(bpf_get_cpu)\n{\n\treturn 0;\n}\n")
    assert one["function bpf_get_cpu"][3:6] == (1, 4, "BPF_CALL_0(bpf_get_cpu)")
    # C++ keeps TEST(Suite, Name) as it is: it defines no function Suite
    cpp = _syms(b"TEST(Parser, ReadsHeader) {\n  EXPECT_TRUE(true);\n}\n", languages.BY_NAME["cpp"])
    assert "function Parser" not in cpp


def test_c_definitions_are_kept_around_local_syntax_errors():
    data = (b"static const struct ops my_ops = {\n\t.open = my_open,\n#ifdef CONFIG_COMPAT\n\t.compat = my_compat,\n#endif\n"
            b"\t.close = my_close,\n};\n\nstatic int after_ops(void)\n{\n\tif (a)\n\t\tx();\n#if IS_ENABLED(CONFIG_B)\n"
            b"\telse if (b)\n\t\ty();\n#endif\n\telse\n\t\tz();\n\treturn 0;\n}\n")
    result = extract(data, C)
    assert not result.has_errors  # the #ifdef inside the initializer and between if and else
    syms = {f"{s[2]} {s[1]}": s for s in result.symbols}
    assert syms["variable my_ops"][3:5] == (1, 7) and syms["function after_ops"][3:5] == (9, 20)


def test_c_attribute_macros_setting_adds_project_macros(repo, open_index):
    write(repo, "src/api.c", "MYLIB_SPEC int MYLIB_CALL api_open(const char *name)\n{\n\treturn 0;\n}\n"
                             "int api_close(void) MYLIB_NONNULL(1);\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    before = {(s.name, s.kind) for s in idx.symbols_in_file("src/api.c")}
    assert ("int", "variable") in before and ("api_close", "function") not in before  # a macro taken for a name
    idx.close()
    try:
        idx = open_index(c_attribute_macros=["MYLIB_SPEC", "MYLIB_CALL", "MYLIB_NONNULL()"])
        idx.ensure_built(wait_seconds=INF)
        idx.refresh(force=True)  # the list changed: the C files are parsed again
        syms = [(s.name, s.kind, s.start_line, s.end_line, s.signature) for s in idx.symbols_in_file("src/api.c")]
        assert syms == [("api_open", "function", 1, 4, "int api_open(const char *name)"),
                        ("api_close", "function", 5, 5, "int api_close(void)")]
    finally:
        c_prep.configure()


def test_c_attribute_macros_setting_refuses_what_is_not_a_macro_name():
    with pytest.raises(ConfigError) as err:
        load_config(overrides={"index.c_attribute_macros": ["__weak", "bad name"]}, use_user_config=False)
    assert "'bad name'" in str(err.value) and "NAME()" in str(err.value)
