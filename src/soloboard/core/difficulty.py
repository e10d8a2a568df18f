"""A set-up's difficulty in its rulebook's own terms: stars, a level, or none.

The numbers come from each game (``ufs/stars.py`` for both editions of Under Falling Skies);
this is the shape the new-game dialog, the report and the campaign show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
