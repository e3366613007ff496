"""The attacker's phase before its last: a unit a hex from an objective hex nobody holds ends that
phase in move mode. In the last phase it then enters the hex with its whole movement allowance
(C4.2's one-hex minimum needs it whole; a change to move mode spends half of it, C3.2). In 6.1
(seed 1011, greedy Marines) two Chinese units stood in fire mode a hex from Fox Hill's empty
hexes at the start of the Chinese player's last phase, changed mode, could no longer pay for the
climb in, and the game ended a draw that one of them inside would have won."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.player import _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.scenario import area_cached
from app.games.semper_fi.units import bd

from tests.ai.semper_fi_phases import play_phase
from tests.semper_fi.conftest import bare, put, scenario

UNIT = "2-1-177-plt-3"


def _phase(turns_left: int, mode: str) -> tuple[Match, str, str]:
    """The Chinese player's phase ``turns_left`` turns before the last, one platoon a hex from an
    empty hex round Fox Hill (and a Marine on the hill, so the game is not won already)."""
    sc = scenario("6-1-first-attack")
    st = bare(map_name="fox-hill", stand_in=False, first="18 Nov 0200", last="18 Nov 0800",
              victory=sc["victory"])
    st.turn = len(st.clock) - turns_left
    st.phase = "action-2"
    st.first = "us"                                 # the Marines move first, the Chinese second
    st.active = st.turn_side = "nk"
    b = bd(st)
    area = area_cached(b, sc["victory"]["area"])
    put(st, "fox-2-7-plt-1", "7.08")
    door = sorted(n for n in b.grid.neighbours("6.07") if n not in area and n in b.hexset)[0]
    put(st, UNIT, door, mode=mode)
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m, door, "6.07"


def test_6_1_the_turn_before_the_last_a_unit_next_to_the_hill_stays_in_move_mode() -> None:
    m, _door, _in = _phase(1, "move")
    to_fire = {"type": "mode", "unit": UNIT, "to": "fire"}
    assert to_fire in m.legal_actions()
    ai = make_ai(seed=1, side="nk")
    assert ai.score(m.state, to_fire, _Ctx(m.state, "nk")) < 0
    assert ai.choose(m, m.legal_actions()) != to_fire


def test_6_1_the_turn_before_the_last_a_unit_next_to_the_hill_ends_its_phase_in_move_mode() -> None:
    m, _door, _in = _phase(1, "fire")
    assert {"type": "mode", "unit": UNIT, "to": "move"} in m.legal_actions()
    play_phase(m, side="nk")                        # the AI's whole phase, both sides' AIs
    assert m.state.units[UNIT].mode == "move"


def test_6_1_earlier_the_same_unit_is_not_held_in_move_mode() -> None:
    m, _door, _in = _phase(2, "move")
    to_fire = {"type": "mode", "unit": UNIT, "to": "fire"}
    assert not _Ctx(m.state, "nk").prefinal
    ai = make_ai(seed=1, side="nk")
    assert ai.score(m.state, to_fire, _Ctx(m.state, "nk")) > -1.0


def test_6_1_in_the_last_phase_a_unit_in_move_mode_enters_the_hill() -> None:
    m, _door, inside = _phase(0, "move")
    go = {"type": "move", "unit": UNIT, "to": inside}
    legal = m.legal_actions()
    assert go in legal                              # its whole allowance: the one-hex minimum
    ai = make_ai(seed=1, side="nk")
    assert ai.choose(m, legal) == go
