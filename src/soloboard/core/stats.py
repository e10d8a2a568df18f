"""Intervals for rates counted over games (win rates in reports, History and the new-game dialog)."""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval: sound even when no game (or every game) is won."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))
