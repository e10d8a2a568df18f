"""``python -m soloboard.agents.train``: learn a game's value from the agent's own games.

Expert iteration, one step of it: ``soloboard report`` (seeded, resumable) plays games with
the search and keeps every one in the store; this command replays them, describes every
position by what a network reads (the evaluation's ``net_features``, else its ``features``)
and fits a small network (``core/valuenet.py``)
so that its value predicts whether the game was won. The next search uses it as its leaf
value, and its games can train the next network. The result is written into the game's
kit (``ufs/data/value.json``) with the command, the seed, the games and the date.

The split is by game (a game's positions are far from independent): one game in five is
held out, and the held-out log loss and Brier score are printed beside the hand-set
evaluation's. A development tool: it needs NumPy, which the agents load anyway.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
from pathlib import Path
from typing import Any

from soloboard.agents.evaluate import evaluation_module, games_with_evaluation
from soloboard.agents.fit import dataset
from soloboard.core.store import Store
from soloboard.core.valuenet import FORMAT, ValueNet
from soloboard.core.weights import command_line


def train_net(xs: Any, ys: Any, hidden: int = 32, seed: int = 0, epochs: int = 60, l2: float = 1e-4,
              batch: int = 256, rate: float = 3e-3, weights: Any = None) -> dict[str, Any]:
    """Fit the network (Adam on the log loss, L2 on the weights); its JSON form without provenance."""
    import numpy as np

    rng = np.random.default_rng(seed)
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    sw = np.ones(len(y)) if weights is None else np.asarray(weights, dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    xn = (x - mean) / scale
    n, f = xn.shape
    params = {
        "w1": rng.normal(0.0, 1.0 / np.sqrt(f), (hidden, f)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0.0, 1.0 / np.sqrt(hidden), hidden),
        "b2": np.zeros(1),
    }
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v = {k: np.zeros_like(v) for k, v in params.items()}
    step = 0
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            xb, yb, wb = xn[idx], y[idx], sw[idx]
            h = np.tanh(xb @ params["w1"].T + params["b1"])
            p = 1.0 / (1.0 + np.exp(-np.clip(h @ params["w2"] + params["b2"][0], -30, 30)))
            d = (p - yb) * wb / wb.sum()  # d loss / d z
            grads = {
                "w2": h.T @ d + l2 * params["w2"],
                "b2": np.array([d.sum()]),
            }
            dh = np.outer(d, params["w2"]) * (1.0 - h * h)
            grads["w1"] = dh.T @ xb + l2 * params["w1"]
            grads["b1"] = dh.sum(axis=0)
            step += 1
            for k, g in grads.items():
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                mh = m[k] / (1 - 0.9 ** step)
                vh = v[k] / (1 - 0.999 ** step)
                params[k] -= rate * mh / (np.sqrt(vh) + 1e-8)
    return {"mean": mean.tolist(), "scale": scale.tolist(), "w1": params["w1"].tolist(),
            "b1": params["b1"].tolist(), "w2": params["w2"].tolist(), "b2": float(params["b2"][0])}


def scores(predict: Any, xs: Any, ys: Any) -> tuple[float, float]:
    """(log loss, Brier score) of ``predict`` (rows -> probabilities) on ``xs``, ``ys``."""
    import numpy as np

    p = np.clip(np.asarray(predict(xs), dtype=float), 1e-6, 1 - 1e-6)
    y = np.asarray(ys, dtype=float)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p - y) ** 2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soloboard.agents.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=games_with_evaluation())
    parser.add_argument("--store", action="append", required=True, help="a store with the games (repeatable)")
    parser.add_argument("--player", help="only games of this agent label (e.g. mcts@1000it)")
    parser.add_argument("--every", type=int, default=1, help="use every n-th position of a game")
    parser.add_argument("--hidden", type=int, default=32, help="hidden units")
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="where to write the network (default: the kit's data/value.json)")
    parser.add_argument("--check", action="store_true", help="fit and print the held-out figures; write nothing")
    args = parser.parse_args(argv)
    import numpy as np

    module = evaluation_module(args.game)
    # what the learned value reads (the evaluation's features and, where it says, a few more)
    describe = getattr(module, "net_features", module.features)
    names = tuple(getattr(module, "NET_FEATURE_NAMES", module.FEATURE_NAMES))
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    games = 0
    for path in args.store:
        with Store(path) as store:
            part_x, part_y, part_groups = dataset(store, args.game, args.player, args.every, describe=describe)
        xs += part_x
        ys += part_y
        groups += [games + n for n in part_groups]
        games += len(set(part_groups))
    if len(set(ys)) < 2:
        print("need won and lost games to learn from")
        return 1
    order = sorted(set(groups))
    random.Random(args.seed).shuffle(order)
    held = set(order[: len(order) // 5])
    train = np.array([gr not in held for gr in groups])
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    # every game weighs the same, however long it lasted
    counts: dict[int, int] = {}
    for gr in groups:
        counts[gr] = counts.get(gr, 0) + 1
    w = np.array([1.0 / counts[gr] for gr in groups])
    print(f"{games} games, {len(ys)} positions, {np.mean(y):.1%} of positions from won games")
    net = train_net(x[train], y[train], args.hidden, args.seed, args.epochs, weights=w[train])
    trial = ValueNet({"format": FORMAT, "features": names, **net})
    weights = np.asarray(module.WEIGHTS)  # the hand-set evaluation reads the first of the features
    hand = 1.0 / (1.0 + np.exp(-np.clip(x[~train][:, :len(weights)] @ weights, -30, 30)))
    print("held-out games (log loss, Brier): network {:.4f} {:.4f}; hand-set evaluation {:.4f} {:.4f}".format(
        *scores(trial.many, x[~train], y[~train]), *scores(lambda _: hand, x[~train], y[~train])))
    if args.check:
        return 0
    net = train_net(x, y, args.hidden, args.seed, args.epochs, weights=w)
    provenance = {
        "command": command_line("soloboard.agents.train", argv),
        "stores": [str(Path(p)) for p in args.store],
        "games": games,
        "positions": len(ys),
        "seed": args.seed,
        "date": datetime.date.today().isoformat(),
        "players": [args.player] if args.player else "every agent in the stores",
    }
    out = Path(args.out) if args.out else Path(module.__file__).parent / "data" / "value.json"
    out.write_text(json.dumps({"format": FORMAT, "features": list(names), **net,
                               "provenance": provenance}, indent=1) + "\n", encoding="utf-8")
    print(f"written {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
