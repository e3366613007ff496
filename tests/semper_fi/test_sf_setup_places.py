"""C11 set-up hexes after the speed-up (setup.placement_hexes works the enemy's reach out once per
situation): the same hexes as checking every pair of hexes, with 7.1's infiltration and 6.1's
stacking points still applied."""

from __future__ import annotations

from app.engine.match import Match
from app.games.semper_fi.data import board
from app.games.semper_fi.game import GAME
from app.games.semper_fi.scenario import area_cached
from app.games.semper_fi.setup import cached_entry, legal_setup_hexes, placement_hexes
from app.games.semper_fi.stacking import room
from app.games.semper_fi.units import udef

from tests.semper_fi.conftest import scenario


def _brute(m: Match, uid: str) -> set[str]:
    """The set-up hexes by the long road: every candidate against every Marine hex."""
    st = m.state
    b = board(st.map_name)
    e = cached_entry(st, uid)
    foes = {s.at for u, s in st.units.items() if s.at in b.hexset and udef(u).side == "us"}
    hexes = legal_setup_hexes(b, st.scen, uid, area_cached(b, e["area"]))
    return {h for h in hexes if all(b.grid.distance(h, f) >= int(e["away_from"]) for f in foes)
            and room(st, h, uid, int(e["stacking"]))}


def test_c11_2_chinese_set_up_hexes_keep_2_hexes_off_the_marines_and_7_points() -> None:
    m = Match.start(GAME, scenario("6-1-first-attack"), seed=4, keep_snapshots=False)
    m.apply({"type": "place-rest"})
    m.apply({"type": "end-setup"})
    for _ in range(6):                                     # a few Chinese units down, in one hex
        uid = sorted(u for u, s in m.state.units.items() if s.at == "setup")[0]
        got = placement_hexes(m.state, uid)
        assert set(got) == _brute(m, uid)
        m.apply({"type": "place", "unit": uid, "to": got[0]})


def test_7_1_infiltration_hexes_join_the_area_while_infiltrators_are_left() -> None:
    m = Match.start(GAME, scenario("7-1-assault-on-the-airstrip"), seed=4, keep_snapshots=False)
    m.apply({"type": "place-rest"})
    m.apply({"type": "end-setup"})
    st = m.state
    b = board("hagaru")
    uid = "1-172-plt-1"
    us = [s.at for u, s in st.units.items() if s.at in b.hexset]
    got = set(placement_hexes(st, uid))
    near = {h for h in got if min(b.grid.distance(h, x) for x in us) < 2}
    assert st.infiltrate_left > 0 and near                   # next to the Marines: the infiltrators
    assert all(min(b.grid.distance(h, x) for x in us) == 1 for h in near)
    st.infiltrate_left = 0
    later = set(placement_hexes(st, uid))
    assert later == got - near
