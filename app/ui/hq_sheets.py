"""HQ sheets: a command's operations dice placed on its menu of operations, in a dock.

A game that offers the ``hq_sheets(state, viewer)`` hook gets this dock: one sheet a command
(its name, its seat, a tray of dice left and a box per operation). A die is placed by clicking
an operation or dragging a die from the tray onto it; an operation with dice on it is attempted
by clicking it when the game allows. Every click or drop is only a choice among the game's
``legal_actions``: the dock never decides what is legal. The other side's sheets show
"hidden" while it plans, as the game's view says.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QDockWidget, QFrame, QHBoxLayout, QLabel, QMenu, QPushButton, QSizePolicy,
                               QWidget)

from app.ui.hooks import call_hook, game_hook
from app.ui.layouts import add_title, boxed
from app.ui.scroll_box import fill_with_scroll
from app.ui.mnemonic import literal

SIDE_TINT = {0: "#E4EAF2", 1: "#F2E2DC"}
DIE = 22


def _actions_for(legal: list[dict[str, Any]], op: str) -> list[dict[str, Any]]:
    return [a for a in legal if a.get("type") in ("plan", "attempt") and a.get("op") == op]


class DieToken(QWidget):
    """One unplaced operations die: press, drag onto an operation, release."""

    def __init__(self, sheet: "SheetBox", colour: str):
        super().__init__(sheet)
        self.sheet = sheet
        self.colour = QColor(colour)
        self.setFixedSize(DIE, DIE)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip("Drag onto an operation to place dice on it")
        self._drag = False

    def paintEvent(self, e) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(self.colour)
        p.setPen(QPen(QColor("#2B2620"), 1.2))
        p.drawRoundedRect(QRectF(1.5, 1.5, DIE - 3, DIE - 3), 4, 4)
        p.setBrush(QColor("#FAF7EE"))
        p.setPen(Qt.PenStyle.NoPen)
        for cx, cy in ((0.3, 0.3), (0.7, 0.7), (0.5, 0.5)):
            p.drawEllipse(QRectF(cx * DIE - 2, cy * DIE - 2, 4, 4))

    def mousePressEvent(self, e) -> None:  # noqa: N802
        if e.button() == Qt.MouseButton.LeftButton:
            self._drag = True
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            self.sheet.panel.drag_started(self)

    def mouseMoveEvent(self, e) -> None:  # noqa: N802
        if self._drag:
            self.sheet.panel.drag_over(self.mapToGlobal(e.position().toPoint()))

    def mouseReleaseEvent(self, e) -> None:  # noqa: N802
        if self._drag:
            self._drag = False
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.sheet.panel.drag_ended(self, self.mapToGlobal(e.position().toPoint()))


class OpBox(QFrame):
    """One operation of a sheet: name, cost and roll, its state; clickable and a drop target."""

    def __init__(self, sheet: "SheetBox", op: dict[str, Any]):
        super().__init__(sheet)
        self.sheet = sheet
        self.op = op
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = boxed(self, (6, 3, 6, 3), 0)
        top = QHBoxLayout()
        self.name = QLabel(f"<b>{op['name']}</b>")
        self.name.setWordWrap(True)
        self.pips = QLabel("\u25A0 " * int(op.get("cost", 1)))
        self.pips.setToolTip(f"{op.get('cost')} dice")
        top.addWidget(self.name, 1)
        top.addWidget(self.pips)
        lay.addLayout(top)
        self.detail = QLabel(op.get("detail", ""))
        self.detail.setWordWrap(True)
        self.detail.setStyleSheet("color: #5B5347; font-size: 11px;")
        lay.addWidget(self.detail)
        self.status = op.get("status", "")
        self.set_hot(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def actions(self) -> list[dict[str, Any]]:
        return _actions_for(self.sheet.panel.legal if self.sheet.live else [], self.op["id"])

    def set_hot(self, hot: bool) -> None:
        usable = bool(self.actions())
        bg = "#FFF2B3" if hot else ("#D8E8C8" if self.status == "placed" else "#E2DDD0" if self.status == "tried"
                                     else "#FBF8EF")
        edge = "#2E6B2E" if usable else "#B9B09A"
        self.setStyleSheet(f"OpBox {{ background: {bg}; border: 1px solid {edge}; border-radius: 4px; }}")
        self.setCursor(Qt.CursorShape.PointingHandCursor if usable else Qt.CursorShape.ArrowCursor)
        word = {"placed": "dice placed", "tried": "tried this turn"}.get(self.status, "")
        self.setToolTip((f"{self.op['name']}: {word}. " if word else "")
                        + ("Click (or drop a die here) to choose it." if usable else "Not possible now."))

    def mouseReleaseEvent(self, e) -> None:  # noqa: N802
        if e.button() == Qt.MouseButton.LeftButton and self.rect().contains(e.position().toPoint()):
            self.sheet.panel.choose_op(self, self.mapToGlobal(e.position().toPoint()))


class SheetBox(QFrame):
    """One command's HQ sheet."""

    def __init__(self, panel: "HQSheetsPanel", sheet: dict[str, Any], index: int, live: bool):
        super().__init__()
        self.panel = panel
        self.data = sheet
        self.live = live
        self.setObjectName("sheet")
        tint = SIDE_TINT.get(index, "#EEE")
        edge = "#C9A227" if sheet.get("current") else "#8C826E"
        self.setStyleSheet(f"#sheet {{ background: {tint}; border: {2 if sheet.get('current') else 1}px solid {edge};"
                           " border-radius: 6px; }")
        lay = boxed(self, 6, 3)
        add_title(lay, f"<b>{sheet['name']}</b>")
        seat = QLabel(f"Played by {sheet.get('seat') or 'nobody'}" + ("  \u2022  now planning" if sheet.get("current") else ""))
        seat.setWordWrap(True)
        seat.setStyleSheet("color: #5B5347;")
        lay.addWidget(seat)
        tray = QHBoxLayout()
        tray.setSpacing(3)
        self.tray_label = QLabel()
        tray.addWidget(self.tray_label)
        self.dice: list[DieToken] = []
        colour = "#F3EEDC" if index == 0 else "#E8C9BD"
        left = sheet.get("left")
        if sheet.get("hidden"):
            self.tray_label.setText(f"{sheet.get('dice', 0)} dice; placement hidden until every command has planned")
            self.tray_label.setWordWrap(True)
        elif left is None:
            self.tray_label.setText(f"{sheet.get('dice', 0)} operations dice this turn")
        else:
            self.tray_label.setText(f"Dice: {left} of {sheet.get('dice', 0)} left")
            for _ in range(int(left or 0)):
                d = DieToken(self, colour)
                self.dice.append(d)
                tray.addWidget(d)
        tray.addStretch(1)
        lay.addLayout(tray)
        self.ops: list[OpBox] = []
        if not sheet.get("hidden"):
            for op in sheet.get("ops", []):
                box = OpBox(self, op)
                self.ops.append(box)
                lay.addWidget(box)
        if sheet.get("current") and live and any(a.get("type") == "done-planning" for a in panel.legal):
            self.finish = QPushButton("Finish placing dice")
            self.finish.clicked.connect(lambda: panel.chosen.emit({"type": "done-planning"}))
            lay.addWidget(self.finish)


class HQSheetsPanel(QWidget):
    """The sheets of every command, the one to act first and open."""

    chosen = Signal(dict)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.area = fill_with_scroll(self)
        self.legal: list[dict[str, Any]] = []
        self.sheets: list[SheetBox] = []
        self.describe: Callable[[dict[str, Any]], str] = lambda a: str(a.get("target", ""))
        self._key: Any = None
        self._hot: OpBox | None = None

    def set_sheets(self, sheets: list[dict[str, Any]], legal: list[dict[str, Any]], sides: tuple[str, ...]) -> None:
        # only the operations' actions change what the sheets show: moves and attacks do not
        # rebuild them (a rebuild costs a tenth of a second per refresh)
        key = (repr(sheets), repr([a for a in legal if a.get("type") in ("plan", "attempt")]))
        self.legal = legal
        if key == self._key:
            return
        self._key = key
        self.legal = legal
        inner = QWidget()
        lay = boxed(inner, 4)
        order = sorted(range(len(sheets)), key=lambda i: (not sheets[i].get("acting", sheets[i].get("current")), i))
        self.sheets = []
        for i in order:
            s = sheets[i]
            idx = sides.index(s["side"]) if s.get("side") in sides else 0
            box = SheetBox(self, s, idx, live=bool(legal) and bool(s.get("acting", s.get("current"))))
            self.sheets.append(box)
            lay.addWidget(box)
        lay.addStretch(1)
        self.area.setWidget(inner)

    def op_box(self, op: str, command: str | None = None) -> OpBox | None:
        for s in self.sheets:
            if command is not None and s.data["id"] != command:
                continue
            for b in s.ops:
                if b.op["id"] == op and (command is not None or s.live):
                    return b
        return None

    # -- dragging a die ----------------------------------------------------------------------
    def _box_at(self, sheet: SheetBox, gpos: QPoint) -> OpBox | None:
        for b in sheet.ops:
            if b.isVisible() and b.rect().contains(b.mapFromGlobal(gpos)):
                return b
        return None

    def drag_started(self, die: DieToken) -> None:
        self._hot = None

    def drag_over(self, gpos: QPoint) -> None:
        for s in self.sheets:
            b = self._box_at(s, gpos)
            if b is not self._hot:
                if self._hot is not None:
                    self._hot.set_hot(False)
                if b is not None and b.actions():
                    b.set_hot(True)
                self._hot = b if b is not None and b.actions() else None

    def drag_ended(self, die: DieToken, gpos: QPoint) -> None:
        if self._hot is not None:
            self._hot.set_hot(False)
            self._hot = None
        b = self._box_at(die.sheet, gpos)
        if b is not None:
            self.choose_op(b, gpos)

    def choose_op(self, box: OpBox, gpos: QPoint) -> None:
        acts = box.actions()
        if len(acts) == 1:
            self.chosen.emit(acts[0])
        elif len(acts) > 1:
            menu = QMenu(self)
            for a in acts:
                menu.addAction(literal(self.describe(a)), lambda a=a: self.chosen.emit(a))
            menu.popup(gpos)


# -------------------------------------------------------------------- window wiring
def install(window: Any) -> None:
    """Add the (hidden) HQ sheets dock next to the Game dock."""
    panel = HQSheetsPanel()
    panel.chosen.connect(lambda a: window.apply_action(a))
    panel.describe = lambda a: window._describe(a)
    window.hq_sheets = panel
    window.dock_hq = window._dock("HQ sheets", "dock-hq", panel, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.tabifyDockWidget(window.dock_panels, window.dock_hq)
    window.dock_hq.hide()
    window._hq_for = None


def update(window: Any, game: Any, state: Any, viewer: str | None, covered: bool) -> None:
    """Fill the dock from the game's hook; shown (and raised in the planning phase) only for
    games that have HQ sheets."""
    dock: QDockWidget = window.dock_hq
    if game_hook(game, "hq_sheets") is None:
        # hidden also when a saved window layout (from a game that has them) brought it back
        if window._hq_for is not None or dock.toggleViewAction().isChecked():
            dock.hide()
            window.dock_panels.raise_()
        window._hq_for = None
        return
    over = bool(getattr(state, "finished", False))
    if window._hq_for is not game:
        window._hq_for = game
        dock.show()
        if not over:
            dock.raise_()
    if over and not getattr(window, "_hq_over_shown", False):
        window.dock_panels.raise_()               # the game is over: its result, not the sheets
    window._hq_over_shown = over
    sheets = [] if covered else call_hook(game, "hq_sheets", state, viewer, default=[])
    window.hq_sheets.set_sheets(sheets, list(window._legal or []), tuple(game.sides))
    planning = any(s.get("current") for s in sheets)
    if planning and not getattr(window, "_hq_raised", False):
        dock.raise_()
    window._hq_raised = planning
