"""The boxed rulebook's campaign, step by step, as a journal of records.

The rulebook (Czech "Nebe v plamenech", ``shared/seeds/001``, chapter "Kampaň"; the
Portuguese "Campanha" and Polish "Kampania" say the same) gives the whole procedure; each
step below quotes it. A campaign *is* its journal: every draw, choice and result is a record,
and the campaign's state is what replaying the records gives. Draws come from the campaign's
seed and the number of draws before them, so undoing a record and doing the step again draws
the same again (undo cannot re-draw), and an imported journal is checked draw by draw.

- New campaign: "Vymysli jí **název** a zapiš si jej nahoru na první stránku" (give it a name).
- Each chapter, choosing a battle: "Vytvoř tedy s použitím nových komponent **2 hromádky**. Do
  každé **náhodně vylosuj jeden scénář, jedno město a jednu postavu**. Zbylé komponenty vrať
  prozatím do krabice, budeš je ještě potřebovat." Then "Vyber si tedy **jednu z hromádek**";
  "všechny komponenty z druhé hromádky je prostě odstraní z kampaně".
- The battle: "Odehraj **první hru**. [...] Pokud jsi prohrál, rámeček proškrtni X. Jestliže
  jsi vyhrál, zapiš do rámečku úroveň ohrožení - počet destiček oblohy otočených na těžší
  stranu." and "Druhý rámeček ☐ je tu pro případ, že první hru prohraješ. [...] **druhou hru**
  odehraj s poškozenou stranou města. Opět náhodně vyber, které destičky oblohy otočíš na
  těžší stranu. Použij stejný scénář i postavu."
- The next battle: "Teď sestav další 2 náhodné hromádky ze zbylých komponent 1. kapitoly."
  (piles are dealt while the chapter's remaining new components make two).
- What leaves and what stays: "Poté, co si zvolíš jednu z hromádek, všechny komponenty z druhé
  odstraň." "Poté, co dohraješ bitvu, odstraň odehraný scénář." "Město, které se ti nepodaří
  zachránit ani na druhý pokus, bylo zničeno a také se odstraní." "Jestliže se ti podařilo
  bitvu vyhrát [...], ulož si zachráněné město na později." "Ať už bitvu vyhraješ, nebo ne,
  postava s tebou v každém případě pokračuje v kampani."
- Characters: Polish "Gracz używa niebieskiej strony postaci w rozdziale, w którym spotyka ją
  po raz pierwszy. W późniejszych rozdziałach używa jej ulepszonej strony." (Portuguese: "Use o
  lado azul durante o capítulo onde encontra o personagem pela primeira vez."): the player
  records the turn to the upgraded side (the chapter sheets that say when are not known); it
  is refused in the chapter the character was met.
- Threat: "není problém si úroveň ohrožení upravit i během kampaně" (the threat level may be
  changed during the campaign); a level is 0..4 sky tiles on their threat side.

What the rulebook leaves to the sealed chapter sheets (not known, so soloboard does not guess):
what happens to a chapter's components left in the box, and how chapter 4's one scenario,
"The Final Battle", is set up (the player names the city; the battle is recorded as any other).
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass, field
from typing import Any

from soloboard.core.errors import IllegalActionError
from soloboard.i18n import N_, _
from soloboard.ufs.campaign.box import DEFAULT_BOX, PILE_KINDS, Box, basic_city_name, fold
from soloboard.ufs.campaign.plugins import get_box

FORMAT = "soloboard-campaign"
VERSION = 1
THREAT_LEVELS = range(0, 5)
SKY_TILES = 4
DEFAULT_THREAT = 1  # "Normální obtížnost znamená stupeň ohrožení 1." (the rulebook's normal difficulty)

# the rules the refusals name: stable English keys (the API returns them), marked for the
# catalog; a front end shows ``_(exc.rule)`` as it does for every engine's rules
R_PILES = N_("campaign: choosing the battle (two piles)")
R_BATTLE = N_("campaign: the battle (first game, second game on the damaged side)")
R_REMOVED = N_("campaign: removed and kept components")
R_CHARACTER = N_("campaign: characters (blue side in the chapter you meet them)")
R_THREAT = N_("campaign: setting the threat level")
R_FINAL = N_("campaign: chapter 4 (The Final Battle; its chapter sheet is not known)")
R_OVER = N_("campaign: the campaign is over")

# the records a player (or, for a result, the engine) writes; every other kind is the campaign's own step
PLAYER_KINDS: dict[str, tuple[str, ...]] = {
    "campaign_started": ("player",), "pile_chosen": ("player",), "city_named": ("player",),
    "game_set_up": ("player",), "game_result": ("player", "engine"), "character_upgraded": ("player",),
    "threat_changed": ("player",),
}

# where a game is between its set-up and its result
CHOOSE, NAME_CITY, SET_UP, PLAYING, OVER = "choose", "name_city", "set_up", "playing", "over"


class CampaignError(ValueError):
    """A campaign file or journal that cannot be used (the message says why; nothing changed)."""


@dataclass
class GameBox:
    """One result box of the sheet: a game of a battle."""

    game: int  # 1 = first game (blue side), 2 = second game (damaged side)
    side: str
    threat: int
    sky: str  # bottom tile first, E easy / T threat
    dice_seed: int
    mode: str  # "companion" | "digital"
    won: bool | None = None  # None until recorded

    @property
    def box(self) -> str:
        """What the paper sheet's box holds: X (lost), the threat level won at, or empty."""
        if self.won is None:
            return ""
        return str(self.threat) if self.won else "X"


@dataclass
class Battle:
    number: int
    chapter: int
    scenario: str
    city: str
    character: str | None  # the pile's character (None in the final battle: the team plays)
    team: list[str]  # the characters still in the campaign when it began (the pile's first)
    games: list[GameBox] = field(default_factory=list)
    city_fate: str | None = None  # "saved" | "destroyed" once the battle is over

    @property
    def over(self) -> bool:
        return self.city_fate is not None


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two records are the same step (their time of writing aside)."""
    return {k: v for k, v in a.items() if k != "at"} == {k: v for k, v in b.items() if k != "at"}


class Campaign:
    """A campaign: ``Campaign.new("Name", seed=1, threat=1)``, then the player's steps
    (:meth:`choose`, :meth:`set_up_game`, :meth:`record`, :meth:`upgrade`, :meth:`set_threat`,
    :meth:`undo`); the campaign's own steps (dealing piles, ending a battle, opening the next
    chapter) follow by themselves. Every refusal is an :class:`IllegalActionError` naming the rule.
    """

    def __init__(self, box: Box) -> None:
        self.box = box
        self.records: list[dict[str, Any]] = []
        self._reset()

    # --- building -------------------------------------------------------------------------

    @classmethod
    def new(cls, name: str, seed: int | None = None, threat: int = DEFAULT_THREAT,
            box: str = DEFAULT_BOX) -> Campaign:
        name = " ".join(str(name).split())
        if not name:
            # i18n: the quote is the rulebook's: give your own rulebook's words ("Invente um nome para a campanha")
            raise IllegalActionError(_("a campaign needs a name (the rulebook: 'Vymysli jí název')"),
                                     "campaign: starting a new campaign")
        _check_threat(threat)
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        campaign = cls(get_box(box))
        campaign._commit({"kind": "campaign_started", "by": "player", "name": name, "seed": int(seed),
                          "threat": threat, "box": box})
        return campaign

    @classmethod
    def from_records(cls, records: list[dict[str, Any]]) -> Campaign:
        """Replay a journal, checking every record against the rules and the seed's draws."""
        if not isinstance(records, list) or not records:
            raise CampaignError(_("the journal is empty: a campaign starts with its 'campaign_started' record"))
        first = records[0]
        if not isinstance(first, dict) or first.get("kind") != "campaign_started":
            raise CampaignError(_("record 1 is not 'campaign_started'"))
        try:
            box = get_box(str(first.get("box", DEFAULT_BOX)))
        except ValueError as exc:
            raise CampaignError(str(exc)) from None
        campaign = cls(box)
        for n, rec in enumerate(records, start=1):
            if not isinstance(rec, dict) or not isinstance(rec.get("kind"), str):
                raise CampaignError(_("record {n} is not a journal record").format(n=n))
            try:
                if rec.get("by") == "campaign":
                    expected = campaign._next_auto()
                    if expected is None:
                        raise CampaignError(_("record {n} ({kind}) is not what the campaign's seed and rules give "
                                              "at that point").format(n=n, kind=rec["kind"]))
                    if not _same(expected, rec):
                        raise CampaignError(_("record {n} ({kind}) is not what the campaign's seed and rules give "
                                              "at that point (expected {expected})").format(
                                                  n=n, kind=rec["kind"], expected=expected["kind"]))
                else:
                    if "by" not in rec:
                        raise CampaignError(_("record {n} ({kind}) is malformed: it does not say who wrote it "
                                              "('by')").format(n=n, kind=rec["kind"]))
                    if rec["kind"] not in PLAYER_KINDS or rec.get("by") not in PLAYER_KINDS[rec["kind"]]:
                        raise CampaignError(_("record {n} ({kind}) cannot be written by {by!r}: it is the "
                                              "campaign's own step or unknown").format(
                                                  n=n, kind=rec["kind"], by=rec.get("by")))
                    pending = campaign._next_auto()
                    if pending is not None:
                        raise CampaignError(_("record {n} ({kind}): the campaign's own step '{pending}' is "
                                              "missing before it").format(n=n, kind=rec["kind"],
                                                                          pending=pending["kind"]))
                campaign._apply(copy.deepcopy(rec))
                campaign.records.append(copy.deepcopy(rec))
            except IllegalActionError as exc:
                raise CampaignError(_("record {n} ({kind}) breaks the rules: {error}").format(
                    n=n, kind=rec["kind"], error=exc)) from None
            except KeyError as exc:  # a field the record must have: named, never as Python's KeyError('won')
                raise CampaignError(_("record {n} ({kind}) is malformed: it has no {field!r}").format(
                    n=n, kind=rec.get("kind"), field=exc.args[0] if exc.args else "?")) from None
            except (TypeError, ValueError) as exc:
                if isinstance(exc, CampaignError):
                    raise
                raise CampaignError(_("record {n} ({kind}) is malformed: {error}").format(
                    n=n, kind=rec.get("kind"), error=exc)) from None
        if campaign._next_auto() is not None:
            raise CampaignError(_("the journal ends before the campaign's own next step: it was cut short"))
        return campaign

    def _reset(self) -> None:
        self.name = ""
        self.seed = 0
        self.threat = DEFAULT_THREAT
        self.chapter = 0
        self.draws = 0
        self.status: dict[str, str] = {c.id: "unopened" for c in self.box.components}
        self.upgraded: set[str] = set()
        self.met: dict[str, int] = {}  # character -> the chapter met
        self.piles: list[dict[str, str]] | None = None
        self.battles: list[Battle] = []
        self.ended = False
        self.left_in_box: dict[int, list[str]] = {}

    # --- what the campaign is doing -------------------------------------------------------

    @property
    def battle(self) -> Battle | None:
        """The battle being fought (chosen and not over)."""
        if self.battles and not self.battles[-1].over:
            return self.battles[-1]
        return None

    @property
    def game(self) -> GameBox | None:
        """The game set up and not yet recorded."""
        b = self.battle
        if b and b.games and b.games[-1].won is None:
            return b.games[-1]
        return None

    @property
    def phase(self) -> str:
        if self.ended:
            return OVER
        if self.piles is not None:
            return CHOOSE
        if self.game is not None:
            return PLAYING
        if self.battle is not None:
            return SET_UP
        return NAME_CITY

    @property
    def team(self) -> list[str]:
        """The characters still in the campaign (they always continue), in the order met."""
        return [c for c in self.met if self.status[c] in ("kept", "battle")]

    def kept(self, kind: str) -> list[str]:
        return [c.id for c in self.box.of_kind(kind) if self.status[c.id] == "kept"]

    def removed(self) -> list[str]:
        return [c.id for c in self.box.components if self.status[c.id] == "removed"]

    def name_of(self, component_id: str) -> str:
        return self.box.name_of(component_id)

    # --- the player's steps ---------------------------------------------------------------

    def choose(self, pile: int | str) -> dict[str, Any]:
        """Choose pile 1 or 2 ("Vyber si tedy jednu z hromádek"); the other pile leaves the campaign."""
        if self.phase != CHOOSE:
            raise IllegalActionError(self._not_now(_("you cannot choose a pile now: {next}")), R_PILES)
        try:
            number = int(pile)
        except (TypeError, ValueError):
            number = 0
        if number not in (1, 2):
            raise IllegalActionError(_("choose pile 1 or 2, not {pile!r}").format(pile=pile), R_PILES)
        assert self.piles is not None
        other = self.piles[2 - number]
        return self._commit({"kind": "pile_chosen", "by": "player", "pile": number,
                             "removed": [other[k] for k in PILE_KINDS]})

    def name_city(self, city: str) -> dict[str, Any]:
        """Chapter 4: name the city of The Final Battle (its chapter sheet, not known, says which)."""
        if self.phase != NAME_CITY:
            raise IllegalActionError(self._not_now(_("you cannot name the final battle's city now: {next}")), R_FINAL)
        return self._commit({"kind": "city_named", "by": "player", "city": self.find_city(city)})

    def set_up_game(self, mode: str = "companion") -> dict[str, Any]:
        """Set up the battle's next game: the sky tiles flipped at the threat level are drawn."""
        if self.phase != SET_UP:
            raise IllegalActionError(self._not_now(_("you cannot set up a game now: {next}")), R_BATTLE)
        if mode not in ("companion", "digital"):
            raise ValueError(_("mode is companion or digital, not {mode!r}").format(mode=mode))
        b = self.battle
        assert b is not None
        number = len(b.games) + 1
        sky, dice_seed = self._draw_sky(self.draws, self.threat)
        rec = {"kind": "game_set_up", "by": "player", "battle": b.number, "game": number,
               "city": b.city, "side": "blue" if number == 1 else "damaged", "threat": self.threat,
               "sky": sky, "draw": self.draws, "dice_seed": dice_seed, "mode": mode}
        return self._commit(rec)

    def record(self, result: str | int | bool, *, source: str = "player",
               game_record: dict[str, Any] | None = None) -> dict[str, Any]:
        """The game's result: ``won`` / ``lost`` (``X``), or the threat level won at (it must be
        the game's)."""
        g = self.game
        if g is None:
            raise IllegalActionError(self._not_now(_("you cannot record a result now: {next}")), R_BATTLE)
        won = parse_result(result, g.threat)
        b = self.battle
        assert b is not None
        rec: dict[str, Any] = {"kind": "game_result", "by": source, "battle": b.number, "game": g.game,
                               "won": won, "box": str(g.threat) if won else "X"}
        if game_record is not None:
            rec["played"] = game_record
        return self._commit(rec)

    def upgrade(self, character: str) -> dict[str, Any]:
        """Record that a character turns to its upgraded side."""
        if self.ended:
            raise IllegalActionError(_("the campaign is over"), R_OVER)
        cid = self.find(character, "character")
        return self._commit({"kind": "character_upgraded", "by": "player", "character": cid})

    def set_threat(self, threat: int) -> dict[str, Any]:
        if self.ended:
            raise IllegalActionError(_("the campaign is over"), R_OVER)
        _check_threat(threat)
        return self._commit({"kind": "threat_changed", "by": "player", "from": self.threat, "to": threat})

    def undo(self) -> list[dict[str, Any]]:
        """Take back the last player record and the campaign's own steps that followed it."""
        cut = len(self.records)
        while cut > 0 and self.records[cut - 1].get("by") == "campaign":
            cut -= 1
        if cut <= 1:
            raise IllegalActionError(_("nothing to undo: the campaign has only just started"),
                                     "campaign: undo (the last record)")
        cut -= 1
        gone = self.records[cut:]
        self._rebuild(self.records[:cut])
        return gone

    def _rebuild(self, records: list[dict[str, Any]]) -> None:
        """The state the records give (records already checked)."""
        self.records = []
        self._reset()
        for rec in records:
            self._apply(copy.deepcopy(rec))
            self.records.append(rec)

    # --- names --------------------------------------------------------------------------------

    def find(self, text: str, kind: str) -> str:
        """A component of ``kind`` by its id or name (case and accents aside)."""
        key = fold(text)
        comps = self.box.of_kind(kind)
        for c in comps:
            if key in (fold(c.id), fold(c.name), fold(c.shown_name)):  # typed in English or the player's language
                return c.id
        # a first or last name alone, when only one component has it ("Lucia", "Ortega")
        hits = [c.id for c in comps if key and key in (fold(w) for w in c.name.split())]
        if len(hits) == 1:
            return hits[0]
        names = ", ".join(c.shown_name for c in self.box.of_kind(kind))
        message = {"scenario": _("no scenario called {text!r} in this campaign (the scenarios: {names})"),
                   "city": _("no city called {text!r} in this campaign (the cities: {names})"),
                   "character": _("no character called {text!r} in this campaign (the characters: {names})"),
                   "sky_tile": _("no advanced sky tile called {text!r} in this campaign (the tiles: {names})"),
                   }.get(kind, _("no {kind} called {text!r} in this campaign ({names})"))
        raise IllegalActionError(message.format(text=text, names=names, kind=kind), R_REMOVED)

    def find_city(self, text: str) -> str:
        from soloboard.ufs import components as C

        key = fold(text)
        for cid in C.city_ids():
            name = C.city(cid).name
            if key in (fold(cid), fold(name), fold(_(name))):  # "Nova Iorque" too, as the game shows it
                return cid
        return self.find(text, "city")

    # --- the records --------------------------------------------------------------------------

    def _commit(self, rec: dict[str, Any]) -> dict[str, Any]:
        rec = {**rec, "at": _now()}
        try:
            self._apply(copy.deepcopy(rec))
        except Exception:
            self._rebuild(self.records)  # a refused step leaves nothing behind
            raise
        self.records.append(rec)
        while (auto := self._next_auto()) is not None:
            auto["at"] = _now()
            self._apply(copy.deepcopy(auto))
            self.records.append(auto)
        return rec

    def _next_auto(self) -> dict[str, Any] | None:
        """The campaign's own next step, if one is due (the player's steps wait for the player)."""
        if self.ended or not self.records:
            return None
        b = self.battles[-1] if self.battles else None
        if b is not None and not b.over and b.games and b.games[-1].won is not None:
            last = b.games[-1]
            if last.won or len(b.games) == 2:
                fate = "saved" if any(g.won for g in b.games) else "destroyed"
                return {"kind": "battle_ended", "by": "campaign", "battle": b.number, "city": b.city,
                        "city_fate": fate, "scenario_removed": b.scenario, "character": b.character}
            return None  # lost the first game: the second waits for the player
        if self.piles is not None or self.battle is not None:
            return None
        if self.chapter == 0:
            return self._open(1)
        if b is not None and b.scenario == self.box.final_scenario and b.over:  # after The Final Battle
            return {"kind": "campaign_ended", "by": "campaign", "battles": len(self.battles),
                    "cities_saved": [x.city for x in self.battles if x.city_fate == "saved"]}
        piles = self._deal_piles(self.draws)
        if piles is not None:
            return {"kind": "piles_dealt", "by": "campaign", "chapter": self.chapter,
                    "battle": len(self.battles) + 1, "draw": self.draws, "piles": piles}
        if self._final_pending():
            return None  # the player names the city
        if self.chapter not in self.left_in_box:
            left = [c.id for c in self.box.new_in_chapter(self.chapter) if self.status[c.id] == "box"]
            return {"kind": "chapter_finished", "by": "campaign", "chapter": self.chapter, "left_in_box": left}
        following = [c for c in self.box.chapters if c > self.chapter]
        if following:
            return self._open(following[0])
        return {"kind": "campaign_ended", "by": "campaign", "battles": len(self.battles),
                "cities_saved": [x.city for x in self.battles if x.city_fate == "saved"]}

    def _open(self, chapter: int) -> dict[str, Any]:
        return {"kind": "chapter_opened", "by": "campaign", "chapter": chapter,
                "new": [c.id for c in self.box.new_in_chapter(chapter)]}

    def _final_pending(self) -> bool:
        final = self.box.final_scenario
        return final is not None and self.status.get(final) == "box" and self.box.get(final).chapter == self.chapter

    def _deal_piles(self, draw: int) -> list[dict[str, str]] | None:
        """Two piles of 1 scenario + 1 city + 1 character, drawn at random from the chapter's
        new components still in the box; None when they do not make two."""
        rng = random.Random(f"{self.seed}:{draw}")
        chosen: dict[str, list[str]] = {}
        for kind in PILE_KINDS:
            pool = [c.id for c in self.box.new_in_chapter(self.chapter, kind) if self.status[c.id] == "box"]
            if len(pool) < 2:
                return None
            chosen[kind] = rng.sample(pool, 2)
        return [{kind: chosen[kind][i] for kind in PILE_KINDS} for i in range(2)]

    def _draw_sky(self, draw: int, threat: int) -> tuple[str, int]:
        """Which sky tiles are flipped to their threat side ("otoč tolik náhodných destiček"),
        bottom tile first, and the seed of the dice of a game played with the engine."""
        rng = random.Random(f"{self.seed}:{draw}")
        flipped = set(rng.sample(range(SKY_TILES), threat))
        return "".join("T" if i in flipped else "E" for i in range(SKY_TILES)), rng.randrange(1 << 31)

    def _apply(self, rec: dict[str, Any]) -> None:
        """Check one record against the rules and the seed, and play it onto the state."""
        kind = rec["kind"]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise CampaignError(_("unknown record kind {kind!r}").format(kind=kind))
        if kind != "campaign_started" and not self.records:
            raise CampaignError(_("the journal must start with 'campaign_started'"))
        if self.ended:
            raise IllegalActionError(_("the campaign is over"), R_OVER)
        handler(rec)

    def _on_campaign_started(self, rec: dict[str, Any]) -> None:
        if self.records:
            raise CampaignError(_("a journal has one 'campaign_started' record, the first"))
        name = str(rec["name"]).strip()
        if not name:
            raise CampaignError(_("the campaign has no name"))
        _check_threat(rec["threat"])
        self.name, self.seed, self.threat = name, int(rec["seed"]), int(rec["threat"])

    def _on_chapter_opened(self, rec: dict[str, Any]) -> None:
        self.chapter = int(rec["chapter"])
        for c in self.box.new_in_chapter(self.chapter):
            self.status[c.id] = "box"

    def _on_piles_dealt(self, rec: dict[str, Any]) -> None:
        expected = self._deal_piles(int(rec["draw"]))
        if int(rec["draw"]) != self.draws or rec["piles"] != expected:
            raise CampaignError(_("the piles are not the ones the campaign's seed deals"))
        self.draws += 1
        self.piles = [dict(p) for p in rec["piles"]]
        for pile in self.piles:
            for cid in pile.values():
                self.status[cid] = "pile"

    def _on_pile_chosen(self, rec: dict[str, Any]) -> None:
        if self.piles is None:
            raise IllegalActionError(_("no piles are dealt"), R_PILES)
        number = int(rec["pile"])
        if number not in (1, 2):
            raise IllegalActionError(_("choose pile 1 or 2, not {pile!r}").format(pile=number), R_PILES)
        chosen, other = self.piles[number - 1], self.piles[2 - number]
        if sorted(rec["removed"]) != sorted(other.values()):
            raise CampaignError(_("the components removed are not the other pile's"))
        for cid in other.values():
            self.status[cid] = "removed"  # "všechny komponenty z druhé odstraň"
        for cid in chosen.values():
            self.status[cid] = "battle"
        character = chosen["character"]
        self.met[character] = self.chapter
        self.battles.append(Battle(len(self.battles) + 1, self.chapter, chosen["scenario"], chosen["city"],
                                   character, [character] + [c for c in self.team if c != character]))
        self.piles = None

    def _on_city_named(self, rec: dict[str, Any]) -> None:
        if not self._final_pending():
            raise IllegalActionError(_("a city is named only for chapter 4's final battle"), R_FINAL)
        city = str(rec["city"])
        if city in self.status:
            if self.box.get(city).kind != "city":
                raise IllegalActionError(_("{name} is not a city").format(name=self.name_of(city)), R_FINAL)
            if self.status[city] == "removed":
                raise IllegalActionError(_("{name} has left the campaign (destroyed or removed)").format(
                    name=self.name_of(city)), R_REMOVED)
            if self.status[city] == "unopened":
                raise IllegalActionError(_("{name} comes in a chapter not opened yet").format(name=self.name_of(city)),
                                         R_REMOVED)
            self.status[city] = "battle"
        elif basic_city_name(city) is None:
            raise IllegalActionError(_("unknown city {city!r}").format(city=city), R_FINAL)
        final = self.box.final_scenario
        assert final is not None
        self.status[final] = "battle"
        self.battles.append(Battle(len(self.battles) + 1, self.chapter, final, city, None, list(self.team)))

    def _on_game_set_up(self, rec: dict[str, Any]) -> None:
        b = self.battle
        if b is None or self.game is not None or self.piles is not None:
            raise IllegalActionError(self._not_now(_("you cannot set up a game now: {next}")), R_BATTLE)
        number = len(b.games) + 1
        if number > 2:
            raise IllegalActionError(_("a battle has two games at most"), R_BATTLE)
        if number == 2 and b.games[0].won:
            raise IllegalActionError(_("the first game was won: the battle is over"), R_BATTLE)
        side = "blue" if number == 1 else "damaged"
        if (int(rec["battle"]), int(rec["game"]), rec["city"], rec["side"]) != (b.number, number, b.city, side):
            message = (_("game {game} of battle {battle} is played in {city} on its blue side") if side == "blue"
                       else _("game {game} of battle {battle} is played in {city} on its damaged side"))
            raise CampaignError(message.format(game=number, battle=b.number, city=self.name_of(b.city)))
        threat = int(rec["threat"])
        if threat != self.threat:
            raise CampaignError(_("the game is set up at threat {threat}, the campaign's level is {level}").format(
                threat=threat, level=self.threat))
        if int(rec["draw"]) != self.draws or (rec["sky"], rec["dice_seed"]) != self._draw_sky(self.draws, threat):
            raise CampaignError(_("the sky tiles are not the ones the campaign's seed draws"))
        if rec["mode"] not in ("companion", "digital"):
            raise CampaignError(_("unknown mode {mode!r}").format(mode=rec["mode"]))
        self.draws += 1
        b.games.append(GameBox(number, side, threat, rec["sky"], int(rec["dice_seed"]), rec["mode"]))

    def _on_game_result(self, rec: dict[str, Any]) -> None:
        g = self.game
        b = self.battle
        if g is None or b is None:
            raise IllegalActionError(self._not_now(_("you cannot record a result now: {next}")), R_BATTLE)
        if (int(rec["battle"]), int(rec["game"])) != (b.number, g.game):
            raise CampaignError(_("the result is for game {game} of battle {battle}; the game in play is game "
                                  "{playing} of battle {number}").format(game=rec["game"], battle=rec["battle"],
                                                                         playing=g.game, number=b.number))
        won = rec["won"]
        if not isinstance(won, bool) or rec["box"] != (str(g.threat) if won else "X"):
            raise CampaignError(_("the result box holds X for a loss or the threat level won at"))
        if rec.get("by") not in ("player", "engine"):
            raise CampaignError(_("a result is the player's or the engine's"))
        g.won = won

    def _on_battle_ended(self, rec: dict[str, Any]) -> None:
        b = self.battles[-1]
        b.city_fate = rec["city_fate"]
        self.status[b.scenario] = "removed"  # "odstraň odehraný scénář"
        if b.city in self.status:
            # "ulož si zachráněné město na později" / "bylo zničeno a také se odstraní"
            self.status[b.city] = "kept" if b.city_fate == "saved" else "removed"
        if b.character is not None:
            self.status[b.character] = "kept"  # "postava s tebou v každém případě pokračuje"

    def _on_chapter_finished(self, rec: dict[str, Any]) -> None:
        self.left_in_box[int(rec["chapter"])] = list(rec["left_in_box"])

    def _on_campaign_ended(self, rec: dict[str, Any]) -> None:
        self.ended = True

    def _on_character_upgraded(self, rec: dict[str, Any]) -> None:
        cid = str(rec["character"])
        name = self.name_of(cid)
        if cid not in self.met:
            raise IllegalActionError(_("{name} is not in your campaign: you have not chosen a pile with them").format(
                name=name), R_CHARACTER)
        if self.status[cid] not in ("kept", "battle"):
            raise IllegalActionError(_("{name} has left the campaign").format(name=name), R_REMOVED)
        if cid in self.upgraded:
            raise IllegalActionError(_("{name} is already on the upgraded side").format(name=name), R_CHARACTER)
        if self.chapter <= self.met[cid]:
            # i18n: the quote is the rulebook's: give your own rulebook's sentence (pt: "Use o lado azul durante o
            # capítulo onde encontra o personagem pela primeira vez.")
            raise IllegalActionError(_(
                "{name} plays the blue side in chapter {chapter}, where you met them; the upgraded side comes in "
                "later chapters ('Gracz używa niebieskiej strony postaci w rozdziale, w którym spotyka ją po raz "
                "pierwszy')").format(name=name, chapter=self.met[cid]), R_CHARACTER)
        if self.game is not None:
            raise IllegalActionError(_("a game is set up: record its result first (a character's side is set "
                                       "when the game is set up)"), R_CHARACTER)
        self.upgraded.add(cid)

    def _on_threat_changed(self, rec: dict[str, Any]) -> None:
        to = rec["to"]
        _check_threat(to)
        if int(rec["from"]) != self.threat:
            raise CampaignError(_("the threat level was {level}, not {given}").format(level=self.threat,
                                                                                     given=rec["from"]))
        if to == self.threat:
            raise IllegalActionError(_("the threat level is already {level}").format(level=to), R_THREAT)
        if self.game is not None:
            raise IllegalActionError(_("a game is set up with the sky tiles drawn at the old level: record its "
                                       "result first"), R_THREAT)
        self.threat = int(to)

    # --- messages -------------------------------------------------------------------------

    def _not_now(self, message: str) -> str:
        """``message`` (translated, with ``{next}``) completed with the step the player is at."""
        return message.format(next=self.next_step())

    def next_step(self) -> str:
        """What the player does next, in one sentence."""
        phase = self.phase
        if phase == OVER:
            return _("the campaign is over.")
        if phase == CHOOSE:
            return _("choose pile 1 or 2 (the other pile leaves the campaign).")
        if phase == NAME_CITY:
            return _("name the city of The Final Battle as chapter 4's sheet says (soloboard does not know the "
                     "sheet): one still in the campaign.")
        b = self.battle
        assert b is not None
        if phase == PLAYING:
            g = self.game
            assert g is not None
            return _("play game {game} of battle {battle} and record its result (won or lost).").format(
                game=g.game, battle=b.number)
        if not b.games:
            return _("set up the first game of battle {battle} (blue side of {city}).").format(
                battle=b.number, city=self.name_of(b.city))
        return _("the first game was lost: set up the second game of battle {battle} on the damaged side of "
                 "{city}.").format(battle=b.number, city=self.name_of(b.city))


def parse_result(result: str | int | bool, threat: int) -> bool:
    """won / lost / X / the threat level won at (which must be the game's) -> won."""
    if isinstance(result, bool):
        return result
    text = str(result).strip().lower()
    if text in ("won", "win", "w", "v", "saved"):
        return True
    if text in ("lost", "loss", "l", "x", "destroyed"):
        return False
    if text.isdigit():
        if int(text) != threat:
            raise IllegalActionError(_("the game was set up at threat level {threat}: a won game's box holds "
                                       "{threat} (or record 'won'), not {given}").format(threat=threat, given=text),
                                     R_BATTLE)
        return True
    raise IllegalActionError(_("record won, lost (X) or the threat level won at ({threat}), not {given!r}").format(
        threat=threat, given=result), R_BATTLE)


def _check_threat(threat: Any) -> None:
    if isinstance(threat, bool) or not isinstance(threat, int) or threat not in THREAT_LEVELS:
        raise IllegalActionError(_("a threat level is 0 to 4 (sky tiles on their threat side), not {level!r}").format(
            level=threat), R_THREAT)
