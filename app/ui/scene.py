"""The map: a QGraphicsScene holding the board picture, the pieces and the highlights, and the
QGraphicsView players look through (zoom, pan, overview).

The static board is painted into cached tiles per zoom bucket (``MapScene.drawBackground``), so
a frame costs a few pixmap blits plus the pieces, each itself a cached pixmap. Pieces handle
their own mouse presses, moves and releases (no QDrag), and report to a *host* - the main
window - which asks the game what is legal; the scene never decides that.

The pieces, boxes and highlight paths are in :mod:`app.ui.scene_items`, the view and its overview in
:mod:`app.ui.map_view`; their names are importable from here as before."""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSizeF
from PySide6.QtGui import QPainter, QPixmap, QRegion
from PySide6.QtWidgets import QGraphicsScene

from app.ui import theme
from app.ui.boards import Board, BlankBoard
from app.ui.counters import piece_size
from app.ui.map_view import MapView, Overview
from app.ui.scene_items import (SIMPLE_PX, Z_BOX, Z_DRAG, Z_HOVER, Z_MEASURE, Z_OVERLAY, Z_PIECE, Z_TARGETS,
                                BoxItem, BoxTag, Host, PathItem, PieceItem, cpen, loc_key)

__all__ = ["SIMPLE_PX", "TILE", "Z_BOX", "Z_DRAG", "Z_HOVER", "Z_MEASURE", "Z_OVERLAY", "Z_PIECE", "Z_TARGETS", "BoxItem",
           "BoxTag", "Host", "MapScene", "MapView", "Overview", "PathItem", "PieceItem", "cpen", "loc_key", "plaque_layout"]


TILE = 512


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
