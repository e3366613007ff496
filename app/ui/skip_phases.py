"""Skipping phases with no choice in them (Game > Skip phases with no choice, on by default).

A phase has no choice when the game's optional ``no_choice(state)`` hook says so, or, for a
game without it, when the only legal action is the step that ends it (an ``end-...`` action:
never a draw or a roll, which the player takes). The window then takes that step itself and
the log marks it as skipped.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Action
from app.ui.hooks import game_hook
from app.ui.next_step import NEXT_TYPES, NextStep

MAX_CHAIN = 24          # never skip more than this many steps in a row (a safety net)


def just_entered(match: Any) -> bool:
    """Has the phase (or the side to act) just begun? Only a phase entered with nothing to do is
    skipped: once the player has acted in it, ending it stays theirs (they may want to look)."""
    if not match.history:
        return True
    before = match.history[-1].before
    st = match.state
    return before is None or before.phase != st.phase or before.active != st.active or before.turn != st.turn


def skippable(game: Any, state: Any, legal: list[Action], nxt: NextStep) -> bool:
    """May the window take ``nxt`` for the player because there is nothing to decide?"""
    if not nxt.enabled or nxt.action is None or getattr(state, "finished", False):
        return False
    fn = game_hook(game, "no_choice")
    if fn is not None:
        try:
            return bool(fn(state))
        except Exception:
            return False
    return len(legal) == 1 and legal[0] == nxt.action and str(nxt.action.get("type")) in NEXT_TYPES


def maybe_skip(win: Any) -> None:
    """Take the next step for the player when the phase just entered has nothing to decide."""
    if win.match is None or win.mode != "play" or not win.act_skip.isChecked() or not win.can_act():
        return
    if getattr(win, "_skip_chain", 0) >= MAX_CHAIN:
        win._skip_chain = 0
        return
    game, state = win.shown()
    nxt = win._next_step(game, state)
    if not just_entered(win.match) or not skippable(game, state, win._legal, nxt):
        win._skip_chain = 0
        return
    win._skip_chain = getattr(win, "_skip_chain", 0) + 1
    win.apply_action(dict(nxt.action), who="skipped: nothing to decide")
