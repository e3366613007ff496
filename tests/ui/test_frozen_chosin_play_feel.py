"""Issue 15 for Frozen Chosin, points 1, 9, 12, 14, 15 and 16, driven like a player at 1366x768:
the next-step control named for the moment (and asking the same question pressed or keyed),
the hover card of a base, rules opening from the log, the end-of-game report in players'
words, a move made from the keyboard, readable base labels and event cards in our words."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from play_feel_util import hover, key, view_pt
from test_frozen_chosin_window import _accept, fc_window, to_moving, to_planning

pytestmark = pytest.mark.gui


def test_next_step_is_named_for_the_moment_and_space_takes_it(qtbot, monkeypatch):
    import app.ui.next_step as ns
    w = fc_window(qtbot)
    to_planning(w)
    b = w.turnbar.button
    assert b.isEnabled() and b.text() == "Finish placing dice"
    cur = w.match.state.current
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)
    assert w.match.state.commands[cur].done_planning
    while w.match.state.phase == "operations":
        _accept(w)
        key(w, Qt.Key.Key_Space)
    _accept(w)
    assert w.match.state.phase == "night"
    assert w.turnbar.button.text() == "Pass for this phase" and w.turnbar.button.isEnabled()
    act = next(a for a in w.match.legal_actions() if a["type"] == "activate")
    w.apply_action(act)
    _accept(w)
    assert w.turnbar.button.text() == "End movement"
    asked = []
    monkeypatch.setattr(ns, "ask", lambda parent, title, text: asked.append((title, text)) or False)
    QTest.mouseClick(w.turnbar.button, Qt.MouseButton.LeftButton)
    key(w, Qt.Key.Key_Space)
    assert len(asked) == 2 and asked[0] == asked[1] and "could still move" in asked[0][1]
    assert w.match.state.activation.step == "move"                 # declined both times
    monkeypatch.setattr(ns, "ask", lambda parent, title, text: True)
    key(w, Qt.Key.Key_Space)
    st = w.match.state
    assert st.activation is None or st.activation.step == "fight"
    if st.activation is not None:
        assert w.turnbar.button.text() == "End the activation"


def test_a_moving_regiment_hover_card_rules_and_keyboard(qtbot):
    """One window (they are slow to set up): the hover card of a moving base, every rule of the
    log opening in the Rules panel, then a base moved with Tab, an arrow and Enter."""
    w = fc_window(qtbot)
    to_moving(w)
    st = w.match.state
    movers = [b for b in st.regiments[st.activation.regiment].bases if st.bases[b].status == "on"]
    bid = movers[0]
    # 9: the hover card
    w.view.set_zoom(1.0)
    w.view.centerOn(w.scene.items_by_id[bid].pos())
    hover(w, view_pt(w, bid))
    card = w.hover_card
    assert card.isVisible() and card.pid == bid
    text = card.plain()
    assert st.bases[bid].name in text and "Values: firepower" in text and "morale" in text
    assert "activated now" in text and "may move 12 in along a road or 6 in off road" in text
    assert "{" not in text and "_" not in text
    pc = w.scene.piece(bid)                  # the base carries a short label, the card the full name
    assert len(pc["label"]) <= 9 and pc["name"] == st.bases[bid].name
    hover(w, w.view.mapFromScene(w.scene.board.rect().topLeft()) + QPoint(3, 3))
    # 12: every rule the log shows opens its summary
    rules = {e.rule for s in w.match.history for e in s.events if e.rule}
    assert rules
    for r in sorted(rules):
        assert w.open_rule(r), r
        assert r in w.rules_panel.shown_text()
    # 15: a move from the keyboard
    before = {b: (st.bases[b].x, st.bases[b].y) for b in movers}
    w.view.setFocus()
    key(w, Qt.Key.Key_Tab)
    picked = w.scene.selected
    assert picked in movers
    key(w, Qt.Key.Key_Right)
    key(w, Qt.Key.Key_Return)
    st = w.match.state
    assert (st.bases[picked].x, st.bases[picked].y) != before[picked]
    assert w.match.history[-1].action["type"] == "move" and w.match.history[-1].action["unit"] == picked


def test_end_of_game_report_names_the_sides_for_players(qtbot, tmp_path):
    from app.ui import end_report
    w = fc_window(qtbot)
    m = w.match
    from app.engine.rng import Rng
    pick = Rng.from_seed(3)
    for _ in range(20):                                 # a little play, then the last day ends
        legal = m.legal_actions()
        if not legal or m.state.result:
            break
        m.apply(pick.choice(legal), checked=True)
    m.state.turn = m.state.turns
    while not m.state.result:
        legal = m.legal_actions()
        closing = [a for a in legal if a["type"] in ("pass", "done-planning", "end-move", "end-activation", "hold-fire")]
        m.apply((closing or legal)[0], checked=True)
    w.refresh()
    _accept(w)
    assert not w.handover.isVisible()                   # the end is for everyone to see
    rep = end_report.EndReport(w, m)
    qtbot.addWidget(rep)
    words = rep.head.text() + " " + " ".join(x.text() for x in rep.findChildren(type(rep.head)))
    assert "Pva" not in words and " Un " not in f" {words} "
    assert "United Nations" in words and "Chinese" in words
    assert rep.rep.strength["un"] and rep.rep.ground["pva"] is not None
    assert max(rep.rep.strength["pva"]) >= 40                 # Chinese bases on the table at the start
    assert rep.save_png(tmp_path / "report.png") and (tmp_path / "report.png").stat().st_size > 1000


def test_event_cards_read_in_players_words():
    from app.games.frozen_chosin import data as D
    from app.games.frozen_chosin.presentation import _effect_text
    cmds = {c["id"]: c["name"] for c in D.bundle().commands}
    for cid, card in D.bundle().cards.items():
        for e in card.get("effects", []):
            text = _effect_text(e, cmds)
            assert (text[0].isupper() or text[0].isdigit()) and text.endswith(".") and "_" not in text and "-" != text[0], (cid, text)
    almond = " ".join(_effect_text(e, cmds) for e in D.bundle().cards["almond-visits"]["effects"])
    assert "5th & 7th Marines" in almond and "each command" not in almond
    t34 = " ".join(_effect_text(e, cmds) for e in D.bundle().cards["t34-sighting"]["effects"])
    assert "T-34" in t34 and "20th Army" in t34


def test_chinese_regiments_have_proper_ordinals():
    from app.games.frozen_chosin.data import bundle, ordinal
    assert [ordinal(n) for n in (172, 173, 171, 111, 112, 235)] == ["172nd", "173rd", "171st", "111th", "112th", "235th"]
    names = {b[1] for c in bundle().commands for r in c["regiments"] for b in r["bases"]}
    assert "172nd Regiment, battalion 1" in names and not any("172th" in n or "173th" in n for n in names)
