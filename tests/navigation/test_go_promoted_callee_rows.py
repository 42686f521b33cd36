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
