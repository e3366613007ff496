"""The computer and op sheets (C12): it draws sheets that fit its side's task before set-up,
writes new ones in play through the legal actions, and its units then keep to them; and a whole
game of an op-sheet variant, computer against computer, ends without an illegal action."""

from __future__ import annotations

from types import SimpleNamespace

from app.ai.selfplay import play_one
from app.ai.semper_fi import op_sheets
from app.ai.semper_fi.player import make_ai
from app.engine.scenario import load_scenario
from app.games.semper_fi import orders
from app.games.semper_fi.game import GAME
from app.games.semper_fi.sequence import opsheet_commitment
from app.games.semper_fi.setup import setup_state
from app.games.semper_fi.state import OpSheet
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import SCEN, Dice, act, bare, put, scenario


def _choose(st, side: str):
    legal = GAME.legal_actions(st)
    a = make_ai(seed=3, side=side).choose(SimpleNamespace(state=st), legal)
    assert a in legal
    return a


def test_c12_3_the_ai_draws_defence_sheets_spread_over_the_objectives() -> None:
    st = setup_state(scenario("5-2-1-5-to-the-fore"), {"opsheets": True}, 1)
    assert st.active == "nk"
    while (a := _choose(st, "nk"))["type"] == "draw-sheet":
        act(st, a)
    hills = {"Hill 102", "Hill 109", "Hill 117", "Hill 143"}
    nk = orders.formations(st, "nk")
    assert all(st.opsheets[f] == "prepared-defense" for f in nk)
    assert len({st.objectives[f] for f in nk}) == len(nk) and {st.objectives[f] for f in nk} <= hills
    assert a["type"] == "place"                                        # then it sets up


def test_c12_6_the_ai_draws_within_5_2s_kinds_for_2_5() -> None:
    st = setup_state(scenario("5-2-1-5-to-the-fore"), {"opsheets": True}, 1)
    st.setup_order = ["us"]
    st.active = "us"
    while (a := _choose(st, "us"))["type"] == "draw-sheet":
        act(st, a)
    assert st.opsheets["2-5"] == "hasty-defense" and st.objectives["2-5"] == "Observation Hill"
    assert st.opsheets["1-5"] == "attack" and st.objectives["1-5"] in {"Hill 102", "Hill 109", "Hill 117", "Hill 143"}


def _hasty_marines():
    st = bare(rules={"op_sheets": True}, opsheets={"us": "hasty-defense", "nk": "prepared-defense"})
    put(st, "2-5-plt-1", "12.10", mode="move")
    put(st, "1-18-plt-1", "4.05", hidden=False)
    orders.initial_sheets(st)
    st.objectives["2-5"] = "Observation Hill"                          # 11.10
    return st


def test_c12_3_the_ai_writes_an_attack_sheet_and_then_follows_it() -> None:
    st = _hasty_marines()
    held = [a["to"] for a in GAME.legal_actions(st) if a["type"] == "move"]
    assert all(bd(st).grid.distance(h, "11.10") <= 3 for h in held)    # the leash of Hasty Defense
    a = _choose(st, "us")
    assert a == {"type": "write-sheet", "formation": "2-5", "kind": "attack", "objective": "Hill 102"}
    act(st, a)
    assert st.drafts["2-5"] == OpSheet("attack", "Hill 102", 0)
    assert _choose(st, "us")["type"] != "write-sheet"                  # one sheet at a time
    opsheet_commitment(st, Dice(st.rng, [6, 6]))                       # 12 + 3 weighted >= 9 + 3
    assert st.opsheets["2-5"] == "attack" and st.objectives["2-5"] == "Hill 102"
    st.units["2-5-plt-1"].acted = ""
    move = _choose(st, "us")
    assert move["type"] == "move"
    g = bd(st).grid
    assert g.distance(move["to"], "7.13") < g.distance("12.10", "7.13")  # on toward Hill 102
    assert op_sheets.move_pull(st, move) > 0
    assert _choose(st, "us")["type"] != "write-sheet"                  # the new sheet will do


def test_c12_1_the_ai_defender_closes_on_its_sheets_objective() -> None:
    st = bare(rules={"op_sheets": True}, opsheets={"us": "attack", "nk": "prepared-defense"})
    put(st, "1-18-plt-1", "7.08", mode="move")
    put(st, "2-5-plt-1", "12.16", hidden=False)
    orders.initial_sheets(st)
    st.objectives["1-18"] = "Hill 102"                                 # 7.13, 5 hexes off
    st.active = st.turn_side = "nk"
    a = _choose(st, "nk")
    assert a["type"] == "move"
    g = bd(st).grid
    assert g.distance(a["to"], "7.13") < g.distance("7.08", "7.13")


def test_c12_ai_against_ai_plays_the_5_2_op_sheets_variant_to_the_end() -> None:
    game, loaded = load_scenario(SCEN / "5-2-1-5-to-the-fore.toml")
    data = dict(loaded.data, options={"opsheets": True})
    seen: list[dict] = []

    def check(match) -> None:
        a = match.history[-1].action
        if a["type"] in ("draw-sheet", "write-sheet"):
            seen.append(a)
    r = play_one(game, data, 1, ["ai", "ai"], check=check)               # raises on an illegal action
    assert r.outcome and r.outcome["level"]
    assert {a["type"] for a in seen} == {"draw-sheet", "write-sheet"}
    assert {a["formation"] for a in seen if a["type"] == "draw-sheet"} >= {"1-5", "2-5", "1-18"}
