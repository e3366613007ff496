"""Helpers for the play-feel tests: open a shipped game in the window, drive the view."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from conftest import make_window

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = {"korea38": "campaign", "chosin-few": "standard", "guts": "marines",
             "semper-fi": "5-1-morning-assault", "frozen-chosin": "campaign"}


def game_window(qtbot, game_id: str, scenario: str = "", seed: int = 1, size=(1366, 768), players=None):
    from app.games import get_game
    game = get_game(game_id)
    path = ROOT / "resources" / game_id / "scenarios" / f"{scenario or SCENARIOS[game_id]}.toml"
    w = make_window(qtbot, start=False)
    w.resize(*size)
    w.new_game(game, path.read_text(), seed=seed, players=players or {s: "human" for s in game.sides},
               scenario_path=str(path))
    qtbot.wait(10)
    return w


def key(w, k, mod=Qt.KeyboardModifier.NoModifier):
    QTest.keyClick(w.view, k, mod)


def view_pt(w, pid: str) -> QPoint:
    return w.view.mapFromScene(w.scene.items_by_id[pid].pos())


def press_move_release(w, a: QPoint, b: QPoint, steps: int = 2):
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, steps + 1):
        QTest.mouseMove(vp, QPoint(a.x() + (b.x() - a.x()) * i // steps, a.y() + (b.y() - a.y()) * i // steps))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def hover(w, p: QPoint):
    """A pointer move over the view with no button held (sent to the viewport itself: QTest's
    mouseMove goes through the window and can land a few pixels off under the offscreen platform)."""
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication
    vp = w.view.viewport()
    ev = QMouseEvent(QEvent.Type.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)), Qt.MouseButton.NoButton,
                     Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, ev)
