"""Lookup tables derived once from the component data, shared by every state.

The hot paths (placing dice, moving ships) only index into these lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from soloboard.ufs import components as C
from soloboard.ufs.actions import COLS, N_SPACES

SKY_ROWS: Final = C.SKY_ROWS

# sky cell codes
EMPTY: Final = 0
ARROW_LEFT: Final = 1
ARROW_RIGHT: Final = 2
MOTHERSHIP: Final = 3
EXPLOSION: Final = 10  # + printed number

# base space kinds
AA_GUN: Final = 1
ROOM: Final = 2
TUNNEL: Final = 3


@dataclass(frozen=True)
class RoomInfo:
    index: int
    type: str
    spaces: tuple[int, ...]
    energy_cost: int
    modifier: int
    effects: tuple[str, ...]

    @property
    def anchor(self) -> int:
        return self.spaces[0]


class SkyTables:
    """The sky in play: its cells, the mothership track and the research track."""

    def __init__(self, rows: list[C.SkyRow], research_costs: tuple[int, ...], sky_rows: int,
                 sides: tuple[str, ...], research_beside_sky: bool = True, research_on_city: int = 0,
                 single_source_reading: str = "as printed") -> None:
        self.sides = sides
        # the boxed tiles print one research space beside each sky row; the 9-card edition has its own card
        self.research_beside_sky = research_beside_sky
        # research spaces printed on the city tile after the start space: they come first on the track
        self.research_on_city = research_on_city
        self.rows = sky_rows  # ships moving below this row hit the city
        self.cell = [EMPTY] * ((sky_rows + 1) * COLS)
        self.action: list[tuple[str, int] | None] = [None] * (sky_rows + 2)
        self.skull_row = sky_rows + 1
        for row in rows:
            for col, cell in enumerate(row.cells):
                self.cell[row.sky_row * COLS + col] = _cell_code(cell)
            if row.action is not None:
                kind = C.ACTION_ALIASES.get(row.action["kind"], row.action["kind"])
                amount = int(row.action.get("amount", 1))
                if single_source_reading == "none" and row.action.get("single_source"):
                    kind, amount = "none", 0  # no effect: how saves made before it was identified play it
                self.action[row.sky_row] = (kind, amount)
                if kind == "skull":
                    self.skull_row = min(self.skull_row, row.sky_row)
        # research_costs[i] is the value needed to enter research space i (1..last); space 0 is the start
        self.research_costs = (0, *research_costs)
        self.research_last = len(research_costs)
        self.explosions = sorted(
            ((idx, code - EXPLOSION) for idx, code in enumerate(self.cell) if code >= EXPLOSION),
            key=lambda e: e[1],
        )


def boxed_sky(sides: tuple[str, ...], city_costs: tuple[int, ...] = (),
              single_source_reading: str = "as printed", tiles: tuple[str, ...] | None = None) -> SkyTables:
    """The boxed edition's sky: four tiles, each with its own stretch of the research track.

    The track starts on the city tile: its start space, then the spaces the city side adds
    (``city_costs``), then the sky tiles' spaces from the bottom tile up. ``single_source_reading``
    ``"none"`` plays the mothership actions marked ``single_source`` as no effect. ``tiles``
    names the tile at each height, bottom first: ``"basic"`` or an advanced tile's id (its
    data registered by a plugin, ``components.register_sky_tile``); default all basic.
    """
    rows: list[C.SkyRow] = []
    costs: list[int] = list(city_costs)
    for tile in range(1, C.SKY_TILES + 1):
        tile_id = tiles[tile - 1] if tiles is not None else C.BASIC_SKY
        if tile_id == C.BASIC_SKY:
            side = C.sky_side(tile, sides[tile - 1])
        else:
            advanced = C.advanced_sky_tile(tile_id)
            if advanced is None or advanced.height != tile:
                raise C.DataError(f"the advanced sky tile {tile_id!r} is not known at height {tile}")
            side = advanced.sides[sides[tile - 1]]
        costs.extend(side.research_costs)
        rows.extend(side.rows)
    return SkyTables(rows, tuple(costs), SKY_ROWS, sides, research_on_city=len(city_costs),
                     single_source_reading=single_source_reading)


@dataclass(frozen=True)
class Layout:
    """The components in play once every card or tile side is known."""

    sky: SkyTables
    base: BaseTables
    start_energy: int
    energy_max: int
    damage_limit: int  # the base is destroyed when the damage reaches this


def _cell_code(cell: str) -> int:
    if cell == ".":
        return EMPTY
    if cell == "<":
        return ARROW_LEFT
    if cell == ">":
        return ARROW_RIGHT
    if cell == "M":
        return MOTHERSHIP
    return EXPLOSION + int(cell[1:])


def path_order() -> list[int]:
    """Base spaces in excavator path order: rows 0, 1, 3, 5 left to right, rows 2 and 4 right to left."""
    order: list[int] = []
    for row in range(C.BASE_ROWS):
        cols = range(COLS - 1, -1, -1) if row in (2, 4) else range(COLS)
        order.extend(row * COLS + c for c in cols)
    return order


class BaseTables:
    """The base built from a top and a bottom base tile."""

    def __init__(self, top: C.BaseHalf, bottom: C.BaseHalf) -> None:
        self.kind = [0] * N_SPACES
        self.room_of = [-1] * N_SPACES
        for col in range(COLS):
            self.kind[col] = AA_GUN
        rooms: list[tuple[tuple[int, ...], C.Room]] = []
        for half in (top, bottom):
            for printed in half.rooms:
                spaces = tuple(sorted(r * COLS + c for r, c in printed.spaces))
                for space in spaces:
                    if self.kind[space]:
                        raise C.DataError(f"base {half.tile}-{half.side}: space {space} is listed twice")
                    self.kind[space] = ROOM
                rooms.append((spaces, printed))
            for r, c in half.tunnels:
                if self.kind[r * COLS + c]:
                    raise C.DataError(f"base {half.tile}-{half.side}: tunnel ({r}, {c}) is also a room")
                self.kind[r * COLS + c] = TUNNEL
        missing = [s for s in range(N_SPACES) if not self.kind[s]]
        if missing:
            raise C.DataError(f"base {top.tile}/{bottom.tile}: spaces {missing} are neither room nor tunnel")
        rooms.sort(key=lambda r: r[0][0])  # rooms are numbered by their first space
        self.rooms = tuple(
            RoomInfo(i, room.type, spaces, room.energy_cost, room.modifier, room.effects)
            for i, (spaces, room) in enumerate(rooms)
        )
        for room in self.rooms:
            for s in room.spaces:
                self.room_of[s] = room.index
        self.room_spaces = [s for s in range(N_SPACES) if self.kind[s] == ROOM]
        # where a new robot may stand: room spaces, and AA guns, where it does nothing (rulebook: special cases)
        self.robot_spaces = [s for s in range(N_SPACES) if self.kind[s] in (ROOM, AA_GUN)]
        self.path = path_order()
        self.pos = [0] * N_SPACES
        for i, s in enumerate(self.path):
            self.pos[s] = i
        if top.excavator_start is None:
            raise C.DataError(f"base tile {top.tile} top side names no excavator start")
        r, c = top.excavator_start
        self.excavator_start = self.pos[r * COLS + c]
        self.path_length = len(self.path)
        self._targets: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # (excavator, columns used, digging allowed, *dice pool) -> placement actions; filled by the states
        self.placement_cache: dict[tuple[int, int, bool], tuple[tuple[int, ...], ...]] = {}

    def place_targets(self, exc: int, cols_used: int, value: int) -> tuple[int, ...]:
        """Sorted spaces a worker die may go on: excavated ones, and unexcavated ones up to ``value`` ahead.

        ``value`` 0 allows no digging; a value of ``path_length`` allows any distance.
        """
        key = (exc, cols_used, value)
        hit = self._targets.get(key)
        if hit is None:
            pos = self.pos
            hit = tuple(
                s for s in range(N_SPACES)
                if not cols_used >> (s % COLS) & 1 and (pos[s] < exc or 1 <= pos[s] - exc <= value)
            )
            self._targets[key] = hit
        return hit
