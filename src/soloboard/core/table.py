"""A game in play, whatever the front end: who decides, chance, AI seats, moves and undo.

:class:`Table` is what the browser front end (``soloboard.web``) plays through, and the
pieces the terminal shares with it are the module's functions (:func:`undo_point`,
:func:`ai_step`, :func:`history_origin`), so the two front ends cannot drift apart:

- chance outcomes come from :class:`~soloboard.core.chance.HistorySampler` (seed and
  position in the history), so ``undo`` never re-rolls and a seed replays a game;
- an AI seat's move comes from its agent reseeded with ``"{seed}/ai/{ply}"``, so the same
  position always gets the same AI move (after an undo too);
- ``undo`` goes back to the last decision of a person, taking the chance outcomes and AI
  moves after it with it.

Nothing here knows a rule: legality, refusals and what happened (events) come from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from soloboard.core.chance import HistorySampler
from soloboard.core.errors import IllegalActionError
from soloboard.core.events import Event

NOT_YOURS_RULE = "turn order"
LEGAL_RULE = "legal moves"


def history_origin(state: Any) -> Any:
    """Where ``state``'s history starts: the game's first position, the set-up position a saved
    game began at, or a copy of ``state`` when it has no history (nothing before it can be rebuilt)."""
    if not state.history():
        return state.clone()
    start = getattr(state, "_replay_start", None)  # core/events.py: the position history() replays from
    if start is None:
        return state.game.new_initial_state()
    origin = start()
    if getattr(origin, "_ev", None) is not None:
        origin._ev = None  # a plain position: undo's replays need no events
    return origin


def undo_point(origin: Any, state: Any, is_person: Callable[[Any], bool]) -> tuple[Any, int] | None:
    """The position before the last decision a person made since ``origin``, and that decision's
    index in the history; None when no person has decided since ``origin``."""
    history = state.history()
    start = len(origin.history())
    replay = origin.clone()
    last = None
    for i in range(start, len(history)):
        if not replay.is_chance_node() and not replay.is_terminal() and is_person(replay):
            last = i
        replay.apply_action(history[i])
    if last is None:
        return None
    back = origin.clone()
    for action in history[start:last]:
        back.apply_action(action)
    return back, last


def ai_step(agent: Any, seed: Any, state: Any) -> int:
    """The move ``agent`` makes at ``state``: reseeded from the game's seed and the position, so the
    same position always gets the same move (agents without ``reset`` are used as they are)."""
    reset = getattr(agent, "reset", None)
    if reset is not None:
        reset(f"{seed}/ai/{len(state.history())}")
    return agent.step(state)


class Table:
    """``Table(game, state, seed, ai_seats)``: ``state`` of ``game`` in play with dice from ``seed``;
    ``ai_seats`` maps a seat to the agent that plays it (every other seat is a person's).

    Call :meth:`advance` after creating a table (and after :meth:`play`) to resolve what no
    person decides; :meth:`person_to_move` then says whose decision it is."""

    def __init__(self, game: Any, state: Any, seed: int, ai_seats: Mapping[int, Any] | None = None) -> None:
        if getattr(state, "game", game) is not game:
            raise ValueError("the state belongs to another game object than the one given")
        self.game = game
        self.state = state
        self.seed = seed
        self.sampler = HistorySampler(seed)
        self.ai_seats: dict[int, Any] = dict(ai_seats or {})
        self.origin = history_origin(state)
        self._changes = 0
        self._person_decided: bool | None = None  # None: not worked out yet
        self._undo_cache: tuple[tuple[int, int], tuple[Any, int] | None] | None = None
        self._record()

    def _record(self) -> None:
        record = getattr(self.state, "record_events", None)
        if record is not None:
            record()  # from now on reading a move's events costs nothing

    # --- who decides ---------------------------------------------------------------------------

    def is_person(self, state: Any) -> bool:
        """Whether the decision at ``state`` (a decision node) is a person's."""
        return state.current_player() not in self.ai_seats

    def person_to_move(self) -> int | None:
        """The seat of the person who must decide now; None at the end, at chance or at an AI seat."""
        state = self.state
        if state.is_terminal() or state.is_chance_node():
            return None
        seat = state.current_player()
        return None if seat in self.ai_seats else seat

    def events(self, since: int = 0) -> list[Event]:
        events = getattr(self.state, "events", None)
        return events(since) if events is not None else []

    # --- what happens -------------------------------------------------------------------------------

    def advance(self) -> list[Event]:
        """Apply chance outcomes and AI seats' moves until a person must decide or the game ends;
        the events they caused."""
        state = self.state
        start = len(state.history())
        self._changes += 1
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(self.sampler(state))
            elif state.current_player() in self.ai_seats:
                agent = self.ai_seats[state.current_player()]
                state.apply_action(ai_step(agent, self.seed, state))
            else:
                break
        return self.events(start)

    def check(self, action: Any) -> int:
        """``action`` as an int if the person to move may play it now, else ``IllegalActionError``
        (the engine's own refusal and rule where it has one)."""
        state = self.state
        if self.person_to_move() is None:
            if state.is_terminal():
                raise IllegalActionError("the game is over: no more moves", "end of the game")
            raise IllegalActionError("no person decides now (chance or an AI seat does)", NOT_YOURS_RULE)
        trial = state.clone()
        trial.apply_action(action)  # the engine's refusal (IllegalActionError) goes out untouched
        action = int(action)
        if action not in state.legal_actions():  # accepted by the engine, yet not listed: not offered
            raise IllegalActionError(f"{state.action_to_string(action)} is not one of the legal moves here",
                                     LEGAL_RULE)
        return action

    def play(self, action: Any) -> list[Event]:
        """Play a person's move (tried on a copy first: a refusal leaves the table untouched); the
        events it caused. Call :meth:`advance` next for what follows it."""
        action = self.check(action)
        start = len(self.state.history())
        self._changes += 1
        self._person_decided = True
        # check() played it on a copy: the same move on this (recording) state cannot be refused
        self.state.apply_action(action)
        return self.events(start)

    # --- undo ---------------------------------------------------------------------------------------

    def undo_target(self) -> tuple[Any, int] | None:
        """Where :meth:`undo` would go (the position and the index of the decision undone), or None."""
        # every change made through this table bumps ``_changes``; the length catches direct moves
        key = (self._changes, len(self.state.history()))
        if self._undo_cache is None or self._undo_cache[0] != key:
            self._undo_cache = (key, undo_point(self.origin, self.state, self.is_person))
        return self._undo_cache[1]

    def can_undo(self) -> bool:
        """Whether a person has decided since the start (worked out once, then kept up by play and undo)."""
        if self._person_decided is None:
            self._person_decided = self.undo_target() is not None
        return self._person_decided

    def undo(self) -> int | None:
        """Go back to before the last decision of a person; that decision's index in the history, or
        None (nothing changes) when no person has decided yet."""
        found = self.undo_target()
        if found is None:
            return None
        state, index = found
        self._changes += 1
        self._person_decided = None
        self.state = state.clone()  # the cached target stays untouched by later moves
        self._record()
        return index
