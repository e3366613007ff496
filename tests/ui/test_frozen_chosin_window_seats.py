"""Frozen Chosin seats in the window (issue 14, deliverable 4): the New Game dialog seats each
command, the match and its saves keep the seats, the hand-over screen passes the machine only
between different people and hides the other side's dice, computer commands play themselves."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from fc_util import through_dialog

SIX = {"un-yudam": "Ann", "un-rct31": "Bob", "un-hagaru": "Cy", "pva-27": "Dee", "pva-20": "Eve", "pva-26": "Fay"}


def _hq_texts(w) -> str:
    return " ".join(" ".join(" ".join(r) for r in p.get("rows", [])) for p in
                    w.match.game.panels(w.match.state, w.viewer_side()))


def test_six_people_seated_from_the_dialog_reach_the_match_and_survive_save_and_open(qtbot, tmp_path):
    w, seen = through_dialog(qtbot, SIX)
    assert seen["problem"] == ""
    st = w.match.state
    assert {c.id: c.seat for c in st.commands.values()} == SIX
    assert w.match.options["seats"] == SIX
    path = tmp_path / "six.rsave"
    assert w.save_to(path)
    w2, _ = through_dialog(qtbot, preset="two")
    assert w2.open_path(path)
    assert {c.id: c.seat for c in w2.match.state.commands.values()} == SIX


def test_two_people_preset_and_a_name_on_both_sides_is_refused(qtbot):
    w, seen = through_dialog(qtbot, preset="two")
    seats = {c.id: c.seat for c in w.match.state.commands.values()}
    assert set(seats.values()) == {"United Nations player", "Chinese player"}
    from app.ui import seats as S
    from app.games import get_game
    t = S.SeatTable(get_game("frozen-chosin"))
    qtbot.addWidget(t)
    t.boxes["pva-20"].setCurrentText("United Nations player")
    assert "both sides" in t.problems()


def test_hand_over_between_different_people_hides_the_other_sides_dice(qtbot):
    w, _ = through_dialog(qtbot, {"un-yudam": "Ann", "un-rct31": "Ann", "un-hagaru": "Ann",
                                  "pva-27": "Dee", "pva-20": "Dee", "pva-26": "Dee"})
    g = w.match.game
    # General Smith's secret choice first (Ann), then each command plans in secret
    while w.match.state.phase == "smith":
        w.apply_action(w.match.legal_actions()[0])
    seen_handover = False
    for _ in range(40):
        st = w.match.state
        if st.phase != "operations":
            break
        person = g.seat_to_act(st)
        if w.handover.isVisible():
            seen_handover = True
            assert w.handover.title.text() == f"Hand over to {person}"
            QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
            assert not w.handover.isVisible()
        assert w.seat_person == person
        side = st.commands[st.current].side
        # what the screen shows: the other side's placement is hidden
        from app.games.frozen_chosin.presentation import hq_sheets
        other = [p for p in hq_sheets(g, st, w.viewer_side()) if p["side"] != side]
        assert other and all(p["hidden"] and not any(o["status"] for o in p["ops"]) for p in other)
        # General Smith's secret choice is not shown to the Chinese person
        titles = w.game_panels.titles
        assert ("General Smith's choice" in titles) == (side == "un")
        assert w.viewer_side() == side
        plan = [a for a in w.match.legal_actions() if a["type"] == "plan"]
        w.apply_action(plan[0] if plan else {"type": "done-planning"})
        if not plan:
            continue
        w.apply_action({"type": "done-planning"})
    assert seen_handover


def test_no_hand_over_between_commands_of_the_same_person(qtbot):
    w, _ = through_dialog(qtbot, preset="two")
    while w.match.state.phase == "smith":
        w.apply_action(w.match.legal_actions()[0])
    if w.handover.isVisible():
        QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
    # one side's three commands plan one after the other: no hand-over between them
    first_side = w.match.state.commands[w.match.state.current].side
    shows = 0
    for _ in range(3):
        st = w.match.state
        if st.commands[st.current].side != first_side:
            break
        shows += w.handover.isVisible()
        w.apply_action({"type": "done-planning"})
    assert shows == 0


def test_one_person_against_the_computer_commands(qtbot, monkeypatch):
    from app.games.frozen_chosin.game import FrozenChosinGame
    from app.ai.selfplay import RandomPlayer
    monkeypatch.setattr(FrozenChosinGame, "players",
                        lambda self: {"ai": lambda seed, side, level="normal": RandomPlayer(seed, side)})
    w, seen = through_dialog(qtbot, preset="solo")
    seats = {c.id: c.seat for c in w.match.state.commands.values()}
    assert list(seats.values()).count("computer") == 5
    person = next(s for s in seats.values() if s != "computer")
    # the computer plays its commands until the person has to decide; no hand-over ever
    qtbot.waitUntil(lambda: w.match.game.seat_to_act(w.match.state) == person and w._ai_job is None,
                    timeout=15000)
    assert not w.handover.isVisible()
    assert w.can_act()
