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

from dataclasses import dataclass, field
from typing import Any

from soloboard.core.registry import load_game

# what a difficulty value counts, for the page to label it
STARS = "stars"  # the boxed edition's ★ (halves possible)
LEVEL = "level"  # the 9-card edition's NIVEL
NONE = "none"  # the rulebook gives no number


@dataclass(frozen=True)
class Part:
    """One term of the sum: ``what`` (a sentence for a person) and its value."""

    what: str
    value: float


@dataclass(frozen=True)
class Difficulty:
    value: float | None
    scale: str  # STARS | LEVEL | NONE
    parts: tuple[Part, ...] = ()
    notes: tuple[str, ...] = field(default=())  # what the rulebook counts that this version has not

    @property
    def text(self) -> str:
        """How the value adds up, in one paragraph (already translated)."""
        from soloboard.i18n import _

        if self.scale == NONE:
            return " ".join(self.notes)
        terms = "; ".join(f"{part.what}: {signed(part.value)}" for part in self.parts)
        if self.scale == STARS:
            head = _("Difficulty {stars} ★").format(stars=number(self.value or 0))
        else:
            head = _("Level {level}").format(level=number(self.value or 0))
        return " ".join([f"{head} ({terms})." if terms else f"{head}.", *self.notes])

    def as_dict(self) -> dict[str, Any]:
        return {"stars": self.value, "scale": self.scale, "stars_text": self.text,
                "parts": [{"what": p.what, "value": p.value} for p in self.parts]}


def number(value: float) -> str:
    """1.5 -> "1½", -0.5 -> "-½", 2.0 -> "2": how the rulebook writes half stars."""
    sign = "-" if value < 0 else ""
    whole, half = divmod(abs(value) * 2, 2)
    digits = str(int(whole)) if whole or not half else ""
    return sign + digits + ("½" if half else "")


def signed(value: float) -> str:
    return number(value) if value < 0 else "+" + number(value)


def stars(game_name: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rulebook's difficulty of ``load_game(game_name, **params)``, JSON-ready:
    ``{"stars": number | None, "scale": "stars" | "level" | "none", "stars_text": str, "parts": [...]}``
    (texts in the language of ``soloboard.i18n.use``).

    Raises ``ValueError`` (from ``load_game``) for an unknown game or a bad parameter.
    """
    return difficulty(game_name, params).as_dict()


def difficulty(game_name: str, params: dict[str, Any] | None = None) -> Difficulty:
    """The same as a :class:`Difficulty`."""
    return difficulty_of(load_game(game_name, **(params or {})))


def difficulty_of(game: Any) -> Difficulty:
    """The same for a game already loaded."""
    from soloboard.i18n import _, ngettext

    name = game.short_name
    if name == "ufs":
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
    if name == "ufs-pnp":
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
    return Difficulty(None, NONE, (), (_("This game's rulebook gives no difficulty stars."),))
