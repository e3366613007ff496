"""The digest written straight from a state's objects (``direct_digest``) is the digest of its
JSON tree, for every game that opts in; replays that change the state in place reach the same
digests as those that copy it, and still stop at the first tampered action."""

from __future__ import annotations

import random
import tomllib
import typing
from pathlib import Path

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.engine.match import Match
from app.engine.saves import ReplayError, replay, save_data
from app.engine.state import GameState, canonical_json, direct_canonical, to_json
from app.games import GAME_IDS, get_game

SCENARIOS = {"korea38": "scenarios/pusan-perimeter.toml", "semper-fi": "scenarios/5-1-morning-assault.toml",
             "frozen-chosin": None, "chosin-few": "scenarios/standard.toml", "guts": None}


def _scenario(gid: str) -> tuple[dict, Path]:
    rel = SCENARIOS.get(gid)
    path = RESOURCES / gid / rel if rel else sorted((RESOURCES / gid / "scenarios").glob("*.toml"))[0]
    return tomllib.loads(path.read_text(encoding="utf-8")), path


def _played(gid: str, actions: int, seed: int) -> Match:
    sc, path = _scenario(gid)
    m = Match.start(get_game(gid), sc, seed=seed, scenario_path=str(path),
                    scenario_text=path.read_text(encoding="utf-8"))
    r = random.Random(seed)
    for _ in range(actions):
        if m.outcome() is not None:
            break
        legal = m.legal_actions()
        if not legal:
            break
        m.apply(r.choice(legal))
    return m


@pytest.mark.parametrize("gid", GAME_IDS)
def test_every_game_opts_in_and_its_direct_text_is_the_json_trees_text(gid: str) -> None:
    cls = get_game(gid).state_class
    assert cls.direct_digest
    m = _played(gid, 60, seed=7)
    states = [m.state] + [s.after for s in m.history if s.after is not None]
    assert len(states) > 10
    for st in states:
        assert direct_canonical(st) == canonical_json(to_json(st))


def _str_keys_only(tp: typing.Any, seen: set) -> list[str]:
    """Dict annotations inside ``tp`` whose key type is not ``str``."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    bad: list[str] = []
    if origin is dict and args and args[0] is not str:
        bad.append(repr(tp))
    for a in args:
        bad += _str_keys_only(a, seen)
    if isinstance(tp, type) and hasattr(tp, "__dataclass_fields__") and tp not in seen:
        seen.add(tp)
        for f_tp in typing.get_type_hints(tp).values():
            bad += _str_keys_only(f_tp, seen)
    return bad


@pytest.mark.parametrize("gid", GAME_IDS)
def test_an_opted_in_state_declares_no_dict_with_other_than_string_keys(gid: str) -> None:
    cls = get_game(gid).state_class
    assert _str_keys_only(cls, set()) == []


def test_a_state_with_int_keys_would_differ_which_is_why_it_is_opt_in() -> None:
    assert canonical_json(to_json({"a": {2: "x", 10: "y"}})) != direct_canonical({"a": {2: "x", 10: "y"}})
    assert GameState.direct_digest is False


@pytest.mark.parametrize("gid", ["chosin-few", "korea38"])
def test_an_in_place_replay_reaches_the_digests_of_a_copying_one(gid: str) -> None:
    m = _played(gid, 120, seed=3)
    data = save_data(m)
    fast = replay(data, keep_snapshots=False)
    slow = replay(data, keep_snapshots=True)
    assert [s.digest for s in fast.history] == [s.digest for s in slow.history] == [s.digest for s in m.history]
    assert fast.digest() == m.digest()


def test_an_in_place_replay_still_stops_at_the_first_tampered_action() -> None:
    m = _played("chosin-few", 80, seed=5)
    data = save_data(m)
    data["actions"][40]["digest"] = "0" * 64
    with pytest.raises(ReplayError) as e:
        replay(data, keep_snapshots=False)
    assert e.value.index == 41
