"""miekg/dns (Go): Msg.String ranges `r` over dns.Question, then over dns.Answer, dns.Ns and dns.Extra, each loop
binding its own `r`. Before, every `r` was read by the first loop's binding (a Question, which has no Header method),
so the `r.Header()` calls on the RR elements of the later loops were "another type's"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

DNS = """\
package dns

type RR interface {
	Header() *RR_Header
}

type RR_Header struct {
	Name string
}

func (h *RR_Header) Header() *RR_Header { return h }

type A struct {
	Hdr RR_Header
}

func (rr *A) Header() *RR_Header { return &rr.Hdr }

type Question struct {
	Name string
}

type Msg struct {
	Question []Question
	Extra    []RR
}

func (dns *Msg) String() string {
	s := ""
	for _, r := range dns.Question {
		s += r.Name
	}
	for _, r := range dns.Extra {
		if r != nil && r.Header().Name != "" {
			s += r.Header().Name
		}
	}
	return s
}

func (m *Msg) Other() string {
	s := ""
	for _, r := range m.Extra {
		s += r.Header().Name
	}
	return s
}
"""


def test_a_local_bound_again_by_a_later_loop_is_read_by_the_loop_around_the_call(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/dns\n\ngo 1.20\n", "dns.go": DNS})
    r = served.call("find_related", symbol="RR_Header.Header", relation="callers")
    want = {n for n, text in enumerate(DNS.splitlines(), 1) if "r.Header()" in text}
    assert {n for i in r.data["items"] for n in i["lines"]} == want, r.text
    assert "left out" not in r.text, r.text


PACK = """\
package dns

type A struct {
	Hdr []byte
}

func (rr *A) len(off int) int { return off + 4 }

func Pack(m []byte, rr *A) int {
	n := len(m)
	return n + rr.len(n)
}
"""


def test_a_builtin_called_bare_is_no_method_of_the_name(tmp_path):
    # miekg/dns's TsigGenerateWithProvider: every `len(m.Extra)` had been `A.len ztypes.go:253` (the generated
    # method of one RR type), by receiver type
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/dns\\n\\ngo 1.20\\n", "pack.go": PACK})
    r = served.call("find_related", symbol="Pack", relation="callees")
    row = next((i for i in r.data["items"] if i["qualname"] == "A.len"), None)
    assert row is not None and row["lines"] == [11], r.text  # rr.len(n), not len(m)
    assert "builtins: len" in r.text, r.text


SERVER = """\
package dns

import "net"

type Conn struct {
	net.Conn
}

func (co *Conn) Write(p []byte) (int, error) { return co.Conn.Write(p) }

type response struct {
	tcp net.Conn
	own *Conn
}

func (w *response) Write(m []byte) (int, error) {
	if w.own != nil {
		return w.own.Write(m)
	}
	return w.tcp.Write(m)
}
"""


def test_a_field_of_a_standard_library_type_is_no_receiver_of_the_repository_s_namesake(tmp_path):
    # miekg/dns's `w.tcp.Write(msg)` with `tcp net.Conn` had been a caller of dns.Conn.Write by receiver type
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/dns\\n\\ngo 1.20\\n", "server.go": SERVER})
    r = served.call("find_related", symbol="Conn.Write", relation="callers")
    lines = {n for i in r.data["items"] for n in i["lines"]}
    own = next(n for n, t in enumerate(SERVER.splitlines(), 1) if "w.own.Write(m)" in t)
    tcp = next(n for n, t in enumerate(SERVER.splitlines(), 1) if "w.tcp.Write(m)" in t)
    assert own in lines and tcp not in lines, r.text


def test_a_several_name_search_with_references_lists_every_definition_and_the_references_that_fit(tmp_path):
    # miekg/dns: ten names with references=true showed 2 of 11 definitions (the RR interface's hundreds of references
    # filled the page), and the agent asked the next page for the other nine
    many = "package dns\n\n" + "".join(f"func use{i}(r RR, other RR) RR {{ return r }}\n" for i in range(400))
    files = {"go.mod": "module example.com/dns\n\ngo 1.20\n",
             "dns.go": ("package dns\n\ntype RR interface {\n\tHeader() string\n}\n\nconst maxLen = 255\n\n"
                        "func packRR(r RR) int { return maxLen }\n\nfunc pack() int { return packRR(nil) }\n"),
             "many.go": many}
    served = served_tree(tmp_path / "r", files)
    r = served.call("search_symbol", query="packRR, RR, maxLen", references=True)
    assert not r.is_error, r.text
    head = r.text.split("references (", 1)[0]
    for name in ("function dns.packRR", "interface dns.RR", "constant dns.maxLen"):
        assert name in head, r.text[:2000]
    assert "next page" not in head, head
    assert 'search_symbol(query="' in head and "references=true) lists theirs" in head, head
    assert "func pack() int { return packRR(nil) }" in r.text.split("references (", 1)[1], r.text[-1500:]


HASHES = """\
package dns

import "crypto/sha1"

type Conn struct{}

func (co *Conn) Write(p []byte) (int, error) { return len(p), nil }

func HashName(label string, co *Conn) []byte {
	h := sha1.New()
	h.Write([]byte(label))
	co.Write([]byte(label))
	return h.Sum(nil)
}
"""


def test_a_local_made_by_a_standard_library_function_is_no_receiver_of_the_repository_s_namesake(tmp_path):
    # miekg/dns: the name-only callers of Conn.Write held a dozen `h.Write(..)` with `h := sha1.New()`
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/dns\\n\\ngo 1.20\\n", "hash.go": HASHES})
    r = served.call("find_related", symbol="Conn.Write", relation="callers")
    lines = HASHES.splitlines()
    assert {n for i in r.data["items"] for n in i["lines"]} == \
        {next(k for k, t in enumerate(lines, 1) if "co.Write(" in t)}, r.text
    assert "h.Write" in r.text.split("\n", 2)[1], r.text  # said among the calls left out


STD_VALUES = """\
package dns

import (
	"crypto"
	"crypto/hmac"
	"crypto/sha256"
	"hash"
	"os"
	"strings"
)

type Conn struct{}

func (co *Conn) Write(p []byte) (int, error) { return len(p), nil }

func hashFromAlgorithm(alg uint8) (hash.Hash, crypto.Hash, error) {
	return sha256.New(), crypto.SHA256, nil
}

func Sign(alg uint8, co *Conn) {
	h, cryptohash, err := hashFromAlgorithm(alg)
	_, _ = cryptohash, err
	h.Write([]byte("signdata"))
	co.Write([]byte("x"))
}

func ToDS() {
	var hash crypto.Hash
	hash = crypto.SHA256
	s := hash.New()
	s.Write([]byte("owner"))
}

func unpackString(msg []byte) string {
	var s strings.Builder
	s.Write(msg)
	return s.String()
}

func Generate(msg, secret []byte) []byte {
	var h hash.Hash
	h = hmac.New(sha256.New, secret)
	h.Write(msg)
	return h.Sum(nil)
}

func main() {
	f, err := os.Create("zmsg.go")
	_ = err
	f.Write([]byte("package dns"))
}
"""


def test_locals_of_standard_library_types_are_no_receivers_of_the_repository_s_namesake(tmp_path):
    # miekg/dns run 264: Conn.Write's callers still listed 20 name-only guesses: `var s strings.Builder`, `var h
    # hash.Hash`, `s := hash.New()` on a `crypto.Hash` local, `f, err := os.Create(..)` and `h, _, err :=
    # hashFromAlgorithm(..)`, whose first result is a hash.Hash; the agent ruled each out by hand
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/dns\n\ngo 1.20\n", "std.go": STD_VALUES})
    r = served.call("find_related", symbol="Conn.Write", relation="callers")
    lines = STD_VALUES.splitlines()
    assert {n for i in r.data["items"] for n in i["lines"]} == \
        {next(k for k, t in enumerate(lines, 1) if "co.Write(" in t)}, r.text
    assert "matched by name only" not in r.text, r.text


XFR = """\
package dns

// A Transfer defines parameters that are used during a zone transfer.
type Transfer struct {
	*Conn
}

func (t *Transfer) In(q string) error { return nil }

func (t *Transfer) Out(q string) error { return nil }
"""


def test_a_search_of_a_type_s_name_with_kind_method_says_what_it_is_and_lists_its_methods(tmp_path):
    # miekg/dns run 264: `query=Transfer match=prefix kind=method` answered that no definition of Transfer is indexed
    # (a struct, with seven methods), listing the lines the word appears on
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/dns\n\ngo 1.20\n", "xfr.go": XFR})
    r = served.call("search_symbol", query="Transfer", match="prefix", kind="method", path="xfr.go")
    assert "'Transfer' is a struct at xfr.go:4-6, not a method; its 2 methods: In 8, Out 10" in r.text, r.text
    assert "no definition of it is indexed" not in r.text, r.text


ASSERTED = """\
package proj

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"path"
	"strings"
	"sync"
)

type Conn struct{}

func (c *Conn) Write(b []byte) {}

func (c *Conn) Child() (*Conn, error) { return c, nil }

type key struct{}

func fromContext(ctx context.Context, b []byte) {
	c := ctx.Value(key{}).(*Conn)
	c.Write(b)
}

func popAndWrite(h heap.Interface, b []byte) {
	c := heap.Pop(h).(*Conn)
	c.Write(b)
}

func fromPool(pool *sync.Pool, b []byte) {
	c := pool.Get().(*Conn)
	c.Write(b)
}

func pick(a, b2 *Conn, b []byte) {
	c := cmp.Or(a, b2)
	c.Write(b)
}

func walk(root *Conn, b []byte) {
	fmt.Println(path.Base("x"))
	path := root
	child, _ := path.Child()
	child.Write(b)
}

func scoped(w *Conn, b []byte, x bool) {
	if x {
		var w strings.Builder
		w.WriteString("x")
	}
	w.Write(b)
}
"""


def test_asserted_generic_shadowing_and_out_of_scope_values_stay_callers(tmp_path):
    # review of 4c56277: a type assertion after a standard-library call (`pool.Get().(*Conn)`), a generic function's
    # result (`cmp.Or(a, b)`), a local named like an imported package (`path := root`) and a declaration in a block
    # closed above the call had made real calls "another type's method"
    served = served_tree(tmp_path / "r", {"go.mod": "module proj\n\ngo 1.22\n", "conn.go": ASSERTED})
    r = served.call("find_related", symbol="Conn.Write", relation="callers")
    text = ASSERTED.splitlines()
    want = {k for k, t in enumerate(text, 1) if t.strip() in ("c.Write(b)", "child.Write(b)", "w.Write(b)")}
    assert {n for i in r.data["items"] for n in i["lines"]} == want, r.text


def test_a_module_path_without_a_dot_is_the_repository_s_own(tmp_path):
    # review of 4c56277: `module myapp` made `myapp/store` a standard-library import, and db.Write(b) no caller
    files = {"go.mod": "module myapp\n\ngo 1.22\n",
             "store/store.go": "package store\n\ntype DB struct{}\n\nfunc Open() (*DB, error) { return &DB{}, nil }\n\nfunc (d *DB) Write(b []byte) {}\n",
             "main.go": ('package main\n\nimport "myapp/store"\n\nfunc run(b []byte) {\n\tdb, err := store.Open()\n'
                         '\tif err != nil {\n\t\treturn\n\t}\n\tdb.Write(b)\n}\n\nfunc main() {}\n')}
    r = served_tree(tmp_path / "r", files).call("find_related", symbol="DB.Write", relation="callers")
    assert {(i["path"], n) for i in r.data["items"] for n in i["lines"]} == {("main.go", 10)}, r.text


def test_a_type_s_methods_in_the_kind_note_are_its_own_not_a_namesake_s(tmp_path):
    # review of b4f96e9: `query=Client kind=function path=b` listed a/a.go's Client.Get and Put among b's Client's
    files = {"go.mod": "module proj\n\ngo 1.22\n",
             "a/a.go": "package a\n\ntype Client struct{}\n\nfunc (c *Client) Get() {}\nfunc (c *Client) Put() {}\n",
             "b/b.go": "package b\n\ntype Client struct{}\n\nfunc (c *Client) Dial() {}\n"}
    r = served_tree(tmp_path / "r", files).call("search_symbol", query="Client", kind="function", path="b")
    assert "its 1 methods: Dial 5" in r.text and "Get" not in r.text, r.text
