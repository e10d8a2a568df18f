"""A game's set-up parameters as OpenSpiel wants them: typed defaults, one value per name.

The parameters are read from the game class's signature, so a parameter added to a game
reaches the adapters without a change here. OpenSpiel has no "not given": a parameter
whose default is ``None`` gets a typed stand-in instead (``-1`` for a number, ``""`` for
text) that :func:`to_kwargs` leaves out again. Two more conventions:

- a list of names (the 9-card edition's ``difficult``) is written with ``+`` between the
  names (``difficult=sky-1+science``), because ``,`` separates parameters in an OpenSpiel
  game string;
- a yes/no parameter with no default (``damaged``, the earlier spelling of ``side``) cannot
  be left unset in OpenSpiel, so it is not offered there: use the parameter it stands for.
"""

from __future__ import annotations

import inspect
from typing import Any

from soloboard.core.registry import load_game

NOT_GIVEN_INT = -1
NOT_GIVEN_TEXT = ""
LIST_SEPARATOR = "+"
Spec = dict[str, bool | int | float | str]


def _signature(name: str) -> inspect.Signature:
    return inspect.signature(type(load_game(name)))


def _annotation(param: inspect.Parameter) -> str:
    ann = param.annotation
    return ann if isinstance(ann, str) else getattr(ann, "__name__", str(ann))


def spec(name: str) -> Spec:
    """Each parameter of game ``name`` with its OpenSpiel default."""
    out: Spec = {}
    for pname, param in _signature(name).parameters.items():
        default = param.default
        if default is inspect.Parameter.empty:
            raise TypeError(f"game {name!r}: parameter {pname!r} has no default, OpenSpiel needs one")
        if default is not None:
            out[pname] = default
            continue
        ann = _annotation(param)
        if ann.startswith("int"):
            out[pname] = NOT_GIVEN_INT
        elif ann.startswith("bool"):
            continue  # no typed "not given" exists for it (see the module's docstring)
        else:
            out[pname] = NOT_GIVEN_TEXT
    return out


def to_kwargs(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters (defaults filled in or not) as keyword arguments for ``load_game``."""
    signature = _signature(name).parameters
    defaults = spec(name)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"unknown parameter(s) {', '.join(unknown)} for {name}; valid: {', '.join(defaults)}")
    kwargs: dict[str, Any] = {}
    for pname, default in defaults.items():
        value = params.get(pname, default)
        if signature[pname].default is None and value in (NOT_GIVEN_INT, NOT_GIVEN_TEXT):
            continue
        if isinstance(value, str) and "Sequence" in _annotation(signature[pname]):
            value = value.replace(LIST_SEPARATOR, " ")
        kwargs[pname] = value
    return kwargs
