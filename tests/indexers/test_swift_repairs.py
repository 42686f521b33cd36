"""Swift that tree-sitter-swift cannot read (expo-modules-core, the Swift A/B corpus): `#if os(iOS)` among a
switch's cases, a computed property whose body is one string literal, `switch consume result`, `[~first]`. Each
swallowed the rest of its file: AppContext.swift (929 lines) had one ERROR from its class header to its end."""

from __future__ import annotations

from contexteer.indexers import languages
from contexteer.indexers.extract import extract

SWIFT = languages.BY_NAME["swift"]

APP_CONTEXT = """import ExpoModulesJSI

@objc(EXAppContext)
public class AppContext: NSObject, EXAppContextProtocol, @unchecked Sendable {
  @objc
  private func handleClientAppNotification(_ notification: Notification) {
    switch notification.name {
    #if os(iOS) || os(tvOS)
    case UIApplication.willEnterForegroundNotification:
      moduleRegistry.post(event: .appEntersForeground)
    #elseif os(macOS)
    case NSApplication.willUnhideNotification:
      moduleRegistry.post(event: .appEntersForeground)
    #endif
    default:
      return
    }
  }

  internal func call(result: Result<Int, Error>) -> [AnyDynamicType] {
    switch consume result {
    case .success(let value):
      return [~first]
    case .failure:
      return []
    }
  }

  public func hasModule(_ moduleName: String) -> Bool {
    return moduleRegistry.has(moduleWithName: moduleName)
  }
}

public class JavaScriptClassNotFoundException: Exception, @unchecked Sendable {
  public override var reason: String {
    "Unable to find a JavaScript class in the class registry"
  }
}

internal final class SharedObjectNotFoundException: GenericException<String>, @unchecked Sendable {
  override var reason: String {
    "SharedObject with id '\\\\(param)' not found in the registry"
  }
}
"""


def test_swift_the_grammar_cannot_read_keeps_every_definition_with_its_text_as_written():
    result = extract(APP_CONTEXT.encode(), SWIFT)
    assert not result.has_errors
    syms = {s[1]: s for s in result.symbols}
    for name in ("AppContext", "AppContext.handleClientAppNotification", "AppContext.call", "AppContext.hasModule",
                 "JavaScriptClassNotFoundException", "JavaScriptClassNotFoundException.reason",
                 "SharedObjectNotFoundException.reason"):
        assert name in syms, (name, sorted(syms))
    assert syms["AppContext.call"][5] == "internal func call(result: Result<Int, Error>) -> [AnyDynamicType]"


def test_a_swift_member_with_an_attribute_on_its_own_line_keeps_its_signature():
    result = extract(b"protocol AnyDynamicType {\n  @JavaScriptActor\n  func convertToJS(_ value: Any) throws -> Any\n}\n"
                     b"class C {\n  @discardableResult\n  public func f(x: Int) -> Int { return x }\n}\n", SWIFT)
    sigs = {s[1]: s[5] for s in result.symbols}
    assert sigs["AnyDynamicType.convertToJS"] == "func convertToJS(_ value: Any) throws -> Any"  # was "@JavaScriptActor"
    assert sigs["C.f"] == "public func f(x: Int) -> Int"
