"""A layer that shows the game window's printed board under the editor's own layers.

Hex maps and tables both draw a :mod:`app.ui.boards` picture scaled into the editor's scene;
they differ only in the scale and in where the board's origin sits, which subclasses give.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QRectF, QTimer, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem


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


#: the printed board is rebuilt this long after the last edit, so a brush stroke stays fluid
BOARD_DELAY_MS = 150


def try_board(make: Callable[[], Any]) -> Any:
    """The game's board made from the data being edited, or None while the data cannot make one
    yet (an unfinished board is drawn plainly by the editor's own layers)."""
    try:
        return make()
    except Exception:  # noqa: BLE001 - half-made data is normal while editing
        return None


class PrintedBoardHost:
    """A scene that shows the game's printed board under its own layers: the board is rebuilt a
    moment after each edit, and the designer can switch it off. The scene gives ``_rebuild_board``."""

    printed_map = True

    def _make_board_timer(self) -> None:
        self._board_timer = QTimer(self)
        self._board_timer.setSingleShot(True)
        self._board_timer.setInterval(BOARD_DELAY_MS)
        self._board_timer.timeout.connect(self._rebuild_board)

    def _board_edited(self) -> None:
        """The data changed: rebuild the printed board once the edits pause."""
        if self.printed_map:
            self._board_timer.start()

    def set_printed_map(self, on: bool) -> None:
        """Show the game's printed board under the editor's layers (True) or the editor's plain drawing."""
        self.printed_map = bool(on)
        self._rebuild_board()


class EditScene(PrintedBoardHost, QGraphicsScene):
    """A scene editing a document with the printed board under its layers: what it tells the
    window (``message``, ``hoverChanged``) and the tool in hand, "select" to begin with."""

    message = Signal(str)
    hoverChanged = Signal(str)

    def __init__(self, doc: Any, parent: Any = None):
        super().__init__(parent)
        self.doc = doc
        self.tool = "select"

    def _show_printed(self, item: QGraphicsItem) -> None:
        """``item`` draws the printed board: shown (the designer may switch it off), rebuilt a
        moment after each edit."""
        self.printed_map = True
        self.printed = item
        self.addItem(item)
        self._make_board_timer()

    def mouseReleaseEvent(self, ev: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt's name
        """Both scenes finish a press-and-drag in their own ``release``."""
        self.release(ev.scenePos())  # type: ignore[attr-defined]
        ev.accept()


class SceneLayer(QGraphicsItem):
    """An item as large as its scene that paints the editor's own drawing of the document (the
    scene ``s`` it is given holds the data); subclasses give ``paint``."""

    def __init__(self, scene: QGraphicsScene, z: float | None = None):
        super().__init__()
        self.s: Any = scene
        if z is not None:
            self.setZValue(z)

    def boundingRect(self) -> QRectF:
        return self.s.sceneRect()
