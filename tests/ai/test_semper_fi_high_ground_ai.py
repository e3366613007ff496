"""4.1's important high ground as the AI reads it is the victory's own test (80 m or more, within
6 hexes of the road and in sight of it), not the hexes merely high and near: North Koreans set
up out of sight of the road did not count, and the AI had put most of them there (4.1 against
random Marines: 27 of 30 won before, 30 of 30 after, all NK Major)."""

from __future__ import annotations

from app.ai.semper_fi.objectives import high_ground
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.sight import terrain_los
from app.games.semper_fi.units import bd
from app.games.semper_fi.victory import road_hexes

from tests.semper_fi.conftest import scenario


def test_4_1_the_ai_s_high_ground_is_the_victory_s_high_ground() -> None:
    m = Match.start(GAME, scenario("4-1-ambush"), seed=1, keep_snapshots=False)
    st = m.state
    vic = st.scen["victory"]
    b = bd(st)
    road = [r for r in road_hexes(st, vic) if r in b.hexset]
    assert road
    lo, near = int(vic.get("min_elevation", 80)), int(vic.get("within", 6))
    high_and_near = {h for h in b.hexset if b.elevation(h) >= lo
                     and min(b.grid.distance(h, r) for r in road) <= near}
    hg = set(high_ground(st))
    assert hg and hg < high_and_near                    # some high hexes near the road see none of it
    for h in hg:
        assert any(b.grid.distance(h, r) <= near and terrain_los(b, h, r)[0] for r in road), h
    for h in high_and_near - hg:
        assert not any(b.grid.distance(h, r) <= near and terrain_los(b, h, r)[0] for r in road), h
