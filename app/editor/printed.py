"""A layer that shows the game window's printed board under the editor's own layers.

Hex maps and tables both draw a :mod:`app.ui.boards` picture scaled into the editor's scene;
they differ only in the scale and in where the board's origin sits, which subclasses give.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem


class PrintedBoardItem(QGraphicsItem):
    """Paints ``self.board`` (an ``app.ui.boards`` board) scaled by :meth:`_t` from its origin
    :meth:`_origin`. Qt caches the picture per zoom, so panning never repaints it."""

    def __init__(self, scene: QGraphicsScene, z: float):
        super().__init__()
        self.s = scene
        self.board: Any = None
        self.setZValue(z)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def _t(self) -> float:
        """Editor scene px per board scene px."""
        raise NotImplementedError

    def _origin(self) -> tuple[float, float]:
        """Where the board's picture starts, in board scene px."""
        raise NotImplementedError

    def boundingRect(self) -> QRectF:
        b = self.board
        if b is None:
            return QRectF()
        (ox, oy), r, t = self._origin(), b.rect(), self._t()
        return QRectF((r.left() - ox) * t, (r.top() - oy) * t, r.width() * t, r.height() * t)

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        b = self.board
        if b is None:
            return
        t = self._t()
        ox, oy = self._origin()
        ex = option.exposedRect if not option.exposedRect.isEmpty() else self.boundingRect()
        rect = QRectF(ex.left() / t + ox, ex.top() / t + oy, ex.width() / t, ex.height() / t)
        rect = rect.intersected(b.rect())
        if rect.isEmpty():
            return
        p.save()
        p.scale(t, t)
        p.translate(-ox, -oy)
        b.paint(p, rect, option.levelOfDetailFromTransform(p.worldTransform()))
        p.restore()
