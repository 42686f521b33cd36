"""Mends of stop 57 for C#, each with what the agent of the dbus-sharp A/B run 521 saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

PROTOCOL = {
    "src/Protocol/Message.cs": ("namespace DBus.Protocol\n{\n    public class Message\n    {\n"
                                "        public void AttachBodyTo (MessageWriter w) { }\n    }\n}\n"),
    "src/Protocol/MessageWriter.cs": "namespace DBus.Protocol\n{\n    public class MessageWriter { }\n}\n",
    "src/Protocol/MessageReader.cs": ("namespace DBus.Protocol\n{\n    public class MessageReader\n    {\n"
                                     "        public MessageReader (Message m) { }\n"
                                     "        public string ReadString () { return null; }\n    }\n}\n"),
    "src/Protocol/Signature.cs": ("namespace DBus.Protocol\n{\n    public struct Signature\n    {\n"
                                  "        public Signature (string value) { }\n"
                                  "        public static Signature GetSig (System.Type t) { return default; }\n    }\n}\n"),
    "src/Protocol/MessageContainer.cs": ("namespace DBus.Protocol\n{\n    public class MessageContainer\n    {\n"
                                         "        public Signature Signature { get; set; }\n"
                                         "        public string Path { get; set; }\n"
                                         "        public Message Message { get { return null; } }\n"
                                         "        public static MessageContainer FromMessage (Message m) { return null; }\n"
                                         "    }\n}\n"),
}

EXPORT = ("using System;\n"                                                            # 1
          "\n"
          "namespace DBus\n"                                                           # 3
          "{\n"
          "    using Protocol;\n"                                                      # 5
          "\n"
          "    internal class ExportObject\n"                                          # 7
          "    {\n"
          "        public void Handle (Message msg, MessageWriter w)\n"                # 9
          "        {\n"
          "            using (System.IO.StringReader sr = new System.IO.StringReader (\"x\")) {\n"   # 11
          "                msg.AttachBodyTo (w);\n"
          "            }\n"
          "        }\n"
          "    }\n"
          "}\n")


def test_csharp_using_inside_a_namespace_block_names_the_nested_namespace(tmp_path):
    """dbus-sharp run 521: `using Protocol;` inside `namespace DBus {` (DBus.Protocol) read "15 Protocol [package
    Protocol]: no name of it used in code", and `System.IO.StringReader` read as names nothing defines: "IO at 134;
    StringReader at 134"."""
    served = served_tree(tmp_path / "r", {**PROTOCOL, "src/ExportObject.cs": EXPORT})
    u = served.call("list_dependencies", path="src/ExportObject.cs", view="uses")
    row = next(line for line in u.text.splitlines() if line.startswith("  5 "))
    assert row.startswith("  5 Protocol (DBus.Protocol) -> src/Protocol/"), u.text
    assert "Message (Message.cs:3) at 9" in row and "MessageWriter (MessageWriter.cs:3) at 9" in row, u.text
    assert "no name of it used" not in row and "[package" not in row, u.text
    assert ".NET types written with their namespace, no using: System.IO.StringReader at 11" in u.text, u.text
    assert "IO at" not in u.text and "not defined in the repository" not in u.text, u.text


SEND = ("using System;\n"                                                              # 1
        "\n"
        "namespace DBus\n"
        "{\n"
        "    using Protocol;\n"                                                        # 5
        "\n"
        "    public class BusObject\n"
        "    {\n"
        "        public MessageReader SendMethodCall (string inSigStr, Type retType)\n"  # 9
        "        {\n"
        "            Signature inSig = new Signature (inSigStr);\n"                   # 11
        "            MessageContainer method_call = new MessageContainer {\n"          # 12
        "                Path = \"/\",\n"
        "                Signature = inSig\n"
        "            };\n"
        "            Signature outSig = Signature.GetSig (retType);\n"                # 16
        "            Message retMsg = method_call.Message;\n"                          # 17
        "            MessageContainer error = MessageContainer.FromMessage (retMsg);\n"  # 18
        "            MessageReader reader = new MessageReader (retMsg);\n"             # 19
        "            reader.ReadString ();\n"
        "            return reader;\n"
        "        }\n"
        "    }\n"
        "}\n")


def test_csharp_constructor_and_static_calls_on_repository_classes_are_callees_not_locals(tmp_path):
    """dbus-sharp run 521: BusObject.SendMethodCall's callees read "calls its own locals or parameters:
    MessageContainer, MessageReader, Signature" (a declaration `MessageReader reader = ..` had bound its type as a
    local) and "unresolved (external ...): Signature.GetSig, MessageContainer.FromMessage" under "[complete]"."""
    served = served_tree(tmp_path / "r", {**PROTOCOL, "src/BusObject.cs": SEND})
    text = served.call("find_related", symbol="BusObject.SendMethodCall", relation="callees").text
    assert "locals or parameters" not in text, text
    assert "struct Signature 3-7 built at 11" in text and "Signature.GetSig 6-6 called at 16" in text, text
    assert "class MessageContainer 3-9 built at 12" in text and "MessageContainer.FromMessage 8-8 called at 18" in text, text
    assert "class MessageReader 3-7 built at 19" in text, text
    unresolved = next((line for line in text.splitlines() if line.startswith("unresolved")), "")
    assert "GetSig" not in unresolved and "FromMessage" not in unresolved, text


TRANSPORTS = {
    "src/Transport.cs": ("namespace DBus\n{\n    public abstract class Transport\n    {\n"
                         "        public abstract void Open (string entry);\n"                     # 5
                         "        public static Transport Create () { return null; }\n"            # 6
                         "        public virtual void WriteCred () { }\n    }\n}\n"),               # 7
    "src/IAuth.cs": "namespace DBus\n{\n    public interface IAuth\n    {\n        string AuthString ();\n    }\n}\n",
    "src/SocketTransport.cs": ("namespace DBus\n{\n    public class SocketTransport : Transport, IAuth\n    {\n"
                               "        public override void Open (string entry) { }\n"           # 5
                               "        public void Open (int socket) { }\n"                       # 6
                               "        public static new Transport Create () { return null; }\n"  # 7
                               "        public void WriteCred () { }\n"                            # 8
                               "        public string AuthString () { return null; }\n"            # 9
                               "    }\n}\n"),
}


def test_csharp_outline_marks_only_override_methods_as_overrides(tmp_path):
    """dbus-sharp run 521: SocketTransport's `public void Open (Socket socket)` (no `override`, other parameters) and
    Bus's `public static new Bus Open (string address)` were marked "[overrides ...Transport.Open ...]" /
    "[overrides DBus.Connection.Open ...]": in C# only a method written `override` overrides; `new` hides."""
    served = served_tree(tmp_path / "r", TRANSPORTS)
    served.call("search_symbol", query="Transport")  # (the whole index built: an outline alone parses its own file first)
    text = served.call("get_structured_index", path="src/SocketTransport.cs").text
    rows = {line.split()[0]: line for line in text.splitlines() if line.startswith("    ")}
    assert "[overrides DBus.Transport.Open src/Transport.cs:5]" in rows["5-5"], text
    assert "[overrides DBus.IAuth.AuthString src/IAuth.cs:5]" in rows["9-9"], text  # (an interface's: implemented)
    for at in ("6-6", "7-7", "8-8"):
        assert "overrides" not in rows[at], text


def test_search_symbol_takes_delegate_as_the_kind_csharp_delegates_are_indexed_as(tmp_path):
    """dbus-sharp run 521: `kind=class,struct,enum,delegate` was refused "unknown symbol kind 'delegate'"; a C#
    delegate is indexed as a type."""
    served = served_tree(tmp_path / "r", {"src/Handlers.cs": ("namespace DBus\n{\n"
                                                               "    public delegate void MessageHandler (object m);\n"
                                                               "    public class MessageFilter { }\n}\n")})
    got = served.call("search_symbol", query="MessageHandler", kind="class,struct,enum,delegate")
    assert not got.is_error and "src/Handlers.cs:3" in got.text, got.text
    bad = served.call("search_symbol", query="MessageHandler", kind="callback")
    assert bad.is_error and "a C# delegate is a type" in bad.text, bad.text
