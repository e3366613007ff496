"""The Chinese Intervention scenario opens with a Communist surprise turn (turn 6 on our track):
every Communist unit moves before combat and again after it, before the Allies act at all. With
Pusan empty, the two bypassed North Korean divisions in the southern mountains could walk in on
that turn and end the game (5.1): a test player with a bolder computer opponent found it in every
game. The Allied rear-area division now holds Pusan (DECISIONS.md, section 17)."""

from __future__ import annotations

from app import RESOURCES
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.games.korea38 import movement as rmove
from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.zoc import Board, data_of

PUSAN = "2929"


def _precombat():
    game, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / "chinese-intervention.toml")
    m = Match.start(game, loaded.data, seed=0, keep_snapshots=False)
    while m.state.phase != "communist-precombat":
        m.apply(m.legal_actions()[0], checked=True)
    return m


def test_pusan_is_held_when_the_scenario_opens():
    m = _precombat()
    d = data_of(m.state)
    held = [u for u, us in m.state.units.items() if us.at == PUSAN]
    assert held and all(d.units[u].side == ALLIED for u in held)
    assert m.state.control.get(PUSAN, ALLIED) == ALLIED


def test_no_communist_unit_can_stand_next_to_pusan_before_the_turn_6_combat():
    m = _precombat()
    st = m.state
    d = data_of(st)
    assert st.turn == 6 and d.surprise(6, COMMUNIST)          # every unit may move now (8.1)
    board = Board(st, d)
    around = {h for h in d.land if d.grid.distance(h, PUSAN) == 1}
    assert around
    for u, us in st.units.items():
        if d.units[u].side != COMMUNIST or not d.grid.contains(us.at) or d.units[u].is_air:
            continue
        reach = rmove.reach(st, board, u)
        assert not (set(reach) & around), (u, us.at, sorted(set(reach) & around))


def test_no_communist_unit_can_walk_into_pusan_on_turn_6():
    """Its move before combat, then its move after (the Movement Phase, 8.0): never into Pusan."""
    m = _precombat()
    st = m.state
    d = data_of(st)
    for u, us in st.units.items():
        if d.units[u].side != COMMUNIST or not d.grid.contains(us.at) or d.units[u].is_air:
            continue
        first = rmove.reach(st, Board(st, d), u)
        for h in sorted(set(first) | {us.at}):
            after = st.copy()
            after.units[u].at = h
            after.phase = "communist-movement"
            after.moved = set()
            second = rmove.reach(after, Board(after, d), u)
            assert PUSAN not in second, (u, us.at, h)
