"""``python -m soloboard.research.layout_table``: the observation tables of ``docs/research.md``.

Prints, for each game's default parameters, the markdown table of its observation pieces
between the markers the page uses; ``tests/test_research_docs.py`` checks that the page
holds exactly these, so after changing a piece, paste this output over the old tables.
"""

from __future__ import annotations

from typing import Any

from soloboard.core.registry import kit, kits, load_game


def names() -> list[str]:
    """The games whose kit gives an observation: one table each."""
    return [k.name for k in kits() if k.observation]


def pieces(name: str) -> list[Any]:
    return kit(name).observation_pieces(load_game(name))


def values(high: int | tuple[int, ...]) -> str:
    """``0..7``, or ``0..(16, 16, 7, ...)`` for a piece with one highest value per entry."""
    if isinstance(high, int):
        return f"0..{high}"
    return "0..(" + ", ".join(map(str, high[:8])) + (", ...)" if len(high) > 8 else ")")


def table(name: str) -> str:
    lines = [f"<!-- table:{name} -->", "| piece | shape | values | meaning |", "|---|---|---|---|"]
    lines += [f"| `{p}` | {shape} | {values(high)} | {meaning} |" for p, shape, high, meaning in pieces(name)]
    lines.append(f"<!-- end table:{name} -->")
    return "\n".join(lines)


if __name__ == "__main__":
    print("\n\n".join(table(name) for name in names()))
