"""The rulebooks' difficulty for a set-up: the boxed edition's stars, the 9-card edition's level.

The boxed rulebook (Czech "Nebe v plamenech", ``shared/seeds/001``, "Komponenty z kampaně v
samostatné hře"; the Portuguese and Polish texts say the same) scores a custom battle so:

    OBTÍŽNOST. Obtížnost se počítá podle černých a žlutých hvězdiček na komponentech.
    Každá černá hvězdička na destičce oblohy přidává 1 ★ k obtížnosti.
    Pokud hraješ se scénářem, přičti si další 1 ★.
    Komponenty se žlutými hvězdičkami naopak hru zjednodušují. Za každou vylepšenou postavu
    si 1 ★ odečti.
    Poškozené strany měst a základní postavy odečítají po další půlhvězdičce.
    Obecně tedy černé hvězdičky přičítáš a žluté odečítáš.

    (Portuguese, ``000``: "Cada estrela preta numa peça de céu adiciona 1 à dificuldade. Se
    estiver usando um cenário, isso também adiciona 1 à dificuldade. [...] Cada personagem
    aperfeiçoado subtrai 1 à dificuldade. Cidades danificadas e personagens normais valem cada
    um meia estrela amarela.")

and its threat level (Czech "Úroveň ohrožení"): "Úroveň ohrožení je rovna počtu destiček
otočených na těžší stranu. [...] snadnou obtížnost s úrovní ohrožení 0. Normální obtížnost
znamená stupeň ohrožení 1. [...] až do úrovně ohrožení 4."

What this engine has of that: the four basic sky tiles and the cities' two sides. A basic
tile's threat side carries one black star and its easy side none (the rulebook's threat
level counts exactly those; the reference data adds that the campaign's advanced tiles carry
1 and 2, which is how the basic ones are told apart from them), so each tile on its threat
side adds 1 ★ and a damaged (red) city side takes ½ ★ off. Scenarios and characters, the
other terms, are campaign components whose rules are not known and do not exist here: they
add nothing, and the explanation says so.

The 9-card edition (Spanish, ``002``) has no stars but the same idea: "Las cartas son de
doble cara, siendo fáciles por un lado y difíciles [...] por el otro. [...] Cada uno agrega
+1 NIVEL (hasta NIVEL8)." Its difficulty is therefore the level, one per card on its
difficult side. Monstros (``003``) chooses a named difficulty ("fácil", "médio", "difícil",
"épico": which special monsters go into the deck) and gives no score: ``None``.
"""

from __future__ import annotations

from typing import Any

from soloboard.core.difficulty import LEVEL, NONE, STARS, Difficulty, Part, number, signed
from soloboard.core.registry import kit, load_game

__all__ = [
    "LEVEL",
    "NONE",
    "STARS",
    "Difficulty",
    "Part",
    "boxed_difficulty",
    "difficulty",
    "nine_card_difficulty",
    "number",
    "signed",
    "stars",
]


def stars(game_name: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rulebook's difficulty of ``load_game(game_name, **params)``, JSON-ready:
    ``{"stars": number | None, "scale": "stars" | "level" | "none", "stars_text": str, "parts": [...]}``
    (texts in the language of ``soloboard.i18n.use``).

    Raises ``ValueError`` (from ``load_game``) for an unknown game or a bad parameter.
    """
    return difficulty(game_name, params).as_dict()


def difficulty(game_name: str, params: dict[str, Any] | None = None) -> Difficulty:
    """The same as a :class:`Difficulty` (for any game: its kit says how it counts)."""
    return kit(game_name).difficulty(load_game(game_name, **(params or {})))


def boxed_difficulty(game: Any) -> Difficulty:
    """The boxed edition's stars: +1 per sky tile on its threat side, -½ for a damaged city side."""
    from soloboard.i18n import _, ngettext

    parts = []
    if game.fixed_sides is not None:
        for n, side in enumerate(game.fixed_sides, start=1):
            if side == "threat":
                parts.append(Part(_("sky tile {n} on its threat side").format(n=n), 1.0))
    elif game.threat:
        parts.append(Part(ngettext("{n} sky tile drawn onto its threat side",
                                   "{n} sky tiles drawn onto their threat side", game.threat).format(n=game.threat),
                          float(game.threat)))
    if game.side == "damaged":
        parts.append(Part(_("{city}, damaged side").format(city=_(game.city.name)), -0.5))
    notes = (_("Scenarios and characters (+1 ★ per scenario, -1 ★ per upgraded character, "
               "-½ ★ per basic character) are campaign components this version does not have."),)
    return Difficulty(float(sum(p.value for p in parts)), STARS, tuple(parts), notes)


def nine_card_difficulty(game: Any) -> Difficulty:
    """The 9-card edition's level: +1 per card on its difficult side."""
    from soloboard.i18n import _, ngettext

    level = int(game.level)
    parts = (Part(ngettext("{n} card on its difficult side", "{n} cards on their difficult side", level)
                  .format(n=level), float(level)),) if level else ()
    playable = len(game.playable_cards())
    return Difficulty(float(level), LEVEL, parts, (
        _("The 9-card edition counts levels, not stars: +1 per difficult card, up to 8."),
        # the others need values no source gives (ufs/pnp.py): say so rather than offer them
        ngettext("Only {n} difficult side is known well enough to be played.",
                 "Only {n} difficult sides are known well enough to be played.", playable).format(n=playable),
    ))
