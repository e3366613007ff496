"""Issue 16, item 5 for Frozen Chosin: the tutorial played through in the window like a user
(Help > Learn to play, drags on the table, buttons of the Actions panel), the panel following
each step; the fixed dice give the same fight every time."""

from __future__ import annotations

import pytest

from app.ui import tutorial_panel as tp
from tests.tutorial.test_tutorials import click_action, drag_to, expect_step

pytestmark = pytest.mark.gui


def _said(w) -> str:
    """The log lines of the last action."""
    return " ".join(e.text for e in w.match.history[-1].events)


def test_frozen_chosin_tutorial_played_in_the_window(window, qtbot):
    w = window
    assert "frozen-chosin" in {t.game for t in tp.tutorials()}
    panel = tp.learn_to_play(w, choose=lambda items: next(t for t in items if t.game == "frozen-chosin"))
    assert panel is not None and w.match.game.id == "frozen-chosin" and w._tutorial_dock.isVisible()
    assert panel.progress.text() == f"Step 1 of {len(panel.tracker.tutorial.steps)}"
    w.view.set_zoom(1.0)
    click_action(w, qtbot, type="activate", regiment="1-mar")
    expect_step(panel, 1, "FC-3.2")
    drag_to(w, "2-1a", [40.76, 29.59])                 # up the road: 6.2 inches along its bends
    st = w.match.state
    assert (st.bases["2-1a"].x, st.bases["2-1a"].y) == pytest.approx((40.76, 29.59), abs=0.3)
    assert "along the road" in _said(w)
    expect_step(panel, 2, "FC-4.1")
    drag_to(w, "2-1b", [39.21, 31.0])                  # across country into contact
    st = w.match.state
    assert "off road" in _said(w) and st.bases["2-1b"].x == pytest.approx(39.21, abs=0.3)
    expect_step(panel, 3, "FC-7.1")
    click_action(w, qtbot, type="end-move")
    expect_step(panel, 4, "FC-6.1")
    click_action(w, qtbot, type="attack", defender="174-1")
    st = w.match.state
    assert st.bases["174-1"].status == "casualty" and st.bases["2-1b"].status == "on"
    expect_step(panel, 5, "FC-7.5")
    click_action(w, qtbot, type="pass")
    qtbot.waitUntil(lambda: w.match.state.phase == "operations" and w.match.state.current == "un-hagaru",
                    timeout=60000)
    expect_step(panel, 6, "FC-3.4")
    click_action(w, qtbot, type="plan", op="evacuate")
    expect_step(panel, 7, "FC-2.2")
    assert "evacuate" in w.match.state.commands["un-hagaru"].planned
    click_action(w, qtbot, type="done-planning")
    assert panel.tracker.done and "Well done" in panel.todo.text()
