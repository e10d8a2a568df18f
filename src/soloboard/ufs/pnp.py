"""Under Falling Skies, the original 9-card print-and-play edition (Spanish rules).

The same engine as the boxed edition; this module only says which cards are in play
and where the rules differ (:data:`soloboard.ufs.ruleset.PNP`).

Every card has an easy and a difficult side. The easy sides come from the card images;
the difficult sides from a single unverified third-party transcription that leaves some
values unknown. A set-up is played only when none of the values it needs is unknown
(:func:`missing_values`): nothing unknown is ever filled in by guessing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from soloboard.i18n import N_, _, ngettext, pgettext
from soloboard.ufs import actions as A
from soloboard.ufs import components as C
from soloboard.ufs.game import BaseUFSGame
from soloboard.ufs.hooks import RuleHooks
from soloboard.ufs.ruleset import ENERGY_RULES, PNP
from soloboard.ufs.tables import COLS, BaseTables, Layout, SkyTables

LEVELS = range(0, len(C.PNP_CARDS) + 1)
SKY_CARDS = ("sky-1", "sky-2", "sky-3", "sky-4")
#: the one move the engine gives an AA gun: ships move one step less (printed "-1" on the easy card)
AA_GUN_MODIFIER = -1

#: other names ``difficult=[...]`` takes for the cards (``C.PNP_CARDS`` are the main ones)
_ALIASES = {
    **{str(n): f"sky-{n}" for n in range(1, 5)},
    **{f"{w}{sep}{n}": f"sky-{n}" for n in range(1, 5) for w in ("sky", "card", "sky-card") for sep in ("", "-")},
    **{f"{w}{sep}{n}": f"base-{n}" for n in range(2) for w in ("base", "bunker", "base-card") for sep in ("", "-")},
    "research": "science", "energy": "science", "research-and-energy": "science", "lab": "science",
    "mothership-card": "mothership",
}
#: the cards in words (their ids are what ``difficult=`` and --difficult take: refusals name those)
CARD_WORDS = {"mothership": N_("mothership card"), "science": N_("research card"),
              **{f"sky-{n}": N_("sky card {n}") for n in range(1, 5)},
              **{f"base-{n}": N_("base card {n}") for n in range(2)}}


def card_words(card: str) -> str:
    """``carta de cielo 2``: the card in the current language (its id stays in what one types)."""
    words = CARD_WORDS.get(card)
    return _(words).format(n=card[-1]) if words else card

PROVENANCE_NOTICE = N_(
    "The difficult sides come from a single unverified third-party transcription, not checked "
    "against the cards (its easy sides had slips); see docs/ufs-pnp.md for its doubtful values."
)


def normalise_card(name: Any) -> str:
    """``"Sky 2"``, ``"card2"``, ``2`` -> ``"sky-2"``; ``"bunker 0"`` -> ``"base-0"``; unknown names unchanged."""
    key = "-".join(str(name).strip().lower().replace("_", " ").split())
    return _ALIASES.get(key, key)


def parse_cards(value: str | Sequence[Any]) -> list[str]:
    """The cards ``difficult=`` names: a sequence, or one string like ``"sky-1,sky-3"`` or ``"1 3"``."""
    if isinstance(value, str):
        items = [v for v in value.split(",") if v.strip()] if "," in value else value.split()
    else:
        items = list(value)
    names = []
    for item in items:
        card = normalise_card(item)
        if card not in C.PNP_CARDS:
            raise ValueError(_("unknown card {card}; valid cards: {cards} (or 1-4 for the sky cards, "
                               "bunker-0/bunker-1 for the base cards)").format(card=repr(item),
                                                                               cards=", ".join(C.PNP_CARDS)))
        if card not in names:
            names.append(card)
    return names


class Unknown(NamedTuple):
    """A value a card side needs that no source gives."""

    card: str
    side: str
    what: str  # a msgid (side_unknowns is cached: the language is chosen where it is shown, by words())
    #: sky rows of unknown track symbols: needed only if the mothership can resolve one (above the skull)
    track_rows: tuple[int, ...] = ()
    params: tuple[tuple[str, str], ...] = ()  # the msgid's {placeholders}

    def words(self) -> str:
        return _(self.what).format(**dict(self.params))

    def text(self) -> str:
        side = pgettext("card side", "difficult") if self.side == "difficult" else pgettext("card side", "easy")
        return _("{what} ({card}, {side} side)").format(what=self.words(), card=self.card, side=side)


@cache
def side_unknowns(card: str, side: str) -> tuple[Unknown, ...]:
    """What the data file marks unknown on this side of ``card`` (null, "unknown", unknown_spaces)."""
    if side not in C.pnp_sides_known(card):
        return (Unknown(card, side, N_("the difficult side itself") if side == "difficult"
                        else N_("the easy side itself")),)
    raw = C.pnp_side(card, side)
    found: list[Unknown] = []
    if card in SKY_CARDS:
        rows = tuple(int(r["sky_row"]) for r in raw["rows_top_to_bottom"] if r.get("mothership_action") == "unknown")
        if rows:
            found.append(Unknown(card, side, N_("the track symbols of sky rows {rows}"), rows,
                                 (("rows", ", ".join(map(str, rows))),)))
    elif card == "science":
        if any(c is None for c in raw["research_costs_bottom_to_top"]):
            found.append(Unknown(card, side, N_("research costs")))
        energy = raw["energy"]
        if energy.get("start") is None:
            found.append(Unknown(card, side, N_("the start space of the energy track")))
        if energy.get("max") is None:
            found.append(Unknown(card, side, N_("the top of the energy track")))
    elif card in ("base-0", "base-1"):
        for r, c in raw.get("unknown_spaces", []):
            found.append(Unknown(card, side, N_("space {space} (room or tunnel)"), (),
                                 (("space", A.space_name(r * COLS + c)),)))
        if (raw.get("damage_track") or {}).get("spaces") is None:
            found.append(Unknown(card, side, N_("the damage spaces printed down the card's left edge")))
        if card == "base-0" and (raw.get("aa_guns") or {}).get("ship_movement_modifier") is None:
            found.append(Unknown(card, side, N_("how much an AA gun slows the ships (the easy side prints -1)")))
    return tuple(found)


def _skull_row(sides: dict[str, str], sky_rows: int) -> int:
    """The sky row whose track symbol is the skull (the row below the sky if no known side prints one)."""
    rows = [row.sky_row for card in SKY_CARDS if sides[card] in C.pnp_sides_known(card)
            for row in C.pnp_sky_rows(card, sides[card])
            if row.action is not None and row.action.get("kind") == "skull"]
    return min(rows, default=sky_rows + 1)


@cache
def missing_values(sides: tuple[str, ...], sky_rows: int) -> tuple[Unknown, ...]:
    """The unknown values a set-up needs (every card's side, in ``C.PNP_CARDS`` order); () if it can be played."""
    side = dict(zip(C.PNP_CARDS, sides, strict=True))
    unknowns = [u for card in C.PNP_CARDS for u in side_unknowns(card, side[card])]
    if not unknowns:
        return ()
    # the mothership phase resolves the symbol on row mothership + 1, for rows 1..skull: rows below never matter
    skull = _skull_row(side, sky_rows)
    return tuple(u for u in unknowns if not u.track_rows or min(u.track_rows) <= skull)


def refusal(sides: tuple[str, ...], sky_rows: int) -> str:
    """Why a set-up cannot be played, naming the cards and the unknown values ("" if it can be played)."""
    missing = missing_values(sides, sky_rows)
    if not missing:
        return ""
    cards = list(dict.fromkeys(u.card for u in missing))
    files = ", ".join(f"src/soloboard/ufs/data/pnp/{card}.json" for card in cards)
    return _("cannot play {cards} on the difficult side: it needs {values}, which no source we have gives. Unknown "
             "values are never guessed: add them to {files} to play this").format(
        cards=", ".join(cards), values="; ".join(u.text() for u in missing), files=files)


class UFSPnPGame(BaseUFSGame):
    """Rules and parameters of the 9-card edition.

    - ``level``: 0..8 cards on their difficult side, drawn at random by the set-up chance
      node among the cards whose difficult side can be played; or ``difficult``: the cards
      on their difficult side, by name (``sky-1``..``sky-4``, ``base-0``, ``base-1``,
      ``science``, ``mothership``; also ``1``..``4`` for the sky cards, ``bunker-0``/``bunker-1``).
      Give one or the other; the default is level 0 (every card easy). A set-up that needs a
      value no source gives is refused with a ``ValueError`` naming it.
    - ``energy_rule``: ``"max"`` (the rulebook: energy becomes max(energy, value), at most 7;
      default) or ``"add"`` (the later published edition: add the value).
    """

    short_name = "ufs-pnp"
    long_name = N_("Under Falling Skies (9-card print-and-play edition)")
    dice_names = ("black", "white")
    ship_names = ("green", "red")
    setup_word = "cards"
    sides_key = "card_sides"
    side_letters = (("easy", "E"), ("difficult", "D"))
    cards = C.PNP_CARDS
    cards_noun = "cards"

    def __init__(self, level: int | None = None, difficult: str | Sequence[Any] | None = None,
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
        if difficult is not None and level is not None:
            raise ValueError(_("give either level (cards drawn at random) or difficult (cards by name), not both"))
        if difficult is not None:
            names = parse_cards(difficult)
            sides = tuple("difficult" if card in names else "easy" for card in self.cards)
            why = refusal(sides, self.sky_rows)
            if why:
                raise ValueError(why)
            self.fixed_sides: tuple[str, ...] | None = sides
            self.level = len(names)
            self._masks = [sum(1 << self.cards.index(card) for card in names)]
            self._named = True
        else:
            lvl = 0 if level is None else level
            if isinstance(lvl, bool) or not isinstance(lvl, int) or lvl not in LEVELS:
                raise ValueError(_("unknown level {level}; valid levels: 0..{last}").format(
                    level=repr(level), last=len(self.cards)))
            self.level = lvl
            self._named = False
            self._masks = self.setup_masks_for(lvl)
            if not self._masks:
                raise ValueError(self._level_refusal(lvl))
            # a draw with a single outcome is no chance event
            self.fixed_sides = self.sides_for_mask(self._masks[0]) if len(self._masks) == 1 else None
        self.flipped = self.level
        if self.fixed_sides is not None:
            first = self.layout(self.fixed_sides)
            self.base, self.start_energy = first.base, first.start_energy

    def playable_cards(self) -> list[str]:
        """The cards whose difficult side can be played (with every other card easy)."""
        return [card for i, card in enumerate(self.cards)
                if not missing_values(self.sides_for_mask(1 << i), self.sky_rows)]

    def _level_refusal(self, level: int) -> str:
        playable = self.playable_cards()
        reasons = "; ".join(
            f"{card}: " + ", ".join(u.words() for u in missing_values(self.sides_for_mask(1 << i), self.sky_rows))
            for i, card in enumerate(self.cards) if card not in playable
        )
        return ngettext("level {level} needs {level} card on its difficult side, and only {n} difficult sides can "
                        "be played ({playable}); the others need values no source gives, which are never guessed: "
                        "{reasons}",
                        "level {level} needs {level} cards on their difficult side, and only {n} difficult sides "
                        "can be played ({playable}); the others need values no source gives, which are never "
                        "guessed: {reasons}", level).format(
            level=level, n=len(playable), playable=", ".join(playable), reasons=reasons)

    def setup_masks_for(self, level: int) -> list[int]:
        """The set-up draws of ``level`` cards that can be played (bit i set = card i difficult)."""
        return [m for m in range(1 << len(self.cards))
                if m.bit_count() == level and not missing_values(self.sides_for_mask(m), self.sky_rows)]

    def setup_masks(self) -> list[int]:
        return self._masks

    def _build_layout(self, sides: tuple[str, ...]) -> Layout:
        return build_layout(sides, self.sky_rows)

    def parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"energy_rule": self.ruleset.energy_rule}
        if self._named:
            params["difficult"] = [c for c, s in zip(self.cards, self.fixed_sides or (), strict=True)
                                   if s == "difficult"]
        else:
            params["level"] = self.level
        return params

    def title(self) -> str:
        # every front end prints the title: the place to say where the difficult sides come from
        if not self.level:
            return _("9-card edition, level 0")
        return _("9-card edition, level {level} (difficult sides: unverified transcription)").format(level=self.level)

    def describe_sides(self, sides: tuple[str, ...]) -> str:
        hard = [card for card, side in zip(self.cards, sides, strict=True) if side == "difficult"]
        if hard:
            return _("difficult side: {cards}").format(cards=", ".join(card_words(card) for card in hard))
        return _("every card on its easy side")

    def notices(self) -> list[str]:
        notes = []
        if self.level:
            notes.append(_(PROVENANCE_NOTICE))
        playable = self.playable_cards()
        others = [card for card in self.cards if card not in playable]
        if others:
            notes.append(
                _("The difficult sides of {playable} can be played; those of {others} cannot: they need values no "
                  "source gives (never guessed), so levels above {n} cannot be played.").format(
                    playable=", ".join(card_words(card) for card in playable),
                    others=", ".join(card_words(card) for card in others), n=len(playable))
            )
        rule = (_("energy becomes max(energy, value), at most 7 (the rulebook)") if self.ruleset.energy_rule == "max"
                else _("energy rooms add their value (the later edition's rule, energy_rule='add')"))
        notes.append(_("Energy rooms: {rule}.").format(rule=rule))
        notes.append(_("Easy sides transcribed from the card images, checked against a second transcription."))
        return notes


@cache
def build_layout(sides: tuple[str, ...], sky_rows: int) -> Layout:
    """The components of one set-up (every card's side, in ``C.PNP_CARDS`` order).

    Built once per set-up and shared by every game that uses it (loading a save makes a new game).
    """
    why = refusal(sides, sky_rows)
    if why:
        raise C.DataError(f"cards {''.join(s[0].upper() for s in sides)}: {why}")
    side = dict(zip(C.PNP_CARDS, sides, strict=True))
    ship_card = C.pnp_side("mothership", side["mothership"])
    if int(ship_card["drop_spots"]) != COLS or int(ship_card.get("start_row", 0)) != 0:
        raise C.DataError("the mothership card must have 5 drop spots starting on row 0 (one per column)")
    rows = [row for card in SKY_CARDS for row in C.pnp_sky_rows(card, side[card])]
    if sorted(r.sky_row for r in rows) != list(range(1, sky_rows + 1)):
        raise C.DataError(f"the sky cards must give rows 1..{sky_rows} once each")
    science = C.pnp_side("science", side["science"])
    costs = tuple(int(c) for c in science["research_costs_bottom_to_top"])
    sky = SkyTables(rows, costs, sky_rows, sides, research_beside_sky=False)
    upper, lower = C.pnp_side("base-0", side["base-0"]), C.pnp_side("base-1", side["base-1"])
    if int(upper["aa_guns"]["ship_movement_modifier"]) != AA_GUN_MODIFIER:
        raise C.DataError(f"base-0 ({side['base-0']}): the engine plays AA guns that slow ships by 1 only")
    base = BaseTables(C.pnp_base_half("base-0", side["base-0"]), C.pnp_base_half("base-1", side["base-1"]))
    energy = science["energy"]
    # the damage track runs down both base cards: their damage spaces, then the skull
    damage_limit = int(upper["damage_track"]["spaces"]) + int(lower["damage_track"]["spaces"]) + 1
    return Layout(sky, base, int(energy["start"]), int(energy["max"]), damage_limit)
