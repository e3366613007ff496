"""7.3 and 7.4 are read at four places (Hagaru, the supply dump, the airfield and the part of
East Hill that sees Hagaru-ri), each a level. The Chinese AI shares its units out among them
instead of sending every unit to the nearest one (in 7.4 against a random player it had ended a
game with 75 units on the airfield and none anywhere else), and gives each regiment the map edge
that brings it in near a place the other regiments do not serve (C14.6)."""

from __future__ import annotations

from collections import Counter

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.entry import edge_cost
from app.ai.semper_fi.objectives import places, share_out
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-4-night-of-fire-ii"
RIFLES = [f"1-240-plt-{i}" for i in range(1, 10)] + [f"2-240-plt-{i}" for i in range(1, 4)]


def _state(at: dict[str, str]):
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, first="30 Nov 0100", last="30 Nov 0800",
              victory=sc["victory"])
    for uid, h in at.items():
        put(st, uid, h, mode="move")
    st.first = st.active = st.turn_side = "nk"
    return st


def test_the_four_places_are_the_ones_the_victory_reads() -> None:
    st = _state({})
    names = [n for n, _h in places(st)]
    assert names == ["Hagaru", "Supply Dump", "Airfield", "East Hill over Hagaru-ri"]
    assert all(h for _n, h in places(st))


def test_twelve_units_on_the_airfield_are_shared_out_three_to_a_place() -> None:
    st = _state({})
    field = sorted(dict(places(st))["Airfield"])
    st = _state({u: field[i % len(field)] for i, u in enumerate(RIFLES)})
    share = share_out(st, "nk", RIFLES)
    got = Counter(next(n for n, h in places(st) if h == hexes) for hexes in share.values())
    assert got == Counter({"Hagaru": 3, "Supply Dump": 3, "Airfield": 3, "East Hill over Hagaru-ri": 3})
    stay = [u for u in RIFLES if share[u] == dict(places(st))["Airfield"]]
    assert all(st.units[u].at in field for u in stay)            # the ones there keep the airfield


def test_a_platoon_on_the_airfield_with_a_place_to_go_moves_towards_it() -> None:
    """Before, a platoon on the airfield (an objective hex) had nothing to gain by moving."""
    st = _state({})
    field = sorted(dict(places(st))["Airfield"])
    st = _state({u: field[i % len(field)] for i, u in enumerate(RIFLES[:8])})
    share = share_out(st, "nk", RIFLES[:8])
    away = [u for u in RIFLES[:8] if st.units[u].at not in share[u]]
    assert away
    m = Match.start(GAME, scenario(SCEN), seed=3, keep_snapshots=False)
    m.state = st
    b = bd(st)
    a = make_ai(seed=1, side="nk").choose(m, m.legal_actions())
    assert a["type"] == "move" and a["unit"] in away, a
    target = share[a["unit"]]
    before = min(b.grid.distance(st.units[a["unit"]].at, h) for h in target)
    assert min(b.grid.distance(a["to"], h) for h in target) < before


def test_7_4_the_regiments_take_edges_that_serve_every_place() -> None:
    sc = scenario(SCEN)
    m = Match.start(GAME, sc, seed=5, keep_snapshots=False)
    seats = {s: make_ai(seed=5, side=s) for s in GAME.sides}
    while m.state.phase == "setup":
        m.apply(seats[m.state.active].choose(m, m.legal_actions()))
    edges = dict(m.state.edges)
    assert edges["240th"] == "ne"                     # 6-8 hexes from the dump and East Hill
    assert {edges["172nd"], edges["173rd"]} == {"sw", "nw"}
    worst = edge_cost(m.state, {"172nd": "nw", "173rd": "nw", "240th": "se"})
    assert edge_cost(m.state, edges) < worst
