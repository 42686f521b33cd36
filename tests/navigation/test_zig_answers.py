"""Zig answers, from the Zig 0.17 std A/B run: a capitalized file is a struct (`Io/Writer.zig` is Writer, its
top-level functions are Writer's methods), so callers are told apart by the receiver's declared type, a type named
before the call, or the type a declaration literal (`return .create(b, o)`) stands for; an interface is a struct of
function pointers, implemented by whatever builds one; `test "name" {...}` blocks are where a call sits."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "Io/Writer.zig": (
        "const Writer = @This();\n"                                                       # 1
        "vtable: *const VTable,\n"                                                         # 2
        "pub const VTable = struct {\n"                                                   # 3
        "    drain: *const fn (w: *Writer, data: []const u8) usize,\n"                    # 4
        "    flush: *const fn (w: *Writer) void = noFlush,\n"                             # 5
        "};\n"                                                                             # 6
        "pub fn splatByteAll(w: *Writer, byte: u8, n: usize) void {\n"                    # 7
        "    _ = w.vtable.drain(w, &.{byte});\n"                                          # 8
        "    _ = n;\n"                                                                    # 9
        "}\n"                                                                              # 10
        "fn noFlush(w: *Writer) void {\n"                                                 # 11
        "    _ = w;\n"                                                                    # 12
        "}\n"                                                                              # 13
        "pub fn alignBuffer(w: *Writer, fill: u8) void {\n"                               # 14
        "    splatByteAll(w, fill, 2);\n"                                                 # 15
        "}\n"                                                                              # 16
        "test \"splat writes n bytes\" {\n"                                               # 17
        "    var w: Writer = undefined;\n"                                                # 18
        "    w.splatByteAll('a', 3);\n"                                                   # 19
        "}\n"),                                                                            # 20
    "Render.zig": (
        "const std = @import(\"std\");\n"                                                 # 1
        "const Writer = std.Io.Writer;\n"                                                 # 2
        "const Render = @This();\n"                                                       # 3
        "underlying_writer: *Writer,\n"                                                   # 4
        "pub fn splatByteAll(r: *Render, byte: u8, n: usize) void {\n"                    # 5
        "    r.underlying_writer.splatByteAll(byte, n);\n"                                # 6
        "}\n"                                                                              # 7
        "pub fn indent(r: *Render, other: *Render) void {\n"                              # 8
        "    other.splatByteAll(' ', 4);\n"                                               # 9
        "    splatByteAll(r, ' ', 4);\n"                                                  # 10
        "}\n"),                                                                            # 11
    "File.zig": (
        "const std = @import(\"std\");\n"                                                 # 1
        "const File = @This();\n"                                                         # 2
        "interface: std.Io.Writer,\n"                                                     # 3
        "pub fn pad(file_writer: *File) void {\n"                                         # 4
        "    file_writer.interface.splatByteAll(0, 8);\n"                                 # 5
        "}\n"                                                                              # 6
        "fn drain(w: *std.Io.Writer, data: []const u8) usize {\n"                         # 7
        "    return data.len;\n"                                                          # 8
        "}\n"                                                                              # 9
        "pub fn writer(file: *File) std.Io.Writer {\n"                                    # 10
        "    _ = file;\n"                                                                 # 11
        "    return .{ .vtable = &.{\n"                                                   # 12
        "        .drain = drain,\n"                                                       # 13
        "    } };\n"                                                                       # 14
        "}\n"                                                                              # 15
        "const not_a_vtable = .{ .drain = 1, .color = 2 };\n"),                           # 16
    "Build.zig": (
        "const Build = @This();\n"                                                        # 1
        "const Step = @import(\"Build/Step.zig\");\n"                                     # 2
        "pub fn addTest(b: *Build, name: []const u8) *Step.Compile {\n"                   # 3
        "    return .create(b, name);\n"                                                  # 4
        "}\n"                                                                              # 5
        "pub fn addRun(b: *Build) *Step.Run {\n"                                          # 6
        "    return Step.Run.create(b, \"run\");\n"                                       # 7
        "}\n"),                                                                            # 8
    "Build/Step/Compile.zig": (
        "const Compile = @This();\n"                                                      # 1
        "pub fn create(owner: *Build, name: []const u8) *Compile {\n"                     # 2
        "    if (name.len == 0) @panic(\"invalid name\");\n"                              # 3
        "    return owner.allocator.create(Compile) catch @panic(\"OOM\");\n"             # 4
        "}\n"),                                                                            # 5
    "Build/Step/Run.zig": (
        "const Run = @This();\n"                                                          # 1
        "pub fn create(owner: *Build, name: []const u8) *Run {\n"                         # 2
        "    _ = name;\n"                                                                 # 3
        "    return owner.allocator.create(Run) catch @panic(\"OOM\");\n"                 # 4
        "}\n"),                                                                            # 5
    "Random.zig": (
        "const Random = @This();\n"                                                      # 1
        "ptr: *anyopaque,\n"                                                             # 2
        "fillFn: *const fn (ptr: *anyopaque, buf: []u8) void,\n"                        # 3
        "pub fn init(pointer: anytype, comptime fillFn: fn (ptr: @TypeOf(pointer), buf: []u8) void) Random {\n"  # 4
        "    return .{ .ptr = pointer, .fillFn = fillFn };\n"                            # 5
        "}\n"),                                                                           # 6
    "Random/Pcg.zig": (
        "const std = @import(\"std\");\n"                                               # 1
        "const Pcg = @This();\n"                                                         # 2
        "pub fn random(self: *Pcg) std.Random {\n"                                       # 3
        "    return std.Random.init(self, fill);\n"                                      # 4
        "}\n"                                                                             # 5
        "fn fill(self: *Pcg, buf: []u8) void {\n"                                        # 6
        "    _ = self;\n"                                                                # 7
        "    _ = buf;\n"                                                                 # 8
        "}\n"),                                                                           # 9
    "mem/Allocator.zig": (
        "const Allocator = @This();\n"                                                   # 1
        "vtable: *const VTable,\n"                                                       # 2
        "pub fn rawFree(a: Allocator, memory: []u8) void {\n"                            # 3
        "    a.vtable.free(a.ptr, memory);\n"                                            # 4
        "}\n"),                                                                           # 5
    "Private.zig": (
        "const Random = struct {\n"                                                      # 1
        "    seed: u64,\n"                                                               # 2
        "};\n"                                                                            # 3
        "const Blake = Hasher(224);\n"                                                   # 4
        "const Prng = Random;\n"                                                         # 5
        "fn Hasher(comptime n: u16) type {\n"                                            # 6
        "    return struct {\n"                                                          # 7
        "        pub fn init(a: u16, b: u16) @This() { _ = a; _ = b; return .{}; }\n"     # 8
        "    };\n"                                                                        # 9
        "}\n"                                                                             # 10
        "fn uses(p: *anyopaque) void {\n"                                                # 11
        "    const h = Blake.init(1, 2);\n"                                              # 12
        "    const g = Hasher(160).init(1, 2);\n"                                        # 13
        "    var r: std.Random = .init(p, fill);\n"                                      # 14
        "    var q: Blake = .init(p, fill);\n"                                           # 15
        "    _ = .{ h, g, r, q };\n"                                                     # 16
        "}\n"                                                                             # 17
        "const File = struct {\n"                                                        # 18
        "    pub fn pad() void {}\n"                                                     # 19
        "};\n"),                                                                          # 20
    "std.zig": "pub const Io = @import(\"Io.zig\");\npub const mem = @import(\"mem.zig\");\n",
    "mem.zig": (
        "pub const max_path_bytes = switch (os) {\n"                                    # 1
        "    // each unit may be expanded to 3 bytes, and the +1 is the null byte\n"       # 2
        "    .linux => 4096, // PATH_MAX\n"                                              # 3
        "    .windows => 32767 * 3 + 1,\n"                                               # 4
        "};\n"),                                                                         # 5
    "Io.zig": "pub const Writer = @import(\"Io/Writer.zig\");\n",
    "zip.zig": (
        "const std = @import(\"std\");\n"                                               # 1
        "const Io = std.Io;\n"                                                           # 2
        "const Writer = std.Io.Writer;\n"                                                # 3
        "pub fn put(w: *Writer) void {\n"                                                # 4
        "    w.splatByteAll(0, 1);\n"                                                    # 5
        "}\n"                                                                             # 6
        "pub fn drop(safe_allocator: *SafeAllocator, m: []u8) void {\n"                  # 7
        "    safe_allocator.free(safe_allocator, m);\n"                                  # 8
        "}\n"                                                                             # 9
        "const data = @embedFile(\"zip/testdata/test.zip\");\n"                        # 10
        "const doc = @embedFile(\"zip.md\");\n"                                        # 11
        "const table: ?*const Writer.VTable = null;\n"),                                 # 12
    "zip.md": "# zip\n",
    "SafeAllocator.zig": (
        "const SafeAllocator = @This();\n"                                               # 1
        "fn free(context: *anyopaque, memory: []u8) void {\n"                            # 2
        "    _ = context;\n"                                                             # 3
        "    _ = memory;\n"                                                              # 4
        "}\n"                                                                             # 5
        "pub fn destroy(s: *SafeAllocator, memory: []u8) void {\n"                       # 6
        "    free(s, memory);\n"                                                         # 7
        "}\n"                                                                             # 8
        "pub fn release(allocator: *SafeAllocator, memory: []u8) void {\n"               # 9
        "    allocator.free(memory);\n"                                                  # 10
        "}\n"                                                                             # 11
        "const vtable: VTable = .{ .free = free };\n"),                                  # 12
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_callers_of_a_struct_files_method_are_told_apart_by_the_receivers_type(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("find_related", symbol="Writer.splatByteAll", relation="callers", path="Io/Writer.zig").text
    assert "Io/Writer.zig" in text and "15 in alignBuffer" in text, text  # a bare call in its own file
    assert 'in test "splat writes n bytes" (17-20)' in text, text  # `var w: Writer` in a test block
    assert "Render.zig:6 in splatByteAll" in text, text  # the field `underlying_writer: *Writer`
    assert "File.zig:5 in pad" in text, text  # `file_writer: *File`, File's field `interface: std.Io.Writer`
    rows = "\n".join(r for r in flat(text).splitlines() if not r.startswith("["))
    assert "Render.zig:9" not in rows and "Render.zig:10" not in rows, text  # Render's own: left out, and counted
    assert "left out" in text and "(Render.zig:9 `" in text and ", Render.zig:10 `" in text, text
    assert "name only" not in text, text


def test_a_declaration_literal_is_a_call_of_the_type_the_function_returns(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("find_related", symbol="Compile.create", relation="callers").text
    assert "Build.zig:4 in addTest" in text, text  # `return .create(b, name)` in `fn addTest(...) *Step.Compile`
    rows = "\n".join(r for r in flat(text).splitlines() if not r.startswith("["))
    assert "Build.zig:7" not in rows, text  # `Step.Run.create(...)` names Run
    assert "allocator.create" not in rows, text  # one argument: Allocator's create, not Compile's


def test_a_vtable_struct_is_implemented_by_every_initializer_that_builds_it(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="Writer.VTable", relation="implementations").text)
    assert "File.zig:10-15 function writer" in text and "initializer at 12-14 in writer (struct file File.zig)" in text, text
    assert "not_a_vtable" not in text, text  # sets a field VTable does not have


def test_zig_test_blocks_are_definitions_a_line_sits_in(tmp_path: Path):
    s = _served(tmp_path)
    outline = s.call("get_structured_index", path="Io/Writer.zig").text
    assert 'test "splat writes n bytes"' in outline, outline
    read = s.call("read_code_range", path="Io/Writer.zig", start_line=19, end_line=19).text
    assert 'test "splat writes n bytes"' in read, read


def test_an_interface_file_built_through_its_constructor_is_implemented_by_the_constructors_callers(tmp_path: Path):
    # std.Random: Random.zig is the struct (`const Random = @This();`, fields ptr and fillFn), and each engine
    # implements it by calling `std.Random.init(self, fill)`; a private `const Random = struct` elsewhere is not it
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="Random", relation="implementations").text)
    assert "implementations of struct Random (Random.zig:1-1)" in text, text
    assert "also named so: struct Private.zig:1" in text, text
    assert "Random/Pcg.zig:3-5 function random" in text, text
    assert "constructor, Random.init at line 4 in random (struct file Pcg.zig)" in text, text
    assert "Random.zig:4-6" not in text, text  # the constructor itself is not an implementation
    # the constructor's callers point to that answer (the A/B agent sorted 22 name-only `.init(` calls by hand)
    callers = flat(s.call("find_related", symbol="Random.init", relation="callers").text)
    assert 'what implements Random: find_related(symbol="Random", relation="implementations")' in callers, callers


def test_a_zig_files_dependencies_name_the_std_files_its_aliases_reach_and_which_it_never_uses(tmp_path: Path):
    # zip.zig of Zig's std: `const Io = std.Io;` ... the A/B question asked which alias the file never uses
    s = _served(tmp_path)
    text = flat(s.call("list_dependencies", path="zip.zig").text)
    assert "std.zig  (line 1)" in text, text  # the repository is the standard library: @import("std") is std.zig
    assert "Io.zig  (line 2, alias): Io = std.Io 2, unused" in text, text
    # what it uses through the alias, by name (run 49 searched each alias's uses)
    assert "Io/Writer.zig  (line 3, alias): Writer = std.Io.Writer 3, used: itself 4; .VTable 12" in text, text
    # the files it embeds at compile time: there, or said missing (the wheel ships zip.zig without its test data)
    assert "zip.md  (line 11, @embedFile)" in text, text
    assert "unresolved: @embedFile zip/testdata/test.zip (no such file) (line 10)" in text, text
    # std.zig's `pub const Io = @import("Io.zig");` is its public name `std.Io`: a definition to find
    found = flat(s.call("search_symbol", query="Io", path="std.zig").text)
    assert 'std.zig:1-1 constant Io — pub const Io = @import("Io.zig");' in found, found


def test_a_constants_value_over_lines_is_shown_without_its_comments(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("search_symbol", query="max_path_bytes").text)
    assert "switch (os) { .linux => 4096, .windows => 32767 * 3 + 1, };" in text, text
    assert "null byte" not in text and "PATH_MAX" not in text, text


def test_a_private_zig_function_is_called_from_its_own_file_only_and_with_every_argument(tmp_path: Path):
    # SafeAllocator's private `fn free(context, memory, ...)` is no callee of `allocator.free(x)` anywhere: no other
    # file can name it, and Zig has neither defaults nor overloads (the depth-2 callers had listed 69 such calls)
    s = _served(tmp_path)
    text = s.call("find_related", symbol="free", relation="callers", path="SafeAllocator.zig").text
    rows = "\n".join(r for r in flat(text).splitlines() if not r.startswith("["))
    assert "SafeAllocator.zig:7 in destroy" in rows, text
    assert "zip.zig" not in rows and ":10" not in rows, text  # private; one argument for two
    assert "2 other calls named 'free' left out" in text, text  # the vtable's own call is a row (below)
    # what dispatches to it: the vtable it is stored in, and where that vtable's field is called (run 49: depth 2
    # stopped at the direct callers)
    assert "stored as a value at line 12 (.free = free, in vtable 12-12): it runs where that field is called" in flat(text), text
    assert "mem/Allocator.zig:4 in rawFree" in rows and "vtable" in text.split("\n")[0], text  # the next link up


def test_zig_calls_of_a_common_name_are_told_apart_by_the_type_each_line_names(tmp_path: Path):
    # callers of std.Random.init listed 1,105 `init(` calls by name only; Zig names types in TitleCase, so a call on
    # another TitleCase name (a struct, a constant, a function making a type) is another init; a declaration
    # literal `.init(...)` is the declared type's
    s = _served(tmp_path)
    text = s.call("find_related", symbol="Random.init", relation="callers").text
    rows = "\n".join(r for r in flat(text).splitlines() if not r.startswith("["))
    assert "Random/Pcg.zig:4 in random" in rows and "Private.zig:14 in uses" in rows, text
    for line in (12, 13, 15):
        assert f"Private.zig:{line}" not in rows and f"{line}: " not in rows, (line, text)


def test_up_to_six_calls_left_out_are_named_whole(tmp_path: Path):
    s = served_tree(tmp_path, {
        "A.zig": "const A = @This();\npub fn go(a: *A) void {\n    _ = a;\n}\n",
        "B.zig": "const B = @This();\npub fn go(b: *B) void {\n    _ = b;\n}\n",
        "use.zig": ("const A = @import(\"A.zig\");\nconst B = @import(\"B.zig\");\n"
                    "fn f(a: *A, b: *B, c: *B, d: *B, e: *B) void {\n    a.go();\n    b.go();\n    c.go();\n    d.go();\n"
                    "    e.go();\n}\n"),
    })
    text = s.call("find_related", symbol="go", relation="callers", path="A.zig").text
    assert "use.zig:4 in f" in text, text
    assert "4 other calls named 'go' left out" in text and "(use.zig:5 `b.go();`, use.zig:6 `c.go();`, use.zig:7 `d.go();`, use.zig:8 `e.go();`)" in text, text


def test_two_names_of_one_definition_in_a_list_give_one_row(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("search_symbol", query="VTable, Writer.VTable", path="Io/Writer.zig").text
    assert text.count("Io/Writer.zig:3-6 struct VTable") == 1, text


def test_a_zig_global_used_through_its_members_has_those_uses(tmp_path: Path):
    # start.zig's `var safe_allocator` is used only as `safe_allocator.allocator()` / `.deinit()`: "no references"
    s = served_tree(tmp_path, {"start.zig": ("var safe_allocator: Safe = .{};\nfn callMain() void {\n"
                                              "    _ = safe_allocator.allocator();\n    safe_allocator.deinit();\n}\n")})
    text = flat(s.call("read_code_range", path="start.zig", symbol="safe_allocator", context="semantic").text)
    assert "start.zig:3, 4 in callMain" in text, text  # one row per calling definition, with its lines


TAR = {
    "Io/Reader.zig": "const Reader = @This();\npub fn discard(r: *Reader, n: usize) void {\n    _ = r;\n    _ = n;\n}\n",
    "tar.zig": (
        "const std = @import(\"std\");\n"                                                 # 1
        "pub const Diagnostics = struct {\n"                                              # 2
        "    reader: *std.Io.Reader,\n"                                                   # 3
        "};\n"                                                                             # 4
        "pub const Pax = struct {\n"                                                      # 5
        "    pub fn next(p: *Pax) ?Attribute {\n        _ = p;\n        return null;\n    }\n"  # 6-9
        "    pub const Attribute = struct {\n"                                            # 10
        "        pub fn value(a: Attribute) u8 {\n            _ = a;\n            return 0;\n        }\n"  # 11-14
        "    };\n"                                                                         # 15
        "    pub fn init() @This() {\n        return .{};\n    }\n"                       # 16-18
        "};\n"                                                                             # 19
        "pub const Iterator = struct {\n"                                                 # 20
        "    diagnostics: ?*Diagnostics = null,\n"                                        # 21
        "    pub fn next(self: *Iterator) void {\n"                                       # 22
        "        var rdr = Pax.init();\n"                                                 # 23
        "        while (rdr.next()) |attr| {\n"                                           # 24
        "            _ = attr.value();\n"                                                 # 25
        "        }\n"                                                                      # 26
        "        const d = self.diagnostics orelse return;\n"                             # 27
        "        d.reader.discard(1);\n"                                                  # 28
        "    }\n"                                                                          # 29
        "};\n"),                                                                           # 30
}


def test_zig_callees_follow_locals_made_by_calls_captures_and_optional_fields(tmp_path: Path):
    # tar.Iterator.next: `while (try rdr.next()) |attr| ... attr.value(...)`, `const d = self.diagnostics orelse ...;
    # d.allocator.dupe(...)`, json's `var scanner = Scanner.initCompleteInput(...); scanner.deinit()`: unresolved
    s = served_tree(tmp_path, TAR)
    text = flat(s.call("find_related", symbol="Iterator.next", relation="callees", path="tar.zig").text)
    for row in ("Pax.init tar.zig:16-18 called at 23", "Pax.next tar.zig:6-9 called at 24",
                "Pax.Attribute.value tar.zig:11-14 called at 25",
                "discard Io/Reader.zig:2-5 called at 28"):
        assert row in text, (row, text)
    assert "unresolved" not in text, text


def test_a_value_chosen_among_branches_is_not_annotated_with_one_branchs(tmp_path: Path):
    # posix.zig: `pub const NAME_MAX = system.NAME_MAX;` was shown "(= 255, posix.zig:57)", the .psp stub's
    s = served_tree(tmp_path, {"posix.zig": (
        "pub const system = switch (native_os) {\n    .linux => linux,\n    .psp => struct {\n"
        "        pub const NAME_MAX = 255;\n    },\n    else => struct {},\n};\n"
        "pub const NAME_MAX = system.NAME_MAX;\n")})
    text = flat(s.call("search_symbol", query="NAME_MAX", path="posix.zig").text)
    assert "pub const NAME_MAX = system.NAME_MAX;" in text and "(= 255" not in text, text


def test_zig_callers_say_where_each_receiver_comes_from(tmp_path: Path):
    # "say where its type comes from (a parameter, a field, a local)": the Zig A/B agent read 12 callers for it
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="Writer.splatByteAll", relation="callers", path="Io/Writer.zig").text)
    assert "w.splatByteAll('a', 3);  [w: local, 18: var w: Writer = undefined;]" in text, text
    assert "w.splatByteAll(0, 1);  [w: parameter *Writer]" in text, text
    assert "r.underlying_writer.splatByteAll(byte, n);  [r.underlying_writer: field *Writer, line 4]" in text, text
    assert "file_writer.interface.splatByteAll(0, 8);  [file_writer.interface: field std.Io.Writer, line 3]" in text, text
    text = flat(s.call("find_related", symbol="Compile.create", relation="callers").text)
    assert "return .create(b, name);" in text and "[" not in text.split("return .create(b, name);")[1][:5], text


def test_a_qualified_zig_name_finds_the_struct_files_member_beside_a_nested_namesake(tmp_path: Path):
    # `File.SeekError` found only UEFI's nested File.SeekError, not std.Io.File's (Io/File.zig, a struct file)
    s = _served(tmp_path)
    text = flat(s.call("search_symbol", query="File.pad").text)
    assert "File.zig:4-6 function pad" in text and "Private.zig:19-19 method File.pad" in text, text


def test_a_name_in_a_generics_method_is_that_generics_own(tmp_path: Path):
    # hash_map.zig: `Size` in Custom.grow is Custom.Size, not HashMap.Size defined earlier in the file
    s = served_tree(tmp_path, {"hash_map.zig": (
        "pub fn HashMap(comptime K: type) type {\n    return struct {\n        pub const Size = usize;\n    };\n}\n"
        "pub fn Custom(comptime K: type) type {\n    return struct {\n        pub const Size = u32;\n"
        "        fn grow(self: *@This(), n: Size) void {\n            _ = self;\n            _ = n;\n        }\n    };\n}\n")})
    text = flat(s.call("read_code_range", path="hash_map.zig", symbol="Custom.grow", context="semantic").text)
    assert "hash_map.zig:8-8 Custom.Size" in text and "HashMap.Size" not in text, text


def test_a_semantic_read_of_zig_resolves_member_calls_by_their_receiver_not_by_name(tmp_path: Path):
    # json's parseFromSlice: `scanner.deinit()` was listed as Parsed.deinit (same file); SafeAllocator's
    # `const b: *Bucket = .of(s, p)` as AllocFooter.of
    s = served_tree(tmp_path, {
        "Scanner.zig": ("const Scanner = @This();\npub fn init(input: []const u8) Scanner {\n    _ = input;\n"
                        "    return .{};\n}\npub fn deinit(self: *Scanner) void {\n    _ = self;\n}\n"),
        "json.zig": (
            "const Scanner = @import(\"Scanner.zig\");\n"                                 # 1
            "pub const Parsed = struct {\n    pub fn deinit(self: @This()) void {\n        _ = self;\n    }\n};\n"  # 2-6
            "const Footer = struct {\n    fn of(n: u8) *Footer {\n        _ = n;\n        return undefined;\n    }\n};\n"  # 7-12
            "const Bucket = struct {\n    fn of(n: u8) *Bucket {\n        _ = n;\n        return undefined;\n    }\n};\n"  # 13-18
            "pub fn parse(input: []const u8) void {\n"                                    # 19
            "    var scanner = Scanner.init(input);\n"                                    # 20
            "    defer scanner.deinit();\n"                                               # 21
            "    const b: *Bucket = .of(1);\n"                                            # 22
            "    _ = b;\n"                                                                # 23
            "}\n")})                                                                       # 24
    text = flat(s.call("read_code_range", path="json.zig", symbol="parse", context="semantic").text)
    assert "Scanner.zig:6-8 pub fn deinit(self: *Scanner) void  [receiver type]" in text, text
    assert "json.zig:14-17 Bucket.of" in text, text
    assert "Parsed.deinit" not in text and "Footer.of" not in text, text


def test_a_zig_callee_on_a_generic_types_value_is_the_returned_structs_member(tmp_path: Path):
    # tar.Iterator.next: `d.errors.append(...)` with `errors: std.ArrayList(Error)`, ArrayList returning
    # array_list.Aligned(T, null), whose returned struct has append
    s = served_tree(tmp_path, {
        "std.zig": ("pub fn ArrayList(comptime T: type) type {\n    return array_list.Aligned(T, null);\n}\n"
                    "pub const array_list = @import(\"array_list.zig\");\n"),
        "mem.zig": "",
        "array_list.zig": ("pub fn Aligned(comptime T: type, comptime a: ?u8) type {\n    return struct {\n"
                           "        pub fn append(self: *@This(), item: T) void {\n            _ = self;\n"
                           "            _ = item;\n        }\n    };\n}\n"),
        "tar.zig": ("const std = @import(\"std\");\npub const Diagnostics = struct {\n    errors: std.ArrayList(u8),\n};\n"
                    "pub fn note(d: *Diagnostics) void {\n    d.errors.append(1);\n}\n"),
    })
    text = flat(s.call("find_related", symbol="note", relation="callees", path="tar.zig").text)
    assert "Aligned.append array_list.zig:3-6 called at 6" in text, text


def test_self_calls_in_a_generics_returned_struct_are_its_own_methods(tmp_path: Path):
    # hash_map.zig:1298 `try self.grow(allocator, capacityForSize(self.load() + new_count), ctx);` in
    # Custom.growIfNeeded: self.grow and self.load were "unresolved", its callers `self.growIfNeeded(...)` name only
    s = served_tree(tmp_path, {"hash_map.zig": (
        "pub fn Custom(comptime K: type) type {\n    return struct {\n        const Self = @This();\n"  # 1-3
        "        fn load(self: Self) u32 {\n            _ = self;\n            return 0;\n        }\n"          # 4-7
        "        fn grow(self: *Self, n: u32) void {\n            _ = self;\n            _ = n;\n        }\n"  # 8-11
        "        fn growIfNeeded(self: *Self) void {\n            self.grow(self.load());\n        }\n"        # 12-14
        "        pub fn put(self: *Self) void {\n            self.growIfNeeded();\n        }\n"              # 15-17
        "    };\n}\n")})
    callees = flat(s.call("find_related", symbol="Custom.growIfNeeded", relation="callees").text)
    assert "Custom.grow hash_map.zig:8-11 called at 13" in callees and "Custom.load hash_map.zig:4-7 called at 13" in callees, callees
    callers = flat(s.call("find_related", symbol="Custom.growIfNeeded", relation="callers").text)
    assert "hash_map.zig:16 in Custom.put" in callers and "name only" not in callers, callers
    # a semantic read of the line alone (run 49: its uses named capacityForSize only)
    line = flat(s.call("read_code_range", path="hash_map.zig:13", context="semantic").text)
    assert "hash_map.zig:8-11 Custom.grow" in line and "hash_map.zig:4-7 Custom.load" in line, line


def test_a_qualified_name_under_a_zig_file_follows_its_import_alias(tmp_path: Path):
    # run 48: search_symbol(query="Reader.SizeError", path="Io/File.zig") said "no definition named": File.zig's
    # `pub const Reader = @import("File/Reader.zig");` names the file SizeError is in
    s = served_tree(tmp_path, {
        "Io/File.zig": "pub const Reader = @import(\"File/Reader.zig\");\npub const StatError = error{Denied};\n",
        "Io/File/Reader.zig": ("const File = @import(\"../File.zig\");\n"
                               "pub const SizeError = File.StatError || error{Streaming};\n"
                               "pub const Error = error{ReadFailed};\n"),
        "other/Reader.zig": "pub const SizeError = error{Other};\n",
    })
    one = s.call("search_symbol", query="Reader.SizeError", path="Io/File.zig").text
    assert "Io/File/Reader.zig:2" in one and "other/Reader.zig" not in one, one
    several = s.call("search_symbol", query="Reader.SizeError, Reader.Error, Reader", path="Io/File.zig").text
    assert "all 3" in several and "Io/File/Reader.zig:3" in several and "no definition" not in several, several
    missing = s.call("search_symbol", query="Reader.Nope", path="Io/File.zig").text
    assert "no definition" in missing or "No definition" in missing, missing


def test_a_callee_named_through_a_constant_is_the_function_it_names(tmp_path: Path):
    # run 49: `assert 2-2 called at 132,152` in json/static.zig's callees, the line `const assert = std.debug.assert;`
    s = served_tree(tmp_path, {
        "std.zig": "pub const debug = @import(\"debug.zig\");\npub const json = @import(\"json.zig\");\n",
        "mem.zig": "pub fn eql(a: u8, b: u8) bool {\n    return a == b;\n}\n",  # std.zig beside mem.zig: the std lib
        "debug.zig": "pub fn assert(ok: bool) void {\n    if (!ok) unreachable;\n}\n",
        "json.zig": ("const std = @import(\"std\");\nconst assert = std.debug.assert;\n"
                     "pub fn parse(n: u8) void {\n    assert(n > 0);\n}\n"),
    })
    text = flat(s.call("find_related", symbol="parse", relation="callees", path="json.zig").text)
    assert "assert debug.zig:1-3 called at 4" in text and "by alias, via const assert, json.zig:2" in text, text


def test_a_declaration_in_a_switch_branch_says_which_branch(tmp_path: Path):
    # run 49: posix.zig:57 `system.NAME_MAX = 255` read as the value of posix.system.NAME_MAX; only PSP has it
    s = served_tree(tmp_path, {"posix.zig": (
        "const native_os = @import(\"builtin\").os.tag;\n"   # 1
        "pub const system = switch (native_os) {\n"          # 2
        "    .psp => struct {\n"                             # 3
        "        pub const NAME_MAX = 255;\n"                # 4
        "    },\n"                                           # 5
        "    else => struct {},\n"                           # 6
        "};\n"                                               # 7
        "pub const NAME_MAX = system.NAME_MAX;\n")})         # 8
    text = flat(s.call("search_symbol", query="NAME_MAX").text)
    assert "posix.zig:4-4 constant system.NAME_MAX — pub const NAME_MAX = 255;  (only when switch (native_os) at line 2 is .psp)" \
        in text, text
    assert "posix.zig:8-8 constant NAME_MAX — pub const NAME_MAX = system.NAME_MAX;\n" in text, text  # no branch


def test_a_declaration_literal_of_unknown_type_is_another_types_when_many_share_the_name(tmp_path: Path):
    # run 49: callers of Random.init listed 22 `.init(...)` literals whose type the line does not show, among its 8
    inits = {f"T{i}.zig": f"const T{i} = @This();\npub fn init(x: u8) T{i} {{\n    _ = x;\n    return .{{}};\n}}\n"
             for i in range(5)}
    s = served_tree(tmp_path, {**inits,
        "Random.zig": "const Random = @This();\npub fn init(x: u8) Random {\n    _ = x;\n    return .{};\n}\n",
        "Pcg.zig": "const std = @import(\"std\");\npub fn random() std.Random {\n    return std.Random.init(1);\n}\n",
        "use.zig": "fn consume(v: anytype) void {\n    _ = v;\n}\npub fn make() void {\n    consume(.init(2));\n}\n"})
    text = s.call("find_related", symbol="Random.init", relation="callers").text
    rows = "\n".join(r for r in flat(text).splitlines() if not r.startswith("["))
    assert "Pcg.zig:3 in random" in rows and "use.zig" not in rows, text
    assert "other call" in text and "use.zig:5" in text, text  # left out, and said where


def test_a_payload_capture_or_local_const_is_no_other_files_definition(tmp_path: Path):
    # Zig run 253: tar.zig's `while (try self.readHeader()) |header|` read `header` as hash_map.zig's Custom.header
    files = {
        "hash_map.zig": "pub fn Custom() type {\n    return struct {\n        fn header(self: @This()) u8 {\n"
                        "            _ = self;\n            return 0;\n        }\n    };\n}\n",
        "tar.zig": ("pub const Header = struct {\n    pub fn kind(self: Header) u8 {\n        _ = self;\n        return 1;\n"
                    "    }\n};\n\npub const Iterator = struct {\n    fn readHeader(self: *Iterator) ?Header {\n"
                    "        _ = self;\n        return null;\n    }\n\n    pub fn next(self: *Iterator) u8 {\n"
                    "        while (self.readHeader()) |header| {\n            const size = header.kind();\n"
                    "            return size;\n        }\n        return 0;\n    }\n};\n"),
    }
    a = served_tree(tmp_path, files).call("read_code_range", path="tar.zig", symbol="Iterator.next", context="semantic")
    uses = a.text.split("── uses ──")[1].split("──")[0]
    assert "Custom.header" not in uses and "hash_map.zig" not in uses, a.text
    assert "size" not in uses.split("not looked up")[-1].split(":")[0], a.text  # a local const, not a name to look up
