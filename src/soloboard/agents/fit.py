"""``python -m soloboard.agents.fit``: fit an evaluation's weights to the outcomes of stored games.

The games ``soloboard report`` keeps in the store carry their whole history. Every
position of every game is replayed and described by the evaluation's ``features``; a
logistic regression (L2-regularised, Newton's method) then fits the weights so that the
value predicts whether the game was won. ``--write FILE`` writes them, with their provenance
(this command, the store, the games and positions, the held-out log loss, the date), in the
format the evaluations load (``core/weights.py``: the kit's ``data/weights.json`` ships them);
docs/agents.md records the commands used.

A development tool: it needs NumPy (``pip install 'soloboard[research]'``), the agents do not.
"""

from __future__ import annotations

import argparse
import datetime
import random
from collections.abc import Callable
from typing import Any

from soloboard.agents.evaluate import evaluation_module, games_with_evaluation
from soloboard.core.registry import load_game
from soloboard.core.store import Store
from soloboard.core.weights import command_line, output_file, write_weights


def dataset(store: Store, game: str, player: str | None = None, every: int = 1,
            phases: tuple[int, ...] | None = None, target: str = "win",
            describe: Callable[[Any], list[float]] | None = None) \
        -> tuple[list[list[float]], list[float], list[int]]:
    """(features, target, game number) for every ``every``-th position of every stored game.

    ``target``: ``win`` (1 won, 0 lost), or ``progress`` (a won game 1, a lost one the share
    of the research track's cost it paid: smoother, for a first evaluation where few games
    are won; Under Falling Skies only)."""
    module = evaluation_module(game)
    describe = describe or module.features  # the evaluation's features, or what a learned value reads
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    games: dict[str, Any] = {}
    for n, record in enumerate(store.histories(game, player)):
        key = repr(sorted(record["params"].items()))
        g = games.get(key)
        if g is None:
            g = games[key] = load_game(game, **record["params"])
        state = g.new_initial_state()
        won = 1.0 if record["won"] else 0.0
        if target == "progress" and not record["won"]:
            final: Any = g.new_initial_state()
            for action in record["history"]:
                final.apply_action(action)
            tables = module._tables(final)
            won = tables.done[final.research] / tables.total
        for i, action in enumerate(record["history"]):
            state.apply_action(action)
            if state.is_terminal() or i % every:
                continue
            if phases is not None and getattr(state, "phase", None) not in phases:
                continue
            xs.append(describe(state))
            ys.append(won)
            groups.append(n)
    return xs, ys, groups


def fit(xs: list[list[float]], ys: list[float], l2: float = 1e-3, iterations: int = 50) -> list[float]:
    import numpy as np

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    w = np.zeros(x.shape[1])
    reg = l2 * len(y) * np.eye(x.shape[1])
    reg[0, 0] = 0.0  # the bias is not shrunk
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + reg @ w
        hess = (x.T * (p * (1 - p))) @ x + reg + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return [float(v) for v in w]


def log_loss(xs: list[list[float]], ys: list[float], w: list[float]) -> float:
    import numpy as np

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ np.asarray(w), -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.agents.fit", description=__doc__)
    parser.add_argument("--store", help="the SQLite store (default: the project's)")
    parser.add_argument("--game", default="ufs", choices=games_with_evaluation())
    parser.add_argument("--player", help="only games of this agent label (e.g. mcts@150it)")
    parser.add_argument("--every", type=int, default=1, help="use every n-th position")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--target", choices=["win", "progress"], default="win")
    parser.add_argument("--write", metavar="FILE", type=output_file,
                        help="write the fitted weights, with their provenance, to FILE")
    args = parser.parse_args(argv)
    module = evaluation_module(args.game)
    with Store(args.store) as store:
        xs, ys, groups = dataset(store, args.game, args.player, args.every, target=args.target)
    if not xs or len(set(ys)) < 2:
        print("need won and lost games in the store to fit")
        return 1
    games = sorted(set(groups))
    random.Random(0).shuffle(games)
    held = set(games[: len(games) // 5])
    train = [i for i, g in enumerate(groups) if g not in held]
    test = [i for i, g in enumerate(groups) if g in held]
    w = fit([xs[i] for i in train], [ys[i] for i in train], args.l2)
    current = list(module.WEIGHTS)
    print(f"{len(games)} games, {len(xs)} positions, {sum(ys) / len(ys):.1%} from won games")
    held_out: dict[str, float] = {}
    if test:
        tx, ty = [xs[i] for i in test], [ys[i] for i in test]
        held_out = {"fitted": round(log_loss(tx, ty, w), 4), "current": round(log_loss(tx, ty, current), 4)}
        print(f"held-out log loss: fitted {held_out['fitted']:.4f}, current weights {held_out['current']:.4f}")
    w = fit(xs, ys, args.l2)
    for name, old, new in zip(module.FEATURE_NAMES, current, w, strict=True):
        print(f"  {name:<28} {old:8.3f} -> {new:8.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4g}" for v in w) + ")")
    if args.write:
        write_weights(args.write, module.FEATURE_NAMES, w, {
            "command": command_line("soloboard.agents.fit", argv), "game": args.game, "store": args.store,
            "player": args.player, "games": len(games), "positions": len(xs), "every": args.every, "l2": args.l2,
            "target": args.target, "held_out_log_loss": held_out,
            "date": datetime.date.today().isoformat()})
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
