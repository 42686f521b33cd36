"""Callees through a chain of reads (the client_golang A/B runs 64 and 68): `opts.Registry.Register(c)` (a field of a
parameter, typed by the parameter's struct), `opts.ErrorLog.Println(...)`, `errCnt.WithLabelValues("a").Inc()` (a
method of what a method returns) and `r.configurations.Clone()` (a field of the receiver) were "a receiver of
unknown type", and a package imported as `github.com/armon/go-metrics` (package metrics) was no package."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

TREE = {
    "go.mod": "module example.com/prom\n\ngo 1.20\n",
    "prometheus/registry.go": (
        "package prometheus\n\n"
        "type Collector interface {\n\tDescribe() string\n}\n\n"
        "type Registerer interface {\n\tRegister(Collector) error\n}\n\n"
        "var DefaultRegisterer Registerer = nil\n\n"
        "type Counter interface {\n\tInc()\n}\n\n"
        "type CounterVec struct {\n\tname string\n}\n\n"
        "func NewCounterVec(name string) *CounterVec { return &CounterVec{name: name} }\n\n"
        "func (v *CounterVec) WithLabelValues(lvs ...string) Counter { return nil }\n"),
    "prometheus/promhttp/http.go": (
        "package promhttp\n\nimport (\n\t\"github.com/armon/go-metrics\"\n\n\t\"example.com/prom/prometheus\"\n)\n\n"
        "type Logger interface {\n\tPrintln(v ...interface{})\n}\n\n"
        "type HandlerOpts struct {\n\tErrorLog Logger\n\tRegistry prometheus.Registerer\n}\n\n"
        "func Handler(c prometheus.Collector, opts HandlerOpts) {\n"
        "\terrCnt := prometheus.NewCounterVec(\"errors\")\n"
        "\tif err := opts.Registry.Register(c); err != nil {\n"
        "\t\topts.ErrorLog.Println(\"register failed\", err)\n"
        "\t\terrCnt.WithLabelValues(\"register\").Inc()\n"
        "\t}\n"
        "\t_ = prometheus.DefaultRegisterer.Register(c)\n"
        "\tmetrics.IncrCounter([]string{\"x\"}, 1)\n"
        "}\n"),
}


@pytest.fixture(scope="module")
def prom(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("chains") / "prom", TREE)


def test_calls_through_fields_of_parameters_and_returned_values_resolve(prom: Served):
    a = prom.call("find_related", symbol="Handler", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["lines"] for i in a.data["items"]}
    assert rows.get("Registerer.Register") == [20, 24], a.text  # opts.Registry and the package var
    assert rows.get("Logger.Println") == [21], a.text
    assert rows.get("CounterVec.WithLabelValues") == [22], a.text
    assert rows.get("Counter.Inc") == [22], a.text  # on what WithLabelValues returns
    assert "unresolved" not in a.text, a.text
    assert "functions of other packages: metrics.IncrCounter" in a.text, a.text


def test_an_unknown_step_leaves_the_chain_named_whole(tmp_path):
    tree = {
        "go.mod": "module example.com/x\n\ngo 1.20\n",
        "x.go": ("package x\n\ntype Raft struct {\n\tlogger Logger\n\tconf configurations\n}\n\n"
                 "type configurations struct{}\n\nfunc (c configurations) Clone() configurations { return c }\n\n"
                 "func (r *Raft) run() {\n\tr.logger.Info(\"x\")\n\t_ = r.conf.Clone()\n}\n"),
    }
    served = served_tree(tmp_path / "x", tree)
    a = served.call("find_related", symbol="Raft.run", relation="callees")
    assert not a.is_error, a.text
    assert {i["qualname"]: i["lines"] for i in a.data["items"]}.get("configurations.Clone") == [14], a.text
    assert "r.logger.Info" in a.text, a.text  # Logger is no type here: unresolved, named as written
