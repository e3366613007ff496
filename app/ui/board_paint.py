"""Drawing helpers the boards share: decoration noise, terrain textures, haloed text, stars,
anchors, smoothed and wavy lines, hachures. Pure painting; no board geometry."""

from __future__ import annotations

import math
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable, Iterator

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap,
                           QTransform)

from app.ui import theme


def deco_rng(seed: int):
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


def lod_bucket(lod: float) -> float:
    return 2.0 ** (round(math.log2(max(lod, 0.05)) * 2) / 2)


@lru_cache(maxsize=256)
def texture_tile(tex: str, rgba: int, lod: float) -> QBrush:
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
    r = deco_rng(hash(tex) & 0xFFFF)
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
    return texture_tile(tex, c.rgba(), lod_bucket(lod))


# -- text ----------------------------------------------------------------------------------------


#: glyph outlines of label lines, by (line, font, letter spacing): QPainterPath.addText is the
#: slow part of drawing a label, and the same names are drawn into every tile at every zoom
TEXT_PATHS: dict[tuple[str, str, float], tuple[QPainterPath, float, float, float, float]] = {}


TEXT_PATHS_MAX = 4000


def text_path(line: str, font: QFont, spacing: float) -> tuple[QPainterPath, float, float, float, float]:
    """The outline of ``line`` set at the origin, with its advance, line height, ascent and
    descent (worked out once per line, font and spacing)."""
    key = (line, font.key(), spacing)
    got = TEXT_PATHS.get(key)
    if got is None:
        if spacing:
            font = QFont(font)
            font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
        fm = QFontMetricsF(font)
        path = QPainterPath()
        path.addText(QPointF(0.0, 0.0), font, line)
        got = (path, fm.horizontalAdvance(line), fm.height(), fm.ascent(), fm.descent())
        if len(TEXT_PATHS) >= TEXT_PATHS_MAX:
            TEXT_PATHS.clear()
        TEXT_PATHS[key] = got
    return got


def text_extent(text: str, font: QFont, spacing: float = 0.0) -> tuple[float, float]:
    """Width and height of a (possibly multi-line) label as :func:`draw_halo_text` sets it."""
    lines = text.split("\n")
    metrics = [text_path(line, font, spacing) for line in lines]
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
        path, w, h, ascent, descent = text_path(line, font, spacing)
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
    r = deco_rng(seed)
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


def hachures(p: QPainter, pts: list[QPointF], spacing: float, length: float) -> None:
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


@contextmanager
def clipped(p: QPainter, path: QPainterPath) -> Iterator[None]:
    """Paint inside ``path`` only; the painter's state is put back afterwards."""
    p.save()
    p.setClipPath(path)
    try:
        yield
    finally:
        p.restore()


def drop_shadow(p: QPainter, outline: QPainterPath, dx: float, dy: float, alpha: int = 40) -> None:
    """A soft shadow under a raised piece of terrain, offset down and right."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, alpha))
    p.drawPath(outline.translated(dx, dy))


def fill_outline(p: QPainter, outline: QPainterPath, fill: Any, edge: Any, width: float) -> None:
    """An area filled with ``fill`` and edged with a ``width`` px line of ``edge``."""
    p.setBrush(fill if isinstance(fill, QBrush) else QColor(fill))
    p.setPen(QPen(QColor(edge), width))
    p.drawPath(outline)


def scatter(geom: Any, rnd: Callable[[], float], n: int, inside: bool = True) -> Iterator[tuple[float, float]]:
    """``n`` tries at a decoration spot in ``geom``'s bounds (board units), drawn from ``rnd``; with
    ``inside`` only the spots inside the shape are given."""
    from shapely.geometry import Point
    minx, miny, maxx, maxy = geom.bounds
    for _ in range(n):
        x, y = minx + rnd() * (maxx - minx), miny + rnd() * (maxy - miny)
        if inside and not geom.contains(Point(x, y)):
            continue
        yield x, y


@contextmanager
def turned(p: QPainter, x: float, y: float, degrees: float) -> Iterator[None]:
    """Paint with the origin moved to ``(x, y)`` and turned by ``degrees`` (text running up or
    down a counter's edge, a name along a river); the painter is put back afterwards."""
    p.save()
    p.translate(x, y)
    p.rotate(degrees)
    try:
        yield
    finally:
        p.restore()
