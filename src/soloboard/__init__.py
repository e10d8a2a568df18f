"""soloboard: faithful, fast digital editions of solo dice board games.

>>> import soloboard
>>> game = soloboard.load_game("ufs", city="roswell", threat=0)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

The API is OpenSpiel's shape (``soloboard.core.api`` lists the conventions). Importing the
package is light: a game's modules load with ``load_game``.
"""

# first: it decides, before any engine module is imported, between compiled and source (docs/speed.md)
from soloboard.compiled import compiled_modules
from soloboard.core.api import CHANCE_PLAYER, TERMINAL_PLAYER, Game, State
from soloboard.core.errors import IllegalActionError, InvalidSaveError
from soloboard.core.registry import game_names, game_parameters, load_game, state_from_json
from soloboard.version import __version__

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Game",
    "IllegalActionError",
    "InvalidSaveError",
    "State",
    "__version__",
    "compiled_modules",
    "game_names",
    "game_parameters",
    "load_game",
    "state_from_json",
]
