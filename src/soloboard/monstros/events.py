"""The Monstros events, one TypedDict per kind (``docs/monstros.md``, "Events", lists them in words).

At run time an event stays the small JSON-ready dict the engine appends (``{"kind": ..., "action":
n, ...}``); these types only tell mypy its fields, so that a narrator branching on
``ev["kind"] == "card_played"`` is given a :class:`CardPlayed`. :data:`MonstrosEvent` is any of
them; each fits where the game-agnostic :class:`soloboard.core.events.Event` is asked for.

Cards are named by their ids (``4c``, ``pa``); seats count from 0, as in the API. What the engine's
own code decides (why a card went to the bottom, what changed the wall) is a ``Literal``; a deck
file's names and the engine's phase names are plain strings.
"""

# No ``from __future__ import annotations`` here: with string annotations Python 3.11 cannot tell
# NotRequired keys at run time, and ``__required_keys__``/``__optional_keys__`` (the tests compare
# recorded events with them) would call every key required.
from typing import Literal, NotRequired, TypedDict

PickWhy = Literal["five cards", "tower removed", "tower destroyed"]
BottomWhy = Literal[PickWhy, "saved", "not placed"]
RewardWhy = Literal["tower", "five cards"]
WallBy = Literal["five cards", "unused dice", "monsters"]
RollMode = Literal["attack", "token", "reroll"]
InvasionWhy = Literal["ability", "nothing placed"]


class MonsterRevealed(TypedDict):
    kind: Literal["monster_revealed"]
    action: int
    card: str
    why: Literal["setup", "proliferation"]


class SetupSorted(TypedDict):
    kind: Literal["setup_sorted"]
    action: int
    top: list[str]
    bottom: list[str]  # the red-symbol cards, shuffled to the bottom


class CardDealt(TypedDict):
    kind: Literal["card_dealt"]
    action: int
    seat: int
    card: str


class CardReturned(TypedDict):
    kind: Literal["card_returned"]
    action: int
    seat: int
    card: str


class HandKept(TypedDict):
    kind: Literal["hand_kept"]
    action: int
    seat: int


class TurnStarted(TypedDict):
    kind: Literal["turn_started"]
    action: int
    turn: int
    seat: int


class NoCardToPlay(TypedDict):
    kind: Literal["no_card_to_play"]
    action: int
    seat: int


class CardPlayed(TypedDict):
    kind: Literal["card_played"]
    action: int
    seat: int
    card: str
    slot: int  # 1..5
    bonus: list[str]  # "block" (-1 to the monsters' attack), "reroll"
    full: bool  # slot 5: cards must be removed


class CardDrawn(TypedDict):
    kind: Literal["card_drawn"]
    action: int
    seat: int
    card: str


class NoCardDrawn(TypedDict):
    kind: Literal["no_card_drawn"]
    action: int
    seat: int
    discard: int  # the discard pile's size


class CardsRemoved(TypedDict):
    kind: Literal["cards_removed"]
    action: int
    how: Literal["triple", "five"]
    cards: list[str]
    board: list[str]  # what is left, shifted down


class TowerBuilt(TypedDict):
    kind: Literal["tower_built"]
    action: int
    space: int
    towers: int  # pieces built


class NoTowerPiece(TypedDict):
    kind: Literal["no_tower_piece"]
    action: int
    towers: int


class DieTokenGained(TypedDict):
    kind: Literal["die_token_gained"]
    action: int
    tokens: int
    why: RewardWhy


class NoDieToken(TypedDict):
    kind: Literal["no_die_token"]
    action: int
    why: RewardWhy
    reason: Literal["supply empty"]


WallChanged = TypedDict("WallChanged", {  # "from" is a keyword: only this form can name it
    "kind": Literal["wall_changed"],
    "action": int,
    "from": int,
    "to": int,
    "by": WallBy,
})


class Reshuffled(TypedDict):
    kind: Literal["reshuffled"]
    action: int
    cards: int  # moved
    deck: int  # its size after


class ReshuffleDeclined(TypedDict):
    kind: Literal["reshuffle_declined"]
    action: int
    discard: int
    deck: int


class PickMonsters(TypedDict):
    kind: Literal["pick_monsters"]
    action: int
    up_to: int
    why: PickWhy


class PickStopped(TypedDict):
    kind: Literal["pick_stopped"]
    action: int
    unused: int
    why: PickWhy


class MonsterToBottom(TypedDict):
    kind: Literal["monster_to_bottom"]
    action: int
    card: str
    why: BottomWhy


class TowerRemoved(TypedDict):
    kind: Literal["tower_removed"]
    action: int
    seat: int
    towers: int  # left


class AttackStarted(TypedDict):
    kind: Literal["attack_started"]
    action: int
    seat: int
    dice: int
    reroll: bool
    tokens: int
    shields: int


class DiceRolled(TypedDict):
    kind: Literal["dice_rolled"]
    action: int
    values: list[int]  # sorted
    mode: RollMode


class DieTokenSpent(TypedDict):
    kind: Literal["die_token_spent"]
    action: int
    tokens: int  # left


class RerollUsed(TypedDict):
    kind: Literal["reroll_used"]
    action: int
    value: int  # the die re-rolled


class ShieldDestroyed(TypedDict):
    kind: Literal["shield_destroyed"]
    action: int
    value: int
    shields: int  # left


class DieAssigned(TypedDict):
    kind: Literal["die_assigned"]
    action: int
    monster: str
    value: int
    total: int  # the dice on it
    life: int


class MonsterDefeated(TypedDict):
    kind: Literal["monster_defeated"]
    action: int
    monster: str
    dice: list[int]
    life: int
    table: int  # monsters left on the table


class DiceReturned(TypedDict):
    kind: Literal["dice_returned"]
    action: int
    monster: str
    dice: list[int]
    life: int


class AttackEnded(TypedDict):
    kind: Literal["attack_ended"]
    action: int
    seat: int
    unused: int  # dice: +1 wall each


class MonstersTurn(TypedDict):
    kind: Literal["monsters_turn"]
    action: int
    seat: int
    monsters: list[str]  # on the table


class MonstersAttack(TypedDict):
    kind: Literal["monsters_attack"]
    action: int
    attack: int  # the table's total
    cards: int  # in slots 1-4
    blocked: int
    total: int  # off the wall


class RevealShort(TypedDict):
    kind: Literal["reveal_short"]
    action: int
    revealed: int
    wanted: int


class PlaceChoice(TypedDict):
    kind: Literal["place_choice"]
    action: int
    seat: int
    options: int
    invasion: int


class MonstersPlaced(TypedDict):
    kind: Literal["monsters_placed"]
    action: int
    cards: list[str]
    set_aside: list[str]
    level: int  # the sum of the cards'
    invasion: int
    seat: NotRequired[int]  # the seat that chose among several equal placements


class ShieldPlaced(TypedDict):
    kind: Literal["shield_placed"]
    action: int
    monster: str
    shields: int


class NoShieldToken(TypedDict):
    kind: Literal["no_shield_token"]
    action: int
    monster: str
    reason: Literal["supply empty"]


class Abilities(TypedDict):
    """The revealed monsters with each ability."""

    kind: Literal["abilities"]
    action: int
    raise_invasion: list[str]
    save_3: list[str]
    destroy_tower: list[str]


InvasionRaised = TypedDict("InvasionRaised", {
    "kind": Literal["invasion_raised"],
    "action": int,
    "from": int,
    "to": int,
    "why": InvasionWhy,
    "by": list[str],  # the cards that raised it
})


class MonstersSaved(TypedDict):
    kind: Literal["monsters_saved"]
    action: int
    cards: list[str]  # top of the defeated pile first; may be empty


class TowerDestroyed(TypedDict):
    kind: Literal["tower_destroyed"]
    action: int
    towers: int  # left


class NoTowerToDestroy(TypedDict):
    kind: Literal["no_tower_to_destroy"]
    action: int


class ForcedMove(TypedDict):
    kind: Literal["forced_move"]
    action: int
    seat: int
    move: str  # its notation
    id: int
    phase: str


class GameWon(TypedDict):
    kind: Literal["game_won"]
    action: int
    cause: str


class GameLost(TypedDict):
    kind: Literal["game_lost"]
    action: int
    cause: str


MonstrosEvent = (
    MonsterRevealed | SetupSorted | CardDealt | CardReturned | HandKept | TurnStarted | NoCardToPlay | CardPlayed
    | CardDrawn | NoCardDrawn | CardsRemoved | TowerBuilt | NoTowerPiece | DieTokenGained | NoDieToken
    | WallChanged | Reshuffled | ReshuffleDeclined | PickMonsters | PickStopped | MonsterToBottom | TowerRemoved
    | AttackStarted | DiceRolled | DieTokenSpent | RerollUsed | ShieldDestroyed | DieAssigned | MonsterDefeated
    | DiceReturned | AttackEnded | MonstersTurn | MonstersAttack | RevealShort | PlaceChoice | MonstersPlaced
    | ShieldPlaced | NoShieldToken | Abilities | InvasionRaised | MonstersSaved | TowerDestroyed
    | NoTowerToDestroy | ForcedMove | GameWon | GameLost
)
