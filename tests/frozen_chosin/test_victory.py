"""FC-16 victory: what "eliminated" means for a Marine regiment, and the scenario's breakout
reward (FC-D-BREAKOUT) that gives the cut-off regiments a reason to march."""

from __future__ import annotations

import tomllib

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin.scenario import validate
from app.games.frozen_chosin.victory import breakdown, marine_regiments_destroyed, score

from tests.frozen_chosin.helpers import CAMPAIGN, FIRST_DAYS, new, only, put, scenario

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "1-mar", "at": [58, 38]}]
BREAKOUT = {"regiments": ["5-mar"], "places": ["hagaru-ri", "koto-ri"], "radius": 6, "vp": 1}


def _broken(regiment: str):
    """A state with no base on the table and every base of ``regiment`` a casualty."""
    st = new(SETUP)
    only(st, [])
    for b in st.regiments[regiment].bases:
        st.bases[b].status = "casualty"
    return st, st.regiments[regiment].bases


def test_fc_16_2_evacuated_bases_count_towards_a_destroyed_marine_regiment():
    st, bases = _broken("1-mar")
    assert marine_regiments_destroyed(st) == ["1-mar"]
    # flying the wounded out (FC-16.1) saves each one's Chinese point, not the regiment
    st.bases[bases[0]].status = "evacuated"
    st.bases[bases[1]].status = "evacuated"
    st.evacuated = 2
    assert marine_regiments_destroyed(st) == ["1-mar"]
    assert score(st) == {"un": 2, "pva": (len(bases) - 2) + 10}
    # every base evacuated: still a regiment gone from the field
    for b in bases:
        st.bases[b].status = "evacuated"
    assert marine_regiments_destroyed(st) == ["1-mar"]


def test_fc_16_2_a_restored_base_keeps_its_marine_regiment_alive():
    st, bases = _broken("1-mar")
    put(st, bases[0], 58, 38)          # Reorganize put it back on the table
    assert marine_regiments_destroyed(st) == []


def test_fc_d_breakout_scores_cut_off_bases_near_the_towns():
    st = new(SETUP, breakout=BREAKOUT)
    only(st, [])
    assert score(st)["un"] == 0
    put(st, "1-5a", 36, 22)            # 2.9 inches from Hagaru-ri: broken out
    put(st, "1-5b", 38, 40)            # 5.8 inches from Koto-ri: broken out
    put(st, "2-5a", 55, 33)            # far from both: not yet
    put(st, st.regiments["1-mar"].bases[0], 34, 21)   # in Hagaru-ri but not a cut-off regiment
    got = score(st)["un"]
    # Hagaru-ri is also held by the Allies now (+5, FC-16.1)
    assert got == 2 + 5
    rows = dict((r[0], r[1]) for r in breakdown(st))
    assert rows["Broken out to Hagaru-ri or Koto-ri (UN +1 each)"] == "2"
    st.bases["1-5a"].status = "casualty"   # a casualty never counts as broken out
    assert score(st)["un"] == 1 + 5


def test_fc_d_breakout_is_off_without_the_scenario_table():
    st = new(SETUP)
    only(st, [])
    put(st, "1-5a", 36, 22)
    assert score(st)["un"] == 5
    assert not any(r[0].startswith("Broken out") for r in breakdown(st))


def test_the_campaign_rewards_the_breakout_and_the_first_two_days_do_not():
    camp = tomllib.loads(CAMPAIGN.read_text())
    assert camp["breakout"]["regiments"] == ["5-mar", "7-mar", "11-mar-y", "31-inf", "57-fa", "31-tank"]
    assert "breakout" not in tomllib.loads(FIRST_DAYS.read_text())
    st = GAME.setup(camp, {}, 1)      # its table is found in resources/frozen-chosin/
    assert st.breakout.vp == 1 and st.breakout.places == ["hagaru-ri", "koto-ri", "chinhung-ni"]


def test_a_bad_breakout_table_names_its_fields():
    data = scenario(SETUP, breakout={"regiments": ["5-mar", "r999"], "places": ["hungnam"], "radius": -1,
                                     "vp": 1.5, "colour": "red"})
    fields = {f for f, _ in validate(data)}
    assert {"breakout", "breakout.regiments.1", "breakout.places.0", "breakout.radius", "breakout.vp"} <= fields
    assert [f for f, _ in validate(scenario(SETUP, breakout="yes"))] == ["breakout"]
    assert validate(scenario(SETUP, breakout=BREAKOUT)) == []
