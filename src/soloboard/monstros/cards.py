"""The two decks (monsters and actions), read from a JSON deck file and checked.

The rulebook gives the deck sizes, card types and symbols but not the printed values, so
the cards live in data: ``data/reconstructed-deck.json`` is the default (a
RECONSTRUCTION, see its ``note``) and ``deck=PATH`` reads an owner's file in the same
format (``docs/monstros.md``). Everything the engine needs is turned into flat tuples
indexed by card kind (a small int), so the rules never look at a dict.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from soloboard.i18n import current

DECK_FORMAT = "soloboard-monstros-deck"
DECK_VERSION = 1
DEFAULT_DECK = "reconstructed-deck.json"
CARD_NAMES = "card-names.json"  # the default deck's names in the five languages, by card id

# sizes stated by the rulebook (components list; "Separe as duas cartas de CONSTRUTOR")
MONSTER_CARDS = 54
ACTION_CARDS = 35
GREEN_CONSTRUCTORS = 2

START_ROLE = "inicial"
DIFFICULTY_ROLES = ("facil", "medio", "dificil", "epico")  # in the order the difficulties add them
COMMON_ROLE = "comum"
ROLES = (START_ROLE, *DIFFICULTY_ROLES, COMMON_ROLE)

RAISE, SAVE, DESTROY = "eleve_invasao", "salve_3", "destrua_torre"
ABILITIES = (RAISE, SAVE, DESTROY)
BLUE, RED, GREEN = "azul", "vermelha", "verde"
COLOURS = (BLUE, RED, GREEN)

# action numbering reserves this many kinds of each deck (actions.py); a file may use fewer
MAX_MONSTER_KINDS = 64
MAX_ACTION_KINDS = 16
MAX_LEVEL = 15
MAX_LIFE = 99
MAX_ATTACK = 50
MAX_DECK_BYTES = 1_000_000  # a deck file is a few kilobytes
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]{0,15}$")
_RESERVED_IDS = {"*", "nothing", "tower", "none"}


@dataclass(frozen=True)
class Deck:
    """Both decks, one entry per card kind (kind = index into these tuples)."""

    source: str  # "default" or the file's path
    reconstructed: bool
    title: str
    note: str
    # monsters
    m_ids: tuple[str, ...]
    m_names: tuple[str, ...]
    m_roles: tuple[str, ...]
    m_count: tuple[int, ...]
    level: tuple[int, ...]
    life: tuple[int, ...]
    attack: tuple[int, ...]
    shield: tuple[bool, ...]
    raises: tuple[bool, ...]
    saves: tuple[bool, ...]
    destroys: tuple[bool, ...]
    special: tuple[bool, ...]  # red symbols: any ability (set-up sends them to the bottom)
    # actions
    a_ids: tuple[str, ...]
    a_names: tuple[str, ...]
    colour: tuple[str, ...]
    a_count: tuple[int, ...]
    wild: tuple[bool, ...]  # CONSTRUTOR
    blue: tuple[bool, ...]  # counts as a blue card (tools and CONSTRUTOR, green ones included)

    @property
    def start_kind(self) -> int:
        return self.m_roles.index(START_ROLE)

    def difficulty_kind(self, role: str) -> int:
        return self.m_roles.index(role)

    def monster_kind(self, card_id: str) -> int:
        try:
            return self.m_ids.index(card_id)
        except ValueError:
            raise ValueError(f"no monster {card_id!r} in this deck (monsters: {', '.join(self.m_ids)})") from None

    def action_kind(self, card_id: str) -> int:
        try:
            return self.a_ids.index(card_id)
        except ValueError:
            raise ValueError(f"no action card {card_id!r} in this deck (cards: {', '.join(self.a_ids)})") from None

    @property
    def tool_kinds(self) -> tuple[int, ...]:
        """Blue cards that are not wild: the ones a triple is made of."""
        return tuple(k for k in range(len(self.a_ids)) if self.blue[k] and not self.wild[k])

    @property
    def wild_kinds(self) -> tuple[int, ...]:
        """Wild cards, blue CONSTRUTOR first: a triple uses them in this order."""
        kinds = [k for k in range(len(self.a_ids)) if self.wild[k]]
        return tuple(sorted(kinds, key=lambda k: self.colour[k] != BLUE))


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"deck file {where}: {message}")


def _int(entry: dict[str, Any], key: str, low: int, high: int, where: str) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"'{key}' must be a whole number {low}..{high}, not {value!r}")
    return value


def _bool(entry: dict[str, Any], key: str, where: str, default: bool | None = None) -> bool:
    value = entry.get(key, default)
    if not isinstance(value, bool):
        raise _fail(where, f"'{key}' must be true or false, not {value!r}")
    return value


def _card_id(entry: Any, where: str, seen: set[str]) -> str:
    if not isinstance(entry, dict):
        raise _fail(where, f"each card must be an object, not {entry!r}")
    card_id = entry.get("id")
    if not isinstance(card_id, str) or not _ID.match(card_id) or card_id.lower() in _RESERVED_IDS:
        raise _fail(where, f"'id' must be 1-16 letters, digits, '-' or '_' (starting with a letter or digit), "
                           f"not {card_id!r}")
    if card_id in seen:
        raise _fail(where, f"id {card_id!r} is used twice (ids name cards in the notation: they must be unique)")
    seen.add(card_id)
    unknown = set(entry) - {"id", "name", "role", "level", "life", "attack", "shield", "abilities", "count",
                            "colour", "wild"}
    if unknown:
        raise _fail(f"{where} {card_id!r}", f"unknown field(s) {', '.join(sorted(unknown))}")
    return card_id


def parse_deck(data: Any, source: str) -> Deck:
    """Check a deck file's contents and build the tables; ValueError says what is wrong."""
    where = source
    if not isinstance(data, dict):
        raise _fail(where, "the file must hold one JSON object")
    if data.get("format") != DECK_FORMAT:
        raise _fail(where, f"'format' must be {DECK_FORMAT!r}, not {data.get('format')!r}")
    if data.get("version") != DECK_VERSION:
        raise _fail(where, f"'version' must be {DECK_VERSION}, not {data.get('version')!r}")
    reconstructed = _bool(data, "reconstructed", where)
    title = data.get("title", "")
    note = data.get("note", "")
    if not isinstance(title, str) or not isinstance(note, str):
        raise _fail(where, "'title' and 'note' must be text")
    monsters = data.get("monsters")
    actions = data.get("actions")
    if not isinstance(monsters, list) or not isinstance(actions, list):
        raise _fail(where, "'monsters' and 'actions' must be lists of cards")
    seen: set[str] = set()
    m_rows = [_monster(entry, f"{where}: monsters[{i}]", seen) for i, entry in enumerate(monsters)]
    a_rows = [_action(entry, f"{where}: actions[{i}]", seen) for i, entry in enumerate(actions)]
    if len(m_rows) > MAX_MONSTER_KINDS:
        raise _fail(where, f"at most {MAX_MONSTER_KINDS} kinds of monster (give equal cards a 'count')")
    if len(a_rows) > MAX_ACTION_KINDS:
        raise _fail(where, f"at most {MAX_ACTION_KINDS} kinds of action card (give equal cards a 'count')")
    total = sum(r["count"] for r in m_rows)
    if total != MONSTER_CARDS:
        raise _fail(where, f"the monster deck has {MONSTER_CARDS} cards (rulebook: components), this file has {total}")
    for role in (START_ROLE, *DIFFICULTY_ROLES):
        rows = [r for r in m_rows if r["role"] == role]
        if len(rows) != 1 or rows[0]["count"] != 1:
            raise _fail(where, f"there must be exactly one {role!r} monster card (the five coloured cards: "
                               f"the starting monster 'inicial' and the difficulty monsters "
                               f"{', '.join(DIFFICULTY_ROLES)})")
    total = sum(r["count"] for r in a_rows)
    if total != ACTION_CARDS:
        raise _fail(where, f"the action deck has {ACTION_CARDS} cards (rulebook: components), this file has {total}")
    green = sum(r["count"] for r in a_rows if r["colour"] == GREEN)
    if green != GREEN_CONSTRUCTORS:
        raise _fail(where, f"there must be {GREEN_CONSTRUCTORS} green CONSTRUTOR cards (colour 'verde'), "
                           f"this file has {green}")
    if not any(r["colour"] == BLUE and not r["wild"] for r in a_rows):
        raise _fail(where, "the action deck needs at least one blue tool card (colour 'azul', not wild)")
    return Deck(
        source=source,
        reconstructed=reconstructed,
        title=title,
        note=note,
        m_ids=tuple(r["id"] for r in m_rows),
        m_names=tuple(r["name"] for r in m_rows),
        m_roles=tuple(r["role"] for r in m_rows),
        m_count=tuple(r["count"] for r in m_rows),
        level=tuple(r["level"] for r in m_rows),
        life=tuple(r["life"] for r in m_rows),
        attack=tuple(r["attack"] for r in m_rows),
        shield=tuple(r["shield"] for r in m_rows),
        raises=tuple(RAISE in r["abilities"] for r in m_rows),
        saves=tuple(SAVE in r["abilities"] for r in m_rows),
        destroys=tuple(DESTROY in r["abilities"] for r in m_rows),
        special=tuple(bool(r["abilities"]) for r in m_rows),
        a_ids=tuple(r["id"] for r in a_rows),
        a_names=tuple(r["name"] for r in a_rows),
        colour=tuple(r["colour"] for r in a_rows),
        a_count=tuple(r["count"] for r in a_rows),
        wild=tuple(r["wild"] for r in a_rows),
        blue=tuple(r["colour"] in (BLUE, GREEN) for r in a_rows),
    )


def _monster(entry: Any, where: str, seen: set[str]) -> dict[str, Any]:
    card_id = _card_id(entry, where, seen)
    where = f"{where} {card_id!r}"
    role = entry.get("role", COMMON_ROLE)
    if role not in ROLES:
        raise _fail(where, f"'role' must be one of {', '.join(ROLES)}, not {role!r}")
    abilities = entry.get("abilities", [])
    if (not isinstance(abilities, list) or not all(a in ABILITIES for a in abilities)
            or len(set(abilities)) != len(abilities)):
        raise _fail(where, f"'abilities' must list each of {', '.join(ABILITIES)} at most once, not {abilities!r}")
    name = entry.get("name", "")
    if not isinstance(name, str):
        raise _fail(where, "'name' must be text")
    if "colour" in entry or "wild" in entry:
        raise _fail(where, "'colour' and 'wild' belong to action cards")
    return {
        "id": card_id,
        "name": name,
        "role": role,
        "level": _int(entry, "level", 1, MAX_LEVEL, where),
        "life": _int(entry, "life", 1, MAX_LIFE, where),
        "attack": _int(entry, "attack", 0, MAX_ATTACK, where),
        "shield": _bool(entry, "shield", where, False),
        "abilities": abilities,
        "count": _int(entry, "count", 1, MONSTER_CARDS, where),
    }


def _action(entry: Any, where: str, seen: set[str]) -> dict[str, Any]:
    card_id = _card_id(entry, where, seen)
    where = f"{where} {card_id!r}"
    colour = entry.get("colour")
    if colour not in COLOURS:
        raise _fail(where, f"'colour' must be one of {', '.join(COLOURS)}, not {colour!r}")
    wild = _bool(entry, "wild", where, False)
    if colour == RED and wild:
        raise _fail(where, "a red card cannot be wild: only CONSTRUTOR cards are")
    if colour == GREEN and not wild:
        raise _fail(where, "the green cards are the two CONSTRUTOR cards of the solo mode: 'wild' must be true")
    name = entry.get("name", card_id)
    if not isinstance(name, str):
        raise _fail(where, "'name' must be text")
    if set(entry) & {"role", "level", "life", "attack", "shield", "abilities"}:
        raise _fail(where, "'role', 'level', 'life', 'attack', 'shield' and 'abilities' belong to monsters")
    return {"id": card_id, "name": name, "colour": colour, "wild": wild,
            "count": _int(entry, "count", 1, ACTION_CARDS, where)}


def _read_regular_file(file: Path, limit: int) -> bytes:
    """The bytes of ``file`` if it is a regular file of at most ``limit`` bytes: a FIFO, a device or a
    directory is refused without waiting on it (opened non-blocking, checked before it is read)."""
    fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"deck file {file}: cannot be read (not a regular file but a folder, a FIFO or a device)")
        if info.st_size > limit:
            raise ValueError(f"deck file {file}: {info.st_size} bytes; a deck file has at most {limit}")
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 16):
            total += len(chunk)
            if total > limit:  # (it grew since it was measured)
                raise ValueError(f"deck file {file}: more than {limit} bytes; a deck file has at most {limit}")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_deck_file(path: str | Path) -> Deck:
    """The deck in ``path``, a file the person at this machine names (``soloboard play monstros
    --deck FILE``); ValueError with the reason if it cannot be used. Never called for a request of
    the web server: a request names no file (``web/games.py``: ``no_deck_file``)."""
    file = Path(path).expanduser()
    try:
        text = _read_regular_file(file, MAX_DECK_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise ValueError(f"deck file {file}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"deck file {file}: cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"deck file {file}: not valid JSON ({exc})") from None
    except RecursionError:
        raise ValueError(f"deck file {file}: its JSON is nested too deeply to be a deck") from None
    return parse_deck(data, str(file))


@cache
def default_deck() -> Deck:
    text = resources.files("soloboard.monstros").joinpath("data", DEFAULT_DECK).read_text(encoding="utf-8")
    return parse_deck(json.loads(text), "default")


def deck_from_path(path: str) -> Deck:
    """The deck in ``path``, read once per version of the file (simulation builds many games)."""
    try:
        stat = Path(path).expanduser().stat()
    except OSError:
        return load_deck_file(path)  # reports the missing file
    return _cached_deck(str(path), stat.st_mtime_ns, stat.st_size)


@cache
def _cached_deck(path: str, _mtime: int, _size: int) -> Deck:
    return load_deck_file(path)


# --- names in the player's language ------------------------------------------------------------
# The deck files name the cards as printed (Portuguese). The default deck's names in each language
# live in data/card-names.json (one entry per card and language, with its source); an owner's deck
# file is shown as it names its cards.

Which = Literal["action", "monster"]
# the cards named so far in this conversation (None: no conversation keeps count)
_mentioned: ContextVar[set[tuple[str, str]] | None] = ContextVar("monstros_mentioned", default=None)


@cache
def _names() -> dict[str, dict[str, dict[str, str]]]:
    text = resources.files("soloboard.monstros").joinpath("data", CARD_NAMES).read_text(encoding="utf-8")
    data = json.loads(text)
    return {"action": data["actions"], "monster": data["monsters"]}


def printed_name(deck: Deck, which: Which, k: int) -> str:
    """The name the deck file gives (the printed Portuguese one), "" when it gives none."""
    return (deck.a_names if which == "action" else deck.m_names)[k] or ""


def local_name(deck: Deck, which: Which, k: int, lang: str | None = None) -> str:
    """The card's name in ``lang`` (default: the current language); "" for an unnamed monster."""
    printed = printed_name(deck, which, k)
    if deck.source != "default" or not printed:
        return printed
    card_id = (deck.a_ids if which == "action" else deck.m_ids)[k]
    entry = _names()[which].get(card_id)
    return entry.get(lang or current(), printed) if entry else printed


@contextmanager
def first_mentions() -> Iterator[None]:
    """Inside: :func:`mention` gives a card's printed name beside its translation the first time only
    (a terminal game keeps one for its whole session)."""
    token = _mentioned.set(set())
    try:
        yield
    finally:
        _mentioned.reset(token)


def mention(deck: Deck, which: Which, k: int, mark: bool = True) -> tuple[str, str]:
    """The card's name in the current language and the printed (Portuguese) name to show beside it:
    "" where it is the same, and inside :func:`first_mentions` after the card's first mention.
    Outside one, every mention is a first (a sentence read on its own). ``mark=False`` asks without
    counting a mention (a drawing that may not be shown: :func:`mark_mentioned` after it is)."""
    name, printed = local_name(deck, which, k), printed_name(deck, which, k)
    if not printed or printed.casefold() == name.casefold():
        return name, ""
    seen = _mentioned.get()
    key = (which, (deck.a_ids if which == "action" else deck.m_ids)[k])
    if seen is not None:
        if key in seen:
            return name, ""
        if mark:
            seen.add(key)
    return name, printed


def mark_mentioned(deck: Deck, which: Which, kinds: Iterator[int] | list[int] | tuple[int, ...]) -> None:
    """Count these cards as mentioned (they were shown)."""
    seen = _mentioned.get()
    if seen is not None:
        ids = deck.a_ids if which == "action" else deck.m_ids
        seen.update((which, ids[k]) for k in kinds)
