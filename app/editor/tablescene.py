"""The table editor: terrain outlines and lines in inches, with vertex editing and snapping."""

from __future__ import annotations

import copy
import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem

from app.editor.document import Document
from app.editor.printed import BOARD_DELAY_MS  # noqa: F401 - named here too: callers wait this long
from app.editor.printed import EditScene, PrintedBoardItem, SceneLayer, try_board

#: scene pixels per inch
PPI = 20.0
TABLE_TOOLS = ("select", "polygon", "line", "delete")
#: kind -> (geometry, fill, edge, default attrs)
KINDS: dict[str, tuple[str, str, str, dict[str, Any]]] = {
    "hill": ("polygon", "#B9A672", "#7A6A40", {"blocks_los": True, "elevation": 1}),
    "woods": ("polygon", "#7E9A5E", "#4E6A36", {"blocks_los": True, "cover": "light"}),
    "lake": ("polygon", "#9CC3D5", "#4F7F99", {"impassable": True}),
    "town": ("polygon", "#C9B9A0", "#6F5F48", {"cover": "heavy"}),
    "building": ("polygon", "#A89276", "#4F3F2A", {"blocks_los": True, "cover": "heavy"}),
    "rough": ("polygon", "#C7B27F", "#8A7444", {}),
    "road": ("line", "#8B3A2B", "#8B3A2B", {"width": 1.0}),
    "river": ("line", "#3E7CB1", "#3E7CB1", {"width": 0.5}),
    "cliff": ("line", "#3D2E1E", "#3D2E1E", {"impassable": True}),
    "wall": ("line", "#5A5A5A", "#5A5A5A", {"blocks_los": True}),
    "ridge": ("polygon", "#9E8F5F", "#6E5F38", {"blocks_los": True, "elevation": 3}),
    "crest": ("line", "#7A5C3A", "#7A5C3A", {"blocks_los": True}),
    # Frozen Chosin's table: the frozen reservoir, its shore, the Chinese entry zones, named
    # places, the Hagaru-ri airstrip and the off-table exits
    "ice": ("polygon", "#D6E6EE", "#4F7186", {"ice": True}),
    "shore": ("line", "#4F7186", "#4F7186", {}),
    "entry-zone": ("polygon", "#C98A80", "#8A2A22", {}),
    "place": ("polygon", "#3A3028", "#1E1A16", {}),
    "airstrip": ("polygon", "#B7AE98", "#5E564A", {}),
    "edge": ("line", "#2E2820", "#2E2820", {"to": ""}),
}
#: palette entries that write a different kind: "ice" draws a lake that is frozen
PALETTE_KIND: dict[str, str] = {"ice": "lake"}
#: kinds whose name the rules read from ``attrs.name``: the Name field keeps both in step
NAMED_KINDS = frozenset({"town", "place", "road", "hill", "ridge", "lake", "airstrip", "cliff"})
#: kinds put down with one click: a square of this half-size (inches) round the click
STAMP_KINDS: dict[str, float] = {"place": 0.4}


def next_entry_number(feats: list[dict[str, Any]]) -> int:
    """The lowest zone number not yet used (1..6 for the 1d6 roll, then onwards)."""
    used = {(f.get("attrs") or {}).get("number") for f in feats if f.get("kind") == "entry-zone"}
    n = 1
    while n in used:
        n += 1
    return n


def new_feature(palette: str, geom: str, pts: list[tuple[float, float]], feats: list[dict[str, Any]]
                ) -> dict[str, Any]:
    """The feature a palette entry draws: kind, a fresh id, its default attrs, and a name or zone
    number where the kind needs one."""
    kind = PALETTE_KIND.get(palette, palette)
    ids = {f.get("id") for f in feats}
    n = 1
    while f"{kind}-{n}" in ids:
        n += 1
    attrs = copy.deepcopy(kind_style(palette)[3])
    out: dict[str, Any] = {"id": f"{kind}-{n}", "kind": kind}
    if kind == "entry-zone":
        attrs["number"] = next_entry_number(feats)
        out["name"] = f"Entry zone {attrs['number']}"
    elif kind in ("place", "town"):
        out["name"] = attrs["name"] = f"{kind.capitalize()} {n}"
    out[geom] = [list(p) for p in pts]
    out["attrs"] = attrs
    return out
CLOTH = QColor("#8E9A6A")


def kind_style(kind: str) -> tuple[str, str, str, dict[str, Any]]:
    return KINDS.get(kind, ("polygon", "#BBBBBB", "#666666", {}))


#: the printed table is rebuilt this long after the last edit



class PrintedTableItem(PrintedBoardItem):
    """The game window's table (:class:`app.ui.boards.TableBoard`) under the editor's layers."""

    def __init__(self, scene: "TableScene"):
        super().__init__(scene, -1)
        #: the features the picture was built from (edited ones are drawn flat on top until then)
        self.features: list[Any] = []

    def set_board(self, board: Any, features: list[Any]) -> None:
        self.prepareGeometryChange()
        self.board = board
        self.features = features
        self.update()

    def _t(self) -> float:
        from app.ui.boards import PPI as BOARD_PPI
        return PPI / BOARD_PPI

    def _origin(self) -> tuple[float, float]:
        return self.board.pad, self.board.pad


class TableItem(SceneLayer):
    """The editor's drawing of the table's features, vertices and the outline being drawn."""

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        s = self.s
        data = s.doc.data
        w, h = float(data.get("width", 48)), float(data.get("height", 36))
        p.setRenderHint(QPainter.Antialiasing, True)
        printed = s.printed.board is not None
        built = s.printed.features
        if not printed:
            p.setPen(QPen(QColor("#4A4A30"), 3))
            p.setBrush(CLOTH)
            p.drawRect(QRectF(0, 0, w * PPI, h * PPI))
        # grid: faint inches when snapping, a 6-inch grid always
        if s.grid_snap:
            p.setPen(QPen(QColor(255, 255, 255, 28), 1))
            step = s.grid_step
            x = step
            while x < w:
                p.drawLine(QPointF(x * PPI, 0), QPointF(x * PPI, h * PPI))
                x += step
            y = step
            while y < h:
                p.drawLine(QPointF(0, y * PPI), QPointF(w * PPI, y * PPI))
                y += step
        p.setPen(QPen(QColor(255, 255, 255, 60), 1.2))
        for x in range(6, int(w) + 1, 6) if not printed else ():  # the printed table has its own
            p.drawLine(QPointF(x * PPI, 0), QPointF(x * PPI, h * PPI))
        for y in range(6, int(h) + 1, 6) if not printed else ():
            p.drawLine(QPointF(0, y * PPI), QPointF(w * PPI, y * PPI))
        # features: polygons first, then lines on top
        feats = data.get("features", [])
        order = sorted(range(len(feats)), key=lambda i: 0 if "polygon" in feats[i] else 1)
        for i in order:
            f = feats[i]
            geom, fill, edge, _ = kind_style(str(f.get("kind")))
            sel = s.selected == i
            if printed and i < len(built) and built[i] == f:
                # drawn by the printed table: only the selection outline goes on top
                if sel:
                    pts = [QPointF(x * PPI, y * PPI) for x, y in f.get("polygon") or f.get("line") or []]
                    p.setBrush(Qt.NoBrush)
                    p.setPen(QPen(QColor("#FFB300"), 3))
                    if "polygon" in f:
                        p.drawPolygon(QPolygonF(pts))
                    else:
                        p.drawPolyline(QPolygonF(pts))
                continue
            if "polygon" in f:
                poly = QPolygonF([QPointF(x * PPI, y * PPI) for x, y in f["polygon"]])
                fc = QColor(fill)
                fc.setAlpha(225)
                p.setBrush(fc)
                p.setPen(QPen(QColor("#FFB300") if sel else QColor(edge), 3 if sel else 1.6))
                p.drawPolygon(poly)
                if f.get("kind") == "hill":  # contour shading: inset rings
                    path = QPainterPath()
                    path.addPolygon(poly)
                    c = poly.boundingRect().center()
                    p.setBrush(Qt.NoBrush)
                    p.setPen(QPen(QColor(edge), 1, Qt.SolidLine))
                    for k in (0.66, 0.33):
                        ring = QPolygonF([c + (pt - c) * k for pt in poly])
                        p.drawPolygon(ring)
            elif "line" in f:
                pts = [QPointF(x * PPI, y * PPI) for x, y in f["line"]]
                width = float((f.get("attrs") or {}).get("width", 0.15)) or 0.15
                pen = QPen(QColor("#FFB300") if sel else QColor(fill), max(2.0, width * PPI))
                pen.setCapStyle(Qt.FlatCap)
                pen.setJoinStyle(Qt.RoundJoin)
                p.setPen(pen)
                path = QPainterPath(pts[0]) if pts else QPainterPath()
                for q in pts[1:]:
                    path.lineTo(q)
                p.setBrush(Qt.NoBrush)
                p.drawPath(path)
                if f.get("kind") == "road":
                    p.setPen(QPen(QColor("#C9A27A"), max(1.0, width * PPI * 0.55)))
                    p.drawPath(path)
            if f.get("name"):
                pts = f.get("polygon") or f.get("line") or []
                if pts:
                    cx = sum(x for x, _ in pts) / len(pts) * PPI
                    cy = sum(y for _, y in pts) / len(pts) * PPI
                    font = QFont("Serif")
                    font.setPixelSize(13)
                    font.setItalic(True)
                    p.setFont(font)
                    p.setPen(QColor("#1E1E1E"))
                    p.drawText(QRectF(cx - 100, cy - 9, 200, 18), Qt.AlignCenter, str(f["name"]))
        # vertex handles of the selected feature
        if s.selected is not None and s.selected < len(feats):
            f = feats[s.selected]
            pts = f.get("polygon") or f.get("line") or []
            p.setPen(QPen(QColor("#1A1A1A"), 1.2))
            p.setBrush(QColor("#FFFFFF"))
            for x, y in pts:
                p.drawRect(QRectF(x * PPI - 4, y * PPI - 4, 8, 8))
        # the outline being drawn
        if s.drawing:
            p.setPen(QPen(QColor("#FFB300"), 2, Qt.DashLine))
            pts = [QPointF(x * PPI, y * PPI) for x, y in s.drawing]
            if s.cursor is not None:
                pts.append(QPointF(s.cursor[0] * PPI, s.cursor[1] * PPI))
            for a, b in zip(pts, pts[1:]):
                p.drawLine(a, b)
            p.setBrush(QColor("#FFB300"))
            for q in pts:
                p.drawEllipse(q, 3.5, 3.5)


class TableScene(EditScene):
    featureSelected = Signal(int)

    def __init__(self, doc: Document, parent: Any = None):
        super().__init__(doc, parent)
        self.kind = "hill"
        self.grid_snap = True
        self.grid_step = 0.5
        self.vertex_snap = True
        self.snap_radius = 0.4
        self.selected: int | None = None
        self.drawing: list[tuple[float, float]] = []
        self.cursor: tuple[float, float] | None = None
        self._drag: dict[str, Any] | None = None
        self._show_printed(PrintedTableItem(self))
        self.item = TableItem(self)
        self.addItem(self.item)
        self.setBackgroundBrush(QColor("#3B3B33"))
        doc.changed.connect(self._on_changed)
        self._rebuild_board()
        self._fit()

    def _rebuild_board(self) -> None:
        """Build the game's printed table from the current data (the editor's own flat drawing
        stands in when it cannot be built, e.g. an outline still being drawn)."""
        self._board_timer.stop()
        from app.ui.boards import TableBoard
        board = try_board(lambda: TableBoard(copy.deepcopy(self.doc.data))) if self.printed_map else None
        feats = copy.deepcopy(self.doc.data.get("features", [])) if board is not None else []
        self.printed.set_board(board, feats)
        self.item.update()


    def _fit(self) -> None:
        w, h = float(self.doc.data.get("width", 48)), float(self.doc.data.get("height", 36))
        self.setSceneRect(QRectF(-2 * PPI, -2 * PPI, (w + 4) * PPI, (h + 4) * PPI))

    def _on_changed(self, paths: list) -> None:
        n = len(self.doc.data.get("features", []))
        if self.selected is not None and self.selected >= n:
            self.selected = None
        self._fit()
        self._board_edited()
        self.item.prepareGeometryChange()
        self.item.update()

    def inches(self, pos: QPointF) -> tuple[float, float]:
        return pos.x() / PPI, pos.y() / PPI

    def snap(self, x: float, y: float, skip: tuple[int, int] | None = None) -> tuple[float, float]:
        """Vertex snap (to any other vertex within ``snap_radius``) wins over grid snap."""
        if self.vertex_snap:
            best = None
            for i, f in enumerate(self.doc.data.get("features", [])):
                for j, (vx, vy) in enumerate(f.get("polygon") or f.get("line") or []):
                    if skip == (i, j):
                        continue
                    d = math.hypot(vx - x, vy - y)
                    if d <= self.snap_radius and (best is None or d < best[0]):
                        best = (d, (vx, vy))
            for vx, vy in self.drawing[:-1] if self.drawing else []:
                d = math.hypot(vx - x, vy - y)
                if d <= self.snap_radius and (best is None or d < best[0]):
                    best = (d, (vx, vy))
            if best is not None:
                return best[1]
        if self.grid_snap and self.grid_step > 0:
            g = self.grid_step
            x, y = round(x / g) * g, round(y / g) * g
        w, h = float(self.doc.data.get("width", 48)), float(self.doc.data.get("height", 36))
        return round(min(max(x, 0.0), w), 4), round(min(max(y, 0.0), h), 4)

    def feature_at(self, x: float, y: float) -> int | None:
        from shapely.geometry import LineString, Point, Polygon
        feats = self.doc.data.get("features", [])
        pt = Point(x, y)
        for i in reversed(range(len(feats))):
            f = feats[i]
            try:
                if "line" in f and len(f["line"]) >= 2:
                    if LineString(f["line"]).distance(pt) < 0.4:
                        return i
                elif "polygon" in f and len(f["polygon"]) >= 3:
                    if Polygon(f["polygon"]).buffer(0.05).contains(pt):
                        return i
            except Exception:
                continue
        return None

    def vertex_at(self, x: float, y: float) -> tuple[int, int] | None:
        if self.selected is None:
            return None
        feats = self.doc.data.get("features", [])
        if self.selected >= len(feats):
            return None
        f = feats[self.selected]
        key = "polygon" if "polygon" in f else "line"
        for j, (vx, vy) in enumerate(f.get(key) or []):
            if math.hypot(vx - x, vy - y) <= 6 / PPI:
                return self.selected, j
        return None

    # -- mouse -------------------------------------------------------------------------------
    def mousePressEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        self.press(ev.scenePos(), ev.button() == Qt.RightButton)
        ev.accept()

    def mouseMoveEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        x, y = self.inches(ev.scenePos())
        self.hoverChanged.emit(f'{x:.2f}" , {y:.2f}"')
        if self.drawing:
            self.cursor = self.snap(x, y)
            self.item.update()
        if ev.buttons() & Qt.LeftButton:
            self.drag(ev.scenePos())
        ev.accept()

    def mouseDoubleClickEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        if self.tool in ("polygon", "line") and self.drawing:
            # a double-click puts its point down (once) and closes the outline
            pt = self.snap(*self.inches(ev.scenePos()))
            if tuple(self.drawing[-1]) != pt:
                self.drawing.append(pt)
            self.finish_drawing()
        elif self.tool == "select":
            self.insert_vertex(*self.inches(ev.scenePos()))
        ev.accept()

    def keyPressEvent(self, ev: Any) -> None:
        if ev.key() in (Qt.Key_Return, Qt.Key_Enter) and self.drawing:
            self.finish_drawing()
        elif ev.key() == Qt.Key_Escape:
            self.drawing = []
            self.cursor = None
            self.item.update()
        elif ev.key() in (Qt.Key_Delete, Qt.Key_Backspace) and self.selected is not None:
            self.delete_feature(self.selected)
        else:
            super().keyPressEvent(ev)

    def press(self, pos: QPointF, right: bool = False) -> None:
        x, y = self.inches(pos)
        t = self.tool
        if t == "select":
            v = self.vertex_at(x, y)
            if v is not None and right:
                self.delete_vertex(*v)
                return
            if v is not None:
                i, j = v
                key = "polygon" if "polygon" in self.doc.data["features"][i] else "line"
                self._drag = {"v": v, "key": key, "stroke": self.doc.stroke("Move vertex")}
                return
            self.selected = self.feature_at(x, y)
            self.featureSelected.emit(-1 if self.selected is None else self.selected)
            self.item.update()
        elif t in ("polygon", "line"):
            if right:
                self.finish_drawing()
                return
            pt = self.snap(x, y)
            if t == "polygon" and self.kind in STAMP_KINDS and not self.drawing:
                self.stamp(pt)
                return
            if t == "polygon" and len(self.drawing) >= 3 and pt == tuple(self.drawing[0]):
                self.finish_drawing()
                return
            if not self.drawing or tuple(self.drawing[-1]) != pt:
                self.drawing.append(pt)
            self.item.update()
        elif t == "delete":
            i = self.feature_at(x, y)
            if i is not None:
                self.delete_feature(i)

    def drag(self, pos: QPointF) -> None:
        d = self._drag
        if not d:
            return
        i, j = d["v"]
        x, y = self.snap(*self.inches(pos), skip=(i, j))
        d["stroke"].set(("features", i, d["key"], j), [x, y])

    def release(self, pos: QPointF) -> None:
        d, self._drag = self._drag, None
        if d:
            d["stroke"].finish()

    def finish_drawing(self) -> bool:
        pts = self.drawing
        self.drawing = []
        self.cursor = None
        geom = "polygon" if self.tool == "polygon" else "line"
        need = 3 if geom == "polygon" else 2
        if len(pts) < need:
            self.message.emit(f"A {geom} needs at least {need} points")
            self.item.update()
            return False
        return self._add(new_feature(self.kind, geom, pts, self.doc.data.get("features", [])))

    def stamp(self, pt: tuple[float, float]) -> bool:
        """One click puts down a place: a small square centred on the (snapped) point."""
        h = STAMP_KINDS.get(self.kind, 0.4)
        w, ht = float(self.doc.data.get("width", 48)), float(self.doc.data.get("height", 36))
        x = min(max(pt[0], h), w - h)
        y = min(max(pt[1], h), ht - h)
        sq = [(round(x - h, 4), round(y - h, 4)), (round(x + h, 4), round(y - h, 4)),
              (round(x + h, 4), round(y + h, 4)), (round(x - h, 4), round(y + h, 4))]
        return self._add(new_feature(self.kind, "polygon", sq, self.doc.data.get("features", [])))

    def _add(self, feature: dict[str, Any]) -> bool:
        feats = copy.deepcopy(self.doc.data.get("features", []))
        feats.append(feature)
        self.selected = len(feats) - 1
        self.doc.edit(f"Add {feature['id']}", [(("features",), feats)])
        self.featureSelected.emit(self.selected)
        return True

    def delete_feature(self, i: int) -> None:
        feats = copy.deepcopy(self.doc.data.get("features", []))
        fid = feats[i].get("id")
        del feats[i]
        self.selected = None
        self.doc.edit(f"Delete {fid}", [(("features",), feats)])

    def delete_vertex(self, i: int, j: int) -> None:
        f = self.doc.data["features"][i]
        key = "polygon" if "polygon" in f else "line"
        pts = copy.deepcopy(f[key])
        if len(pts) <= (3 if key == "polygon" else 2):
            self.message.emit("Too few points left; delete the feature instead")
            return
        del pts[j]
        self.doc.edit("Delete vertex", [(("features", i, key), pts)])

    def insert_vertex(self, x: float, y: float) -> bool:
        """Insert a vertex into the selected feature's nearest edge (double-click in select)."""
        if self.selected is None:
            return False
        f = self.doc.data["features"][self.selected]
        key = "polygon" if "polygon" in f else "line"
        pts = f[key]
        segs = list(zip(range(len(pts)), pts, pts[1:] + ([pts[0]] if key == "polygon" else [])))
        best = None
        for j, a, b in segs:
            ax, ay = a
            bx, by = b
            dx, dy = bx - ax, by - ay
            L2 = dx * dx + dy * dy or 1e-9
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / L2))
            d = math.hypot(x - (ax + t * dx), y - (ay + t * dy))
            if best is None or d < best[0]:
                best = (d, j)
        if best is None or best[0] > 0.5:
            return False
        new = copy.deepcopy(pts)
        new.insert(best[1] + 1, list(self.snap(x, y)))
        return self.doc.edit("Insert vertex", [(("features", self.selected, key), new)])
