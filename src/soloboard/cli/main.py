"""``soloboard`` command line: play, replay, sim, bench."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from soloboard.core.registry import game_names

# each game's options: command-line flag -> (attribute of the parsed arguments, parameter of load_game)
_GAME_OPTIONS: dict[str, dict[str, tuple[str, str]]] = {
    "ufs": {
        "--city": ("city", "city"),
        "--threat": ("threat", "threat"),
        "--sky": ("sky", "sky"),
        "--unidentified": ("unidentified", "unidentified_action"),
    },
    "ufs-pnp": {
        "--level": ("level", "level"),
        "--energy-rule": ("energy_rule", "energy_rule"),
    },
    "monstros": {
        "--players": ("players", "players"),
        "--difficulty": ("difficulty", "difficulty"),
        "--deck": ("deck", "deck"),
        "--five-removal": ("five_removal", "five_removal"),
    },
}


def _game_params(args: argparse.Namespace) -> dict[str, Any]:
    """The options given for ``args.game``; an option of another game is refused (ValueError)."""
    own = _GAME_OPTIONS.get(args.game, {})
    for game, options in _GAME_OPTIONS.items():
        for flag, (attr, _) in options.items():
            if flag not in own and getattr(args, attr, None) is not None:
                takes = ", ".join(own) or "no options"
                raise ValueError(f"{flag} is an option of {game}, not of {args.game} ({args.game} takes: {takes})")
    params: dict[str, Any] = {}
    for attr, param in own.values():
        value = getattr(args, attr, None)
        if value is not None and value != "":
            params[param] = value
    return params


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=game_names(), help="which game")
    boxed = p.add_argument_group("ufs (boxed edition) options")
    boxed.add_argument("--city", help="roswell (default) | new-york | washington")
    boxed.add_argument("--threat", type=int,
                       help="threat level 0-4: that many sky tiles, drawn at random, on their threat side")
    boxed.add_argument("--sky", help="every sky tile's side, bottom tile first, e.g. ETEE (E easy, T threat)")
    boxed.add_argument("--unidentified", choices=["damage", "none"],
                       help="how to play the two unidentified mothership symbols (default: damage)")
    pnp = p.add_argument_group("ufs-pnp (9-card edition) options")
    pnp.add_argument("--level", type=int,
                     help="level 0-8: that many cards, drawn at random, on their difficult side (only 0 is "
                          "playable: the difficult sides are not known)")
    pnp.add_argument("--energy-rule", dest="energy_rule", choices=["max", "add"],
                     help="energy room: max = energy becomes max(energy, value), the rulebook (default); "
                          "add = add the value, the later edition")
    monstros = p.add_argument_group("monstros options")
    monstros.add_argument("--players", type=int, help="1-6 players (1 = modo solo; default 2)")
    monstros.add_argument("--difficulty", help="iniciante (default) | facil | medio | dificil | epico")
    monstros.add_argument("--deck", help="a JSON deck file with the real cards (default: the reconstructed deck)")
    monstros.add_argument("--five-removal", dest="five_removal", choices=["any", "forced-only"],
                          help="with five cards on the board: remove a triple or all five (any, default), "
                               "or all five only when no triple can go (forced-only)")


def _seats(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of seat numbers like 1,2") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="soloboard", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play a game in the terminal")
    _add_game_options(p)
    p.add_argument("--seed", type=int, help="seed for the dice (default: random)")
    p.add_argument("--ai-seats", dest="ai_seats", type=_seats,
                   help="monstros: seats the random agent plays, numbered from 0 as on the screen, e.g. 1,2")

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
            if args.game == "monstros":
                from soloboard.cli.play_monstros import run_play_monstros

                return run_play_monstros(_game_params(args), seed=args.seed, ai_seats=args.ai_seats)
            if args.ai_seats is not None:
                raise ValueError(f"--ai-seats is for multi-player games; {args.game} is played by one person")
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
