"""Issue 15 for Semper Fi! at 1366x768 (points 1, 9, 12, 14, 15, 16): the next-step control named
for each step and taken by the button or Space, a change of mode reachable from the Actions list,
the hover card with name, values and state and clear of the overview, rule numbers of the log
opening the Rules panel, and the end-of-game report naming the sides as players do."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtTest import QTest

from conftest import make_window
from play_feel_util import game_window, hover, key, view_pt
from test_play_feel_render import _clipped_labels

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "resources" / "semper-fi" / "tutorial" / "tutorial.toml"


def position_window(qtbot, text: str, path: Path):
    from app.games import get_game
    game = get_game("semper-fi")
    w = make_window(qtbot, start=False)
    w.resize(1366, 768)
    w.new_game(game, text, seed=1, players={s: "human" for s in game.sides}, scenario_path=str(path))
    qtbot.wait(10)
    return w


@pytest.fixture(autouse=True)
def _always_yes(monkeypatch):
    import app.ui.next_step as ns
    monkeypatch.setattr(ns, "ask", lambda parent, title, text: True)


def test_setup_and_initiative_name_their_step_and_space_finishes_setting_up(qtbot):
    w = game_window(qtbot, "semper-fi", "4-1-ambush")
    b = w.turnbar.button
    assert b.text() == "Finish setting up" and not b.isEnabled()
    assert "To set up box" in b.toolTip()                    # the prompt says what to do first
    for _ in range(2):                                       # each side sets the rest up, then finishes
        w.apply_action({"type": "place-rest"})
        if w.handover.isVisible():
            QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
        assert w.turnbar.button.text() == "Finish setting up" and w.turnbar.button.isEnabled()
        key(w, Qt.Key.Key_Space)
        if w.handover.isVisible():
            QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
    st = w.match.state
    assert st.phase == "initiative"
    assert w.turnbar.button.text() == "Choose first or second" and not w.turnbar.button.isEnabled()
    assert "initiative" in w.turnbar.button.toolTip()


def test_action_phase_next_step_and_a_mode_change_from_the_actions_list(qtbot):
    w = position_window(qtbot, TUTORIAL.read_text(), TUTORIAL)
    b = w.turnbar.button
    assert b.text() == "End this phase" and b.isEnabled()
    labels = [x.text() for x in w.actions_panel.buttons]
    assert "Plt 2 1/5: to move mode" in labels
    QTest.mouseClick(next(x for x in w.actions_panel.buttons if x.text() == "Plt 2 1/5: to move mode"),
                     Qt.MouseButton.LeftButton)
    assert w.match.state.units["1-5-plt-2"].mode == "move"
    # the mode change is no move: it is never offered as a drop on the map
    assert all(info["action"]["type"] != "mode" for info in w.match.game.drop_targets(w.match.state, "1-5-plt-2").values())
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)
    assert w.match.state.phase == "action-2" and w.match.state.active == "nk"


def test_hover_card_names_values_and_state_and_keeps_clear_of_the_overview(qtbot):
    w = position_window(qtbot, TUTORIAL.read_text(), TUTORIAL)
    w.apply_action({"type": "fire", "from": "12.03", "at": "14.04"})
    w.view.set_zoom(1.0)
    for pid, words in (("2-15-plt-1", ("Plt 1 2/15", "Values: 2-1-4", "suppressed")),
                       ("1-5-plt-1", ("Plt 1 1/5", "Values: 5-3", "fired"))):
        w.view.centerOn(w.scene.items_by_id[pid].pos())
        qtbot.wait(5)
        hover(w, view_pt(w, pid))
        card = w.hover_card
        assert card.isVisible() and card.pid == pid
        text = card.plain()
        assert all(x in text for x in words), text
        ov = w.view.overview
        if ov.isVisible():
            vp = w.view.viewport()
            assert not QRect(card.pos(), card.size()).intersects(ov.geometry().translated(-vp.x(), -vp.y()))
    assert _clipped_labels(w) == []


def test_a_rule_of_the_semper_fi_log_opens_the_rules_panel(qtbot):
    w = position_window(qtbot, TUTORIAL.read_text(), TUTORIAL)
    w.apply_action({"type": "fire", "from": "12.03", "at": "14.04"})
    rules = {e.rule for st in w.match.history for e in st.events if e.rule}
    assert {"C6.1", "C7.1"} <= rules
    for r in sorted(rules):
        assert w.open_rule(r), r
        assert w.dock_rules.isVisible() and r in w.rules_panel.shown_text()


def test_end_of_game_report_names_the_sides_and_counts_steps_in_play(qtbot, tmp_path):
    text = TUTORIAL.read_text().replace('[start]\nturn = 1\nphase = "action-1"\nactive = "us"',
                                        '[start]\ntime = "12 Aug 1400"\nphase = "action-2"\nactive = "nk"')
    assert 'time = "12 Aug 1400"' in text
    p = tmp_path / "last.toml"
    p.write_text(text)
    w = position_window(qtbot, text, p)
    if w.handover.isVisible():
        QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
    assert w.match.state.turn == 4 and w.turnbar.button.text() == "End this phase"
    key(w, Qt.Key.Key_Space)
    assert w.match.state.finished or w.match.outcome() is not None
    rep = w.report
    assert rep is not None and rep.isVisible()
    words = rep.head.text() + " " + " ".join(lab.text() for lab in rep.findChildren(type(rep.head)))
    assert "North Korean" in words and "US" in words and " Nk" not in words and "Us " not in words
    assert rep.rep.strength["us"][-1] == 10 and rep.rep.strength["nk"][-1] == 5
    assert rep.save_png(tmp_path / "report.png")


def test_hint_names_what_the_computer_would_do_with_its_reason(qtbot):
    w = position_window(qtbot, TUTORIAL.read_text(), TUTORIAL)
    n, digest = len(w.match.history), w.match.digest()
    QTest.keyClick(w, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: w.hint_shown is not None or w._hint is None, timeout=20_000)
    a = w.hint_shown
    assert a is not None and a in w._legal
    assert len(w.match.history) == n and w.match.digest() == digest
    msg = w.statusBar().currentMessage()
    assert msg.startswith("Hint: ") and "{" not in msg and "Why: " in msg
    from app.ui.rules_panel import first_rule
    assert first_rule(msg)                       # the reason cites its rule, a link in the status bar
