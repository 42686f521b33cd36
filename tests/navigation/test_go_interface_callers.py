"""What the prometheus/client_golang A/B probe showed about callers of a Go interface method
(`Registerer.Register`): calls on a value of a type implementing the interface (`r.Register(c)` in
`func (r *Registry) MustRegister`) were left out as "another type's method"; a local made by another package's
constructor (`reg := prometheus.NewPedanticRegistry()`) and a field of a parameter (`opts.Registry.Register`)
were "name only"; and 21 of 33 call sites were tests, three quarters of the answer's tokens."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

TREE = {
    "go.mod": "module example.com/prom\n\ngo 1.20\n",
    "prometheus/registry.go": (
        "package prometheus\n\n"
        "type Collector interface {\n\tDescribe() string\n}\n\n"
        "type Registerer interface {\n\tRegister(Collector) error\n\tMustRegister(...Collector)\n}\n\n"
        "var DefaultRegisterer Registerer = NewRegistry()\n\n"
        "type Registry struct {\n\tcount int\n}\n\n"
        "func NewRegistry() *Registry { return &Registry{} }\n\n"
        "func NewPedanticRegistry() *Registry { return NewRegistry() }\n\n"
        "func (r *Registry) Register(c Collector) error {\n\tr.count++\n\treturn nil\n}\n\n"
        "func (r *Registry) MustRegister(cs ...Collector) {\n\tfor _, c := range cs {\n"
        "\t\tif err := r.Register(c); err != nil {\n\t\t\tpanic(err)\n\t\t}\n\t}\n}\n\n"
        "func Register(c Collector) error {\n\treturn DefaultRegisterer.Register(c)\n}\n"),
    "prometheus/other.go": (
        "package prometheus\n\n"
        "type Book struct{}\n\nfunc (b *Book) Register(name string) error { return nil }\n\n"
        "func keep(b *Book) {\n\t_ = b.Register(\"x\")\n}\n"),
    "prometheus/promhttp/http.go": (
        "package promhttp\n\nimport (\n\t\"example.com/prom/prometheus\"\n)\n\n"
        "type HandlerOpts struct {\n\tRegistry prometheus.Registerer\n}\n\n"
        "func Handler(c prometheus.Collector, opts HandlerOpts) {\n"
        "\tif err := opts.Registry.Register(c); err != nil {\n\t\treturn\n\t}\n}\n"),
    "prometheus/testutil/testutil.go": (
        "package testutil\n\nimport (\n\t\"example.com/prom/prometheus\"\n)\n\n"
        "func CollectAndCount(c prometheus.Collector) int {\n"
        "\treg := prometheus.NewPedanticRegistry()\n"
        "\tif err := reg.Register(c); err != nil {\n\t\tpanic(err)\n\t}\n\treturn 1\n}\n"),
    "prometheus/registry_test.go": (
        "package prometheus\n\nimport \"testing\"\n\n"
        "func TestRegister(t *testing.T) {\n\treg := NewRegistry()\n"
        "\t_ = reg.Register(nil)\n\t_ = reg.Register(nil)\n}\n\n"
        "func TestMust(t *testing.T) {\n\treg := NewRegistry()\n\t_ = reg.Register(nil)\n}\n"),
}


@pytest.fixture(scope="module")
def prom(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("prom") / "prom", TREE)


def test_calls_on_an_implementing_type_and_on_typed_fields_and_made_locals_are_callers(prom: Served):
    a = prom.call("find_related", symbol="Registerer.Register", relation="callers")
    assert not a.is_error, a.text
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert ("prometheus/registry.go", (29,)) in rows, a.text  # r.Register(c) in Registry.MustRegister
    assert rows[("prometheus/registry.go", (29,))] == "receiver type", a.text
    assert rows.get(("prometheus/promhttp/http.go", (12,))) == "receiver type", a.text  # opts.Registry.Register
    assert rows.get(("prometheus/testutil/testutil.go", (9,))) == "receiver type", a.text  # reg := prometheus.New...()
    assert ("prometheus/registry.go", (36,)) in rows, a.text  # DefaultRegisterer.Register(c)
    assert "name only" not in rows.values(), a.text
    assert "prometheus/other.go:8" in a.text and "left out" in a.text, "Book.Register is another type's method"
    assert not any(p == "prometheus/other.go" for p, _ in rows), a.text


def test_callers_in_test_files_are_one_line_of_locations_after_the_others(prom: Served):
    a = prom.call("find_related", symbol="Registerer.Register", relation="callers")
    lines = a.text.splitlines()
    tests = [n for n, ln in enumerate(lines) if ln.startswith("in test files, 3 call sites: ")]
    assert tests, a.text
    assert "prometheus/registry_test.go:7,8 in TestRegister, 13 in TestMust" in lines[tests[0]], a.text
    assert not any("registry_test.go" in ln for n, ln in enumerate(lines) if n != tests[0]), a.text
    assert "7 call sites" in lines[0], lines[0]  # the header still counts them all


MORE = {
    **TREE,
    "prometheus/wrapper.go": (
        "package prometheus\n\n"
        "type wrapper struct {\n\tg Registerer\n}\n\n"
        "func (g *wrapper) Register(c Collector) error {\n\treturn g.g.Register(c)\n}\n"),
    "prometheus/gather.go": (
        "package prometheus\n\n"
        "type Gatherer interface {\n\tGather() error\n}\n\n"
        "type Gatherers []Gatherer\n\n"
        "func (gs Gatherers) Gather() error {\n\tfor _, g := range gs {\n\t\t_ = g.Gather()\n\t}\n\treturn nil\n}\n"),
    "prometheus/testutil/extra.go": (
        "package testutil\n\nimport (\n\t\"example.com/prom/prometheus\"\n)\n\n"
        "func RegisterDefault(c prometheus.Collector) error {\n\treturn prometheus.Register(c)\n}\n"),
}


@pytest.fixture(scope="module")
def prom_more(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("prom2") / "prom", MORE)


def test_a_package_function_is_called_bare_or_through_its_package_never_on_a_value(prom_more: Served):
    a = prom_more.call("find_related", symbol="Register", path="prometheus/registry.go", relation="callers")
    assert not a.is_error, a.text
    assert [(i["path"], i["lines"]) for i in a.data["items"]] == [("prometheus/testutil/extra.go", [8])], a.text
    assert "left out" in a.text and "registry.go:29" in a.text, a.text  # r.Register(c) is a method call


def test_a_field_named_like_the_receiver_is_typed_by_the_field(prom_more: Served):
    a = prom_more.call("find_related", symbol="Registerer.Register", relation="callers")
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert rows.get(("prometheus/wrapper.go", (8,))) == "receiver type", a.text  # g.g.Register(c), g.g a Registerer
    assert ("prometheus/testutil/extra.go", (8,)) not in rows, a.text  # prometheus.Register(c): the package's function


def test_callees_resolve_a_local_made_by_another_packages_function_and_sort_out_builtins_and_packages(tmp_path):
    s = served_tree(tmp_path / "prom", {
        **TREE,
        "prometheus/counter.go": (
            "package prometheus\n\n"
            "type CounterVec struct{}\n\n"
            "func NewCounterVec(name string) *CounterVec { return &CounterVec{} }\n\n"
            "func (v *CounterVec) WithLabelValues(lvs ...string) int { return len(lvs) }\n\n"
            "type CounterOpts struct {\n\tName string\n}\n"),
        "prometheus/promhttp/handler.go": (
            "package promhttp\n\nimport (\n\t\"errors\"\n\t\"net/http\"\n\n\t\"example.com/prom/prometheus\"\n)\n\n"
            "func Instrument(w http.ResponseWriter, err error) {\n"
            "\terrCnt := prometheus.NewCounterVec(\"errors\")\n"
            "\terrCnt.WithLabelValues(\"gathering\")\n"
            "\tbuf := make([]byte, len(\"x\"))\n"
            "\tif errors.Is(err, nil) {\n\t\thttp.Error(w, string(buf), 500)\n\t}\n"
            "\tw.WriteHeader(200)\n\t_ = prometheus.CounterOpts{Name: \"x\"}\n}\n"),
    })
    a = s.call("find_related", symbol="Instrument", relation="callees")
    assert not a.is_error, a.text
    assert {i["qualname"] for i in a.data["items"]} == {"NewCounterVec", "CounterVec.WithLabelValues", "CounterOpts"}, a.text
    assert "struct CounterOpts 9-11 built at 18" in a.text, a.text  # a composite literal makes a value: no call
    assert a.data["builtins"] == ["len at 13", "make at 13", "string at 15"], a.text  # (with their lines: stop 60)
    # `w http.ResponseWriter`: a method of another package's type, named by it
    assert a.data["packages"] == ["errors.Is at 14", "http.Error at 15", "http.ResponseWriter.WriteHeader (on w) at 17"], a.text
    assert a.data["unresolved"] == [], a.text
    assert "builtins: len at 13, make at 13\nconversions to builtin types: string at 15\nfunctions of other packages: errors.Is at 14, http.Error at 15, " \
           "http.ResponseWriter.WriteHeader (on w) at 17" in a.text, a.text


def test_a_range_variable_is_an_element_of_the_named_slice_type(prom_more: Served):
    a = prom_more.call("find_related", symbol="Gatherer.Gather", relation="callers")
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert rows == {("prometheus/gather.go", (11,)): "receiver type"}, a.text  # g from `range gs`, gs Gatherers


def test_a_semantic_read_of_a_line_resolves_a_method_called_on_a_parameter(tmp_path):
    s = served_tree(tmp_path / "prom", {
        **TREE,
        "prometheus/observer.go": (
            "package prometheus\n\n"
            "type Observer interface {\n\tObserve(float64)\n}\n\n"
            "type ObserverVec interface {\n\tWith(name string) Observer\n}\n"),
        "prometheus/promhttp/instrument.go": (
            "package promhttp\n\nimport (\n\t\"example.com/prom/prometheus\"\n)\n\n"
            "func Instrument(obs prometheus.ObserverVec) func(int) {\n"
            "\treturn func(status int) {\n"
            "\t\tobs.With(\"code\").Observe(1)\n"
            "\t}\n}\n"),
    })
    a = s.call("read_code_range", path="prometheus/promhttp/instrument.go:9", context="semantic")
    assert not a.is_error, a.text
    assert "prometheus/observer.go:8-8 ObserverVec.With" in a.text, a.text



DEEP = {
    "go.mod": "module example.com/deep\n\ngo 1.20\n",
    "lib/lib.go": ("package lib\n\nfunc inner() int { return 1 }\n\n"
                   "func Outer() int {\n\treturn inner()\n}\n\n"
                   "func Use() int {\n\treturn Outer()\n}\n"),
    "lib/lib_test.go": ("package lib\n\nimport \"testing\"\n\n"
                        "func TestA(t *testing.T) {\n\t_ = Outer()\n}\n\n"
                        "func TestB(t *testing.T) {\n\t_ = Outer()\n\t_ = Outer()\n}\n"),
}


def test_callers_in_test_files_past_the_first_level_are_one_line_per_callee(tmp_path_factory: pytest.TempPathFactory):
    # client_golang A/B run 177: 19 test functions calling Registry.Gather were two thirds of a depth-3 callers answer
    # whose library callers the agent wanted; they are one line now, under the definition they call
    served = served_tree(tmp_path_factory.mktemp("deep") / "deep", DEEP)
    a = served.call("find_related", symbol="inner", relation="callers", depth=2)
    assert not a.is_error, a.text
    lines = a.text.splitlines()
    assert "in test files, callers of Outer (lib/lib.go:5), 3 call sites: lib/lib_test.go:6 in TestA, 10,11 in TestB" in lines, a.text
    assert any("lib/lib.go" in ln and "in Use" in ln for ln in lines), a.text  # the library caller keeps its row
    assert not any("TestA" in ln for ln in lines if not ln.startswith("in test files")), a.text
    # first-level callers in test files are one line at depth 2 as at depth 1 (the review: three full rows)
    b = served.call("find_related", symbol="Outer", relation="callers", depth=2)
    assert "in test files, 3 call sites: lib/lib_test.go:6 in TestA, 10,11 in TestB" in b.text.splitlines(), b.text
    assert any("in Use" in ln for ln in b.text.splitlines()), b.text


CONVERTED = {
    "go.mod": "module example.com/conv\n\ngo 1.20\n",
    "mock/args.go": ("package mock\n\ntype Arguments []interface{}\n\n"
                     "func (a Arguments) Diff(b []interface{}) int { return len(a) - len(b) }\n\n"
                     "type Other []interface{}\n\nfunc (o Other) Diff(b []interface{}) int { return 0 }\n\n"
                     "func wasCalled(expected []interface{}, got []interface{}) bool {\n"
                     "\treturn Arguments(expected).Diff(got) == 0\n}\n\n"
                     "func other(expected []interface{}) int {\n\treturn Other(expected).Diff(nil)\n}\n"),
    # a function named like another package's type: its call is no conversion (the review's Labels(m).Count())
    "set/set.go": ("package set\n\ntype Set struct{}\n\nfunc (s *Set) Count() int { return 0 }\n\n"
                   "func Labels(m map[string]string) *Set { return &Set{} }\n\n"
                   "func use(m map[string]string) int {\n\treturn Labels(m).Count()\n}\n"),
    "labels/labels.go": "package labels\n\ntype Labels map[string]string\n",
}


def test_a_call_on_a_go_conversion_is_a_call_of_the_type_it_names(tmp_path_factory: pytest.TempPathFactory):
    # testify A/B run 179: `Arguments(expected).Diff(call.Arguments)` in Mock.methodWasCalled was "name only"
    served = served_tree(tmp_path_factory.mktemp("conv") / "conv", CONVERTED)
    a = served.call("find_related", symbol="Arguments.Diff", relation="callers")
    assert not a.is_error, a.text
    rows = {(i["qualname"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert rows == {("wasCalled", (12,)): "receiver type"}, a.text  # Other(expected).Diff is Other's
    b = served.call("find_related", symbol="Set.Count", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in b.data["items"]] == [("use", [10])], b.text


def test_a_deeper_level_lists_calls_through_an_interface_the_callers_type_implements(tmp_path):
    # client_golang run 247: a depth-3 answer for checkMetricConsistency left out WriteToTextfile's `g.Gather()` on a
    # Gatherer (Registry.Gather's caller through the interface), counted only, and the agent asked again
    files = {"go.mod": "module example.com/p\n\ngo 1.21\n",
             "registry.go": ("package p\n\ntype Gatherer interface {\n\tGather() error\n}\n\ntype Registry struct{}\n\n"
                             "func (r *Registry) Gather() error {\n\treturn process()\n}\n\n"
                             "func process() error {\n\treturn check()\n}\n\nfunc check() error {\n\treturn nil\n}\n\n"
                             "func WriteToTextfile(g Gatherer) error {\n\treturn g.Gather()\n}\n\n"
                             "func Save(path string) error {\n\treturn WriteToTextfile(&Registry{})\n}\n\n"
                             # (as client_golang has: a second implementation, so the call may reach either; with
                             # Registry the only one, the caller is followed, stop 59)
                             "type Gatherers []Gatherer\n\nfunc (gs Gatherers) Gather() error {\n\treturn nil\n}\n")}
    a = served_tree(tmp_path, files).call("find_related", symbol="check", relation="callers", depth=3)
    rows = {i["qualname"]: i for i in a.data["items"]}
    assert "WriteToTextfile" in rows, a.text
    assert rows["WriteToTextfile"]["how"] == "base type" and rows["WriteToTextfile"]["detail"] == "receiver g: Gatherer, not followed", a.text
    assert "Save" not in rows, a.text  # not followed past a call through the interface
    assert "left out" not in a.text, a.text


def test_a_caller_with_up_to_five_call_lines_shows_them_all_as_source(tmp_path):
    # ESLint run 249: `+2 more lines: 613, 657` under three shown lines; the agent read them by range
    body = "".join(f"\tcheck()  // call {k}\n" for k in range(5))
    files = {"go.mod": "module example.com/p\n\ngo 1.21\n",
             "a.go": f"package p\n\nfunc check() {{}}\n\nfunc five() {{\n{body}}}\n\nfunc six() {{\n{body}\tcheck()\n}}\n"}
    a = served_tree(tmp_path, files).call("find_related", symbol="check", relation="callers")
    assert "call 4" in a.text.split("in six")[0], a.text  # five's fifth line as source
    assert "more line" not in a.text.split("in six")[0], a.text
    assert "+3 more lines" in a.text.split("in six")[1], a.text  # six's six lines: three as source, three numbers


def test_an_answer_stopped_at_its_cap_still_counts_the_deeper_callers_it_left_out(tmp_path):
    # review of d407611: Collections' AbstractHashedMap.hash at depth 3 stopped at 200 definitions and its
    # "N callers ... left out" note was lost with the early return
    many = "".join(f"def f{k}():\n    B().run()\n\n\n" for k in range(210))
    files = {
        "pkg/__init__.py": "",
        "pkg/t.py": ("def target():\n    return 1\n\n\nclass A:\n    def go(self):\n        return target()\n\n\n"
                     "class B:\n    def run(self):\n        return A().go()\n\n\n"
                     "def guess(x):\n    return x.go()\n\n\ndef guess2(y):\n    return y.go()\n"),
        "pkg/many.py": "from pkg.t import B\n\n\n" + many,
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="target", relation="callers", depth=3)
    assert "stopped at" in a.text or "more" in a.text, a.text
    assert "matched by name only or through a base type" in a.text and "left out" in a.text, a.text


def test_a_struct_embedding_the_interface_says_which_methods_it_declares_itself(tmp_path):
    # client_golang run 367: timestampedMetric embeds Metric and declares Write itself (a value receiver); the row
    # said only "embeds Metric as a field" and the agent read metric.go for the rest
    files = {"go.mod": "module example.com/p\n\ngo 1.21\n",
             "metric.go": ("package p\n\ntype Metric interface {\n\tDesc() string\n\tWrite(out *string) error\n}\n\n"
                           "type timestamped struct {\n\tMetric\n\tat int64\n}\n\n"
                           "func (m timestamped) Write(out *string) error {\n\treturn m.Metric.Write(out)\n}\n\n"
                           "type plain struct {\n\tMetric\n}\n")}
    a = served_tree(tmp_path, files).call("find_related", symbol="Metric", relation="implementations")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["detail"] for i in a.data["items"]}
    assert rows["timestamped"] == "embeds Metric as a field; its own Write 13 (value receiver); Desc through the field", a.text
    assert rows["plain"] == "embeds Metric as a field", a.text


def test_an_interface_callee_lists_test_file_implementers_last_and_says_so(tmp_path):
    # (miekg/dns run 368: tsig_test.go's testProvider.Generate was listed first among TsigProvider.Generate's
    # implementers, unmarked)
    s = served_tree(tmp_path, {
        "go.mod": "module example.com/dns\n",
        "tsig.go": ("package dns\n\ntype TsigProvider interface {\n\tGenerate(msg []byte) ([]byte, error)\n}\n\n"
                    "type hmacProvider string\n\nfunc (h hmacProvider) Generate(msg []byte) ([]byte, error) {\n"
                    "\treturn msg, nil\n}\n\nfunc Sign(p TsigProvider, m []byte) {\n\tp.Generate(m)\n}\n"),
        "tsig_test.go": ("package dns\n\ntype aProvider struct{}\n\nfunc (a aProvider) Generate(msg []byte) ([]byte, error) {\n"
                         "\treturn nil, nil\n}\n"),
    })
    a = s.call("find_related", symbol="Sign", relation="callees").text
    assert "implemented by hmacProvider.Generate tsig.go:9, aProvider.Generate tsig_test.go:5 (a test file)" in a, a


def test_a_call_in_a_go_or_defer_func_literal_says_goroutine_or_deferred(tmp_path):
    # (memberlist run 373: `go func(){ .. }()` was an "immediately-invoked func literal", and which calls run on a
    # goroutine was the question)
    src = ("package m\n\nfunc send() {}\n\nfunc run() {\n\tgo func() {\n\t\tsend()\n\t}()\n"
           "\tdefer func() {\n\t\tsend()\n\t}()\n\tfunc() {\n\t\tsend()\n\t}()\n}\n")
    s = served_tree(tmp_path, {"go.mod": "module example.com/m\n", "m.go": src})
    a = s.call("find_related", symbol="send", relation="callers").text
    assert "[in goroutine (func literal started by go) 6-8]" in a, a
    assert "[in deferred func literal (runs when the function returns) 9-11]" in a, a
    assert "[in immediately-invoked func literal 12-14]" in a, a


def test_a_method_value_passed_off_a_receiver_of_its_type_is_named(tmp_path):
    # (memberlist run 373: `go m.triggerFunc(interval, stopCh, m.probe)` was found only by a text search)
    src = ("package m\n\ntype M struct{}\n\ntype Other struct{}\n\nfunc (m *M) probe() {}\n\nfunc (o *Other) probe() {}\n\n"
           "func (m *M) triggerFunc(f func()) {\n\tf()\n}\n\nfunc (m *M) schedule(o *Other) {\n"
           "\tgo m.triggerFunc(m.probe)\n\tm.triggerFunc(o.probe)\n}\n")
    s = served_tree(tmp_path, {"go.mod": "module example.com/m\n", "m.go": src})
    a = s.call("find_related", symbol="M.probe", relation="callers").text
    assert "also named without a call" in a and "m.go:16 in M.schedule: go m.triggerFunc(m.probe)" in a, a
    assert "m.go:17" not in a, a  # (Other's probe)


def test_a_use_inside_commented_out_code_says_so(tmp_path):
    # (memberlist run 373: uses in a `/* .. */` block of old tests were listed as "top level")
    s = served_tree(tmp_path, {
        "go.mod": "module example.com/m\n",
        "m.go": "package m\n\nconst Max = 5\n\nfunc f() int {\n\treturn Max\n}\n",
        "m_test.go": ("package m\n\n/*\nfunc TestOld(t *testing.T) {\n\tx := Max\n\t_ = x\n}\n\n"
                      "func TestOlder(t *testing.T) {\n\ty := Max\n\t_ = y\n}\n*/\n"),
    })
    a = s.call("search_symbol", query="Max", references=True).text
    assert "in commented-out code /* 3-13 */:" in a and "top level" not in a, a


def test_a_local_bound_to_a_chain_of_field_reads_has_the_last_fields_type(tmp_path):
    # (json-iterator run 375: `cfg := adapter.iter.cfg.configBeforeFrozen` then `cfg.frozeWithCacheReuse(..)` was
    # "by name only" and not followed deeper)
    src = ("package m\n\ntype Config struct{}\n\nfunc (c Config) froze() int { return 0 }\n\n"
           "type Other struct{}\n\nfunc (o Other) froze() int { return 1 }\n\n"
           "type frozen struct {\n\tbefore Config\n}\n\ntype Iterator struct {\n\tcfg *frozen\n}\n\n"
           "type Decoder struct {\n\titer *Iterator\n}\n\nfunc (d *Decoder) UseNumber() int {\n"
           "\tcfg := d.iter.cfg.before\n\treturn cfg.froze()\n}\n")
    s = served_tree(tmp_path, {"go.mod": "module example.com/m\n", "m.go": src})
    a = s.call("find_related", symbol="Config.froze", relation="callers").text
    assert "in Decoder.UseNumber" in a and "all by receiver cfg: Config" in a, a
    b = s.call("find_related", symbol="Other.froze", relation="callers").text
    assert "0 call sites" in b, b
