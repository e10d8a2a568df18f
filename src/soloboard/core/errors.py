"""Exceptions shared by every game."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules forbid in this state.

    ``rule`` names the rule that was broken (a short phrase, as printed in the docs);
    the message explains it in words a player understands.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidSaveError(ValueError):
    """A saved game or position that cannot be loaded (corrupt, foreign or breaking the rules)."""
