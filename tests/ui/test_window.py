"""The window driven the way a player drives it: presses, drags and drops on the map viewport,
buttons and menu actions; then the game state is checked."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

import ui_hexgame as hexgame
from conftest import make_window
from window_util import drag, piece_point, place_point as hex_point, pretend_without_rules as _pretend_without_rules

pytestmark = pytest.mark.gui


def units(win):
    return win.match.state.units


# -- moving ----------------------------------------------------------------------------------------

def test_press_lights_up_legal_destinations(win):
    vp = win.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, piece_point(win, "kpa-1"))
    want = hexgame.GAME.drop_targets(win.match.state, "kpa-1")
    assert set(win._targets) == set(want) and len(want) > 5
    assert len(win.scene.targets_item.shapes) == len(want)
    # costs are written in the corner of each highlighted hex
    assert {t for _, t, _ in win.scene.targets_item.texts} >= {"1", "2"}
    # the unit inspector shows the pressed unit
    assert win.inspector.piece["id"] == "kpa-1"
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, piece_point(win, "kpa-1"))
    assert units(win)["kpa-1"].at == "0603"


def test_legal_drop_applies_the_move_and_logs_it(win):
    before = win.match.digest()
    drag(win, piece_point(win, "kpa-1"), hex_point(win, "0604"))
    assert units(win)["kpa-1"].at == "0604"
    assert win.match.digest() != before
    assert any("0603 \u2192 0604" in t for t in win.log.texts())
    assert win.scene.targets_item.shapes == []
    # the counter now stands on its new hex, dimmed as moved
    assert win.scene.items_by_id["kpa-1"].pos() == win.scene.board.anchor("0604")
    assert "moved" in win.scene.piece("kpa-1")["flags"]


def test_illegal_drop_glides_back_and_says_why(win):
    start = win.scene.items_by_id["kpa-105"].pos()
    digest = win.match.digest()
    drag(win, piece_point(win, "kpa-105"), hex_point(win, "0102"))     # a sea hex
    assert win.match.digest() == digest
    assert win.scene.items_by_id["kpa-105"].pos() == start
    msg = win.statusBar().currentMessage()
    assert "sea" in msg and "(8.2)" in msg
    drag(win, piece_point(win, "kpa-2"), hex_point(win, "1008"))       # too far
    assert units(win)["kpa-2"].at == "0403"
    assert "(8.1)" in win.statusBar().currentMessage()


def test_the_other_sides_units_do_not_move(win):
    drag(win, piece_point(win, "us-24"), hex_point(win, "0505"))
    assert units(win)["us-24"].at == "0506"
    assert "no legal move" in win.statusBar().currentMessage()


def test_reinforcement_enters_from_its_box(win):
    win.end_phase()
    win.accept_handover()
    assert win.match.state.active == "south"
    drag(win, piece_point(win, "us-1c"), hex_point(win, "0407"))
    assert units(win)["us-1c"].at == "0407"


def test_click_to_select_then_click_destination(win):
    vp = win.view.viewport()
    p = piece_point(win, "kpa-1")
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert win.scene.selected == "kpa-1" and win._targets
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, hex_point(win, "0502"))
    assert units(win)["kpa-1"].at == "0502"


def test_hover_names_the_hex_terrain_and_occupants(win):
    QTest.mouseMove(win.view.viewport(), hex_point(win, "0504"))
    text = win.where_label.text()
    assert "0504" in text and "Capital" in text
    QTest.mouseMove(win.view.viewport(), hex_point(win, "0603"))
    assert "1 (6-4)" in win.where_label.text()


def test_stack_fans_out_on_click(win):
    stack = win.scene.stack_of("cw-27")
    assert set(stack) == {"cw-27", "un-t"}
    before = {p: win.scene.items_by_id[p].pos() for p in stack}
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     piece_point(win, "un-t"))
    after = {p: win.scene.items_by_id[p].pos() for p in stack}
    spread = abs(after["cw-27"].x() - after["un-t"].x())
    assert spread > win.scene.board.unit * 0.9 > abs(before["cw-27"].x() - before["un-t"].x())


# -- phases, actions, undo ------------------------------------------------------------------------

def test_end_phase_button_and_actions_panel(win):
    assert win.turnbar.button.isEnabled()
    QTest.mouseClick(win.turnbar.button, Qt.MouseButton.LeftButton)
    assert win.match.state.active == "south"
    win.accept_handover()
    labels = [b.text() for b in win.actions_panel.buttons]
    assert "End the movement phase" in labels
    assert not any(b.text().startswith("move") for b in win.actions_panel.buttons)  # moves are drags


def test_undo_redo_and_the_dice_barrier(win):
    drag(win, piece_point(win, "kpa-1"), hex_point(win, "0604"))
    assert win.act_undo.isEnabled()
    win.act_undo.trigger()
    assert units(win)["kpa-1"].at == "0603"
    assert win.act_redo.isEnabled()
    win.act_redo.trigger()
    assert units(win)["kpa-1"].at == "0604"
    # move next to an enemy, then attack from the Actions panel: the die roll is a barrier
    drag(win, piece_point(win, "kpa-2"), hex_point(win, "0405"))
    attack = [b for b in win.actions_panel.buttons if "attacks" in b.text()]
    assert attack
    QTest.mouseClick(attack[0], Qt.MouseButton.LeftButton)
    assert any("rolled" in t for t in win.log.texts())
    assert not win.act_undo.isEnabled()
    assert "die roll" in win.act_undo.toolTip()
    n = len(win.match.history)
    win.undo()
    assert len(win.match.history) == n
    assert "Cannot undo" in win.statusBar().currentMessage()


def test_log_filters(win):
    drag(win, piece_point(win, "kpa-1"), hex_point(win, "0604"))
    win.end_phase()
    total = win.log.proxy.rowCount()
    win.log.kind.setCurrentIndex(2)          # moves
    assert 0 < win.log.proxy.rowCount() < total
    win.log.kind.setCurrentIndex(0)
    win.log.search.setText("0604")
    assert win.log.proxy.rowCount() >= 1
    win.log.search.setText("no such text")
    assert win.log.proxy.rowCount() == 0


def test_panels_and_odds(win):
    assert "Turn track" in win.game_panels.titles
    assert "Combat odds" in win.odds.titles and "Combat odds" not in win.game_panels.titles


# -- files ------------------------------------------------------------------------------------------

def test_save_and_reopen(qtbot, win, tmp_path):
    drag(win, piece_point(win, "kpa-1"), hex_point(win, "0604"))
    win.end_phase()
    path = tmp_path / "game.json"
    assert win.save_to(path)
    data = json.loads(path.read_text())
    assert data["format"] == "ridgeline-save" and len(data["actions"]) == 2
    other = make_window(qtbot, start=False)
    assert other.open_path(path)
    assert other.match.digest() == win.match.digest()
    assert other.match.state.units["kpa-1"].at == "0604"
    assert other.save_path == path


def test_crash_recovery_offers_the_game_back(qtbot, tmp_path):
    from app.ui.config import journal_path
    from app.ui.window import MainWindow
    crashed = MainWindow(use_settings=False)
    crashed.scene.animate = False
    crashed.show()
    crashed.new_game(hexgame.GAME, hexgame.SCENARIO_TEXT, seed=5, players={"north": "human", "south": "human"})
    crashed.apply_action({"type": "move", "unit": "kpa-1", "to": "0604"})
    crashed.apply_action({"type": "end-phase"})
    digest = crashed.match.digest()
    assert journal_path().exists()
    # the process "dies": the window goes away without a clean close
    crashed.hide()
    crashed.deleteLater()
    del crashed
    assert journal_path().exists()
    fresh = make_window(qtbot, start=False)
    offered = []
    assert fresh.offer_recovery(ask=lambda data: offered.append(len(data["actions"])) or True)
    assert offered == [2]
    assert fresh.match.digest() == digest
    fresh.close()                      # a clean close removes the journal
    assert not journal_path().exists()


def test_declined_recovery_discards_the_journal(qtbot):
    from app.ui.config import journal_path
    journal_path().write_text("garbage\n")
    w = make_window(qtbot, start=False)
    assert not w.offer_recovery(ask=lambda d: True)
    assert not journal_path().exists()


def test_replay_steps_through_a_save(win):
    from app.engine.saves import save_data
    drag(win, piece_point(win, "kpa-1"), hex_point(win, "0604"))
    drag(win, piece_point(win, "kpa-105"), hex_point(win, "0805"))
    assert win.open_replay(save_data(win.match, win.players))
    assert win.dock_replay.isVisible() or not win.isVisible()
    board = win.scene.board
    assert win.scene.items_by_id["kpa-1"].pos() == board.anchor("0603")
    win.replay_panel.fwd.click()
    assert win.scene.items_by_id["kpa-1"].pos() == board.anchor("0604")
    assert win.scene.items_by_id["kpa-105"].pos() == board.anchor("0703")
    win.replay_panel.last.click()
    assert win.scene.items_by_id["kpa-105"].pos() == board.anchor("0805")
    win.replay_panel.slider.setValue(0)
    assert win.scene.items_by_id["kpa-105"].pos() == board.anchor("0703")
    # no moves while replaying
    drag(win, piece_point(win, "kpa-2"), hex_point(win, "0404"))
    assert win._replay.states[0].units["kpa-2"].at == "0403"
    win.replay_goto(1)
    win.replay_take_over()
    assert win._replay is None and len(win.match.history) == 1


# -- players ----------------------------------------------------------------------------------------

def test_hotseat_hand_over_hides_the_other_sides_hidden_units(win):
    ids = set(win.scene.items_by_id)
    assert "pva-9" in ids and "rok-h" not in ids          # north sees its own hidden unit only
    win.end_phase()
    assert win.handover.isVisible()
    assert win.scene.items_by_id == {}                    # the map is covered, no piece drawn
    assert not win.can_act()
    QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    assert not win.handover.isVisible()
    ids = set(win.scene.items_by_id)
    assert "rok-h" in ids and "pva-9" not in ids


def test_computer_plays_the_other_side(qtbot):
    w = make_window(qtbot, players={"north": "human", "south": "ai"})
    assert not w.handover.isVisible()
    w.end_phase()
    qtbot.waitUntil(lambda: w.match.state.active == "north", timeout=10000)
    moved = [e for e in w.log.texts() if "computer" in e]
    assert moved
    # the human side's view: south's hidden unit stays hidden
    assert "rok-h" not in w.scene.items_by_id


def test_stop_the_computer(qtbot):
    w = make_window(qtbot, players={"north": "human", "south": "ai"})
    w.ai_delay_ms = 10_000
    w.end_phase()
    w.stop_ai()
    assert w.ai_paused and w.match.state.active == "south"
    n = len(w.match.history)
    qtbot.wait(50)
    assert len(w.match.history) == n


def test_new_game_dialog_lists_games_and_players(qtbot, win, monkeypatch):
    _pretend_without_rules(monkeypatch, "frozen-chosin")
    from app.ui.dialogs import NewGameDialog
    dlg = NewGameDialog(win, hexgame.GAME_ID)
    qtbot.addWidget(dlg)
    assert dlg.game.currentData() == hexgame.GAME_ID
    assert set(dlg.side_combos) == {"north", "south"}
    dlg.side_combos["south"].setCurrentIndex(dlg.side_combos["south"].findData("ai"))
    cfg = dlg.result_config()
    assert cfg["players"] == {"north": "human", "south": "ai"} and cfg["scenario"].id == "ui-skirmish"
    # games without rules are offered as sandbox-only
    i = dlg.game.findData("frozen-chosin")
    dlg.game.setCurrentIndex(i)
    assert dlg.sandbox.isChecked() and not dlg.sandbox.isEnabled()


# -- sandbox ----------------------------------------------------------------------------------------

def test_sandbox_moves_anything_anywhere_and_rolls_by_hand(win):
    live = win.match
    win.act_sandbox.trigger()
    assert win.mode == "sandbox"
    drag(win, piece_point(win, "us-24"), hex_point(win, "0102"))       # a sea hex, the other side
    pcs = {p["id"]: p for p in win.match.game.pieces(win.match.state, None)}
    assert pcs["us-24"]["at"] == "0102"
    drag(win, piece_point(win, "kpa-1"), QPoint(*_box_point(win, "eliminated")))
    pcs = {p["id"]: p for p in win.match.game.pieces(win.match.state, None)}
    assert pcs["kpa-1"]["at"] == "box:eliminated"
    win.apply_action({"type": "roll", "dice": 2})
    assert any("rolled" in t for t in win.log.texts())
    win.apply_action({"type": "flip", "unit": "us-555"})
    assert win.scene.piece("us-555")["reduced"]
    win.act_sandbox.trigger()
    assert win.mode == "play" and win.match is live
    assert live.state.units["us-24"].at == "0506"


def _box_point(win, box):
    r = win.scene.box_slots[box]
    p = win.view.mapFromScene(r.center())
    return p.x(), p.y()


# -- layout -------------------------------------------------------------------------------------------

def test_layout_is_remembered(qtbot):
    w = make_window(qtbot, use_settings=True)
    w.dock_log.close()
    w.close()
    w2 = make_window(qtbot, use_settings=True, start=False)
    assert not w2.dock_log.isVisible()
    assert w2.dock_inspector.isVisible()
    w2.reset_layout()
    assert w2.dock_log.isVisible()


def test_zoom_and_pan_keys(win):
    win.view.setFocus()
    QTest.keyClick(win.view, Qt.Key.Key_F)
    s = win.view.scale_factor()
    QTest.keyClick(win.view, Qt.Key.Key_Plus)
    assert win.view.scale_factor() > s
    h = win.view.horizontalScrollBar().value()
    QTest.keyClick(win.view, Qt.Key.Key_Right)
    assert win.view.horizontalScrollBar().value() > h
    QTest.keyClick(win.view, Qt.Key.Key_F)
    assert abs(win.view.scale_factor() - s) < 1e-6


def test_measure_range_in_hexes(win):
    win.act_measure.trigger()
    drag(win, hex_point(win, "0101"), hex_point(win, "0501"))
    assert win.view.measure_text.startswith("Range 4 hexes")
    assert units(win)["kpa-1"].at == "0603"


def test_tab_cycles_movable_units(win):
    win.view.setFocus()
    QTest.keyClick(win.view, Qt.Key.Key_Tab)
    first = win.scene.selected
    assert first in {"kpa-1", "kpa-105", "kpa-2", "pva-9"} and win._targets
    QTest.keyClick(win.view, Qt.Key.Key_Tab)
    assert win.scene.selected != first


def test_run_gui_opens_a_save_and_returns_on_quit(qtbot, tmp_path):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from app.engine.saves import match_from_scenario_text, write_save
    from app.ui.main import run_gui
    m = match_from_scenario_text(hexgame.GAME, hexgame.SCENARIO_TEXT, "", 4)
    m.apply({"type": "move", "unit": "kpa-1", "to": "0604"})
    path = tmp_path / "g.json"
    write_save(m, path)
    seen = {}

    def look_and_quit():
        wins = [w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow" and w.isVisible()]
        seen["digest"] = wins[-1].match.digest() if wins and wins[-1].match else None
        for w in wins:
            w.close()
        QApplication.instance().quit()

    # closing the last window would also post a Quit event; left in the queue after run_gui
    # returns, it would make every later nested event loop (qtbot.wait) return at once
    app = QApplication.instance()
    quit_on_close = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    QTimer.singleShot(300, look_and_quit)
    try:
        assert run_gui(str(path)) == 0
    finally:
        app.setQuitOnLastWindowClosed(quit_on_close)
    assert seen["digest"] == m.digest()

