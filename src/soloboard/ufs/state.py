"""One position of Under Falling Skies and the rules that move it on.

The state is a handful of small ints and short lists so that ``clone`` and
``apply_action`` stay cheap: agents call them millions of times. Rule numbers in the
error messages refer to ``docs/ufs-rules.md`` (which follows the rulebook and
``rulings.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal

from soloboard.core.api import CHANCE_PLAYER, TERMINAL_PLAYER, StateMixin
from soloboard.core.errors import IllegalActionError
from soloboard.i18n import _
from soloboard.ufs import actions as A
from soloboard.ufs.tables import (
    AA_GUN,
    ARROW_LEFT,
    ARROW_RIGHT,
    MOTHERSHIP,
    TUNNEL,
    BaseTables,
    SkyTables,
)
from soloboard.ufs.words import die_colour, game_word, phase_title, phase_word

if TYPE_CHECKING:
    from random import Random

    from soloboard.ufs.events import LossCause, RoomUsed, UFSEvent, WasteReason
    from soloboard.ufs.game import BaseUFSGame
    from soloboard.ufs.tables import Layout, RoomInfo

COLS: Final = A.COLS
N_SPACES: Final = A.N_SPACES
PURPLE: Final = 1
WHITE_SHIP: Final = 2
AA_GUN_SLOWDOWN: Final = 1  # a worker die on an AA gun (base row 0) moves its column's ships one space fewer (rule 3)

# phases
SETUP: Final = 0
ROLL: Final = 1
PLACE: Final = 2
ROOMS: Final = 3
INSTALL: Final = 4
SPAWN: Final = 5
OVER: Final = 6
ABILITY: Final = 7  # a city ability's decision (Washington, DC damaged: a worker die to 6 after the first roll)
PHASE_NAMES = ("setup", "roll", "place", "rooms", "install", "spawn", "over", "ability")

LOSS_DAMAGE: Final = "base destroyed"
LOSS_SKULL: Final = "mothership reached the skull row"
LOSS_SKULL_SYMBOL: Final = "the skull symbol was resolved"  # 9-card edition: the symbol below the arrow


def sky_cell(idx: int) -> str:
    """A sky cell's name in events: column letter and sky row as the board numbers them (``c9``)."""
    return f"{'abcde'[idx % COLS]}{idx // COLS}"


class UFSState(StateMixin["UFSEvent"]):
    """A position. Use :meth:`UFSGame.new_initial_state` to get one."""

    __slots__ = (
        "game", "rules", "layout", "base", "sky", "phase", "grid", "mothership_row",
        "waiting_primary", "waiting_reinforcements", "reinforcement_supply",
        "research", "energy", "damage", "excavator", "round", "dice", "robots", "exhausted",
        "unplaced", "columns_used", "dig_space", "to_roll_plain", "to_roll_white", "install_value",
        "spawn_options", "pending_robots", "result", "loss_cause", "hist", "origin", "_ev", "once_left",
    )

    game: BaseUFSGame
    # None until the set-up draw (front ends test it): with Any, the rules, which run after it, need no
    # narrowing, and a compiled build (docs/speed.md), which checks the declared type, accepts the None.
    # The hot paths bind them to typed locals (``base_tables: BaseTables = self.base``): compiled, those
    # read their fields natively rather than by name
    layout: Layout | Any
    sky: SkyTables | Any
    base: BaseTables | Any

    def __init__(self, game: BaseUFSGame | None = None, record: bool = False) -> None:
        if game is None:  # a blank for clone(), which sets every field (compiled, __new__ runs __init__)
            return
        self.game = game
        self.rules = game.ruleset
        self.grid = [0] * ((game.sky_rows + 1) * COLS)
        self.mothership_row = 0  # the sky row of its drop points; ships above it are off the board
        for col in range(COLS):  # the five purple (green) ships start on the drop points
            self.grid[col] = PURPLE
        # ships on the mothership waiting to spawn: primary (purple/green), reinforcements (white/red)
        self.waiting_primary = game.primary_ships - COLS
        self.waiting_reinforcements = 0
        self.reinforcement_supply = game.reinforcement_ships  # reinforcements not yet in play
        self.research = 0
        self.energy = 0
        self.damage = 0
        self.excavator = 0  # its index on base.path: the spaces before it are excavated
        self.round = 0
        self.dice = [0] * N_SPACES
        self.robots = [0] * N_SPACES
        self.exhausted = 0  # bit s: the robot on space s is used up (or new) until the Rooms Phase ends
        self.unplaced = [0] * A.DIE_KINDS  # how many unplaced worker dice show each value: plain dice, then white
        self.columns_used = 0  # bit c: column c has had a worker die this round
        self.dig_space = -1  # the space of the die placed to dig (on an unexcavated space), -1: none
        self.to_roll_plain = 0  # the dice the next roll rolls
        self.to_roll_white = 0
        self.install_value = 0
        self.spawn_options: tuple[int, ...] = ()
        self.pending_robots: list[int] = []  # robots built this phase, installed at its end (9-card edition)
        self.result: float | None = None
        self.loss_cause = ""
        self.hist: list[int] = []
        self.origin: dict[str, Any] | None = None  # the position a history-less save started from
        self.once_left = game.once_mask  # bit k: the k-th once-per-game ability is still unused (hooks.py)
        # events are recorded only when read (core/events.py); a replay records from the start
        self._ev: list[UFSEvent] | None = [] if record else None
        # set once every card's side is known (at once, or after the set-up draw)
        self.layout = self.sky = None
        if game.fixed_sides is not None:
            self._use_layout(game.layout(game.fixed_sides))
            self._start_round()
        else:
            self.phase = SETUP
            self.base = game.base  # None where the draw decides the base too
            self.energy = game.start_energy
            self.excavator = self.base.excavator_start if self.base is not None else 0
        game.hooks.setup(self)

    def _use_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.sky = layout.sky
        self.base = layout.base
        self.energy = layout.start_energy
        self.excavator = layout.base.excavator_start

    # --- the OpenSpiel-shaped API ------------------------------------------------------

    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL_PLAYER
        if phase in (SETUP, ROLL):
            return CHANCE_PLAYER
        return 0

    def is_chance_node(self) -> bool:
        return self.phase == SETUP or self.phase == ROLL

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        return [self.result or 0.0]

    def history(self) -> list[int]:
        return list(self.hist)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(A.ROLL_OUTCOMES[(self.to_roll_plain, self.to_roll_white)])
        if self.phase == SETUP:
            masks = self.game.setup_masks()
            return [(A.SKY_CHANCE + m, 1.0 / len(masks)) for m in masks]
        return []

    def sample_chance_outcome(self, rng: Random) -> int:
        """A chance outcome drawn with the right probabilities (faster than ``chance_outcomes``)."""
        if self.phase == ROLL:
            rand = rng.random
            g = tuple(sorted([int(rand() * 6) + 1 for _ in range(self.to_roll_plain)]))
            w = tuple(sorted([int(rand() * 6) + 1 for _ in range(self.to_roll_white)]))
            return A.ROLL_INDEX[(g, w)]
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node")
        return outcomes[int(rng.random() * len(outcomes))][0]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLACE:
            if self.once_left:  # 0 in a game without once-per-game abilities: nothing more to pay
                return self._place_actions() + self._once_actions("place")
            return self._place_actions()
        if phase == ROOMS:
            if self.once_left:
                return self._rooms_actions() + self._once_actions("rooms")
            return self._rooms_actions()
        if phase == INSTALL:
            return self._install_actions()
        if phase == SPAWN:
            return self._spawn_actions()
        if phase == OVER:
            return []
        if phase == ABILITY:
            return self.game.hooks.decision_actions(self)
        return [a for a, _ in self.chance_outcomes()]

    def apply_action(self, action: object) -> None:
        """Apply a player action or a chance outcome; raises IllegalActionError naming the rule."""
        # bool, float, str, None: refused; NumPy ints: converted. ``object``, not ``int``: a compiled build
        # (docs/speed.md) would check an int parameter itself, with a TypeError instead of these
        act = action if type(action) is int else self._as_action(action)
        phase = self.phase
        if phase == PLACE:
            if A.PLACE <= act < A.USE:
                self._place(*A.decode_place(act))
            elif A.REMOVE <= act < A.INSTALL:
                self._remove_robot(act - A.REMOVE)
            elif A.ONCE <= act < A.ONCE + A.ONCE_SLOTS:
                self._use_once(act - A.ONCE, "place")
            else:
                self._illegal_here(act)
        elif phase == ROOMS:
            self._rooms_step(act)
        elif phase == ROLL:
            self._roll(act)
        elif phase == INSTALL:
            self._install_step(act)
        elif phase == SPAWN:
            self._spawn_step(act)
        elif phase == SETUP:
            self._setup(act)
        elif phase == ABILITY:
            if not 0 <= act < self.game.num_distinct_actions():
                self._illegal_here(act)  # the same refusal of unnumbered ids as every phase
            self.game.hooks.apply_decision(self, act)
            self.phase = PLACE
        else:
            raise IllegalActionError(_("the game is over: no more actions"), "game over")
        self.hist.append(act)

    def clone(self) -> UFSState:
        new = UFSState.__new__(UFSState)
        new.game = self.game
        new.rules = self.rules
        new.layout = self.layout
        new.base = self.base
        new.sky = self.sky
        new.phase = self.phase
        new.grid = self.grid[:]
        new.mothership_row = self.mothership_row
        new.waiting_primary = self.waiting_primary
        new.waiting_reinforcements = self.waiting_reinforcements
        new.reinforcement_supply = self.reinforcement_supply
        new.research = self.research
        new.energy = self.energy
        new.damage = self.damage
        new.excavator = self.excavator
        new.round = self.round
        new.dice = self.dice[:]
        new.robots = self.robots[:]
        new.exhausted = self.exhausted
        new.unplaced = self.unplaced[:]
        new.columns_used = self.columns_used
        new.dig_space = self.dig_space
        new.to_roll_plain = self.to_roll_plain
        new.to_roll_white = self.to_roll_white
        new.install_value = self.install_value
        new.spawn_options = self.spawn_options
        new.pending_robots = self.pending_robots[:]
        new.result = self.result
        new.loss_cause = self.loss_cause
        new.hist = self.hist[:]
        new.origin = self.origin
        new._ev = None
        new.once_left = self.once_left
        return new

    def action_to_string(self, action: object) -> str:
        act = self._checked_action(action)  # an id of this game's numbering, or IllegalActionError
        game = self.game
        if self.phase == SETUP:
            return game.setup_to_string(act - A.SKY_CHANCE)
        if self.phase == ROLL:
            return A.chance_to_string(act, game.dice_letters)
        return A.player_action_to_string(act, game.dice_letters, game.ship_names[1])

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names here; ``use`` accepts any space of the room."""
        game = self.game
        if self.phase == SETUP:
            return game.parse_setup(text)
        if self.phase == ROLL:
            return A.parse_chance(text, game.dice_letters)
        action = A.parse_player_action(text, game.dice_letters, game.ship_names[1])
        if action >= game.num_distinct_actions():  # another edition's or city's move
            raise ValueError(_("{text} is not a move of this game ({game}, {title})").format(
                text=repr(text.strip()), game=_(game.long_name), title=game.title()))
        if A.USE <= action < A.DISCARD:
            room = self.base.room_of[action - A.USE]
            if room >= 0:
                return A.USE + self.base.rooms[room].anchor
        return action

    # to_json(), str(state), rich rendering, ==, hash() and legal_actions_mask(): core/api.py StateMixin

    def observation_tensor(self, player: int = 0) -> list[float]:
        """What the player sees, as numbers; ``game.observation_layout()`` names the pieces."""
        return self.game.observation_tensor(self, player)

    def observation_string(self, player: int = 0) -> str:
        return self.game.observation_string(self, player)

    def _replay_start(self) -> UFSState:
        return self.game.replay_start(self.origin)

    # --- convenience for front ends and tests ------------------------------------------

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_excavated(self, space: int) -> bool:
        return self.base.pos[space] < self.excavator

    def robot_count(self) -> int:
        return sum(1 for v in self.robots if v)

    def unplaced_dice(self) -> tuple[list[int], list[int]]:
        """Unplaced worker dice values: (gray or black, white)."""
        unplaced = self.unplaced
        gray = [v + 1 for v in range(6) for _ in range(unplaced[v])]
        white = [v + 1 for v in range(6) for _ in range(unplaced[6 + v])]
        return gray, white

    def top_ship_distance(self, col: int) -> int | None:
        """Rows from the drop point down to the topmost ship of a column (None: no ship)."""
        sky_tables: SkyTables = self.sky
        grid = self.grid
        for row in range(self.mothership_row, sky_tables.rows + 1):
            if grid[row * COLS + col]:
                return row - self.mothership_row
        return None

    def room_cost(self, room_index: int) -> int:
        """The energy using the room costs now: its printed cost, unless a city ability changes it."""
        room = self.base.rooms[room_index]
        game = self.game
        return game.hooks.room_cost(self, room, room.energy_cost) if game.room_cost_hook else room.energy_cost

    def next_mothership_row(self) -> int:
        """The sky row whose printed action (boxed) or symbol (9-card: the one just below the card's
        arrow) the next Mothership Phase resolves."""
        return self.mothership_row + 1  # boxed: the row it moves onto; 9-card: before it moves

    def room_value(self, room_index: int) -> int | None:
        """The value the room would have if used now (None if not every space is filled)."""
        room = self.base.rooms[room_index]
        value = room.modifier
        for s in room.spaces:
            if self.dice[s]:
                value += self.dice[s]
            elif self.robots[s] and not self.exhausted >> s & 1:
                value += self.robots[s]
            else:
                return None
        return self.game.hooks.room_value(self, room, value)

    # --- setup and dice ------------------------------------------------------------------

    def _setup(self, action: int) -> None:
        game = self.game
        if action - A.SKY_CHANCE not in game.setup_masks():
            raise IllegalActionError(
                _("{action} is not a set-up draw of this game: exactly {n} {cards} are on their {side} side").format(
                    action=action, n=game.flipped, cards=game_word(game.cards_noun),
                    side=game_word(game.side_letters[1][0])),
                "setup: threat level",
            )
        self._use_layout(game.layout(game.sides_for_mask(action - A.SKY_CHANCE)))
        if self._ev is not None:
            self._ev.append({"kind": "sky_drawn", "action": len(self.hist),
                             "sides": game.setup_to_string(action - A.SKY_CHANCE).split()[-1]})
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.phase = ROLL
        self.to_roll_plain = self.game.plain_dice
        # a city ability may set white dice to 6 instead of rolling them on the round's first roll
        self.to_roll_white = self.game.white_dice - self.game.fixed_white_sixes
        self.columns_used = 0
        self.dig_space = -1
        if self._ev is not None:
            self._ev.append({"kind": "round_started", "action": len(self.hist), "round": self.round})

    def _roll(self, action: int) -> None:
        if not 0 <= action < A.SKY_CHANCE:
            raise IllegalActionError(_("{action} is not a dice roll").format(action=action), "dice roll")
        g, w = A.ROLLS[action]
        if len(g) != self.to_roll_plain or len(w) != self.to_roll_white:
            raise IllegalActionError(
                _("this roll is of {n} {colour} and {white} white dice, not {got} and {got_white}").format(
                    n=self.to_roll_plain, colour=die_colour(self.game.dice_names[0]), white=self.to_roll_white,
                    got=len(g), got_white=len(w)), "dice roll",
            )
        unplaced = [0] * A.DIE_KINDS
        for v in g:
            unplaced[v - 1] += 1
        for v in w:
            unplaced[5 + v] += 1
        self.unplaced = unplaced
        self.phase = PLACE
        if self._ev is not None:
            self._ev.append({"kind": "dice_rolled", "action": len(self.hist), "plain": list(g), "white": list(w),
                             "reroll": self.columns_used != 0})
        # no column used yet: the round's first roll, when a city ability may act (hooks.py)
        if self.columns_used == 0 and self.game.first_roll_hook and self.game.hooks.after_first_roll(self):
            self.phase = ABILITY  # the player decides first

    def _place_actions(self) -> list[int]:
        base_tables: BaseTables = self.base
        # the placements of each die depend on three small numbers only: look them up (the hottest path of a
        # playout); keying on those, not on every unplaced die, keeps the table small enough to stay warm
        key = (self.excavator, self.columns_used, self.dig_space < 0)
        slots = base_tables.placement_cache.get(key)
        if slots is None:
            slots = base_tables.placement_cache[key] = self._placements()
        unplaced = self.unplaced
        acts: list[int] = []
        for i in range(12):
            if unplaced[i]:
                acts += slots[i]
        robots = self.robots
        if not any(robots):
            return acts
        if self.rules.robots_block_workers:
            acts = [a for a in acts if not robots[a % N_SPACES]]
        if self.rules.robots_removed_at_will:
            acts.extend([A.REMOVE + s for s in range(N_SPACES) if robots[s]])
        return acts

    def _placements(self) -> tuple[tuple[int, ...], ...]:
        """For each of the 12 dice (gray 1..6, white 1..6): every placement it has, ignoring robots."""
        base_tables: BaseTables = self.base
        targets = base_tables.place_targets
        excavator = self.excavator
        used = self.columns_used
        can_dig = self.dig_space < 0
        any_reach = 0 if self.rules.dig_checked_on_place else base_tables.path_length
        slots = []
        for i in range(A.DIE_KINDS):
            value = i % A.DIE_FACES + 1
            base = A.place_action(i // A.DIE_FACES, value, 0)
            reach = (any_reach or value) if can_dig else 0
            slots.append(tuple(base + s for s in targets(excavator, used, reach)))
        return tuple(slots)

    def _place(self, color: int, value: int, space: int) -> None:
        base_tables: BaseTables = self.base
        if not self.unplaced[color * 6 + value - 1]:
            plain, white = self.unplaced_dice()
            names = self.game.dice_names
            raise IllegalActionError(
                _("there is no unplaced {colour} {value} (unplaced: {plain_colour} {plain}, white {white})").format(
                    colour=die_colour(names[color]), value=value, plain_colour=die_colour(names[0]),
                    plain=plain or _("none"), white=white or _("none")), "dice phase: roll",
            )
        col = space % COLS
        if self.columns_used >> col & 1:
            raise IllegalActionError(
                _("column {column} already has a worker die this round: each die goes in a different column").format(
                    column="abcde"[col]),
                "rule 1: one die per column",
            )
        pos = base_tables.pos[space]
        if pos >= self.excavator:
            distance = pos - self.excavator
            if self.dig_space >= 0:
                raise IllegalActionError(
                    _("{space} is unexcavated and a die already waits to dig at {dig}: at most one die per round "
                      "goes on an unexcavated space").format(space=A.space_name(space),
                                                              dig=A.space_name(self.dig_space)),
                    "rule 2: excavation",
                )
            if distance == 0:
                raise IllegalActionError(
                    _("{space} is the excavator's own space, which is unexcavated and cannot take a die").format(
                        space=A.space_name(space)),
                    "rule 2: excavation",
                )
            if value < distance and self.rules.dig_checked_on_place:
                raise IllegalActionError(
                    _("{space} is {distance} spaces ahead of the excavator: the die must show at least {distance}, "
                      "not {value}").format(space=A.space_name(space), distance=distance, value=value),
                    "rule 2: excavation",
                )
            self.dig_space = space
        if self.robots[space] and self.rules.robots_block_workers:
            raise IllegalActionError(
                _("a robot stands on {space}: in this edition a robot occupies its space").format(
                    space=A.space_name(space)),
                "robots: occupied space",
            )
        self.unplaced[color * 6 + value - 1] -= 1
        self.columns_used |= 1 << col
        steps = value - AA_GUN_SLOWDOWN if space < COLS else value
        if self._ev is not None:
            self._ev.append({"kind": "die_placed", "action": len(self.hist), "color": self.game.dice_names[color],
                             "value": value, "space": A.space_name(space), "steps": steps})
            if self.robots[space]:
                self._ev.append({"kind": "robot_removed", "action": len(self.hist), "space": A.space_name(space),
                                 "why": "displaced"})
        self.robots[space] = 0  # a worker die displaces a robot (rule 3)
        self.exhausted &= ~(1 << space)
        self.dice[space] = value
        if steps > 0:
            self._descend(col, steps)
            if self.phase == OVER:
                return
        if not any(self.unplaced):
            self._start_rooms()
        elif color == A.WHITE:
            self.phase = ROLL
            unplaced = self.unplaced
            self.to_roll_plain = unplaced[0] + unplaced[1] + unplaced[2] + unplaced[3] + unplaced[4] + unplaced[5]
            self.to_roll_white = unplaced[6] + unplaced[7] + unplaced[8] + unplaced[9] + unplaced[10] + unplaced[11]

    # --- ships -----------------------------------------------------------------------------

    def _descend(self, col: int, steps: int) -> None:
        """Every ship in ``col`` moves down ``steps`` at once; then the spaces take effect, top first."""
        sky_tables: SkyTables = self.sky
        layout: Layout = self.layout
        grid = self.grid
        moved = []
        for idx in range(self.mothership_row * COLS + col, len(grid), COLS):
            if grid[idx]:
                moved.append((idx, grid[idx]))
                grid[idx] = 0
        if not moved:
            return
        shift = steps * COLS
        landed = []
        ev = self._ev
        damage = self.damage
        for idx, ship in moved:
            new = idx + shift
            if new >= len(grid):  # below sky row 16: the ship hits the city (rule 7)
                counted = self.damage < layout.damage_limit  # the marker stops on the skull
                if counted:
                    self.damage += 1
                if ship == PURPLE:
                    self.waiting_primary += 1
                else:
                    self.waiting_reinforcements += 1
                if ev is not None:
                    self._emit_hit(ev, ship, idx, counted)
            else:
                grid[new] = ship
                landed.append(new)
                if ev is not None:
                    ev.append({"kind": "ship_moved", "action": len(self.hist), "ship": self._ship_name(ship),
                               "from": sky_cell(idx), "to": sky_cell(new), "why": "die"})
        if self.damage != damage and self._damaged(damage):
            return
        cell = sky_tables.cell
        for idx in landed:
            if idx < (self.mothership_row + 1) * COLS or not grid[idx]:
                continue  # sent back to the mothership by an earlier effect (rule 4)
            code = cell[idx]
            if code == ARROW_LEFT:
                if col > 0 and not grid[idx - 1]:
                    grid[idx - 1] = grid[idx]
                    grid[idx] = 0
                    if ev is not None:
                        self._emit_arrow(ev, idx, idx - 1)
                elif ev is not None:
                    self._emit_arrow_blocked(ev, idx, "left", col > 0)
            elif code == ARROW_RIGHT:
                if col < COLS - 1 and not grid[idx + 1]:
                    grid[idx + 1] = grid[idx]
                    grid[idx] = 0
                    if ev is not None:
                        self._emit_arrow(ev, idx, idx + 1)
                elif ev is not None:
                    self._emit_arrow_blocked(ev, idx, "right", col < COLS - 1)
            elif code == MOTHERSHIP:
                self._mothership_descends("symbol", idx)
                if self.phase == OVER:
                    return

    # event helpers: called only while recording, so they stay off the hot paths
    def _ship_name(self, ship: int) -> str:
        return self.game.ship_names[ship - 1]

    def _emit_hit(self, ev: list[UFSEvent], ship: int, idx: int, counted: bool = True) -> None:
        ev.append({"kind": "ship_hit_city", "action": len(self.hist), "ship": self._ship_name(ship),
                   "from": sky_cell(idx), "col": "abcde"[idx % COLS]})
        if counted:  # a hit once the marker is on the skull moves it no further
            ev.append({"kind": "damage", "action": len(self.hist), "amount": 1, "total": self.damage,
                       "limit": self.layout.damage_limit, "by": "ship"})

    def _emit_arrow(self, ev: list[UFSEvent], idx: int, new: int) -> None:
        ev.append({"kind": "ship_moved", "action": len(self.hist), "ship": self._ship_name(self.grid[new]),
                   "from": sky_cell(idx), "to": sky_cell(new), "why": "arrow"})

    def _emit_arrow_blocked(self, ev: list[UFSEvent], idx: int, direction: Literal["left", "right"],
                            inside: bool) -> None:
        ev.append({"kind": "arrow_blocked", "action": len(self.hist), "ship": self._ship_name(self.grid[idx]),
                   "at": sky_cell(idx), "direction": direction, "reason": "occupied" if inside else "edge"})

    def _mothership_descends(self, why: Literal["symbol", "phase"] = "phase", at: int = -1) -> None:
        """The mothership moves down a row with the ships on its drop points (rule 12)."""
        sky_tables: SkyTables = self.sky
        grid = self.grid
        old = self.mothership_row * COLS
        new = old + COLS
        returned = []
        for col in range(COLS):
            ship = grid[new + col]
            if ship:
                if ship == PURPLE:
                    self.waiting_primary += 1
                else:
                    self.waiting_reinforcements += 1
                returned.append(ship)
            grid[new + col] = grid[old + col]
            grid[old + col] = 0
        self.mothership_row += 1
        if self._ev is not None:
            names = [self._ship_name(ship) for ship in returned]
            if at >= 0:  # a symbol in the sky sent it down: the event says which
                self._ev.append({"kind": "mothership_descended", "action": len(self.hist), "row": self.mothership_row,
                                 "why": why, "returned": names, "at": sky_cell(at)})
            else:
                self._ev.append({"kind": "mothership_descended", "action": len(self.hist), "row": self.mothership_row,
                                 "why": why, "returned": names})
        if self.mothership_row >= sky_tables.skull_row:
            self._lose(LOSS_SKULL)

    def _lose(self, cause: LossCause) -> None:
        self.phase = OVER
        self.result = 0.0
        self.loss_cause = cause
        if self._ev is not None:
            self._ev.append({"kind": "game_lost", "action": len(self.hist), "cause": cause})

    def _damaged(self, before: int) -> bool:
        """The base took damage this move (it was ``before``); True if that ends the game.

        The marker never passes the skull (the callers stop it there): reaching it loses at once.
        Otherwise a city ability may act on the first point of damage (``hooks.first_damage``).
        """
        if self.damage >= self.layout.damage_limit:
            self._lose(LOSS_DAMAGE)
            return True
        if before == 0 and self.game.damage_hook:
            self.game.hooks.first_damage(self)
            return self.phase == OVER
        return False

    # --- rooms -------------------------------------------------------------------------

    def _start_rooms(self) -> None:
        base_tables: BaseTables = self.base
        dice = self.dice
        kind = base_tables.kind
        ev = self._ev
        for s in range(N_SPACES):
            if dice[s] and (kind[s] == AA_GUN or kind[s] == TUNNEL) and s != self.dig_space:
                if ev is not None:
                    ev.append({"kind": "die_discarded", "action": len(self.hist), "space": A.space_name(s),
                               "value": dice[s], "why": "aa gun or tunnel"})
                dice[s] = 0  # AA guns and tunnels do nothing in the Rooms Phase
        self.phase = ROOMS
        if ev is not None:
            ev.append({"kind": "phase", "action": len(self.hist), "phase": "rooms"})
        self._maybe_end_rooms()

    def _usable_rooms(self) -> list[int]:
        base_tables: BaseTables = self.base
        dice = self.dice
        robots = self.robots
        exhausted = self.exhausted
        pos = base_tables.pos
        excavator = self.excavator
        hooked = self.game.room_cost_hook  # without a city ability changing costs, skip the call (hot path)
        usable = []
        for room in base_tables.rooms:
            for s in room.spaces:
                if pos[s] >= excavator or not (dice[s] or (robots[s] and not exhausted >> s & 1)):
                    break
            else:
                if self.energy >= (self.room_cost(room.index) if hooked else room.energy_cost):
                    usable.append(room.anchor)
        return usable

    def _rooms_actions(self) -> list[int]:
        acts = [A.USE + s for s in self._usable_rooms()]
        dice = self.dice
        acts.extend(A.DISCARD + s for s in range(N_SPACES) if dice[s])
        if self.dig_space >= 0 and self.energy >= 1 and self._dig_reaches():
            acts.append(A.DIG + self.dig_space)
        if self.rules.robots_removed_at_will:
            robots = self.robots
            acts.extend(A.REMOVE + s for s in range(N_SPACES) if robots[s])
        acts.append(A.DONE)
        return acts

    def _rooms_step(self, action: int) -> None:
        if A.USE <= action < A.DISCARD:
            self._use_room(action - A.USE)
        elif A.DISCARD <= action < A.DIG:
            space = action - A.DISCARD
            if not self.dice[space]:
                raise IllegalActionError(_("there is no worker die on {space}").format(space=A.space_name(space)),
                                         "rule 9: rooms phase")
            if self._ev is not None:
                self._ev.append({"kind": "die_discarded", "action": len(self.hist), "space": A.space_name(space),
                                 "value": self.dice[space], "why": "player"})
            self.dice[space] = 0
            if space == self.dig_space:
                self.dig_space = -1
        elif A.DIG <= action < A.REMOVE:
            self._dig(action - A.DIG)
        elif A.REMOVE <= action < A.INSTALL:
            self._remove_robot(action - A.REMOVE)
        elif A.ONCE <= action < A.ONCE + A.ONCE_SLOTS:
            self._use_once(action - A.ONCE, "rooms")
            if self.phase != ROOMS:
                return
        elif action == A.DONE:
            if self._ev is not None:
                for s, v in enumerate(self.dice):
                    if v:
                        self._ev.append({"kind": "die_discarded", "action": len(self.hist), "space": A.space_name(s),
                                         "value": v, "why": "end of rooms phase"})
            self.dice = [0] * N_SPACES
            self.dig_space = -1
            self._end_rooms()
            return
        else:
            self._illegal_here(action)
        if self.phase == ROOMS:
            self._maybe_end_rooms()

    def _use_room(self, space: int) -> None:
        room = self._room_to_use(space)
        cost = self.room_cost(room.index)
        if self.energy < cost:
            raise IllegalActionError(
                _("the room costs {cost} energy and you have {energy}").format(cost=cost, energy=self.energy),
                "rule 9: energy cost",
            )
        ev = self._ev
        used: RoomUsed | None = None
        if ev is not None:  # first in the log, before what using it causes; its value is known below
            used = {"kind": "room_used", "action": len(self.hist), "room": A.space_name(room.anchor),
                    "type": room.type, "value": 0, "cost": cost, "wasted": False}
            ev.append(used)
        value = self._spend_room(room, cost)
        if used is not None:
            used["value"] = value
        if value < 1:
            if used is not None:
                used["wasted"] = True
                used["reason"] = "below_one"
            return
        # one value for every effect of the room (a 9-card room has two); each says why it did nothing, if so
        for effect in room.effects:
            waste: WasteReason | None = None
            if effect == "energy":
                waste = self._room_energy(value)
            elif effect == "fighters":
                waste = self._room_fighters(value)
            elif effect == "research":
                waste = self._room_research(value)
                if self.phase == OVER:
                    return
            elif effect == "robots":
                self._room_robots(value)  # never wasted: a robot with no space is skipped when it is installed
            if waste is not None and used is not None:
                used["wasted"] = True
                used["reason"] = waste
                if waste == "next_cost":
                    used["next_cost"] = self.sky.research_costs[self.research + 1]

    def _room_to_use(self, space: int) -> RoomInfo:
        """The room ``space`` names, if it can be used now (its energy cost aside); else the refusal."""
        base = self.base
        index = base.room_of[space]
        if index < 0:
            raise IllegalActionError(_("{space} is not a room").format(space=A.space_name(space)),
                                     "rule 9: rooms phase")
        room = base.rooms[index]
        if space != room.anchor:
            raise IllegalActionError(
                _("name this room by its first space {space}").format(space=A.space_name(room.anchor)),
                "action numbering",
            )
        dice = self.dice
        robots = self.robots
        for s in room.spaces:
            if base.pos[s] >= self.excavator:
                raise IllegalActionError(
                    _("{space} is not excavated yet: a room works only once it is dug out").format(
                        space=A.space_name(s)),
                    "rule 2: excavation",
                )
            if not dice[s] and not (robots[s] and not self.exhausted >> s & 1):
                what = _("an exhausted robot") if robots[s] else _("no die")
                raise IllegalActionError(
                    _("{space} holds {what}: a room is used only when every one of its spaces holds a die "
                      "or a ready robot").format(space=A.space_name(s), what=what), "rule 9: multi-space rooms",
                )
        return room

    def _spend_room(self, room: RoomInfo, cost: int) -> int:
        """The room's value, taking its dice, wearing its robots and paying its energy cost."""
        game = self.game
        dice = self.dice
        robots = self.robots
        bonus = 0
        if game.room_value_hook:  # a city ability (hooks.py) sees the room before its robots are used
            value = room.modifier
            for s in room.spaces:
                value += dice[s] or robots[s]
            bonus = game.hooks.used_room_value(self, room, value) - value
        value = room.modifier + bonus
        ev = self._ev
        for s in room.spaces:
            if dice[s]:
                value += dice[s]
                dice[s] = 0
            else:
                value += robots[s]
                before = robots[s]
                if not self.rules.robots_decay_every_phase:
                    robots[s] -= 1  # a used robot loses a pip; a used 1 leaves the base
                if robots[s]:
                    self.exhausted |= 1 << s
                if ev is not None:
                    ev.append({"kind": "robot_used", "action": len(self.hist), "space": A.space_name(s), "from": before,
                               "to": robots[s]})
                    if not robots[s]:
                        ev.append({"kind": "robot_removed", "action": len(self.hist), "space": A.space_name(s),
                                   "why": "worn out"})
        if cost and ev is not None:
            ev.append({"kind": "energy_changed", "action": len(self.hist), "from": self.energy,
                       "to": self.energy - cost, "by": "room cost"})
        self.energy -= cost
        return value

    def _room_energy(self, value: int) -> WasteReason | None:
        """An energy room of ``value``; why it gave nothing, if it did not."""
        before = self.energy
        gained = before + value if self.rules.energy_rule == "add" else max(before, value)
        self.energy = min(self.layout.energy_max, gained)
        if self.energy == before:
            return "energy_full" if before == self.layout.energy_max else "not_above"
        if self._ev is not None:
            self._ev.append({"kind": "energy_changed", "action": len(self.hist), "from": before, "to": self.energy,
                             "by": "room"})
        return None

    def _room_robots(self, value: int) -> None:
        """A robots room builds a robot of ``value`` (at most 6): installed now (boxed) or once every die is
        resolved (9-card edition)."""
        value = min(value, 6)
        if self._ev is not None:
            self._ev.append({"kind": "robot_built", "action": len(self.hist), "value": value})
        if self.rules.robots_installed_at_once:
            self._begin_install(value)
        else:
            self.pending_robots.append(value)

    def _room_fighters(self, value: int) -> WasteReason | None:
        """Shoot down every ship on an explosion of at most ``value``; ``no_target`` if there was none."""
        sky_tables: SkyTables = self.sky
        grid = self.grid
        first = (self.mothership_row + 1) * COLS  # ships on the drop points are not in the sky
        shot = []
        for idx, number in sky_tables.explosions:
            if number > value:
                break
            ship = grid[idx]
            if ship and idx >= first:
                grid[idx] = 0
                if ship == PURPLE:
                    self.waiting_primary += 1
                else:
                    self.reinforcement_supply += 1
                shot.append((ship, idx))
        if not shot:
            return "no_target"
        if self._ev is not None:
            self._ev.append({"kind": "ships_shot_down", "action": len(self.hist), "value": value,
                             "ships": [{"ship": self._ship_name(ship), "at": sky_cell(idx)} for ship, idx in shot]})
        return None

    def _room_research(self, value: int) -> WasteReason | None:
        """A research room of ``value``: the marker moves up as far as the value pays for; ``next_cost`` if
        it cannot pay for the next space."""
        costs = self.sky.research_costs
        last = self.sky.research_last
        r = self.research
        while r < last and costs[r + 1] <= value:
            value -= costs[r + 1]
            r += 1
        moved = r != self.research
        if self._ev is not None and moved:
            self._ev.append({"kind": "research_changed", "action": len(self.hist), "from": self.research, "to": r,
                             "by": "room"})
        self.research = r
        if r == last:
            self._win()
            return None
        return None if moved else "next_cost"

    def _win(self) -> None:
        """The last research space is reached: the game is won at once (rule 11)."""
        self.phase = OVER
        self.result = 1.0
        if self._ev is not None:
            self._ev.append({"kind": "game_won", "action": len(self.hist)})

    def _dig_reaches(self) -> bool:
        """The excavation die shows at least its distance (checked here in the 9-card edition)."""
        return self.dice[self.dig_space] >= self.base.pos[self.dig_space] - self.excavator

    def _dig(self, space: int) -> None:
        if space != self.dig_space or not self.dice[space]:
            raise IllegalActionError(
                _("no die waits to dig at {space}").format(space=A.space_name(space)), "rule 10: excavator"
            )
        if self.energy < 1:
            raise IllegalActionError(_("moving the excavator costs 1 energy and you have 0"), "rule 10: excavator")
        if not self._dig_reaches():
            raise IllegalActionError(
                _("the die on {space} shows {value} but the excavator is {distance} spaces away: the die can only "
                  "be discarded").format(space=A.space_name(space), value=self.dice[space],
                                         distance=self.base.pos[space] - self.excavator),
                "rule 10: excavator",
            )
        if self._ev is not None:
            self._ev.append({"kind": "energy_changed", "action": len(self.hist), "from": self.energy,
                             "to": self.energy - 1, "by": "dig"})
            self._ev.append({"kind": "excavator_moved", "action": len(self.hist),
                             "from": A.space_name(self.base.path[self.excavator]), "to": A.space_name(space),
                             "by": "dig"})
        self.energy -= 1
        self.dice[space] = 0
        self.dig_space = -1
        self.excavator = self.base.pos[space]

    def _remove_robot(self, space: int) -> None:
        if not self.robots[space]:
            raise IllegalActionError(_("there is no robot on {space}").format(space=A.space_name(space)),
                                     "robots: removal")
        if not self._may_remove_robots():
            raise IllegalActionError(
                _("in this edition a robot leaves the base only when it is at 1 and would go lower, or when a new "
                  "robot takes its blue die because no other blue die is free"), "robots: removal",
            )
        if self._ev is not None:
            self._ev.append({"kind": "robot_removed", "action": len(self.hist), "space": A.space_name(space),
                             "why": "player"})
        self.robots[space] = 0
        self.exhausted &= ~(1 << space)

    def _takes_placed_die(self) -> bool:
        """Every blue die is on the base: a new robot can only take one of them."""
        return self.robot_count() >= self.game.hooks.max_robots(self)

    def _may_remove_robots(self) -> bool:
        """Boxed: at any time. 9-card: only while installing a new robot that must take a placed blue die."""
        return self.rules.robots_removed_at_will or (self.phase == INSTALL and self._takes_placed_die())

    def _install_targets(self) -> list[int]:
        if self._takes_placed_die():
            return []
        base = self.base
        excavator = self.excavator
        dice = self.dice
        robots = self.robots
        spaces = base.robot_spaces if self.rules.robots_on_aa_guns else base.room_spaces
        return [s for s in spaces if base.pos[s] < excavator and not dice[s] and not robots[s]]

    def _begin_install(self, value: int) -> None:
        self.install_value = value
        if self._install_targets() or (any(self.robots) and (self.rules.robots_removed_at_will
                                                             or self._takes_placed_die())):
            self.phase = INSTALL
            if self._ev is not None:
                self._ev.append({"kind": "phase", "action": len(self.hist), "phase": "install"})
        else:
            if self._ev is not None:
                self._ev.append({"kind": "robot_skipped", "action": len(self.hist), "value": value,
                                 "why": "no space"})
            if not self.rules.robots_installed_at_once:
                self._install_pending()  # no space and no robot to make room: nothing to decide

    def _after_install(self) -> None:
        if self.rules.robots_installed_at_once:
            self.phase = ROOMS
            self._maybe_end_rooms()
        else:
            self._install_pending()

    def _install_actions(self) -> list[int]:
        targets = self._install_targets()
        acts = [A.REMOVE + s for s in range(N_SPACES) if self.robots[s]] if self._may_remove_robots() else []
        acts.extend(A.INSTALL + s for s in targets)
        # 9-card: the new robot must take a placed die when none is free; declining is for a robot with no room
        if not targets and (self.rules.robots_removed_at_will or not acts):
            acts.append(A.SKIP)
        return acts

    def _install_step(self, action: int) -> None:
        if A.INSTALL <= action < A.DONE:
            space = action - A.INSTALL
            if space not in self._install_targets():
                if self.robot_count() >= self.game.hooks.max_robots(self):
                    msg = _("you already have the most robots allowed: remove one first")
                elif self.base.kind[space] == TUNNEL:
                    msg = (_("{space} is a tunnel (robots go in rooms or on AA guns)") if self.rules.robots_on_aa_guns
                           else _("{space} is a tunnel (robots go in rooms)"))
                elif self.base.kind[space] == AA_GUN and not self.rules.robots_on_aa_guns:
                    msg = _("{space} is an AA gun: in this edition robots go only into excavated rooms")
                elif not self.is_excavated(space):
                    msg = _("{space} is not excavated")
                else:
                    msg = _("{space} is not empty")
                raise IllegalActionError(
                    _("cannot install the robot on {space}: {why}").format(
                        space=A.space_name(space), why=msg.format(space=A.space_name(space))), "robots: installation"
                )
            self.robots[space] = self.install_value
            if self._ev is not None:
                self._ev.append({"kind": "robot_installed", "action": len(self.hist), "space": A.space_name(space),
                                 "value": self.install_value})
            if self.rules.robots_installed_at_once:
                self.exhausted |= 1 << space  # a new robot works from the next round
        elif A.REMOVE <= action < A.INSTALL:
            self._remove_robot(action - A.REMOVE)
            return
        elif action == A.SKIP:
            if self._install_targets():
                raise IllegalActionError(
                    _("the new robot must be installed while there is an empty excavated room space"),
                    "robots: installation",
                )
            if not self.rules.robots_removed_at_will and any(self.robots) and self._takes_placed_die():
                raise IllegalActionError(
                    _("the new robot takes the blue die of a robot on the base: remove one, then install it"),
                    "robots: installation",
                )
            if self._ev is not None:
                self._ev.append({"kind": "robot_skipped", "action": len(self.hist), "value": self.install_value,
                                 "why": "player"})
        else:
            self._illegal_here(action)
        self._after_install()

    def _maybe_end_rooms(self) -> None:
        if any(self.dice) or self._usable_rooms():
            return
        self._end_rooms()

    def _end_rooms(self) -> None:
        if self.rules.robots_decay_every_phase:
            robots = self.robots
            for s in range(N_SPACES):
                if robots[s]:
                    robots[s] -= 1  # used or not, a robot loses a pip; a 1 leaves the base
                    if self._ev is not None:
                        self._ev.append({"kind": "robot_used", "action": len(self.hist), "space": A.space_name(s),
                                         "from": robots[s] + 1, "to": robots[s]})
                        if not robots[s]:
                            self._ev.append({"kind": "robot_removed", "action": len(self.hist),
                                             "space": A.space_name(s), "why": "worn out"})
        self.exhausted = 0
        self._install_pending()

    def _install_pending(self) -> None:
        """Robots built this phase are installed once every die is resolved (9-card edition)."""
        if self.pending_robots:
            self._begin_install(self.pending_robots.pop(0))
            return
        self._mothership_phase()

    # --- mothership ----------------------------------------------------------------------

    def _mothership_phase(self) -> None:
        if self._ev is not None:
            self._ev.append({"kind": "phase", "action": len(self.hist), "phase": "mothership"})
        row = self.next_mothership_row()
        if self.rules.mothership_acts_before_descending:
            self._mothership_action(row)  # the symbol just below the card's arrow, then the card moves
            if self.phase == OVER:
                return
            self._mothership_descends()
        else:
            self._mothership_descends()  # onto that row, then its action
            if self.phase == OVER:
                return
            self._mothership_action(row)
        if self.phase == OVER:
            return
        self.phase = SPAWN
        self._spawn_ships()

    def _mothership_action(self, row: int) -> None:
        action = self.sky.action[row]
        ev = self._ev
        if action is None:
            if ev is not None:
                ev.append({"kind": "mothership_action", "action": len(self.hist), "row": row, "effect": "none",
                           "amount": 0})
            return
        kind, amount = action
        if ev is not None:
            ev.append({"kind": "mothership_action", "action": len(self.hist), "row": row, "effect": kind,
                       "amount": amount})
        if kind == "excavator_back":
            before = self.excavator
            self.excavator = max(self.base.excavator_start, self.excavator - amount)
            if ev is not None and self.excavator != before:
                path = self.base.path
                ev.append({"kind": "excavator_moved", "action": len(self.hist), "from": A.space_name(path[before]),
                           "to": A.space_name(path[self.excavator]), "by": "mothership"})
            pos = self.base.pos
            for s in range(N_SPACES):
                if self.robots[s] and pos[s] >= self.excavator:
                    self.robots[s] = 0  # buried (rulebook: special cases)
                    if ev is not None:
                        ev.append({"kind": "robot_removed", "action": len(self.hist), "space": A.space_name(s),
                                   "why": "buried"})
        elif kind == "research_back":
            before = self.research
            self.research = max(0, self.research - amount)
            if ev is not None and self.research != before:
                ev.append({"kind": "research_changed", "action": len(self.hist), "from": before, "to": self.research,
                           "by": "mothership"})
        elif kind == "add_white_ships":
            n = min(amount, self.reinforcement_supply)
            self.reinforcement_supply -= n
            self.waiting_reinforcements += n
            if ev is not None:
                ev.append({"kind": "ships_added", "action": len(self.hist), "ship": self.game.ship_names[1],
                           "count": n})
        elif kind == "damage":
            self.damage += 1  # the game is still on, so the marker is above the skull and stops there at most
            if ev is not None:
                ev.append({"kind": "damage", "action": len(self.hist), "amount": 1, "total": self.damage,
                           "limit": self.layout.damage_limit, "by": "mothership"})
            self._damaged(self.damage - 1)
        elif kind == "skull":
            self._lose(LOSS_SKULL_SYMBOL)

    def _spawn_ships(self) -> None:
        grid = self.grid
        top = self.mothership_row * COLS
        while self.waiting_primary or self.waiting_reinforcements:
            free = [c for c in range(COLS) if not grid[top + c]]
            if not free:
                if self._ev is not None:
                    self._emit_waiting(self._ev)
                break  # every drop point is taken: the rest wait a round (rule 14)
            distances = [self.top_ship_distance(c) for c in free]
            empty = [c for c, d in zip(free, distances, strict=True) if d is None]
            if empty:
                options = empty
            elif self.rules.spawn_farthest:
                far = max(d for d in distances if d is not None)
                options = [c for c, d in zip(free, distances, strict=True) if d == far]
            else:
                options = free
            self.spawn_options = tuple(options)
            choices = self._spawn_actions()
            if len(choices) > 1:
                if self._ev is not None:
                    self._ev.append({"kind": "phase", "action": len(self.hist), "phase": "spawn",
                                     "options": ["abcde"[c] for c in options]})
                return  # the player chooses
            self._spawn(choices[0])
        self.spawn_options = ()
        self._start_round()

    def _emit_waiting(self, ev: list[UFSEvent]) -> None:
        """The ships left on the mothership, keyed by the edition's names for them (``ShipsWaiting``)."""
        primary, reinforcements = self.waiting_primary, self.waiting_reinforcements
        if self.game.ship_names == ("purple", "white"):
            ev.append({"kind": "ships_waiting", "action": len(self.hist), "purple": primary, "white": reinforcements})
        else:  # the 9-card edition's green and red ships
            ev.append({"kind": "ships_waiting", "action": len(self.hist), "green": primary, "red": reinforcements})

    def _spawn_actions(self) -> list[int]:
        """Boxed: purple ships first; 9-card: the player picks which waiting ship goes where."""
        acts: list[int] = []
        if self.waiting_primary or self.rules.spawn_farthest:
            acts.extend(A.SPAWN + c for c in self.spawn_options)
        if self.waiting_reinforcements and not self.rules.spawn_farthest:
            acts.extend(A.SPAWN_RED + c for c in self.spawn_options)
        return acts

    def spawned_ship(self, action: int) -> int:
        """The ship (``PURPLE`` or ``WHITE_SHIP``) the spawn action ``action`` puts on its drop point.

        ``spawn red c`` (9-card edition) spawns a reinforcement; ``spawn c`` a primary ship while one
        waits (boxed: they spawn first), then the reinforcements. The engine spawns by this, and the
        boards ask it, so what they show is what happens.
        """
        return WHITE_SHIP if action >= A.SPAWN_RED or not self.waiting_primary else PURPLE

    def _spawn(self, action: int) -> None:
        col = A.spawn_column(action)
        ship = self.spawned_ship(action)
        if ship == PURPLE:
            self.waiting_primary -= 1
        else:
            self.waiting_reinforcements -= 1
        self.grid[self.mothership_row * COLS + col] = ship
        if self._ev is not None:
            self._ev.append({"kind": "ship_spawned", "action": len(self.hist),
                             "ship": self._ship_name(self.grid[self.mothership_row * COLS + col]), "col": "abcde"[col]})

    def _spawn_step(self, action: int) -> None:
        if action not in self._spawn_actions():
            if not 0 <= action < self.game.num_distinct_actions():
                self._illegal_here(action)  # an id this game does not number
            options = ", ".join("abcde"[c] for c in self.spawn_options)
            rule = (_("then the drop point farthest from its column's topmost ship") if self.rules.spawn_farthest
                    else _("then any free drop point"))
            raise IllegalActionError(
                _("'{move}' is not possible: a ship spawns above column {columns}: first columns with no ship, "
                  "{rule}").format(move=self.action_to_string(action), columns=options, rule=rule),
                "rule 14: spawning",
            )
        self._spawn(action)
        self._spawn_ships()

    # --- once-per-game abilities (a campaign character's; hooks.py) ------------------------

    def _once_actions(self, phase: str) -> list[int]:
        left = self.once_left
        return [A.ONCE + k for k, ability in enumerate(self.game.once_abilities)
                if left >> k & 1 and phase in ability.once_per_game_phases and not ability.once_per_game_usable(self)]

    def _use_once(self, k: int, phase: str) -> None:
        from soloboard.ufs.hooks import ONCE_RULE

        abilities = self.game.once_abilities
        if k >= len(abilities):
            self._illegal_here(A.ONCE + k)  # an id this game does not number
        ability = abilities[k]
        if not self.once_left >> k & 1:
            raise IllegalActionError(
                _("{who}: the ability was already used in this game; a character's ability may be used at most "
                  "once per game").format(who=ability.rule), ONCE_RULE)
        if phase not in ability.once_per_game_phases:
            raise IllegalActionError(
                _("{who}: the ability is used only in: {phases} (now: {phase})").format(
                    who=ability.rule, phases=" / ".join(phase_title(p) for p in ability.once_per_game_phases),
                    phase=phase_title(phase)), ONCE_RULE)
        why = ability.once_per_game_usable(self)
        if why:
            raise IllegalActionError(
                _("{who}: the ability cannot be used now: {why}").format(who=ability.rule, why=why), ONCE_RULE)
        self.once_left &= ~(1 << k)
        if self._ev is not None:
            self._ev.append({"kind": "ability", "action": len(self.hist), "city": ability.city, "side": ability.side,
                             "effect": "once_per_game", "by": ability.rule, "number": k + 1})
        ability.use_once_per_game(self)

    # --- errors ----------------------------------------------------------------------------

    def _illegal_here(self, action: int) -> None:
        letters = self.game.dice_letters
        limit = self.game.num_distinct_actions()  # ids another edition or city uses are no actions here
        if not 0 <= action < limit:
            raise IllegalActionError(
                _("{action} is not an action of this game (valid ids: 0..{last})").format(action=action,
                                                                                          last=limit - 1),
                "action numbering",
            )
        text = A.player_action_to_string(action, letters, self.game.ship_names[1])
        expected = {
            PLACE: _("place a worker die (e.g. {example}) or remove a robot").format(example=f"{letters[0]}5c3"),
            ROOMS: _("use, discard, dig, remove or done"),
            INSTALL: _("install the new robot, remove a robot first, or skip when it cannot be installed"),
            SPAWN: _("spawn a ship"),
        }.get(self.phase, "")
        raise IllegalActionError(
            _("'{move}' is not possible in the {phase} phase: {expected}").format(
                move=text, phase=phase_word(PHASE_NAMES[self.phase]), expected=expected),
            "phase order",
        )

    def __repr__(self) -> str:
        return f"<UFSState round {self.round} {self.phase_name} research {self.research} damage {self.damage}>"
