"""Navigation: the service that owns the structure index's freshness and answers lookups with typed results."""
