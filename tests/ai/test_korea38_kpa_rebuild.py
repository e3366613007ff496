"""DECISIONS 25: the KPA rebuilt over the winter of 1950-51, two replacement points a turn on
turns 8-12 (one before). In the Chinese Intervention position moved to January 1951 the
Communist AI's Reinforcement Phase now spends two North Korean replacement steps, not one."""

from __future__ import annotations

from app.ai.korea38.player import KoreaAI
from app.engine.match import Match
from app.games.korea38 import GAME
from app.games.korea38.data import COMMUNIST


def _shipped(name: str) -> dict:
    from app import RESOURCES
    from app.engine.scenario import load_scenario
    _g, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / name)
    return dict(loaded.data)


def test_turn_track_gives_the_kpa_two_points_from_january_to_may_1951():
    from app.games.korea38.data import get_data
    d = get_data()
    assert [d.turns[t]["rp"]["kpa"] for t in range(7, 14)] == [1, 2, 2, 2, 2, 2, 1]


def test_two_north_korean_replacements_are_spent_in_january_1951():
    sc = _shipped("chinese-intervention.toml")
    sc["start"] = dict(sc["start"], turn=8)
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    assert m.state.rp["kpa"] == 2
    ai = KoreaAI(3, COMMUNIST, "normal")
    spent = []
    while m.state.phase == "communist-reinforcement":
        a = ai.choose(m, m.legal_actions())
        if a["type"] == "replace" and a["unit"].startswith("kpa-"):
            spent.append(a["unit"])
        m.apply(a, checked=True)
    assert len(spent) == 2 and m.state.rp.get("kpa", 0) == 0


def _battles_declared(plan_support: bool) -> int:
    """The Communist turn 6 of the Chinese Intervention scenario (the PVA out of MiG Alley on a
    surprise and offensive turn), played to the end of its declarations."""
    sc = _shipped("chinese-intervention.toml")
    m = Match.start(GAME, sc, seed=0, keep_snapshots=False)
    ai = KoreaAI(0, COMMUNIST, "normal")
    ai.cfg["plan_support"] = plan_support
    for _ in range(2000):
        st = m.state
        if st.phase == "communist-combat" and st.combat_step != "declare":
            break
        m.apply(ai.choose(m, m.legal_actions()), checked=True)
    return len(m.state.battles)


def test_pva_offensive_plans_its_support_and_fights_more_battles():
    """Planner.plan_attacks values a target with the support and human wave the free PVA
    could add (9.2.4.1, 9.2.4.2): twice as many battles on the PVA's first turn as before."""
    with_help = _battles_declared(True)
    without = _battles_declared(False)
    assert with_help > without >= 1
