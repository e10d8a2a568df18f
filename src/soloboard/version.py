"""The package's version, in a module of its own so that tools (the catalog's extractor) can read it
without importing the games."""

__version__ = "0.1.0"  # the same as pyproject.toml (tests/test_api.py checks)
