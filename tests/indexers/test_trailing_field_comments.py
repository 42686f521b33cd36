"""ext4 A/B run 217: ext4_extents.h's outline gave each field the comment of the field above (`ee_len  # first logical
block extent covers`): a comment trailing a line's code is that line's, never the next definition's doc."""

from __future__ import annotations

from contexteer.indexers import languages
from contexteer.indexers.extract import extract

SRC = b"""/*
 * This is the extent on-disk structure.
 */
struct ext4_extent {
\t__le32\tee_block;\t/* first logical block extent covers */
\t__le16\tee_len;\t\t/* number of blocks covered by extent */
\t/* the high bits */
\t__le16\tee_start_hi;
\t__le32\tee_start_lo;
};
"""


def test_a_trailing_comment_is_its_own_lines_doc():
    r = extract(SRC, languages.BY_NAME["c"])
    docs = {s[0]: s[6] for s in r.symbols}
    assert docs["ext4_extent"] == "This is the extent on-disk structure.", docs
    assert docs["ee_block"] == "first logical block extent covers", docs
    assert docs["ee_len"] == "number of blocks covered by extent", docs
    assert docs["ee_start_hi"] == "the high bits", docs  # a comment line of its own above still is the doc
    assert docs["ee_start_lo"] is None, docs
