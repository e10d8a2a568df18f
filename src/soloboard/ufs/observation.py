"""What the player sees of an Under Falling Skies position, as a flat tensor and as text.

The tensor is a sequence of named pieces (as OpenSpiel's observers lay theirs out), each a
block of small non-negative integers; :func:`pieces` lists them with their shapes and
ranges, ``docs/research.md`` draws the table. Every shape depends on the game only (its
edition's sky rows, its possible research tracks), never on the position, so a tensor has
the same length from the set-up draw to the end of the game.

Speed matters (a Gymnasium step builds one per decision), so the tensor is assembled as
``bytes`` (one byte per entry: every value fits in 0..255) from per-position pieces made
with C-level ``bytes`` operations, and from the pieces that depend only on the cards in
play (the sky's symbols, the base's rooms), built once per layout. The adapters turn the
bytes into a numpy array in one call (``numpy.frombuffer``); :func:`observation_tensor`
turns them into a list of floats, so this module needs no numpy.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from soloboard.ufs import actions as A
from soloboard.ufs import state as S
from soloboard.ufs.tables import AA_GUN, ARROW_LEFT, ARROW_RIGHT, EXPLOSION, MOTHERSHIP, ROOM, TUNNEL

if TYPE_CHECKING:
    from soloboard.ufs.game import BaseUFSGame
    from soloboard.ufs.state import UFSState
    from soloboard.ufs.tables import BaseTables, Layout, SkyTables

COLS = A.COLS
BASE_ROWS = A.BASE_ROWS
N_SPACES = A.N_SPACES
MOTHERSHIP_ACTIONS = ("excavator_back", "research_back", "add_white_ships", "damage", "skull")
ROOM_EFFECTS = ("energy", "fighters", "research", "robots")
SPACE_KINDS = (AA_GUN, ROOM, TUNNEL)

# name, shape, highest value (one for the piece, or one per entry), meaning
Piece = tuple[str, tuple[int, ...], int | tuple[int, ...], str]

# bytes.translate tables: a ship code -> 1 for one kind of ship, 0 otherwise
_PRIMARY = bytes(1 if i == S.PURPLE else 0 for i in range(256))
_REINFORCEMENT = bytes(1 if i == S.WHITE_SHIP else 0 for i in range(256))
_BITS5 = [bytes(m >> i & 1 for i in range(COLS)) for m in range(1 << COLS)]
_BITS10 = [bytes(m >> i & 1 for i in range(10)) for m in range(1 << 10)]
_NO_SPACES = bytes(N_SPACES)


def _one_hot(index: int, size: int) -> bytes:
    return bytes(1 if i == index else 0 for i in range(size))


def _possible_layouts(game: BaseUFSGame) -> list[Layout]:
    """Every layout the set-up draw can lead to: the shapes must fit all of them."""
    if game.fixed_sides is not None:
        return [game.layout(game.fixed_sides)]
    return [game.layout(game.sides_for_mask(m)) for m in game.setup_masks()]


class UFSObserver:
    """Builds the observation of one game's positions; :meth:`encode` is the hot path."""

    def __init__(self, game: BaseUFSGame) -> None:
        self.game = game
        rows = game.sky_rows
        self.ms_rows = rows + 2  # the mothership is on row 0..skull row (at most sky_rows + 1)
        layouts = _possible_layouts(game)
        last = max(lay.sky.research_last for lay in layouts)
        self.research_spaces = last + 1
        energy = max([game.start_energy] + [lay.energy_max for lay in layouts])
        ships = game.primary_ships + game.reinforcement_ships
        damage_limit = max(lay.damage_limit for lay in layouts)
        self.phases = len(S.PHASE_NAMES)
        n_cards = len(game.cards)

        def top(values: list[int]) -> int:
            return max([1, *values])

        explosions = top([n for lay in layouts for _, n in lay.sky.explosions])
        amounts = top([a[1] for lay in layouts for a in lay.sky.action if a is not None])
        costs = top([c for lay in layouts for c in lay.sky.research_costs])
        rooms = [room for lay in layouts for room in lay.base.rooms]
        room_top = top([r.energy_cost for r in rooms] + [abs(r.modifier) for r in rooms])
        self.pieces: list[Piece] = [
            # --- the position ---------------------------------------------------------------------
            ("phase", (self.phases,), 1, "one-hot: " + ", ".join(S.PHASE_NAMES)),
            ("result", (2,), 1, "1 in the first entry: won; in the second: lost"),
            ("round", (1,), rows + 2, "the round number (0 before the set-up draw)"),
            ("tracks", (6,), (last, last, energy, energy, damage_limit + ships, damage_limit),
             "research, research track's last space, energy, energy maximum, damage, damage limit"),
            ("ships_off_board", (3,), ships,
             f"waiting {game.ship_names[0]} ships, waiting {game.ship_names[1]} ships, "
             f"{game.ship_names[1]} ships left in the supply"),
            ("to_roll", (2,), max(game.plain_dice, game.white_dice),
             f"{game.dice_names[0]} and white dice about to be rolled (roll phase only)"),
            ("robot_to_install", (1,), 6, "the value of the robot being installed (install phase), else 0"),
            ("ships", (2, rows + 1, COLS), 1,
             f"sky rows 0..{rows} x columns a-e: {game.ship_names[0]} ships, then {game.ship_names[1]} ships"),
            ("mothership_row", (self.ms_rows,), 1, "one-hot: the sky row of the mothership (its drop points)"),
            ("next_mothership_action", (len(MOTHERSHIP_ACTIONS),), amounts,
             "amount of each mothership action (" + ", ".join(MOTHERSHIP_ACTIONS) + ") printed on the row "
             "below the mothership: the one the next mothership phase resolves"),
            ("unplaced_dice", (2, 6), max(game.plain_dice, game.white_dice),
             f"unplaced {game.dice_names[0]} dice, then white dice: how many show 1..6"),
            ("columns_used", (COLS,), 1, "1: a worker die went to this column this round"),
            ("dice", (BASE_ROWS, COLS), 6, "base rows 0..5 x columns a-e: the worker die's value, 0 = none"),
            ("dig_die", (BASE_ROWS, COLS), 1, "1 on the space of the die waiting to dig"),
            ("robots", (BASE_ROWS, COLS), 6, "the robot's value, 0 = none"),
            ("exhausted", (BASE_ROWS, COLS), 1, "1: the robot there is exhausted"),
            ("excavated", (BASE_ROWS, COLS), 1, "1: the space is excavated"),
            ("excavator", (BASE_ROWS, COLS), 1, "1 on the excavator's space"),
            ("pending_robots", (6,), N_SPACES, "robots built and waiting to be installed, by value 1..6"),
            ("spawn_options", (COLS,), 1, "1: a ship may spawn above this column now (spawn phase)"),
            # --- the cards in play (zero until the set-up draw decides them) -------------------------
            ("card_sides", (n_cards, 2), 1,
             f"one-hot per card ({', '.join(game.cards)}): {game.side_letters[0][0]}, {game.side_letters[1][0]}"),
            ("arrows", (2, rows + 1, COLS), 1, "printed arrows on the sky cells: left, then right"),
            ("mothership_symbols", (rows + 1, COLS), 1, "1: the cell shows a mothership symbol"),
            ("explosions", (rows + 1, COLS), explosions, "the number printed in the cell's explosion, 0 = none"),
            ("mothership_actions", (len(MOTHERSHIP_ACTIONS), self.ms_rows), amounts,
             "per action kind (" + ", ".join(MOTHERSHIP_ACTIONS) + "), per sky row: its printed amount "
             "(symbols as the game's unidentified_action plays them)"),
            ("research_costs", (self.research_spaces,), costs,
             "the value needed to enter each research space (space 0 is the start)"),
            ("space_kind", (3, BASE_ROWS, COLS), 1, "one-hot per base space: AA gun, room, tunnel"),
            ("room_effects", (len(ROOM_EFFECTS), BASE_ROWS, COLS), 1,
             "per room space, its room's effects: " + ", ".join(ROOM_EFFECTS)),
            ("room_numbers", (3, BASE_ROWS, COLS), room_top,
             "per room space: its room's energy cost, bonus (positive modifier), penalty (negative modifier)"),
            ("room_links", (2, BASE_ROWS, COLS), 1,
             "1: the space to the right (first plane) or below (second) belongs to the same room"),
        ]
        self.size = sum(prod(shape) for _, shape, _, _ in self.pieces)
        self._phase = [_one_hot(p, self.phases) for p in range(self.phases)]
        self._ms = [_one_hot(r, self.ms_rows) for r in range(self.ms_rows)]
        self._space = [bytes(N_SPACES)] + [_one_hot(s, N_SPACES) for s in range(N_SPACES)]
        self._static: dict[Any, bytes] = {}
        self._digs: dict[Any, list[bytes]] = {}
        self._next: dict[Any, list[bytes]] = {}
        self._zero_next = bytes(len(MOTHERSHIP_ACTIONS))
        self._zero_pending = bytes(6)

    def layout(self) -> list[tuple[str, tuple[int, ...]]]:
        return [(name, shape) for name, shape, _, _ in self.pieces]

    def highs(self) -> list[int]:
        """The highest value of every entry, in tensor order (for a Gymnasium Box)."""
        out: list[int] = []
        for _, shape, high, _ in self.pieces:
            out.extend(high if isinstance(high, tuple) else [high] * prod(shape))
        return out

    # --- the hot path -------------------------------------------------------------------------

    def encode(self, state: UFSState, player: int = 0) -> bytes:
        """The observation as bytes, one per entry, in the order of :attr:`pieces`."""
        phase = state.phase
        result = state.result
        layout = state.layout
        base = state.base
        grid = bytes(state.grid)
        research_last = energy_max = damage_limit = 0
        if layout is not None:
            research_last = layout.sky.research_last
            energy_max = layout.energy_max
            damage_limit = layout.damage_limit
        ex = state.exhausted
        pending = state.pending_robots
        if pending:
            counts = [0] * 6
            for v in pending:
                counts[v - 1] += 1
            pending_b = bytes(counts)
        else:
            pending_b = self._zero_pending
        spawn = 0
        if phase == S.SPAWN:
            for c in state.spawn_options:
                spawn |= 1 << c
        mothership_row = state.mothership_row
        return b"".join((
            self._phase[phase],
            b"\x01\x00" if result == 1.0 else (b"\x00\x01" if phase == S.OVER else b"\x00\x00"),
            bytes((  # round, tracks, ships off the board, dice to roll, robot to install: one call
                state.round if state.round < 256 else 255,
                state.research, research_last, state.energy, energy_max, state.damage, damage_limit,
                state.waiting_primary, state.waiting_reinforcements, state.reinforcement_supply,
                state.to_roll_plain if phase == S.ROLL else 0, state.to_roll_white if phase == S.ROLL else 0,
                state.install_value if phase == S.INSTALL else 0,
            )),
            grid.translate(_PRIMARY),
            grid.translate(_REINFORCEMENT),
            self._ms[mothership_row],
            self._next_action(state.sky, mothership_row),
            bytes(state.unplaced),
            _BITS5[state.columns_used],
            bytes(state.dice),
            self._space[state.dig_space + 1],
            bytes(state.robots),
            (_BITS10[ex & 1023] + _BITS10[ex >> 10 & 1023] + _BITS10[ex >> 20 & 1023]) if ex else _NO_SPACES,
            self._excavation(base, state.excavator),
            pending_b,
            _BITS5[spawn],
            self._static_part(state),
        ))

    def _excavation(self, base: BaseTables | None, exc: int) -> bytes:
        """The excavated plane and the excavator's one-hot plane, cached per base and position."""
        planes = self._digs.get(base)
        if planes is None:
            if base is None:
                planes = [bytes(2 * N_SPACES)]
            else:
                pos = base.pos
                planes = [
                    bytes(1 if pos[s] < e else 0 for s in range(N_SPACES))
                    + (self._space[base.path[e] + 1] if e < base.path_length else bytes(N_SPACES))
                    for e in range(base.path_length + 1)
                ]
            self._digs[base] = planes
        return planes[exc if base is not None else 0]

    def _next_action(self, sky: SkyTables | None, mothership_row: int) -> bytes:
        if sky is None:
            return self._zero_next
        table = self._next.get(sky)
        if table is None:
            table = []
            for row in range(self.ms_rows):
                amounts = [0] * len(MOTHERSHIP_ACTIONS)
                below = row + 1
                if below < len(sky.action):
                    kind, amount = self._action(sky.action[below])
                    if kind is not None:
                        amounts[MOTHERSHIP_ACTIONS.index(kind)] = amount
                table.append(bytes(amounts))
            self._next[sky] = table
        return table[mothership_row] if mothership_row < len(table) else self._zero_next

    def _action(self, action: tuple[str, int] | None) -> tuple[str | None, int]:
        if action is None:
            return None, 0
        kind, amount = action
        if kind == "unidentified":  # read as the game says (the tables may leave it to the engine)
            kind = self.game.unidentified_action
        if kind == "none":  # a symbol the game plays as no effect
            return None, 0
        if kind not in MOTHERSHIP_ACTIONS:
            raise ValueError(f"mothership action {kind!r} has no place in the observation (ufs/observation.py)")
        return kind, amount

    # --- the cards in play: built once per layout ------------------------------------------------

    def _static_part(self, state: UFSState) -> bytes:
        sky = state.sky
        key = (sky, state.base)
        hit = self._static.get(key)
        if hit is None:
            hit = self._static[key] = self._build_static(sky, state.base)
        return hit

    def _build_static(self, sky: SkyTables | None, base: BaseTables | None) -> bytes:
        game = self.game
        rows = game.sky_rows
        cells = (rows + 1) * COLS
        out = bytearray()
        # card sides
        sides = [0] * (2 * len(game.cards))
        if sky is not None:
            hard = game.side_letters[1][0]
            for i, side in enumerate(sky.sides):
                sides[2 * i + (1 if side == hard else 0)] = 1
        out += bytes(sides)
        # the sky's printed symbols
        left = [0] * cells
        right = [0] * cells
        symbol = [0] * cells
        explosion = [0] * cells
        actions = [[0] * self.ms_rows for _ in MOTHERSHIP_ACTIONS]
        costs = [0] * self.research_spaces
        if sky is not None:
            for idx, code in enumerate(sky.cell[:cells]):
                left[idx] = int(code == ARROW_LEFT)
                right[idx] = int(code == ARROW_RIGHT)
                symbol[idx] = int(code == MOTHERSHIP)
                explosion[idx] = code - EXPLOSION if code >= EXPLOSION else 0
            for row, action in enumerate(sky.action[:self.ms_rows]):
                kind, amount = self._action(action)
                if kind is not None:
                    actions[MOTHERSHIP_ACTIONS.index(kind)][row] = amount
            for i, cost in enumerate(sky.research_costs[:self.research_spaces]):
                costs[i] = cost
        out += bytes(left) + bytes(right) + bytes(symbol) + bytes(explosion)
        for plane in actions:
            out += bytes(plane)
        out += bytes(costs)
        # the base
        kinds = [[0] * N_SPACES for _ in SPACE_KINDS]
        effects = [[0] * N_SPACES for _ in ROOM_EFFECTS]
        numbers = [[0] * N_SPACES for _ in range(3)]
        links = [[0] * N_SPACES for _ in range(2)]
        if base is not None:
            for s in range(N_SPACES):
                kinds[SPACE_KINDS.index(base.kind[s])][s] = 1
            for room in base.rooms:
                for s in room.spaces:
                    for effect in room.effects:
                        if effect not in ROOM_EFFECTS:
                            raise ValueError(f"room effect {effect!r} has no place in the observation")
                        effects[ROOM_EFFECTS.index(effect)][s] = 1
                    numbers[0][s] = room.energy_cost
                    numbers[1][s] = max(room.modifier, 0)
                    numbers[2][s] = max(-room.modifier, 0)
                    if s % COLS < COLS - 1 and s + 1 in room.spaces:
                        links[0][s] = 1
                    if s + COLS in room.spaces:
                        links[1][s] = 1
        for plane in (*kinds, *effects, *numbers, *links):
            out += bytes(plane)
        return bytes(out)


_OBSERVERS: WeakKeyDictionary[Any, UFSObserver] = WeakKeyDictionary()


def observer(game: BaseUFSGame) -> UFSObserver:
    """The game's observer (made once per game object)."""
    hit = _OBSERVERS.get(game)
    if hit is None:
        hit = _OBSERVERS[game] = UFSObserver(game)
    return hit


def pieces(game: BaseUFSGame) -> list[Piece]:
    """``(name, shape, highest value, meaning)`` of every piece, in tensor order."""
    return list(observer(game).pieces)


def observation_tensor(state: UFSState) -> list[float]:
    return list(map(float, observer(state.game).encode(state)))


def observation_string(state: UFSState) -> str:
    """The terminal renderer's picture: everything the tensor holds, in words."""
    return str(state)
