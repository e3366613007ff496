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


@pytest.mark.parametrize("gid", ["korea38", "chosin-few", "guts"])
def test_damaged_positions_are_reported_not_crashed(gid):
    base = tomllib.loads((RESOURCES / gid / "tutorial" / "tutorial.toml").read_text())
    paths = [p for p in _paths(base) if p[0] not in ("format", "version", "game", "id", "name")]
    rng = Rng.from_seed(16)
    reported = loaded_ok = 0
    for _ in range(80):
        doc = copy.deepcopy(base)
        for _ in range(1 + rng.below(2)):
            live = [p for p in _paths(doc) if p[0] not in ("format", "version", "game", "id", "name")]
            if not live:
                break
            try:
                _set(doc, rng.choice(live), copy.deepcopy(rng.choice(JUNK)))
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
    assert reported and loaded_ok


def test_damaged_frozen_chosin_positions_are_reported_not_crashed():
    """The same for Frozen Chosin; its tables are strict, so most damage is reported, and a
    removed key (a default then applies) still loads."""
    base = tomllib.loads((RESOURCES / "frozen-chosin" / "tutorial" / "tutorial.toml").read_text())
    skip = ("format", "version", "game", "id", "name")
    rng = Rng.from_seed(16)
    reported = loaded_ok = 0
    for i in range(120):
        doc = copy.deepcopy(base)
        live = [p for p in _paths(doc) if p[0] not in skip]
        try:
            _set(doc, rng.choice(live), None if i % 3 == 0 else copy.deepcopy(rng.choice(JUNK)))
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
    assert reported and loaded_ok
