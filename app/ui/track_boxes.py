"""Record tracks drawn as on the physical game: a row of numbered boxes with markers in them.

A game panel (``game.panels()``) may carry ``"track": {"boxes": [{"label", "current"?}],
"markers": [{"box": index, "text", "colour"?}]}``: the panel is then drawn as that track (its
``rows`` stay the words for other front ends and for the screen reader's tooltip). Boxes wrap
to the panel's width; the current box is outlined; markers in one box stack.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGroupBox, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.ui.panels import PanelsPanel, _panel_box

BOX_W, BOX_H = 34, 40        # pixels a box
GAP = 3
MARKER_H = 12


def _colour(c: Any, default: str = "#5B6E3A") -> QColor:
    q = QColor(str(c)) if c else QColor(default)
    return q if q.isValid() else QColor(default)


class TrackView(QWidget):
    """The boxes of one track and the markers in them."""

    def __init__(self, track: dict[str, Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.boxes = [b for b in track.get("boxes") or [] if isinstance(b, dict)]
        self.markers = [m for m in track.get("markers") or [] if isinstance(m, dict)]
        per_box: dict[int, int] = {}
        for m in self.markers:
            per_box[int(m.get("box", 0))] = per_box.get(int(m.get("box", 0)), 0) + 1
        self.deepest = max(per_box.values(), default=0)
        self.box_h = max(BOX_H, 16 + self.deepest * (MARKER_H + 1) + 2)
        sp = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)
        self.setToolTip("; ".join(f"{m.get('text', '')} in {self._label(int(m.get('box', 0)))}"
                                  for m in self.markers))

    def _label(self, i: int) -> str:
        return str(self.boxes[i].get("label", i)) if 0 <= i < len(self.boxes) else str(i)

    def _per_row(self, w: int) -> int:
        return max(1, (w + GAP) // (BOX_W + GAP))

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, w: int) -> int:  # noqa: N802
        rows = -(-max(1, len(self.boxes)) // self._per_row(w))
        return rows * (self.box_h + GAP)

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(7 * (BOX_W + GAP), self.heightForWidth(7 * (BOX_W + GAP)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(BOX_W, self.box_h)

    def box_rect(self, i: int) -> QRectF:
        n = self._per_row(self.width())
        r, c = divmod(i, n)
        return QRectF(c * (BOX_W + GAP) + 0.5, r * (self.box_h + GAP) + 0.5, BOX_W, self.box_h)

    def paintEvent(self, e) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        ink = self.palette().text().color()
        small = QFont(self.font())
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.72))
        for i, b in enumerate(self.boxes):
            r = self.box_rect(i)
            cur = bool(b.get("current"))
            p.setPen(QPen(QColor("#8E1B1B") if cur else QColor(0, 0, 0, 110), 2.0 if cur else 1.0))
            p.setBrush(QColor(255, 248, 225) if cur else QColor(250, 246, 236))
            p.drawRect(r)
            p.setFont(small)
            p.setPen(ink)
            p.drawText(r.adjusted(2, 1, -2, 0), Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter,
                       str(b.get("label", i)))
        stacked: dict[int, int] = {}
        tiny = QFont(self.font())
        tiny.setPointSizeF(max(6.0, tiny.pointSizeF() * 0.62))
        tiny.setBold(True)
        for m in self.markers:
            i = int(m.get("box", 0))
            if not 0 <= i < len(self.boxes):
                continue
            k = stacked.get(i, 0)
            stacked[i] = k + 1
            r = self.box_rect(i)
            chip = QRectF(r.left() + 2, r.top() + 15 + k * (MARKER_H + 1), r.width() - 4, MARKER_H)
            col = _colour(m.get("colour"))
            p.setPen(QPen(col.darker(150), 1.0))
            p.setBrush(col)
            p.drawRoundedRect(chip, 2.5, 2.5)
            p.setFont(tiny)
            p.setPen(QColor("white") if col.lightnessF() < 0.6 else QColor("black"))
            p.drawText(chip, Qt.AlignmentFlag.AlignCenter, str(m.get("text", "")))
        p.end()


def track_box(panel: dict[str, Any]) -> QGroupBox:
    """A game panel with a ``track``: its title, the track, and its ``note`` below."""
    box = QGroupBox(str(panel.get("title", "")))
    lay = QVBoxLayout(box)
    lay.setContentsMargins(8, 6, 8, 6)
    lay.addWidget(TrackView(panel["track"]))
    note = panel["track"].get("note") or ""
    if note:
        lab = QLabel(str(note))
        lab.setWordWrap(True)
        lab.setStyleSheet("color: palette(mid);")
        lay.addWidget(lab)
    return box


class TrackPanelsPanel(PanelsPanel):
    """The game panels, with those that carry a ``track`` drawn as boxes and markers."""

    def _set(self, panels: list[dict[str, Any]], big: bool = False) -> None:
        if not any(isinstance(p.get("track"), dict) for p in panels):
            super()._set(panels, big)
            return
        inner = QWidget()
        lay = QVBoxLayout(inner)
        lay.setContentsMargins(4, 4, 4, 4)
        self.titles = [str(p.get("title", "")) for p in panels]
        for p in panels:
            lay.addWidget(track_box(p) if isinstance(p.get("track"), dict) else _panel_box(p, big))
        lay.addStretch(1)
        self.area.setWidget(inner)
