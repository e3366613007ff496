"""Frozen Chosin in the window (issue 14, deliverable 6): dice placed on the HQ sheets by a
click or a drag change the game; the event card drawn is shown as a card face; dragging a base
draws its reach and its lines; the turn bar names the day, day or night and the score; nothing
is clipped at 1366x768 and the window is rendered at two sizes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QLabel

from conftest import make_window
from play_feel_util import view_pt

ROOT = Path(__file__).resolve().parents[2]
TWO = {"un-yudam": "Ann", "un-rct31": "Ann", "un-hagaru": "Ann", "pva-27": "Dee", "pva-20": "Dee", "pva-26": "Dee"}


def fc_window(qtbot, size=(1366, 768), seats=None, seed=5):
    from app.games import get_game
    g = get_game("frozen-chosin")
    path = ROOT / "resources" / "frozen-chosin" / "scenarios" / "first-days.toml"
    w = make_window(qtbot, start=False)
    w.resize(*size)
    w.new_game(g, path.read_text(), seed=seed, options={"seats": dict(seats or TWO)}, scenario_path=str(path))
    qtbot.wait(10)
    return w


def _accept(w):
    if w.handover.isVisible():
        QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)


def to_planning(w):
    while w.match.state.phase == "smith":
        w.apply_action(w.match.legal_actions()[0])
    _accept(w)
    assert w.match.state.phase == "operations"


def to_moving(w):
    """Everyone plans nothing; the first command to act activates its first regiment."""
    to_planning(w)
    while w.match.state.phase == "operations":
        _accept(w)
        w.apply_action({"type": "done-planning"})
    _accept(w)
    act = next(a for a in w.match.legal_actions() if a["type"] == "activate")
    w.apply_action(act)
    _accept(w)


def test_a_click_on_an_operation_places_its_dice(qtbot):
    w = fc_window(qtbot)
    to_planning(w)
    st = w.match.state
    cmd = st.commands[st.current]
    assert w.dock_hq.isVisible()
    plan = next(a for a in w.match.legal_actions() if a["type"] == "plan")
    box = w.hq_sheets.op_box(plan["op"])
    assert box is not None and box.actions() == [plan]
    QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    assert w.match.state.commands[cmd.id].planned == [plan["op"]]
    # the sheet now shows the dice placed and fewer dice left in the tray
    sheet = next(s for s in w.hq_sheets.sheets if s.data["id"] == cmd.id)
    assert len(sheet.dice) == cmd.dice - int(box.op["cost"])
    assert next(b for b in sheet.ops if b.op["id"] == plan["op"]).status == "placed"


def test_dragging_a_die_onto_an_operation_places_dice_and_a_miss_does_not(qtbot):
    w = fc_window(qtbot)
    to_planning(w)
    st = w.match.state
    cid = st.current
    plan = [a for a in w.match.legal_actions() if a["type"] == "plan"]
    target = w.hq_sheets.op_box(plan[-1]["op"])
    w.hq_sheets.area.ensureWidgetVisible(target)
    qtbot.wait(10)
    die = w.hq_sheets.sheets[0].dice[0]
    # released over the tray itself: nothing happens
    QTest.mousePress(die, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(5, 5))
    QTest.mouseRelease(die, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(8, 8))
    assert w.match.state.commands[cid].planned == []
    # pressed on a die, moved and released over the operation
    die = w.hq_sheets.sheets[0].dice[0]
    target = w.hq_sheets.op_box(plan[-1]["op"])
    end = die.mapFromGlobal(target.mapToGlobal(target.rect().center()))
    QTest.mousePress(die, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(5, 5))
    QTest.mouseMove(die, QPoint(end.x() // 2, end.y() // 2))
    QTest.mouseMove(die, end)
    QTest.mouseRelease(die, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert w.match.state.commands[cid].planned == [plan[-1]["op"]]


def test_the_other_sides_sheets_are_hidden_while_planning(qtbot):
    w = fc_window(qtbot)
    to_planning(w)
    st = w.match.state
    mine = st.commands[st.current].side
    for s in w.hq_sheets.sheets:
        assert s.data["hidden"] == (s.data["side"] != mine)
        if s.data["hidden"]:
            assert s.ops == [] and s.dice == [] and "hidden" in s.tray_label.text()


def test_the_drawn_event_card_is_shown_as_a_card_face(qtbot):
    w = fc_window(qtbot)
    to_planning(w)
    st = w.match.state
    from app.games.frozen_chosin import data as D
    assert st.event
    face = w.card_face
    assert face.isVisible()
    assert face.title.text() == D.bundle().cards[st.event]["name"]
    assert face.body.text() and "_" not in face.body.text() and st.event not in face.body.text()
    QTest.mouseClick(face.close_button, Qt.MouseButton.LeftButton)
    assert not face.isVisible()
    w.refresh()
    assert not face.isVisible()                  # the same card does not come back by itself


def test_the_card_face_goes_when_the_game_is_over(qtbot):
    w = fc_window(qtbot)
    to_planning(w)
    assert w.card_face.isVisible()
    w.match.state.finished = True        # as the last action of a game leaves it
    w.refresh()
    assert not w.card_face.isVisible()


def test_dragging_a_base_shows_its_reach_and_lines(qtbot):
    w = fc_window(qtbot, seats={})
    to_moving(w)
    from app.games.frozen_chosin import sequence as Q
    st = w.match.state
    bid = Q.movers_left(st)[0]
    b = st.bases[bid]
    w.view.set_zoom(1.5)
    w.view.centerOn(w.scene.items_by_id[bid])
    qtbot.wait(10)
    a = view_pt(w, bid)
    to = w.view.mapFromScene(w.scene.board.pt(b.x + 2, b.y + 1.5))
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, 5):
        QTest.mouseMove(vp, QPoint(a.x() + (to.x() - a.x()) * i // 4, a.y() + (to.y() - a.y()) * i // 4))
    regions, lines = w.drag_lines_items
    assert regions.regions                                    # where it may go
    assert lines.rings                                        # its spotting (and range) rings
    kinds = {k for _, _, k, _ in lines.lines}
    assert kinds, "no line to any enemy within sight, range or touch"
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, to)
    assert not regions.regions and not lines.lines            # cleared on the drop
    now = w.match.state.bases[bid]
    assert (now.x, now.y) != (b.x, b.y), w.statusBar().currentMessage()


def test_turn_bar_names_day_night_and_score(qtbot):
    w = fc_window(qtbot)
    to_moving(w)
    text = w.turnbar.where.text()
    assert "28 Nov" in text and ("Night" in text or "Day" in text) and "VP" in text
    assert "Pva" not in text and "pva" not in text


def _clipped(w) -> list[str]:
    bad = []
    for dock in w.findChildren(QDockWidget):
        if not dock.isVisible() or dock.isFloating():
            continue
        for lab in dock.findChildren(QLabel):
            if not lab.isVisible() or not lab.text() or lab.wordWrap() or "<" in lab.text():
                continue
            if lab.fontMetrics().horizontalAdvance(lab.text()) > lab.contentsRect().width() + 2:
                bad.append(f"{dock.windowTitle()}: {lab.text()[:40]}")
    for lab in w.card_face.findChildren(QLabel) if w.card_face.isVisible() else []:
        if lab.text() and not lab.wordWrap() and "<" not in lab.text() \
                and lab.fontMetrics().horizontalAdvance(lab.text()) > lab.contentsRect().width() + 2:
            bad.append(f"card: {lab.text()[:40]}")
    return bad


def test_nothing_clipped_at_1366x768_and_renders(qtbot, tmp_path):
    w = fc_window(qtbot, size=(1366, 768))
    to_planning(w)
    qtbot.wait(20)
    assert _clipped(w) == []
    assert w.grab().save(str(tmp_path / "fc-1366x768.png"))
    w.dock_hq.raise_()
    qtbot.wait(10)
    for s in w.hq_sheets.sheets:
        for b in s.ops:
            assert b.width() >= b.name.sizeHint().width() - 2 or b.name.wordWrap()
    w2 = fc_window(qtbot, size=(1600, 1000))
    to_moving(w2)
    qtbot.wait(20)
    assert _clipped(w2) == []
    assert w2.grab().save(str(tmp_path / "fc-1600x1000.png"))


def test_the_card_comes_back_after_a_hand_over_until_closed(qtbot):
    w = fc_window(qtbot)
    to_planning(w)
    face = w.card_face
    assert face.isVisible()
    side = w.match.state.commands[w.match.state.current].side
    while w.match.state.commands[w.match.state.current].side == side:
        w.apply_action({"type": "done-planning"})
    assert w.handover.isVisible() and not face.isVisible()     # covered with the rest
    _accept(w)
    assert face.isVisible()                                    # the next person sees it too


def test_an_operation_with_dice_on_it_is_attempted_from_its_sheet(qtbot):
    w = fc_window(qtbot, seats={})
    to_planning(w)
    while w.match.state.phase == "operations":
        _accept(w)
        st = w.match.state
        if st.current == "pva-27" and not st.commands["pva-27"].planned:
            QTest.mouseClick(w.hq_sheets.op_box("infiltrate"), Qt.MouseButton.LeftButton)
            assert w.match.state.commands["pva-27"].planned == ["infiltrate"]
        w.apply_action({"type": "done-planning"})
    _accept(w)
    assert w.match.state.current == "pva-27"
    box = w.hq_sheets.op_box("infiltrate")
    acts = box.actions()
    assert len(acts) > 1 and all(a["type"] == "attempt" for a in acts)
    # several regiments to infiltrate: a menu names them; choosing one attempts it
    from PySide6.QtWidgets import QApplication, QMenu
    QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    menu = next(m for m in QApplication.topLevelWidgets() if isinstance(m, QMenu) and m.isVisible())
    labels = [a.text() for a in menu.actions()]
    assert all("Infiltrate on" in t for t in labels)
    menu.actions()[0].trigger()
    menu.close()
    assert "infiltrate" in w.match.state.commands["pva-27"].attempted
    # a different command's sheet never acts for the command whose turn it is
    other = w.hq_sheets.op_box("infiltrate", "pva-20")
    assert other is not None and other.actions() == []


def test_the_turn_track_shows_eight_days_and_task_force_drysdale(qtbot):
    from app.games import get_game
    g = get_game("frozen-chosin")
    path = ROOT / "resources" / "frozen-chosin" / "scenarios" / "campaign.toml"
    w = make_window(qtbot, start=False)
    w.resize(1366, 768)
    w.new_game(g, path.read_text(), seed=5, options={"seats": TWO}, scenario_path=str(path))
    to_moving(w)
    assert w.dock_track.isVisible()
    turns = w.turn_track.turns
    assert [t["turn"] for t in turns] == list(range(1, 9))
    assert turns[0]["current"] and "night" in turns[0]["label"]
    st = w.match.state
    assert turns[st.drysdale_turn - 1]["pieces"]                 # due on its day
    assert all(b.status != "on" for b in st.bases.values()
               if st.regiments[b.regiment].reinforcement == "drysdale")   # and still off the table
