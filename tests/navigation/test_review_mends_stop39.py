"""What the review of this stop's Kotlin and property changes found (old dd2b5e0 vs new, on Capacitor, cordova,
two react-native Android subtrees, expo-modules-core Android and five other repositories), each mended: the uses view
read a supertype's or field's type arguments as type parameters and dropped real uses; a declaration counted as a
use of a package function; a call on a base type reached a subclass's override of another arity; a literal argument
of another type did not tell the overload; a fully qualified library type read as the repository's namesake; a
nested Kotlin function got package evidence; other types' `x.prop` reads became a private property's readers; an
annotated property read as a method."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_uses_view_keeps_type_arguments_of_supertypes_fields_and_returns(tmp_path):
    files = {
        "t/JSTypeConverter.kt": ("package t\n\nimport android.os.Bundle\nimport t.x.PermissionState\n\n"
                                 "interface JSTypeConverter<T> {\n  fun convert(v: T): Any\n}\n\n"
                                 "object BundleConverter : JSTypeConverter<Bundle> {\n  override fun convert(v: Bundle): Any = v\n}\n\n"
                                 "class Bridge {\n  private val states: Map<String, PermissionState> = emptyMap()\n"
                                 "  fun getStates(): Map<String, PermissionState> = states\n}\n"),
        "t/x/PermissionState.kt": "package t.x\n\nclass PermissionState\n",
        "t/FormattedRecord.kt": "package t\n\nclass FormattedRecord(internal val formatter: Formatter)\n",
        "t/Formatter.kt": "package t\n\nclass Formatter\n\nval formatter = Formatter()\n",
    }
    served = served_tree(tmp_path / "r", files)
    u = served.call("list_dependencies", path="t/JSTypeConverter.kt", view="uses")
    rows = {row["line"]: {n["name"]: n["lines"] for n in row["names"]} for row in u.data["uses"]}
    assert rows[3] == {"Bundle": [10, 11]} and rows[4] == {"PermissionState": [15, 16]}, u.text
    f = served.call("list_dependencies", path="t/FormattedRecord.kt", view="uses")
    assert "formatter (" not in f.text, f.text  # `internal val formatter: Formatter` declares, uses no package val


def test_a_base_type_call_of_another_arity_and_a_literal_of_another_type(tmp_path):
    files = {
        "v/ViewManager.java": ("package v;\n\npublic abstract class ViewManager {\n"
                               "  public Object createShadowNodeInstance(Object ctx) { return createShadowNodeInstance(); }\n"
                               "  public Object createShadowNodeInstance() { return null; }\n}\n"),
        "v/SimpleViewManager.java": ("package v;\n\npublic class SimpleViewManager extends ViewManager {\n"
                                     "  @Override public Object createShadowNodeInstance() { return this; }\n}\n"),
        "v/UIImplementation.java": ("package v;\n\npublic class UIImplementation {\n  Object make(ViewManager viewManager, Object ctx) {\n"
                                    "    return viewManager.createShadowNodeInstance(ctx);\n  }\n}\n"),
        "e/Either.kt": ("package e\n\nimport kotlin.reflect.KClass\n\nopen class Either<A> {\n"
                        "  internal fun `is`(index: Int): Boolean = index == 0\n\n"
                        "  fun `is`(type: KClass<*>): Boolean = `is`(0)\n}\n\n"
                        "class EitherOfTwo<A> : Either<A>() {\n  fun second(): Boolean = `is`(1)\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="SimpleViewManager.createShadowNodeInstance", relation="callers")
    assert all(i["path"] != "v/UIImplementation.java" for i in r.data["items"]), r.text
    k = served.call("find_related", symbol="Either.`is`", path="e/Either.kt:8", relation="callers")
    assert k.data["items"] == [] and "recursive" not in k.text, k.text  # `is`(0) and `is`(1) call is(index: Int)


def test_a_qualified_library_type_and_a_private_property(tmp_path):
    files = {
        "p/Promise.kt": "package p\n\ninterface Promise {\n  fun resolve(value: Any?)\n}\n",
        "p/PromiseImpl.kt": "package p\n\nclass PromiseImpl : Promise {\n  override fun resolve(value: Any?) {}\n}\n",
        "p/KPromiseWrapper.kt": ("package p\n\nclass KPromiseWrapper(\n  private val bridgePromise: com.facebook.react.bridge.Promise\n"
                                 ") {\n  fun done(v: Any?) {\n    bridgePromise.resolve(v)\n  }\n}\n"),
        "p/ViewEvent.kt": ("package p\n\nclass ViewEvent(private val name: String) {\n  fun invoke(): String = name\n"
                           "  fun label(): String = \"on\" + name\n}\n"),
        "p/Module.kt": "package p\n\nclass Module(val name: String)\n\nclass User(val module: Module) {\n  fun show() = module.name\n}\n",
    }
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="PromiseImpl.resolve", relation="callers")
    assert all(i["how"] != "base type" for i in r.data["items"]), r.text  # the react-native Promise, not p.Promise
    n = served.call("find_related", symbol="ViewEvent.name", relation="callers")
    assert {i["path"] for i in n.data["items"]} == {"p/ViewEvent.kt"}, n.text


def test_annotated_property_reads_and_generic_calls_in_arguments(tmp_path):
    files = {
        "d/Delegate.kt": ("package d\n\nabstract class BaseViewManagerDelegate<U>(\n"
                          "  @Suppress(\"NoHungarianNotation\") @JvmField protected val mViewManager: U\n) {\n"
                          "  fun setProperty(): U = mViewManager\n}\n"),
        "d/AnyType.kt": "package d\n\ninline fun <reified T> toAnyType(provider: Any? = null): String = T::class.java.name\n",
        "d/toArgsArray.kt": ("package d\n\ninline fun <reified P0> toArgsArray(converterProvider: Any? = null): Array<String> {\n"
                             "  return arrayOf(\n    toAnyType<P0>(converterProvider)\n  )\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    p = served.call("find_related", symbol="BaseViewManagerDelegate.mViewManager", relation="callers")
    assert [(i["qualname"], i["how"]) for i in p.data["items"]] == [("BaseViewManagerDelegate.setProperty", "same file")], p.text
    g = served.call("find_related", symbol="toAnyType", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in g.data["items"]] == [("toArgsArray", (5,))], g.text
    assert "named without a call" not in g.text, g.text


def test_second_review_pass(tmp_path):
    files = {
        "c/LOG.java": ("package c;\n\npublic class LOG {\n  public static final int WARN = 5;\n  static int LOGLEVEL = 3;\n\n"
                       "  static void w(String s) {\n    if (LOG.WARN >= LOGLEVEL) { System.out.println(s); }\n  }\n}\n"),
        "c/Params.java": ("package c;\n\npublic class Params {\n  private final String appScopeKey = \"k\";\n\n"
                          "  public String getAppScopeKey() { return appScopeKey; }\n}\n"),
        "c/Loader.kt": "package c\n\nclass Loader {\n  fun load(params: Params): String = params.appScopeKey\n}\n",
        "c/Promise.kt": ("package c\n\ninterface Promise {\n  fun reject(code: String)\n\n"
                         "  fun toBridgePromise(): Any {\n    return object : com.facebook.react.bridge.Promise {\n"
                         "      override fun reject(code: String) {}\n    }\n  }\n}\n"),
        "c/Radius.kt": ("package c\n\nclass Radius(val bottomRight: Float) {\n  fun get(k: Int): Float = when (k) {\n"
                        "    1 -> bottomRight\n    else -> 0f\n  }\n}\n"),
        "c/Holder.kt": ("package c\n\nclass Holder<TValue> {\n  fun set(value: TValue) {}\n}\n\n"
                        "fun use(h: Holder<Int>) {\n  h.set(10)\n}\n"),
        "c/Box.kt": "package c\n\nclass Box<T>(val v: T)\n\nfun make(): Box<Int> = Box<Int>(3) // Box<Int>(4) in a comment\n",
    }
    served = served_tree(tmp_path / "r", files)
    w = served.call("find_related", symbol="LOG.WARN", relation="callers")
    assert [(i["qualname"], i["how"]) for i in w.data["items"]] == [("LOG.w", "same file")], w.text
    k = served.call("find_related", symbol="Params.appScopeKey", relation="callers")
    assert "Loader.load" in {i["qualname"] for i in k.data["items"]}, k.text  # Kotlin reads it through its getter
    i = served.call("find_related", symbol="Promise", relation="implementations")
    assert "toBridgePromise" not in i.text, i.text  # a library's Promise, written with its package
    r = served.call("find_related", symbol="Radius.bottomRight", relation="callers")
    assert [(x["qualname"], x["how"]) for x in r.data["items"]] == [("Radius.get", "same file")], r.text
    h = served.call("find_related", symbol="Holder.set", relation="callers")
    assert [x["qualname"] for x in h.data["items"]] == ["use"], h.text  # 10 for a type parameter TValue
    b = served.call("find_related", symbol="Box", relation="callers")
    assert [(x["qualname"], tuple(x["lines"])) for x in b.data["items"]] == [("make", (5,))] and "2 call sites" not in b.text, b.text


def test_a_jvm_subclass_extends_the_base_its_import_or_package_sees(tmp_path):
    files = {
        "core/errors/CodedException.java": "package core.errors;\n\npublic abstract class CodedException extends Exception {}\n",
        "kotlin/exception/CodedException.kt": "package kotlin.exception\n\nopen class CodedException(message: String?) : Exception(message)\n",
        "kotlin/exception/Exceptions.kt": "package kotlin.exception\n\nclass AppContextLost : CodedException(\"lost\")\n",
        "kotlin/other/Legacy.kt": ("package kotlin.other\n\nimport core.errors.CodedException\n\n"
                                   "class LegacyError : CodedException()\n"),
    }
    served = served_tree(tmp_path / "r", files)
    java = served.call("find_related", symbol="CodedException", path="core/errors/CodedException.java", relation="implementations")
    assert [i["qualname"].rsplit(".", 1)[-1] for i in java.data["items"]] == ["LegacyError"], java.text
    kt = served.call("find_related", symbol="CodedException", path="kotlin/exception/CodedException.kt", relation="implementations")
    assert [i["qualname"].rsplit(".", 1)[-1] for i in kt.data["items"]] == ["AppContextLost"], kt.text
