"""The hex-map editor: the map drawn from its file data, and the tools that edit it.

Every tool turns mouse input into changes of the map dict through the document, so each
edit is one undo step (a drag is one step too).
"""

from __future__ import annotations

import copy
import math
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsPixmapItem, QGraphicsRectItem, QGraphicsScene,
                               QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem)

from app.editor import hexops, style
from app.editor.document import DELETE, Document
from app.ui.board_paint import star_path
from app.engine.hexgrid import HexGrid
from app.editor.printed import BOARD_DELAY_MS  # noqa: F401 - named here too: callers wait this long
from app.editor.printed import PrintedBoardHost, PrintedBoardItem, try_board

#: scene pixels per unit of layout size (the hex radius)
SCALE = 40.0

HEX_TOOLS = ("inspect", "terrain", "fill", "pick", "hexside", "road", "elevation", "feature",
             "name", "label", "line", "region", "box", "hilltop")

_PATTERNS = {"broken": Qt.Dense6Pattern, "rough": Qt.BDiagPattern, "mountain": Qt.CrossPattern,
             "marsh": Qt.HorPattern, "swamp": Qt.HorPattern, "forest": Qt.Dense5Pattern,
             "woods": Qt.Dense5Pattern}
#: the printed map is rebuilt this long after the last edit
REGION_COLOURS = ["#E0B400", "#3C78B4", "#B43C78", "#3CB478", "#B4783C", "#783CB4"]



class MapItem(QGraphicsItem):
    """Paints the whole map from the document's data (terrain, sides, roads, names, lines...)."""

    def __init__(self, scene: "HexMapScene"):
        super().__init__()
        self.s = scene
        self.setZValue(0)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)
        self._rect = QRectF()
        self.relayout()

    def relayout(self) -> None:
        self.prepareGeometryChange()
        x0, y0, x1, y1 = self.s.grid.pixel_bounds()
        m = SCALE * self.s.grid.layout.size
        self._rect = QRectF(x0 * SCALE - m, y0 * SCALE - m, (x1 - x0) * SCALE + 2 * m, (y1 - y0) * SCALE + 2 * m)

    def boundingRect(self) -> QRectF:
        r = self._rect
        for bx in self.s.doc.data.get("boxes") or []:
            br = box_rect(bx)
            if br is not None:
                r = r.united(br.adjusted(-4, -4, 4, 4))
        return r

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        s = self.s
        data = s.doc.data
        grid = s.grid
        size = grid.layout.size * SCALE
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        p.setRenderHint(QPainter.Antialiasing, True)
        hexes = data.get("hexes", {}) or {}
        default = data.get("default_terrain", "clear")
        polys = s.polys
        # With the game's printed map underneath (BoardItem) this item only draws the editor's
        # layers: hexes edited since the picture was last built, elevation, regions, a light
        # grid, the current boundary line, hex numbers and off-map boxes.
        printed = s.board_item.board is not None
        dirty = s.dirty_hexes if printed else None
        # terrain
        opacity = s.terrain_opacity
        for hid in (grid.ids() if dirty is None else [h for h in dirty if h in polys]):
            t = (hexes.get(hid) or {}).get("terrain") or default
            col = QColor(s.palette.get(t) or style.DEFAULT_TERRAIN_COLOURS.get(t, "#DDDDDD"))
            col.setAlphaF(opacity)
            p.setPen(Qt.NoPen)
            p.setBrush(col)
            p.drawPolygon(polys[hid])
            pat = _PATTERNS.get(t)
            if pat is not None and lod > 0.35:
                b = QBrush(QColor(60, 45, 20, 45), pat)
                p.setBrush(b)
                p.drawPolygon(polys[hid])
        # elevation shading and contours
        interval = max(1e-9, float(s.map_contour_interval()))
        elev = {h: (hexes.get(h) or {}).get("elevation", 0) for h in grid.ids()}
        if any(elev.values()) and (not printed or s.tool == "elevation"):
            hi = max(elev.values()) or 1
            for hid, e in elev.items():
                if e:
                    p.setBrush(QColor(90, 60, 20, int(min(90, (25 if printed else 70) * e / hi))))
                    p.drawPolygon(polys[hid])
            pen = QPen(QColor(122, 92, 58, 150) if printed else QColor("#7A5C3A"), size * (0.03 if printed else 0.05))
            pen.setCapStyle(Qt.RoundCap)
            p.setPen(pen)
            for hid in grid.ids():
                lv = math.floor(elev[hid] / interval)
                for n in grid.neighbours(hid):
                    if grid.index(n) > grid.index(hid) and math.floor(elev[n] / interval) != lv:
                        a, b = grid.hexside_endpoints(hid, n)
                        p.drawLine(QPointF(a[0] * SCALE, a[1] * SCALE), QPointF(b[0] * SCALE, b[1] * SCALE))
        # regions (air zones and the like): tint and a coloured edge
        for i, (name, members) in enumerate(sorted((data.get("regions") or {}).items())):
            if printed and s.tool != "region":
                break  # over the printed map, regions show while the region tool is in hand
            col = QColor(REGION_COLOURS[i % len(REGION_COLOURS)])
            mem = {m for m in members if m in polys}
            tint = QColor(col)
            tint.setAlpha(40 if name == s.region else 22)
            p.setPen(Qt.NoPen)
            p.setBrush(tint)
            for h in mem:
                p.drawPolygon(polys[h])
            p.setPen(QPen(col, size * 0.08))
            for h in mem:
                for n in grid.neighbours(h):
                    if n not in mem:
                        a, b = grid.hexside_endpoints(h, n)
                        p.drawLine(QPointF(a[0] * SCALE, a[1] * SCALE), QPointF(b[0] * SCALE, b[1] * SCALE))
        # grid (light over the printed map, which has its own)
        p.setBrush(Qt.NoBrush)
        if printed:
            p.setPen(QPen(QColor(40, 30, 20, 70), max(0.5, size * 0.015)))
        else:
            p.setPen(QPen(style.GRID, max(0.6, size * 0.02)))
        grid_path = QPainterPath()
        for hid in grid.ids():
            grid_path.addPolygon(polys[hid])
        p.drawPath(grid_path)
        # hexside features
        sides = data.get("hexsides", {}) or {}
        if printed:
            sides = {k: v for k, v in sides.items() if k in s.dirty_sides}
        roads: list[tuple[str, str]] = []
        for text, feats in sides.items():
            parts = text.split("/")
            if len(parts) != 2 or parts[0] not in polys or parts[1] not in polys:
                continue
            if not grid.is_adjacent(parts[0], parts[1]):
                continue
            a, b = grid.hexside_endpoints(parts[0], parts[1])
            pa, pb = QPointF(a[0] * SCALE, a[1] * SCALE), QPointF(b[0] * SCALE, b[1] * SCALE)
            for f in feats:
                if f == "road":
                    roads.append((parts[0], parts[1]))
                    continue
                colour, width, pstyle = style.SIDE_STYLES.get(f, (QColor("#555555"), 0.08, Qt.DashLine))
                pen = QPen(colour, size * width, pstyle)
                pen.setCapStyle(Qt.RoundCap)
                p.setPen(pen)
                if f == "river":
                    p.drawPath(_wavy(pa, pb, size * 0.05))
                else:
                    p.drawLine(pa, pb)
                if f == "cliff":
                    _ticks(p, pa, pb, grid.to_pixel(parts[0]), size)
        # roads, centre to centre
        pen = QPen(style.ROAD, size * 0.07)
        pen.setCapStyle(Qt.RoundCap)
        p.setPen(pen)
        for a, b in roads:
            ca, cb = grid.to_pixel(a), grid.to_pixel(b)
            p.drawLine(QPointF(ca[0] * SCALE, ca[1] * SCALE), QPointF(cb[0] * SCALE, cb[1] * SCALE))
        # boundary lines (start line, DMZ...): bold dashed
        for i, ln in enumerate(data.get("lines") or []):
            col = style.colour_of(ln.get("colour"), style.LINE_COLOURS[i % len(style.LINE_COLOURS)])
            cur = ln.get("id") == s.line_id
            if printed and not (cur and s.tool == "line"):
                continue  # the printed map draws the lines; the one being edited is highlighted
            pen = QPen(col, size * (0.13 if cur else 0.10), Qt.DashLine)
            pen.setCapStyle(Qt.FlatCap)
            p.setPen(pen)
            for text in ln.get("hexsides") or []:
                parts = text.split("/")
                if len(parts) == 2 and parts[0] in polys and parts[1] in polys and grid.is_adjacent(*parts):
                    a, b = grid.hexside_endpoints(parts[0], parts[1])
                    p.drawLine(QPointF(a[0] * SCALE, a[1] * SCALE), QPointF(b[0] * SCALE, b[1] * SCALE))
            split = [h for h in ln.get("hexes_split") or [] if h in polys]
            if split:
                p.setPen(QPen(col, size * 0.04, Qt.DotLine))
                for h in split:
                    cx, cy = grid.to_pixel(h)
                    p.drawLine(QPointF(cx * SCALE - size * 0.7, cy * SCALE), QPointF(cx * SCALE + size * 0.7, cy * SCALE))
        # hex features and names
        name_font = QFont("Serif")
        name_font.setPixelSize(max(4, int(size * 0.24)))
        for hid, entry in hexes.items():
            if hid not in polys or not isinstance(entry, dict) or (dirty is not None and hid not in dirty):
                continue
            cx, cy = grid.to_pixel(hid)
            c = QPointF(cx * SCALE, cy * SCALE)
            feats = entry.get("features") or []
            _draw_features(p, c, size, feats)
            if entry.get("name"):
                p.setFont(name_font)
                p.setPen(style.INK)
                p.drawText(QRectF(c.x() - size, c.y() + size * 0.28, size * 2, size * 0.4),
                           Qt.AlignHCenter | Qt.AlignTop, str(entry["name"]))
        # hex numbers, when zoomed in
        if lod * size > 34:
            f = QFont()
            f.setPixelSize(max(4, int(size * 0.2)))
            p.setFont(f)
            p.setPen(QColor(0, 0, 0, 120))
            for hid in grid.ids():
                cx, cy = grid.to_pixel(hid)
                if not printed:  # the printed map numbers its hexes itself
                    p.drawText(QRectF(cx * SCALE - size, cy * SCALE - size * 0.82, size * 2, size * 0.3),
                               Qt.AlignHCenter | Qt.AlignTop, hid)
                e = elev.get(hid)
                if e:
                    p.drawText(QRectF(cx * SCALE - size, cy * SCALE + size * 0.56, size * 2, size * 0.28),
                               Qt.AlignHCenter | Qt.AlignTop, f"{e:g}")
        # hilltops: summit mark, name and height (the printed map draws its own)
        if not printed or s.tool == "hilltop":
            named: set[str] = set()
            for mk in data.get("landmarks") or []:
                if not isinstance(mk, dict) or mk.get("kind") != "hilltop":
                    continue
                first = str(mk.get("name")) not in named
                named.add(str(mk.get("name")))
                hexes = [h for h in (mk.get("hexes") or [mk.get("at")]) if h in polys]
                if printed:  # the hilltop being edited: its hexes outlined
                    p.setPen(QPen(QColor("#8E1B1B"), size * 0.06))
                    p.setBrush(Qt.NoBrush)
                    for h in hexes:
                        p.drawPolygon(polys[h])
                    continue
                if mk.get("at") not in polys:
                    continue
                cx, cy = grid.to_pixel(mk["at"])
                c = QPointF(cx * SCALE, cy * SCALE)
                p.setPen(Qt.NoPen)
                p.setBrush(QColor("#4A3A28"))
                p.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - size * 0.14), QPointF(c.x() + size * 0.12, c.y() + size * 0.08),
                                         QPointF(c.x() - size * 0.12, c.y() + size * 0.08)]))
                if not first:
                    continue
                p.setFont(name_font)
                p.setPen(style.INK)
                text = str(mk.get("name", ""))
                if mk.get("height") is not None and str(mk["height"]) not in text:
                    text += f" ({mk['height']})"
                p.drawText(QRectF(c.x() - size * 1.5, c.y() - size * 0.55, size * 3, size * 0.4),
                           Qt.AlignHCenter | Qt.AlignBottom, text)
        # free labels: a label's ``size`` is a point size at a 24 px hex radius (as the game reads
        # it), not a multiplier, so scale it to the hex and never clip it to a box
        for lb in ([] if printed else data.get("labels") or []):
            at = lb.get("at")
            if at not in polys:
                continue
            cx, cy = grid.to_pixel(at)
            draw_label(p, QPointF(cx * SCALE, cy * SCALE), lb, size)
        # off-map boxes
        for bx in data.get("boxes") or []:
            r = box_rect(bx)
            if r is None:
                continue
            at = bx.get("anchor")
            if at in polys:  # a dotted lead to the hex the box feeds (the road column's entry)
                ax, ay = grid.to_pixel(at)
                p.setPen(QPen(QColor("#8B3A2B"), size * 0.05, Qt.DotLine))
                p.drawLine(QPointF(ax * SCALE, ay * SCALE), QPointF(min(max(ax * SCALE, r.left()), r.right()),
                                                                    min(max(ay * SCALE, r.top()), r.bottom())))
            p.setPen(QPen(QColor("#3A3A3A"), size * 0.04))
            p.setBrush(QColor(250, 246, 232, 235))
            p.drawRoundedRect(r, size * 0.12, size * 0.12)
            n_slots = bx.get("slots")
            if isinstance(n_slots, int) and not isinstance(n_slots, bool) and 0 < n_slots <= 200:
                # numbered places, first (nearest the entry hex) on the left, as a march column
                top = r.top() + size * 0.38
                cols = max(1, int((r.width() - size * 0.2) // (size * 0.7)))
                rows_ = math.ceil(n_slots / cols)
                cell = min(size * 0.7, (r.width() - size * 0.2) / cols, (r.bottom() - top - size * 0.1) / max(1, rows_))
                f = QFont()
                f.setPixelSize(max(4, int(cell * 0.3)))
                p.setFont(f)
                for i in range(n_slots):
                    q = QRectF(r.left() + size * 0.1 + (i % cols) * cell, top + (i // cols) * cell, cell * 0.9, cell * 0.9)
                    p.setPen(QPen(QColor("#7A6A55"), size * 0.02))
                    p.setBrush(Qt.NoBrush)
                    p.drawRect(q)
                    p.setPen(QColor("#7A6A55"))
                    p.drawText(q, Qt.AlignCenter, str(i + 1))
            f = QFont()
            f.setBold(True)
            f.setPixelSize(max(5, int(size * 0.24)))
            p.setFont(f)
            p.setPen(style.INK)
            p.drawText(r.adjusted(size * 0.1, size * 0.05, -size * 0.1, 0), Qt.AlignHCenter | Qt.AlignTop,
                       str(bx.get("name") or bx.get("id", "")))


class BoardItem(PrintedBoardItem):
    """The game window's printed map (:class:`app.ui.boards.HexBoard`) under the editor's layers.

    The board is rebuilt from the map data a moment after the last edit (see
    :meth:`HexMapScene._rebuild_board`); until then the editor's flat drawing of the edited hexes
    stands in on top. The picture is cached per zoom by Qt, so panning never repaints it.
    """

    def __init__(self, scene: "HexMapScene"):
        super().__init__(scene, 0)

    def set_board(self, board: Any) -> None:
        self.prepareGeometryChange()
        self.board = board
        self.update()

    def _t(self) -> float:
        return SCALE / self.board.k

    def _origin(self) -> tuple[float, float]:
        return self.board.ox, self.board.oy


def label_font(lb: dict[str, Any], hex_radius: float) -> QFont:
    """The font of a free map label ``lb`` on hexes of ``hex_radius`` scene px."""
    try:
        pts = float(lb.get("size", 10) or 10)
    except (TypeError, ValueError):
        pts = 10.0
    f = QFont("Serif")
    f.setItalic(True)
    f.setBold(True)
    f.setPixelSize(max(4, round(pts * hex_radius / 24.0)))
    return f


def draw_label(p: QPainter, c: QPointF, lb: dict[str, Any], hex_radius: float) -> None:
    f = label_font(lb, hex_radius)
    text = str(lb.get("text", ""))
    fm = QFontMetricsF(f)
    w = fm.horizontalAdvance(text)
    path = QPainterPath()
    path.addText(QPointF(c.x() - w / 2, c.y() + (fm.ascent() - fm.descent()) / 2), f, text)
    p.setPen(QPen(QColor(250, 246, 232, 200), max(1.5, f.pixelSize() * 0.22), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.setBrush(Qt.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.NoPen)
    water = lb.get("kind") == "sea"
    p.setBrush(QColor("#3A6784") if water else QColor("#5A4630"))
    p.drawPath(path)


def box_rect(bx: dict[str, Any]) -> QRectF | None:
    try:
        return QRectF(float(bx["x"]) * SCALE, float(bx["y"]) * SCALE, float(bx["w"]) * SCALE, float(bx["h"]) * SCALE)
    except (KeyError, TypeError, ValueError):
        return None


def _wavy(a: QPointF, b: QPointF, amp: float) -> QPainterPath:
    path = QPainterPath(a)
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    steps = 8
    for i in range(1, steps + 1):
        t = i / steps
        w = math.sin(t * math.pi * 2) * amp
        path.lineTo(QPointF(a.x() + dx * t + nx * w, a.y() + dy * t + ny * w))
    return path


def _ticks(p: QPainter, a: QPointF, b: QPointF, high: tuple[float, float], size: float) -> None:
    hx, hy = high[0] * SCALE, high[1] * SCALE
    for i in range(1, 5):
        t = i / 5
        x, y = a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t
        dx, dy = hx - x, hy - y
        d = math.hypot(dx, dy) or 1
        p.drawLine(QPointF(x, y), QPointF(x + dx / d * size * 0.14, y + dy / d * size * 0.14))


def _draw_features(p: QPainter, c: QPointF, size: float, feats: list[str]) -> None:
    if "star-city" in feats:
        p.setPen(QPen(QColor("#1A1A1A"), size * 0.025))
        p.setBrush(QColor("#C0392B"))
        p.drawPath(star_path(c, size * 0.30, 0.13 / 0.30))
    elif "capital" in feats:
        p.setBrush(QColor("#1A1A1A"))
        p.setPen(Qt.NoPen)
        p.drawPath(star_path(c, size * 0.17, 0.075 / 0.17))
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(QColor("#1A1A1A"), size * 0.03))
        p.drawEllipse(c, size * 0.22, size * 0.22)
    elif "city" in feats:
        p.setPen(QPen(QColor("#FFFFFF"), size * 0.03))
        p.setBrush(QColor("#1A1A1A"))
        p.drawEllipse(c, size * 0.11, size * 0.11)
    if "port" in feats:
        f = QFont()
        f.setPixelSize(max(4, int(size * 0.32)))
        p.setFont(f)
        p.setPen(QColor("#1F3F6B"))
        p.drawText(QRectF(c.x() + size * 0.12, c.y() - size * 0.5, size * 0.5, size * 0.45), Qt.AlignCenter, "\u2693")


class HexMapScene(PrintedBoardHost, QGraphicsScene):
    """The scene of a hex map in edit mode."""

    hoverChanged = Signal(str)
    hexSelected = Signal(str)
    terrainPicked = Signal(str)
    message = Signal(str)

    def __init__(self, doc: Document, palette: dict[str, str], parent: Any = None):
        super().__init__(parent)
        self.doc = doc
        self.palette = dict(palette)
        self.tool = "terrain"
        self.terrain = next(iter(self.palette), "clear")
        self.brush_size = 1
        self.side_feature = "river"
        self.hex_feature = "city"
        self.elevation = 1
        #: contour spacing shown when the map gives no ``contour_interval`` of its own
        self.contour_interval = 1.0
        #: the hilltop that shift-clicks with the hilltop tool add hexes to
        self.hilltop_at = ""
        self.line_id = ""
        self.region = ""
        self.terrain_opacity = 1.0
        #: draw the game's printed map under the editor's layers
        self.printed_map = True
        #: asks the designer for a text (tests replace it); (title, default) -> str or None
        self.ask_text: Callable[[str, str], str | None] = lambda title, default: None
        self.selected_hex = ""
        self._stroke = None
        self._last_hex: str | None = None
        self._stroke_mode: Any = None
        self._box_start: QPointF | None = None
        self._rebuild_geometry()
        #: hexes and hexside keys edited since the printed map was last built
        self.dirty_hexes: set[str] = set()
        self.dirty_sides: set[str] = set()
        self.board_item = BoardItem(self)
        self.addItem(self.board_item)
        self._make_board_timer()
        self.map_item = MapItem(self)
        self.map_item.setZValue(0.5)
        self.addItem(self.map_item)
        self.bg_item = QGraphicsPixmapItem()
        self.bg_item.setZValue(1)  # over the terrain (tinted) but under the grid drawn below
        self.bg_item.setZValue(-1)
        self.addItem(self.bg_item)
        self.hover_item = self.addPolygon(QPolygonF(), QPen(QColor(255, 255, 255, 200), 2.5), QBrush(QColor(255, 255, 255, 50)))
        self.hover_item.setZValue(10)
        self.sel_item = self.addPolygon(QPolygonF(), QPen(QColor("#FFB300"), 3.5), QBrush(Qt.NoBrush))
        self.sel_item.setZValue(11)
        self.rubber = QGraphicsRectItem()
        self.rubber.setPen(QPen(QColor("#1F5F8B"), 2, Qt.DashLine))
        self.rubber.setZValue(12)
        self.rubber.hide()
        self.addItem(self.rubber)
        self.doc.changed.connect(self._on_changed)
        self._rebuild_board()
        self.refresh_background()
        self._fit_rect()

    # -- geometry ----------------------------------------------------------------------------
    def _rebuild_geometry(self) -> None:
        self.grid: HexGrid = hexops.grid_of(self.doc.data)
        self.polys = {h: style.hex_polygon(self.grid.corners(h), SCALE) for h in self.grid.ids()}

    def _fit_rect(self) -> None:
        r = self.map_item.boundingRect()
        for bx in self.doc.data.get("boxes") or []:
            br = box_rect(bx)
            if br is not None:
                r = r.united(br)
        self.setSceneRect(r.adjusted(-SCALE * 2, -SCALE * 2, SCALE * 2, SCALE * 2))

    def _rebuild_board(self) -> None:
        """Build the game's printed map from the current data (falls back to the editor's own
        drawing when the board cannot be built, e.g. half-made data)."""
        self._board_timer.stop()
        from app.ui.boards import HexBoard
        board = try_board(lambda: HexBoard(copy.deepcopy(self.doc.data))) if self.printed_map else None
        self.dirty_hexes.clear()
        self.dirty_sides.clear()
        self.board_item.set_board(board)
        self.map_item.update()


    def _on_changed(self, paths: list) -> None:
        for path in paths or []:
            if path and path[0] == "hexes" and len(path) > 1:
                self.dirty_hexes.add(str(path[1]))
            elif path and path[0] == "hexsides" and len(path) > 1:
                self.dirty_sides.add(str(path[1]))
        self._board_edited()
        if not paths or any(p and p[0] == "layout" for p in paths):
            self._rebuild_geometry()
            self._rebuild_board()
            self.map_item.relayout()
            self.refresh_background()
            if self.selected_hex not in self.polys:
                self.selected_hex = ""
            self._show_selection()
        if not paths or any(p and p[0] in ("background",) for p in paths):
            self.refresh_background()
        if not paths or any(p and p[0] in ("boxes", "layout") for p in paths):
            self.map_item.prepareGeometryChange()
            self._fit_rect()
        self.map_item.update()

    def refresh_background(self) -> None:
        bg = self.doc.data.get("background")
        if not isinstance(bg, dict) or not bg.get("image"):
            self.bg_item.setPixmap(QPixmap())
            self.terrain_opacity = 1.0
            self.board_item.setOpacity(1.0)
            return
        from pathlib import Path
        img = Path(str(bg["image"]))
        if not img.is_absolute() and self.doc.path:
            img = Path(self.doc.path).parent / img
        pm = QPixmap(str(img))
        self.bg_item.setPixmap(pm)
        self.bg_item.setPos(float(bg.get("x", 0)) * SCALE, float(bg.get("y", 0)) * SCALE)
        self.bg_item.setScale(float(bg.get("scale", 1.0)))
        self.bg_item.setOpacity(1.0)
        # Tracing: the terrain is laid semi-transparent over the picture.
        self.terrain_opacity = max(0.0, min(1.0, 1.0 - float(bg.get("opacity", 0.5))))
        self.board_item.setOpacity(self.terrain_opacity)
        self.map_item.update()

    def map_contour_interval(self) -> float:
        """The map's ``contour_interval`` (metres) when it has one, else the display option."""
        v = self.doc.data.get("contour_interval")
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0:
            return float(v)
        return float(self.contour_interval)

    def set_contour_interval(self, metres: float) -> None:
        """Store the contour interval in the map (one undo step)."""
        v: Any = int(metres) if float(metres) == int(metres) else float(metres)
        if self.doc.data.get("contour_interval") != v and v > 0:
            self.doc.edit(f"Contours every {v:g} m", [(("contour_interval",), v)])

    def hex_at(self, pos: QPointF) -> str | None:
        return self.grid.from_pixel(pos.x() / SCALE, pos.y() / SCALE)

    def hex_centre(self, hid: str) -> QPointF:
        x, y = self.grid.to_pixel(hid)
        return QPointF(x * SCALE, y * SCALE)

    def side_centre(self, a: str, b: str) -> QPointF:
        (x1, y1), (x2, y2) = self.grid.hexside_endpoints(a, b)
        return QPointF((x1 + x2) / 2 * SCALE, (y1 + y2) / 2 * SCALE)

    def select_hex(self, hid: str) -> None:
        self.selected_hex = hid if hid in self.polys else ""
        self._show_selection()
        self.hexSelected.emit(self.selected_hex)

    def _show_selection(self) -> None:
        self.sel_item.setPolygon(self.polys.get(self.selected_hex, QPolygonF()))

    # -- mouse -------------------------------------------------------------------------------
    def mousePressEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        if ev.button() not in (Qt.LeftButton, Qt.RightButton):
            return super().mousePressEvent(ev)
        self.press(ev.scenePos(), ev.button() == Qt.RightButton, bool(ev.modifiers() & Qt.ShiftModifier))
        ev.accept()

    def mouseMoveEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        pos = ev.scenePos()
        h = self.hex_at(pos)
        self._hover(h)
        if ev.buttons() & (Qt.LeftButton | Qt.RightButton):
            self.drag(pos, bool(ev.buttons() & Qt.RightButton))
        ev.accept()

    def mouseReleaseEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        self.release(ev.scenePos())
        ev.accept()

    def mouseDoubleClickEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        self.mousePressEvent(ev)

    def _hover(self, h: str | None) -> None:
        if h is None:
            self.hover_item.setPolygon(QPolygonF())
            return
        if self.tool in ("terrain", "elevation", "region") and self.brush_size > 1:
            path = QPainterPath()
            for x in hexops.brush_hexes(self.grid, h, self.brush_size):
                path.addPolygon(self.polys[x])
            self.hover_item.setPolygon(path.simplified().toFillPolygon())
        else:
            self.hover_item.setPolygon(self.polys[h])
        d = self.doc.data.get("hexes", {}).get(h, {})
        bits = [h, hexops.terrain_of(self.doc.data, h)]
        if d.get("elevation"):
            if "contour_interval" in self.doc.data:
                lv = math.floor(d["elevation"] / self.map_contour_interval())
                bits.append(f"{d['elevation']:g} m (level {lv})")
            else:
                bits.append(f"elevation {d['elevation']}")
        if d.get("features"):
            bits.append(", ".join(d["features"]))
        if d.get("name"):
            bits.append(str(d["name"]))
        mk = self.hilltop_of(h)
        if mk is not None:
            bits.append(str(mk[1].get("name", "hilltop")))
        self.hoverChanged.emit(" \u00b7 ".join(bits))

    # -- tools -------------------------------------------------------------------------------
    def press(self, pos: QPointF, right: bool = False, shift: bool = False) -> None:
        t = self.tool
        h = self.hex_at(pos)
        self._last_hex = h
        if t == "box":
            self._box_start = pos
            self.rubber.setRect(QRectF(pos, pos))
            self.rubber.show()
            return
        if t in ("hexside", "line"):
            side = hexops.nearest_side(self.grid, pos.x() / SCALE, pos.y() / SCALE)
            if t == "line" and shift and h is not None:
                self._toggle_split(h)
                return
            if side is None:
                self.message.emit("Click nearer to a hexside")
                return
            if t == "hexside":
                self._stroke = self.doc.stroke(f"{self.side_feature} hexside")
                key = hexops.side_key(self.grid, *side)
                has = self.side_feature in self.doc.data.get("hexsides", {}).get(key, [])
                self._stroke_mode = not has and not right
                self._apply_side(side)
            else:
                self._toggle_line_side(side)
            return
        if h is None:
            return
        if t == "hilltop":
            self._hilltop_click(h, right, shift)
        elif t == "inspect":
            self.select_hex(h)
        elif t == "pick":
            self.terrain = hexops.terrain_of(self.doc.data, h)
            self.terrainPicked.emit(self.terrain)
        elif t == "fill":
            terrain = self.doc.data.get("default_terrain", "clear") if right else self.terrain
            hexes = hexops.flood_fill(self.doc.data, self.grid, h)
            self.doc.edit(f"Fill {len(hexes)} hexes with {terrain}",
                          [(("hexes", x), hexops.hex_entry_with(self.doc.data, x, "terrain", terrain) or DELETE)
                           for x in hexes])
        elif t in ("terrain", "elevation", "region"):
            label = {"terrain": f"Paint {self.terrain}", "elevation": f"Elevation {self.elevation:g}",
                     "region": f"Region {self.region}"}[t]
            self._stroke = self.doc.stroke(label)
            self._stroke_mode = not right
            self._paint(h)
        elif t == "road":
            self._stroke = self.doc.stroke("Remove road" if right else "Road")
            self._stroke_mode = not right
        elif t == "feature":
            feats = list(self.doc.data.get("hexes", {}).get(h, {}).get("features", []))
            if self.hex_feature in feats:
                feats.remove(self.hex_feature)
                label = f"Remove {self.hex_feature} at {h}"
            else:
                feats = sorted(feats + [self.hex_feature])
                label = f"{self.hex_feature.capitalize()} at {h}"
            self.doc.edit(label, [(("hexes", h), hexops.hex_entry_with(self.doc.data, h, "features", feats or None) or DELETE)])
        elif t == "name":
            cur = self.doc.data.get("hexes", {}).get(h, {}).get("name", "")
            text = self.ask_text(f"Name of hex {h}", cur)
            if text is not None:
                self.doc.edit(f"Name {h}", [(("hexes", h), hexops.hex_entry_with(self.doc.data, h, "name", text.strip() or None) or DELETE)])
        elif t == "label":
            if right:
                labels = [lb for lb in self.doc.data.get("labels", []) if lb.get("at") != h]
                self.doc.edit(f"Remove labels at {h}", [(("labels",), labels)])
                return
            text = self.ask_text(f"Label at {h}", "")
            if text:
                labels = copy.deepcopy(self.doc.data.get("labels", [])) + [{"at": h, "text": text}]
                self.doc.edit(f"Label {text}", [(("labels",), labels)])

    def drag(self, pos: QPointF, right: bool = False) -> None:
        t = self.tool
        if t == "box" and self._box_start is not None:
            self.rubber.setRect(QRectF(self._box_start, pos).normalized())
            return
        if self._stroke is None:
            return
        if t == "hexside":
            side = hexops.nearest_side(self.grid, pos.x() / SCALE, pos.y() / SCALE)
            if side is not None:
                self._apply_side(side)
            return
        h = self.hex_at(pos)
        if h is None or h == self._last_hex:
            return
        if t == "road":
            prev = self._last_hex
            if prev is not None and self.grid.is_adjacent(prev, h):
                self._set_side_feature(self._stroke, (prev, h), "road", bool(self._stroke_mode))
            elif prev is not None:
                # fast drags skip hexes: follow the straight line between them
                line = self.grid.line(prev, h)
                for a, b in zip(line, line[1:]):
                    if a in self.polys and b in self.polys:
                        self._set_side_feature(self._stroke, (a, b), "road", bool(self._stroke_mode))
        else:
            self._paint(h)
        self._last_hex = h

    def release(self, pos: QPointF) -> None:
        if self.tool == "box" and self._box_start is not None:
            r = QRectF(self._box_start, pos).normalized()
            self._box_start = None
            self.rubber.hide()
            if r.width() > SCALE * 0.5 and r.height() > SCALE * 0.3:
                self.add_box(r)
            return
        if self._stroke is not None:
            self._stroke.finish()
            self._stroke = None

    def _paint(self, h: str) -> None:
        st = self._stroke
        t = self.tool
        hexes = hexops.brush_hexes(self.grid, h, self.brush_size)
        if t == "terrain":
            value = self.terrain if self._stroke_mode else self.doc.data.get("default_terrain", "clear")
            for x in hexes:
                st.set(("hexes", x), hexops.hex_entry_with(self.doc.data, x, "terrain", value) or DELETE)
        elif t == "elevation":
            value = self.elevation if self._stroke_mode else 0
            for x in hexes:
                st.set(("hexes", x), hexops.hex_entry_with(self.doc.data, x, "elevation", value) or DELETE)
        elif t == "region":
            if not self.region:
                self.message.emit("Choose or create a region first")
                return
            members = list(self.doc.data.get("regions", {}).get(self.region, []))
            for x in hexes:
                if self._stroke_mode and x not in members:
                    members.append(x)
                elif not self._stroke_mode and x in members:
                    members.remove(x)
            members.sort(key=self.grid.index)
            st.set(("regions", self.region), members)

    def _apply_side(self, side: tuple[str, str]) -> None:
        self._set_side_feature(self._stroke, side, self.side_feature, bool(self._stroke_mode))

    def _set_side_feature(self, st: Any, side: tuple[str, str], feature: str, on: bool) -> None:
        key = hexops.side_key(self.grid, *side)
        feats = list(self.doc.data.get("hexsides", {}).get(key, []))
        if on and feature not in feats:
            feats = sorted(feats + [feature])
        elif not on and feature in feats:
            feats.remove(feature)
        else:
            return
        st.set(("hexsides", key), feats or DELETE)

    def toggle_side(self, a: str, b: str, feature: str) -> None:
        key = hexops.side_key(self.grid, a, b)
        feats = list(self.doc.data.get("hexsides", {}).get(key, []))
        feats = [f for f in feats if f != feature] if feature in feats else sorted(feats + [feature])
        self.doc.edit(f"{feature} {key}", [(("hexsides", key), feats or DELETE)])

    def _line_index(self) -> int | None:
        for i, ln in enumerate(self.doc.data.get("lines", [])):
            if ln.get("id") == self.line_id:
                return i
        return None

    def _toggle_line_side(self, side: tuple[str, str]) -> None:
        i = self._line_index()
        if i is None:
            self.message.emit("Choose or create a boundary line first")
            return
        key = hexops.side_key(self.grid, *side)
        sides = list(self.doc.data["lines"][i].get("hexsides", []))
        sides = [s for s in sides if s != key] if key in sides else sides + [key]
        self.doc.edit(f"Line {self.line_id}: {key}", [(("lines", i, "hexsides"), sides)])

    def _toggle_split(self, h: str) -> None:
        i = self._line_index()
        if i is None:
            return
        hs = list(self.doc.data["lines"][i].get("hexes_split", []))
        hs = [x for x in hs if x != h] if h in hs else sorted(hs + [h], key=self.grid.index)
        self.doc.edit(f"Line {self.line_id}: split {h}", [(("lines", i, "hexes_split"), hs)])

    def add_line(self, line_id: str, name: str = "", kind: str = "boundary") -> None:
        lines = copy.deepcopy(self.doc.data.get("lines", []))
        if any(ln.get("id") == line_id for ln in lines):
            self.line_id = line_id
            return
        lines.append({"id": line_id, "name": name or line_id, "kind": kind, "hexsides": []})
        self.line_id = line_id
        self.doc.edit(f"New line {line_id}", [(("lines",), lines)])

    def add_region(self, name: str) -> None:
        self.region = name
        if name not in (self.doc.data.get("regions") or {}):
            self.doc.edit(f"New region {name}", [(("regions", name), [])])

    # -- hilltops (``landmarks`` of kind hilltop: at, name, height; one entry per hex) ----------
    def hilltop_of(self, h: str) -> tuple[int, dict[str, Any]] | None:
        """(index in landmarks, entry) of the hilltop entry on hex ``h``."""
        for i, mk in enumerate(self.doc.data.get("landmarks") or []):
            if isinstance(mk, dict) and mk.get("kind") == "hilltop" and h in (mk.get("hexes") or [mk.get("at")]):
                return i, mk
        return None

    def _hilltop_click(self, h: str, right: bool, shift: bool) -> None:
        """Click: name a new hilltop (or rename the hill there, on all its hexes); shift-click:
        add a hex to the hill last clicked, or take it off; right-click: remove the entry on
        the hex. A hill of several hexes is one entry per hex with the same name and height."""
        marks = copy.deepcopy(self.doc.data.get("landmarks") or [])
        found = self.hilltop_of(h)
        if right:
            if found is not None:
                del marks[found[0]]
                self.doc.edit(f"Remove {found[1].get('name', 'hilltop')} at {h}", [(("landmarks",), marks)])
            return
        if shift:
            cur = self.hilltop_of(self.hilltop_at) if self.hilltop_at else None
            if cur is None:
                self.message.emit("Click a hilltop first, then shift-click the hexes it spreads over")
                return
            name = cur[1].get("name")
            if found is not None and found[1].get("name") == name:
                if h == self.hilltop_at:
                    return  # the hill keeps the hex it was named on
                del marks[found[0]]
                label = f"{name}: without {h}"
            elif found is not None:
                self.message.emit(f"{h} is already part of {found[1].get('name', 'another hilltop')}")
                return
            else:
                marks.append({"at": h, "height": cur[1].get("height"), "kind": "hilltop", "name": name})
                label = f"{name}: with {h}"
            self.doc.edit(label, [(("landmarks",), marks)])
            return
        elev = (self.doc.data.get("hexes", {}).get(h) or {}).get("elevation", 0)
        default = str(found[1].get("name", "")) if found else f"Hill {elev:g}"
        text = self.ask_text(f"Name of the hilltop at {h} (its height is the number in it, else the hex's elevation)", default)
        if not text or not text.strip():
            return
        text = text.strip()
        nums = [int(w) for w in text.replace("(", " ").replace(")", " ").split() if w.isdigit()]
        height = nums[-1] if nums else elev
        self.hilltop_at = h
        if found is not None:
            old = found[1].get("name")
            for i, mk in enumerate(marks):
                if isinstance(mk, dict) and mk.get("kind") == "hilltop" and mk.get("name") == old:
                    marks[i] = dict(mk, name=text, height=height)
            self.doc.edit(f"Rename hilltop {old} to {text}", [(("landmarks",), marks)])
            return
        marks.append({"at": h, "height": height, "kind": "hilltop", "name": text})
        self.doc.edit(f"Hilltop {text} at {h}", [(("landmarks",), marks)])

    # -- off-map boxes ---------------------------------------------------------------------------
    def add_road_column(self, entry: str, slots: int = 24, name: str | None = None) -> None:
        """The road column display (Semper Fi! 4.1): box ``road-column`` beside the map edge
        nearest its entry hex, anchored there, with ``slots`` numbered places. Placing it again
        moves it to the new entry hex."""
        if entry not in self.polys:
            self.message.emit(f"No hex {entry} on this map")
            return
        boxes = copy.deepcopy(self.doc.data.get("boxes", []))
        x0, y0, x1, y1 = self.grid.pixel_bounds()
        cx, cy = self.grid.to_pixel(entry)
        w, h = 18.0, 2.2
        below = cy > (y0 + y1) / 2
        box = {"id": "road-column", "name": name or f"Road Column (enters at {entry})", "anchor": entry,
               "enters": entry, "slots": int(slots), "side": "",
               "x": round(cx - w / 2, 3), "y": round(y1 + 0.8 if below else y0 - 0.8 - h, 3), "w": w, "h": h}
        for i, bx in enumerate(boxes):
            if bx.get("id") == "road-column":
                box = dict(bx, **{k: box[k] for k in ("anchor", "enters", "x", "y")})
                boxes[i] = box
                break
        else:
            boxes.append(box)
        self.doc.edit(f"Road column at {entry}", [(("boxes",), boxes)])

    def add_box(self, r: QRectF, name: str | None = None) -> None:
        boxes = copy.deepcopy(self.doc.data.get("boxes", []))
        ids = {b.get("id") for b in boxes}
        n = len(boxes) + 1
        while f"box-{n}" in ids:
            n += 1
        bid = f"box-{n}"
        name = name if name is not None else (self.ask_text("Name of the off-map box", bid) or bid)
        boxes.append({"id": bid, "name": name, "x": round(r.x() / SCALE, 3), "y": round(r.y() / SCALE, 3),
                      "w": round(r.width() / SCALE, 3), "h": round(r.height() / SCALE, 3)})
        self.doc.edit(f"Box {name}", [(("boxes",), boxes)])
