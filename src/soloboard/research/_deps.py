"""The research extra's libraries, imported with a message that says how to get them."""

from __future__ import annotations

import importlib
from types import ModuleType

EXTRA_HINT = "pip install 'soloboard[research]'  (or, in a checkout: pip install -e '.[research]')"


def require(module: str, *, for_what: str) -> ModuleType:
    """Import ``module`` or fail with an ImportError naming the extra that brings it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"{for_what} needs {module!r}, from soloboard's research extra: {EXTRA_HINT}") from exc
