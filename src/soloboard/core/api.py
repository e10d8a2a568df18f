"""The game API every game, agent and front end shares (shaped like OpenSpiel's).

A :class:`Game` holds the rules and parameters; a :class:`State` is one position.
Algorithms know nothing of a game's insides: they only call these methods.

Conventions every game keeps (``tests/test_api.py`` checks them for each game):

- Player actions are ints in ``range(game.num_distinct_actions())``; chance outcomes are
  ints in ``range(game.max_chance_outcomes())``. NumPy integers are accepted and stored as
  ``int``. Anything else -- ``bool``, ``float``, ``str``, ``None`` -- is refused with
  :class:`~soloboard.core.errors.IllegalActionError` (rule ``"action numbering"``):
  ``True`` is an int to Python but never a move anyone meant, and a save would write it
  as ``true``, which no loader reads back as an action.
- ``chance_outcomes()`` is ``[]`` wherever ``is_chance_node()`` is false.
- ``legal_actions_mask()`` is OpenSpiel's: at a decision node (or at the end), one 0/1 per
  id in ``range(num_distinct_actions())``; at a chance node, one 0/1 per id in
  ``range(max_chance_outcomes())``, 1 for every outcome that can happen.
- Equality is equality of positions: two states of the same game (same parameters) are
  equal when their positions are, whatever histories led there. A state hashes by its
  position, so like a python-chess board its hash changes when it moves: a state used as
  a dict key or set member must not be moved (store ``state.clone()``).
- How a state is saved and drawn is the game's business (``game.state_to_json(state)``,
  ``game.state_to_text(state)``, ``game.state_to_rich(state)``); ``state.to_json()``,
  ``str(state)`` and rich rendering ask the game, so a state module never imports its
  renderer or serializer and dependencies run one way: rendering and saving read states.
"""

from __future__ import annotations

import importlib
from operator import index
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from soloboard.core.errors import IllegalActionError
from soloboard.core.events import E, EventLog

if TYPE_CHECKING:
    from collections.abc import Sequence

    from soloboard.core.events import Event

CHANCE_PLAYER = -1
TERMINAL_PLAYER = -4
LOSS = 0.0  # what returns() gives each player for a lost game (every game here is won or lost together)
WIN = 1.0
ACTION_RULE = "action numbering"


@runtime_checkable
class State(Protocol):
    """A position of a game: OpenSpiel's state methods, the game it belongs to, and what happened
    (``core/events.py``: every state records events)."""

    @property
    def game(self) -> Any: ...

    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self) -> list[int]: ...
    def legal_actions_mask(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> State: ...
    def history(self) -> list[int]: ...
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def to_json(self) -> str: ...
    # Sequence, not list: a game's list of its own kinds is a Sequence[Event] (a list[Event] would let
    # a caller append another game's event to it)
    def events(self, since: int = 0) -> Sequence[Event]: ...
    def last_events(self) -> Sequence[Event]: ...
    def preview(self, action: int) -> Sequence[Event]: ...


@runtime_checkable
class Game(Protocol):
    short_name: str  # the registry's name (core/registry.py)
    long_name: str  # the game's full name (a msgid)

    def new_initial_state(self) -> State: ...
    def num_distinct_actions(self) -> int: ...
    def max_chance_outcomes(self) -> int: ...
    def num_players(self) -> int: ...
    def max_game_length(self) -> int | None: ...
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def parameters(self) -> dict[str, Any]: ...
    def title(self) -> str: ...  # one line naming the game and its settings, in the current language
    def notices(self) -> list[str]: ...  # what a player must be told about the data behind this game


def as_action(action: object, limit: int) -> int:
    """``action`` as a plain int, or :class:`IllegalActionError` (the slow path: engines call
    this only when ``action.__class__ is not int``, so an int action costs one test)."""
    if action.__class__ is int:
        return action
    if not isinstance(action, bool):
        try:
            return index(action)  # type: ignore[arg-type]  # NumPy integers and the like
        except TypeError:
            pass
    from soloboard.i18n import _  # the slow path only: the catalog stays unloaded while actions are ints

    raise IllegalActionError(
        _("{action} is not an action: actions are ints, valid ids 0..{last} (legal_actions() lists those allowed "
          "now)").format(action=repr(action), last=limit - 1), ACTION_RULE,
    )


def _frozen(value: Any) -> Any:
    """JSON-like data as something hashable (dicts by sorted items, lists as tuples)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


class GameMixin:
    """What every game gives beyond its rules: OpenSpiel's game facts, and the bridge from
    a state to the modules that save and draw it.

    A game's package (``package``, e.g. ``"soloboard.ufs"``) holds ``serialize.py``
    (``state_to_json``, ``position_dict``) and ``render.py`` (``render_text``, ``render_rich``);
    they are imported only when first used, so the state modules never import them."""

    short_name: str
    package: str

    def num_players(self) -> int:
        return 1

    def min_utility(self) -> float:
        """The lowest value ``returns()`` can give a player: a lost game."""
        return LOSS

    def max_utility(self) -> float:
        """The highest value ``returns()`` can give a player: a won game."""
        return WIN

    def _module(self, name: str) -> Any:
        return importlib.import_module(f"{self.package}.{name}")

    def state_to_json(self, state: Any) -> str:
        return self._module("serialize").state_to_json(state)

    def position_dict(self, state: Any) -> dict[str, Any]:
        """The position as JSON-ready data: what a save checks and what equality compares."""
        return self._module("serialize").position_dict(state)

    def state_to_text(self, state: Any) -> str:
        return self._module("render").render_text(state)

    def state_to_rich(self, state: Any) -> Any:
        return self._module("render").render_rich(state)


class StateMixin(EventLog[E]):
    """The API methods every state shares, and its events (``EventLog``); the engine keeps ``game``
    and the rules. ``E`` is the game's union of event kinds: a state is ``StateMixin["UFSEvent"]``.

    One base, not two: mypyc compiles a state class (docs/speed.md) only if it has a single base."""

    __slots__ = ()

    game: Any

    def is_chance_node(self) -> bool:  # pragma: no cover - every state overrides it
        raise NotImplementedError

    def legal_actions(self) -> list[int]:  # pragma: no cover
        raise NotImplementedError

    def _action_limit(self) -> int:
        game = self.game
        return game.max_chance_outcomes() if self.is_chance_node() else game.num_distinct_actions()

    def _as_action(self, action: object) -> int:
        """``apply_action``'s slow path for a non-int action: an int, or IllegalActionError."""
        return as_action(action, self._action_limit())

    def _checked_action(self, action: object) -> int:
        """An id of this game's numbering here (for ``action_to_string``), or IllegalActionError."""
        limit = self._action_limit()
        action = as_action(action, limit)
        if not 0 <= action < limit:
            from soloboard.i18n import _

            if self.is_chance_node():
                message = _("{action} is not a chance outcome of this game (valid ids: 0..{last})")
            else:
                message = _("{action} is not an action of this game (valid ids: 0..{last})")
            raise IllegalActionError(message.format(action=action, last=limit - 1), ACTION_RULE)
        return action

    def legal_actions_mask(self) -> list[int]:
        """OpenSpiel's mask: 1 at every legal id. Its length is ``num_distinct_actions()``,
        or ``max_chance_outcomes()`` at a chance node (1 for each possible outcome)."""
        mask = [0] * self._action_limit()
        for action in self.legal_actions():
            mask[action] = 1
        return mask

    # --- saving and drawing: the game knows how (see the module's docstring) ---------------

    def to_json(self) -> str:
        """The state as a ``soloboard-state`` save (``soloboard.state_from_json`` reads it)."""
        return self.game.state_to_json(self)

    def __str__(self) -> str:
        return self.game.state_to_text(self)

    def __rich__(self) -> Any:
        return self.game.state_to_rich(self)

    # --- equality of positions -------------------------------------------------------------

    def position_key(self) -> tuple[Any, ...]:
        """A hashable value equal for equal positions of the same game (not the history)."""
        game = self.game
        return game.short_name, _frozen(game.parameters()), _frozen(game.position_dict(self))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StateMixin):
            return NotImplemented
        return self is other or self.position_key() == other.position_key()

    def __hash__(self) -> int:
        # follows the position, so it changes when the state moves (as a python-chess board's)
        return hash(self.position_key())
