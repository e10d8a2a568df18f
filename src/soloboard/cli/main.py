"""The ``soloboard`` command line: every subcommand (play, replay, resume, sim, bench, hint, review,
report, calibrate, serve, campaign) and the options of each game (from its kit)."""

from __future__ import annotations

import argparse
import shlex
import sys
import textwrap
from collections.abc import Iterable
from typing import Any, NoReturn

from soloboard import __version__
from soloboard.agents.base import DEFAULT_AGENT
from soloboard.agents.base import names as agent_names
from soloboard.cli.campaign import add_parser as add_campaign_parser
from soloboard.cli.campaign import run as run_campaign
from soloboard.cli.campaign import wrap_width
from soloboard.core.registry import game_names, kit, kits, report_options
from soloboard.i18n import LANGUAGES, N_, _, detect, pgettext, set_language

# what 'soloboard --help' says first: plain text (argparse prints it as it is, no reST), every subcommand
DESCRIPTION = N_("soloboard: digital editions of solo board games. Commands: play (a game in the terminal), "
                 "replay (step through a saved game), resume (the game left last), sim (many games played by an "
                 "agent), bench (speed), hint (the best moves of a saved position), review (a saved game's costly "
                 "decisions), report (win rates, as HTML), calibrate (do the AI's chances hold?), serve (play in "
                 "the browser), campaign (the boxed game's campaign). 'soloboard COMMAND --help' says more.")


def _game_params(args: argparse.Namespace) -> dict[str, Any]:
    """The options given for ``args.game`` (its kit's parameters); an option of another game is refused (ValueError)."""
    own = {p.flag: p for p in kit(args.game).parameters if p.flag} if args.game else {}
    for game_kit in kits():
        for p in game_kit.parameters:
            if p.flag and p.flag not in own and getattr(args, p.dest, None) is not None:
                takes = ", ".join(own) or "no options"
                raise ValueError(f"{p.flag} is an option of {game_kit.name}, not of {args.game} "
                                 f"({args.game} takes: {takes})")
    params: dict[str, Any] = {}
    for p in own.values():
        value = getattr(args, p.dest, None)
        if value is not None and value != "":
            params[p.name] = value
    return params


def _add_game_options(p: argparse.ArgumentParser, optional_game: bool = False) -> None:
    if optional_game:  # 'play --resume' may leave the game out: the latest autosave says which
        p.add_argument("game", nargs="?", choices=game_names(), help=_("which game"))
    else:
        p.add_argument("game", choices=game_names(), help=_("which game"))
    added: set[str] = set()
    for game_kit in kits():
        group = p.add_argument_group(_("{game} ({title}) options").format(game=game_kit.name,
                                                                           title=_(game_kit.title)))
        for param in game_kit.parameters:
            if not param.flag or param.flag in added:  # two games may share an option: it is offered once
                continue
            added.add(param.flag)
            # cli_help is a msgid of the kit, as the dialog's label and help are
            group.add_argument(param.flag, dest=param.dest, type=param.cli_type, choices=param.cli_choices,
                               help=_(param.cli_help) if param.cli_help else None)


def _seats(text: str) -> list[int]:
    """--ai-seats: seats as people count them (from 1; you are seat 1), returned 0-based for the API."""
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of seat numbers like 2,3") from None
    if any(s < 1 for s in seats):
        raise argparse.ArgumentTypeError(f"{text!r}: seats are numbered from 1 (you are seat 1), e.g. 2,3")
    return [s - 1 for s in seats]


def _add_lang_option(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: no --lang after the command leaves the one given before it ('soloboard --lang cs play')
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help=_("language of the board and the narration (default: $SOLOBOARD_LANG, else the locale, "
                          "else en)"))


def _set_language(asked: str | None) -> None:
    """--lang, else SOLOBOARD_LANG, else the locale (LANG, LC_MESSAGES...), else English."""
    set_language(asked or detect())


def _asked_language(argv: list[str]) -> str | None:
    """The --lang of a command line argparse has not read yet (its help is built in that language): the
    last one given, as argparse keeps; a value that is not a language is left for argparse to refuse."""
    asked = None
    for i, word in enumerate(argv):
        if word == "--":  # what follows is a file or a name, never an option
            break
        if word.startswith("--lang="):
            value: str | None = word.partition("=")[2]
        elif word == "--lang":
            value = argv[i + 1] if i + 1 < len(argv) else None
        else:
            continue
        asked = value if value in LANGUAGES else None
    return asked


class HelpFormatter(argparse.HelpFormatter):
    """argparse's own words in the player's language: they come from Python's gettext domain 'argparse',
    which has no translations installed, so the usage prefix and the two titles argparse gives are ours."""

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action], groups: Iterable[Any],
                      prefix: str | None) -> str:
        if prefix is None:
            prefix = pgettext("help", "usage:") + " "
        return super()._format_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        # the groups every parser has, titled in English when argparse made them
        if heading == "positional arguments":
            heading = pgettext("help", "positional arguments")
        elif heading == "options":
            heading = pgettext("help", "options")
        super().start_section(heading)


class Parser(argparse.ArgumentParser):
    """argparse's parser, in the player's language (our formatter, and our -h whose help is in the
    catalog), whose error (an unknown command, a missing value: 'choose from' lists every choice) is
    wrapped to the terminal like its help instead of running past the screen's edge."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        kwargs["add_help"] = False  # argparse's own -h says its English words
        super().__init__(*args, **kwargs)
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        text = f"{self.prog}: error: {message}"
        width = wrap_width(sys.stderr)
        if width is not None:
            text = textwrap.fill(text, width, subsequent_indent="  ", break_on_hyphens=False, break_long_words=False)
        self.exit(2, text + "\n")


# the --ray option of sim, report and calibrate (agents/simulate.py, docs/research.md)
RAY_HELP = N_("run the games as Ray tasks: a cluster's address, auto (the cluster `ray start --head` started here, or "
              "$RAY_ADDRESS), or local (a new Ray instance on this machine)")


def build_parser() -> argparse.ArgumentParser:
    """The command line, its help in the language in force (main sets it from the command line first)."""
    parser = Parser(prog="soloboard", description=_(DESCRIPTION))
    parser.add_argument("--version", action="version", version=f"soloboard {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--lang", choices=LANGUAGES,
                        help=_("language of the help, the board and the messages, for every command (default: "
                               "$SOLOBOARD_LANG, else the locale, else en)"))
    # the description names the command as 'soloboard COMMAND --help' does, in the same language
    sub = parser.add_subparsers(dest="command", required=True, metavar=pgettext("help", "COMMAND"))
    _add_play_parsers(sub)
    _add_speed_parsers(sub)
    _add_agent_parsers(sub)
    p = sub.add_parser("serve", help=_("play in the browser: a local web server (docs/web.md)"))
    p.add_argument("--host", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1: this machine only; "
                                                         "0.0.0.0 lets phones on your network join)"))
    p.add_argument("--port", type=int, default=8000, help=_("port (default 8000; 0: any free port)"))
    p.add_argument("--db", help=_("the store: a SQLite file, or a PostgreSQL database as postgresql://user@host/dbname "
                                  "(default $SOLOBOARD_STORE, else ~/.local/share/soloboard/soloboard.sqlite3)"))
    p.add_argument("--workers", type=int, default=1,
                   help=_("server processes sharing the address and the store (default 1; docs/web.md)"))
    _add_report_parsers(sub)
    add_campaign_parser(sub)  # the campaign (issue 11)
    return parser


def _add_play_parsers(sub: Any) -> None:
    """play, replay and resume: games in the terminal."""
    p = sub.add_parser("play", help=_("play a game in the terminal"))
    _add_game_options(p, optional_game=True)
    p.add_argument("--seed", type=int, help=_("seed for the dice (default: random)"))
    p.add_argument("--resume", action="store_true",
                   help=_("continue the game left last (of this game, if one is named): see 'soloboard resume'"))
    p.add_argument("--ai-seats", dest="ai_seats", type=_seats,
                   help=_("monstros: seats an agent plays (--ai), numbered from 1 as on the screen (you are seat 1), "
                          "e.g. 2,3"))
    p.add_argument("--ai", choices=agent_names(), default=DEFAULT_AGENT,
                   help=_("monstros: the agent of the --ai-seats (default: mcts, the strongest; greedy moves at "
                          "once)"))
    p.add_argument("--budget", help=_("--ai mcts: thinking time or iterations per move (default 5000it, about 0.3 s; "
                                      "e.g. 1s, 2000it)"))
    _add_lang_option(p)

    p = sub.add_parser("replay", help=_("step through a saved game: back, forward, to a round; continue to play on"))
    p.add_argument("file")
    p.add_argument("--all", action="store_true", help=_("print every step without waiting for Enter"))
    p.add_argument("--round", dest="round_no", type=int, help=_("start at this round"))
    _add_lang_option(p)

    p = sub.add_parser("resume", help=_("continue the game left last (quit, Ctrl-C or end of input keep it)"))
    p.add_argument("game", nargs="?", choices=game_names(), help=_("which game's autosave (default: the latest)"))
    _add_lang_option(p)


def _add_speed_parsers(sub: Any) -> None:
    """sim and bench: many games, and how fast."""
    p = sub.add_parser("sim", help=_("simulate many games with an agent and report win rates"))
    _add_game_options(p)
    p.add_argument("--agent", default="random",
                   help=_("random (default), greedy, mcts, or your own as package.module:Class; options after "
                          "the name, e.g. mcts(backup=max)"))
    p.add_argument("--budget", help=_("mcts: time or iterations per decision, e.g. 0.3s (default) or 2000it"))
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=1, help=_("worker processes"))
    p.add_argument("--ray", help=_(RAY_HELP))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))

    p = sub.add_parser("bench", help=_("measure playout, clone and apply-action speed"))
    _add_game_options(p)
    p.add_argument("--seconds", type=float, default=2.0, help=_("length of each timed run"))
    p.add_argument("--runs", type=int, default=5, help=_("timed runs; the median is reported"))
    p.add_argument("--adapters", action="store_true",
                   help=_("random games per second through OpenSpiel, Gymnasium and PettingZoo, each against the "
                          "raw engine, and the vector environment's steps per second (with the adapters' "
                          "optional extra installed)"))


def _add_agent_parsers(sub: Any) -> None:
    """hint and review, the agents' advice (issue 10): cli/hint.py, cli/review.py."""
    p = sub.add_parser("hint", help=_("the three best moves of a saved game's position, with their chances"))
    p.add_argument("file")
    p.add_argument("--budget", help=_("search time or iterations (default 5000it, about 0.35 s)"))

    p = sub.add_parser("review", help=_("replay a saved game: the decisions that cost the most"))
    p.add_argument("file")
    p.add_argument("--budget", help=_("search per decision (default: the hint's, 5000it)"))
    p.add_argument("--top", type=int, default=10, help=_("how many decisions to list (default 10)"))
    _add_lang_option(p)


def _add_report_parsers(sub: Any) -> None:
    """report and calibrate: the agents measured over many games (cli/report.py, cli/calibrate.py)."""
    p = sub.add_parser("report", help=_("win rates of agents over setups: an HTML report (games kept in SQLite)"))
    p.add_argument("game", choices=game_names(), help=_("which game"))
    p.add_argument("--agents", default="greedy,mcts",
                   help=_("comma-separated agents, each with its own budget after @ if wanted (default: greedy,mcts; "
                          "e.g. greedy,mcts,mcts@1s,hindsight; options after the name: mcts(backup=max)@1s)"))
    p.add_argument("--budget", help=_("mcts: time or iterations per decision (default 0.3s)"))
    p.add_argument("--games", type=int, default=100, help=_("games per agent and setup (default 100)"))
    _add_report_options(p)
    p.add_argument("--seed", type=int, default=0)
    _add_store_options(p)
    p.add_argument("--out", default="report.html", help=_("the HTML file to write (default report.html)"))

    p = sub.add_parser("calibrate", help=_("do the chances the agent shows mean what they say? (reliability, ECE, "
                                           "Brier, coverage)"))
    p.add_argument("game", choices=game_names(), help=_("which game"))
    p.add_argument("--agent", default="mcts", help=_("the agent whose estimates are checked (default mcts; options "
                                                     "after the name, e.g. mcts(backup=max))"))
    p.add_argument("--budget", help=_("its budget per decision (default: the hint's, 5000it)"))
    p.add_argument("--games", type=int, default=100, help=_("games per setup (default 100)"))
    _add_report_options(p)
    p.add_argument("--seed", type=int, default=7, help=_("seed of the games (use one the map was not fitted on)"))
    _add_store_options(p)
    p.add_argument("--fit", metavar="FILE", help=_("fit a new calibration map on these games and write it to FILE"))
    p.add_argument("--add-to", metavar="FILE",
                   help=_("add the set-ups of these games to the map in FILE, keeping its slopes and its other "
                          "set-ups"))
    p.add_argument("--refit-in", metavar="FILE",
                   help=_("fit the set-ups of these games, which the map in FILE covers, anew on their own games "
                          "(their own slopes), keeping its other set-ups"))
    p.add_argument("--pool", action="store_true",
                   help=_("with --refit-in: refit on these games and on the set-up's decisions kept beside the map "
                          "from games of other seeds"))
    p.add_argument("--cross-fit", action="store_true",
                   help=_("judge each game by a map fitted on the other half of the games (even/odd)"))
    p.add_argument("--by-seed", metavar="FILE",
                   help=_("judge each seed's games (these and those kept beside the map in FILE) by its set-up "
                          "refitted on the games of the other seeds"))
    p.add_argument("--map", metavar="FILE", dest="judge",
                   help=_("judge these games by the map in FILE (a copy being refitted, say) instead of the shipped "
                          "one"))
    p.add_argument("--withdraw-from", metavar="FILE", dest="withdraw",
                   help=_("play nothing: stop showing chances for these set-ups, whose entries in the map in FILE "
                          "were fitted on games of an evaluation since changed (--why says what changed); "
                          "--refit-in on new games brings one back"))
    p.add_argument("--why", help=_("with --withdraw-from: what changed since the set-ups were fitted"))
    p.add_argument("--also", action="append", default=[], metavar="OPTIONS",
                   help=_("more set-ups, in the same options (repeatable), e.g. --also \"--players 3 --difficulties "
                          "iniciante\", with its own --games if wanted: one map over set-ups that are not a full "
                          "grid"))


def _add_report_options(p: argparse.ArgumentParser) -> None:
    """The set-ups a report or a calibration sweeps, every game's (its kit's msgids)."""
    for option in report_options():
        p.add_argument(option.flag, dest=option.dest, help=_(option.help))


def _setup_options(text: str) -> dict[str, Any]:
    """The set-up options of one ``--also`` (``"--players 3 --difficulties iniciante"``), with its own
    ``--games`` if it says (``games``: None where it does not)."""
    parser = argparse.ArgumentParser(prog="--also", add_help=False)
    _add_report_options(parser)
    parser.add_argument("--games")
    try:
        parsed, rest = parser.parse_known_args(shlex.split(text))
    except ValueError as exc:  # unbalanced quotes
        raise ValueError(f"--also {text!r}: {exc}") from None
    if rest:
        raise ValueError(f"--also takes only set-up options ({', '.join(o.flag for o in report_options())}) "
                         f"and --games; not {' '.join(rest)}")
    games = _count(parsed.games) if parsed.games is not None else None
    return {"games": games, **{option.dest: getattr(parsed, option.dest) for option in report_options()}}


def _count(text: str) -> int:
    """A number of games in ``--also`` (not argparse's ``type``: its error would end the program)."""
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"--also: --games takes a number of games, not {text!r}") from None


def _add_store_options(p: argparse.ArgumentParser) -> None:
    """Where report and calibrate play: local processes or Ray, and the store they keep the games in."""
    p.add_argument("--jobs", type=int, help=_("local worker processes (default: every core)"))
    p.add_argument("--ray", help=_(RAY_HELP))
    p.add_argument("--store", help=_("the SQLite store (default ~/.local/share/soloboard/soloboard.sqlite3)"))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:  # before the parsers are built: their help is in the language the command will speak
        _set_language(_asked_language(argv))
    except ValueError:  # a bad SOLOBOARD_LANG: the help in English; the command below says what is wrong
        set_language("en")
    args = build_parser().parse_args(argv)
    try:
        _set_language(getattr(args, "lang", None))  # a bad SOLOBOARD_LANG is a ValueError naming the five languages
        if args.command == "resume" or (args.command == "play" and args.resume):
            if args.command == "play" and (args.seed is not None or _game_params(args)):
                raise ValueError("--resume continues a game as it was: it takes no game options or --seed")
            from soloboard.cli.resume import run_resume

            return run_resume(args.game)
        if args.command == "play":
            if args.game is None:
                raise ValueError(f"which game? soloboard play GAME (one of: {', '.join(game_names())}), "
                                 "or soloboard play --resume")
            game_kit = kit(args.game)
            if args.ai_seats is not None and not game_kit.seats:
                raise ValueError(f"--ai-seats is for multi-player games; {args.game} is played by one person")
            return int(game_kit.terminal_part().play(args.game, _game_params(args), seed=args.seed,
                                                     ai_seats=args.ai_seats, ai=args.ai, budget=args.budget))
        if args.command == "campaign":
            return run_campaign(args)
        if args.command == "replay":
            from soloboard.cli.replay import run_replay

            return run_replay(args.file, step=not args.all, round_no=args.round_no)
        if args.command == "sim":
            from soloboard.cli.sim import run_sim

            return run_sim(args.game, _game_params(args), agent=args.agent, games=args.games,
                           jobs=args.jobs, seed=args.seed, as_json=args.json, budget=args.budget, ray=args.ray)
        if args.command == "bench":
            from soloboard.cli.bench import run_bench

            return run_bench(args.game, _game_params(args), seconds=args.seconds, runs=args.runs,
                             adapters=args.adapters)
        if args.command == "hint":
            from soloboard.cli.hint import run_hint

            return run_hint(args.file, budget=args.budget)
        if args.command == "review":
            from soloboard.cli.review import run_review

            return run_review(args.file, budget=args.budget, top=args.top)
        if args.command == "serve":
            from soloboard.web.app import serve

            return serve(args.host, args.port, args.db, args.workers)
        if args.command == "report":
            from soloboard.cli.report import run_report

            return run_report(args.game, agents=args.agents, games=args.games, budget=args.budget, seed=args.seed,
                              jobs=args.jobs, ray=args.ray, store=args.store, out=args.out,
                              command=shlex.join(["soloboard", *argv]),
                              **{option.dest: getattr(args, option.dest) for option in report_options()})
        if args.command == "calibrate":
            from soloboard.cli.calibrate import run_calibrate

            return run_calibrate(args.game, agent=args.agent, budget=args.budget, games=args.games, seed=args.seed,
                                 jobs=args.jobs, ray=args.ray, store=args.store, fit=args.fit, add_to=args.add_to,
                                 refit_in=args.refit_in, pool=args.pool, by_seed=args.by_seed, judge=args.judge,
                                 withdraw=args.withdraw, why=args.why, cross_fit=args.cross_fit,
                                 also=[_setup_options(text) for text in args.also],
                                 command=shlex.join(["soloboard", *argv]),
                                 **{option.dest: getattr(args, option.dest) for option in report_options()})
    except ValueError as exc:  # invalid parameters: a message, not a traceback
        print(f"soloboard: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
