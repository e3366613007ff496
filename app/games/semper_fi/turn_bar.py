"""The turn bar's next-step control for Semper Fi! (window hook ``next_step``, app/ui/next_step.py).

Each step of the sequence (C2.1) is named for what it closes: setting up, an aircraft and
artillery phase or an action phase. Where no single action closes the step (the initiative
choice, a retreat to pick, the march column still on the road) the control is named for what
is awaited and stays disabled; the window then shows the game's prompt as the reason. The
action offered is always one of ``legal_actions`` when it is enabled."""

from __future__ import annotations

from typing import Any

from app.games.semper_fi import actions
from app.games.semper_fi.state import SFState

LABELS = {"setup": "Finish setting up", "initiative": "Choose first or second",
          "air-artillery": "End this phase", "action-1": "End this phase", "action-2": "End this phase"}


def next_step(state: SFState) -> dict[str, Any] | None:
    if state.result is not None or state.finished:
        return None
    legal = actions.legal(state)
    if state.pending:
        p = state.pending[0]
        if any(a.get("type") == "pass" for a in legal) and p.kind in ("overwatch", "return-fire"):
            return {"action": {"type": "pass"}, "label": "Hold fire"}
        return {"label": "Choose the retreat" if p.kind == "retreat" else "Decide the reaction"}
    want = {"type": "end-setup"} if state.phase == "setup" else {"type": "end-phase"}
    label = LABELS.get(state.phase, "End this phase")
    if want in legal:
        return {"action": want, "label": label}
    return {"label": label}
