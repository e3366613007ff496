"""Random play through whole campaigns with invariants checked after every action."""

from __future__ import annotations

import pytest

from app.ai.selfplay import play_one
from app.games.korea38 import GAME
from app.games.korea38.data import COMMUNIST, ALLIED
from app.games.korea38.sequence import overstacked, phase_kind
from app.games.korea38.state import BOXES, SEA
from app.games.korea38.steps import steps_of
from app.games.korea38.zoc import Board, data_of

from tests.korea38.fixtures.mini import campaign


def total_steps(st) -> int:
    d = data_of(st)
    return sum(steps_of(st, d, u) for u in st.units)


def make_checker():
    seen = {"total": None, "phase": None, "actions": 0}

    def check(match):
        st = match.state
        d = data_of(st)
        board = Board(st, d)
        step = match.history[-1]
        seen["actions"] += 1
        # every unit is somewhere known; nobody shares a hex with the enemy (TF Smith excepted, 7.4)
        for uid, us in st.units.items():
            assert (d.grid.contains(us.at) and us.at in d.land) or us.at in BOXES or us.at.startswith(SEA), (uid, us.at)
        for h, units in board.occ.items():
            sides = {d.units[u].side for u in units if not d.units[u].zoc_own_hex_only}
            assert len(sides) <= 1, (h, units)
        # steps are conserved: every change is a logged loss or gain
        total = total_steps(st)
        if seen["total"] is not None:
            logged = sum(e.data.get("steps", 0) * (1 if e.kind == "gain" else -1)
                         for e in step.events if e.kind in ("gain", "loss"))
            assert total - seen["total"] == logged, (step.action, total, seen["total"], logged)
        seen["total"] = total
        # stacking holds whenever a movement or combat phase has ended (8.2.2)
        if step.action["type"] == "end-phase" and seen["phase"] and phase_kind(seen["phase"]) in (
                "precombat", "combat", "movement"):
            for side in (COMMUNIST, ALLIED):
                assert not overstacked(st, board, side), (seen["phase"], side)
        seen["phase"] = st.phase
        # whoever is to act has something to do
        if st.result is None:
            assert GAME.legal_actions(st), (st.phase, st.active)

    return check, seen


@pytest.mark.parametrize("seed,armistice", [(1, False), (2, False), (3, False), (4, True), (5, True)])
def test_fuzz_mini_campaign(seed, armistice):
    sc = campaign(options={"armistice": armistice})
    check, seen = make_checker()
    # the first check has no "before": seed it from the start position
    from app.engine.match import Match
    seen["total"] = total_steps(Match.start(GAME, sc, seed=seed).state)
    res = play_one(GAME, sc, seed, ["random", "random"], check=check)
    assert res.outcome is not None and res.winner in (COMMUNIST, ALLIED)
    assert seen["actions"] == res.actions


def test_every_legal_action_checks_and_describes():
    """Sampled positions from a random game: legal actions pass check() and have labels;
    moving a unit to a random far hex is refused with a rule."""
    from app.engine.match import Match
    from app.engine.rng import Rng
    sc = campaign(options={"armistice": False})
    m = Match.start(GAME, sc, seed=11, keep_snapshots=False)
    rng = Rng.from_seed(11)
    for i in range(300):
        legal = m.legal_actions()
        if not legal:
            break
        if i % 25 == 0:
            for a in legal[:40]:
                assert GAME.check(m.state, a) is None
                assert GAME.describe_action(m.state, a)
            ill = GAME.check(m.state, {"type": "move", "unit": "kpa-1", "to": "2115"})
            assert ill is not None and ill.reason
            assert GAME.prompt(m.state)
            GAME.panels(m.state, None)
        m.apply(rng.choice(legal), checked=True)
