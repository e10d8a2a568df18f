"""Every soloboard game as an OpenSpiel Python game.

Importing this module registers the games with OpenSpiel::

    import pyspiel
    import soloboard.research.openspiel  # registers the games
    game = pyspiel.load_game("python_soloboard_ufs(city=new-york,threat=2)")

================================  ========================  =========================================
OpenSpiel name                    soloboard game            players
================================  ========================  =========================================
``python_soloboard_ufs``          ``ufs``                   1
``python_soloboard_ufs_pnp``      ``ufs-pnp``               1
``python_soloboard_monstros``     ``monstros``              ``players=1..6`` (co-operative)
================================  ========================  =========================================

Parameters are the game's own (:mod:`soloboard.research.params` says how "not given" and
lists are written). Chance is explicit (``EXPLICIT_STOCHASTIC``): dice rolls, the set-up
draw and card draws are chance nodes with their exact probabilities, and action ids are
soloboard's own. The games are perfect-information (every shuffled pile is a chance event
at the moment a card is drawn, so nothing hidden is ever decided early); the observation
tensor is soloboard's (``docs/research.md``), the information state string is the history.

A Monstros game has no proven bound on its length (``MonstrosGame.max_game_length()`` is
None) but OpenSpiel needs one, so the OpenSpiel game takes ``max_game_length`` (player
decisions, default 1000: random games take about 60 and the longest of 9,000 took 107); a
game that reaches it stops there, not won (returns 0), and its text says so.
"""

from __future__ import annotations

from typing import Any

from soloboard.core.registry import kit, kits, load_game, state_from_json
from soloboard.research import params as P
from soloboard.research._deps import require
from soloboard.research.observe import Encoder

pyspiel = require("pyspiel", for_what="soloboard.research.openspiel")
np = require("numpy", for_what="soloboard.research.openspiel")

# soloboard's name -> the name registered with OpenSpiel (each kit says its own)
GAMES = {k.name: k.openspiel_name for k in kits() if k.openspiel_name}
CAP_PARAM = "max_game_length"
DEFAULT_CAP = 1000
CAPPED = "stopped at max_game_length (not won)"


class _Inner:
    """The soloboard state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes and saves it by pickling them: both go through soloboard's
    own ``clone()`` and save format, never through the game's tables."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _restore, (self.state.to_json(),)


def _restore(text: str) -> _Inner:
    return _Inner(state_from_json(text))


PyState: Any = pyspiel.State
PyGame: Any = pyspiel.Game


class SoloboardState(PyState):
    """An OpenSpiel state wrapping a soloboard state (``.soloboard_state``)."""

    def __init__(self, game: SoloboardGame) -> None:
        super().__init__(game)
        # only small values and _Inner here: OpenSpiel deep-copies every attribute on clone()
        self._inner = _Inner(game.soloboard.new_initial_state())
        self._decisions = 0
        self._cap = game.cap  # 0: the game has its own bound
        self._capped = False

    @property
    def soloboard_state(self) -> Any:
        return self._inner.state

    def current_player(self) -> int:
        if self._capped:
            return pyspiel.PlayerId.TERMINAL
        return self._inner.state.current_player()  # soloboard's CHANCE/TERMINAL ids are OpenSpiel's

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._inner.state.legal_actions())

    # Called from Python, these answer without the round trip through OpenSpiel's C++ State
    # (which calls back into current_player and _legal_actions); C++ callers still take that
    # path and get the same answers (tests/test_research_openspiel.py compares them).

    def is_chance_node(self) -> bool:
        return not self._capped and self._inner.state.is_chance_node()

    def is_player_node(self) -> bool:
        return not self._capped and self._inner.state.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None:  # the rarer call, with OpenSpiel's own rules for another seat: its C++ path
            return PyState.legal_actions(self, player)
        if self._capped:
            return []
        state = self._inner.state
        if state.is_chance_node():
            return [a for a, _ in state.chance_outcomes()]
        if state.is_terminal():
            return []
        return sorted(state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._inner.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        state = self._inner.state
        decision = not state.is_chance_node()
        state.apply_action(action)
        if decision:
            self._decisions += 1
            if self._cap and self._decisions >= self._cap and not state.is_terminal():
                self._capped = True

    def _action_to_string(self, player: int, action: int) -> str:
        return self._inner.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._capped or self._inner.state.is_terminal()

    def returns(self) -> list[float]:
        if self._capped:
            return [0.0] * self.get_game().num_players()
        return self._inner.state.returns()

    def __str__(self) -> str:
        text = str(self._inner.state)
        return f"{text}\n{CAPPED}" if self._capped else text


class _Observer:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, encoder: Encoder | None) -> None:
        self._encoder = encoder
        self.tensor: Any
        if encoder is None:  # the information state: the history (perfect information)
            self.tensor = None
            self.dict: dict[str, Any] = {}
        else:
            self.tensor = np.zeros(encoder.size, np.float32)
            self.dict = encoder.views(self.tensor)

    def set_from(self, state: SoloboardState, player: int) -> None:
        if self._encoder is not None:
            raw = self._encoder.raw(state.soloboard_state, player)
            self.tensor[:] = np.frombuffer(raw, dtype=np.uint8)

    def string_from(self, state: SoloboardState, player: int) -> str:
        if self._encoder is None:
            return " ".join(map(str, state.history()))
        return state.soloboard_state.observation_string(player)


class SoloboardGame(PyGame):
    """Base of the registered games (one subclass per soloboard game, below)."""

    name = ""
    game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.game_type.parameter_specification
        given = {**dict(spec), **(params or {})}
        soloboard_params = {k: v for k, v in given.items() if k != CAP_PARAM}
        self.soloboard = load_game(self.name, **P.to_kwargs(self.name, soloboard_params))
        bound = self.soloboard.max_game_length()
        self.cap = 0 if bound is not None else int(given[CAP_PARAM])
        if bound is None and self.cap < 1:
            raise ValueError(f"{CAP_PARAM} must be at least 1, not {self.cap}")
        self.encoder = Encoder(self.soloboard)
        game = self.soloboard
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=game.num_players(),
            min_utility=game.min_utility(),
            max_utility=game.max_utility(),
            utility_sum=None,
            max_game_length=bound if bound is not None else self.cap,
        )
        super().__init__(self.game_type, info, given)

    def new_initial_state(self) -> SoloboardState:
        return SoloboardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(None if perfect_recall else self.encoder)


def _game_type(name: str) -> Any:
    players = kit(name).seat_range()
    spec = P.spec(name)
    probe = load_game(name)
    if probe.max_game_length() is None:
        spec[CAP_PARAM] = DEFAULT_CAP
    T = pyspiel.GameType
    return T(
        short_name=GAMES[name],
        long_name=f"soloboard: {getattr(probe, 'long_name', name)}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=T.ChanceMode.EXPLICIT_STOCHASTIC,
        information=T.Information.PERFECT_INFORMATION,
        # a solo game is general-sum as OpenSpiel's one-player games are; Monstros is co-operative
        utility=T.Utility.IDENTICAL if max(players) > 1 else T.Utility.GENERAL_SUM,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def _game_class(name: str) -> type[SoloboardGame]:
    """The registered class of one game (OpenSpiel builds it with the game string's parameters)."""
    cls = type(f"SoloboardGame_{name.replace('-', '_')}", (SoloboardGame,),
               {"name": name, "game_type": _game_type(name), "__doc__": f"``{GAMES[name]}``: soloboard's {name}."})
    globals()[cls.__name__] = cls  # pickle finds a class by its module and name
    return cls


GAME_CLASSES: dict[str, type[SoloboardGame]] = {name: _game_class(name) for name in GAMES}


def register() -> None:
    """Register every game with OpenSpiel (done on import; registering again does nothing)."""
    registered = set(pyspiel.registered_names())
    for name, cls in GAME_CLASSES.items():
        if GAMES[name] not in registered:
            pyspiel.register_game(cls.game_type, cls)


register()
