"""Scala answers, from the Scala 2.11 standard library A/B run (run 30): `extends A with B with C` names every
base, a class header spread over lines reads whole, and calls without parentheses are calls."""

from __future__ import annotations

from pathlib import Path

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
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_every_with_clause_is_a_base_and_a_multi_line_class_header_reads_whole(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="scala.collection.mutable.Builder", relation="implementations").text)
    assert "scala/collection/mutable/ListBuffer.scala:5-21 class ListBuffer" in text, text  # its third base
    assert "class ArrayBuilder" in text
    up = flat(s.call("find_related", symbol="ListBuffer", relation="supertypes").text)
    assert "trait Buffer" in up and "class AbstractBuffer" in up and "trait Builder" in up, up
    found = s.call("search_symbol", query="ListBuffer", kind="class").text
    assert "with Builder[A, List[A]] with Serializable" in found and "private var start" not in found, found


def test_calls_without_parentheses_resolve_on_their_receiver(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="ListBuffer.toList", relation="callees").text)
    assert "ListBuffer.isEmpty scala/collection/mutable/ListBuffer.scala:14-14 called at 18" in text, text
