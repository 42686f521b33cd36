"""Scala answers, from the Scala 2.11 standard library A/B run (run 30): `extends A with B with C` names every
base, a class header spread over lines reads whole, and calls without parentheses are calls."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import hit_at
from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "scala/collection/mutable/Builder.scala": (
        "package scala\n"                                                        # 1
        "package collection\n"                                                   # 2
        "package mutable\n"                                                      # 3
        "\n"                                                                     # 4
        "trait Builder[-Elem, +To] {\n"                                          # 5
        "  def +=(elem: Elem): this.type\n"                                      # 6
        "  def result(): To\n"                                                   # 7
        "}\n"),                                                                  # 8
    "scala/collection/mutable/ListBuffer.scala": (
        "package scala\n"                                                        # 1
        "package collection\n"                                                   # 2
        "package mutable\n"                                                      # 3
        "\n"                                                                     # 4
        "@SerialVersionUID(3419063961353022662L)\n"                              # 5
        "final class ListBuffer[A]\n"                                            # 6
        "      extends AbstractBuffer[A]\n"                                      # 7
        "         with Buffer[A]\n"                                              # 8
        "         with Builder[A, List[A]]\n"                                    # 9
        "         with Serializable\n"                                           # 10
        "{\n"                                                                    # 11
        "  private var start: List[A] = Nil\n"                                   # 12
        "  private var exported: Boolean = false\n"                              # 13
        "  def isEmpty: Boolean = start.isEmpty\n"                               # 14
        "  def +=(x: A): this.type = { start = x :: start; this }\n"             # 15
        "  def result(): List[A] = toList\n"                                     # 16
        "  def toList: List[A] = {\n"                                            # 17
        "    exported = !this.isEmpty\n"                                         # 18
        "    start\n"                                                            # 19
        "  }\n"                                                                  # 20
        "}\n"),                                                                  # 21
    "scala/collection/mutable/Buffer.scala": (
        "package scala.collection.mutable\n"
        "\n"
        "trait Buffer[A]\n"
        "abstract class AbstractBuffer[A] extends Buffer[A]\n"),
    "scala/collection/mutable/ArrayBuilder.scala": (
        "package scala.collection\n"
        "package mutable\n"
        "\n"
        "abstract class ArrayBuilder[T] extends Builder[T, Array[T]] with Serializable\n"),
    "scala/collection/generic/Signalling.scala": (
        "package scala\n"                                                        # 1
        "package collection\n"                                                   # 2
        "package generic\n"                                                      # 3
        "\n"                                                                     # 4
        "trait Signalling {\n"                                                   # 5
        "  def abort(): Unit\n"                                                  # 6
        "  def isAborted: Boolean\n"                                             # 7
        "}\n"                                                                    # 8
        "trait DelegatedSignalling extends Signalling {\n"                       # 9
        "  var signalDelegate: Signalling\n"                                     # 10
        "  def abort() = signalDelegate.abort()\n"                               # 11
        "  def isAborted = signalDelegate.isAborted\n"                           # 12
        "}\n"),                                                                  # 13
    "scala/collection/parallel/Splitters.scala": (
        "package scala.collection.parallel\n"                                    # 1
        "\n"                                                                     # 2
        "import scala.collection.generic.{Signalling, DelegatedSignalling}\n"    # 3
        "\n"                                                                     # 4
        "trait IterableSplitter[+T] extends Iterator[T] with Signalling with DelegatedSignalling\n"  # 5
        "\n"                                                                     # 6
        "class Forall[T](pred: T => Boolean, protected[this] val pit: IterableSplitter[T]) {\n"  # 7
        "  var result = true\n"                                                  # 8
        "  def leaf(prev: Option[Boolean]) = { if (!pit.isAborted) result = pit.forall(pred); if (!result) pit.abort() }\n"  # 9
        "}\n"                                                                    # 10
        "class Other { def abort() = 1; def run(o: Other) = o.abort() }\n"),    # 11
    "scala/concurrent/Promise.scala": (
        "package scala.concurrent\n"                                             # 1
        "\n"                                                                     # 2
        "object Promise {\n"                                                     # 3
        "  abstract class AbstractPromise { def getState: AnyRef = null }\n"     # 4
        "  class DefaultPromise[T] extends AbstractPromise {\n"                  # 5
        "    def tryComplete(v: T): Boolean = true\n"                            # 6
        "    private def compressedRoot(): DefaultPromise[T] = this\n"           # 7
        "    private def link(target: DefaultPromise[T]): Unit = if (this ne target) {\n"  # 8
        "      getState match {\n"                                               # 9
        "        case r: String => target.tryComplete(r.asInstanceOf[T])\n"      # 10
        "        case listeners: Buffer[_] =>\n"                                 # 11
        "          if (!listeners.isEmpty) compressedRoot().link(target)\n"       # 12
        "          else link(target)\n"                                          # 13
        "      }\n"                                                              # 14
        "    }\n"                                                                # 15
        "  }\n"                                                                  # 16
        "}\n"),                                                                  # 17
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_every_with_clause_is_a_base_and_a_multi_line_class_header_reads_whole(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="scala.collection.mutable.Builder", relation="implementations").text)
    assert "scala/collection/mutable/ListBuffer.scala:5-21 final class ListBuffer" in text, text  # its third base
    assert "class ArrayBuilder" in text
    up = flat(s.call("find_related", symbol="ListBuffer", relation="supertypes").text)
    assert "trait Buffer" in up and "class AbstractBuffer" in up and "trait Builder" in up, up
    found = s.call("search_symbol", query="ListBuffer", kind="class").text
    assert "with Builder[A, List[A]] with Serializable" in found and "private var start" not in found, found


def test_calls_without_parentheses_resolve_on_their_receiver(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="ListBuffer.toList", relation="callees").text)
    assert "ListBuffer.isEmpty scala/collection/mutable/ListBuffer.scala:14-14 called at 18" in text, text


def test_a_call_on_a_field_typed_with_a_subtype_is_a_call_of_the_traits_method(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="scala.collection.generic.Signalling.abort", relation="callers").text)
    assert "scala/collection/parallel/Splitters.scala:9 in Forall.leaf" in text, text
    rows = "\n".join(r for r in text.splitlines() if not r.startswith("["))
    assert "by name only" not in text.partition("\n")[0] and "Other.run" not in rows, text  # o: Other is another type


def test_callees_resolve_nested_receivers_case_patterns_recursion_and_bare_parameterless_methods(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="DefaultPromise.link", relation="callees").text)
    assert "Promise.AbstractPromise.getState scala/concurrent/Promise.scala:4-4 called at 9" in text, text
    assert "Promise.DefaultPromise.tryComplete scala/concurrent/Promise.scala:6-6 called at 10" in text
    assert "Promise.DefaultPromise.link scala/concurrent/Promise.scala:8-15 called at 12,13" in text  # recursive
    assert "ListBuffer.isEmpty scala/collection/mutable/ListBuffer.scala:14-14" not in text  # a Buffer, not a ListBuffer
    assert "target" not in text.partition("unresolved")[2] and "listeners" not in text.split("called at")[0], text


def test_a_bare_call_in_a_class_means_the_last_mixed_in_traits_method(tmp_path: Path):
    s = served_tree(tmp_path, {"a/M.scala": (
        "package a\n"
        "trait Base { def size: Int = 0 }\n"
        "trait Forwarder extends Base { override def size: Int = 1 }\n"
        "class Buf extends Base with Forwarder {\n"
        "  def total = size + 1\n"
        "}\n")})
    text = flat(s.call("find_related", symbol="Buf.total", relation="callees").text)
    assert "Forwarder.size a/M.scala:3-3 called at 5" in text, text


AWAIT = {
    "scala/concurrent/Awaitable.scala": (
        "package scala.concurrent\n"
        "\n"
        "trait Awaitable[+T] {\n"
        "  def ready(atMost: Duration)(implicit permit: CanAwait): this.type\n"
        "  def result(atMost: Duration)(implicit permit: CanAwait): T\n"
        "}\n"
        "trait Future[+T] extends Awaitable[T] {\n"
        "  def flatMap[S](f: T => Future[S]): Future[S] = {\n"
        "    val p = new DefaultPromise[S]()\n"
        "    f(value) match { case dp: DefaultPromise[_] => dp.asInstanceOf[DefaultPromise[S]].linkRootOf(p) }\n"
        "    p\n"
        "  }\n"
        "}\n"),
    "scala/concurrent/DefaultPromise.scala": (
        "package scala.concurrent\n"                                                        # 1
        "\n"                                                                                # 2
        "class DefaultPromise[T] extends Future[T] {\n"                                     # 3
        "  def ready(atMost: Duration)(implicit permit: CanAwait): this.type = this\n"      # 4
        "  def result(atMost: Duration)(implicit permit: CanAwait): T =\n"                 # 5
        "    ready(atMost).value.get.get\n"                                                 # 6
        "  def linkRootOf(target: DefaultPromise[T]): Unit = link(target)\n"               # 7
        "  private def link(target: DefaultPromise[T]): Unit = if (this ne target) link(target)\n"  # 8
        "}\n"),                                                                             # 9
    "scala/concurrent/package.scala": (
        "package scala\n"
        "\n"
        "package object concurrent {\n"
        "  object Await {\n"
        "    def ready[T](awaitable: Awaitable[T], atMost: Duration): awaitable.type =\n"
        "      blocking(awaitable.ready(atMost)(AwaitPermission))\n"
        "    def result[T](awaitable: Awaitable[T], atMost: Duration): T =\n"
        "      blocking(awaitable.result(atMost)(AwaitPermission))\n"
        "  }\n"
        "}\n"),
    "scala/collection/Builders.scala": (
        "package scala.collection\n"
        "\n"
        "object Builders {\n"
        "  def concat(b: Builder) = b.result()\n"
        "  def take(b: Builder) = b.result\n"
        "  def twice(o: Option[Int]) = o flatMap (x => Some(x))\n"
        "}\n"),
}


def test_calls_whose_arguments_cannot_fit_are_left_out_and_a_call_through_a_base_type_is_kept(tmp_path: Path):
    s = served_tree(tmp_path, AWAIT)
    text = flat(s.call("find_related", symbol="DefaultPromise.result", relation="callers").text)
    assert "in Builders" not in text and "2 other calls named 'result' left out" in text, text  # b.result(), b.result
    ready = flat(s.call("find_related", symbol="DefaultPromise.ready", relation="callers").text)
    assert "scala/concurrent/DefaultPromise.scala:6 in DefaultPromise.result" in ready, ready
    assert "scala/concurrent/package.scala:6 in" in ready and "[base type, receiver awaitable: Awaitable]" in ready, ready


def test_a_deeper_call_through_a_base_type_is_listed_with_the_receivers_declared_type(tmp_path: Path):
    # Scala run 363: DefaultPromise.ready's depth-2 callers counted Await.result's `awaitable.result(..)` (through
    # DefaultPromise.result) as "matched by name only or through a base type" and left it out
    s = served_tree(tmp_path, AWAIT)
    text = flat(s.call("find_related", symbol="DefaultPromise.ready", relation="callers", depth=2).text)
    assert "scala/concurrent/package.scala:8 in concurrent.Await.result (7-8)" in text, text
    assert "[base type, receiver awaitable: Awaitable, not followed]" in text and "left out" not in text, text


def test_a_cast_receiver_is_typed_recursion_is_listed_and_deeper_name_only_callers_are_counted(tmp_path: Path):
    s = served_tree(tmp_path, AWAIT)
    text = flat(s.call("find_related", symbol="DefaultPromise.link", relation="callers", depth=3).text)
    assert "8 in DefaultPromise.link (8-8)" in text and "[recursive]" in text, text
    assert "scala/concurrent/Awaitable.scala:10 in Future.flatMap" in text and "name only]" not in text, text
    assert "Builders.twice" not in text and "1 more call site matched by name only or through a base type (maybe other types' methods) left out besides those listed (Future.flatMap 1)" in text, text


def test_a_package_objects_members_are_qualified_by_its_package(tmp_path: Path):
    s = served_tree(tmp_path, AWAIT)
    found = s.call("search_symbol", query="Await.ready").text
    assert "method scala.concurrent.Await.ready" in found, found


def test_a_callee_on_a_cast_receiver_is_the_cast_types_method(tmp_path: Path):
    s = served_tree(tmp_path, AWAIT)
    text = flat(s.call("find_related", symbol="Future.flatMap", relation="callees").text)
    assert "DefaultPromise.linkRootOf scala/concurrent/DefaultPromise.scala:7-7 called at 10" in text, text


def test_a_member_of_an_operator_named_class_keeps_the_class_in_its_full_name(tmp_path: Path):
    s = served_tree(tmp_path, {"scala/collection/immutable/List.scala": (
        "package scala\npackage collection\npackage immutable\n\n"
        "sealed abstract class List[+A] { def isEmpty: Boolean }\n"
        "final case class ::[B](head: B, tl: List[B]) extends List[B] {\n"
        "  override def isEmpty: Boolean = false\n"
        "}\n")})
    text = s.call("search_symbol", query="isEmpty").text
    assert "method scala.collection.immutable.::.isEmpty" in text, text


def test_a_wildcard_import_of_an_object_brings_what_it_inherits(tmp_path: Path):
    s = served_tree(tmp_path, {
        "scala/sys/process/Process.scala": "package scala.sys.process\n\nobject Process extends ProcessImpl\n",
        "scala/sys/process/ProcessImpl.scala": (
            "package scala.sys.process\n\n"
            "private[process] trait ProcessImpl {\n"
            "  object Spawn { def apply(f: => Unit): Thread = null }\n"
            "}\n"),
        "scala/sys/process/Builder.scala": (
            "package scala.sys.process\n\n"
            "import Process._\n\n"
            "class Builder {\n"
            "  def run(): Thread = Spawn(println(1))\n"
            "}\n")})
    text = flat(s.call("find_related", symbol="Builder.run", relation="callees").text)
    assert "ProcessImpl.Spawn scala/sys/process/ProcessImpl.scala:4-4 called at 6" in text, text


def test_a_call_of_another_types_namesake_inside_a_method_is_no_recursion(tmp_path: Path):
    s = served_tree(tmp_path, AWAIT)
    text = s.call("find_related", symbol="Await.ready", relation="callers").text
    assert "0 calling definitions" in text and "[recursive]" not in text, text  # awaitable.ready(...) is Awaitable's


def test_a_range_across_classes_names_them_and_a_trailing_comment_ends_a_body(tmp_path: Path):
    s = served_tree(tmp_path, {"a/Tasks.scala": (
        "package a\n"                                            # 1
        "trait Tasks {\n"                                        # 2
        "  class Max {\n"                                        # 3
        "    def merge(x: Int) = x\n"                            # 4
        "  }\n"                                                  # 5
        "  class Map {\n"                                        # 6
        "    def leaf(x: Int) =\n"                               # 7
        "      x + 1 // the leaf\n"                              # 8
        "\n"                                                     # 9
        "    def value = 2\n"                                    # 10
        "  }\n"                                                  # 11
        "}\n")})
    head = s.call("read_code_range", path="a/Tasks.scala", start_line=4, end_line=8).text.splitlines()[0]
    assert head.endswith("— overlaps Tasks.Max 3-5, Tasks.Map 6-11, in trait Tasks 2-12"), head  # and what holds them
    found = s.call("search_symbol", query="Map.leaf").text
    assert "a/Tasks.scala:7-8 method" in found, found


def test_uses_of_a_nested_class_are_its_own_not_its_namesakes(tmp_path: Path):
    s = served_tree(tmp_path, {
        "p/ParIterableLike.scala": (
            "package p\n"                                                    # 1
            "trait ParIterableLike[T] {\n"                                   # 2
            "  def map[S](f: T => S) = new Map[S](f)\n"                       # 3
            "  class Map[S](f: T => S) {\n"                                   # 4
            "    def newSubtask() = new Map(f)\n"                             # 5
            "  }\n"                                                          # 6
            "}\n"),                                                          # 7
        "p/ParArray.scala": (
            "package p\n"
            "class ParArray[T] extends ParIterableLike[T] {\n"
            "  class Map[S](f: T => S)\n"
            "  def remap[S](f: T => S) = new Map[S](f)\n"
            "}\n"),
        "p/Config.scala": "package p\nobject Config {\n  val m = Map(1 -> 2)\n}\n"})
    text = flat(s.call("find_related", symbol="ParIterableLike.Map", relation="callers").text)
    assert "p/ParIterableLike.scala:3 in ParIterableLike.map" in text, text
    assert "p/ParIterableLike.scala:5 in ParIterableLike.Map.newSubtask" in text, text  # it builds itself
    assert "ParArray" not in text and "Config" not in text, text


def test_a_reference_in_a_traits_body_names_the_trait(tmp_path: Path):
    s = served_tree(tmp_path, {"p/ParIterableLike.scala": (
        "package p\n"
        "object Defaults { def defaultTaskSupport: Int = 1 }\n"
        "trait ParIterableLike {\n"
        "  private var _tasksupport = Defaults.defaultTaskSupport\n"
        "}\n")})
    text = s.call("search_symbol", query="defaultTaskSupport", references=True).text
    assert (hit_at(text, "p/ParIterableLike.scala", 4) or "").endswith("— in ParIterableLike 3-5"), text


def test_another_classs_this_member_is_no_value_use_of_a_method(tmp_path: Path):
    s = served_tree(tmp_path, {**AWAIT, "scala/collection/Task.scala": (
        "package scala.collection\n"
        "class Task { var result = 1\n  def merge(that: Task) = this.result + that.result }\n")})
    text = s.call("find_related", symbol="DefaultPromise.result", relation="callers").text
    assert "also named without a call" not in text, text


def test_a_field_inherited_from_a_same_named_base_types_its_receiver(tmp_path: Path):
    s = served_tree(tmp_path, {"p/Tasks.scala": (
        "package p\n"                                                  # 1
        "trait Task[R] { def tryLeaf(prev: Option[R]): Unit = () }\n"   # 2
        "trait Tasks {\n"                                              # 3
        "  trait WrappedTask[R] { val body: Task[R] }\n"               # 4
        "}\n"                                                          # 5
        "trait AdaptiveTasks extends Tasks {\n"                        # 6
        "  trait WrappedTask[R] extends super.WrappedTask[R] {\n"      # 7
        "    def compute() = body.tryLeaf(None)\n"                     # 8
        "  }\n"                                                        # 9
        "}\n"                                                          # 10
        "class Other { def tryLeaf(prev: Option[Int]) = 1 }\n")})      # 11
    text = flat(s.call("find_related", symbol="Task.tryLeaf", relation="callers").text)
    assert "p/Tasks.scala:8 in AdaptiveTasks.WrappedTask.compute" in text and "name only" not in text, text


def test_overrides_are_searched_through_every_level_and_say_they_are_complete(tmp_path: Path):
    s = served_tree(tmp_path, AWAIT)
    text = flat(s.call("find_related", symbol="Awaitable.ready", relation="implementations").text)
    assert "DefaultPromise.ready" in text and "[complete: every subtype of Awaitable searched]" in text, text


def test_a_partly_qualified_name_is_found_among_more_than_fifty_namesakes(tmp_path: Path):
    files = {f"p/B{i}.scala": f"package p\nclass B{i} {{ def result(): Int = {i} }}\n" for i in range(60)}
    files["p/Promise.scala"] = ("package p\nobject Promise {\n  class DefaultPromise {\n"
                                "    def result(atMost: Int): Int = atMost\n  }\n}\n")
    s = served_tree(tmp_path, files)
    a = s.call("find_related", symbol="DefaultPromise.result", relation="callers")
    assert not a.is_error and "callers of method p.Promise.DefaultPromise.result" in a.text, a.text


def test_a_list_of_names_may_hold_operator_names(tmp_path: Path):
    # run 50: query="Boolean.unary_!, Nil.isEmpty, ::.isEmpty" answered "no definitions match" for all of them
    s = served_tree(tmp_path, {"scala/Boolean.scala": "package scala\nfinal abstract class Boolean {\n  def unary_! : Boolean\n}\n",
                               "scala/List.scala": ("package scala\ncase object Nil {\n  def isEmpty = true\n}\n"
                                                    "final case class ::[B](head: B) {\n  def isEmpty: Boolean = false\n}\n")})
    text = flat(s.call("search_symbol", query="Boolean.unary_!, Nil.isEmpty, ::.isEmpty, AnyRef.ne").text)
    assert "scala/Boolean.scala:3-3 method scala.Boolean.unary_!" in text, text
    assert "scala/List.scala:3-3 method scala.Nil.isEmpty" in text and "scala/List.scala:6-6 method scala.::.isEmpty" in text, text
    assert "no definition named 'AnyRef.ne'" in text, text


def test_a_callee_declared_without_a_body_names_its_overrides(tmp_path: Path):
    # run 50: `listeners.isEmpty` resolved to List.isEmpty 94-94, the abstract declaration, without Nil's and ::'s
    s = served_tree(tmp_path, {"scala/List.scala": (
        "package scala\n"                                             # 1
        "sealed abstract class List[+A] {\n"                          # 2
        "  def isEmpty: Boolean\n"                                    # 3
        "}\n"                                                         # 4
        "case object Nil extends List[Nothing] {\n"                   # 5
        "  override def isEmpty = true\n"                             # 6
        "}\n"                                                         # 7
        "final case class Cons[B](head: B) extends List[B] {\n"       # 8
        "  override def isEmpty: Boolean = false\n"                   # 9
        "}\n"                                                         # 10
        "object Use {\n"                                              # 11
        "  def run(xs: List[Int]): Boolean = xs.isEmpty\n"            # 12
        "}\n")})                                                      # 13
    text = flat(s.call("find_related", symbol="Use.run", relation="callees").text)
    assert "List.isEmpty scala/List.scala:3-3 called at 12 (abstract; overridden in Nil.isEmpty scala/List.scala:6, " \
           "Cons.isEmpty scala/List.scala:9)" in text, text


def test_a_bare_name_in_a_method_is_its_classs_own_field_before_a_bases(tmp_path: Path):
    # run 50: in ParIterableLike.Map.leaf, `pit` (Map's constructor val) and `result` (Map's @volatile var) were read
    # as the bases' Accessor.pit and Task.result
    s = served_tree(tmp_path, {"A.scala": (
        "package p\n"
        "class Base { var result: Int = 0 }\n"
        "class Map(f: Int, protected[this] val pit: String) extends Base {\n"
        "  @volatile var result: Int = 0\n"
        "  def leaf() = result = pit.length\n"
        "}\n")})
    text = flat(s.call("read_code_range", path="A.scala:5", context="semantic").text)
    assert "A.scala:4-4 Map.result — var result: Int = 0  [same class]" in text and "Base.result" not in text, text
    assert "A.scala:3-3 Map.pit" in text, text


def test_a_package_object_is_a_definition_holding_its_members_named_once(tmp_path: Path):
    # run 50: the outline of scala/sys/process/package.scala left out `package object process extends
    # ProcessImplicits`, listing its defs as top-level ones
    s = served_tree(tmp_path, {"scala/sys/process/package.scala": (
        "package scala.sys\n\n"
        "package object process extends ProcessImplicits {\n"
        "  def javaVmArguments: List[String] = Nil\n"
        "}\n"
        "package process {\n"
        "  trait ProcessImplicits\n"
        "}\n")})
    outline = flat(s.call("get_structured_index", path="scala/sys/process/package.scala").text)
    assert "3-5 module package object process extends ProcessImplicits\n    4-4 def javaVmArguments" in outline, outline
    found = flat(s.call("search_symbol", query="javaVmArguments").text)
    assert "method scala.sys.process.javaVmArguments" in found, found


def test_the_uses_of_an_import_of_an_objects_members_are_the_members_the_file_uses(tmp_path):
    # Scala A/B run 173: `import processInternal._` and `import Process._` in ProcessBuilderImpl.scala were said to be
    # unused (`_` read as a name); the file uses six members of the one and nine, through the traits it extends, of
    # the other
    served = served_tree(tmp_path / "sc", {
        "scala/sys/process/package.scala": "package scala.sys\n\npackage object process {\n"
                                           "  private[process] object processInternal {\n"
                                           "    type URL = java.net.URL\n    type File = java.io.File\n  }\n}\n",
        "scala/sys/process/ProcessImpl.scala": "package scala.sys.process\n\nprivate[process] trait ProcessImpl {\n"
                                               "  private[process] object Spawn {\n    def apply(f: => Unit): Thread = null\n"
                                               "  }\n  private[process] class DummyProcess(x: Int)\n}\n",
        "scala/sys/process/Process.scala": "package scala.sys.process\n\nobject Process extends ProcessImpl {\n"
                                           "  def apply(command: String): Int = 0\n}\n",
        "scala/sys/process/Builder.scala": "package scala.sys.process\n\nimport processInternal._\nimport Process._\n\n"
                                           "class Builder {\n  def url(u: URL): File = null\n"
                                           "  def go(): Unit = { Spawn(()); new DummyProcess(1) }\n}\n",
    })
    a = served.call("list_dependencies", path="scala/sys/process/Builder.scala", view="uses")
    assert not a.is_error, a.text
    assert "3 processInternal -> scala/sys/process/: URL (package.scala:5) at 7; File (package.scala:6) at 7" \
        in a.text, a.text
    assert "Spawn (ProcessImpl.scala:4) at 8" in a.text and "DummyProcess (ProcessImpl.scala:7) at 8" in a.text, a.text
    assert "not used: _" not in a.text, a.text


def test_a_scala_name_with_a_companion_object_names_both_in_the_uses_view(tmp_path):
    # Scala run 298: `import Uncloseable.protect` reads the object; the uses view named only the trait's line
    from tests.navigation.conftest import served_tree

    files = {
        "p/BasicIO.scala": ("package p\n\nobject BasicIO {\n  trait Uncloseable\n  object Uncloseable {\n"
                            "    def protect(x: Int): Int = x\n  }\n}\n"),
        "p/Use.scala": "package p\n\nimport BasicIO.Uncloseable\nimport Uncloseable.protect\n\nobject Use {\n  def f(): Int = protect(1)\n}\n",
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="p/Use.scala", view="uses")
    assert "Uncloseable (BasicIO.scala:4,5)" in a.text, a.text
