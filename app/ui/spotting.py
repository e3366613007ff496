"""Spotting shown while a unit is dragged: the enemy it would spot from the hex under the pointer
(ringed green) and the enemy that would see it there (ringed amber), with a count in the status
bar. Any game can have it with the optional hook ``spotting(state, side, hex)`` returning
``{"spots": [hex...], "seen_by": [hex...], "range_here": int}``; the game leaves out what the
player may not know (hidden units)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from app.ui.hook_overlay import HookOverlay
from app.ui.scene import cpen

Z_SPOT = 45.0
SPOTS = QColor("#1E7A3C")
SEEN = QColor("#D4860B")


def spot_text(info: dict[str, Any]) -> str:
    n, k = len(info.get("spots") or []), len(info.get("seen_by") or [])
    bits = [f"would spot enemy in {n} hex{'es' if n != 1 else ''}" if n else "would spot no enemy",
            f"seen from {k} enemy hex{'es' if k != 1 else ''}" if k else "unseen by known enemy"]
    return ", ".join(bits)


class SpottingLayer(HookOverlay):
    """The rings of what a dragged unit would spot and be seen by from the hex under it."""

    def __init__(self, window: Any):
        super().__init__(window, Z_SPOT)

    def follow_drag(self, pid: str, loc: Any) -> None:
        game, state = self.w.shown()
        pc = self.w.scene.piece(pid) or {}
        side = pc.get("side")
        if not self.changed((id(state), side, loc)):
            return
        board = self.w.scene.board
        if game is None or loc is None or str(loc).startswith("box:") or board.anchor(loc) is None:
            self.clear()
            return
        info = self.answer(game, "spotting", state, side, str(loc))
        if info is None:
            return
        self.text = spot_text(info)
        shapes = []
        for h in info.get("seen_by") or []:
            shapes.append((board.shape(h), QBrush(QColor(212, 134, 11, 40)), cpen(SEEN, 3.0, Qt.PenStyle.DashLine)))
        for h in info.get("spots") or []:
            shapes.append((board.shape(h), None, cpen(SPOTS, 3.0)))
        self.item.set_shapes(shapes)
