"""Kotlin class headers as expo-modules-core writes them: a constructor with function-typed parameters
(`body: (args: Array<out Any?>) -> Any?`), an annotated constructor (`@DoNotStrip internal constructor(..)`), type
parameters with bounds (`<T : Record>`), `::class` in an annotation, and delegation (`TypedArray by rawArray`) — the
bases after the `:` are read in each (131 of expo's classes had read as naming no base). Asked for the most levels,
implementations follow a hierarchy deeper than three while the answer is short."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FILES = {
    "f/AnyFunction.kt": "package f\n\nabstract class AnyFunction(\n  protected val name: String\n) {\n  open fun attach() {}\n}\n",
    "f/Base.kt": ("package f\n\nabstract class BaseAsync(\n  name: String\n) : AnyFunction(name) {\n}\n\n"
                  "abstract class AsyncComponent(\n  name: String\n) : BaseAsync(name) {\n  override fun attach() {}\n}\n"),
    "f/Sync.kt": ("package f\n\nclass SyncComponent(\n  name: String,\n  private val body: (args: Array<out Any?>) -> Any?\n"
                  ") : AnyFunction(name) {\n  override fun attach() {}\n}\n"),
    "f/Untyped.kt": ("package f\n\nopen class Untyped<ReturnType>(\n  name: String,\n  protected val body: (args: Array<out Any?>) -> ReturnType\n"
                     ") : AsyncComponent(name) {\n}\n\n"
                     "class IntComponent(name: String, body: (args: Array<out Any?>) -> Int) :\n  Untyped<Int>(name, body) {\n}\n"),
    "j/Destructible.kt": "package j\n\ninterface Destructible\n\ninterface TypedArray\n",
    "j/Values.kt": ("package j\n\n@OptIn(FrameworkAPI::class)\nclass JavaScriptValue @DoNotStrip private constructor("
                    "@DoNotStrip private val mHybridData: HybridData) : Destructible {\n}\n\n"
                    "class Strategy<T : Destructible>(\n  val d: T\n) : Destructible\n\n"
                    "class Int8Array(rawArray: TypedArray) : TypedArray by rawArray, Destructible\n"),
}


def test_kotlin_headers_name_their_bases(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    r = served.call("find_related", symbol="Destructible", relation="implementations")
    assert sorted(i["qualname"].rsplit(".", 1)[-1] for i in r.data["items"]) == ["Int8Array", "JavaScriptValue", "Strategy"], r.text
    s = served.call("find_related", symbol="SyncComponent", relation="supertypes")
    assert [i["qualname"].rsplit(".", 1)[-1] for i in s.data["items"]] == ["AnyFunction"], s.text
    t = served.call("find_related", symbol="TypedArray", relation="implementations")
    assert [i["qualname"].rsplit(".", 1)[-1] for i in t.data["items"]] == ["Int8Array"], t.text  # `TypedArray by rawArray`


def test_the_most_levels_asked_follow_a_deeper_hierarchy(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    r = served.call("find_related", symbol="AnyFunction", relation="implementations", depth=3)
    got = {i["qualname"].rsplit(".", 1)[-1]: i["depth"] for i in r.data["items"]}
    assert got == {"BaseAsync": 1, "SyncComponent": 1, "AsyncComponent": 2, "Untyped": 3, "IntComponent": 4}, r.text
    assert "depth 4" in r.text and "complete: all levels listed" in r.text, r.text
    two = served.call("find_related", symbol="AnyFunction", relation="implementations", depth=2)
    assert "pass depth=3" in two.text and "IntComponent" not in two.text, two.text


EXC = {
    "e/CodedException.kt": ("package e\n\nopen class CodedException(message: String?) : Exception(message)\n\n"
                            "@Suppress(\"NOTHING_TO_INLINE\")\ninline fun Throwable?.toCodedException() = when (this) {\n"
                            "  null -> CodedException(\"Unknown error\")\n  is CodedException -> this\n  else -> CodedException(this.message)\n}\n"),
    "e/ExceptionDecorator.kt": ("package e\n\nimport kotlinx.coroutines.CoroutineScope\n\n"
                                "internal inline fun <T> exceptionDecorator(\n  crossinline decoratorBlock: (e: CodedException) -> Throwable,\n"
                                "  crossinline block: () -> T\n): T {\n  return try {\n    block()\n  } catch (e: Throwable) {\n"
                                "    throw decoratorBlock(e.toCodedException())\n  }\n}\n"),
    "h/Holder.kt": ("package h\n\nclass Holder(val definition: Definition) {\n  fun export(name: String) {\n"
                    "    with(definition) {\n      objects.apply {\n        register(name)\n      }\n    }\n"
                    "    val all = definition.names.toTypedArray()\n  }\n}\n\n"
                    "class Definition(val names: List<String>) {\n  val objects = Objects()\n}\n\n"
                    "class Objects {\n  fun register(name: String) {}\n}\n"),
}


def test_kotlin_extension_function_on_a_library_value_and_same_package_callers(tmp_path):
    served = served_tree(tmp_path / "r", EXC)
    c = served.call("find_related", symbol="exceptionDecorator", relation="callees")
    assert [i["qualname"].rsplit(".", 1)[-1] for i in c.data["items"]] == ["toCodedException"], c.text
    assert "extension function" in c.text and "unresolved" not in c.text, c.text
    r = served.call("find_related", symbol="toCodedException", relation="callers")
    assert [i["how"] for i in r.data["items"]] == ["same package"], r.text  # same package, no import needed


def test_kotlin_standard_library_calls_are_told_apart(tmp_path):
    served = served_tree(tmp_path / "r", EXC)
    c = served.call("find_related", symbol="Holder.export", relation="callees")
    assert "Kotlin standard library (by name): with at 5, apply at 6, definition.names.toTypedArray at 10" in c.text, c.text
    assert "unresolved" not in c.text, c.text


PROVIDERS = {
    "t/TypeConverterProvider.kt": ("package t\n\ninterface TypeConverterProvider {\n  fun obtainTypeConverter(d: String): Any\n}\n\n"
                                   "object TypeConverterProviderImpl : TypeConverterProvider {\n"
                                   "  override fun obtainTypeConverter(d: String): Any = d\n}\n\n"
                                   "class MergedTypeConverterProvider(\n  private val providers: List<TypeConverterProvider>\n"
                                   ") : TypeConverterProvider {\n  override fun obtainTypeConverter(d: String): Any {\n"
                                   "    for (provider in providers) {\n      return provider.obtainTypeConverter(d)\n    }\n"
                                   "    return d\n  }\n}\n"),
    "t/ListTypeConverter.kt": ("package t\n\nclass ListTypeConverter(\n  converterProvider: TypeConverterProvider\n) {\n"
                               "  private val elementConverter = converterProvider.obtainTypeConverter(\n    \"list\"\n  )\n}\n"),
    "t/Function.kt": ("package t\n\nclass Function {\n  fun invoke(): Any {\n    val converter = TypeConverterProviderImpl\n"
                      "      .obtainTypeConverter(\n        \"unit\"\n      )\n    return converter\n  }\n}\n"),
    "t/Other.kt": ("package t\n\nclass Other {\n  fun obtainTypeConverter(d: String): Any = d\n}\n\n"
                   "class User(val o: Other) {\n  fun go() = o.obtainTypeConverter(\"x\")\n}\n"),
}


def test_kotlin_callers_through_an_object_a_loop_element_and_a_property_initializer(tmp_path):
    served = served_tree(tmp_path / "r", PROVIDERS)
    r = served.call("find_related", symbol="TypeConverterProvider.obtainTypeConverter", relation="callers")
    got = {(i["qualname"], tuple(i["lines"]), i["how"]) for i in r.data["items"]}
    assert got == {
        ("Function.invoke", (6,), "receiver type"),  # `TypeConverterProviderImpl\n  .obtainTypeConverter(`: an object
        ("MergedTypeConverterProvider.obtainTypeConverter", (16,), "receiver type"),  # `for (provider in providers)`
        ("ListTypeConverter.elementConverter", (6,), "receiver type"),  # the property its initializer sits in
    }, r.text
    refs = served.call("search_text", pattern=r"obtainTypeConverter\(", path="t/ListTypeConverter.kt")
    assert "in ListTypeConverter.elementConverter 6-8" in refs.text, refs.text


CONTEXT = {
    "k/AppContext.kt": ("package k\n\nimport k.events.EventEmitter\n\nclass AppContext(\n"
                        "  val legacyModuleRegistry: c.core.ModuleRegistry\n) {\n"
                        "  val registry = ModuleRegistry(this.weak())\n"
                        "  fun emitter(): EventEmitter? {\n    val legacy = find<c.core.services.EventEmitter>()\n"
                        "    logger.info(\"made\")\n    return registry.module()?.logger\n  }\n}\n"),
    "k/ModuleRegistry.kt": "package k\n\nclass ModuleRegistry(val ctx: Any?) {\n  fun module(): JSLogger? = null\n}\n",
    "k/Utils.kt": "package k\n\nimport java.lang.ref.WeakReference\n\nfun <T : Any> T?.weak() = WeakReference<T>(this)\n",
    "k/CoreLogger.kt": "package k\n\ninternal val logger = Logger()\n\nclass Logger {\n  fun info(m: String) {}\n}\n\nclass JSLogger {\n  var logger: Any? = null\n}\n",
    "k/events/EventEmitter.kt": "package k.events\n\ninterface EventEmitter\n",
    "c/core/ModuleRegistry.java": "package c.core;\n\npublic class ModuleRegistry {}\n",
    "c/core/services/EventEmitter.java": "package c.core.services;\n\npublic interface EventEmitter {}\n",
}


def test_kotlin_uses_view_names_package_functions_and_types_written_with_their_package(tmp_path):
    served = served_tree(tmp_path / "r", CONTEXT)
    u = served.call("list_dependencies", path="k/AppContext.kt", view="uses")
    rows = {row["module"]: {n["name"]: n["lines"] for n in row["names"]} for row in u.data["uses"]}
    assert rows["k.events"] == {"EventEmitter": [9]}, u.text  # line 10 writes c.core.services.EventEmitter
    same = rows[""]
    assert same["ModuleRegistry"] == [8] and same["weak"] == [8] and same["logger"] == [11], u.text  # not `?.logger` at 12
    assert rows["written with its package, no import"] == {"c.core.ModuleRegistry": [6], "c.core.services.EventEmitter": [10]}, u.text
    assert "c.core.ModuleRegistry (c/core/ModuleRegistry.java:3) at 6" in u.text, u.text


def test_a_bodiless_annotation_class_at_the_end_of_a_file_is_a_definition(tmp_path):
    files = {"r/Required.kt": ("package r\n\n@Target(AnnotationTarget.PROPERTY)\n@Retention(AnnotationRetention.RUNTIME)\n"
                               "annotation class Required\n")}
    served = served_tree(tmp_path / "r", files)
    r = served.call("search_symbol", query="Required")
    assert r.text.startswith("r/Required.kt:5-5 interface") and "annotation class Required" in r.text, r.text


SMART = {
    "f/Components.kt": ("package f\n\nabstract class AnyFunction\n\nabstract class AsyncFunctionComponent : AnyFunction() {\n"
                        "  abstract fun callUserImplementation(args: Array<Any?>, promise: Any)\n}\n\n"
                        "class SyncFunctionComponent : AnyFunction() {\n  fun callUserImplementation(args: Array<Any?>): Any? = null\n}\n"),
    "f/ModuleHolder.kt": ("package f\n\nclass ModuleHolder(val functions: Map<String, AnyFunction>) {\n"
                          "  fun call(name: String, args: Array<Any?>, promise: Any) {\n    val method = functions[name]\n"
                          "    if (method is AsyncFunctionComponent) {\n      method.callUserImplementation(args, promise)\n"
                          "      return\n    }\n    throw IllegalStateException(\"no $name\")\n  }\n}\n"),
}


def test_kotlin_smart_cast_types_the_receiver(tmp_path):
    served = served_tree(tmp_path / "r", SMART)
    r = served.call("find_related", symbol="AsyncFunctionComponent.callUserImplementation", relation="callers")
    assert [(i["qualname"], i["how"]) for i in r.data["items"]] == [("ModuleHolder.call", "receiver type")], r.text
    c = served.call("find_related", symbol="ModuleHolder.call", relation="callees")
    assert [i["qualname"] for i in c.data["items"]] == ["AsyncFunctionComponent.callUserImplementation"], c.text
    assert "Kotlin standard library (by name): IllegalStateException" in c.text, c.text


def test_a_bodiless_external_fun_signature_ends_at_its_own_last_line(tmp_path):
    files = {"j/Bridging.kt": ("package j\n\nclass Bridging {\n  external fun registerAsyncFunction(\n    name: String,\n"
                               "    takesOwner: Boolean\n  )\n\n  external fun registerProperty(\n    name: String\n  )\n\n"
                               "  fun registerModuleName(name: String) {\n    registerProperty(name)\n  }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    r = served.call("search_symbol", query="Bridging.registerAsyncFunction")
    assert "external fun registerAsyncFunction( name: String, takesOwner: Boolean )" in r.text, r.text
    assert "registerProperty" not in r.text, r.text


CONVERT = {
    "t/TypeConverterProvider.kt": ("package t\n\nimport kotlinx.coroutines.CoroutineScope\nimport t.modules.Module\n\n"
                                   "inline fun <reified T> convert(value: Any?, context: Any): T {\n  return value as T\n}\n\n"
                                   "inline fun <reified Module> legacyModule(): Module? {\n  return Module::class.java as Module?\n}\n\n"
                                   "fun eventEmitter(module: Module, scope: CoroutineScope) = module\n"),
    "t/modules/Module.kt": "package t.modules\n\nclass Module\n",
    "t/AnyType.kt": ("package t\n\nclass Converter {\n  fun convert(value: Any?, context: Any): Any? = value\n}\n\n"
                     "class AnyType(val converter: Converter) {\n  fun go(v: Any?, c: Any): Any? = converter.convert(v, c)\n"
                     "  fun top(v: Any?, c: Any): String = convert<String>(v, c)\n}\n"),
}


def test_a_kotlin_top_level_function_is_never_called_on_a_value(tmp_path):
    served = served_tree(tmp_path / "r", CONVERT)
    r = served.call("find_related", symbol="convert", path="t/TypeConverterProvider.kt", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in r.data["items"]] == [("AnyType.top", (9,))], r.text
    assert "left out" in r.text and "converter.convert(v, c)" in r.text, r.text


def test_kotlin_uses_view_type_parameters_and_kotlinx(tmp_path):
    served = served_tree(tmp_path / "r", CONVERT)
    u = served.call("list_dependencies", path="t/TypeConverterProvider.kt", view="uses")
    rows = {row["line"]: {n["name"]: n["lines"] for n in row["names"]} for row in u.data["uses"]}
    assert rows[4] == {"Module": [14]}, u.text  # lines 10-11 name the type parameter `Module`
    assert "3 kotlinx.coroutines (external): CoroutineScope at 14" in u.text, u.text


HOLDER = {
    "m/ModuleHolder.kt": ("package m\n\nclass ModuleHolder(val name: String) {\n  var wasInitialized = false\n\n"
                          "  val safeJSObject: Bridging?\n    get() {\n      return if (wasInitialized) jsObject else null\n    }\n\n"
                          "  val jsObject by lazy {\n    wasInitialized = true\n    Bridging()\n  }\n}\n\n"
                          "class Bridging {\n  fun register(n: String) {}\n}\n"),
    "m/Installer.kt": ("package m\n\nclass Installer(val coreModule: ModuleHolder) {\n"
                       "  fun getCoreModuleObject(): Bridging? {\n    return coreModule.jsObject\n  }\n}\n"),
    "m/Component.kt": ("package m\n\nclass Component {\n  fun attach(jsObject: Bridging) {\n    jsObject.register(\"x\")\n  }\n\n"
                       "  fun emit(holder: ModuleHolder) {\n    val jsObject = holder.safeJSObject ?: return\n"
                       "    jsObject.register(\"y\")\n  }\n}\n"),
    "j/Reader.java": ("package j;\n\npublic class Reader {\n  public int count;\n\n  int twice(Reader other) {\n"
                      "    return other.count * 2;\n  }\n}\n"),
}


def test_readers_of_a_property_not_its_namesake_parameters_and_locals(tmp_path):
    served = served_tree(tmp_path / "r", HOLDER)
    r = served.call("find_related", symbol="ModuleHolder.jsObject", relation="callers")
    got = {(i["qualname"], tuple(i["lines"])) for i in r.data["items"]}
    assert got == {("ModuleHolder.safeJSObject", (8,)), ("Installer.getCoreModuleObject", (5,))}, r.text
    assert "2 other uses of the name 'jsObject' left out: a parameter or local of that name" in r.text, r.text
    j = served.call("find_related", symbol="Reader.count", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in j.data["items"]] == [("Reader.twice", (7,))], j.text
    c = served.call("find_related", symbol="Bridging.register", relation="callers")
    assert len(c.data["items"]) == 2, c.text  # the member read index keeps `x.register(..)` a call, once


def test_a_kotlin_object_expression_implements_its_interface(tmp_path):
    files = dict(PROVIDERS)
    files["t/ModuleConvertersBuilder.kt"] = (
        "package t\n\nclass ModuleConvertersBuilder {\n  fun buildTypeConverterProvider(): TypeConverterProvider {\n"
        "    return object : TypeConverterProvider {\n      override fun obtainTypeConverter(d: String): Any {\n"
        "        return d\n      }\n    }\n  }\n}\n")
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="TypeConverterProvider", relation="implementations")
    assert "ModuleConvertersBuilder.buildTypeConverterProvider  [anonymous class, object : TypeConverterProvider {...} at line 5]" in r.text, r.text
    m = served.call("find_related", symbol="TypeConverterProvider.obtainTypeConverter", relation="implementations")
    assert "t/ModuleConvertersBuilder.kt:6-8 function ModuleConvertersBuilder.buildTypeConverterProvider.obtainTypeConverter" in m.text, m.text


def test_an_enum_entry_argument_tells_the_overload(tmp_path):
    files = {"q/Base.kt": ("package q\n\nimport kotlinx.coroutines.CoroutineScope\n\nsealed interface FunctionQueue\n\n"
                           "enum class Queues : FunctionQueue { MAIN, DEFAULT }\n\nabstract class Base {\n"
                           "  fun runOnQueue(queue: Queues) = this\n\n  fun runOnQueue(scope: CoroutineScope) = this\n}\n"),
             "q/Builder.kt": "package q\n\nclass Builder {\n  fun build(f: Base) {\n    f.runOnQueue(Queues.MAIN)\n  }\n}\n"}
    served = served_tree(tmp_path / "r", files)
    scope = served.call("find_related", symbol="Base.runOnQueue", path="q/Base.kt:12", relation="callers")
    assert scope.data["items"] == [] and "by their arguments: runOnQueue(queue: Queues) 1" in scope.text, scope.text
    queue = served.call("find_related", symbol="Base.runOnQueue", path="q/Base.kt:10", relation="callers")
    assert [tuple(i["lines"]) for i in queue.data["items"]] == [(5,)], queue.text


def test_a_kotlin_chain_from_a_constructor_through_also(tmp_path):
    files = {"o/Builder.kt": ("package o\n\nopen class ObjectDefinitionBuilder {\n  fun buildObject(): Int = 1\n}\n\n"
                              "class Other {\n  fun buildObject(): Int = 2\n}\n"),
             "o/Module.kt": ("package o\n\nfun makeObject(block: ObjectDefinitionBuilder.() -> Unit): Int {\n"
                             "  return ObjectDefinitionBuilder().also(block).buildObject()\n}\n\n"
                             "fun other(): Int = Other().apply { }.buildObject()\n")}
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="ObjectDefinitionBuilder.buildObject", relation="callers")
    assert [(i["qualname"], i["how"]) for i in r.data["items"]] == [("makeObject", "receiver type")], r.text


def test_an_element_read_by_index_is_typed_by_the_collection(tmp_path):
    files = {"x/Types.kt": ("package x\n\nclass AnyType {\n  fun convert(v: Any?): Any? = v\n}\n\n"
                            "class TypeConverter {\n  fun convert(v: Any?): Any? = v\n}\n\n"
                            "class Sync {\n  fun callUserImplementation(a: Int): Int = a\n}\n\n"
                            "class Data(val syncFunctions: Map<String, Sync>)\n"),
             "x/Holder.kt": ("package x\n\nclass Holder(val definition: Data, val desiredArgsTypes: Array<AnyType>) {\n"
                             "  fun callSync(name: String): Int {\n    val method = definition.syncFunctions[name]\n"
                             "      ?: throw IllegalStateException()\n    return method.callUserImplementation(1)\n  }\n\n"
                             "  fun convertArgs(args: Array<Any?>) {\n    for (i in args.indices) {\n"
                             "      val desiredType = desiredArgsTypes[i]\n      desiredType.convert(args[i])\n    }\n  }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    s = served.call("find_related", symbol="Sync.callUserImplementation", relation="callers")
    assert [(i["qualname"], i["how"]) for i in s.data["items"]] == [("Holder.callSync", "receiver type")], s.text
    a = served.call("find_related", symbol="AnyType.convert", relation="callers")
    assert [(i["qualname"], i["how"]) for i in a.data["items"]] == [("Holder.convertArgs", "receiver type")], a.text
    t = served.call("find_related", symbol="TypeConverter.convert", relation="callers")
    assert t.data["items"] == [], t.text


def test_references_of_a_property_leave_its_namesake_parameters_out(tmp_path):
    served = served_tree(tmp_path / "r", HOLDER)
    r = served.call("search_symbol", query="ModuleHolder.jsObject", references=True)
    refs = {(x["path"], x["line"]) for x in r.data["references"] if x.get("kind") != "use"}
    assert refs == {("m/Installer.kt", 5), ("m/ModuleHolder.kt", 8)}, r.text
    assert "2 uses of the name 'jsObject' left out: a parameter or local of that name" in r.text, r.text
