"""Driving the window's view like a player, shared by the window tests: points on the view, a
drag and a click on its viewport, a Korea window on a hand-made map, a game without rules."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest


def bare_window(qtbot, size: tuple[int, int] = (1300, 850), use_settings: bool = False):
    """The main window on screen at ``size``, no wait before the computer moves and no
    animations (positions are final when a test looks); nothing opened in it yet."""
    from app.ui.window import MainWindow
    w = MainWindow(use_settings=use_settings)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.ai_delay_ms = 0
    w.scene.animate = False
    return w



def menu_action(win, text: str):
    """The menu bar's action whose text is ``text`` (mnemonic ampersands included)."""
    for m in win.menuBar().findChildren(type(win.menuBar().actions()[0].menu())):
        for a in m.actions():
            if a.text() == text:
                return a
    raise AssertionError(text)


def vp_point(win, scene_pt: QPointF) -> QPoint:
    return win.view.mapFromScene(scene_pt)


def piece_point(win, pid: str) -> QPoint:
    """Where a piece stands, in viewport pixels."""
    return vp_point(win, win.scene.items_by_id[pid].pos())


def place_point(win, loc) -> QPoint:
    """Where a board location (a hex, a space) is, in viewport pixels."""
    return vp_point(win, win.scene.board.anchor(loc))


def drag(win, a: QPoint, b: QPoint) -> None:
    """Press at ``a``, move through the midpoint to ``b``, release there."""
    vp = win.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def click(win, p: QPoint, button=Qt.MouseButton.LeftButton) -> None:
    QTest.mouseClick(win.view.viewport(), button, Qt.KeyboardModifier.NoModifier, p)


def korea_window(qtbot, sc, seed: int = 1):
    """A Korea window on a hand-made scenario, two people, at 100% centred on hex 2015."""
    from app.engine.match import Match
    from app.games.korea38 import GAME
    from conftest import make_window          # tests/ui's own conftest (only its tests call this)
    w = make_window(qtbot, start=False)
    w.start_match(Match.start(GAME, sc, seed=seed), {"communist": "human", "allied": "human"})
    w.view.set_zoom(1.0)
    w.view.centerOn(w.scene.board.anchor("2015"))
    return w


def pretend_without_rules(monkeypatch, game_id: str) -> None:
    """Make one game look as if its rules were not written yet (every game may have them now)."""
    import app.games
    real_get, real_playable = app.games.get_game, app.games.is_playable

    def get_game(gid):
        if gid == game_id:
            raise app.games.UnknownGame(f"{gid} has no rules module (test)")
        return real_get(gid)

    monkeypatch.setattr(app.games, "get_game", get_game)
    monkeypatch.setattr(app.games, "is_playable", lambda gid: gid != game_id and real_playable(gid))
