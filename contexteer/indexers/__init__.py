"""contexteer.indexers."""
