"""What the Raft A/B agent (run 12, contexteer only) stumbled on: a doc comment listed as a use of an error
value, "no call, type or import references" before a value's uses (values are never stored as references),
an interface that embeds FSM and a struct with an FSM field both "[embeds FSM]", unresolved callees shown as
"a/b.respond", "imports no other repository files" for a Go file (its package's files need no import), and an
unknown argument's refusal that did not say which arguments are required."""

from __future__ import annotations

import pytest

from tests.conftest import hit_at
from tests.navigation.conftest import Served, served_tree

GO = {
    "go.mod": "module example.com/raft\n\ngo 1.20\n",
    "api.go": (
        "package raft\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nvar (\n"
        "\t// ErrLeadershipLost is returned when a leader fails to commit a log entry.\n"
        "\tErrLeadershipLost = errors.New(\"leadership lost while committing log\")\n)\n\n"
        "func report() string { return fmt.Sprint(ErrLeadershipLost) }\n"),
    "fsm.go": (
        "package raft\n\ntype FSM interface {\n\tApply(l []byte) interface{}\n}\n\n"
        "type BatchingFSM interface {\n\tFSM\n\tApplyBatch(ls [][]byte) []interface{}\n}\n\n"
        "type MockFSMConfigStore struct {\n\tFSM\n}\n\n"
        "type future struct{}\n\nfunc (f *future) respond(err error) {}\n\n"
        "type Raft struct {\n\tapplyCh chan *future\n\tverifyCh chan *future\n\tconfCh chan *future\n}\n\n"
        "func (r *Raft) run() {\n\tselect {\n\tcase a := <-r.applyCh:\n\t\ta.respond(nil)\n"
        "\tcase v := <-r.verifyCh:\n\t\tv.respond(nil)\n\tcase c := <-r.confCh:\n\t\tc.respond(nil)\n\t}\n}\n"
        "\nfunc relay(a, c ext.Future) {\n\ta.respond(nil)\n\tc.respond(nil)\n}\n"),
}


@pytest.fixture(scope="module")
def raft(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("raft") / "raft", GO)


def test_a_values_uses_leave_out_comment_lines_and_do_not_open_with_no_references(raft: Served):
    a = raft.call("search_symbol", query="ErrLeadershipLost", references=True)
    assert not a.is_error, a.text
    assert "in report" in (hit_at(a.text, "api.go", 13) or ""), a.text
    assert hit_at(a.text, "api.go", 9) is None, "the doc comment above the variable is no use of it"
    assert "no call, type or import references" not in a.text, a.text


def test_an_embedding_interface_extends_and_an_embedding_struct_has_a_field(raft: Served):
    a = raft.call("find_related", symbol="FSM", relation="implementations")
    assert not a.is_error, a.text
    assert "interface BatchingFSM  [extends, embeds FSM]" in a.text, a.text
    assert "struct MockFSMConfigStore  [embeds FSM as a field]" in a.text, a.text
    assert "[complete: all levels listed" in a.text or "[not listed: " in a.text  # (stop 59: "; all direct" may follow)


def test_a_value_received_from_a_channel_field_resolves_through_the_fields_element_type(raft: Served):
    a = raft.call("find_related", symbol="Raft.run", relation="callees")  # `case a := <-r.applyCh:` a.respond(nil)
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("future.respond", [29, 31, 33])], a.text


def test_an_unresolved_callee_on_several_receivers_names_them_readably(raft: Served):
    a = raft.call("find_related", symbol="relay", relation="callees")
    assert not a.is_error, a.text
    assert "a/c.respond" not in a.text and "respond (on a, c)" in a.text, a.text


def test_a_go_file_without_repository_imports_says_its_package_needs_none(raft: Served):
    a = raft.call("list_dependencies", path="api.go")
    assert not a.is_error, a.text
    assert "imports no other repository package (its own package's files need none)" in a.text, a.text
    assert "errors" in a.text and "fmt" in a.text


def test_an_unknown_argument_says_which_arguments_are_required_and_their_values(raft: Served):
    a = raft.call("find_related", query="FSM")
    assert a.is_error, a.text
    assert "unknown argument 'query' (did you mean symbol?)" in a.text  # what search_symbol calls it
    assert "required: symbol" in a.text and "relation ('callers', 'callees', 'implementations' or 'supertypes')" in a.text
