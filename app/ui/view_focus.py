"""The opening zoom: the whole board, and the off-map boxes the game says the player needs first.

A game may offer the hook ``opening_view(state)``: ``{"boxes": [box ids]}`` (app.ui.hooks), for
instance the box its units wait in during set-up when the prompt sends the player there. The
view then fits the board and those boxes together. Games without the hook keep the plain fit
(the board alone), so their opening zoom does not change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt

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


def fit_opening(view: Any, game: Any, state: Any) -> None:
    """Zoom to fit the board, or the board and the boxes the game names (``opening_view``).
    With boxes the view stops re-fitting the board alone on resize (the player's F key still
    fits the board)."""
    view.zoom_to_fit()
    rect = opening_rect(view, game, state)
    if rect is None:
        return
    view.resetTransform()
    view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
    view.auto_fit = False
    view.zoomed.emit(view.scale_factor())
    view.overview.place()
    view.overview.update()
