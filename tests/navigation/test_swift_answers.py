"""Swift answers (the Swift A/B corpus, expo-modules-core's iOS sources): a type that gains a protocol in an
extension (`extension EventsDefinition: AnyViewDefinitionElement {}`) is an implementation of it."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import served_tree

FILES = {
    "ios/Core/Views/ViewDefinition.swift": (
        "public protocol AnyViewDefinitionElement: AnyDefinition {}\n\n"
        "extension EventsDefinition: AnyViewDefinitionElement {}\n"
        "extension ViewLifecycleMethod: AnyViewDefinitionElement {}\n\n"
        "public protocol ViewDefinitionFunctionElement: AnyViewDefinitionElement {}\n\n"
        "extension AsyncFunctionDefinition: ViewDefinitionFunctionElement {}\n"),
    "ios/Core/Modules/ModuleDefinition.swift": "public struct EventsDefinition: AnyDefinition {\n  let names: [String]\n}\n",
    "ios/Core/Views/ViewLifecycleMethod.swift": "public final class ViewLifecycleMethod: AnyDefinition {\n  let type: Int\n}\n",
    "ios/Core/Functions/AsyncFunctionDefinition.swift": "public class AsyncFunctionDefinition: AnyFunctionDefinition {\n}\n",
}


def test_a_conformance_added_in_an_extension_is_an_implementation(tmp_path: Path):
    s = served_tree(tmp_path, FILES)
    text = s.call("find_related", symbol="AnyViewDefinitionElement", relation="implementations").text
    assert "struct EventsDefinition  [extension at ios/Core/Views/ViewDefinition.swift:3]" in text, text
    assert "class ViewLifecycleMethod  [extension at ios/Core/Views/ViewDefinition.swift:4]" in text
    # under the refining protocol that brings it
    assert "interface ViewDefinitionFunctionElement  [extends]\n  ios/Core/Functions/AsyncFunctionDefinition.swift:1-2 " \
           "class AsyncFunctionDefinition  [extension at" in text


def test_a_constant_built_by_interpolation_shows_the_value_it_interpolates(tmp_path: Path):
    s = served_tree(tmp_path, {"ios/Core/Modules/JSLoggerModule.swift": (
        "private let onNewDebug = \"\\(JSLoggerModule.name).onNewDebug\"\n\n"
        "public final class JSLoggerModule: Module {\n  static let name = \"ExpoModulesCoreJSLogger\"\n}\n")})
    text = s.call("search_symbol", query="onNewDebug").text
    assert '(JSLoggerModule.name = "ExpoModulesCoreJSLogger", ios/Core/Modules/JSLoggerModule.swift:4)' in text, text


def test_a_swift_files_imports_are_listed_as_written_with_their_conditions(tmp_path: Path):
    s = served_tree(tmp_path, {"ios/Tests/WorkletsTests.swift": (
        "import Testing\n\n@testable import ExpoModulesCore\n#if canImport(UIKit)\nimport UIKit\n#elseif canImport(AppKit)\n"
        "import AppKit\n#endif\n")})
    text = s.call("list_dependencies", path="ios/Tests/WorkletsTests.swift").text
    assert "3: @testable import ExpoModulesCore" in text, text
    assert "5: import UIKit" in text and "(only #if canImport(UIKit))" in text
    assert "7: import AppKit" in text and "(only #elseif canImport(AppKit))" in text


def test_static_calls_through_the_type_and_generic_conformers_are_found(tmp_path: Path):
    s = served_tree(tmp_path, {
        "ios/Core/Conversions.swift": ("internal final class Conversions {\n"
                                       "  static func convertFunctionResult<T>(_ value: T, appContext: AppContext? = nil) -> Any {\n"
                                       "    return value\n  }\n}\n"),
        "ios/Core/DynamicTypes/AnyDynamicType.swift": ("public protocol AnyDynamicType {\n"
                                                       "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any\n}\n"),
        "ios/Core/DynamicTypes/DynamicEitherType.swift": (
            "internal struct DynamicEitherType<EitherType: AnyEither>: AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any {\n"
            "    return Conversions.convertFunctionResult(result, appContext: appContext)\n  }\n}\n"),
    })
    callers = s.call("find_related", symbol="Conversions.convertFunctionResult", relation="callers").text
    assert "ios/Core/DynamicTypes/DynamicEitherType.swift:3 in DynamicEitherType.convertResult" in callers, callers
    impls = s.call("find_related", symbol="AnyDynamicType", relation="implementations").text
    assert "struct DynamicEitherType" in impls, impls


def test_extension_blocks_hold_their_members_in_outlines_reads_and_the_types_row(tmp_path: Path):
    # run 23: ~8 calls went to outlines that listed an extension's members as the file's top level, with no
    # `extension Benchmarks` around them and no word of which type gains a protocol there
    s = served_tree(tmp_path, {
        "ios/Core/Views/SwiftUI/ExpoSwiftUI.swift": "public struct ExpoSwiftUI {}\n",
        "ios/Core/Views/SwiftUI/SwiftUIHostingView.swift": (
            "extension ExpoSwiftUI {\n"
            "  public final class HostingView: ExpoView {\n"
            "    public func updateProps(_ rawProps: [String: Any]) {\n"
            "      hostingController.setSafeAreaRegions(ignoring: rawProps)\n"
            "    }\n"
            "  }\n"
            "}\n\n"
            "extension UIView: AnyArgument {\n"
            "  public static func getDynamicType() -> AnyDynamicType {\n    return DynamicType()\n  }\n}\n")})
    outline = s.call("get_structured_index", path="ios/Core/Views/SwiftUI/SwiftUIHostingView.swift").text
    assert "\n  1-7 extension ExpoSwiftUI\n    2-6 public final class HostingView: ExpoView\n" in outline, outline
    assert "\n  9-13 extension UIView: AnyArgument\n    10-12 public static func getDynamicType()" in outline
    at = s.call("read_code_range", path="ios/Core/Views/SwiftUI/SwiftUIHostingView.swift", start_line=4, end_line=4).text
    assert "in method ExpoSwiftUI.HostingView.updateProps 3-5, in class ExpoSwiftUI.HostingView 2-6, in impl ExpoSwiftUI 1-7" \
        in at, at
    found = s.call("search_symbol", query="ExpoSwiftUI").text
    assert "struct ExpoSwiftUI (extension: ios/Core/Views/SwiftUI/SwiftUIHostingView.swift:1-7)" in found, found


def test_run_54_stumbles_answered_in_one_call(tmp_path: Path):
    s = served_tree(tmp_path, {
        "ios/Core/DynamicTypes/AnyDynamicType.swift": (
            "public protocol AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any\n"
            "}\n\n"
            "extension AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any {\n    return result\n  }\n"
            "}\n\n"
            "infix operator ~>\n"
            "public func ~> <T>(lhs: AnyDynamicType, rhs: T.Type) -> Bool {\n  return true\n}\n\n"
            "public func == (lhs: AnyDynamicType, rhs: AnyDynamicType) -> Bool {\n  return true\n}\n"),
        "ios/Core/DynamicTypes/DynamicRawType.swift": (
            "internal struct DynamicRawType: AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any {\n    return result\n  }\n}\n"),
        "ios/Core/Modules/JSLoggerModule.swift": (
            "private let onNewDebug = \"\\(JSLoggerModule.name).onNewDebug\"\n\n"
            "public final class JSLoggerModule: Module {\n  static let name = \"ExpoModulesCoreJSLogger\"\n"
            "  public func definition() -> ModuleDefinition {\n    Events(onNewDebug)\n  }\n}\n\n"
            "private extension LogType {\n  var eventName: String {\n    switch self {\n    case .debug:\n"
            "      onNewDebug\n    default:\n      \"\"\n    }\n  }\n}\n"),
        "ios/Core/SharedObjects/SharedObject.swift": (
            "open class SharedObject {\n  public func native() throws {\n    throw NotFoundException()\n  }\n\n"
            "  internal final class NotFoundException: Exception {\n  }\n}\n"),
        "ios/Core/DynamicTypes/DynamicSharedObjectType.swift": (
            "internal struct DynamicSharedObjectType {\n  func cast() throws {\n"
            "    throw SharedObject.NotFoundException()\n  }\n}\n"),
        "ios/Core/Views/SwiftUI/SwiftUIHostingView.swift": (
            "#if os(macOS)\nfunc macOnly() {\n  return\n}\n#endif\n\n"
            "extension UIHostingController {\n  func setSafeAreaRegions() {\n  }\n}\n")})
    # the requirement and its default in an extension are no "2 overloads"
    impls = s.call("find_related", symbol="AnyDynamicType.convertResult", relation="implementations").text
    assert "(ios/Core/DynamicTypes/AnyDynamicType.swift:2-2)" in impls and "overloads" not in impls, impls
    assert "its default implementation (an extension of AnyDynamicType, used by conforming types that do not " \
           "implement it): ios/Core/DynamicTypes/AnyDynamicType.swift:6-8" in impls
    assert "method DynamicRawType.convertResult" in impls
    # a struct conforming to a protocol has no base class
    conf = s.call("find_related", symbol="AnyDynamicType", relation="implementations").text
    assert "all by conforms" in conf and "struct DynamicRawType" in conf, conf
    # operator functions are definitions
    outline = s.call("get_structured_index", path="ios/Core/DynamicTypes/AnyDynamicType.swift").text
    assert "12-14 public func ~> <T>(lhs: AnyDynamicType, rhs: T.Type) -> Bool" in outline, outline
    assert "16-18 public func == (lhs: AnyDynamicType, rhs: AnyDynamicType) -> Bool" in outline
    # a private constant's uses, in a computed property too
    sem = s.call("read_code_range", path="ios/Core/Modules/JSLoggerModule.swift", symbol="onNewDebug",
                 context="semantic").text
    assert "── used at (2; whole-word matches, not resolved) ──" in sem, sem
    assert "ios/Core/Modules/JSLoggerModule.swift:6 in JSLoggerModule.definition (5-7): Events(onNewDebug)" in sem
    assert "ios/Core/Modules/JSLoggerModule.swift:14 in LogType.eventName (11-18): onNewDebug" in sem
    # a nested class written through its holder is no name-only guess
    callers = s.call("find_related", symbol="SharedObject.NotFoundException", relation="callers").text
    assert "3 in DynamicSharedObjectType.cast (2-4): throw SharedObject.NotFoundException()" in callers, callers
    assert "name only" not in callers
    # a range that starts in an #if group says which of its lines the group holds
    read = s.call("read_code_range", path="ios/Core/Views/SwiftUI/SwiftUIHostingView.swift:3-10").text
    assert "(lines 3-4 only #if os(macOS))" in read.split("\n")[0], read
    # a name list that all missed says so once
    miss = s.call("search_symbol", query="JavaScriptRuntime, FooBarBaz").text
    assert miss.count("JavaScriptRuntime") == 1, miss


def test_a_line_read_shows_the_blocks_it_sits_in_and_resolves_their_names(tmp_path: Path):
    # run 54, Q7: a semantic read of line 125 resolved the call but not the protocol of the `if let ... as?` at 124
    # around it: a read and a search more
    s = served_tree(tmp_path, {
        "ios/Core/Views/SwiftUI/SwiftUIViewProps.swift": (
            "extension ExpoSwiftUI {\n  public protocol SafeAreaControllable {\n    var ignoreSafeArea: Bool { get }\n"
            "  }\n}\n"),
        "ios/Core/Views/SwiftUI/SwiftUIHostingView.swift": (
            "extension ExpoSwiftUI {\n"
            "  public final class HostingView: ExpoView {\n"
            "    private let hostingController: UIHostingController<AnyView>\n"
            "    public func updateProps(_ props: Any) {\n"
            "      if let safeAreaProps = props as? SafeAreaControllable {\n"
            "        hostingController.setSafeAreaRegions(ignoring: safeAreaProps.ignoreSafeArea)\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n\n"
            "extension UIHostingController {\n  func setSafeAreaRegions(ignoring: Bool) {\n  }\n}\n")})
    text = s.call("read_code_range", path="ios/Core/Views/SwiftUI/SwiftUIHostingView.swift", start_line=6, end_line=6,
                  context="semantic").text
    assert "── inside the block ──\n5-7\t      if let safeAreaProps = props as? SafeAreaControllable {\n" in text, text
    assert "ios/Core/Views/SwiftUI/SwiftUIViewProps.swift:2-4 ExpoSwiftUI.SafeAreaControllable — public protocol " \
           "SafeAreaControllable  [enclosing type]" in text
    assert "UIHostingController.setSafeAreaRegions — func setSafeAreaRegions(ignoring: Bool)  [receiver type]" in text


def test_an_extension_of_a_type_defined_elsewhere_does_not_top_the_repo_map(tmp_path: Path):
    # an `extension String` is named String: its file took every reference of String and led the map
    files = {f"ios/Core/Uses{i}.swift": (f"func use{i}(a: String, b: String) -> String {{\n"
                                          f"  return Registry.shared.name(a) + b\n}}\n") for i in range(8)}
    files["ios/Core/Arguments/StringArgument.swift"] = "extension String: AnyArgument {\n  func x() {}\n}\n"
    files["ios/Core/Registry.swift"] = ("public final class Registry {\n  static let shared = Registry()\n"
                                        "  func name(_ s: String) -> String {\n    return s\n  }\n}\n")
    s = served_tree(tmp_path, files)
    text = s.call("get_structured_index", path="ios", budget_tokens=200).text
    first = text.split("\n")[1]
    assert first == "ios/Core/Registry.swift", text


def test_run_55_the_default_users_and_a_second_route_to_a_conformer(tmp_path: Path):
    s = served_tree(tmp_path, {
        "ios/Core/DynamicTypes/AnyDynamicType.swift": (
            "public protocol AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any\n}\n\n"
            "extension AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any {\n    return result\n  }\n}\n"),
        "ios/Core/DynamicTypes/DynamicRawType.swift": (
            "internal struct DynamicRawType: AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any {\n    return result\n  }\n}\n"),
        "ios/Core/DynamicTypes/DynamicBoolType.swift": "internal struct DynamicBoolType: AnyDynamicType {\n}\n",
        "ios/Core/DynamicTypes/Base.swift": (
            "class BaseType: AnyDynamicType {\n"
            "  func convertResult<R>(_ result: R, appContext: AppContext) throws -> Any {\n    return result\n  }\n}\n"
            "final class DerivedType: BaseType {\n}\n"),
        "ios/Core/Views/ViewDefinition.swift": (
            "public protocol AnyViewDefinitionElement {}\n\n"
            "extension ConcreteViewProp: AnyViewDefinitionElement {}\n"),
        "ios/Core/Views/AnyViewProp.swift": "public protocol AnyViewProp: AnyViewDefinitionElement {\n}\n",
        "ios/Core/Views/ConcreteViewProp.swift": "public final class ConcreteViewProp: AnyViewProp {\n}\n"})
    impls = s.call("find_related", symbol="AnyDynamicType.convertResult", relation="implementations").text
    # DerivedType inherits BaseType's: only DynamicBoolType falls back to the default
    assert "the conforming types that use the default (1): DynamicBoolType " \
           "ios/Core/DynamicTypes/DynamicBoolType.swift:1" in impls, impls
    conf = s.call("find_related", symbol="AnyViewDefinitionElement", relation="implementations").text
    assert "class ConcreteViewProp  [extension at ios/Core/Views/ViewDefinition.swift:3; also through AnyViewProp: " \
           "ios/Core/Views/ConcreteViewProp.swift:1]" in conf, conf


def test_a_construction_names_the_initializer_its_argument_labels_pick(tmp_path: Path):
    # runs 54 and 55, Q1: the semantic read named the class ClassDefinition; which of its three inits the call
    # `ClassDefinition(name:associatedType:elements:)` reaches took an outline and a read more
    s = served_tree(tmp_path, {
        "ios/Core/Classes/ClassDefinition.swift": (
            "public final class ClassDefinition: ObjectDefinition {\n"
            "  private init(_ name: String, associatedType: AnyDynamicType, isSharedRef: Bool, elements: [E] = []) {\n"
            "  }\n\n"
            "  convenience init<A: ClassAssociatedObject>(name: String, associatedType: A.Type, elements: [E] = []) {\n"
            "    self.init(name, associatedType: ~A.self, isSharedRef: false, elements: elements)\n  }\n\n"
            "  convenience init(name: String, elements: [E] = []) {\n"
            "    self.init(name, associatedType: DynamicJavaScriptType.shared, isSharedRef: false, elements: elements)\n"
            "  }\n}\n"),
        "ios/Api/Factories/ClassFactories.swift": (
            "public func Class<T: SharedObject>(_ name: String, _ type: T.Type, _ elements: () -> [E]) -> ClassDefinition {\n"
            "  return ClassDefinition(name: name, associatedType: T.self, elements: elements())\n}\n\n"
            "public func Class(_ name: String) -> ClassDefinition {\n  return ClassDefinition(name: name)\n}\n")})
    text = s.call("read_code_range", path="ios/Api/Factories/ClassFactories.swift:1-3", context="semantic").text
    assert "ios/Core/Classes/ClassDefinition.swift:5-7 ClassDefinition.init — convenience init<A: ClassAssociatedObject>" \
           "(name: String, associatedType: A.Type, elements: [E] = [])  [initializer by argument labels " \
           "(name:associatedType:elements:)]" in text, text
    other = s.call("read_code_range", path="ios/Api/Factories/ClassFactories.swift:5-7", context="semantic").text
    assert "ClassDefinition.swift:9-11 ClassDefinition.init — convenience init(name: String, elements: [E] = [])  " \
           "[initializer by argument labels (name:)]" in other, other
