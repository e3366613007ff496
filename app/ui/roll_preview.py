"""Show a move and its test before any die is cast (a roll cannot be undone).

When a game's optional ``roll_preview(state, action)`` hook describes a move that would roll -
``{"title", "tests": [str], "rule", "chances": [[result, probability]], "ghost": location}`` -
the window does not apply the drop at once: the piece waits, faded, where it was dropped, and
this bar shows the tests and the exact chance of each result with *Roll* (Enter) and *Take it
back* (Esc). Games without the hook move at once, as before.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QWidget

from app.engine.game import Action
from app.ui.hooks import call_hook
from app.ui.layouts import paper_card
from app.ui.panels import ProbabilityBar


def preview_of(game: Any, state: Any, action: dict[str, Any]) -> dict[str, Any] | None:
    got = call_hook(game, "roll_preview", state, action, default=None)
    return got if isinstance(got, dict) and got.get("chances") else None


class RollConfirm(QFrame):
    """The bar at the top of the map: the staged move, its tests and chances, Roll / Take it back."""

    roll = Signal()
    cancel = Signal()

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        lay = paper_card(self, "rollConfirm", 6, (10, 8, 10, 8))
        self.title = QLabel()
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.tests = QLabel()
        self.tests.setWordWrap(True)
        lay.addWidget(self.tests)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(8)
        lay.addLayout(self.grid)
        row = QHBoxLayout()
        row.addStretch(1)
        self.back_btn = QPushButton("Take it back (Esc)")
        self.roll_btn = QPushButton("Roll (Enter)")
        self.roll_btn.setDefault(True)
        row.addWidget(self.back_btn)
        row.addWidget(self.roll_btn)
        lay.addLayout(row)
        self.back_btn.clicked.connect(self.cancel)
        self.roll_btn.clicked.connect(self.roll)
        self.preview: dict[str, Any] = {}
        self.setFixedWidth(380)
        self.hide()

    def show_preview(self, preview: dict[str, Any]) -> None:
        self.preview = preview
        self.title.setText(str(preview.get("title") or "This move needs a roll"))
        tests = [str(t) for t in preview.get("tests") or []]
        self.tests.setText(("Rolls " + "; ".join(tests) + ". Nothing is rolled until you confirm.") if tests
                           else "Nothing is rolled until you confirm.")
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        for i, (label, p) in enumerate(preview.get("chances") or []):
            self.grid.addWidget(QLabel(str(label)), i, 0)
            self.grid.addWidget(ProbabilityBar(float(p), f"{float(p) * 100:.0f}%"), i, 1)
        self.adjustSize()
        parent = self.parentWidget()
        if parent is not None:
            self.move(max(4, (parent.width() - self.width()) // 2), 8)
        self.show()
        self.raise_()

    def chances(self) -> dict[str, float]:
        return {str(k): float(v) for k, v in self.preview.get("chances") or []}


def stage(win: Any, pid: str, action: Action) -> bool:
    """Hold a move that would roll: a faded ghost where it would go and the confirm bar. False
    when the game has no preview for it (it is applied at once)."""
    game, state = win.shown()
    preview = preview_of(game, state, action) if win.mode == "play" else None
    if preview is None:
        return False
    win._staged = (pid, action)
    item = win.scene.items_by_id.get(pid)
    ghost = win.scene.board.anchor(preview.get("ghost")) if preview.get("ghost") is not None else None
    if item is not None:
        if ghost is not None:
            item.setPos(ghost)
        item.setOpacity(0.55)              # a ghost where it would go
    win.roll_confirm.show_preview(preview)
    win.status(f"{preview.get('title')}: Roll (Enter) or Take it back (Esc)")
    return True


def finish(win: Any, confirm: bool) -> None:
    """Roll the held move (``confirm``) or take it back: nothing was rolled."""
    staged, win._staged = win._staged, None
    win.roll_confirm.hide()
    if staged is None:
        return
    item = win.scene.items_by_id.get(staged[0])
    if item is not None:
        item.setOpacity(1.0)
    if not confirm or not win.apply_action(dict(staged[1])):
        win._clear_targets()
        win.scene.relayout(150)          # back where it was: nothing was rolled
        if not confirm:
            win.status("Taken back: nothing was rolled")
