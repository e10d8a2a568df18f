"""What a front end shows of a campaign: its state as JSON (:func:`status`), the paper
campaign sheet (:func:`sheet_text`), the journal in sentences (:func:`journal_lines`) and what
to set up at the table for the game in play (:func:`setup`).

The rulebook's sheet ("zápisník"): the campaign's name on top; for each chapter its battles,
each with the city, the scenario and the character, and two result boxes: the first game
(X for a loss, or the threat level won at) and the second game on the damaged side.
"""

from __future__ import annotations

from typing import Any

from soloboard.ufs.campaign import procedure as P
from soloboard.ufs.campaign.plugins import rules_for
from soloboard.ufs.campaign.procedure import Campaign

UNKNOWN_RULES = "its rules are on the sealed chapter components and are not known to soloboard"


def _component(c: Campaign, cid: str | None, kind: str) -> dict[str, Any] | None:
    if cid is None:
        return None
    return {"id": cid, "name": c.name_of(cid), "kind": kind, "known": known(c, cid, kind)}


def known(c: Campaign, cid: str, kind: str, side: str | None = None) -> bool:
    """Whether the engine can play this component (its rules came with soloboard or a plugin)."""
    if kind == "city":
        from soloboard.ufs import components as C

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
    from soloboard.ufs import components as C

    cities = [x for x in C.city_ids() if x not in c.status]
    cities += [x.id for x in c.box.of_kind("city") if c.status[x.id] in ("kept", "box")]
    return [{"id": x, "name": c.name_of(x)} for x in cities]


def notes(c: Campaign) -> list[str]:
    """What the player must be told: the parts the rulebook leaves to the unknown chapter sheets."""
    out = []
    if c.phase == P.CHOOSE and not any(b.chapter == c.chapter for b in c.battles):
        # "Až se seznámíš s novými pravidly, zvolíš si první bitvu" (the chapter's introduction sheet)
        out.append(f"Chapter {c.chapter} opened: read its introduction sheet (its story and new rules, which "
                   "soloboard does not know) before you choose your first battle.")
    late = [x for x in c.team if x not in c.upgraded and c.chapter > c.met[x] and not c.ended]
    if late:
        out.append("The rulebook has characters play their upgraded side in the chapters after the one you met "
                   "them in; when exactly is on the chapter sheets, which soloboard does not know. Record it with "
                   "'upgrade NAME' when you turn " + ", ".join(c.name_of(x) for x in late) + ".")
    for ch, ids in c.left_in_box.items():
        if ids:
            out.append(f"Chapter {ch}: {', '.join(c.name_of(x) for x in ids)} stayed in the box (too few for two "
                       "more piles); what the chapter sheets do with them is not known.")
    if c.phase == P.NAME_CITY:
        out.append("Chapter 4 brings one scenario, The Final Battle, and no new city or character, so no piles "
                   "can be dealt; how it is set up is on chapter 4's sheet, which soloboard does not know.")
    return out


def setup(c: Campaign) -> dict[str, Any]:
    """What to put on the table for the game in play (companion mode), JSON-ready, with ``text``."""
    b, g = c.battle, c.game
    assert b is not None and g is not None
    sides = [("threat" if ch == "T" else "easy") for ch in g.sky]
    lines = [f"Battle {b.number} (chapter {b.chapter}), game {g.game}: "
             + ("the first game, on the city's blue side." if g.game == 1 else
                "the second game after a loss, on the city's damaged side, same scenario and character.")]
    lines.append(f"City: {c.name_of(b.city)}, {'blue (undamaged)' if g.side == 'blue' else 'damaged (red)'} side"
                 + ("" if known(c, b.city, "city", g.side) else f" ({UNKNOWN_RULES})") + ".")
    lines.append(f"Scenario: {c.name_of(b.scenario)}" + ("" if known(c, b.scenario, "scenario") else
                                                         f" ({UNKNOWN_RULES})") + ".")
    if b.character is not None:
        lines.append(f"Character: {c.name_of(b.character)}, {character_side(c, b.character)} side (its ability "
                     "once per game)" + ("" if known(c, b.character, "character") else f"; {UNKNOWN_RULES}") + ".")
    others = [x for x in b.team if x != b.character]
    if others:
        lines.append("Also still in your campaign: " + ", ".join(
            f"{c.name_of(x)} ({character_side(c, x)} side)" for x in others)
            + (". Which of them join this battle is on the chapter sheets, which soloboard does not know."
               if b.character is not None else ": the final battle's team as chapter 4's sheet says."))
    flipped = [str(i + 1) for i, s in enumerate(sides) if s == "threat"]
    if not flipped:
        tiles = "every sky tile on its easy side"
    elif len(flipped) == 4:
        tiles = "every sky tile on its threat side"
    else:
        tiles = (f"sky tile{'s' if len(flipped) > 1 else ''} {' and '.join(flipped)} on the threat side, the "
                 "others on the easy side (tile 1 is the bottom one, nearest the city)")
    lines.append(f"Threat level {g.threat}: {tiles}; sky {g.sky}, bottom tile first.")
    lines.append("Then record the result: won (the box gets the threat level, "
                 f"{g.threat}) or lost (the box gets X).")
    return {"battle": b.number, "game": g.game, "city": {"id": b.city, "name": c.name_of(b.city)},
            "side": g.side, "scenario": _component(c, b.scenario, "scenario"),
            "character": _component(c, b.character, "character"),
            "team": [{"id": x, "name": c.name_of(x), "side": character_side(c, x)} for x in b.team],
            "threat": g.threat, "sky": g.sky, "sky_sides": sides, "dice_seed": g.dice_seed, "mode": g.mode,
            "text": "\n".join(lines)}


def _box(g: P.GameBox | None) -> str:
    if g is None:
        return "[ ]"
    return f"[{g.box or ' '}]"


def sheet_text(c: Campaign) -> str:
    """The campaign sheet as the paper one is filled in."""
    lines = [f"Campaign: {c.name}", f"(seed {c.seed}, threat level {c.threat})", ""]
    for chapter in sorted({b.chapter for b in c.battles} | ({c.chapter} if c.chapter else set())):
        lines.append(f"Chapter {chapter}")
        for b in (x for x in c.battles if x.chapter == chapter):
            first = b.games[0] if b.games else None
            second = b.games[1] if len(b.games) > 1 else None
            character = (f"{c.name_of(b.character)}" if b.character else "the team")
            fate = {"saved": "saved", "destroyed": "destroyed", None: "battle in progress"}[b.city_fate]
            lines.append(f"  Battle {b.number}: city {c.name_of(b.city)} · scenario {c.name_of(b.scenario)} · "
                         f"character {character}")
            lines.append(f"    first game {_box(first)}   damaged {_box(second)}   -> {c.name_of(b.city)} {fate}")
        if c.left_in_box.get(chapter):
            lines.append("  left in the box: " + ", ".join(c.name_of(x) for x in c.left_in_box[chapter]))
    if c.piles:
        lines.append("")
        for i, pile in enumerate(c.piles, start=1):
            lines.append(f"  pile {i}: " + " · ".join(f"{k} {c.name_of(v)}" for k, v in pile.items()))
    lines.append("")
    team = ", ".join(f"{c.name_of(x)} ({character_side(c, x)})" for x in c.team) or "none yet"
    lines.append(f"Characters: {team}")
    lines.append("Cities saved: " + (", ".join(c.name_of(x) for x in c.kept("city")) or "none yet"))
    lines.append("Removed from the campaign: " + (", ".join(c.name_of(x) for x in c.removed()) or "nothing yet"))
    lines.append("")
    lines.append("The campaign is over." if c.ended else "Next: " + c.next_step())
    return "\n".join(lines)


def journal_lines(c: Campaign) -> list[str]:
    """Every record as a sentence, numbered as in the journal."""
    return [f"{n:3}. {describe(c, rec)}" for n, rec in enumerate(c.records, start=1)]


def describe(c: Campaign, rec: dict[str, Any]) -> str:
    k = rec["kind"]
    name = c.name_of
    if k == "campaign_started":
        return f"Campaign '{rec['name']}' started (seed {rec['seed']}, threat level {rec['threat']})."
    if k == "chapter_opened":
        return f"Chapter {rec['chapter']} opened: " + (", ".join(name(x) for x in rec["new"]) or "nothing new") + "."
    if k == "piles_dealt":
        piles = "; ".join(f"pile {i}: " + ", ".join(name(x) for x in p.values())
                          for i, p in enumerate(rec["piles"], start=1))
        return f"Drawn for battle {rec['battle']}: {piles}."
    if k == "pile_chosen":
        removed = ", ".join(name(x) for x in rec["removed"])
        return f"Pile {rec['pile']} chosen; removed from the campaign: {removed}."
    if k == "city_named":
        return f"{name(rec['city'])} named for The Final Battle."
    if k == "game_set_up":
        return (f"Battle {rec['battle']}, game {rec['game']} set up: {name(rec['city'])} ({rec['side']} side), "
                f"threat {rec['threat']}, sky {rec['sky']} ({rec['mode']}).")
    if k == "game_result":
        who = " (played with soloboard)" if rec.get("by") == "engine" else ""
        return f"Battle {rec['battle']}, game {rec['game']}: {'won' if rec['won'] else 'lost'} [{rec['box']}]{who}."
    if k == "battle_ended":
        text = (f"Battle {rec['battle']} over: {name(rec['city'])} {rec['city_fate']}; scenario "
                f"{name(rec['scenario_removed'])} removed")
        if rec.get("character"):
            text += f"; {name(rec['character'])} continues"
        return text + "."
    if k == "chapter_finished":
        left = ", ".join(name(x) for x in rec["left_in_box"])
        return f"Chapter {rec['chapter']}: no more piles" + (f" ({left} left in the box)" if left else "") + "."
    if k == "character_upgraded":
        return f"{name(rec['character'])} turned to the upgraded side."
    if k == "threat_changed":
        return f"Threat level changed from {rec['from']} to {rec['to']}."
    if k == "campaign_ended":
        saved = ", ".join(name(x) for x in rec["cities_saved"]) or "none"
        return f"Campaign over after {rec['battles']} battles; cities saved: {saved}."
    return k
