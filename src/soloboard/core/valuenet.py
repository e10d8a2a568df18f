"""A learned value: a small neural network from a position's features to its chance of winning.

``python -m soloboard.agents.train`` fits it to the outcomes of the agent's own games and
writes it as JSON into the game's kit (``ufs/data/value.json``), with the command, seed,
number of games and date it came from (``provenance``). The evaluation module loads it once
and asks it for a position's value; inference needs NumPy only, and only once an agent first
evaluates a position (``import soloboard`` does not load it).

The network: the features, standardised (the training data's mean and spread), one hidden
layer of ``tanh`` units, a logistic output. The standardisation is folded into the first
layer when loaded, so a value is two small matrix products.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from soloboard.core.lazy import data_text

FORMAT = "soloboard-value-net/1"


class ValueNet:
    """``net(features) -> probability``; ``net.many(rows)`` for a batch (one matrix product)."""

    def __init__(self, data: dict[str, Any]) -> None:
        import numpy as np

        if data.get("format") != FORMAT:
            raise ValueError(f"not a value network of format {FORMAT}: {data.get('format')!r}")
        self.features: tuple[str, ...] = tuple(data["features"])
        self.provenance: dict[str, Any] = dict(data.get("provenance", {}))
        mean = np.asarray(data["mean"], dtype=float)
        scale = np.asarray(data["scale"], dtype=float)
        w1 = np.asarray(data["w1"], dtype=float)  # hidden x features, on standardised inputs
        b1 = np.asarray(data["b1"], dtype=float)
        n = len(self.features)
        if w1.shape != (len(b1), n) or mean.shape != (n,) or scale.shape != (n,):
            raise ValueError("a value network's layers do not match its features")
        # (x - mean) / scale folded into the first layer
        self._w1 = w1 / scale
        self._b1 = b1 - self._w1 @ mean
        self._w2 = np.asarray(data["w2"], dtype=float)
        self._b2 = float(data["b2"])
        self._np = np

    def __call__(self, features: Sequence[float]) -> float:
        np = self._np
        z = float(self._w2 @ np.tanh(self._w1 @ np.asarray(features, dtype=float) + self._b1)) + self._b2
        return _logistic(z)

    def many(self, rows: Sequence[Sequence[float]]) -> list[float]:
        np = self._np
        x = np.asarray(rows, dtype=float)
        z = np.tanh(x @ self._w1.T + self._b1) @ self._w2 + self._b2
        return [float(v) for v in 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))]


def _logistic(z: float) -> float:
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def load_net(package: str, name: str = "value.json") -> ValueNet | None:
    """The network shipped in ``package``'s ``data`` folder, or None where the game has none."""
    text = data_text(package, name)
    return ValueNet(json.loads(text)) if text is not None else None
