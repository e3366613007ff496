"""The blank board: no board file, a plain table to push pieces around on (sandbox), or the title
page when no game is open."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient

from app.ui import theme
from app.ui.board_paint import deco_rng, draw_halo_text
from app.ui.board_base import MARGIN, PPI, Board


class BlankBoard(Board):
    """No board file: a plain table to push pieces around on (sandbox)."""

    kind = "blank"
    free = True

    def __init__(self, data: dict[str, Any] | None = None):
        super().__init__(data)
        self.unit = 50.0

    def rect(self) -> QRectF:
        return QRectF(0, 0, 1200, 800)

    def to_board(self, pos: QPointF) -> Any:
        return [round(pos.x() / PPI, 2), round(pos.y() / PPI, 2)]

    def anchor(self, loc: Any) -> QPointF | None:
        if isinstance(loc, (list, tuple)) and len(loc) == 2:
            return QPointF(float(loc[0]) * PPI, float(loc[1]) * PPI)
        return None

    def paint(self, p: QPainter, rect: QRectF, lod: float) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(rect, theme.TABLE_EDGE)
        paper = self.rect().adjusted(MARGIN, MARGIN, -MARGIN, -MARGIN)
        if self.data:
            p.fillRect(paper, theme.CLOTH)
            p.restore()
            return
        # no game yet: a title page
        g = QRadialGradient(paper.center(), paper.width() * 0.7)
        g.setColorAt(0, QColor("#F4EFDF"))
        g.setColorAt(1, QColor("#DDD3B6"))
        p.fillRect(paper, QBrush(g))
        p.setPen(QPen(theme.INK, 2.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(paper.adjusted(18, 18, -18, -18))
        p.setPen(QPen(theme.INK, 0.8))
        p.drawRect(paper.adjusted(24, 24, -24, -24))
        # a few contour lines, a ridge on the horizon
        r = deco_rng(3)
        p.setPen(QPen(QColor(120, 100, 70, 60), 1.2))
        for k in range(9):
            path = QPainterPath()
            y0 = paper.top() + paper.height() * (0.62 + k * 0.035)
            pts = [QPointF(paper.left() + 30 + i * (paper.width() - 60) / 24,
                           y0 - 60 * math.sin(i / 24 * math.pi * 1.3 + k * 0.2) * (1 - k * 0.08) + r() * 4)
                   for i in range(25)]
            path.addPolygon(QPolygonF(pts))
            p.drawPath(path)
        c = paper.center()
        draw_halo_text(p, QPointF(c.x(), c.y() - 120), "RIDGELINE", theme.map_font(78, bold=True), theme.INK,
                       None, spacing=14)
        draw_halo_text(p, QPointF(c.x(), c.y() - 45), "Korean War wargames, every rule enforced",
                       theme.map_font(22, italic=True), QColor("#5A4630"), None)
        draw_halo_text(p, QPointF(c.x(), c.y() + 40),
                       "File › New game (Ctrl+N)   ·   File › Open (Ctrl+O)",
                       theme.map_font(18), theme.INK, QColor(250, 246, 232, 200))
        p.restore()
