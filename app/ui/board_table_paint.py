"""The painted table: cloth, the 6-inch grid, woods, hills, ice, water, roads, towns with roofs,
airstrips, entry edges, place names set clear of each other, and the scale bar."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QLinearGradient, QPainter, QPainterPath,
                           QPen, QPolygonF, QRadialGradient)

from app.ui import theme
from app.ui.board_paint import (clipped, deco_rng, draw_halo_text, drop_shadow, fill_outline, hachures, lod_bucket,
                                scatter, texture_tile, wavy_path)
from app.ui.board_base import PPI


@dataclass
class Area:
    """One area feature being painted: its outline (and contour steps) and its decoration noise."""

    f: Any
    outline: QPainterPath
    paths: list[QPainterPath]
    r: Callable[[], float]
    lod: float

    @property
    def geom(self) -> Any:
        return self.f.geometry


def _lit_ball(c: QPointF, rad: float, off: float, spread: float, light: str, dark: str) -> QRadialGradient:
    """A ball lit from the top left (a tree crown, a boulder)."""
    g = QRadialGradient(QPointF(c.x() - rad * off, c.y() - rad * off), rad * spread)
    g.setColorAt(0, QColor(light))
    g.setColorAt(1, QColor(dark))
    return g


class TablePicture:
    """The printed picture of :class:`~app.ui.board_table.TableBoard` (a mixin: it reads the board's geometry)."""

    def paint(self, p: QPainter, rect: QRectF, lod: float) -> None:
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(rect, theme.TABLE_EDGE)
        cloth = self.cloth
        grad = QRadialGradient(cloth.center(), max(cloth.width(), cloth.height()) * 0.75)
        grad.setColorAt(0, theme.CLOTH.lighter(106))
        grad.setColorAt(1, theme.CLOTH_DARK)
        p.fillRect(cloth, QBrush(grad))
        speck = QColor(60, 55, 30, 0)
        p.fillRect(cloth, texture_tile("stipple", speck.rgba(), lod_bucket(lod)))
        p.save()
        p.setClipRect(cloth)
        # only what reaches this tile (shadows, hachures and arrows stay within 60 px of a feature;
        # names run further sideways from their anchor)
        vis = rect.adjusted(-60, -60, 60, 60)
        wide = rect.adjusted(-280, -70, 280, 70)
        lines = [(f, paths) for f, paths in self._paths if f.is_line and self._scene_box(f).intersects(vis)]
        areas = [(f, paths) for f, paths in self._paths if not f.is_line and self._style(f) != "place"]
        places = [f for f, _ in self._paths if not f.is_line and self._style(f) == "place"
                  and self._scene_box(f).intersects(wide)]
        named = [(f, paths) for f, paths in areas if self._scene_box(f).intersects(wide)]
        areas = [(f, paths) for f, paths in areas if self._scene_box(f).intersects(vis)]
        # areas: water and ice, then hills, then entry zones, woods, towns and buildings on top
        rank = {"water": 0, "ice": 0, "hill": 1, "paddy": 2, "marsh": 2, "entry": 2.5}
        order = lambda fp: rank.get(self._style(fp[0]), 3)  # noqa: E731
        for f, paths in sorted(areas, key=order):
            self._paint_area(p, f, paths, lod)
        for f, _ in lines:
            self._paint_linear(p, f)
        if self.show_grid:
            self._paint_grid(p)
        for f in places:
            self._paint_place(p, f)
        label_texts = {str(lb.get("text", "")).strip().lower() for lb in self.table.labels if isinstance(lb, dict)}
        for f, paths in named:
            if f.name and lod > 0.25 and f.name.strip().lower() not in label_texts:
                self._paint_area_name(p, f, lod)
        for f in places:
            if lod > 0.2:
                self._paint_place_name(p, f)
        for lb in self.table.labels:
            if isinstance(lb, dict) and lb.get("style") == "scale":
                self._paint_scale_bar(p, lb)
                continue
            if isinstance(lb, dict) and "text" in lb:
                water = lb.get("style") == "water"
                draw_halo_text(p, self.pt(lb.get("x", 0), lb.get("y", 0)), str(lb["text"]),
                               theme.map_font(float(lb.get("size", 16)), italic=True, bold=True),
                               QColor("#2D5670") if water else QColor("#2F2A20"),
                               QColor(240, 245, 248, 150) if water else QColor(240, 235, 215, 150),
                               spacing=2.0 if water else 0.0)
        p.restore()
        # the table edge, with inch marks every 6"
        p.setPen(QPen(QColor("#2E2820"), 2.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(cloth)
        p.setFont(theme.counter_font(10, bold=False))
        p.setPen(QColor("#E8E0CC"))
        for i in range(0, int(self.table.width) + 1, 6):
            x = self.pt(i, 0).x()
            p.drawLine(QPointF(x, cloth.top() - 6), QPointF(x, cloth.top()))
            p.drawText(QRectF(x - 15, cloth.top() - 22, 30, 14), Qt.AlignmentFlag.AlignCenter, f'{i}"')
        for i in range(0, int(self.table.height) + 1, 6):
            y = self.pt(0, i).y()
            p.drawLine(QPointF(cloth.left() - 6, y), QPointF(cloth.left(), y))
            p.drawText(QRectF(cloth.left() - 34, y - 7, 26, 14), Qt.AlignmentFlag.AlignRight, f'{i}"')
        p.restore()

    def _paint_grid(self, p: QPainter) -> None:
        pen = QPen(QColor(255, 255, 240, 42), 1.0, Qt.PenStyle.DashLine)
        p.setPen(pen)
        for i in range(6, int(self.table.width), 6):
            x = self.pt(i, 0).x()
            p.drawLine(QPointF(x, self.cloth.top()), QPointF(x, self.cloth.bottom()))
        for i in range(6, int(self.table.height), 6):
            y = self.pt(0, i).y()
            p.drawLine(QPointF(self.cloth.left(), y), QPointF(self.cloth.right(), y))

    def _style(self, f) -> str:
        """:meth:`style_of`, remembered per feature (asked for many times a paint)."""
        cache = self.__dict__.setdefault("_style_cache", {})
        if f.id not in cache:
            cache[f.id] = self.style_of(f)
        return cache[f.id]

    def _scene_box(self, f) -> QRectF:
        """A feature's extent in scene px (a road's includes its width), for skipping other tiles."""
        cache = self.__dict__.setdefault("_box_cache", {})
        if f.id not in cache:
            minx, miny, maxx, maxy = f.footprint.bounds
            cache[f.id] = QRectF(self.pt(minx, miny), self.pt(maxx, maxy)).adjusted(-2, -2, 2, 2)
        return cache[f.id]

    @staticmethod
    def style_of(f) -> str:
        """What a table feature looks like, from its kind and its ``cover`` attribute."""
        k = f.kind.lower()
        cover = str(f.attrs.get("cover", "")).lower()
        exact = {"place": "place", "entry-zone": "entry", "airstrip": "airstrip", "airfield": "airstrip",
                 "edge": "edge", "shore": "shore", "town": "town", "village": "town"}
        if k in exact:
            return exact[k]
        if not f.is_line and k in ("ridge", "crest"):
            return "hill"  # a ridge drawn as an outline is a long hill, with contours
        if not f.is_line and f.attrs.get("ice") and any(w in k for w in ("lake", "reservoir", "water", "ice")):
            return "ice"
        for style, words in (("water", ("lake", "water", "pond", "reservoir")),
                             ("river", ("river", "stream", "creek")),
                             ("road", ("road", "track", "path", "trail")),
                             ("hill", ("hill", "spur", "mount", "height")),
                             ("crest", ("crest", "ridge")),
                             ("woods", ("wood", "forest", "tree", "copse", "pine", "orchard")),
                             ("building", ("build", "house", "hut", "barn", "shrine", "town", "village", "farm")),
                             ("trench", ("trench", "foxhole", "dug")),
                             ("bunker", ("bunker", "pillbox")),
                             ("rocks", ("rock", "boulder", "rubble")),
                             ("paddy", ("paddy", "paddies", "rice", "field")),
                             ("marsh", ("marsh", "swamp")),
                             ("cliff", ("cliff", "escarp")),
                             ("wall", ("wall", "hedge", "fence"))):
            if any(w in k for w in words):
                return style
        if cover in ("woods", "trench", "bunker", "rocks", "building", "crest"):
            return cover
        return "other"

    #: area styles with a painter of their own (``_paint_<style>``); the rest get a plain fill
    AREA_STYLES = ("hill", "water", "ice", "town", "entry", "airstrip", "paddy", "woods", "building", "trench",
                   "bunker", "rocks", "marsh")
    #: raised terrain pieces cast a soft shadow
    RAISED = ("hill", "woods", "building", "bunker", "rocks")

    def _paint_area(self, p: QPainter, f, paths: list[QPainterPath], lod: float) -> None:
        style = self._style(f)
        area = Area(f, paths[0], paths, deco_rng(sum(map(ord, f.id)) * 31 + 7), lod)
        if style in self.RAISED:
            drop_shadow(p, area.outline, 2.5, 3.5, alpha=38)
        if style in self.AREA_STYLES:
            getattr(self, f"_paint_{style}")(p, area)
            return
        base = QColor(theme.TABLE_TERRAIN.get(f.kind.lower(), "#9C9370"))
        fill_outline(p, area.outline, base, base.darker(150), 1.2)

    def _paint_hill(self, p: QPainter, a: Area) -> None:
        """Stepped contours, each lighter than the one below."""
        base = QColor("#A2946A")
        n = len(a.paths)
        for i, path in enumerate(a.paths):
            fill_outline(p, path, base.lighter(100 + int(i * 34 / max(1, n - 1))), QColor(96, 80, 52, 150),
                         1.1 if i == 0 else 0.8)

    def _paint_water(self, p: QPainter, a: Area) -> None:
        fill_outline(p, a.outline, theme.SEA, theme.COAST, 1.4)

    def _paint_paddy(self, p: QPainter, a: Area) -> None:
        """Rice paddies: pale dykes across a green field, and rice shoots."""
        r, outline = a.r, a.outline
        fill_outline(p, outline, "#A9B27A", "#7F8653", 1.2)
        with clipped(p, outline):
            br = outline.boundingRect()
            p.setPen(QPen(QColor(236, 232, 200, 150), 1.6))
            y = br.top() + PPI * 0.9
            while y < br.bottom():
                wob = (r() - 0.5) * PPI * 0.3
                p.drawLine(QPointF(br.left(), y + wob), QPointF(br.right(), y - wob))
                y += PPI * 1.2
            p.setPen(QPen(QColor(90, 110, 60, 110), 0.8))
            for _ in range(int(a.geom.area * 2)):
                x, yy = br.left() + r() * br.width(), br.top() + r() * br.height()
                p.drawLine(QPointF(x, yy), QPointF(x + 1.5, yy - 3.5))

    def _paint_woods(self, p: QPainter, a: Area) -> None:
        """Woods: shaded tree crowns scattered inside the outline."""
        r, outline = a.r, a.outline
        fill_outline(p, outline, "#56703F", "#3A4E2A", 1.2)
        with clipped(p, outline):
            for x, y in scatter(a.geom, r, int(min(400, max(8, a.geom.area * 1.8)))):
                rad = PPI * (0.34 + 0.22 * r())
                c = self.pt(x, y)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(20, 30, 10, 80))
                p.drawEllipse(QPointF(c.x() + 2, c.y() + 2.5), rad, rad)
                p.setBrush(QBrush(_lit_ball(c, rad, 0.35, 1.3, "#8DA866", "#3F5A2E")))
                p.drawEllipse(c, rad, rad)

    def _paint_building(self, p: QPainter, a: Area) -> None:
        """A building: walls with a ridged tile roof along its long side."""
        outline = a.outline
        fill_outline(p, outline, "#8C7A64", "#4A3E30", 1.4)
        br = outline.boundingRect()
        inner = br.adjusted(br.width() * 0.08, br.height() * 0.1, -br.width() * 0.08, -br.height() * 0.1)
        roof = QLinearGradient(inner.topLeft(), inner.bottomLeft())
        roof.setColorAt(0, QColor("#A0522D"))
        roof.setColorAt(0.5, QColor("#7E3F22"))
        roof.setColorAt(1, QColor("#A0522D"))
        with clipped(p, outline):
            p.setBrush(QBrush(roof))
            p.setPen(QPen(QColor("#4A2A18"), 1.0))
            p.drawRect(inner)
            p.setPen(QPen(QColor("#3A2214"), 1.4))
            if br.width() >= br.height():
                p.drawLine(QPointF(inner.left(), inner.center().y()), QPointF(inner.right(), inner.center().y()))
            else:
                p.drawLine(QPointF(inner.center().x(), inner.top()), QPointF(inner.center().x(), inner.bottom()))

    def _paint_trench(self, p: QPainter, a: Area) -> None:
        """A trench: a zigzag cut along its long side."""
        outline = a.outline
        fill_outline(p, outline, "#6B5638", "#3C2F1E", 1.4)
        br = outline.boundingRect()
        with clipped(p, outline):
            p.setPen(QPen(QColor("#2C2216"), 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.MiterJoin))
            horizontal = br.width() >= br.height()
            n = max(3, int((br.width() if horizontal else br.height()) / (PPI * 0.6)))
            path = QPainterPath()
            pts = []
            for i in range(n + 1):
                t = i / n
                if horizontal:
                    pts.append(QPointF(br.left() + t * br.width(), br.center().y() + (br.height() * 0.22 if i % 2 else -br.height() * 0.22)))
                else:
                    pts.append(QPointF(br.center().x() + (br.width() * 0.22 if i % 2 else -br.width() * 0.22), br.top() + t * br.height()))
            path.addPolygon(QPolygonF(pts))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)

    def _paint_bunker(self, p: QPainter, a: Area) -> None:
        """A bunker: concrete with its firing slit."""
        fill_outline(p, a.outline, "#8E8A80", "#3E3B36", 2.2)
        br = a.outline.boundingRect()
        p.setPen(QPen(QColor("#1E1C19"), 2.4))
        p.drawLine(QPointF(br.left() + br.width() * 0.2, br.top() + br.height() * 0.3),
                   QPointF(br.right() - br.width() * 0.2, br.top() + br.height() * 0.3))

    def _paint_rocks(self, p: QPainter, a: Area) -> None:
        """Rocks: shaded boulders over grey ground."""
        r, outline = a.r, a.outline
        fill_outline(p, outline, "#9A9385", "#5E594F", 1.0)
        with clipped(p, outline):
            for x, y in scatter(a.geom, r, int(min(60, max(6, a.geom.area * 4))), inside=False):
                c = self.pt(x, y)
                rad = PPI * (0.12 + 0.18 * r())
                p.setPen(QPen(QColor("#4A463E"), 0.8))
                p.setBrush(QBrush(_lit_ball(c, rad, 0.3, 1.4, "#C9C3B5", "#7A7466")))
                p.drawEllipse(c, rad * 1.2, rad)

    def _paint_marsh(self, p: QPainter, a: Area) -> None:
        fill_outline(p, a.outline, "#8FA08A", "#5F7060", 1.0)
        with clipped(p, a.outline):
            p.fillPath(a.outline, texture_tile("marsh", QColor("#8FA08A").rgba(), lod_bucket(a.lod)))

    def _paint_linear(self, p: QPainter, f) -> None:
        style = self._style(f)
        pts = [self.pt(x, y) for x, y in f.points]
        path = QPainterPath()
        path.addPolygon(QPolygonF(pts))
        width = max(f.width, 0.0) * PPI
        p.setBrush(Qt.BrushStyle.NoBrush)
        round_ = (Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        if style == "road":
            w = width or PPI
            p.setPen(QPen(QColor("#7C6A4C"), w + 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin))
            p.drawPath(path)
            p.setPen(QPen(QColor("#BCA67D"), w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin))
            p.drawPath(path)
            p.setPen(QPen(QColor(120, 100, 70, 90), 1.0, Qt.PenStyle.DashLine))
            p.drawPath(path)
        elif style == "river":
            w = width or PPI * 0.5
            wavy = wavy_path(pts, PPI * 0.12, seed=sum(map(ord, f.id)))
            p.setPen(QPen(theme.COAST, w + 2.4, *round_))
            p.drawPath(wavy)
            p.setPen(QPen(QColor("#6FA3CF"), w, *round_))
            p.drawPath(wavy)
            p.setPen(QPen(QColor(255, 255, 255, 70), max(1.0, w * 0.25), *round_))
            p.drawPath(wavy)
        elif style == "crest":
            # a crest line: a brown ridge line with short hachures on the downhill side
            w = max(width, PPI * 0.25)
            p.setPen(QPen(QColor(92, 72, 44, 150), w, *round_))
            p.drawPath(path)
            p.setPen(QPen(QColor("#5C482C"), 1.2))
            hachures(p, pts, spacing=6, length=5)
        elif style == "cliff":
            p.setPen(QPen(QColor("#3E3326"), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(path)
            p.setPen(QPen(QColor("#3E3326"), 1.2))
            hachures(p, pts, spacing=7, length=6)
        elif style == "trench":
            p.setPen(QPen(QColor("#3C2F1E"), max(width, 4.0), *round_))
            p.drawPath(path)
            p.setPen(QPen(QColor("#6B5638"), max(width, 4.0) * 0.5, *round_))
            p.drawPath(path)
        elif style == "shore":
            # the frozen margin: a pale rim of shore ice inside a dark water line
            p.setPen(QPen(QColor(246, 250, 252, 170), 5.0, *round_))
            p.drawPath(path)
            p.setPen(QPen(QColor("#4F7186"), 1.3, *round_))
            p.drawPath(path)
        elif style == "edge":
            self._paint_edge(p, f, pts)
        else:  # walls, hedges, fences
            col = QColor(theme.TABLE_TERRAIN.get(f.kind.lower(), "#5E564A"))
            p.setPen(QPen(col, max(width, 3.0), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(path)
            p.setPen(QPen(col.lighter(140), 1.0, Qt.PenStyle.DotLine))
            p.drawPath(path)

    # -- Frozen Chosin's kinds: ice, towns, entry zones, the airstrip, places, table edges --------
    def _paint_ice(self, p: QPainter, a: Area) -> None:
        """A frozen lake: pale blue-white ice, a darker band along the shore, cracks and drifts."""
        f, outline = a.f, a.outline
        br = outline.boundingRect()
        g = QLinearGradient(br.topLeft(), br.bottomRight())
        g.setColorAt(0, QColor("#E4EEF2"))
        g.setColorAt(0.55, QColor("#CFE0E8"))
        g.setColorAt(1, QColor("#DCE8EE"))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(g))
        p.drawPath(outline)
        with clipped(p, outline):
            p.setBrush(Qt.BrushStyle.NoBrush)
            for w, alpha in ((16.0, 40), (8.0, 55), (3.0, 80)):  # deeper blue under the shore ice
                p.setPen(QPen(QColor(112, 150, 172, alpha), w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                              Qt.PenJoinStyle.RoundJoin))
                p.drawPath(outline)
            r = deco_rng(sum(map(ord, f.id)) * 17 + 3)
            geom = f.geometry
            # wind-blown snow on the ice
            for x, y in scatter(geom, r, int(min(90, geom.area * 0.9))):
                c = self.pt(x, y)
                rw, rh = PPI * (0.5 + 1.6 * r()), PPI * (0.12 + 0.2 * r())
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(255, 255, 255, 70 + int(60 * r())))
                p.drawEllipse(c, rw, rh)
            # pressure cracks: thin jagged lines, white over a blue-grey shadow
            p.setBrush(Qt.BrushStyle.NoBrush)
            for x, y in scatter(geom, r, int(min(40, geom.area * 0.35))):
                path = QPainterPath(self.pt(x, y))
                ang = r() * math.pi
                for _k in range(2 + int(r() * 4)):
                    ang += (r() - 0.5) * 1.4
                    step = 0.25 + r() * 0.5
                    x, y = x + math.cos(ang) * step, y + math.sin(ang) * step
                    path.lineTo(self.pt(x, y))
                p.setPen(QPen(QColor(90, 125, 148, 110), 1.0))
                p.drawPath(path.translated(0.7, 0.7))
                p.setPen(QPen(QColor(255, 255, 255, 190), 0.8))
                p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#4F7186"), 1.4))
        p.drawPath(outline)

    def _paint_town(self, p: QPainter, a: Area) -> None:
        """A town block: trodden ground with rows of small roofs, the way a printed map shows one."""
        drop_shadow(p, a.outline, 2, 3)
        fill_outline(p, a.outline, "#D8CCB4", "#6F5F48", 1.2)
        with clipped(p, a.outline):
            for rect, dark in self._roofs(a.f):
                p.setPen(QPen(QColor("#3A2A1C"), 0.8))
                p.setBrush(QColor("#5C4634") if dark else QColor("#7A5A3C"))
                p.drawRect(rect)
                p.setPen(QPen(QColor(230, 220, 200, 140), 0.7))
                p.drawLine(QPointF(rect.left() + 1, rect.center().y()), QPointF(rect.right() - 1, rect.center().y()))

    def _roofs(self, f) -> list[tuple[QRectF, bool]]:
        """A town's houses: rows of small roofs inside the block and off the roads (worked out once)."""
        cache = self.__dict__.setdefault("_roof_cache", {})
        if f.id in cache:
            return cache[f.id]
        geom = f.geometry
        r = deco_rng(sum(map(ord, f.id)) * 13 + 5)
        minx, miny, maxx, maxy = geom.bounds
        from shapely.geometry import Polygon as _Poly
        from shapely.ops import unary_union
        roads = unary_union([g.footprint for g in self.table.features() if self._style(g) == "road"])
        room = geom.buffer(-0.05).difference(roads.buffer(0.06))
        out: list[tuple[QRectF, bool]] = []
        step = 0.3
        y = miny + 0.1
        while y < maxy - 0.1:
            x = minx + 0.08 + r() * 0.12
            while x < maxx - 0.1:
                bw, bh = 0.18 + r() * 0.12, 0.13 + r() * 0.08
                cell = _Poly([(x, y), (x + bw, y), (x + bw, y + bh), (x, y + bh)])
                if room.contains(cell) and r() > 0.12:
                    out.append((QRectF(self.pt(x, y), self.pt(x + bw, y + bh)), r() > 0.4))
                x += step * (0.85 + r() * 0.4)
            y += step
        cache[f.id] = out
        return out

    def _paint_entry(self, p: QPainter, a: Area) -> None:
        """A Chinese entry zone: red hatching under a dashed red border (the number is its label)."""
        outline = a.outline
        red = QColor(theme.NATIONS["pva"])
        fill = QColor(red)
        fill.setAlpha(34)
        p.setBrush(fill)
        p.setPen(Qt.PenStyle.NoPen)
        p.drawPath(outline)
        with clipped(p, outline):
            br = outline.boundingRect()
            hatch = QColor(red)
            hatch.setAlpha(80)
            p.setPen(QPen(hatch, 1.2))
            k = br.left() - br.height()
            while k < br.right():
                p.drawLine(QPointF(k, br.bottom()), QPointF(k + br.height(), br.top()))
                k += 9.0
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(red.darker(115), 2.0, Qt.PenStyle.DashLine))
        p.drawPath(outline)

    def _paint_airstrip(self, p: QPainter, a: Area) -> None:
        """A packed-earth runway with a dashed centre line along its long side."""
        drop_shadow(p, a.outline, 1.5, 2)
        fill_outline(p, a.outline, "#B7AE98", "#5E564A", 1.2)
        rect = a.geom.minimum_rotated_rectangle
        cs = list(rect.exterior.coords)[:4]
        e = [(cs[i], cs[(i + 1) % 4]) for i in range(4)]
        long_ = max(e, key=lambda ab: math.dist(ab[0], ab[1]))
        i = e.index(long_)
        (a, b), (c, d) = e[i], e[(i + 2) % 4]
        m1 = ((a[0] + d[0]) / 2, (a[1] + d[1]) / 2)
        m2 = ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2)
        p.setPen(QPen(QColor(250, 248, 240, 220), 1.4, Qt.PenStyle.DashLine))
        p.drawLine(self.pt(*m1), self.pt(*m2))

    def _paint_place(self, p: QPainter, f) -> None:
        """A named place: a town gets its black dot, a pass the printed-map pass sign."""
        c = self.pt(*f.geometry.centroid.coords[0])
        if self._town_named(self._place_name(f)) is not None:
            p.setPen(QPen(QColor("#F4EFE0"), 1.4))
            p.setBrush(QColor("#1E1A16"))
            p.drawEllipse(c, 4.2, 4.2)
            return
        s = PPI * 0.42
        p.setBrush(Qt.BrushStyle.NoBrush)
        for col, w in ((QColor(244, 239, 224, 200), 4.5), (QColor("#2E2418"), 2.2)):
            p.setPen(QPen(col, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawArc(QRectF(c.x() - s * 1.6, c.y() - s, s * 1.2, s * 2), -60 * 16, 120 * 16)
            p.drawArc(QRectF(c.x() + s * 0.4, c.y() - s, s * 1.2, s * 2), 120 * 16, 120 * 16)

    @staticmethod
    def _place_name(f) -> str:
        return str(f.name or f.attrs.get("name") or f.id)

    def _town_named(self, name: str):
        for g in self.table.features():
            if self._style(g) == "town" and self._place_name(g).lower() == name.lower():
                return g
        return None

    def _paint_place_name(self, p: QPainter, f) -> None:
        """Town names sit above their block in upright capitals; a pass is named in italics beside its sign."""
        name = self._place_name(f)
        town = self._town_named(name)
        ink, halo = QColor("#1E1A16"), QColor(246, 241, 226, 210)
        if town is not None:
            minx, miny, maxx, maxy = town.geometry.bounds
            cx = (minx + maxx) / 2
            draw_halo_text(p, self.pt(cx, miny - 0.42), name, theme.map_font(15, bold=True), ink, halo, spacing=0.6)
            return
        c = f.geometry.centroid
        draw_halo_text(p, self.pt(c.x + 0.75, c.y), name, theme.map_font(14, bold=True, italic=True), ink, halo,
                       align="left")

    def _paint_area_name(self, p: QPainter, f, lod: float) -> None:
        style = self._style(f)
        if style == "town":
            return  # named by its place, above the block
        c = f.geometry.representative_point()
        if style == "entry":
            red = QColor(theme.NATIONS["pva"])
            at = self.pt(c.x, c.y)
            p.setPen(QPen(red.darker(130), 2.0))
            p.setBrush(QColor(250, 244, 236, 235))
            p.drawEllipse(at, 14, 14)
            draw_halo_text(p, at, str(f.attrs.get("number", "?")), theme.map_font(18, bold=True), red.darker(130))
            if lod > 0.45 and f.attrs.get("name"):
                draw_halo_text(p, QPointF(at.x(), at.y() + 25), "Chinese entry " + str(f.attrs.get("number", "")),
                               theme.map_font(10, italic=True, bold=True), red.darker(150), QColor(246, 241, 226, 170))
            return
        if style == "airstrip":
            minx, miny, maxx, maxy = f.geometry.bounds
            draw_halo_text(p, self.pt((minx + maxx) / 2, maxy + 0.35), "airstrip", theme.map_font(10, italic=True),
                           QColor("#2F2A20"), QColor(240, 235, 215, 170))
            return
        size = 12 if style != "hill" or f.geometry.area > 6 else 11
        if style == "hill":
            c = self._clear_spot(f)
        draw_halo_text(p, self.pt(c.x, c.y), f.name, theme.map_font(size, italic=True, bold=True),
                       QColor("#2F2A20"), QColor(240, 235, 215, 170))

    def _text_box(self, text: str, font: QFont, cx: float, cy: float, align: str = "center"):
        """The box (in inches) a label of ``text`` takes round (cx, cy)."""
        from shapely.geometry import box as _box
        fm = QFontMetricsF(font)
        w, h = fm.horizontalAdvance(text) / PPI, fm.height() / PPI
        x0 = cx - w / 2 if align == "center" else cx
        return _box(x0, cy - h / 2, x0 + w, cy + h / 2)

    def _place_label_boxes(self) -> list:
        """Where the places' names go (see :meth:`_paint_place_name`), so hill names keep clear."""
        if getattr(self, "_place_boxes", None) is None:
            out = []
            for g in self.table.features():
                if self._style(g) != "place":
                    continue
                name = self._place_name(g)
                town = self._town_named(name)
                c = g.geometry.centroid
                out.append(g.geometry.buffer(0.15))
                if town is not None:
                    minx, miny, maxx, maxy = town.geometry.bounds
                    out.append(self._text_box(name, theme.map_font(15, bold=True), (minx + maxx) / 2, miny - 0.42))
                    out.append(town.geometry)
                else:
                    out.append(self._text_box(name, theme.map_font(14, bold=True, italic=True), c.x + 0.75, c.y,
                                              align="left"))
            self._place_boxes = out
        return self._place_boxes

    def _clear_spot(self, f):
        """Where on a hill its name is least in the way of the places' names: the middle if that
        is clear, else the clearest of a few spots along and across the hill."""
        cache = self.__dict__.setdefault("_spot_cache", {})
        if f.id not in cache:
            cache[f.id] = self._find_clear_spot(f)
        return cache[f.id]

    def _find_clear_spot(self, f):
        from shapely.geometry import LineString, Point
        geom = f.geometry
        font = theme.map_font(12, italic=True, bold=True)
        boxes = self._place_label_boxes()
        first = geom.representative_point()
        spots = [first]
        rect = list(geom.minimum_rotated_rectangle.exterior.coords)[:4]
        e = sorted(((rect[i], rect[(i + 1) % 4]) for i in range(4)), key=lambda ab: -math.dist(*ab))
        (a, b), (c, d) = e[0], e[1]
        axis = LineString([((a[0] + d[0]) / 2, (a[1] + d[1]) / 2), ((b[0] + c[0]) / 2, (b[1] + c[1]) / 2)])
        for t in (0.2, 0.35, 0.5, 0.65, 0.8):
            q = axis.interpolate(t, normalized=True)
            for dy in (0.0, -0.6, 0.6):
                qq = Point(q.x, q.y + dy)
                if geom.contains(qq):
                    spots.append(qq)

        def clash(q) -> float:
            tb = self._text_box(f.name, font, q.x, q.y)
            return sum(tb.intersection(bx).area for bx in boxes)

        if clash(first) <= 1e-9:
            return first
        return min(spots, key=lambda q: (round(clash(q), 4), q.distance(first)))

    def _paint_scale_bar(self, p: QPainter, lb: dict[str, Any]) -> None:
        """A printed scale bar, miles in alternate dark and light blocks, centred on the label;
        the table's ``scale.inches_per_mile`` gives its length."""
        scale = self.table.extra.get("scale") if isinstance(self.table.extra.get("scale"), dict) else {}
        per_mile = float(scale.get("inches_per_mile", 0) or 0)
        if per_mile <= 0:
            return
        miles = int(lb.get("miles", 3) or 3)
        x0 = float(lb.get("x", 0)) - miles * per_mile / 2
        y = float(lb.get("y", 0))
        h = 0.22
        for i in range(miles):
            a, b = self.pt(x0 + i * per_mile, y), self.pt(x0 + (i + 1) * per_mile, y + h)
            p.setPen(QPen(QColor("#1E1A16"), 1.0))
            p.setBrush(QColor("#1E1A16") if i % 2 == 0 else QColor("#F2EDE0"))
            p.drawRect(QRectF(a, b))
        font = theme.map_font(11, bold=True)
        for i in range(miles + 1):
            draw_halo_text(p, self.pt(x0 + i * per_mile, y - 0.3), str(i), font, QColor("#1E1A16"),
                           QColor(240, 235, 215, 170))
        text = str(lb.get("text") or "miles")
        draw_halo_text(p, self.pt(x0 + miles * per_mile / 2, y + h + 0.42), text,
                       theme.map_font(12, italic=True, bold=True), QColor("#1E1A16"), QColor(240, 235, 215, 170))

    def _paint_edge(self, p: QPainter, f, pts: list[QPointF]) -> None:
        """An off-table exit: a dark bar on the table edge and an arrow pointing off, with where it leads."""
        if len(pts) < 2:
            return
        a, b = pts[0], pts[-1]
        p.setPen(QPen(QColor("#2E2820"), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
        p.drawLine(a, b)
        mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
        cl = self.cloth
        # which way is off the table: towards the nearest cloth edge
        dists = {(0, -1): mid.y() - cl.top(), (0, 1): cl.bottom() - mid.y(),
                 (-1, 0): mid.x() - cl.left(), (1, 0): cl.right() - mid.x()}
        ox, oy = min(dists, key=dists.get)
        tip = QPointF(mid.x() + ox * 2, mid.y() + oy * 2)
        back = QPointF(mid.x() - ox * 30, mid.y() - oy * 30)
        nx, ny = -oy, ox
        head = QPolygonF([tip, QPointF(tip.x() - ox * 14 + nx * 9, tip.y() - oy * 14 + ny * 9),
                          QPointF(tip.x() - ox * 14 - nx * 9, tip.y() - oy * 14 - ny * 9)])
        p.setPen(QPen(QColor("#2E2820"), 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(back, QPointF(tip.x() - ox * 12, tip.y() - oy * 12))
        p.setPen(QPen(QColor("#2E2820"), 1.0))
        p.setBrush(QColor("#2E2820"))
        p.drawPolygon(head)
        to = str(f.attrs.get("to") or f.name or "")
        if to:
            text = to if to.lower().startswith("to ") else f"to {to}"
            at = QPointF(back.x() - ox * 12 + nx * 0, back.y() - oy * 12)
            if ox:  # west/east edges: the words beside the arrow
                at = QPointF(mid.x() - ox * 30, mid.y() - 18)
                draw_halo_text(p, at, text, theme.map_font(12, bold=True, italic=True), QColor("#2E2820"),
                               QColor(240, 235, 215, 190), align="left" if ox < 0 else "right")
            else:
                at = QPointF(mid.x() + 16, mid.y() - oy * 22)
                draw_halo_text(p, at, text, theme.map_font(12, bold=True, italic=True), QColor("#2E2820"),
                               QColor(240, 235, 215, 190), align="left")
