"""Mends of stop 59, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

RUBY_WRITERS = {
    "lib/counter.rb": ("class Counter\n  attr_accessor :count\n\n  def initialize\n    @count = 0\n  end\n\n"
                       "  def bump\n    self.count = count + 1\n  end\nend\n"),
    "lib/user.rb": ("class Tally\n  def reset(c)\n    c.count = 0\n  end\n\n"
                    "  def make\n    c = Counter.new\n    c.count = 5\n    c\n  end\nend\n"),
    "lib/own.rb": ("class Box\n  def size=(v)\n    @size = v\n  end\n\n  def fill(b)\n    b.size = 3\n  end\nend\n\n"
                   "def grow\n  b = Box.new\n  b.size = 4\nend\n"),
    "lib/meter.rb": ("class Meter\n  attr_reader :level\nend\n\n"
                     "class Panel\n  def show(m)\n    m.level = 3\n    puts m.level\n  end\nend\n"),
}


def test_the_callers_of_a_ruby_writer_are_the_lines_assigning_through_it(tmp_path):
    """Review of stop 58: the callers of `def size=` were '0 call sites' though `b.size = 4` (b = Box.new) calls it,
    and `Counter.count=` (an attr_accessor's writer) was 'no definition named'."""
    served = served_tree(tmp_path / "r", RUBY_WRITERS)
    text = served.call("find_related", symbol="Box.size=", relation="callers").text
    assert "2 call sites" in text, text
    assert "lib/own.rb:13 in grow (11-14): b.size = 4" in text, text
    assert "Box#fill `b.size = 3`" in text, text
    text = served.call("find_related", symbol="Counter.count=", relation="callers").text
    assert "Counter#count= (lib/counter.rb:2-2): 3 calling definitions" in text, text
    assert "8 in Tally#make (6-10): c.count = 5\n" in text, text  # typed by `c = Counter.new`, no "[name only]"


def test_an_attr_reader_s_callers_leave_out_the_writes(tmp_path):
    """Review of stop 58: `m.level = 3` calls `level=`, which an attr_reader does not make; it was listed among
    the reader's callers."""
    served = served_tree(tmp_path / "r", RUBY_WRITERS)
    text = served.call("find_related", symbol="Meter.level", relation="callers").text
    assert "1 call site" in text, text
    assert "puts m.level" in text, text
    assert "lib/meter.rb:7 in" not in text and "lib/meter.rb:7 `m.level = 3`" in text, text


SIGNALR = {
    "src/ILogger.ts": "export enum LogLevel {\n    Trace = 0,\n    Error = 4,\n}\n",
    "src/HttpClient.ts": ("export abstract class HttpClient {\n"
                          "    public post(url: string): Promise<string>;\n"
                          "    public post(url: string, options: object): Promise<string>;\n"
                          "    public post(url: string, options?: object): Promise<string> {\n"       # 4
                          "        return this.send(url);\n    }\n\n"
                          "    public abstract send(url: string): Promise<string>;\n}\n"),
    "src/HttpConnection.ts": ("import { LogLevel } from \"./ILogger\";\n"
                              "import { HttpClient } from \"./HttpClient\";\n\n"
                              "export class HttpConnection {\n"
                              "    private readonly _httpClient: HttpClient;\n\n"
                              "    private async _negotiate(url: string): Promise<string> {\n"         # 7
                              "        const level = LogLevel.Error;\n"
                              "        const response = await this._httpClient.post(url, {});\n"     # 9
                              "        if (!response) {\n"
                              "            return Promise.reject(new Error(`bad ${level}`));\n"        # 11
                              "        }\n"
                              "        return JSON.parse(response);\n"                                 # 13
                              "    }\n}\n"),
}


def test_a_typescript_callee_is_no_enum_member_and_an_overload_call_reaches_the_implementation(tmp_path):
    """signalr run 535: `new Error(..)` (the builtin) was given as LogLevel.Error, an enum member, under a complete
    callees answer; `this._httpClient.post(url, {})` pointed at the one-line overload signature of post, not its
    implementation; and the unresolved builtins came without their lines (the agent read the body for them)."""
    served = served_tree(tmp_path / "r", SIGNALR)
    text = served.call("find_related", symbol="HttpConnection._negotiate", relation="callees").text
    assert "LogLevel.Error" not in text, text
    assert "HttpClient.post src/HttpClient.ts:4-6 called at 9" in text, text
    assert "Error at 11" in text and "JSON.parse at 13" in text, text


TS_SENDS = {
    "src/HttpClient.ts": ("export abstract class HttpClient {\n    public post(url: string): Promise<string> {\n"
                          "        return this.send(url);\n    }\n\n"
                          "    public abstract send(url: string): Promise<string>;\n}\n"),
    "src/ITransport.ts": "export interface ITransport {\n    send(data: any): Promise<void>;\n}\n",
    "src/Queue.ts": ("import { ITransport } from \"./ITransport\";\n\n"
                     "export class SendQueue {\n    constructor(private readonly _transport: ITransport) {\n    }\n\n"
                     "    private async _loop(data: any): Promise<void> {\n"
                     "        await this._transport.send(data);\n    }\n}\n"),                          # 8
    "src/Ws.ts": ("export class WsTransport {\n    private _webSocket?: WebSocket;\n\n"
                  "    public send(data: string): void {\n        this._webSocket.send(data);\n    }\n}\n"),  # 5
    "src/Xhr.ts": ("import { HttpClient } from \"./HttpClient\";\n\n"
                   "export class XhrClient extends HttpClient {\n    public send(url: string): Promise<string> {\n"
                   "        return new Promise((resolve) => {\n            const xhr = new XMLHttpRequest();\n"
                   "            xhr.send(url);\n            resolve(url);\n        });\n    }\n}\n"),           # 7
    "src/Generic.ts": ("export function relay<C extends { send(u: string): void }>(c: C, u: string) {\n"
                       "    c.send(u);\n}\n"),
}


def test_typescript_calls_on_a_parameter_property_or_an_outside_class_are_not_the_method_s(tmp_path):
    """signalr run 535: `this._transport.send(data)` (a constructor's `private readonly _transport: ITransport`),
    `this._webSocket.send(..)` (`_webSocket?: WebSocket`) and `xhr.send(..)` (`new XMLHttpRequest()`) were listed as
    maybe HttpClient.send, and counted in the header; a value of a type parameter stays a guess."""
    text = served_tree(tmp_path / "r", TS_SENDS).call("find_related", symbol="HttpClient.send", relation="callers").text
    assert "2 calling definitions, 2 call sites" in text, text
    assert "src/Queue.ts:8 `await this._transport.send(data);`" in text, text
    assert "src/Ws.ts:5 `this._webSocket.send(data);`" in text and "src/Xhr.ts:7 `xhr.send(url);`" in text, text
    assert "src/Generic.ts:2 in relay `c.send(u);`" in text, text  # (maybe another type's)


STRIPE = {
    "src/main/java/com/x/Proxy.kt": ("package com.x\n\n"
                                     "typealias TokenCheckHandler =\n"
                                     "  (isCardInWallet: Boolean, token: WritableMap?) -> Unit\n\n"
                                     "class Proxy {\n"
                                     "  private var paymentIntentClientSecret: String? = null\n\n"
                                     "  fun invoke(\n    cardDescription: String,\n    token: ReadableMap?,\n  ) {\n"
                                     "    println(cardDescription)\n  }\n}\n"),
}


def test_kotlin_nullable_types_are_not_redacted_and_a_typealias_over_lines_is_whole(tmp_path):
    """stripe run 537: `token: ReadableMap?,` and `paymentIntentClientSecret: String? = null` read as
    `[REDACTED credential assignment]`, hiding the types a question asked for; `typealias TokenCheckHandler =` was
    its first line only."""
    served = served_tree(tmp_path / "r", STRIPE)
    text = served.call("read_code_range", path="src/main/java/com/x/Proxy.kt", start_line=1, end_line=14).text
    assert "REDACTED" not in text, text
    assert "token: ReadableMap?," in text and "paymentIntentClientSecret: String? = null" in text, text
    text = served.call("search_symbol", query="TokenCheckHandler").text
    assert "typealias TokenCheckHandler = (isCardInWallet: Boolean, token: WritableMap?) -> Unit" in text, text


AHO = {
    "Cargo.toml": "[package]\nname = \"aho\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": "pub mod nfa;\npub mod teddy;\npub mod ahocorasick;\n",
    "src/nfa.rs": ("pub struct Builder {\n    dense: usize,\n}\n\n"
                   "impl Builder {\n    pub fn new() -> Builder {\n        Builder { dense: 2 }\n    }\n\n"
                   "    pub fn build(&self, patterns: &[u8]) -> usize {\n        patterns.len() + self.dense\n    }\n}\n"),
    "src/teddy.rs": ("pub struct Builder {\n    fat: bool,\n}\n\n"
                     "impl Builder {\n    pub fn new() -> Builder {\n        Builder { fat: false }\n    }\n\n"
                     "    pub fn fat(&mut self, yes: bool) -> &mut Builder {\n        self.fat = yes;\n        self\n    }\n\n"
                     "    pub fn build(&self, patterns: &[u8]) -> bool {\n        self.fat && patterns.is_empty()\n    }\n}\n"),
    "src/ahocorasick.rs": ("use crate::nfa;\nuse crate::teddy;\n\n"
                           "pub struct AhoCorasickBuilder {\n    nfa_builder: nfa::Builder,\n}\n\n"
                           "impl AhoCorasickBuilder {\n"
                           "    pub fn build(&self, patterns: &[u8]) -> usize {\n"                     # 9
                           "        self.build_with_size::<usize>(patterns)\n    }\n\n"                # 10
                           "    pub fn build_with_size<S>(&self, patterns: &[u8]) -> usize {\n"         # 13
                           "        let n = self.nfa_builder.build(patterns);\n"                        # 14
                           "        let t = teddy::Builder::new()\n            .fat(true)\n"
                           "            .build(patterns);\n"                                           # 17
                           "        if t { n } else { 0 }\n    }\n}\n\n"
                           "#[test]\nfn too_small() {\n"                                                 # 22
                           "    let b = AhoCorasickBuilder { nfa_builder: nfa::Builder::new() };\n"
                           "    b.build_with_size::<u8>(&[1]);\n}\n"),                                  # 24
}


def test_rust_turbofish_calls_and_module_qualified_receivers(tmp_path):
    """aho-corasick run 533: `self.build_with_size::<usize, I, P>(p)` was 'named without a call' and the test's
    `..build_with_size::<u8, _, _>(..)` missing; the callers of nfa::Builder::build listed `teddy::Builder::new()
    .. .build(..)` by receiver type and left out `self.nfa_builder.build(..)` (a field `nfa_builder: nfa::Builder`),
    whose callee row was the caller's own build."""
    served = served_tree(tmp_path / "r", AHO)
    text = served.call("find_related", symbol="AhoCorasickBuilder.build_with_size", relation="callers").text
    assert "2 calling definitions, 2 call sites" in text, text
    assert "10 in AhoCorasickBuilder.build (9-11)" in text and "25 in too_small (22-26)" in text, text
    text = served.call("find_related", symbol="Builder.build", path="src/nfa.rs", relation="callers").text
    assert "1 calling definition, 1 call site" in text, text
    assert "src/ahocorasick.rs:14 in AhoCorasickBuilder.build_with_size" in text and "teddy::Builder" not in text.split("]")[-1], text
    text = served.call("find_related", symbol="AhoCorasickBuilder.build_with_size", relation="callees").text
    assert "Builder.build src/nfa.rs:10-12 called at 14" in text, text
    assert "src/teddy.rs\n  Builder.new 6-8 called at 15" in text, text  # (stop 60: teddy's, through the module path)
    assert "AhoCorasickBuilder.build " not in text, text  # (was the caller's own build, by same file)


KT_REACH = {
    "src/main/java/com/x/Appearance.kt": ("package com.x\n\n"
                                          "fun buildAppearance(m: Map<String, Any>): String {\n"
                                          "  return buildPrimaryButton(m, 1)\n}\n\n"                        # 4
                                          "private fun buildPrimaryButton(m: Map<String, Any>, n: Int): String {\n"
                                          "  return m.toString() + n\n}\n\n"
                                          "@Suppress(\"unused\") internal fun mapConfig(m: Map<String, Any>?): Int {\n"
                                          "  return m?.size ?: 0\n}\n"),
    "src/main/java/com/x/LinkManager.kt": ("package com.x\n\n"
                                           "class LinkManager {\n"
                                           "  fun appearance(m: Map<String, Any>): String {\n"
                                           "    return buildPrimaryButton(m)\n  }\n\n"                          # 5
                                           "  private fun buildPrimaryButton(map: Map<String, Any>): String {\n"
                                           "    return map.toString()\n  }\n}\n"),
}


def test_a_kotlin_private_top_level_function_is_called_from_its_file_only(tmp_path):
    """stripe run 537: LinkManager's bare `buildPrimaryButton(m)` (its own private method) was listed as a caller of
    the file-private top-level buildPrimaryButton of another file, under 'every call is listed'; an annotated
    `internal fun` was labelled (private)."""
    served = served_tree(tmp_path / "r", KT_REACH)
    text = served.call("find_related", symbol="buildPrimaryButton", path="src/main/java/com/x/Appearance.kt",
                       relation="callers").text
    assert "1 calling definition, 1 call site" in text, text
    assert "Appearance.kt:4 in buildAppearance" in text, text
    assert "LinkManager.kt:5 in" not in text, text
    text = served.call("search_symbol", query="mapConfig").text
    assert "mapConfig (internal)" in text, text


CAPIOS = {
    "Sources/Encoder.swift": ("private protocol EncodingContainer {\n    var data: Int? { get }\n}\n\n"
                              "private final class KeyedContainer {\n    var object: Int? { 1 }\n}\n\n"
                              "extension KeyedContainer: EncodingContainer {\n    var data: Int? { object }\n}\n"),
    "Sources/Decoder.swift": ("private final class KeyedContainer {\n    func decodeNil() -> Bool { true }\n}\n"),
    "Sources/Bridge.swift": ("public class Bridge {\n    var plugins = [String: Int]()\n\n"
                             "    func plugin(named name: String) -> Int {\n"
                             "        return plugins[name] ?? load(name)\n    }\n\n"                        # 5
                             "    func load(_ name: String) -> Int {\n        return name.count\n    }\n}\n"),
}


def test_swift_private_types_of_other_files_and_subscripts(tmp_path):
    """capios run 539: an extension in JSValueEncoder.swift was credited to JSValueDecoder.swift's private
    KeyedContainer too (the implementations answer said complete with three false rows); a dictionary field read
    `plugins[name]` was a callee 'called at 496'."""
    served = served_tree(tmp_path / "r", CAPIOS)
    text = served.call("find_related", symbol="EncodingContainer", relation="implementations").text
    assert "Decoder.swift" not in text, text
    assert "5-7 final class KeyedContainer" in text or "KeyedContainer" in text.split("\n", 2)[-1], text
    text = served.call("find_related", symbol="Bridge.plugin", relation="callees").text
    assert "Bridge.load Sources/Bridge.swift:8-10 called at 5" in text, text
    assert "plugins" not in text.split("\n", 1)[1], text


AHO_TRIED = {
    "Cargo.toml": "[package]\nname = \"aho\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": "pub mod nfa;\npub type Result<T> = core::result::Result<T, String>;\n",
    "src/nfa.rs": ("use crate::Result;\n\npub struct Builder {\n    dense: usize,\n}\n\n"
                   "impl Builder {\n    pub fn build(&self, p: &[u8]) -> Result<usize> {\n"
                   "        Compiler::new(self)?.compile(p)\n    }\n}\n\n"                                 # 9
                   "struct Compiler<'a> {\n    builder: &'a Builder,\n}\n\n"
                   "impl<'a> Compiler<'a> {\n    fn new(builder: &'a Builder) -> Result<Compiler<'a>> {\n"
                   "        Ok(Compiler { builder })\n    }\n\n"
                   "    fn compile(self, p: &[u8]) -> Result<usize> {\n        Ok(p.len() + self.builder.dense)\n    }\n}\n"),
}


def test_a_rust_call_on_the_ok_value_of_an_associated_function_is_found(tmp_path):
    """aho-corasick run 533: `Compiler::new(self)?.compile(patterns)` was left out of Compiler::compile's callers as
    'another type's method' (the `?` unwraps the Result new returns), and the depth-3 chain stopped there unsaid."""
    text = served_tree(tmp_path / "r", AHO_TRIED).call("find_related", symbol="Compiler.compile", relation="callers").text
    assert "src/nfa.rs:9 in Builder.build" in text, text
    assert "1 call site" in text, text


def test_a_message_split_over_source_lines_is_found_by_its_first_words(tmp_path):
    """aho-corasick run 533: searching the whole message, which the source continues over lines with `\\`, answered
    'no matches' and the agent searched again with a shorter part."""
    files = {"src/error.rs": ('pub fn message(max: u64) -> String {\n    format!(\n'
                              '        "building the automaton failed because it required \\\n'
                              '         building more states that can be identified, where the \\\n'
                              '         maximum ID for the chosen representation is {}",\n        max,\n    )\n}\n')}
    text = served_tree(tmp_path / "r", files).call(
        "search_text", pattern="building the automaton failed because it required building more states").text
    assert "3: " in text and "in message 1-8" in text, text
    assert "the source splits it over lines" in text, text


def test_an_inherited_member_among_several_names_is_answered(tmp_path):
    """stripe run 537: `search_symbol(query='PaymentSheetManager.present, PaymentSheetManager')` said "no definition
    named 'PaymentSheetManager.present'", where the one name alone answers with the base class's present."""
    files = {"src/main/java/com/x/Base.kt": ("package com.x\n\nabstract class Base {\n  fun present(p: Int) {\n"
                                             "    println(p)\n  }\n}\n"),
             "src/main/java/com/x/Sheet.kt": "package com.x\n\nclass Sheet : Base() {\n  fun show() {\n    present(1)\n  }\n}\n"}
    text = served_tree(tmp_path / "r", files).call("search_symbol", query="Sheet.present, Sheet").text
    assert "no definition named" not in text, text
    assert "has no present of its own: it inherits Base's" in text and "method com.x.Base.present" in text, text


def test_an_implementations_answer_whose_rows_are_all_direct_says_so(tmp_path):
    """signalr run 542: 'depth 3: 4 definitions [complete: all levels listed]' did not say whether any subclass was
    indirect, which the question asked; the agent searched `extends HttpClient`."""
    files = {"src/Base.ts": "export abstract class Base {\n  abstract send(): void;\n}\n",
             "src/A.ts": "import { Base } from \"./Base\";\nexport class A extends Base {\n  send(): void {}\n}\n",
             "src/B.ts": "import { Base } from \"./Base\";\nexport class B extends Base {\n  send(): void {}\n}\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="Base", relation="implementations").text
    assert "[complete: all levels listed; all direct]" in text, text
    files["src/C.ts"] = "import { A } from \"./A\";\nexport class C extends A {}\n"
    text = served_tree(tmp_path / "r2", files).call("find_related", symbol="Base", relation="implementations").text
    assert "all direct" not in text, text


def test_the_rust_uses_view_leaves_out_inherent_methods_named_like_an_imported_trait_s(tmp_path):
    """aho-corasick runs 533 and 541: dfa.rs's uses view credited the Automaton import with
    `self.repr().is_match_state(id)` (Repr's inherent method) and `nfa.next_state(..)` (NFA's inherent one, which Rust
    picks before the trait's)."""
    files = {
        "Cargo.toml": "[package]\nname = \"aho\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "pub mod automaton;\npub mod dfa;\n",
        "src/automaton.rs": ("pub trait Automaton {\n    fn is_match_state(&self, id: usize) -> bool;\n"
                             "    fn find(&self) -> bool {\n        self.is_match_state(0)\n    }\n}\n"),
        "src/dfa.rs": ("use crate::automaton::Automaton;\n\n"
                       "pub struct Repr {\n    max: usize,\n}\n\n"
                       "impl Repr {\n    pub fn is_match_state(&self, id: usize) -> bool {\n        id <= self.max\n    }\n}\n\n"
                       "pub struct Standard(Repr);\n\n"
                       "impl Standard {\n    fn repr(&self) -> &Repr {\n        &self.0\n    }\n}\n\n"
                       "impl Automaton for Standard {\n"                                             # 19
                       "    fn is_match_state(&self, id: usize) -> bool {\n"
                       "        self.repr().is_match_state(id)\n    }\n}\n\n"                       # 21
                       "pub fn run(s: &Standard, r: &Repr) -> bool {\n"
                       "        s.find() && r.is_match_state(1)\n}\n"),                              # 26
    }
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/dfa.rs", view="uses").text
    line = next(x for x in text.splitlines() if "crate::automaton" in x)
    assert "Automaton::find() (automaton.rs:3) at 28" in line, text
    assert "is_match_state" not in line, text


def test_a_kotlin_object_under_two_annotations_with_top_level_functions_after_it_is_indexed(tmp_path):
    """stripe-react-native run 543: tree-sitter-kotlin read `@A("x")\\n@B(C::class)\\ninternal object M {..}` followed
    by a top-level function as an expression (no syntax error): the object was missing from the outline and its
    methods were listed as top-level functions."""
    files = {"src/main/kotlin/a/M.kt": ("package a\n\n@A(\"x\")\n@B(C::class)\ninternal object M {\n"
                                        "  fun map(): Int = g(1)\n}\n\nprivate fun g(x: Int) = x\n\nprivate const val K = \"k\"\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("get_structured_index", path="src/main/kotlin/a/M.kt").text
    assert "internal object M" in text, text
    text = served.call("find_related", symbol="g", relation="callers").text
    assert "in M.map" in text, text


def test_a_swift_struct_built_with_labels_no_init_declares_uses_its_memberwise_initializer(tmp_path):
    """capios runs 539 and 544: `JSResult(call: call, result: r)` was said to build with the declared
    `init(call:callResult:)`; the labels name the struct's implicit memberwise initializer."""
    files = {"Sources/JS.swift": ("public struct JSResult {\n    let call: String\n    let result: Int\n}\n\n"
                                  "extension JSResult {\n    init(call: String, callResult: Double) {\n"
                                  "        self.call = call\n        self.result = Int(callResult)\n    }\n}\n"),
             "Sources/Bridge.swift": ("func handle(call: String) {\n    let a = JSResult(call: call, callResult: 1.0)\n"
                                      "    let b = JSResult(call: call,\n                     result: 2)\n    print(a, b)\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="handle", relation="callees").text
    assert "its memberwise initializer (call:result:) at 3" in text, text
    assert "(call: String, callResult: Double) at 2" in text, text


def test_kotlin_callees_on_a_library_type_are_said_so(tmp_path):
    """stripe run 543: `unresolved (a receiver of unknown type): ReadableMap.getMap (on params)` named the receiver's
    type while calling it unknown."""
    files = {"src/main/java/com/x/M.kt": ("package com.x\n\nimport com.facebook.react.bridge.ReadableMap\n\n"
                                          "class M {\n  fun init(params: ReadableMap) {\n"
                                          "    val a = params.getMap(\"appInfo\")\n    a?.let { println(it) }\n  }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="M.init", relation="callees").text
    assert "methods of library types: ReadableMap.getMap (on params) at 7" in text, text


def test_a_deeper_caller_through_an_interface_only_the_target_implements_is_followed(tmp_path):
    """signalr run 542: a depth-3 callers answer stopped at `this.connection.start()` (connection: IConnection, which
    only HttpConnection implements) with 'not followed', and the agent read the rest of the chain by hand."""
    files = {"src/IConnection.ts": "export interface IConnection {\n  start(): Promise<void>;\n}\n",
             "src/HttpConnection.ts": ("import { IConnection } from \"./IConnection\";\n\n"
                                       "export class HttpConnection implements IConnection {\n"
                                       "  public start(): Promise<void> {\n    return this._startInternal();\n  }\n\n"
                                       "  private _startInternal(): Promise<void> {\n    return Promise.resolve();\n  }\n}\n"),
             "src/Hub.ts": ("import { IConnection } from \"./IConnection\";\n\n"
                            "export class Hub {\n  constructor(private readonly connection: IConnection) {}\n\n"
                            "  public begin(): Promise<void> {\n    return this.connection.start();\n  }\n\n"
                            "  public run(): Promise<void> {\n    return this.begin();\n  }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="HttpConnection._startInternal",
                                                     relation="callers", depth=3).text
    assert "in Hub.begin" in text and "not followed" not in text.split("in Hub.begin", 1)[1].split("\n", 1)[0], text
    assert "in Hub.run" in text, text


def test_batch_takes_budget_tokens_for_its_joined_answer(tmp_path):
    """stripe runs 543 and 545: batch's description spoke of 4,096 tokens 'by default' and refused budget_tokens; the
    agents lost a call to it."""
    body = "".join(f"def f{i}(x):\n    return x + {i}  # a line of text to fill the file\n\n" for i in range(110))
    served = served_tree(tmp_path / "r", {"a.py": body, "b.py": body})
    calls = [{"tool": "read_code_range", "path": "a.py"}, {"tool": "read_code_range", "path": "b.py"}]
    small = served.call("batch", calls=calls).text
    assert "1 of 2 answers shown" in small, small[-400:]
    big = served.call("batch", calls=calls, budget_tokens=16000).text
    assert "answers shown" not in big and "def f109" in big.split("b.py", 1)[1], big[-400:]


def test_a_swift_signature_keeps_objc(tmp_path):
    """capios runs 539, 544 and 546: `@objc public func setServerBasePath(path: String)` was given without `@objc`
    (it exposes the method to Objective-C), and the agents read the source for it."""
    files = {"Sources/V.swift": ("import UIKit\n\n@objc(CAPView) open class V: UIViewController {\n"
                                 "    @discardableResult @objc public func setPath(path: String) -> Bool {\n        return true\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("search_symbol", query="setPath").text
    assert "— @objc public func setPath(path: String) -> Bool" in text, text


def test_the_kotlin_uses_view_names_overloads_and_skips_another_class_s_member(tmp_path):
    """stripe runs 537, 543 and 545: `createError (Errors.kt:132) at 58` named the widest of five overloads, not the
    one line 58 calls; `RESULT_OK at 89,96` counted `PushProvisioningActivity.RESULT_OK`, another class's member."""
    files = {"src/main/java/com/x/utils/Errors.kt": ("package com.x.utils\n\n"
                                                     "fun createError(code: String, message: String?): String = code\n\n"
                                                     "fun createError(code: String, error: Exception): String {\n"
                                                     "  return code + error.message\n}\n"),
             "src/main/java/com/x/Proxy.kt": ("package com.x\n\nimport android.app.Activity.RESULT_OK\n"
                                              "import com.x.utils.createError\n\n"
                                              "class Proxy {\n  fun run(code: Int): String {\n"
                                              "    if (code == RESULT_OK) return createError(\"Failed\", \"no\")\n"   # 8
                                              "    if (code == Starter.RESULT_OK) return \"ok\"\n"                  # 9
                                              "    return \"\"\n  }\n}\n\nobject Starter {\n  const val RESULT_OK = 1\n}\n")}
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/main/java/com/x/Proxy.kt", view="uses").text
    assert "RESULT_OK at 8\n" in text or "RESULT_OK at 8;" in text, text
    assert "createError (Errors.kt:3,5 (overloads)) at 8" in text, text


def test_kotlin_callees_of_imported_library_classes_name_their_package(tmp_path):
    """stripe runs 543 and 545: `AppInfo.create(..)`, `Stripe(..)` and `PaymentConfiguration.init(..)`, classes the
    file imports from libraries, were 'unresolved (a receiver of unknown type)'; the agent searched the imports."""
    files = {"src/main/java/com/x/M.kt": ("package com.x\n\nimport com.stripe.android.Stripe\n"
                                          "import com.stripe.android.core.AppInfo\n\n"
                                          "class M {\n  fun init(key: String) {\n"
                                          "    val info = AppInfo.create(key)\n    val s = Stripe(key)\n    println(info)\n  }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="M.init", relation="callees").text
    assert "AppInfo.create (com.stripe.android.core) at 8" in text, text
    assert "classes of other packages (instances built): Stripe (com.stripe.android) at 9" in text, text
    assert "unknown type" not in text, text
