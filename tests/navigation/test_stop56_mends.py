"""Mends of stop 56, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

TS_NATIVE = ("export class Parser {\n"                                          # 1
             "  definitionErrors: string[] = [];\n"
             "  byName: Map<string, number> = new Map();\n"
             "  run(extra: Array<string>, label: string): void {\n"            # 4
             "    const seen: Set<string> = new Set();\n"
             "    this.definitionErrors = this.definitionErrors.concat(extra);\n"
             "    this.byName.set(label, 1);\n"
             "    seen.add(label.trim());\n"
             "    const joined = extra.join(',');\n"
             "    mystery.doIt(joined);\n"
             "  }\n"
             "}\n")


def test_ts_calls_on_natively_typed_fields_params_and_locals_are_builtins(tmp_path):
    """chevrotain run 482: `this.definitionErrors.concat(..)` on an `IParserDefinitionError[]` field was "a receiver of
    unknown type" under a callees answer; the declared type says it is Array's concat."""
    got = served_tree(tmp_path / "r", {"src/parser.ts": TS_NATIVE}).call(
        "find_related", symbol="Parser.run", relation="callees")
    builtins = next(line for line in got.text.splitlines() if line.startswith("builtins:"))
    for said in ("Array.concat (on this.definitionErrors)", "Map.set (on this.byName)", "Set.add (on seen)",
                 "String.trim (on label)", "Array.join (on extra)"):
        assert said in builtins, got.text
    unresolved = next(line for line in got.text.splitlines() if line.startswith("unresolved"))
    assert "mystery.doIt" in unresolved and "concat" not in unresolved, got.text


PHP_VENDOR_CONFIG = ("<?php\nnamespace App;\n\nuse Dflydev\\DotAccessData\\Data;\n\nclass Config\n{\n"
                     "    private Data $data;\n\n"
                     "    public function get(string $key)\n    {\n"
                     "        return $this->data->get($key);\n"                 # 12
                     "    }\n}\n")
PHP_OWN_USER = ("<?php\nnamespace App;\n\nuse App\\Util\\Data;\n\nclass Reader\n{\n"
                "    private Data $data;\n\n"
                "    public function read(string $key)\n    {\n"
                "        return $this->data->get($key);\n"                       # 12
                "    }\n}\n")
PHP_REPO_DATA = "<?php\nnamespace App\\Util;\n\nclass Data\n{\n    public function get(string $key)\n    {\n        return null;\n    }\n}\n"


def test_php_vendor_class_sharing_a_short_name_with_a_repository_class_is_not_it(tmp_path):
    r"""Review of stop 55: `private Data $data` under `use Dflydev\DotAccessData\Data;` made `$this->data->get()` the
    repository's App\Util\Data::get, in its callers and in the callees of the method calling it."""
    served = served_tree(tmp_path / "r", {"src/Config.php": PHP_VENDOR_CONFIG, "src/Reader.php": PHP_OWN_USER,
                                          "src/Util/Data.php": PHP_REPO_DATA})
    callers = served.call("find_related", symbol="Data.get", relation="callers")
    assert "Reader.read" in callers.text and "in Config.get" not in callers.text, callers.text
    callees = served.call("find_related", symbol="Config.get", relation="callees")
    assert "src/Util/Data.php" not in callees.text and "Dflydev\\DotAccessData\\Data::get" in callees.text, callees.text
    own = served.call("find_related", symbol="Reader.read", relation="callees")
    assert "src/Util/Data.php" in own.text, own.text


RB_CHAIN = {
    "lib/m/transformer.rb": ("module M\n  class Transformer\n    def self.transform(tree)\n      new.translate(tree)\n"
                             "    end\n\n    def transform(tree)\n      tree\n    end\n  end\nend\n"),
    "lib/m/pattern.rb": ("require 'forwardable'\n\nmodule M\n  class Pattern\n"
                         "    extend Forwardable\n"
                         "    instance_delegate %i[transformer validation] => 'self.class'\n"          # 6
                         "    instance_delegate transform: :transformer, validate: :validation\n\n"    # 7
                         "    def self.transformer\n      Transformer\n    end\n\n"                     # 9
                         "    def self.validation\n      return Checker if self == Pattern\n      Other\n    end\n\n"
                         "    def to_ast\n"                                                              # 18
                         "      ast = transform(@string)\n"
                         "      validate(ast)\n    end\n  end\nend\n"),
}


def test_ruby_forwardable_call_through_self_class_ends_at_the_returned_class_method(tmp_path):
    """mustermann run 482: `transform(ast)` handed to `transformer`, itself handed to `self.class`, was said as
    `transform -> transformer.transform`; the agent then read the class method and the class it returns for each of
    four such calls. The answer now ends at Transformer.transform, with where it is."""
    text = served_tree(tmp_path / "r", RB_CHAIN).call("find_related", symbol="M::Pattern#to_ast", relation="callees").text
    assert "transform -> transformer.transform (Forwardable, line 7) = self.class.transformer (9) -> " \
           "M::Transformer.transform lib/m/transformer.rb:3-5" in text, text
    assert "validate -> validation.validate (Forwardable, line 7) = self.class.validation (13) -> one of Checker.validate, Other.validate" in text, text


RB_DELEGATORS = {
    "lib/m/pattern.rb": ("module M\n  class Pattern\n    def match(s)\n      nil\n    end\n\n"
                         "    def names\n      []\n    end\n  end\nend\n"),
    "lib/m/regexp_based.rb": ("require 'forwardable'\n\nmodule M\n  class RegexpBased < Pattern\n"
                              "    extend Forwardable\n"
                              "    attr_reader :regexp\n"
                              "    alias_method :to_regexp, :regexp\n"                                # 7
                              "    def_delegators :regexp, :===, :match, :names\n"                    # 8
                              "    def_delegator :@items, :length, :size\n"                            # 9
                              "    delegate :email, :name, to: :user\n"                                # 10
                              "    instance_delegate %i[parser compiler] => 'self.class'\n"           # 11
                              "  end\nend\n"),
}


def test_ruby_methods_written_by_forwardable_and_aliases_are_definitions(tmp_path):
    """mustermann run 482: RegexpBased's `def_delegators :regexp, :===, :=~, :match, :names` override Pattern's match
    and names, yet no outline, search or implementations answer had them: the agent read pattern.rb whole."""
    served = served_tree(tmp_path / "r", RB_DELEGATORS)
    methods = served.call("search_symbol", query="M::RegexpBased", kind="method").text
    for name, line in (("to_regexp", 7), ("===", 8), ("match", 8), ("names", 8), ("size", 9), ("email", 10),
                       ("name", 10), ("parser", 11), ("compiler", 11)):
        assert f"{name} {line}" in methods, methods
    assert "to 10" not in methods and "length" not in methods and "regexp 8" not in methods, methods
    impls = served.call("find_related", symbol="M::Pattern#match", relation="implementations").text
    assert "lib/m/regexp_based.rb:8" in impls and "RegexpBased#match" in impls, impls
    outline = served.call("get_structured_index", path="lib/m/regexp_based.rb").text
    row = next(line for line in outline.splitlines() if "def_delegators" in line)
    assert outline.count("def_delegators") == 1 and "M::Pattern#match" in row and "M::Pattern#names" in row, outline


def test_negated_bare_calls_are_calls_in_kotlin_and_swift(tmp_path):
    """gesture-handler run 485: `if (!isViewAttachedUnderWrapper(handler.view ?: ..))` is read by the Kotlin grammar as
    `!name` called, so the callees answer said "complete" without it and its callers were none; Swift's grammar does
    the same with `!ready(1)` and `!b.ready(2)`."""
    kt = ("class Orchestrator {\n"
          "  private fun deliver(handler: Handler) {\n"
          "    if (!isAttached(handler.view ?: handler.host)) {\n"                     # 3
          "      return\n    }\n  }\n\n"
          "  private fun isAttached(view: Any?): Boolean = view != null\n"            # 8
          "}\n\nclass Handler { val view: Any? = null; val host: Any? = null }\n")
    served = served_tree(tmp_path / "k", {"src/Orchestrator.kt": kt})
    callers = served.call("find_related", symbol="Orchestrator.isAttached", relation="callers").text
    assert "1 calling definition" in callers and "Orchestrator.deliver" in callers, callers
    callees = served.call("find_related", symbol="Orchestrator.deliver", relation="callees").text
    assert "Orchestrator.isAttached src/Orchestrator.kt:8-8 called at 3" in callees, callees
    swift = ("class Box {\n  func ready(_ x: Int) -> Bool { return x > 0 }\n  func go(_ b: Box) {\n"
             "    if !ready(1) { return }\n    if !b.ready(2) { return }\n  }\n}\n")
    got = served_tree(tmp_path / "s", {"Sources/Box.swift": swift}).call(
        "find_related", symbol="Box.ready", relation="callers").text
    assert "2 call sites" in got and "Box.go" in got, got


JAVA_NEXT = {
    "src/main/java/p/ArgumentList.java": ("package p;\n\nclass ArgumentList {\n    private final String[] arguments;\n"
                                          "    private int currentIndex;\n\n    ArgumentList( String... arguments ) {\n"
                                          "        this.arguments = arguments.clone();\n    }\n\n"
                                          "    String next() {\n        return arguments[ currentIndex++ ];\n    }\n}\n"),
    "src/main/java/p/Strings.java": ("package p;\n\nimport java.util.Iterator;\nimport java.util.List;\n\nfinal class Strings {\n"
                                     "    static String join( Iterable<String> pieces, String separator ) {\n"
                                     "        StringBuilder buffer = new StringBuilder();\n"
                                     "        for ( Iterator<String> iter = pieces.iterator(); iter.hasNext(); ) {\n"
                                     "            buffer.append( iter.next() );\n        }\n"              # 10
                                     "        return buffer.toString();\n    }\n\n"
                                     "    static String first( List<String> options ) {\n"
                                     "        return options.iterator().next();\n    }\n}\n"),             # 16
    "src/main/java/p/Tokenizer.java": ("package p;\n\nclass Tokenizer {\n    private int index;\n\n"
                                       "    String next() {\n        return \"x\";\n    }\n\n"
                                       "    void configure( Parser parser ) {\n        while ( index < 3 )\n"
                                       "            parser.recognize( next() );\n    }\n}\n"),                # 12
    "src/main/java/p/Parser.java": "package p;\n\nclass Parser {\n    void recognize( String s ) {\n    }\n}\n",
    "src/main/java/p/OptionalArgumentOptionSpec.java": ("package p;\n\nclass OptionalArgumentOptionSpec {\n"
                                                        "    String detect( ArgumentList arguments ) {\n"
                                                        "        return arguments.next();\n    }\n}\n"),
    "src/main/java/p/RequiredArgumentOptionSpec.java": ("package p;\n\nclass RequiredArgumentOptionSpec {\n"
                                                        "    String detect( ArgumentList arguments ) {\n"
                                                        "        return arguments.next();\n    }\n}\n"),
    "src/test/java/p/ArgumentListTest.java": ("package p;\n\npublic class ArgumentListTest {\n    public void nextIs() {\n"
                                              "        ArgumentList list = new ArgumentList( \"a\" );\n        list.next();\n    }\n}\n"),
}


def test_java_callers_are_not_tests_in_src_main_nor_iterators_nor_the_own_class_method(tmp_path):
    """jopt-simple run 487: callers of ArgumentList.next put three src/main callers (`...OptionSpec.java`) "in test
    files", and padded the answer with 17 "maybe" sites: a for-loop's `Iterator<String> iter`, `x.iterator().next()`
    and a bare `next()` in a class that has its own next()."""
    got = served_tree(tmp_path / "r", JAVA_NEXT).call("find_related", symbol="ArgumentList.next", relation="callers").text
    tests = next((line for line in got.splitlines() if line.startswith("in test files")), "")
    assert "src/main" not in tests, got
    assert "OptionalArgumentOptionSpec.detect" in got and "RequiredArgumentOptionSpec.detect" in got, got
    assert "matched by name only" not in got and "complete:" in got, got
    assert "Strings.java:10" in got and "Strings.java:16" in got and "Tokenizer.java:12" in got, got  # (left out, said)


C_LINKED = {
    "a.c": ("#include \"b.h\"\n#include \"log.h\"\n\nint run(void)\n{\n\tint r = f(1);\n"
            "\terrx(1, \"bad %d\", r);\n\treturn r;\n}\n"),
    "b.h": "#include \"c.h\"\nint g(int);\n",
    "c.h": "int f(int);\n",
    "log.h": ("#ifdef __GNUC__\n#define CHECK_FMT(a,b) __attribute__((format(printf, a, b)))\n"
              "#define NORETURN __attribute__((noreturn))\n#else\n#define CHECK_FMT(a,b)\n#define NORETURN\n#endif\n\n"
              "LIB_EXPORT_SYMBOL\nvoid errx(int eval, const char *fmt, ...) CHECK_FMT(2,3) NORETURN;\n"      # 9-10
              "LIB_EXPORT_SYMBOL extern unsigned int debug_mask;\n"),                                              # 11
    "c.c": "#include \"c.h\"\nint f(int x)\n{\n\treturn x + 1;\n}\n",
    "log.c": "#include \"log.h\"\nvoid\nerrx(int eval, const char *fmt, ...)\n{\n\t(void)eval; (void)fmt;\n}\n",
}


def test_c_callees_link_by_name_and_prototypes_with_attribute_and_export_macros_are_indexed(tmp_path):
    """libevent run 489: event_reinit's callees said evsig_init_ (declared in a header reached through another) and
    event_errx (its prototype `.. EV_CHECK_FMT(2,3) EV_NORETURN;` under `EVENT2_EXPORT_SYMBOL`) were "not defined by
    name in the repository" under "complete"; the header's prototypes were all named EVENT2_EXPORT_SYMBOL."""
    served = served_tree(tmp_path / "r", C_LINKED)
    callees = served.call("find_related", symbol="run", relation="callees").text
    assert "f c.c:2-5 called at 6" in callees and "errx log.c:2-6 called at 7" in callees, callees
    assert "not defined by name" not in callees, callees
    outline = served.call("get_structured_index", path="log.h").text
    assert "void errx(int eval, const char *fmt, ...)" in outline and "EXPORT_SYMBOL" not in outline.split("#endif")[-1], outline
    assert "debug_mask" in served.call("search_symbol", query="debug_mask").text


GO_DOT = {
    "go.mod": "module example.com/ex\n\ngo 1.18\n",
    "ast/node.go": ("package ast\n\ntype Node interface{}\n\ntype BinaryNode struct {\n\tOp string\n}\n\n"
                    "func Patch(node *Node, newNode Node) {\n\t*node = newNode\n}\n"),              # 9
    "optimizer/fold.go": ("package optimizer\n\nimport (\n\t\"math\"\n\n\t. \"example.com/ex/ast\"\n)\n\n"
                          "type fold struct{}\n\nfunc (f *fold) Exit(node *Node) {\n"                 # 11
                          "\t_ = math.Pi\n\tPatch(node, &BinaryNode{Op: \"+\"})\n}\n"),               # 13
    "checker/checker.go": ("package checker\n\nimport \"reflect\"\n\ntype visitor struct{}\n\n"
                           "func (v *visitor) visit(n int) reflect.Type {\n\treturn nil\n}\n\n"
                           "func (v *visitor) check(arg int) bool {\n"                                # 11
                           "\tt := v.visit(arg)\n\treturn t.Kind() == reflect.Int\n}\n"),             # 13
    "docgen/docgen.go": "package docgen\n\ntype Kind int\n\ntype Type struct {\n\tKind Kind\n}\n",
}


def test_go_dot_imports_and_outside_results(tmp_path):
    """expr run 483: `Patch(node, ..)` in optimizer files dot-importing ast was left out of ast.Patch's "complete"
    callers and unresolved in their callees; the uses view said only "a dot import" of vm, compiler.go's most used
    import; `t := v.visit(arg)` (returning reflect.Type) made `t.Kind()` docgen's struct field Type.Kind."""
    served = served_tree(tmp_path / "r", GO_DOT)
    callers = served.call("find_related", symbol="ast.Patch", relation="callers").text
    assert "optimizer/fold.go:13 in fold.Exit" in callers, callers
    callees = served.call("find_related", symbol="fold.Exit", relation="callees").text
    assert "Patch 9-11 called at 13" in callees and "struct BinaryNode" in callees, callees
    uses = served.call("list_dependencies", path="optimizer/fold.go", view="uses").text
    assert "a dot import" in uses and "Patch (node.go:9) at 13" in uses and "BinaryNode (node.go:5) at 13" in uses, uses
    checked = served.call("find_related", symbol="visitor.check", relation="callees").text
    assert "docgen" not in checked and "reflect.Type.Kind (on t) at 13" in checked, checked


JAVA_STATIC = {
    "src/main/java/p/internal/Reflection.java": ("package p.internal;\n\npublic final class Reflection {\n"
                                                 "    public static Object findConverter( Class<?> c ) {\n        return null;\n    }\n\n"
                                                 "    public static Object convertWith( Object c, String s ) {\n        return s;\n    }\n}\n"),
    "src/main/java/p/internal/Strings.java": ("package p.internal;\n\npublic final class Strings {\n"
                                              "    public static final String EMPTY = \"\";\n}\n"),
    "src/main/java/p/Base.java": ("package p;\n\nabstract class Base {\n"
                                  "    protected Object convertWith( Object c, String s ) {\n        return c;\n    }\n}\n"),
    "src/main/java/p/Spec.java": ("package p;\n\nimport java.util.*;\n\n"
                                  "import static java.util.Collections.*;\nimport static java.util.Objects.*;\n\n"   # 5-6
                                  "import static p.internal.Reflection.*;\nimport static p.internal.Strings.*;\n\n"  # 8-9
                                  "class Spec extends Base {\n"
                                  "    private final List<String> values = new ArrayList<>();\n"                       # 12
                                  "    Object of( Class<?> type ) {\n        return findConverter( requireNonNull( type ) );\n    }\n"  # 14
                                  "    Object convert( String s ) {\n        return convertWith( null, s );\n    }\n"  # 17
                                  "    List<String> all() {\n        return unmodifiableList( values );\n    }\n}\n"),  # 20
}


def test_java_wildcard_and_static_wildcard_imports_name_what_they_bring(tmp_path):
    """jopt-simple run 487: `import static java.util.Collections.*;`, `..Objects.*` and `..Reflection.*` read "no name
    of it used in code" though unmodifiableList, requireNonNull and findConverter are used; convertWith is the
    inherited method's, which hides the static import's."""
    uses = served_tree(tmp_path / "r", JAVA_STATIC).call(
        "list_dependencies", path="src/main/java/p/Spec.java", view="uses").text
    rows = {line.split()[0]: line for line in uses.splitlines()[1:] if line.strip()[:1].isdigit()}
    assert "List at 12,19" in rows["3"] and "ArrayList at 12" in rows["3"], uses
    assert "Collections.unmodifiableList at 20" in rows["5"] and "Objects.requireNonNull at 14" in rows["6"], uses
    assert "Reflection.findConverter (src/main/java/p/internal/Reflection.java:4) at 14" in rows["8"] \
        or "Reflection.findConverter (Reflection.java:4) at 14" in rows["8"], uses
    assert "convertWith" not in rows["8"] and "no name of it used" in rows["9"], uses
    # (each wildcard on its own row, in the form it is written: jcommander run 491, jopt-simple run 495)
    assert rows["3"].split(":")[0].strip() == "3 java.util.* (standard library)" and "static java.util.Collections.*" in rows["5"], uses


KT_HOOK = ("package p\n\nopen class Base {\n  open fun shouldRecognize(): Boolean = true\n}\n\n"
           "class Handler : Base() {\n"                                                     # 7
           "  override fun shouldRecognize(): Boolean = false\n"                            # 8
           "  fun reset() {}\n\n"
           "  interface Hook {\n    fun canBegin(): Boolean = true\n    fun shouldRecognize(): Boolean = true\n  }\n\n"
           "  companion object {\n"
           "    private val defaultHook = object : Hook {}\n"                               # 17
           "  }\n}\n\n"
           "fun eagerHook(): Handler.Hook {\n"                                                # 21
           "  val eager = object : Handler.Hook {\n"                                         # 22
           "    override fun canBegin(): Boolean = false\n  }\n  return eager\n}\n")


def test_kotlin_object_expression_rows_name_their_own_overrides_not_the_enclosing_class(tmp_path):
    """gesture-handler run 485: `val defaultHook = object : NativeViewGestureHandlerHook {}` in a companion object was
    listed as the class NativeViewGestureHandler implementing the hook, overriding the class's own methods."""
    got = served_tree(tmp_path / "r", {"src/p/Handler.kt": KT_HOOK}).call(
        "find_related", symbol="Handler.Hook", relation="implementations").text
    rows = [line for line in got.splitlines() if "object : Hook" in line]
    empty = next(r for r in rows if "val defaultHook" in r)
    eager = next(r for r in rows if "val eager" in r)
    assert "overrides none of Hook's methods" in empty and "shouldRecognize" not in empty, got
    assert "canBegin 23" in eager and "shouldRecognize" not in eager and "reset" not in eager, got


KT_COMPANION = ("package p\n\nclass Orchestrator {\n  fun deliver(): Int = MAX\n\n"
                "  private companion object {\n"                                              # 6
                "    const val MAX = 10\n"                                                     # 7
                "    private val handlersComparator = Comparator<Int> { a, b ->\n"            # 8
                "      Integer.signum(b - a)\n"                                                # 9
                "    }\n  }\n}\n")


def test_kotlin_companion_object_in_outline_and_a_line_in_a_property_value_named(tmp_path):
    """gesture-handler run 485: no outline showed where an unnamed companion object starts (its members looked like
    the class's own), and a read of a line inside `private val handlersComparator = Comparator<..> { a, b -> .. }`
    said only "in class GestureHandlerOrchestrator"."""
    served = served_tree(tmp_path / "r", {"src/p/Orchestrator.kt": KT_COMPANION})
    outline = served.call("get_structured_index", path="src/p/Orchestrator.kt").text
    assert "6-11 companion object" in outline or "6-11 private companion object" in outline, outline
    read = served.call("read_code_range", path="src/p/Orchestrator.kt:9").text
    assert "in field Orchestrator.handlersComparator 8-10" in read.splitlines()[0], read
    assert "Orchestrator.MAX" in served.call("search_symbol", query="Orchestrator.MAX").text


C_OPS = {
    "event-internal.h": ("struct eventop {\n\tconst char *name;\n\tvoid *(*init)(struct event_base *);\n"
                         "\tint (*add)(struct event_base *, int fd);\n\tint (*dispatch)(struct event_base *);\n"
                         "\tint need_reinit;\n};\n"),
    "epoll.c": ("#include \"event-internal.h\"\nstatic void *epoll_init(struct event_base *b) { return 0; }\n"
                "static int epoll_add(struct event_base *b, int fd) { return 0; }\n"
                "static int epoll_dispatch(struct event_base *b) { return 0; }\n\n"
                "const struct eventop epollops = {\n\t\"epoll\",\n\tepoll_init,\n\tepoll_add,\n"        # 6
                "\tepoll_dispatch,\n\t1, /* need reinit */\n};\n"),
    "signal.c": ("#include \"event-internal.h\"\nstatic int evsig_add(struct event_base *b, int fd) { return 0; }\n\n"
                 "static const struct eventop evsigops = {\n\t.name = \"signal\",\n\t.add = evsig_add,\n};\n"),  # 4
    "event.c": ("#include \"event-internal.h\"\nextern const struct eventop epollops;\n"
                "static const struct eventop *eventops[] = {\n\t&epollops,\n\tNULL\n};\n"),
}


def test_c_struct_of_function_pointers_lists_its_ops_tables(tmp_path):
    """libevent run 489: `find_related eventop implementations` answered "nothing in the repository names eventop as a
    base"; the agent grepped for the eleven backends' initialisers and mapped their positional slots by hand."""
    got = served_tree(tmp_path / "r", C_OPS).call("find_related", symbol="eventop", relation="implementations").text
    assert "variable epollops" in got and "init epoll_init (2), add epoll_add (3), dispatch epoll_dispatch (4)" in got, got
    assert "variable evsigops" in got and "add evsig_add (2)" in got and "eventops" not in got.replace("evsigops", ""), got


JAVA_DISPATCH = {
    "src/main/java/p/State.java": ("package p;\n\nabstract class State {\n"
                                   "    static State more() {\n        return new State() {\n"              # 4-5
                                   "            @Override\n            void handle( Parser parser ) {\n"    # 7
                                   "                parser.toString();\n            }\n        };\n    }\n\n"
                                   "    abstract void handle( Parser parser );\n}\n"),                      # 13
    "src/main/java/p/Parser.java": ("package p;\n\nclass Parser {\n    private State state = State.more();\n\n"
                                    "    void parse() {\n        state.handle( this );\n    }\n}\n"),           # 7
    "src/main/java/p/Spec.java": ("package p;\n\nabstract class Spec {\n    final void handleOption() {\n"
                                  "        detect();\n    }\n\n    protected abstract void detect();\n}\n"),  # 5
    "src/main/java/p/Required.java": ("package p;\n\nclass Required extends Spec {\n"
                                      "    @Override\n    protected void detect() {\n"
                                      "        throw new IllegalStateException( \"missing\" );\n    }\n}\n"),
}


def test_java_calls_through_the_base_reach_anonymous_and_subclass_overrides(tmp_path):
    """jopt-simple run 487: the anonymous class's handleArgument (in OptionParserState.moreOptions) had "0 call sites"
    though OptionParser.parse calls `state.handleArgument(..)` on the base; and the base class's bare call of its
    abstract detectOptionArgument, which runs the subclass's, was no caller of the subclass's method."""
    served = served_tree(tmp_path / "r", JAVA_DISPATCH)
    anon = served.call("find_related", symbol="State.more.handle", relation="callers").text
    assert "src/main/java/p/Parser.java:7 in Parser.parse" in anon and "through State.handle" in anon, anon
    sub = served.call("find_related", symbol="Required.detect", relation="callers").text
    assert "src/main/java/p/Spec.java:5 in Spec.handleOption" in sub, sub


def test_java_test_source_set_is_the_same_package_as_main(tmp_path):
    """jopt-simple run 487: tests in src/test/java/joptsimple/ use the package's classes unimported, as Java allows;
    their seven calls of OptionMissingRequiredArgumentException were each "[name only]"."""
    files = {"src/main/java/p/Missing.java": "package p;\n\nclass Missing extends RuntimeException {\n    Missing() {\n    }\n}\n",
             "src/main/java/p/Spec.java": "package p;\n\nclass Spec {\n    void detect() {\n        throw new Missing();\n    }\n}\n",
             "src/test/java/p/SpecTest.java": ("package p;\n\npublic class SpecTest {\n    public void fails() {\n"
                                               "        Object e = new Missing();\n    }\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Missing", relation="callers").text
    assert "SpecTest.fails" in got and "name only" not in got and "same package" in got.splitlines()[0], got


C_LOCKS = {
    "evthread-internal.h": ("#ifndef EVTHREAD_INTERNAL_H_\n#define EVTHREAD_INTERNAL_H_\n\n"
                            "#if ! defined(DISABLE_THREAD_SUPPORT)\n"
                            "#define BASE_LOCK(base, lockvar) do {\t\\\n\t\tlock_fn((base)->lockvar);\t\\\n\t} while (0)\n"  # 5-7
                            "#else\n#define BASE_LOCK(base, lock) NIL_STMT_\n#endif\n\n"                                       # 9
                            "void lock_fn(void *l);\n#endif\n"),
    "event.c": ("#include \"evthread-internal.h\"\n\nstruct event_base { void *lock; };\n\n"
                "int event_reinit(struct event_base *base)\n{\n\tBASE_LOCK(base, lock);\n\treturn 0;\n}\n"),   # 7
}


def test_c_macro_callee_is_the_usual_builds_variant_and_names_the_others_with_their_conditions(tmp_path):
    """libevent run 489: event_reinit's EVBASE_ACQUIRE_LOCK was the no-op variant under EVENT__DISABLE_THREAD_SUPPORT
    (`#define EVBASE_ACQUIRE_LOCK(base, lock) EVUTIL_NIL_STMT_`); the agent spent three calls on the others."""
    got = served_tree(tmp_path / "r", C_LOCKS).call("find_related", symbol="event_reinit", relation="callees").text
    row = next(line for line in got.splitlines() if "BASE_LOCK" in line)
    assert "BASE_LOCK evthread-internal.h:5-7 called at 7" in row and "9 (#else of #if ! defined(DISABLE_THREAD_SUPPORT))" in row, got


def test_c_the_branch_a_disable_macro_leaves_on_is_the_usual_build(tmp_path):
    """libevent run 496: `search_symbol EVENT_DEBUG_MODE_IS_ON` showed the `#else` stub `(0)` of `#ifndef
    EVENT__DISABLE_DEBUG_MODE` first, so the check it guards read as dead code."""
    header = ("#ifndef EVENT_INTERNAL_H_\n#define EVENT_INTERNAL_H_\n\n#ifndef EVENT__DISABLE_DEBUG_MODE\n"
              "extern int event_debug_mode_on_;\n#define EVENT_DEBUG_MODE_IS_ON() (event_debug_mode_on_)\n"   # 6
              "#else\n#define EVENT_DEBUG_MODE_IS_ON() (0)\n#endif\n\n#endif\n")                             # 8
    got = served_tree(tmp_path / "r", {"event-internal.h": header}).call(
        "search_symbol", query="EVENT_DEBUG_MODE_IS_ON").text
    assert got.splitlines()[0].startswith("event-internal.h:6-6 function EVENT_DEBUG_MODE_IS_ON") \
        or "event-internal.h:6-6" in got.splitlines()[1], got


def test_a_call_on_what_another_call_returns_is_not_recursive(tmp_path):
    """gesture-handler run 494: `RootView.findRootView(this)?.recordHandler(handler)` inside DetectorView's own
    recordHandler was listed as a recursive caller of it."""
    kt = ("package p\n\nclass DetectorView {\n  fun recordHandler(handler: Any) {\n"
          "    RootView.findRootView(this)?.recordHandler(handler)\n  }\n}\n\n"                   # 5
          "class RootView {\n  fun recordHandler(handler: Any) {}\n\n"
          "  companion object {\n    fun findRootView(view: Any): RootView? = null\n  }\n}\n")
    got = served_tree(tmp_path / "r", {"src/p/Views.kt": kt}).call(
        "find_related", symbol="DetectorView.recordHandler", relation="callers").text
    assert "recursive" not in got and "0 calling definitions" in got, got


def test_calls_of_a_name_held_by_a_property_and_a_method_are_the_methods(tmp_path):
    """gesture-handler run 494: `find_related GestureHandler.isWithinBounds callers` answered for the property `var
    isWithinBounds` (its reads, and the method's calls "by name only"), without a word on the method of that name."""
    kt = ("package p\n\nopen class Handler {\n  var isWithinBounds = false\n\n"
          "  fun isWithinBounds(x: Float): Boolean = x > 0\n\n"                                   # 6
          "  fun handle(x: Float) {\n    isWithinBounds = isWithinBounds(x)\n  }\n}\n\n"          # 9
          "class Orchestrator {\n  fun pick(h: Handler): Boolean = h.isWithinBounds(1f)\n}\n")   # 14
    got = served_tree(tmp_path / "r", {"src/p/Handler.kt": kt}).call(
        "find_related", symbol="Handler.isWithinBounds", relation="callers").text
    assert got.startswith("callers of method") and "also a property of that name: src/p/Handler.kt:4" in got, got
    assert "Handler.handle" in got and "Orchestrator.pick" in got and "name only" not in got, got


def test_java_override_of_a_method_declared_over_two_lines_is_an_override(tmp_path):
    """jopt-simple run 495: `abstract void handleOption( .., OptionSet detectedOptions,\n String detectedArgument );`
    is declared over two lines; no implementations row said the three subclasses override it."""
    files = {"src/main/java/p/Spec.java": "package p;\n\npublic interface Spec {\n    String name();\n}\n",
             "src/main/java/p/AbstractSpec.java": ("package p;\n\nabstract class AbstractSpec implements Spec {\n"
                                                   "    public String name() {\n        return \"x\";\n    }\n\n"
                                                   "    abstract void handleOption( String parser, int arguments,\n"
                                                   "        String detectedArgument );\n}\n"),
             "src/main/java/p/NoArg.java": ("package p;\n\nclass NoArg extends AbstractSpec {\n    @Override\n"
                                            "    void handleOption( String parser, int arguments, String detectedArgument ) {\n"
                                            "    }\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="p.Spec", relation="implementations").text
    row = next(line for line in got.splitlines() if "class NoArg" in line)
    assert "overrides handleOption 5" in row, got


def test_java_call_on_a_local_of_a_library_type_names_that_type_not_a_repository_guess(tmp_path):
    """jcommander run 491: `List<SubParameterIndex> subParameters = findSubParameters(type); subParameters.isEmpty()`
    was "maybe ParameterDescription.isEmpty", a private method of the class taking a String."""
    files = {"src/main/java/p/Desc.java": ("package p;\n\nimport java.util.List;\n\nclass Desc {\n"
                                           "    private boolean isEmpty( String s ) {\n        return s.isEmpty();\n    }\n\n"
                                           "    List<Object> find() {\n        return null;\n    }\n\n"
                                           "    void add() {\n        List<Object> subParameters = find();\n"
                                           "        if ( ! subParameters.isEmpty() ) {\n        }\n    }\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Desc.add", relation="callees").text
    assert "List.isEmpty (on subParameters)" in got and "maybe" not in got, got


def test_a_struct_literal_key_named_like_a_function_is_no_value_use_of_it(tmp_path):
    """expr run 493: callers of optimizer.Optimize said "also named without a call (passed or stored as a value):
    expr.go:129 in Compile: `ConstExprFns: .., Optimize: true,`", the Config struct's field key."""
    files = {"go.mod": "module example.com/ex\n\ngo 1.18\n",
             "optimizer/optimizer.go": "package optimizer\n\nfunc Optimize(n int) int {\n\treturn n\n}\n",
             "conf/config.go": "package conf\n\ntype Config struct {\n\tOptimize bool\n}\n",
             "expr.go": ("package expr\n\nimport (\n\t\"example.com/ex/conf\"\n\t\"example.com/ex/optimizer\"\n)\n\n"
                         "func Compile() int {\n\tc := &conf.Config{\n\t\tOptimize: true,\n\t}\n"
                         "\t_ = c\n\treturn optimizer.Optimize(1)\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="optimizer.Optimize", relation="callers").text
    assert "Optimize: true" not in got and "expr.go:13 in Compile" in got, got


def test_java_overload_taken_by_a_new_collection_argument_is_not_the_array_one(tmp_path):
    """jopt-simple run 495: `Strings.join( new ArrayList<>( option.options() ), "/" )` was join(String[], String),
    not join(Iterable<String>, String)."""
    files = {"src/main/java/p/Strings.java": ("package p;\n\nfinal class Strings {\n"
                                              "    static String join( String[] pieces, String separator ) {\n        return \"\";\n    }\n\n"
                                              "    static String join( Iterable<String> pieces, String separator ) {\n        return \"\";\n    }\n}\n"),
             "src/main/java/p/Ex.java": ("package p;\n\nimport java.util.ArrayList;\nimport java.util.List;\n\nclass Ex {\n"
                                         "    String spec( List<String> options ) {\n"
                                         "        return Strings.join( new ArrayList<>( options ), \"/\" );\n    }\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Ex.spec", relation="callees").text
    assert "Strings.join(Iterable, String) src/main/java/p/Strings.java:8-10 called at 8" in got, got


def test_kotlin_companion_members_stay_the_classs_members_across_files(tmp_path):
    """Review of stop 56: with the unnamed companion object a definition, `Outer.create()` in another file went
    unresolved among callees (gesture-handler's RNGestureHandlerEvent.obtain too)."""
    files = {"src/main/kotlin/p/Client.kt": "package p\n\nclass Client {\n    fun get(): Outer = Outer.create()\n}\n",
             "src/main/kotlin/p/Outer.kt": ("package p\n\nclass Outer(val n: Int) {\n    companion object {\n"
                                            "        fun create(): Outer = Outer(1)\n    }\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Client.get", relation="callees").text
    assert "Outer.create src/main/kotlin/p/Outer.kt:5-5 called at 4" in got, got


def test_bare_calls_in_a_base_run_an_override_only_where_one_can_override(tmp_path):
    """Review of stop 56: a base class's bare call of its private `detect()`, a C# method the subclass hides with
    `new`, were listed as "base type" callers of the subclass's method; Kotlin's `with(list) { next() }` had been
    dropped as the class's own next()."""
    java = {"src/main/java/p/Spec.java": ("package p;\n\nabstract class Spec {\n    final void handleOption() {\n"
                                          "        detect();\n    }\n\n    private void detect() {\n    }\n}\n"),
            "src/main/java/p/Required.java": "package p;\n\nclass Required extends Spec {\n    void detect() {\n    }\n}\n"}
    got = served_tree(tmp_path / "j", java).call("find_related", symbol="Required.detect", relation="callers").text
    assert "0 calling definitions" in got, got
    cs = ("namespace P\n{\n    public class Spec\n    {\n        public void HandleOption()\n        {\n"
          "            Detect();\n            Validate();\n        }\n\n        protected void Detect()\n        {\n        }\n\n"
          "        protected virtual void Validate()\n        {\n        }\n    }\n\n    public class Required : Spec\n    {\n"
          "        protected new void Detect()\n        {\n        }\n\n"
          "        protected override void Validate()\n        {\n        }\n    }\n}\n")
    served = served_tree(tmp_path / "c", {"src/Spec.cs": cs})
    assert "0 calling definitions" in served.call("find_related", symbol="Required.Detect", relation="callers").text
    assert "Spec.HandleOption" in served.call("find_related", symbol="Required.Validate", relation="callers").text
    kt = {"src/main/kotlin/p/ArgumentList.kt": "package p\n\nclass ArgumentList {\n    fun next(): String = \"x\"\n}\n",
          "src/main/kotlin/p/Tokenizer.kt": ("package p\n\nclass Tokenizer {\n    fun next(): String = \"t\"\n\n"
                                             "    fun configure(list: ArgumentList): String {\n        return with(list) { next() }\n    }\n}\n")}
    got = served_tree(tmp_path / "k", kt).call("find_related", symbol="ArgumentList.next", relation="callers").text
    assert "Tokenizer.configure" in got, got


def test_review_of_stop_56_edges(tmp_path):
    """Review of stop 56: a repository Iterator's next() called as `list.iterator().next()` was dropped; Kotlin's
    `object : Orchestrator.Hook` was an implementation of Handler.Hook; Swift's `.failure("bad")` (an enum case) a
    call of a method failure; an enum's last member `KEY_PUBLIC` blanked as an export macro; `. "go/ast"` read as the
    repository's ast/ folder."""
    java = {"src/main/java/p/NodeList.java": ("package p;\n\nimport java.util.Iterator;\n\n"
                                              "class NodeList implements Iterable<String> {\n"
                                              "    public Iterator<String> iterator() {\n        return new NodeIter();\n    }\n\n"
                                              "    static class NodeIter implements Iterator<String> {\n"
                                              "        public boolean hasNext() {\n            return false;\n        }\n\n"
                                              "        public String next() {\n            return \"x\";\n        }\n    }\n}\n"),
            "src/main/java/p/Use.java": ("package p;\n\nclass Use {\n    String first( NodeList list ) {\n"
                                         "        return list.iterator().next();\n    }\n}\n")}
    got = served_tree(tmp_path / "j", java).call("find_related", symbol="NodeList.NodeIter.next", relation="callers").text
    assert "Use.first" in got, got
    kt = ("package p\n\nclass Handler {\n    interface Hook {\n        fun canBegin(): Boolean = true\n    }\n}\n\n"
          "class Orchestrator {\n    interface Hook {\n        fun onDone() {}\n    }\n\n"
          "    fun attach(): Orchestrator.Hook {\n        val done = object : Orchestrator.Hook {\n"
          "            override fun onDone() {}\n        }\n        return done\n    }\n}\n")
    got = served_tree(tmp_path / "k", {"src/p/Handler.kt": kt}).call(
        "find_related", symbol="Handler.Hook", relation="implementations").text
    assert "attach" not in got, got
    swift = ("enum Outcome {\n    case failure(String)\n}\n\nclass Reporter {\n"
             "    func failure(_ msg: String) -> Bool { return false }\n}\n\n"
             "func finish(_ done: (Outcome) -> Void) {\n    done(.failure(\"bad\"))\n}\n")
    got = served_tree(tmp_path / "s", {"Sources/A.swift": swift}).call(
        "find_related", symbol="Reporter.failure", relation="callers").text
    assert "0 calling definitions" in got, got
    c = {"keys.h": "enum key_kind {\n\tKEY_PRIVATE,\n\tKEY_PUBLIC\n};\n"}
    assert "keys.h:3" in served_tree(tmp_path / "c", c).call("search_symbol", query="KEY_PUBLIC").text
    go = {"app/main.go": "package app\n\nimport (\n\t. \"go/ast\"\n)\n\nfunc Run(f *File) {\n\tInspect(f, nil)\n}\n",
          "ast/node.go": "package ast\n\ntype Node struct{}\n\nfunc Inspect(n *Node, f func(*Node) bool) {\n}\n"}
    served = served_tree(tmp_path / "g", go)
    assert "ast/node.go" not in served.call("find_related", symbol="Run", relation="callees").text
    assert "0 calling definitions" in served.call("find_related", symbol="ast.Inspect", relation="callers").text


def test_test_paths_main_source_sets_and_fixture_projects():
    """jopt-simple run 487: src/main files named ...Spec.java were tests; review of stop 56: a project kept as test data
    under a test folder (src/test/resources/projects/demo/src/main/java/..) is still test data."""
    from contexteer.testpaths import is_test_path

    assert not is_test_path("src/main/java/joptsimple/OptionalArgumentOptionSpec.java")
    assert not is_test_path("src/main/java/p/test/Helper.java")
    assert is_test_path("src/test/java/p/ArgumentListTest.java") and is_test_path("src/test/kotlin/p/ParserSpec.kt")
    assert is_test_path("src/test/resources/projects/demo/src/main/java/p/Foo.java")
    assert is_test_path("testdata/proj/src/main/java/Foo.java")


def test_java_wildcard_uses_leave_out_locals_qualified_calls_and_shadowed_names(tmp_path):
    """Review of stop 56: `import static java.lang.Math.*` was credited with the locals `min`/`max` and the qualified
    `Math.min(..)`; `import p.util.Limits.*` (member types only) with a static method, a field and locals; a class of
    the file's own package named Optional with java.util's."""
    files = {"src/main/java/p/Stats.java": ("package p;\n\nimport static java.lang.Math.*;\n\nclass Stats {\n"
                                            "    int span( int[] xs ) {\n        int min = xs[0], max = xs[0];\n"
                                            "        for ( int x : xs ) {\n            min = Math.min( min, x );\n"
                                            "            max = Math.max( max, x );\n        }\n        return abs( max - min );\n"
                                            "    }\n}\n"),
             "src/main/java/p/Optional.java": "package p;\n\npublic class Optional {\n}\n",
             "src/main/java/p/util/Limits.java": ("package p.util;\n\npublic final class Limits {\n"
                                                  "    public static final int DEFAULT = 3;\n"
                                                  "    public static int max( int a, int b ) {\n        return a > b ? a : b;\n    }\n"
                                                  "    public static class Range {\n    }\n}\n"),
             "src/main/java/p/User.java": ("package p;\n\nimport java.util.*;\nimport p.util.Limits.*;\n\nclass User {\n"
                                           "    List<String> names = new ArrayList<>();\n    Optional opt;\n\n"
                                           "    int size( int count ) {\n        int max = DEFAULT;\n        Range r = new Range();\n"
                                           "        return max + count + names.size();\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    stats = served.call("list_dependencies", path="src/main/java/p/Stats.java", view="uses").text
    assert "Math.abs at 12" in stats and "Math.min" not in stats and "Math.max" not in stats, stats
    user = served.call("list_dependencies", path="src/main/java/p/User.java", view="uses").text
    row = next(line for line in user.splitlines() if "Limits.*" in line)
    assert "Limits.Range" in row and "DEFAULT" not in row and "max" not in row, user
    util = next(line for line in user.splitlines() if "java.util.*" in line)
    assert "Optional" not in util and "ArrayList at 7" in util, user


def test_php_vendor_import_drops_only_receivers_declared_with_it(tmp_path):
    """Review of stop 56: `Sub extends \\App\\Util\\Data` in a file that also imports Dflydev's Data had its
    `$this->get('x')` and `$s->get('y')` left out of App\\Util\\Data::get's callers."""
    sub = ("<?php\nnamespace App;\n\nuse Dflydev\\DotAccessData\\Data;\n\nclass Sub extends \\App\\Util\\Data\n{\n"
           "    public function run(Data $d)\n    {\n        $d->get('z');\n        return $this->get('x');\n    }\n}\n")
    got = served_tree(tmp_path / "r", {"src/Sub.php": sub, "src/Util/Data.php": PHP_REPO_DATA}).call(
        "find_related", symbol="Data.get", relation="callers").text
    assert "11 in Sub.run" in got or "src/Sub.php:11 in Sub.run" in got, got
    assert "src/Sub.php:10 `$d->get('z');`" in got, got  # (left out: the vendor Data's)


def test_c_ops_tables_of_arrays_and_shifted_flags(tmp_path):
    """Review of stop 56: `struct cmd commands[] = {{..}, {..}}` gave `fn do_add, help help_add }` and dropped the
    next element; `.flags = 1 << 2,` before `.help = help_x` dropped the help slot."""
    files = {"ops.h": ("struct cmd {\n\tconst char *name;\n\tint (*fn)(int argc, char **argv);\n\tint flags, level;\n"
                       "\tvoid (*help)(void);\n};\n"),
             "cmds.c": ("#include \"ops.h\"\nstatic int do_add(int argc, char **argv) { return 0; }\n"
                        "static int do_rm(int argc, char **argv) { return 0; }\nstatic void help_add(void) {}\n\n"
                        "static const struct cmd commands[] = {\n\t{ \"add\", do_add, 0, 1, help_add },\n"
                        "\t{ \"rm\", do_rm, 0, 2, NULL },\n\t{ NULL }\n};\n"),
             "cmds2.c": ("#include \"ops.h\"\nstatic int do_x(int argc, char **argv) { return 0; }\nstatic void help_x(void) {}\n\n"
                         "static const struct cmd xcmd = {\n\t.name = \"x\",\n\t.fn = (int (*)(int, char **))do_x,\n"
                         "\t.flags = 1 << 2,\n\t.help = help_x,\n};\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="cmd", relation="implementations").text
    assert "[0] fn do_add, help help_add; [1] fn do_rm" in got and "fn do_x (2), help help_x (3)" in got, got


def test_ruby_alias_of_a_global_and_a_prefixed_delegate_define_no_such_method(tmp_path):
    """Review of stop 56: `alias $ERR $!` was an outline method; `delegate :name, to: :profile, prefix: true` defined
    `name`, where Rails makes profile_name."""
    src = ("module M\n  class Account\n    alias $ERR $!\n    delegate :name, to: :profile, prefix: true\n"
           "    delegate :email, to: :profile\n  end\nend\n")
    got = served_tree(tmp_path / "r", {"lib/m/account.rb": src}).call("search_symbol", query="Account", kind="method").text
    assert "email 5" in got and "name 4" not in got and "ERR" not in got, got


def test_deeper_test_callers_name_where_the_definition_they_call_is(tmp_path):
    """expr run 493: "in test files, callers of Run" beside three Runs (a function and two methods) told not which."""
    files = {"go.mod": "module example.com/ex\n\ngo 1.18\n",
             "vm/vm.go": "package vm\n\nfunc fetch() int {\n\treturn 1\n}\n\nfunc Run() int {\n\treturn fetch()\n}\n",
             "vm/a_test.go": "package vm\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {\n\tRun()\n}\n\nfunc TestB(t *testing.T) {\n\tRun()\n}\n"}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="vm.fetch", relation="callers", depth=2).text
    assert "in test files, callers of Run (vm/vm.go:7)" in got, got


def test_java_this_delegation_calls_the_constructor_it_fits(tmp_path):
    """jcommander run 491: `this(object, bundle, (String[]) null)` in JCommander(Object, ResourceBundle) was no
    caller of JCommander(Object, ResourceBundle, String...), under a "complete" answer."""
    src = ("package p;\n\npublic class Cmd {\n"
           "    public Cmd(Object object) {\n        this(object, (String) null);\n    }\n\n"                   # 4-6
           "    public Cmd(Object object, String bundle) {\n        this(object, bundle, (String[]) null);\n    }\n\n"  # 8-10
           "    public Cmd(Object object, String bundle, String... args) {\n    }\n}\n")                       # 12
    served = served_tree(tmp_path / "r", {"src/main/java/p/Cmd.java": src})
    got = served.call("find_related", symbol="Cmd.Cmd", relation="callers", path="src/main/java/p/Cmd.java:12").text
    assert "src/main/java/p/Cmd.java:9 in Cmd.Cmd(Object, String) (8-10)" in got and ":5 in" not in got, got


def test_go_references_of_a_dot_imported_name_are_references(tmp_path):
    """expr run 493: `search_symbol OpEnd references=true` listed compiler.go's bare OpEnd uses (under a dot import
    of vm) as "not resolved: some may be other things", while the uses view resolved them."""
    files = {"go.mod": "module example.com/ex\n\ngo 1.18\n",
             "vm/opcodes.go": "package vm\n\nconst (\n\tOpPush byte = iota\n\tOpEnd\n)\n",
             "compiler/compiler.go": ("package compiler\n\nimport (\n\t. \"example.com/ex/vm\"\n)\n\n"
                                      "func emit(op byte) {}\n\nfunc Compile() {\n\temit(OpEnd)\n}\n")}
    got = served_tree(tmp_path / "r", files).call("search_symbol", query="OpEnd", references=True).text
    assert "references (1 in 1 file" in got and "not resolved" not in got, got


def test_c_include_is_credited_with_no_use_above_it(tmp_path):
    """libevent run 496: evutil_rand.c calls the system arc4random (lines 56-111, another #if branch) and includes
    ./arc4random.c only at 134; the uses view credited every call to the include."""
    files = {"arc4random.c": "static unsigned arc4random(void)\n{\n\treturn 4;\n}\n",
             "rand.c": ("#ifdef HAVE_ARC4RANDOM\n#include <stdlib.h>\nunsigned first(void)\n{\n\treturn arc4random();\n}\n"
                        "#else\n#include \"./arc4random.c\"\nunsigned second(void)\n{\n\treturn arc4random();\n}\n#endif\n")}
    got = served_tree(tmp_path / "r", files).call("list_dependencies", path="rand.c", view="uses").text
    row = next(line for line in got.splitlines() if "arc4random.c" in line and "->" in line)
    assert "arc4random (arc4random.c:1) at 11" in row and "at 5" not in row, got


def test_python_self_call_in_a_subclass_with_its_own_method_is_not_the_bases(tmp_path):
    """py3 run 497: FootnoteBlockProcessor's `self.detab(before)` calls its own detab(block); BlockProcessor.detab's
    callers listed all four under "every call named 'detab' is listed"."""
    files = {"md/blocks.py": ("class BlockProcessor:\n    def detab(self, text, length=None):\n        return text, ''\n\n\n"
                              "class CodeBlockProcessor(BlockProcessor):\n    def run(self, block):\n"
                              "        return self.detab(block)\n"),                                   # 8
             "md/footnotes.py": ("from md.blocks import BlockProcessor\n\n\nclass FootnoteBlockProcessor(BlockProcessor):\n"
                                 "    def run(self, block):\n        return self.detab(block)\n\n"   # 6
                                 "    def detab(self, block):\n        return block\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="BlockProcessor.detab", relation="callers").text
    assert "CodeBlockProcessor.run" in got and "in FootnoteBlockProcessor.run" not in got, got


def test_python_base_written_through_a_module_is_that_modules_class(tmp_path):
    """py3 run 497: tests' `class X(inlinepatterns.InlineProcessor)` were listed under treeprocessors.InlineProcessor
    among Treeprocessor's subclasses, matched by the bare name, under "complete"."""
    files = {"md/__init__.py": "",
             "md/treeprocessors.py": ("class Treeprocessor:\n    def run(self, root):\n        pass\n\n\n"
                                      "class InlineProcessor(Treeprocessor):\n    def run(self, root):\n        return root\n"),
             "md/inlinepatterns.py": "class InlineProcessor:\n    def handleMatch(self, m, data):\n        pass\n",
             "tests/test_apis.py": ("from md import inlinepatterns\n\n\n"
                                    "class _Recorder(inlinepatterns.InlineProcessor):\n"
                                    "    def handleMatch(self, m, data):\n        return None\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Treeprocessor", relation="implementations").text
    assert "InlineProcessor" in got and "_Recorder" not in got, got


def test_rust_std_hasher_import_is_used_by_its_method_calls(tmp_path):
    """chrono run 499: `use std::{.., hash::Hasher, ..}` read "not used: Hasher" beside `hasher.write(..)` and
    `hasher.finish()`, which the import lets the file call."""
    src = ("use std::{collections::hash_map, hash::Hasher};\n\npub fn digest(tz: &str) -> u64 {\n"
           "    let mut hasher = hash_map::DefaultHasher::new();\n    hasher.write(tz.as_bytes());\n    hasher.finish()\n}\n")
    got = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": src}).call(
        "list_dependencies", path="src/lib.rs", view="uses").text
    assert "Hasher::write() (its method, in scope by the import) at 5" in got and "not used: Hasher" not in got, got


def test_review_two_of_stop_56(tmp_path):
    """Second review of stop 56: Kotlin's open method called bare in the base is a dispatching caller again, and a
    subclass's own override's bare call is left out; a grand-base's abstract method dispatches; `this("x")` is no
    call of Foo(int n); a one-line `public Bar() { this(1); }` is Bar(int)'s caller; `Node.of(n).depth(..)` is
    recursive; a static import's `int min = min(a, b);` uses it."""
    kt = ("package demo\n\nopen class Base {\n    protected open fun initialize(x: Int) {}\n"
          "    fun handle() { initialize(0) }\n}\n\nclass TapH : Base() {\n    override fun initialize(x: Int) {}\n"
          "    fun onHandle() { initialize(1) }\n}\n\nclass LongH : Base() {\n    override fun initialize(x: Int) {}\n"
          "    fun onHandle() { initialize(2) }\n}\n")
    got = served_tree(tmp_path / "k", {"src/H.kt": kt}).call("find_related", symbol="TapH.initialize", relation="callers").text
    assert "in Base.handle" in got and "in LongH.onHandle" not in got and "complete" in got, got
    java = {"p/Base.java": "package p;\n\nabstract class Base {\n    protected abstract void detect();\n}\n",
            "p/Middle.java": "package p;\n\nabstract class Middle extends Base {\n    final void handle() {\n        detect();\n    }\n}\n",
            "p/Leaf.java": "package p;\n\nclass Leaf extends Middle {\n    @Override\n    protected void detect() {\n    }\n}\n",
            "p/Foo.java": ("package p;\n\npublic class Foo {\n    public Foo() {\n        this(\"x\");\n    }\n\n"
                           "    public Foo(String s) {\n    }\n\n    public Foo(int n) {\n    }\n\n"
                           "    public Foo(long n) { this(1); }\n}\n"),                                   # 14
            "p/Node.java": ("package p;\n\nclass Node {\n    static Node of(int n) {\n        return new Node();\n    }\n\n"
                            "    int depth(int n) {\n        return n == 0 ? 0 : Node.of(n).depth(n - 1);\n    }\n}\n"),
            "p/Calc.java": ("package p;\n\nimport static java.lang.Math.*;\n\nclass Calc {\n    int f(int a, int b) {\n"
                            "        int min = min(a, b);\n        return min;\n    }\n}\n")}
    served = served_tree(tmp_path / "j", java)
    assert "Middle.handle" in served.call("find_related", symbol="Leaf.detect", relation="callers").text
    foo = served.call("find_related", symbol="Foo.Foo", relation="callers", path="p/Foo.java:11").text
    assert "p/Foo.java:14 in Foo.Foo" in foo and "p/Foo.java:5" not in foo.split("]")[-1], foo
    assert "recursive" in served.call("find_related", symbol="Node.depth", relation="callers").text
    assert "Math.min at 7" in served.call("list_dependencies", path="p/Calc.java", view="uses").text


def test_kotlin_companion_bare_call_is_the_companions_own(tmp_path):
    """Second review of stop 56: with companion members parented to the class, `fun make() = create()` in the
    companion resolved to the class's instance create, not the companion's."""
    kt = ("package demo\n\nclass Outer {\n    fun create(): Outer = Outer()\n\n    companion object {\n"
          "        fun create(): Outer = Outer()\n        fun make(): Outer = create()\n    }\n}\n")
    got = served_tree(tmp_path / "r", {"src/Outer.kt": kt}).call("find_related", symbol="make", relation="callees").text
    assert "Outer.create() src/Outer.kt:7-7 called at 8" in got, got


def test_python_bare_call_beside_a_module_call_of_the_same_name_is_the_files_own(tmp_path):
    """py3 run 497: TocTreeprocessor.run calls `html.unescape(name)` and the module's own `unescape(label)`; the
    callees answer said "complete" with html.unescape only."""
    src = ("import html\n\n\ndef unescape(text):\n    return text\n\n\nclass Toc:\n    def run(self, name, label):\n"
           "        a = html.unescape(name)\n        return unescape(label) + a\n")
    got = served_tree(tmp_path / "r", {"md/toc.py": src}).call("find_related", symbol="Toc.run", relation="callees").text
    assert "unescape md/toc.py:4-5 called at 11" in got and "html.unescape" in got, got


RS_PROJECTION = ("pub trait Offset {\n    fn fix(&self) -> i32;\n}\n\npub trait TimeZone {\n    type Offset: Offset;\n}\n\n"
                 "pub struct DateTime<Tz: TimeZone> {\n    offset: Tz::Offset,\n}\n\n"
                 "impl<Tz: TimeZone> DateTime<Tz> {\n    pub fn time(&self) -> i32 {\n        self.offset.fix()\n    }\n}\n")


def test_rust_field_of_an_associated_type_is_its_traits(tmp_path):
    """chrono run 499: `self.offset.fix()` with `offset: Tz::Offset` (and `type Offset: Offset;` in TimeZone) was
    "another type's method", four of Offset::fix's nine callers left out."""
    got = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
                                       "src/lib.rs": RS_PROJECTION}).call("find_related", symbol="Offset.fix", relation="callers").text
    assert "src/lib.rs:15 in DateTime.time" in got, got


def test_rust_macro_invocations_are_no_calls_of_a_function_of_the_name(tmp_path):
    """chrono run 499: 128 `fix!(..)` invocations were "other calls named 'fix' left out" beside Offset::fix's
    callers, the real calls the note named first lost among them."""
    src = RS_PROJECTION + "\nmacro_rules! fix {\n    ($e:expr) => { $e };\n}\n\npub fn other() -> i32 {\n    fix!(3)\n}\n"
    got = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
                                       "src/lib.rs": src}).call("find_related", symbol="Offset.fix", relation="callers").text
    assert "fix!(3)" not in got and "DateTime.time" in got, got
