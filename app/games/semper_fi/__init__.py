"""Semper Fi! (game id ``semper-fi``): our own tactical core and the module's rules 1.0-3.7.

Rules as modules named after what they do, each citing our core's numbers (C1-C12, written down
in resources/semper-fi/CORE.md) and the module's (1.1a...5.3): sequence (C2), movement (C4),
sight (C5), fire and overwatch (C6), morale (C7), assault (C8), indirect and air (C9, 2.1, 2.2),
hidden (1.3), special (scenario rules), victory. Data: resources/semper-fi through data.py.
"""

from app.games.semper_fi.game import GAME, SemperFi

__all__ = ["GAME", "SemperFi"]
