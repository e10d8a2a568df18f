"""The parts of loading a ``soloboard-state`` save that every game shares.

A game's serializer reads its own position format; these helpers check the envelope
(version, parameters, history), replay the history through the rules and compare the
saved position with the replayed one, each failure an :class:`InvalidSaveError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from soloboard.core.errors import IllegalActionError, InvalidSaveError
from soloboard.core.parameters import check_parameters

FORMAT = "soloboard-state"
# How deep a save, a campaign file or a deck may nest its JSON (theirs is 5 or 6 levels): a file
# nested deeper is refused with this bound named, not left to exhaust the parser's stack.
MAX_FILE_DEPTH = 32


class NestingError(ValueError):
    """JSON nested deeper than ``limit`` levels of arrays and objects."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the JSON is nested deeper than {limit} levels of arrays and objects")
        self.limit = limit


def nesting(value: Any) -> int:
    """How many levels of arrays and objects ``value`` nests (0 for a number or a text); no recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, level + 1)
        stack.extend((child, level + 1) for child in children)
    return deepest


def text_nesting(text: str | bytes) -> int:
    """How deep the arrays and objects of JSON text nest, read from the text itself (brackets outside
    strings), so that no parser has to go that deep first: whether a parser gives up depends on the
    interpreter's recursion limit, which other code may have raised."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def too_deep(text: str | bytes, limit: int) -> bool:
    """Whether JSON text nests deeper than ``limit`` (cheap when it has few brackets: counted in C)."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    return text_nesting(raw) > limit


def loads_bounded(text: str | bytes, limit: int = MAX_FILE_DEPTH) -> Any:
    """``json.loads(text)``, refusing JSON nested deeper than ``limit`` levels (:class:`NestingError`,
    also for a nesting so deep that the parser itself gives up). Malformed JSON raises
    ``json.JSONDecodeError`` as ``json.loads`` does."""
    if too_deep(text, limit):
        raise NestingError(limit)
    try:
        data = json.loads(text)
    except RecursionError:
        raise NestingError(limit) from None
    if nesting(data) > limit:
        raise NestingError(limit)
    return data


def game_from_save(data: dict[str, Any], game_class: Any, version: int) -> Any:
    """The game the save's parameters describe."""
    if data.get("version") != version:
        raise InvalidSaveError(
            f"save format version {data.get('version')!r} is not supported (this version reads {version})"
        )
    params = data.get("params")
    if not isinstance(params, dict):
        raise InvalidSaveError("the save has no 'params' object")
    try:
        check_parameters(game_class, str(data.get("game")), params)
        return game_class(**params)
    except (TypeError, ValueError) as exc:
        raise InvalidSaveError(f"the save's parameters are invalid: {exc}") from None


def history_from_save(data: dict[str, Any], why: str = "") -> list[int]:
    history = data.get("history")
    if not isinstance(history, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in history):
        raise InvalidSaveError(f"'history' must be a list of action numbers{why}")
    return history


def replay(state: Any, history: Sequence[int]) -> Any:
    """Apply the history to ``state``; an illegal action is reported with its number."""
    for i, action in enumerate(history):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise InvalidSaveError(f"action {i + 1} of the history ({action}) is illegal: {exc}") from None
    return state


def check_position(saved: Any, state: Any, position_dict: Callable[[Any], dict[str, Any]]) -> None:
    """The saved position (if any) must be the one the history leads to, field by field."""
    if saved is None:
        return
    if not isinstance(saved, dict):
        raise InvalidSaveError("'position' must be an object")
    for key, value in position_dict(state).items():
        if saved.get(key) != value:
            raise InvalidSaveError(
                f"the saved position does not match its own history: '{key}' is {saved.get(key)!r} "
                f"in the file but {value!r} after replaying the history (the file was edited or damaged)"
            )


def save_text(state: Any, **extra: Any) -> str:
    """``state.to_json()`` with a front end's own fields (``dice_seed``, ``ai_seats``...) after ``params``.

    Loaders ignore fields they do not know, so these saves load everywhere (the terminal and
    the browser write the same files)."""
    data = json.loads(state.to_json())
    head = {k: data.pop(k) for k in ("format", "version", "game", "params") if k in data}
    return json.dumps({**head, **extra, **data}, indent=1)
