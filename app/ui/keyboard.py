"""Playing from the keyboard: the keys table (Help > Keys and mouse) and the target cursor.

With a piece picked up (Tab cycles the pieces that may move), the arrow keys move a cursor
over its legal destinations - to the nearest one in that direction - and Enter takes it; with
nothing picked up the arrows pan the map.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath
from PySide6.QtWidgets import QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QTableWidget, \
    QTableWidgetItem, QVBoxLayout, QWidget

from app.ui import theme
from app.ui.scene import cpen

DIRECTIONS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}

KEYS: list[tuple[str, str, str]] = [
    ("Keys", "Tab / Shift+Tab", "Pick up the next / previous piece that can move"),
    ("Keys", "Arrow keys", "With a piece picked up: move the cursor to the next legal destination that way; "
                           "otherwise pan the map"),
    ("Keys", "Enter", "Move the picked-up piece to the cursor (or the place under the pointer); "
                      "roll a move that waits for its dice"),
    ("Keys", "Esc", "Cancel: the selection, a waiting move, measuring, the computer's move"),
    ("Keys", "Space, Ctrl+E", "The next step, as the turn bar names it (asks first if units could still move)"),
    ("Keys", "Ctrl+1", "To the Actions list: Tab between its buttons, Space or Enter takes one "
                       "(declare, resolve, pick a card...); Esc or a click on the map goes back"),
    ("Keys", "H", "Hint: what the computer player would do now"),
    ("Keys", "V", "Victory status: who would win now, and why"),
    ("Keys", "I", "In Communication and isolation overlay (when the game has it)"),
    ("Keys", "M", "Measure range"),
    ("Keys", "+ / -, 0 or F, Ctrl+0", "Zoom in / out, zoom to fit"),
    ("Keys", "F1", "The rule under the pointer (hover card, action button, a tooltip that cites one) "
                   "in the Rules panel; elsewhere this table"),
    ("Keys", "Shift+F1", "The rules in brief"),
    ("Keys", "Ctrl+Z, Ctrl+Shift+Z", "Undo / redo (not across a die roll, a card draw or a reveal)"),
    ("Keys", "Ctrl+N, Ctrl+O, Ctrl+S", "New game, open, save"),
    ("Mouse", "Press and drag a piece", "Its legal destinations light up (green; amber: legal but leaves "
                                        "something to fix; red edge: an enemy zone of control)"),
    ("Mouse", "Drop", "On a lit place: the move. Anywhere else the piece glides back and the status bar "
                      "says why (click the rule number to read it)"),
    ("Mouse", "Hover a piece", "Its card: name, values, state, what it may do now, and its rule "
                               "(click the card to read the rule)"),
    ("Mouse", "Click a piece / a stack", "Inspect it / fan the stack out; then click a lit place to move"),
    ("Mouse", "Drag the empty map, wheel", "Pan, zoom; click the overview to jump"),
    ("Mouse", "Battles", "Click an enemy unit, then your lit units to add them (again to take one out, "
                         "right-click for a role); Declare, then Resolve"),
    ("Mouse", "Right-click a piece (sandbox)", "Flip, eliminate, turn, remove"),
]


def pick_in_direction(origin: QPointF, candidates: dict[str, QPointF], direction: str) -> str | None:
    """The candidate nearest to ``origin`` that lies within 60 degrees of ``direction``
    (distance weighted against straying sideways), or None."""
    dx, dy = DIRECTIONS[direction]
    best, best_score = None, math.inf
    for key, p in candidates.items():
        vx, vy = p.x() - origin.x(), p.y() - origin.y()
        d = math.hypot(vx, vy)
        if d < 1e-6:
            continue
        along = (vx * dx + vy * dy) / d
        if along < 0.5:            # more than 60 degrees off
            continue
        score = d * (2.0 - along)
        if score < best_score:
            best, best_score = key, score
    return best


class KeysDialog(QDialog):
    """Help > Keys and mouse: a real table, one row a key."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Keys and mouse")
        lay = QVBoxLayout(self)
        self.table = QTableWidget(len(KEYS), 3)
        self.table.setHorizontalHeaderLabels(["", "Key or action", "What it does"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.setAlternatingRowColors(True)
        for r, (group, k, what) in enumerate(KEYS):
            for c, text in enumerate((group, k, what)):
                it = QTableWidgetItem(text)
                if c == 1:
                    f = it.font()
                    f.setBold(True)
                    it.setFont(f)
                self.table.setItem(r, c, it)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.table)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        box.rejected.connect(self.reject)
        box.accepted.connect(self.accept)
        lay.addWidget(box)
        self.resize(780, 560)
        self.table.resizeRowsToContents()


def move_cursor(win: Any, direction: str) -> None:
    """Arrow key with a piece picked up: the cursor to the next legal destination that way."""
    board = win.scene.board
    spots = {}
    for loc, info in win._targets.items():
        if loc == "*":
            continue
        to = info.get("action", {}).get("to") if board.free else loc
        p = board.anchor(to) if not str(loc).startswith("box:") else None
        if p is None and str(loc).startswith("box:") and loc[4:] in win.scene.box_slots:
            p = win.scene.box_slots[loc[4:]].center()
        if p is not None:
            spots[loc] = p
    here = spots.get(str(win._cursor)) if win._cursor is not None else None
    if here is None and win._targets_for in win.scene.items_by_id:
        here = win.scene.items_by_id[win._targets_for].pos()
    pick = pick_in_direction(here, spots, direction) if here is not None else None
    if pick is None:
        win.status("No legal destination that way")
        return
    win._cursor = pick
    win._hover_loc = pick if not board.free else pick
    path = board.shape(board.locate(spots[pick]) if board.free else pick)
    if path.isEmpty():
        path = QPainterPath()
        path.addEllipse(spots[pick], board.unit * 0.5, board.unit * 0.5)
    win.scene.hover_item.set_shapes([(path, QBrush(QColor(255, 255, 255, 70)), cpen(theme.SELECT, 4.0))])
    win._show_path_to(pick)
    win.view.ensureVisible(QRectF(spots[pick].x() - 60, spots[pick].y() - 60, 120, 120))
    info = win._targets[pick]
    win.status(f"{win._describe(info['action'])}: Enter to do it, arrows for another, Esc to put it down")
