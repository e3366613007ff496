"""The turn track: a strip with one box per turn and the pieces that arrive on it.

From the game's optional ``arrivals(state)`` hook: ``[{"turn", "label", "current", "pieces":
[piece dicts as pieces() gives them]}]``. A game without arrivals has no track (its dock stays
hidden). Hovering a piece names it; the current turn is outlined.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from app.ui.hooks import call_hook
from app.ui.layouts import boxed
from app.ui.scroll_box import fill_with_scroll

ICON = 26          # pixels a counter on the track


def game_arrivals(game: Any, state: Any) -> list[dict[str, Any]]:
    got = call_hook(game, "arrivals", state, default=[])
    return [t for t in got if isinstance(t, dict)] if isinstance(got, list) else []


class TurnTrack(QWidget):
    """One column per turn: its number and date, then the arriving pieces in a small grid."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.area = fill_with_scroll(self, across=True)
        self._key: Any = None
        self.turns: list[dict[str, Any]] = []
        self.cells: dict[int, QFrame] = {}
        self.setMinimumHeight(2 * ICON + 44)
        self.set_turns([], ())

    def has_arrivals(self) -> bool:
        return any(t.get("pieces") for t in self.turns)

    def set_turns(self, turns: list[dict[str, Any]], sides: tuple[str, ...], unit: float = 50.0) -> None:
        key = [(t.get("turn"), t.get("current"), [p.get("id") for p in t.get("pieces") or []]) for t in turns]
        if key == self._key:
            return
        self._key = key
        self.turns = turns
        from app.ui.counters import render_piece_image
        inner = QWidget()
        row = boxed(inner, 4, 4, across=True)
        self.cells = {}
        for t in turns:
            cell = QFrame()
            cell.setFrameShape(QFrame.Shape.StyledPanel)
            cell.setObjectName("turnCell")
            if t.get("current"):
                cell.setStyleSheet("#turnCell { border: 2px solid palette(highlight); border-radius: 4px; }")
            v = boxed(cell, (4, 3, 4, 3), 2)
            head = QLabel(f"<b>{t.get('turn')}</b> {t.get('label') or ''}".strip())
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            v.addWidget(head)
            grid = QGridLayout()
            grid.setSpacing(2)
            pcs = t.get("pieces") or []
            cols = max(2, (len(pcs) + 1) // 2)        # two rows at most: the strip stays low
            dpr = self.devicePixelRatioF()
            for i, pc in enumerate(pcs):
                lab = QLabel()
                pm = render_piece_image(pc, int(ICON * dpr), sides, unit)
                pm.setDevicePixelRatio(dpr)
                lab.setPixmap(pm)
                lab.setFixedSize(QSize(ICON, ICON))
                lab.setToolTip(" \u00b7 ".join(str(x) for x in (pc.get("label"), pc.get("values")) if x))
                grid.addWidget(lab, i // cols, i % cols)
            if not pcs:
                none = QLabel("\u2013")
                none.setAlignment(Qt.AlignmentFlag.AlignCenter)
                none.setStyleSheet("color: palette(mid);")
                grid.addWidget(none, 0, 0)
            v.addLayout(grid)
            v.addStretch(1)
            row.addWidget(cell)
            self.cells[int(t.get("turn") or 0)] = cell
        row.addStretch(1)
        self.area.setWidget(inner)
