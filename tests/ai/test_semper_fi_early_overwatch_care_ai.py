"""The first turns of a long night: a Chinese unit does not step into more Marine overwatch (C6.3)
than where it stands, when the night leaves time for a better moment. 6.1, seed 1000 against
greedy: on turn 1 three Chinese platoons walked one after the other into 6.07, under the overwatch
of three Marine hexes; the attack was spent before the night had begun."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.player import EARLY_TURNS, LONG_GAME, _Ctx, early_care
from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import bare, put, scenario

PLATOON = "1-2-177-plt-1"
MARINES = (("fox-2-7-plt-1", "6.07"), ("fox-2-7-mg-1", "6.08"), ("fox-2-7-mg-2", "7.07"))


def _position(turn: int, first: str = "18 Nov 0200", last: str = "18 Nov 0800") -> Match:
    sc = scenario("6-1-first-attack")
    st = bare(map_name="fox-hill", stand_in=False, first=first, last=last, victory=sc["victory"])
    st.turn = turn
    st.phase = "action-1"
    st.first = "nk"
    st.active = st.turn_side = "nk"
    for u, h in MARINES:
        put(st, u, h)                               # in fire mode, ready to overwatch
    put(st, PLATOON, "6.05", mode="move")
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def _choice(m: Match) -> dict:
    return make_ai(seed=2, side="nk").choose(m, m.legal_actions())


def test_6_1_early_in_the_night_a_chinese_platoon_does_not_walk_into_overwatch() -> None:
    m = _position(turn=1)
    c = _Ctx(m.state, "nk")
    # every step nearer Fox Hill from 6.05 is watched by more Marines than 6.05 is
    assert c.overwatchers(m.state, "6.05") == 0
    assert c.overwatchers(m.state, "7.06") >= 1 and c.overwatchers(m.state, "6.06") >= 2
    assert len(m.state.clock) >= LONG_GAME and early_care(m.state)
    a = _choice(m)
    assert not (a["type"] == "move" and a["to"] in ("7.06", "6.06"))


def test_6_1_after_the_first_turns_the_same_platoon_goes_in() -> None:
    m = _position(turn=EARLY_TURNS + 1)
    assert not early_care(m.state)
    assert _choice(m) == {"type": "move", "unit": PLATOON, "to": "7.06"}


def test_a_short_night_leaves_no_time_to_wait() -> None:
    # the same ground in a night of LONG_GAME - 1 turns (7.2 has 5, 4.2 7): it goes in at once
    m = _position(turn=1, last="18 Nov 0300")
    assert len(m.state.clock) < LONG_GAME and not early_care(m.state)
    assert _choice(m) == {"type": "move", "unit": PLATOON, "to": "7.06"}
