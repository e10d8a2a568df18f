"""Loading a part named by a string: what keeps ``import soloboard`` light and lets a lower layer
name a part of a higher one (a kit naming its terminal part) without importing it; and a data
file a package ships, read when first asked for (a learned value, a calibration map)."""

from __future__ import annotations

import importlib
from importlib import resources
from typing import Any


def load(target: str) -> Any:
    """``"package.module:attribute"`` (or a module alone), imported now."""
    module, _, attr = target.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded


def data_text(package: str, name: str) -> str | None:
    """The text of ``name`` in ``package``'s ``data`` folder, or None where the package ships none."""
    try:
        return resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
