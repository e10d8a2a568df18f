"""Where the editions of Under Falling Skies differ in their rules.

One engine (``state.py``) plays every edition; it asks the game's :class:`Ruleset`
at each point where the rulebooks disagree. Everything else is shared.
"""

from __future__ import annotations

from dataclasses import dataclass

ENERGY_RULES = ("add", "max")


@dataclass(frozen=True)
class Ruleset:
    #: energy room: "add" its value (boxed edition) or set energy to max(energy, value) (9-card rulebook)
    energy_rule: str
    #: a new robot is installed at once, exhausted (boxed), or after every die is resolved (9-card)
    robots_installed_at_once: bool
    #: a robot loses a pip only when used (boxed) or every Rooms Phase, used or not (9-card)
    robots_decay_every_phase: bool
    #: a worker die may displace a robot (boxed) or a robot blocks its space (9-card)
    robots_block_workers: bool
    #: the excavation die's distance is checked when placed (boxed) or when it digs (9-card)
    dig_checked_on_place: bool
    #: mothership phase: descend, then the row's action (boxed) or the next row's action, then descend (9-card)
    mothership_acts_before_descending: bool
    #: spawning: the drop point farthest from the column's topmost ship (boxed) or any free one (9-card)
    spawn_farthest: bool
    #: a robot may be removed at any time (boxed), or leaves only worn out at 1 or when a new robot takes its
    #: blue die because none is left in reserve (9-card: "Elimínelo solo cuando ya tenga un valor de uno")
    robots_removed_at_will: bool
    #: a new robot may stand on an AA gun (boxed: rulebook special cases) or only in a room (9-card: "en una
    #: habitación ya excavada")
    robots_on_aa_guns: bool


BOXED = Ruleset(
    energy_rule="add",
    robots_installed_at_once=True,
    robots_decay_every_phase=False,
    robots_block_workers=False,
    dig_checked_on_place=True,
    mothership_acts_before_descending=False,
    spawn_farthest=True,
    robots_removed_at_will=True,
    robots_on_aa_guns=True,
)

PNP = Ruleset(
    energy_rule="max",
    robots_installed_at_once=False,
    robots_decay_every_phase=True,
    robots_block_workers=True,
    dig_checked_on_place=False,
    mothership_acts_before_descending=True,
    spawn_farthest=False,
    robots_removed_at_will=False,
    robots_on_aa_guns=False,
)
