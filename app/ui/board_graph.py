"""Point-to-point boards: spaces joined by links (a ``pointgraph`` board file), their plaques and
arrows."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QLinearGradient, QPainter, QPainterPath,
                           QPen, QPolygonF, QRadialGradient)

from app.ui import theme
from app.ui.board_paint import deco_rng, lod_bucket, texture_tile, draw_halo_text
from app.ui.board_base import MARGIN, Board


PLAQUE_W, PLAQUE_H = 156.0, 100.0


class GraphBoard(Board):
    kind = "pointgraph"
    plaque_width = PLAQUE_W

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        from app.engine.pointgraph import PointGraph
        self.graph = PointGraph.from_json(data)
        spaces = self.graph.spaces()
        self.unit = 56.0
        xs = [s.x for s in spaces] or [0.0]
        ys = [s.y for s in spaces] or [0.0]
        dmin = math.inf
        for i, a in enumerate(spaces):
            for b in spaces[i + 1:]:
                d = math.hypot(a.x - b.x, a.y - b.y)
                if d > 1e-9:
                    dmin = min(dmin, d)
        ext = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
        s = 235.0 / dmin if dmin < math.inf else 1.0
        s = max(s, 900.0 / ext)
        s = min(s, 5200.0 / ext)
        self.s = s
        self.x0, self.y0 = min(xs), min(ys)
        pad = MARGIN + PLAQUE_W
        self.pad = pad
        self.centre: dict[str, QPointF] = {
            sp.id: QPointF((sp.x - self.x0) * s + pad, (sp.y - self.y0) * s + pad) for sp in spaces}
        w = (max(xs) - self.x0) * s + 2 * pad
        h = (max(ys) - self.y0) * s + 2 * pad
        self._rect = QRectF(0, 0, w, h)

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def locations(self) -> list[str]:
        return list(self.centre)

    def plaque(self, sid: str) -> QRectF:
        c = self.centre[sid]
        return QRectF(c.x() - PLAQUE_W / 2, c.y() - PLAQUE_H / 2, PLAQUE_W, PLAQUE_H)

    def locate(self, pos: QPointF) -> str | None:
        for sid in reversed(list(self.centre)):
            if self.plaque(sid).adjusted(-6, -6, 6, 6).contains(pos):
                return sid
        return None

    def anchor(self, loc: Any) -> QPointF | None:
        if isinstance(loc, str) and loc in self.centre:
            c = self.centre[loc]
            return QPointF(c.x(), c.y() + 13 - PLAQUE_H * 0.02)
        if isinstance(loc, (list, tuple)) and len(loc) == 2:
            return QPointF((loc[0] - self.x0) * self.s + self.pad, (loc[1] - self.y0) * self.s + self.pad)
        return None

    def shape(self, loc: Any) -> QPainterPath:
        path = QPainterPath()
        if isinstance(loc, str) and loc in self.centre:
            path.addRoundedRect(self.plaque(loc), 12, 12)
        return path

    def describe(self, loc: Any) -> list[str]:
        if not isinstance(loc, str) or loc not in self.centre:
            return []
        sp = self.graph.space(loc)
        out = [sp.id]
        if sp.name:
            out.append(sp.name)
        if sp.colour:
            out.append(sp.colour)
        if sp.tags:
            out.append(", ".join(sp.tags))
        nb = self.graph.neighbours(loc)
        if nb:
            out.append("links: " + " ".join(nb))
        return out

    def measure(self, a: QPointF, b: QPointF) -> tuple[str, QPainterPath]:
        sa, sb = self.locate(a), self.locate(b)
        path = QPainterPath()
        if sa is None or sb is None:
            return "point at two spaces", path
        route = self.graph.shortest_path(sa, sb)
        if route is None:
            return f"{sa} \u2192 {sb}: not linked", path
        for sid in route:
            path.addRoundedRect(self.plaque(sid), 12, 12)
        return f"{sa} \u2192 {sb}: {len(route) - 1} link(s) ({' - '.join(route)})", path

    def _edge_point(self, sid: str, towards: QPointF) -> QPointF:
        """Where the line from the plaque centre to ``towards`` leaves the plaque."""
        c = self.centre[sid]
        dx, dy = towards.x() - c.x(), towards.y() - c.y()
        if abs(dx) < 1e-9 and abs(dy) < 1e-9:
            return c
        hw, hh = PLAQUE_W / 2 + 4, PLAQUE_H / 2 + 4
        t = min(hw / abs(dx) if dx else math.inf, hh / abs(dy) if dy else math.inf)
        return QPointF(c.x() + dx * t, c.y() + dy * t)

    def paint(self, p: QPainter, rect: QRectF, lod: float) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        grad = QRadialGradient(r.center(), max(r.width(), r.height()) * 0.7)
        grad.setColorAt(0.0, QColor("#EFEAD8"))
        grad.setColorAt(1.0, QColor("#D9D1B6"))
        p.fillRect(rect, QBrush(grad))
        p.fillRect(rect, texture_tile("stipple", QColor(0, 0, 0, 0).rgba(), lod_bucket(lod)))
        # faint contour lines: a snowbound hill country under the diagram
        rr = deco_rng(17)
        p.setPen(QPen(QColor(150, 130, 95, 45), 1.1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        for _ in range(14):
            cx, cy = r.left() + rr() * r.width(), r.top() + rr() * r.height()
            base = 60 + rr() * 160
            for k in range(4):
                rad = base * (1 - k * 0.22)
                p.drawEllipse(QPointF(cx, cy), rad * 1.35, rad * 0.8)
        # links under everything
        for ln in self.graph.links():
            a, b = self.centre[ln.a], self.centre[ln.b]
            style = {"dashed": Qt.PenStyle.DashLine, "dotted": Qt.PenStyle.DotLine}.get(ln.style, Qt.PenStyle.SolidLine)
            p.setPen(QPen(QColor(250, 246, 232, 200), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
            pen = QPen(QColor("#4A4038"), 2.2, style, Qt.PenCapStyle.FlatCap)
            p.setPen(pen)
            p.drawLine(a, b)
        # arrows, bent so opposite arrows do not overlap
        for ar in self.graph.arrows():
            self._paint_arrow(p, ar.src, ar.dst, theme.colour(ar.colour))
        for sid in self.centre:
            self._paint_plaque(p, sid, lod)
        for lb in self.graph.labels:
            if not isinstance(lb, dict) or "text" not in lb:
                continue
            at = self.anchor([lb.get("x", 0), lb.get("y", 0)])
            size = float(lb.get("size", 18))
            f0 = QFont(theme.map_font(size, italic=True, bold=True))
            f0.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, size * 0.25)
            half = QFontMetricsF(f0).horizontalAdvance(str(lb["text"])) / 2 + MARGIN
            at = QPointF(min(max(at.x(), r.left() + half), r.right() - half), at.y())
            draw_halo_text(p, at, str(lb["text"]), theme.map_font(size, italic=True, bold=True),
                           QColor("#4F6F86"), QColor(250, 246, 232, 160), spacing=size * 0.25)
        p.setPen(QPen(theme.INK, 2.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(r.adjusted(MARGIN / 2, MARGIN / 2, -MARGIN / 2, -MARGIN / 2))
        p.setPen(QPen(theme.INK, 0.8))
        p.drawRect(r.adjusted(MARGIN / 2 - 5, MARGIN / 2 - 5, -MARGIN / 2 + 5, -MARGIN / 2 + 5))
        p.restore()

    def _paint_arrow(self, p: QPainter, src: str, dst: str, col: QColor) -> None:
        a0, b0 = self.centre[src], self.centre[dst]
        dx, dy = b0.x() - a0.x(), b0.y() - a0.y()
        ln = math.hypot(dx, dy) or 1
        nx, ny = -dy / ln, dx / ln
        bend = min(40.0, ln * 0.12)
        mid = QPointF((a0.x() + b0.x()) / 2 + nx * bend, (a0.y() + b0.y()) / 2 + ny * bend)
        a = self._edge_point(src, mid)
        b = self._edge_point(dst, mid)
        # arrow head direction from the curve's tangent at the end
        tx, ty = b.x() - mid.x(), b.y() - mid.y()
        tl = math.hypot(tx, ty) or 1
        tx, ty = tx / tl, ty / tl
        head = 15.0
        base = QPointF(b.x() - tx * head, b.y() - ty * head)
        path = QPainterPath(a)
        path.quadTo(mid, base)
        outline = QColor(30, 25, 20, 160) if theme.is_dark(col) is False else QColor(250, 246, 232, 200)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(outline, 6.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)
        p.setPen(QPen(col, 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawPath(path)
        tri = QPolygonF([b, QPointF(base.x() - ty * head * 0.55, base.y() + tx * head * 0.55),
                         QPointF(base.x() + ty * head * 0.55, base.y() - tx * head * 0.55)])
        p.setPen(QPen(outline, 1.4))
        p.setBrush(col)
        p.drawPolygon(tri)

    def _paint_plaque(self, p: QPainter, sid: str, lod: float) -> None:
        sp = self.graph.space(sid)
        rect = self.plaque(sid)
        fill = theme.colour(sp.colour, "#F1EBD7")
        # soft shadow
        p.setPen(Qt.PenStyle.NoPen)
        for i, a in enumerate((22, 16, 10)):
            p.setBrush(QColor(0, 0, 0, a))
            p.drawRoundedRect(rect.translated(2 + i, 3 + i), 12, 12)
        body = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        body.setColorAt(0, QColor("#FBF8EE"))
        body.setColorAt(1, QColor("#EAE3CC"))
        p.setBrush(QBrush(body))
        p.setPen(QPen(theme.INK, 1.6))
        p.drawRoundedRect(rect, 12, 12)
        # coloured title band
        band = QRectF(rect.left(), rect.top(), rect.width(), 26)
        clip = QPainterPath()
        clip.addRoundedRect(rect, 12, 12)
        p.save()
        p.setClipPath(clip)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawRect(band)
        p.restore()
        p.setPen(QPen(theme.INK, 1.0))
        p.drawLine(band.bottomLeft(), band.bottomRight())
        txt = QColor("#FFFFFF") if theme.is_dark(fill) else theme.INK
        f = theme.map_font(14, bold=True)
        p.setFont(f)
        p.setPen(txt)
        title = sp.name or sp.id
        fm = QFontMetricsF(f)
        title = fm.elidedText(title, Qt.TextElideMode.ElideRight, rect.width() - 14)
        p.drawText(band.adjusted(7, 0, -7, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignHCenter, title)
        if sp.name and sp.name != sp.id:
            f2 = theme.counter_font(10, bold=True)
            p.setFont(f2)
            p.setPen(QColor(60, 50, 40, 170))
            p.drawText(QRectF(rect.left() + 6, rect.bottom() - 16, rect.width() - 12, 14),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, sp.id)
        tags = [t for t in sp.tags]
        if sp.kind:
            tags.insert(0, sp.kind)
        if tags:
            f3 = theme.map_font(9.5, italic=True)
            p.setFont(f3)
            p.setPen(QColor(60, 50, 40, 190))
            p.drawText(QRectF(rect.left() + 6, rect.bottom() - 16, rect.width() - 40, 14),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, ", ".join(tags))
