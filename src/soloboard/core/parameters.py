"""Checking ``load_game``'s keyword parameters against a game's constructor."""

from __future__ import annotations

import difflib
from typing import Any


def parameter_names(factory: Any) -> list[str]:
    """The keyword parameters ``factory`` takes, in its own order."""
    import inspect  # here: ``import soloboard`` stays light, and only loading a game pays for it

    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in inspect.signature(factory).parameters.values() if p.kind in kinds]


def check_parameters(factory: Any, name: str, params: dict[str, Any]) -> None:
    """``ValueError`` naming every unknown parameter (with the nearest valid one) and the valid ones."""
    valid = parameter_names(factory)
    unknown = [key for key in params if key not in valid]
    if not unknown:
        return
    hints = [f"{key!r} (did you mean {close[0]!r}?)" if (close := difflib.get_close_matches(str(key), valid, 1))
             else repr(key) for key in unknown]
    raise ValueError(
        f"unknown parameter{'s' if len(unknown) > 1 else ''} {', '.join(hints)} for {name}; "
        f"valid parameters: {', '.join(valid) or 'none'}"
    )
