"""Mends of stop 58 for C#, each with what the agent of the dbus-sharp A/B run 526 saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

CONNECTION = ("namespace DBus\n{\n    public class Connection\n    {\n"
              "        public Connection (string address) { OpenPrivate (address); }\n"        # 5
              "        public Connection () { }\n"                                            # 6
              "        public static Connection Open (string address) { return null; }\n"      # 7
              "        void OpenPrivate (string address) { Transport.Create (address); }\n"    # 8
              "    }\n}\n")
TRANSPORT = ("namespace DBus\n{\n    public abstract class Transport\n    {\n"
             "        public static Transport Create (string entry) { return null; }\n"       # 5
             "        public abstract void Open (string entry);\n"                            # 6
             "        public virtual void WriteCred () { }\n    }\n}\n")
BUS = ("namespace DBus\n{\n    public sealed class Bus : Connection\n    {\n"
       "        static Bus systemBus = Bus.Open (\"system\");\n"                                # 5
       "        static Bus starterBus = null;\n"                                                # 6
       "        public static Bus Starter\n        {\n            get {\n"                       # 7-9
       "                starterBus = Bus.Open (\"starter\");\n"                                 # 10
       "                return starterBus;\n            }\n        }\n"
       "        public static new Bus Open (string address)\n"                                  # 14
       "        {\n            return new Bus (address);\n        }\n"                          # 15-17
       "        public Bus (string address) : base (address)\n"                                 # 18
       "        {\n        }\n"
       "        public Bus () : this (\"default\")\n"                                           # 21
       "        {\n        }\n    }\n}\n")
TESTS = ("namespace DBus.Tests\n{\n    using DBus;\n    public class BusTests\n    {\n"
         "        public void Reopened (string address)\n        {\n"
         "            var bus = Bus.Open (address);\n"                                          # 8
         "            var conn = Connection.Open (address);\n"                                  # 9
         "        }\n    }\n}\n")
CONN_FILES = {"src/Connection.cs": CONNECTION, "src/Transport.cs": TRANSPORT, "src/Bus.cs": BUS,
              "tests/BusTests.cs": TESTS}


def test_csharp_class_qualified_call_runs_the_method_that_class_declares(tmp_path):
    """dbus-sharp run 526: callers of Connection.Open listed `static Bus systemBus = .. Bus.Open (Address.System)`
    "[Bus: Connection]" by receiver type, and `Bus.Open (..)` in Bus.Starter and in BusTests "matched by name only",
    though Bus declares its own `public static new Bus Open (string address)`, which hides Connection's."""
    served = served_tree(tmp_path / "r", CONN_FILES)
    text = served.call("find_related", symbol="Connection.Open", relation="callers").text
    rows = [line for line in text.splitlines()[1:] if not line.startswith("[")]
    assert rows == ["tests/BusTests.cs:9 in BusTests.Reopened (6-10): var conn = Connection.Open (address);"], text
    assert "left out: another type's method" in text and "src/Bus.cs:5 `static Bus systemBus" in text, text
    bus = served.call("find_related", symbol="Bus.Open", relation="callers").text
    rows = [line for line in bus.splitlines()[1:] if not line.startswith("[")]
    assert "  5 in Bus (3-24): static Bus systemBus = Bus.Open (\"system\");" in rows, bus
    assert "tests/BusTests.cs:8 in BusTests.Reopened (6-10): var bus = Bus.Open (address);" in rows, bus
    assert not any("Connection.Open" in line for line in rows), bus


def test_csharp_base_and_this_constructor_initializers_are_callers(tmp_path):
    """dbus-sharp run 526: callers of Transport.Create at depth 3 stopped at `Connection.Connection: OpenPrivate
    (address);` with no caller of that constructor, though `public Bus (string address) : base (address)` calls it."""
    served = served_tree(tmp_path / "r", CONN_FILES)
    text = served.call("find_related", symbol="Transport.Create", relation="callers", depth=3).text
    assert "18 in Bus.Bus" in text and "base (address)" in text, text
    ctor = served.call("find_related", symbol="Bus.Bus(string)", relation="callers").text
    assert "21 in Bus.Bus" in ctor, ctor


def test_java_super_constructor_calls_are_callers_of_the_base_constructor_they_fit(tmp_path):
    """The Java side of the dbus-sharp run 526 mend: `super(s)` and `super(3)` in Sub's constructors call
    Base(String) and Base(int), each its own."""
    served = served_tree(tmp_path / "r", {
        "src/a/Base.java": "package a;\npublic class Base {\n    public Base(String s) { }\n    public Base(int n) { }\n}\n",
        "src/a/Sub.java": ("package a;\npublic class Sub extends Base {\n    public Sub(String s) {\n        super(s);\n    }\n"
                           "    public Sub() {\n        super(3);\n    }\n}\n")})
    text = served.call("find_related", symbol="Base.Base(String)", relation="callers").text
    assert "src/a/Sub.java:4 in Sub.Sub(String) (3-5): super(s);" in text and "super(3)" not in text, text
    text = served.call("find_related", symbol="Base.Base(int)", relation="callers").text
    assert "src/a/Sub.java:7 in Sub.Sub() (6-8): super(3);" in text and "super(s)" not in text, text


SIGNATURE = ("using System;\n"                                                                 # 1
             "namespace DBus.Protocol\n{\n    public struct Signature\n    {\n"
             "        public static Signature GetSig (object[] objs) { return default; }\n"    # 6
             "        public static Signature GetSig (Type[] types) { return default; }\n"     # 7
             "        public static Signature GetSig (Type type) { return default; }\n"        # 8
             "    }\n}\n")
BUSOBJECT = ("using System;\n"                                                                 # 1
             "namespace DBus\n{\n    using Protocol;\n"
             "    public class BusObject\n    {\n"                                             # 5-6
             "        public void SendMethodCall (string inSig, Type retType)\n        {\n"    # 7-8
             "#if PROTO_REPLY_SIGNATURE\n"                                                     # 9
             "            Signature outSig = Signature.GetSig (retType);\n"                    # 10
             "#endif\n"                                                                        # 11
             "            Type other = retType;\n"                                             # 12
             "            Signature.GetSig (other);\n"                                         # 13
             "        }\n    }\n}\n")


def test_csharp_callee_overload_by_the_arguments_declared_type_and_its_if_condition(tmp_path):
    """dbus-sharp run 526: SendMethodCall's callees read `Signature.GetSig 826-829 called at 135`, GetSig(object[]),
    though `retType` is a parameter of type Type and GetSig(Type) exists; the call sits under `#if
    PROTO_REPLY_SIGNATURE`, which the row did not say."""
    served = served_tree(tmp_path / "r", {"src/Protocol/Signature.cs": SIGNATURE, "src/BusObject.cs": BUSOBJECT})
    text = served.call("find_related", symbol="BusObject.SendMethodCall", relation="callees").text
    assert "Signature.GetSig(Type) src/Protocol/Signature.cs:8-8 called at 10,13 (10 under #if PROTO_REPLY_SIGNATURE)" in text, text
    assert "6-6" not in text and "7-7" not in text and "not told" not in text, text


MAPPER = ("using System;\nusing System.Reflection;\n"                                          # 1-2
          "namespace DBus\n{\n    static class Mapper\n    {\n"                                # 3-6
          "        public static bool IsPublic (MemberInfo mi)\n        {\n"                   # 7-8
          "            return IsPublic (mi.DeclaringType);\n        }\n"                       # 9
          "        public static bool IsPublic (Type type)\n        {\n"                       # 11-12
          "            return type.IsPublic;\n        }\n"
          "        static void Use (Type type, MethodInfo mi, MemberInfo member)\n        {\n"  # 15-16
          "            if (IsPublic (type)) { }\n"                                             # 17
          "            if (IsPublic (member)) { }\n"                                           # 18
          "            if (Mapper.IsPublic (mi)) { }\n"                                        # 19
          "        }\n    }\n}\n")


def test_csharp_callers_of_one_overload_leave_the_others_calls_out_by_argument_type(tmp_path):
    """dbus-sharp run 526: callers of `Mapper.IsPublic(Type)` read as merging IsPublic(MemberInfo)'s calls under
    "[every call named 'IsPublic' is listed]": the calls whose argument types are unknown (`mi.DeclaringType`, an
    outside MethodInfo) fit both, and the answer did not say so."""
    served = served_tree(tmp_path / "r", {"src/Mapper.cs": MAPPER})
    text = served.call("find_related", symbol="Mapper.IsPublic(Type)", relation="callers").text
    assert "17 in Mapper.Use" in text and "\n  18 in" not in text, text
    assert "1 call of another overload left out, by their arguments: IsPublic(MemberInfo mi) 1 (src/Mapper.cs:18" in text, text
    assert ("2 of these calls may be another overload's, the argument types unknown (IsPublic(MemberInfo mi): "
            "src/Mapper.cs:9, src/Mapper.cs:19)") in text, text
    assert "every call named 'IsPublic' is listed" not in text, text


TRANSPORT_FILES = {
    "src/Transport.cs": ("namespace DBus\n{\n    public abstract class Transport\n    {\n"
                         "        public abstract void Open (string entry);\n"                          # 5
                         "        public virtual void WriteCred () { }\n    }\n}\n"),
    "src/SocketTransport.cs": ("namespace DBus\n{\n    class SocketTransport : Transport\n    {\n"
                               "        public override void Open (string entry) { }\n"                # 5
                               "        public void Open (string host, int port, string family) { }\n" # 6
                               "        public void Open (object socket) { }\n"                         # 7
                               "        public override void WriteCred () { }\n    }\n}\n"),
    "src/UnixTransport.cs": ("namespace DBus\n{\n    abstract class UnixTransport : Transport\n    {\n"
                             "        public override void Open (string entry) { }\n"                  # 5
                             "        public abstract void Open (string path, bool @abstract);\n"      # 6
                             "    }\n}\n"),
    "src/UnixNativeTransport.cs": ("namespace DBus\n{\n    class UnixNativeTransport : UnixTransport\n    {\n"
                                   "        public override void Open (string path, bool @abstract) { }\n"   # 5
                                   "        public static byte[] GetSockAddr (string path) { return null; }\n"  # 6
                                   "        internal object OpenUnix (string path) { return null; }\n"  # 7
                                   "    }\n}\n"),
}


def test_csharp_implementations_adds_overloads_of_an_overridden_name_and_static_methods(tmp_path):
    """dbus-sharp run 526: implementations of Transport omitted from "adds" SocketTransport's `Open(string, int,
    string)` and `Open(Socket)`, UnixTransport's new `abstract void Open(string path, bool @abstract)`, and
    UnixNativeTransport's public static GetSockAddr: an overload of an overridden name is an addition (a static
    method is still said only on a row that says nothing else, as decided at the review of 33864b6)."""
    served = served_tree(tmp_path / "r", TRANSPORT_FILES)
    text = served.call("find_related", symbol="Transport", relation="implementations").text
    rows = {line.split()[0].rsplit(":", 1)[0].strip(): line for line in text.splitlines() if ".cs:" in line}
    sock = rows["src/SocketTransport.cs"]
    assert sock.endswith("overrides Open 5, WriteCred 8; adds Open(string,int,string) 6, Open(object) 7"), text
    unix = rows["src/UnixTransport.cs"]
    assert unix.endswith("overrides Open 5; adds Open(string,bool) 6"), text
    native = rows["src/UnixNativeTransport.cs"]
    assert native.endswith("overrides Open 5; adds OpenUnix 7"), text  # (a static factory stays unsaid: review of 33864b6)
