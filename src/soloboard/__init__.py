"""soloboard: faithful, fast digital editions of solo dice board games.

>>> import soloboard
>>> game = soloboard.load_game("ufs", city="roswell", threat=0)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
"""

from soloboard.core.api import CHANCE_PLAYER, TERMINAL_PLAYER, Game, State
from soloboard.core.errors import IllegalActionError, InvalidSaveError
from soloboard.core.registry import game_names, load_game, state_from_json

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Game",
    "IllegalActionError",
    "InvalidSaveError",
    "State",
    "game_names",
    "load_game",
    "state_from_json",
]
__version__ = "0.1.0"
