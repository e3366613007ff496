"""Korea: The Fight Across the 38th (game id ``korea38``): the complete rules.

Modules follow the rule sections: sequence (4.0, 6.0), victory (5.0), zoc (7.0), movement (8.0),
combat/crt/retreat (9.0), reinforcements and supply (10.0), naval (11.0), isolation (12.0),
winter (13.0). Data comes from resources/korea38 through data.py.
"""

from app.games.korea38.game import GAME, Korea38

__all__ = ["GAME", "Korea38"]
