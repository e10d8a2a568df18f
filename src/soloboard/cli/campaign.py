"""``soloboard campaign``: the boxed rulebook's campaign in the terminal (docs/campaign.md).

Each subcommand is one step; the campaign lives in the SQLite store, so steps can be taken
days apart (and the browser sees the same campaigns). Commands act on the campaign played
last unless ``--campaign NAME`` says which.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any, TextIO

from rich.cells import cell_len

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import LANGUAGES, _, ngettext, pgettext, set_language

InputFn = Callable[[str], str]

# Every `soloboard` command loads this module (main builds its parser), so what only a step needs
# (the store, the campaign package, rich, the terminal game) is imported inside that step.


class _LangAction(argparse.Action):
    """``--lang``: takes effect as the command line is read, so a step run from a parsed command line
    without ``main`` (a test's ``run``) speaks it too; main has built the help in it already."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        set_language(str(values))
        setattr(namespace, self.dest, values)


def wrap_width(stream: TextIO | None) -> int | None:
    """The width to wrap prose at on ``stream``: a terminal's (at most 100 columns), or $COLUMNS's
    when set; None for a pipe or a file, whose lines stay whole for the programs that read them."""
    stream = stream if stream is not None else sys.stdout
    if "COLUMNS" not in os.environ and not (hasattr(stream, "isatty") and stream.isatty()):
        return None
    return min(shutil.get_terminal_size((80, 24)).columns, 100) - 1


def say(text: str, hanging: str | None = None, file: TextIO | None = None) -> None:
    """Print ``text`` wrapped to the terminal: a long line goes on under its own indent (or
    ``hanging``) instead of the terminal breaking it anywhere; short lines and tables stay."""
    width = wrap_width(file)
    for line in str(text).split("\n"):
        if width is None or cell_len(line) <= width:
            print(line, file=file)
            continue
        indent = hanging if hanging is not None else line[:len(line) - len(line.lstrip())]
        print(textwrap.fill(line, width, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False),
              file=file)


def add_parser(sub: Any) -> None:
    """Register ``campaign`` and its subcommands on the main parser's subparsers (main's parser class,
    whose help is in the language in force)."""
    text = _("the campaign: chapters, piles, battles, journal (companion or digital)")
    p = sub.add_parser("campaign", help=text, description=text)
    p.add_argument("--store", help=_("the SQLite store (default ~/.local/share/soloboard/soloboard.sqlite3)"))
    # SUPPRESS: no --lang here leaves the one given before the command ('soloboard --lang cs campaign')
    p.add_argument("--lang", choices=LANGUAGES, action=_LangAction, default=argparse.SUPPRESS,
                   help=_("language of the sheet, the journal and the messages (default: $SOLOBOARD_LANG, else the "
                          "locale, else en)"))
    # STEP, not the list of every step: that list is wider than a terminal (the steps are listed below it)
    steps = p.add_subparsers(dest="step", required=True, metavar="STEP")

    def step(name: str, text: str, which: bool = True) -> argparse.ArgumentParser:
        s = steps.add_parser(name, help=text, description=text)
        # also after the step ("campaign status --store FILE"); SUPPRESS keeps the one given before it
        s.add_argument("--store", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        s.add_argument("--lang", choices=LANGUAGES, action=_LangAction, default=argparse.SUPPRESS,
                       help=argparse.SUPPRESS)
        if which:
            s.add_argument("--campaign", "-c", dest="name", help=_("which campaign (default: the one played last)"))
        return s

    s = step("new", _("start a new campaign: its name, and the first chapter's two piles"), which=False)
    s.add_argument("new_name", metavar="NAME")
    s.add_argument("--seed", type=int, help=_("the seed of the campaign's draws (default: random)"))
    s.add_argument("--threat", type=int, default=None,
                   help=_("the threat level 0-4 (default 1, the rulebook's normal)"))
    s.add_argument("--box", default="ufs-boxed",
                   help=_("the campaign's components: ufs-boxed (default) or a plugin's box"))
    step("list", _("every campaign in the store"), which=False)
    s = step("delete", _("delete a campaign for good: its journal and its games played in the browser"),
             which=False)
    s.add_argument("delete_name", metavar="NAME")
    s.add_argument("--yes", "-y", action="store_true", help=_("do not ask to confirm"))
    # status and journal take the campaign as -c NAME like every other step, or (as before) as NAME
    s = step("status", _("where the campaign stands and what to do next"))
    s.add_argument("status_name", metavar="NAME", nargs="?", help=_("the same as -c NAME"))
    s = step("choose", _("choose pile 1 or 2 (chapter 4: name the final battle's city)"))
    s.add_argument("pile", metavar="PILE")
    s = step("battle", _("set up the battle's next game: digital when soloboard knows every component, "
                         "otherwise what to set up at the table"))
    s.add_argument("--companion", action="store_true", help=_("play at the table even if soloboard could play it"))
    s = step("record", _("the result of the game in play: won, lost (X) or the threat level won at"))
    s.add_argument("result", metavar="RESULT")
    s = step("upgrade", _("a character turns to the upgraded side"))
    s.add_argument("character", metavar="CHARACTER", nargs="+")
    s = step("threat", _("change the threat level (0-4) for the games set up from now on"))
    s.add_argument("level", metavar="T", type=int)
    step("undo", _("take back the last record (a draw comes out the same when done again)"))
    s = step("journal", _("the campaign sheet and every record"))
    s.add_argument("journal_name", metavar="NAME", nargs="?", help=_("the same as -c NAME"))
    s.add_argument("--json", action="store_true", help=_("the records as JSON"))
    s = step("export", _("write the campaign to a JSON file"))
    s.add_argument("file", metavar="FILE")
    s = step("import", _("read a campaign from a JSON file (checked record by record)"), which=False)
    s.add_argument("file", metavar="FILE")
    s.add_argument("--as", dest="rename", help=_("store it under another name"))
    step("plugins", _("the component plugins loaded (entry point group soloboard.components)"), which=False)
    s = step("contents", _("what a chapter brings, by name: spoilers, shown only with --reveal or when you say yes"))
    s.add_argument("--chapter", type=int, metavar="N",
                   help=_("the chapter (default: the one the campaign has reached; a later one only when named)"))
    s.add_argument("--reveal", action="store_true", help=_("show the names without asking"))
    s = step("stars", _("a custom battle's difficulty in stars, as the rulebook counts them"), which=False)
    s.add_argument("--city", default="roswell")
    s.add_argument("--side", default="blue", choices=["blue", "damaged", "red"])
    s.add_argument("--scenario")
    s.add_argument("--character", action="append", default=[],
                   help=_("NAME or NAME:upgraded (repeat for a team)"))
    s.add_argument("--sky", default="EEEE",
                   help=_("bottom tile first: E/T for a basic tile, or TILE:easy / TILE:threat, comma-separated"))
    s.add_argument("--play", action="store_true",
                   help=_("play the battle here when soloboard knows every component of it"))
    s.add_argument("--seed", type=int, help=_("the dice seed of the game played with --play"))


def run(args: argparse.Namespace, *, input_fn: InputFn = input) -> int:
    from soloboard.core.store import Store, StoreError
    from soloboard.ufs.campaign.procedure import CampaignError

    try:
        if args.step == "plugins":
            return _plugins()
        if args.step == "stars":
            return _stars(args, input_fn)
        with Store(args.store) as store:
            from soloboard.ufs.campaign.repository import CampaignRepository

            return _step(CampaignRepository(store), args, input_fn)
    except IllegalActionError as exc:
        # rule names are msgids of the catalog (the engine keeps them in English)
        heading = _("Not allowed ({rule})").format(rule=_(exc.rule)) if exc.rule else _("Not allowed")
        say(f"{heading}: {exc}", "  ", file=sys.stderr)
        return 1
    except (CampaignError, StoreError) as exc:
        say(_("soloboard campaign: {error}").format(error=exc), "  ", file=sys.stderr)
        return 2


def _step(repo: Any, args: argparse.Namespace, input_fn: InputFn) -> int:
    """One step of the command line: a step that starts, lists, shows or moves a campaign, or one
    that changes it (``_change``)."""
    if args.step == "contents":
        return _contents(repo, args, input_fn)
    shows = {"new": _new, "list": _list, "status": _show, "journal": _show, "export": _export, "import": _import}
    if args.step in shows:
        return shows[args.step](repo, args)
    if args.step == "delete":
        return _delete(repo, args, input_fn)
    return _change(repo, args, input_fn)


def _delete(repo: Any, args: argparse.Namespace, input_fn: InputFn) -> int:
    """Delete a campaign after a yes (a terminal has no Undo: the question is the guard)."""
    name = repo.resolve(args.delete_name)
    if not args.yes:
        question = _("Delete campaign '{name}' for good, with its journal and its games played in the browser? "
                     "This cannot be undone. [y/N] ").format(name=name)
        try:
            answer = input_fn(question)
        except EOFError:
            answer = ""
        # English y/yes always; the language's own answer too (s/sim, a/ano, t/tak, s/sí), as the game asks
        if answer.strip().casefold() not in {"y", "yes", pgettext("answer", "y"), pgettext("answer", "yes")}:
            say(_("Nothing deleted."))
            return 1
    games = repo.delete(name)
    say(ngettext("Campaign '{name}' deleted, with {n} game played in the browser.",
                   "Campaign '{name}' deleted, with {n} games played in the browser.", games).format(
                       name=name, n=games))
    return 0


def _new(repo: Any, args: argparse.Namespace) -> int:
    from soloboard.ufs.campaign import sheet
    from soloboard.ufs.campaign.procedure import DEFAULT_THREAT, Campaign

    c = Campaign.new(args.new_name, seed=args.seed,
                     threat=DEFAULT_THREAT if args.threat is None else args.threat, box=args.box)
    repo.add(c)
    say(_("Campaign '{name}' started (seed {seed}: the same seed draws the same piles and skies).").format(
        name=c.name, seed=c.seed))
    say(sheet.sheet_text(c))
    return 0


def _list(repo: Any, args: argparse.Namespace) -> int:
    rows = repo.summaries()
    if not rows:
        say(_("No campaign yet: soloboard campaign new NAME"))
    for r in rows:
        if r.error is not None:
            say(_("{name}: cannot be read now: {why}").format(name=r.name, why=r.error))
            continue
        if r.phase == "over":
            state = pgettext("campaign", "over")
        else:
            state = ngettext("chapter {chapter}, {n} battle, {phase}", "chapter {chapter}, {n} battles, {phase}",
                             r.battles).format(chapter=r.chapter, n=r.battles, phase=_phase(r.phase))
        say(_("{name}: {state}; threat {threat}; last played {when}").format(
            name=r.name, state=state, threat=r.threat, when=r.updated_at[:16].replace("T", " ")))
    return 0


def _show(repo: Any, args: argparse.Namespace) -> int:
    """``status`` (the sheet and the set-up of the game in play) and ``journal`` (the sheet and every record)."""
    from soloboard.ufs.campaign import files, sheet

    step = args.step
    c, _revision = repo.load(_shown_name(args))
    if step == "journal" and args.json:
        print(files.dumps(c))
        return 0
    say(sheet.sheet_text(c))
    for note in sheet.notes(c):
        say(_("Note: {note}").format(note=note))
    if step == "status" and c.game is not None:
        print()
        say(sheet.setup(c)["text"])
    if step == "journal":
        print()
        say(_("Journal:"))
        say("\n".join(sheet.journal_lines(c)))
    return 0


def _shown_name(args: argparse.Namespace) -> str | None:
    """The campaign ``status`` / ``journal`` show: -c NAME or the positional NAME (one of them, or the same)."""
    positional, option = getattr(args, f"{args.step}_name", None), getattr(args, "name", None)
    if positional is not None and option is not None and positional != option:
        from soloboard.ufs.campaign.procedure import CampaignError

        raise CampaignError(_("two campaigns named: {first!r} and -c {second!r}; name one").format(
            first=positional, second=option))
    return option if option is not None else positional


def _export(repo: Any, args: argparse.Namespace) -> int:
    from soloboard.ufs.campaign import files

    c, _revision = repo.load(args.name)
    path = files.export(c, args.file)
    say(ngettext("Campaign '{name}' written to {path} ({n} record).",
                   "Campaign '{name}' written to {path} ({n} records).", len(c.records)).format(
                       name=c.name, path=path, n=len(c.records)))
    return 0


def _import(repo: Any, args: argparse.Namespace) -> int:
    from soloboard.ufs.campaign import files, sheet
    from soloboard.ufs.campaign.procedure import Campaign

    c = files.read(args.file)
    if args.rename:
        records = [dict(r) for r in c.records]
        records[0]["name"] = args.rename
        c = Campaign.from_records(records)
    from soloboard.ufs.campaign.repository import CampaignExists

    try:
        repo.add(c)
    except CampaignExists:
        raise CampaignExists(_("a campaign called {name!r} exists already: import it under another name with "
                               "--as, e.g. soloboard campaign import {file} --as 'NEW NAME'").format(
                                   name=c.name, file=args.file)) from None
    say(ngettext("Campaign '{name}' imported ({n} record checked).",
                   "Campaign '{name}' imported ({n} records checked).", len(c.records)).format(
                       name=c.name, n=len(c.records)))
    say(sheet.sheet_text(c))
    return 0


def _change(repo: Any, args: argparse.Namespace, input_fn: InputFn) -> int:
    """A step that changes the campaign: saved with the revision it was read at."""
    from soloboard.ufs.campaign import sheet

    step = args.step
    c, revision = repo.load(args.name)
    if step == "choose":
        if c.phase == "name_city":
            c.name_city(args.pile)
        else:
            c.choose(args.pile)
    elif step == "battle":
        return _battle(repo, c, revision, args, input_fn)
    elif step == "record":
        g = c.game
        if g is not None and g.mode == "digital":
            raise IllegalActionError(_("this game is played with soloboard: 'soloboard campaign battle' plays it "
                                       "and records its result (to play it at the table instead: 'soloboard "
                                       "campaign undo', then 'soloboard campaign battle --companion')"),
                                     "campaign: digital battles")
        c.record(args.result)
    elif step == "upgrade":
        c.upgrade(" ".join(args.character))
    elif step == "threat":
        c.set_threat(args.level)
    elif step == "undo":
        gone = c.undo()
        repo.save(c, revision)
        say(_("Undone: {records}").format(records=" ".join(sheet.describe(c, r) for r in gone)))
        say(sheet.sheet_text(c))
        return 0
    repo.save(c, revision)
    say(sheet.describe(c, _last_player_record(c)))
    say(sheet.sheet_text(c))
    for note in sheet.notes(c):
        say(_("Note: {note}").format(note=note))
    return 0


def _phase(phase: str) -> str:
    """Where a campaign stands (the stored phase id), in the current language."""
    # the stored ids (set_up, name_city...) are never shown: each has its words
    words = {"choose": pgettext("campaign phase", "choosing a pile"),
             "name_city": pgettext("campaign phase", "naming the city of The Final Battle"),
             "set_up": pgettext("campaign phase", "setting up a game"),
             "playing": pgettext("campaign phase", "game in play"),
             "over": pgettext("campaign phase", "over")}
    return words.get(phase, phase)


def _last_player_record(c: Any) -> dict[str, Any]:
    return next(r for r in reversed(c.records) if r.get("by") != "campaign")


def _battle(repo: Any, c: Any, revision: int, args: argparse.Namespace, input_fn: InputFn) -> int:
    from soloboard.ufs.campaign import battles, sheet

    if c.game is None:
        missing = battles.unknown_parts(c)
        info = battles.set_up(c, companion=args.companion)
        revision = repo.save(c, revision)
        if info["mode"] == "companion":
            if missing and not args.companion:
                say(_("Companion mode: soloboard does not know {parts}.").format(parts="; ".join(missing)))
            say(info["text"])
            return 0
        say(info["text"])
    elif c.game.mode == "companion":
        say(_("This game is set up for play at the table:"))
        say(sheet.setup(c)["text"])
        return 0
    return _play_digital(repo, c, revision, input_fn)


def _play_digital(repo: Any, c: Any, revision: int, input_fn: InputFn) -> int:
    from rich.console import Console
    from rich.text import Text

    from soloboard.cli.play import PlaySession
    from soloboard.ufs.campaign import battles, sheet

    class CampaignGame(PlaySession):
        def leave(self) -> None:  # the campaign keeps the set-up: the same game is dealt again
            self.console.print(Text(_("Game left unfinished; 'soloboard campaign battle' deals the same game "
                                      "again (same sky, same dice)."), style="dim"))

    game, seed = battles.new_game(c)
    console = Console(highlight=False)
    session = CampaignGame(game.new_initial_state(), seed, console, input_fn)
    session.run()
    if not session.state.is_terminal():
        return 0
    battles.record_state(c, session.state)
    repo.save(c, revision)
    say(sheet.describe(c, _last_player_record(c)))
    say(sheet.sheet_text(c))
    return 0


def _play_custom(game: Any, seed: int | None, input_fn: InputFn) -> int:
    """A custom battle played in the terminal, its components' rules included."""
    import random

    from rich.console import Console

    from soloboard.cli.play import PlaySession

    seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
    PlaySession(game.new_initial_state(), seed, Console(highlight=False), input_fn).run()
    return 0


def _plugins() -> int:
    from soloboard.ufs.campaign.plugins import ENTRY_POINT_GROUP, ENV_VAR, load_plugins

    loaded = load_plugins()
    if not loaded:
        say(_("No component plugins (entry point group {group}, or ${variable}); see docs/campaign.md.").format(
            group=ENTRY_POINT_GROUP, variable=ENV_VAR))
    for info in loaded:
        if info.error:
            what = _("error: {error}").format(error=info.error)
        else:
            what = ", ".join(info.added) or _("nothing added")
        say(f"{info.name} ({info.source}): {what}")
    return 0


def _contents(repo: Any, args: argparse.Namespace, input_fn: InputFn) -> int:
    """What a chapter brings, by name, once the player chose to see it (--reveal, or yes when asked)."""
    from soloboard.ufs.campaign import contents

    def tell(line: str) -> None:
        # a group's names and a marked name's note run on under their first word; sentences do not
        say(line, "      " if line.startswith("  ") else "  " if line.startswith("* ") else "")

    c, _revision = repo.load(args.name)
    # a chapter named by number may be ahead of the campaign: naming it is asking for it
    view = contents.chapter_view(c, args.chapter, ahead=args.chapter is not None)
    if not args.reveal and not view["in_the_box"]:
        number = view["chapter"]
        if input_fn is input and not sys.stdin.isatty():  # nobody to ask: say how to choose
            say(_("What chapter {n} brings is a spoiler: add --reveal to see its names "
                  "(soloboard campaign contents --chapter {n} --reveal).").format(n=number))
            return 0
        if view["ahead_note"]:
            say(view["ahead_note"])
        try:
            answer = input_fn(_("Show what chapter {n} brings? The names are spoilers. [y/N] ").format(n=number))
        except EOFError:
            answer = ""
        if answer.strip().casefold() not in {"y", "yes", pgettext("answer", "y"), pgettext("answer", "yes")}:
            say(_("Nothing shown."))
            return 0
    for line in contents.view_lines(view):
        tell(line)
    return 0


def _stars(args: argparse.Namespace, input_fn: InputFn) -> int:
    from soloboard.ufs.campaign import custom

    team = {}
    for item in args.character:
        name, _colon, side = item.partition(":")
        team[custom.find_component(name, "character")] = side.strip().lower() in ("upgraded", "u", "up")
    side = "damaged" if args.side in ("damaged", "red") else "blue"
    battle = custom.CustomBattle(custom.find_component(args.city, "city"), side,
                                 custom.find_component(args.scenario, "scenario") if args.scenario else None,
                                 team, custom.parse_sky(args.sky))
    say(custom.difficulty(battle).text)
    missing = custom.unknown_parts(battle)
    if missing:
        say(_("soloboard cannot play this battle: it does not know {parts}").format(parts="; ".join(missing)))
        say(_("Set it up and play it at the table."))
        return 0
    if args.play:
        return _play_custom(custom.new_game(battle), args.seed, input_fn)
    params = custom.engine_params(battle) or {}
    if battle.scenario or battle.characters or "sky_tiles" in params:  # rules 'soloboard play' does not take
        say(_("soloboard can play this battle: add --play to play it here."))
    else:
        say(_("soloboard can play this battle: {command}").format(
            command="soloboard play ufs " + " ".join(f"--{k} {v}" for k, v in params.items())))
    from soloboard.core.store import Store

    with Store(args.store) as store:
        for r in custom.measured(store, battle):
            if r["match"] == "exact":
                line = _("{agent}: won {wins} of {games} ({rate}) with these sides")
            else:
                line = _("{agent}: won {wins} of {games} ({rate}) with the same threat level, tiles drawn at random")
            say("  " + line.format(agent=r["agent"], wins=r["wins"], games=r["games"], rate=f"{r['rate']:.0%}"))
    return 0
