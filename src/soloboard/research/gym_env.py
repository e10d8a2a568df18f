"""Single-player soloboard games as Gymnasium environments.

Importing this module registers them::

    import gymnasium
    import soloboard.research.gym_env  # registers soloboard/...
    env = gymnasium.make("soloboard/ufs-v0", city="new-york", threat=2)

==============================  ==================================================
id                              game (every keyword is the game's own parameter)
==============================  ==================================================
``soloboard/ufs-v0``            Under Falling Skies, boxed edition (``ufs``)
``soloboard/ufs-pnp-v0``        the 9-card print-and-play edition (``ufs-pnp``)
``soloboard/monstros-solo-v0``  Monstros, modo solo (``monstros``, ``players=1``)
==============================  ==================================================

- **Observation**: soloboard's observation tensor (``docs/research.md``) as a float32
  ``Box`` whose bounds are each entry's documented range. The legal-action mask is *not*
  in the observation (a plain ``Box`` suits every library); it is in ``info["action_mask"]``
  (int8, one per action id) after ``reset`` and every ``step``, and ``env.unwrapped.
  action_masks()`` returns it too (the method sb3-contrib's ``MaskablePPO`` calls).
- **Actions**: ``Discrete(game.num_distinct_actions())``, soloboard's action ids.
- **Chance** (dice, the set-up draw, card draws) is resolved inside ``reset`` and ``step``
  from a ``random.Random`` seeded from the environment's ``np_random``: ``reset(seed=s)``
  makes the episode, and every episode after it, reproducible.
- **Reward**: 1.0 on the step that wins the game, else 0.0 (a loss ends it with 0.0).
- **An illegal action** (one whose mask entry is 0; Gymnasium's checker sends them):
  ``illegal_action="terminate"`` (default) ends the episode at once with reward 0.0, as a
  loss, without changing the game; ``illegal_action="noop"`` leaves the game unchanged and
  the episode running, reward 0.0. Either way ``info["illegal_action"]`` is True (False after
  a legal one). Stepping a finished episode raises ``RuntimeError``: call ``reset()``.
- **Rendering**: ``render_mode="ansi"``: ``render()`` returns the terminal renderer's picture.
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

from soloboard.core.chance import sample_outcome
from soloboard.core.registry import kits, load_game
from soloboard.research._deps import require
from soloboard.research.observe import Encoder

gymnasium = require("gymnasium", for_what="soloboard.research.gym_env")
np = require("numpy", for_what="soloboard.research.gym_env")
spaces = gymnasium.spaces

ILLEGAL_ACTION_ANSWERS = ("terminate", "noop")
# every kit's Gymnasium environments: id -> the game and its parameters
ENV_IDS = {env_id: {"game": k.name, **params} for k in kits() for env_id, params in k.environments}


Env: Any = gymnasium.Env


class SoloboardEnv(Env):
    """A one-player soloboard game; ``game`` names it, other keywords are its parameters."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str, render_mode: str | None = None, illegal_action: str = "terminate",
                 **params: Any) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTION_ANSWERS:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_ANSWERS)}, "
                             f"not {illegal_action!r}")
        self.game = load_game(game, **params)
        if self.game.num_players() != 1:
            raise ValueError(f"a Gymnasium environment has one player; this game has {self.game.num_players()} "
                             "(use the PettingZoo environment, soloboard.research.pz_env)")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.encoder = Encoder(self.game)
        self.observation_space = spaces.Box(low=np.zeros(self.encoder.size, np.float32), high=self.encoder.high,
                                            dtype=np.float32)
        self.num_actions = self.game.num_distinct_actions()
        self.action_space = spaces.Discrete(self.num_actions)
        self._no_actions = bytes(self.num_actions)
        self._raw = self.encoder.raw
        self._fresh()

    def sibling(self) -> SoloboardEnv:
        """A new environment of the same setting over this one's game object, so that both share the
        engine's tables and caches (the vector environment's games in one process: with a game
        object each, every game would fill caches of its own)."""
        env = type(self).__new__(type(self))
        for name in ("game", "render_mode", "illegal_action", "encoder", "num_actions", "_no_actions", "_raw"):
            setattr(env, name, getattr(self, name))
        env.observation_space = spaces.Box(low=self.observation_space.low, high=self.observation_space.high,
                                           dtype=np.float32)
        env.action_space = spaces.Discrete(self.num_actions)
        env._fresh()
        return env

    def _fresh(self) -> None:
        """No episode yet: ``reset()`` starts one."""
        self.state: Any = None  # the soloboard state: read it, never move it
        self._rng = random.Random()
        self._flags = self._no_actions  # the current mask, as bytes (read by step's legality check)
        self._mask = bytearray(self._no_actions)  # the same, the buffer under the last mask given out
        self._over = True

    # --- Gymnasium API ----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        ending = self._start(seed, options)
        info: dict[str, Any] = {"action_mask": np.frombuffer(self._mask, np.int8), "illegal_action": False}
        if ending is not None:
            info.update(ending)
        return self._observation(), info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        reward, terminated, illegal, ending = self._transition(action if action.__class__ is int else _as_int(action))
        # a new mask object every step (users keep them); after an illegal action, of the unchanged position
        mask = np.frombuffer(self._flags, np.int8).copy() if illegal else np.frombuffer(self._mask, np.int8)
        info: dict[str, Any] = {"action_mask": mask, "illegal_action": illegal}
        if ending is not None:
            info.update(ending)
        return self._observation(), reward, terminated, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        return str(self.state)

    def action_masks(self) -> Any:
        """The legal-action mask of the current position (int8, one entry per action id)."""
        return np.frombuffer(self._flags, np.int8).copy()  # from our copy: the info's array is the caller's

    # --- the core, shared with the vector environment (which writes bytes, not arrays) ----------

    def _start(self, seed: int | None, options: dict[str, Any] | None) -> dict[str, str] | None:
        """A new episode: the game set up and its chance resolved; its ending info if it is over already."""
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        self.state = self.game.new_initial_state()
        self._over = False
        self._resolve_chance()
        return self._settle()

    def _transition(self, act: int) -> tuple[float, bool, bool, dict[str, str] | None]:
        """One step's ``(reward, terminated, illegal, ending info)``; an illegal action (see the
        module's docstring) leaves the game unchanged. The hot path of ``step``."""
        if not 0 <= act < self.num_actions or not self._flags[act]:  # the mask's bytes: no list scan
            if self.illegal_action == "noop":
                return 0.0, False, True, None
            self._over = True
            return 0.0, True, True, {"result": "lost", "loss_cause": "illegal action"}
        state = self.state
        state.apply_action(act)
        if state.is_chance_node():
            self._resolve_chance()
        ending = self._settle()
        if ending is None:
            return 0.0, False, False, None
        return state.returns()[0], True, False, ending

    def _resolve_chance(self) -> None:
        state = self.state
        rng = self._rng
        while state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))

    def _settle(self) -> dict[str, str] | None:
        """The new position's mask (``_mask``: a fresh buffer for the caller's array; ``_flags``: our
        copy), and its ending info if the game is over."""
        state = self.state
        legal = state.legal_actions()
        flags = bytearray(self._no_actions)
        for a in legal:
            flags[a] = 1
        self._mask = flags
        self._flags = bytes(flags)  # our own copy: a user may write into the mask they were given
        if not legal and state.is_terminal():
            self._over = True
            return {"result": "won" if state.returns()[0] > 0 else "lost", "loss_cause": state.loss_cause}
        return None

    def _observation(self) -> Any:
        return np.frombuffer(self._raw(self.state, 0), np.uint8).astype(np.float32)


def _as_int(action: Any) -> int:
    """An action id from a numpy integer or 0-d integer array; -1 (never legal) for anything
    else: a float, a bool or a string is no action id, whatever int() would make of it."""
    if isinstance(action, bool | np.bool_):
        return -1
    try:
        return operator.index(action)
    except TypeError:
        return -1


def register() -> None:
    """Register the environments with Gymnasium (done on import; again does nothing)."""
    for env_id, kwargs in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:SoloboardEnv",
                               vector_entry_point="soloboard.research.vector_env:SoloboardVectorEnv", kwargs=kwargs)


register()
