"""Helpers for the Frozen Chosin window tests: open the game through the New Game dialog the
way a player does, with chosen seats."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from conftest import make_window

GAME = "frozen-chosin"


def through_dialog(qtbot, seats: dict[str, str] | None = None, preset: str = "", size=(1366, 768), seed=5,
                   scenario: str = "fc-first-days"):
    """A window, and a new Frozen Chosin game started from the dialog with ``seats`` typed
    into the seat table (or a quick-set button pressed)."""
    from app.ui.dialogs import NewGameDialog
    w = make_window(qtbot, start=False)
    w.resize(*size)
    seen = {}

    def fill() -> None:
        dlg = next(d for d in QApplication.topLevelWidgets() if isinstance(d, NewGameDialog) and d.isVisible())
        seen["dialog"] = dlg
        i = dlg.scenario.findData(scenario)
        if i >= 0:
            dlg.scenario.setCurrentIndex(i)
        dlg.seed.setValue(seed)
        t = dlg.seat_table
        if preset:
            QTest.mouseClick(t.preset_buttons[preset], Qt.MouseButton.LeftButton)
        for cid, name in (seats or {}).items():
            box = t.boxes[cid]
            box.lineEdit().selectAll()
            QTest.keyClicks(box.lineEdit(), name)
        seen["problem"] = t.problems()
        QTest.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    from app.ui import catalog
    orig = NewGameDialog.__init__

    def init(self, parent=None, game_id=None):
        orig(self, parent, GAME)
    NewGameDialog.__init__ = init
    try:
        QTimer.singleShot(50, fill)
        w.new_game_dialog()
    finally:
        NewGameDialog.__init__ = orig
    assert catalog.get(GAME) is not None
    qtbot.wait(20)
    return w, seen
