"""memberlist (Go): `nodeState` embeds `Node` and declares its own FullAddress, which shadows the promoted one; the
nodes a probe or gossip round works on come from `kRandomNodes(..)`, declared to return `[]*nodeState`, ranged over
or read by index. Before, Node.FullAddress had 9 callers (every nodeState call, by embedding or by same file) and
nodeState.FullAddress 3 of its 7 by name only."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

STATE = """package memberlist

type Address struct {
	Addr string
	Name string
}

type Node struct {
	Name string
	Addr string
}

func (n *Node) FullAddress() Address {
	return Address{Addr: n.Addr, Name: n.Name}
}

type nodeState struct {
	Node
	Incarnation uint32
}

func (n *nodeState) FullAddress() Address {
	return n.Node.FullAddress()
}

type Memberlist struct {
	nodes []*nodeState
}

func kRandomNodes(k int, nodes []*nodeState, exclude func(*nodeState) bool) []*nodeState {
	return nodes[:k]
}

func send(a Address) {}

func (m *Memberlist) probeNode(node *nodeState) {
	send(node.FullAddress())
	kNodes := kRandomNodes(3, m.nodes, func(n *nodeState) bool {
		return false
	})
	for _, peer := range kNodes {
		send(peer.FullAddress())
	}
}

func (m *Memberlist) pushPull() {
	nodes := kRandomNodes(1, m.nodes, nil)
	node := nodes[0]
	send(node.FullAddress())
}

func (m *Memberlist) each(all []*nodeState) {
	for _, n := range all {
		send(n.FullAddress())
	}
	for _, o := range m.nodes {
		send(o.FullAddress())
	}
}

func (m *Memberlist) SendReliable(to *Node) {
	send(to.FullAddress())
}
"""


def _sites(r):
    return sorted(line for item in r.data["items"] for line in item["lines"])


def test_an_own_method_shadows_the_embedded_one_and_slice_elements_are_typed(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/ml\n", "state.go": STATE})
    lines = STATE.splitlines()
    at = {text.strip(): n for n, text in enumerate(lines, 1)}
    own = served.call("find_related", symbol="nodeState.FullAddress", relation="callers")
    # (probeNode's parameter, the range over kRandomNodes' result, nodes[0], a []*nodeState parameter, m.nodes)
    want = sorted({n for n, text in enumerate(lines, 1) if "FullAddress())" in text and "to.FullAddress" not in text})
    assert _sites(own) == want, own.text
    assert "name only" not in own.text, own.text
    base = served.call("find_related", symbol="Node.FullAddress", relation="callers")
    assert _sites(base) == [at["return n.Node.FullAddress()"], at["send(to.FullAddress())"]], base.text


DELEGATES = """package memberlist

type EventDelegate interface {
	NotifyJoin(*Node)
}

type ChannelEventDelegate struct{}

type joinNotifier interface {
	NotifyJoin(*Node)
}

func (c *ChannelEventDelegate) NotifyJoin(n *Node) {}

type alive struct {
	Node string
}

type Node struct {
	Name string
}

type Config struct {
	Events EventDelegate
}

type Memberlist struct {
	config *Config
}

func (m *Memberlist) aliveNode(a *alive) {
	node := &Node{
		Name: a.Node,
	}
	if m.config.Events != nil {
		m.config.Events.NotifyJoin(node)
	}
}
"""


def test_callees_name_the_struct_a_literal_builds_and_an_interface_methods_implementers(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/ml\n", "state.go": DELEGATES})
    r = served.call("find_related", symbol="Memberlist.aliveNode", relation="callees")
    # `&Node{` builds the struct, not the field alive.Node read on the next line
    assert "struct Node" in r.text and "alive.Node" not in r.text, r.text
    row = next(line for line in r.text.splitlines() if "EventDelegate.NotifyJoin" in line)
    assert "implemented by ChannelEventDelegate.NotifyJoin state.go:13" in row, r.text
    assert "joinNotifier" not in row, r.text  # another interface with the method implements nothing
