"""Issue 16, item 5: every tutorial played through in the window like a user: Help > Learn to
play, then drags on the board and clicks on buttons; the panel must follow each step, say what
comes next and explain the rule just applied."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.ui import tutorial_panel as tp

pytestmark = pytest.mark.gui


def open_lesson(w, gid):
    items = tp.tutorials()
    assert {"korea38", "chosin-few", "guts", "semper-fi"} <= {t.game for t in items}
    # the menu entry is there and leads to the same function
    acts = [a.text() for m in w.menuBar().findChildren(type(w.menuBar().actions()[0].menu())) for a in m.actions()]
    assert "&Learn to play..." in acts and "Save &position as scenario..." in acts
    panel = tp.learn_to_play(w, choose=lambda items: next(t for t in items if t.game == gid))
    assert panel is not None and w.match is not None and w.match.game.id == gid
    assert w._tutorial_dock.isVisible()
    assert panel.progress.text() == f"Step 1 of {len(panel.tracker.tutorial.steps)}"
    assert panel.tracker.tutorial.intro in panel.feedback.text()
    return panel


def vp_pt(w, scene_pt):
    w.view.centerOn(scene_pt)
    return w.view.mapFromScene(scene_pt)


def drag_to(w, pid, loc):
    a = vp_pt(w, w.scene.items_by_id[pid].pos())
    b = w.view.mapFromScene(w.scene.board.anchor(loc))
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def click_piece(w, pid):
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     vp_pt(w, w.scene.items_by_id[pid].pos()))


def click_loc(w, loc):
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     vp_pt(w, w.scene.board.anchor(loc)))


def click_action(w, qtbot, **pattern):
    qtbot.wait(5)
    for b in w.actions_panel.buttons:
        if tp.matches(pattern, getattr(b, "action", None) or {}):
            QTest.mouseClick(b, Qt.MouseButton.LeftButton)
            return
    raise AssertionError(f"no button for {pattern}; have {[b.toolTip() for b in w.actions_panel.buttons]}")


def press_battle(w, name):
    b = w.battle_panel.button(name)
    assert b is not None and b.isEnabled(), name
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)


def expect_step(panel, n, rule_seen=None):
    t = panel.tracker
    assert t.index == n, (t.index, t.off_script, panel.todo.text())
    assert not t.off_script
    if n < len(t.tutorial.steps):
        assert panel.progress.text() == f"Step {n + 1} of {len(t.tutorial.steps)}"
        assert t.tutorial.steps[n].do in panel.todo.text()
    if rule_seen:
        assert rule_seen in panel.explain.text()


def test_korea_tutorial_played_in_the_window(window, qtbot):
    w = window
    panel = open_lesson(w, "korea38")
    w.view.set_zoom(1.0)
    drag_to(w, "kpa-105", "2115")
    assert w.match.state.units["kpa-105"].at == "2115"
    expect_step(panel, 1, "8.1")
    click_action(w, qtbot, type="end-phase")
    expect_step(panel, 2, "4.0")
    click_piece(w, "rok-7")
    click_piece(w, "kpa-4")
    click_piece(w, "kpa-105")
    press_battle(w, "declare")
    expect_step(panel, 3, "9.0")
    press_battle(w, "done")
    expect_step(panel, 4)
    press_battle(w, "resolve:0")
    assert w.match.state.battles[0].result == "DR" and w.match.state.battles[0].roll == 2
    expect_step(panel, 5, "9.3")
    end = sorted(h for h, info in w._targets.items() if "choices" not in info)[0]
    click_loc(w, end)
    expect_step(panel, 6)
    drag_to(w, "kpa-4", "2016")
    assert w.match.state.units["kpa-4"].at == "2016"
    expect_step(panel, 7)
    click_action(w, qtbot, type="end-phase")
    expect_step(panel, 8)
    drag_to(w, "kpa-105", "2116")
    expect_step(panel, 9, "8.0")
    click_action(w, qtbot, type="end-phase")
    assert panel.tracker.done and w.match.state.phase == "allied-reinforcement"
    assert "Well done" in panel.todo.text()


def test_chosin_tutorial_played_in_the_window(window, qtbot):
    w = window
    panel = open_lesson(w, "chosin-few")
    click_action(w, qtbot, type="draw")
    expect_step(panel, 1, "CF-EnemyMove-7")
    click_action(w, qtbot, type="attack", unit="marine", cube="red-3")
    assert "red-3" not in w.match.state.cubes
    expect_step(panel, 2, "CF-Actions-3")
    click_action(w, qtbot, type="end-actions")
    expect_step(panel, 3, "CF-Air-1")
    click_action(w, qtbot, type="draw")
    expect_step(panel, 4)
    drag_to(w, "marine", "A-1")
    assert w.match.state.units["marine"] == "A-1"
    expect_step(panel, 5, "CF-Actions-4")
    click_action(w, qtbot, type="end-actions")
    assert panel.tracker.done and "Well done" in panel.todo.text()


def test_guts_tutorial_played_in_the_window(window, qtbot):
    w = window
    panel = open_lesson(w, "guts")
    drag_to(w, "rifle-1a", [22.0, 12.0])
    QTest.keyClick(w.view, Qt.Key.Key_Return)          # the move waits for its dice: roll them
    st = w.match.state
    assert st.elements["rifle-1a"].y == pytest.approx(12.0, abs=0.01)
    assert st.cards["card-1"].revealed and "mg-1" in st.guns      # turned on the way (GUTS-REV)
    expect_step(panel, 1, "GUTS-REV")
    assert st.guns["mg-1"].status == "active"
    # fire back: the BAR, inside its 12 inches, silences the gun (fixed 2 and 2: a critical success)
    click_action(w, qtbot, type="silence", team="bar-1")
    st = w.match.state
    assert st.guns["mg-1"].status == "silenced" and st.elements["bar-1"].acted
    expect_step(panel, 2, "GUTS-SIL-BAR")
    click_action(w, qtbot, type="end-turn")
    # the only gun on the table is silent and no card is left face down: the hill is taken
    assert panel.tracker.done and w.match.state.result == "win"


def test_a_step_done_wrong_is_pointed_out_and_undo_returns_to_it(window, qtbot):
    w = window
    panel = open_lesson(w, "korea38")
    w.view.set_zoom(1.0)
    drag_to(w, "kpa-105", "2214")                     # not the hex the lesson asks for
    assert panel.tracker.index == 0 and "not the step" in panel.feedback.text()
    w.undo()
    drag_to(w, "kpa-105", "2115")
    expect_step(panel, 1)
    w.undo()                                          # take the right move back: back to step 1
    assert panel.tracker.index == 0 and panel.progress.text().startswith("Step 1 of")


def test_tracker_needs_every_action_of_an_all_step():
    tut = tp.Tutorial("x", "t", "i", "f", scenario=None, steps=[
        tp.TutorialStep(do="two", expect=[{"type": "a", "n": 1}, {"type": "a", "n": 2}], all=True),
        tp.TutorialStep(do="move", expect=[{"type": "advance", "to": [10.0, 12.0]}])])
    tr = tp.TutorialTracker(tut)
    assert not tr.observe({"type": "a", "n": 2}, 1) and tr.index == 0
    assert tr.observe({"type": "a", "n": 1}, 2) and tr.index == 1
    assert not tr.observe({"type": "advance", "to": [10.0, 14.0]}, 3) and tr.off_script
    assert tr.observe({"type": "advance", "to": [10.2, 12.1]}, 3) and tr.done
