"""C7.3: a retreat is rolled, its path chosen later (the owner picks among the legal ends), and
meanwhile another unit's retreat or a revealed enemy can close every path. The game then offered
nothing to do and stopped: a dead end the Semper Fi! measurement found in 5.1 (seed 1072, the
computer's Marines against random North Koreans, action 61, a Marine 81mm mortar with a 2-hex
retreat pending). Now a retreat left with no path ends as one rolled with none: the unit
surrenders (C7.3)."""

from __future__ import annotations

from app.ai.selfplay import make_player
from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import scenario


def test_c7_3_a_retreat_whose_paths_closed_meanwhile_surrenders_and_play_goes_on() -> None:
    seed = 1072
    m = Match.start(GAME, scenario("5-1-morning-assault"), seed=seed, keep_snapshots=False)
    seats = {s: make_player(GAME, p, seed, s) for s, p in zip(GAME.sides, ("ai", "random"))}
    texts = []
    for _ in range(20_000):
        if m.outcome() is not None:
            break
        legal = m.legal_actions()
        assert legal, f"no legal action and no outcome at turn {m.state.turn}, phase {m.state.phase}"
        a = seats[m.state.active].choose(m, legal)
        texts += [(e.text, e.rule) for e in m.apply(a, checked=any(a is x for x in legal)) or []]
    assert m.outcome() is not None
    assert any("nowhere to retreat and surrenders" in t and r == "C7.3" for t, r in texts)
