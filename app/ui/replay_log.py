"""The Log while a replay steps: it shows the game's log up to the position shown.

Stepping forward adds that action's entries, stepping back removes them, a jump rebuilds the
log from the saved actions (each step's events come from the replayed match).
"""

from __future__ import annotations

import json
from typing import Any

from app.engine.match import Step


def step_label(game: Any, step: Step) -> str:
    try:
        return game.describe_action(step.before, step.action)
    except Exception:
        return json.dumps(step.action)


def sync_log(log: Any, game: Any, steps: list[Step], shown: int, n: int) -> int:
    """Make ``log`` (a LogPanel showing ``shown`` steps) show the first ``n`` steps; returns n."""
    if n < shown and shown - n <= 20:
        for _ in range(shown - n):
            log.pop_step()
        return n
    if n < shown or shown < 0:
        log.clear()
        shown = 0
    for i in range(shown, n):
        st = steps[i]
        side = st.before.active if st.before is not None else ""
        log.add_step(i + 1, side, step_label(game, st), st.events)
    return n
