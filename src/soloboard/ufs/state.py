"""One position of Under Falling Skies and the rules that move it on.

The state is a handful of small ints and short lists so that ``clone`` and
``apply_action`` stay cheap: agents call them millions of times. Rule numbers in the
error messages refer to ``docs/ufs-rules.md`` (which follows the rulebook and
``rulings.md``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from soloboard.core.api import CHANCE_PLAYER, TERMINAL_PLAYER
from soloboard.core.errors import IllegalActionError
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

if TYPE_CHECKING:
    from random import Random

    from soloboard.ufs.game import BaseUFSGame
    from soloboard.ufs.tables import Layout

COLS = A.COLS
N_SPACES = A.N_SPACES
PURPLE, WHITE_SHIP = 1, 2

# phases
SETUP, ROLL, PLACE, ROOMS, INSTALL, SPAWN, OVER = range(7)
PHASE_NAMES = ("setup", "roll", "place", "rooms", "install", "spawn", "over")

LOSS_DAMAGE = "base destroyed"
LOSS_SKULL = "mothership reached the skull row"
LOSS_SKULL_SYMBOL = "the skull symbol was resolved"  # 9-card edition: the symbol below the arrow


class UFSState:
    """A position. Use :meth:`UFSGame.new_initial_state` to get one."""

    __slots__ = (
        "game", "rules", "layout", "base", "sky", "phase", "grid", "ms", "wait_p", "wait_w", "supply_w",
        "research", "energy", "damage", "exc", "round", "dice", "robots", "exhausted",
        "pool", "cols_used", "dig_space", "roll_g", "roll_w", "install_value",
        "spawn_options", "pending_robots", "result", "loss_cause", "hist", "origin",
    )

    game: BaseUFSGame
    layout: Layout
    sky: SkyTables
    base: BaseTables

    def __init__(self, game: BaseUFSGame) -> None:
        self.game = game
        self.rules = game.ruleset
        self.grid = [0] * ((game.sky_rows + 1) * COLS)
        self.ms = 0
        for col in range(COLS):  # the five purple (green) ships start on the drop points
            self.grid[col] = PURPLE
        self.wait_p = game.primary_ships - COLS
        self.wait_w = 0
        self.supply_w = game.reinforcement_ships
        self.research = 0
        self.energy = 0
        self.damage = 0
        self.exc = 0
        self.round = 0
        self.dice = [0] * N_SPACES
        self.robots = [0] * N_SPACES
        self.exhausted = 0
        self.pool = [0] * 12  # unplaced worker dice: gray counts by value, then white
        self.cols_used = 0
        self.dig_space = -1
        self.roll_g = 0
        self.roll_w = 0
        self.install_value = 0
        self.spawn_options: tuple[int, ...] = ()
        self.pending_robots: list[int] = []  # robots built this phase, installed at its end (9-card edition)
        self.result: float | None = None
        self.loss_cause = ""
        self.hist: list[int] = []
        self.origin: dict[str, Any] | None = None  # the position a history-less save started from
        # set once every card's side is known (at once, or after the set-up draw)
        self.layout = self.sky = None  # type: ignore[assignment]
        if game.fixed_sides is not None:
            self._use_layout(game.layout(game.fixed_sides))
            self._start_round()
        else:
            self.phase = SETUP
            self.base = game.base  # type: ignore[assignment]  # None where the draw decides the base too
            self.energy = game.start_energy
            self.exc = self.base.excavator_start if self.base is not None else 0
        game.hooks.setup(self)

    def _use_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.sky = layout.sky
        self.base = layout.base
        self.energy = layout.start_energy
        self.exc = layout.base.excavator_start

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
            return list(A.ROLL_OUTCOMES[(self.roll_g, self.roll_w)])
        if self.phase == SETUP:
            masks = self.game.setup_masks()
            return [(A.SKY_CHANCE + m, 1.0 / len(masks)) for m in masks]
        return []

    def sample_chance_outcome(self, rng: Random) -> int:
        """A chance outcome drawn with the right probabilities (faster than ``chance_outcomes``)."""
        if self.phase == ROLL:
            rand = rng.random
            g = tuple(sorted([int(rand() * 6) + 1 for _ in range(self.roll_g)]))
            w = tuple(sorted([int(rand() * 6) + 1 for _ in range(self.roll_w)]))
            return A.ROLL_INDEX[(g, w)]
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node")
        return outcomes[int(rng.random() * len(outcomes))][0]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLACE:
            return self._place_actions()
        if phase == ROOMS:
            return self._rooms_actions()
        if phase == INSTALL:
            return self._install_actions()
        if phase == SPAWN:
            return self._spawn_actions()
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def apply_action(self, action: int) -> None:
        """Apply a player action or a chance outcome; raises IllegalActionError naming the rule."""
        phase = self.phase
        if phase == PLACE:
            if A.PLACE <= action < A.USE:
                self._place(*A.decode_place(action))
            elif A.REMOVE <= action < A.INSTALL:
                self._remove_robot(action - A.REMOVE)
            else:
                self._illegal_here(action)
        elif phase == ROOMS:
            self._rooms_step(action)
        elif phase == ROLL:
            self._roll(action)
        elif phase == INSTALL:
            self._install_step(action)
        elif phase == SPAWN:
            self._spawn_step(action)
        elif phase == SETUP:
            self._setup(action)
        else:
            raise IllegalActionError("the game is over: no more actions", "game over")
        self.hist.append(action)

    def clone(self) -> UFSState:
        new = UFSState.__new__(UFSState)
        new.game = self.game
        new.rules = self.rules
        new.layout = self.layout
        new.base = self.base
        new.sky = self.sky
        new.phase = self.phase
        new.grid = self.grid[:]
        new.ms = self.ms
        new.wait_p = self.wait_p
        new.wait_w = self.wait_w
        new.supply_w = self.supply_w
        new.research = self.research
        new.energy = self.energy
        new.damage = self.damage
        new.exc = self.exc
        new.round = self.round
        new.dice = self.dice[:]
        new.robots = self.robots[:]
        new.exhausted = self.exhausted
        new.pool = self.pool[:]
        new.cols_used = self.cols_used
        new.dig_space = self.dig_space
        new.roll_g = self.roll_g
        new.roll_w = self.roll_w
        new.install_value = self.install_value
        new.spawn_options = self.spawn_options
        new.pending_robots = self.pending_robots[:]
        new.result = self.result
        new.loss_cause = self.loss_cause
        new.hist = self.hist[:]
        new.origin = self.origin
        return new

    def action_to_string(self, action: int) -> str:
        game = self.game
        if self.phase == SETUP:
            return game.setup_to_string(action - A.SKY_CHANCE)
        if self.phase == ROLL:
            return A.chance_to_string(action, game.dice_letters)
        return A.player_action_to_string(action, game.dice_letters, game.ship_names[1])

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names here; ``use`` accepts any space of the room."""
        game = self.game
        if self.phase == SETUP:
            return game.parse_setup(text)
        if self.phase == ROLL:
            return A.parse_chance(text, game.dice_letters)
        action = A.parse_player_action(text, game.dice_letters, game.ship_names[1])
        if A.USE <= action < A.DISCARD:
            room = self.base.room_of[action - A.USE]
            if room >= 0:
                return A.USE + self.base.rooms[room].anchor
        return action

    def to_json(self) -> str:
        from soloboard.ufs.serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from soloboard.ufs.render import render_text

        return render_text(self)

    def __rich__(self) -> Any:
        from soloboard.ufs.render import render_rich

        return render_rich(self)

    # --- convenience for front ends and tests ------------------------------------------

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_excavated(self, space: int) -> bool:
        return self.base.pos[space] < self.exc

    def robot_count(self) -> int:
        return sum(1 for v in self.robots if v)

    def unplaced_dice(self) -> tuple[list[int], list[int]]:
        """Unplaced worker dice values: (gray or black, white)."""
        pool = self.pool
        gray = [v + 1 for v in range(6) for _ in range(pool[v])]
        white = [v + 1 for v in range(6) for _ in range(pool[6 + v])]
        return gray, white

    def top_ship_distance(self, col: int) -> int | None:
        """Rows from the drop point down to the topmost ship of a column (None: no ship)."""
        grid = self.grid
        for row in range(self.ms, self.sky.rows + 1):
            if grid[row * COLS + col]:
                return row - self.ms
        return None

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
                f"{action} is not a set-up draw of this game: exactly {game.flipped} {game.cards_noun} "
                f"are on their {game.side_letters[1][0]} side", "setup: threat level",
            )
        self._use_layout(game.layout(game.sides_for_mask(action - A.SKY_CHANCE)))
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.phase = ROLL
        self.roll_g = self.game.plain_dice
        self.roll_w = self.game.white_dice
        self.cols_used = 0
        self.dig_space = -1

    def _roll(self, action: int) -> None:
        if not 0 <= action < A.SKY_CHANCE:
            raise IllegalActionError(f"{action} is not a dice roll", "dice roll")
        g, w = A.ROLLS[action]
        if len(g) != self.roll_g or len(w) != self.roll_w:
            raise IllegalActionError(
                f"this roll is of {self.roll_g} {self.game.dice_names[0]} and {self.roll_w} white dice, "
                f"not {len(g)} and {len(w)}", "dice roll",
            )
        pool = [0] * 12
        for v in g:
            pool[v - 1] += 1
        for v in w:
            pool[5 + v] += 1
        self.pool = pool
        self.phase = PLACE

    def _place_actions(self) -> list[int]:
        # the placements depend on a few small numbers only: look them up (the hottest path of a playout)
        key = (self.exc, self.cols_used, self.dig_space < 0, *self.pool)
        placements = self.base.placement_cache.get(key)
        if placements is None:
            placements = self.base.placement_cache[key] = self._placements()
        robots = self.robots
        if not any(robots):
            return list(placements)
        if self.rules.robots_block_workers:
            acts = [a for a in placements if not robots[a % N_SPACES]]
        else:
            acts = list(placements)
        acts.extend([A.REMOVE + s for s in range(N_SPACES) if robots[s]])
        return acts

    def _placements(self) -> tuple[int, ...]:
        """Every die placement the pool allows, ignoring robots."""
        pool = self.pool
        targets = self.base.place_targets
        exc = self.exc
        used = self.cols_used
        can_dig = self.dig_space < 0
        any_reach = 0 if self.rules.dig_checked_on_place else self.base.path_length
        acts: list[int] = []
        for i in range(12):
            if pool[i]:
                value = i % 6 + 1
                base = (i // 6) * 180 + (value - 1) * 30
                reach = (any_reach or value) if can_dig else 0
                acts.extend([base + s for s in targets(exc, used, reach)])
        return tuple(acts)

    def _place(self, color: int, value: int, space: int) -> None:
        if not self.pool[color * 6 + value - 1]:
            plain, white = self.unplaced_dice()
            names = self.game.dice_names
            raise IllegalActionError(
                f"there is no unplaced {names[color]} {value} "
                f"(unplaced: {names[0]} {plain or 'none'}, white {white or 'none'})", "dice phase: roll",
            )
        col = space % COLS
        if self.cols_used >> col & 1:
            raise IllegalActionError(
                f"column {'abcde'[col]} already has a worker die this round: each die goes in a different column",
                "rule 1: one die per column",
            )
        pos = self.base.pos[space]
        if pos >= self.exc:
            distance = pos - self.exc
            if self.dig_space >= 0:
                raise IllegalActionError(
                    f"{A.space_name(space)} is unexcavated and a die already waits to dig at "
                    f"{A.space_name(self.dig_space)}: at most one die per round goes on an unexcavated space",
                    "rule 2: excavation",
                )
            if distance == 0:
                raise IllegalActionError(
                    f"{A.space_name(space)} is the excavator's own space, which is unexcavated and cannot take a die",
                    "rule 2: excavation",
                )
            if value < distance and self.rules.dig_checked_on_place:
                raise IllegalActionError(
                    f"{A.space_name(space)} is {distance} spaces ahead of the excavator: "
                    f"the die must show at least {distance}, not {value}",
                    "rule 2: excavation",
                )
            self.dig_space = space
        if self.robots[space] and self.rules.robots_block_workers:
            raise IllegalActionError(
                f"a robot stands on {A.space_name(space)}: in this edition a robot occupies its space",
                "robots: occupied space",
            )
        self.pool[color * 6 + value - 1] -= 1
        self.cols_used |= 1 << col
        self.robots[space] = 0  # a worker die displaces a robot (rule 3)
        self.exhausted &= ~(1 << space)
        self.dice[space] = value
        steps = value - 1 if space < COLS else value  # AA guns (row 0) slow the ships by one
        if steps > 0:
            self._descend(col, steps)
            if self.phase == OVER:
                return
        if not any(self.pool):
            self._start_rooms()
        elif color == A.WHITE:
            self.phase = ROLL
            pool = self.pool
            self.roll_g = pool[0] + pool[1] + pool[2] + pool[3] + pool[4] + pool[5]
            self.roll_w = pool[6] + pool[7] + pool[8] + pool[9] + pool[10] + pool[11]

    # --- ships -----------------------------------------------------------------------------

    def _descend(self, col: int, steps: int) -> None:
        """Every ship in ``col`` moves down ``steps`` at once; then the spaces take effect, top first."""
        grid = self.grid
        moved = []
        for idx in range(self.ms * COLS + col, len(grid), COLS):
            if grid[idx]:
                moved.append((idx, grid[idx]))
                grid[idx] = 0
        if not moved:
            return
        shift = steps * COLS
        landed = []
        for idx, ship in moved:
            new = idx + shift
            if new >= len(grid):  # below sky row 16: the ship hits the city (rule 7)
                self.damage += 1
                if ship == PURPLE:
                    self.wait_p += 1
                else:
                    self.wait_w += 1
            else:
                grid[new] = ship
                landed.append(new)
        if self.damage >= self.layout.damage_limit:
            self._lose(LOSS_DAMAGE)
            return
        cell = self.sky.cell
        for idx in landed:
            if idx < (self.ms + 1) * COLS or not grid[idx]:
                continue  # sent back to the mothership by an earlier effect (rule 4)
            code = cell[idx]
            if code == ARROW_LEFT:
                if col > 0 and not grid[idx - 1]:
                    grid[idx - 1] = grid[idx]
                    grid[idx] = 0
            elif code == ARROW_RIGHT:
                if col < COLS - 1 and not grid[idx + 1]:
                    grid[idx + 1] = grid[idx]
                    grid[idx] = 0
            elif code == MOTHERSHIP:
                self._mothership_descends()
                if self.phase == OVER:
                    return

    def _mothership_descends(self) -> None:
        """The mothership moves down a row with the ships on its drop points (rule 12)."""
        grid = self.grid
        old = self.ms * COLS
        new = old + COLS
        for col in range(COLS):
            ship = grid[new + col]
            if ship:
                if ship == PURPLE:
                    self.wait_p += 1
                else:
                    self.wait_w += 1
            grid[new + col] = grid[old + col]
            grid[old + col] = 0
        self.ms += 1
        if self.ms >= self.sky.skull_row:
            self._lose(LOSS_SKULL)

    def _lose(self, cause: str) -> None:
        self.phase = OVER
        self.result = 0.0
        self.loss_cause = cause

    # --- rooms -------------------------------------------------------------------------

    def _start_rooms(self) -> None:
        dice = self.dice
        kind = self.base.kind
        for s in range(N_SPACES):
            if dice[s] and (kind[s] == AA_GUN or kind[s] == TUNNEL) and s != self.dig_space:
                dice[s] = 0  # AA guns and tunnels do nothing in the Rooms Phase
        self.phase = ROOMS
        self._maybe_end_rooms()

    def _usable_rooms(self) -> list[int]:
        dice = self.dice
        robots = self.robots
        exhausted = self.exhausted
        pos = self.base.pos
        exc = self.exc
        hooks = self.game.hooks
        usable = []
        for room in self.base.rooms:
            for s in room.spaces:
                if pos[s] >= exc or not (dice[s] or (robots[s] and not exhausted >> s & 1)):
                    break
            else:
                if self.energy >= hooks.room_cost(self, room, room.energy_cost):
                    usable.append(room.anchor)
        return usable

    def _rooms_actions(self) -> list[int]:
        acts = [A.USE + s for s in self._usable_rooms()]
        dice = self.dice
        acts.extend(A.DISCARD + s for s in range(N_SPACES) if dice[s])
        if self.dig_space >= 0 and self.energy >= 1 and self._dig_reaches():
            acts.append(A.DIG + self.dig_space)
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
                raise IllegalActionError(f"there is no worker die on {A.space_name(space)}", "rule 9: rooms phase")
            self.dice[space] = 0
            if space == self.dig_space:
                self.dig_space = -1
        elif A.DIG <= action < A.REMOVE:
            self._dig(action - A.DIG)
        elif A.REMOVE <= action < A.INSTALL:
            self._remove_robot(action - A.REMOVE)
        elif action == A.DONE:
            self.dice = [0] * N_SPACES
            self.dig_space = -1
            self._end_rooms()
            return
        else:
            self._illegal_here(action)
        if self.phase == ROOMS:
            self._maybe_end_rooms()

    def _use_room(self, space: int) -> None:
        base = self.base
        index = base.room_of[space]
        if index < 0:
            raise IllegalActionError(f"{A.space_name(space)} is not a room", "rule 9: rooms phase")
        room = base.rooms[index]
        if space != room.anchor:
            raise IllegalActionError(
                f"name this room by its first space {A.space_name(room.anchor)}", "action numbering"
            )
        dice = self.dice
        robots = self.robots
        for s in room.spaces:
            if base.pos[s] >= self.exc:
                raise IllegalActionError(
                    f"{A.space_name(s)} is not excavated yet: a room works only once it is dug out",
                    "rule 2: excavation",
                )
            if not dice[s] and not (robots[s] and not self.exhausted >> s & 1):
                what = "an exhausted robot" if robots[s] else "no die"
                raise IllegalActionError(
                    f"{A.space_name(s)} holds {what}: a room is used only when every one of its spaces holds a die "
                    "or a ready robot", "rule 9: multi-space rooms",
                )
        hooks = self.game.hooks
        cost = hooks.room_cost(self, room, room.energy_cost)
        if self.energy < cost:
            raise IllegalActionError(
                f"the room costs {cost} energy and you have {self.energy}", "rule 9: energy cost"
            )
        value = room.modifier
        for s in room.spaces:
            if dice[s]:
                value += dice[s]
                dice[s] = 0
            else:
                value += robots[s]
                if not self.rules.robots_decay_every_phase:
                    robots[s] -= 1  # a used robot loses a pip; a used 1 leaves the base
                if robots[s]:
                    self.exhausted |= 1 << s
        value = hooks.room_value(self, room, value)
        self.energy -= cost
        if value < 1:
            return
        for effect in room.effects:  # one value for every effect of the room (a 9-card room has two)
            if effect == "energy":
                gained = self.energy + value if self.rules.energy_rule == "add" else max(self.energy, value)
                self.energy = min(self.layout.energy_max, gained)
            elif effect == "fighters":
                self._fighters(value)
            elif effect == "research":
                self._research(value)
                if self.phase == OVER:
                    return
            elif effect == "robots":
                if self.rules.robots_installed_at_once:
                    self._begin_install(min(value, 6))
                else:
                    self.pending_robots.append(min(value, 6))

    def _fighters(self, value: int) -> None:
        grid = self.grid
        first = (self.ms + 1) * COLS  # ships on the drop points are not in the sky
        for idx, number in self.sky.explosions:
            if number > value:
                break
            ship = grid[idx]
            if ship and idx >= first:
                grid[idx] = 0
                if ship == PURPLE:
                    self.wait_p += 1
                else:
                    self.supply_w += 1

    def _research(self, value: int) -> None:
        costs = self.sky.research_costs
        last = self.sky.research_last
        r = self.research
        while r < last and costs[r + 1] <= value:
            value -= costs[r + 1]
            r += 1
        self.research = r
        if r == last:
            self.phase = OVER
            self.result = 1.0

    def _dig_reaches(self) -> bool:
        """The excavation die shows at least its distance (checked here in the 9-card edition)."""
        return self.dice[self.dig_space] >= self.base.pos[self.dig_space] - self.exc

    def _dig(self, space: int) -> None:
        if space != self.dig_space or not self.dice[space]:
            raise IllegalActionError(
                f"no die waits to dig at {A.space_name(space)}", "rule 10: excavator"
            )
        if self.energy < 1:
            raise IllegalActionError("moving the excavator costs 1 energy and you have 0", "rule 10: excavator")
        if not self._dig_reaches():
            raise IllegalActionError(
                f"the die on {A.space_name(space)} shows {self.dice[space]} but the excavator is "
                f"{self.base.pos[space] - self.exc} spaces away: the die can only be discarded",
                "rule 10: excavator",
            )
        self.energy -= 1
        self.dice[space] = 0
        self.dig_space = -1
        self.exc = self.base.pos[space]

    def _remove_robot(self, space: int) -> None:
        if not self.robots[space]:
            raise IllegalActionError(f"there is no robot on {A.space_name(space)}", "robots: removal")
        self.robots[space] = 0
        self.exhausted &= ~(1 << space)

    def _install_targets(self) -> list[int]:
        if self.robot_count() >= self.game.hooks.max_robots(self):
            return []
        base = self.base
        exc = self.exc
        dice = self.dice
        robots = self.robots
        return [s for s in base.robot_spaces if base.pos[s] < exc and not dice[s] and not robots[s]]

    def _begin_install(self, value: int) -> None:
        self.install_value = value
        if self._install_targets() or any(self.robots):
            self.phase = INSTALL
        elif not self.rules.robots_installed_at_once:
            self._install_pending()  # no space and no robot to make room: nothing to decide

    def _after_install(self) -> None:
        if self.rules.robots_installed_at_once:
            self.phase = ROOMS
            self._maybe_end_rooms()
        else:
            self._install_pending()

    def _install_actions(self) -> list[int]:
        targets = self._install_targets()
        acts = [A.REMOVE + s for s in range(N_SPACES) if self.robots[s]]
        acts.extend(A.INSTALL + s for s in targets)
        if not targets:
            acts.append(A.SKIP)
        return acts

    def _install_step(self, action: int) -> None:
        if A.INSTALL <= action < A.DONE:
            space = action - A.INSTALL
            if space not in self._install_targets():
                if self.robot_count() >= self.game.hooks.max_robots(self):
                    msg = "you already have the most robots allowed: remove one first"
                elif self.base.kind[space] == TUNNEL:
                    msg = f"{A.space_name(space)} is a tunnel (robots go in rooms or on AA guns)"
                elif not self.is_excavated(space):
                    msg = f"{A.space_name(space)} is not excavated"
                else:
                    msg = f"{A.space_name(space)} is not empty"
                raise IllegalActionError(
                    f"cannot install the robot on {A.space_name(space)}: {msg}", "robots: installation"
                )
            self.robots[space] = self.install_value
            if self.rules.robots_installed_at_once:
                self.exhausted |= 1 << space  # a new robot works from the next round
        elif A.REMOVE <= action < A.INSTALL:
            self._remove_robot(action - A.REMOVE)
            return
        elif action == A.SKIP:
            if self._install_targets():
                raise IllegalActionError(
                    "the new robot must be installed while there is an empty excavated room space",
                    "robots: installation",
                )
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
        if self.rules.mothership_acts_before_descending:
            self._mothership_action(self.ms + 1)  # the symbol just below the card's arrow, then the card moves
            if self.phase == OVER:
                return
            self._mothership_descends()
        else:
            self._mothership_descends()
            if self.phase == OVER:
                return
            self._mothership_action(self.ms)
        if self.phase == OVER:
            return
        self.phase = SPAWN
        self._spawn_ships()

    def _mothership_action(self, row: int) -> None:
        action = self.sky.action[row]
        if action is not None:
            kind, amount = action
            if kind == "unidentified":
                kind = self.game.unidentified_action
            if kind == "excavator_back":
                self.exc = max(self.base.excavator_start, self.exc - amount)
                pos = self.base.pos
                for s in range(N_SPACES):
                    if self.robots[s] and pos[s] >= self.exc:
                        self.robots[s] = 0  # buried (rulebook: special cases)
            elif kind == "research_back":
                self.research = max(0, self.research - amount)
            elif kind == "add_white_ships":
                n = min(amount, self.supply_w)
                self.supply_w -= n
                self.wait_w += n
            elif kind == "damage":
                self.damage += 1
                if self.damage >= self.layout.damage_limit:
                    self._lose(LOSS_DAMAGE)
            elif kind == "skull":
                self._lose(LOSS_SKULL_SYMBOL)

    def _spawn_ships(self) -> None:
        grid = self.grid
        top = self.ms * COLS
        while self.wait_p or self.wait_w:
            free = [c for c in range(COLS) if not grid[top + c]]
            if not free:
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
                return  # the player chooses
            self._spawn(choices[0])
        self.spawn_options = ()
        self._start_round()

    def _spawn_actions(self) -> list[int]:
        """Boxed: purple ships first; 9-card: the player picks which waiting ship goes where."""
        acts = []
        if self.wait_p or self.rules.spawn_farthest:
            acts.extend(A.SPAWN + c for c in self.spawn_options)
        if self.wait_w and not self.rules.spawn_farthest:
            acts.extend(A.SPAWN_RED + c for c in self.spawn_options)
        return acts

    def _spawn(self, action: int) -> None:
        col = (action - A.SPAWN) % A.SPAWN_COLS
        if action >= A.SPAWN_RED or not self.wait_p:
            self.wait_w -= 1
            self.grid[self.ms * COLS + col] = WHITE_SHIP
        else:
            self.wait_p -= 1
            self.grid[self.ms * COLS + col] = PURPLE

    def _spawn_step(self, action: int) -> None:
        if action not in self._spawn_actions():
            options = ", ".join("abcde"[c] for c in self.spawn_options)
            rule = ("then the drop point farthest from its column's topmost ship" if self.rules.spawn_farthest
                    else "then any free drop point")
            raise IllegalActionError(
                f"'{self.action_to_string(action) if 0 <= action < A.NUM_ACTIONS else action}' is not possible: "
                f"a ship spawns above column {options}: first columns with no ship, {rule}",
                "rule 14: spawning",
            )
        self._spawn(action)
        self._spawn_ships()

    # --- errors ----------------------------------------------------------------------------

    def _illegal_here(self, action: int) -> None:
        letters = self.game.dice_letters
        try:
            text = A.player_action_to_string(action, letters, self.game.ship_names[1])
        except ValueError:
            raise IllegalActionError(
                f"{action} is not an action (valid ids: 0..{A.NUM_ACTIONS - 1})", "action numbering"
            ) from None
        expected = {
            PLACE: f"place a worker die (e.g. {letters[0]}5c3) or remove a robot",
            ROOMS: "use, discard, dig, remove or done",
            INSTALL: "install the new robot, remove a robot first, or skip when it cannot be installed",
            SPAWN: "spawn a ship",
        }.get(self.phase, "")
        raise IllegalActionError(
            f"'{text}' is not possible in the {PHASE_NAMES[self.phase]} phase: {expected}",
            "phase order",
        )

    def __repr__(self) -> str:
        return f"<UFSState round {self.round} {self.phase_name} research {self.research} damage {self.damage}>"

    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, UFSState):
            return NotImplemented
        from soloboard.ufs.serialize import position_dict

        return self.game.parameters() == other.game.parameters() and position_dict(self) == position_dict(other)

    __hash__ = None  # type: ignore[assignment]
