"""Components an owner adds for their own use: a plugin mechanism (Python entry points).

soloboard ships no campaign component's rules (they are on the sealed chapter components and
are not known; it never invents them). An owner who knows a component can add its data and
rules in a plugin: a Python distribution that declares an entry point in the group
``soloboard.components`` naming a function ``register(registry)``::

    # the plugin's pyproject.toml
    [project.entry-points."soloboard.components"]
    my-components = "my_package.components:register"

    # my_package/components.py
    from soloboard.ufs.hooks import RuleHooks

    class Upgraded(RuleHooks): ...          # the rule, through the engine's hook points

    def register(registry):
        registry.city({...})                # a city in the format of ufs/data/cities/*.json
        registry.ability("my-ability", MyAbility)   # a city side's "ability": {"id": ...}
        registry.character("lucia-ortega", basic=Basic, upgraded=Upgraded, text={...})
        registry.scenario("evacuation", Evacuation, text="...")
        registry.sky_tile({...})            # an advanced sky tile's data (stars; its sides to play it)
        registry.box({...})                 # a whole campaign box (ufs/data/campaign format)

Without installing a distribution, ``SOLOBOARD_PLUGINS=module:function[,module:function]``
loads the same functions (for a plugin kept as a plain module on ``PYTHONPATH``).

Rules go through the engine's rule hooks (``ufs/hooks.py``: set-up, room value and cost,
robot limit, white dice fixed at 6, a decision after the first roll, the first damage, a
once-per-game ability the player uses when they choose: ``once_per_game = True`` and
``use_once_per_game``). A character's or scenario's hooks are combined with the city's
(:func:`combine`). What the hook points cannot express yet needs a new hook point in the
engine. A plugin that fails to load is reported (``soloboard campaign plugins``) and
skipped; it never stops soloboard.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from soloboard.ufs import components as C
from soloboard.ufs.campaign.box import DEFAULT_BOX, Box, register_box, registered_box, unregister_box
from soloboard.ufs.hooks import RuleHooks, overrides, register_ability

ENTRY_POINT_GROUP = "soloboard.components"
ENV_VAR = "SOLOBOARD_PLUGINS"

# the hook points a combination chains, in hooks.py's order
_VALUE_HOOKS = ("room_value", "room_cost")


@dataclass
class ComponentRules:
    """What a plugin gave for one campaign component (a character has one per side)."""

    component: str
    kind: str  # "character" | "scenario"
    hooks: dict[str, type[RuleHooks]]  # side ("basic" / "upgraded", or "" for a scenario) -> hooks
    text: dict[str, str] = field(default_factory=dict)
    plugin: str = ""


@dataclass
class PluginInfo:
    name: str  # the entry point's name (or the module:function of the env var)
    source: str  # "entry point" | ENV_VAR
    added: list[str] = field(default_factory=list)
    error: str | None = None


_RULES: dict[tuple[str, str], ComponentRules] = {}
_SKY_TILES: dict[str, dict[str, Any]] = {}
_LOADED: list[PluginInfo] | None = None


class Registry:
    """What a plugin's ``register(registry)`` calls; everything added is named in ``info.added``."""

    def __init__(self, info: PluginInfo) -> None:
        self.info = info

    def city(self, data: dict[str, Any]) -> None:
        """A city in the format of ``ufs/data/cities/*.json``; its id (e.g. ``"havana"``) makes
        the campaign's city of that id playable by the engine."""
        C.register_city(data)
        for side in data.get("sides") or {"blue": {}}:
            C.city(data["id"], side)  # checks every side now, not in the middle of a campaign
        self.info.added.append(f"city {data['id']}")

    def ability(self, ability_id: str, hooks: type[RuleHooks]) -> None:
        """A city side's ability, named by ``"ability": {"id": ...}`` in its data."""
        register_ability(ability_id)(hooks)
        self.info.added.append(f"ability {ability_id}")

    def character(self, component_id: str, *, basic: type[RuleHooks] | None = None,
                  upgraded: type[RuleHooks] | None = None, text: dict[str, str] | None = None) -> None:
        """A character's once-per-game ability on its basic (blue) and/or upgraded side."""
        sides = {side: cls for side, cls in (("basic", basic), ("upgraded", upgraded)) if cls is not None}
        if not sides:
            raise ValueError(f"character {component_id!r}: give the rules of its basic and/or upgraded side")
        _RULES[("character", component_id)] = ComponentRules(component_id, "character", sides, dict(text or {}),
                                                             self.info.name)
        self.info.added.append(f"character {component_id} ({', '.join(sides)})")

    def scenario(self, component_id: str, hooks: type[RuleHooks], text: str = "") -> None:
        _RULES[("scenario", component_id)] = ComponentRules(component_id, "scenario", {"": hooks},
                                                            {"": text}, self.info.name)
        self.info.added.append(f"scenario {component_id}")

    def sky_tile(self, data: dict[str, Any]) -> None:
        """An advanced sky tile's data: ``{"id", "name", "height" (1..4, 1 the bottom tile),
        "provenance", "black_stars": {"easy": n, "threat": n}}`` and, when its contents are
        known, ``"sides": {"easy": {...}, "threat": {...}}``, each side in the format of a basic
        tile's side (``ufs/data/sky/tile-*.json``: ``research_costs_bottom_to_top`` and
        ``rows_top_to_bottom`` with that height's sky rows). With its sides the engine plays it
        (``load_game("ufs", sky_tiles=...)``); with its stars only, a custom battle counts its
        stars and is played at the table. The id of a boxed campaign tile (``advanced-sky-2``)
        gives that tile's contents, at the height the box names."""
        if "id" not in data or "black_stars" not in data:
            raise ValueError("an advanced sky tile needs at least 'id' and 'black_stars'")
        tile_id = str(data["id"])
        try:
            boxed = registered_box(DEFAULT_BOX).get(tile_id)
        except KeyError:
            boxed = None
        if boxed is not None and boxed.extra.get("height") not in (None, data.get("height")):
            raise ValueError(f"sky tile {tile_id}: the box puts it at height {boxed.extra['height']}, "
                             f"not {data.get('height')!r}")
        if "sides" in data:
            C.register_sky_tile(data)  # checked in full now, not in the middle of a game
        _SKY_TILES[tile_id] = dict(data)
        self.info.added.append(f"sky tile {tile_id}" + ("" if "sides" in data else " (stars only)"))

    def box(self, data: dict[str, Any]) -> None:
        b = register_box(data)
        self.info.added.append(f"campaign box {b.id}")


def _run(info: PluginInfo, load: Callable[[], Any]) -> None:
    try:
        register = load()
        register(Registry(info))
    except Exception as exc:  # a broken plugin is reported, never fatal
        info.error = f"{type(exc).__name__}: {exc}"


def load_plugins(*, reload: bool = False) -> list[PluginInfo]:
    """Load every plugin once (entry points, then ``$SOLOBOARD_PLUGINS``); what each added."""
    global _LOADED
    if _LOADED is not None and not reload:
        return _LOADED
    loaded: list[PluginInfo] = []
    for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        info = PluginInfo(ep.name, "entry point")
        _run(info, ep.load)
        loaded.append(info)
    for target in filter(None, (t.strip() for t in os.environ.get(ENV_VAR, "").split(","))):
        info = PluginInfo(target, ENV_VAR)

        def load(target: str = target) -> Any:
            module, _, attr = target.partition(":")
            return getattr(importlib.import_module(module), attr or "register")

        _run(info, load)
        loaded.append(info)
    _LOADED = loaded
    return loaded


def get_box(box_id: str = DEFAULT_BOX) -> Box:
    """The campaign box ``box_id``: the shipped one, or a plugin's (the plugins are loaded first)."""
    if box_id != DEFAULT_BOX:
        load_plugins()
    return registered_box(box_id)


def rules_for(kind: str, component_id: str) -> ComponentRules | None:
    load_plugins()
    return _RULES.get((kind, component_id))


def registered(kind: str) -> list[ComponentRules]:
    """The characters or scenarios whose rules plugins gave, by id."""
    load_plugins()
    return sorted((r for (k, _cid), r in _RULES.items() if k == kind), key=lambda r: r.component)


def sky_tiles() -> dict[str, dict[str, Any]]:
    """The advanced sky tiles plugins gave (their data, by id)."""
    load_plugins()
    return dict(_SKY_TILES)


def sky_tile_data(tile_id: str) -> dict[str, Any] | None:
    load_plugins()
    return _SKY_TILES.get(tile_id)


def forget(kind: str, component_id: str) -> None:
    """Remove a component's rules (tests)."""
    _RULES.pop((kind, component_id), None)
    if kind == "sky_tile":
        _SKY_TILES.pop(component_id, None)
        C.unregister_sky_tile(component_id)


def unload() -> None:
    """Forget everything the plugins added: their cities, boxes, rules and sky tiles (tests, or
    a process that loads the plugins again)."""
    global _LOADED
    for info in _LOADED or []:
        for what in info.added:
            if what.startswith("city "):
                C.unregister_city(what.removeprefix("city "))
            elif what.startswith("campaign box "):
                unregister_box(what.removeprefix("campaign box "))
    for tile in list(_SKY_TILES):
        C.unregister_sky_tile(tile)
    _RULES.clear()
    _SKY_TILES.clear()
    _LOADED = None


def combine(hooks: list[RuleHooks]) -> RuleHooks:
    """One hook object for the engine that calls every component's hooks in turn.

    Only the hook points some component changes are overridden, so the engine still calls
    nothing else. Room value and cost pass through each in turn; the robot limit is the lowest;
    white sixes add up; only one component may add a decision after the first roll. Each
    component's once-per-game ability stays its own, in the order given: two characters with
    one each give the player two actions, ``ability`` and ``ability 2``, each usable once.
    """
    hooks = [h for h in hooks
             if any(overrides(h, n) for n in _HOOK_POINTS) or h.fixed_white_sixes or h.once_abilities()]
    if not hooks:
        return RuleHooks()
    if len(hooks) == 1:
        return hooks[0]
    deciders = [h for h in hooks if h.adds_decisions or overrides(h, "after_first_roll")]
    if len(deciders) > 1:
        raise ValueError("two components both act right after the first roll; the engine has one such hook point")
    namespace: dict[str, Any] = {"fixed_white_sixes": sum(h.fixed_white_sixes for h in hooks),
                                 "adds_decisions": any(h.adds_decisions for h in hooks),
                                 "rule": " + ".join(h.rule for h in hooks)}

    def in_turn(name: str) -> Callable[[Any, Any], None]:
        def call(self: Any, state: Any) -> None:
            for h in hooks:
                getattr(h, name)(state)
        return call

    def chained(name: str) -> Callable[..., Any]:
        def call(self: RuleHooks, state: Any, room: Any, value: int) -> int:
            for h in hooks:
                value = getattr(h, name)(state, room, value)
            return value
        return call

    for name in _VALUE_HOOKS:
        if any(overrides(h, name) for h in hooks):
            namespace[name] = chained(name)
    for name in ("setup", "first_damage"):  # each hook in turn
        if any(overrides(h, name) for h in hooks):
            namespace[name] = in_turn(name)
    if any(overrides(h, "max_robots") for h in hooks):
        namespace["max_robots"] = lambda self, state: min(h.max_robots(state) for h in hooks)
    once = [a for h in hooks for a in h.once_abilities()]
    namespace["once_abilities"] = lambda self: list(once)
    if deciders:
        d = deciders[0]
        for name in ("after_first_roll", "decision_actions", "apply_decision", "decision_prompt"):
            namespace[name] = (lambda n: lambda self, *args: getattr(d, n)(*args))(name)
    cls = type("CombinedHooks", (RuleHooks,), namespace)
    return cls(hooks[0].city, hooks[0].side)


_HOOK_POINTS = ("setup", "room_value", "room_cost", "max_robots", "after_first_roll", "first_damage")
