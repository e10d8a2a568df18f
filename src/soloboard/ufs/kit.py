"""The kits of Under Falling Skies: the boxed edition (``ufs``) and the 9-card edition (``ufs-pnp``).

What the front ends, agents and adapters ask about either edition (``core/kit.py``). Both
editions share the narrator, the board view, the evaluation, the observation and the terminal;
they differ in their parameters, their report axis and how their difficulty counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from soloboard.core.kit import GameKit, Parameter, ReportAxis, ReportOption, Setup, parse_range, words
from soloboard.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Sequence

    from soloboard.core.api import Game, State
    from soloboard.core.difficulty import Difficulty
    from soloboard.core.events import Event

SKY_TILES = 4  # the boxed sky's tiles (ufs/components.py checks the data against it)

# the words of values that are not names of things the narrator knows
_VALUE_WORDS = {
    ("unidentified_action", "damage"): N_("damage"), ("unidentified_action", "none"): N_("no effect"),
    ("energy_rule", "max"): N_("max (the rulebook)"), ("energy_rule", "add"): N_("add (the later edition)"),
}


@dataclass(frozen=True)
class UFSKit(GameKit):
    """What both editions share: one narrator (which takes the game, not the state), one board
    view, evaluation, observation and terminal part, one board module in the page."""

    narrator: str = "soloboard.ufs.narrate"
    view: str = "soloboard.ufs.board_view"
    evaluation: str = "soloboard.ufs.evaluate"
    observation: str = "soloboard.ufs.observation"
    terminal: str = "soloboard.cli.play:TERMINAL"
    board: str = "ufs"

    def sentence(self, event: Event, state: State) -> str:
        from soloboard.ufs import narrate

        return narrate.sentence(event, state.game)

    def preview_text(self, events: Sequence[Event], state: State) -> str:
        from soloboard.ufs import narrate

        return narrate.preview_text(events, state.game)

    def value_label(self, name: str, value: Any) -> str:
        if name == "city":
            from soloboard.ufs.words import city_name

            return city_name(str(value))
        if name == "side":
            from soloboard.ufs.words import city_side

            return city_side(str(value))
        word = _VALUE_WORDS.get((name, value)) if isinstance(value, str) else None
        return _(word) if word else str(value)


@dataclass(frozen=True)
class BoxedKit(UFSKit):
    def choices(self, name: str) -> list[Any] | None:
        from soloboard.ufs import components as C
        from soloboard.ufs.game import SINGLE_SOURCE_READINGS, THREAT_LEVELS

        choices: dict[str, list[Any]] = {"city": C.city_ids(), "side": ["blue", "damaged"],
                                         "threat": list(THREAT_LEVELS),
                                         "unidentified_action": list(SINGLE_SOURCE_READINGS)}
        return choices.get(name)

    def difficulty(self, game: Game) -> Difficulty:
        from soloboard.ufs.stars import boxed_difficulty

        return boxed_difficulty(game)

    def report_setups(self, options: dict[str, str | None]) -> list[Setup]:
        sides = words(options.get("sides") or "blue")
        for side in sides:
            if side not in ("blue", "damaged", "red"):
                raise ValueError(f"--sides: {side!r} is not a city side (blue, damaged)")
        # a blue side is the default: left out of the parameters, so earlier reports' games are found again
        return [Setup(self.name, {"city": city, "threat": t, **({} if side == "blue" else {"side": side})},
                      city if side == "blue" else f"{city} {side}", t, f"threat {t}")
                for city in words(options.get("cities") or "roswell")
                for side in sides
                for t in parse_range(options.get("threats") or "0", "threats", 0, 4)]


@dataclass(frozen=True)
class NineCardKit(UFSKit):
    def choices(self, name: str) -> list[Any] | None:
        from soloboard.ufs.pnp import LEVELS, UFSPnPGame
        from soloboard.ufs.ruleset import ENERGY_RULES

        if name == "level":
            playable = UFSPnPGame().playable_cards()
            return [n for n in LEVELS if n <= len(playable)]
        if name == "difficult":
            return UFSPnPGame().playable_cards()
        return {"energy_rule": list(ENERGY_RULES)}.get(name)

    def difficulty(self, game: Game) -> Difficulty:
        from soloboard.ufs.stars import nine_card_difficulty

        return nine_card_difficulty(game)

    def report_setups(self, options: dict[str, str | None]) -> list[Setup]:
        return [Setup(self.name, {"level": level}, "", level, f"level {level}")
                for level in parse_range(options.get("levels") or "0", "levels", 0, 8)]


BOXED = BoxedKit(
    name="ufs",
    title=N_("Under Falling Skies"),
    game_class="soloboard.ufs.game:UFSGame",
    art="ufs",
    openspiel_name="python_soloboard_ufs",
    environments=(("soloboard/ufs-v0", {}),),
    parameters=(
        Parameter("city", "choice", "roswell", N_("City"), N_("The city tile"), flag="--city", key=True,
                  cli_help=N_("roswell (default) | new-york | washington")),
        Parameter("side", "choice", "blue", N_("City side"),
                  N_("Blue (undamaged) or damaged (red): each side has its ability"), flag="--side", key=True,
                  cli_choices=("blue", "damaged", "red"),
                  cli_help=N_("the city tile's side: blue (undamaged, default) or damaged (red); each has its "
                              "ability")),
        Parameter("threat", "choice", 0, N_("Threat level"),
                  N_("That many sky tiles, drawn at random, on their threat side"), flag="--threat", key=True,
                  cli_type=int,
                  cli_help=N_("threat level 0-4: that many sky tiles, drawn at random, on their threat side")),
        Parameter("sky", "sky", None, N_("Sky tiles"),
                  N_("Every sky tile's side instead of a threat level, bottom tile first: E easy, T threat "
                     "(e.g. ETEE)"), flag="--sky", instead_of="threat", key=True, length=SKY_TILES,
                  cli_help=N_("every sky tile's side, bottom tile first, e.g. ETEE (E easy, T threat)")),
        Parameter("unidentified_action", "choice", "damage", N_("Single-source symbols"),
                  N_("The two threat-side 'base takes 1 damage' symbols known from one source: damage, or no "
                     "effect"), flag="--unidentified", advanced=True, cli_choices=("damage", "none"),
                  cli_help=N_("the two threat-side 'base takes 1 damage' symbols known from one source: damage "
                              "(default) or none (no effect, as games saved before they were identified played them)")),
    ),
    report=ReportAxis((ReportOption("--cities", "cities", N_("ufs: comma-separated cities (default roswell)")),
                       ReportOption("--sides", "sides", N_("ufs: city sides, e.g. blue,damaged (default blue)")),
                       ReportOption("--threats", "threats", N_("ufs: threat levels, e.g. 0-4 or 0,2 (default 0)"))),
                      axis="threat level", length_unit="rounds"),
)

NINE_CARD = NineCardKit(
    name="ufs-pnp",
    title=N_("Under Falling Skies, 9-card edition"),
    game_class="soloboard.ufs.pnp:UFSPnPGame",
    art="ufs-pnp",
    openspiel_name="python_soloboard_ufs_pnp",
    environments=(("soloboard/ufs-pnp-v0", {}),),
    parameters=(
        Parameter("level", "choice", 0, N_("Level"), N_("That many cards, drawn at random, on their difficult side"),
                  flag="--level", key=True, cli_type=int,
                  cli_help=N_("level 0-8: that many cards, drawn at random, on their difficult side (0-4 can be "
                              "played: only the sky cards' difficult sides are fully known)")),
        Parameter("difficult", "cards", None, N_("Difficult cards"),
                  N_("The cards on their difficult side, instead of a level"), flag="--difficult",
                  instead_of="level", key=True,
                  cli_help=N_("the cards on their difficult side, by name, e.g. sky-1,sky-3 (sky-1..sky-4 or 1-4, "
                              "base-0, base-1, science, mothership)")),
        Parameter("energy_rule", "choice", "max", N_("Energy rule"),
                  N_("max: energy becomes max(energy, value), the rulebook; add: add the value, the later edition"),
                  flag="--energy-rule", cli_choices=("max", "add"),
                  cli_help=N_("energy room: max = energy becomes max(energy, value), the rulebook (default); "
                              "add = add the value, the later edition")),
    ),
    report=ReportAxis((ReportOption("--levels", "levels", N_("ufs-pnp: levels, e.g. 0-4 (default 0)")),),
                      axis="level (cards on their difficult side)", length_unit="rounds"),
)
