"""The kit of A Invasão dos Monstros Sem Nome (``monstros``): what the front ends, agents and
adapters ask about it (``core/kit.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from soloboard.core.kit import GameKit, Parameter, ReportAxis, ReportOption, Setup, parse_range, words
from soloboard.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Sequence

    from soloboard.core.api import State
    from soloboard.core.events import Event

_VALUE_WORDS = {("five_removal", "any"): N_("any"), ("five_removal", "forced-only"): N_("forced only")}


@dataclass(frozen=True)
class MonstrosKit(GameKit):
    def sentence(self, event: Event, state: State) -> str:
        from soloboard.monstros import narrate

        return narrate.describe(event, state)

    def preview_text(self, events: Sequence[Event], state: State) -> str:
        from soloboard.monstros import narrate

        # each is a sentence with its own full stop: joined as sentences, never '.;'
        return " ".join(narrate.narrate(events, state))

    def choices(self, name: str) -> list[Any] | None:
        from soloboard.monstros.game import DIFFICULTIES, FIVE_REMOVAL, PLAYERS

        choices: dict[str, list[Any]] = {"players": list(PLAYERS), "difficulty": list(DIFFICULTIES),
                                         "five_removal": list(FIVE_REMOVAL)}
        return choices.get(name)

    def value_label(self, name: str, value: Any) -> str:
        if name == "difficulty":
            from soloboard.monstros.game import difficulty_name

            return difficulty_name(str(value))
        word = _VALUE_WORDS.get((name, value)) if isinstance(value, str) else None
        return _(word) if word else str(value)

    def seat_range(self) -> range:
        from soloboard.monstros.game import PLAYERS

        return PLAYERS

    def report_setups(self, options: dict[str, str | None]) -> list[Setup]:
        from soloboard.monstros.game import DIFFICULTIES, PLAYERS

        out = []
        for n in parse_range(options.get("players") or "1", "players", PLAYERS.start, PLAYERS.stop - 1):
            for d in words(options.get("difficulties") or "iniciante"):
                name = d.lower().translate(str.maketrans("áéíóú", "aeiou"))
                if name not in DIFFICULTIES:
                    raise ValueError(f"--difficulties: {d!r} is not one of {', '.join(DIFFICULTIES)}")
                out.append(Setup(self.name, {"players": n, "difficulty": name},
                                 f"{n} player{'s' if n > 1 else ''}", DIFFICULTIES.index(name), name))
        return out


KIT = MonstrosKit(
    name="monstros",
    title=N_("A Invasão dos Monstros Sem Nome"),
    game_class="soloboard.monstros.game:MonstrosGame",
    seats=True,
    board="monstros",
    art="monstros",
    narrator="soloboard.monstros.narrate",
    view="soloboard.monstros.board_view",
    evaluation="soloboard.monstros.evaluate",
    observation="soloboard.monstros.observation",
    terminal="soloboard.cli.play_monstros:TERMINAL",
    openspiel_name="python_soloboard_monstros",
    environments=(("soloboard/monstros-solo-v0", {"players": 1}),),  # the solo mode; every seat count: PettingZoo
    parameters=(
        Parameter("players", "choice", 2, N_("Players"), N_("1 to 6 (1 is the solo mode)"), flag="--players",
                  key=True, cli_type=int, cli_help=N_("1-6 players (1 = modo solo; default 2)")),
        Parameter("difficulty", "choice", "iniciante", N_("Difficulty"), N_("Which special monsters join the deck"),
                  flag="--difficulty", key=True, cli_help=N_("iniciante (default) | facil | medio | dificil | epico")),
        Parameter("deck", "file", None, N_("Deck"), N_("A JSON deck file with the real cards"), flag="--deck",
                  in_dialog=False,
                  cli_help=N_("a JSON deck file with the real cards (default: the reconstructed deck)")),
        Parameter("five_removal", "choice", "any", N_("Five cards on the board"),
                  N_("any: remove a triple or all five; forced-only: all five only when no triple can go"),
                  flag="--five-removal", cli_choices=("any", "forced-only"),
                  cli_help=N_("with five cards on the board: remove a triple or all five (any, default), "
                              "or all five only when no triple can go (forced-only)")),
    ),
    report=ReportAxis((ReportOption("--players", "players", N_("monstros: numbers of players, e.g. 1,3 "
                                                               "(default 1)")),
                       ReportOption("--difficulties", "difficulties", N_("monstros: e.g. iniciante,epico "
                                                                         "(default iniciante)"))),
                      axis="difficulty", length_unit="turns"),
)
