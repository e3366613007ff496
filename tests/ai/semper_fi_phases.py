"""Playing out one action phase of a Semper Fi! position with the AI on both sides, for the AI
tests that check what a side does over a whole phase (reactions included)."""

from __future__ import annotations

from typing import Any

from app.ai.semper_fi import make_ai
from app.engine.match import Match


def play_phase(m: Match, side: str = "us", seed: int = 2, limit: int = 400) -> list[dict[str, Any]]:
    """Play ``m`` to the end of its current action phase, the AI on both sides (the other side's
    reactions too); returns what ``side`` chose, in order."""
    ais = {s: make_ai(seed=seed, side=s) for s in ("us", "nk")}
    start = (m.state.turn, m.state.phase)
    chosen: list[dict[str, Any]] = []
    for _ in range(limit):
        if m.outcome() is not None or (m.state.turn, m.state.phase) != start:
            break
        a = ais[m.state.active].choose(m, m.legal_actions())
        if m.state.active == side:
            chosen.append(a)
        m.apply(a)
    return chosen
