"""4.1's Marines after contact: the victory counts every North Korean on the important high ground
and every Marine step lost (the heat's included, 2.3), so the AI sends a few rifle platoons and
MG sections (``hunt_goal``) by the way that climbs least and crosses least enemy fire
(``climb_cost``) to a point that sees the enemy (``vantage``), sets its mortars up to fire, keeps
the rest out of the enemy's fire and weighs its own artillery's drift (``friendly_risk``).
Before, a Marine move was scored one hex at a time, so the first contour on the way cost more
than the hex gained and the Marines stayed on the valley road while the North Koreans kept the
high ground (4.1 against random play: 17 of 100)."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.evaluate import friendly_risk
from app.ai.semper_fi.objectives import climb_cost, high_ground, vantage
from app.ai.semper_fi.player import EXPOSURE, HEAT_CLIMB, HUNT_STEP, _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.sight import terrain_los
from app.games.semper_fi.units import bd

from semper_fi_phases import play_phase
from tests.semper_fi.conftest import bare, put, scenario

SCEN = "4-1-ambush"
TARGET = "6.17"          # broken ground at contour 8, in sight of the road's south bend


def _after_contact() -> Match:
    """Turn 5 of 4.1, the Marines' action phase: a revealed North Korean MG section on the high
    ground at 6.17, the Marines on the valley road around 11.08 (contour 1), ten hexes off."""
    sc = scenario(SCEN)
    st = bare(map_name="changchon", stand_in=False, first="12 Aug 1300", last="12 Aug 1740",
              victory=sc["victory"], rules=sc["rules"])
    st.turn = 5
    st.contact = True
    put(st, "83-mot-mg-1", TARGET)
    for u in ("1-5-plt-1", "1-5-plt-2", "1-5-plt-3", "1-5-mg-1", "1-5-mg-2"):
        put(st, u, "11.08", mode="move")
    put(st, "1-5-81mm-1", "12.08", mode="move")
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def _heat_cost(m: Match, u: str) -> float:
    st = m.state
    goal = vantage(st, frozenset([TARGET]))
    return climb_cost(st, goal, HUNT_STEP, HEAT_CLIMB, _Ctx(st, "us").exposed(st), EXPOSURE)[st.units[u].at]


def _us_phase(m: Match) -> list[dict]:
    """The Marines' action phase to its end (North Korean reactions too); the Marines' choices."""
    return play_phase(m)


def test_4_1_vantage_points_see_the_target_and_are_near_it() -> None:
    m = _after_contact()
    st = m.state
    b = bd(st)
    assert TARGET in high_ground(st)
    v = vantage(st, frozenset([TARGET]))
    assert v and "11.08" not in v
    for h in v:
        assert b.grid.distance(h, TARGET) <= 6 and terrain_los(b, h, TARGET)[0]


def test_4_1_climb_cost_counts_contours_and_enemy_fire() -> None:
    """The way's cost adds a contour climbed and an exposed hex to each hex walked, so the same
    goal costs more from low ground, and more again when the enemy covers the way."""
    m = _after_contact()
    st = m.state
    b = bd(st)
    goal = frozenset(["6.17"])
    flat = climb_cost(st, goal, 1.0, 0.0)
    hot = climb_cost(st, goal, 1.0, 2.0)
    assert flat["11.08"] == b.grid.distance("11.08", "6.17")
    assert hot["11.08"] >= flat["11.08"] + 2.0 * (b.contour("6.17") - b.contour("11.08"))
    exposed = frozenset(h for h in b.hexset if b.grid.distance(h, "6.17") <= 3)
    assert climb_cost(st, goal, 1.0, 2.0, exposed, 5.0)["11.08"] > hot["11.08"]


def test_4_1_marines_go_after_the_high_ground_the_cheapest_way() -> None:
    """A rifle platoon and an MG section are sent (``HUNTERS``); each sets off up the first slope
    (a heat check, 2.3), and those that pass end the phase nearer, in climbs and hexes, to a point
    that sees the MG section. Before, none of them left the road: the first slope cost more than
    the hex gained."""
    m = _after_contact()
    hunters = _Ctx(m.state, "us").hunt_goal(m.state)
    assert sorted(u.split("-")[2] for u in hunters) == ["mg", "plt"]
    before = {u: _heat_cost(m, u) for u in hunters}
    chosen = _us_phase(m)
    assert {a["unit"] for a in chosen if a["type"] == "move"} == set(hunters)
    after = {u: _heat_cost(m, u) for u in hunters}
    moved = [u for u in hunters if m.state.units[u].at != "11.08"]
    assert moved and all(after[u] < before[u] - 1.0 for u in moved), (before, after)


def test_4_1_a_north_korean_a_hex_off_the_high_ground_is_hunted_too() -> None:
    """A revealed North Korean platoon at 4.17, next to the high ground but not on it, can walk
    onto it on the last turn and count there (against random play, 21 of 38 games lost to the
    high ground were lost that way). It is a target now (``HG_REACH``): hunters are sent after
    it. Before, only units already on the high ground were."""
    m = _after_contact()
    st = m.state
    b = bd(st)
    hg = set(high_ground(st))
    assert "4.17" not in hg and any(b.grid.distance("4.17", h) == 1 for h in hg)
    st.units.pop("83-mot-mg-1")
    put(st, "83-mot-plt-1", "4.17")
    c = _Ctx(st, "us")
    assert c.obj == frozenset(["4.17"])
    hunters = c.hunt_goal(st)
    assert sorted(u.split("-")[2] for u in hunters) == ["mg", "plt"]
    assert all(any(b.grid.distance(h, "4.17") <= 6 for h in v) for v in hunters.values())


def test_4_1_the_rest_stay_and_the_mortar_sets_up_to_fire() -> None:
    """The platoon not sent stays on the road; the 81 mm mortar (its steps count double) goes to
    fire mode where it stands, in range of most of the map, instead of walking toward the enemy."""
    m = _after_contact()
    hunters = _Ctx(m.state, "us").hunt_goal(m.state)
    rest = [u for u in ("1-5-plt-1", "1-5-plt-2", "1-5-plt-3") if u not in hunters]
    assert rest
    _us_phase(m)
    assert all(m.state.units[u].at == "11.08" for u in rest)
    assert m.state.units["1-5-81mm-1"].at == "12.08"
    assert m.state.units["1-5-81mm-1"].mode == "fire"


def test_4_1_the_column_comes_on_only_with_units_that_fight_the_high_ground() -> None:
    m = _after_contact()
    st = m.state
    put(st, "1-5-plt-4", "box:road-column", mode="move")
    put(st, "3-a-armor-m-26-1", "box:road-column", mode="move")
    c = _Ctx(st, "us")
    ai = make_ai(seed=1, side="us")
    plt = [a for a in m.legal_actions() if a["type"] == "move" and a["unit"] == "1-5-plt-4"]
    tank = [a for a in m.legal_actions() if a["type"] == "move" and a["unit"] == "3-a-armor-m-26-1"]
    assert plt and tank
    assert max(ai.score(st, a, c) for a in plt) > 0.5
    assert max(ai.score(st, a, c) for a in tank) < 0


def test_friendly_risk_counts_our_units_in_the_barrage_zone_and_the_drift() -> None:
    m = _after_contact()
    st = m.state
    assert friendly_risk(st, "us", TARGET) < 0.05                   # ten hexes off: only a long drift
    near = friendly_risk(st, "us", "11.09")                          # next to six Marines
    on = friendly_risk(st, "us", "11.08")
    assert on > near > 1.0


def test_4_1_the_hint_says_why_a_hunter_moves() -> None:
    m = _after_contact()
    hunters = _Ctx(m.state, "us").hunt_goal(m.state)
    u = sorted(hunters)[0]
    move = next(a for a in m.legal_actions() if a["type"] == "move" and a["unit"] == u)
    why = make_ai(seed=1, side="us").explain(m, move)
    assert "a North Korean on the high ground" in why and "climbs least" in why

