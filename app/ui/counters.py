"""Pieces drawn procedurally, like a printed counter sheet, and cached as pixmaps.

Every piece the game describes (``Game.pieces``) is painted from its drawing instructions: a
5/8-inch square counter with a NATO unit-type box, size above, ID at the side and values at the
bottom; a marker; a wooden cube or a standee for point-to-point games; a base in inches for
tables; a card. Painting happens once per look and pixel size; the map then blits the pixmap.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (QBrush, QColor, QFontMetricsF, QLinearGradient, QPainter, QPainterPath,
                           QPen, QPixmap, QPolygonF, QRadialGradient)

from app.ui import mode_counters, theme
from app.ui.board_paint import turned
from app.ui.boards import PPI, anchor_path, star_path

#: shadow margin around a piece's pixmap, as a fraction of its size
SHADOW = 0.12
DIM_FLAGS = frozenset({"used", "moved", "fought", "spent", "activated", "fired", "done"})
_LOOK_KEYS = ("kind", "side", "nation", "unit_type", "size", "label", "values", "reduced", "colour",
              "flags", "w", "h", "r", "hidden", "shape", "text", "chips", "mode", "modes", "morale")


def look_key(piece: dict[str, Any]) -> str:
    """What decides a piece's picture (not where it stands)."""
    return json.dumps({k: piece.get(k) for k in _LOOK_KEYS if piece.get(k) not in (None, "", [], False)},
                      sort_keys=True, default=str)


def flags_of(piece: dict[str, Any]) -> set[str]:
    f = piece.get("flags") or []
    if isinstance(f, dict):
        return {k for k, v in f.items() if v}
    if isinstance(f, str):
        return {f}
    return {str(x) for x in f}


def is_hidden(piece: dict[str, Any]) -> bool:
    return bool(piece.get("hidden")) or "hidden" in flags_of(piece) or piece.get("unit_type") == "hidden"


def piece_size(piece: dict[str, Any], unit: float) -> QSizeF:
    """Scene size of a piece on a board whose counters are ``unit`` px wide."""
    kind = piece.get("kind") or "counter"
    if kind == "base":
        if piece.get("r"):
            d = float(piece["r"]) * 2 * PPI
            return QSizeF(d, d)
        w = float(piece.get("w") or 1.0) * PPI
        h = float(piece.get("h") or piece.get("w") or 1.0) * PPI
        return QSizeF(w, h)
    if kind == "cube":
        return QSizeF(unit * 0.46, unit * 0.46)
    if kind == "standee":
        return QSizeF(unit * 0.62, unit * 0.95)
    if kind == "marker":
        return QSizeF(unit * 0.8, unit * 0.8)
    if kind == "card":
        if piece.get("w"):          # a card lying on a table (its own size is drawn by the game)
            return QSizeF(unit * 0.9, unit * 1.3)
        return QSizeF(unit * 1.5, unit * 2.15)      # a card in a box: big enough to read its face
    return QSizeF(unit, unit)


# -- the counter --------------------------------------------------------------------------------

def _fg(face: QColor) -> QColor:
    return QColor("#FBF7EC") if theme.is_dark(face) else QColor("#1C1814")


def _shadow(p: QPainter, rect: QRectF, radius: float, round_: bool = False) -> None:
    p.setPen(Qt.PenStyle.NoPen)
    for i, a in enumerate((16, 16, 14, 12)):
        p.setBrush(QColor(0, 0, 0, a))
        off = 1.5 + i * 1.3
        r = rect.translated(off * 0.8, off).adjusted(-i * 0.6, -i * 0.6, i * 0.6, i * 0.6)
        if round_:
            p.drawEllipse(r)
        else:
            p.drawRoundedRect(r, radius + i, radius + i)


def _fit_font(text: str, px: float, max_w: float, bold: bool = True):
    f = theme.counter_font(px, bold)
    fm = QFontMetricsF(f)
    while px > 5 and fm.horizontalAdvance(text) > max_w:
        px *= 0.9
        f = theme.counter_font(px, bold)
        fm = QFontMetricsF(f)
    return f


def _text(p: QPainter, rect: QRectF, text: str, px: float, col: QColor, bold: bool = True,
          align=Qt.AlignmentFlag.AlignCenter) -> None:
    p.setFont(_fit_font(text, px, rect.width(), bold))
    p.setPen(col)
    p.drawText(rect, align, text)


def paint_unit_symbol(p: QPainter, box: QRectF, unit_type: str, ink: QColor, fill: QColor) -> None:
    """The NATO unit-type box."""
    t = (unit_type or "").lower()
    lw = box.height() * 0.065
    pen = QPen(ink, lw, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.MiterJoin)
    if t in ("air", "aircraft", "air unit", "fighter", "bomber", "b-29", "jet"):
        # no box for aircraft: a propeller-and-wings glyph
        c = box.center()
        p.setPen(pen)
        p.setBrush(fill)
        w, h = box.width() * 0.42, box.height() * 0.30
        lobe = QPainterPath()
        lobe.moveTo(c)
        lobe.cubicTo(QPointF(c.x() - w * 0.5, c.y() - h * 1.3), QPointF(c.x() - w * 1.2, c.y() - h * 0.2), QPointF(c.x() - w, c.y()))
        lobe.cubicTo(QPointF(c.x() - w * 1.2, c.y() + h * 0.2), QPointF(c.x() - w * 0.5, c.y() + h * 1.3), c)
        lobe.cubicTo(QPointF(c.x() + w * 0.5, c.y() - h * 1.3), QPointF(c.x() + w * 1.2, c.y() - h * 0.2), QPointF(c.x() + w, c.y()))
        lobe.cubicTo(QPointF(c.x() + w * 1.2, c.y() + h * 0.2), QPointF(c.x() + w * 0.5, c.y() + h * 1.3), c)
        p.drawPath(lobe)
        return
    p.setPen(pen)
    p.setBrush(fill)
    p.drawRect(box)
    x0, y0, x1, y1 = box.left(), box.top(), box.right(), box.bottom()
    c = box.center()
    inner = box.adjusted(box.width() * 0.18, box.height() * 0.22, -box.width() * 0.18, -box.height() * 0.22)
    p.setBrush(Qt.BrushStyle.NoBrush)
    if t in ("infantry", "inf", "rifle", "marine", "marines", "mech", "mechanized", "mechanised",
             "motorized", "motorised", "airborne", "paratroop"):
        p.drawLine(QPointF(x0, y0), QPointF(x1, y1))
        p.drawLine(QPointF(x0, y1), QPointF(x1, y0))
    if t in ("armor", "armour", "tank", "mech", "mechanized", "mechanised", "armored cavalry"):
        p.drawRoundedRect(inner, inner.height() / 2, inner.height() / 2)
    if t in ("cavalry", "cav", "recon", "reconnaissance", "armored cavalry"):
        p.drawLine(QPointF(x0, y1), QPointF(x1, y0))
    if t in ("motorized", "motorised"):
        p.drawLine(QPointF(c.x(), y0), QPointF(c.x(), y1))
    if t in ("airborne", "paratroop"):
        p.drawArc(QRectF(c.x() - box.width() * 0.2, y1 - box.height() * 0.3, box.width() * 0.2, box.height() * 0.25), 0, 180 * 16)
        p.drawArc(QRectF(c.x(), y1 - box.height() * 0.3, box.width() * 0.2, box.height() * 0.25), 0, 180 * 16)
    if t in ("marine", "marines"):
        p.setPen(QPen(ink, lw * 0.8))
        p.drawPath(anchor_path(QPointF(c.x(), c.y() + box.height() * 0.05), box.height() * 0.5))
    if t in ("artillery", "art", "arty", "howitzer", "mortar"):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        p.drawEllipse(c, box.height() * 0.16, box.height() * 0.16)
    if t in ("antitank", "anti-tank", "at", "recoilless"):
        # an upward chevron across the box (anti-tank); recoilless rifles add a bar
        p.drawLine(QPointF(x0, y1), QPointF(c.x(), y0))
        p.drawLine(QPointF(c.x(), y0), QPointF(x1, y1))
        if t == "recoilless":
            p.drawLine(QPointF(x0 + box.width() * 0.3, c.y() + box.height() * 0.2),
                       QPointF(x1 - box.width() * 0.3, c.y() + box.height() * 0.2))
    if t in ("gun", "field gun"):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        p.drawEllipse(c, box.height() * 0.16, box.height() * 0.16)
        p.setPen(pen)
        p.drawLine(QPointF(x0 + box.width() * 0.2, y1 - box.height() * 0.18), QPointF(x1 - box.width() * 0.2, y1 - box.height() * 0.18))
    if t in ("hq", "headquarters", "command", "leader"):
        p.drawLine(QPointF(x0, y0), QPointF(x0, y1 + box.height() * 0.45))
        _text(p, box.adjusted(2, 1, -2, -1), "HQ", box.height() * 0.5, ink)
    if t in ("engineer", "engineers", "eng"):
        p.drawLine(QPointF(x0 + box.width() * 0.25, c.y() + box.height() * 0.15), QPointF(x0 + box.width() * 0.25, c.y() - box.height() * 0.12))
        p.drawLine(QPointF(x0 + box.width() * 0.25, c.y() - box.height() * 0.12), QPointF(x1 - box.width() * 0.25, c.y() - box.height() * 0.12))
        p.drawLine(QPointF(x1 - box.width() * 0.25, c.y() - box.height() * 0.12), QPointF(x1 - box.width() * 0.25, c.y() + box.height() * 0.15))
        p.drawLine(QPointF(c.x(), c.y() - box.height() * 0.12), QPointF(c.x(), c.y() + box.height() * 0.15))
    if t in ("machine gun", "mg", "hmg", "lmg", "weapons"):
        p.drawLine(QPointF(x0 + box.width() * 0.2, y1 - box.height() * 0.2), QPointF(x1 - box.width() * 0.2, y0 + box.height() * 0.2))
        p.drawLine(QPointF(x1 - box.width() * 0.2, y0 + box.height() * 0.2), QPointF(x1 - box.width() * 0.32, y0 + box.height() * 0.2))
    if t in ("naval", "navy", "ship", "amphibious"):
        p.drawPath(anchor_path(c, box.height() * 0.8))
    if t in ("special", "sf", "ranger", "guerrilla", "partisan"):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ink)
        p.drawPath(star_path(c, box.height() * 0.34))
    known = {"infantry", "inf", "rifle", "marine", "marines", "mech", "mechanized", "mechanised", "motorized",
             "motorised", "airborne", "paratroop", "armor", "armour", "tank", "armored cavalry", "cavalry",
             "cav", "recon", "reconnaissance", "artillery", "art", "arty", "howitzer", "mortar", "hq",
             "headquarters", "command", "leader", "engineer", "engineers", "eng", "machine gun", "mg", "hmg",
             "lmg", "weapons", "naval", "navy", "ship", "amphibious", "special", "sf", "ranger", "guerrilla",
             "partisan", "antitank", "anti-tank", "at", "recoilless", "gun", "field gun", ""}
    if t not in known:
        _text(p, box.adjusted(2, 1, -2, -1), unit_type[:4].upper(), box.height() * 0.45, ink)


def short_label(label: str) -> str:
    """What fits on the side of a counter: "105th Tank Division" -> "105", "Capital" -> "Cap"."""
    import re
    label = label.strip()
    if len(label) <= 8:
        return label
    m = re.match(r"^(\d+)(?:st|nd|rd|th)?\b", label)
    if m:
        return m.group(1)
    m = re.search(r"\b(\d+)(?:st|nd|rd|th)?\b", label)
    if m:
        return m.group(1)
    word = label.split()[0]
    return word if len(word) <= 8 else word[:6] + "."


def paint_counter(p: QPainter, piece: dict[str, Any], sides: tuple[str, ...] = ()) -> None:
    """Paint a counter into the 100 x 100 square at the painter's origin."""
    face = theme.nation_colour(piece, sides)
    ink = _fg(face)
    body = QRectF(0, 0, 100, 100)
    grad = QLinearGradient(0, 0, 0, 100)
    grad.setColorAt(0, face.lighter(109))
    grad.setColorAt(1, face.darker(104))
    clip = QPainterPath()
    clip.addRoundedRect(body, 6, 6)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(grad))
    p.drawPath(clip)
    if is_hidden(piece):
        # the counter's back: nation colour and a bold question mark
        p.setPen(QPen(ink, 2.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(body.adjusted(9, 9, -9, -9), 4, 4)
        _text(p, body.adjusted(0, 0, 0, -6), "?", 52, ink)
        tag = str(piece.get("nation") or piece.get("side") or "").upper()
        if tag:
            _text(p, QRectF(0, 70, 100, 20), tag, 13, ink)
        _border(p, body)
        return
    reduced = bool(piece.get("reduced"))
    size_ink = ink
    if reduced:
        p.save()
        p.setClipPath(clip)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(252, 250, 244, 240))
        p.drawRect(QRectF(0, 3, 100, 20))
        p.restore()
        size_ink = QColor("#1C1814")
    size = str(piece.get("size") or "")
    if size:
        _text(p, QRectF(18, 3, 64, 20), size, 16, size_ink)
    box = QRectF(25, 25, 50, 33)
    box_fill = face.lighter(118) if not theme.is_dark(face) else face.lighter(135)
    paint_unit_symbol(p, box, str(piece.get("unit_type") or ""), ink, box_fill)
    label = short_label(str(piece.get("label") or piece.get("id") or ""))
    if label:
        with turned(p, 12.5, 42, -90):
            _text(p, QRectF(-33, -10, 66, 20), label, 14, ink)
    tag = str(piece.get("nation") or "").upper()
    two_modes = mode_counters.has_modes(piece)
    if tag and len(tag) <= 6 and not two_modes:
        with turned(p, 88.5, 42, 90):
            _text(p, QRectF(-30, -8, 60, 16), tag, 10.5, theme.faded(ink, 170))
    values = str(piece.get("values") or "")
    if two_modes:
        mode_counters.paint_values(p, piece, ink, _text)     # both sides' values, the mode shown
    elif values:
        _text(p, QRectF(6, 62, 88, 32), values, 27, ink)
    # state markers painted on the counter (pins, suppression...), not the dimming ones
    other = sorted(flags_of(piece) - DIM_FLAGS - {"hidden", "selected", f"{piece.get('mode')}-mode"}
                   - ({str(piece.get("morale"))} if two_modes else set()))
    for i, fl in enumerate(other[:3]):
        c = QPointF(90 - i * 13, 12) if not size else QPointF(90 - i * 13, 90)
        col = QColor("#C0392B") if fl in ("pinned", "suppressed", "disrupted", "broken", "routed", "paralysed") else QColor("#2C5D8A")
        p.setPen(QPen(QColor(255, 255, 255), 1.2))
        p.setBrush(col)
        p.drawEllipse(c, 6, 6)
        _text(p, QRectF(c.x() - 6, c.y() - 6, 12, 12), fl[:1].upper(), 9, QColor("white"))
    _border(p, body)


def _border(p: QPainter, body: QRectF) -> None:
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(255, 255, 255, 70), 2.0))
    p.drawRoundedRect(body.adjusted(2.5, 2.5, -2.5, -2.5), 4, 4)
    p.setPen(QPen(QColor("#221E1A"), 2.4))
    p.drawRoundedRect(body.adjusted(0.6, 0.6, -0.6, -0.6), 6, 6)


def paint_marker(p: QPainter, piece: dict[str, Any], sides: tuple[str, ...] = ()) -> None:
    face = theme.colour(piece.get("colour"), "#E6DCBE") if piece.get("colour") else (
        theme.nation_colour(piece, sides) if (piece.get("nation") or piece.get("side")) else QColor("#E6DCBE"))
    ink = _fg(face)
    body = QRectF(0, 0, 100, 100)
    round_ = str(piece.get("shape") or "") in ("round", "circle", "disc")
    g = QRadialGradient(QPointF(40, 35), 80)
    g.setColorAt(0, face.lighter(112))
    g.setColorAt(1, face.darker(106))
    p.setBrush(QBrush(g))
    p.setPen(QPen(QColor("#221E1A"), 2.6))
    if round_:
        p.drawEllipse(body.adjusted(1, 1, -1, -1))
    else:
        p.drawRoundedRect(body.adjusted(1, 1, -1, -1), 10, 10)
    p.setPen(QPen(ink, 1.3))
    p.setBrush(Qt.BrushStyle.NoBrush)
    if round_:
        p.drawEllipse(body.adjusted(8, 8, -8, -8))
    else:
        p.drawRoundedRect(body.adjusted(7, 7, -7, -7), 6, 6)
    label = str(piece.get("label") or piece.get("id") or "")
    values = str(piece.get("values") or "")
    if values:
        _text(p, QRectF(10, 14, 80, 36), label, 22, ink)
        _text(p, QRectF(10, 50, 80, 36), values, 28, ink)
    else:
        words = label.split()
        if len(words) > 1 and len(label) > 8:
            _text(p, QRectF(10, 16, 80, 34), " ".join(words[: len(words) // 2]), 22, ink)
            _text(p, QRectF(10, 50, 80, 34), " ".join(words[len(words) // 2:]), 22, ink)
        else:
            _text(p, QRectF(10, 10, 80, 80), label, 30, ink)


def paint_cube(p: QPainter, piece: dict[str, Any], sides: tuple[str, ...] = ()) -> None:
    """A wooden cube seen from above at an angle."""
    c = theme.nation_colour(piece, sides)
    top = QPolygonF([QPointF(50, 4), QPointF(94, 26), QPointF(50, 48), QPointF(6, 26)])
    left = QPolygonF([QPointF(6, 26), QPointF(50, 48), QPointF(50, 96), QPointF(6, 74)])
    right = QPolygonF([QPointF(50, 48), QPointF(94, 26), QPointF(94, 74), QPointF(50, 96)])
    edge = QPen(c.darker(190), 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    p.setPen(edge)
    p.setBrush(c.lighter(125))
    p.drawPolygon(top)
    p.setBrush(c)
    p.drawPolygon(left)
    p.setBrush(c.darker(130))
    p.drawPolygon(right)
    label = str(piece.get("label") or "")
    if label and len(label) <= 3:
        _text(p, QRectF(20, 12, 60, 28), label, 20, _fg(c.lighter(125)))


def paint_standee(p: QPainter, piece: dict[str, Any], sides: tuple[str, ...] = ()) -> None:
    """A printed standee in a plastic stand (65 x 100)."""
    c = theme.nation_colour(piece, sides)
    ink = _fg(c)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 60))
    p.drawEllipse(QRectF(2, 84, 61, 14))
    p.setBrush(QColor("#3B3835"))
    p.drawEllipse(QRectF(4, 82, 57, 12))
    card = QRectF(8, 4, 49, 84)
    g = QLinearGradient(card.topLeft(), card.topRight())
    g.setColorAt(0, c.lighter(115))
    g.setColorAt(1, c.darker(110))
    p.setBrush(QBrush(g))
    p.setPen(QPen(QColor("#221E1A"), 2.0))
    p.drawRoundedRect(card, 5, 5)
    box = QRectF(16, 14, 33, 22)
    paint_unit_symbol(p, box, str(piece.get("unit_type") or ""), ink, c.lighter(118))
    label = str(piece.get("label") or piece.get("id") or "")
    values = str(piece.get("values") or "")
    if values:
        _text(p, QRectF(10, 37, 45, 13), values, 12, ink)
    # the name runs up the standee below the values, never across them
    with turned(p, 32.5, 67, -90):
        _text(p, QRectF(-16, -12, 32, 24), label, 15, ink)


def paint_card(p: QPainter, piece: dict[str, Any], sides: tuple[str, ...] = ()) -> None:
    """A playing card (70 x 100)."""
    c = theme.colour(piece.get("colour"), "#8E3B2F")
    body = QRectF(1, 1, 68, 98)
    p.setBrush(QColor("#FAF6EA"))
    p.setPen(QPen(QColor("#2B2620"), 1.8))
    p.drawRoundedRect(body, 6, 6)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(c)
    p.drawRoundedRect(QRectF(5, 5, 60, 22), 3, 3)
    _text(p, QRectF(6, 5, 58, 22), str(piece.get("label") or piece.get("id") or ""), 12, _fg(c))
    chips = [str(x) for x in (piece.get("chips") or [])][:4]
    bottom = 93.0
    if chips:
        # colour chips along the foot (the colours are named in the text as well)
        cw = min(14.0, 56.0 / len(chips) - 2)
        for i, name in enumerate(chips):
            r = QRectF(7 + i * (cw + 3), 82, cw, 10)
            p.setPen(QPen(QColor("#2B2620"), 0.8))
            p.setBrush(theme.colour(name, "#888888"))
            p.drawRoundedRect(r, 2, 2)
        bottom = 79.0
    text = str(piece.get("text") or piece.get("values") or "")
    if text:
        # the largest type (down to 5 px) that fits the face, word-wrapped
        area = QRectF(7, 30, 56, bottom - 30)
        flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignTop
        px = 9.0
        while px > 5:
            f = theme.counter_font(px, bold=False)
            if QFontMetricsF(f).boundingRect(area, int(flags), text).height() <= area.height():
                break
            px -= 0.5
        p.setFont(theme.counter_font(px, bold=False))
        p.setPen(QColor("#2B2620"))
        p.drawText(area, flags, text)


BAD_STATES = {"pinned", "suppressed", "hit-the-dirt", "hit the dirt", "gone-to-ground", "gone to ground",
              "broken", "shaken", "silenced", "out"}


def paint_base(p: QPainter, piece: dict[str, Any], w: float, h: float, sides: tuple[str, ...] = ()) -> None:
    """A miniature's base, ``w`` x ``h`` px at the painter's origin (a circle when ``r`` is set)."""
    c = theme.nation_colour(piece, sides)
    ink = _fg(c)
    rect = QRectF(0, 0, w, h)
    circle = bool(piece.get("r"))
    g = QRadialGradient(QPointF(w * 0.35, h * 0.3), max(w, h))
    g.setColorAt(0, c.lighter(118))
    g.setColorAt(1, c.darker(112))
    p.setBrush(QBrush(g))
    p.setPen(QPen(QColor("#1E1B17"), max(1.2, min(w, h) * 0.05)))
    if circle:
        p.drawEllipse(rect.adjusted(0.8, 0.8, -0.8, -0.8))
    else:
        p.drawRoundedRect(rect.adjusted(0.8, 0.8, -0.8, -0.8), min(w, h) * 0.1, min(w, h) * 0.1)
    # a front edge mark so facing shows (rotation 0 faces +x)
    p.setPen(QPen(QColor(255, 255, 255, 150), max(1.0, min(w, h) * 0.06)))
    p.drawLine(QPointF(w * 0.86, h * 0.25), QPointF(w * 0.86, h * 0.75))
    s = min(w, h)
    ut = str(piece.get("unit_type") or "")
    label = str(piece.get("label") or piece.get("id") or "")
    bad = sorted(f for f in flags_of(piece) - DIM_FLAGS - {"hidden"} if f in BAD_STATES)
    band = s * 0.3 if bad and s >= 40 else 0.0
    if ut and s >= 48:
        # room for the unit symbol above the name
        box = QRectF(w / 2 - s * 0.28, (h - band) / 2 - s * 0.34, s * 0.56, s * 0.32)
        paint_unit_symbol(p, box, ut, ink, c.lighter(115))
        if label:
            _text(p, QRectF(2, (h - band) / 2 + s * 0.02, w - 4, s * 0.34), label, s * 0.3, ink)
    elif label:
        # small on screen: the name alone, as large as the base allows
        _text(p, QRectF(1, 0, w - 2, h - band), label, s * 0.62, ink)
    if bad:
        col = QColor("#B03A2E")
        if band:
            # the state in words along the foot of the base
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(col)
            p.drawRect(QRectF(w * 0.04, h - band - h * 0.04, w * 0.92, band))
            _text(p, QRectF(w * 0.06, h - band - h * 0.04, w * 0.88, band),
                  " ".join(bad).replace("-", " ").upper(), band * 0.8, QColor("#FFFFFF"))
        else:
            # too small for words: a thick red edge (the hover card says which state)
            p.setPen(QPen(col, max(2.0, s * 0.14)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            inset = max(1.0, s * 0.07)
            if circle:
                p.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))
            else:
                p.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), s * 0.08, s * 0.08)


# -- pixmap cache --------------------------------------------------------------------------------

_cache: "OrderedDict[tuple, QPixmap]" = OrderedDict()
_CACHE_MAX = 1500


def clear_cache() -> None:
    _cache.clear()


def _bucket(px: float) -> int:
    """Pixel sizes rounded up to steps of 1/8 octave so zooming reuses pixmaps."""
    if px <= 8:
        return max(2, int(math.ceil(px)))
    e = math.ceil(math.log2(px) * 8) / 8
    return int(math.ceil(2 ** e))


def piece_pixmap(piece: dict[str, Any], size: QSizeF, device_px: float, dpr: float = 1.0,
                 sides: tuple[str, ...] = (), key: str | None = None) -> tuple[QPixmap, QRectF]:
    """The piece at ``device_px`` device pixels across its longer side (plus a shadow margin),
    and the target rect in the piece's local coordinates (centred on 0, 0)."""
    kind = piece.get("kind") or "counter"
    px = _bucket(device_px)
    key = (key or look_key(piece), kind, px, round(size.width(), 2), round(size.height(), 2), tuple(sides))
    longer = max(size.width(), size.height())
    sx, sy = size.width() / longer, size.height() / longer
    m = SHADOW
    local = QRectF(-size.width() / 2 - longer * m, -size.height() / 2 - longer * m,
                   size.width() + 2 * longer * m, size.height() + 2 * longer * m)
    pm = _cache.get(key)
    if pm is not None:
        _cache.move_to_end(key)
        return pm, local
    W = max(2, int(round(px * (sx + 2 * m))))
    H = max(2, int(round(px * (sy + 2 * m))))
    pm = QPixmap(W, H)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.translate(px * m, px * m)
    bw, bh = px * sx, px * sy
    if kind == "base":
        _shadow(p, QRectF(0, 0, bw, bh), min(bw, bh) * 0.1, round_=bool(piece.get("r")))
        paint_base(p, piece, bw, bh, sides)
    else:
        p.scale(bw / 100.0, bh / 100.0)
        if kind == "standee":
            p.scale(100.0 / 65.0, 1.0)
            paint_standee(p, piece, sides)
        elif kind == "card":
            p.scale(100.0 / 70.0, 1.0)
            _shadow(p, QRectF(1, 1, 68, 98), 6)
            paint_card(p, piece, sides)
        elif kind == "cube":
            paint_cube(p, piece, sides)
        elif kind == "marker":
            _shadow(p, QRectF(0, 0, 100, 100), 10, round_=str(piece.get("shape") or "") in ("round", "circle", "disc"))
            paint_marker(p, piece, sides)
        else:
            _shadow(p, QRectF(0, 0, 100, 100), 6)
            paint_counter(p, piece, sides)
    p.end()
    _cache[key] = pm
    if len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return pm, local


def render_piece_image(piece: dict[str, Any], px: int, sides: tuple[str, ...] = (), unit: float = 50.0) -> QPixmap:
    """A standalone picture of a piece, ``px`` across (the inspector shows counters at 3x)."""
    size = piece_size(piece, unit)
    pm, _ = piece_pixmap(piece, size, px, 1.0, sides)
    return pm
