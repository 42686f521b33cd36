"""A callee promoted from an embedded type says so on its row (raft run 420 read "promoted 2" in the header and
could not tell which two rows were)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ('package raft\n\ntype raftState struct {\n\tn int\n}\n\nfunc (s *raftState) getState() int {\n\treturn s.n\n}\n\n'
       'type Raft struct {\n\traftState\n}\n\nfunc (r *Raft) leader() int {\n\treturn 1\n}\n\n'
       'func (r *Raft) runFollower() int {\n\treturn r.getState() + r.leader()\n}\n')


def test_a_promoted_callee_is_tagged(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/raft\n\ngo 1.20\n", "raft.go": SRC})
    a = served.call("find_related", symbol="Raft.runFollower", relation="callees")
    assert not a.is_error, a.text
    row = next((ln for ln in a.text.splitlines() if "raftState.getState" in ln), "")
    assert "[promoted" in row, a.text
    assert "[promoted" not in next((ln for ln in a.text.splitlines() if "Raft.leader" in ln), ""), a.text


FSM = ('package raft\n\ntype FSM interface {\n\tApply(x int) int\n}\n\ntype BatchingFSM interface {\n\tFSM\n\tBatch() int\n}\n\n'
       'type MockFSM struct{}\n\nfunc (m *MockFSM) Apply(x int) int {\n\treturn x\n}\n')


def test_implementations_say_how_many_are_interfaces_extending_it(tmp_path):
    # (raft run 420 read "4 definitions" of FSM's implementations as four implementers; two were interfaces)
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/raft\n\ngo 1.20\n", "fsm.go": FSM})
    a = served.call("find_related", symbol="FSM", relation="implementations")
    assert "2 definitions (1 type, 1 interface extending it)" in a.text.splitlines()[0], a.text
