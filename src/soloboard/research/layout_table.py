"""``python -m soloboard.research.layout_table``: the observation tables of ``docs/research.md``.

Prints, for each game's default parameters, the markdown table of its observation pieces
between the markers the page uses; ``tests/test_research_docs.py`` checks that the page
holds exactly these, so after changing a piece, paste this output over the old tables.
"""

from __future__ import annotations

from typing import Any

from soloboard.core.registry import load_game

TABLES = ("ufs", "ufs-pnp", "monstros")


def pieces(name: str) -> list[Any]:
    game = load_game(name)
    if name == "monstros":
        from soloboard.monstros.observation import pieces as monstros_pieces

        return monstros_pieces(game)
    from soloboard.ufs.observation import pieces as ufs_pieces

    return ufs_pieces(game)


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
    print("\n\n".join(table(name) for name in TABLES))
