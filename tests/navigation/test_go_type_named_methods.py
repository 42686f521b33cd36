"""A Go method named like a type is called only through a selector: the type's own name in a receiver, a
parameter, a field or a composite literal is no call of it."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_GO = {
    "go.mod": "module example.com/a\n\ngo 1.21\n",
    "a.go": (
        "package a\n\n"
        "type Config struct{ n int }\n\n"
        "type Lock struct{}\n\n"
        "func (l *Lock) Lock() {}\n\n"
        "func (l *Lock) Unlock() {}\n\n"
        "func (c *Config) Config() *Config {\n\treturn c\n}\n\n"
        "func (c *Config) Size() int {\n\treturn c.n\n}\n\n"
        "func NewConfig(base Config) *Config {\n\treturn &Config{n: base.n}\n}\n\n"
        "type Holder struct {\n\tcfg Config\n}\n\n"
        "func use(h *Holder, l *Lock) int {\n"
        "\tl.Lock()\n"
        "\tb := h.cfg.\n"
        "\t\tConfig()\n"
        "\treturn b.Size()\n"
        "}\n"
    ),
}


def test_a_method_named_like_its_type_is_called_through_a_selector_only(tmp_path):
    s = served_tree(tmp_path, _GO)
    a = s.call("find_related", symbol="Config.Config", relation="callers")
    callers = {i["qualname"] for i in a.data["items"]}
    # `func (c *Config) Size()`, `NewConfig(base Config)` and `&Config{..}` name the type; only `use` calls the method
    # (its selector continued on the next line)
    assert callers == {"use"}, a.text
    b = s.call("find_related", symbol="Lock.Lock", relation="callers")
    assert {i["qualname"] for i in b.data["items"]} == {"use"}, b.text  # Unlock's receiver `(l *Lock)` is no call


def test_a_go_chain_whose_dots_end_the_lines_is_typed_for_callers_and_callees(tmp_path):
    files = dict(_GO)
    files["c.go"] = "package a\n\nfunc chain(h *Holder) int {\n\treturn h.cfg.\n\t\tConfig().\n\t\tConfig().\n\t\tSize()\n}\n"
    s = served_tree(tmp_path, files)
    callees = s.call("find_related", symbol="chain", relation="callees")
    got = {i["qualname"]: i["lines"] for i in callees.data["items"]}
    assert got == {"Config.Config": [5, 6], "Config.Size": [7]}, callees.text  # not "unresolved: Config, Size"
    callers = s.call("find_related", symbol="Config.Size", relation="callers")
    hows = {i["qualname"]: i["how"] for i in callers.data["items"]}
    assert hows.get("chain") not in (None, "name only"), callers.text  # (the chain's receiver seen, as on one line)
    # the call row shows what the step is called on, not a bare `Size()`
    assert "return h.cfg. … Size()" in callers.text, callers.text
    use = s.call("find_related", symbol="Config.Config", relation="callers")
    assert "b := h.cfg.Config()" in use.text, use.text


def test_the_uses_view_names_a_go_import_alias(tmp_path):
    # run 220: `dto "github.com/prometheus/client_model/go"` read as `dto.Metric` rows under the bare path; the agent
    # read the import block again to learn the alias
    files = {
        "go.mod": "module example.com/a\n\ngo 1.21\n",
        "a.go": 'package a\n\nimport (\n\t"fmt"\n\tdto "github.com/prometheus/client_model/go"\n\tstr "strings"\n)\n\n'
                "func f(m *dto.Metric) string {\n\treturn fmt.Sprint(m) + str.ToUpper(\"x\")\n}\n",
    }
    text = served_tree(tmp_path, files).call("list_dependencies", path="a.go", view="uses").text
    assert "github.com/prometheus/client_model/go as dto" in text and "dto.Metric at 9" in text, text
    assert "strings as str" in text and "fmt as" not in text, text


def test_go_callees_name_the_outside_types_of_closure_parameters_assertions_and_package_variables(tmp_path):
    # run 220: HandlerForTransactional's calls on `rsp` (a closure's http.ResponseWriter), `gzipPool` (a package
    # `sync.Pool{..}`), `gz` (asserted `*gzip.Writer`), `closer` (asserted `expfmt.Closer`) and `enc` (made by
    # expfmt.NewEncoder) were "a receiver of unknown type"
    files = {
        "go.mod": "module example.com/a\n\ngo 1.21\n",
        "h.go": (
            "package a\n\n"
            "import (\n\t\"compress/gzip\"\n\t\"net/http\"\n\t\"sync\"\n\n\t\"github.com/prometheus/common/expfmt\"\n)\n\n"
            "var gzipPool = sync.Pool{New: func() interface{} { return gzip.NewWriter(nil) }}\n\n"
            "func Handler() http.Handler {\n"
            "\treturn http.HandlerFunc(func(rsp http.ResponseWriter, req *http.Request) {\n"
            "\t\theader := rsp.Header()\n"
            "\t\theader.Set(\"a\", \"b\")\n"
            "\t\tgz := gzipPool.Get().(*gzip.Writer)\n"
            "\t\tdefer gzipPool.Put(gz)\n"
            "\t\tgz.Reset(rsp)\n"
            "\t\tenc := expfmt.NewEncoder(gz, \"text\")\n"
            "\t\tenc.Encode(nil)\n"
            "\t\tif closer, ok := enc.(expfmt.Closer); ok {\n"
            "\t\t\tcloser.Close()\n"
            "\t\t}\n"
            "\t\tgz.Close()\n"
            "\t})\n"
            "}\n"
        ),
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="Handler", relation="callees")
    packages = a.data["packages"]
    for want in ("http.ResponseWriter.Header (on rsp)", "header.Set (header from http.ResponseWriter.Header)",
                 "sync.Pool.Get (on gzipPool)", "sync.Pool.Put (on gzipPool)", "gzip.Writer.Reset (on gz)",
                 "gzip.Writer.Close (on gz)", "expfmt.Closer.Close (on closer)", "enc.Encode (enc from expfmt.NewEncoder)"):
        assert any(p == want or p.startswith(want + " at ") for p in packages), (want, a.text)  # (with its lines)
    assert not a.data["unresolved"], a.text


def test_a_comment_sentence_ending_in_a_dot_joins_no_chain_outside_go(tmp_path):
    # (review of 781db65: `# ... with the types that were passed.` above `_prepare(cls)` was read as `passed._prepare`)
    files = {
        "m.py": (
            "def _prepare(cls):\n    return cls\n\n\n"
            "class Model:\n"
            "    def build(self):\n"
            "        # fields are collected with the types that were passed.\n"
            "        _prepare(self)\n"
            "        return self\n"
        ),
        "r.rb": (
            "class Store\n"
            "  def save\n"
            "    # the record is written.\n"
            "    persist(1)\n"
            "  end\n\n"
            "  def persist(x)\n    x\n  end\nend\n"
        ),
    }
    s = served_tree(tmp_path, files)
    callers = s.call("find_related", symbol="_prepare", relation="callers")
    assert [i["qualname"] for i in callers.data["items"]] == ["Model.build"], callers.text
    assert "passed." not in callers.text, callers.text  # the call row is the call, not the comment joined onto it
    callees = s.call("find_related", symbol="Store.save", relation="callees")
    assert [i["qualname"] for i in callees.data["items"]] == ["Store#persist"], callees.text
