"""Under Falling Skies, the original 9-card print-and-play edition (Spanish rules).

The same engine as the boxed edition; this module only says which cards are in play
and where the rules differ (:data:`soloboard.ufs.ruleset.PNP`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from soloboard.ufs import components as C
from soloboard.ufs.game import BaseUFSGame
from soloboard.ufs.hooks import RuleHooks
from soloboard.ufs.ruleset import ENERGY_RULES, PNP
from soloboard.ufs.tables import COLS, BaseTables, Layout, SkyTables

LEVELS = range(0, len(C.PNP_CARDS) + 1)
SKY_CARDS = ("sky-1", "sky-2", "sky-3", "sky-4")


def _missing_sides_message(cards: Sequence[str]) -> str:
    return (
        f"the difficult side of {', '.join(cards)} is not known (only the easy sides are in our sources); "
        "to add one, put a \"difficult\" object beside \"easy\" under \"sides\" in "
        + ", ".join(f"src/soloboard/ufs/data/pnp/{card}.json" for card in cards)
    )


class UFSPnPGame(BaseUFSGame):
    """Rules and parameters of the 9-card edition.

    - ``level``: 0..8 cards on their difficult side, drawn at random (a chance node); or
      ``difficult``: the names of the cards on their difficult side (``mothership``,
      ``sky-1``..``sky-4``, ``base-0``, ``base-1``, ``science``). Only the easy sides are known,
      so only level 0 can be played until someone adds difficult sides to the data files.
    - ``energy_rule``: ``"max"`` (the rulebook: energy becomes max(energy, value), at most 7;
      default) or ``"add"`` (the later published edition: add the value).
    """

    short_name = "ufs-pnp"
    long_name = "Under Falling Skies (9-card print-and-play edition)"
    dice_names = ("black", "white")
    ship_names = ("green", "red")
    setup_word = "cards"
    sides_key = "card_sides"
    side_letters = (("easy", "E"), ("difficult", "D"))
    cards = C.PNP_CARDS
    cards_noun = "cards"

    def __init__(self, level: int | None = None, difficult: Sequence[str] | None = None,
                 energy_rule: str = "max") -> None:
        super().__init__()
        if energy_rule not in ENERGY_RULES:
            raise ValueError(f"unknown energy_rule {energy_rule!r}; valid: {', '.join(ENERGY_RULES)}")
        self.ruleset = dataclasses.replace(PNP, energy_rule=energy_rule)
        self.hooks = RuleHooks()
        edition = C.pnp_edition()
        self.sky_rows = int(edition["sky_rows"])
        self.primary_ships = int(edition["ships"]["primary"]["count"])
        self.reinforcement_ships = int(edition["ships"]["reinforcement"]["count"])
        self.plain_dice = int(edition["dice"]["plain"]["count"])
        self.white_dice = int(edition["dice"]["white"]["count"])
        self.robot_dice = int(edition["dice"]["robot"]["count"])
        known = [card for card in self.cards if "difficult" in C.pnp_sides_known(card)]
        self._known_mask = sum(1 << self.cards.index(card) for card in known)
        if difficult is not None and level is not None:
            raise ValueError("give either level (random cards) or difficult (named cards), not both")
        if difficult is not None:
            names = [difficult] if isinstance(difficult, str) else list(difficult)
            unknown = [n for n in names if n not in self.cards]
            if unknown:
                raise ValueError(f"unknown card {unknown[0]!r}; valid cards: {', '.join(self.cards)}")
            missing = [n for n in names if n not in known]
            if missing:
                raise ValueError(f"cannot play {', '.join(missing)} on the difficult side: "
                                 + _missing_sides_message(missing))
            self.fixed_sides: tuple[str, ...] | None = tuple(
                "difficult" if card in names else "easy" for card in self.cards
            )
            self.level = len(set(names))
            self._named = True
        else:
            lvl = 0 if level is None else level
            if isinstance(lvl, bool) or not isinstance(lvl, int) or lvl not in LEVELS:
                raise ValueError(f"unknown level {level!r}; valid levels: 0..{len(self.cards)}")
            if lvl > len(known):
                missing = [card for card in self.cards if card not in known]
                raise ValueError(
                    f"level {lvl} needs {lvl} cards on their difficult side, and only {len(known)} are known: "
                    + _missing_sides_message(missing)
                )
            self.level = lvl
            self._named = False
            options = self.setup_masks_for(lvl)
            self.fixed_sides = self.sides_for_mask(options[0]) if len(options) == 1 else None
        self.flipped = self.level
        if self.fixed_sides is not None:
            first = self.layout(self.fixed_sides)
            self.base, self.start_energy = first.base, first.start_energy

    def setup_masks_for(self, level: int) -> list[int]:
        return [m for m in range(1 << len(self.cards)) if m.bit_count() == level and m & ~self._known_mask == 0]

    def setup_masks(self) -> list[int]:
        return self.setup_masks_for(self.level)

    def _build_layout(self, sides: tuple[str, ...]) -> Layout:
        side = dict(zip(self.cards, sides, strict=True))
        ship_card = C.pnp_side("mothership", side["mothership"])
        if int(ship_card["drop_spots"]) != COLS or int(ship_card.get("start_row", 0)) != 0:
            raise C.DataError("the mothership card must have 5 drop spots starting on row 0 (one per column)")
        rows = [row for card in SKY_CARDS for row in C.pnp_sky_rows(card, side[card])]
        if sorted(r.sky_row for r in rows) != list(range(1, self.sky_rows + 1)):
            raise C.DataError(f"the sky cards must give rows 1..{self.sky_rows} once each")
        science = C.pnp_side("science", side["science"])
        costs = tuple(int(c) for c in science["research_costs_bottom_to_top"])
        sky = SkyTables(rows, costs, self.sky_rows, sides, research_beside_sky=False)
        base = BaseTables(C.pnp_base_half("base-0", side["base-0"]), C.pnp_base_half("base-1", side["base-1"]))
        energy = science["energy"]
        return Layout(sky, base, int(energy["start"]), int(energy["max"]), int(science["damage_limit"]))

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"energy_rule": self.ruleset.energy_rule}
        if self._named:
            params["difficult"] = [c for c, s in zip(self.cards, self.fixed_sides or (), strict=True)
                                   if s == "difficult"]
        else:
            params["level"] = self.level
        return params

    def title(self) -> str:
        return f"9-card edition, level {self.level}"

    def describe_sides(self, sides: tuple[str, ...]) -> str:
        hard = [card for card, side in zip(self.cards, sides, strict=True) if side == "difficult"]
        return "every card on its easy side" if not hard else f"difficult side: {', '.join(hard)}"

    def notices(self) -> list[str]:
        missing = [card for card in self.cards if self._known_mask >> self.cards.index(card) & 1 == 0]
        notes = []
        if missing:
            notes.append(
                f"Only the easy sides of the cards are known ({len(missing)} difficult sides missing), "
                "so only level 0 can be played."
            )
        rule = ("energy becomes max(energy, value), at most 7 (the rulebook)" if self.ruleset.energy_rule == "max"
                else "energy rooms add their value (the later edition's rule, energy_rule='add')")
        notes.append(f"Energy rooms: {rule}.")
        notes.append("Card data transcribed from the card images (easy sides), checked against a second transcription.")
        return notes
