"""``soloboard`` command line: play, replay, sim, bench."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from soloboard.core.registry import game_names


def _game_params(args: argparse.Namespace) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if getattr(args, "city", None):
        params["city"] = args.city
    if getattr(args, "threat", None) is not None:
        params["threat"] = args.threat
    if getattr(args, "sky", None):
        params["sky"] = args.sky
    if getattr(args, "unidentified", None):
        params["unidentified_action"] = args.unidentified
    return params


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=game_names(), help="which game")
    p.add_argument("--city", help="roswell (default) | new-york | washington")
    p.add_argument("--threat", type=int,
                   help="threat level 0-4: that many sky tiles, drawn at random, on their threat side")
    p.add_argument("--sky", help="every sky tile's side, bottom tile first, e.g. ETEE (E easy, T threat)")
    p.add_argument("--unidentified", choices=["damage", "none"],
                   help="how to play the two unidentified mothership symbols (default: damage)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="soloboard", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play a game in the terminal")
    _add_game_options(p)
    p.add_argument("--seed", type=int, help="seed for the dice (default: random)")

    p = sub.add_parser("replay", help="step through a saved game")
    p.add_argument("file")
    p.add_argument("--all", action="store_true", help="print every step without waiting for Enter")

    p = sub.add_parser("sim", help="simulate many games with an agent and report win rates")
    _add_game_options(p)
    p.add_argument("--agent", default="random", help="agent to play (default: random)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("bench", help="measure playout, clone and apply-action speed")
    _add_game_options(p)
    p.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    p.add_argument("--runs", type=int, default=5, help="timed runs; the median is reported")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            from soloboard.cli.play import run_play

            return run_play(args.game, _game_params(args), seed=args.seed)
        if args.command == "replay":
            from soloboard.cli.replay import run_replay

            return run_replay(args.file, step=not args.all)
        if args.command == "sim":
            from soloboard.cli.sim import run_sim

            return run_sim(args.game, _game_params(args), agent=args.agent, games=args.games,
                           jobs=args.jobs, seed=args.seed, as_json=args.json)
        if args.command == "bench":
            from soloboard.cli.bench import run_bench

            return run_bench(args.game, _game_params(args), seconds=args.seconds, runs=args.runs)
    except ValueError as exc:  # invalid parameters: a message, not a traceback
        print(f"soloboard: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
