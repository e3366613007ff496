"""The side's last action phase with the game won as it stands: the last of its units on the
ground the victory is read on do not assault out of it. In 6.1 (seed 1003, greedy Marines) the
one Chinese platoon left within a hex of Fox Hill assaulted a dug-in mortar in the Chinese
player's very last phase, lost, and turned a Chinese Major into a draw."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.player import _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.victory import determine

from tests.semper_fi.conftest import bare, put, scenario

GO_IN = {"type": "assault", "from": "8.08", "to": "8.07"}


def _last_phase(second_chinese_at: str = "") -> Match:
    sc = scenario("6-1-first-attack")
    st = bare(map_name="fox-hill", stand_in=False, first="18 Nov 0200", last="18 Nov 0800",
              victory=sc["victory"])
    st.turn = len(st.clock)
    st.phase = "action-2"
    st.first = "us"                                 # the Marines moved first: the Chinese move last
    st.active = st.turn_side = "nk"
    put(st, "1-1-177-plt-1", "8.08")
    if second_chinese_at:
        put(st, "1-1-177-plt-2", second_chinese_at)
    put(st, "wpns-2-7-81mm-1", "8.07", morale="suppressed", steps=1)
    put(st, "fox-2-7-plt-1", "7.08", steps=1, lost=16)    # 16 Marine steps lost: one level shifts
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_6_1_the_last_chinese_platoon_on_fox_hill_keeps_the_win() -> None:
    m = _last_phase()
    assert determine(m.state)["winner"] == "nk"           # both on the ground, one level shifted
    legal = m.legal_actions()
    assert GO_IN in legal
    ai = make_ai(seed=1, side="nk")
    assert ai.score(m.state, GO_IN, _Ctx(m.state, "nk")) < 0
    assert ai.choose(m, legal) != GO_IN


def test_6_1_with_another_chinese_unit_on_the_ground_the_assault_still_goes_in() -> None:
    m = _last_phase(second_chinese_at="6.08")
    assert GO_IN in m.legal_actions()
    ai = make_ai(seed=1, side="nk")
    assert ai.score(m.state, GO_IN, _Ctx(m.state, "nk")) > 0
