"""Drawing the three kinds of board: hex maps, point-to-point boards and tables in inches.

A :class:`Board` turns a board file (``hexmap``, ``pointgraph`` or ``table`` JSON, as the game's
``board_data`` hook returns it) into scene geometry and paints its static picture. The scene
caches that picture in tiles (see :mod:`app.ui.scene`), so :meth:`Board.paint` runs once per
tile and zoom level, never once per frame. Boards answer the questions the window asks about a
place (where is it, what is its outline, what is there) but never decide what is legal.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QLinearGradient, QPainter,
                           QPainterPath, QPainterPathStroker, QPen, QPixmap, QPolygonF,
                           QRadialGradient, QTransform)

from app.ui import theme

HEX_R = 40.0          # scene px from a hex centre to a corner
MARGIN = 36.0         # paper margin around a printed map
PPI = 24.0            # scene px per inch on tables


def _rng(seed: int):
    """A tiny deterministic generator for decoration (never for game dice)."""
    x = (seed * 2654435761 + 12345) & 0xFFFFFFFF

    def nxt() -> float:
        nonlocal x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        return (x & 0xFFFFFF) / float(0x1000000)
    return nxt


# -- textures -----------------------------------------------------------------------------------

def _lod_bucket(lod: float) -> float:
    return 2.0 ** (round(math.log2(max(lod, 0.05)) * 2) / 2)


@lru_cache(maxsize=256)
def _texture(tex: str, rgba: int, lod: float) -> QBrush:
    """A pattern brush drawn at device resolution and mapped back to scene units (crisp at any
    zoom). ``rgba`` is the fill colour; marks are a darker shade of it."""
    base = QColor.fromRgba(rgba)
    size = 48.0
    px = max(4, int(round(size * lod)))
    scale = px / size
    pm = QPixmap(px, px)
    pm.fill(base)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    dark = base.darker(150)
    r = _rng(hash(tex) & 0xFFFF)
    if tex == "stipple":
        dark.setAlpha(150)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(dark)
        for _ in range(11):
            p.drawEllipse(QPointF(r() * size, r() * size), 0.75, 0.75)
    elif tex == "hatch":
        dark.setAlpha(95)
        p.setPen(QPen(dark, 0.8))
        step = 6.0
        k = -size
        while k < size * 2:
            p.drawLine(QPointF(k, size), QPointF(k + size, 0))
            k += step
    elif tex == "trees":
        g = QColor("#6F8C55")
        g.setAlpha(160)
        p.setPen(QPen(QColor(70, 90, 50, 150), 0.6))
        p.setBrush(g)
        for _ in range(7):
            p.drawEllipse(QPointF(r() * size, r() * size), 2.6, 2.6)
    elif tex == "marsh":
        dark = QColor("#5F7F72")
        dark.setAlpha(140)
        p.setPen(QPen(dark, 0.7))
        for _ in range(6):
            x, y = r() * size, r() * size
            p.drawLine(QPointF(x - 3, y), QPointF(x + 3, y))
            p.drawLine(QPointF(x, y), QPointF(x - 1.2, y - 3))
            p.drawLine(QPointF(x, y), QPointF(x + 1.2, y - 3))
    elif tex == "paddy":
        dark = QColor("#8C9460")
        dark.setAlpha(120)
        p.setPen(QPen(dark, 0.6, Qt.PenStyle.DashLine))
        for k in range(0, 48, 12):
            p.drawLine(QPointF(0, k + 3), QPointF(size, k + 3))
    elif tex == "urban":
        dark.setAlpha(110)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(dark)
        for _ in range(6):
            p.drawRect(QRectF(r() * size, r() * size, 3.2, 2.4))
    elif tex == "hills":
        dark.setAlpha(120)
        p.setPen(QPen(dark, 0.7))
        for _ in range(5):
            x, y = r() * size, r() * size
            p.drawArc(QRectF(x - 4, y - 2, 8, 5), 20 * 16, 140 * 16)
    p.end()
    brush = QBrush(pm)
    brush.setTransform(QTransform.fromScale(1 / scale, 1 / scale))
    return brush


def terrain_brush(name: str, lod: float) -> QBrush:
    c, tex = theme.terrain_style(name)
    if not tex or tex == "ridges" or lod < 0.3:
        return QBrush(c)
    return _texture(tex, c.rgba(), _lod_bucket(lod))


# -- text ----------------------------------------------------------------------------------------

#: glyph outlines of label lines, by (line, font, letter spacing): QPainterPath.addText is the
#: slow part of drawing a label, and the same names are drawn into every tile at every zoom
_TEXT_PATHS: dict[tuple[str, str, float], tuple[QPainterPath, float, float, float, float]] = {}
_TEXT_PATHS_MAX = 4000


def _text_path(line: str, font: QFont, spacing: float) -> tuple[QPainterPath, float, float, float, float]:
    """The outline of ``line`` set at the origin, with its advance, line height, ascent and
    descent (worked out once per line, font and spacing)."""
    key = (line, font.key(), spacing)
    got = _TEXT_PATHS.get(key)
    if got is None:
        if spacing:
            font = QFont(font)
            font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
        fm = QFontMetricsF(font)
        path = QPainterPath()
        path.addText(QPointF(0.0, 0.0), font, line)
        got = (path, fm.horizontalAdvance(line), fm.height(), fm.ascent(), fm.descent())
        if len(_TEXT_PATHS) >= _TEXT_PATHS_MAX:
            _TEXT_PATHS.clear()
        _TEXT_PATHS[key] = got
    return got


def text_extent(text: str, font: QFont, spacing: float = 0.0) -> tuple[float, float]:
    """Width and height of a (possibly multi-line) label as :func:`draw_halo_text` sets it."""
    lines = text.split("\n")
    metrics = [_text_path(line, font, spacing) for line in lines]
    return max(m[1] for m in metrics), metrics[0][2] * len(lines)


def draw_halo_text(p: QPainter, pos: QPointF, text: str, font: QFont, colour: QColor,
                   halo: QColor | None = None, align: str = "center", spacing: float = 0.0) -> QRectF:
    """Text with a soft paper-coloured halo, the way printed maps keep names legible."""
    lines = text.split("\n")
    out = QRectF()
    halo_pen = None
    if halo is not None:
        halo_pen = QPen(halo, max(1.5, font.pixelSize() * 0.28), Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    for i, line in enumerate(lines):
        path, w, h, ascent, descent = _text_path(line, font, spacing)
        x = pos.x() - (w / 2 if align == "center" else (w if align == "right" else 0))
        y = pos.y() + (i - (len(lines) - 1) / 2) * h + ascent / 2 - descent / 2
        p.translate(x, y)
        if halo_pen is not None:
            p.setPen(halo_pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawPath(path)
        p.translate(-x, -y)
        out = out.united(QRectF(x, y - ascent, w, h))
    return out


def star_path(c: QPointF, r: float, inner: float = 0.42, points: int = 5) -> QPainterPath:
    path = QPainterPath()
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        pt = QPointF(c.x() + rad * math.cos(a), c.y() + rad * math.sin(a))
        if i == 0:
            path.moveTo(pt)
        else:
            path.lineTo(pt)
    path.closeSubpath()
    return path


def anchor_path(c: QPointF, s: float) -> QPainterPath:
    """An anchor glyph for ports, ``s`` tall."""
    path = QPainterPath()
    path.addEllipse(QPointF(c.x(), c.y() - s * 0.40), s * 0.11, s * 0.11)
    path.moveTo(c.x(), c.y() - s * 0.29)
    path.lineTo(c.x(), c.y() + s * 0.45)
    path.moveTo(c.x() - s * 0.22, c.y() - s * 0.16)
    path.lineTo(c.x() + s * 0.22, c.y() - s * 0.16)
    path.moveTo(c.x() - s * 0.36, c.y() + s * 0.12)
    path.quadTo(c.x() - s * 0.30, c.y() + s * 0.46, c.x(), c.y() + s * 0.46)
    path.quadTo(c.x() + s * 0.30, c.y() + s * 0.46, c.x() + s * 0.36, c.y() + s * 0.12)
    return path


def chain_segments(segs: list[tuple[tuple[float, float], tuple[float, float]]]) -> list[list[QPointF]]:
    """Join segments that share end points into polylines (so dashes and waves run on)."""
    key = lambda pt: (round(pt[0], 1), round(pt[1], 1))  # noqa: E731
    ends: dict[tuple[float, float], list[int]] = {}
    for i, (a, b) in enumerate(segs):
        ends.setdefault(key(a), []).append(i)
        ends.setdefault(key(b), []).append(i)
    used = [False] * len(segs)
    chains: list[list[QPointF]] = []

    def walk(start_pt, idx):
        pts = [start_pt]
        cur = start_pt
        while idx is not None:
            used[idx] = True
            a, b = segs[idx]
            nxt = b if key(a) == key(cur) else a
            pts.append(nxt)
            cur = nxt
            idx = next((j for j in ends.get(key(cur), []) if not used[j]), None)
        return pts

    # start from chain ends (points with one segment) first, then loops
    order = sorted(range(len(segs)), key=lambda i: min(len(ends[key(segs[i][0])]), len(ends[key(segs[i][1])])))
    for i in order:
        if used[i]:
            continue
        a, b = segs[i]
        start = a if len(ends[key(a)]) == 1 or len(ends[key(b)]) != 1 else b
        pts = walk(start, i)
        chains.append([QPointF(x, y) for x, y in pts])
    return chains


def smooth_path(pts: list[QPointF]) -> QPainterPath:
    """A Catmull-Rom curve through ``pts`` (lines drawn through hex centres)."""
    path = QPainterPath()
    if not pts:
        return path
    path.moveTo(pts[0])
    if len(pts) == 2:
        path.lineTo(pts[1])
        return path
    ext = [pts[0]] + pts + [pts[-1]]
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        c1 = QPointF(p1.x() + (p2.x() - p0.x()) / 6, p1.y() + (p2.y() - p0.y()) / 6)
        c2 = QPointF(p2.x() - (p3.x() - p1.x()) / 6, p2.y() - (p3.y() - p1.y()) / 6)
        path.cubicTo(c1, c2, p2)
    return path


def wavy_path(pts: list[QPointF], amp: float, seed: int = 0) -> QPainterPath:
    """A gently meandering curve through ``pts`` (rivers)."""
    path = QPainterPath(pts[0])
    r = _rng(seed)
    for a, b in zip(pts, pts[1:]):
        dx, dy = b.x() - a.x(), b.y() - a.y()
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        s1 = (r() - 0.5) * 2 * amp
        s2 = (r() - 0.5) * 2 * amp
        c1 = QPointF(a.x() + dx / 3 + nx * s1, a.y() + dy / 3 + ny * s1)
        c2 = QPointF(a.x() + 2 * dx / 3 + nx * s2, a.y() + 2 * dy / 3 + ny * s2)
        path.cubicTo(c1, c2, b)
    return path


# -- the board interface -------------------------------------------------------------------------

class Board:
    """A board's geometry and static picture, in scene pixels."""

    kind = "none"
    #: edge of a counter in scene px
    unit = 50.0
    free = False  # True when pieces may stand anywhere (tables)

    def __init__(self, data: dict[str, Any] | None = None):
        self.data = data or {}

    def rect(self) -> QRectF:
        return QRectF(0, 0, 800, 600)

    def paint(self, p: QPainter, rect: QRectF, lod: float) -> None:
        p.fillRect(rect, theme.PAPER)

    def paint_overview(self, p: QPainter, lod: float) -> None:
        self.paint(p, self.rect(), lod)

    def locate(self, pos: QPointF) -> str | None:
        return None

    def anchor(self, loc: Any) -> QPointF | None:
        return None

    def shape(self, loc: Any) -> QPainterPath:
        path = QPainterPath()
        a = self.anchor(loc)
        if a is not None:
            path.addEllipse(a, self.unit * 0.6, self.unit * 0.6)
        return path

    def describe(self, loc: Any) -> list[str]:
        return [str(loc)] if loc is not None else []

    def to_board(self, pos: QPointF) -> Any:
        """The board location to put in a move action for a drop at ``pos``."""
        return self.locate(pos)

    def to_scene(self, value: Any) -> QPointF | None:
        """Overlay coordinates (a location id or ``[x, y]`` in board units) to scene."""
        return self.anchor(value)

    def measure(self, a: QPointF, b: QPointF) -> tuple[str, QPainterPath]:
        d = math.hypot(b.x() - a.x(), b.y() - a.y())
        return f"{d:.0f} px", QPainterPath()

    def boxes(self) -> list[dict[str, Any]]:
        return [b for b in self.data.get("boxes", []) if isinstance(b, dict) and b.get("id")]

    def area(self, locs: list[Any]) -> QPainterPath:
        """The union of some locations' outlines."""
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for loc in locs:
            path.addPath(self.shape(loc))
        return path

    def outline(self, locs: list[Any]) -> QPainterPath:
        """The boundary of a set of locations (default: each outline)."""
        return self.area(locs)

    #: region names the board itself draws (an overlay of the same id is not drawn twice)
    drawn_regions: frozenset[str] = frozenset()

    def locations(self) -> list[str]:
        return []


# ================================================================================================
# Hex maps
# ================================================================================================

class HexBoard(Board):
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

    def shape(self, loc: Any) -> QPainterPath:
        path = QPainterPath()
        poly = self.poly.get(loc) if isinstance(loc, str) else None
        if poly is not None:
            path.addPolygon(poly)
            path.closeSubpath()
        return path

    def area(self, locs: list[Any]) -> QPainterPath:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for h in locs:
            poly = self.poly.get(h) if isinstance(h, str) else None
            if poly is not None:
                path.addPolygon(poly)
                path.closeSubpath()
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
                segs = []
                for text in sides_ if isinstance(sides_, list) else []:
                    try:
                        a, b = g.parse_hexside(text)
                    except (ValueError, KeyError):
                        continue
                    p1, p2 = self.side_points(a, b)
                    segs.append(((p1.x(), p1.y()), (p2.x(), p2.y())))
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
            segs = []
            for text in ln.get("hexsides", []):
                try:
                    a, b = g.parse_hexside(text)
                except (ValueError, KeyError):
                    continue
                p1, p2 = self.side_points(a, b)
                segs.append(((p1.x(), p1.y()), (p2.x(), p2.y())))
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
        r = _rng(self.grid.index(h) + 7)
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
            p.save()
            p.translate(mid)
            p.rotate(ang)
            draw_halo_text(p, QPointF(0, -HEX_R * 0.2), name, f, QColor("#2E6496"), QColor(250, 246, 232, 190),
                           spacing=1.0)
            p.restore()

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


# ================================================================================================
# Point-to-point boards
# ================================================================================================

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
        p.fillRect(rect, _texture("stipple", QColor(0, 0, 0, 0).rgba(), _lod_bucket(lod)))
        # faint contour lines: a snowbound hill country under the diagram
        rr = _rng(17)
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


# ================================================================================================
# Tables in inches
# ================================================================================================

class TableBoard(Board):
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
        if self.style_of(f) == "hill":
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
        p.fillRect(cloth, _texture("stipple", speck.rgba(), _lod_bucket(lod)))
        p.save()
        p.setClipRect(cloth)
        lines = [(f, paths) for f, paths in self._paths if f.is_line]
        areas = [(f, paths) for f, paths in self._paths if not f.is_line]
        # areas: water, then hills, then woods and buildings on top
        rank = {"water": 0, "hill": 1, "paddy": 2, "marsh": 2}
        order = lambda fp: rank.get(self.style_of(fp[0]), 3)  # noqa: E731
        for f, paths in sorted(areas, key=order):
            self._paint_area(p, f, paths, lod)
        for f, _ in lines:
            self._paint_linear(p, f)
        if self.show_grid:
            self._paint_grid(p)
        label_texts = {str(lb.get("text", "")).strip().lower() for lb in self.table.labels if isinstance(lb, dict)}
        for f, paths in areas:
            if f.name and lod > 0.25 and f.name.strip().lower() not in label_texts:
                c = f.geometry.representative_point()
                draw_halo_text(p, self.pt(c.x, c.y), f.name, theme.map_font(12, italic=True, bold=True),
                               QColor("#2F2A20"), QColor(240, 235, 215, 170))
        for lb in self.table.labels:
            if isinstance(lb, dict) and "text" in lb:
                draw_halo_text(p, self.pt(lb.get("x", 0), lb.get("y", 0)), str(lb["text"]),
                               theme.map_font(float(lb.get("size", 16)), italic=True, bold=True),
                               QColor("#2F2A20"), QColor(240, 235, 215, 150))
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

    @staticmethod
    def style_of(f) -> str:
        """What a table feature looks like, from its kind and its ``cover`` attribute."""
        k = f.kind.lower()
        cover = str(f.attrs.get("cover", "")).lower()
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

    def _paint_area(self, p: QPainter, f, paths: list[QPainterPath], lod: float) -> None:
        style = self.style_of(f)
        outline = paths[0]
        geom = f.geometry
        r = _rng(sum(map(ord, f.id)) * 31 + 7)
        from shapely.geometry import Point
        # a soft shadow under raised terrain pieces
        if style in ("hill", "woods", "building", "bunker", "rocks"):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 38))
            p.drawPath(outline.translated(2.5, 3.5))
        if style == "hill":
            base = QColor("#A2946A")
            n = len(paths)
            for i, path in enumerate(paths):
                c = base.lighter(100 + int(i * 34 / max(1, n - 1)))
                p.setBrush(c)
                p.setPen(QPen(QColor(96, 80, 52, 150), 1.1 if i == 0 else 0.8))
                p.drawPath(path)
            return
        if style == "water":
            p.setBrush(theme.SEA)
            p.setPen(QPen(theme.COAST, 1.4))
            p.drawPath(outline)
            return
        if style == "paddy":
            p.setBrush(QColor("#A9B27A"))
            p.setPen(QPen(QColor("#7F8653"), 1.2))
            p.drawPath(outline)
            p.save()
            p.setClipPath(outline)
            br = outline.boundingRect()
            p.setPen(QPen(QColor(236, 232, 200, 150), 1.6))
            y = br.top() + PPI * 0.9
            while y < br.bottom():
                wob = (r() - 0.5) * PPI * 0.3
                p.drawLine(QPointF(br.left(), y + wob), QPointF(br.right(), y - wob))
                y += PPI * 1.2
            p.setPen(QPen(QColor(90, 110, 60, 110), 0.8))
            for _ in range(int(geom.area * 2)):
                x, yy = br.left() + r() * br.width(), br.top() + r() * br.height()
                p.drawLine(QPointF(x, yy), QPointF(x + 1.5, yy - 3.5))
            p.restore()
            return
        if style == "woods":
            p.setBrush(QColor("#56703F"))
            p.setPen(QPen(QColor("#3A4E2A"), 1.2))
            p.drawPath(outline)
            minx, miny, maxx, maxy = geom.bounds
            n = int(min(400, max(8, geom.area * 1.8)))
            p.save()
            p.setClipPath(outline)
            for _ in range(n):
                x, y = minx + r() * (maxx - minx), miny + r() * (maxy - miny)
                if not geom.contains(Point(x, y)):
                    continue
                rad = PPI * (0.34 + 0.22 * r())
                c = self.pt(x, y)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(20, 30, 10, 80))
                p.drawEllipse(QPointF(c.x() + 2, c.y() + 2.5), rad, rad)
                g = QRadialGradient(QPointF(c.x() - rad * 0.35, c.y() - rad * 0.35), rad * 1.3)
                g.setColorAt(0, QColor("#8DA866"))
                g.setColorAt(1, QColor("#3F5A2E"))
                p.setBrush(QBrush(g))
                p.drawEllipse(c, rad, rad)
            p.restore()
            return
        if style == "building":
            p.setBrush(QColor("#8C7A64"))
            p.setPen(QPen(QColor("#4A3E30"), 1.4))
            p.drawPath(outline)
            br = outline.boundingRect()
            inner = br.adjusted(br.width() * 0.08, br.height() * 0.1, -br.width() * 0.08, -br.height() * 0.1)
            roof = QLinearGradient(inner.topLeft(), inner.bottomLeft())
            roof.setColorAt(0, QColor("#A0522D"))
            roof.setColorAt(0.5, QColor("#7E3F22"))
            roof.setColorAt(1, QColor("#A0522D"))
            p.save()
            p.setClipPath(outline)
            p.setBrush(QBrush(roof))
            p.setPen(QPen(QColor("#4A2A18"), 1.0))
            p.drawRect(inner)
            p.setPen(QPen(QColor("#3A2214"), 1.4))
            if br.width() >= br.height():
                p.drawLine(QPointF(inner.left(), inner.center().y()), QPointF(inner.right(), inner.center().y()))
            else:
                p.drawLine(QPointF(inner.center().x(), inner.top()), QPointF(inner.center().x(), inner.bottom()))
            p.restore()
            return
        if style == "trench":
            p.setBrush(QColor("#6B5638"))
            p.setPen(QPen(QColor("#3C2F1E"), 1.4))
            p.drawPath(outline)
            br = outline.boundingRect()
            p.save()
            p.setClipPath(outline)
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
            p.restore()
            return
        if style == "bunker":
            p.setBrush(QColor("#8E8A80"))
            p.setPen(QPen(QColor("#3E3B36"), 2.2))
            p.drawPath(outline)
            br = outline.boundingRect()
            p.setPen(QPen(QColor("#1E1C19"), 2.4))
            p.drawLine(QPointF(br.left() + br.width() * 0.2, br.top() + br.height() * 0.3),
                       QPointF(br.right() - br.width() * 0.2, br.top() + br.height() * 0.3))
            return
        if style == "rocks":
            p.setBrush(QColor("#9A9385"))
            p.setPen(QPen(QColor("#5E594F"), 1.0))
            p.drawPath(outline)
            minx, miny, maxx, maxy = geom.bounds
            p.save()
            p.setClipPath(outline)
            for _ in range(int(min(60, max(6, geom.area * 4)))):
                x, y = minx + r() * (maxx - minx), miny + r() * (maxy - miny)
                c = self.pt(x, y)
                rad = PPI * (0.12 + 0.18 * r())
                p.setPen(QPen(QColor("#4A463E"), 0.8))
                g = QRadialGradient(QPointF(c.x() - rad * 0.3, c.y() - rad * 0.3), rad * 1.4)
                g.setColorAt(0, QColor("#C9C3B5"))
                g.setColorAt(1, QColor("#7A7466"))
                p.setBrush(QBrush(g))
                p.drawEllipse(c, rad * 1.2, rad)
            p.restore()
            return
        if style == "marsh":
            p.setBrush(QColor("#8FA08A"))
            p.setPen(QPen(QColor("#5F7060"), 1.0))
            p.drawPath(outline)
            p.save()
            p.setClipPath(outline)
            p.fillPath(outline, _texture("marsh", QColor("#8FA08A").rgba(), _lod_bucket(lod)))
            p.restore()
            return
        base = QColor(theme.TABLE_TERRAIN.get(f.kind.lower(), "#9C9370"))
        p.setBrush(base)
        p.setPen(QPen(base.darker(150), 1.2))
        p.drawPath(outline)

    def _paint_linear(self, p: QPainter, f) -> None:
        style = self.style_of(f)
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
            _hachures(p, pts, spacing=6, length=5)
        elif style == "cliff":
            p.setPen(QPen(QColor("#3E3326"), 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(path)
            p.setPen(QPen(QColor("#3E3326"), 1.2))
            _hachures(p, pts, spacing=7, length=6)
        elif style == "trench":
            p.setPen(QPen(QColor("#3C2F1E"), max(width, 4.0), *round_))
            p.drawPath(path)
            p.setPen(QPen(QColor("#6B5638"), max(width, 4.0) * 0.5, *round_))
            p.drawPath(path)
        else:  # walls, hedges, fences
            col = QColor(theme.TABLE_TERRAIN.get(f.kind.lower(), "#5E564A"))
            p.setPen(QPen(col, max(width, 3.0), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawPath(path)
            p.setPen(QPen(col.lighter(140), 1.0, Qt.PenStyle.DotLine))
            p.drawPath(path)


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
        r = _rng(3)
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


def make_board(data: dict[str, Any] | None, board_kind: str = "") -> Board:
    """The right board for a board file (by its ``kind``), or a blank table."""
    if not data:
        return BlankBoard()
    kind = data.get("kind") or board_kind
    if kind in ("hexmap", "hex"):
        return HexBoard(data)
    if kind == "pointgraph":
        return GraphBoard(data)
    if kind == "table":
        return TableBoard(data)
    return BlankBoard(data)


def _hachures(p: QPainter, pts: list[QPointF], spacing: float, length: float) -> None:
    """Short ticks on the right-hand side of a polyline, one every ``spacing`` px (crests,
    cliffs): the printed-map sign for the downhill side."""
    for a, b in zip(pts, pts[1:]):
        dx, dy = b.x() - a.x(), b.y() - a.y()
        ln = math.hypot(dx, dy) or 1
        n = max(1, int(ln / spacing))
        for i in range(n):
            t = (i + 0.5) / n
            q = QPointF(a.x() + dx * t, a.y() + dy * t)
            p.drawLine(q, QPointF(q.x() - dy / ln * length, q.y() + dx / ln * length))
