"""Hex maps: the grid's geometry (where a hex is, its outline, its sides, ranges and lines of hexes)
for a ``hexmap`` board file. The printed picture is in :mod:`app.ui.board_hex_paint`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from app.ui import theme
from app.ui.board_paint import chain_segments
from app.ui.board_base import HEX_R, MARGIN, Board
from app.ui.board_hex_paint import HexPicture


class HexBoard(HexPicture, Board):
    kind = "hex"

    def __init__(self, data: dict[str, Any]):
        super().__init__(data)
        from app.engine.hexgrid import HexGrid
        self.grid = HexGrid.from_json(data)
        lay = self.grid.layout
        self.k = HEX_R / lay.size
        self.flat = lay.orientation == "flat"
        x0, y0, x1, y1 = self.grid.pixel_bounds()
        self.ox = MARGIN - x0 * self.k
        self.oy = MARGIN - y0 * self.k
        self.map_rect = QRectF(MARGIN, MARGIN, (x1 - x0) * self.k, (y1 - y0) * self.k)
        self._rect = self.map_rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        # flat-to-flat distance is sqrt(3) R; a 5/8" counter on a ~0.9" hex
        self.unit = HEX_R * 1.32
        ids = self.grid.ids()
        self.ids = ids
        self.centre: dict[str, QPointF] = {}
        self.poly: dict[str, QPolygonF] = {}
        self.bbox: dict[str, QRectF] = {}
        self.terrain: dict[str, str] = {}
        # every hex has the same corners around its centre: take them from the first hex
        k, ox, oy = self.k, self.ox, self.oy
        offsets: list[tuple[float, float]] = []
        if ids:
            x0, y0 = self.grid.to_pixel(ids[0])
            offsets = [(x - x0, y - y0) for x, y in self.grid.corners(ids[0])]
        for h in ids:
            cx, cy = self.grid.to_pixel(h)
            c = QPointF(cx * k + ox, cy * k + oy)
            self.centre[h] = c
            poly = QPolygonF([QPointF((cx + dx) * k + ox, (cy + dy) * k + oy) for dx, dy in offsets])
            self.poly[h] = poly
            self.bbox[h] = poly.boundingRect()
            self.terrain[h] = self.grid.terrain(h)
        self.water = {h for h in ids if self.terrain[h].lower() in theme.WATER_TERRAINS}
        lo = self.grid.layout
        self.edge = [h for h in ids if (cr := self.grid.parse_id(h))[0] in (lo.first_col, lo.last_col)
                     or cr[1] in (lo.first_row, lo.last_row)]
        self.named = [self.centre[h] for h in ids if self.grid.name(h) or self.grid.hex_features(h)]
        f = self.map_rect
        self.bleed: list[tuple[str, list[QRectF]]] = []
        for h in self.edge:
            col, row = self.grid.parse_id(h)
            bb, c = self.bbox[h], self.centre[h]
            rects = []
            top_row, bottom_row = (lo.last_row, lo.first_row) if lo.rows_up else (lo.first_row, lo.last_row)
            if row == top_row:
                rects.append(QRectF(QPointF(bb.left(), f.top()), QPointF(bb.right(), c.y())))
            if row == bottom_row:
                rects.append(QRectF(QPointF(bb.left(), c.y()), QPointF(bb.right(), f.bottom())))
            if col == lo.first_col:
                rects.append(QRectF(QPointF(f.left(), bb.top()), QPointF(c.x(), bb.bottom())))
            if col == lo.last_col:
                rects.append(QRectF(QPointF(c.x(), bb.top()), QPointF(f.right(), bb.bottom())))
            self.bleed.append((h, rects))
        self._prepare_sides()
        self._prepare_lines()
        self._prepare_contours()
        self.label_texts = [str(lb.get("text", "")).strip().lower() for lb in self.grid.labels if str(lb.get("text", "")).strip()]
        self.drawn_regions = frozenset(n for n, _, _ in self.regions if "mig" in n.lower() or "alley" in n.lower())

    # -- geometry --------------------------------------------------------------------------
    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def locations(self) -> list[str]:
        return list(self.ids)

    def locate(self, pos: QPointF) -> str | None:
        return self.grid.from_pixel((pos.x() - self.ox) / self.k, (pos.y() - self.oy) / self.k)

    def anchor(self, loc: Any) -> QPointF | None:
        if isinstance(loc, str):
            return self.centre.get(loc)
        return None

    def _add_hex(self, path: QPainterPath, loc: Any) -> None:
        """Add hex ``loc``'s outline to ``path`` (nothing for a place that is not a hex here)."""
        poly = self.poly.get(loc) if isinstance(loc, str) else None
        if poly is not None:
            path.addPolygon(poly)
            path.closeSubpath()

    def shape(self, loc: Any) -> QPainterPath:
        path = QPainterPath()
        self._add_hex(path, loc)
        return path

    def area(self, locs: list[Any]) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for h in locs:
            self._add_hex(path, h)
        return path

    def outline(self, locs: list[Any]) -> QPainterPath:
        """The boundary of a set of hexes: the hexsides between members and the rest."""
        mem = {h for h in locs if isinstance(h, str) and h in self.poly}
        segs = []
        flat = self.flat
        for h in mem:
            pts = self.poly[h]
            for d in range(6):
                n = self.grid.neighbour(h, d)
                if n is not None and n in mem:
                    continue
                i, j = ((d + 4) % 6, (d + 5) % 6) if flat else ((d + 5) % 6, d)
                segs.append(((pts[i].x(), pts[i].y()), (pts[j].x(), pts[j].y())))
        path = QPainterPath()
        for chain in chain_segments(segs):
            path.addPolygon(QPolygonF(chain))
        return path

    def side_points(self, a: str, b: str) -> tuple[QPointF, QPointF]:
        (x1, y1), (x2, y2) = self.grid.hexside_endpoints(a, b)
        return (QPointF(x1 * self.k + self.ox, y1 * self.k + self.oy),
                QPointF(x2 * self.k + self.ox, y2 * self.k + self.oy))

    def side_segments(self, texts: Any) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The hexsides named in ``texts`` ("0504/0505"...) as segments in scene px; names that are
        not a hexside of this map are skipped."""
        segs = []
        for text in texts if isinstance(texts, list) else []:
            try:
                a, b = self.grid.parse_hexside(text)
            except (ValueError, KeyError):
                continue
            p1, p2 = self.side_points(a, b)
            segs.append(((p1.x(), p1.y()), (p2.x(), p2.y())))
        return segs

    def describe(self, loc: Any) -> list[str]:
        if not isinstance(loc, str) or loc not in self.centre:
            return []
        out = [loc, self.terrain[loc].replace("-", " ").capitalize()]
        name = self.grid.name(loc)
        if name:
            out.append(name)
        feats = sorted(self.grid.hex_features(loc))
        if feats:
            out.append(", ".join(f.replace("-", " ") for f in feats))
        regions = [r for r, members in self.grid.regions.items() if loc in members]
        if regions:
            out.append("in " + ", ".join(r.replace("-", " ") for r in regions))
        return out

    def measure(self, a: QPointF, b: QPointF) -> tuple[str, QPainterPath]:
        ha, hb = self.locate(a), self.locate(b)
        path = QPainterPath()
        if ha is None or hb is None:
            return "off the map", path
        hexes = self.grid.line(ha, hb)
        for h in hexes:
            if h in self.poly:
                path.addPolygon(self.poly[h])
                path.closeSubpath()
        n = self.grid.distance(ha, hb)
        return f"Range {n} hex{'es' if n != 1 else ''}: {ha} \u2192 {hb}", path
