"""Go implementers say which of the interface's methods they define themselves (with lines), which they gain by
embedding, and whether only their pointer type has the full method set: the json-iterator A/B question "which
types implement Extension, and which only through their pointer" took a read of every implementer (run 80)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "go.mod": "module example.com/j\n\ngo 1.20\n",
    "ext.go": ("package jsoniter\n\ntype Extension interface {\n\tUpdate(x int)\n\tCreate(y int) int\n}\n\n"
               "type DummyExtension struct {\n}\n\nfunc (e *DummyExtension) Update(x int) {}\n\n"
               "func (e *DummyExtension) Create(y int) int { return y }\n\n"
               "type MapExtension map[string]int\n\nfunc (m MapExtension) Update(x int) {}\n\n"
               "func (m MapExtension) Create(y int) int { return y }\n"),
    "extra/naming.go": ("package extra\n\nimport jsoniter \"example.com/j\"\n\ntype namingExtension struct {\n"
                        "\tjsoniter.DummyExtension\n\tprefix string\n}\n\n"
                        "func (n namingExtension) Update(x int) {}\n\n"
                        "type boxed struct {\n\t*jsoniter.DummyExtension\n}\n"),
}


def _rows(tmp_path):
    a = served_tree(tmp_path / "g", _FILES).call("find_related", symbol="Extension", relation="implementations")
    assert not a.is_error, a.text
    return a, {line.strip().split(" struct ")[-1].split(" type ")[-1].split(":")[0]: line
               for line in a.text.splitlines() if " struct " in line or " type " in line}


def test_go_implementer_names_its_own_methods_and_what_it_embeds(tmp_path):
    a, rows = _rows(tmp_path)
    assert "own Update 10" in rows["namingExtension"], a.text
    assert "1 via DummyExtension" in rows["namingExtension"], a.text


def test_go_implementer_says_when_only_its_pointer_type_has_the_method_set(tmp_path):
    a, rows = _rows(tmp_path)
    # most implementers have pointer receivers: said once, and the others are marked (embedded by value,
    # DummyExtension's pointer methods are only *namingExtension's; embedded as a pointer, the value has them)
    assert "method sets: *T only (pointer receivers) unless a row says value receivers or that the value has them too" \
        in a.text, a.text
    assert "value receivers" in rows["MapExtension"], a.text
    # (boxed embeds *DummyExtension: its value has the pointer methods, which are no value receivers: gometrics run 575)
    assert "all via *DummyExtension; the value has them too, through the embedded pointer" in rows["boxed"], a.text
    assert "value receivers" not in rows["namingExtension"] + rows["DummyExtension"], a.text
    assert "all via *DummyExtension" in rows["boxed"], a.text  # (embedded as a pointer: gometrics run 575)


def test_go_implementer_row_says_pointer_only_when_few_are(tmp_path):
    files = {**_FILES, "more.go": ("package jsoniter\n\ntype A map[int]int\n\nfunc (a A) Update(x int) {}\n\n"
                                   "func (a A) Create(y int) int { return y }\n\ntype B []int\n\n"
                                   "func (b B) Update(x int) {}\n\nfunc (b B) Create(y int) int { return y }\n")}
    a = served_tree(tmp_path / "g", files).call("find_related", symbol="Extension", relation="implementations")
    assert not a.is_error, a.text
    row = next(line for line in a.text.splitlines() if "struct DummyExtension" in line)
    assert row.endswith("*DummyExtension only (pointer receivers)"), a.text
    assert "value receivers" not in a.text, a.text


def test_go_implementer_of_a_small_interface_has_its_method_lines_on_its_row(tmp_path):
    # client_golang's Metric (Desc, Write): the agent searched for each implementer's two method lines
    a, rows = _rows(tmp_path)
    assert rows["DummyExtension"].endswith("struct DummyExtension: Create 13, Update 11"), a.text
    assert "Create 19, Update 17" in rows["MapExtension"], a.text
    # five methods: the row stays short, their span instead of each line (json-iterator run 337: DummyExtension's
    # row named none, and the agent read the file for them)
    big = {"go.mod": "module example.com/b\n\ngo 1.20\n",
           "b.go": "package b\n\ntype Five interface {\n" + "".join(f"\tM{i}()\n" for i in range(5)) + "}\n\n"
                   "type T struct{}\n\n" + "".join(f"func (t T) M{i}() {{}}\n" for i in range(5))}
    b = served_tree(tmp_path / "b", big).call("find_related", symbol="Five", relation="implementations")
    row = next(line for line in b.text.splitlines() if "struct T" in line)
    assert row.endswith("struct T: all 5 own at lines 13-17"), b.text


def test_an_interface_among_method_set_rows_says_nothing_of_receivers(tmp_path):
    # testify's `mock.TestingT` under require.TestingT's implementations had read "...; value receivers" (the review)
    files = {"go.mod": "module example.com/t\n\ngo 1.20\n",
             "t.go": ("package t\n\ntype Small interface {\n\tErrorf(f string)\n}\n\n"
                      "type Big interface {\n\tErrorf(f string)\n\tFailNow()\n}\n\n"
                      "type A struct{}\n\nfunc (a *A) Errorf(f string) {}\n\n"
                      "type B struct{}\n\nfunc (b *B) Errorf(f string) {}\n")}
    a = served_tree(tmp_path / "t", files).call("find_related", symbol="Small", relation="implementations")
    row = next(line for line in a.text.splitlines() if "interface Big" in line)
    assert "receivers" not in row, a.text


def test_an_interface_row_is_not_said_again_through_the_interfaces_its_method_set_covers(tmp_path):
    # client_golang run 247: Metric's implementations said "also through CounterFunc: counter.go:34; also through
    # GaugeFunc: ..; also through UntypedFunc: .." on each interface row that embeds Metric
    files = {"go.mod": "module example.com/m\n\ngo 1.21\n",
             "m.go": ("package m\n\ntype Metric interface {\n\tDesc() string\n}\n\ntype Collector interface {\n\tCollect()\n}\n\n"
                      "type CounterFunc interface {\n\tMetric\n\tCollector\n}\n\n"
                      "type Counter interface {\n\tMetric\n\tCollector\n\tInc()\n}\n")}
    a = served_tree(tmp_path, files).call("find_related", symbol="Metric", relation="implementations")
    assert {i["qualname"] for i in a.data["items"]} >= {"Counter", "CounterFunc"}, a.text
    assert "also through" not in a.text, a.text


def test_an_interface_method_among_an_interface_methods_implementations_says_it_is_one(tmp_path):
    # client_golang run 281: Counter.Inc's implementations listed the Gauge interface's own Inc between counter.Inc
    # and gauge.Inc, and the agent read it as a third body
    from tests.navigation.conftest import served_tree

    src = ("package p\n\ntype Counter interface {\n\tInc()\n}\n\ntype Gauge interface {\n\tInc()\n\tDec()\n}\n\n"
           "type counter struct{}\n\nfunc (c *counter) Inc() {}\n\ntype gauge struct{}\n\n"
           "func (g *gauge) Inc() {}\n\nfunc (g *gauge) Dec() {}\n")
    a = served_tree(tmp_path, {"go.mod": "module example.com/p\n", "p.go": src}).call(
        "find_related", symbol="Counter.Inc", relation="implementations")
    assert not a.is_error, a.text
    assert "8-8 interface method Gauge.Inc" in a.text and "14-14 method counter.Inc" in a.text, a.text
    assert "18-18 method gauge.Inc" in a.text, a.text


def test_same_named_types_of_two_packages_keep_their_own_callers(tmp_path):
    # testify run 296: assert and require both define Assertions.Equal; `assert := New(t); assert.Equal(..)` in package
    # assert and `suite.Equal(..)` through `Suite{ *assert.Assertions }` were callers of require's Equal as well
    from tests.navigation.conftest import served_tree

    files = {
        "go.mod": "module example.com/m\n",
        "a/a.go": "package a\n\ntype Assertions struct{}\n\nfunc New() *Assertions { return &Assertions{} }\n\n"
                  "func (x *Assertions) Equal() bool { return true }\n",
        "b/b.go": "package b\n\ntype Assertions struct{}\n\nfunc New() *Assertions { return &Assertions{} }\n\n"
                  "func (x *Assertions) Equal() bool { return true }\n",
        "a/use.go": "package a\n\nfunc Check() {\n\tassert := New()\n\tassert.Equal()\n}\n",
        "s/s.go": ("package s\n\nimport \"example.com/m/a\"\n\ntype Suite struct {\n\t*a.Assertions\n}\n\n"
                   "type T struct {\n\tSuite\n}\n\nfunc (t *T) Run() {\n\tt.Equal()\n}\n"),
    }
    served = served_tree(tmp_path, files)
    mine = served.call("find_related", symbol="Assertions.Equal", path="a/a.go", relation="callers")
    assert "a/use.go:5 in Check" in mine.text and "s/s.go:14 in T.Run" in mine.text, mine.text
    other = served.call("find_related", symbol="Assertions.Equal", path="b/b.go", relation="callers")
    assert "use.go:5 in" not in other.text and "s.go:14 in" not in other.text, other.text


def test_a_semantic_read_past_its_limit_still_names_values_it_did_not_resolve(tmp_path):
    # review of 6a1f0ed: raft's Leader, ErrNotLeader and logFuture had vanished from a long read's tail
    from tests.navigation.conftest import served_tree

    funcs = "".join(f"func f{i}() int {{ return {i} }}\n\n" for i in range(20))
    calls = "".join(f"\tn += f{i}()\n" for i in range(20))
    files = {
        "go.mod": "module example.com/p\n",
        "a.go": f"package p\n\n{funcs}func run() int {{\n\tn := 0\n{calls}\tif n > 0 {{\n\t\treturn Leader\n\t}}\n\treturn n\n}}\n",
        "b.go": "package p\n\nconst Leader = 1\n",
    }
    a = served_tree(tmp_path, files).call("read_code_range", path="a.go", symbol="run", context="semantic")
    uses = a.text.split("── uses ──")[1]
    assert "Leader" in uses, a.text


def test_the_first_target_of_a_go_multi_value_assignment_has_the_call_s_first_result_type(tmp_path):
    # memberlist run 304: `m, err := newMemberlist(conf); m.schedule()` in Create was a name-only caller
    from tests.navigation.conftest import served_tree

    files = {
        "go.mod": "module example.com/m\n",
        "m.go": ("package m\n\ntype Memberlist struct{}\n\nfunc newMemberlist() (*Memberlist, error) { return &Memberlist{}, nil }\n\n"
                 "func (m *Memberlist) schedule() {}\n\ntype Other struct{}\n\nfunc (o *Other) schedule() {}\n\n"
                 "func Create() (*Memberlist, error) {\n\tm, err := newMemberlist()\n\tif err != nil {\n\t\treturn nil, err\n\t}\n"
                 "\tm.schedule()\n\treturn m, nil\n}\n"),
    }
    served = served_tree(tmp_path, files)
    a = served.call("find_related", symbol="Memberlist.schedule", relation="callers")
    assert "m.go:18 in Create" in a.text and "name only" not in a.text, a.text
    b = served.call("find_related", symbol="Other.schedule", relation="callers")
    assert "0 call sites" in b.text, b.text


def test_a_receiver_read_off_another_value_is_named_whole(tmp_path):
    # json-iterator run 303: `adapter.iter.ReadVal(obj)` made the header say "all by receiver iter: Iterator", as if
    # every call were on a local named iter
    from tests.navigation.conftest import served_tree

    src = ("package p\n\ntype Iterator struct{}\n\nfunc (i *Iterator) ReadVal() {}\n\ntype Decoder struct {\n\titer *Iterator\n}\n\n"
           "func (adapter *Decoder) Decode() {\n\tadapter.iter.ReadVal()\n}\n\nfunc Read(iter *Iterator) {\n\titer.ReadVal()\n}\n")
    a = served_tree(tmp_path, {"go.mod": "module example.com/p\n", "p.go": src}).call(
        "find_related", symbol="Iterator.ReadVal", relation="callers")
    assert "all by receiver iter: Iterator" not in a.text and "2 call sites" in a.text, a.text
    assert a.data is not None and {i.get("detail") for i in a.data["items"]} == {"receiver adapter.iter: Iterator",
                                                                                 "receiver iter: Iterator"}, a.data


def test_a_method_set_spread_over_files_says_in_how_many(tmp_path):
    # review of 141fc66: miekg/dns's CNAME read "all 8 own at lines 282-282 (7 in other files)"
    files = {"go.mod": "module example.com/b\n\ngo 1.20\n",
             "b.go": "package b\n\ntype Five interface {\n" + "".join(f"\tM{i}()\n" for i in range(5)) + "}\n\n"
                     "type T struct{}\n\nfunc (t T) M0() {}\n",
             "z.go": "package b\n\n" + "".join(f"func (t T) M{i}() {{}}\n" for i in range(1, 5))}
    b = served_tree(tmp_path / "b", files).call("find_related", symbol="Five", relation="implementations")
    row = next(line for line in b.text.splitlines() if "struct T" in line)
    assert row.endswith("struct T: all 5 own at b.go 13, z.go 3-6"), b.text  # (each file's lines: gometrics run 575)
