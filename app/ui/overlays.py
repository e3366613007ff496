"""The game's overlays (``Game.overlays``) turned into shapes on the map.

Accepted shapes, in board units (inches on tables, location ids elsewhere)::

    {"kind": "hexes", "hexes": ["2104", ...], "colour": "red", "label": "..."}
                     (any overlay: "optional": true = off until switched on in View > Map
                      overlays; "group": "name" = also switched by a View-menu toggle of that name)
    {"kind": "polygon", "points": [[x, y], ...]}
    {"kind": "circle", "at": [x, y] | "id", "r": 6}
    {"kind": "line", "points": [[x, y] | "id", ...]}          (or "from"/"to")
    {"kind": "cone", "apex": [x, y], "heading": 90, "length": 24, "half_angle": 6}
                                                              (or "width" at the far end, or "points")
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF

from app.ui import theme
from app.ui.boards import PPI, Board
from app.ui.scene import cpen


def _colour(ov: dict[str, Any], default: str, alpha: int) -> QColor:
    c = theme.colour(ov.get("colour") or ov.get("color"), default)
    c.setAlpha(int(ov.get("alpha", alpha)))
    return c


def _length(board: Board, v: Any) -> float:
    return float(v) * (PPI if board.kind in ("table", "blank") else 1.0)


def overlay_key(ov: dict[str, Any], i: int) -> str:
    return str(ov.get("id") or ov.get("label") or f"{ov.get('kind', 'overlay')}-{i}")


def hidden_keys(overlays: list[dict[str, Any]], choices: dict[str, bool] | None = None,
                groups: dict[str, bool] | None = None) -> set[str]:
    """Keys of overlays not to draw: optional ones are off unless switched on in ``choices``
    or their ``group`` is switched on in ``groups`` (a View-menu toggle per group)."""
    out = set()
    for i, ov in enumerate(overlays or []):
        if not isinstance(ov, dict):
            continue
        key = overlay_key(ov, i)
        default = not ov.get("optional", False) or bool((groups or {}).get(str(ov.get("group") or "")))
        on = (choices or {}).get(key, default)
        if not on:
            out.add(key)
    return out


def overlay_shapes(board: Board, overlays: list[dict[str, Any]], hidden: set[str] | None = None):
    """Shapes for the overlays that are switched on. ``optional`` overlays are off unless
    their key is missing from ``hidden``'s complement (the window keeps that set)."""
    shapes: list[tuple[QPainterPath, QBrush | None, QPen | None]] = []
    texts: list[tuple[QPointF, str, QColor]] = []
    for i, ov in enumerate(overlays or []):
        if not isinstance(ov, dict):
            continue
        key = overlay_key(ov, i)
        if hidden is not None and key in hidden:
            continue
        if key in board.drawn_regions:
            continue
        kind = ov.get("kind")
        op = ov.get("opacity")
        fill_a = int(max(0.0, min(1.0, float(op))) * 255) if isinstance(op, (int, float)) else 60
        fill = _colour(ov, "#D9A400", fill_a)
        edge = _colour(ov, "#8A6A00", min(230, fill_a * 3 + 70))
        style = Qt.PenStyle.DashLine if ov.get("dashed") else Qt.PenStyle.SolidLine
        pen = cpen(edge, float(ov.get("width", 1.6)), style)
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        if kind == "hexes":
            hexes = list(ov.get("hexes", []))
            if not hexes:
                continue
            style_ = str(ov.get("style", "fill"))
            area = board.area(hexes)
            edge_path = board.outline(hexes)
            if style_ == "outline":
                band = QColor(edge)
                band.setAlpha(90)
                shapes.append((edge_path, None, cpen(band, 7.0)))
                shapes.append((edge_path, None, cpen(edge, 2.0, style)))
            elif style_ == "hatch":
                hb = QColor(edge)
                hb.setAlpha(120)
                shapes.append((area, QBrush(hb, Qt.BrushStyle.BDiagPattern), None))
                shapes.append((edge_path, None, cpen(hb, 1.2, Qt.PenStyle.DashLine)))
            else:
                f2 = QColor(fill)
                if not isinstance(op, (int, float)):
                    f2.setAlpha(45)
                shapes.append((area, QBrush(f2), None))
                shapes.append((edge_path, None, cpen(edge, 1.6)))
            continue
        elif kind in ("polygon", "cone") and ov.get("points"):
            pts = [board.to_scene(p) for p in ov["points"]]
            pts = [p for p in pts if p is not None]
            if len(pts) >= 3:
                path.addPolygon(QPolygonF(pts))
                path.closeSubpath()
        elif kind == "cone":
            apex = board.to_scene(ov.get("apex") or ov.get("at") or ov.get("origin"))
            if apex is not None:
                length = _length(board, ov.get("length", 24))
                if "half_angle" in ov:
                    half = math.radians(float(ov["half_angle"]))
                else:
                    half = math.atan2(_length(board, ov.get("width", 6)) / 2, length)
                head = math.radians(float(ov.get("heading", 0)))
                path.moveTo(apex)
                steps = 24
                for i in range(steps + 1):
                    a = head - half + 2 * half * i / steps
                    path.lineTo(QPointF(apex.x() + length * math.cos(a), apex.y() + length * math.sin(a)))
                path.closeSubpath()
        elif kind == "circle":
            c = board.to_scene(ov.get("at") or ov.get("centre") or ov.get("center") or ov.get("apex"))
            if c is not None:
                r = _length(board, ov.get("r", ov.get("radius", 1)))
                path.addEllipse(c, r, r)
        elif kind == "line":
            pts = ov.get("points") or [ov.get("from"), ov.get("to")]
            pts = [board.to_scene(p) for p in pts]
            pts = [p for p in pts if p is not None]
            if len(pts) >= 2:
                path.moveTo(pts[0])
                for p in pts[1:]:
                    path.lineTo(p)
                shapes.append((path, None, cpen(edge, float(ov.get("width", 2.5)),
                                                Qt.PenStyle.DashLine if ov.get("dashed", True) else Qt.PenStyle.SolidLine)))
                path = QPainterPath()
        if not path.isEmpty():
            shapes.append((path, QBrush(fill), pen))
        if ov.get("label"):
            where = path.boundingRect().center() if not path.isEmpty() else board.to_scene(ov.get("at"))
            if where is not None:
                texts.append((where, str(ov["label"]), edge))
    return shapes, texts
