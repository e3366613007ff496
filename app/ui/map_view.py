"""The view players look through: zoom, pan, keys, measuring, and the overview in its corner that
shows the whole board and jumps on a click."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.ui import theme
from app.ui.scene_items import PIECE_CHANGES, cpen

if TYPE_CHECKING:
    from app.ui.scene import MapScene


ARROWS = {Qt.Key.Key_Left: "left", Qt.Key.Key_Right: "right", Qt.Key.Key_Up: "up", Qt.Key.Key_Down: "down"}


COLLAPSED = 30      # the folded overview's button, pixels      # a release this close (screen pixels) to the press is a click, never a drop


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
        self._changes: Any = None
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
        changes = (self._board_gen, PIECE_CHANGES[0])
        if self._changes == changes and self._dots_pm is not None:
            return self._dots_pm        # no piece moved, showed, hid or came since
        self._changes = changes
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
