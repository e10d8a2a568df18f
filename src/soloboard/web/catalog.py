"""Every game and its parameters, for the new-game dialog (``GET /api/catalog``).

Read from the games' kits (``core/kit.py``): the parameters, the values the engines accept,
which parameter is another way to give one (``instead_of``), which are advanced; so the
dialog offers exactly what ``load_game`` accepts. The labels are translated.
"""

from __future__ import annotations

from typing import Any

from soloboard.agents import names as agent_names
from soloboard.core.kit import GameKit, Parameter
from soloboard.core.registry import kit, kits
from soloboard.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _


def setup_text(game: str, params: dict[str, Any]) -> str:
    """A set-up in words, e.g. "City: Roswell · City side: blue · Threat level: 1" (inside ``i18n.use``)."""
    try:
        return kit(game).setup_text(params)
    except ValueError:  # a stored game of a game this version no longer has: no words for its set-up
        return ""


def _parameter(game: GameKit, p: Parameter) -> dict[str, Any]:
    choices = game.choices(p.name)
    out = {"name": p.name, "type": p.kind, "default": p.default, "label": _(p.label), "help": _(p.help),
           "choices": None if choices is None else [{"value": c, "label": game.value_label(p.name, c)}
                                                    for c in choices],
           "instead_of": p.instead_of, "advanced": p.advanced, "key": p.key}
    if p.length is not None:
        out["length"] = p.length
    return out


# what a person choosing an AI seat's agent reads, the agent's own name in brackets (as the
# command line's --ai and a saved game name it); an agent without one shows its name alone
_AGENT_LABELS = {"mcts": N_("strongest (mcts)"), "greedy": N_("quick (greedy)"), "random": N_("random moves")}


def catalog() -> dict[str, Any]:
    """The games, each with its parameters (name, type, default, choices, label, help, ...), the
    agents an AI seat can be (the default first) with their labels, and the languages (call inside
    ``i18n.use``)."""
    games = [{"game": g.name, "title": _(g.title), "seats": g.seats, "board": g.board, "art": g.art,
              "params": [_parameter(g, p) for p in g.parameters if p.in_dialog]} for g in kits()]
    agents = agent_names()
    return {"games": games, "agents": agents,
            "agent_labels": {a: _(_AGENT_LABELS[a]) if a in _AGENT_LABELS else a for a in agents},
            "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES]}
