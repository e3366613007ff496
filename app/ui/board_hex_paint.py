"""The printed hex map: relief, contours, terrain, rivers, roads, rail, places, hex numbers and the
frame, prepared once and painted tile by tile."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from app.ui import theme
from app.ui.board_paint import (anchor_path, chain_segments, deco_rng, draw_halo_text, smooth_path, star_path,
                                terrain_brush, text_extent, turned, wavy_path)
from app.ui.board_base import HEX_R


class HexPicture:
    """The printed picture of :class:`~app.ui.board_hex.HexBoard` (a mixin: it reads the board's geometry)."""

    # -- precomputation ----------------------------------------------------------------------
    def _prepare_sides(self) -> None:
        g = self.grid
        self.coast: list[tuple[QPointF, QPointF]] = []
        for h in self.ids:
            if h not in self.water:
                continue
            for n in g.neighbours(h):
                if n not in self.water:
                    self.coast.append(self.side_points(h, n))
        rivers, streams, seas, cliffs, roads, rails = [], [], [], [], [], []
        for key, feats in g.hexsides().items():
            a, b = key.a, key.b
            p1, p2 = self.side_points(a, b)
            seg = ((p1.x(), p1.y()), (p2.x(), p2.y()))
            for f in feats:
                fl = f.lower()
                if "stream" in fl:
                    streams.append(seg)
                elif "river" in fl:
                    rivers.append(seg)
                elif "trail" in fl:
                    roads.append((self.centre[a], self.centre[b], True))
                elif "sea" in fl or "water" in fl or "lake" in fl:
                    seas.append((p1, p2))
                elif "cliff" in fl or "escarpment" in fl:
                    cliffs.append((p1, p2))
                elif "road" in fl or "track" in fl:
                    roads.append((self.centre[a], self.centre[b], "minor" in fl or "track" in fl))
                elif "rail" in fl:
                    rails.append((self.centre[a], self.centre[b]))
        self.rivers = chain_segments(rivers)
        self.streams = chain_segments(streams)
        self.offmap = {h for h in self.ids if self.terrain[h].lower() in theme.OFFMAP_TERRAINS}
        self.border = []
        for h in self.offmap:
            for n in g.neighbours(h):
                if n not in self.offmap and n not in self.water:
                    self.border.append(self.side_points(h, n))
        self.river_names: list[tuple[str, list[QPointF]]] = []
        named = self.grid.extra.get("named_rivers")
        if isinstance(named, dict):
            for name, sides_ in named.items():
                segs = self.side_segments(sides_)
                if segs:
                    self.river_names.append((str(name), max(chain_segments(segs), key=len)))
        self.sea_sides = seas
        self.cliffs = cliffs
        self.roads = roads
        self.rails = rails
        # a road hex with features may also list "road" on the hex itself: nothing to draw there

    def _prepare_lines(self) -> None:
        g = self.grid
        self.lines: list[tuple[dict[str, Any], list[list[QPointF]]]] = []
        for ln in g.lines:
            segs = self.side_segments(ln.get("hexsides", []))
            through = [self.centre[h] for h in ln.get("points_hexes", ln.get("through", [])) if h in self.centre]
            if through and not segs:
                self.lines.append((ln, [through]))
                continue
            split = [self.centre[h] for h in ln.get("hexes_split", []) if h in self.centre]
            if split and not segs:
                # a line only through split hexes (a parallel of latitude): run it through the
                # midpoints of neighbouring split hexes so the offset columns do not zigzag it
                self.lines.append((ln, self._split_line(split)))
                continue
            for h in ln.get("hexes_split", []):
                poly = self.poly.get(h)
                if poly is None:
                    continue
                if self.flat:  # corners 0 and 3 are the east and west points
                    e, w = poly[0], poly[3]
                else:
                    e, w = QPointF(poly.boundingRect().right(), self.centre[h].y()), \
                        QPointF(poly.boundingRect().left(), self.centre[h].y())
                segs.append(((w.x(), w.y()), (e.x(), e.y())))
            self.lines.append((ln, chain_segments(segs)))
        self.regions: list[tuple[str, QPainterPath, list[tuple[QPointF, QPointF]]]] = []
        for name, members in g.regions.items():
            if "mig" not in name.lower() and "alley" not in name.lower():
                continue  # only these are printed (set-up areas and the like are overlays)
            mem = {h for h in members if h in self.poly}
            if not mem:
                continue
            area = QPainterPath()
            area.setFillRule(Qt.FillRule.WindingFill)
            edge = []
            for h in mem:
                area.addPolygon(self.poly[h])
                area.closeSubpath()
                nbrs = set(g.neighbours(h))
                for n in nbrs:
                    if n not in mem:
                        edge.append(self.side_points(h, n))
            self.regions.append((name, area.simplified(), edge))

    def _prepare_contours(self) -> None:
        """Contour lines and level tints for maps that give a ``contour_interval`` (metres):
        a hex's level is ``elevation // interval``; a line runs along every hexside where the
        level changes (one line per level crossed), smoothed through the sides' midpoints.
        Maps without the key (Korea38's strategic map) draw no contours."""
        self.contours: list[tuple[int, QPainterPath, QRectF]] = []
        self.level_tints: list[tuple[int, QPainterPath]] = []
        self.hilltops: list[dict[str, Any]] = []
        g = self.grid
        interval = g.extra.get("contour_interval")
        for mk in g.extra.get("landmarks") or []:
            if isinstance(mk, dict) and mk.get("kind") == "hilltop" and mk.get("at") in self.centre:
                self.hilltops.append(mk)
        if not isinstance(interval, (int, float)) or isinstance(interval, bool) or interval <= 0:
            return
        level = {h: int(math.floor(g.elevation(h) / interval)) for h in self.ids}
        by_level: dict[int, list] = {}
        for h in self.ids:
            for n in g.neighbours(h):
                if g.index(n) < g.index(h) or level[n] == level[h]:
                    continue
                p1, p2 = self.side_points(h, n)
                seg = ((p1.x(), p1.y()), (p2.x(), p2.y()))
                for k in range(min(level[h], level[n]) + 1, max(level[h], level[n]) + 1):
                    by_level.setdefault(k, []).append(seg)
        for k in sorted(by_level):
            for chain in chain_segments(by_level[k]):
                closed = len(chain) > 3 and abs(chain[0].x() - chain[-1].x()) < 0.5 and abs(chain[0].y() - chain[-1].y()) < 0.5
                mids = [QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2) for a, b in zip(chain, chain[1:])]
                pts = mids + mids[:1] if closed else [chain[0]] + mids + [chain[-1]]
                path = smooth_path(pts)
                self.contours.append((k, path, path.boundingRect().adjusted(-2, -2, 2, 2)))
        # the tint darkens with height above the map's lowest land (mountain maps start high)
        land = [level[h] for h in self.ids if h not in self.water]
        low = min(land, default=0)
        steps = max(1, max(land, default=0) - low)
        # the paper between the edge hexes and the frame takes the tint of its hex: each notch
        # once, never over a hex (so no double-tinted strips)
        bleed: dict[str, QPainterPath] = {}
        for h, rects in self.bleed:
            piece = QPainterPath()
            for r in rects:
                piece.addRect(r)
            for n in (h,) + g.neighbours(h):
                hexp = QPainterPath()
                hexp.addPolygon(self.poly[n])
                piece = piece.subtracted(hexp)
                if n in bleed:
                    piece = piece.subtracted(bleed[n])
            bleed[h] = piece
        tints: dict[int, QPainterPath] = {}
        for h in self.ids:
            if level[h] > low and h not in self.water:
                alpha = min(70, round(70 * (level[h] - low) / steps))
                path = tints.get(alpha)
                if path is None:
                    path = tints[alpha] = QPainterPath()
                    path.setFillRule(Qt.FillRule.WindingFill)  # edge bleeds overlap
                path.addPolygon(self.poly[h])
                path.closeSubpath()
                if h in bleed:
                    path.addPath(bleed[h])
        self.level_tints = sorted(tints.items())

    def _paint_contours(self, p: QPainter, lod: float, rect: QRectF) -> None:
        """Hypsometric tint (a little darker per level) and brown contour lines, every fifth
        one (the index contour) heavier, as on a printed topographic map."""
        if not self.contours and not self.level_tints:
            return
        p.setPen(Qt.PenStyle.NoPen)
        for alpha, path in self.level_tints:
            p.setBrush(QColor(112, 84, 46, alpha))
            p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
        # zoomed out, the lines keep about half a screen pixel (thin) and one (index)
        thin = QPen(QColor(128, 88, 50, 170), 0.9 if lod > 0.6 else 0.55 / max(lod, 0.2), Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        index = QPen(QColor(112, 74, 40, 215), 1.7 if lod > 0.6 else 1.0 / max(lod, 0.2), Qt.PenStyle.SolidLine,
                     Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        grow = rect.adjusted(-3, -3, 3, 3)
        for k, path, bounds in self.contours:
            if grow.intersects(bounds):
                p.setPen(index if k % 5 == 0 else thin)
                p.drawPath(path)

    def _paint_compass(self, p: QPainter, rect: QRectF) -> None:
        """A north arrow in the top-right corner when the map is printed askew (``north_deg``,
        degrees clockwise from the top of the map to true north)."""
        north = self.grid.extra.get("north_deg")
        if not isinstance(north, (int, float)) or isinstance(north, bool) or not north:
            return
        c = QPointF(self.map_rect.right() - HEX_R * 1.6, self.map_rect.top() + HEX_R * 1.6)
        if not rect.adjusted(-HEX_R * 2, -HEX_R * 2, HEX_R * 2, HEX_R * 2).contains(c):
            return
        p.save()
        p.translate(c)
        p.setPen(QPen(QColor(250, 246, 232, 220), 3.0))
        p.setBrush(QColor(250, 246, 232, 200))
        p.drawEllipse(QPointF(0, 0), HEX_R * 0.95, HEX_R * 0.95)
        p.rotate(float(north))
        arrow = QPolygonF([QPointF(0, -HEX_R * 0.8), QPointF(HEX_R * 0.22, HEX_R * 0.3), QPointF(0, HEX_R * 0.12),
                           QPointF(-HEX_R * 0.22, HEX_R * 0.3)])
        p.setPen(QPen(theme.INK, 1.0))
        p.setBrush(theme.INK)
        p.drawPolygon(arrow)
        draw_halo_text(p, QPointF(0, -HEX_R * 0.98), "N", theme.map_font(HEX_R * 0.32, bold=True), theme.INK,
                       QColor(250, 246, 232, 220))
        p.restore()

    def _paint_hilltops(self, p: QPainter, lod: float, rect: QRectF | None = None) -> None:
        """Summit marks with the hill's name and height (the ``landmarks`` of kind hilltop; a
        hill of several hexes has an entry, and a mark, per hex, and its name once)."""
        named: set[str] = set()
        for mk in self.hilltops:
            c = self.centre[mk["at"]]
            name = str(mk.get("name") or "")
            first = name not in named
            named.add(name)
            if rect is not None and not rect.adjusted(-HEX_R * 2, -HEX_R, HEX_R * 2, HEX_R).contains(c):
                continue
            tri = QPolygonF([QPointF(c.x(), c.y() - HEX_R * 0.13), QPointF(c.x() + HEX_R * 0.11, c.y() + HEX_R * 0.07),
                             QPointF(c.x() - HEX_R * 0.11, c.y() + HEX_R * 0.07)])
            p.setPen(QPen(QColor(250, 246, 232), 1.0))
            p.setBrush(QColor("#4A3A28"))
            p.drawPolygon(tri)
            if lod < 0.3 or not first:
                continue
            height = mk.get("height")
            f = theme.map_font(HEX_R * 0.27, bold=True)
            if name:
                draw_halo_text(p, QPointF(c.x(), c.y() - HEX_R * 0.36), name, f, QColor("#4A3422"),
                               QColor(250, 246, 232, 215))
            if isinstance(height, (int, float)) and str(height) not in name:
                draw_halo_text(p, QPointF(c.x(), c.y() + HEX_R * 0.32), f"{height:g}",
                               theme.map_font(HEX_R * 0.22), QColor("#4A3422"), QColor(250, 246, 232, 200))

    def _split_line(self, centres: list[QPointF]) -> list[list[QPointF]]:
        horizontal = (max(c.x() for c in centres) - min(c.x() for c in centres)) >= \
            (max(c.y() for c in centres) - min(c.y() for c in centres))
        pts = sorted(centres, key=(lambda c: c.x()) if horizontal else (lambda c: c.y()))
        if len(pts) == 1:
            c = pts[0]
            return [[QPointF(c.x() - HEX_R, c.y()), QPointF(c.x() + HEX_R, c.y())]]
        mids = [QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2) for a, b in zip(pts, pts[1:])]
        first, last = pts[0], pts[-1]
        if horizontal:
            start = QPointF(first.x() - HEX_R, mids[0].y())
            end = QPointF(last.x() + HEX_R, mids[-1].y())
        else:
            start = QPointF(mids[0].x(), first.y() - HEX_R)
            end = QPointF(mids[-1].x(), last.y() + HEX_R)
        # break the line where the split hexes are not neighbours (two separate stretches)
        chains, cur = [], [start]
        for i, m in enumerate(mids):
            gap = math.hypot(pts[i + 1].x() - pts[i].x(), pts[i + 1].y() - pts[i].y())
            if gap > HEX_R * 2.1:
                cur.append(QPointF(pts[i].x() + HEX_R, cur[-1].y()) if horizontal else QPointF(cur[-1].x(), pts[i].y() + HEX_R))
                chains.append(cur)
                cur = [QPointF(pts[i + 1].x() - HEX_R, m.y()) if horizontal else QPointF(m.x(), pts[i + 1].y() - HEX_R)]
                continue
            cur.append(m)
        cur.append(end)
        chains.append(cur)
        return chains

    # -- painting ----------------------------------------------------------------------------
    # The picture is painted tile by tile (app.ui.scene), so every part below only draws what
    # can touch the tile: segments, chains and labels are culled against the tile's rectangle
    # (grown by the widest pen), and the geometry that never changes - meandering rivers,
    # smoothed lines, label outlines - is worked out once per board.
    def _visible(self, rect: QRectF) -> list[str]:
        r = rect.adjusted(-HEX_R, -HEX_R, HEX_R, HEX_R)
        bbox = self.bbox
        return [h for h in self.ids if r.intersects(bbox[h])]

    @staticmethod
    def _seg_table(segs) -> list[tuple[float, float, float, float, QPointF, QPointF]]:
        out = []
        for a, b in segs:
            ax, ay, bx, by = a.x(), a.y(), b.x(), b.y()
            out.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by), a, b))
        return out

    def _segs(self, name: str) -> list[tuple[float, float, float, float, QPointF, QPointF]]:
        """The segments of ``self.<name>`` with their bounding boxes (worked out once)."""
        cache = self.__dict__.setdefault("_seg_cache", {})
        got = cache.get(name)
        if got is None:
            got = cache[name] = self._seg_table(getattr(self, name))
        return got

    @staticmethod
    def _near(table, rect: QRectF, pad: float):
        l, t = rect.left() - pad, rect.top() - pad
        r, b = rect.right() + pad, rect.bottom() + pad
        return [row for row in table if row[2] >= l and row[0] <= r and row[3] >= t and row[1] <= b]

    def _segs_path(self, name: str, rect: QRectF, pad: float) -> QPainterPath:
        path = QPainterPath()
        for row in self._near(self._segs(name), rect, pad):
            path.moveTo(row[4])
            path.lineTo(row[5])
        return path

    def paint(self, p: QPainter, rect: QRectF, lod: float) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(rect, theme.PAPER)
        frame = self.map_rect
        p.save()
        p.setClipRect(frame.intersected(rect.adjusted(-2, -2, 2, 2)))
        default = self.grid.default_terrain
        p.fillRect(frame, terrain_brush(default, lod))
        vis = self._visible(rect)
        # the map's ragged edge: fill from each edge hex out to the frame with its terrain, so
        # the sea runs up to the frame and the land does not show the hex zig-zag
        p.setPen(Qt.PenStyle.NoPen)
        grow = rect.adjusted(-2 * HEX_R, -2 * HEX_R, 2 * HEX_R, 2 * HEX_R)
        for h, rects in self.bleed:
            if grow.intersects(self.bbox[h]):
                c, _ = theme.terrain_style(self.terrain[h])
                p.setBrush(c)
                for r in rects:
                    p.drawRect(r)
        # water first, then the coast bands (their land half is covered by the land fills)
        water_path = QPainterPath()
        for h in vis:
            if h in self.water:
                water_path.addPolygon(self.poly[h])
                water_path.closeSubpath()
        if not water_path.isEmpty():
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(theme.SEA)
            p.drawPath(water_path)
        coast = self._segs_path("coast", rect, HEX_R) if self.coast else QPainterPath()
        if not coast.isEmpty():
            cap = Qt.PenCapStyle.RoundCap
            for width, col in ((HEX_R * 0.62, theme.SEA_BAND_OUTER), (HEX_R * 0.30, theme.SEA_BAND)):
                p.setPen(QPen(col, width, Qt.PenStyle.SolidLine, cap, Qt.PenJoinStyle.RoundJoin))
                p.drawPath(coast)
        # land by terrain, one path per terrain so shared edges have no seams
        by_t: dict[str, QPainterPath] = {}
        for h in vis:
            if h in self.water:
                continue
            path = by_t.setdefault(self.terrain[h], QPainterPath())
            path.addPolygon(self.poly[h])
            path.closeSubpath()
        p.setPen(Qt.PenStyle.NoPen)
        for t, path in by_t.items():
            c, _ = theme.terrain_style(t)
            p.setBrush(c)
            p.drawPath(path)       # flat colour underneath hides texture seams
            p.setBrush(terrain_brush(t, lod))
            p.drawPath(path)
        # the coastline itself: a thin dark ink line on the land edge
        if not coast.isEmpty():
            p.setPen(QPen(theme.COAST, 1.3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(coast)
        self._paint_contours(p, lod, rect)
        if lod >= 0.28:
            self._paint_relief(p, vis, lod)
        # hex grid
        if lod >= 0.22:
            grid, wgrid = QPainterPath(), QPainterPath()
            for h in vis:
                g_ = wgrid if h in self.water else grid
                g_.addPolygon(self.poly[h])
                g_.closeSubpath()
            w = 0.9 if lod > 0.6 else 0.6 / max(lod, 0.3)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor(0, 40, 70, 0x1C), w))
            p.drawPath(wgrid)
            p.setPen(QPen(theme.GRID, w))
            p.drawPath(grid)
        path = self._segs_path("border", rect, 8.0) if self.border else QPainterPath()
        if not path.isEmpty():
            pen = QPen(theme.BORDER, 2.4, Qt.PenStyle.DashDotLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
            p.setPen(QPen(QColor(250, 246, 232, 150), 4.5))
            p.drawPath(path)
            p.setPen(pen)
            p.drawPath(path)
        self._paint_regions(p, rect)
        self._paint_water_sides(p, rect)
        self._paint_rivers(p, lod, rect)
        self._paint_roads(p, lod, rect)
        self._paint_river_names(p, lod, rect)
        self._paint_lines(p, lod, rect)
        self._paint_places(p, vis, lod, rect)
        self._paint_hilltops(p, lod, rect)
        if lod >= 1.05:
            self._paint_hex_numbers(p, vis, lod)
        self._paint_compass(p, rect)
        p.restore()
        self._paint_frame(p)
        p.restore()

    def _relief(self, h: str) -> tuple[QPainterPath, QPainterPath, QPainterPath, QPainterPath]:
        """Ridge glyphs of a mountain hex: (lit faces, shaded faces, ridge lines, hachures),
        worked out once per hex."""
        cache = self.__dict__.setdefault("_relief_cache", {})
        got = cache.get(h)
        if got is not None:
            return got
        lit, shade, ridge, hach = QPainterPath(), QPainterPath(), QPainterPath(), QPainterPath()
        c = self.centre[h]
        r = deco_rng(self.grid.index(h) + 7)
        n = 3
        for i in range(n):
            ang = (i / n) * 2 * math.pi + r() * 1.2
            d = HEX_R * (0.28 + 0.18 * r())
            cx, cy = c.x() + d * math.cos(ang), c.y() + d * math.sin(ang) * 0.8
            w = HEX_R * (0.36 + 0.14 * r())
            ht = w * (0.55 + 0.25 * r())
            peak = QPointF(cx + (r() - 0.5) * w * 0.3, cy - ht / 2)
            left, right = QPointF(cx - w / 2, cy + ht / 2), QPointF(cx + w / 2, cy + ht / 2)
            foot = QPointF(cx + w * 0.05, cy + ht / 2)
            lit.addPolygon(QPolygonF([left, peak, foot, left]))
            shade.addPolygon(QPolygonF([peak, right, foot, peak]))
            ridge.addPolygon(QPolygonF([left, peak, right]))
            for t in (0.35, 0.6, 0.85):
                a = QPointF(peak.x() + (right.x() - peak.x()) * t, peak.y() + (right.y() - peak.y()) * t)
                hach.addPolygon(QPolygonF([a, QPointF(a.x() - w * 0.08, a.y() + ht * 0.16)]))
        got = (lit, shade, ridge, hach)
        cache[h] = got
        return got

    def _paint_relief(self, p: QPainter, vis: list[str], lod: float) -> None:
        """Ridge strokes for mountains (lit west faces, shaded east faces, hachures), drawn as
        four batched paths."""
        lit, shade, ridge, hach = QPainterPath(), QPainterPath(), QPainterPath(), QPainterPath()
        for h in vis:
            _, tex = theme.terrain_style(self.terrain[h])
            if tex != "ridges":
                continue
            a, b, c, d = self._relief(h)
            lit.addPath(a)
            shade.addPath(b)
            ridge.addPath(c)
            hach.addPath(d)
        if ridge.isEmpty():
            return
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(200, 180, 138, 120))
        p.drawPath(lit)
        p.setBrush(QColor(90, 68, 40, 70))
        p.drawPath(shade)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#6B5333"), 1.25, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(ridge)
        if lod > 0.7:
            p.setPen(QPen(QColor(107, 83, 51, 150), 0.7, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(hach)

    def _paint_regions(self, p: QPainter, rect: QRectF) -> None:
        grow = rect.adjusted(-HEX_R * 6, -HEX_R * 3, HEX_R * 6, HEX_R * 3)
        for name, area, edge in self.regions:
            low = name.lower()
            if "mig" not in low and "alley" not in low:
                continue
            if not grow.intersects(area.boundingRect()):
                continue
            p.save()
            p.setClipPath(area, Qt.ClipOperation.IntersectClip)
            pen = QPen(theme.MIG_ALLEY, HEX_R * 0.55, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            path = QPainterPath()
            for a, b in edge:
                path.moveTo(a)
                path.lineTo(b)
            p.setPen(pen)
            p.drawPath(path)
            p.restore()
            p.setPen(QPen(QColor(190, 150, 20, 200), 1.2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            path = QPainterPath()
            for a, b in edge:
                path.moveTo(a)
                path.lineTo(b)
            p.drawPath(path)
            br = area.boundingRect()
            draw_halo_text(p, QPointF(br.center().x(), br.top() + HEX_R * 1.4), "MiG ALLEY",
                           theme.map_font(HEX_R * 0.42, bold=True, italic=True), QColor("#8A6A00"),
                           QColor(255, 245, 200, 200), spacing=2.0)

    def _paint_water_sides(self, p: QPainter, rect: QRectF | None = None) -> None:
        if rect is None:
            rect = self.rect()
        for *_, a, b in self._near(self._segs("sea_sides"), rect, HEX_R * 0.3):
            p.setPen(QPen(theme.COAST, HEX_R * 0.26, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
            p.setPen(QPen(theme.SEA, HEX_R * 0.20, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
        for *_, a, b in self._near(self._segs("cliffs"), rect, 8.0):
            p.setPen(QPen(QColor("#4A3A28"), 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(a, b)
            dx, dy = b.x() - a.x(), b.y() - a.y()
            ln = math.hypot(dx, dy) or 1
            nx, ny = -dy / ln * 5, dx / ln * 5
            p.setPen(QPen(QColor("#4A3A28"), 1.0))
            for t in (0.15, 0.35, 0.55, 0.75, 0.95):
                q = QPointF(a.x() + dx * t, a.y() + dy * t)
                p.drawLine(q, QPointF(q.x() + nx, q.y() + ny))

    def _river_paths(self) -> list[tuple[QPainterPath, QRectF]]:
        """Each river's meandering curve and its bounds (worked out once)."""
        got = self.__dict__.get("_river_cache")
        if got is None:
            got = []
            for i, chain in enumerate(self.rivers):
                path = wavy_path(chain, HEX_R * 0.09, seed=i + 3)
                got.append((path, path.boundingRect().adjusted(-1, -1, 1, 1)))  # never empty
            self._river_cache = got
        return got

    def _paint_rivers(self, p: QPainter, lod: float, rect: QRectF | None = None) -> None:
        if self.streams:  # brooks along hexsides: a thinner blue line than a river
            sw = 1.5 if lod > 0.5 else 1.5 / max(lod * 2, 0.6)
            grow = (rect or self.rect()).adjusted(-6, -6, 6, 6)
            cache = self.__dict__.get("_stream_cache")
            if cache is None:
                cache = self._stream_cache = [(pth, pth.boundingRect().adjusted(-1, -1, 1, 1)) for pth in
                                              (wavy_path(ch, HEX_R * 0.06, seed=i + 11) for i, ch in enumerate(self.streams))]
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(theme.RIVER, sw, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            for path, bounds in cache:
                if grow.intersects(bounds):
                    p.drawPath(path)
        if not self.rivers:
            return
        w = 2.8 if lod > 0.5 else 2.8 / max(lod * 2, 0.6)
        grow = (rect or self.rect()).adjusted(-w - 4, -w - 4, w + 4, w + 4)
        for path, bounds in self._river_paths():
            if not grow.intersects(bounds):
                continue
            p.setPen(QPen(QColor(255, 255, 255, 90), w + 1.6, Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
            p.setPen(QPen(theme.RIVER, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                          Qt.PenJoinStyle.RoundJoin))
            p.drawPath(path)

    def _paint_river_names(self, p: QPainter, lod: float, rect: QRectF | None = None) -> None:
        if lod < 0.35:
            return
        f = theme.map_font(HEX_R * 0.3, italic=True)
        for name, chain in self.river_names:
            if len(chain) < 3:
                continue
            i = len(chain) // 2
            a, b = chain[i - 1], chain[i]
            if rect is not None:
                reach = text_extent(name, f, 1.0)[0] / 2 + HEX_R
                mx, my = (a.x() + b.x()) / 2, (a.y() + b.y()) / 2
                if not rect.adjusted(-reach, -reach, reach, reach).contains(QPointF(mx, my)):
                    continue
            ang = math.degrees(math.atan2(b.y() - a.y(), b.x() - a.x()))
            if ang > 90:
                ang -= 180
            elif ang < -90:
                ang += 180
            mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
            with turned(p, mid.x(), mid.y(), ang):
                draw_halo_text(p, QPointF(0, -HEX_R * 0.2), name, f, QColor("#2E6496"), QColor(250, 246, 232, 190),
                               spacing=1.0)

    def _paint_roads(self, p: QPainter, lod: float, rect: QRectF | None = None) -> None:
        if rect is None:
            rect = self.rect()
        rails = [(row[4], row[5]) for row in self._near(self._segs("rails"), rect, 6.0)] if self.rails else []
        if rails:
            path = QPainterPath()
            for a, b in rails:
                path.moveTo(a)
                path.lineTo(b)
            p.setPen(QPen(theme.RAIL, 1.4))
            p.drawPath(path)
            p.setPen(QPen(theme.RAIL, 1.0))
            for a, b in rails:
                dx, dy = b.x() - a.x(), b.y() - a.y()
                ln = math.hypot(dx, dy) or 1
                nx, ny = -dy / ln * 2.5, dx / ln * 2.5
                for t in (0.2, 0.4, 0.6, 0.8):
                    q = QPointF(a.x() + dx * t, a.y() + dy * t)
                    p.drawLine(QPointF(q.x() - nx, q.y() - ny), QPointF(q.x() + nx, q.y() + ny))
        if not self.roads:
            return
        table = self.__dict__.get("_road_table")
        if table is None:
            table = self._road_table = [row + (m,) for row, (_, _, m) in
                                        zip(self._seg_table([(a, b) for a, b, _ in self.roads]), self.roads)]
        major, minor = QPainterPath(), QPainterPath()
        for *_, a, b, is_minor in self._near(table, rect, 8.0):
            path = minor if is_minor else major
            path.moveTo(a)
            path.lineTo(b)
        w = 2.3 if lod > 0.5 else 2.3 / max(lod * 2, 0.6)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(250, 244, 228, 170), w + 1.8, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPath(major)
        p.setPen(QPen(theme.ROAD, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPath(major)
        p.setPen(QPen(theme.ROAD, w * 0.7, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
        p.drawPath(minor)

    def _line_paths(self, ln: dict[str, Any], chains: list[list[QPointF]]) -> list[tuple[QPainterPath, QRectF]]:
        """A line's drawn chains and their bounds (worked out once per line)."""
        cache = self.__dict__.setdefault("_line_cache", {})
        got = cache.get(id(chains))
        if got is None:
            smooth = bool(ln.get("points_hexes") or ln.get("through"))
            got = []
            for chain in chains:
                if smooth:
                    path = smooth_path(chain)
                else:
                    path = QPainterPath()
                    path.addPolygon(QPolygonF(chain))
                got.append((path, path.boundingRect().adjusted(-1, -1, 1, 1)))  # never empty
            cache[id(chains)] = got
        return got

    def _paint_lines(self, p: QPainter, lod: float, rect: QRectF | None = None) -> None:
        grow = (rect or self.rect()).adjusted(-8, -8, 8, 8)
        for ln, chains in self.lines:
            kind = (ln.get("kind") or ln.get("id") or "").lower()
            lid = str(ln.get("id") or "").lower()
            name = ln.get("name") or ""
            if "dmz" in kind or "dmz" in lid or "dmz" in name.lower() or "demilitar" in name.lower():
                col, width, dash, label = theme.DMZ, 2.6, [5.0, 3.0], name or "DMZ"
            elif "start" in kind or "38" in kind or "38" in name or "parallel" in kind:
                col, width, dash, label = theme.START_LINE, 4.2, [4.0, 2.2], name or "Start line"
            else:
                col, width, dash, label = QColor("#4A4038"), 2.0, [3.0, 3.0], name
            pen = QPen(col, width, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap,
                       Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern(dash)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for path, bounds in self._line_paths(ln, chains):
                if not grow.intersects(bounds):
                    continue
                p.setPen(QPen(QColor(255, 250, 235, 120), width + 2.5, Qt.PenStyle.SolidLine,
                              Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin))
                p.drawPath(path)
                p.setPen(pen)
                p.drawPath(path)
            if label and any(label.lower().startswith(t) or t.startswith(label.lower()) for t in self.label_texts):
                label = ""      # the map prints this line's name itself
            if label and chains and lod >= 0.25:
                longest = max(chains, key=len)
                at = self._label_spot(longest)
                f = theme.map_font(HEX_R * 0.36, bold=True, italic=True)
                if rect is not None:
                    w, h = text_extent(label, f, 0.8)
                    spot = QRectF(at.x() + 4, at.y() - HEX_R * 0.32 - h, w, 2 * h).adjusted(-8, -8, 8, 8)
                    if not rect.intersects(spot):
                        continue
                draw_halo_text(p, QPointF(at.x() + 4, at.y() - HEX_R * 0.32), label, f, col,
                               QColor(250, 246, 232, 210), align="left", spacing=0.8)

    def _label_spot(self, pts: list[QPointF]) -> QPointF:
        """Where along a line its name reads best: on land, in the western part, away from
        towns and their names (worked out once per line)."""
        key = id(pts)
        cache = self.__dict__.setdefault("_spots", {})
        if key in cache:
            return cache[key]
        cache[key] = self._find_label_spot(pts)
        return cache[key]

    def _find_label_spot(self, pts: list[QPointF]) -> QPointF:
        best, best_score = pts[0], -1e9
        xs = [q.x() for q in pts]
        x0, x1 = min(xs), max(xs)
        for q in pts[:-1]:
            probe = QPointF(q.x() + HEX_R, q.y() - HEX_R * 0.4)
            h = self.locate(probe)
            land = h is not None and h not in self.water
            near = min((math.hypot(c.x() - probe.x(), c.y() - probe.y()) for c in self.named), default=1e9)
            west = 1.0 - (q.x() - x0) / max(1.0, x1 - x0)
            score = (2.0 if land else 0.0) + min(near, HEX_R * 2.5) / HEX_R + west * 0.8
            if score > best_score:
                best, best_score = q, score
        return best

    def _paint_places(self, p: QPainter, vis: list[str], lod: float, rect: QRectF | None = None) -> None:
        g = self.grid
        ink = theme.INK
        for h in vis:
            feats = {f.lower().replace("_", "-") for f in g.hex_features(h)}
            name = g.name(h)
            c = self.centre[h]
            capital = "capital" in feats
            star = any(f in feats for f in ("star-city", "starcity", "star"))
            city = capital or star or "city" in feats
            town = any(f in feats for f in ("town", "village"))
            dot = QPointF(c.x(), c.y() - HEX_R * 0.12)
            if star:
                p.setPen(QPen(ink, 1.2))
                p.setBrush(QColor("#A3241D"))
                p.drawPath(star_path(dot, HEX_R * 0.34))
            elif capital:
                p.setPen(QPen(ink, 1.5))
                p.setBrush(QColor(250, 246, 232))
                p.drawEllipse(dot, HEX_R * 0.22, HEX_R * 0.22)
                p.setPen(QPen(ink, 1.1))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(dot, HEX_R * 0.15, HEX_R * 0.15)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(ink)
                p.drawPath(star_path(dot, HEX_R * 0.13))
            elif city:
                p.setPen(QPen(QColor(250, 246, 232), 1.2))
                p.setBrush(ink)
                p.drawEllipse(dot, HEX_R * 0.12, HEX_R * 0.12)
            elif town:
                p.setPen(QPen(ink, 1.2))
                p.setBrush(QColor(250, 246, 232))
                p.drawEllipse(dot, HEX_R * 0.08, HEX_R * 0.08)
            if "port" in feats:
                a = QPointF(c.x() + HEX_R * 0.42, c.y() - HEX_R * 0.34)
                p.setPen(QPen(QColor(250, 246, 232, 200), 2.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                p.setBrush(Qt.BrushStyle.NoBrush)
                path = anchor_path(a, HEX_R * 0.42)
                p.drawPath(path)
                p.setPen(QPen(QColor("#1F3F5E"), 1.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                p.drawPath(path)
            if "landmark" in feats and not (city or town or star):
                tri = QPolygonF([QPointF(dot.x(), dot.y() - HEX_R * 0.16), QPointF(dot.x() + HEX_R * 0.14, dot.y() + HEX_R * 0.1),
                                 QPointF(dot.x() - HEX_R * 0.14, dot.y() + HEX_R * 0.1)])
                p.setPen(QPen(QColor(250, 246, 232), 1.2))
                p.setBrush(QColor("#8E1B1B"))
                p.drawPolygon(tri)
            if any("air" in f for f in feats):
                a = QPointF(c.x() - HEX_R * 0.42, c.y() - HEX_R * 0.34)
                p.setPen(QPen(QColor("#3B3B3B"), 1.4))
                p.drawLine(QPointF(a.x() - 5, a.y()), QPointF(a.x() + 5, a.y()))
                p.drawLine(QPointF(a.x(), a.y() - 5), QPointF(a.x(), a.y() + 5))
            minor = not (capital or star or city)
            if name and lod >= (0.55 if minor else 0.28):
                size = HEX_R * (0.34 if (capital or star) else 0.29 if city else 0.26)
                f = theme.map_font(size, bold=capital or star)
                text = name.upper() if capital else name
                pos = QPointF(c.x(), c.y() + HEX_R * 0.36) if (city or town or "landmark" in feats) else c
                col = QColor("#1F3F5E") if h in self.water else ink
                draw_halo_text(p, pos, text, f, col, QColor(250, 246, 232, 215))
        for lb in g.labels:
            at = self.centre.get(lb.get("at"))
            if at is None:
                continue
            size = float(lb.get("size", 10)) * HEX_R / 24.0
            f = theme.map_font(size, italic=True, bold=True)
            water = lb.get("at") in self.water or lb.get("kind") == "sea"
            col = QColor("#3A6784") if water else (theme.START_LINE if lb.get("kind") == "line" else QColor("#5A4630"))
            text = str(lb.get("text", ""))
            # keep the label inside the map frame
            spacing = size * 0.2
            width, height = text_extent(text, f, spacing)
            half = width / 2 + 4
            x = min(max(at.x(), self.map_rect.left() + half), self.map_rect.right() - half)
            if rect is not None and not rect.intersects(QRectF(x - half - 8, at.y() - height / 2 - 8,
                                                               2 * half + 16, height + 16)):
                continue
            draw_halo_text(p, QPointF(x, at.y()), text, f, col, None, spacing=spacing)

    def _paint_hex_numbers(self, p: QPainter, vis: list[str], lod: float) -> None:
        f = theme.counter_font(HEX_R * 0.2, bold=False)
        p.setFont(f)
        p.setPen(theme.HEXNUM)
        fm = QFontMetricsF(f)
        for h in vis:
            c = self.centre[h]
            w = fm.horizontalAdvance(h)
            top = c.y() - HEX_R * (0.866 if self.flat else 1.0)
            p.drawText(QPointF(c.x() - w / 2, top + fm.ascent() + 1.5), h)

    def _paint_frame(self, p: QPainter) -> None:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(theme.INK, 2.2))
        p.drawRect(self.map_rect)
        p.setPen(QPen(theme.INK, 0.8))
        p.drawRect(self.map_rect.adjusted(-5, -5, 5, 5))
