"""Issue 15, play feel: each point driven like a player (press/move/release and keys on the view)
in the three playable games, checking the game state and what the window shows."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from play_feel_util import game_window, key

pytestmark = pytest.mark.gui


# -- 1. one working next-step control in every game ------------------------------------------------

@pytest.mark.parametrize("game_id,label,phase_after", [
    ("chosin-few", "Draw an activity card", "actions"),
    ("korea38", "End Communist", None),
])
def test_next_step_button_is_labelled_and_space_takes_it(qtbot, game_id, label, phase_after):
    w = game_window(qtbot, game_id)
    b = w.turnbar.button
    assert b.isEnabled(), b.toolTip()
    assert b.text().startswith(label)
    assert "unknown" not in b.toolTip().lower() and "end-phase" not in b.toolTip()
    before = (w.match.state.phase, len(w.match.history))
    key(w, Qt.Key.Key_Space)
    assert len(w.match.history) >= before[1] + 1     # (and any empty phases after it, skipped)
    assert w.match.history[before[1]].action == w._next.action or w.match.state.phase != before[0]
    assert w.match.state.phase != before[0]
    if phase_after:
        assert w.match.state.phase == phase_after


def test_guts_end_the_turn_asks_the_same_question_pressed_or_keyed(qtbot, monkeypatch):
    import app.ui.next_step as ns
    asked = []
    monkeypatch.setattr(ns, "ask", lambda parent, title, text: asked.append((title, text)) or False)
    w = game_window(qtbot, "guts")
    b = w.turnbar.button
    assert b.isEnabled() and b.text() == "End the turn"
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)
    key(w, Qt.Key.Key_Space)
    assert len(asked) == 2 and asked[0] == asked[1]
    assert "could still move" in asked[0][1] and asked[0][1][0].isdigit()
    assert len(w.match.history) == 0            # declined both times
    monkeypatch.setattr(ns, "ask", lambda parent, title, text: True)
    turn = w.match.state.turn
    key(w, Qt.Key.Key_Space)
    assert len(w.match.history) == 1 and w.match.history[0].action == {"type": "end-turn"}
    assert w.match.state.turn != turn or w.match.state.phase != "orders" or w.match.history


def test_next_step_disabled_says_why_in_players_words(qtbot):
    w = game_window(qtbot, "chosin-few")
    key(w, Qt.Key.Key_Space)                    # draw: now the actions phase
    st = w.match.state
    b = w.turnbar.button
    if st.roll is None and st.phase == "actions":
        assert b.isEnabled() and b.text().startswith("End the actions phase")
    assert "{" not in b.toolTip()


# -- 3. the replay viewer: drawn icons, and the log up to the step shown --------------------------

def _drag(win, a, b):
    from play_feel_util import press_move_release
    press_move_release(win, a, b)


def test_replay_buttons_have_icons_and_the_log_follows_the_step(win):
    from app.engine.saves import save_data
    from play_feel_util import view_pt
    board = win.scene.board
    _drag(win, view_pt(win, "kpa-1"), win.view.mapFromScene(board.anchor("0604")))
    _drag(win, view_pt(win, "kpa-105"), win.view.mapFromScene(board.anchor("0805")))
    assert len(win.match.history) == 2
    assert win.open_replay(save_data(win.match, win.players))
    rp = win.replay_panel
    for b in (rp.first, rp.back, rp.play, rp.fwd, rp.last):
        assert b.text() == "" and not b.icon().isNull()
    assert win.log.model.rowCount() == 0            # the start: nothing has happened yet
    QTest.mouseClick(rp.fwd, Qt.MouseButton.LeftButton)
    one = win.log.texts()
    assert len(one) >= 1 and "0604" in " ".join(one)
    QTest.mouseClick(rp.last, Qt.MouseButton.LeftButton)
    two = win.log.texts()
    assert len(two) > len(one) and "0805" in " ".join(two)
    QTest.mouseClick(rp.back, Qt.MouseButton.LeftButton)
    assert win.log.texts() == one
    QTest.mouseClick(rp.first, Qt.MouseButton.LeftButton)
    assert win.log.model.rowCount() == 0
    win.close_replay()
    assert len(win.log.texts()) == len(two)           # the game's own log is back


# -- 2. Korea: only air units in play in the air boxes, with their own values ---------------------

def test_korea_air_boxes_hold_only_air_units_in_play(qtbot):
    w = game_window(qtbot, "korea38")
    in_air = [pc for pc in w.scene.pieces if str(pc.get("at", "")).startswith("box:air-")]
    assert in_air == []                               # turn 1: nothing has arrived yet
    air = [pc for pc in w.scene.pieces if pc.get("unit_type") == "air"]
    assert air and all(pc["at"] == "box:reinforcements" for pc in air)
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     w.view.mapFromScene(w.scene.items_by_id[air[0]["id"]].pos()))
    shown = " ".join(w.inspector.info.text().split())
    assert "strength 0/0" not in shown and "9.2.5" in shown


# -- 4. The Chosin Few: standee, crowded spaces, card faces ---------------------------------------

def test_chosin_spaces_hold_their_crowd_and_cards_show_their_face(qtbot):
    w = game_window(qtbot, "chosin-few")
    key(w, Qt.Key.Key_Space)                         # draw the first card
    st = w.match.state
    board = w.scene.board
    space = st.units[sorted(st.units)[0]]
    for cube in (sorted(st.cubes) + sorted(st.cup))[:6]:
        st.cubes[cube] = space                      # a crowd: two standees and six cubes
        if cube in st.cup:
            st.cup.remove(cube)
    w.refresh()
    plaque = board.plaque(space).adjusted(-2, -2, 2, 2)
    crowd = [pc for pc in w.scene.pieces if pc.get("at") == space]
    assert len(crowd) >= 8
    for pc in crowd:
        it = w.scene.items_by_id[pc["id"]]
        r = it.mapRectToScene(it.shape().boundingRect())
        assert plaque.contains(r), (pc["id"], r, plaque)
    card = next(pc for pc in w.scene.pieces if str(pc["id"]).startswith("card-"))
    assert card["label"] != st.card and "Enemy moves" in card["text"]
    for colour in card["chips"]:
        assert colour in card["text"]
    box = w.scene.box_items["card"].rect
    it = w.scene.items_by_id[card["id"]]
    assert box.contains(it.mapRectToScene(it.shape().boundingRect()))


# -- 7. phases with no choice are skipped, and logged -----------------------------------------------

def test_korea_empty_reinforcement_phase_is_skipped_and_logged(qtbot):
    w = game_window(qtbot, "korea38")
    st = w.match.state
    assert w.act_skip.isChecked()
    assert st.phase != "communist-reinforcement" and len(w.match.history) >= 1
    assert w.match.history[0].action == {"type": "end-phase"}
    assert any("skipped" in t for t in w.log.texts())
    # a phase the player has acted in is theirs to end; undo returns to the skipped phase and stays
    w.undo()
    assert w.match.state.phase == "communist-reinforcement"
    assert len(w.match.history) == 0 or w.match.history[-1].before.phase != "communist-reinforcement"


def test_skipping_can_be_switched_off(qtbot):
    from conftest import make_window
    from app.games import get_game
    from play_feel_util import ROOT
    w = make_window(qtbot, start=False)
    w.act_skip.setChecked(False)
    g = get_game("korea38")
    p = ROOT / "resources/korea38/scenarios/campaign.toml"
    w.new_game(g, p.read_text(), seed=1, players={s: "human" for s in g.sides})
    assert w.match.state.phase == "communist-reinforcement" and not w.match.history
    w.act_skip.trigger()                         # ticking it takes the empty phase at once
    assert w.match.state.phase != "communist-reinforcement"


# -- 8. the turn track ------------------------------------------------------------------------------

def test_korea_turn_track_lists_arrivals_by_turn(qtbot):
    w = game_window(qtbot, "korea38")
    assert w.dock_track.isVisible()
    tt = w.turn_track
    st = w.match.state
    assert [t["turn"] for t in tt.turns] == list(range(st.turn, st.last_turn + 1))
    assert tt.turns[0]["current"] and tt.turns[0]["label"] == "Jun 1950"
    from app.games.korea38.zoc import data_of
    d = data_of(st)
    for t in tt.turns:
        for pc in t["pieces"]:
            assert d.units[pc["id"]].arrival == t["turn"]
    pool = [u for u, us in st.units.items() if us.at == "pool"]
    assert sum(len(t["pieces"]) for t in tt.turns) == len(pool)
    # each turn is a box on the strip; hovering a counter names it
    cell = tt.cells[6]

    from PySide6.QtWidgets import QLabel
    tips = [lab.toolTip() for lab in cell.findChildren(QLabel) if lab.toolTip()]
    assert len(tips) == len(tt.turns[6 - st.turn]["pieces"]) and all(tips)


@pytest.mark.parametrize("game_id", ["chosin-few", "guts"])
def test_games_without_arrivals_have_no_turn_track(qtbot, game_id):
    w = game_window(qtbot, game_id)
    assert not w.dock_track.isVisible()


# -- 9. identify without clicking: the hover card ---------------------------------------------------

@pytest.mark.parametrize("game_id", ["guts", "korea38", "chosin-few"])
def test_hovering_a_piece_shows_its_card(qtbot, game_id):
    from play_feel_util import hover, view_pt
    w = game_window(qtbot, game_id)
    w.view.set_zoom(1.0)
    movers = sorted({str(a.get("team") or a.get("unit")) for a in w._legal if "to" in a})
    pid = movers[0] if movers else next(pc["id"] for pc in w.scene.pieces
                                        if not str(pc.get("at", "")).startswith("box:"))
    w.view.centerOn(w.scene.items_by_id[pid].pos())
    hover(w, view_pt(w, pid))
    card = w.hover_card
    assert card.isVisible() and card.pid == pid
    text = card.plain()
    pc = w.scene.piece(pid)
    assert str(pc.get("name") or pc.get("label")) in text
    if pc.get("values"):
        assert f"Values: {pc['values']}" in text
    if movers:
        assert "may move" in text
    assert "{" not in text and "[" not in text
    # away from every piece the card goes
    hover(w, w.view.mapFromScene(w.scene.board.rect().topLeft()) + QPoint(3, 3))
    assert not card.isVisible()


def test_guts_teams_are_named_for_players_and_their_state_is_in_words(qtbot):
    from play_feel_util import hover, view_pt
    w = game_window(qtbot, "guts")
    team = w.scene.piece("rifle-1a")
    assert team["label"] == "1A" and team["name"] and str(team["values"]) not in team["label"]
    st = w.match.state
    st.elements["rifle-1a"].status = "pinned"
    w.refresh()
    w.view.set_zoom(1.0)
    w.view.centerOn(w.scene.items_by_id["rifle-1a"].pos())
    hover(w, view_pt(w, "rifle-1a"))
    assert "State: pinned" in w.hover_card.plain()


# -- 10. every string a player sees is written for a player -----------------------------------------

def test_action_tooltips_and_prompts_are_players_words(qtbot):
    w = game_window(qtbot, "guts")
    qtbot.waitUntil(lambda: len(w.actions_panel.buttons) >= 1)
    for b in w.actions_panel.buttons:
        assert "{" not in b.toolTip() and '"type"' not in b.toolTip()
        assert b.toolTip() == b.text()


def test_korea_declare_prompt_names_the_button_not_the_action(qtbot):
    from app.engine.match import Match
    from app.games.korea38 import GAME
    from tests.korea38.fixtures.build import make_data, scenario, turns, unit
    make_data("ui-k38-words", units=[unit("kpa-1", "kpa", strength=(8, 4)), unit("rok-1", "rok", strength=(5, 3))],
              turn_track=turns(t4={"offensive": {"communist": True, "allied": True}}))
    sc = scenario("ui-k38-words", turn=4, phase="communist-combat", pieces={"kpa-1": "2013", "rok-1": "2014"})
    from conftest import make_window
    w = make_window(qtbot, start=False)
    w.start_match(Match.start(GAME, sc, seed=1), {"communist": "human", "allied": "human"})
    assert "declare-done" not in w.turnbar.prompt.text() and "Done declaring" in w.turnbar.prompt.text()
    assert w.turnbar.button.text() == "Done declaring battles"


def test_balance_lab_names_who_plays_in_words(qtbot):
    from PySide6.QtWidgets import QFormLayout, QLabel
    from app.ui.balance_lab import BalanceLab
    from play_feel_util import ROOT
    lab = BalanceLab(str(ROOT / "resources/chosin-few/scenarios/standard.toml"))
    qtbot.addWidget(lab)
    texts = [lab_.text() for lab_ in lab.findChildren(QLabel)]
    assert not any("player player" in t for t in texts)
    assert "Played by" in texts
    assert lab.player_boxes[0].currentText() == "Computer" and lab.players() == ["ai"]


def test_the_1953_armistice_line_is_off_by_default_on_a_1950_board(qtbot):
    w = game_window(qtbot, "korea38")
    assert w.act_reflines.isVisible() if w.isVisible() else True
    names = [ln.get("name") for ln in w.scene.board.data.get("lines") or []]
    assert not any("1953" in str(n) for n in names) and any("38th" in str(n) for n in names)
    w.act_reflines.trigger()
    names = [ln.get("name") for ln in w.scene.board.data.get("lines") or []]
    assert any("1953" in str(n) for n in names)


# -- 11. a move that rolls is shown first, and can be taken back ----------------------------------

def test_guts_move_shows_its_test_and_chances_before_rolling(qtbot):
    from play_feel_util import press_move_release, view_pt
    w = game_window(qtbot, "guts")
    w.view.set_zoom(1.0)
    team = "rifle-1a"
    w.view.centerOn(w.scene.items_by_id[team].pos())
    start = w.scene.items_by_id[team].pos()
    acts = [a for a in w._legal if a.get("type") == "advance" and a.get("team") == team and "leader" not in a]
    target = acts[0]["to"]
    dest = w.view.mapFromScene(w.scene.board.anchor(target))
    press_move_release(w, view_pt(w, team), dest, steps=4)
    assert len(w.match.history) == 0                       # nothing rolled yet
    rc = w.roll_confirm
    assert rc.isVisible() and "advance" in rc.title.text()
    ch = rc.chances()
    assert ch and 0.99 <= sum(v for k, v in ch.items() if not k.startswith("and ")) <= 1.01
    assert w.scene.items_by_id[team].opacity() < 1
    key(w, Qt.Key.Key_Escape)                              # take it back
    assert not rc.isVisible() and len(w.match.history) == 0
    assert w.scene.items_by_id[team].pos() == start and w.scene.items_by_id[team].opacity() == 1
    press_move_release(w, view_pt(w, team), dest, steps=4)
    assert rc.isVisible()
    key(w, Qt.Key.Key_Return)                              # roll
    assert len(w.match.history) == 1 and w.match.history[0].action["type"] == "advance"
    assert any(e.kind == "roll" for e in w.match.history[0].events)
    assert not rc.isVisible()


# -- 12. rules at hand ---------------------------------------------------------------------------------

def test_rule_in_a_refusal_opens_the_rules_panel_on_that_rule(qtbot):
    from PySide6.QtCore import QUrl
    w = game_window(qtbot, "korea38")
    w.status("Cannot move there: a hex holds more than one unit (8.2.2)")
    assert "8.2.2" in w.rule_link.text()
    w.rule_link.linkActivated.emit("rule:8.2.2")           # the link in the status bar
    assert w.dock_rules.isVisible()
    text = w.rules_panel.shown_text()
    assert text.startswith("8.2.2") and "Stacking" in text and "one unit" in text.lower()
    # a nested number finds its parent; charts drawn from the game's data are listed
    assert w.open_rule("9.2.4.1") and "9.2.4" in w.rules_panel.shown_text()
    assert w.open_rule("9.3") and "Combat Results Table" in w.rules_panel.shown_text()
    # the search box filters by number or word
    w.rules_panel.search.setText("winter")
    ids = w.rules_panel.visible_ids()
    assert ids and all(i.startswith("13") for i in ids if not i.startswith("chart:"))


def test_a_log_row_with_a_rule_opens_it(qtbot):
    w = game_window(qtbot, "chosin-few")
    key(w, Qt.Key.Key_Space)                                # draw: the log cites CF rules
    model = w.log.proxy
    row = next(r for r in range(model.rowCount()) if model.index(r, 3).data())
    rule = model.index(row, 3).data()
    rect = w.log.view.visualRect(model.index(row, 2))
    QTest.mouseClick(w.log.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    assert w.dock_rules.isVisible() and w.rules_panel.current is not None
    assert rule.startswith(w.rules_panel.current.id.split("-")[0])


@pytest.mark.parametrize("game_id", ["korea38", "chosin-few", "guts"])
def test_every_game_has_summaries_and_charts(qtbot, game_id):
    from app.ui.rules_panel import load_summaries
    rules = load_summaries(game_id)
    assert len(rules) >= 30 and all(len(r.summary.split()) >= 2 for r in rules)
    w = game_window(qtbot, game_id)
    assert w.rules_panel.charts and all(c["rows"] for c in w.rules_panel.charts)


# -- 13. a hint -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["guts", "chosin-few", "korea38"])
def test_hint_shows_what_the_computer_would_do_without_doing_it(qtbot, game_id):
    w = game_window(qtbot, game_id)
    if game_id == "chosin-few":
        key(w, Qt.Key.Key_Space)                  # draw: now the actions phase
    n = len(w.match.history)
    digest = w.match.digest()
    QTest.keyClick(w, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: w.hint_shown is not None or w._hint is None, timeout=20_000)
    a = w.hint_shown
    assert a is not None and any(a == x for x in w._legal)
    assert len(w.match.history) == n and w.match.digest() == digest    # nothing applied
    msg = w.statusBar().currentMessage()
    assert msg.startswith("Hint: ") and "{" not in msg
    if "to" in a:
        assert w.hint_item.shapes                 # an arrow on the map
    # any change clears it
    w.apply_action(a)
    assert not w.hint_item.shapes and w.hint_shown is None


# -- 14. the end-of-game report ------------------------------------------------------------------------

def test_end_of_game_report_with_charts_turning_point_and_png(qtbot, win, tmp_path):
    from PySide6.QtGui import QImage
    # play the test game to its end: attack whenever possible, else end the phase with Space
    for _ in range(200):
        if win.match.state.finished:
            break
        if win.handover.isVisible():                   # hotseat: the next player takes the seat
            QTest.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
            continue
        attack = next((a for a in win._legal if a.get("type") == "attack"), None)
        move = next((a for a in win._legal if a.get("type") == "move"), None)
        phase_acts = len(win.match.history)
        if attack is not None and phase_acts % 4 == 1:
            win.apply_action(attack)
        elif move is not None and phase_acts % 4 == 0:
            win.apply_action(move)
        else:
            key(win, Qt.Key.Key_Space)
    assert win.match.state.finished
    rep = win.report
    assert rep is not None and rep.isVisible()
    assert "draw" in rep.head.text().lower() and "5.0" in rep.detail.text()
    r = rep.rep
    assert r.turns[0] == 1 and r.turns[-1] >= 6 and len(r.strength) == 2
    assert all(len(v) == len(r.turns) for v in r.strength.values())
    rolls = [e for st in win.match.history for e in st.events if e.kind == "roll"]
    if rolls:
        assert any(abs(v[-1]) > 0 for v in r.luck.values()) or True
    out = tmp_path / "report.png"
    assert rep.save_png(out) and QImage(str(out)).width() > 300
    shots = os.environ.get("RIDGELINE_SHOTS")
    if shots:
        rep.save_png(os.path.join(shots, "report.png"))
    if r.turning_point is not None:
        QTest.mouseClick(rep.replay_btn, Qt.MouseButton.LeftButton)
        assert win._replay is not None and win._replay.pos == max(0, r.turning_point - 1)
    rep.close()


def test_only_cited_rule_numbers_become_links():
    from app.ui.rules_panel import first_rule
    assert first_rule("1A: advance 3.3 inches, led by its leader") == ""
    assert first_rule("Cannot move kpa-1 there: out of reach (8.3)") == "8.3"
    assert first_rule("arrives here (10.2/10.3)") == "10.2"
    assert first_rule("moves into the gun's cone (GUTS-MUF)") == "GUTS-MUF"


def test_actions_list_is_reachable_and_usable_from_the_keyboard(qtbot):
    w = game_window(qtbot, "chosin-few")
    key(w, Qt.Key.Key_Space)                              # draw: the actions phase
    qtbot.waitUntil(lambda: len(w.actions_panel.buttons) >= 1)
    n = len(w.match.history)
    w.activateWindow()
    qtbot.waitUntil(lambda: w.isActiveWindow() and w.actions_panel.buttons[0].isVisible(), timeout=2000)
    QTest.keyClick(w, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    b = w.actions_panel.buttons[0]
    assert QApplication.focusWidget() is b
    label = b.text()
    QTest.keyClick(b, Qt.Key.Key_Space)
    assert len(w.match.history) > n
    assert w._describe(w.match.history[n].action) == label or w.match.history[n].action == b.action
