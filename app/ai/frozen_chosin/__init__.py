"""Frozen Chosin automatic commander (``--players ai`` or ``ai:easy``), for any of the six
commands. ``make_ai(seed=, side=, level=)`` is the factory the game's ``players()`` offers; see
:mod:`app.ai.frozen_chosin.player` and docs/ai.md ("Frozen Chosin") for how it plays and how
strong it measured."""

from app.ai.frozen_chosin.player import LEVELS, FrozenChosinAI, make_ai

PLAYERS = {"ai": make_ai}

__all__ = ["FrozenChosinAI", "LEVELS", "PLAYERS", "make_ai"]
