"""Issue 16, item 5 for Semper Fi!: the tutorial played through in the window like a user would
(Help > Learn to play, a click to select, the Actions list, a press/move/release drag on the
view, the fire panel's Fire button, the turn bar's next-step button), checking the game state
and what the panel says after each step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.ui import tutorial_panel as tp

from tests.tutorial.test_tutorials import click_action, click_piece, drag_to, expect_step

pytestmark = pytest.mark.gui


def test_semper_fi_tutorial_is_listed_with_fixed_dice():
    items = {t.game: t for t in tp.tutorials()}
    tut = items["semper-fi"]
    assert tut.title == "Learn to play: Semper Fi!" and len(tut.steps) == 4
    assert [s.rule for s in tut.steps] == ["C3.2", "C4.1", "C6.1", "C7.1"]


def test_semper_fi_tutorial_played_in_the_window(window, qtbot):
    w = window
    panel = tp.learn_to_play(w, choose=lambda items: next(t for t in items if t.game == "semper-fi"))
    assert panel is not None and w.match.game.id == "semper-fi" and w._tutorial_dock.isVisible()
    assert panel.progress.text() == "Step 1 of 4"
    assert w.match.state.rng.fixed == [4, 5, 3, 3]
    w.view.set_zoom(1.0)
    # 1. select the platoon on the map, then turn it over from the Actions list
    click_piece(w, "1-5-plt-2")
    click_action(w, qtbot, type="mode", unit="1-5-plt-2", to="move")
    assert w.match.state.units["1-5-plt-2"].mode == "move"
    expect_step(panel, 1, "C3.2")
    # 2. drag it one hex east
    drag_to(w, "1-5-plt-2", "13.05")
    assert w.match.state.units["1-5-plt-2"].at == "13.05"
    expect_step(panel, 2, "C4.1")
    # 3. the fire panel offers the fire with its chances; press its Fire button
    qtbot.wait(5)
    cards = [c for c in w.fire_panel.cards if c.action == {"type": "fire", "from": "12.03", "at": "14.04"}]
    assert cards and w.fire_panel.isVisibleTo(w)
    assert cards[0].odds.get("chances")
    QTest.mouseClick(cards[0].button, Qt.MouseButton.LeftButton)
    st = w.match.state
    assert st.units["1-5-plt-1"].fired and st.units["2-15-plt-1"].morale == "suppressed"
    expect_step(panel, 3, "C6.1")
    # 4. the morale result shows on the counter; the turn bar's next-step button ends the phase
    piece = next(p for p in w.match.game.pieces(st, "us") if p["id"] == "2-15-plt-1")
    assert piece["morale"] == "suppressed"
    bar = w.turnbar.button
    assert bar.isEnabled() and "phase" in bar.text().lower()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton)
    assert w.match.state.phase == "action-2" and w.match.state.active == "nk"
    assert panel.tracker.done and "Well done" in panel.todo.text()
    assert "C7.1" in panel.explain.text()
