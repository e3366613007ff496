"""Semper Fi! and Frozen Chosin check every action field's type before their own checks (issue 19).

Like the three other games, each ships ``schemas/actions.json`` (one JSON Schema per action type),
read by ``app.engine.actions`` before ``check``/``explain``. The tests below are named after the
class of bad input; each goes through the command line as a user would (``run``, ``legal``), or
through the replay the window uses, and asserts a refusal in words, never a traceback. The last
two check the schemas themselves: every legal action met in play fits them (so they refuse
nothing a player can do), and every field of every action type refuses a wrong kind of value.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.cli import main
from app.engine.actions import action_schemas, shape_problem
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.saves import ReplayError, replay, save_data
from app.engine.scenario import load_scenario
from tests.fuzz.mutate import schema_example

SCENARIOS = {"semper-fi": "4-1-ambush.toml", "frozen-chosin": "first-days.toml"}
GAMES = sorted(SCENARIOS)
#: ``FILE:LINE: action N is illegal: malformed ...`` (the line the other games print).
REFUSAL = re.compile(r"^.+\.jsonl:(\d+): action \d+ is illegal: (malformed|this game has no action called) .+$")


def _scenario(game: str) -> Path:
    return RESOURCES / game / "scenarios" / SCENARIOS[game]


_PREFIX: dict[str, list[dict[str, Any]]] = {}


def _prefix(game: str) -> list[dict[str, Any]]:
    """The first legal actions of a fixed game, so the bad action comes mid-game."""
    if game not in _PREFIX:
        g, loaded = load_scenario(_scenario(game))
        m = Match.start(g, loaded.data, seed=3, keep_snapshots=False)
        r = Rng.from_seed(3)
        for _ in range(3):
            m.apply(r.choice(m.legal_actions()))
        _PREFIX[game] = [s.action for s in m.history]
    return _PREFIX[game]


#: One malformed action per class of bad input, for each game.
BAD: dict[str, dict[str, dict[str, Any]]] = {
    "semper-fi": {
        "a list where a unit id belongs": {"type": "move", "unit": ["us-1"], "to": "11.01"},
        "a table where a hex belongs": {"type": "fire", "from": {"h": "11.01"}, "at": "12.01"},
        "a number where a formation belongs": {"type": "draw-sheet", "formation": 7, "kind": "attack"},
        "null where a battery belongs": {"type": "artillery", "battery": None, "at": "11.01", "ammo": "he"},
        "text where a whole number belongs": {"type": "overwatch-mortar", "pool": "m", "at": "11.01", "count": "3"},
        "true where a whole number belongs": {"type": "overwatch-mortar", "pool": "m", "at": "11.01", "count": True},
        "a missing field": {"type": "place", "unit": "us-1"},
        "a field the action does not have": {"type": "end-phase", "unit": "us-1"},
        "an unknown action type": {"type": "teleport", "unit": "us-1"},
        "an empty id": {"type": "dig-in", "unit": ""},
        "a list nested 60 deep": {"type": "exit", "unit": json.loads("[" * 60 + "]" * 60)},
    },
    "frozen-chosin": {
        "a list where a unit id belongs": {"type": "hold", "unit": ["1-5"]},
        "a table where a point belongs": {"type": "move", "unit": "1-5", "to": {"x": 1, "y": 2}},
        "a point with three numbers": {"type": "move", "unit": "1-5", "to": [1, 2, 3]},
        "text where a number belongs": {"type": "move", "unit": "1-5", "to": ["1", 2]},
        "an unknown movement mode": {"type": "move", "unit": "1-5", "to": [1, 2], "mode": "fly"},
        "a number where a regiment belongs": {"type": "activate", "regiment": 5},
        "null where an operation belongs": {"type": "plan", "op": None},
        "true where a die count belongs": {"type": "fire", "unit": "1-5", "targets": [["x", True]]},
        "a table where an attacker list belongs": {"type": "attack", "defender": "d", "attackers": {"a": 1}},
        "a missing field": {"type": "attempt", "op": "x"},
        "a field the action does not have": {"type": "pass", "unit": "1-5"},
        "an unknown action type": {"type": "teleport", "unit": "1-5"},
        "a list nested 60 deep": {"type": "guns", "target": json.loads("[" * 60 + "]" * 60)},
    },
}
CASES = [(g, name) for g in GAMES for name in BAD[g]]


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out, out.err


def _actions_file(tmp_path: Path, game: str, bad: dict[str, Any]) -> Path:
    f = tmp_path / "a.jsonl"
    f.write_text("".join(json.dumps(a) + "\n" for a in _prefix(game) + [bad]))
    return f


@pytest.mark.parametrize("game,name", CASES, ids=[f"{g}: {n}" for g, n in CASES])
def test_a_malformed_action_in_an_actions_file_is_refused_by_run_and_legal(tmp_path, capsys, game, name):
    f = _actions_file(tmp_path, game, BAD[game][name])
    bad_line = len(_prefix(game)) + 1
    for cmd in ("run", "legal"):
        code, out, err = _cli([cmd, str(_scenario(game)), "--actions", str(f), "--json"], capsys)
        assert code == 3, (cmd, err)
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1 and REFUSAL.match(lines[0]), lines
        assert int(REFUSAL.match(lines[0]).group(1)) == bad_line
        assert "unhashable" not in err and "Error" not in err
        reason = json.loads(out)["error"]["reason"]
        assert reason.startswith("malformed") or reason.startswith("this game has no action")


@pytest.mark.parametrize("game", GAMES)
def test_a_save_with_a_malformed_action_is_refused_by_the_replay_the_window_uses(tmp_path, capsys, game):
    g, loaded = load_scenario(_scenario(game))
    m = Match.start(g, loaded.data, seed=3, scenario_path=str(_scenario(game)), scenario_text=loaded.text,
                    keep_snapshots=False)
    for a in _prefix(game):
        m.apply(a)
    data = save_data(m)
    first = next(iter(BAD[game].values()))
    data["actions"][-1]["action"] = first
    with pytest.raises(ReplayError, match="malformed"):
        replay(data)
    f = tmp_path / "game.json"
    f.write_text(json.dumps(data))
    code, out, _ = _cli(["validate", str(f)], capsys)
    assert code == 2 and "malformed" in out and "unhashable" not in out


# -- the schemas themselves -----------------------------------------------------------------------

def _all_scenarios(game: str) -> list[Path]:
    return sorted((RESOURCES / game / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("scen", [p for g in GAMES for p in _all_scenarios(g)], ids=lambda p: p.stem)
def test_every_legal_action_met_in_play_fits_the_schema(scen):
    """Random play (fixed seed, 25 actions): the schema refuses nothing a player may do."""
    g, loaded = load_scenario(scen)
    m = Match.start(g, loaded.data, seed=11, keep_snapshots=False)
    schemas = action_schemas(g)
    assert schemas is not None
    r = Rng.from_seed(11)
    seen = set()
    for _ in range(25):
        legal = m.legal_actions()
        if not legal or m.outcome() is not None:
            break
        for a in legal:
            plain = json.loads(json.dumps(a))        # as read back from a file or a save
            assert shape_problem(g, plain) is None, (a, shape_problem(g, plain))
            seen.add(a["type"])
        m.apply(r.choice(legal))
    assert seen <= set(schemas)


_WRONG = [["x"], {"x": 1}, 3, 2.5, None, True, "", "x" * 300, [[[]]]]


@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_every_action_type_refuses_a_wrong_kind_of_value(game):
    """For each action type, each field in turn gets every wrong kind of value: ``check``
    answers with a reason (no exception), and the reason names the action as malformed."""
    g, loaded = load_scenario(_scenario(game))
    m = Match.start(g, loaded.data, seed=3, keep_snapshots=False)
    for a in _prefix(game):
        m.apply(a)
    schemas = action_schemas(g)
    assert schemas is not None and len(schemas) >= 15
    tried = 0
    for t, schema in schemas.items():
        good = schema_example(schema) | {"type": t}
        for field in schema["properties"]:
            if field == "type":
                continue
            for wrong in _WRONG:
                if _fits(wrong, schema["properties"][field]):
                    continue
                action = copy.deepcopy(good)
                action[field] = wrong
                why = m.check(action)
                assert why is not None and why.reason.startswith("malformed"), (action, why)
                tried += 1
    assert tried > 100


def _fits(value: Any, s: dict[str, Any]) -> bool:
    import jsonschema
    return jsonschema.Draft202012Validator(s).is_valid(value)


def test_a_point_held_as_a_tuple_is_the_same_list_to_the_schema():
    """An action built in the program (an AI's, the window's) may carry its point as a tuple."""
    g, _ = load_scenario(_scenario("frozen-chosin"))
    assert shape_problem(g, {"type": "move", "unit": "1-5", "to": (1.5, 2.0)}) is None
    assert shape_problem(g, {"type": "move", "unit": "1-5", "to": (1.5, "2")}) is not None
    assert shape_problem(g, {"type": "fire", "unit": "1-5", "targets": [("x", 2)]}) is None
