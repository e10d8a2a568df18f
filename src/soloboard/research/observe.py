"""One interface over the games' observers, returning numpy arrays for the adapters."""

from __future__ import annotations

from typing import Any

from soloboard.core.registry import kit_of
from soloboard.research._deps import require

np = require("numpy", for_what="soloboard.research")


class Encoder:
    """``encode(state, player)``: the observation tensor as a new float32 numpy array."""

    def __init__(self, game: Any) -> None:
        obs = kit_of(game).observer(game)
        self._encode = obs.encode
        self.size: int = obs.size
        self.pieces = obs.pieces
        self.layout = obs.layout()
        self.high = np.array(obs.highs(), dtype=np.float32)

    def raw(self, state: Any, player: int = 0) -> bytes:
        return self._encode(state, player)

    def encode(self, state: Any, player: int = 0) -> Any:
        return np.frombuffer(self._encode(state, player), dtype=np.uint8).astype(np.float32)

    def views(self, tensor: Any) -> dict[str, Any]:
        """The named pieces of a flat tensor, reshaped (views: no copy)."""
        out = {}
        start = 0
        for name, shape in self.layout:
            size = int(np.prod(shape))
            out[name] = tensor[start:start + size].reshape(shape)
            start += size
        return out
