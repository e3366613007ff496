"""7.3: the Chinese keep out of the Marines' reach until the last hours. The four places
are read only at the end of the game (a Chinese unit in each one moves the result a level), and a
Chinese unit the Marines see draws them on it: against greedy Marines, who walk at every unit they
see, 7.3's Chinese took the places early and lost the army that held them before the end
(docs/ai.md, eighteenth pass). Until ``player.LATE_TURNS`` turns before the end no Chinese unit
moves within ``player.LATE_REACH`` hexes of a Marine unit it sees. Not in 7.4, whose Marines wait
for contact (C14.9)."""

from __future__ import annotations

import pytest

from app.ai.semper_fi import make_ai
from app.ai.semper_fi import player as ai_player
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from semper_fi_phases import play_phase
from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-3-night-of-fire"
CHINESE = "1-172-plt-1"
MARINE = "item-3-1-plt-1"
START, MARINE_AT = "18.08", "18.13"          # five hexes apart; 18.13 is on the airfield


def _position(turns_left: int) -> Match:
    """The Chinese action phase ``turns_left`` turns before the last, one platoon in move mode
    five hexes north of a Marine platoon standing on the airfield."""
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, turns=sc["turns"], victory=sc["victory"], rules=sc["rules"])
    put(st, MARINE, MARINE_AT, mode="fire")
    put(st, CHINESE, START, mode="move")
    st.turn, st.phase, st.first = len(st.clock) - turns_left, "action-1", "nk"
    st.active = st.turn_side = "nk"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def _gap(m: Match) -> int:
    st = m.state
    return bd(st).grid.distance(st.units[CHINESE].at, st.units[MARINE].at)


def test_the_position_is_as_the_tests_assume() -> None:
    m = _position(8)
    assert len(m.state.clock) == 13 and m.state.turn == 5
    assert _gap(m) == 5
    assert MARINE_AT in dict(ai_player.places(m.state))["Airfield"]


def test_7_3_early_the_chinese_keep_out_of_reach_of_the_marines() -> None:
    m = _position(8)
    play_phase(m, side="nk")
    assert _gap(m) > ai_player.LATE_REACH


def test_7_3_in_the_last_hours_they_go_in() -> None:
    m = _position(ai_player.LATE_TURNS - 1)
    play_phase(m, side="nk")
    assert _gap(m) <= ai_player.LATE_REACH


def test_7_3_without_the_rule_they_go_in_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_player, "LATE_TURNS", 0)
    m = _position(8)
    play_phase(m, side="nk")
    assert _gap(m) <= ai_player.LATE_REACH


def test_the_hint_says_why_the_chinese_stop_short() -> None:
    m = _position(8)
    ai = make_ai(seed=2, side="nk")
    why = ai.explain(m, {"type": "move", "unit": CHINESE, "to": "18.09"})
    assert f"more than {ai_player.LATE_REACH} hexes from every Marine unit" in why
    assert f"last {ai_player.LATE_TURNS} turns" in why


def test_the_hint_gives_no_such_reason_in_the_last_hours() -> None:
    m = _position(ai_player.LATE_TURNS - 1)
    why = make_ai(seed=2, side="nk").explain(m, {"type": "move", "unit": CHINESE, "to": "18.09"})
    assert "hexes from every Marine unit" not in why


def test_7_4_whose_marines_wait_for_contact_has_no_such_wait() -> None:
    sc = scenario("7-4-night-of-fire-ii")
    assert sc["rules"].get("wait_for_contact") == "us"
    st = bare(map_name="hagaru", stand_in=False, turns=sc["turns"], victory=sc["victory"], rules=sc["rules"])
    st.turn = 2
    assert ai_player.places(st)                            # the same four places as 7.3
    assert not ai_player.late_wait(st, "nk", ai_player.role(st, "nk"))
    assert ai_player.late_wait(_position(8).state, "nk", ai_player.ATTACK) is True


def test_the_hint_never_claims_it_for_a_move_into_reach() -> None:
    m = _position(8)
    why = make_ai(seed=2, side="nk").explain(m, {"type": "move", "unit": CHINESE, "to": "18.10"})
    assert "hexes from every Marine unit" not in why       # 18.10 is 3 hexes from the Marine
