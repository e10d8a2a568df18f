"""Component data (sky tiles, base tiles, cities) read from the package's data files.

The files under ``data/`` are the only place the printed components live; nothing here
knows a tile's contents. See ``docs/ufs-data.md`` for the format and provenance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from soloboard.i18n import _

SKY_TILES = 4  # tile 1 is the bottom one (nearest the city), tile 4 the top one
ROWS_PER_TILE = 4
SKY_ROWS = SKY_TILES * ROWS_PER_TILE  # sky rows 1..16; row 0 is where the drop points start
COLS = 5
BASE_ROWS = 6  # row 0: AA guns, rows 1-2: top base tile, rows 3-5: bottom base tile

ROOM_TYPES = ("energy", "fighters", "research", "robots")
MOTHERSHIP_ACTIONS = ("excavator_back", "research_back", "add_white_ships", "add_red_ship", "damage", "skull")
CITY_SIDES = ("blue", "damaged")  # blue = undamaged; damaged = the red side
_SIDE_ALIASES = {"red": "damaged", "undamaged": "blue"}
# the 9-card edition's red reinforcements play the part of the boxed edition's white ships
ACTION_ALIASES = {"add_red_ship": "add_white_ships"}


class DataError(ValueError):
    """A component data file that does not follow the documented format."""


@dataclass(frozen=True)
class SkyRow:
    sky_row: int
    cells: tuple[str, ...]  # "." | "M" | "<" | ">" | "Xn"
    action: dict[str, Any] | None


@dataclass(frozen=True)
class SkySide:
    tile: int
    side: str
    research_costs: tuple[int, ...]  # bottom to top
    rows: tuple[SkyRow, ...]  # top to bottom


@dataclass(frozen=True)
class Room:
    type: str
    spaces: tuple[tuple[int, int], ...]  # (base row, col)
    energy_cost: int
    modifier: int
    effects: tuple[str, ...]  # usually (type,); a 9-card room has both "energy" and "fighters"


@dataclass(frozen=True)
class BaseHalf:
    tile: str
    side: str  # "top" | "bottom"
    rows: tuple[int, ...]
    rooms: tuple[Room, ...]
    tunnels: tuple[tuple[int, int], ...]
    excavator_start: tuple[int, int] | None


@dataclass(frozen=True)
class City:
    """One side of a city tile: what a game on it uses."""

    id: str
    name: str
    side: str  # "blue" | "damaged"
    top: str
    bottom: str
    start_energy: int
    start_energy_known: bool
    energy_max: int
    damage_limit: int
    research_costs: tuple[int, ...]  # the research spaces the city tile adds after the start space
    ability_id: str | None
    ability_known: bool
    ability_text: str
    sides: tuple[str, ...]  # the sides the data holds
    provenance: str
    confidence: str


def _read(path: str) -> dict[str, Any]:
    root = resources.files("soloboard.ufs") / "data"
    try:
        return json.loads((root / path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"component data file data/{path} is missing") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"component data file data/{path} is not valid JSON: {exc}") from None


def _check_cell(cell: str, where: str) -> str:
    if cell in (".", "M", "<", ">"):
        return cell
    if cell.startswith("X") and cell[1:].isdigit() and int(cell[1:]) >= 1:
        return cell
    raise DataError(f"{where}: unknown sky cell {cell!r} (use '.', 'M', '<', '>' or 'Xn')")


def _sky_rows(raw: dict[str, Any], what: str) -> list[SkyRow]:
    rows = []
    for r in raw["rows_top_to_bottom"]:
        where = f"{what} row {r['sky_row']}"
        cells = tuple(_check_cell(c, where) for c in r["cells"])
        if len(cells) != COLS:
            raise DataError(f"{where}: {len(cells)} cells, expected {COLS}")
        action = r.get("mothership_action")
        # a track symbol no source gives (9-card difficult sides): ufs/pnp.py keeps it unreached
        if action == "unknown":
            action = None
        if action is not None and action.get("kind") not in MOTHERSHIP_ACTIONS:
            raise DataError(f"{where}: unknown mothership action {action!r}")
        rows.append(SkyRow(int(r["sky_row"]), cells, action))
    return rows


def _rooms(raw: dict[str, Any], what: str) -> tuple[Room, ...]:
    rooms = []
    for r in raw["rooms"]:
        effects = tuple(r.get("effects") or [r["type"]])
        for effect in effects:
            if effect not in ROOM_TYPES:
                raise DataError(f"{what}: unknown room effect {effect!r} (known: {', '.join(ROOM_TYPES)})")
        rooms.append(Room(r["type"], tuple((int(a), int(b)) for a, b in r["spaces"]),
                          int(r["energy_cost"]), int(r["modifier"]), effects))
    return tuple(rooms)


def _side(path: str, side: str) -> dict[str, Any]:
    """One side of a tile or card file; a missing side says which file it belongs in."""
    try:
        return _read(path)["sides"][side]
    except KeyError:
        raise DataError(
            f"the {side} side is not known: add it as \"{side}\" under \"sides\" in "
            f"src/soloboard/ufs/data/{path}"
        ) from None


def _base_half(raw: dict[str, Any], tile: str, side: str) -> BaseHalf:
    start = raw.get("excavator_start")
    return BaseHalf(tile, side, tuple(raw["base_rows"]), _rooms(raw, f"base {tile} ({side})"),
                    tuple((int(a), int(b)) for a, b in raw["tunnels"]), tuple(start) if start else None)


def sky_rows_at(height: int) -> list[int]:
    """The sky rows a tile at ``height`` covers (height 1 is the bottom tile), top to bottom."""
    return list(range((SKY_TILES - height) * ROWS_PER_TILE + 1, (SKY_TILES - height + 1) * ROWS_PER_TILE + 1))


def _sky_side(raw: dict[str, Any], tile: int, side: str, what: str) -> SkySide:
    try:
        rows = _sky_rows(raw, what)
        costs = tuple(int(c) for c in raw["research_costs_bottom_to_top"])
    except KeyError as exc:
        raise DataError(f"{what}: no {exc.args[0]!r} (see ufs/data/sky/tile-1.json for the format)") from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, DataError):
            raise
        raise DataError(f"{what}: {exc}") from None
    expected = sky_rows_at(tile)
    if [r.sky_row for r in rows] != expected:
        raise DataError(f"{what}: rows must be {expected}, top to bottom")
    if len(costs) != ROWS_PER_TILE or min(costs) < 1:
        raise DataError(f"{what}: research costs must be {ROWS_PER_TILE} numbers >= 1")
    return SkySide(tile, side, costs, tuple(rows))


@cache
def sky_side(tile: int, side: str) -> SkySide:
    return _sky_side(_side(f"sky/tile-{tile}.json", side), tile, side, f"sky tile {tile} ({side})")


# --- advanced sky tiles (issue 11) -------------------------------------------------------
# The boxed campaign's advanced sky tiles are known by name and stars only
# (data/campaign/boxed.json); an owner who knows one adds its full data in a plugin
# (campaign/plugins.py), which registers it here. None is shipped.

BASIC_SKY = "basic"  # the basic sky tile of a height, in ``sky_tiles``
SKY_SIDES = ("easy", "threat")


@dataclass(frozen=True)
class AdvancedSkyTile:
    id: str
    name: str
    height: int  # 1 (bottom) .. 4 (top)
    black_stars: dict[str, int]  # side -> black stars, as printed
    provenance: str
    sides: dict[str, SkySide] = field(compare=False, hash=False)


_ADVANCED_SKY: dict[str, AdvancedSkyTile] = {}


def register_sky_tile(data: dict[str, Any]) -> AdvancedSkyTile:
    """An advanced sky tile from its full data, checked now: ``{"id", "name", "height": 1..4,
    "provenance", "black_stars": {"easy": n, "threat": n}, "sides": {"easy": {...}, "threat":
    {...}}}``, each side in the format of a basic tile's side (``data/sky/tile-*.json``)."""
    tile_id = str(data.get("id") or "")
    what = f"advanced sky tile {tile_id or '(no id)'}"
    missing = [k for k in ("id", "name", "height", "provenance", "black_stars", "sides") if not data.get(k)]
    if missing:
        raise DataError(f"{what}: its data is incomplete, it has no {', '.join(map(repr, missing))}")
    if tile_id == BASIC_SKY:
        raise DataError(f"{what}: the id {tile_id!r} names the basic tiles")
    height = data["height"]
    if isinstance(height, bool) or not isinstance(height, int) or not 1 <= height <= SKY_TILES:
        raise DataError(f"{what}: height must be 1..{SKY_TILES} (1 is the bottom tile), not {height!r}")
    stars, sides = data["black_stars"], data["sides"]
    if not isinstance(stars, dict) or not isinstance(sides, dict):
        raise DataError(f"{what}: 'black_stars' and 'sides' must be objects keyed by side (easy, threat)")
    for side in SKY_SIDES:
        if side not in sides or not isinstance(sides[side], dict):
            raise DataError(f"{what}: its data is incomplete, the {side} side is missing under 'sides'")
        count = stars.get(side)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DataError(f"{what}: black_stars needs a number >= 0 for the {side} side, not {count!r}")
    tile = AdvancedSkyTile(
        tile_id, str(data["name"]), height, {s: int(stars[s]) for s in SKY_SIDES}, str(data["provenance"]),
        {s: _sky_side(sides[s], height, s, f"{what} ({s})") for s in SKY_SIDES},
    )
    _ADVANCED_SKY[tile_id] = tile
    return tile


def unregister_sky_tile(tile_id: str) -> None:
    _ADVANCED_SKY.pop(tile_id, None)


def advanced_sky_tile(tile_id: str) -> AdvancedSkyTile | None:
    """An advanced tile whose contents are known (a plugin gave them), or None."""
    return _ADVANCED_SKY.get(tile_id)


def advanced_sky_ids() -> list[str]:
    return sorted(_ADVANCED_SKY)


@cache
def base_half(tile: str, side: str) -> BaseHalf:
    return _base_half(_side(f"base/tile-{tile}.json", side), tile, side)


@dataclass(frozen=True)
class Mothership:
    purple_ships: int
    white_ships: int
    gray_dice: int
    white_dice: int
    robot_dice: int


@cache
def mothership() -> Mothership:
    d = _read("mothership.json")
    return Mothership(int(d["purple_ships"]), int(d["white_ships"]), int(d["worker_dice"]["gray"]),
                      int(d["worker_dice"]["white"]), int(d["robot_dice"]))


# cities added at run time (custom battles, tests); same format as a data file
_EXTRA_CITIES: dict[str, dict[str, Any]] = {}


def register_city(data: dict[str, Any]) -> City:
    """Make a city from a dict in the data-file format available to ``load_game``."""
    _EXTRA_CITIES[data["id"]] = data
    city.cache_clear()
    return city(data["id"])


def unregister_city(city_id: str) -> None:
    _EXTRA_CITIES.pop(city_id, None)
    city.cache_clear()


def city_ids() -> list[str]:
    root = resources.files("soloboard.ufs") / "data" / "cities"
    return sorted({p.name[:-5] for p in root.iterdir() if p.name.endswith(".json")} | set(_EXTRA_CITIES))


def normalise_side(side: str) -> str:
    key = str(side).strip().lower()
    key = _SIDE_ALIASES.get(key, key)
    if key not in CITY_SIDES:
        raise ValueError(_("unknown city side {side}; valid sides: blue (undamaged), damaged (red)").format(
            side=repr(side)))
    return key


@cache
def city(city_id: str, side: str = "blue") -> City:
    """One side of a city. A side inherits every field it does not set from the city's top level
    (a file without ``sides`` describes its blue side only)."""
    d = _EXTRA_CITIES.get(city_id) or _read(f"cities/{city_id}.json")
    sides = d.get("sides") or {"blue": {}}
    if side not in sides:
        known = ", ".join(sides)
        raise ValueError(f"the {side} side of {d['name']} is not in our data (known: {known}); we never invent a side")
    s = {**d, **sides[side]}
    ability = s.get("ability") or {}
    costs = tuple(int(c) for c in s.get("research_costs", ()))
    if any(c < 1 for c in costs):
        raise DataError(f"city {city_id} ({side}): research costs must be numbers >= 1")
    return City(
        id=d["id"], name=d["name"], side=side, top=s["base"]["top"], bottom=s["base"]["bottom"],
        start_energy=int(s["start_energy"]), start_energy_known=bool(s.get("start_energy_known", True)),
        energy_max=int(s["energy_max"]), damage_limit=int(s["damage_limit"]), research_costs=costs,
        ability_id=ability.get("id"), ability_known=bool(ability.get("known", True)),
        ability_text=ability.get("text", ""), sides=tuple(sides),
        provenance=d.get("provenance", ""), confidence=d.get("confidence", ""),
    )


# --- the 9-card print-and-play edition ---------------------------------------------------

PNP_CARDS = ("mothership", "sky-1", "sky-2", "sky-3", "sky-4", "base-0", "base-1", "science")


@cache
def pnp_edition() -> dict[str, Any]:
    return _read("pnp/edition.json")


@cache
def pnp_card(card: str) -> dict[str, Any]:
    if card not in PNP_CARDS:
        raise DataError(f"unknown card {card!r}; the cards are {', '.join(PNP_CARDS)}")
    return _read(f"pnp/{card}.json")


def pnp_sides_known(card: str) -> tuple[str, ...]:
    return tuple(pnp_card(card)["sides"])


def pnp_side(card: str, side: str) -> dict[str, Any]:
    if card not in PNP_CARDS:
        raise DataError(f"unknown card {card!r}; the cards are {', '.join(PNP_CARDS)}")
    return _side(f"pnp/{card}.json", side)


def pnp_sky_rows(card: str, side: str) -> list[SkyRow]:
    return _sky_rows(pnp_side(card, side), f"card {card} ({side})")


def pnp_base_half(card: str, side: str) -> BaseHalf:
    return _base_half(pnp_side(card, side), card, side)
