"""Naval transport (11.1), amphibious assault (11.2 - 11.4) and retreat by sea (9.3)."""

from __future__ import annotations

from app.games.korea38 import GAME
from app.games.korea38.zoc import Board

from tests.korea38.fixtures.build import make_data, start, turns, unit

FEATURES = {"2020": ["city", "port", "star-city"], "2216": ["city", "port"], "1812": ["city", "port"],
            "2310": ["city", "port"], "1817": ["city", "port"], "2015": ["city", "capital"],
            "2011": ["city", "star-city"]}


def naval_data(key="nav", offensive_t4=False):
    t = turns(t4={"offensive": {"allied": offensive_t4, "communist": False}})
    units = [unit("us-1", "us"), unit("us-2", "us"), unit("us-3", "us"), unit("rok-1", "rok"),
             unit("cw-1", "cw"), unit("kpa-1", "kpa", strength=(2, 1)), unit("kpa-2", "kpa")]
    return make_data(key, rows=(10, 22), start_row=14, features=FEATURES, units=units, turn_track=t)


def _types(m, t):
    return [a for a in m.legal_actions() if a["type"] == t]


def test_11_1_naval_transport():
    naval_data()
    m = start("nav", turn=2, phase="allied-precombat",
              pieces={"us-1": "2020", "rok-1": "2216", "cw-1": "fec", "kpa-1": "2011"},
              control={"1817": "communist"})
    nav = _types(m, "naval")
    assert {a["to"] for a in nav if a["unit"] == "us-1"} == {"2216"}       # friendly ports only
    assert {a["to"] for a in nav if a["unit"] == "cw-1"} == {"2020", "2216"}
    assert not [a for a in nav if a["unit"] == "rok-1"]                      # never ROK (11.1)
    m.apply({"type": "naval", "unit": "us-1", "to": "2216"})
    assert m.state.units["us-1"].at == "2216"
    assert not [a for a in _types(m, "move") if a["unit"] == "us-1"]        # whole pre-combat move
    assert "2216" not in {a["to"] for a in _types(m, "naval")}               # one unit a port a turn
    # not before turn 2
    m1 = start("nav", turn=1, phase="allied-precombat", pieces={"us-1": "2020", "kpa-1": "2011"})
    assert not _types(m1, "naval")


def test_11_1_not_in_the_movement_phase():
    naval_data()
    m = start("nav", turn=3, phase="allied-movement", pieces={"us-1": "2020", "kpa-1": "2011"})
    assert not _types(m, "naval")
    ill = GAME.check(m.state, {"type": "naval", "unit": "us-1", "to": "2216"})
    assert ill is not None


def test_11_2_amphibious_limits():
    naval_data()
    pieces = {"us-1": "fec", "us-2": "fec", "us-3": "fec", "rok-1": "fec", "kpa-1": "2011"}
    m = start("nav", turn=4, phase="allied-precombat", pieces=pieces, control={"1817": "communist"})
    amph = _types(m, "amphibious")
    assert {a["unit"] for a in amph} == {"us-1", "us-2", "us-3"}             # Americans only
    # Seoul is Allied: northern ports are allowed; only enemy-controlled ports
    assert {a["to"] for a in amph} == {"1812", "2310", "1817"}
    m.apply({"type": "amphibious", "unit": "us-1", "to": "1817"})
    assert m.state.units["us-1"].at == "1817" and m.state.control["1817"] == "allied"
    second = [a for a in _types(m, "amphibious") if a["to"] == "1817"]
    assert second and all("at" in a for a in second)                        # spread out (11.3)
    m.apply({"type": "amphibious", "unit": "us-2", "to": "2310"})
    assert not _types(m, "amphibious")                                      # two a turn
    assert m.state.amph_used == 2
    # Seoul in enemy hands at the start of the phase: nothing north of the 38th
    m2 = start("nav", turn=4, phase="allied-precombat", pieces=pieces,
               control={"2015": "communist", "1817": "communist"})
    assert {a["to"] for a in _types(m2, "amphibious")} == {"1817"}
    # before turn 4, or with the five actions spent: none
    m3 = start("nav", turn=3, phase="allied-precombat", pieces=pieces)
    assert not _types(m3, "amphibious")
    m4 = start("nav", turn=5, phase="allied-precombat", pieces=pieces, state={"amph_used": 5})
    assert not _types(m4, "amphibious")


def test_11_4_amphibious_battle():
    naval_data()
    m = start("nav", turn=4, phase="allied-precombat",
              pieces={"us-1": "fec", "kpa-1": "1817", "kpa-2": "2011"}, control={"1817": "communist"})
    m.apply({"type": "amphibious", "unit": "us-1", "to": "1817"})
    assert m.state.units["us-1"].at == "sea:1817"
    assert not Board(m.state).on_map("us-1")
    m.apply({"type": "end-phase"})
    assert m.state.phase == "allied-combat"
    b = m.state.battles[0]
    assert b.defender == "kpa-1" and b.amphibious == ["us-1"]
    from app.games.korea38.combat import odds_breakdown
    bd = odds_breakdown(m.state, 0)
    assert {"label": "amphibious assault", "shift": -2, "rule": "11.4"} in bd["shifts"]
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    while m.state.pending:
        m.apply(m.legal_actions()[0])
    us = m.state.units["us-1"]
    if m.state.battles[0].vacated:
        assert us.at == "1817"
    else:
        assert us.at in ("fec", "elim")
        assert any(e.rule == "11.4" and e.kind == "loss" for e in m.events()) or us.at == "elim"


def test_9_3_retreat_by_sea():
    from app.games.korea38.retreat import plan_retreat
    every = [f"{c}{r:02d}" for c in range(15, 26) for r in range(10, 23)]
    land = {"2016", "2017", "2020", "2011"}
    make_data("seare", rows=(10, 22), start_row=14, features=FEATURES, sea=[h for h in every if h not in land],
              units=[unit("us-1", "us"), unit("kpa-1", "kpa", strength=(30, 15))])
    m = start("seare", turn=4, phase="communist-combat", pieces={"us-1": "2017", "kpa-1": "2016"},
              control={"2017": "allied"})
    plan = plan_retreat(m.state, Board(m.state), "us-1")
    assert plan.outcome == "eliminated"        # 2017 is no port: nothing to sail from


def test_9_3_retreat_by_sea_from_a_friendly_port():
    from app.engine.game import Context
    from app.games.korea38 import combat
    from app.games.korea38.retreat import plan_retreat
    every = [f"{c}{r:02d}" for c in range(15, 26) for r in range(10, 23)]
    land = {"2019", "2020", "2216", "2011"}
    make_data("sea2", rows=(10, 22), start_row=14, features=FEATURES, sea=[h for h in every if h not in land],
              units=[unit("us-1", "us"), unit("rok-1", "rok"), unit("kpa-1", "kpa", strength=(30, 15))])
    m = start("sea2", turn=4, phase="communist-combat", pieces={"us-1": "2020", "kpa-1": "2019"})
    plan = plan_retreat(m.state, Board(m.state), "us-1")
    assert plan.outcome == "sea" and plan.sea == ["2216", "fec"]
    m_rok = start("sea2", turn=4, phase="communist-combat", pieces={"rok-1": "2020", "kpa-1": "2019"})
    assert plan_retreat(m_rok.state, Board(m_rok.state), "rok-1").sea == ["2216"]   # FEC: Americans
    st = m.state.copy()
    combat.sea_retreat(st, "us-1", "2216", Context(st.rng))
    assert st.units["us-1"].at == "2216" and st.amph_used == 1
    m3 = start("sea2", turn=3, phase="communist-combat", pieces={"us-1": "2020", "kpa-1": "2019"})
    assert plan_retreat(m3.state, Board(m3.state), "us-1").outcome == "eliminated"   # before turn 4
    m5 = start("sea2", turn=5, phase="communist-combat", pieces={"us-1": "2020", "kpa-1": "2019"},
               state={"amph_used": 5})
    assert plan_retreat(m5.state, Board(m5.state), "us-1").outcome == "eliminated"   # none left


def test_11_3_a_second_landing_at_a_held_port_moves_on_to_a_free_neighbour():
    """The offered action carries the hex it moves on to ("at"); it must also pass the action
    schema, or the legal list offers a move the match refuses as malformed."""
    naval_data()
    pieces = {"us-1": "fec", "us-2": "fec", "kpa-1": "2011"}
    m = start("nav", turn=4, phase="allied-precombat", pieces=pieces, control={"1817": "communist"})
    m.apply({"type": "amphibious", "unit": "us-1", "to": "1817"})
    onward = [a for a in _types(m, "amphibious") if a["to"] == "1817" and a["unit"] == "us-2"]
    assert onward
    pick = onward[0]
    m.apply(pick)
    assert m.state.units["us-2"].at == pick["at"] != "1817"
    assert m.state.units["us-1"].at == "1817"
    # a hex the rules do not offer is refused with a reason, not taken
    m2 = start("nav", turn=4, phase="allied-precombat", pieces=pieces, control={"1817": "communist"})
    m2.apply({"type": "amphibious", "unit": "us-1", "to": "1817"})
    assert GAME.check(m2.state, {"type": "amphibious", "unit": "us-2", "to": "1817", "at": "2011"}) is not None
