"""The bytes of the file being extracted, shared by the extractor and the visibility rules."""

from __future__ import annotations

import logging

import tree_sitter as ts

logger = logging.getLogger(__name__)


class _Source:
    """Trees parsed through a read callback keep no source, so node text is sliced from our bytes."""

    data: bytes = b""
    original: bytes = b""  # the file before C repairs, when some definitions read their signature from it
    rewritten: frozenset[int] = frozenset()  # start bytes of those definitions


SRC = _Source()


def raw(node: ts.Node) -> bytes:
    """The bytes of a node of the file being extracted (set `SRC.data` first)."""
    return SRC.data[node.start_byte : node.end_byte]
