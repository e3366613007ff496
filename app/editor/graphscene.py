"""The point-to-point board editor: spaces, coloured arrows and dashed links."""

from __future__ import annotations

import copy
import math
from typing import Any, Callable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem

from app.editor import style
from app.editor.document import Document
from app.editor.printed import BOARD_DELAY_MS  # noqa: F401 - named here too: callers wait this long
from app.editor.printed import EditScene, SceneLayer, try_board

RADIUS = 26.0
GRAPH_TOOLS = ("select", "space", "arrow", "link", "delete")
ARROW_COLOURS = ("red", "black", "blue", "white", "green", "yellow", "orange", "purple", "brown", "grey")
PAPER = QColor("#EDE6D2")


def _seg_distance(p: QPointF, a: QPointF, b: QPointF) -> float:
    dx, dy = b.x() - a.x(), b.y() - a.y()
    L2 = dx * dx + dy * dy or 1e-9
    t = max(0.0, min(1.0, ((p.x() - a.x()) * dx + (p.y() - a.y()) * dy) / L2))
    return math.hypot(p.x() - (a.x() + t * dx), p.y() - (a.y() + t * dy))


#: the printed board is rebuilt this long after the last edit


class PrintedGraphItem(QGraphicsItem):
    """The game window's point-to-point board (:class:`app.ui.boards.GraphBoard`) under the
    editor's layers. The game lays the board out at its own scale; here it is mapped back onto
    the file's coordinates, so each plaque sits on its space."""

    def __init__(self, scene: "GraphScene"):
        super().__init__()
        self.s = scene
        self.board: Any = None
        #: the data the picture was built from (spaces by id, arrows, links)
        self.spaces: dict[Any, Any] = {}
        self.arrows: list[Any] = []
        self.links: list[Any] = []
        self.setZValue(-1)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setCacheMode(QGraphicsItem.DeviceCoordinateCache)

    def set_board(self, board: Any, data: dict[str, Any]) -> None:
        self.prepareGeometryChange()
        self.board = board
        self.spaces = {sp.get("id"): sp for sp in data.get("spaces", [])} if board is not None else {}
        self.arrows = list(data.get("arrows", [])) if board is not None else []
        self.links = list(data.get("links", [])) if board is not None else []
        self.update()

    def to_editor(self, r: QRectF) -> QRectF:
        b = self.board
        return QRectF((r.left() - b.pad) / b.s + b.x0, (r.top() - b.pad) / b.s + b.y0, r.width() / b.s, r.height() / b.s)

    def boundingRect(self) -> QRectF:
        return QRectF() if self.board is None else self.to_editor(self.board.rect())

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        b = self.board
        if b is None:
            return
        ex = option.exposedRect if not option.exposedRect.isEmpty() else self.boundingRect()
        rect = QRectF((ex.left() - b.x0) * b.s + b.pad, (ex.top() - b.y0) * b.s + b.pad, ex.width() * b.s, ex.height() * b.s)
        rect = rect.intersected(b.rect())
        if rect.isEmpty():
            return
        p.save()
        p.translate(b.x0, b.y0)
        p.scale(1 / b.s, 1 / b.s)
        p.translate(-b.pad, -b.pad)
        b.paint(p, rect, option.levelOfDetailFromTransform(p.worldTransform()))
        p.restore()

    def dirty_spaces(self, spaces: list[dict[str, Any]]) -> set[Any]:
        return {sp.get("id") for sp in spaces if self.spaces.get(sp.get("id")) != sp}


class BoardItem(SceneLayer):
    """The editor's drawing of spaces, arrows and links (over the printed board: what changed)."""

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        s = self.s
        p.setRenderHint(QPainter.Antialiasing, True)
        pos = s.positions()
        # Over the printed board only what changed since it was built is drawn (flat, until the
        # picture catches up), plus the selection.
        pr = s.printed
        printed = pr.board is not None
        dirty = pr.dirty_spaces(s.doc.data.get("spaces", [])) if printed else set()

        def fresh(kind: str, i: int, e: dict[str, Any], ka: str, kb: str) -> bool:
            built = pr.arrows if kind == "arrow" else pr.links
            return (printed and i < len(built) and built[i] == e and e.get(ka) not in dirty
                    and e.get(kb) not in dirty and s.selected != (kind, i))
        if printed and s.selected and s.selected[0] == "space" and s.selected[1] not in dirty:
            sid = s.selected[1]
            if sid in pr.board.centre:
                p.setBrush(Qt.NoBrush)
                p.setPen(QPen(QColor("#FFB300"), 3.5))
                r = pr.to_editor(pr.board.plaque(sid))
                p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), 12 / pr.board.s, 12 / pr.board.s)
        # links: dashed
        for i, ln in enumerate(s.doc.data.get("links", [])):
            a, b = pos.get(ln.get("a")), pos.get(ln.get("b"))
            if a is None or b is None or fresh("link", i, ln, "a", "b"):
                continue
            st = {"solid": Qt.SolidLine, "dotted": Qt.DotLine}.get(ln.get("style", "dashed"), Qt.DashLine)
            pen = QPen(QColor("#5A5040"), 3 if s.selected == ("link", i) else 2, st)
            p.setPen(pen)
            p.drawLine(a, b)
        # arrows: coloured, directed, offset when two run between the same pair
        for i, ar in enumerate(s.doc.data.get("arrows", [])):
            a, b = pos.get(ar.get("from")), pos.get(ar.get("to"))
            if a is None or b is None or fresh("arrow", i, ar, "from", "to"):
                continue
            col = style.colour_of(ar.get("colour"), "#000000")
            line = QLineF(a, b)
            if line.length() < 1:
                continue
            n = line.normalVector().unitVector()
            off = QPointF(n.dx() * 6, n.dy() * 6)
            u = line.unitVector()
            ud = QPointF(u.dx(), u.dy())
            start = a + ud * RADIUS + off
            end = b - ud * (RADIUS + 2) + off
            w = 5 if s.selected == ("arrow", i) else 3.5
            if col.lightness() > 220:  # white arrows get a dark edge
                p.setPen(QPen(QColor("#333333"), w + 2))
                p.drawLine(start, end - ud * 10)
            p.setPen(QPen(col, w))
            p.drawLine(start, end - ud * 10)
            head = QPolygonF([end, end - ud * 16 + QPointF(-ud.y(), ud.x()) * 8,
                              end - ud * 16 - QPointF(-ud.y(), ud.x()) * 8])
            p.setBrush(col)
            p.setPen(QPen(QColor("#333333"), 1))
            p.drawPolygon(head)
        # spaces
        f = QFont()
        f.setPixelSize(13)
        f.setBold(True)
        small = QFont()
        small.setPixelSize(11)
        for sp in s.doc.data.get("spaces", []):
            c = pos.get(sp.get("id"))
            if c is None or (printed and sp.get("id") not in dirty):
                continue
            col = style.colour_of(sp.get("colour"), "#F4F0E4")
            sel = s.selected == ("space", sp.get("id"))
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(0, 0, 0, 60))
            p.drawEllipse(c + QPointF(2, 3), RADIUS, RADIUS)
            p.setBrush(col)
            p.setPen(QPen(QColor("#FFB300") if sel else QColor("#2A2A2A"), 4 if sel else 2))
            p.drawEllipse(c, RADIUS, RADIUS)
            ink = QColor("#FFFFFF") if col.lightness() < 110 else QColor("#1A1A1A")
            p.setPen(ink)
            p.setFont(f)
            p.drawText(QRectF(c.x() - RADIUS, c.y() - RADIUS, 2 * RADIUS, 2 * RADIUS), Qt.AlignCenter, str(sp.get("id")))
            if sp.get("name"):
                p.setFont(small)
                p.setPen(QColor("#2A2A2A"))
                p.drawText(QRectF(c.x() - 90, c.y() + RADIUS + 2, 180, 16), Qt.AlignHCenter | Qt.AlignTop, str(sp["name"]))


class GraphScene(EditScene):
    spaceSelected = Signal(str)

    def __init__(self, doc: Document, parent: Any = None):
        super().__init__(doc, parent)
        self.colour = "red"
        self.link_style = "dashed"
        self.selected: tuple[str, Any] | None = None
        self.ask_text: Callable[[str, str], str | None] = lambda title, default: None
        self._drag: dict[str, Any] | None = None
        self._show_printed(PrintedGraphItem(self))
        self.board = BoardItem(self)
        self.addItem(self.board)
        self.rubber = self.addLine(QLineF(), QPen(QColor("#1F5F8B"), 2, Qt.DashLine))
        self.rubber.setZValue(5)
        self.doc.changed.connect(self._on_changed)
        self.setBackgroundBrush(PAPER)
        self._rebuild_board()
        self._fit()

    def _rebuild_board(self) -> None:
        """Build the game's printed board from the current data (the editor's own flat drawing
        stands in when it cannot be built, e.g. no spaces yet)."""
        self._board_timer.stop()
        from app.ui.boards import GraphBoard
        data = copy.deepcopy(self.doc.data)
        board = try_board(lambda: GraphBoard(copy.deepcopy(data))) if self.printed_map and data.get("spaces") else None
        self.printed.set_board(board, data)
        self.board.update()


    def _fit(self) -> None:
        xs = [float(s.get("x", 0)) for s in self.doc.data.get("spaces", [])] or [0.0]
        ys = [float(s.get("y", 0)) for s in self.doc.data.get("spaces", [])] or [0.0]
        r = QRectF(min(xs) - 150, min(ys) - 150, max(xs) - min(xs) + 300, max(ys) - min(ys) + 300)
        r = r.united(QRectF(0, 0, 800, 600))
        self.setSceneRect(r)

    def _on_changed(self, paths: list) -> None:
        self._fit()
        self._board_edited()
        self.board.prepareGeometryChange()
        self.board.update()
        self.update()

    def positions(self) -> dict[str, QPointF]:
        return {s.get("id"): QPointF(float(s.get("x", 0)), float(s.get("y", 0))) for s in self.doc.data.get("spaces", [])}

    def space_at(self, pos: QPointF) -> str | None:
        best = None
        for sid, c in self.positions().items():
            d = math.hypot(c.x() - pos.x(), c.y() - pos.y())
            if d <= RADIUS and (best is None or d < best[0]):
                best = (d, sid)
        return best[1] if best else None

    def edge_at(self, pos: QPointF) -> tuple[str, int] | None:
        pos_map = self.positions()
        for kind, key_a, key_b in (("arrow", "from", "to"), ("link", "a", "b")):
            for i, e in enumerate(self.doc.data.get(kind + "s", [])):
                a, b = pos_map.get(e.get(key_a)), pos_map.get(e.get(key_b))
                if a is not None and b is not None and _seg_distance(pos, a, b) < 7:
                    return kind, i
        return None

    def _index(self, sid: str) -> int:
        for i, s in enumerate(self.doc.data.get("spaces", [])):
            if s.get("id") == sid:
                return i
        return -1

    # -- mouse -------------------------------------------------------------------------------
    def mousePressEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        if ev.button() == Qt.LeftButton:
            self.press(ev.scenePos())
        ev.accept()

    def mouseMoveEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        sid = self.space_at(ev.scenePos())
        self.hoverChanged.emit(f"{sid}" if sid else f"({ev.scenePos().x():.0f}, {ev.scenePos().y():.0f})")
        if ev.buttons() & Qt.LeftButton:
            self.drag(ev.scenePos())
        ev.accept()

    def press(self, pos: QPointF) -> None:
        sid = self.space_at(pos)
        t = self.tool
        if t == "select":
            if sid:
                self.selected = ("space", sid)
                i = self._index(sid)
                sp = self.doc.data["spaces"][i]
                self._drag = {"sid": sid, "i": i, "start": (sp.get("x", 0), sp.get("y", 0)),
                              "grab": QPointF(pos.x() - float(sp.get("x", 0)), pos.y() - float(sp.get("y", 0))),
                              "stroke": self.doc.stroke(f"Move {sid}")}
                self.spaceSelected.emit(sid)
            else:
                e = self.edge_at(pos)
                self.selected = e
                self.spaceSelected.emit("")
            self.board.update()
        elif t == "space":
            if sid:
                return
            spaces = self.doc.data.get("spaces", [])
            ids = {s.get("id") for s in spaces}
            n = len(spaces) + 1
            while f"S{n}" in ids:
                n += 1
            new = {"id": f"S{n}", "name": "", "colour": None, "x": round(pos.x()), "y": round(pos.y()),
                   "tags": [], "attrs": {}}
            self.doc.edit(f"Add space S{n}", [(("spaces",), copy.deepcopy(spaces) + [new])])
            self.selected = ("space", f"S{n}")
            self.spaceSelected.emit(f"S{n}")
        elif t in ("arrow", "link"):
            if sid:
                self._drag = {"from": sid}
                c = self.positions()[sid]
                self.rubber.setLine(QLineF(c, pos))
                self.rubber.show()
        elif t == "delete":
            if sid:
                self.delete_space(sid)
            else:
                e = self.edge_at(pos)
                if e is not None:
                    kind, i = e
                    items = copy.deepcopy(self.doc.data.get(kind + "s", []))
                    del items[i]
                    self.doc.edit(f"Delete {kind}", [((kind + "s",), items)])

    def drag(self, pos: QPointF) -> None:
        d = self._drag
        if not d:
            return
        if "sid" in d:
            x = round(pos.x() - d["grab"].x())
            y = round(pos.y() - d["grab"].y())
            d["stroke"].set(("spaces", d["i"], "x"), x)
            d["stroke"].set(("spaces", d["i"], "y"), y)
        elif "from" in d:
            self.rubber.setLine(QLineF(self.positions()[d["from"]], pos))

    def release(self, pos: QPointF) -> None:
        d, self._drag = self._drag, None
        self.rubber.hide()
        if not d:
            return
        if "sid" in d:
            d["stroke"].finish()
        elif "from" in d:
            to = self.space_at(pos)
            if not to or to == d["from"]:
                return
            if self.tool == "arrow":
                arrows = copy.deepcopy(self.doc.data.get("arrows", []))
                arrows.append({"from": d["from"], "to": to, "colour": self.colour})
                self.doc.edit(f"{self.colour} arrow {d['from']} \u2192 {to}", [(("arrows",), arrows)])
            else:
                links = copy.deepcopy(self.doc.data.get("links", []))
                if any({l.get("a"), l.get("b")} == {d["from"], to} for l in links):
                    self.message.emit(f"{d['from']} and {to} are already linked")
                    return
                links.append({"a": d["from"], "b": to, "style": self.link_style})
                self.doc.edit(f"Link {d['from']} \u2013 {to}", [(("links",), links)])

    def delete_space(self, sid: str) -> None:
        data = self.doc.data
        spaces = [s for s in data.get("spaces", []) if s.get("id") != sid]
        arrows = [a for a in data.get("arrows", []) if sid not in (a.get("from"), a.get("to"))]
        links = [l for l in data.get("links", []) if sid not in (l.get("a"), l.get("b"))]
        self.selected = None
        self.doc.edit(f"Delete space {sid}", [(("spaces",), copy.deepcopy(spaces)), (("arrows",), copy.deepcopy(arrows)),
                                             (("links",), copy.deepcopy(links))])

    def rename_space(self, old: str, new: str) -> bool:
        """Change a space's id everywhere it is used (arrows, links)."""
        data = self.doc.data
        if not new or new == old or any(s.get("id") == new for s in data.get("spaces", [])):
            return False
        spaces = copy.deepcopy(data.get("spaces", []))
        for s in spaces:
            if s.get("id") == old:
                s["id"] = new
        arrows = copy.deepcopy(data.get("arrows", []))
        for a in arrows:
            a["from"] = new if a.get("from") == old else a.get("from")
            a["to"] = new if a.get("to") == old else a.get("to")
        links = copy.deepcopy(data.get("links", []))
        for l in links:
            l["a"] = new if l.get("a") == old else l.get("a")
            l["b"] = new if l.get("b") == old else l.get("b")
        self.selected = ("space", new)
        return self.doc.edit(f"Rename {old} to {new}", [(("spaces",), spaces), (("arrows",), arrows), (("links",), links)])
