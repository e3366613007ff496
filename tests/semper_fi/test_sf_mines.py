"""Our minefield rules C15.1 for 7.1's Minefields variant (1.7f): laid hidden by the Marines at
set-up, set off by a Chinese unit moving in (a die on the scenario's table), known from then on;
shown only to whom may see them; the AI lays them and steers clear of the known ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.engine.match import Match
from app.engine.position import position_scenario, position_toml
from app.engine.scenario import load_scenario
from app.games.semper_fi import mines
from app.games.semper_fi.data import board
from app.games.semper_fi.game import GAME
from app.games.semper_fi.scenario import area_cached
from app.games.semper_fi.state import SFState

from tests.semper_fi.conftest import Dice, scenario

AS = "7-1-assault-on-the-airstrip"
ON = {"minefields": True}


def _start(opts: dict[str, Any] | None = None, seed: int = 3) -> Match:
    return Match.start(GAME, scenario(AS), seed=seed, options=ON if opts is None else opts, keep_snapshots=False)


def _us_placed(seed: int = 3) -> Match:
    m = _start(seed=seed)
    m.apply({"type": "place-rest"})
    return m


def _lay_all(m: Match) -> None:
    while True:
        lays = [a for a in m.legal_actions() if a["type"] == "lay-mine"]
        if not lays:
            return
        m.apply(lays[len(lays) // 2])


def _field_test(st: SFState, mine_at: str = "16.12", start_at: str = "16.11") -> str:
    """A bare night position in the Chinese action phase: one Chinese platoon in move mode next
    to a minefield; returns the platoon's id."""
    for s in st.units.values():
        s.at = "elim"
    st.phase, st.setup_order = "action-1", []
    st.active = st.turn_side = st.first = st.initiative = "nk"
    uid = "1-172-plt-1"
    s = st.units[uid]
    s.at, s.mode, s.hidden, s.acted, s.steps = start_at, "move", True, "", 5
    st.units["item-3-1-plt-1"].at = "20.02"                   # somebody on the map, far away
    st.mines = {mine_at: mines.HIDDEN}
    st.visibility = 6                                          # the hour's snow roll (1.5)
    return uid


def test_c15_1a_no_minefields_without_the_variant() -> None:
    m = _start(opts={})
    m.apply({"type": "place-rest"})
    assert not [a for a in m.legal_actions() if a["type"] == "lay-mine"]


def test_c15_1a_the_marines_lay_12_near_their_units_never_in_the_chinese_area() -> None:
    m = _us_placed()
    st = m.state
    b = board("hagaru")
    lays = [a["hex"] for a in m.legal_actions() if a["type"] == "lay-mine"]
    own = {s.at for u, s in st.units.items() if s.at in b.hexset}
    chinese = set().union(*(area_cached(b, e["area"]) for e in st.scen["setup"] if e["side"] == "nk"))
    assert lays and all(min(b.grid.distance(h, o) for o in own) <= 2 for h in lays)
    assert not set(lays) & chinese and all(b.terrain(h) != "water" for h in lays)
    assert {"type": "end-setup"} in m.legal_actions()             # mines are a choice, not a duty
    _lay_all(m)
    assert len(m.state.mines) == 12 and set(m.state.mines.values()) == {"hidden"}


def test_c15_1b_the_chinese_are_not_shown_hidden_minefields() -> None:
    m = _us_placed()
    _lay_all(m)
    m.apply({"type": "end-setup"})
    st = m.state
    assert GAME.view(st, "nk")["mines"] == {} and len(GAME.view(st, "us")["mines"]) == 12
    assert not [p for p in GAME.pieces(st, "nk") if p["id"].startswith("mines@")]
    marks = [p for p in GAME.pieces(st, "us") if p["id"].startswith("mines@")]
    assert len(marks) == 12 and all(p["kind"] == "marker" and p["at"] in st.mines for p in marks)
    assert not any(h in GAME.prompt(st) for h in st.mines)


@pytest.mark.parametrize("face, lost, morale", [(1, 0, ""), (2, 0, ""), (3, 0, "suppressed"),
                                                (4, 0, "suppressed"), (5, 1, ""), (6, 1, "suppressed")])
def test_c15_1c_a_chinese_unit_moving_in_stops_and_rolls_on_the_table(face: int, lost: int, morale: str) -> None:
    st = _start().state
    uid = _field_test(st)
    move = {"type": "move", "unit": uid, "to": "16.12"}
    assert move in GAME.legal_actions(st)
    ctx = Dice(st.rng, [face])
    GAME.apply(st, move, ctx)
    s = st.units[uid]
    assert s.at == "16.12" and 5 - s.steps == lost and s.morale == morale
    assert s.acted == "moved" and not s.hidden                  # stopped, and the blast shows it
    assert st.mines["16.12"] == "known" and GAME.view(st, "nk")["mines"] == {"16.12": "known"}
    assert any(e.rule == "C15.1" for e in ctx.events)
    assert not [a for a in GAME.legal_actions(st) if a.get("unit") == uid and a["type"] == "move"]


def test_c15_1c_a_known_field_still_hits_the_next_unit() -> None:
    st = _start().state
    uid = _field_test(st)
    st.mines["16.12"] = mines.KNOWN
    GAME.apply(st, {"type": "move", "unit": uid, "to": "16.12"}, Dice(st.rng, [5]))
    assert st.units[uid].steps == 4


def test_c15_1d_marines_cross_their_own_minefields() -> None:
    st = _start().state
    _field_test(st)
    st.active = st.turn_side = st.first = st.initiative = "us"
    s = st.units["item-3-1-plt-1"]
    s.at, s.mode, s.acted = "16.11", "move", ""
    GAME.apply(st, {"type": "move", "unit": "item-3-1-plt-1", "to": "16.12"}, Dice(st.rng, [6]))
    assert s.steps == 5 and s.acted == "moving" and st.mines["16.12"] == "hidden"


def test_c15_1_the_ai_lays_every_field_on_the_enemy_side_and_avoids_known_ones() -> None:
    from app.ai.semper_fi.player import make_ai
    m = _us_placed()
    ai = make_ai(seed=2, side="us")
    while m.state.active == "us" and m.state.phase == "setup":
        m.apply(ai.choose(m, m.legal_actions()))
    st = m.state
    assert len(st.mines) == 12
    b = board("hagaru")
    own = {s.at for u, s in st.units.items() if u.startswith(("how", "item", "wpns", "dog", "4-dog", "hq-1")) and s.at in b.hexset}
    assert len(set(st.mines) - own) >= 10                       # in front of the positions, not on them
    st2 = _start().state
    uid = _field_test(st2, mine_at="16.12", start_at="16.11")
    st2.mines["16.12"] = mines.KNOWN
    nk = make_ai(seed=2, side="nk")
    from app.ai.semper_fi.player import _Ctx
    c = _Ctx(st2, "nk")
    legal = [a for a in GAME.legal_actions(st2) if a["type"] == "move" and a["unit"] == uid]
    scores = {a["to"]: nk.score(st2, a, c) for a in legal}
    assert "16.12" in scores and scores["16.12"] < min(v for h, v in scores.items() if h != "16.12")


def test_c15_1_a_position_keeps_the_minefields_and_what_the_chinese_know(tmp_path: Path) -> None:
    m = _us_placed()
    _lay_all(m)
    m.state.mines[sorted(m.state.mines)[0]] = mines.KNOWN
    doc = position_scenario(m.game, m.state, m.scenario, m.options)
    p = tmp_path / "pos.toml"
    p.write_text(position_toml(doc), encoding="utf-8")
    game, loaded = load_scenario(p)
    back = Match.start(game, loaded.data, seed=5, keep_snapshots=False)
    assert back.state.mines == m.state.mines
    assert back.digest() == m.digest()


def test_c15_1_bad_minefield_tables_are_refused_with_their_field() -> None:
    sc = scenario(AS)
    var = next(v for v in sc["variant"] if v["id"] == "minefields")
    var["set"]["rules.mines"]["effect"] = ["none", "boom"]
    errs = GAME.validate_scenario(sc)
    assert any(path == "rules.mines.effect" and "6 results" in msg for path, msg in errs)
    var["set"]["rules.mines"] = {"count": 0}
    assert any(path == "rules.mines.count" for path, _ in GAME.validate_scenario(sc))


def test_7_1_minefields_variant_is_offered_as_a_switch() -> None:
    assert "minefields" in {v["id"] for v in GAME.variants(scenario(AS))}
    assert mines.spec(_start().state)["count"] == 12 and not mines.spec(_start(opts={}).state)
