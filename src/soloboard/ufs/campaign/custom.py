"""Custom battles with campaign components and their difficulty in stars, as the rulebook counts.

The rulebook ("Komponenty z kampaně v samostatné hře", Czech ``shared/seeds/001``; Portuguese
"Anime as Suas Partidas Singulares"; Polish "Urozmaicenie pojedynczych rozgrywek"): "Zvol si
modrou, nebo červenou stranu libovolného města. Zvol si scénář, nebo hraj bez něj. Můžeš si
vytvořit tým z libovolných základních i vylepšených postav, nebo hrát bez nich. Oblohu sestav z
libovolné kombinace základních i kampaňových destiček." Then its difficulty:

    Každá černá hvězdička na destičce oblohy přidává 1 ★ k obtížnosti.
    Pokud hraješ se scénářem, přičti si další 1 ★.
    [...] Za každou vylepšenou postavu si 1 ★ odečti.
    Poškozené strany měst a základní postavy odečítají po další půlhvězdičce.

and "Jestli chceš ale spíš vědět, jak epickou bitvu jsi právě odehrál, všechny černé i žluté
hvězdičky sečti" (Portuguese: "Se adicionar o número de estrelas pretas ao de estrelas
amarelas, isso lhe dirá o quão épica é a sua partida"): :attr:`CustomDifficulty.epic`.

Black stars on the sky tiles: a basic tile's threat side has one and its easy side none (see
``ufs/stars.py``); the advanced tiles carry 1 (easier side) and 2 (threatening side) per the
reference data; the special advanced tile's stars are not known, and a sum that needs them
says so instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from soloboard.i18n import _, ngettext
from soloboard.ufs import components as C
from soloboard.ufs.campaign.battles import boxed_game, build_game
from soloboard.ufs.campaign.box import DEFAULT_BOX, Box, fold
from soloboard.ufs.campaign.plugins import get_box, registered, rules_for, sky_tile_data, sky_tiles
from soloboard.ufs.campaign.sheet import city_side, known_sides, with_side
from soloboard.ufs.stars import STARS, Difficulty, Part, number

BASIC = "basic"
SIDES = ("easy", "threat")


@dataclass(frozen=True)
class CustomBattle:
    """``city`` (id) on ``side`` (blue / damaged), an optional ``scenario``, ``characters``
    (id -> upgraded?), and the sky: four (tile, side) pairs, bottom tile first, where tile is
    ``"basic"`` (the basic tile of that height) or an advanced tile's id."""

    city: str
    side: str = "blue"
    scenario: str | None = None
    characters: dict[str, bool] = field(default_factory=dict)
    sky: tuple[tuple[str, str], ...] = ((BASIC, "easy"),) * 4


@dataclass(frozen=True)
class CustomDifficulty(Difficulty):
    epic: float | None = None  # black and yellow stars added up ("how epic the battle is")

    @property
    def text(self) -> str:
        if self.value is None:  # a term is not known: no sum, only what is missing
            return " ".join((_("Difficulty not known:"), *self.notes))
        return super().text

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "epic": self.epic}


def parse_sky(text: str) -> tuple[tuple[str, str], ...]:
    """"ETEE" (basic tiles) or "E,T,advanced-sky-3:threat,E": four tiles, bottom first."""
    items = [t.strip() for t in text.split(",")] if "," in text else list(text.strip())
    out = []
    for item in items:
        tile, _colon, side = item.rpartition(":") if ":" in item else (BASIC, "", item)
        side = {"e": "easy", "t": "threat"}.get(side.strip().lower(), side.strip().lower())
        if side not in SIDES:
            raise ValueError(_("sky tile side {side!r}: use E (easy) or T (threat), e.g. ETEE").format(side=item))
        out.append((tile.strip() or BASIC, side))
    if len(out) != 4:
        raise ValueError(_("a sky has 4 tiles, bottom first (e.g. ETEE); got {n}").format(n=len(out)))
    return tuple(out)


def _tile_stars(tile: str, side: str, box: Box, height: int) -> tuple[float | None, str]:
    if tile == BASIC:
        return (1.0 if side == "threat" else 0.0), "basic"
    data = sky_tile_data(tile)
    if data is None:
        try:
            data = box.get(tile).extra
        except KeyError:
            raise ValueError(f"unknown sky tile {tile!r}") from None
        data = {**data, "name": box.get(tile).name}
    if data.get("height") not in (None, height):  # an advanced tile is made for one height
        raise ValueError(_("the {tile} is a tile for height {right}, not height {height}").format(
            tile=data.get("name", tile), right=data["height"], height=height))
    stars = data.get("black_stars")
    if not stars or side not in stars:
        return None, str(data.get("name", tile))
    return float(stars[side]), str(data.get("name", tile))


def difficulty(battle: CustomBattle, box_id: str = DEFAULT_BOX) -> CustomDifficulty:
    """The rulebook's difficulty of a custom battle, term by term."""
    box = get_box(box_id)
    parts: list[Part] = []
    notes: list[str] = []
    unknown = False
    for n, (tile, side) in enumerate(battle.sky, start=1):
        stars, name = _tile_stars(tile, side, box, n)
        if stars is None:
            unknown = True
            notes.append((_("The black stars on the threat side of the {tile} are not known.") if side == "threat"
                          else _("The black stars on the easy side of the {tile} are not known.")).format(tile=name))
        elif stars:
            label = (_("sky tile {n} on its threat side").format(n=n) if tile == BASIC else
                     (_("{tile}, threat side") if side == "threat" else _("{tile}, easy side")).format(tile=name))
            count = int(stars) if stars == int(stars) else 2  # "1½ black stars" is a plural
            black = ngettext("{n} black star", "{n} black stars", count).format(n=number(stars))
            parts.append(Part(_("{what}: {stars}").format(what=label, stars=black), stars))
    if battle.scenario:
        parts.append(Part(_("scenario {scenario}").format(scenario=box.name_of(battle.scenario)), 1.0))
    for cid, upgraded in battle.characters.items():
        parts.append(Part(with_side(box.name_of(cid), "upgraded" if upgraded else "basic"),
                          -1.0 if upgraded else -0.5))
    if battle.side == "damaged":
        parts.append(Part(_("{city}, damaged side").format(city=box.name_of(battle.city)), -0.5))
    value = None if unknown else sum(p.value for p in parts)
    epic = None if unknown else sum(abs(p.value) for p in parts)
    if epic is not None:
        notes.append(_("Black and yellow stars together (how epic the battle is): {n}.").format(n=number(epic)))
    return CustomDifficulty(value, STARS, tuple(parts), tuple(notes), epic=epic)


def unknown_parts(battle: CustomBattle, box_id: str = DEFAULT_BOX) -> list[str]:
    """What in the battle the engine cannot play (empty: it can be played digitally)."""

    box = get_box(box_id)
    missing = []
    if battle.city not in C.city_ids() or battle.side not in C.city(battle.city).sides:
        missing.append(_("the city {city}").format(city=city_side(box.name_of(battle.city), battle.side)))
    if battle.scenario and rules_for("scenario", battle.scenario) is None:
        missing.append(_("the scenario {scenario}").format(scenario=box.name_of(battle.scenario)))
    for cid, upgraded in battle.characters.items():
        rules = rules_for("character", cid)
        side = "upgraded" if upgraded else "basic"
        if rules is None or side not in rules.hooks:
            missing.append(_("the character {character}").format(character=with_side(box.name_of(cid), side)))
    for height, (tile, _side) in enumerate(battle.sky, start=1):
        if tile == BASIC:
            continue
        sky_tile_data(tile)  # loads the plugins, which may give the tile's contents
        known = C.advanced_sky_tile(tile)
        if known is None:
            missing.append(_("the contents of the {tile} (only its stars are known)").format(
                tile=_tile_name(tile, box)))
        elif known.height != height:
            missing.append(_("the {tile} at height {height}: it is a tile for height {right}").format(
                tile=known.name, height=height, right=known.height))
    return missing


def components(box_id: str = DEFAULT_BOX) -> dict[str, Any]:
    """Everything a custom battle can be built from, JSON-ready, each with whether soloboard knows
    its rules (``known``; a city and a character per side): the basic cities and the box's, the
    box's scenarios and characters and those of plugins, and for each height its sky tiles (the
    basic one, the box's advanced ones, known by their stars only, and those plugins give)."""

    box = get_box(box_id)
    cities = [{"id": cid, "name": _(C.city(cid).name), "known": {s: True for s in C.city(cid).sides}}
              for cid in C.city_ids()]
    cities += [{"id": c.id, "name": c.shown_name, "known": {"blue": False, "damaged": False}}
               for c in box.of_kind("city") if c.id not in C.city_ids()]
    out: dict[str, Any] = {"cities": cities}
    for kind in ("scenario", "character"):
        ids = [c.id for c in box.of_kind(kind)] + [r.component for r in registered(kind)]
        out[kind + "s"] = [{"id": cid, "name": box.name_of(cid) if cid in {c.id for c in box.components} else cid,
                            "known": known_sides(kind, cid)} for cid in dict.fromkeys(ids)]
    given = sky_tiles()
    tiles = {c.id: {**c.extra, "name": c.shown_name} for c in box.of_kind("sky_tile")} | given
    out["sky"] = [[{"id": BASIC, "name": _("sky tile {n}").format(n=height), "stars": {"easy": 0, "threat": 1},
                    "known": True}]
                  + [{"id": tid, "name": str(data.get("name", tid)), "stars": data.get("black_stars"),
                      "known": C.advanced_sky_tile(tid) is not None}
                     for tid, data in sorted(tiles.items()) if data.get("height") in (height, None)]
                  for height in range(1, C.SKY_TILES + 1)]
    return out


def _tile_name(tile: str, box: Box) -> str:
    data = sky_tile_data(tile)
    if data is not None and data.get("name"):
        return str(data["name"])
    try:
        return box.get(tile).shown_name
    except KeyError:
        return tile


def engine_params(battle: CustomBattle) -> dict[str, Any] | None:
    """``load_game("ufs", **params)`` when the engine knows every component of the battle (the
    city side, the scenario's and characters' rules from plugins, the basic sky tiles and the
    advanced ones whose contents a plugin gave); else None (:func:`unknown_parts` says why)."""
    if unknown_parts(battle):
        return None
    params: dict[str, Any] = {"city": battle.city, "side": battle.side,
                              "sky": "".join(side[0].upper() for _tile, side in battle.sky)}
    if any(tile != BASIC for tile, _side in battle.sky):
        params["sky_tiles"] = ",".join(tile for tile, _side in battle.sky)  # as load_game and the CLI read it
    return params


def new_game(battle: CustomBattle, box_id: str = DEFAULT_BOX) -> Any:
    """The engine's game for a custom battle it can play: its parameters (:func:`engine_params`)
    and the rule hooks of the city, the scenario and every character, combined as a campaign
    battle's are (``battles.build_game``: each character's once-per-game ability is its own
    action). ValueError names what is not known."""

    missing = unknown_parts(battle, box_id)
    if missing:
        raise ValueError(_("soloboard cannot play this battle: it does not know {parts}").format(
            parts=", ".join(missing)))
    params = engine_params(battle)
    assert params is not None
    return build_game(params, battle.scenario,
                      [(cid, "upgraded" if upgraded else "basic") for cid, upgraded in battle.characters.items()])


def find_component(text: str, kind: str, box_id: str = DEFAULT_BOX) -> str:
    """A component's id from its name or id; cities include the ones the engine knows."""

    key = fold(text)
    if kind in ("character", "scenario"):  # a plugin's component, named by its id
        for cid in (text.strip(), text.strip().lower()):
            if rules_for(kind, cid) is not None:
                return cid
    if kind == "city":
        for cid in C.city_ids():
            if key in (fold(cid), fold(C.city(cid).name)):
                return cid
    for c in get_box(box_id).of_kind(kind):
        if key in (fold(c.id), fold(c.name), fold(c.shown_name)):
            return c.id
    raise ValueError(f"no {kind} called {text!r}")


def measured(store: Any, battle: CustomBattle) -> list[dict[str, Any]]:
    """The agents' win rates from the report store for a battle the engine can play, best first.

    A report (``soloboard report ufs``) plays a city at a threat level with the threat tiles
    drawn at random; a custom battle fixes which tiles. Both are given: ``"match": "exact"``
    (the same sides) or ``"threat"`` (the same city side and number of threat tiles, drawn at
    random), so a player can compare the stars with how often the agents win."""
    params = engine_params(battle)
    if params is None or battle.scenario or battle.characters or "sky_tiles" in params:
        return []  # the reports play the engine's own setups, without campaign components
    threat = params["sky"].count("T")
    totals: dict[tuple[str, str], list[int]] = {}
    for row in store.series_results("ufs"):
        try:
            game = boxed_game(row["params"])
        except (TypeError, ValueError):
            continue  # a setup this version no longer reads
        if (game.city.id, game.side, game.threat) != (battle.city, battle.side, threat):
            continue
        sides = "".join(s[0].upper() for s in game.fixed_sides) if game.fixed_sides else None
        match = "exact" if sides == params["sky"] else "threat" if "threat" in row["params"] else None
        if match is None:
            continue
        total = totals.setdefault((row["agent"], match), [0, 0])
        total[0] += row["games"]
        total[1] += row["wins"]
    out = [{"agent": agent, "match": match, "games": n, "wins": w, "rate": w / n if n else None}
           for (agent, match), (n, w) in totals.items()]
    return sorted(out, key=lambda r: (r["match"] != "exact", -(r["rate"] or 0)))
