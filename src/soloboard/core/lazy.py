"""Loading a part named by a string: what keeps ``import soloboard`` light and lets a lower layer
name a part of a higher one (a kit naming its terminal part) without importing it."""

from __future__ import annotations

import importlib
from typing import Any


def load(target: str) -> Any:
    """``"package.module:attribute"`` (or a module alone), imported now."""
    module, _, attr = target.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded
