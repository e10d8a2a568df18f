"""What a front end shows of a campaign: its state as JSON (:func:`status`), the paper
campaign sheet (:func:`sheet_text`), the journal in sentences (:func:`journal_lines`) and what
to set up at the table for the game in play (:func:`setup`).

The rulebook's sheet ("zápisník"): the campaign's name on top; for each chapter its battles,
each with the city, the scenario and the character, and two result boxes: the first game
(X for a loss, or the threat level won at) and the second game on the damaged side.
"""

from __future__ import annotations

from typing import Any

from soloboard.i18n import N_, _, ngettext, pgettext
from soloboard.ufs import components as C
from soloboard.ufs.campaign import procedure as P
from soloboard.ufs.campaign.plugins import rules_for
from soloboard.ufs.campaign.procedure import Campaign

UNKNOWN_RULES = N_("its rules are on the sealed chapter components and are not known to soloboard")


def _component(c: Campaign, cid: str | None, kind: str) -> dict[str, Any] | None:
    if cid is None:
        return None
    return {"id": cid, "name": c.name_of(cid), "kind": kind, "known": known(c, cid, kind)}


def known(c: Campaign, cid: str, kind: str, side: str | None = None) -> bool:
    """Whether the engine can play this component (its rules came with soloboard or a plugin)."""
    if kind == "city":
        if cid not in C.city_ids():
            return False
        return side is None or side in C.city(cid).sides
    if kind == "character":
        rules = rules_for("character", cid)
        if rules is None:
            return False
        wanted = side or ("upgraded" if cid in c.upgraded else "basic")
        return wanted in rules.hooks
    return rules_for(kind, cid) is not None


def known_sides(kind: str, cid: str) -> dict[str, bool] | bool:
    """Whether soloboard knows a character's rules on each side (``{"basic", "upgraded"}``), or a
    scenario's (one bool)."""
    rules = rules_for(kind, cid)
    if kind == "character":
        return {side: rules is not None and side in rules.hooks for side in ("basic", "upgraded")}
    return rules is not None


def character_side(c: Campaign, cid: str) -> str:
    return "upgraded" if cid in c.upgraded else "basic"


def status(c: Campaign) -> dict[str, Any]:
    """Everything a front end draws of the campaign, JSON-ready."""
    b = c.battle
    g = c.game
    out: dict[str, Any] = {
        "name": c.name, "seed": c.seed, "threat": c.threat, "chapter": c.chapter, "phase": c.phase,
        "next": c.next_step(), "box": c.box.id,
        "piles": [{kind: _component(c, pile[kind], kind) for kind in pile} for pile in c.piles] if c.piles else None,
        "battle": _battle(c, b) if b else None,
        "game": setup(c) if g else None,
        "team": [{"id": x, "name": c.name_of(x), "side": character_side(c, x), "chapter_met": c.met[x],
                  "may_upgrade": x not in c.upgraded and c.chapter > c.met[x] and not c.ended} for x in c.team],
        "cities_kept": [{"id": x, "name": c.name_of(x)} for x in c.kept("city")],
        "removed": [{"id": x, "name": c.name_of(x), "kind": c.box.get(x).kind} for x in c.removed()],
        "left_in_box": {str(ch): [c.name_of(x) for x in ids] for ch, ids in c.left_in_box.items()},
        "battles": [_battle(c, x) for x in c.battles],
        "can_undo": any(r.get("by") != "campaign" for r in c.records[1:]),
        "notes": notes(c),
    }
    if c.phase == P.NAME_CITY:
        out["city_choices"] = city_choices(c)
    return out


def _battle(c: Campaign, b: P.Battle) -> dict[str, Any]:
    return {"number": b.number, "chapter": b.chapter, "scenario": _component(c, b.scenario, "scenario"),
            "city": {"id": b.city, "name": c.name_of(b.city)},
            "character": _component(c, b.character, "character"),
            "games": [{"game": g.game, "side": g.side, "threat": g.threat, "sky": g.sky, "mode": g.mode,
                       "won": g.won, "box": g.box} for g in b.games],
            "city_fate": b.city_fate}


def city_choices(c: Campaign) -> list[dict[str, str]]:
    """The cities still in the campaign (for the final battle): kept, left in the box, the basic ones."""
    cities = [x for x in C.city_ids() if x not in c.status]
    cities += [x.id for x in c.box.of_kind("city") if c.status[x.id] in ("kept", "box")]
    return [{"id": x, "name": c.name_of(x)} for x in cities]


def notes(c: Campaign) -> list[str]:
    """What the player must be told: the parts the rulebook leaves to the unknown chapter sheets."""
    out = []
    if c.phase == P.CHOOSE and not any(b.chapter == c.chapter for b in c.battles):
        # "Až se seznámíš s novými pravidly, zvolíš si první bitvu" (the chapter's introduction sheet)
        out.append(_("Chapter {chapter} opened: read its introduction sheet (its story and new rules, which "
                     "soloboard does not know) before you choose your first battle.").format(chapter=c.chapter))
    late = [x for x in c.team if x not in c.upgraded and c.chapter > c.met[x] and not c.ended]
    if late:
        # i18n: keep 'upgrade NAME' as it is: the command the player types
        out.append(_("The rulebook has characters play their upgraded side in the chapters after the one you met "
                     "them in; when exactly is on the chapter sheets, which soloboard does not know. Record it with "
                     "'upgrade NAME' when you turn {names}.").format(names=", ".join(c.name_of(x) for x in late)))
    for ch, ids in c.left_in_box.items():
        if ids:
            out.append(_("Chapter {chapter}: {components} stayed in the box (too few for two more piles); what the "
                         "chapter sheets do with them is not known.").format(
                             chapter=ch, components=", ".join(c.name_of(x) for x in ids)))
    if c.phase == P.NAME_CITY:
        out.append(_("Chapter 4 brings one scenario, The Final Battle, and no new city or character, so no piles "
                     "can be dealt; how it is set up is on chapter 4's sheet, which soloboard does not know."))
    return out


def kind_word(kind: str) -> str:
    """A kind of campaign component in the current language (the JSON keeps the English id)."""
    if kind == "scenario":
        return pgettext("campaign component", "scenario")
    if kind == "city":
        return pgettext("campaign component", "city")
    if kind == "character":
        return pgettext("campaign component", "character")
    if kind == "sky_tile":
        return pgettext("campaign component", "advanced sky tile")
    return kind


def labelled(kind: str, name: str) -> str:
    """A component named with its kind, as the sheet writes it: "city Roswell"."""
    if kind == "scenario":
        return _("scenario {name}").format(name=name)
    if kind == "city":
        return _("city {name}").format(name=name)
    if kind == "character":
        return _("character {name}").format(name=name)
    if kind == "sky_tile":
        return _("advanced sky tile {name}").format(name=name)
    return f"{kind} {name}"


def with_side(name: str, side: str) -> str:
    """A character with the side it plays: "Name (upgraded side)"."""
    return (_("{name} (upgraded side)") if side == "upgraded" else _("{name} (basic side)")).format(name=name)


def city_side(name: str, side: str) -> str:
    """A city with the side it is played on: "Roswell (damaged side)"."""
    return (_("{name} (damaged side)") if side == "damaged" else _("{name} (blue side)")).format(name=name)


def city_fate(name: str, fate: str | None) -> str:
    if fate == "saved":
        return _("{city} saved").format(city=name)
    if fate == "destroyed":
        return _("{city} destroyed").format(city=name)
    # i18n: on the sheet, after a city whose battle is not over: "Roswell battle in progress"
    return _("{city} battle in progress").format(city=name)


def mode_word(mode: str) -> str:
    if mode == "digital":
        return pgettext("campaign game", "digital")
    if mode == "companion":
        return pgettext("campaign game", "companion")
    return mode


def and_list(items: list[str]) -> str:
    """ "1 and 2 and 3" in the current language."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{first} and {second}").format(first=text, second=item)
    return text


def setup(c: Campaign) -> dict[str, Any]:
    """What to put on the table for the game in play (companion mode), JSON-ready, with ``text``."""
    b, g = c.battle, c.game
    assert b is not None and g is not None
    sides = [("threat" if ch == "T" else "easy") for ch in g.sky]
    if g.game == 1:
        first = _("Battle {battle} (chapter {chapter}), game {game}: the first game, on the city's blue side.")
    else:
        first = _("Battle {battle} (chapter {chapter}), game {game}: the second game after a loss, on the city's "
                  "damaged side, same scenario and character.")
    lines = [first.format(battle=b.number, chapter=b.chapter, game=g.game)]
    unknown = _(UNKNOWN_RULES)
    city = c.name_of(b.city)
    if known(c, b.city, "city", g.side):
        line = _("City: {city}, blue (undamaged) side.") if g.side == "blue" else _("City: {city}, damaged (red) side.")
    else:
        line = (_("City: {city}, blue (undamaged) side ({unknown}).") if g.side == "blue"
                else _("City: {city}, damaged (red) side ({unknown})."))
    lines.append(line.format(city=city, unknown=unknown))
    line = _("Scenario: {name}.") if known(c, b.scenario, "scenario") else _("Scenario: {name} ({unknown}).")
    lines.append(line.format(name=c.name_of(b.scenario), unknown=unknown))
    if b.character is not None:
        upgraded = character_side(c, b.character) == "upgraded"
        if known(c, b.character, "character"):
            line = (_("Character: {name}, upgraded side (its ability once per game).") if upgraded
                    else _("Character: {name}, basic side (its ability once per game)."))
        else:
            line = (_("Character: {name}, upgraded side (its ability once per game); {unknown}.") if upgraded
                    else _("Character: {name}, basic side (its ability once per game); {unknown}."))
        lines.append(line.format(name=c.name_of(b.character), unknown=unknown))
    others = [x for x in b.team if x != b.character]
    if others:
        team = ", ".join(with_side(c.name_of(x), character_side(c, x)) for x in others)
        if b.character is not None:
            line = _("Also still in your campaign: {characters}. Which of them join this battle is on the chapter "
                     "sheets, which soloboard does not know.")
        else:
            line = _("Also still in your campaign: {characters}: the final battle's team as chapter 4's sheet says.")
        lines.append(line.format(characters=team))
    flipped = [str(i + 1) for i, s in enumerate(sides) if s == "threat"]
    if not flipped:
        tiles = _("every sky tile on its easy side")
    elif len(flipped) == 4:
        tiles = _("every sky tile on its threat side")
    else:
        tiles = ngettext("sky tile {tiles} on the threat side, the others on the easy side (tile 1 is the bottom "
                         "one, nearest the city)",
                         "sky tiles {tiles} on the threat side, the others on the easy side (tile 1 is the bottom "
                         "one, nearest the city)", len(flipped)).format(tiles=and_list(flipped))
    lines.append(_("Threat level {threat}: {tiles}; sky {sky}, bottom tile first.").format(
        threat=g.threat, tiles=tiles, sky=g.sky))
    lines.append(_("Then record the result: won (the box gets the threat level, {threat}) or lost (the box gets "
                   "X).").format(threat=g.threat))
    return {"battle": b.number, "game": g.game,
            "city": {"id": b.city, "name": c.name_of(b.city), "kind": "city",
                     "known": known(c, b.city, "city", g.side)},
            "side": g.side, "scenario": _component(c, b.scenario, "scenario"),
            "character": _component(c, b.character, "character"),
            "team": [{"id": x, "name": c.name_of(x), "side": character_side(c, x)} for x in b.team],
            "threat": g.threat, "sky": g.sky, "sky_sides": sides, "dice_seed": g.dice_seed, "mode": g.mode,
            "text": "\n".join(lines)}


def _box(g: P.GameBox | None) -> str:
    if g is None:
        return "[ ]"
    return f"[{g.box or ' '}]"


def _pile(c: Campaign, n: int, pile: dict[str, str], sep: str) -> str:
    return _("pile {n}: {components}").format(
        n=n, components=sep.join(labelled(k, c.name_of(v)) for k, v in pile.items()))


def sheet_text(c: Campaign) -> str:
    """The campaign sheet as the paper one is filled in."""
    lines = [_("Campaign: {name}").format(name=c.name),
             _("(seed {seed}, threat level {threat})").format(seed=c.seed, threat=c.threat), ""]
    for chapter in sorted({b.chapter for b in c.battles} | ({c.chapter} if c.chapter else set())):
        lines.append(_("Chapter {chapter}").format(chapter=chapter))
        for b in (x for x in c.battles if x.chapter == chapter):
            first = b.games[0] if b.games else None
            second = b.games[1] if len(b.games) > 1 else None
            character = c.name_of(b.character) if b.character else _("the team")
            parts = " · ".join([labelled("city", c.name_of(b.city)), labelled("scenario", c.name_of(b.scenario)),
                                labelled("character", character)])
            lines.append("  " + _("Battle {battle}: {components}").format(battle=b.number, components=parts))
            # i18n: the two result boxes of the paper sheet, then the city's fate
            lines.append("    " + _("first game {first}   damaged {second}   -> {fate}").format(
                first=_box(first), second=_box(second), fate=city_fate(c.name_of(b.city), b.city_fate)))
        if c.left_in_box.get(chapter):
            lines.append("  " + _("left in the box: {components}").format(
                components=", ".join(c.name_of(x) for x in c.left_in_box[chapter])))
    if c.piles:
        lines.append("")
        for i, pile in enumerate(c.piles, start=1):
            lines.append("  " + _pile(c, i, pile, " · "))
    lines.append("")
    if c.team:
        team = ", ".join((_("{name} (upgraded)") if character_side(c, x) == "upgraded" else _("{name} (basic)"))
                         .format(name=c.name_of(x)) for x in c.team)
        lines.append(_("Characters: {characters}").format(characters=team))
    else:
        lines.append(_("Characters: none yet"))
    saved = c.kept("city")
    lines.append(_("Cities saved: {cities}").format(cities=", ".join(c.name_of(x) for x in saved)) if saved
                 else _("Cities saved: none yet"))
    removed = c.removed()
    lines.append(_("Removed from the campaign: {components}").format(components=", ".join(
        c.name_of(x) for x in removed)) if removed else _("Removed from the campaign: nothing yet"))
    lines.append("")
    lines.append(_("The campaign is over.") if c.ended else _("Next: {step}").format(step=c.next_step()))
    return "\n".join(lines)


def journal_lines(c: Campaign) -> list[str]:
    """Every record as a sentence, numbered as in the journal."""
    return [f"{n:3}. {describe(c, rec)}" for n, rec in enumerate(c.records, start=1)]


def describe(c: Campaign, rec: dict[str, Any]) -> str:
    """One journal record as a sentence in the current language (the record itself stays as written)."""
    k = rec["kind"]
    name = c.name_of
    if k == "campaign_started":
        return _("Campaign '{name}' started (seed {seed}, threat level {threat}).").format(
            name=rec["name"], seed=rec["seed"], threat=rec["threat"])
    if k == "chapter_opened":
        if rec["new"]:
            return _("Chapter {chapter} opened: {components}.").format(
                chapter=rec["chapter"], components=", ".join(name(x) for x in rec["new"]))
        return _("Chapter {chapter} opened: nothing new.").format(chapter=rec["chapter"])
    if k == "piles_dealt":
        piles = "; ".join(_("pile {n}: {components}").format(n=i, components=", ".join(name(x) for x in p.values()))
                          for i, p in enumerate(rec["piles"], start=1))
        return _("Drawn for battle {battle}: {piles}.").format(battle=rec["battle"], piles=piles)
    if k == "pile_chosen":
        return _("Pile {pile} chosen; removed from the campaign: {components}.").format(
            pile=rec["pile"], components=", ".join(name(x) for x in rec["removed"]))
    if k == "city_named":
        return _("{city} named for The Final Battle.").format(city=name(rec["city"]))
    if k == "game_set_up":
        return _("Battle {battle}, game {game} set up: {city}, threat {threat}, sky {sky} ({mode}).").format(
            battle=rec["battle"], game=rec["game"], city=city_side(name(rec["city"]), rec["side"]),
            threat=rec["threat"], sky=rec["sky"], mode=mode_word(rec["mode"]))
    if k == "game_result":
        engine = rec.get("by") == "engine"
        if rec["won"]:
            text = (_("Battle {battle}, game {game}: won [{box}] (played with soloboard).") if engine
                    else _("Battle {battle}, game {game}: won [{box}]."))
        else:
            text = (_("Battle {battle}, game {game}: lost [{box}] (played with soloboard).") if engine
                    else _("Battle {battle}, game {game}: lost [{box}]."))
        return text.format(battle=rec["battle"], game=rec["game"], box=rec["box"])
    if k == "battle_ended":
        fate = city_fate(name(rec["city"]), rec["city_fate"])
        if rec.get("character"):
            return _("Battle {battle} over: {fate}; scenario {scenario} removed; {character} continues.").format(
                battle=rec["battle"], fate=fate, scenario=name(rec["scenario_removed"]),
                character=name(rec["character"]))
        return _("Battle {battle} over: {fate}; scenario {scenario} removed.").format(
            battle=rec["battle"], fate=fate, scenario=name(rec["scenario_removed"]))
    if k == "chapter_finished":
        if rec["left_in_box"]:
            return _("Chapter {chapter}: no more piles ({components} left in the box).").format(
                chapter=rec["chapter"], components=", ".join(name(x) for x in rec["left_in_box"]))
        return _("Chapter {chapter}: no more piles.").format(chapter=rec["chapter"])
    if k == "character_upgraded":
        return _("{name} turned to the upgraded side.").format(name=name(rec["character"]))
    if k == "threat_changed":
        return _("Threat level changed from {old} to {new}.").format(old=rec["from"], new=rec["to"])
    if k == "campaign_ended":
        n = rec["battles"]
        if rec["cities_saved"]:
            return ngettext("Campaign over after {n} battle; cities saved: {cities}.",
                            "Campaign over after {n} battles; cities saved: {cities}.", n).format(
                                n=n, cities=", ".join(name(x) for x in rec["cities_saved"]))
        return ngettext("Campaign over after {n} battle; cities saved: none.",
                        "Campaign over after {n} battles; cities saved: none.", n).format(n=n)
    return k
