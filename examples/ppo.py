"""MaskablePPO (sb3-contrib) learns Under Falling Skies on ``soloboard/ufs-v0``, and plays as a soloboard agent.

Train (the ``learn`` extra: ``pip install -e '.[learn]'``)::

    python examples/ppo.py --steps 20000 --threats 0,1 --seed 0 --out /tmp/ppo.zip --curve /tmp/ppo.png

Play the result through the project's agent interface (from the repository's root)::

    SOLOBOARD_PPO_MODEL=/tmp/ppo.zip soloboard sim ufs --threat 1 --agent examples.ppo:Agent --games 200
    soloboard report ufs --agents greedy,examples.ppo:Agent --threats 0-1 --cities roswell --games 200

``Agent`` loads the policy named by ``$SOLOBOARD_PPO_MODEL``, else the one shipped in
``examples/models/ppo-ufs.zip`` (its ``.json`` beside it records the command, seed, steps and
date it was trained with). torch and sb3-contrib are imported when a policy is trained or
loaded, never by ``import examples.ppo``. docs/research.md shows a longer run's learning curve
and its win rates against greedy's.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

MODEL_ENV = "SOLOBOARD_PPO_MODEL"
DEFAULT_MODEL = Path(__file__).resolve().parent / "models" / "ppo-ufs.zip"
ENV_ID = "soloboard/ufs-v0"
GAME = "ufs"
# the parameters that shape a Roswell/New York/Washington observation (the threat only changes which sky is drawn)
_SHAPE_PARAMS = ("city", "side", "unidentified_action")


def require_learn() -> None:
    """Fail with the install command when the ``learn`` extra is missing (never a silent skip)."""
    missing = []
    for module in ("torch", "sb3_contrib", "stable_baselines3", "gymnasium", "numpy"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise ImportError(f"examples/ppo.py needs the 'learn' extra ({', '.join(missing)} missing): "
                          "pip install -e '.[learn]'")


def observation_scale(game: Any) -> Any:
    """1 / each observation entry's highest value, the same for every threat level of a city and side.

    The highest values depend on the sky cards the set-up can draw (threat 0 draws none), so they
    are taken from threat 4's game, which can draw every threat side: one policy sees the same
    numbers for a position whatever the threat it was trained or plays at.
    """
    import numpy as np

    from soloboard import load_game
    from soloboard.research.observe import Encoder

    params = {k: v for k, v in game.parameters().items() if k in _SHAPE_PARAMS}
    widest = Encoder(load_game(GAME, threat=4, **params)).high
    return (1.0 / np.maximum(np.maximum(Encoder(game).high, widest), 1.0)).astype(np.float32)


# --- the environment the policy learns on -----------------------------------------------------------------------


def make_env(threat: int, gamma: float, shaping: bool) -> Any:
    """``soloboard/ufs-v0`` at ``threat``, observations scaled to 0..1, the reward optionally shaped."""
    import gymnasium
    import numpy as np

    import soloboard.research.gym_env  # noqa: F401  (registers soloboard/...)
    from soloboard.agents.evaluate import evaluator

    class Scaled(gymnasium.Wrapper):
        """Observations divided by :func:`observation_scale`'s highs; with ``shaping``, the reward gains
        ``gamma * V(next) - V(this)``, V the game's own evaluation (the estimated chance of winning, 0 once
        the game is over: the win's reward of 1 says the rest). Potential-based shaping (Ng, Harada and
        Russell, 1999) leaves the best policy what it was and gives the policy a signal long before its
        first win: random play never wins at threat 0 or 1. ``info["rounds"]`` comes with the last step."""

        def __init__(self, env: Any) -> None:
            super().__init__(env)
            self.inner: Any = env.unwrapped  # the SoloboardEnv: its game and state
            game = self.inner.game
            self.scale = observation_scale(game)
            self.observation_space = gymnasium.spaces.Box(0.0, 1.0, shape=self.scale.shape, dtype=np.float32)
            self.value = evaluator(game).value
            self.potential = 0.0

        def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
            obs, info = self.env.reset(**kwargs)
            self.potential = self.value(self.inner.state) if shaping else 0.0
            return obs * self.scale, info

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            obs, won, terminated, truncated, info = self.env.step(action)
            reward = float(won)
            if shaping:
                after = 0.0 if terminated or truncated else self.value(self.inner.state)
                reward += gamma * after - self.potential
                self.potential = after
            if terminated or truncated:
                info["rounds"] = self.inner.state.round
            return obs * self.scale, reward, terminated, truncated, info

    return Scaled(gymnasium.make(ENV_ID, threat=threat))


def vector_env(threats: list[int], envs: int, gamma: float, shaping: bool, seed: int) -> Any:
    """``envs`` games stepped in this process (the policy's own work dominates a step: more processes
    would not pay on one core), sub-environment ``i`` at ``threats[i % len(threats)]``, seeded ``seed + i``."""
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    def one(i: int) -> Any:
        return lambda: Monitor(make_env(threats[i % len(threats)], gamma, shaping))

    vec = DummyVecEnv([one(i) for i in range(envs)])
    vec.seed(seed)
    return vec


# --- training -----------------------------------------------------------------------------------------------------


def _history_callback(threats: list[int]) -> Any:
    from stable_baselines3.common.callbacks import BaseCallback

    class History(BaseCallback):
        """Every finished game (steps so far, threat, won, rounds) and every update's loss."""

        def __init__(self) -> None:
            super().__init__()
            self.games: list[tuple[int, int, int, int]] = []
            self.losses: list[tuple[int, float]] = []

        def _on_step(self) -> bool:
            for i, (done, info) in enumerate(zip(self.locals["dones"], self.locals["infos"], strict=True)):
                if done and "result" in info:
                    won = int(info["result"] == "won")
                    self.games.append((self.num_timesteps, threats[i % len(threats)], won, info["rounds"]))
            return True

        def _on_rollout_start(self) -> None:
            # the previous update's loss: the logger keeps it until the next dump, which comes after this rollout
            loss = self.model.logger.name_to_value.get("train/loss")
            if loss is not None:
                self.losses.append((self.num_timesteps, float(loss)))

        def _on_training_end(self) -> None:
            self._on_rollout_start()

    return History()


def train(steps: int, threats: list[int], seed: int, envs: int = 8, shaping: bool = True,
          verbose: int = 0, **ppo: Any) -> tuple[Any, dict[str, Any]]:
    """Train MaskablePPO; returns the model and its history (``games``, ``losses``, ``seconds``)."""
    require_learn()
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # one core: the machine's other core is somebody else's
    gamma = 0.99
    env = vector_env(threats, envs, gamma, shaping, seed)
    settings = {"n_steps": 256, "batch_size": 256, "n_epochs": 4, "learning_rate": 3e-4, "ent_coef": 0.0,
                "policy_kwargs": {"net_arch": [128, 128]}, **ppo}
    model = MaskablePPO("MlpPolicy", env, gamma=gamma, seed=seed, device="cpu", verbose=verbose, **settings)
    history = _history_callback(threats)
    start = time.perf_counter()
    model.learn(total_timesteps=steps, callback=history)
    env.close()
    return model, {"games": history.games, "losses": history.losses, "seconds": time.perf_counter() - start}


def curve(history: dict[str, Any], threats: list[int], steps: int, bins: int = 20) -> list[dict[str, Any]]:
    """The games in ``bins`` equal slices of the run: per threat, games, win rate and mean rounds."""
    width = max(1, -(-steps // bins))
    rows = []
    for b in range(bins):
        row: dict[str, Any] = {"steps": min(steps, (b + 1) * width)}
        for t in threats:
            games = [g for g in history["games"] if g[1] == t and b * width < g[0] <= (b + 1) * width]
            row[f"threat {t}"] = {"games": len(games),
                                  "win_rate": sum(g[2] for g in games) / len(games) if games else None,
                                  "rounds": sum(g[3] for g in games) / len(games) if games else None}
        rows.append(row)
    return rows


def plot(rows: list[dict[str, Any]], threats: list[int], path: Path, title: str) -> None:
    """Win rate and mean rounds survived against training steps, one line per threat level."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for t in threats:
        points = [(r["steps"], r[f"threat {t}"]) for r in rows if r[f"threat {t}"]["games"]]
        xs = [x for x, _ in points]
        top.plot(xs, [100 * p["win_rate"] for _, p in points], marker="o", label=f"threat {t}")
        bottom.plot(xs, [p["rounds"] for _, p in points], marker="o", label=f"threat {t}")
    rates = [100 * r[f"threat {t}"]["win_rate"] for r in rows for t in threats if r[f"threat {t}"]["games"]]
    top.set_ylim(0, max([5.0, *rates]) * 1.1)  # 0 at the bottom: a run that never wins shows a flat line on it
    top.set_ylabel("games won (%)")
    bottom.set_ylabel("mean rounds played")
    bottom.set_xlabel("training steps (decisions)")
    top.set_title(title)
    for ax in (top, bottom):
        ax.grid(alpha=0.3)
        ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


# --- the agent ----------------------------------------------------------------------------------------------------


class Agent:
    """A trained policy as a soloboard agent: ``soloboard sim ufs --agent examples.ppo:Agent``.

    It plays the policy's most likely legal action (the mask keeps it legal), so a game is the
    same whatever the seed; ``model`` (else ``$SOLOBOARD_PPO_MODEL``, else the shipped policy)
    is the file ``python examples/ppo.py --out`` wrote.
    """

    name = "ppo"

    def __init__(self, model: str | os.PathLike[str] | None = None) -> None:
        require_learn()
        import torch
        from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

        torch.set_num_threads(1)  # sim and report run one agent per process
        self.path = Path(model or os.environ.get(MODEL_ENV) or DEFAULT_MODEL)
        if not self.path.is_file():
            raise ValueError(f"no trained policy at {self.path}: train one with python examples/ppo.py --out "
                             f"{self.path}, or name one in ${MODEL_ENV}")
        self.policy: Any = MaskableActorCriticPolicy.load(str(self.path), device="cpu")
        self._game: Any = None
        self._encoder: Any = None
        self._scale: Any = None

    def reset(self, seed: Any) -> None:
        """The policy draws no random numbers (it plays its most likely action): nothing to reseed."""

    def _prepare(self, game: Any) -> None:
        from soloboard.core.registry import kit_of
        from soloboard.research.observe import Encoder

        if kit_of(game).name != GAME:
            raise ValueError(f"this policy plays {GAME} (soloboard/ufs-v0), not {kit_of(game).name}")
        encoder = Encoder(game)
        expected = self.policy.observation_space.shape[0], self.policy.action_space.n
        if (encoder.size, game.num_distinct_actions()) != expected:
            raise ValueError(f"{self.path} was trained on observations of {expected[0]} entries and {expected[1]} "
                             f"actions; this game ({game.parameters()}) has {encoder.size} and "
                             f"{game.num_distinct_actions()}: train it on this city and side")
        self._game, self._encoder, self._scale = game, encoder, observation_scale(game)

    def step(self, state: Any) -> int:
        import numpy as np

        if state.game is not self._game:
            self._prepare(state.game)
        mask = np.zeros(self.policy.action_space.n, dtype=bool)
        mask[state.legal_actions()] = True
        obs = self._encoder.encode(state) * self._scale
        action, _ = self.policy.predict(obs, action_masks=mask, deterministic=True)
        return int(action)


# --- the command ----------------------------------------------------------------------------------------------------


def _threats(text: str) -> list[int]:
    threats = [int(t) for t in text.split(",") if t.strip()]
    if not threats or any(not 0 <= t <= 4 for t in threats):
        raise argparse.ArgumentTypeError(f"threat levels are 0..4, comma-separated: not {text!r}")
    return threats


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Train MaskablePPO on soloboard/ufs-v0 (Roswell) and save its policy.")
    p.add_argument("--steps", type=int, default=20_000, help="training steps, i.e. decisions (default 20000)")
    p.add_argument("--threats", type=_threats, default=[0, 1],
                   help="threat levels to train on, comma-separated; the games alternate (default 0,1)")
    p.add_argument("--seed", type=int, default=0, help="seeds the policy, the games and torch (default 0)")
    p.add_argument("--envs", type=int, default=8, help="games stepped together (default 8)")
    p.add_argument("--no-shaping", action="store_true", help="the environment's reward only: 1 for a win")
    p.add_argument("--out", type=Path, default=DEFAULT_MODEL, help=f"the policy file (default {DEFAULT_MODEL})")
    p.add_argument("--curve", type=Path, help="also draw the learning curve into this PNG")
    p.add_argument("--verbose", type=int, default=0, help="sb3's own log: 1 prints every update's figures")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.steps < 1 or args.envs < 1:
        raise SystemExit("--steps and --envs must be at least 1")
    model, history = train(args.steps, args.threats, args.seed, args.envs, not args.no_shaping, args.verbose)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.policy.save(str(args.out))
    rows = curve(history, args.threats, args.steps)
    command = "python examples/ppo.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    record = {"command": command, "seed": args.seed, "steps": args.steps, "threats": args.threats,
              "envs": args.envs, "shaping": not args.no_shaping,
              "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "seconds": round(history["seconds"], 1), "games": len(history["games"]),
              "last_loss": history["losses"][-1][1] if history["losses"] else None, "curve": rows}
    args.out.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n")
    if args.curve:
        plot(rows, args.threats, args.curve, f"MaskablePPO on {ENV_ID}, seed {args.seed}")
    last = rows[-1]
    print(f"{args.steps} steps, {len(history['games'])} games in {history['seconds']:.0f} s; policy: {args.out}")
    for t in args.threats:
        piece = last[f"threat {t}"]
        if piece["games"]:
            print(f"threat {t}, last {piece['games']} games: won {piece['win_rate']:.1%}, "
                  f"mean rounds {piece['rounds']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
