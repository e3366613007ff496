"""The game's overlays (``Game.overlays``) turned into shapes on the map.

Accepted shapes, in board units (inches on tables, location ids elsewhere)::

    {"kind": "hexes", "hexes": ["2104", ...], "colour": "red", "label": "..."}
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


def _colour(ov: dict[str, Any], default: str, alpha: int) -> QColor:
    c = theme.colour(ov.get("colour") or ov.get("color"), default)
    c.setAlpha(int(ov.get("alpha", alpha)))
    return c


def _length(board: Board, v: Any) -> float:
    return float(v) * (PPI if board.kind in ("table", "blank") else 1.0)


def overlay_shapes(board: Board, overlays: list[dict[str, Any]]):
    shapes: list[tuple[QPainterPath, QBrush | None, QPen | None]] = []
    texts: list[tuple[QPointF, str, QColor]] = []
    for ov in overlays or []:
        if not isinstance(ov, dict):
            continue
        kind = ov.get("kind")
        fill = _colour(ov, "#D9A400", 70)
        edge = _colour(ov, "#8A6A00", 220)
        pen = QPen(edge, -2.0)
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        if kind == "hexes":
            for h in ov.get("hexes", []):
                path.addPath(board.shape(h))
        elif kind in ("polygon", "cone") and ov.get("points"):
            pts = [board.to_scene(p) for p in ov["points"]]
            pts = [p for p in pts if p is not None]
            if len(pts) >= 3:
                path.addPolygon(QPolygonF(pts))
                path.closeSubpath()
        elif kind == "cone":
            apex = board.to_scene(ov.get("apex"))
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
            c = board.to_scene(ov.get("at") or ov.get("centre") or ov.get("center"))
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
                shapes.append((path, None, QPen(edge, -3.0, Qt.PenStyle.DashLine)))
                path = QPainterPath()
        if not path.isEmpty():
            shapes.append((path, QBrush(fill), pen))
        if ov.get("label"):
            where = path.boundingRect().center() if not path.isEmpty() else board.to_scene(ov.get("at"))
            if where is not None:
                texts.append((where, str(ov["label"]), edge))
    return shapes, texts
