"""Frozen Chosin in the generic window, driven like a player: buttons from the legal actions,
the hand-over screen between the sides, and a base dragged on the table in inches."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.games.frozen_chosin import GAME

from tests.frozen_chosin.helpers import FIRST_DAYS
from tests.ui.window_util import bare_window, drag

pytestmark = pytest.mark.gui


@pytest.fixture
def win(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))
    w = bare_window(qtbot)
    w.new_game(GAME, FIRST_DAYS.read_text(encoding="utf-8"), seed=4, scenario_path=str(FIRST_DAYS),
               players={"un": "human", "pva": "human"})
    qtbot.waitExposed(w)
    return w


def click(qtbot, win, starts: str) -> None:
    if win.handover.isVisible():
        QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(b.text().startswith(starts) for b in win.actions_panel.buttons), timeout=5000)
    button = next(b for b in win.actions_panel.buttons if b.text().startswith(starts))
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def test_plan_in_secret_then_activate_and_drag_a_base(qtbot, win):
    st = lambda: win.match.state  # noqa: E731
    click(qtbot, win, "Build the Hagaru-ri airstrip")
    assert st().smith_choice == "airstrip"
    while st().phase == "operations":
        click(qtbot, win, "Finish placing dice")
    assert st().phase == "night" and st().active == "pva"
    click(qtbot, win, "Activate 235th Regiment")
    assert st().activation is not None
    if win.handover.isVisible():
        QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    targets = GAME.drop_targets(st(), "235-1")
    dest = next(v["action"]["to"] for k, v in targets.items() if k != "*" and v["action"]["mode"] == "off-road")
    board = win.scene.board
    win.view.centerOn(win.scene.items_by_id["235-1"])
    src = win.view.mapFromScene(win.scene.items_by_id["235-1"].pos())
    dst = win.view.mapFromScene(board.to_scene(list(dest)))
    drag(win, src, dst)
    moved = st().bases["235-1"]
    assert moved.moved and (abs(moved.x - dest[0]) < 0.3 and abs(moved.y - dest[1]) < 0.3), (moved.x, moved.y, dest)


def test_clicking_a_chinese_base_names_its_side_in_players_words(qtbot, win):
    from PySide6.QtWidgets import QLabel
    click(qtbot, win, "Build the Hagaru-ri airstrip")
    if win.handover.isVisible():
        QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    win.view.centerOn(win.scene.items_by_id["235-1"])
    at = win.view.mapFromScene(win.scene.items_by_id["235-1"].pos())
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.waitUntil(lambda: "235th" in win.inspector.title.text(), timeout=5000)
    texts = [lab.text() for lab in win.inspector.findChildren(QLabel)]
    assert "Chinese" in texts
    assert not any(t.strip().lower() in ("pva", "un") for t in texts)


def test_the_game_dock_shows_the_day_the_score_and_who_acts_not_the_hq_sheets(qtbot, win):
    click(qtbot, win, "Build the Hagaru-ri airstrip")
    if win.handover.isVisible():
        QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(win.game_panels.titles), timeout=5000)
    titles = win.game_panels.titles
    assert "Now" in titles and not any(t.startswith("HQ") for t in titles)
    rows = dict((r[0], r[1]) for p in GAME.panels(win.match.state, win.viewer_side()) if p["title"] == "Now"
                for r in p["rows"])
    assert rows["Day"].startswith("28 Nov") and rows["Phase"].startswith("Operations")
    assert rows["To act"]
