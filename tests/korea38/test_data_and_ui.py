"""Data and scenario validation, explanations, and the presentation hooks."""

from __future__ import annotations

from pathlib import Path

from app.games.korea38 import GAME
from app.games.korea38.crt import parse_result, validate_crt
from app.games.korea38.data import validate_counters, validate_file, validate_turns

from tests.korea38.fixtures.build import CRT, make_data, scenario, start, unit
from tests.korea38.fixtures.mini import campaign


def test_validate_scenario_reports_bad_hexes_units_and_phases():
    campaign()
    sc = campaign()
    sc["piece"] = [{"id": "kpa-1", "at": "9999"}, {"id": "no-such-unit", "at": "1206"},
                   {"id": "kpa-2", "at": "1000"}, {"id": "f51-1", "at": "1206"}]
    sc["control"] = {"1206": "communist", "1301": "martians"}
    sc["start"]["phase"] = "lunch"
    problems = dict(GAME.validate_scenario(sc))
    assert "piece[0].at" in problems and "piece[1].id" in problems
    assert "sea" in problems["piece[2].at"]
    assert "air" in problems["piece[3].at"]
    assert "control.1206" in problems and "control.1301" in problems
    assert "start.phase" in problems
    assert GAME.validate_scenario(campaign()) == []


def test_validate_data_files():
    bad = {"unit": [{"id": "x", "side": "allied", "nation": "kpa", "type": "tank", "strength": [3, 5],
                     "move": -1},
                    {"id": "x", "side": "communist", "nation": "kpa", "type": "infantry",
                     "strength": [4, 2], "move": 4, "arrival": 2, "setup": "2012"}]}
    probs = dict(validate_counters(bad))
    assert {"unit[0].nation", "unit[0].type", "unit[0].move", "unit[1].id", "unit[1]"} <= set(probs)
    assert dict(validate_crt({"results": {"1:1": ["NE", "XX", "DR", "DR", "DR", "DR"], "3:1": ["DR"] * 6}}))
    assert validate_crt(CRT) == []
    assert dict(validate_turns({"turn": [{"number": 1, "rp": {"zz": 1}}, {"number": 1}]}))
    assert validate_file(Path("resources/korea38/notes.md"), {}) is None
    assert validate_file(Path("resources/korea38/crt.toml"), CRT) == []


def test_crt_codes():
    r = parse_result("DRL")
    assert r.retreat and r.defender_steps == 1
    assert parse_result("AL/DR").attacker_steps == 1 and parse_result("AL/DR").retreat
    assert parse_result("NE").no_effect


def test_explain_cites_rules():
    make_data("ui", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")])
    m = start("ui", phase="communist-precombat", pieces={"kpa-1": "2010", "rok-1": "2018"})
    assert GAME.check(m.state, {"type": "move", "unit": "kpa-1", "to": "2011"}).rule == "8.1"
    assert GAME.check(m.state, {"type": "move", "unit": "rok-1", "to": "2017"}) is not None
    assert GAME.check(m.state, {"type": "fly"}).reason.startswith("unknown")
    assert GAME.check(m.state, {"type": "declare-done"}).rule == "4.0"


def test_presentation_hooks():
    sc = campaign()
    from app.engine.match import Match
    m = Match.start(GAME, sc, seed=3)
    st = m.state
    pcs = {p["id"]: p for p in GAME.pieces(st, None)}
    assert pcs["kpa-1"]["at"] == "1206" and pcs["kpa-1"]["values"] == "8-4"
    assert pcs["rok-1"]["reduced"] is True and pcs["rok-1"]["colour"]
    assert pcs["us-24"]["at"] == "box:reinforcements"
    board = GAME.board_data(st)
    assert board["kind"] == "hexmap"
    assert GAME.prompt(st)
    titles = [p["title"] for p in GAME.panels(st, None)]
    assert "Turn track" in titles and "UN amphibious actions" in titles
    track = dict(map(tuple, GAME.panels(st, None)[0]["rows"]))
    assert track["To act"] == "Communist"      # a side's name, never its id
    ov = {o["id"] for o in GAME.overlays(st, None)}
    assert {"mig-alley", "in-communication-allied", "in-communication-communist"} <= ov
    for a in m.legal_actions():
        assert GAME.describe_action(st, a)
    m.apply({"type": "end-phase"})          # to pre-combat (turn 1 is a surprise turn)
    dt = GAME.drop_targets(m.state, "kpa-1")
    assert dt and all(v["cost"] is not None for v in dt.values())
    assert all(v["action"]["type"] == "move" for v in dt.values())
