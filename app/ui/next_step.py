"""The one "next step" control of the turn bar and of Space, for every game.

Games end their steps in different words ("end-phase" in Korea, "end-turn" in Take The High
Ground!, "end-actions" and "draw" in The Chosin Few), so the window asks the game's optional
``next_step(state)`` hook, else picks the legal action whose type reads like the end of a step.
Legality stays with the game: the control only ever applies one of ``legal_actions`` and, when it
is disabled, shows the game's own reason (``check``) or its prompt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from app.engine.game import Action, Game
from app.engine.state import GameState
from app.ui.action_kinds import mover as _mover

# action types that close a step, in order of preference, for games without the hook
NEXT_TYPES = ("end-phase", "end-turn", "end-actions", "end-impulse", "end-activation", "end-segment",
              "end-step", "declare-done", "done", "pass", "next")


@dataclass
class NextStep:
    """What the control shows: its label, whether it works, and why not."""

    action: Action | None
    label: str = "End phase"
    enabled: bool = False
    why: str = ""
    movers: list[str] = field(default_factory=list)

    @property
    def confirm_text(self) -> str:
        """The question asked before skipping pieces that could still act ("" when none)."""
        n = len(self.movers)
        if not n:
            return ""
        return f"{n} unit{'s' if n != 1 else ''} could still move. {self.label} anyway?"



def _same(a: Action, b: Action) -> bool:
    return a == b


def default_next(legal: list[Action]) -> Action | None:
    """The legal action that closes the current step, by its type (None when there is none)."""
    for t in NEXT_TYPES:
        for a in legal:
            if a.get("type") == t and _mover(a) is None:
                return a
    return None


def _call(fn: Callable | None, *args: Any) -> Any:
    if fn is None:
        return None
    try:
        return fn(*args)
    except Exception:
        return None


def find_next_step(game: Game, state: GameState, legal: list[Action], can_act: bool = True,
                   not_acting: str = "", check: Callable[[Action], Any] | None = None) -> NextStep:
    """The next-step control for this position.

    ``legal`` are the actions of the side at the screen (empty when it may not act);
    ``check(action)`` returns the game's refusal for an action that is not legal now.
    """
    from app.ui.hooks import call_hook
    got = call_hook(game, "next_step", state)
    action: Action | None = None
    label = ""
    if isinstance(got, dict):
        action = got.get("action") if isinstance(got.get("action"), dict) else None
        label = str(got.get("label") or "")
    if action is None:
        action = default_next(legal)
    if action is not None and not label:
        label = str(_call(getattr(game, "describe_action", None), state, action) or "")
    if not label:
        label = "Next step"          # nothing to end now: the prompt (tooltip) says what to do
    if not can_act:
        return NextStep(action, label, False, not_acting or "Not your turn")
    enabled = action is not None and any(_same(action, a) for a in legal)
    why = ""
    if not enabled:
        if action is not None and check is not None:
            prob = _call(check, action)
            why = str(prob) if prob else ""
        if not why:
            prompt = str(_call(getattr(game, "prompt", None), state) or "")
            why = f"Not yet. {prompt}" if prompt else "Nothing to end at this point"
    movers = sorted({m for a in legal if "to" in a and (m := _mover(a)) is not None}) if enabled else []
    return NextStep(action, label, enabled, why, movers)


def ask(parent: Any, title: str, text: str) -> bool:
    """A yes/no question (tests replace this to answer it)."""
    from PySide6.QtWidgets import QMessageBox
    r = QMessageBox.question(parent, title, text)
    return r == QMessageBox.StandardButton.Yes


def confirm_next(parent: Any, nxt: NextStep) -> bool:
    """The same confirmation whether the control is pressed or Space is keyed."""
    return ask(parent, f"{nxt.label}?", nxt.confirm_text)
