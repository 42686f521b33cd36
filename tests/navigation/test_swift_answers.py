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
