"""Swift's argument labels are part of a function's name: calls whose labels no overload takes are other functions'
(expo-modules-core's `jsArray.set(value:at:)` had been a name-only caller of `Field.set(_:appContext:)`, and its own
callers followed it at depth 2 and 3, doubling the answer)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FIELD = {
    "Records/Field.swift": ("public final class Field {\n"
                            "  internal func set(_ newValue: Any?, appContext: AppContext) throws {\n    store(newValue)\n  }\n"
                            "  func store(_ v: Any?) {}\n}\n\npublic class AppContext {}\n"),
    "Records/Record.swift": ("public struct Record {\n  let field: Field\n"
                             "  func update(appContext: AppContext) throws {\n"
                             "    try field.set(nil, appContext: appContext)\n  }\n}\n"),
    "Types/ArrayType.swift": ("public struct ArrayType {\n"
                              "  func castToJS(_ value: Any, runtime: Runtime) throws -> Any {\n"
                              "    let jsArray = runtime.createArray()\n"
                              "    try jsArray.set(value: value, at: 0)\n    return jsArray\n  }\n"
                              "  func wrap(_ value: Any, runtime: Runtime) throws -> Any {\n"
                              "    return try castToJS(value, runtime: runtime)\n  }\n}\n"),
    "Api/Factories.swift": ("public func Property(_ name: String) -> Int {\n"
                            "  return make(name)\n    .set { owner, newValue in\n      print(owner)\n    }\n}\n"),
}


def test_calls_with_other_labels_are_no_callers_at_any_depth(tmp_path):
    served = served_tree(tmp_path / "r", FIELD)
    r = served.call("find_related", symbol="Field.set", relation="callers", depth=3)
    names = {i["qualname"] for i in r.data["items"]}
    assert names == {"Record.update"}, r.text
    assert "ArrayType.castToJS" not in r.text and "ArrayType.wrap" not in r.text, r.text
    # the calls left out are counted and shown, so the agent can check them
    assert "2 other calls named 'set' left out" in r.text and "jsArray.set(value: value, at: 0)" in r.text, r.text


INITS = {
    "Classes/ClassDefinition.swift": (
        "public final class ClassDefinition {\n"
        "  private init(_ name: String, associatedType: Int, elements: [Int] = []) {\n  }\n"
        "  convenience init(name: String, associatedType: Int, elements: [Int] = []) {\n"
        "    self.init(name, associatedType: associatedType, elements: elements)\n  }\n"
        "  convenience init(name: String, elements: [Int] = []) {\n"
        "    self.init(name, associatedType: 0, elements: elements)\n  }\n}\n"),
    "Factories/ClassFactories.swift": (
        "public func Class(_ name: String) -> ClassDefinition {\n"
        "  return ClassDefinition(name: name, elements: [])\n}\n\n"
        "public func SharedClass(_ name: String) -> ClassDefinition {\n"
        "  return ClassDefinition(name: name, associatedType: 1, elements: [])\n}\n"),
    "Records/Record.swift": (
        "public protocol Record {\n  init()\n  init(from: [String: Any], appContext: Int) throws\n}\n\n"
        "extension Record {\n  init(from dict: [String: Any], appContext: Int) throws {\n    self.init()\n  }\n\n"
        "  static func from(dictionary: [String: Any], appContext: Int) throws -> Self {\n"
        "    return try Self(from: dictionary, appContext: appContext)\n  }\n\n"
        "  static func make() -> Self {\n    return Self()\n  }\n}\n"),
}


def test_an_initializers_callers_include_constructions_by_type_name_and_self(tmp_path):
    served = served_tree(tmp_path / "r", INITS)
    r = served.call("find_related", symbol="ClassDefinition.init(name:elements:)", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("Class", [2])], r.text
    # the construction with the other labels is the other initializer's, and said so
    assert "init(name:associatedType:elements:) 1 (Factories/ClassFactories.swift:6 in SharedClass)" in r.text, r.text
    a = served.call("find_related", symbol="ClassDefinition.init(name:associatedType:elements:)", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("SharedClass", [6])], a.text
    f = served.call("find_related", symbol="Record.init(from:appContext:)", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in f.data["items"]] == [("Record.from", [12])], f.text
    e = served.call("find_related", symbol="Record.init()", relation="callers")
    assert sorted(i["lines"][0] for i in e.data["items"]) == [8, 16], e.text


GUESS = {
    "src/Box.java": "package p;\n\npublic class Box {\n  public void store(String k) {\n  }\n}\n",
    "src/Use.java": ("package p;\n\npublic class Use {\n  Object source() { return null; }\n\n"
                     "  public void run() {\n    ((Holder) source()).thing().store(\"k\");\n  }\n}\n"),
    "src/Main.java": ("package p;\n\npublic class Main {\n  public void go() {\n    new Use().run();\n  }\n\n"
                      "  public void keep(Box b) {\n    b.store(\"x\");\n  }\n\n"
                      "  public void top() {\n    keep(null);\n  }\n}\n"),
}


def test_a_caller_matched_by_name_only_is_not_followed_deeper_in_a_typed_language(tmp_path):
    served = served_tree(tmp_path / "r", GUESS)
    r = served.call("find_related", symbol="Box.store", relation="callers", depth=2)
    names = {i["qualname"] for i in r.data["items"]}
    # the typed caller is followed (Main.top calls Main.keep); the guess is listed, its own callers are not
    assert {"Main.keep", "Main.top", "Use.run"} <= names and "Main.go" not in names, r.text
    assert ("1 caller matched by name only (maybe another type's method) not followed deeper: "
            'find_related(symbol="Use.run", relation="callers") lists its callers') in r.text, r.text
