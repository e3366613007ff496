"""Manp'o's exits (docs/ai.md, "Why the Communists lost the shorter scenarios"): PVA arrivals and
rebuilt units are placed in Manp'o (10.2) and must each end the Pre-Combat Movement Phase in a hex
of their own (8.1, 8.2.2), while units already on the map may not move then. The AI now keeps as
many of the hexes an arrival can reach empty as there are arrivals; before, units standing there
cost the Chinese Intervention games four to seven divisions on turns 10 and 11."""

from __future__ import annotations

import pytest

from app.ai.korea38 import player as aiplayer
from app.ai.korea38.player import KoreaAI
from app.ai.korea38.situation import Situation
from app.engine.match import Match
from app.games.korea38 import GAME

from korea38_positions import china_box, ci_position

MANPO = "1601"
#: Every hex an infantry arrival in Manp'o can reach in a summer Pre-Combat Movement Phase.
EXITS = ["1701", "1802", "1702", "1801", "1703", "1900", "1704", "1602", "1705", "1606", "1506"]
#: The Allied line of campaign seed 1 at the end of turn 13 (rows 11-13).
ALLIED_AT = {"us-3": "1414", "us-1mar": "1513", "us-1cav": "1613", "us-24": "1614", "rok-6": "1713",
             "rok-7": "1813", "un-1": "1911", "rok-11": "1912", "rok-cap": "1913", "us-2": "2012",
             "rok-3": "2013", "us-25": "2113", "cw-1": "2212", "rok-2": "2313", "us-7": "2412",
             "rok-5": "2512", "rok-1": "2613", "rok-8": "2017", "rok-9": "2929"}


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(aiplayer, "STRICT", True)


def _position() -> dict:
    """Turn 9, Communist Movement Phase: twelve PVA divisions fill Manp'o and all its exits;
    nine more PVA divisions arrive on turn 10 (and PVA points rebuild three)."""
    comm = dict(zip(china_box(), [MANPO] + EXITS))
    comm["kpa-1"] = "1411"
    return ci_position(comm, ALLIED_AT, 9, "communist-movement",
                       control={"1411": "communist", MANPO: "communist"})


def _free_exits_after_movement(exit_clear: float) -> tuple[int, list[str]]:
    m = Match.start(GAME, _position(), seed=5, keep_snapshots=False)
    need = Situation(m.state, "communist").star_arrivals_next()
    ai = KoreaAI(5, "communist", "normal")
    ai.cfg["exit_clear"] = exit_clear
    for _ in range(200):
        if m.state.phase != "communist-movement":
            break
        m.apply(ai.choose(m, m.legal_actions()), checked=True)
    assert m.state.phase != "communist-movement"
    occ = {us.at for us in m.state.units.values()}
    return need, [h for h in Situation(m.state, "communist").exit_hexes(MANPO, 10) if h not in occ]


def test_exit_hexes_of_manpo_are_the_summer_road_reach():
    m = Match.start(GAME, _position(), seed=5, keep_snapshots=False)
    assert sorted(Situation(m.state, "communist").exit_hexes(MANPO, 10)) == sorted(EXITS)
    # harsh winter (13.1): the road costs a full hex north of the start line, fewer exits
    assert len(Situation(m.state, "communist").exit_hexes(MANPO, 7)) == 7


def test_movement_phase_empties_manpos_exits_before_nine_pva_arrivals():
    need, free = _free_exits_after_movement(6.0)
    assert need >= len(EXITS)           # 9 arrivals and 3 rebuilds: more than the exits hold
    assert sorted(free) == sorted(EXITS)


def test_without_the_exit_rule_units_stay_in_the_way():
    _need, free = _free_exits_after_movement(0.0)
    assert len(free) < len(EXITS) - 2
