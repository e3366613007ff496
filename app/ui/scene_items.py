"""What stands on the map scene: pieces (cached pixmaps that report presses, drags and drops to a
host), off-map boxes and their tags, and highlight paths; with the scene's stacking order (Z_*)."""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QEasingCurve, QPoint, QPointF, QRectF, QSizeF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from app.ui import highlight_cache, theme
from app.ui.boards import draw_halo_text
from app.ui.counters import DIM_FLAGS, flags_of, look_key, piece_pixmap, piece_size

if TYPE_CHECKING:
    from app.ui.scene import MapScene


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


WOBBLE_PX = 12


SIMPLE_PX = 30      # below this many device pixels a counter is drawn in the simple large style


@lru_cache(maxsize=32)
def _simple_font(px: int) -> QFont:
    """The simple counters' bold figure font, made once per pixel size (a press redraws the
    pressed counter; making the font each time was a third of that)."""
    return theme.counter_font(px, True)


def glance_text(piece: dict[str, Any]) -> str:
    """The figure a counter shows when too small to print: what the game says reads at a glance
    (``glance``; Semper Fi!: the steps left, since the first printed value of a two-mode counter
    is 0 for a machine gun in move mode), else the first of its values (Korea: the strength)."""
    return str(piece.get("glance") or str(piece.get("values") or "").split("-")[0])


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
    strength = glance_text(piece)
    if strength:
        p.setFont(_simple_font(max(1, round(big.height() * 0.62))))
        p.setPen(QColor("#FBF7EC") if theme.is_dark(c) else QColor("#1C1814"))
        p.drawText(big, Qt.AlignmentFlag.AlignCenter, strength)


#: Bumped whenever a piece moves, shows, hides, joins or leaves a scene or changes colour: the
#: overview redraws its dots only then, instead of asking every piece where it is each frame.
PIECE_CHANGES = [0]
_PIECE_MOVES = (QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged,
                QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
                QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged)


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
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, True)
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
        PIECE_CHANGES[0] += 1
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

    def itemChange(self, change, value):  # noqa: N802
        if change in _PIECE_MOVES:
            PIECE_CHANGES[0] += 1
        return super().itemChange(change, value)

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


#: Big layers seen lately, by the identity of the list handed in (the window hands the same
#: list again for the same piece): their outline box and picture key, worked out once. The
#: memo holds the lists, so an id is not reused while it is remembered.
_LAYERS: "OrderedDict[int, tuple[Any, QRectF, tuple]]" = OrderedDict()
_LAYERS_MAX = 64


def _big_layer(shapes: Any) -> tuple[QRectF, tuple] | None:
    got = _LAYERS.get(id(shapes))
    if got is None or got[0] is not shapes:
        return None
    _LAYERS.move_to_end(id(shapes))
    return got[1], got[2]


def _remember_layer(shapes: Any, rect: QRectF, key: tuple) -> None:
    if not isinstance(shapes, (list, tuple)):
        return
    _LAYERS[id(shapes)] = (shapes, QRectF(rect), key)
    while len(_LAYERS) > _LAYERS_MAX:
        _LAYERS.popitem(last=False)


class PathItem(QGraphicsItem):
    """Paints a list of (path, fill, pen, text, text position) - highlights, hover, overlays.

    ``cached``: drawn into a device-pixel cache, for layers that stay the same over many frames
    (the game's overlays); layers that change with the pointer are drawn directly. An empty
    layer has no contents, so a frame does not call it at all."""

    def __init__(self, z: float, cached: bool = False):
        super().__init__()
        self.setZValue(z)
        if cached:
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.shapes: list[tuple[QPainterPath, QBrush | None, QPen | None]] = []
        self.texts: list[tuple[QPointF, str, QColor]] = []
        self._rect = QRectF()
        self._key: tuple | None = None     # the big layer's picture key, once worked out
        self.clip: QRectF | None = None
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def set_shapes(self, shapes, texts=()) -> None:
        self.prepareGeometryChange()
        self.shapes = list(shapes)
        self.texts = list(texts)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not self.shapes and not self.texts)
        known = _big_layer(shapes) if not self.texts else None
        if known is not None:       # the same big layer again (a piece pressed again)
            self._rect, self._key = known
            self.update()
            return
        r = QRectF()
        for path, _, pen in self.shapes:
            r = r.united(path.boundingRect().adjusted(-6, -6, 6, 6))
        for pos, text, _ in self.texts:
            r = r.united(QRectF(pos.x() - 200, pos.y() - 40, 400, 80))
        self._rect = r
        self._key = None
        if not self.texts and len(self.shapes) >= highlight_cache.MIN_SHAPES:
            self._key = highlight_cache.content_key(self.shapes)
            _remember_layer(shapes, r, self._key)
        self.update()

    def clear(self) -> None:
        self.set_shapes([])

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        if highlight_cache.paint(self.shapes, self.texts, self.clip, p, self._key):    # big target layers
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
