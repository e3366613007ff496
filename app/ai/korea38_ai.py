"""Korea38 AI: the public entry points (factories and the figures ``ridgeline bench`` reports).

The player lives in the :mod:`app.ai.korea38` package; this module re-exports it and adds:

* :func:`bench_ai_turn` - seconds one side takes to play one whole player turn (reinforcements,
  pre-combat movement, combat with every reaction it owes, movement) at a given level, engine
  time included: what a person waits for;
* :func:`bench_campaigns` - AI-against-AI campaigns per minute on one core.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from app.ai.greedy_korea38 import GreedyKorea, make_greedy
from app.ai.korea38.player import LEVELS, KoreaAI, make_ai

__all__ = ["KoreaAI", "GreedyKorea", "LEVELS", "make_ai", "make_greedy", "bench_ai_turn",
           "bench_campaigns", "default_scenario"]


def default_scenario() -> Path:
    """The shipped full campaign (resources/korea38/scenarios/campaign.toml), or the first
    scenario shipped for the game."""
    from app import RESOURCES
    folder = RESOURCES / "korea38" / "scenarios"
    main = folder / "campaign.toml"
    if main.exists():
        return main
    found = sorted(folder.glob("*.toml")) if folder.exists() else []
    if not found:
        raise FileNotFoundError(f"no Korea38 scenario under {folder}")
    return found[0]


def _start(scenario: str | Path | dict[str, Any] | None, seed: int):
    from app.engine.match import Match
    from app.games.korea38 import GAME
    if isinstance(scenario, dict):
        data = scenario
    else:
        from app.engine.scenario import load_scenario
        _g, loaded = load_scenario(scenario or default_scenario())
        data = loaded.data
    return GAME, Match.start(GAME, data, seed=seed, keep_snapshots=False)


def bench_ai_turn(n: int = 6, level: str = "normal", scenario: Any = None, seed: int = 1,
                  budget_s: float = 600.0) -> list[float]:
    """Wall seconds for each of the first ``n`` player turns (one side's reinforcement,
    pre-combat, combat and movement phases, the opponent's reactions inside them included) of
    an AI-against-AI campaign. Players act through ``legal_actions`` and ``Match.apply``."""
    from app.games.korea38.sequence import phase_side
    game, match = _start(scenario, seed)
    players = {s: make_ai(seed=seed, side=s, level=level) for s in game.sides}
    out: list[float] = []
    seg = None
    t0 = time.perf_counter()
    stop = t0 + budget_s
    while len(out) < n and match.outcome() is None and time.perf_counter() < stop:
        st = match.state
        here = (st.turn, phase_side(st.phase))
        if here != seg:
            now = time.perf_counter()
            if seg is not None and seg[1]:
                out.append(now - t0)
            seg, t0 = here, now
        legal = match.legal_actions()
        if not legal:
            break
        a = players[st.active].choose(match, legal)
        match.apply(a, checked=any(a is x for x in legal))
    if seg is not None and seg[1] and len(out) < n and match.outcome() is not None:
        out.append(time.perf_counter() - t0)
    return out[:n]


def bench_campaigns(n: int = 1, level: str = "normal", scenario: Any = None, seed: int = 100) -> float:
    """AI-against-AI campaigns per minute on one core (``n`` played to the end, one process)."""
    from app.ai.selfplay import play_one
    from app.games.korea38 import GAME
    if isinstance(scenario, dict):
        data = scenario
    else:
        from app.engine.scenario import load_scenario
        _g, loaded = load_scenario(scenario or default_scenario())
        data = loaded.data
    spec = "ai" if level == "normal" else f"ai:{level}"
    t0 = time.perf_counter()
    for i in range(max(1, n)):
        play_one(GAME, data, seed + i, [spec] * len(GAME.sides))
    return 60.0 * max(1, n) / (time.perf_counter() - t0)
