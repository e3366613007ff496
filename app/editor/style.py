"""Colours, terrain palettes and counter drawing shared by the editor's views.

The printed-map palette follows ``shared/design/UI.md``. A game's own terrain chart
(``resources/<game>/terrain.toml``, ``[terrain.<name>] colour = "#rrggbb"``) overrides it.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap, QPolygonF

from app.ui import theme

#: The window's printed-map palette (``app.ui.theme.TERRAIN``), so a map looks the same in the
#: editor as in play, plus the editor's spellings and ice, which the window never paints by name.
DEFAULT_TERRAIN_COLOURS: dict[str, str] = {
    **{name: colour for name, (colour, _texture) in theme.TERRAIN.items()},
    "rice-paddy": theme.TERRAIN["rice paddy"][0], "ice": "#E4EEF2",
}
RIVER = theme.RIVER
ROAD = theme.ROAD
CLIFF = QColor("#4A3B2A")
ALL_SEA = QColor("#5B93B5")
GRID = theme.GRID
INK = QColor("#2B2B2B")

SIDE_STYLES: dict[str, tuple[QColor, float, Qt.PenStyle]] = {
    "river": (RIVER, 0.10, Qt.SolidLine),
    "all-sea": (ALL_SEA, 0.14, Qt.SolidLine),
    "cliff": (CLIFF, 0.12, Qt.SolidLine),
}

LINE_COLOURS = ["#8B1A1A", "#C9A227", "#B22222", "#4B0082", "#1F5F8B", "#2F6B2F"]

NATION_COLOURS: dict[str, tuple[str, str]] = {
    # nation: (face, ink)
    "rok": ("#CDB38A", "#1E1E1E"), "us": ("#7E9B5A", "#FFFFFF"), "usa": ("#7E9B5A", "#FFFFFF"),
    "uk": ("#D8C3A0", "#1E1E1E"), "commonwealth": ("#D8C3A0", "#1E1E1E"), "cw": ("#D8C3A0", "#1E1E1E"),
    "un": ("#8DB0D6", "#1E1E1E"), "kpa": ("#6E4B2F", "#FFFFFF"), "nk": ("#6E4B2F", "#FFFFFF"),
    "pva": ("#B0453A", "#FFFFFF"), "chinese": ("#B0453A", "#FFFFFF"), "cpv": ("#B0453A", "#FFFFFF"),
    "usmc": ("#6B8E4E", "#FFFFFF"),
}
SIDE_COLOURS = {"allied": "#7E9B5A", "un": "#8DB0D6", "communist": "#B0453A", "kpa": "#6E4B2F"}

UNIT_TYPES = ("infantry", "armor", "mech", "cavalry", "artillery", "hq", "air", "marine", "special", "marker")
UNIT_SIZES = ("", "I", "II", "III", "X", "XX", "XXX", "XXXX")


def game_of(path: str | None) -> str | None:
    """The game id of a file under ``resources/<game>/`` (None elsewhere)."""
    if not path:
        return None
    parts = Path(path).resolve().parts
    for i, p in enumerate(parts[:-1]):
        if p == "resources" and i + 1 < len(parts) - 1:
            return parts[i + 1]
    return None


def hex_features(game: str | None, data: Any = None) -> tuple[str, ...]:
    """The hex features (city, port, ...) a map's game reads, for the editor's feature tool and
    hex properties: those the game's shipped hex maps use, with any already in this map. A map
    of no game gets the hex-and-counter defaults; a game whose maps use none (Semper Fi!'s
    contour maps) gets none, so no box offers it a Korea city."""
    from app.editor.hexops import HEX_FEATURES
    found: list[str] = []

    def add(hexmap: Any) -> None:
        for e in ((hexmap or {}).get("hexes") or {}).values() if isinstance(hexmap, dict) else ():
            for f in (e.get("features") or []) if isinstance(e, dict) else ():
                if isinstance(f, str) and f not in found:
                    found.append(f)
    if game:
        from app import RESOURCES
        folder = RESOURCES / game
        for f in sorted(folder.glob("*.json")) + sorted(folder.glob("maps/*.json")):
            try:
                doc = json.loads(f.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(doc, dict) and doc.get("kind") == "hexmap":
                add(doc)
    else:
        found.extend(HEX_FEATURES)
    add(data)
    order = {f: i for i, f in enumerate(HEX_FEATURES)}
    return tuple(sorted(found, key=lambda f: (order.get(f, len(order)), f)))


def terrain_palette(game: str | None, extra_names: Any = (), near: str | None = None) -> dict[str, str]:
    """Terrain name -> colour: the terrain chart beside the map (``near``) or the game's
    (``resources/<game>/terrain.toml``) first, then the names used in the map."""
    out: dict[str, str] = {}
    charts = []
    if near:
        charts.append(Path(near).parent / "terrain.toml")
    if game:
        from app import RESOURCES
        charts.append(RESOURCES / game / "terrain.toml")
    for f in charts:
        if f.is_file() and not out:
            try:
                data = tomllib.loads(f.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                data = {}
            for name, entry in (data.get("terrain") or {}).items():
                colour = entry.get("colour") or entry.get("color") if isinstance(entry, dict) else None
                out[name] = colour if isinstance(colour, str) else DEFAULT_TERRAIN_COLOURS.get(name, "#DDDDDD")
    if not out:
        for name in ("clear", "broken", "rough", "mountain", "forest", "marsh", "sea", "lake"):
            out[name] = DEFAULT_TERRAIN_COLOURS[name]
    for name in extra_names:
        out.setdefault(name, DEFAULT_TERRAIN_COLOURS.get(name, _hash_colour(name)))
    return out


def _hash_colour(name: str) -> str:
    h = sum(ord(c) * (i + 7) for i, c in enumerate(name)) % 360
    c = QColor.fromHsl(h, 60, 185)
    return c.name()


def nation_colours(unit: dict[str, Any]) -> tuple[QColor, QColor]:
    nation = str(unit.get("nation") or unit.get("side") or "").lower()
    if nation in NATION_COLOURS:
        face, ink = NATION_COLOURS[nation]
    elif "colour" in unit and isinstance(unit["colour"], str):
        face, ink = unit["colour"], "#1E1E1E"
    else:
        face, ink = SIDE_COLOURS.get(str(unit.get("side", "")).lower(), "#C8C8C8"), "#1E1E1E"
    return QColor(face), QColor(ink)


def strength_of(unit: dict[str, Any], reduced: bool) -> str:
    s = unit.get("strength")
    if isinstance(s, list) and s:
        v = s[1] if reduced and len(s) > 1 else s[0]
    elif isinstance(s, (int, float)):
        v = s
    else:
        v = "-"
    m = unit.get("move", unit.get("movement", ""))
    return f"{v}-{m}" if m != "" else f"{v}"


def paint_counter(p: QPainter, rect: QRectF, unit: dict[str, Any], reduced: bool = False,
                  selected: bool = False, shadow: bool = True) -> None:
    """A 5/8-inch counter look: coloured face, NATO symbol, size, id and values."""
    face, ink = nation_colours(unit)
    w = rect.width()
    r = QRectF(rect)
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    if shadow:
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawRoundedRect(r.translated(w * 0.04, w * 0.05), w * 0.06, w * 0.06)
    p.setBrush(face)
    p.setPen(QPen(QColor("#FFD54A") if selected else QColor(30, 30, 30), w * (0.05 if selected else 0.02)))
    p.drawRoundedRect(r, w * 0.06, w * 0.06)
    if reduced:
        band = QRectF(r.left(), r.top() + r.height() * 0.40, r.width(), r.height() * 0.14)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(255, 255, 255, 215))
        p.drawRect(band)
    # NATO box
    box = QRectF(r.left() + w * 0.24, r.top() + w * 0.28, w * 0.52, w * 0.32)
    p.setBrush(Qt.NoBrush if not reduced else Qt.NoBrush)
    pen = QPen(ink, max(1.0, w * 0.03))
    p.setPen(pen)
    p.drawRect(box)
    draw_unit_symbol(p, box, str(unit.get("type", "infantry")), ink)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(w * 0.15)))
    p.setFont(font)
    size = str(unit.get("size", ""))
    p.drawText(QRectF(r.left(), r.top() + w * 0.05, w, w * 0.2), Qt.AlignCenter, size)
    font.setPixelSize(max(6, int(w * 0.22)))
    p.setFont(font)
    p.drawText(QRectF(r.left(), r.top() + w * 0.62, w, w * 0.32), Qt.AlignCenter, strength_of(unit, reduced))
    font.setBold(False)
    font.setPixelSize(max(5, int(w * 0.11)))
    p.setFont(font)
    label = str(unit.get("label") or unit.get("short") or unit.get("id", ""))
    p.save()
    p.translate(r.left() + w * 0.13, r.top() + w * 0.45)
    p.rotate(-90)
    p.drawText(QRectF(-w * 0.4, -w * 0.1, w * 0.8, w * 0.2), Qt.AlignCenter, label[:10])
    p.restore()
    # replacement dot: a non-replaceable unit carries a black dot (top right)
    if unit.get("replaceable") is False:
        p.setPen(Qt.NoPen)
        p.setBrush(ink)
        p.drawEllipse(QPointF(r.right() - w * 0.13, r.top() + w * 0.13), w * 0.05, w * 0.05)
    p.restore()


def draw_unit_symbol(p: QPainter, box: QRectF, utype: str, ink: QColor) -> None:
    t = utype.lower()
    l, tp, rt, bt = box.left(), box.top(), box.right(), box.bottom()
    if t in ("infantry", "marine", "mech"):
        p.drawLine(QPointF(l, tp), QPointF(rt, bt))
        p.drawLine(QPointF(l, bt), QPointF(rt, tp))
    if t in ("armor", "armour", "tank", "mech"):
        inset = box.height() * 0.22
        p.drawRoundedRect(box.adjusted(box.width() * 0.14, inset, -box.width() * 0.14, -inset),
                          box.height() * 0.28, box.height() * 0.28)
    if t == "cavalry":
        p.drawLine(QPointF(l, bt), QPointF(rt, tp))
    if t == "artillery":
        p.setBrush(ink)
        p.drawEllipse(box.center(), box.height() * 0.14, box.height() * 0.14)
        p.setBrush(Qt.NoBrush)
    if t == "hq":
        p.drawLine(QPointF(l + box.width() * 0.1, bt), QPointF(l + box.width() * 0.1, tp - box.height() * 0.5))
    if t == "marine":
        p.drawArc(box.adjusted(box.width() * 0.3, box.height() * 0.55, -box.width() * 0.3, box.height() * 0.3),
                  0, 180 * 16)
    if t == "air":
        c = box.center()
        p.drawEllipse(QPointF(c.x() - box.width() * 0.15, c.y()), box.width() * 0.15, box.height() * 0.22)
        p.drawEllipse(QPointF(c.x() + box.width() * 0.15, c.y()), box.width() * 0.15, box.height() * 0.22)


def counter_pixmap(unit: dict[str, Any], px: int = 64, reduced: bool = False, selected: bool = False) -> QPixmap:
    """A counter as a pixmap (transparent margin for the shadow)."""
    pm = QPixmap(int(px * 1.1), int(px * 1.1))
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    paint_counter(p, QRectF(1, 1, px, px), unit, reduced, selected)
    p.end()
    return pm


def hex_polygon(points: list[tuple[float, float]], scale: float) -> QPolygonF:
    return QPolygonF([QPointF(x * scale, y * scale) for x, y in points])


def colour_of(value: Any, fallback: str = "#888888") -> QColor:
    if isinstance(value, str):
        c = QColor(value)
        if c.isValid():
            return c
    return QColor(fallback)
