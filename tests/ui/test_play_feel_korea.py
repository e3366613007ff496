"""Issue 15 on small hand-made Korea maps: the stacking warning (5), a wobble is a click (6)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.engine.match import Match
from app.games.korea38 import GAME
from tests.korea38.fixtures.build import make_data, scenario, unit

from window_util import korea_window, piece_point as pt, place_point as hx
from play_feel_util import press_move_release

pytestmark = pytest.mark.gui


def two_divisions():
    make_data("ui-k38-stack", units=[unit("kpa-1", "kpa"), unit("kpa-2", "kpa")])
    return scenario("ui-k38-stack", phase="communist-movement", pieces={"kpa-1": "2013", "kpa-2": "2014"})


# -- 5. stacking -----------------------------------------------------------------------------------

def test_stacking_target_is_marked_while_hovering_and_stays_marked_until_fixed(qtbot):
    w = korea_window(qtbot, two_divisions())
    vp = w.view.viewport()
    a, b = pt(w, "kpa-1"), hx(w, "2014")
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    QTest.mouseMove(vp, b)
    assert w._targets["2014"].get("warn")                  # marked amber, with its reason
    assert "stacking limit" in w.statusBar().currentMessage() and "8.2.2" in w.statusBar().currentMessage()
    assert "2013" not in w._targets or not w._targets.get("2015", {}).get("warn")
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert w.match.state.units["kpa-1"].at == "2014"       # legal: the warning does not forbid
    assert [x["at"] for x in w._warnings] == ["2014"]
    assert w.warn_item.shapes and any("over-stacked" in t for _, t, _ in w.warn_item.texts)
    assert not w.turnbar.button.isEnabled() and "8.2.2" in w.turnbar.button.toolTip()
    # still marked after an unrelated refresh; gone once a unit leaves the hex
    w.refresh()
    assert w._warnings
    press_move_release(w, pt(w, "kpa-2"), hx(w, "2115"))
    assert w.match.state.units["kpa-2"].at == "2115"
    assert w._warnings == [] and not w.warn_item.shapes
    assert w.turnbar.button.isEnabled()


# -- 6. a wobble is a click -----------------------------------------------------------------------

def test_a_small_wobble_is_a_click_not_a_refused_drop(qtbot):
    w = korea_window(qtbot, two_divisions())
    a = pt(w, "kpa-1")
    press_move_release(w, a, QPoint(a.x() + 6, a.y() + 3), steps=3)
    msg = w.statusBar().currentMessage()
    assert "Cannot move" not in msg and "2013" not in msg.split("·")[0].replace("kpa", "")
    assert w.scene.selected == "kpa-1" and w.match.state.units["kpa-1"].at == "2013"
    assert w.scene.items_by_id["kpa-1"].pos() == w.scene.board.anchor("2013")
    assert len(w.match.history) == 0


def test_dropping_a_piece_back_on_its_own_hex_is_a_click(qtbot):
    w = korea_window(qtbot, two_divisions())
    a = pt(w, "kpa-1")
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, QPoint(a.x() + 40, a.y() + 30))
    QTest.mouseMove(vp, QPoint(a.x() + 2, a.y() + 14))       # back inside its own hex
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(a.x() + 2, a.y() + 14))
    assert "Cannot move" not in w.statusBar().currentMessage()
    assert w.scene.selected == "kpa-1" and len(w.match.history) == 0
    assert w.scene.items_by_id["kpa-1"].pos() == w.scene.board.anchor("2013")


# -- 15. the keyboard: cycle, cursor over legal targets, confirm -----------------------------------

def test_play_a_move_from_the_keyboard_alone(qtbot):
    w = korea_window(qtbot, two_divisions())
    QTest.keyClick(w.view, Qt.Key.Key_Tab)
    pid = w.scene.selected
    assert pid in ("kpa-1", "kpa-2") and w._targets
    start = w.match.state.units[pid].at
    QTest.keyClick(w.view, Qt.Key.Key_Down)               # the cursor, not a pan
    first = w._cursor
    assert first in w._targets and w.scene.hover_item.shapes
    QTest.keyClick(w.view, Qt.Key.Key_Down)
    assert w._cursor in w._targets
    QTest.keyClick(w.view, Qt.Key.Key_Return)
    st = w.match.state
    assert st.units[pid].at != start and len(w.match.history) == 1
    assert w.match.history[0].action["to"] in (first, w._cursor, st.units[pid].at)


def test_keys_help_is_a_table(qtbot):
    from PySide6.QtWidgets import QTableWidget
    w = korea_window(qtbot, two_divisions())
    dlg = w.show_keys()
    t = dlg.findChild(QTableWidget)
    keys = [t.item(r, 1).text() for r in range(t.rowCount())]
    assert "Arrow keys" in keys and "Tab / Shift+Tab" in keys and "H" in keys
    assert all(t.item(r, 2).text() for r in range(t.rowCount()))
    dlg.close()


# -- 12. the combat panel's rule numbers open the Rules panel -------------------------------------

def test_combat_panel_rule_numbers_are_links_to_the_rules_panel(qtbot):
    from PySide6.QtWidgets import QLabel
    from tests.korea38.fixtures.build import turns
    make_data("ui-k38-links", units=[unit("kpa-1", "kpa", strength=(8, 4)), unit("kpa-2", "kpa", strength=(8, 4)),
                                     unit("rok-1", "rok", strength=(5, 3))],
              features={"2014": ["city"]}, turn_track=turns(t4={"offensive": {"communist": True, "allied": True}}))
    sc = scenario("ui-k38-links", turn=4, phase="communist-combat",
                  pieces={"kpa-1": "2013", "kpa-2": "2113", "rok-1": "2014"})
    w = korea_window(qtbot, sc)
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, "rok-1"))
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pt(w, "kpa-1"))
    links = [lab for lab in w.battle_panel.findChildren(QLabel) if "href='rule:" in lab.text()]
    assert links, "no rule link in the combat panel"
    links[0].linkActivated.emit("rule:9.1")
    assert w.dock_rules.isVisible() and w.rules_panel.current.id == "9.1"


def test_hover_on_a_table_names_the_piece_in_the_status_bar(qtbot):
    from play_feel_util import game_window, hover, view_pt
    w = game_window(qtbot, "guts")
    w.view.set_zoom(1.0)
    w.view.centerOn(w.scene.items_by_id["rifle-1a"].pos())
    hover(w, view_pt(w, "rifle-1a"))
    assert "1st Squad, fire team A" in w.where_label.text()


def test_korea_report_counts_steps_on_the_map_and_ground_across_the_line():
    from app.ui.end_report import build_report
    make_data("ui-k38-report", units=[unit("kpa-1", "kpa"), unit("kpa-2", "kpa"), unit("rok-1", "rok", strength=(5, 3))])
    sc = scenario("ui-k38-report", phase="communist-movement",
                  pieces={"kpa-1": "2013", "kpa-2": "2113", "rok-1": "2016"})
    m = Match.start(GAME, sc, seed=1)
    m.apply({"type": "end-phase"})
    rep = build_report(m)
    assert rep.strength["communist"][0] == 4.0                 # two full divisions: two steps each
    st0 = m.history[0].before
    expect = 1.0 if st0.units["rok-1"].reduced else 2.0
    assert rep.strength["allied"][0] == expect
    assert all(isinstance(v, float) for v in rep.ground["communist"])
