"""A picture cache for highlight layers (the drop targets of a set-up area: hundreds of hexes;
a unit's moves: a few dozen).

Painting a few hundred translucent hex polygons costs tens of milliseconds a frame, a few dozen
a millisecond or more (more while a piece is dragged over them: each frame then draws every hex
under a clip), and the window asks for the same picture again and again: every unit of a
formation sets up in the same area, and a press, a drag, a release and the next press repaint
it. So a layer of a dozen shapes or more is drawn once per content and zoom into a pixmap on
the device's pixel grid (panning by whole pixels does not redraw it) and blitted after that;
the pictures of the pieces pressed lately are kept within a pixel budget. Layers with few
shapes, text or a clip are drawn as before.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

MIN_SHAPES = 12         # below this a layer is cheap enough to draw directly
MAX_PICTURES = 32       # the target sets of the pieces pressed lately, at a zoom or two
MAX_PIXELS = 4096 * 4096
BUDGET_PIXELS = 8_000_000   # all pictures together (32 MB): a whole-map layer or many small ones

_pictures: OrderedDict[tuple, tuple[QPixmap, int, int]] = OrderedDict()


_keys: OrderedDict[tuple, tuple[list, tuple]] = OrderedDict()
MAX_KEYS = 64


def _brush_key(brush: Any) -> tuple | None:
    return (brush.color().rgba(), int(brush.style().value)) if brush is not None else None


def content_key(shapes: list[tuple[Any, Any, Any]]) -> tuple:
    """What the layer looks like: each shape's outline box, its fill and its edge (colour and
    width). The window hands the same path objects for the same piece again, so the key is
    remembered by their identities (the memo keeps them alive, so an id is never reused)."""
    ids = tuple(id(x) for s in shapes for x in s)
    got = _keys.get(ids)
    if got is not None:
        _keys.move_to_end(ids)
        return got[1]
    brushes: dict[int, tuple | None] = {}
    out = []
    for path, brush, pen in shapes:
        bk = brushes.get(id(brush), ())
        if bk == ():
            bk = brushes[id(brush)] = _brush_key(brush)
        pk = (pen.color().rgba(), pen.widthF(), int(pen.style().value)) if pen is not None else None
        out.append((path.boundingRect().getRect(), bk, pk))
    key = tuple(out)
    _keys[ids] = (list(shapes), key)
    while len(_keys) > MAX_KEYS:
        _keys.popitem(last=False)
    return key


def _render(shapes: list[tuple[Any, Any, Any]], sx: float, sy: float, ox: float, oy: float,
            dpr: float) -> tuple[QPixmap, int, int] | None:
    """The layer drawn on the device's pixel grid: scene x lands on device x = x * sx + ox
    (ox the fraction of the view's offset), pixel 0 of the picture on whole device pixel left."""
    rect = QRectF()
    for path, _b, _p in shapes:
        rect = rect.united(path.boundingRect().adjusted(-4, -4, 4, 4))
    left, top = math.floor(rect.left() * sx + ox), math.floor(rect.top() * sy + oy)
    w = math.ceil(rect.right() * sx + ox) - left + 1
    h = math.ceil(rect.bottom() * sy + oy) - top + 1
    if w <= 0 or h <= 0 or w * h * dpr * dpr > MAX_PIXELS:
        return None
    pm = QPixmap(int(w * dpr), int(h * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(ox - left, oy - top)
    p.scale(sx, sy)
    for path, brush, pen in shapes:
        p.setBrush(brush if brush is not None else Qt.BrushStyle.NoBrush)
        p.setPen(pen if pen is not None else Qt.PenStyle.NoPen)
        p.drawPath(path)
    p.end()
    return pm, left, top


def paint(shapes: list[tuple[Any, Any, Any]], texts: list[Any], clip: Any, p: QPainter,
          key: tuple | None = None) -> bool:
    """Paint a big text-free layer from its cached picture; False: draw it the usual way.
    ``key``: the layer's :func:`content_key` when the caller already has it."""
    if len(shapes) < MIN_SHAPES or texts or clip is not None:
        return False
    t = p.worldTransform()
    if t.m12() or t.m21() or t.m11() <= 0 or t.m22() <= 0:
        return False
    sx, sy = round(t.m11(), 6), round(t.m22(), 6)
    ix, iy = math.floor(t.dx()), math.floor(t.dy())
    ox, oy = round(t.dx() - ix, 3), round(t.dy() - iy, 3)
    dev = p.device()
    dpr = float(dev.devicePixelRatioF()) if dev is not None else 1.0
    key = (key if key is not None else content_key(shapes), sx, sy, ox, oy, dpr)
    got = _pictures.get(key)
    if got is None:
        got = _render(shapes, sx, sy, ox, oy, dpr)
        if got is None:
            return False
        _pictures[key] = got
        _trim()
    else:
        _pictures.move_to_end(key)
    pm, left, top = got
    p.save()
    p.resetTransform()
    p.drawPixmap(left + ix, top + iy, pm)
    p.restore()
    return True


def _trim() -> None:
    """Forget the least recently drawn pictures beyond the count or the pixel budget (never the
    one just drawn)."""
    total = sum(pm.width() * pm.height() for pm, _l, _t in _pictures.values())
    while len(_pictures) > 1 and (len(_pictures) > MAX_PICTURES or total > BUDGET_PIXELS):
        pm, _l, _t = _pictures.popitem(last=False)[1]
        total -= pm.width() * pm.height()


def clear() -> None:
    _pictures.clear()
    _keys.clear()
