"""How much do sure wins change a store's games? Replays the games of a store with the solver.

    python tools/sure_wins.py --store h22.sqlite3 --player mcts@5000it
    python tools/sure_wins.py --game ufs-pnp --store a.sqlite3 --store b.sqlite3    # setups pooled over stores

``mcts`` plays a proved sure win since 2026-11-29 (agents/solve.py, docs/agents.md "Sure wins").
A game played before, by a search that did not, is the same game the search plays today up to
its first decision where a sure win is proved (the search is otherwise unchanged, and with an
iteration budget and a seed its choices are reproducible); from there today's search wins. So
for every setup of a store's games this prints, without playing a game: how many games held a
proved sure win, how many of the lost ones did (the games today's search wins that the stored
one lost), and the chances the game's calibration map shows against the outcomes both ways
(ECE and Brier, beside the base rate's): the stored outcomes, and the outcomes derived for today's
search, the decisions after a proof kept only in its round, at the estimate 1 it then gives.
Only the stored search's own games answer for it: another search's games show what the
solver finds in them, not what today's agent would have played.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

import soloboard
from soloboard.agents import calibration as C
from soloboard.agents.evaluate import evaluator
from soloboard.agents.solve import sure_win
from soloboard.core.store import Store


def first_proof(game: Any, history: list[int]) -> tuple[int | None, dict[int, int]]:
    """The ply of the game's first decision where a sure win is proved (None: none), and every ply's round."""
    ev = evaluator(game)
    state = game.new_initial_state()
    first: int | None = None
    rounds: dict[int, int] = {}
    for ply, action in enumerate(history):
        rounds[ply] = state.round
        if (first is None and not state.is_chance_node() and len(state.legal_actions()) > 1
                and sure_win(state, ev) is not None):
            first = ply
        state.apply_action(action)
    return first, rounds


class Setup:
    """One setup's games: counts and the (chance shown, outcome) pairs, stored and derived."""

    def __init__(self) -> None:
        self.games = self.won = self.held = self.lost_held = 0
        self.stored: tuple[list[float], list[float]] = ([], [])
        self.derived: tuple[list[float], list[float]] = ([], [])

    def add(self, cal: C.Calibrator, won: bool, estimates: list[tuple[int, float]], first: int | None,
            rounds: dict[int, int]) -> None:
        self.games += 1
        self.won += won
        self.held += first is not None
        self.lost_held += first is not None and not won
        now_won = 1.0 if won or first is not None else 0.0
        for ply, raw in estimates:
            chance = cal.chance(raw, ply)
            self.stored[0].append(chance)
            self.stored[1].append(1.0 if won else 0.0)
            if first is None or ply < first:
                self.derived[0].append(chance)
                self.derived[1].append(now_won)
            elif rounds.get(ply) == rounds[first]:  # the proved round: today's search says 1 there, and wins
                self.derived[0].append(1.0)
                self.derived[1].append(1.0)


def _measures(pairs: tuple[list[float], list[float]]) -> str:
    chances, outcomes = pairs
    if not chances:
        return "no estimates stored"
    return (f"ECE {C.ece(chances, outcomes):.3f}, Brier {C.brier(chances, outcomes):.3f} "
            f"(base rate {C.base_rate_brier(outcomes):.3f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", required=True, action="append",
                        help="a SQLite store the games are in (again for more: a setup's games are pooled)")
    parser.add_argument("--game", default="ufs", choices=("ufs", "ufs-pnp"))
    parser.add_argument("--player", help="the agent, as stored (e.g. mcts@5000it; default: every agent)")
    args = parser.parse_args(argv)
    setups: dict[tuple[str, str], Setup] = defaultdict(Setup)
    games: dict[str, Any] = {}
    for path in args.store:
        with Store(path) as store:
            for row in store.histories(game=args.game, player=args.player):
                params = json.dumps(row["params"], sort_keys=True)
                if params not in games:
                    games[params] = soloboard.load_game(args.game, **row["params"])
                game = games[params]
                first, rounds = first_proof(game, row["history"])
                setups[(params, row["player"])].add(C.calibrator(game), row["won"], row["estimates"], first, rounds)
    if not setups:
        print(f"no finished {args.game} games in {', '.join(args.store)}"
              + (f" by {args.player}" if args.player else ""))
        return 1
    for (params, player), s in sorted(setups.items()):
        print(f"{params} {player}: {s.games} games, {s.won} won; a sure win proved in {s.held}, "
              f"{s.lost_held} of them lost: with sure wins {s.won + s.lost_held} won")
        print(f"  the chances shown, stored outcomes: {_measures(s.stored)}")
        print(f"  the chances shown, the outcomes with sure wins: {_measures(s.derived)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
