"""A Invasão dos Monstros Sem Nome que comem tijolos (v1.4): parameters, set-up, readings."""

from __future__ import annotations

import os
import unicodedata
from typing import Any

from soloboard.core.api import GameMixin
from soloboard.core.errors import IllegalActionError
from soloboard.i18n import N_, _
from soloboard.monstros import actions as A
from soloboard.monstros.cards import DIFFICULTY_ROLES, Deck, deck_from_path, default_deck
from soloboard.monstros.state import MonstrosState

PLAYERS = range(1, 7)
DIFFICULTIES = ("iniciante", *DIFFICULTY_ROLES)  # each level adds the next difficulty monster
HAND = 3
SOLO_HAND = 5  # MODO SOLO: 5 cards instead of 3 (and the green CONSTRUTOR cards are in the deck)
FIVE_REMOVAL = ("any", "forced-only")

RECONSTRUCTED_NOTICE = N_(
    "RECONSTRUCTED DECK: the rulebook does not print the cards' values. The default deck "
    "(monsters' levels, life, attack, shields and abilities; the action cards' kinds and counts) is a "
    "reconstruction that fits every fact the rulebook states - it is NOT the printed deck. "
    "Enter the real cards with deck=FILE (--deck FILE); format in docs/monstros.md."
)

# Where the rulebook is silent or open, the reading this edition plays (docs/monstros.md, "Readings").
READINGS = (
    N_("Hands are open (co-operative game): every hand is shown to everyone."),
    N_("Five cards on the board: removing a triple or all five is the players' choice; all five are forced only "
       "when no triple can be removed (five_removal='forced-only': all five only then)."),
    N_("Green Builder cards (CONSTRUTOR, solo only) are Builder cards: wild, and blue for the five-card reward."),
    N_("Red cards have no effect of their own: they fill a board slot (with its bonus) and never form a triple."),
    N_("Removed board cards go to the action discard pile."),
    N_("Empty action deck: no automatic reshuffle (the discard pile comes back only as the five-card reward); "
       "a card that must be drawn from an empty deck is not drawn, and a player with an empty hand plays no card."),
    N_("A triple with all 4 tower pieces built is still removed, with no tower and no die token."),
    N_("Die tokens (5) and shield tokens (5) are limited to the supply: none is gained or placed when none is "
       "left; spent tokens and destroyed shields go back to the supply. Shields belong to the table, not to "
       "a monster."),
    N_("A die can go on a monster only if the unused dice can still reach its life; unused dice add 1 wall "
       "each at 'done' (max 50)."),
    N_("Tower removal 'at any time' is offered at every decision of a player's turn; a tower destroyed by a "
       "monster uses its ability at once (up to 2 table monsters to the bottom)."),
    N_("Monster abilities resolve in the printed order: raise the invasion (once per turn), save 3 monsters "
       "(each), destroy a tower (each); then the unplaced cards go to the bottom."),
    N_("Win: the invasion reaches 16, or the monster deck and the table are both empty. A monster deck with "
       "fewer than 3 cards reveals what is left; revealing nothing counts as placing nothing (invasion +1)."),
)


# the difficulties in words: English names, translated in the catalog (pt: the rulebook's own words)
DIFFICULTY_NAMES = {
    "iniciante": N_("Beginner"),
    "facil": N_("Easy"),
    "medio": N_("Medium"),
    "dificil": N_("Hard"),
    "epico": N_("Epic"),
}


def difficulty_name(level: str) -> str:
    """A difficulty level (its id: iniciante, facil, medio, dificil, epico) in the current language."""
    name = DIFFICULTY_NAMES.get(level)
    return _(name) if name else level


def normalise_difficulty(name: Any) -> str:
    """``Épico``, ``epico`` and ``ÉPICO`` all name the same level."""
    if not isinstance(name, str):
        raise ValueError(f"unknown difficulty {name!r}; valid difficulties: {', '.join(DIFFICULTIES)}")
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name.strip().lower()) if not unicodedata.combining(ch))
    if plain not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {name!r}; valid difficulties: {', '.join(DIFFICULTIES)} "
                         "(accents optional: fácil, médio, difícil, épico)")
    return plain


class MonstrosGame(GameMixin):
    """Rules and parameters of one game.

    - ``players``: 1..6 (1 is the MODO SOLO: hands of 5, green CONSTRUTOR cards in play);
    - ``difficulty``: ``iniciante``, ``facil``, ``medio``, ``dificil``, ``epico`` (accents allowed);
    - ``deck``: None for the default (RECONSTRUCTED) cards, or the path of a deck file;
    - ``five_removal``: ``"any"`` (default) or ``"forced-only"``, see ``READINGS``.
    """

    short_name = "monstros"
    package = "soloboard.monstros"
    long_name = N_("A Invasão dos Monstros Sem Nome que comem tijolos (v1.4)")

    def __init__(self, players: int = 2, difficulty: str = "iniciante",
                 deck: str | os.PathLike[str] | None = None, five_removal: str = "any") -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYERS:
            raise ValueError(f"players must be 1..6 (1 = modo solo), not {players!r}")
        self.players = players
        self.difficulty = normalise_difficulty(difficulty)
        if five_removal not in FIVE_REMOVAL:
            raise ValueError(f"unknown five_removal {five_removal!r}; valid: {', '.join(FIVE_REMOVAL)}")
        self.five_removal = five_removal
        # a pathlib.Path is welcome; the parameters (and saves) keep a string
        self.deck_path = None if deck is None else os.fspath(deck)
        self.deck: Deck = default_deck() if self.deck_path is None else deck_from_path(self.deck_path)
        self.solo = players == 1
        self.hand_size = SOLO_HAND if self.solo else HAND
        cards = self.deck
        chosen = DIFFICULTY_ROLES[:DIFFICULTIES.index(self.difficulty)]
        monsters: list[int] = []
        for kind, role in enumerate(cards.m_roles):
            if role == "comum" or role in chosen:
                monsters.extend([kind] * cards.m_count[kind])
        self.monster_deck = tuple(sorted(monsters))  # shuffled: a multiset (the starting monster is on the table)
        self.action_counts = tuple(
            n if cards.colour[k] != "verde" or self.solo else 0 for k, n in enumerate(cards.a_count)
        )

    def new_initial_state(self) -> MonstrosState:
        return MonstrosState(self)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return A.MAX_CHANCE_OUTCOMES

    def num_players(self) -> int:
        return self.players

    def max_game_length(self) -> None:
        """None: no bound on the number of actions follows from the rules.

        Nothing in them forces progress while monsters go back into the deck as fast as they
        come out (saves, tower removals and five-card rewards return them, unplaced cards go
        to the bottom), the invasion rises only in a turn when nothing is placed or a raiser
        is revealed, and the wall is rebuilt by leftover dice and five-card rewards; so this
        returns None rather than a number that might be false. Random games are short (see
        ``tests/test_api.py``), but a buffer sized for "every game" cannot be."""
        return None

    # --- what a seat sees, for learning agents: monstros/observation.py, docs/research.md ------

    def observation_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named pieces of ``state.observation_tensor()``, in order, with their shapes."""
        from soloboard.monstros.observation import observer

        return observer(self).layout()

    def observation_tensor(self, state: MonstrosState, player: int | None = None) -> list[float]:
        from soloboard.monstros.observation import observation_tensor

        return observation_tensor(state, player)

    def observation_string(self, state: MonstrosState, player: int | None = None) -> str:
        from soloboard.monstros.observation import observation_string

        return observation_string(state, player)

    def refusal(self, state: MonstrosState, action: int) -> IllegalActionError:
        """Why ``action`` is refused in ``state`` (the slow path: only for illegal actions)."""
        from soloboard.monstros.refusals import explain

        return explain(state, action)

    def parameters(self) -> dict[str, Any]:
        return {"players": self.players, "difficulty": self.difficulty, "deck": self.deck_path,
                "five_removal": self.five_removal}

    def title(self) -> str:
        mode = _("modo solo") if self.solo else _("{n} players").format(n=self.players)
        return _("{mode}, difficulty {difficulty}").format(mode=mode, difficulty=difficulty_name(self.difficulty))

    def notices(self) -> list[str]:
        """What the players must be told at the start: where the cards come from, and our readings."""
        notes = []
        if self.deck.reconstructed:
            notes.append(_(RECONSTRUCTED_NOTICE) if self.deck_path is None
                         else _(RECONSTRUCTED_NOTICE) + " " + _("(file {path} says it is reconstructed too)").format(
                             path=self.deck_path))
        else:
            notes.append(_("Cards from the deck file {path} (entered by its owner).").format(path=self.deck_path))
        notes.extend(_("Reading: {reading}").format(reading=_(r)) for r in READINGS)
        return notes

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        return f"MonstrosGame({args})"

    @classmethod
    def state_from_dict(cls, data: dict[str, Any]) -> MonstrosState:
        from soloboard.monstros.serialize import state_from_dict

        return state_from_dict(data, cls)
