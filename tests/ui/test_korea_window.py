"""Korea: The Fight Across the 38th played in the window by mouse, on small hand-made maps: a
battle built by clicks with the odds updating live, declared, resolved, the retreat picked by a
click on the map and the advance made by a drag; air power and the MiG-15 from the combat panel;
moves in legs; the date, the victory status and the In Communication overlay."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.engine.match import Match
from app.games.korea38 import GAME
from tests.korea38.fixtures.build import edge_road, air, make_data, scenario, turns, unit

from window_util import click, drag, korea_window, piece_point as pt, place_point as hx

pytestmark = pytest.mark.gui

OFFENSIVE = turns(t4={"offensive": {"communist": True, "allied": True}})


def press_button(w, name):
    b = w.battle_panel.button(name)
    assert b is not None, f"no {name!r} button; have {sorted(w.battle_panel.buttons)}"
    assert b.isEnabled(), f"{name!r} is disabled"
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)


def column(w):
    return (w.battle_panel.model.get("breakdown") or {}).get("column")


def click_pieces(w, *pids: str) -> None:
    """Click each piece in turn (a defender, then the units joining the battle)."""
    for pid in pids:
        click(w, pt(w, pid))


def declare_and_resolve(w) -> None:
    """Declare the battle being built, finish declaring, resolve the first battle."""
    press_button(w, "declare")
    press_button(w, "done")
    press_button(w, "resolve:0")


# -- a battle from declaration to advance, by mouse -------------------------------------------------

def battle_scenario():
    """Two KPA divisions (8 each) north of a ROK division (5) in open country, all In
    Communication (a road along the north edge; an Allied port at 2017): 16 to 5 is 3:1, where every result
    of the test CRT makes the defender retreat."""
    make_data("ui-k38", units=[unit("kpa-1", "kpa", strength=(8, 4)), unit("kpa-2", "kpa", strength=(8, 4)),
                               unit("rok-1", "rok", strength=(5, 3))],
              features={"2017": ["city", "port"]}, turn_track=OFFENSIVE, roads=edge_road())
    return scenario("ui-k38", turn=4, phase="communist-combat",
                    pieces={"kpa-1": "2013", "kpa-2": "2113", "rok-1": "2014"})


def test_declare_resolve_retreat_and_advance_by_mouse(qtbot):
    w = korea_window(qtbot, battle_scenario(), seed=2)
    st = w.match.state
    assert st.phase == "communist-combat" and st.combat_step == "declare"
    assert w.battle_panel.isVisible()
    # the defender first: it is ringed and the units that may join it light up
    click(w, pt(w, "rok-1"))
    assert w._draft == {"defender": "rok-1", "actions": []}
    assert len(w.battle_hi.shapes) == 3
    # one attacker: 8 to 5 is 1:1, shown before anything is declared
    click(w, pt(w, "kpa-1"))
    assert column(w) == "1:1"
    assert w.match.state.battles == []
    click(w, pt(w, "kpa-2"))
    assert column(w) == "3:1"
    bd = w.battle_panel.model["breakdown"]
    assert bd["base_odds"] == "3:1" and bd["faces"] and sum(map(float, bd["probabilities"].values())) == pytest.approx(1)
    assert set(bd["retreat"]) and all(u["role"] == "attack" for u in w.battle_panel.model["units"])
    # a second click takes a unit out, the odds follow; a third puts it back
    click(w, pt(w, "kpa-2"))
    assert column(w) == "1:1"
    click(w, pt(w, "kpa-2"))
    assert column(w) == "3:1"
    # the draft already has its odds marker on the map
    assert [it["text"] for it in w.battle_layer.items] == ["3-1"]
    press_button(w, "declare")
    b = w.match.state.battles[0]
    assert b.defender == "rok-1" and sorted(b.attackers) == ["kpa-1", "kpa-2"]
    assert w._draft is None
    press_button(w, "done")
    assert w.match.state.combat_step == "resolve"
    assert [it["text"] for it in w.battle_layer.items] == ["3-1"]
    assert len(w.battle_layer.items[0]["arrows"]) == 2
    press_button(w, "resolve:0")
    st = w.match.state
    assert st.battles[0].result in ("DR", "DRL") and st.battles[0].roll
    assert any("Result" in t for t in w.log.texts())
    # 9.3: the attacker picks the retreat: the defender's legal end hexes light up on the map
    assert st.pending and st.pending[0].kind == "retreat"
    assert w._targets_for == "rok-1" and w._targets
    want = GAME.drop_targets(st, "rok-1")
    assert set(w._targets) == set(want)
    end = sorted(h for h, info in w._targets.items() if "choices" not in info)[0]
    path = w._targets[end]["path"]
    click(w, hx(w, end))
    st = w.match.state
    assert st.units["rok-1"].at == end
    assert any("retreats" in t for t in w.log.texts())
    assert path[0] == "2014" and path[-1] == end
    # then the advance: the attackers that may go in are ringed; drag one into the hex
    assert st.pending and st.pending[0].kind == "advance"
    assert len(w.focus_item.shapes) == 2
    drag(w, pt(w, "kpa-2"), hx(w, "2014"))
    st = w.match.state
    assert st.units["kpa-2"].at == "2014" and not st.pending
    assert st.battles[0].resolved
    assert w.battle_layer.items[0]["resolved"]


def test_stay_button_and_a_refused_unit_says_why(qtbot):
    w = korea_window(qtbot, battle_scenario(), seed=2)
    click(w, pt(w, "rok-1"))
    click(w, pt(w, "kpa-1"))
    # right-click offers the roles the rules allow for this unit (here only attack)
    declare_and_resolve(w)
    st = w.match.state
    if st.pending and st.pending[0].kind == "retreat":
        end = sorted(h for h, info in w._targets.items() if "choices" not in info)[0]
        click(w, hx(w, end))
    st = w.match.state
    if st.pending and st.pending[0].kind == "advance":
        press_button(w, "stay")
        assert w.match.state.units["kpa-1"].at == "2013" and not w.match.state.pending


def test_esc_drops_the_battle_being_built(qtbot):
    w = korea_window(qtbot, battle_scenario())
    click(w, pt(w, "rok-1"))
    click(w, pt(w, "kpa-1"))
    assert w._draft["actions"]
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    assert w._draft is None and not w.battle_layer.items and w.match.state.battles == []


def test_a_step_loss_is_taken_by_clicking_the_ringed_unit(qtbot):
    # 8 + 8 against a 16: 1:1, where the test CRT gives AL on a 1 or 2; find such a seed first
    make_data("ui-k38-loss", units=[unit("kpa-1", "kpa", strength=(8, 4)), unit("kpa-2", "kpa", strength=(8, 4)),
                                    unit("rok-1", "rok", strength=(16, 8))],
              features={"2017": ["city", "port"]}, turn_track=OFFENSIVE, roads=edge_road())
    sc = scenario("ui-k38-loss", turn=4, phase="communist-combat",
                  pieces={"kpa-1": "2013", "kpa-2": "2113", "rok-1": "2014"})
    for seed in range(1, 60):
        m = Match.start(GAME, sc, seed=seed)
        for a in ({"type": "declare-add", "defender": "rok-1", "unit": "kpa-1", "role": "attack"},
                  {"type": "declare-add", "defender": "rok-1", "unit": "kpa-2", "role": "attack"},
                  {"type": "declare-done"}, {"type": "resolve", "battle": 0}):
            m.apply(a)
        if m.state.pending and m.state.pending[0].kind == "loss":
            break
    w = korea_window(qtbot, sc, seed=seed)
    click_pieces(w, "rok-1", "kpa-1", "kpa-2")
    assert column(w) == "1:1"
    declare_and_resolve(w)
    st = w.match.state
    assert st.pending[0].kind == "loss" and st.battles[0].result == "AL"
    assert len(w.focus_item.shapes) == 2                  # both attackers are ringed
    click(w, pt(w, "kpa-2"))
    st = w.match.state
    assert st.units["kpa-2"].reduced and not st.units["kpa-1"].reduced and not st.pending


# -- air power and the MiG-15 from the combat panel ---------------------------------------------------

def air_scenario():
    make_data("ui-k38-air", units=[unit("us-1", "us", strength=(8, 4)), unit("us-2", "us", strength=(8, 4)),
                                   unit("kpa-1", "kpa", strength=(8, 4)),
                                   air("f80"), air("f51"), air("mig", side="communist", role="cancel")],
              mig_alley=["2013", "2014", "2012", "2113", "2112"], features={"2017": ["city", "port"]},
              turn_track=OFFENSIVE, roads=edge_road())
    return scenario("ui-k38-air", turn=4, phase="allied-combat",
                    pieces={"us-1": "2015", "us-2": "2114", "kpa-1": "2014",
                            "f80": "air", "f51": "air", "mig": "air"})


def test_air_power_chosen_in_the_combat_panel_and_the_mig(qtbot):
    w = korea_window(qtbot, air_scenario())
    click_pieces(w, "kpa-1", "us-1", "us-2")
    assert column(w) == "2:1"
    declare_and_resolve(w)
    st = w.match.state
    assert st.pending[0].kind == "air" and st.active == "allied"
    boxes = w.battle_panel.air_boxes
    assert set(boxes) == {"f51", "f80"}
    boxes["f80"].setChecked(True)          # the odds show the air unit before it is committed
    assert column(w) == "3:1"
    assert any("air" in s["label"].lower() for s in w.battle_panel.model["breakdown"]["shifts"])
    press_button(w, "air")
    st = w.match.state
    assert st.battles[0].air == ["f80"]
    # the Communist player may cancel it with the MiG-15 over MiG Alley
    assert st.pending[0].kind == "mig" and st.active == "communist"
    press_button(w, "mig:f80")
    st = w.match.state
    assert st.battles[0].mig_cancel == "f80" and st.battles[0].roll


# -- moving in legs ------------------------------------------------------------------------------------

def test_move_in_legs_by_dragging_twice(qtbot):
    make_data("ui-k38-legs", units=[unit("kpa-1", "kpa"), unit("kpa-2", "kpa")],
              features={"2016": ["city"]})
    sc = scenario("ui-k38-legs", phase="communist-movement", pieces={"kpa-1": "2013", "kpa-2": "1813"},
                  control={"2016": "allied"})
    w = korea_window(qtbot, sc)
    drag(w, pt(w, "kpa-1"), hx(w, "2014"))
    st = w.match.state
    assert st.units["kpa-1"].at == "2014" and st.moving == "kpa-1" and st.move_left == 3
    # the unit stays picked up: its remaining destinations are lit, the trail so far is drawn
    assert w._targets_for == "kpa-1" and "2017" in w._targets and "2018" not in w._targets
    assert "move-trail" in [o.get("id") for o in w._overlays]
    assert "moving" in w.scene.piece("kpa-1")["flags"]
    drag(w, pt(w, "kpa-1"), hx(w, "2114"))
    drag(w, pt(w, "kpa-1"), hx(w, "2115"))
    st = w.match.state
    assert st.units["kpa-1"].at == "2115" and st.control["2016"] == "allied" and st.move_left == 1
    assert st.move_trail == ["2013", "2014", "2114", "2115"]
    # moving another unit ends the first one's move
    drag(w, pt(w, "kpa-2"), hx(w, "1814"))
    drag(w, pt(w, "kpa-1"), hx(w, "2116"))
    assert w.match.state.units["kpa-1"].at == "2115"
    assert "8.1" in w.statusBar().currentMessage()


# -- the turn's date, victory status, In Communication -------------------------------------------------

def test_date_victory_status_and_in_communication_overlay(qtbot):
    w = korea_window(qtbot, battle_scenario())
    assert "T4" in w.turnbar.where.text() and "Communist Combat" in w.turnbar.where.text()
    assert w.game_panels.titles[0].startswith("Victory status")
    w.act_victory.trigger()
    dlg = w._victory_dialog
    assert dlg is not None and dlg.isVisible()
    assert "victory" in dlg.head.text().lower() and "5.3" in dlg.table.text()
    # In Communication and isolation: one View-menu toggle shows the whole group
    act = next(a for n, a in w._group_actions.items() if n.startswith("In Communication"))
    before = len(w.scene.overlay_item.shapes)
    act.trigger()
    assert len(w.scene.overlay_item.shapes) > before
    act.trigger()
    assert len(w.scene.overlay_item.shapes) == before
    # the hexes that count for 5.3, from the victory dialog
    dlg.show_map.setChecked(True)
    assert any("held-" in k for k in [o.get("id", "") for o in w._overlays])
    dlg.hide()


def test_two_retreat_paths_to_one_hex_are_offered_in_a_menu(qtbot):
    w = korea_window(qtbot, battle_scenario(), seed=2)
    click_pieces(w, "rok-1", "kpa-1", "kpa-2")
    declare_and_resolve(w)
    assert w.match.state.pending[0].kind == "retreat"
    info = w._targets["1915"]                          # by 1914 or by 2015
    assert sorted(c["path"][1] for c in info["choices"]) == ["1914", "2015"]
    second = info["choices"][1]["path"]
    click(w, hx(w, "1915"))
    menu = w._choice_menu
    assert menu is not None and menu.isVisible()
    assert sorted(a.text() for a in menu.actions()) == ["via 1914 -> 1915", "via 2015 -> 1915"]
    menu.actions()[1].trigger()
    menu.hide()
    st = w.match.state
    assert st.units["rok-1"].at == "1915"
    assert any(" -> ".join(second) in t for t in w.log.texts())
