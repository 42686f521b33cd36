"""Objective-C (tree-sitter-objc): `.m`/`.mm` files and `.h` headers that open an `@interface`, `@protocol` or use
`#import` — classes, categories, protocols, methods named by their first selector keyword and qualified by their
class, properties, message sends as calls, `#import`/`@import` as imports. expo-modules-core's iOS headers had been
read as C (71 of 265 files with syntax errors, no Objective-C class or method found by search_symbol)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FILES = {
    "JS/EXSharedObjectUtils.h": (
        "#import <Foundation/Foundation.h>\n\ntypedef void (^ObjectReleaser)(long objectId);\n\n"
        "NS_ASSUME_NONNULL_BEGIN\n\nNS_SWIFT_NAME(SharedObjectUtils)\n@interface EXSharedObjectUtils : NSObject\n\n"
        "@property (nonatomic, strong) NSString *name;\n\n"
        "+ (nonnull void *)makeStatePtr:(long)objectId\n                  releaser:(nonnull ObjectReleaser)releaser\n"
        "NS_SWIFT_NAME(makeStatePtr(objectId:releaser:));\n\n- (void)dispatchEvent:(NSString *)name payload:(id)payload;\n\n"
        "@end\n\nNS_ASSUME_NONNULL_END\n"),
    "JS/EXSharedObjectUtils.m": (
        "#import \"EXSharedObjectUtils.h\"\n@import Foundation;\n\n@implementation EXSharedObjectUtils\n\n"
        "+ (void *)makeStatePtr:(long)objectId releaser:(ObjectReleaser)releaser\n{\n  return NULL;\n}\n\n"
        "- (void)dispatchEvent:(NSString *)name payload:(id)payload\n{\n  [self log:name];\n}\n\n"
        "- (void)log:(NSString *)name\n{\n}\n\n@end\n"),
    "JS/EXReady.m": ("#import \"EXSharedObjectUtils.h\"\n\n@protocol EXListener <NSObject>\n- (void)onReady;\n@end\n\n"
                     "void ready(EXSharedObjectUtils *utils) {\n  [utils dispatchEvent:@\"ready\" payload:nil];\n}\n"),
    "c/plain.h": "#include <stdio.h>\n\nint plain_add(int a, int b);\n",
    "Sw/Use.swift": "import Foundation\n\nfunc use() {\n  let u = EXSharedObjectUtils()\n}\n",
}


def test_objective_c_definitions_calls_and_imports(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    s = served.call("search_symbol", query="makeStatePtr")
    rows = {(d["path"], d["qualname"]) for d in s.data["definitions"]}
    assert rows == {("JS/EXSharedObjectUtils.h", "EXSharedObjectUtils.makeStatePtr"),
                    ("JS/EXSharedObjectUtils.m", "EXSharedObjectUtils.makeStatePtr")}, s.text
    # a selector over lines is its whole header
    assert "releaser:(nonnull ObjectReleaser)releaser" in s.text, s.text
    o = served.call("get_structured_index", path="JS/EXSharedObjectUtils.h")
    assert "(objc," in o.text and "syntax error" not in o.text and "name" in o.text, o.text
    p = served.call("search_symbol", query="EXListener")
    assert [d["kind"] for d in p.data["definitions"]] == ["interface"], p.text
    c = served.call("find_related", symbol="EXSharedObjectUtils.dispatchEvent", path="JS/EXSharedObjectUtils.m",
                    relation="callers")
    assert "JS/EXReady.m:8 in ready" in c.text, c.text  # `[utils dispatchEvent:@"ready" payload:nil]`
    e = served.call("find_related", symbol="EXSharedObjectUtils.dispatchEvent", path="JS/EXSharedObjectUtils.m",
                    relation="callees")
    assert "EXSharedObjectUtils.log" in e.text, e.text  # `[self log:name]`
    d = served.call("list_dependencies", path="JS/EXSharedObjectUtils.m")
    assert "EXSharedObjectUtils.h" in d.text and "Foundation" in d.text, d.text
    h = served.call("get_structured_index", path="c/plain.h")
    assert "(c," in h.text, h.text  # a header without Objective-C stays C
    # Swift sees the module's Objective-C classes through its umbrella header: one of its own names
    u = served.call("list_dependencies", path="Sw/Use.swift", view="uses")
    assert "EXSharedObjectUtils (JS/EXSharedObjectUtils.h:8) at 4" in u.text, u.text
