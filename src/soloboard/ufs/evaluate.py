"""How good an Under Falling Skies position is: the evaluation ``greedy`` and ``mcts`` use.

This module is the only place where the agents know the game (both editions: the boxed
game and the 9-card print-and-play share ``UFSState``). It reads a state's fields; it
never changes one.

The value of a position is an estimate of the probability of winning from it: a logistic
function of a few numbers a player weighs (:func:`features`):

- **research**: the share of the research track's total cost already paid, the cost still
  to pay *per round left* (rounds left = rows between the mothership and the skull row:
  every round the mothership descends one row, a mothership symbol one more), and the
  rounds left;
- **the last research space** (the boxed edition's costs 11: only a multi-space room, or a
  room with a robot, pays it): the chance that one round pays it with the best excavated
  research room (the best *k* of five dice, an exact table), and the chance that none of
  the rounds left once the rest of the track is paid (at about 5 a round) does;
- **the base**: damage against the track's length; energy against its maximum; how far
  the excavator has dug; the research the excavated research rooms make in a round with
  average dice; robots;
- **danger of every ship**: a ship needs ``rows below it + 1`` steps to hit the city and
  every column takes one die each round, so a ship's danger is the chance that its
  column's die reaches the city, from a table by distance; summed, and summed per point
  of damage the base can still take. Ships standing one die (1-6 rows) above a mothership
  symbol threaten a descent;
- **what the round has not resolved yet**: dice waiting on rooms are counted as the rooms
  will give (energy rooms first, then research, fighters and robots while energy lasts;
  a fighters room's targets are taken out of the danger); the excavation die as dug when
  energy allows; unplaced dice as a count.

A won position is worth 1, a lost one 0. The weights (:data:`WEIGHTS`, shipped as data in
``data/weights.json`` with their provenance) were set by hand, then improved by a coordinate
search on greedy's games (docs/agents.md: how, and the figures before and after; fitting
them to game outcomes by logistic regression, ``python -m soloboard.agents.fit``, predicted
outcomes better but played worse, also there).

Besides the value: :func:`key` (a cheap hashable key of the position, for the search's
transposition table) and :func:`prune` (moves that can never be better than another
legal move: discarding a die in the Rooms Phase, since ``done`` discards it as well and a
discard never makes another room usable; a second excavated tunnel of the same column, which
does exactly what the first does; an excavation die that can never dig).

One more move is left out that is *not* dominated: once a column's first tunnel is excavated,
a die on a tunnel of that column still ahead of the excavator. There it is the excavation die,
and digging onto it is the only way to excavate the spaces just before it: the path's last
space is a tunnel (e5) in every layout, so Roswell's and the 9-card edition's three-space
research room (b5-d5) is never dug out by the agents. Offering that move made them weaker
with this evaluation, which values the dig far beyond what it gives early in the game
(docs/agents.md, "The dig onto the last tunnel": mcts@1000it at threat 1 won 29 of 80 seeded
games with it against 37 without; greedy at threat 0, 87 of 300 against 119), and the
calibration maps describe the agent as it plays without it. An evaluation that weighs that
room right would let it back in. The hints therefore never suggest it; the rules allow it.
"""

from __future__ import annotations

import math
from itertools import compress, product
from operator import mul
from typing import Any

from soloboard.core.valuenet import ValueNet, load_net
from soloboard.core.weights import load_weights
from soloboard.ufs import actions as A
from soloboard.ufs.tables import MOTHERSHIP, TUNNEL

COLS = A.COLS
N_SPACES = A.N_SPACES
SPACES = range(N_SPACES)
ROLL_PHASE, PLACE_PHASE, ROOMS_PHASE = 1, 2, 3  # soloboard.ufs.state phases (kept in sync by tests/test_agents.py)

# chance that a ship ``d`` steps above the city (it hits with ``d`` or more steps) is hit by its column's die
# next round, when the player avoids it where they can; index = d (0 unused)
DANGER = (0.0, 0.9, 0.7, 0.55, 0.42, 0.3, 0.2, 0.12, 0.07, 0.04, 0.02, 0.01) + (0.0,) * 8

# greedy looks one move ahead, so it would never put the first die on a room of two or three spaces: for
# greedy, a half-filled room counts with the best unplaced dice on its free spaces, for this share of its
# gain (docs/agents.md has the measurements; mcts, which looks further, played worse with it)
GREEDY_PARTIAL = 0.7

FEATURE_NAMES = (
    "bias", "research_done", "research_needed_per_round", "rounds_left", "damage", "danger",
    "danger_per_life", "energy", "excavation", "research_capacity", "last_space_chance", "last_space_stuck",
    "robots", "mothership_threat", "unplaced_dice", "waiting_ships",
)
# what the learned value (data/value.json) reads: the features and a few more, computed only for it
NET_FEATURE_NAMES = (
    *FEATURE_NAMES, "threat_sides", "sky_actions_left", "ships", "near_ships", "round", "damage_left",
)

# data/weights.json: hand-set, then improved by a coordinate search on greedy's games at Roswell threat 0
# (its provenance says how; ``python -m soloboard.agents.tune ufs --write`` writes a new one)
WEIGHTS = load_weights("soloboard.ufs", FEATURE_NAMES)


class _Tables:
    """What the evaluation needs of a layout, worked out once per layout."""

    def __init__(self, state: Any) -> None:
        sky = state.sky
        base = state.base
        layout = state.layout
        costs = sky.research_costs
        self.costs = costs
        self.last = sky.research_last
        self.done = [0] * (self.last + 1)  # total cost paid to stand on space i
        for i in range(1, self.last + 1):
            self.done[i] = self.done[i - 1] + costs[i]
        self.total = self.done[self.last] or 1
        self.rows = sky.rows
        self.skull = sky.skull_row
        self.damage_limit = layout.damage_limit
        self.energy_max = layout.energy_max or 1
        self.exc_start = base.excavator_start
        self.path_len = base.path_length
        self.pos = base.pos
        self.rooms = base.rooms
        self.room_of = base.room_of
        self.kind = base.kind
        self.plain_tunnels: dict[int, list[int]] = {}  # excavator position -> each column's first open tunnel
        # (room, its last position on the excavator path -- it works once exc passes it --, research it makes
        # in a round with average dice, the chance a round pays the last space with it, without robots)
        self.last_cost = costs[self.last] if self.last else 0
        self.research_rooms = []
        for r in base.rooms:
            if "research" in r.effects:
                need = max(self.last_cost - r.modifier, 0)
                chance = BEST_OF_FIVE[len(r.spaces)][need] if need < len(BEST_OF_FIVE[len(r.spaces)]) else 0.0
                self.research_rooms.append((r, max(base.pos[s] for s in r.spaces),
                                            max(0.0, 3.5 * len(r.spaces) + r.modifier), chance))
        self.excavation_span = max(self.path_len - self.exc_start, 1)
        self.explosion = [0] * len(sky.cell)
        for idx, number in sky.explosions:
            self.explosion[idx] = number
        # per sky cell: the danger of a ship there, and the chance a die lands it on a mothership symbol
        n = len(sky.cell)
        self.danger_at = [DANGER[min(self.rows + 1 - idx // COLS, len(DANGER) - 1)] for idx in range(n)]
        self.threat_at = [sum(1.0 / 6 for step in range(1, 7)
                              if idx + step * COLS < n and sky.cell[idx + step * COLS] == MOTHERSHIP)
                          for idx in range(n)]
        # each column's tunnels, top first: a die on any of them only moves the column's ships
        self.tunnels: list[list[int]] = [[s for s in range(N_SPACES) if s % COLS == c and base.kind[s] == TUNNEL]
                                         for c in range(COLS)]
        # the sky's difficulty: the share of its tiles on a side other than the easy one, and per mothership
        # row the sky rows with an action (ships arriving, a descent...) still ahead of it
        sides = getattr(sky, "sides", ())
        self.threat_sides = sum(side != "easy" for side in sides) / len(sides) if sides else 0.0
        actions = sky.action
        self.actions_left = [sum(1 for r in range(row + 1, min(self.skull + 1, len(actions))) if actions[r]) / 5.0
                             for row in range(len(actions) + 1)]
        self.near_at = [1.0 if d <= 3 else 0.0 for d in (self.rows + 1 - idx // COLS for idx in range(n))]


_CACHE: dict[int, tuple[Any, _Tables]] = {}


def _tables(state: Any) -> _Tables:
    layout = state.layout
    hit = _CACHE.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    tables = _Tables(state)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[id(layout)] = (layout, tables)
    return tables


def _advance(costs: tuple[int, ...], last: int, research: int, value: int) -> int:
    """The research space reached from ``research`` with a room of ``value`` (what is left is lost)."""
    while research < last and costs[research + 1] <= value:
        value -= costs[research + 1]
        research += 1
    return research


def _pending(state: Any, t: _Tables, partial: float) -> tuple[int, float, float, int, set[int], int]:
    """What the dice and ready robots on rooms will give this round: (research space, research
    cost paid, energy, robot value, sky cells shot, excavator position), using rooms in a
    sensible order. While dice are being placed, a multi-space room with some of its spaces
    filled and the others free in unused columns counts with the best unplaced dice on the
    free spaces (the highest unplaced dice), for ``partial`` of what it would give (0: not at all)."""
    dice = state.dice
    research = state.research
    energy: float = state.energy
    exc = state.excavator
    done = float(t.done[research])
    if not any(dice) and not any(state.robots):
        return research, done, energy, 0, set(), exc
    rooms = _working_rooms(state, t, partial)
    research, done, energy, robot_value, shot = _use_rooms(state, t, rooms, research, done, energy)
    dig = state.dig_space
    if dig >= 0 and dice[dig] and energy >= 1 and dice[dig] >= t.pos[dig] - exc:
        exc = t.pos[dig]
        energy -= 1
    return research, done, energy, robot_value, shot, exc


def _working_rooms(state: Any, t: _Tables, partial: float) -> list[tuple[int, Any, float, float]]:
    """The rooms the dice and ready robots on them will work, as (order of use, room, value, weight), in
    the order of use: energy rooms first, then research, fighters, robots. A half-filled room (while
    placing, with ``partial``) counts with the best unplaced dice, for ``partial`` of its value (its weight)."""
    dice = state.dice
    robots = state.robots
    exhausted = state.exhausted
    exc = state.excavator
    pos = t.pos
    placing = state.phase == PLACE_PHASE and partial > 0
    pool = state.unplaced
    # the unplaced dice, highest first: a half-filled room is completed with the best of them
    best = [v % 6 + 1 for v in range(11, -1, -1) for _ in range(pool[v])] if placing else []
    best.sort(reverse=True)
    free_dice = len(best)
    columns_used = state.columns_used
    full: list[tuple[int, Any, float, float]] = []
    room_of = t.room_of
    rooms = t.rooms
    # the rooms holding a die or a robot (compress: the spaces are scanned in C, this runs for every evaluation)
    seen = {room_of[s] for s in compress(SPACES, dice)}
    if any(robots):
        seen.update(room_of[s] for s in compress(SPACES, robots))
    seen.discard(-1)
    for index in sorted(seen):  # only the rooms a die or a robot stands in can be used
        room = rooms[index]
        value: float = room.modifier
        missing = 0
        filled = 0
        for s in room.spaces:
            if pos[s] >= exc:
                break
            v = dice[s] or (robots[s] if robots[s] and not exhausted >> s & 1 else 0)
            if v:
                value += v
                filled += 1
            elif placing and not columns_used >> (s % COLS) & 1:
                missing += 1
            else:
                break
        else:
            weight = 1.0
            if missing:
                if not filled or missing > free_dice:
                    continue
                value += sum(best[:missing])
                weight = partial
            if value >= 1:
                first = room.effects[0]
                order = 0 if first == "energy" else 1 if first == "research" else 2 if first == "fighters" else 3
                full.append((order, room, value, weight))
    full.sort(key=lambda x: x[0])
    return full


def _use_rooms(state: Any, t: _Tables, rooms: list[tuple[int, Any, float, float]], research: int, done: float,
               energy: float) -> tuple[int, float, float, int, set[int]]:
    """Use ``rooms`` in turn while the energy lasts: (research space, research cost paid, energy, robot value,
    sky cells shot). A half-filled room's effects count for its weight; its fighters and robots not at all."""
    robot_value = 0
    shot: set[int] = set()
    ms_first = (state.mothership_row + 1) * COLS
    for _order, room, value, weight in rooms:
        cost = room.energy_cost
        if energy < cost:
            continue
        energy -= cost * weight
        for effect in room.effects:
            if effect == "energy":
                energy = min(t.energy_max, energy + value * weight)
            elif effect == "research":
                reached = _advance(t.costs, t.last, research, int(value))
                if weight == 1.0:
                    research = reached
                    done = max(done, float(t.done[reached]))
                else:
                    done += (t.done[reached] - t.done[research]) * weight
            elif effect == "fighters" and weight == 1.0:
                grid = state.grid
                for idx in range(ms_first, len(grid)):
                    if grid[idx] and 0 < t.explosion[idx] <= value:
                        shot.add(idx)
            elif effect == "robots" and weight == 1.0:
                robot_value = max(robot_value, min(int(value), 6))
    return research, done, energy, robot_value, shot


def features(state: Any, partial: float = 0.0) -> list[float]:
    """The numbers the value is made of, in the order of :data:`FEATURE_NAMES`."""
    t = _tables(state)
    research, done, energy, new_robot, shot, exc = _pending(state, t, partial)
    # rounds before the mothership reaches the skull row (this one included)
    left = max(t.skull - state.mothership_row, 1)
    remaining = t.total - done
    damage = state.damage
    lives = max(t.damage_limit - damage, 1)
    # danger: every ship in the sky and on the drop points (no ship is ever above the drop points' row)
    grid = state.grid
    danger_at = t.danger_at
    threat_at = t.threat_at
    danger = sum(compress(danger_at, grid))
    threat = sum(compress(threat_at, grid))
    for idx in shot:  # ships the fighters waiting on the base will shoot down
        danger -= danger_at[idx]
        threat -= threat_at[idx]
    # research the excavated rooms make in a round; the chance a round pays the last (big) space
    capacity = 0.0
    last_chance = 0.0
    robots = state.robots
    any_robot = any(robots)
    exhausted = state.exhausted
    last_cost = t.last_cost
    for room, end, cap, chance in t.research_rooms:
        if end < exc:
            capacity += cap
            if any_robot:  # a ready robot on the room adds its value without a die
                need = last_cost - room.modifier
                dice = 0
                for s in room.spaces:
                    if robots[s] and not exhausted >> s & 1:
                        need -= robots[s]
                    else:
                        dice += 1
                chance = BEST_OF_FIVE[dice][need if need > 0 else 0] if need < len(BEST_OF_FIVE[dice]) else 0.0
            if chance > last_chance:
                last_chance = chance
    # rounds left for the last space once the rest is paid (about 5 research a round), and the chance none pays it
    spare = left - (remaining - last_cost) / 5.0 if research < t.last else left
    stuck = (1.0 - last_chance) ** max(spare, 0.5) if research < t.last else 0.0
    unplaced = sum(state.unplaced)
    return [
        1.0,
        done / t.total,
        remaining / left / 5.0,
        left / 12.0,
        damage / t.damage_limit,
        danger,
        danger / lives,
        energy / t.energy_max,
        (exc - t.exc_start) / t.excavation_span,
        capacity / 10.0,
        last_chance,
        stuck,
        (sum(robots) + new_robot) / 6.0,
        threat,
        unplaced / 5.0,
        (state.waiting_primary + state.waiting_reinforcements) / 5.0,
    ]


def net_features(state: Any, partial: float = 0.0) -> list[float]:
    """What the learned value reads, in the order of :data:`NET_FEATURE_NAMES`: :func:`features`, then
    the sky's difficulty, the ships, the round and the damage the base can still take."""
    t = _tables(state)
    grid = state.grid
    ms_row = state.mothership_row
    return [
        *features(state, partial),
        t.threat_sides,
        t.actions_left[min(max(ms_row, 0), len(t.actions_left) - 1)],
        (len(grid) - grid.count(0)) / 10.0,
        sum(compress(t.near_at, grid)) / 5.0,
        state.round / 12.0,
        max(t.damage_limit - state.damage, 1) / t.damage_limit,
    ]


def _best_of_five() -> tuple[tuple[float, ...], ...]:
    """[k][v]: the chance that the best k of five dice add up to at least v (k = 0..5, v = 0..30)."""
    counts = [[0] * 31 for _ in range(6)]
    for roll in product(range(1, 7), repeat=5):
        ordered = sorted(roll, reverse=True)
        for k in range(6):
            total = sum(ordered[:k])
            for v in range(total + 1):
                counts[k][v] += 1
    return tuple(tuple(c / 6 ** 5 for c in row) for row in counts)


BEST_OF_FIVE = _best_of_five()


_NET: list[ValueNet | None] = []  # the learned value, loaded on first use (empty: not yet looked for)


def _net() -> ValueNet | None:
    if not _NET:
        net = load_net("soloboard.ufs")
        if net is not None and net.features != NET_FEATURE_NAMES:
            raise ValueError("ufs/data/value.json reads other features than this evaluation gives: train it again "
                             "(python -m soloboard.agents.train ufs)")
        _NET.append(net)
    return _NET[0]


def linear_value(state: Any, partial: float = 0.0) -> float:
    """The hand-set evaluation: a logistic function of :func:`features` with :data:`WEIGHTS`."""
    if state.phase == 6:  # over
        return 1.0 if (state.result or 0.0) > 0 else 0.0
    z = sum(map(mul, WEIGHTS, features(state, partial)))  # the dot product in C: the search's hottest line
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def value(state: Any, partial: float = 0.0) -> float:
    """Estimated probability of winning from ``state`` (1 or 0 once the game is over): the learned
    network's (``data/value.json``) where the kit ships one, else the hand-set evaluation's."""
    net = _NET[0] if _NET else _net()
    if net is None:
        return linear_value(state, partial)
    if state.phase == 6:
        return 1.0 if (state.result or 0.0) > 0 else 0.0
    return net(net_features(state, partial))


def values(states: list[Any]) -> list[float]:
    """:func:`value` of every state, the network's part in one batch (the search's expansions)."""
    net = _NET[0] if _NET else _net()
    if net is None:
        return [linear_value(s) for s in states]
    rows = [net_features(s) for s in states if s.phase != 6]
    found = iter(net.many(rows) if rows else ())
    return [(1.0 if (s.result or 0.0) > 0 else 0.0) if s.phase == 6 else next(found) for s in states]


def greedy_value(state: Any) -> float:
    """The value greedy uses: the hand-set evaluation, with half-filled multi-space rooms counted
    (:data:`GREEDY_PARTIAL`); greedy stays the fixed baseline whatever value the search learns."""
    return linear_value(state, GREEDY_PARTIAL)


def key(state: Any) -> tuple[Any, ...]:
    """A hashable key equal for equal positions (history aside): the search's transposition key."""
    return (state.phase, state.mothership_row, tuple(state.grid), tuple(state.unplaced), tuple(state.dice),
            tuple(state.robots), state.exhausted, state.columns_used, state.dig_space, state.energy, state.research,
            state.damage, state.excavator, state.to_roll_plain, state.to_roll_white, state.waiting_primary,
            state.waiting_reinforcements, state.reinforcement_supply, state.install_value, state.spawn_options,
            tuple(state.pending_robots), state.round)


def prune(state: Any, actions: list[int]) -> list[int]:
    """``actions`` without the moves another legal move always does at least as well as."""
    phase = state.phase
    if phase == ROOMS_PHASE:
        kept = [a for a in actions if not A.DISCARD <= a < A.DIG]
        return kept or actions
    if phase != PLACE_PHASE:
        return actions
    t = _tables(state)
    pos = t.pos
    exc = state.excavator
    robots = state.robots
    # per column: its first excavated tunnel without a robot (placing there moves the ships and does nothing else)
    plain = t.plain_tunnels.get(exc) if not any(robots) else None
    if plain is None:
        plain = [next((s for s in t.tunnels[c] if pos[s] < exc and not robots[s]), -1) for c in range(COLS)]
        if not any(robots):
            t.plain_tunnels[exc] = plain
    kept = []
    colour_stride = A.PLACE_COLOUR_STRIDE
    value_stride = A.PLACE_VALUE_STRIDE
    for a in actions:
        if a < A.USE:
            rest = a % colour_stride  # A.decode_place, inlined: this runs for every placement the search sees
            space = rest % value_stride
            tunnel = plain[space % COLS]
            if tunnel >= 0 and space != tunnel:
                if t.kind[space] == TUNNEL and not robots[space]:
                    # a second tunnel of the column does exactly what the first does -- and, ahead of the
                    # excavator, a dig onto it is left out on purpose (not dominated: see the module's doc)
                    continue
                distance = pos[space] - exc
                if distance > 0 and rest // value_stride + 1 < distance:
                    continue  # an excavation die too small to dig only moves the ships, as the tunnel would
        kept.append(a)
    return kept or actions


SURE_WIN_SHORT = 3  # research spaces short of the end from which a round is searched for a sure win


def win_in_reach(state: Any) -> bool:
    """Could this round still be won on every roll (``agents/solve.py``)? A necessary condition, cheap:
    research stands at most :data:`SURE_WIN_SHORT` spaces short, and the excavated research rooms, used
    one after another, could still pay the rest, each room counted with the dice on it, its ready robots
    and, on its free spaces of unused columns, the highest dice not yet placed (ones, while they wait to
    be re-rolled). Those are the highest values a free space can get on *every* roll: a re-roll (a white
    die placed before the others) may show all ones, and a sure win must win then too. Each room is given
    the best dice as if alone, and energy is not counted (the search sees both), so True promises nothing."""
    phase = state.phase
    if phase != PLACE_PHASE and phase != ROOMS_PHASE and phase != ROLL_PHASE:
        return False
    t = _tables(state)
    research = state.research
    if research < t.last - SURE_WIN_SHORT or not t.research_rooms:
        return False
    dice = state.dice
    robots = state.robots
    exhausted = state.exhausted
    exc = state.excavator
    placing = phase != ROOMS_PHASE
    pool = state.unplaced
    if phase == ROLL_PHASE:  # a re-roll: every outcome must win, all ones included
        best = [1] * sum(pool)
    else:
        best = sorted((v % 6 + 1 for v in range(12) for _ in range(pool[v])), reverse=True) if placing else []
    used = state.columns_used
    values = []  # what each usable research room could make at most
    for room, end, _cap, _chance in t.research_rooms:
        if end >= exc:
            continue  # not excavated yet
        value = room.modifier
        free = 0
        for s in room.spaces:
            robot = robots[s] if robots[s] and not exhausted >> s & 1 else 0
            if dice[s]:
                value += dice[s]
            elif placing and not used >> (s % COLS) & 1:
                value += max(robot, best[free] if free < len(best) else 0)
                free += 1
            elif robot:
                value += robot
            else:
                break
        else:
            if value >= 1:
                values.append(value)
    return _pays_to_the_end(t, research, values)


def _pays_to_the_end(t: _Tables, research: int, values: list[int]) -> bool:
    """Can rooms of these values, each used once in some order, move research to the last space? (A room
    pays the spaces after the marker while its value lasts; what is left is lost.)"""
    if research >= t.last:
        return True
    for i, value in enumerate(values):
        reached = _advance(t.costs, t.last, research, value)
        if reached > research and _pays_to_the_end(t, reached, values[:i] + values[i + 1:]):
            return True
    return False


def context(game: Any) -> str:
    """The setup a chance of winning is calibrated for (agents/calibration.py): a calibration map
    says what the agent's estimates mean in the setups its games were played in, and only there.

    The boxed game: the city, its side and the threat level, where a sky named side by side
    (``sky="ETEE"``) counts its threat sides as the level (``threat=k`` draws k sky tiles on
    their threat side at random: a named sky is one of those draws); the other reading of the
    unidentified symbols and advanced sky tiles make setups of their own. The 9-card edition:
    its level (or its named sky) and its energy rule."""
    params = game.parameters()
    if "level" in params or "energy_rule" in params:  # the 9-card edition
        level = params.get("level")
        sky = f"sky={params['sky']}" if level is None and params.get("sky") else f"level={level}"
        return f"{sky},energy={params.get('energy_rule')}"
    threat = params.get("threat")
    if threat is None and isinstance(params.get("sky"), str):
        threat = params["sky"].count(game.side_letters[1][1])
    parts = [f"city={params.get('city')}", f"side={params.get('side')}", f"threat={threat}"]
    if params.get("unidentified_action", "damage") != "damage":
        parts.append(f"unidentified={params['unidentified_action']}")
    if params.get("sky_tiles"):
        parts.append("advanced=" + "+".join(str(t) for t in params["sky_tiles"]))
    return ",".join(parts)


def stage(state: Any) -> int:
    """The round a position is in: mcts does not expand positions after the next roll (mcts.py)."""
    return state.round


def progress(state: Any) -> float:
    """The share of the research track's cost paid (1 for a won game): how far a game got."""
    t = _tables(state)
    return t.done[state.research] / t.total
