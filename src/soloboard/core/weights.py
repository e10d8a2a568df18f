"""An evaluation's weights, shipped as data in the game's kit (``ufs/data/weights.json``,
``monstros/data/weights.json``) with where they came from.

``python -m soloboard.agents.tune GAME --write FILE`` searches them and writes the file: the
weights by feature name, and ``provenance`` (the command, seed, number of games, agent, date,
the games won before and after, and the provenance of the weights it started from). The
evaluation module loads them once, at import, in the order of its ``FEATURE_NAMES``; a file
whose features are not exactly the module's is refused with a message saying so, never read
by position.

The format (``soloboard-weights/1``)::

    {"format": "soloboard-weights/1",
     "weights": {"bias": 0.0, "research_done": 2.0, ...},
     "provenance": {"command": "...", "seed": "...", "games": 300, "date": "2026-11-22", ...}}
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from soloboard.core.lazy import data_text

FORMAT = "soloboard-weights/1"
NAME = "weights.json"


def parse_weights(data: Any, names: Sequence[str], where: str) -> tuple[float, ...]:
    """The weights of ``data`` (a parsed weights file) in the order of ``names``; ``ValueError``
    naming ``where`` and what is wrong otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"{where}: not an evaluation's weights of format {FORMAT} (found {found!r})")
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise ValueError(f"{where}: 'weights' must map each feature's name to its weight")
    missing = [n for n in names if n not in weights]
    extra = [n for n in weights if n not in names]
    if missing or extra:
        raise ValueError(f"{where}: its features are not the evaluation's"
                         + (f"; missing: {', '.join(missing)}" if missing else "")
                         + (f"; unknown: {', '.join(extra)}" if extra else "")
                         + " (tune them again: python -m soloboard.agents.tune GAME --write FILE)")
    out = []
    for n in names:
        w = weights[n]
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise ValueError(f"{where}: the weight of {n!r} is not a finite number: {w!r}")
        out.append(float(w))
    return tuple(out)


def load_weights(package: str, names: Sequence[str], name: str = NAME) -> tuple[float, ...]:
    """The weights shipped in ``package``'s ``data`` folder, in the order of ``names``."""
    where = f"{package.replace('.', '/')}/data/{name}"
    text = data_text(package, name)
    if text is None:
        raise FileNotFoundError(f"{where} is missing: the evaluation has no weights")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where}: not JSON ({exc})") from None
    return parse_weights(data, names, where)


def shipped_provenance(package: str, name: str = NAME) -> dict[str, Any]:
    """The provenance of the weights shipped in ``package`` ({} if there are none or it has none)."""
    text = data_text(package, name)
    data = json.loads(text) if text is not None else None
    provenance = data.get("provenance") if isinstance(data, dict) else None
    return dict(provenance) if isinstance(provenance, dict) else {}


def output_file(text: str) -> str:
    """An argparse ``type`` for a file a tool writes after a long run: refused at once, before any
    game is played, if its folder does not exist."""
    folder = Path(text).resolve().parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {folder}")
    return text


def command_line(module: str, argv: Sequence[str] | None) -> str:
    """The command that ran ``python -m module`` with ``argv`` (None: this process's arguments), for a
    provenance: quoted so that it can be pasted into a shell."""
    return shlex.join(["python", "-m", module, *(sys.argv[1:] if argv is None else argv)])


def write_weights(path: str | os.PathLike[str], names: Sequence[str], weights: Sequence[float],
                  provenance: dict[str, Any]) -> None:
    """Write ``weights`` (in the order of ``names``) with ``provenance`` to ``path``."""
    if len(names) != len(weights):
        raise ValueError(f"{len(weights)} weights for {len(names)} features")
    document = {"format": FORMAT, "weights": {n: float(w) for n, w in zip(names, weights, strict=True)},
                "provenance": provenance}
    parse_weights(document, names, str(path))  # never write what would not load
    Path(path).write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
