"""While a piece is dragged: where it may go, and what it would see, reach and touch from
under the pointer.

Any game may offer ``drag_regions(state, piece)`` (regions in board units, each with a
``kind`` such as "road" or "off-road" and a ``label``) and ``drag_lines(state, piece, at)``
(lines from the dragged spot to other pieces, each with a ``kind``: "contact", "range",
"spot", "blocked"; or rings with ``circle``). The window draws them in one scene item and
clears it on the drop; the status bar names what the spot would touch and fire on.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from app.ui.hooks import call_hook, game_hook

STYLE: dict[str, tuple[str, float, Qt.PenStyle]] = {
    "contact": ("#B03020", 3.0, Qt.PenStyle.SolidLine),
    "range": ("#1F4E79", 2.0, Qt.PenStyle.SolidLine),
    "spot": ("#2E7D32", 1.6, Qt.PenStyle.DashLine),
    "blocked": ("#7A7060", 1.4, Qt.PenStyle.DotLine),
}
REGION: dict[str, tuple[QColor, QColor]] = {
    "road": (QColor(139, 58, 43, 70), QColor(139, 58, 43, 220)),
    "off-road": (QColor(212, 160, 23, 0), QColor(160, 120, 10, 220)),
}


class DragLinesItem(QGraphicsItem):
    """Regions, lines and rings drawn above the map and under the dragged piece's label."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.regions: list[tuple[QPainterPath, QColor, QColor]] = []
        self.lines: list[tuple[QPointF, QPointF, str, str]] = []
        self.rings: list[tuple[QPointF, float, str, str]] = []
        self._rect = QRectF()

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect

    def set_content(self, regions, lines, rings) -> None:
        self.prepareGeometryChange()
        self.regions, self.lines, self.rings = regions, lines, rings
        r = QRectF()
        for path, _, _ in regions:
            r = r.united(path.boundingRect())
        for a, b, _, _ in lines:
            r = r.united(QRectF(a, b).normalized())
        for c, rad, _, _ in rings:
            r = r.united(QRectF(c.x() - rad, c.y() - rad, rad * 2, rad * 2))
        self._rect = r.adjusted(-80, -30, 80, 30)
        self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for path, fill, edge in self.regions:
            p.setBrush(QBrush(fill))
            p.setPen(QPen(edge, 2.0, Qt.PenStyle.DashLine if fill.alpha() == 0 else Qt.PenStyle.SolidLine))
            p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for c, rad, kind, _ in self.rings:
            col, w, style = STYLE.get(kind, STYLE["spot"])
            p.setPen(QPen(QColor(col), 1.2, Qt.PenStyle.DashLine))
            p.drawEllipse(c, rad, rad)
        f = QFont()
        f.setPointSizeF(8)
        f.setBold(True)
        p.setFont(f)
        for a, b, kind, label in self.lines:
            col, w, style = STYLE.get(kind, STYLE["range"])
            p.setPen(QPen(QColor(col), w, style, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
            if label:
                mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
                tr = p.fontMetrics().boundingRect(label).adjusted(-3, -1, 3, 1)
                tr.moveCenter(mid.toPoint())
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(250, 247, 238, 225))
                p.drawRoundedRect(QRectF(tr), 3, 3)
                p.setPen(QColor(col))
                p.drawText(QRectF(tr), Qt.AlignmentFlag.AlignCenter, label)
                p.setBrush(Qt.BrushStyle.NoBrush)


def _items(window: Any) -> tuple[DragLinesItem, DragLinesItem]:
    """The regions (above the lit destinations, under the pieces) and the lines (above the
    pieces, under the dragged one)."""
    items = getattr(window, "drag_lines_items", None)
    if items is None or items[0].scene() is not window.scene:
        from app.ui.scene import Z_DRAG, Z_TARGETS
        items = window.drag_lines_items = (DragLinesItem(Z_TARGETS + 0.5), DragLinesItem(Z_DRAG - 1))
        for it in items:
            window.scene.addItem(it)
    return items


def offered(game: Any) -> bool:
    return game is not None and (game_hook(game, "drag_lines") is not None
                                 or game_hook(game, "drag_regions") is not None)


def update(window: Any, pid: str, pos: QPointF) -> str:
    """Draw the regions and lines for ``pid`` dragged to scene point ``pos``; returns a short
    summary for the status bar ("" when the game offers nothing)."""
    game, state = window.shown()
    if not offered(game) or window.match is None or window._replay is not None:
        return ""
    board = window.scene.board
    key = (pid, len(window.match.history))
    if getattr(window, "_drag_key", None) != key:
        window._drag_key = key
        window._drag_regions = []
        for r in call_hook(game, "drag_regions", state, pid, default=[]) or []:
            path = board.shape(r.get("points"))
            fill, edge = REGION.get(str(r.get("kind")), REGION["off-road"])
            if not path.isEmpty():
                window._drag_regions.append((path, fill, edge))
    at = board.to_board(pos)
    lines, rings, words = [], [], []
    if isinstance(at, (list, tuple)) and len(at) == 2:
        scale = board.pt(1.0, 0.0).x() - board.pt(0.0, 0.0).x() if hasattr(board, "pt") else 1.0
        for ln in call_hook(game, "drag_lines", state, pid, (float(at[0]), float(at[1])), default=[]) or []:
            kind, label = str(ln.get("kind", "")), str(ln.get("label", ""))
            if ln.get("circle"):
                c = board.anchor(ln.get("at"))
                if c is not None:
                    rings.append((c, float(ln.get("r", 0)) * scale, kind, label))
                continue
            pts = [board.anchor(p) for p in ln.get("points", [])]
            if len(pts) == 2 and None not in pts:
                lines.append((pts[0], pts[1], kind, label if kind in ("contact", "range") else ""))
                if kind in ("contact", "range"):
                    words.append(label)
    regions_item, lines_item = _items(window)
    regions_item.set_content(list(window._drag_regions), [], [])
    lines_item.set_content([], lines, rings)
    return "; ".join(words)


def clear(window: Any) -> None:
    for item in getattr(window, "drag_lines_items", None) or ():
        if item.scene() is window.scene:
            item.set_content([], [], [])
    window._drag_key = None
