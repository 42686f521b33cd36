"""An index's per-language fingerprints name each grammar's installed version."""

from __future__ import annotations


def test_grammar_versions_read_from_folder_names_are_importlib_metadatas():
    """Opening an index reads each grammar's version from its dist-info folder name (one listing, not two per grammar);
    a version that differed from importlib.metadata's would re-parse every file of an index built before."""
    import importlib.metadata

    from contexteer.indexers import index as index_mod
    from contexteer.indexers.languages import LANGUAGES

    specs = list(LANGUAGES.values()) if isinstance(LANGUAGES, dict) else list(LANGUAGES)
    assert specs
    for spec in specs:
        assert index_mod._grammar_version(spec) == importlib.metadata.version(spec.module.replace("_", "-")), spec.module
    assert index_mod._dist_key(specs[0].module) in index_mod._dist_info_versions()  # found by the listing itself
