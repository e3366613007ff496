"""The map: a QGraphicsScene holding the board picture, the pieces and the highlights, and the
QGraphicsView players look through (zoom, pan, overview).

The static board is painted into cached tiles per zoom bucket (``MapScene.drawBackground``), so
a frame costs a few pixmap blits plus the pieces, each itself a cached pixmap. Pieces handle
their own mouse presses, moves and releases (no QDrag), and report to a *host* - the main
window - which asks the game what is legal; the scene never decides that.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Protocol

from PySide6.QtCore import (QEasingCurve, QEvent, QPoint, QPointF, QRect, QRectF, QSizeF, Qt,
                            QTimer, QVariantAnimation, Signal)
from PySide6.QtGui import (QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap,
                           QRegion, QTransform)
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsObject, QGraphicsScene, QGraphicsView,
                               QStyleOptionGraphicsItem, QWidget)

from app.ui import highlight_cache, theme
from app.ui.boards import Board, BlankBoard, draw_halo_text
from app.ui.counters import DIM_FLAGS, flags_of, look_key, piece_pixmap, piece_size

TILE = 512
Z_OVERLAY, Z_TARGETS, Z_HOVER, Z_BOX, Z_PIECE, Z_DRAG, Z_MEASURE = 5, 10, 12, 3, 20, 1000, 2000


class Host(Protocol):
    def piece_pressed(self, pid: str) -> bool: ...
    def piece_dragged(self, pid: str, pos: QPointF) -> None: ...
    def piece_dropped(self, pid: str, pos: QPointF) -> None: ...
    def piece_clicked(self, pid: str) -> None: ...
    def map_clicked(self, pos: QPointF) -> None: ...
    def hovered(self, pos: QPointF) -> None: ...


def cpen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen whose width is in screen pixels whatever the zoom (highlights, rulers)."""
    pen = QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


def loc_key(at: Any) -> Any:
    if isinstance(at, list):
        return tuple(round(float(v), 3) if isinstance(v, (int, float)) else v for v in at)
    return at


# ================================================================================================
# Items
# ================================================================================================

ARROWS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down"}
WOBBLE_PX = 12
COLLAPSED = 30      # the folded overview's button, pixels      # a release this close (screen pixels) to the press is a click, never a drop


SIMPLE_PX = 30      # below this many device pixels a counter is drawn in the simple large style


def paint_simple_counter(p: QPainter, piece: dict[str, Any], body: QRectF, sides: tuple[str, ...]) -> None:
    """A counter too small to read printed (a whole-map view): a slightly larger plain block in
    its colour with its strength in bold, so the front still reads at a glance."""
    c = theme.nation_colour(piece, sides)
    big = body.adjusted(-body.width() * 0.12, -body.height() * 0.12, body.width() * 0.12, body.height() * 0.12)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor(20, 18, 15), body.width() * 0.07))
    p.setBrush(c)
    p.drawRoundedRect(big, big.width() * 0.12, big.width() * 0.12)
    if piece.get("reduced"):
        p.fillRect(QRectF(big.left(), big.center().y() - big.height() * 0.1, big.width(), big.height() * 0.2),
                   QColor(255, 255, 255, 150))
    strength = str(piece.get("values") or "").split("-")[0]
    if strength:
        f = theme.counter_font(big.height() * 0.62, True)
        p.setFont(f)
        p.setPen(QColor("#FBF7EC") if theme.is_dark(c) else QColor("#1C1814"))
        p.drawText(big, Qt.AlignmentFlag.AlignCenter, strength)


class PieceItem(QGraphicsObject):
    """One piece: a cached pixmap, its own drag handling, selection outline and dimming."""

    def __init__(self, scene: "MapScene", piece: dict[str, Any]):
        super().__init__()
        self.map = scene
        self.piece: dict[str, Any] = {}
        self.size = QSizeF(10, 10)
        self._brect: QRectF | None = None
        self.selected = False
        self.fanned = False
        self._press: QPointF | None = None
        self._press_screen: QPoint | None = None
        self._start = QPointF()
        self.dragging = False
        self.can_drag = False
        self._anim: QVariantAnimation | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setAcceptHoverEvents(False)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        # drawn once per zoom into a device-pixel cache (set in update_piece): a frame (pan,
        # drag, highlight) only blits it; update() (new look, selection, dimming, dragging)
        # redraws it
        self.update_piece(piece)

    @property
    def pid(self) -> str:
        return str(self.piece.get("id"))

    def update_piece(self, piece: dict[str, Any]) -> None:
        size = piece_size(piece, self.map.board.unit)
        if size != self.size or self._brect is None:
            self.prepareGeometryChange()
            self.size = size
            w, h = size.width(), size.height()
            m = max(w, h) * 0.16 + 3
            self._brect = QRectF(-w / 2 - m, -h / 2 - m, w + 2 * m, h + 2 * m)
        self.piece = piece
        self.look = look_key(piece)
        self.dot_rgba = theme.nation_colour(piece, self.map.sides).rgba()   # its dot on the overview
        self.dim = bool(flags_of(piece) & DIM_FLAGS)
        self.setRotation(float(piece.get("rotation") or 0.0) if piece.get("kind") == "base" else 0.0)
        # a device-pixel cache is only reused under translation and scaling: a base turned at an
        # angle would be redrawn into a fresh cache every frame, so it is drawn directly
        cache = QGraphicsItem.CacheMode.NoCache if self.rotation() % 90 else QGraphicsItem.CacheMode.DeviceCoordinateCache
        if self.cacheMode() != cache:
            self.setCacheMode(cache)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._brect       # asked many times a frame: worked out when the size changes

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(-self.size.width() / 2, -self.size.height() / 2, self.size.width(), self.size.height()))
        return path

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        dev = p.device()
        dpr = dev.devicePixelRatioF() if dev is not None else 1.0
        longer = max(self.size.width(), self.size.height())
        px = longer * lod * dpr
        dim = self.dim
        body = QRectF(-self.size.width() / 2, -self.size.height() / 2, self.size.width(), self.size.height())
        if px < 7:
            p.fillRect(body, theme.nation_colour(self.piece, self.map.sides))
        elif px < SIMPLE_PX and (self.piece.get("kind") or "counter") == "counter":
            paint_simple_counter(p, self.piece, body, self.map.sides)
        else:
            pm, target = piece_pixmap(self.piece, self.size, px, dpr, self.map.sides, self.look)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            p.drawPixmap(target, pm, QRectF(pm.rect()))
        if dim and not self.dragging:
            # used or moved: faded under a grey wash (still opaque, so the map does not show through)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(70, 70, 70, 95))
            if self.piece.get("r"):
                p.drawEllipse(body)
            else:
                p.drawRoundedRect(body, body.width() * 0.06, body.width() * 0.06)
        if self.selected or self.dragging:
            w = 3.2 / max(lod, 0.05)
            p.setPen(QPen(theme.SELECT, w))
            p.setBrush(Qt.BrushStyle.NoBrush)
            if self.piece.get("r"):
                p.drawEllipse(body.adjusted(-w / 2, -w / 2, w / 2, w / 2))
            else:
                p.drawRoundedRect(body.adjusted(-w / 2, -w / 2, w / 2, w / 2), 4, 4)

    # -- animation -------------------------------------------------------------------------------
    def glide_to(self, pos: QPointF, ms: int = 120) -> None:
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        if ms <= 0 or (self.pos() - pos).manhattanLength() < 0.5 or not self.map.animate:
            self.setPos(pos)
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(self.pos())
        anim.setEndValue(pos)
        anim.setDuration(ms)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(self.setPos)
        anim.finished.connect(lambda: self._anim_done(pos))
        self._anim = anim
        anim.start()

    def _anim_done(self, pos: QPointF) -> None:
        self.setPos(pos)
        self._anim = None

    # -- mouse (the item's own handlers: tests drive them with QTest on the viewport) ------------
    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton or not self.map.interactive:
            event.ignore()
            return
        event.accept()
        self._press = event.scenePos()
        self._press_screen = event.screenPos()
        self._start = self.pos()
        self.dragging = False
        host = self.map.host
        self.can_drag = bool(host and host.piece_pressed(self.pid))

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self._press is None:
            return
        if not self.can_drag:
            return
        delta = event.scenePos() - self._press
        if not self.dragging:
            view_scale = self.map.view_scale()
            if delta.manhattanLength() * view_scale < 4:
                return
            self.dragging = True
            self.setZValue(Z_DRAG)
            self.update()      # the outline and the undimmed face while dragged
        self.setPos(self._start + delta)
        if self.map.host:
            self.map.host.piece_dragged(self.pid, event.scenePos())

    def contextMenuEvent(self, event) -> None:  # noqa: N802
        host = self.map.host
        if host is not None and hasattr(host, "piece_menu") and self.map.interactive:
            host.piece_menu(self.pid, event.screenPos())
            event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._press is None:
            return
        was_drag = self.dragging
        self._press = None
        self.dragging = False
        host = self.map.host
        if was_drag and self._press_screen is not None and \
                (event.screenPos() - self._press_screen).manhattanLength() < WOBBLE_PX:
            # a hand's wobble, not a move: back where it was, and a click
            was_drag = False
            self.setZValue(Z_PIECE)
            self.map.relayout(0)
        if was_drag:
            if host:
                host.piece_dropped(self.pid, event.scenePos())
        elif host:
            host.piece_clicked(self.pid)
        self.update()


class BoxItem(QGraphicsItem):
    """An off-map box printed beside the map (reinforcements, eliminated, Far East Command)."""

    def __init__(self, box_id: str, name: str, rect: QRectF):
        super().__init__()
        self.box_id = box_id
        self.name = name
        self.rect = rect
        self.setZValue(Z_BOX)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 6, 6)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 40))
        p.drawRoundedRect(self.rect.translated(3, 4), 6, 6)
        p.setBrush(QColor("#F3EEDC"))
        p.setPen(QPen(theme.INK, 1.6))
        p.drawRoundedRect(self.rect, 6, 6)
        head = QRectF(self.rect.left(), self.rect.top(), self.rect.width(), 24)
        p.setPen(QPen(theme.INK, 0.8))
        p.drawLine(head.bottomLeft() + QPointF(6, 0), head.bottomRight() - QPointF(6, 0))
        f = theme.map_font(13, bold=True)
        p.setFont(f)
        p.setPen(theme.INK)
        fm = QFontMetricsF(f)
        p.drawText(head.adjusted(10, 0, -10, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                   fm.elidedText(self.name.upper(), Qt.TextElideMode.ElideRight, head.width() - 20))


class BoxTag(QGraphicsItem):
    """Where an off-map box belongs on the printed map (its ``anchor``): a small plate with the
    box's name and how many pieces it holds; clicking it shows the box."""

    def __init__(self, scene: "MapScene", box_id: str, name: str, at: QPointF):
        super().__init__()
        self.map = scene
        self.box_id = box_id
        self.name = name
        self.count = 0
        self.at = at
        self.setZValue(Z_BOX + 1)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = QRectF()
        self.set_count(0)

    def set_count(self, n: int) -> None:
        self.count = n
        f = theme.map_font(11, bold=True)
        w = QFontMetricsF(f).horizontalAdvance(self.text()) + 34
        self.prepareGeometryChange()
        r = QRectF(self.at.x() - w / 2, self.at.y() - 13, w, 26)
        frame = getattr(self.map.board, "map_rect", None) or self.map.board.rect()
        inner = frame.adjusted(8, 8, -8, -8)
        if r.left() < inner.left():
            r.moveLeft(inner.left())
        if r.right() > inner.right():
            r.moveRight(inner.right())
        if r.top() < inner.top():
            r.moveTop(inner.top())
        if r.bottom() > inner.bottom():
            r.moveBottom(inner.bottom())
        self._rect = r
        self.update()

    def text(self) -> str:
        return f"{self.name.upper()}  {self.count}"

    def rect(self) -> QRectF:
        return self._rect

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 5, 5)

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._rect
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 45))
        p.drawRoundedRect(r.translated(2, 3), 5, 5)
        p.setBrush(QColor(243, 238, 220, 235))
        p.setPen(QPen(theme.INK, 1.3))
        p.drawRoundedRect(r, 5, 5)
        box = QRectF(r.left() + 7, r.center().y() - 6, 14, 12)
        p.setPen(QPen(theme.INK, 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(box)
        p.drawLine(box.topLeft() + QPointF(0, 4), box.topRight() + QPointF(0, 4))
        p.setFont(theme.map_font(11, bold=True))
        p.setPen(theme.INK)
        p.drawText(r.adjusted(26, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.text())

    def mousePressEvent(self, event) -> None:  # noqa: N802
        event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        for v in self.map.views():
            slot = self.map.box_slots.get(self.box_id)
            if slot is not None:
                v.centerOn(slot.center())


class PathItem(QGraphicsItem):
    """Paints a list of (path, fill, pen, text, text position) - highlights, hover, overlays.

    ``cached``: drawn into a device-pixel cache, for layers that stay the same over many frames
    (the game's overlays); layers that change with the pointer are drawn directly."""

    def __init__(self, z: float, cached: bool = False):
        super().__init__()
        self.setZValue(z)
        if cached:
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.shapes: list[tuple[QPainterPath, QBrush | None, QPen | None]] = []
        self.texts: list[tuple[QPointF, str, QColor]] = []
        self._rect = QRectF()
        self.clip: QRectF | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_shapes(self, shapes, texts=()) -> None:
        self.prepareGeometryChange()
        self.shapes = list(shapes)
        self.texts = list(texts)
        r = QRectF()
        for path, _, pen in self.shapes:
            r = r.united(path.boundingRect().adjusted(-6, -6, 6, 6))
        for pos, text, _ in self.texts:
            r = r.united(QRectF(pos.x() - 200, pos.y() - 40, 400, 80))
        self._rect = r
        self.update()

    def clear(self) -> None:
        self.set_shapes([])

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        if highlight_cache.paint(self.shapes, self.texts, self.clip, p):     # big target layers
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        if self.clip is not None:
            p.setClipRect(self.clip, Qt.ClipOperation.IntersectClip)
        for path, brush, pen in self.shapes:
            p.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
            p.setPen(pen if pen is not None else Qt.PenStyle.NoPen)
            p.drawPath(path)
        for pos, text, col in self.texts:
            px = max(9.0, 12.0 / max(lod, 0.2)) if lod < 1 else 12.0
            draw_halo_text(p, pos, text, theme.counter_font(px, bold=True), col, QColor(255, 255, 255, 220))


# ================================================================================================
# The scene
# ================================================================================================

def _box_cell(members: list[dict[str, Any]], unit: float) -> tuple[float, float]:
    """The grid cell of an off-map box: the largest piece in it, with a little air."""
    sizes = [piece_size(pc, unit) for pc in members] or [QSizeF(unit, unit)]
    return max(unit, max(s.width() for s in sizes)) * 1.1, max(unit, max(s.height() for s in sizes)) * 1.1


def plaque_layout(board: Any, members: list[dict[str, Any]], a: QPointF, unit: float) -> dict[str, tuple[QPointF, float]]:
    """Places for the pieces on one point-to-point space, all inside its plaque: standees side
    by side on the left, cubes and markers in up to two rows beside them, squeezed together
    (like a pile) when many share the space."""
    out: dict[str, tuple[QPointF, float]] = {}
    pw = float(getattr(board, "plaque_width", 150.0)) - 12
    ph = 100.0 * 0.6           # the plaque below its name strip
    tall = [pc for pc in members if piece_size(pc, unit).height() > ph * 0.5]
    small = [pc for pc in members if pc not in tall]

    def row(pcs: list[dict[str, Any]], width: float, rows: int) -> tuple[float, float, int]:
        cell = max(piece_size(pc, unit).width() for pc in pcs) * 1.08
        per_row = math.ceil(len(pcs) / rows)
        step = min(cell, (width - cell / 1.08) / max(1, per_row - 1)) if per_row > 1 else cell
        return cell, step, per_row

    z = Z_PIECE
    left = a.x() - pw / 2
    used = 0.0
    if tall:
        share = pw if not small else pw * min(0.55, 0.2 + 0.2 * len(tall))
        cell, step, per_row = row(tall, share, 1)
        used = min(share, cell / 1.08 + step * (len(tall) - 1) + 4)
        x0 = left + cell / 2.16 if small else a.x() - step * (len(tall) - 1) / 2
        for i, pc in enumerate(tall):
            out[str(pc["id"])] = (QPointF(x0 + i * step, a.y()), z)
            z += 1
    if small:
        width = pw - used
        h = max(piece_size(pc, unit).height() for pc in small)
        rows = 1 if len(small) * h * 1.08 <= width or 2 * h > ph else 2
        cell, step, per_row = row(small, width, rows)
        cx = left + used + width / 2
        dy = min(h * 1.05, ph - h) if rows > 1 else 0.0
        for i, pc in enumerate(small):
            r, c = divmod(i, per_row)
            in_row = min(per_row, len(small) - r * per_row)
            x = cx + (c - (in_row - 1) / 2) * step
            out[str(pc["id"])] = (QPointF(x, a.y() - dy / 2 + r * dy), z)
            z += 1
    return out


class MapScene(QGraphicsScene):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.board: Board = BlankBoard()
        self.host: Host | None = None
        self.sides: tuple[str, ...] = ()
        self.items_by_id: dict[str, PieceItem] = {}
        self.box_items: dict[str, BoxItem] = {}
        self.box_tags: dict[str, BoxTag] = {}
        self.box_slots: dict[str, QRectF] = {}
        self.pieces: list[dict[str, Any]] = []
        self.fanned: Any = None
        self.selected: str | None = None
        self.interactive = True
        self.animate = True
        self.direct = False          # paint the board directly (offscreen renders) instead of tiles
        self._tiles: "OrderedDict[tuple, QPixmap]" = OrderedDict()
        self._tile_budget = 220
        self.targets_item = PathItem(Z_TARGETS)
        self.hover_item = PathItem(Z_HOVER)
        self.overlay_item = PathItem(Z_OVERLAY, cached=True)
        self.measure_item = PathItem(Z_MEASURE)
        for it in (self.targets_item, self.hover_item, self.overlay_item, self.measure_item):
            self.addItem(it)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.tiles_rendered = 0
        self._update_rect()

    # -- the board -------------------------------------------------------------------------------
    def set_board(self, board: Board, sides: tuple[str, ...] = ()) -> None:
        self.board = board
        self.sides = tuple(sides)
        self._tiles.clear()
        for it in list(self.items_by_id.values()):
            self.removeItem(it)
        self.items_by_id.clear()
        for b in list(self.box_items.values()):
            self.removeItem(b)
        self.box_items.clear()
        for t in list(self.box_tags.values()):
            self.removeItem(t)
        self.box_tags.clear()
        for bx in board.boxes():
            at = board.anchor(bx.get("anchor")) if bx.get("anchor") else None
            if at is not None:
                tag = BoxTag(self, str(bx["id"]), str(bx.get("name") or bx["id"]), at)
                self.addItem(tag)
                self.box_tags[str(bx["id"])] = tag
        self.pieces = []
        self.fanned = None
        for it in (self.targets_item, self.hover_item, self.overlay_item, self.measure_item):
            it.clear()
        self.overlay_item.clip = board.rect()
        self._update_rect()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        for v in self.views():
            v.resetCachedContent()

    def invalidate_board(self) -> None:
        self._tiles.clear()
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        for v in self.views():
            v.resetCachedContent()
        self.update()

    def _update_rect(self) -> None:
        r = self.board.rect()
        for b in self.box_items.values():
            r = r.united(b.rect.adjusted(-20, -20, 20, 20))
        self.setSceneRect(r)

    def full_rect(self) -> QRectF:
        return self.sceneRect()

    def view_scale(self) -> float:
        views = self.views()
        return views[0].transform().m11() if views else 1.0

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802
        t = p.worldTransform()
        scale = math.hypot(t.m11(), t.m12()) or 1.0
        dev = p.device()
        dpr = dev.devicePixelRatioF() if dev is not None else 1.0
        lod = scale * dpr
        br = self.board.rect()
        if self.direct or lod > 12:
            p.fillRect(rect, theme.TABLE_EDGE)
            p.save()
            p.setClipRect(br.intersected(rect))
            self.board.paint(p, br.intersected(rect), lod)
            p.restore()
            return
        # two levels of cache: tiles painted at a zoom step (b >= lod, the slow part) and the
        # same picture resampled once to the exact zoom, so a frame only copies pixels 1:1
        b = 2.0 ** (math.ceil(math.log2(max(lod, 1e-3)) * 2) / 2)
        exact = round(lod, 5)
        if t.m12() or t.m21():
            exact = b  # rotated views (not used) fall back to scaled tiles
        T2 = TILE / exact
        o = t.map(br.topLeft())
        ox, oy = round(o.x() * dpr), round(o.y() * dpr)
        x0 = math.floor((max(rect.left(), br.left()) - br.left()) / T2)
        x1 = math.floor((min(rect.right(), br.right()) - br.left() - 1e-6) / T2)
        y0 = math.floor((max(rect.top(), br.top()) - br.top()) / T2)
        y1 = math.floor((min(rect.bottom(), br.bottom()) - br.top() - 1e-6) / T2)
        p.save()
        p.resetTransform()
        if dpr != 1.0:
            p.scale(1 / dpr, 1 / dpr)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        clip = QRectF(t.mapRect(br).topLeft() * dpr, t.mapRect(br).size() * dpr)
        # the table around the board, in whole device pixels (the tiles cover the board): an
        # antialiased fill of the whole exposed rectangle in scene units would blend every pixel
        exposed = QRegion(QRectF(t.mapRect(rect).topLeft() * dpr, t.mapRect(rect).size() * dpr).toAlignedRect())
        inner = QRect(QPoint(math.ceil(clip.left()), math.ceil(clip.top())),
                      QPoint(math.floor(clip.right()) - 1, math.floor(clip.bottom()) - 1))
        for r in exposed.subtracted(QRegion(inner)):
            p.fillRect(r, theme.TABLE_EDGE)
        p.setClipRect(clip)
        for j in range(y0, y1 + 1):
            for i in range(x0, x1 + 1):
                pm = self._exact_tile(b, exact, i, j, br)
                p.drawPixmap(ox + i * TILE, oy + j * TILE, pm)
        p.restore()

    def _exact_tile(self, b: float, exact: float, i: int, j: int, br: QRectF) -> QPixmap:
        """Tile (i, j) of the board at exactly ``exact`` device px per scene px, resampled from
        the zoom-step tiles."""
        key = ("x", exact, i, j)
        pm = self._tiles.get(key)
        if pm is not None:
            self._tiles.move_to_end(key)
            return pm
        if abs(exact - b) < 1e-9:
            pm = self._tile(b, i, j, TILE / b, br)
        else:
            T2 = TILE / exact
            T = TILE / b
            area = QRectF(br.left() + i * T2, br.top() + j * T2, T2, T2)
            pm = QPixmap(TILE, TILE)
            pm.fill(theme.TABLE_EDGE)
            tp = QPainter(pm)
            tp.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            tp.scale(exact, exact)
            tp.translate(-area.left(), -area.top())
            # only zoom-step tiles on the board: the clip in drawBackground hides the rest
            last_i = math.floor((br.width() - 1e-6) / T)
            last_j = math.floor((br.height() - 1e-6) / T)
            for jj in range(math.floor((area.top() - br.top()) / T), math.floor((area.bottom() - br.top() - 1e-6) / T) + 1):
                for ii in range(math.floor((area.left() - br.left()) / T), math.floor((area.right() - br.left() - 1e-6) / T) + 1):
                    if ii < 0 or jj < 0 or ii > last_i or jj > last_j:
                        continue
                    src = self._tile(b, ii, jj, T, br)
                    tp.drawPixmap(QRectF(br.left() + ii * T, br.top() + jj * T, T, T), src, QRectF(src.rect()))
            tp.end()
        self._tiles[key] = pm
        while len(self._tiles) > self._tile_budget:
            self._tiles.popitem(last=False)
        return pm

    def _tile(self, b: float, i: int, j: int, T: float, br: QRectF) -> QPixmap:
        key = (b, i, j)
        pm = self._tiles.get(key)
        if pm is not None:
            self._tiles.move_to_end(key)
            return pm
        pm = QPixmap(TILE, TILE)
        pm.fill(theme.TABLE_EDGE)
        tp = QPainter(pm)
        tp.setRenderHint(QPainter.RenderHint.Antialiasing)
        tp.scale(b, b)
        tx, ty = br.left() + i * T, br.top() + j * T
        tp.translate(-tx, -ty)
        r = QRectF(tx, ty, T, T)
        tp.setClipRect(r)
        self.board.paint(tp, r, b)
        tp.end()
        self.tiles_rendered += 1
        self._tiles[key] = pm
        while len(self._tiles) > self._tile_budget:
            self._tiles.popitem(last=False)
        return pm

    def prerender(self, lod: float, rect: QRectF | None = None) -> None:
        """Render the tiles a view at ``lod`` will need (startup, zoom to fit)."""
        br = self.board.rect()
        rect = br if rect is None else rect.intersected(br)
        b = 2.0 ** (math.ceil(math.log2(max(lod, 1e-3)) * 2) / 2)
        T = TILE / b
        for j in range(int((rect.top() - br.top()) // T), int((rect.bottom() - br.top()) // T) + 1):
            for i in range(int((rect.left() - br.left()) // T), int((rect.right() - br.left()) // T) + 1):
                self._tile(b, i, j, T, br)

    # -- pieces ----------------------------------------------------------------------------------
    def set_pieces(self, pieces: list[dict[str, Any]], animate_ms: int = 0, instant: set[str] | None = None) -> None:
        """Show exactly these pieces; moved ones glide to their new places."""
        self.pieces = [p for p in pieces if p.get("id") is not None]
        self._layout_boxes()
        seen = set()
        for pc in self.pieces:
            pid = str(pc["id"])
            seen.add(pid)
            it = self.items_by_id.get(pid)
            if it is None:
                it = PieceItem(self, pc)
                self.addItem(it)
                self.items_by_id[pid] = it
                it._fresh = True
            else:
                it._fresh = False
                if it.piece != pc:
                    it.update_piece(pc)
            it.selected = pid == self.selected
        for pid in list(self.items_by_id):
            if pid not in seen:
                self.removeItem(self.items_by_id.pop(pid))
        self.relayout(animate_ms, instant or set())

    def positions(self) -> dict[str, tuple[QPointF, float]]:
        """Where each piece stands: (scene position, z)."""
        board = self.board
        groups: "OrderedDict[Any, list[dict[str, Any]]]" = OrderedDict()
        out: dict[str, tuple[QPointF, float]] = {}
        for pc in self.pieces:
            at = pc.get("at")
            if isinstance(at, str) and at.startswith("box:"):
                groups.setdefault(("box", at[4:]), []).append(pc)
            elif board.anchor(at) is None:
                groups.setdefault(("box", "__unplaced"), []).append(pc)
            elif board.free:
                out[str(pc["id"])] = (board.anchor(at), Z_PIECE + 1)
            else:
                groups.setdefault(loc_key(at), []).append(pc)
        unit = board.unit
        for key, members in groups.items():
            if isinstance(key, tuple) and len(key) == 2 and key[0] == "box":
                slot = self.box_slots.get(key[1])
                if slot is None:
                    continue
                cw, ch = _box_cell(members, unit)
                per_row = max(1, int((slot.width() - 12) // cw))
                for i, pc in enumerate(members):
                    r, c = divmod(i, per_row)
                    x = slot.left() + 10 + cw / 2 + c * cw
                    y = slot.top() + 30 + ch / 2 + r * ch
                    out[str(pc["id"])] = (QPointF(x, y), Z_PIECE + 1)
                continue
            a = board.anchor(members[0].get("at"))
            n = len(members)
            if key == self.fanned and n > 1:
                # spread in a row above the location
                w = unit * 1.08
                for i, pc in enumerate(members):
                    x = a.x() + (i - (n - 1) / 2) * w
                    out[str(pc["id"])] = (QPointF(x, a.y() - unit * 0.9), Z_DRAG - 10 + i)
                continue
            if board.kind == "pointgraph":
                # pieces stand side by side on the space's plaque; a crowd is packed closer
                # (overlapping like a pile of cubes) so that it stays on its space
                for pid, xy in plaque_layout(board, members, a, unit).items():
                    out[pid] = xy
                continue
            d = unit * 0.075
            shown = min(n, 6)
            for i, pc in enumerate(members):
                k = min(i, shown - 1)
                off = k - (shown - 1) / 2
                out[str(pc["id"])] = (QPointF(a.x() + off * d, a.y() - off * d), Z_PIECE + i)
        return out

    def relayout(self, animate_ms: int = 0, instant: set[str] | None = None) -> None:
        pos = self.positions()
        for pid, it in self.items_by_id.items():
            if it.dragging:
                continue
            target = pos.get(pid)
            if target is None:
                it.setVisible(False)
                continue
            it.setVisible(True)
            it.setZValue(target[1])
            if getattr(it, "_fresh", False) or (instant and pid in instant):
                it.setPos(target[0])
            else:
                it.glide_to(target[0], animate_ms)

    def _layout_boxes(self) -> None:
        declared = {b["id"]: b.get("name") or b["id"] for b in self.board.boxes()}
        used: "OrderedDict[str, int]" = OrderedDict()
        members: dict[str, list[dict[str, Any]]] = {}
        for bid in declared:
            used[bid] = 0
        for pc in self.pieces:
            at = pc.get("at")
            if isinstance(at, str) and at.startswith("box:"):
                bid = at[4:]
            elif self.board.anchor(at) is None:
                bid = "__unplaced"
            else:
                continue
            used[bid] = used.get(bid, 0) + 1
            members.setdefault(bid, []).append(pc)
        unit = self.board.unit
        br = self.board.rect()
        x, y = br.left() + 10, br.bottom() + 24
        row_h = 0.0
        slots: dict[str, QRectF] = {}
        for bid, n in used.items():
            cw, ch = _box_cell(members.get(bid, []), unit)
            per_row = max(4, min(10, n)) if cw < unit * 1.2 else max(1, min(4, n))
            w = 20 + per_row * cw
            rows = max(1, math.ceil(n / per_row))
            h = 38 + rows * ch
            if x + w > br.right() and x > br.left() + 10:
                x = br.left() + 10
                y += row_h + 18
                row_h = 0
            slots[bid] = QRectF(x, y, w, h)
            x += w + 18
            row_h = max(row_h, h)
        self.box_slots = slots
        for bid in list(self.box_items):
            if bid not in slots:
                self.removeItem(self.box_items.pop(bid))
        for bid, rect in slots.items():
            name = "Not on the map" if bid == "__unplaced" else declared.get(bid, bid.replace("-", " ").replace("_", " "))
            it = self.box_items.get(bid)
            if it is None:
                it = BoxItem(bid, name, rect)
                self.addItem(it)
                self.box_items[bid] = it
            elif it.rect != rect:
                it.prepareGeometryChange()
                it.rect = rect
                it.update()
        for bid, tag in self.box_tags.items():
            if tag.count != used.get(bid, 0):
                tag.set_count(used.get(bid, 0))
        self._update_rect()

    def box_at(self, pos: QPointF) -> str | None:
        for bid, tag in self.box_tags.items():
            if tag.rect().contains(pos):
                return bid
        for bid, rect in self.box_slots.items():
            if rect.contains(pos) and bid != "__unplaced":
                return bid
        return None

    def select(self, pid: str | None) -> None:
        self.selected = pid
        for k, it in self.items_by_id.items():
            sel = k == pid
            if it.selected != sel:
                it.selected = sel
                it.update()

    def fan(self, key: Any) -> None:
        if self.fanned != key:
            self.fanned = key
            self.relayout(120)

    def stack_of(self, pid: str) -> list[str]:
        at = None
        for pc in self.pieces:
            if str(pc["id"]) == pid:
                at = loc_key(pc.get("at"))
        return [str(pc["id"]) for pc in self.pieces if loc_key(pc.get("at")) == at]

    def piece(self, pid: str) -> dict[str, Any] | None:
        it = self.items_by_id.get(pid)
        return it.piece if it else None


# ================================================================================================
# The view
# ================================================================================================

class MapView(QGraphicsView):
    zoomed = Signal(float)
    hovered = Signal(QPointF)
    key_action = Signal(str)

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(scene, parent)
        self.map = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setMouseTracking(True)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.measuring = False
        self.auto_fit = True          # keep fitting the board on resize until the user zooms
        self._measure_from: QPointF | None = None
        self.overview = Overview(self)
        self.painted_frames = 0
        self._press_pos: QPoint | None = None

    # -- zoom and pan ------------------------------------------------------------------------------
    def scale_factor(self) -> float:
        return self.transform().m11()

    def min_scale(self) -> float:
        r = self.map.sceneRect()
        vp = self.viewport().rect()
        if r.width() <= 0 or r.height() <= 0:
            return 0.05
        return min(vp.width() / r.width(), vp.height() / r.height()) * 0.5

    def set_zoom(self, s: float) -> None:
        self.auto_fit = False
        s = max(min(s, 8.0), max(0.03, self.min_scale()))
        cur = self.scale_factor()
        if abs(s - cur) > 1e-9:
            self.scale(s / cur, s / cur)
        self.zoomed.emit(self.scale_factor())
        self.overview.place()
        self.overview.update()

    def zoom_by(self, factor: float) -> None:
        self.auto_fit = False
        self.set_zoom(self.scale_factor() * factor)

    def zoom_to_fit(self) -> None:
        r = self.map.board.rect()
        if r.isEmpty():
            return
        self.auto_fit = True
        self.resetTransform()
        self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        self.zoomed.emit(self.scale_factor())
        self.overview.place()
        self.overview.update()

    def pan(self, dx: int, dy: int) -> None:
        self.auto_fit = False
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
        self.overview.update()

    def wheelEvent(self, event) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(1.2 ** steps)
        event.accept()

    def event(self, e) -> bool:
        if e.type() == QEvent.Type.KeyPress and e.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.key_action.emit("prev" if e.key() == Qt.Key.Key_Backtab else "next")
            return True
        return super().event(e)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        k = event.key()
        step = max(40, self.viewport().width() // 8)
        if k in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(1.25)
        elif k == Qt.Key.Key_Minus:
            self.zoom_by(1 / 1.25)
        elif k in (Qt.Key.Key_0, Qt.Key.Key_F):
            self.zoom_to_fit()
        elif k in ARROWS and self.map.host is not None and getattr(self.map.host, "cursor_active", lambda: False)():
            self.key_action.emit("cursor:" + ARROWS[k])     # over the picked-up piece's destinations
        elif k == Qt.Key.Key_Left:
            self.pan(-step, 0)
        elif k == Qt.Key.Key_Right:
            self.pan(step, 0)
        elif k == Qt.Key.Key_Up:
            self.pan(0, -step)
        elif k == Qt.Key.Key_Down:
            self.pan(0, step)
        elif k == Qt.Key.Key_Escape:
            self.key_action.emit("escape")
        elif k in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.key_action.emit("confirm")
        elif k == Qt.Key.Key_Space:
            self.key_action.emit("space")
        else:
            super().keyPressEvent(event)

    # -- mouse -----------------------------------------------------------------------------------
    def set_measuring(self, on: bool) -> None:
        self.measuring = on
        self.setDragMode(QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag)
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if on else Qt.CursorShape.OpenHandCursor)
        if not on:
            self.map.measure_item.clear()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if self.measuring and event.button() == Qt.MouseButton.LeftButton:
            self._measure_from = self.mapToScene(event.position().toPoint())
            self._update_measure(self._measure_from)
            event.accept()
            return
        self._press_pos = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        pos = self.mapToScene(event.position().toPoint())
        if self.measuring and self._measure_from is not None:
            self._update_measure(pos)
        super().mouseMoveEvent(event)
        self.hovered.emit(pos)
        if event.buttons():
            self.overview.update()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self.measuring and self._measure_from is not None:
            self._update_measure(self.mapToScene(event.position().toPoint()))
            self._measure_from = None
            event.accept()
            return
        pressed = self._press_pos
        self._press_pos = None
        grabber = self.map.mouseGrabberItem()
        super().mouseReleaseEvent(event)
        if (event.button() == Qt.MouseButton.LeftButton and pressed is not None and grabber is None
                and (event.position().toPoint() - pressed).manhattanLength() < 5 and self.map.host):
            self.map.host.map_clicked(self.mapToScene(event.position().toPoint()))

    def _update_measure(self, to: QPointF) -> None:
        a = self._measure_from
        if a is None:
            return
        text, path = self.map.board.measure(a, to)
        line = QPainterPath(a)
        line.lineTo(to)
        shapes = [(path, QBrush(QColor(255, 200, 40, 70)), cpen(QColor(170, 120, 0, 200), 1.5))]
        shapes.append((line, None, cpen(QColor("#1E1A16"), 2.5, Qt.PenStyle.DashLine)))
        ticks = QPainterPath()
        ticks.addEllipse(a, 3, 3)
        ticks.addEllipse(to, 3, 3)
        shapes.append((ticks, QBrush(QColor("#1E1A16")), None))
        mid = QPointF((a.x() + to.x()) / 2, (a.y() + to.y()) / 2 - 14)
        self.map.measure_item.set_shapes(shapes, [(mid, text, QColor("#1E1A16"))])
        self.measure_text = text

    def paintEvent(self, event) -> None:  # noqa: N802
        super().paintEvent(event)
        self.painted_frames += 1

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.auto_fit:
            self.zoom_to_fit()
        self.overview.place()

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802
        super().scrollContentsBy(dx, dy)
        self.overview.update()

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()


class Overview(QWidget):
    """A small picture of the whole board in the view's corner; the frame shows what the view
    sees, and clicking or dragging moves it."""

    def __init__(self, view: MapView):
        super().__init__(view)
        self.view = view
        self._pm: QPixmap | None = None
        self._board_id = None
        self._board_gen = 0
        self._waiting = False
        self._dots_pm: QPixmap | None = None
        self._dots_key: Any = None
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, False)
        self.collapsed = False
        self.setToolTip("The whole board: click to jump there; the corner button folds it away")
        self.resize(220, 160)

    def place(self) -> None:
        vp = self.view.viewport().geometry()
        br = self.view.map.board.rect()
        w = 220
        h = int(w * br.height() / br.width()) if br.width() > 0 else 160
        h = max(60, min(h, 260))
        w = int(h * br.width() / br.height()) if h == 260 and br.height() > 0 else w
        if self.collapsed:
            w = h = COLLAPSED
        self.resize(w, h)
        # the corner where it hides the least of the board (at the fit zoom the margins beside a
        # tall map hold it; zoomed in, it keeps out of the way of what is in view)
        shown = QRectF(self.view.mapFromScene(br).boundingRect()).intersected(QRectF(self.view.viewport().rect()))
        hot = self.hot_points()
        best, best_cover, full = None, None, (w, h)
        for k in ((1.0, 0.85, 0.7) if not self.collapsed else (1.0,)):
            sw, sh = int(full[0] * k), int(full[1] * k)
            for cx, cy in ((vp.right() - sw - 12, vp.bottom() - sh - 12), (vp.left() + 12, vp.bottom() - sh - 12),
                           (vp.right() - sw - 12, vp.top() + 12), (vp.left() + 12, vp.top() + 12)):
                cand = QRectF(cx - vp.left(), cy - vp.top(), sw, sh)
                r = cand.intersected(shown)
                # pieces and spaces under it count far more than bare board
                cover = (r.width() * r.height() if not r.isEmpty() else 0.0) \
                    + 1e6 * sum(1 for pt in hot if cand.adjusted(-8, -8, 8, 8).contains(pt))
                if best_cover is None or cover < best_cover - 1:
                    best, best_cover, w, h = (cx, cy), cover, sw, sh
            if best_cover is not None and best_cover < 1e6:
                break
        self.resize(w, h)
        self.move(*best)

    def hot_points(self) -> list[QPointF]:
        """Where the action is, in viewport pixels: the pieces, and a point-to-point board's spaces."""
        scene = self.view.map
        pts = [it.pos() for it in getattr(scene, "items_by_id", {}).values() if it.isVisible()]
        board = scene.board
        if getattr(board, "kind", "") == "pointgraph":
            pts += [p for p in (board.anchor(loc) for loc in board.locations()) if p is not None]
        return [QPointF(self.view.mapFromScene(p)) for p in pts]

    def set_collapsed(self, on: bool) -> None:
        """Fold it to a small button (and back): it never has to cover the board."""
        self.collapsed = on
        self.place()
        self.update()

    def _stale(self) -> bool:
        return self._pm is None or self._board_id is not self.view.map.board \
            or self._pm.deviceIndependentSize().toSize() != self.size()

    def _late_picture(self) -> None:
        self._waiting = False
        if self._stale():
            self._pixmap()
            self.update()

    def _pixmap(self) -> QPixmap:
        board = self.view.map.board
        if self._stale():
            br = board.rect()
            dpr = self.devicePixelRatioF()
            pm = QPixmap(int(self.width() * dpr), int(self.height() * dpr))
            pm.setDevicePixelRatio(dpr)
            pm.fill(theme.TABLE_EDGE)
            p = QPainter(pm)
            s = min(self.width() / br.width(), self.height() / br.height())
            p.scale(s, s)
            p.translate(-br.left(), -br.top())
            board.paint(p, br, s * dpr)
            p.end()
            self._pm = pm
            self._board_id = board
            self._board_gen += 1
        return self._pm

    def _scale(self) -> float:
        br = self.view.map.board.rect()
        return min(self.width() / br.width(), self.height() / br.height())

    def _picture(self) -> QPixmap:
        """The board with the pieces as dots, redrawn only when a piece moves or the board or
        the size changes (a pan only moves the frame drawn over it)."""
        board_pm = self._pixmap()
        scene = self.view.map
        br = scene.board.rect()
        s = self._scale()
        dots = []
        for it in scene.items_by_id.values():
            if not it.isVisible():
                continue
            q = it.pos()
            if br.contains(q):
                dots.append((round((q.x() - br.left()) * s, 1), round((q.y() - br.top()) * s, 1), it.dot_rgba))
        key = (self._board_gen, tuple(dots))
        if self._dots_key == key and self._dots_pm is not None:
            return self._dots_pm
        pm = board_pm.copy()
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(0, 0, 0, 150), 0.8))
        for x, y, rgba in dots:
            p.setBrush(QColor.fromRgba(rgba))
            p.drawRect(QRectF(x - 2, y - 2, 4, 4))
        p.end()
        self._dots_pm, self._dots_key = pm, key
        return pm

    def _fold_rect(self) -> QRectF:
        return QRectF(self.width() - 17, 3, 14, 14)

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        if self.collapsed:
            # a small drawn map button: a frame with a folded-sheet mark
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setBrush(QColor(250, 246, 234, 235))
            p.setPen(QPen(QColor(20, 18, 15), 1.5))
            p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 4, 4)
            p.setPen(QPen(QColor("#5A544A"), 1.6))
            r = QRectF(self.rect()).adjusted(7, 8, -7, -8)
            p.drawPolyline([r.bottomLeft(), r.topLeft() + QPointF(r.width() / 3, 0),
                            r.bottomLeft() + QPointF(2 * r.width() / 3, 0), r.topRight()])
            p.drawRect(r)
            return
        if self._stale():
            # the small picture of the whole board (a full pass over the map) is drawn right
            # after the frame that needs it, so a new board's first frame shows the map sooner
            p.fillRect(self.rect(), theme.TABLE_EDGE)
            if not self._waiting:
                self._waiting = True
                QTimer.singleShot(0, self._late_picture)
        else:
            p.drawPixmap(0, 0, self._picture())
        br = self.view.map.board.rect()
        s = self._scale()
        vr = self.view.visible_scene_rect()
        r = QRectF((vr.left() - br.left()) * s, (vr.top() - br.top()) * s, vr.width() * s, vr.height() * s)
        # the view's frame in whole pixels, not antialiased: the same look, and a small fill
        # instead of an antialiased blend every time the view pans
        frame = r.intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1)).toRect()
        if not frame.isEmpty():
            p.fillRect(frame, QColor(255, 255, 255, 40))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor("#C0392B"), 2.0))
            p.drawRect(frame)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(20, 18, 15), 2.0))
        p.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        # the fold button (a drawn minus, no font glyph)
        fr = self._fold_rect()
        p.setBrush(QColor(250, 246, 234, 220))
        p.setPen(QPen(QColor(20, 18, 15), 1.0))
        p.drawRect(fr)
        p.drawLine(QPointF(fr.left() + 3, fr.center().y()), QPointF(fr.right() - 3, fr.center().y()))

    def _go(self, pos: QPoint) -> None:
        br = self.view.map.board.rect()
        s = self._scale()
        self.view.centerOn(QPointF(br.left() + pos.x() / s, br.top() + pos.y() / s))
        self.update()

    def mousePressEvent(self, e) -> None:  # noqa: N802
        if self.collapsed:
            self.set_collapsed(False)
            return
        if self._fold_rect().adjusted(-3, -3, 3, 3).contains(e.position()):
            self.set_collapsed(True)
            return
        self._go(e.position().toPoint())

    def mouseMoveEvent(self, e) -> None:  # noqa: N802
        if e.buttons() and not self.collapsed:
            self._go(e.position().toPoint())

    def reset(self) -> None:
        self._pm = None
        self.place()
        self.update()
