"""Tables in inches: a ``table`` board file's geometry (points in inches, features' outlines,
what stands at a point, distances in inches). The picture is in :mod:`app.ui.board_table_paint`."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF


from app.ui.board_base import MARGIN, PPI, Board
from app.ui.board_table_paint import TablePicture


class TableBoard(TablePicture, Board):
    kind = "table"

    free = True

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        from app.engine.table import Table
        self.table = Table.from_json(data)
        self.unit = PPI * 1.0
        self.show_grid = True
        self.pad = MARGIN
        w, h = self.table.width, self.table.height
        self.cloth = QRectF(self.pad, self.pad, w * PPI, h * PPI)
        self._rect = self.cloth.adjusted(-self.pad, -self.pad, self.pad, self.pad)
        self._paths: list[tuple[Any, list[QPainterPath]]] = []
        for f in self.table.features():
            self._paths.append((f, self._contours(f)))

    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def pt(self, x: float, y: float) -> QPointF:
        return QPointF(self.pad + x * PPI, self.pad + y * PPI)

    def inches(self, pos: QPointF) -> tuple[float, float]:
        return ((pos.x() - self.pad) / PPI, (pos.y() - self.pad) / PPI)

    def _poly_path(self, coords) -> QPainterPath:
        path = QPainterPath()
        pts = [self.pt(x, y) for x, y in coords]
        if pts:
            path.addPolygon(QPolygonF(pts))
            path.closeSubpath()
        return path

    def _geom_path(self, geom) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        for g in getattr(geom, "geoms", [geom]):
            if g.is_empty or g.geom_type != "Polygon":
                continue
            path.addPath(self._poly_path(g.exterior.coords))
            for hole in g.interiors:
                path.addPath(self._poly_path(hole.coords))
        return path

    def _contours(self, f) -> list[QPainterPath]:
        """The outline, and for hills nested contours shrinking towards the crest."""
        if f.is_line:
            return []
        out = [self._geom_path(f.geometry)]
        if self._style(f) == "hill":
            levels = int(f.attrs.get("elevation", 3) or 3)
            levels = max(2, min(levels, 6))
            geom = f.geometry
            step = max(0.35, min(geom.bounds[2] - geom.bounds[0], geom.bounds[3] - geom.bounds[1]) / (levels * 2.6))
            for i in range(1, levels):
                g = geom.buffer(-step * i, join_style="round")
                if g.is_empty:
                    break
                g = g.simplify(0.05)
                out.append(self._geom_path(g))
        return out

    def locate(self, pos: QPointF) -> str | None:
        return None

    def to_board(self, pos: QPointF) -> Any:
        x, y = self.inches(pos)
        return [round(x, 2), round(y, 2)]

    def anchor(self, loc: Any) -> QPointF | None:
        if isinstance(loc, (list, tuple)) and len(loc) == 2:
            try:
                return self.pt(float(loc[0]), float(loc[1]))
            except (TypeError, ValueError):
                return None
        if isinstance(loc, str):
            try:
                f = self.table.feature(loc)
            except KeyError:
                return None
            c = f.geometry.centroid
            return self.pt(c.x, c.y)
        return None

    def shape(self, loc: Any) -> QPainterPath:
        path = QPainterPath()
        if isinstance(loc, (list, tuple)) and len(loc) >= 3 and all(isinstance(v, (list, tuple)) for v in loc):
            return self._poly_path(loc)
        a = self.anchor(loc)
        if a is not None:
            path.addEllipse(a, PPI * 0.5, PPI * 0.5)
        return path

    def describe(self, loc: Any) -> list[str]:
        return []

    def describe_point(self, pos: QPointF) -> list[str]:
        x, y = self.inches(pos)
        out = [f'{x:.1f}", {y:.1f}"']
        try:
            from shapely.geometry import Point
            here = Point(x, y)
            for f in self.table.features():
                if f.footprint.covers(here):
                    out.append(f"{f.name or f.kind} ({f.kind})")
        except Exception:  # pragma: no cover - geometry trouble never breaks hovering
            pass
        return out

    def measure(self, a: QPointF, b: QPointF) -> tuple[str, QPainterPath]:
        ax, ay = self.inches(a)
        bx, by = self.inches(b)
        d = math.hypot(bx - ax, by - ay)
        return f'{d:.1f}"', QPainterPath()
