"""Isolation (12.0), In Communication (10.0), victory (5.0), winter (13.2), sequence (4.0)."""

from __future__ import annotations

from app.games.korea38 import GAME
from app.games.korea38.isolation import isolated_units, pockets
from app.games.korea38.victory import control_map, determine, marginal_counts
from app.games.korea38.zoc import Board

from tests.korea38.fixtures.build import edge_road, air, chain, make_data, start, turns, unit


def test_korea38_isolation_example():
    units = [unit(f"kpa-{i}", "kpa") for i in range(1, 8)]
    units += [unit(f"us-{i}", "us") for i in range(1, 4)]
    ports = {h: ["city", "port"] for h in ("1818", "2217", "2421")}
    make_data("iso", rows=(10, 24), start_row=12, units=units, features=ports, roads=edge_road())
    m = start("iso", turn=5, phase="housekeeping",
              pieces={"kpa-1": "2019", "kpa-2": "2020", "kpa-3": "2119",      # pocket A
                      "kpa-4": "1722",                                        # lone unit B
                      "kpa-5": "2011",                                        # In Communication
                      "kpa-6": "1514", "kpa-7": "1515",                       # 7 helped by 6 (12.1)
                      "us-1": "1818", "us-2": "2217", "us-3": "2421"})
    st = m.state
    b = Board(st)
    assert not b.in_communication("kpa-7") and b.in_communication("kpa-6")
    # B lost its step at once; pocket A waits for the Communist player to choose one unit
    assert st.units["kpa-4"].reduced
    assert st.active == "communist"
    assert st.pending[0].units == ["kpa-1", "kpa-2", "kpa-3"]
    assert sorted(a["unit"] for a in m.legal_actions()) == ["kpa-1", "kpa-2", "kpa-3"]
    m.apply({"type": "loss", "unit": "kpa-2"})
    assert [u for u in ("kpa-1", "kpa-2", "kpa-3") if m.state.units[u].reduced] == ["kpa-2"]
    assert not m.state.units["kpa-5"].reduced and not m.state.units["kpa-7"].reduced
    assert m.state.steps_lost["communist"] == 2
    m.apply({"type": "end-phase"})                   # then the Allies check theirs
    assert m.state.active == "allied" and m.state.hk_side == "allied"
    m.apply({"type": "end-phase"})
    assert m.state.turn == 6 and m.state.phase == "communist-reinforcement"


def test_12_2_communist_losses_first_can_free_allies():
    """12.2: Communist attrition first; an Allied unit whose trace was cut only by a Communist
    unit just eliminated is no longer isolated."""
    units = [unit("kpa-1", "kpa"), unit("us-1", "us")]
    make_data("iso2", rows=(10, 24), start_row=12, units=units, features={"2020": ["city", "port"]})
    m = start("iso2", turn=5, phase="housekeeping", pieces={"kpa-1": ("2019", True), "us-1": "2018"})
    # kpa-1 (reduced, isolated) dies first; us-1 then traces to its port and is not isolated
    assert m.state.units["kpa-1"].at == "elim"
    m.apply({"type": "end-phase"})
    assert not m.state.units["us-1"].reduced


def _ic_corridor(extra_land=(), features=None):
    land = {f"20{r}" for r in range(10, 25)} | set(extra_land)
    every = [f"{c}{r:02d}" for c in range(15, 26) for r in range(10, 25)]
    feats = {"2024": ["city", "port"]}
    feats.update(features or {})
    return make_data("icc", rows=(10, 24), start_row=12, sea=[h for h in every if h not in land],
                     units=[unit("us-1", "us"), unit("us-2", "us"), unit("kpa-1", "kpa")],
                     features=feats, roads=chain(["2024", "2023", "2022", "2021", "2020"]))


def test_10_0_in_communication_tracing():
    _ic_corridor({"2118", "2124"})
    m = start("icc", turn=3, phase="allied-movement", pieces={"us-1": "2016", "us-2": "2015"})
    b = Board(m.state)
    assert b.in_communication("us-1")          # four hexes to the road, then along it to the port
    assert not b.in_communication("us-2")      # five hexes is too far
    # an enemy zone of control on the path cuts it; the unit's own hex never does
    m2 = start("icc", turn=3, phase="allied-movement", pieces={"us-1": "2016", "us-2": "2019", "kpa-1": "2118"})
    b2 = Board(m2.state)
    assert not b2.in_communication("us-1")
    assert "2019" in b2.ezoc("allied") and b2.in_communication("us-2")
    # a port in an EZOC still supplies the unit standing in it
    m3 = start("icc", turn=3, phase="allied-movement", pieces={"us-1": "2024", "kpa-1": "2124"})
    assert Board(m3.state).in_communication("us-1")


def test_10_0_enemy_city_blocks_the_trace():
    _ic_corridor(features={"2018": ["city"]})
    m = start("icc", turn=3, phase="allied-movement", pieces={"us-1": "2016"}, control={"2018": "communist"})
    assert not Board(m.state).in_communication("us-1")
    m2 = start("icc", turn=3, phase="allied-movement", pieces={"us-1": "2016"}, control={"2018": "allied"})
    assert Board(m2.state).in_communication("us-1")


def marginal_data():
    units = [unit(f"kpa-{i}", "kpa") for i in range(1, 4)] + [unit(f"rok-{i}", "rok") for i in range(1, 4)]
    make_data("marg", cols=(18, 22), rows=(10, 16), start_row=13, units=units,
              features={"2216": ["city", "port"]},
              roads=chain(["2216", "2215", "2214", "2213", "2212", "2211", "2210"])
              + chain(["1810", "1811", "1812", "1813", "1814", "1815", "1816"]))


MARGINAL_PIECES = {"kpa-1": "1912", "kpa-2": "1915", "kpa-3": "2210",
                   "rok-1": "2111", "rok-2": "2115", "rok-3": "1816"}


def test_korea38_marginal_victory_example():
    marginal_data()
    m = start("marg", turn=13, phase="allied-movement", pieces=MARGINAL_PIECES)
    cm = control_map(m.state)
    b = Board(m.state)
    # the Allied unit at 1816 is cut off: its hex counts for nobody
    assert not b.in_communication("rok-3") and cm["1816"] is None
    # hexes next to In Communication units of both sides count for nobody
    assert cm["2012"] is None and cm["2015"] is None
    # split hexes on the start line never count
    counted = {h for h in cm if h in b.data.north or h in b.data.south}
    assert not {"1813", "1913", "2013", "2113", "2213"} & counted
    north = sorted(h for h in b.data.north if cm[h] == "allied")
    south = sorted(h for h in b.data.south if cm[h] == "communist")
    assert north == ["2010", "2011", "2111", "2112", "2212"]
    assert south == ["1814", "1815", "1914", "1915", "1916"]
    assert marginal_counts(m.state) == {"communist": 5, "allied": 5}
    res = determine(m.state)
    assert res["winner"] == "communist" and res["level"] == "marginal"    # ties go to the Communists


def test_5_1_decisive_victory_is_immediate():
    make_data("dec", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")],
              features={"2018": ["city", "port", "star-city"], "2011": ["city", "star-city"]})
    m = start("dec", turn=3, phase="communist-movement", pieces={"kpa-1": "2016", "rok-1": "2011"})
    m.apply({"type": "move", "unit": "kpa-1", "to": "2018"})
    out = m.outcome()
    assert out.winner == "communist" and out.level == "decisive" and out.rule == "5.1"
    assert m.legal_actions() == []


def test_5_2_substantive_and_both_capitals():
    make_data("sub", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")],
              features={"2018": ["city", "capital"], "2012": ["city", "capital"]})
    m = start("sub", turn=13, phase="allied-movement", pieces={"kpa-1": "2018", "rok-1": "2012"},
              control={"2018": "communist", "2012": "allied"}, last_turn=13)
    assert determine(m.state)["winner"] == "communist"          # both held: Communist
    m2 = start("sub", turn=13, phase="allied-movement", pieces={"kpa-1": "2010", "rok-1": "2012"},
               control={"2012": "allied"})
    r = determine(m2.state)
    assert (r["winner"], r["level"], r["rule"]) == ("allied", "substantive", "5.2")
    # played out: the end of the last housekeeping phase ends the game
    m2.apply({"type": "end-phase"})
    m2.apply({"type": "end-phase"})
    m2.apply({"type": "end-phase"})
    assert m2.outcome().level == "substantive"


def test_5_4_armistice():
    make_data("arm", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")])
    m = start("arm", turn=10, phase="communist-reinforcement", pieces={"kpa-1": "2012", "rok-1": "2018"})
    assert {"type": "propose-armistice"} in m.legal_actions()
    m.apply({"type": "propose-armistice"})
    assert m.state.active == "allied"
    assert m.legal_actions() == [{"type": "accept-armistice"}, {"type": "reject-armistice"}]
    m.apply({"type": "reject-armistice"})
    assert m.state.active == "communist" and m.outcome() is None
    assert {"type": "propose-armistice"} not in m.legal_actions()   # once a phase
    m.apply({"type": "end-phase"})
    m.apply({"type": "end-phase"})
    m.apply({"type": "declare-done"})
    m.apply({"type": "end-phase"})
    m.apply({"type": "end-phase"})
    m.apply({"type": "propose-armistice"})
    m.apply({"type": "accept-armistice"})
    out = m.outcome()
    assert out is not None and out.rule == "5.4"
    # switched off by a game option
    m2 = start("arm", turn=10, phase="communist-reinforcement", pieces={"kpa-1": "2012"},
               options={"armistice": False})
    assert {"type": "propose-armistice"} not in m2.legal_actions()


def test_13_2_winter_grounds_half_the_allied_air():
    make_data("win", units=[unit("kpa-1", "kpa")] + [air(f"a{i}", arrival=1) for i in range(5)]
              + [air("b29", arrival=7)])
    pieces = {"kpa-1": "2012", **{f"a{i}": "air" for i in range(5)}}
    m = start("win", turn=6, phase="housekeeping", pieces=pieces)
    m.apply({"type": "end-phase"})
    m.apply({"type": "end-phase"})
    st = m.state
    assert st.turn == 7
    used = [u for u in ("a0", "a1", "a2", "a3", "a4") if st.units[u].used]
    assert len(used) == 2                                  # half of 5, rounded down
    assert st.units["b29"].at == "pool"                    # arrives in the Allied phase, fresh
    while m.state.phase != "allied-precombat":
        la = m.legal_actions()
        m.apply({"type": "declare-done"} if {"type": "declare-done"} in la else {"type": "end-phase"})
    assert m.state.units["b29"].at == "air" and not m.state.units["b29"].used


def test_4_0_sequence_of_play():
    make_data("seq", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")])
    m = start("seq", turn=1, phase="communist-reinforcement", pieces={"kpa-1": "2011", "rok-1": "2018"})
    seen = []
    for _ in range(40):
        if m.state.turn == 2:
            break
        seen.append((m.state.phase, m.state.active))
        la = m.legal_actions()
        m.apply({"type": "declare-done"} if {"type": "declare-done"} in la else {"type": "end-phase"})
    phases = [p for p, _a in seen]
    assert phases == ["communist-reinforcement", "communist-precombat", "communist-combat",
                      "communist-combat", "communist-movement", "allied-reinforcement",
                      "allied-precombat", "allied-combat", "allied-combat", "allied-movement",
                      "housekeeping", "housekeeping"]
    assert [a for _p, a in seen][-2:] == ["communist", "allied"]
    assert all(a == p.split("-")[0] for p, a in seen if p != "housekeeping")
    assert GAME.prompt(m.state)


def test_6_0_set_up():
    from app.engine.match import Match
    from tests.korea38.fixtures.mini import campaign
    m = Match.start(GAME, campaign(), seed=1)
    st = m.state
    d = Board(st).data
    assert (st.turn, st.phase, st.active) == (1, "communist-reinforcement", "communist")
    for uid, u in d.units.items():
        if u.setup:
            assert st.units[uid].at == u.setup
            assert st.units[uid].reduced == (u.nation == "rok")        # 6.2 ROK start reduced
        elif not u.is_air:
            assert st.units[uid].at == "pool"                          # 6.3 reinforcements wait
    hexes = [st.units[u].at for u in st.units if d.grid.contains(st.units[u].at)]
    assert len(hexes) == len(set(hexes))                               # one unit a hex
    # 10.0: cities start with the side whose half of the map they are in
    assert st.control["1410"] == "allied" and st.control["1204"] == "communist"


def test_9_2_5_air_refit_in_housekeeping():
    make_data("refit", units=[unit("kpa-1", "kpa"), air("f80-1", arrival=1)])
    m = start("refit", turn=3, phase="housekeeping", pieces={"kpa-1": "2012",
                                                              "f80-1": {"at": "air", "used": True}})
    assert m.state.units["f80-1"].used
    m.apply({"type": "end-phase"})
    m.apply({"type": "end-phase"})
    assert not m.state.units["f80-1"].used and m.state.turn == 4
