"""The editor's view of its scene: wheel zoom, fit, and middle-button panning."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsView, QWidget


class EditorView(QGraphicsView):
    """Wheel zooms around the cursor; the middle button pans."""

    zoomed = Signal(float)

    def __init__(self, scene: Any = None, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform | QPainter.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setBackgroundBrush(QColor("#5E5A50"))
        self._pan: QPointF | None = None

    def wheelEvent(self, ev: Any) -> None:
        f = 1.15 if ev.angleDelta().y() > 0 else 1 / 1.15
        self.zoom(f)

    def zoom(self, f: float) -> None:
        s = self.transform().m11() * f
        if 0.05 < s < 12:
            self.scale(f, f)
            self.zoomed.emit(self.transform().m11())

    def fit(self) -> None:
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.KeepAspectRatio)
            self.zoomed.emit(self.transform().m11())

    def mousePressEvent(self, ev: Any) -> None:
        if ev.button() == Qt.MiddleButton:
            self._pan = ev.position()
            self.setCursor(Qt.ClosedHandCursor)
            return
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev: Any) -> None:
        if self._pan is not None:
            d = ev.position() - self._pan
            self._pan = ev.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - d.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - d.y()))
            return
        super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev: Any) -> None:
        if ev.button() == Qt.MiddleButton:
            self._pan = None
            self.unsetCursor()
            return
        super().mouseReleaseEvent(ev)
