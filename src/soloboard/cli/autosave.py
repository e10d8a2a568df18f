"""Where a game left at the terminal is kept, so ``soloboard resume`` can continue it.

The folder is ``$SOLOBOARD_HOME`` when that is set (tests point it at a temporary
folder), else ``$XDG_STATE_HOME/soloboard``, else ``~/.local/state/soloboard`` (the XDG
base-directory default for state that should survive a restart but is not a document).
Each game has one file there, ``autosave-<game>.json`` (e.g. ``autosave-ufs.json``), an
ordinary save file with the session's dice seed; when a new game replaces an unfinished
one, the older game is kept once as ``autosave-<game>.previous.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

ENV = "SOLOBOARD_HOME"


def home() -> Path:
    """The folder autosaves go to (not created here)."""
    given = os.environ.get(ENV)
    if given:
        return Path(given).expanduser()
    state = os.environ.get("XDG_STATE_HOME")
    base = Path(state).expanduser() if state else Path.home() / ".local" / "state"
    return base / "soloboard"


def autosave_path(game: str) -> Path:
    return home() / f"autosave-{game}.json"


def previous_path(game: str) -> Path:
    return home() / f"autosave-{game}.previous.json"


def is_unfinished(path: Path) -> bool:
    """Whether ``path`` holds a save whose game is not over (read from its position, cheaply)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    position = data.get("position") if isinstance(data, dict) else None
    if not isinstance(position, dict):
        return isinstance(data, dict)
    return position.get("phase") != "over" and position.get("result") is None


def latest(game: str | None = None) -> Path | None:
    """The most recent autosave of an unfinished game (of ``game``, or of any game)."""
    if game is not None:
        path = autosave_path(game)
        return path if path.is_file() else None
    folder = home()
    try:
        candidates = [p for p in folder.glob("autosave-*.json") if not p.name.endswith(".previous.json")]
    except OSError:
        return None
    unfinished = [p for p in candidates if is_unfinished(p)]
    pool = unfinished or candidates
    return max(pool, key=lambda p: p.stat().st_mtime) if pool else None
