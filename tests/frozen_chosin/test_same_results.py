"""The speed work on the rules changes no result: the same seeds reach the same states.

The digests below were taken from the rules before they were made faster (the commit before
"faster rules with the same results"): random commands on both sides, so they pin the legal
actions offered and every rule applied, not any computer commander's taste. Each game is cut
after a few hundred actions to keep the test quick; the whole games were compared by hand
with the same seeds (see docs/ai.md, Frozen Chosin).
"""

from __future__ import annotations

import dataclasses

import pytest

import app.games  # noqa: F401 - the scenario loader finds the game
from app.ai.selfplay import make_player
from app.engine.match import Match
from app.engine.paths import designer_folder_of
from app.engine.scenario import load_scenario
from app.engine.state import copy_state, to_json
from tests.frozen_chosin.helpers import CAMPAIGN

PINNED = [
    # (seed, actions played, digest of the state after them)
    (1001, 200, "77278428f1b1aee70ae3245f7b0017dae0433c9316db9b1b88d7d25aaf212220"),
    (1001, 300, "5bdd090a50d6eb4fbd4a334311ad93c3383c8ec214a742e3fff41f430968d5ea"),
]


def _play(seed: int, actions: int, players: tuple[str, str] = ("random", "random")) -> Match:
    game, loaded = load_scenario(CAMPAIGN)
    m = Match.start(game, loaded.data, seed=seed, keep_snapshots=False, data_folder=designer_folder_of(CAMPAIGN))
    seats = {s: make_player(game, n, seed, s) for s, n in zip(game.sides, players)}
    for _ in range(actions):
        legal = m.legal_actions()
        a = seats[m.state.active].choose(m, legal)
        m.apply(a, checked=any(a is x for x in legal))
    return m


def test_random_commands_reach_the_pinned_states() -> None:
    m = _play(1001, 0)
    game = m.game
    seats = {s: make_player(game, "random", 1001, s) for s in game.sides}
    done = 0
    for seed, n, digest in PINNED:
        assert seed == 1001
        while done < n:
            legal = m.legal_actions()
            a = seats[m.state.active].choose(m, legal)
            m.apply(a, checked=any(a is x for x in legal))
            done += 1
        assert m.digest() == digest, f"after {n} actions"


def _shared_mutables(a: object, b: object, path: str = "state") -> list[str]:
    """Paths where the copy ``b`` holds the very same mutable object as ``a``."""
    out: list[str] = []
    if isinstance(a, (list, dict, set)) or dataclasses.is_dataclass(a):
        if a is b:
            return [path]
    if isinstance(a, dict):
        for k in a:
            out += _shared_mutables(a[k], b[k], f"{path}[{k!r}]")  # type: ignore[index]
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):  # type: ignore[call-overload]
            out += _shared_mutables(x, y, f"{path}[{i}]")
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            out += _shared_mutables(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    return out


@pytest.mark.parametrize("actions", [0, 120])
def test_state_copy_matches_the_engine_round_trip_and_shares_nothing(actions: int) -> None:
    st = _play(1001, actions).state
    mine, engine = st.copy(), copy_state(st)
    assert to_json(mine) == to_json(engine)
    assert mine.digest() == st.digest()
    assert _shared_mutables(st, mine) == []


def test_state_copy_covers_a_pending_decision_and_an_activation() -> None:
    m = _play(1001, 0)
    game = m.game
    seats = {s: make_player(game, "random", 1001, s) for s in game.sides}
    seen = set()
    for _ in range(600):
        st = m.state
        if st.activation is not None:
            seen.add("activation")
        if st.pending is not None:
            seen.add("pending")
            assert _shared_mutables(st, st.copy()) == []
        legal = m.legal_actions()
        a = seats[st.active].choose(m, legal)
        m.apply(a, checked=any(a is x for x in legal))
        if seen == {"activation", "pending"}:
            break
    assert seen == {"activation", "pending"}
