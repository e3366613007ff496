"""The speed work on the rules changes no result: the same seeds reach the same states.

The digests below were taken from the rules before they were made faster (the commit before
"faster rules with the same results"): random commands on both sides, so they pin the legal
actions offered and every rule applied, not any computer commander's taste. Each game is cut
after a few hundred actions to keep the test quick; the whole games were compared by hand
with the same seeds (see docs/ai.md, Frozen Chosin). The digest leaves out what differs from
one checkout to another (the table file's folder) and the scenario's breakout reward, added
after the pins were taken (a mid-game state holds nothing else it changes). The pins were
re-taken once, when the Chinese regiments' names were corrected ("172nd", not "172th"): a diff
of the whole state at action 200 showed the names as the only change. Since issue 14 the state
names its table relative to resources/frozen-chosin/ ("table.json") instead of by a machine's
absolute path; the digest below spells it as the pins did ("resources/frozen-chosin/table.json"),
so the pins stand unchanged and still cover everything else.
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

import app.games  # noqa: F401 - the scenario loader finds the game
from app.ai.selfplay import make_player
from app.engine.match import Match
from app.engine.paths import designer_folder_of
from app.engine.scenario import load_scenario
from app.engine.state import canonical_json, copy_state, to_json
from tests.frozen_chosin.helpers import CAMPAIGN

PINNED = [
    # (seed, actions played, digest of the state after them)
    (1001, 200, "9e6e1893aa31ed3ef97f70645260305381c978c7f9cdaa81977665590b5137ea"),
    (1001, 300, "0f86179d0e23c1d942b4849b9317b7532911639eb3f5dafd0fad9896bbf010c3"),
]


def portable_digest(m: Match) -> str:
    data = to_json(m.state)
    assert not Path(data["table"]).is_absolute(), "the state names its table relative to the game's folder"
    data["table"] = f"resources/frozen-chosin/{data['table']}"     # as the pins were taken
    data.pop("breakout", None)
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


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
        assert portable_digest(m) == digest, f"after {n} actions"


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
