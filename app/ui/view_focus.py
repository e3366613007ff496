"""The opening zoom: the whole board, and the off-map boxes the game says the player needs first.

A game may offer the hook ``opening_view(state)``: ``{"boxes": [box ids]}`` (app.ui.hooks), for
instance the box its units wait in during set-up when the prompt sends the player there. The
view then fits the board and those boxes together, and fits them again when the next player
takes the screen (the boxes fill with that player's pieces) and when the view is resized, until
the player zooms or the game stops asking. Games without the hook keep the plain fit (the board alone), so their opening zoom
does not change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QRectF, Qt

from app.ui.hooks import call_hook


def opening_rect(view: Any, game: Any, state: Any) -> QRectF | None:
    """The board united with the boxes the game names, or None for the plain fit."""
    got = call_hook(game, "opening_view", state, default=None)
    if not isinstance(got, dict):
        return None
    slots = getattr(view.map, "box_slots", {}) or {}
    rect = QRectF(view.map.board.rect())
    added = False
    for b in got.get("boxes") or []:
        r = slots.get(str(b).removeprefix("box:"))
        if r is not None and not r.isEmpty():
            rect = rect.united(r.adjusted(-8, -8, 8, 8))
            added = True
    return rect if added and not rect.isEmpty() else None


def _fit(view: Any, rect: QRectF) -> None:
    view.resetTransform()
    view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
    view.auto_fit = False              # a resize keeps this zoom (the F key still fits the board)
    view.zoomed.emit(view.scale_factor())
    view.overview.place()
    view.overview.update()


def fit_opening(win: Any, game: Any, state: Any) -> None:
    """Zoom to fit the board, or the board and the boxes the game names (``opening_view``)."""
    view = win.view
    view.zoom_to_fit()
    win._opening_focus = None
    rect = opening_rect(view, game, state)
    if rect is None:
        return
    _fit(view, rect)
    win._opening_focus = (game, view.scale_factor())
    if not getattr(win, "_opening_focus_hooked", False):
        win.handover.accepted.connect(lambda: _refit(win))
        win._opening_focus_filter = _OnResize(win)
        view.viewport().installEventFilter(win._opening_focus_filter)
        win._opening_focus_hooked = True


class _OnResize(QObject):
    """Refits the opening view when the map's viewport changes size (docks settling, the window
    resized), as the plain fit does for the board alone."""

    def __init__(self, win: Any):
        super().__init__(win)
        self.win = win

    def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            _refit(self.win)
        return False


def _refit(win: Any) -> None:
    """After a hand-over: the boxes now hold the next player's pieces; fit them again unless the
    player has zoomed since or the game no longer names boxes."""
    focus = getattr(win, "_opening_focus", None)
    match = getattr(win, "match", None)
    if not focus or match is None:
        return
    game, scale = focus
    rect = opening_rect(win.view, game, match.state)
    if rect is None or abs(win.view.scale_factor() - scale) > 1e-6:
        win._opening_focus = None
        return
    _fit(win.view, rect)
    win._opening_focus = (game, win.view.scale_factor())
