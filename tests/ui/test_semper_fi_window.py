"""Semper Fi! in the window (issue 12, deliverable 5), driven like a player: the line of sight
while dragging, the fire panel before a fire is committed, the counters' two modes and morale
results, the turn clock, the ammunition and air panels, and hidden units after the hand-over."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.engine.match import Match
from app.games.semper_fi import fire
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import udef

from window_util import bare_window

pytestmark = pytest.mark.gui
SCEN = Path(__file__).resolve().parents[2] / "resources" / "semper-fi" / "scenarios"


def _scenario(name: str) -> dict:
    return tomllib.loads((SCEN / f"{name}.toml").read_text(encoding="utf-8"))


def _to_action_phase(name: str, seed: int = 1) -> Match:
    """Both sides set up at random in their areas; the North Korean player takes the first action
    phase (as in 5.1 with seed 1, where NK units on the ridge can fire at once)."""
    m = Match.start(GAME, _scenario(name), seed=seed)
    while m.state.phase == "setup":
        m.apply(next(a for a in m.legal_actions() if a["type"] in ("place-rest", "end-setup")))
    for _ in range(20):
        if m.state.phase.startswith("action") and not m.state.pending:
            break
        legal = m.legal_actions()
        pick = next((a for a in legal if a["type"] in ("go-first", "pass", "end-phase")), legal[0])
        m.apply(pick)
    return m


def _window(qtbot, m: Match, size=(1366, 768)):
    w = bare_window(qtbot, size)
    w.start_match(m, {"us": "human", "nk": "human"})
    qtbot.waitExposed(w)
    if w.handover.isVisible():
        QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
    return w


def _top(w, hex_id: str) -> str:
    ids = [p["id"] for p in w.scene.pieces if str(p.get("at")) == hex_id and p.get("kind") == "counter"]
    return max(ids, key=lambda u: w.scene.items_by_id[u].zValue())


def test_dragging_a_unit_draws_its_line_of_sight_red_from_the_named_blocking_hex(qtbot) -> None:
    m = _to_action_phase("5-1-morning-assault")
    for a in [a for a in m.legal_actions() if a["type"] == "mode" and a["to"] == "move"][:3]:
        m.apply(a)                                   # on their move side, so they may be dragged
    w = _window(qtbot, m, (1600, 1000))
    st = m.state
    movers = [p for p in w.scene.pieces if p["side"] == st.active and p.get("kind") == "counter"
              and p["at"] in w.scene.board.centre and GAME.drop_targets(st, p["id"])]
    frm = str(movers[0]["at"])
    # a hex the rules say frm cannot see, blocked at a hex between the two
    blocked = None
    for h in sorted(w.scene.board.centre):
        info = GAME.los_line(st, frm, h)
        if not info["visible"] and info["blocked_at"] not in (frm, h) and 3 <= info["range"] <= 6:
            blocked = (h, info)
            break
    assert blocked is not None
    to, info = blocked
    uid = movers[0]["id"]
    w.scene.items_by_id[uid].setZValue(500)          # on top of its stack, where the press lands
    w.view.set_zoom(0.6)
    a_s, b_s = w.scene.board.anchor(frm), w.scene.board.anchor(to)
    w.view.centerOn((a_s + b_s) / 2)
    qtbot.wait(10)
    a = w.view.mapFromScene(w.scene.items_by_id[uid].pos())
    b = w.view.mapFromScene(b_s)
    vp = w.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, QPoint((a.x() + b.x()) // 2, (a.y() + b.y()) // 2))
    QTest.mouseMove(vp, b)
    shown = w.sight_line.info
    text = w.sight_line.text
    pens = [pen.color().name().upper() for _p, _b, pen in w.sight_line.item.shapes if pen is not None]
    labels = [t for _pos, t, _c in w.sight_line.item.texts]
    spot = w.spotting.info
    said = w.statusBar().currentMessage()
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert shown is not None and shown["to"] == to and not shown["visible"]
    assert shown["blocked_at"] == info["blocked_at"]
    assert f"blocked at {info['blocked_at']}" in text and f"Range {info['range']}" in text
    # drawn: a red stretch from the blocking hex on, the blocking hex ringed red, the label on the map
    assert pens.count("#C0392B") >= 2 and "#1E5A2E" in pens and labels == [text]
    # spotting from the hex under the pointer, as the rules' own hook gives it, said in the status bar
    from app.games.semper_fi.presentation import spotting
    assert spot == spotting(GAME, st, st.active, to)
    assert text in said and w.spotting.text in said
    # after the drop the line is gone
    assert w.sight_line.info is None and not w.sight_line.item.shapes


def test_a_clear_line_names_the_range_and_spotting(qtbot) -> None:
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)
    f = next(a for a in m.legal_actions() if a["type"] == "fire")
    w.sight_line.show(f["from"], f["at"])
    info = GAME.los_line(m.state, f["from"], f["at"])
    assert info["visible"]                                   # a legal fire has a line of sight
    assert w.sight_line.text.startswith(f"Range {info['range']} \u00b7 in sight")
    assert f"within {info['spotting']} hex" in w.sight_line.text
    pens = [pen.color().name().upper() for _p, _b, pen in w.sight_line.item.shapes if pen is not None]
    assert "#C0392B" not in pens                             # nothing red on a clear line


def test_the_fire_panel_shows_row_modifiers_and_exact_chances_then_fires(qtbot) -> None:
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)
    f = next(a for a in m.legal_actions() if a["type"] == "fire")
    uid = _top(w, f["from"])
    w.view.set_zoom(0.8)
    w.view.centerOn(w.scene.items_by_id[uid].pos())
    qtbot.wait(10)
    p = w.view.mapFromScene(w.scene.items_by_id[uid].pos())
    QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    cards = w.fire_panel.cards
    assert cards and all(str(c.odds["from"]) == f["from"] for c in cards)
    assert w.fire_panel.heading.text().startswith(f"Fire from {f['from']}")
    card = next(c for c in cards if c.action == f)
    o = card.odds
    # the same numbers the rules resolve with: firepower, column and modifiers, and each chance
    # exactly the share of the 36 rolls of 2d6 that gives that result
    from app.games.semper_fi.actions import sfa_firers
    from app.games.semper_fi.units import values
    fp, used = fire.firepower(m.state, sfa_firers(m.state, f["from"], m.state.active), f["at"])
    mods = fire.modifiers(m.state, f["at"], f["from"], [values(m.state, u).range for u in used], "sfa")
    assert o["firepower"] == fp and o["row"] == fire.preview(fp, mods)["column"]
    assert [(x["label"], x["value"]) for x in o["modifiers"]] == [(r, v) for r, v in mods]
    col, total = fire.column(fp), sum(v for _r, v in mods)
    want = {fire.RESULT_WORDS[k]: Fraction(sum(1 for a in range(1, 7) for b in range(1, 7)
                                               if fire.result_of(col, a + b + total) == k), 36)
            for k in fire.RESULT_WORDS}
    got = dict(o["chances"])
    assert all(isinstance(v, Fraction) for v in got.values())
    assert sum(got.values()) == 1 and got == want
    # what the panel prints: the row, the modifiers and each chance as a fraction of 36
    from PySide6.QtWidgets import QLabel
    texts = " ".join(lab.text() for lab in card.findChildren(QLabel))
    assert f"column <b>{o['row']}</b>" in texts
    for x in o["modifiers"]:
        assert x["label"] in texts
    # pointing at the card draws its line of sight
    w.fire_panel.pointed.emit(o)
    assert w.sight_line.info is not None and w.sight_line.info["to"] == f["at"]
    before = len(w.match.history)
    QTest.mouseClick(card.button, Qt.MouseButton.LeftButton)
    assert len(w.match.history) == before + 1 and w.match.history[-1].action == f
    assert any(e.kind == "fire" and "Area Fire Table" in e.text for e in w.match.events())
    assert all(m.state.units[u].fired for u in used)


def test_counters_show_both_modes_and_morale_results(qtbot) -> None:
    from app.ui.counters import render_piece_image
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)
    st = m.state
    uid = next(u for u, s in st.units.items() if u.startswith("2-5-plt") and s.at in w.scene.board.centre)
    pc = next(p for p in GAME.pieces(st, "us") if p["id"] == uid)
    assert pc["mode"] == st.units[uid].mode and set(pc["modes"]) == {"fire", "move"}
    fire_img = render_piece_image(dict(pc, mode="fire"), 120, tuple(GAME.sides), 1.0).toImage()
    move_img = render_piece_image(dict(pc, mode="move"), 120, tuple(GAME.sides), 1.0).toImage()
    supp_img = render_piece_image(dict(pc, mode="fire", morale="suppressed", flags=["suppressed"]), 120,
                                  tuple(GAME.sides), 1.0).toImage()
    assert fire_img != move_img and fire_img != supp_img
    # the ribbon across the top of a suppressed counter is red
    def reds(img, rows):
        return sum(1 for y in rows for x in range(0, img.width(), 3)
                   if img.pixelColor(x, y).red() > 170 and img.pixelColor(x, y).green() < 90)
    top = range(0, supp_img.height() // 3)
    assert reds(supp_img, top) > 5 * (reds(fire_img, top) + 10)
    from app.ui.mode_counters import other_mode_text
    assert other_mode_text(dict(pc, mode="fire")) == f"move {pc['modes']['move']['values']}"


def test_turn_clock_sides_and_the_ammunition_and_air_panels(qtbot) -> None:
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)
    bar = w.turnbar.where.text()
    assert "17 Aug 0800" in bar and "North Korean" in bar and "Nk" not in bar
    titles = [t for t in w.game_panels.titles]
    assert "Turn clock" in titles and any(t.startswith("Air") for t in titles)
    rows = {p["title"]: dict(p["rows"]) for p in GAME.panels(m.state, w.viewer_side())}
    assert rows["Turn clock"]["Time"] == "17 Aug 0800"
    us = Match.start(GAME, _scenario("5-1-morning-assault"), seed=1)
    assert any(p["title"] == "Ammunition" for p in GAME.panels(us.state, "us"))


def test_hidden_units_are_absent_from_the_other_sides_view_after_the_hand_over(qtbot) -> None:
    m = Match.start(GAME, _scenario("5-1-morning-assault"), seed=1)
    w = _window(qtbot, m)
    # set up both sides from the Actions list, handing the screen over between them
    for _ in range(6):
        if w.match.state.phase != "setup":
            break
        for t in ("place-rest", "end-setup"):
            a = next((x for x in w.match.legal_actions() if x["type"] == t), None)
            if a:
                w.apply_action(a)
        if w.handover.isVisible():
            assert not w.scene.pieces                      # nothing shows under the hand-over
            QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
    st = w.match.state
    hidden = {u for u, s in st.units.items() if s.hidden}
    assert hidden
    for side in ("us", "nk"):
        w.seat = side
        w.refresh()
        shown = {p["id"] for p in w.scene.pieces}
        enemy_hidden = {u for u in hidden if udef(u).side != side}
        assert not (shown & enemy_hidden)
        own_hidden = {u for u in hidden if u not in enemy_hidden and st.units[u].at in w.scene.board.centre}
        assert own_hidden <= shown


def test_spotting_names_revealed_enemy_only() -> None:
    """The spotting hook leaves hidden enemy units out (1.3) and agrees with the rules' sight."""
    from app.games.semper_fi.presentation import spotting
    from app.games.semper_fi.sight import sees, spotting_range
    from app.games.semper_fi.units import bd
    m = _to_action_phase("5-1-morning-assault")
    st = m.state
    b = bd(st)
    us_hex = next(s.at for u, s in st.units.items() if udef(u).side == "us" and s.at in b.hexset)
    info = spotting(GAME, st, "us", us_hex)
    for u, s in st.units.items():
        if udef(u).side == "nk" and s.at in b.hexset and s.hidden and \
                not any(not st.units[v].hidden for v in st.units if st.units[v].at == s.at and udef(v).side == "nk"):
            assert s.at not in info["spots"] and s.at not in info["seen_by"]
    for h in info["spots"]:
        assert any(sees(st, b, us_hex, h, spotting_range(st, b, h, st.units[u].fired, st.units[u].dug_in))
                   for u in st.units if st.units[u].at == h and not st.units[u].hidden)


def test_ending_an_action_phase_hands_the_screen_over(qtbot) -> None:
    """Hotseat: the first action phase ends, the screen is covered until the next player clicks,
    then shows that player's view (their own hidden units, none of the other side's)."""
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)
    first = m.state.active
    w.apply_action(next(a for a in w.match.legal_actions() if a["type"] == "end-phase"))
    for _ in range(10):                          # reactions of the side at the screen, if any
        if w.handover.isVisible() or w.match.state.active != first:
            break
        w.apply_action(next(a for a in w.match.legal_actions() if a["type"] in ("pass", "end-phase")))
    assert w.match.state.active != first and w.handover.isVisible()
    assert not w.scene.pieces and not w.fire_panel.cards            # nothing shows under the cover
    assert "North Korean" in w.handover.title.text() or "US" in w.handover.title.text()
    QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
    assert not w.handover.isVisible() and w.scene.pieces
    now = w.match.state.active
    st = w.match.state
    shown = {p["id"] for p in w.scene.pieces}
    assert not {u for u, s in st.units.items() if s.hidden and udef(u).side != now} & shown


@pytest.mark.parametrize("name", ["4-1-ambush", "5-1-morning-assault"])
@pytest.mark.parametrize("size", [(1366, 768), (1600, 1000)])
def test_window_renders_without_clipped_labels(qtbot, tmp_path, name, size) -> None:
    import os
    from test_play_feel_render import _clipped_labels
    m = _to_action_phase(name)
    w = _window(qtbot, m, size)
    f = next((a for a in m.legal_actions() if a["type"] == "fire"), None)
    if f is not None:
        w.select_piece(_top(w, f["from"]))
        w._update_fires()
        assert w.fire_panel.cards
    qtbot.wait(30)
    img = w.grab().toImage()
    shots = os.environ.get("RIDGELINE_SHOTS")
    if shots:
        img.save(os.path.join(shots, f"semper-fi-{name}-{size[0]}x{size[1]}.png"))
    assert img.save(str(tmp_path / "shot.png"))
    assert _clipped_labels(w) == []
    assert "Nk" not in w.turnbar.where.text() and "Us " not in w.turnbar.where.text()


def test_point_fire_odds_are_the_rules_own_to_the_roll() -> None:
    """A tank's point fire at a T-34: the panel's chances are exact shares of the 36 rolls, the
    modifiers are the rules' point-fire modifiers, and they add up to certainty."""
    from tests.semper_fi.conftest import bare, put
    from app.games.semper_fi.data import tables
    from app.games.semper_fi.preview import fire_odds
    st = bare()
    put(st, "3-a-armor-m-26-1", "12.10")
    put(st, "107-tank-t-3485-1", "12.12", hidden=False, mode="move")
    a = next(x for x in GAME.legal_actions(st) if x["type"] == "point-fire")
    o = fire_odds(st, a)
    total, mods = fire.point_mods(st, a["unit"], a["target"])
    assert [(m["label"], m["value"]) for m in o["modifiers"]] == [(r, v) for r, v in mods]
    pf = tables()["point_fire"]
    kill = Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if x + y + total >= pf["kill"]), 36)
    ch = dict(o["chances"])
    assert ch["knocked out"] == kill and sum(ch.values()) == 1
    assert o["from"] == "12.10" and o["to"] == "12.12"


# -- the window's Actions list, tracks and opening zoom (issue 12, follow-up) -----------------------
def test_the_actions_list_folds_the_fires_the_fire_panel_shows(qtbot) -> None:
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)
    fires = [a for a in m.legal_actions() if a["type"] == "fire"]
    assert fires
    listed = [getattr(b, "action", None) for b in w.actions_panel.buttons]
    assert not any(a in listed for a in fires)                   # no long fire buttons in the list
    head = next(h for h in w.actions_panel.headers if h.text().lstrip("▸▾ ").startswith("Fire"))
    assert "fire panel" in head.text()
    QTest.mouseClick(head, Qt.MouseButton.LeftButton)            # the player opens the group
    head = next(h for h in w.actions_panel.headers if h.text().lstrip("▸▾ ").startswith("Fire"))
    opened = [b.action for b in w.actions_panel.group_buttons]
    assert fires[0] in opened and head.text().startswith("▾")
    b = next(b for b in w.actions_panel.group_buttons if b.action == fires[0])
    n = len(m.history)
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)               # and fires from the list
    assert len(w.match.history) == n + 1 and w.match.history[-1].action == fires[0]


def test_ammunition_and_air_are_drawn_as_tracks_with_markers(qtbot) -> None:
    from app.ui.track_boxes import TrackView
    m = _to_action_phase("5-1-morning-assault")
    m.state.air = [m.state.turn + 2]
    w = _window(qtbot, m)
    w.refresh()
    views = w.game_panels.findChildren(TrackView)
    by_labels = {tuple(b["label"] for b in v.boxes[:2]): v for v in views}
    ammo = by_labels[("0", "1")]
    side = m.state.active
    texts = {mk["text"] for mk in ammo.markers}
    if side == "nk":
        assert {"76H", "122H", "M4", "M6"} <= texts
        mk = next(x for x in ammo.markers if x["text"] == "M4")
        assert ammo.boxes[mk["box"]]["label"] == str(m.state.mortar_fires["18-str4"])
    else:
        assert "105H" in texts
    air = next(v for v in views if v not in (ammo,))
    assert [mk["box"] for mk in air.markers] == [2] and air.boxes[0].get("current")


@pytest.mark.parametrize("name", ["4-1-ambush", "5-1-morning-assault"])
def test_the_set_up_box_is_in_view_when_the_game_opens_in_set_up(qtbot, name: str) -> None:
    m = Match.start(GAME, _scenario(name), seed=1)
    w = _window(qtbot, m)
    qtbot.wait(20)
    slot = w.scene.box_slots["to-set-up"]
    seen = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert seen.contains(slot)                                    # the whole box, after the hand-over
    w.resize(1200, 700)                                           # and after a resize
    qtbot.wait(20)
    seen = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert seen.contains(w.scene.box_slots["to-set-up"])
    board = w.scene.board.rect()
    assert seen.contains(board.center())


def test_other_games_keep_the_board_fit_at_opening(qtbot) -> None:
    from app.ui import view_focus
    m = _to_action_phase("5-1-morning-assault")
    w = _window(qtbot, m)                                         # in play: no box asked for
    assert view_focus.opening_rect(w.view, GAME, m.state) is None
    assert w.view.auto_fit


def _panel_words(w) -> str:
    from PySide6.QtWidgets import QLabel
    return " ".join(lab.text() for lab in w.game_panels.findChildren(QLabel) if lab.isVisibleTo(w.game_panels))


def test_c12_8_company_op_sheets_show_to_their_owner_only_across_the_hand_over(qtbot) -> None:
    """4.1 with Op Sheets, set up from the Actions list as players do: the North Korean player
    draws and places first; after the hand-over the US player's Op sheets panel lists A/1/5, B/1/5
    and the battalion's other units, each waiting in reserve, and the North Korean one never did."""
    m = Match.start(GAME, _scenario("4-1-ambush"), seed=1, options={"opsheets": True})
    w = _window(qtbot, m)
    assert w.viewer_side() == "nk"
    head = next(h for h in w.actions_panel.headers if "Op sheets" in h.text())
    QTest.mouseClick(head, Qt.MouseButton.LeftButton)
    labels = [b.text() for b in w.actions_panel.group_buttons]
    assert any(t.startswith("Draw up Attack sheet for 2nd Bn, 15th NKPA Regt") for t in labels), labels
    assert not any("1/5" in t for t in labels)
    nk_words = _panel_words(w)
    assert "Op sheets" in w.game_panels.titles and "A/1/5" not in nk_words and "1/5 Marines" not in nk_words
    QTest.mouseClick(next(b for b in w.actions_panel.buttons if b.text().startswith("Set up the remaining")),
                     Qt.MouseButton.LeftButton)
    for _ in range(3):
        if w.handover.isVisible():
            QTest.mouseClick(w.handover.button, Qt.MouseButton.LeftButton)
        if w.viewer_side() == "us":
            break
        end = next((a for a in w.match.legal_actions() if a["type"] == "end-setup"), None)
        if end:
            w.apply_action(end)
    assert w.viewer_side() == "us"
    words = _panel_words(w)
    for name in ("A/1/5", "B/1/5", "1/5 Marines (battalion units)"):
        assert name in words, words
    assert "waiting" in words and "15th NKPA" not in words
    info = next(p for p in w.scene.pieces if p["id"] == "1-5-plt-4")["info"]
    assert "Orders: B/1/5's Reserve sheet, waiting to be committed" in info


def test_c12_8_the_new_game_dialog_offers_op_sheets_by_company_and_by_platoon(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))
    from app.ui.dialogs import NewGameDialog
    from app.games.semper_fi import orders
    from app.games.semper_fi.setup import setup_state
    dlg = NewGameDialog(None, "semper-fi")
    qtbot.addWidget(dlg)
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("4-1-ambush"))
    assert {"opsheets", "opsheets-platoons"} <= set(dlg.variant_checks)
    box = dlg.variant_checks["opsheets-platoons"]
    assert box.text() == "Op Sheets by Platoon" and "platoon" in box.toolTip()
    dlg.show()
    qtbot.waitExposed(dlg)
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    opts = dlg.result_config()["options"]
    assert opts.get("opsheets-platoons") is True
    st = setup_state(_scenario("4-1-ambush"), opts, 1)
    assert "1-5-plt-1" in orders.formations(st, "us")


def test_switching_scenarios_leaves_no_old_variant_switch_on_screen(qtbot, tmp_path, monkeypatch) -> None:
    """The old check boxes were only deleteLater()'d: until the deferred delete ran they stayed
    drawn over the new ones ("Op Sheets" over 7.3's switches)."""
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))
    from PySide6.QtWidgets import QCheckBox
    from app.ui.dialogs import NewGameDialog
    dlg = NewGameDialog(None, "semper-fi")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("4-1-ambush"))
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("7-3-night-of-fire"))
    from PySide6.QtWidgets import QApplication
    QApplication.processEvents()        # the new boxes show; a deferred delete would still wait
    shown = {cb.text() for cb in dlg.variants_box.findChildren(QCheckBox) if cb.isVisible()}
    assert shown == {cb.text() for cb in dlg.variant_checks.values()}
    assert "Op Sheets" not in shown
