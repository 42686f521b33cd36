"""The review of stop 59's mends: each finding, with what the first mend had answered."""
from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_a_password_ending_in_an_exclamation_mark_is_still_redacted(tmp_path):
    """The nullable-type exemption (`token: ReadableMap?`) had let `password: Passw0rd!` through in clear."""
    files = {"config.yaml": "db:\n  password: Passw0rd!\n  secret: MySecret!\n", "app.properties": "db.password=Password1!\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("read_code_range", path="config.yaml").text
    assert "Passw0rd" not in text and "MySecret" not in text, text
    assert "Password1" not in served.call("read_code_range", path="app.properties").text


def test_a_turbofish_with_nested_generics_is_no_call_of_a_repository_method(tmp_path):
    """`xs.iter().map(..).collect::<Vec<_>>()` had become Bag.collect's call 'by receiver type' once turbofish calls
    were recorded (the receiver regexes read no nested `<..>`)."""
    files = {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
             "src/lib.rs": ("pub struct Bag {\n    items: Vec<u32>,\n}\n\nimpl Bag {\n"
                            "    pub fn collect(&self) -> Vec<u32> {\n        self.items.clone()\n    }\n}\n\n"
                            "pub fn total(b: &Bag, xs: &[u32]) -> usize {\n"
                            "    let v = xs.iter().map(|x| x + 1).collect::<Vec<_>>();\n"              # 12
                            "    let w = b.collect();\n    v.len() + w.len()\n}\n")}                     # 13
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="total", relation="callees").text
    assert "Bag.collect src/lib.rs:6-8 called at 13\n" in text, text


def test_a_typescript_class_imported_under_another_name_is_the_repository_s(tmp_path):
    """`import { Client as Transport } from "./client"`: all three calls through the alias had been left out as an
    outside class's."""
    files = {"src/client.ts": "export class Client {\n  send(data: string): void {\n    console.log(data);\n  }\n}\n",
             "src/app.ts": ("import { Client as Transport } from \"./client\";\n\n"
                            "export function direct(t: Transport): void {\n  t.send(\"b\");\n}\n\n"
                            "export function built(): void {\n  const t = new Transport();\n  t.send(\"c\");\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Client.send", relation="callers").text
    assert "2 calling definitions, 2 call sites" in text, text


def test_rust_enum_variants_used_bare_are_callees(tmp_path):
    """After `use Token::*`, `Number(1)` builds the variant: the bare-call rule for class members had left it
    unresolved."""
    files = {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
             "src/lib.rs": ("pub enum Token {\n    Ident(String),\n    Number(i64),\n}\n\nuse Token::*;\n\n"
                            "pub fn lex(s: &str) -> Token {\n    if s.starts_with('1') {\n        return Number(1);\n"
                            "    }\n    Ident(s.to_string())\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="lex", relation="callees").text
    assert "Token.Number 3-3 called at 10" in text and "Token.Ident 2-2 called at 12" in text, text


def test_a_message_whose_halves_only_begin_alike_is_no_split_message(tmp_path):
    """`failed to open the config file for reading` had matched `"failed to open the file"` as 'split over lines'."""
    files = {"src/a.py": ('def f():\n    raise OSError("failed to open the file")\n\n\n'
                          'def g():\n    raise OSError("failed to open the directory for writing")\n')}
    text = served_tree(tmp_path / "r", files).call("search_text", pattern="failed to open the config file for reading").text
    assert "no matches" in text and "split" not in text, text


def test_a_kotlin_member_that_cannot_take_the_arguments_shadows_nothing(tmp_path):
    """`fun format(): String = format(amount, 2)` in a class calls the top-level format(value, digits): it had been
    left out as the member's."""
    files = {"src/Format.kt": "package demo\n\nfun format(value: Double, digits: Int): String {\n  return \"$value$digits\"\n}\n",
             "src/Money.kt": ("package demo\n\nclass Money(val amount: Double) {\n"
                              "  fun format(): String = format(amount, 2)\n\n  fun show(): String {\n    return format()\n  }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="format", path="src/Format.kt",
                                                     relation="callers").text
    assert "src/Money.kt:4 in Money.format" in text and "1 call site" in text, text


def test_a_ruby_reader_method_beside_a_writer_leaves_the_writes_out(tmp_path):
    """`def size` beside `def size=`: `box.size = 3` and `self.size = 0` had been listed as the reader's callers too,
    so both answers claimed them; a compound `box.size += 1` reads and writes, and stays."""
    files = {"lib/box.rb": ("class Box\n  def size=(v)\n    @size = v\n  end\n\n  def size\n    @size\n  end\n\n"
                            "  def reset\n    self.size = 0\n  end\nend\n\n"
                            "class Shelf\n  def fill(box)\n    box.size = 3\n    box.size += 1\n    box.size\n  end\nend\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Box.size", relation="callers").text
    assert "lib/box.rb:17 `box.size = 3`" in text and "lib/box.rb:11 `self.size = 0`" in text, text
    assert "18: box.size += 1" in text or "18 in Shelf#fill" in text, text


def test_rust_parameters_typed_with_their_module_are_told_apart(tmp_path):
    """`fn with_param(b: &nfa::Builder, t: &teddy::Builder)`: `b.build(3)` had been listed among teddy::Builder::build's
    callers (the field case was mended, the parameter one not)."""
    files = {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
             "src/lib.rs": ("pub mod nfa;\npub mod teddy;\n\n"
                            "pub fn with_param(b: &nfa::Builder, t: &teddy::Builder) -> u32 {\n"
                            "    let x = b.build(3);\n    let y = t.build(4);\n    x + y\n}\n"),
             "src/nfa.rs": "pub struct Builder;\n\nimpl Builder {\n    pub fn build(&self, n: u32) -> u32 {\n        n\n    }\n}\n",
             "src/teddy.rs": "pub struct Builder;\n\nimpl Builder {\n    pub fn build(&self, n: u32) -> u32 {\n        n + 1\n    }\n}\n"}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Builder.build", path="src/teddy.rs",
                                                     relation="callers").text
    assert "1 calling definition, 1 call site" in text and "src/lib.rs:6 in with_param" in text, text


def test_a_swift_struct_s_own_init_with_defaults_or_a_trailing_closure_is_no_memberwise_one(tmp_path):
    """Second review: `Options(name: n)` (init(name:retries: = 3)) and `Job(label: "x") { .. }` had been said to use
    'its memberwise initializer' (a struct declaring an init in its body has none)."""
    files = {"Sources/M.swift": ("struct Options {\n    let name: String\n    let retries: Int\n\n"
                                 "    init(name: String, retries: Int = 3) {\n        self.name = name\n"
                                 "        self.retries = retries\n    }\n}\n\n"
                                 "func configure(name: String) {\n    let o = Options(name: name)\n    print(o)\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="configure", relation="callees").text
    assert "memberwise" not in text and "constructor 5-8 (name: String, retries: Int = 3)" in text, text


def test_the_kotlin_reparse_keeps_the_annotations_of_declarations_read_right(tmp_path):
    """Second review: blanking every run of annotations lost `@Deprecated` on another function of the file (its
    'deprecated' mark and first line)."""
    files = {"src/M.kt": ("package a\n\n@Deprecated(\"old\")\n@JvmName(\"nOld\")\ninternal fun n(): Int = 2\n\n"
                          "@A(\"x\")\n@B(C::class)\ninternal object M {\n  fun map(): Int = g(1)\n}\n\n"
                          "private fun g(x: Int) = x\n")}
    text = served_tree(tmp_path / "r", files).call("search_symbol", query="n").text
    assert "src/M.kt:3-5" in text and "(deprecated)" in text, text


def test_csharp_calls_on_library_types_are_said_so(tmp_path):
    """Second review: the 'methods of library types' line read lower-case method names only, so C#'s PascalCase
    `sb.Append(i)` stayed 'a receiver of unknown type'."""
    files = {"src/M.cs": ("using System.Text;\nusing System.Collections.Generic;\n\nnamespace N {\n  public class M {\n"
                          "    public string Build(List<string> items) {\n      var sb = new StringBuilder();\n"
                          "      sb.Append(1);\n      items.Add(\"x\");\n      return sb.ToString();\n    }\n  }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="M.Build", relation="callees").text
    assert "methods of library types: StringBuilder.Append (on sb) at 8" in text, text


def test_a_rust_parameter_rebound_by_let_is_typed_by_the_let(tmp_path):
    """Second review: `let b: Builder = Builder::new(); b.build(seed)` after a parameter `b: &teddy::Builder` was
    given to teddy's build."""
    files = {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
             "src/lib.rs": ("pub mod nfa;\npub mod teddy;\n\nuse crate::nfa::Builder;\n\n"
                            "pub fn convert(b: &teddy::Builder) -> u32 {\n    let seed = b.build(1);\n"
                            "    let b: Builder = Builder::new();\n    b.build(seed)\n}\n"),
             "src/nfa.rs": ("pub struct Builder;\n\nimpl Builder {\n    pub fn new() -> Builder {\n        Builder\n    }\n\n"
                            "    pub fn build(&self, n: u32) -> u32 {\n        n\n    }\n}\n"),
             "src/teddy.rs": "pub struct Builder;\n\nimpl Builder {\n    pub fn build(&self, n: u32) -> u32 {\n        n + 1\n    }\n}\n"}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Builder.build", path="src/nfa.rs",
                                                     relation="callers").text
    assert "src/lib.rs:9 in convert" in text and "1 call site" in text, text


def test_the_kotlin_misread_is_mended_with_annotations_on_one_line_or_over_lines(tmp_path):
    """Second review: `@SuppressLint("R") @OptIn(C::class)` on one line, or an annotation's arguments over lines,
    left the object misread (the first mend matched whole annotation lines only)."""
    files = {"src/M.kt": ("package a\n\n@SuppressLint(\"R\") @OptIn(C::class)\ninternal object M {\n"
                          "  fun map(): Int = g(1)\n}\n\nprivate fun g(x: Int) = x\n"),
             "src/N.kt": ("package a\n\n@Target(\n  AnnotationTarget.CLASS,\n)\n@OptIn(C::class)\ninternal object N {\n"
                          "  fun map(): Int = g2(1)\n}\n\nprivate fun g2(x: Int) = x\n")}
    served = served_tree(tmp_path / "r", files)
    assert "internal object M" in served.call("get_structured_index", path="src/M.kt").text
    assert "internal object N" in served.call("get_structured_index", path="src/N.kt").text
