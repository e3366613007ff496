"""Spotting shown while a unit is dragged: the enemy it would spot from the hex under the pointer
(ringed green) and the enemy that would see it there (ringed amber), with a count in the status
bar. Any game can have it with the optional hook ``spotting(state, side, hex)`` returning
``{"spots": [hex...], "seen_by": [hex...], "range_here": int}``; the game leaves out what the
player may not know (hidden units)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from app.ui.hooks import call_hook
from app.ui.scene import PathItem, cpen

Z_SPOT = 45.0
SPOTS = QColor("#1E7A3C")
SEEN = QColor("#D4860B")


def spot_text(info: dict[str, Any]) -> str:
    n, k = len(info.get("spots") or []), len(info.get("seen_by") or [])
    bits = [f"would spot enemy in {n} hex{'es' if n != 1 else ''}" if n else "would spot no enemy",
            f"seen from {k} enemy hex{'es' if k != 1 else ''}" if k else "unseen by known enemy"]
    return ", ".join(bits)


class SpottingLayer:
    def __init__(self, window: Any):
        self.w = window
        self.item = PathItem(Z_SPOT)
        window.scene.addItem(self.item)
        self.info: dict[str, Any] | None = None
        self.text = ""
        self._key: tuple[Any, ...] | None = None

    def follow_drag(self, pid: str, loc: Any) -> None:
        game, state = self.w.shown()
        pc = self.w.scene.piece(pid) or {}
        side = pc.get("side")
        key = (id(state), side, loc)
        if key == self._key:
            return
        self._key = key
        board = self.w.scene.board
        if game is None or loc is None or str(loc).startswith("box:") or board.anchor(loc) is None:
            self.clear()
            return
        info = call_hook(game, "spotting", state, side, str(loc), default=None)
        if not isinstance(info, dict):
            self.clear()
            return
        self.info = info
        self.text = spot_text(info)
        shapes = []
        for h in info.get("seen_by") or []:
            shapes.append((board.shape(h), QBrush(QColor(212, 134, 11, 40)), cpen(SEEN, 3.0, Qt.PenStyle.DashLine)))
        for h in info.get("spots") or []:
            shapes.append((board.shape(h), None, cpen(SPOTS, 3.0)))
        self.item.set_shapes(shapes)

    def clear(self) -> None:
        self._key = None
        self.info = None
        self.text = ""
        self.item.clear()
