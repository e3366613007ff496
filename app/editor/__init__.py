"""editor layer."""
