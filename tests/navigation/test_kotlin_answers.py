"""What the Kotlin A/B agent (run 15, React Native's Android sources copied from `.../com/facebook/react` to
`react/`) stumbled on: every `import com.facebook.react...` was "external" (the folders spell out only the tail of
the packages the files declare); a Java class whose `implements` list runs past the stored signature was no
implementation; a call on `borderRadius: BorderRadiusStyle?` counted as a ComputedBorderRadius call because the
receiver's name ends like the class; an annotation `@ThreadConfined(...)` was a callee; external imports named
packages only."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

IFACES = ", ".join(f"Marker{i}" for i in range(12))
FILES = {
    "react/uimanager/ReactOverflowView.kt": "package com.facebook.react.uimanager\n\ninterface ReactOverflowView {\n  val overflow: String?\n}\n",
    "react/uimanager/style/Radius.kt": (
        "package com.facebook.react.uimanager.style\n\nclass BorderRadiusStyle {\n  fun hasRoundedBorders(): Boolean = true\n"
        "  fun resolve(width: Int): ComputedBorderRadius = ComputedBorderRadius()\n}\n\n"
        "class ComputedBorderRadius {\n  fun hasRoundedBorders(): Boolean = false\n}\n"),
    "react/uimanager/Markers.kt": "package com.facebook.react.uimanager\n\n" + "".join(f"interface Marker{i}\n" for i in range(12)),
    "react/views/scroll/ReactScrollView.java": (
        "package com.facebook.react.views.scroll;\n\nimport com.facebook.react.uimanager.ReactOverflowViewWithInset;\n"
        "import com.facebook.react.uimanager.*;\n\n"
        "public class ReactScrollView extends Object\n    implements " + IFACES.replace(", ", ",\n        ")
        + ",\n        ReactOverflowViewWithInset {\n  public String getOverflow() { return null; }\n}\n"),
    "react/uimanager/ReactOverflowViewWithInset.kt": ("package com.facebook.react.uimanager\n\n"
                                                      "internal interface ReactOverflowViewWithInset : ReactOverflowView\n"),
    "react/uimanager/ViewProps.kt": "package com.facebook.react.uimanager\n\nobject ViewProps {\n  const val VIEW_CLASS_NAME: String = \"RCTView\"\n}\n",
    "react/views/view/ReactViewManager.kt": (
        "package com.facebook.react.views.view\n\nimport com.facebook.react.uimanager.ViewProps\n\nclass ReactViewManager {\n"
        "  companion object {\n    const val REACT_CLASS: String = ViewProps.VIEW_CLASS_NAME\n  }\n}\n"),
    "react/uimanager/Exceptions.kt": (
        "package com.facebook.react.uimanager\n\nopen class JSApplicationCausedNativeException(m: String) : RuntimeException(m)\n\n"
        "class IllegalViewOperationException(m: String) : JSApplicationCausedNativeException(m)\n"),
    "react/drawable/Drawables.kt": (
        "package com.facebook.react.drawable\n\nimport android.graphics.Matrix\nimport android.graphics.Shader\n"
        "import com.facebook.react.uimanager.style.BorderRadiusStyle\nimport com.facebook.react.uimanager.style.ComputedBorderRadius\n"
        "import com.facebook.react.uimanager.ThreadConfined\n\n"
        "class Composite {\n  var borderRadius: BorderRadiusStyle? = null\n}\n\n"
        "class BackgroundDrawable {\n  private var borderRadius: BorderRadiusStyle? = null\n"
        "  private var computedBorderRadius: ComputedBorderRadius? = null\n\n"
        "  @ThreadConfined(ThreadConfined.UI)\n  fun draw(composite: Composite) {\n"
        "    if (borderRadius?.hasRoundedBorders() == true) {}\n"
        "    if (computedBorderRadius?.hasRoundedBorders() == true) {}\n"
        "    if (composite.borderRadius?.hasRoundedBorders() == true) {}\n  }\n\n"
        "  fun inset(): Boolean {\n    val resolved =\n      borderRadius?.resolve(1)\n"
        "    return resolved?.hasRoundedBorders() == true\n  }\n}\n"),
    "react/uimanager/ThreadConfined.kt": "package com.facebook.react.uimanager\n\nannotation class ThreadConfined(val value: String) {\n"
                                          "  companion object {\n    const val UI: String = \"UI\"\n  }\n}\n",
}


@pytest.fixture(scope="module")
def rn(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("rn") / "rn", FILES)


def test_imports_resolve_where_folders_spell_out_only_the_tail_of_the_declared_package(rn: Served):
    a = rn.call("list_dependencies", path="react/drawable/Drawables.kt")
    assert not a.is_error, a.text
    assert "com.facebook.react.uimanager.style  react/uimanager/style/" in a.text, a.text
    assert "BorderRadiusStyle, ComputedBorderRadius" in a.text, a.text
    assert "external: android.graphics (lines 3, 4): Matrix, Shader" in a.text, a.text  # external rows name what is imported (no manifest: nothing called undeclared)
    assert "com.facebook.react (undeclared)" not in a.text, a.text


def test_a_java_class_whose_implements_list_outgrows_the_stored_signature_implements_the_last_interface(rn: Served):
    a = rn.call("find_related", symbol="ReactOverflowViewWithInset", relation="implementations")
    assert not a.is_error, a.text
    assert [i["qualname"] for i in a.data["items"]] == ["ReactScrollView"], a.text


def test_a_small_hierarchy_is_answered_whole_without_a_depth(rn: Served):
    # the agent asked ReactOverflowView's implementations and got only its sub-interface (the classes one level down)
    a = rn.call("find_related", symbol="ReactOverflowView", relation="implementations")
    assert [(i["qualname"], i["depth"]) for i in a.data["items"]] == [("ReactOverflowViewWithInset", 1), ("ReactScrollView", 2)], a.text
    assert "[complete: all levels listed]" in a.text, a.text
    one = rn.call("find_related", symbol="ReactOverflowView", relation="implementations", depth=1)
    assert [i["qualname"] for i in one.data["items"]] == ["ReactOverflowViewWithInset"], one.text


def test_supertypes_name_the_external_base_that_ends_the_chain_at_any_level(rn: Served):
    a = rn.call("find_related", symbol="IllegalViewOperationException", relation="supertypes")
    assert [i["qualname"] for i in a.data["items"]] == ["JSApplicationCausedNativeException"], a.text
    assert "RuntimeException (of JSApplicationCausedNativeException)" in a.text, a.text


def test_a_receiver_declared_with_another_type_is_not_a_caller_even_when_its_name_ends_like_the_class(rn: Served):
    computed = rn.call("find_related", symbol="ComputedBorderRadius.hasRoundedBorders", relation="callers")
    assert not computed.is_error, computed.text
    assert computed.data["call_sites"] == 2 and "computedBorderRadius?.hasRoundedBorders()" in computed.text, computed.text
    # `val resolved =\n borderRadius?.resolve(1)`: what BorderRadiusStyle.resolve returns
    assert {i["qualname"]: i["detail"] for i in computed.data["items"]}["BackgroundDrawable.inset"] \
        == "receiver resolved: ComputedBorderRadius", computed.text
    assert "27 in BackgroundDrawable.inset (24-28): return resolved?.hasRoundedBorders() == true" in computed.text
    assert "[complete: 2 other calls named 'hasRoundedBorders' left out: another type's method" in computed.text, computed.text
    style = rn.call("find_related", symbol="BorderRadiusStyle.hasRoundedBorders", relation="callers")
    lines = sorted(n for i in style.data["items"] for n in i["lines"])
    assert lines == [19, 21], style.text  # its own field, and `composite.borderRadius` (Composite's field's type)


def test_an_annotation_is_no_callee(rn: Served):
    a = rn.call("find_related", symbol="BackgroundDrawable.draw", relation="callees")
    assert not a.is_error, a.text
    assert "ThreadConfined" not in a.text, a.text


def test_a_constant_whose_value_is_another_constant_shows_that_ones_value(rn: Served):
    a = rn.call("search_symbol", query="ReactViewManager.REACT_CLASS")
    assert '= ViewProps.VIEW_CLASS_NAME  (= "RCTView", react/uimanager/ViewProps.kt:4)' in a.text, a.text


def test_an_import_of_a_name_declared_in_a_file_of_another_name_reaches_that_file(tmp_path):
    # run 57: `import com.facebook.react.uimanager.LengthPercentageType` (an enum in LengthPercentage.kt) listed every
    # file of the package, and RadialGradient.kt "imported 76 files"
    files = {f"react/uimanager/Other{i}.kt": f"package com.facebook.react.uimanager\n\nclass Other{i}\n" for i in range(6)}
    files["react/uimanager/LengthPercentage.kt"] = (
        "package com.facebook.react.uimanager\n\npublic enum class LengthPercentageType {\n  POINT,\n  PERCENT,\n}\n\n"
        "public data class LengthPercentage(val value: Float)\n")
    files["react/uimanager/PixelUtil.kt"] = ("package com.facebook.react.uimanager\n\npublic object PixelUtil {\n"
                                             "  public fun Float.dpToPx(): Float = this\n}\n")
    files["react/uimanager/Units.kt"] = "package com.facebook.react.uimanager\n\npublic fun Int.toDip(): Float = 0f\n"
    files["react/uimanager/style/RadialGradient.kt"] = (
        "package com.facebook.react.uimanager.style\n\nimport com.facebook.react.uimanager.LengthPercentageType\n"
        "import com.facebook.react.uimanager.toDip\n\nclass RadialGradient(val t: LengthPercentageType)\n")
    s = served_tree(tmp_path, files)
    text = s.call("list_dependencies", path="react/uimanager/style/RadialGradient.kt", view="file").text
    assert "imports (2 files in-repo, depth 1)" in text, text
    assert "react/uimanager/LengthPercentage.kt  (line 3)" in text and "react/uimanager/Units.kt  (line 4)" in text
    assert "Other0" not in text


def test_a_kotlin_signature_keeps_its_annotations(tmp_path):
    # run 57, Q1: `search_symbol` showed `public fun downloadBundleFromURL(...)` without its `@JvmOverloads`
    params = ", ".join(f"argumentNumber{i}: String? = null" for i in range(8))
    s = served_tree(tmp_path, {"react/devsupport/DevServerHelper.kt": (
        "package com.facebook.react.devsupport\n\npublic open class DevServerHelper {\n"
        f"  @JvmOverloads\n  public fun downloadBundleFromURL(\n    {params},\n  ) {{\n  }}\n\n"
        "  @Synchronized public fun stop() {}\n}\n")})
    text = s.call("search_symbol", query="DevServerHelper.downloadBundleFromURL").text
    assert "— @JvmOverloads public fun downloadBundleFromURL( argumentNumber0: String? = null," in text, text
    assert text.rstrip().endswith("argumentNumber7: String? = null, )")  # whole, re-read past the stored 200 characters
    assert "— @Synchronized public fun stop()" in s.call("search_symbol", query="DevServerHelper.stop").text


def test_a_bodiless_class_whose_supertype_follows_comments_keeps_it(tmp_path):
    # run 57, Q8: `ReactApplicationContext(context: Context) :` then three comment lines then `ReactContext(...)`:
    # its signature stopped at the first line, so ReactContext's subtypes (and getNativeModule's overrides in
    # BridgeReactContext and BridgelessReactContext) were missing
    s = served_tree(tmp_path, {
        "react/bridge/ReactContext.kt": ("package com.facebook.react.bridge\n\npublic abstract class ReactContext(c: Context) {\n"
                                         "  public abstract fun getNativeModule(name: String): NativeModule?\n}\n"),
        "react/bridge/ReactApplicationContext.kt": (
            "package com.facebook.react.bridge\n\npublic abstract class ReactApplicationContext(context: Context) :\n"
            "    // We want to wrap ApplicationContext\n    // since there is no easy way\n"
            "    ReactContext(context.applicationContext)\n"),
        "react/runtime/BridgelessReactContext.kt": (
            "package com.facebook.react.runtime\n\nimport com.facebook.react.bridge.ReactApplicationContext\n\n"
            "internal class BridgelessReactContext(context: Context) :\n    ReactApplicationContext(context) {\n"
            "  override fun getNativeModule(name: String): NativeModule? = null\n}\n")})
    found = s.call("search_symbol", query="ReactApplicationContext").text
    assert "— public abstract class ReactApplicationContext(context: Context) : ReactContext(context.applicationContext)" \
        in found, found
    impls = s.call("find_related", symbol="ReactContext.getNativeModule", relation="implementations").text
    assert "method BridgelessReactContext.getNativeModule" in impls, impls


def test_an_override_of_a_platform_method_is_no_guess_for_an_unknown_receiver(tmp_path):
    # run 57, Q8: `surface.view?.requestLayout()` read "maybe ReactViewGroup.requestLayout", an override of Android's
    s = served_tree(tmp_path, {
        "react/views/view/ReactViewGroup.kt": ("package com.facebook.react.views.view\n\npublic open class ReactViewGroup : "
                                               "ViewGroup() {\n  override fun requestLayout() {\n  }\n}\n"),
        "react/runtime/ReactHostImpl.kt": ("package com.facebook.react.runtime\n\nclass ReactHostImpl {\n"
                                           "  fun onConfigurationChanged(surfaces: List<Surface>) {\n"
                                           "    surfaces.forEach { surface -> surface.view?.requestLayout() }\n  }\n}\n")})
    text = s.call("find_related", symbol="ReactHostImpl.onConfigurationChanged", relation="callees").text
    assert "view.requestLayout" in text and "maybe" not in text, text
