"""F1, Help > Rule under the pointer: tooltips cannot be clicked, so the rule they cite is
reached from the keyboard instead (issue 15 point 12).

What is under the pointer is asked in this order: the hover card (its rule is also a link, and a
click on the card opens it), an action button (the rule the action cites first when carried out,
worked out on a copy of the position), then the tooltip of the widget under the pointer or of
its parents. With no rule there, F1 shows the keys table as before.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from app.engine.game import Context
from app.ui.rules_panel import first_rule


def action_rule(game: Any, state: Any, action: dict) -> str:
    """The first rule ``action`` cites when carried out on a copy of ``state`` ("" if none)."""
    try:
        s = state.copy()
        ctx = Context(s.rng)
        game.apply(s, action, ctx)
    except Exception:            # an action that cannot be tried here simply cites nothing
        return ""
    return next((str(e.rule) for e in ctx.events if e.rule), "")


def widget_rule(win: Any, w: QWidget | None) -> str:
    """The rule cited by ``w`` or its parents: hover card, action button, else a tooltip."""
    card = win.hover_card
    while w is not None:
        if w is card or (w is win.view.viewport() and card.isVisible()):
            if card.isVisible() and card.rule:
                return card.rule
        if isinstance(w, QAbstractButton) and isinstance(getattr(w, "action", None), dict) \
                and win.match is not None:
            got = first_rule(w.toolTip()) or action_rule(win.match.game, win.match.state, w.action)
            if got:
                return got
        got = first_rule(w.toolTip())
        if got:
            return got
        w = w.parentWidget()
    return ""


def rule_under_pointer(win: Any, at: QPoint | None = None) -> str:
    at = QCursor.pos() if at is None else at
    return widget_rule(win, QApplication.widgetAt(at))


def open_rule_here(win: Any, at: QPoint | None = None) -> bool:
    """Open the Rules panel on the rule under the pointer; the keys table when there is none."""
    rule = rule_under_pointer(win, at)
    if not rule:
        win.show_keys()
        return False
    if win.open_rule(rule):
        win.status(f"Rule {rule}: opened in the Rules panel")
    else:
        win.status(f"Rule {rule}: the Rules panel has no summary of it yet")
    return True
