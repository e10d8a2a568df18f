"""What happened: the structured events every game's engine records.

An event is a small JSON-ready dict: ``{"kind": "ship_moved", "action": 12, ...}`` where
``action`` is the index in ``state.history()`` of the action (player move or chance
outcome) that caused it. Front ends narrate from events only; they never re-derive what
the rules did.

Recording is off in a fresh state, so search and simulation pay nothing but one ``is
None`` test at each place the engine would record. The first call to :meth:`events`
replays the state's history on a recording copy (the game is deterministic, so the
events are the same as if they had been recorded live); from then on this state
records as it goes. Clones never record unless asked: a preview records on its own clone.

Types: :class:`Event` is what every game's event has (``kind`` and ``action``); each game
describes its own kinds as TypedDicts with ``kind`` a ``Literal`` (``ufs/events.py``,
``monstros/events.py``), every one of which is an :class:`Event` too. A state declared an
``EventLog[TheGamesUnion]`` has mypy check every dict literal its engine appends to ``_ev``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar, cast

if TYPE_CHECKING:
    # typing.ReadOnly is Python 3.13's; only mypy reads these annotations, so typing_extensions
    # (not a dependency of the package) is never imported at run time
    from typing_extensions import ReadOnly


class Event(TypedDict):
    """Any game's event, as game-agnostic code sees it: the fields every kind has.

    Read-only, so that a game's own kind (``kind: Literal["ship_moved"]`` and its fields) is
    an ``Event`` as it is: code that only knows ``Event`` can read it but not rewrite it."""

    kind: ReadOnly[str]
    action: ReadOnly[int]  # the index in ``state.history()`` of the action that caused it


E = TypeVar("E", bound=Event)


class EventLog(Generic[E]):
    """Mixin for a game state: ``events()``, ``last_events()`` and ``preview()``.

    The state keeps its recording list in ``_ev`` (``None``: not recording) and provides
    ``_replay_start()``, a fresh non-recording state from which replaying ``history()``
    leads to this position. Engines record with::

        if self._ev is not None:
            self._ev.append({"kind": "...", "action": len(self.hist), ...})

    or, in a function that records at several places or in a loop, with ``ev = self._ev``
    and ``if ev is not None: ev.append(...)``. When not recording, the first form costs
    the least where it records once (CPython 3.11: a bound local costs a store and a load
    more), the second where it would test the attribute again and again.

    ``E`` is the game's union of event kinds: with it mypy checks each appended dict
    literal against its kind's TypedDict.
    """

    __slots__ = ()

    _ev: list[E] | None
    hist: list[int]

    def _replay_start(self) -> Any:  # pragma: no cover - every game overrides it
        """A fresh state (recording from its creation where it can) that ``history()`` leads here from."""
        raise NotImplementedError

    def _emit(self, kind: str, **fields: Any) -> None:
        """Record one event, unchecked: for code outside the engines, such as a plugin's hooks
        (``tests/plugins``' test character records its effect so).

        Its fields are not checked against the kind's TypedDict; the engines append dict
        literals to ``_ev`` instead, which mypy checks."""
        ev = self._ev
        if ev is not None:
            ev.append(cast("E", {"kind": kind, "action": len(self.hist), **fields}))

    def _recorded(self) -> list[E]:
        ev = self._ev
        if ev is None:
            start = self._replay_start()
            if start._ev is None:
                start._ev = []
            for action in self.hist:
                start.apply_action(action)
            # the slot is the game state's (each lists ``_ev`` in its own __slots__), which mypy
            # cannot see from this mixin
            ev = self._ev = start._ev  # type: ignore[misc]
        return ev

    def events(self, since: int = 0) -> list[E]:
        """Every event of the game so far, oldest first; ``since``: only those caused by
        ``history()[since:]``. The dicts are copies: changing them changes nothing here."""
        ev = self._recorded()
        if since <= 0:
            return [e.copy() for e in ev]
        # events are in history order: scan back from the end for the first one before ``since``
        i = len(ev)
        while i > 0 and ev[i - 1]["action"] >= since:
            i -= 1
        return [e.copy() for e in ev[i:]]

    def last_events(self) -> list[E]:
        """The events of the last action in ``history()`` (``[]`` at the start)."""
        return self.events(len(self.hist) - 1) if self.hist else []

    def record_events(self) -> None:
        """Start recording now (replaying the history once), so later reads cost nothing."""
        self._recorded()

    def preview(self, action: int) -> list[E]:
        """The events ``action`` would cause, worked out on a clone; this state is unchanged.

        Raises the game's ``IllegalActionError`` if the action is not legal here. The
        preview stops where the action stops: at the next decision or chance node.
        """
        trial = self.clone()  # type: ignore[attr-defined]
        trial._ev = []
        trial.apply_action(action)
        return trial._ev
