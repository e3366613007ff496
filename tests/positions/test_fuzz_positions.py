"""Bad positions never crash: random damage to the tutorial positions of every game gives
either a clean load or FILE:LINE: field: message problems (fixed seed, bounded examples)."""

from __future__ import annotations

import copy
import tomllib

import pytest

import app.games  # noqa: F401 - registers the games, so the file also runs on its own
from app import RESOURCES
from app.engine.files import FileError, Loaded
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.scenario import check_scenario

JUNK = [None, [], {}, "x", -1, 7, 1.5, True, ["a", 1], {"a": [1]}, "2115", [3.0, 4.0], "cup", "removed"]


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def _set(doc, path, value):
    cur = doc
    for p in path[:-1]:
        cur = cur[p]
    if value is None:
        if isinstance(cur, dict):
            cur.pop(path[-1], None)
        else:
            cur.pop(path[-1])
    else:
        cur[path[-1]] = value


def damage_rounds(base, *, seed: int, rounds: int, skip=("format", "version", "game", "id", "name"),
                  count=lambda rng: 1 + rng.below(2),
                  value=lambda rng, i: copy.deepcopy(rng.choice(JUNK))) -> tuple[int, int]:
    """``rounds`` damaged copies of the position ``base`` (``count`` random fields each set to a
    junk ``value`` or removed), each checked and, if accepted, started and asked for its legal
    actions; returns (reported, loaded) and asserts every report has a field and a message."""
    rng = Rng.from_seed(seed)
    reported = loaded_ok = 0
    for i in range(rounds):
        doc = copy.deepcopy(base)
        for _ in range(count(rng)):
            live = [p for p in _paths(doc) if p[0] not in skip]
            if not live:
                break
            try:
                _set(doc, rng.choice(live), value(rng, i))
            except (KeyError, IndexError, TypeError):
                pass
        game, problems = check_scenario(Loaded(path="fuzz.toml", text="", data=doc, lines={}))
        if problems:
            reported += 1
            assert all(p.field is not None and p.message for p in problems)
            continue
        m = Match.start(game, doc, seed=1)
        m.legal_actions()
        loaded_ok += 1
    return reported, loaded_ok


@pytest.mark.parametrize("gid", ["korea38", "chosin-few", "guts"])
def test_damaged_positions_are_reported_not_crashed(gid):
    base = tomllib.loads((RESOURCES / gid / "tutorial" / "tutorial.toml").read_text())
    reported, loaded_ok = damage_rounds(base, seed=16, rounds=80)
    assert reported and loaded_ok


def test_damaged_frozen_chosin_positions_are_reported_not_crashed():
    """The same for Frozen Chosin; its tables are strict, so most damage is reported, and a
    removed key (a default then applies) still loads."""
    base = tomllib.loads((RESOURCES / "frozen-chosin" / "tutorial" / "tutorial.toml").read_text())
    reported, loaded_ok = damage_rounds(base, seed=16, rounds=120, count=lambda rng: 1,
                                       value=lambda rng, i: None if i % 3 == 0 else copy.deepcopy(rng.choice(JUNK)))
    assert reported and loaded_ok
