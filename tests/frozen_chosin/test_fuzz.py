"""Random commanders over fixed seeds with two, three and six seats; invariants after every
action: no base leaves the table without a cause, hits agree with suppression and casualties,
and every game ends on its last turn with victory points and a result."""

from __future__ import annotations

import pytest

from app.engine.game import Context
from app.engine.players import RandomPlayer
from app.engine.scenario import load_scenario
from app.games.frozen_chosin import GAME

from tests.frozen_chosin.helpers import CAMPAIGN, FIRST_DAYS

SEATS = {
    2: {"un-yudam": "A", "un-rct31": "A", "un-hagaru": "A", "pva-27": "B", "pva-20": "B", "pva-26": "B"},
    3: {"un-yudam": "A", "un-rct31": "A", "un-hagaru": "A", "pva-27": "B", "pva-20": "C", "pva-26": "C"},
    6: {"un-yudam": "A", "un-rct31": "B", "un-hagaru": "C", "pva-27": "D", "pva-20": "E", "pva-26": "F"},
}


def invariants(st, evs, was_on: set[str], counts: dict[str, int]) -> None:
    g = __import__("app.games.frozen_chosin.common", fromlist=["G"]).G(st)
    on = {b.id for b in st.bases.values() if b.status == "on"}
    for b in st.bases.values():
        assert b.status in ("off", "on", "casualty", "evacuated")
        if b.status == "on":
            assert g.on_table(b.x, b.y, b.w, b.h), b
            assert b.hits in (0, 1), b
            if b.side == "pva":
                assert not g.touches_lake(b.x, b.y, b.w, b.h), b
        if b.status == "casualty":
            assert b.hits == 2
        if b.status == "off":
            assert b.id not in was_on, f"{b.id} left the table without a cause"
    was_on |= on
    counts["casualty"] += sum(1 for e in evs if e.kind == "casualty")
    counts["restore"] += sum(1 for e in evs if e.kind == "restore")
    counts["evacuate"] += sum(1 for e in evs if e.kind == "evacuate")
    for side in ("un", "pva"):
        suppressed = sum(1 for b in st.bases.values() if b.side == side and b.suppressed)
        assert suppressed <= st.hits_taken.get(side, 0)
    cas = sum(1 for b in st.bases.values() if b.status == "casualty")
    assert cas == counts["casualty"] - counts["restore"] - counts["evacuate"]
    assert sum(1 for b in st.bases.values() if b.status == "evacuated") == st.evacuated == counts["evacuate"]


def play(path, seed: int, seats: dict[str, str]):
    """Apply the rules straight to one state (no match history: the engine's copies and digests
    are tested elsewhere and would make this slow)."""
    _, loaded = load_scenario(path)
    st = GAME.setup(loaded.data, {"seats": seats}, seed)
    players = {s: RandomPlayer(seed, s) for s in set(seats.values())}
    was_on = {b.id for b in st.bases.values() if b.status == "on"}
    counts = {"casualty": 0, "restore": 0, "evacuate": 0}
    for _ in range(20000):
        if GAME.outcome(st) is not None:
            break
        cid = st.pending.command if st.pending is not None else st.current
        seat = st.commands[cid].seat
        assert st.commands[cid].side == st.active
        legal = GAME.legal_actions(st)
        assert legal, f"dead end at turn {st.turn} {st.phase}"
        action = players[seat].choose(None, legal)  # type: ignore[arg-type]
        ctx = Context(st.rng, side=st.active)
        GAME.apply(st, action, ctx)
        invariants(st, ctx.events, was_on, counts)
    out = GAME.outcome(st)
    assert out is not None and st.turn == st.turns
    assert set(st.vp) == {"un", "pva"} and "VP" in out.reason
    return st


@pytest.mark.parametrize("n,seed", [(2, 1), (2, 2), (3, 3), (6, 4)])
def test_random_commanders_finish_the_first_days(n, seed):
    play(FIRST_DAYS, seed, SEATS[n])


def test_random_commanders_finish_the_campaign_with_six_seats():
    st = play(CAMPAIGN, 11, SEATS[6])
    assert st.turn == 8 and st.phase == "over"
