"""contexteer.shaping."""
