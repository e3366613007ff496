"""What every board is: :class:`Board`, the geometry and static picture the scene asks a board for,
and the scene scale (hex size, paper margin, pixels per inch)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath

from app.ui import theme


HEX_R = 40.0          # scene px from a hex centre to a corner


MARGIN = 36.0         # paper margin around a printed map


PPI = 24.0            # scene px per inch on tables


class Board:
    """A board's geometry and static picture, in scene pixels."""

    kind = "none"
    #: edge of a counter in scene px
    unit = 50.0
    free = False  # True when pieces may stand anywhere (tables)

    def __init__(self, data: dict[str, Any] | None = None):
        self.data = data or {}

    def rect(self) -> QRectF:
        return QRectF(0, 0, 800, 600)

    def paint(self, p: QPainter, rect: QRectF, lod: float) -> None:
        p.fillRect(rect, theme.PAPER)

    def paint_overview(self, p: QPainter, lod: float) -> None:
        self.paint(p, self.rect(), lod)

    def locate(self, pos: QPointF) -> str | None:
        return None

    def anchor(self, loc: Any) -> QPointF | None:
        return None

    def shape(self, loc: Any) -> QPainterPath:
        path = QPainterPath()
        a = self.anchor(loc)
        if a is not None:
            path.addEllipse(a, self.unit * 0.6, self.unit * 0.6)
        return path

    def describe(self, loc: Any) -> list[str]:
        return [str(loc)] if loc is not None else []

    def to_board(self, pos: QPointF) -> Any:
        """The board location to put in a move action for a drop at ``pos``."""
        return self.locate(pos)

    def to_scene(self, value: Any) -> QPointF | None:
        """Overlay coordinates (a location id or ``[x, y]`` in board units) to scene."""
        return self.anchor(value)

    def measure(self, a: QPointF, b: QPointF) -> tuple[str, QPainterPath]:
        d = math.hypot(b.x() - a.x(), b.y() - a.y())
        return f"{d:.0f} px", QPainterPath()

    def boxes(self) -> list[dict[str, Any]]:
        return [b for b in self.data.get("boxes", []) if isinstance(b, dict) and b.get("id")]

    def area(self, locs: list[Any]) -> QPainterPath:
        """The union of some locations' outlines."""
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        for loc in locs:
            path.addPath(self.shape(loc))
        return path

    def outline(self, locs: list[Any]) -> QPainterPath:
        """The boundary of a set of locations (default: each outline)."""
        return self.area(locs)

    #: region names the board itself draws (an overlay of the same id is not drawn twice)
    drawn_regions: frozenset[str] = frozenset()

    def locations(self) -> list[str]:
        return []
