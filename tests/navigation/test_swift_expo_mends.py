"""Swift as expo-modules-core's iOS code writes it: protocols that types the repository does not define conform to
in extensions (`extension URL: Convertible { .. }`, ten of expo's twelve `Convertible` types), whose members
implement the protocol's requirements."""

from __future__ import annotations

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

CONV = {
    "Core/Convertible.swift": ("public protocol Convertible: AnyArgument {\n"
                               "  static func convert(from value: Any?, appContext: AppContext) throws -> Self\n"
                               "  static func convertResult(_ result: Any, appContext: AppContext) throws -> Any\n}\n\n"
                               "extension Convertible {\n"
                               "  public static func convertResult(_ result: Any, appContext: AppContext) throws -> Any {\n"
                               "    return result\n  }\n}\n\npublic protocol AnyArgument {}\npublic class AppContext {}\n"),
    "Core/Convertibles.swift": ("import Foundation\n\nextension URL: Convertible {\n"
                                "  public static func convert(from value: Any?, appContext: AppContext) throws -> Self {\n"
                                "    return URL(string: \"x\")!\n  }\n"
                                "  public static func convertResult(_ result: Any, appContext: AppContext) throws -> Any {\n"
                                "    return result\n  }\n}\n\n"
                                "extension CMTime: Convertible {\n"
                                "  public static func convert(from value: Any?, appContext: AppContext) throws -> CMTime {\n"
                                "    return CMTime()\n  }\n}\n"),
    "Core/Record.swift": ("public struct Point: Convertible {\n"
                          "  public static func convert(from value: Any?, appContext: AppContext) throws -> Point {\n"
                          "    return Point()\n  }\n}\n"),
}


def test_extensions_of_library_types_conform_to_a_protocol(tmp_path):
    served = served_tree(tmp_path / "r", CONV)
    r = served.call("find_related", symbol="Convertible", relation="implementations")
    rows = {(i["path"], i["start_line"]) for i in r.data["items"]}
    assert rows == {("Core/Convertibles.swift", 3), ("Core/Convertibles.swift", 12), ("Core/Record.swift", 1)}, r.text
    assert "extension URL: Convertible" in r.text and "extension CMTime: Convertible" in r.text, r.text
    m = served.call("find_related", symbol="Convertible.convert", relation="implementations")
    assert sorted(i["qualname"] for i in m.data["items"]) == ["CMTime.convert", "Point.convert", "URL.convert"], m.text
    d = served.call("find_related", symbol="Convertible.convertResult", relation="implementations")
    assert [i["qualname"] for i in d.data["items"]] == ["URL.convertResult"], d.text
    # the types that get the protocol extension's default: the library type's extension among them
    assert "use the default (2): Point Core/Record.swift:1, CMTime Core/Convertibles.swift:12" in d.text, d.text


def test_outline_rows_say_the_kind_once(tmp_path):
    served = served_tree(tmp_path / "r", {
        "M.swift": ("public final class Holder {\n  internal class NotFound: Exception {\n    override var reason: String {\n"
                    "      \"x\"\n    }\n  }\n}\n"),
        "m.py": "open = print\n\n\nclass data:\n    pass\n"})
    r = served.call("get_structured_index", path="M.swift")
    assert "2-6 internal class NotFound: Exception" in r.text and "3-5 override var reason: String" in r.text, r.text
    p = served.call("get_structured_index", path="m.py")
    assert "1-1 variable open = print" in p.text, p.text  # a name, not a modifier


MODULE = {
    "Core/Protocols/AnyModule.swift": ("public protocol AnyModule: AnyObject {\n  @JavaScriptActor\n"
                                       "  func decorate(object: Int, in runtime: Int) throws\n}\n\n"
                                       "extension AnyModule {\n  @JavaScriptActor\n"
                                       "  public func decorate(object: Int, in runtime: Int) throws {\n    other()\n  }\n}\n"),
    "Core/Logging/Logger.swift": ("public let log = Logger(handlers: [])\n\npublic class Logger {\n"
                                  "  public func info(_ s: String) {\n  }\n}\n"),
    "JS/Bindings.swift": ("internal enum Bindings {\n  static func build(_ t: Int, app: Int) throws -> Int {\n"
                          "    return 1\n  }\n}\n"),
    "Core/ModuleHolder.swift": ("public final class ModuleHolder {\n  private(set) var module: AnyModule\n\n"
                                "  private func make() -> Int? {\n    do {\n      log.info(\"x\")\n"
                                "      let y = try Bindings.build(1, app: 2)\n"
                                "      try module.decorate(object: y, in: 3)\n      return y\n    } catch {\n      return nil\n    }\n  }\n\n"
                                "  func shadow(log: Other) {\n    log.info(\"y\")\n  }\n}\n"),
}


def test_a_swift_module_sees_its_types_globals_and_protocol_requirements(tmp_path):
    served = served_tree(tmp_path / "r", MODULE)
    r = served.call("find_related", symbol="ModuleHolder.make", relation="callees")
    got = {i["qualname"]: (i["path"], i["start_line"]) for i in r.data["items"]}
    assert got == {"Logger.info": ("Core/Logging/Logger.swift", 4), "Bindings.build": ("JS/Bindings.swift", 2),
                   "AnyModule.decorate": ("Core/Protocols/AnyModule.swift", 2)}, r.text  # the requirement, not the default
    assert "a protocol requirement; no conforming type implements it; default implementation in an extension: " \
           "Core/Protocols/AnyModule.swift:7" in r.text, r.text
    c = served.call("find_related", symbol="Logger.info", relation="callers")
    # the global's type; a parameter named log (of a type the repository does not define) is no evidence
    assert sorted((i["lines"], i["how"]) for i in c.data["items"]) == [([6], "receiver type"), ([16], "name only")], c.text
    d = served.call("find_related", symbol="AnyModule.decorate", relation="callers")
    assert "Core/ModuleHolder.swift:8 in ModuleHolder.make" in d.text and "the protocol's requirement" in d.text, d.text
    e = served.call("find_related", symbol="AnyModule.decorate", relation="callees")
    assert "the default implementation (an extension of a protocol) of the requirement at Core/Protocols/AnyModule.swift:2" in e.text, e.text


def test_the_uses_view_names_the_modules_own_names_and_what_the_imports_bring(tmp_path):
    files = dict(MODULE)
    files["Core/Arguments/Convertibles.swift"] = (
        "import ExpoModulesJSI\nimport CoreGraphics\n\nextension CGPoint: AnyModule {\n"
        "  func decorate(object: Int, in runtime: Int) throws {\n    log.info(\"p\")\n"
        "    let o: JavaScriptObject? = nil\n    let s: String = \"\"\n    _ = try Bindings.build(object, app: runtime)\n  }\n}\n"
        "\nfunc helper<R>(_ log: R, body: () -> R) -> R {\n  return body()\n}\n")
    served = served_tree(tmp_path / "r", files)
    r = served.call("list_dependencies", path="Core/Arguments/Convertibles.swift", view="uses")
    rows = {u["module"]: u for u in r.data["uses"]}
    assert "a whole module" in (rows["ExpoModulesJSI"]["directive"] or ""), r.text
    same = next(u for m, u in rows.items() if m.startswith("same module, no import"))
    assert [(n["name"], n["lines"], n["defined"]) for n in same["names"]] == [
        ("AnyModule", [4], "Core/Protocols/AnyModule.swift:1"), ("log", [6], "Core/Logging/Logger.swift:1"),
        ("Bindings", [9], "JS/Bindings.swift:1")], r.text
    other = rows["not defined in the repository nor Swift's standard library (from the imports)"]
    # the library type this file extends is one; String is the standard library's; `R` a generic parameter
    assert [(n["name"], n["lines"]) for n in other["names"]] == [("CGPoint", [4]), ("JavaScriptObject", [7])], r.text


CAST = {
    "D/AnyDynamicType.swift": ("public protocol AnyDynamicType {\n  @JavaScriptActor\n"
                               "  func cast(jsValue: borrowing JavaScriptValue, appContext: AppContext) throws -> Any\n\n"
                               "  func cast<ValueType>(_ value: ValueType, appContext: AppContext) throws -> Any\n}\n\n"
                               "extension AnyDynamicType {\n"
                               "  func cast<ValueType>(_ value: ValueType, appContext: AppContext) throws -> Any {\n"
                               "    return value\n  }\n}\n"),
    "D/Users.swift": ("final class Field {\n  internal let fieldType: AnyDynamicType\n\n"
                      "  func set(jsValue: JavaScriptValue, appContext: AppContext) throws -> Any {\n"
                      "    return try fieldType.cast(jsValue: jsValue, appContext: appContext)\n  }\n\n"
                      "  func set(_ value: Any, appContext: AppContext) throws -> Any {\n"
                      "    return try fieldType.cast(value, appContext: appContext)\n  }\n\n"
                      "  func all(_ values: [Any], appContext: AppContext) throws -> [Any] {\n"
                      "    return try values.map { try fieldType.cast($0, appContext: appContext) }\n  }\n}\n"),
}


def test_a_swift_overload_is_named_and_told_by_its_argument_labels(tmp_path):
    served = served_tree(tmp_path / "r", CAST)
    r = served.call("find_related", symbol="AnyDynamicType.cast(jsValue:appContext:)", relation="callers")
    assert [(i["path"], i["lines"]) for i in r.data["items"]] == [("D/Users.swift", [5])], r.text
    assert "2 calls of another overload left out, by their arguments" in r.text, r.text
    # the unlabeled overload: the requirement (its extension's default said), the labelled call left out
    u = served.call("find_related", symbol="AnyDynamicType.cast(_:appContext:)", relation="callers")
    assert sorted(n for i in u.data["items"] for n in i["lines"]) == [9, 13], u.text
    assert "the protocol's requirement" in u.text and "D/AnyDynamicType.swift:9-11" in u.text, u.text
    bad = served.call("find_related", symbol="AnyDynamicType.cast(json:)", relation="callers")
    assert bad.is_error and "AnyDynamicType.cast(jsValue:appContext:) (D/AnyDynamicType.swift:2)" in bad.text, bad.text
    # asked without labels, the answer tells how to name another overload the Swift way
    plain = served.call("find_related", symbol="AnyDynamicType.cast", relation="callers")
    assert 'symbol="AnyDynamicType.cast(' in plain.text and ':appContext:)"' in plain.text, plain.text


def test_search_symbol_takes_a_swift_selector(tmp_path):
    served = served_tree(tmp_path / "r", CAST)
    r = served.call("search_symbol", query="AnyDynamicType.cast(jsValue:appContext:)")
    assert [(i["path"], i["start_line"]) for i in r.data["definitions"]] == [("D/AnyDynamicType.swift", 2)], r.text


def test_a_path_that_does_not_exist_names_the_files_of_that_name(tmp_path):
    served = served_tree(tmp_path / "r", MODULE)
    served.call("search_symbol", query="Bindings")  # the index is open, as in a session
    r = served.call("read_code_range", path="Core/Bindings.swift:1-3")
    assert r.is_error and "does not exist" in r.text and "Files named Bindings.swift: JS/Bindings.swift." in r.text, r.text
    none = served.call("read_code_range", path="Core/Nowhere.swift")
    assert none.is_error and "Files named" not in none.text, none.text
    named = served.call("read_code_range", path="Bindings.build")  # a definition's name given as the path
    assert named.is_error and 'names a definition: pass path="JS/Bindings.swift:Bindings.build"' in named.text, named.text


DSL = {
    "Core/ExpoModulesMacros.swift": ("@attached(member, names: named(init))\n"
                                     "public macro ExpoModule(_ name: String? = nil) =\n"
                                     "  #externalMacro(module: \"ExpoModulesMacros\", type: \"ExpoModuleMacro\")\n"),
    "Api/Factories/SyncFunctionFactories.swift": ("public func Function<R>(_ name: String, _ body: @escaping () throws -> R) -> Int {\n"
                                                  "  return 1\n}\n\n"
                                                  "public func Function<R, A0>(_ name: String, _ body: @escaping (A0) throws -> R) -> Int {\n"
                                                  "  return 2\n}\n"),
    "Core/Modules/CoreModule.swift": ("import Foundation\n\n@ExpoModule\npublic final class CoreModule {\n"
                                      "  public func definition() -> Int {\n    Function(\"uuidv4\") {\n"
                                      "      return UUID().uuidString\n    }\n  }\n}\n"),
}


def test_macros_and_capitalized_functions_are_the_modules_own_names(tmp_path):
    served = served_tree(tmp_path / "r", DSL)
    s = served.call("search_symbol", query="ExpoModule")
    assert [(d["kind"], d["path"]) for d in s.data["definitions"]] == [("macro", "Core/ExpoModulesMacros.swift")], s.text
    r = served.call("list_dependencies", path="Core/Modules/CoreModule.swift", view="uses")
    # whole paths in the same-module row: it names no folder of its own
    assert "ExpoModule (Core/ExpoModulesMacros.swift:1) at 3" in r.text, r.text
    assert "Function (Api/Factories/SyncFunctionFactories.swift:1, 5 (overloads)) at 6" in r.text, r.text
    assert "from the imports): UUID at 7" in r.text and "1 Foundation [system framework]" in r.text, r.text


HIERARCHY = {
    "V/ViewDefinition.swift": ("public class ObjectDefinition: JavaScriptObjectBuilder {\n"
                               "  func build(appContext: Int) throws -> Int {\n    return 1\n  }\n}\n\n"
                               "public class ViewDefinition<ViewType>: ObjectDefinition {\n}\n\n"
                               "protocol JavaScriptObjectBuilder {\n  func build(appContext: Int) throws -> Int\n}\n\n"
                               "final class SyncDefinition: JavaScriptObjectBuilder {\n"
                               "  func build(appContext: Int, in runtime: Int) throws -> Int {\n    return 2\n  }\n}\n"),
    "V/SwiftUI/SwiftUIViewDefinition.swift": ("public enum ExpoSwiftUI {}\n\nextension ExpoSwiftUI {\n"
                                              "  public typealias ViewDefinition = SwiftUIViewDefinition\n}\n\n"
                                              "extension ExpoSwiftUI {\n"
                                              "  public final class SwiftUIViewDefinition<Props, ViewType>: ViewDefinition<ViewType> {\n  }\n}\n"),
}


def test_swift_subtypes_past_an_alias_of_themselves_and_overrides_by_labels(tmp_path):
    served = served_tree(tmp_path / "r", HIERARCHY)
    r = served.call("find_related", symbol="ViewDefinition", relation="implementations")
    assert [i["qualname"] for i in r.data["items"]] == ["ExpoSwiftUI.SwiftUIViewDefinition"], r.text
    b = served.call("find_related", symbol="JavaScriptObjectBuilder", relation="implementations")
    rows = {i["qualname"]: i.get("overrides") or [] for i in b.data["items"]}
    assert rows["ObjectDefinition"] == ["build"] and rows["SyncDefinition"] == [], b.text  # build(appContext:in:) is another


CTX = {
    "JS/Installer.swift": ("public class Installer: EXJavaScriptRuntimeManager {\n  init(appContext: AppContext) {\n  }\n"
                           "  func installCore() -> Int {\n    return 1\n  }\n}\n"),
    "Core/Registry.swift": "public final class Registry {\n  func delete(_ id: Int) {\n  }\n}\n",
    "Core/AppContext.swift": ("public final class AppContext {\n  internal lazy var registry = Registry()\n\n"
                              "  @objc\n  private func observe(_ notification: Notification) {\n    switch notification.name {\n"
                              "    #if os(iOS)\n    case UIApplication.a:\n      registry.post(event: .x)\n"
                              "    case UIApplication.b:\n      registry.post(event: .y)\n    #elseif os(macOS)\n"
                              "    case NSApplication.c:\n      registry.post(event: .x)\n    #endif\n    default:\n"
                              "      return\n    }\n  }\n\n"
                              "  @JavaScriptActor\n  internal func prepare() throws {\n"
                              "    let installer = Installer(appContext: self)\n    _ = installer.installCore()\n"
                              "    installer.installBase() { [weak registry] id in\n      registry?.delete(id)\n    }\n  }\n}\n"),
}


def test_swift_locals_and_lazy_fields_typed_by_what_builds_them(tmp_path):
    served = served_tree(tmp_path / "r", CTX)
    r = served.call("find_related", symbol="AppContext.prepare", relation="callees")
    got = {i["qualname"]: i["lines"] for i in r.data["items"]}
    assert got.get("Installer.installCore") == [24] and got.get("Registry.delete") == [26], r.text
    # (the grammar reads the `#if` among the switch's cases as an error and, unrepaired, this body as a closure)
    t = served.call("search_text", pattern="installCore()")
    line = hit_at(t.text, "Core/AppContext.swift", 24)
    assert line and "in AppContext.prepare 21-28" in line and "lambda" not in line, t.text
    n = served.call("search_text", pattern="installCore", glob="!JS/**", path="Core/Registry.swift")
    assert "no matches for 'installCore' under Core/Registry.swift, in files matching glob '!JS/**'" in n.text, n.text


def test_a_swift_closure_is_named_by_the_call_it_is_passed_to(tmp_path):
    served = served_tree(tmp_path / "r", {"E.swift": (
        "public extension EventEmitter {\n  func emit(event: String) {\n    runtime.schedule { [weak self] in\n"
        "      emitter.withEventTarget { target in\n        dispatchEvent(event: event, to: target)\n"
        "        return true\n      }\n    }\n  }\n}\n")})
    r = served.call("read_code_range", path="E.swift", start_line=5, end_line=5)
    head = r.text.splitlines()[0]
    assert "in lambda passed to emitter.withEventTarget 4-7, in lambda passed to runtime.schedule 3-8, " \
           "in method EventEmitter.emit 2-9" in head, head


RECORDS = {
    "R/Record.swift": ("public protocol Convertible {\n  static func convert(from value: Any?) throws -> Self\n}\n\n"
                       "public protocol Record: Convertible {\n  static func from(object: Int) throws -> Self\n"
                       "  static func from(dictionary: [String: Any]) throws -> Self\n}\n\n"
                       "public extension Record {\n  static func convert(from value: Any?) throws -> Self {\n"
                       "    return try from(dictionary: [:])\n  }\n\n  static func from(object: Int) throws -> Self {\n"
                       "    fatalError()\n  }\n\n  static func from(dictionary: [String: Any]) throws -> Self {\n"
                       "    fatalError()\n  }\n}\n"),
    "R/Field.swift": ("public final class Field<Type>: AnyFieldInternal {\n  init(wrappedValue: Type, _ options: [Int]) {\n  }\n}\n\n"
                      "public extension Field where Type: Record {\n  convenience init(wrappedValue: Type) {\n"
                      "    self.init(wrappedValue: wrappedValue, [])\n  }\n}\n\npublic protocol AnyFieldInternal {}\n"),
    "D/DynamicConvertibleType.swift": ("internal struct DynamicConvertibleType {\n  let innerType: Convertible.Type\n\n"
                                       "  func cast(_ value: Any, converter: borrowing MainValueConverter) throws -> Any {\n"
                                       "    converter.toNative(value)\n"
                                       "    if let recordType = innerType as? any Record.Type {\n"
                                       "      return try recordType.from(object: 1)\n    }\n"
                                       "    return try innerType.convert(from: value)\n  }\n}\n\n"
                                       "public struct MainValueConverter: ~Copyable {\n  func toNative(_ value: Any) -> Any {\n"
                                       "    return value\n  }\n}\n"),
}


def test_swift_metatypes_ownership_words_and_where_clauses(tmp_path):
    served = served_tree(tmp_path / "r", RECORDS)
    # a static requirement called on a metatype value (`innerType: Convertible.Type`); the default through it
    c = served.call("find_related", symbol="Convertible.convert", relation="callers")
    assert [(i["path"], i["lines"]) for i in c.data["items"]] == [("D/DynamicConvertibleType.swift", [9])], c.text
    d = served.call("find_related", symbol="Record.convert", relation="callers")
    assert [i["lines"] for i in d.data["items"]] == [[9]] and "base type" in d.text, d.text
    # `converter: borrowing MainValueConverter` types the receiver
    t = served.call("find_related", symbol="MainValueConverter.toNative", relation="callers")
    assert [i["how"] for i in t.data["items"]] == ["receiver type"], t.text
    # `extension Field where Type: Record` makes Field no Record: its `self.init` is Field's own
    r = served.call("find_related", symbol="Record", relation="implementations")
    assert not r.data["items"], r.text
    # two requirements and their defaults: the requirements, one named and the other offered by its labels
    f = served.call("find_related", symbol="Record.from", relation="callers")
    assert "2 overloads of Record.from (lines 6, 7)" in f.text and 'symbol="Record.from(dictionary:)"' in f.text, f.text


REVIEW = {
    "M/AnyModule.swift": ("public protocol AnyModule: AnyObject {\n  func willDestroy()\n  func update(withDict: Int)\n"
                          "  func update(withObject: Int)\n}\n\nextension AnyModule {\n  public func refresh() {\n"
                          "    update(withDict: 1)\n  }\n}\n"),
    "M/Module.swift": ("open class BaseModule {\n  open func willDestroy() {}\n}\n\n"
                       "public typealias Module = AnyModule & BaseModule\n"),
    "M/CoreModule.swift": ("public final class CoreModule: Module {\n  func update(withDict: Int) {}\n"
                           "  func update(withObject: Int) {}\n}\n"),
    "M/Field.swift": ("public final class Field<Type> {\n  init(wrappedValue: Type, _ options: [Int]) {\n  }\n}\n\n"
                      "public extension Field where Type: Maker {\n"
                      "  convenience init(wrappedValue: Type = Type.init(), _ options: Int...) {\n"
                      "    self.init(wrappedValue: wrappedValue, options)\n  }\n}\n\npublic protocol Maker {\n  init()\n}\n"),
    "M/Props.swift": ("import SwiftUI\n\nextension ExpoSwiftUI {\n  struct Host: SwiftUI.View {\n"
                      "    #if DEBUG\n    var body: some SwiftUI.View { Text(\"x\") }\n    #endif\n  }\n}\n\n"
                      "public func View(_ name: String) -> Int {\n  return 1\n}\n\npublic enum ExpoSwiftUI {}\n"),
    "g/types.go": "package g\n\ntype Conn struct {\n\topen bool\n\tprotocol string\n}\n",
}


def test_review_mends_swift_requirements_aliases_and_labels(tmp_path):
    served = served_tree(tmp_path / "r", REVIEW)
    # a class conforming through an alias of a composition; each label overload counted as its own requirement
    r = served.call("find_related", symbol="AnyModule", relation="implementations")
    row = next(i for i in r.data["items"] if i["qualname"] == "CoreModule")
    assert row["overrides_of_target"] == [2, 4] and "through typealias Module" in r.text, r.text
    # an extension's method with a body is no requirement, and no other overload is its "default"
    c = served.call("find_related", symbol="AnyModule.refresh", relation="callees")
    assert "a protocol requirement" in c.text and "default implementation" not in c.text, c.text
    # `Type.init()` in a default value is the generic parameter's, not a call of Field's init
    f = served.call("find_related", symbol="Field.init", path="M/Field.swift:2", relation="callers")
    assert [i["lines"] for i in f.data["items"]] == [[8]], f.text
    # modifiers read as keywords only in Swift and Kotlin: a Go field named `open` keeps its label
    g = served.call("get_structured_index", path="g/types.go")
    assert "field open bool" in g.text and "field protocol string" in g.text, g.text
    # qualified uses and #if flags are no names of the module
    u = served.call("list_dependencies", path="M/Props.swift", view="uses")
    assert "View (M/Props.swift" not in u.text and "DEBUG" not in u.text, u.text


def test_swift_6_sending_and_underscored_closure_attributes_parse(tmp_path):
    served = served_tree(tmp_path / "r", {"F.swift": (
        "public func AsyncFunction<R>(\n  _ name: String,\n"
        "  @_inheritActorContext @_implicitSelfCapture _ closure: sending @escaping @Sendable () async throws -> sending R\n"
        ") -> Int {\n  return 1\n}\n\npublic func after() -> Int {\n  return 2\n}\n")})
    r = served.call("get_structured_index", path="F.swift")
    assert "syntax error" not in r.text and "8-10 public func after() -> Int" in r.text, r.text
    assert "@_implicitSelfCapture _ closure: sending @escaping" in r.text, r.text  # the signature as written


def test_references_of_several_names_say_whose_calls_were_left_out(tmp_path):
    served = served_tree(tmp_path / "r", MODULE)
    r = served.call("search_symbol", query="Bindings.build, Logger.info", references=True)
    assert "1 calls of a 'info' whose receiver is not shown to be a Logger were left out" in r.text, r.text


def test_a_member_through_a_compositions_alias_and_a_public_getter_with_a_private_setter(tmp_path):
    served = served_tree(tmp_path / "r", {"M.swift": (
        "open class BaseModule {\n  public private(set) weak var appContext: AppContext?\n"
        "  fileprivate var hidden: Int = 0\n}\n\npublic protocol AnyModule {}\n\n"
        "public typealias Module = AnyModule & BaseModule\n")})
    r = served.call("search_symbol", query="Module.appContext")
    assert [d["qualname"] for d in r.data["definitions"]] == ["BaseModule.appContext"], r.text
    assert "(private)" not in r.text, r.text  # its setter is private, its getter public
    h = served.call("search_symbol", query="BaseModule.hidden")
    assert "(private)" in h.text, h.text


def test_second_review_mends(tmp_path):
    files = dict(REVIEW)
    files["L/Logger.swift"] = "public class Logger {\n  public func info(_ items: Any...) {\n  }\n}\n"
    files["M/Module.swift"] = ("open class BaseModule {\n  open func willDestroy() {}\n}\n\n"
                               "public typealias Module = AnyModule & BaseModule\n\n"
                               "extension AnyModule {\n  public func willDestroy() {}\n}\n")
    files["M/Header.h"] = "@class RCTBridge;\n"
    files["M/Uses.swift"] = "import React\n\nfunc f(_ b: RCTBridge) {\n}\n"
    served = served_tree(tmp_path / "r", files)
    # a class that inherits an implementation from a base class named through a composition uses no default
    d = served.call("find_related", symbol="AnyModule.willDestroy", relation="implementations")
    assert "use the default" not in d.text and "inherits an implementation from a base class" in d.text, d.text
    # a C forward declaration is no definition of the module's own
    u = served.call("list_dependencies", path="M/Uses.swift", view="uses")
    assert "from the imports): RCTBridge at 3" in u.text, u.text
    # a definition's name given as another tool's path: the file to pass
    g = served.call("get_structured_index", path="Logger.info")
    assert g.is_error and 'pass path="L/Logger.swift".' in g.text, g.text
