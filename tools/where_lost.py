"""Where are an agent's Under Falling Skies games lost? Replays the games of a store.

    python tools/where_lost.py --store h22.sqlite3 --player mcts@5000it

For every setup (the game's parameters) of the chosen agent's stored games: how many were
lost, how many of those had at some point paid every research space but the last (and so were
lost waiting for a room, or a robot, able to pay it), how many rounds that was before the
end (from the round the last-but-one space was first reached), how many a sky effect set
back, and how the game ended; and, over every game, the furthest space the excavator reached
and how many rounds began one space short, with the share of them that paid the last space
(set against the chance the research room allows, a measure of how well the end game is played),
the round in which each game first stood one space short or finished (on average), and the
research space at each round's start over the games still playing (the pace: two agents on the
same seeds compare on it, as docs/agents.md compares ``hindsight`` with the search).
It reads the engine's events (``research_changed``, ``round_started``, ``game_lost``,
``excavator_moved``) and, for the
"could the last space be paid" column, the evaluation's ``last_space_chance`` feature (the
chance one round pays it with the best research room dug out) at the end of the game.
docs/agents.md quotes its output ("Where the games are lost").
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from typing import Any

import soloboard
from soloboard.core.saves import replay
from soloboard.core.store import Store
from soloboard.ufs import actions as A
from soloboard.ufs import evaluate


def one_game(game: Any, history: list[int]) -> dict[str, Any]:
    """What a game shows: the furthest research space it reached (a sky effect can set research back)
    and where it ended, the rounds it stood one space short, how it ended, how far the excavator went."""
    state = game.new_initial_state()
    state.record_events()
    index = evaluate.FEATURE_NAMES.index("last_space_chance")
    room_chances = []  # at the start of every round begun one space short: the chance its room allows
    for action in history:
        round_before = state.round
        replay(state, (action,))  # (the sky, and with it the track's length, is drawn by the first action)
        if (state.round != round_before and state.research == state.sky.research_last - 1
                and not state.is_terminal()):
            room_chances.append(evaluate.features(state)[index])
    last = state.sky.research_last
    round_no = 0
    short_since: int | None = None  # the round the last-but-one space was first reached
    cause = ""
    reached = best = 0
    short_starts = paid = 0  # rounds begun one space short; of them, rounds that paid the last space
    began_short = False
    first_short: int | None = None  # the round in which research first reached the last space but one (or more)
    pace: dict[int, int] = {}  # round -> the research space at its start
    path_pos = state.base.pos
    furthest = state.base.path[state.base.excavator_start]  # the excavator's furthest space on the path
    for event in state.events():
        kind = event["kind"]
        if kind == "round_started":
            round_no = event["round"]
            pace[round_no] = reached
            began_short = reached == last - 1
            short_starts += began_short
        elif kind == "research_changed":
            paid += began_short and event["from"] == last - 1 and event["to"] == last
            reached = event["to"]
            best = max(best, reached)
            if reached == last - 1 and short_since is None:
                short_since = round_no
            if reached >= last - 1 and first_short is None:
                first_short = round_no
        elif kind == "game_lost":
            cause = event["cause"]
        elif kind == "excavator_moved":
            to = A.parse_space(event["to"])
            if path_pos[to] > path_pos[furthest]:
                furthest = to
    chance = evaluate.features(state)[evaluate.FEATURE_NAMES.index("last_space_chance")]
    return {"reached": reached, "best": best, "last": last, "cause": cause, "last_space_chance": chance,
            "excavator": A.space_name(furthest), "excavator_pos": path_pos[furthest],
            "short_rounds": None if short_since is None else round_no - short_since,
            "short_starts": short_starts, "paid": paid, "room_chances": room_chances,
            "first_short": first_short, "pace": pace}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", required=True, help="the SQLite store the games are in")
    parser.add_argument("--game", default="ufs", choices=("ufs", "ufs-pnp"))
    parser.add_argument("--player", help="the agent, as stored (e.g. mcts@5000it; default: every agent)")
    args = parser.parse_args(argv)
    by_setup: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    digs: dict[tuple[str, str], Counter[tuple[int, str]]] = defaultdict(Counter)  # every game's furthest dig
    short_rounds: Counter[tuple[str, str]] = Counter()  # rounds begun one space short (every game)
    paid_rounds: Counter[tuple[str, str]] = Counter()  # ... that paid the last space
    room_chances: dict[tuple[str, str], list[float]] = defaultdict(list)  # ... what their rooms allowed
    first_short: dict[tuple[str, str], list[int]] = defaultdict(list)  # the round each game first stood there
    pace: dict[tuple[str, str], dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    played: Counter[tuple[str, str]] = Counter()
    games: dict[str, Any] = {}
    with Store(args.store) as store:
        for row in store.histories(game=args.game, player=args.player):
            setup = (json.dumps(row["params"], sort_keys=True), row["player"])
            played[setup] += 1
            if setup[0] not in games:
                games[setup[0]] = soloboard.load_game(args.game, **row["params"])
            seen = one_game(games[setup[0]], row["history"])
            digs[setup][(seen["excavator_pos"], seen["excavator"])] += 1
            short_rounds[setup] += seen["short_starts"]
            paid_rounds[setup] += seen["paid"]
            room_chances[setup] += seen["room_chances"]
            if seen["first_short"] is not None:
                first_short[setup].append(seen["first_short"])
            for round_no, space in seen["pace"].items():
                pace[setup][round_no].append(space)
            if not row["won"]:
                by_setup[setup].append(seen)
    if not played:
        print(f"no finished {args.game} games in {args.store}" + (f" by {args.player}" if args.player else ""))
        return 1
    for setup in sorted(played):
        lost = by_setup.get(setup, [])
        short = [g for g in lost if g["best"] == g["last"] - 1]
        print(f"{setup[0]} {setup[1]}: {played[setup]} games, {len(lost)} lost")
        print("  the furthest the excavator went (every game): "
              + ", ".join(f"{name}: {n}" for (_, name), n in sorted(digs[setup].items(), reverse=True)))
        if short_rounds[setup]:
            allowed = room_chances[setup]
            print(f"  rounds begun one space short (every game): {short_rounds[setup]}; the last space paid in "
                  f"{paid_rounds[setup]} of them ({paid_rounds[setup] / short_rounds[setup]:.0%}); the research "
                  f"rooms dug out then allowed "
                  + (f"{statistics.mean(allowed):.0%} on average (all five dice on the best room)" if allowed
                     else "?"))
        reached = first_short[setup]
        print(f"  first stood one space short (or finished): {len(reached)} of {played[setup]} games"
              + (f", in round {statistics.mean(reached):.2f} on average (median {statistics.median(reached):g})"
                 if reached else ""))
        print("  the research space at a round's start, mean over the games still playing: "
              + ", ".join(f"round {r}: {statistics.mean(v):.1f} ({len(v)})" for r, v in sorted(pace[setup].items())))
        if not lost:
            continue
        waits = [g["short_rounds"] for g in short]
        print(f"  one space short (space {lost[0]['last'] - 1} of {lost[0]['last']}): {len(short)} of {len(lost)}"
              + (f", rounds from first reaching it to the end: median {statistics.median(waits):g}, max {max(waits)}"
                 if waits else "")
              + (f"; {sum(g['reached'] < g['best'] for g in short)} of them were set back before the end"
                 if short else ""))
        for label, group in (("  ended (one space short)", short),
                             ("  ended (further back)", [g for g in lost if g["best"] < g["last"] - 1])):
            if group:
                causes = Counter(g["cause"] for g in group)
                print(f"{label}: " + "; ".join(f"{c or '?'}: {n}" for c, n in causes.most_common()))
        if short:
            chances = [g["last_space_chance"] for g in short]
            print(f"  the chance a round paid the last space at the end (evaluation's table, best research room "
                  f"dug out): median {statistics.median(chances):.2f}; 0 in {sum(c == 0 for c in chances)} games")
        spaces = Counter(g["best"] for g in lost)
        print("  furthest research space the lost games reached: "
              + ", ".join(f"{s}: {n}" for s, n in sorted(spaces.items(), reverse=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
