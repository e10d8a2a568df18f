"""A game with seats (Monstros: 1 to 6, co-operative) as a PettingZoo AEC environment.

::

    from soloboard.research.pz_env import env
    e = env(players=4, difficulty="medio")  # game=: any game whose kit has seats (default: the first)
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(info["action_mask"])
        e.step(action)

- **Agents**: ``seat_0`` .. ``seat_{n-1}``. ``agent_selection`` is the seat that decides now
  (usually whose turn it is; during the set-up exchange, each seat holding red cards in turn).
- **Observation**: soloboard's tensor for that seat (``docs/research.md``), a float32 ``Box``
  as in the Gymnasium environments. The legal-action mask is in ``infos[seat]["action_mask"]``
  (int8, one per action id; all zeros for a seat that is not deciding), which ``last()``
  returns and ``pettingzoo.test.api_test`` samples from.
- **Actions**: ``Discrete(game.num_distinct_actions())``, soloboard's action ids.
- **Chance** (card draws, dice) is resolved inside ``reset``/``step`` from a ``random.Random``
  seeded from ``reset(seed=...)``.
- **Rewards**: co-operative: every seat gets 1.0 when the game is won, 0.0 otherwise.
- **An illegal action** ends the game for everyone as a loss (reward 0.0, every seat
  terminated, ``infos[seat]["illegal_action"]`` True for the seat that sent it).
- ``max_cycles`` (default 1000 decisions: random games take about 60) truncates a game that
  runs longer, as Monstros has no proven bound on its length.
- ``render_mode="ansi"``: ``render()`` returns the terminal renderer's picture.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from soloboard.core.chance import sample_outcome
from soloboard.core.registry import kit, kits, load_game
from soloboard.research._deps import require
from soloboard.research.observe import Encoder

pettingzoo = require("pettingzoo", for_what="soloboard.research.pz_env")
gymnasium = require("gymnasium", for_what="soloboard.research.pz_env")
np = require("numpy", for_what="soloboard.research.pz_env")
spaces = gymnasium.spaces
DEFAULT_MAX_CYCLES = 1000


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order-enforcing guard (errors for calls before ``reset``).

    No ``AssertOutOfBoundsWrapper``: the environment refuses every action that is not legal,
    out of bounds or not, by its illegal-action rule (the game ends as a loss), which an
    assertion would only pre-empt, at the cost of a space check on every step."""
    return _OrderEnforcing(raw_env(**kwargs))


pz_wrappers = require("pettingzoo.utils.wrappers", for_what="soloboard.research.pz_env")
OrderEnforcingWrapper: Any = pz_wrappers.OrderEnforcingWrapper


class _OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with its checks, reaching the hot attributes directly:
    the base class finds each through ``__getattr__`` (several Python calls), and ``last()`` and
    ``agent_iter()`` read five of them per decision."""

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._has_reset:
            return self.env.last(observe)
        return super().last(observe)  # raises as PettingZoo's does

    def __str__(self) -> str:
        return str(self.env)


def seated_games() -> list[str]:
    """The games whose seats can be played by several agents (their kit says ``seats``)."""
    return [k.name for k in kits() if k.seats]


AECEnv: Any = pettingzoo.AECEnv


class raw_env(AECEnv):  # PettingZoo's name for the unwrapped environment
    """``game`` (a game with seats; default: the first) for ``players`` seats; other keywords are its parameters."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": f"soloboard_{seated_games()[0]}_v0",
                                          "is_parallelizable": False, "render_fps": 4}

    def __init__(self, players: int = 2, render_mode: str | None = None, max_cycles: int = DEFAULT_MAX_CYCLES,
                 game: str | None = None, **params: Any) -> None:
        super().__init__()
        name = game or seated_games()[0]
        if not kit(name).seats:
            raise ValueError(f"{name} is played by one person: use its Gymnasium environment "
                             "(soloboard.research.gym_env)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.game: Any = load_game(name, players=players, **params)
        self.metadata = {**type(self).metadata, "name": f"soloboard_{name}_v0"}  # type: ignore[misc]  # per game
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.encoder = Encoder(self.game)
        self.num_actions = self.game.num_distinct_actions()
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            a: spaces.Box(low=np.zeros(self.encoder.size, np.float32), high=self.encoder.high, dtype=np.float32)
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state: Any = None  # the soloboard state: read it, never move it
        self._rng = random.Random()
        self._decisions = 0
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._no_actions = bytes(self.num_actions)
        self._flags = self._no_actions  # the deciding seat's mask as bytes: step's legality check
        self._masked: str | None = None  # the seat whose info holds a mask with legal actions

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # --- AEC API ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._masked = None
        self._resolve_chance()
        self._after_move()

    def observe(self, agent: str) -> Any:
        return self.encoder.encode(self.state, self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # rewards are all 0.0 until the game ends (set by reset, changed only by the last move)
        try:
            act = int(action)
        except (TypeError, ValueError):
            act = -1
        if not 0 <= act < self.num_actions or not self._flags[act]:
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal_action": True}
            self._accumulate_rewards()
            return
        self.state.apply_action(act)
        self._decisions += 1
        self._resolve_chance()
        if self._after_move():
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        return str(self.state)

    def close(self) -> None:
        pass

    # --- inside -------------------------------------------------------------------------------

    def _resolve_chance(self) -> None:
        state = self.state
        rng = self._rng
        while state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))

    def _after_move(self) -> bool:
        """Infos, agent selection, terminations after a move; True when the game ended (rewards given)."""
        state = self.state
        if state.is_terminal():
            self._flags = self._no_actions
            won = state.returns()[0] > 0
            self.rewards = dict.fromkeys(self.agents, 1.0 if won else 0.0)
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"result": "won" if won else "lost", "end_cause": state.end_cause}
            self._masked = None
            return True
        flags = bytearray(self._no_actions)
        for a in state.legal_actions():
            flags[a] = 1
        self._flags = bytes(flags)  # our own copy: a user may write into the mask they were given
        self.agent_selection = deciding = self.possible_agents[state.current_player()]
        infos = self.infos
        # only two seats' masks change: the last decider's goes back to zeros, the new one's is filled
        if self._masked is None:
            for a in self.agents:
                infos[a] = {"action_mask": np.zeros(self.num_actions, np.int8)}
        elif self._masked != deciding:
            infos[self._masked] = {"action_mask": np.zeros(self.num_actions, np.int8)}
        infos[deciding] = {"action_mask": np.frombuffer(flags, np.int8)}
        self._masked = deciding
        if self._decisions >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        return False
