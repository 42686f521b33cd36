"""A Go type implements an interface with methods promoted from a struct it embeds, also in a one-line body
(`type CDS struct{ DS }`) and among many complete implementers (miekg/dns run 368: implementations of RR.pack said
"complete" with 73 of 77; CDS, DLV, SIG and HTTPS, which embed DS, RRSIG and SVCB, were missing)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def _types() -> str:
    out = ["package dns\n\ntype RR interface {\n\tHeader() int\n\tpack(msg []byte) int\n}\n"]
    for i in range(20):  # many complete implementers, named before DS
        out.append(f"\ntype A{i:02d} struct{{}}\n\nfunc (r *A{i:02d}) Header() int {{ return 0 }}\n\n"
                   f"func (r *A{i:02d}) pack(msg []byte) int {{ return 0 }}\n")
    out.append("\n// ZDS is embedded by two record types.\ntype ZDS struct {\n\tKeyTag uint16\n}\n\n"
               "func (r *ZDS) Header() int { return 0 }\n\nfunc (r *ZDS) pack(msg []byte) int { return 0 }\n")
    out.append("\n// CDS embeds ZDS on one line and has its own pack.\ntype CDS struct{ ZDS }\n\n"
               "func (r *CDS) pack(msg []byte) int { return 1 }\n")
    out.append("\n// SIG embeds ZDS in a block.\ntype SIG struct {\n\tZDS\n}\n\nfunc (r *SIG) pack(msg []byte) int { return 2 }\n")
    return "".join(out)


def test_types_embedding_an_implementer_implement_the_interface_and_own_its_methods(tmp_path):
    s = served_tree(tmp_path, {"go.mod": "module example.com/dns\n", "types.go": _types()})
    impls = s.call("find_related", symbol="RR", relation="implementations", limit=100).text
    assert "struct CDS" in impls and "struct SIG" in impls and "23 definitions" in impls, impls
    packs = s.call("find_related", symbol="RR.pack", relation="implementations", limit=100).text
    assert "method CDS.pack" in packs and "method SIG.pack" in packs and "23 definitions" in packs, packs


XFR = (
    "package dns\n\n"                                                       # 1-2
    "type Conn struct{}\n\n"                                                # 3-4
    "type SessionUDP struct{}\n\n"                                          # 5-6
    "type Key uint16\n\n"                                                   # 7-8
    "func reverse(m map[Key]string) map[string]Key {\n\treturn nil\n}\n\n"  # 9-12
    "// String names the key.\nfunc (k Key) String() string {\n\treturn \"\"\n}\n\n"  # 13-17
    "type Transfer struct {\n\t*Conn\n\tudpSession *SessionUDP\n}\n\n"      # 18-22
    "func serve() {\n\tvar s *SessionUDP\n\t_ = s\n}\n"                     # 23-26
)


def test_outline_lists_embedded_fields_and_keeps_a_far_method_out_of_the_function_above(tmp_path):
    # (miekg/dns run 368: Transfer's `*Conn` was missing from its outline, `func (key SVCBKey) String()` looked nested
    # in the function above it, and `udpSession *SessionUDP` / `var sUDP *SessionUDP` were no references)
    s = served_tree(tmp_path, {"go.mod": "module example.com/dns\n", "xfr.go": XFR})
    outline = s.call("get_structured_index", path="xfr.go").text
    assert "\n    19-19 field *Conn" in outline, outline
    assert "\n  14-16 func (k Key) String() string  (in Key)" in outline, outline
    refs = s.call("search_symbol", query="SessionUDP", references=True).text
    assert "20: udpSession *SessionUDP" in refs and "24: var s *SessionUDP" in refs, refs


def test_a_method_asked_of_a_struct_that_embeds_its_type_is_the_promoted_one(tmp_path):
    # (miekg/dns run 368: `HTTPS.len` was "none of them a member of HTTPS nor one it inherits", HTTPS embedding SVCB)
    s = served_tree(tmp_path, {"go.mod": "module example.com/dns\n", "xfr.go": XFR,
                               "conn.go": "package dns\n\nfunc (c *Conn) Write(p []byte) int {\n\treturn len(p)\n}\n"})
    a = s.call("search_symbol", query="Transfer.Write").text
    assert "has no Write of its own: it is promoted from the embedded Conn" in a and "conn.go:3-5 method" in a, a


def test_every_method_listed_away_from_its_type_is_at_the_top_level(tmp_path):
    # (memberlist run 373: the methods after the first one listed apart looked nested in it)
    src = ("package m\n\ntype M struct {\n\tn int\n}\n\nfunc New() *M {\n\treturn nil\n}\n\n"
           "func (m *M) A() {}\n\nfunc (m *M) B() {}\n")
    s = served_tree(tmp_path, {"go.mod": "module example.com/m\n", "m.go": src})
    outline = s.call("get_structured_index", path="m.go").text
    assert "\n  11-11 func (m *M) A()  (in M)" in outline and "\n  13-13 func (m *M) B()  (in M)" in outline, outline


def test_the_pointer_only_header_says_an_embedding_struct_has_the_methods_on_its_value(tmp_path):
    # (memberlist run 384: "method sets: *T only" was read as covering the shim that embeds Transport)
    src = ("package m\n\ntype Transport interface {\n\tSend() error\n}\n\n"
           "type Net struct{}\n\nfunc (n *Net) Send() error { return nil }\n\n"
           "type Mock struct{}\n\nfunc (m *Mock) Send() error { return nil }\n\n"
           "type shim struct {\n\tTransport\n}\n")
    s = served_tree(tmp_path, {"go.mod": "module example.com/m\n", "m.go": src})
    a = s.call("find_related", symbol="Transport", relation="implementations").text
    assert "method sets: *T only (pointer receivers); a struct embedding the interface has its methods on the value too" in a, a
