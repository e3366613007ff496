"""The ``ridgeline`` command line through ``app.cli.main``: exit codes, JSON keys and problem
lines are a public contract.

Commands that need a playable game run twice over: against every real game whose rules module
exists (skipped, with the reason, while none does) and against the toy game from
``tests/toygame.py`` registered under the ``chosin-few`` id for the duration of a test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import app
import app.games
from app.cli import main
from app.games import GAME_IDS, is_playable
from tests.toygame import ToyGame

PROBLEM_LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+): (?P<field>.*?): (?P<msg>.+)$")
RUN_KEYS = {"game", "scenario", "turn", "phase", "active", "outcome", "state_hash", "actions_applied"}


def _scenarios_of(game_id: str) -> list[Path]:
    return sorted((app.RESOURCES / game_id / "scenarios").glob("*.toml"))


PLAYABLE = [g for g in GAME_IDS if is_playable(g) and _scenarios_of(g)]
needs_playable = pytest.mark.skipif(
    not PLAYABLE, reason="no game has both a rules module and a shipped scenario yet; "
                         "the toy-game variants of these tests cover the command line meanwhile")


class ToyAsChosin(ToyGame):
    id = "chosin-few"
    name = "Toy race (registered as chosin-few for tests)"


@pytest.fixture
def toy(monkeypatch, tmp_path):
    """Register the toy game as ``chosin-few`` and write a scenario for it."""
    real = app.games._load
    game = ToyAsChosin()
    monkeypatch.setattr(app.games, "_load", lambda gid: game if gid == "chosin-few" else real(gid))
    from app.ai import registry
    monkeypatch.setitem(registry.PLAYERS, "chosin-few", {})   # the toy has no AI
    f = tmp_path / "toy.toml"
    f.write_text('format = "ridgeline-scenario"\nversion = 1\ngame = "chosin-few"\n'
                 'id = "toy-race"\nname = "Toy race"\ndescription = "for tests"\n')
    return f


def _problems(text: str) -> list[re.Match]:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    matches = [PROBLEM_LINE.match(ln) for ln in lines]
    assert all(matches), f"not FILE:LINE: field: message lines:\n{text}"
    return matches  # type: ignore[return-value]


def _no_traceback(captured) -> None:
    assert "Traceback" not in captured.out and "Traceback" not in captured.err


# -- games -------------------------------------------------------------------------------------

def test_games_json_lists_the_five_ids(capsys):
    assert main(["games", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in data["games"]] == ["korea38", "semper-fi", "frozen-chosin",
                                               "chosin-few", "guts"]
    for g in data["games"]:
        assert {"id", "name", "scenarios"} <= set(g) and g["name"]
        for s in g["scenarios"]:
            assert set(s) >= {"id", "name", "path"}
            assert (app.ROOT / s["path"]).is_file() or Path(s["path"]).is_file()


def test_games_json_scenario_entries(capsys, monkeypatch, tmp_path):
    folder = tmp_path / "korea38" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "b.toml").write_text('id = "second"\nname = "Second"\n')
    (folder / "a.toml").write_text('id = "first"\nname = "First"\n')
    (folder / "broken.toml").write_text('id = \n')
    monkeypatch.setattr(app, "RESOURCES", tmp_path)
    assert main(["games", "--json"]) == 0
    games = {g["id"]: g for g in json.loads(capsys.readouterr().out)["games"]}
    scen = games["korea38"]["scenarios"]
    assert [(s["id"], s["name"]) for s in scen] == [("first", "First"), ("second", "Second")]
    assert all(s["path"].endswith(".toml") for s in scen)
    assert main(["games"]) == 0
    assert "first" in capsys.readouterr().out


# -- validate ----------------------------------------------------------------------------------

def test_validate_bad_toml_reports_its_line(tmp_path, capsys):
    f = tmp_path / "bad.toml"
    f.write_text('format = "ridgeline-scenario"\nversion = 1\ngame = "korea38"\n'
                 'id = "x"\nname = "unterminated\n[start]\n')
    assert main(["validate", str(f)]) == 2
    out = capsys.readouterr()
    _no_traceback(out)
    (m,) = _problems(out.out)
    assert m["file"] == str(f) and m["line"] == "5" and "TOML" in m["msg"]


def test_validate_missing_field_and_wrong_game(tmp_path, capsys):
    f = tmp_path / "missing.toml"
    f.write_text('format = "ridgeline-scenario"\nversion = 1\ngame = "korea38"\nid = "x"\n')
    g = tmp_path / "wrong.toml"
    g.write_text('format = "ridgeline-scenario"\nversion = 1\nid = "x"\nname = "y"\n'
                 'game = "korea39"\n')
    assert main(["validate", str(f), str(g)]) == 2
    out = capsys.readouterr()
    _no_traceback(out)
    probs = _problems(out.out)
    fields = {(Path(m["file"]).name, m["field"]) for m in probs}
    assert ("missing.toml", "name") in fields
    wrong = [m for m in probs if Path(m["file"]).name == "wrong.toml"]
    assert [(m["line"], m["field"]) for m in wrong] == [("5", "game")]
    assert "korea39" in wrong[0]["msg"]


def test_validate_wrong_types_and_values_point_at_the_field(tmp_path, capsys):
    f = tmp_path / "types.toml"
    f.write_text('format = "ridgeline-scenario"\nversion = "one"\ngame = "korea38"\n'
                 'id = "Not An Id"\nname = "n"\n')
    assert main(["validate", str(f)]) == 2
    probs = _problems(capsys.readouterr().out)
    got = {(m["line"], m["field"]) for m in probs}
    assert {("2", "version"), ("4", "id")} <= got


def test_validate_unknown_kind_and_missing_file(tmp_path, capsys):
    f = tmp_path / "what.json"
    f.write_text('{"hello": 1}')
    assert main(["validate", str(f), str(tmp_path / "nope.toml")]) == 2
    out = capsys.readouterr()
    _no_traceback(out)
    probs = _problems(out.out)
    assert [Path(m["file"]).name for m in probs] == ["what.json", "nope.toml"]
    assert "no such file" in probs[1]["msg"]


def test_validate_ok_exits_0(toy, capsys):
    assert main(["validate", str(toy)]) == 0
    out = capsys.readouterr()
    assert out.out == "" and "ok" in out.err
    assert main(["validate", "-q", str(toy)]) == 0
    assert capsys.readouterr().err == ""


@needs_playable
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_shipped_scenarios_of_playable_games_validate(game_id, capsys):
    files = [str(p) for p in _scenarios_of(game_id)]
    assert main(["validate", *files]) == 0, capsys.readouterr().out


# -- run / legal -------------------------------------------------------------------------------

def _check_run_json(data: dict) -> None:
    assert RUN_KEYS <= set(data)
    assert isinstance(data["turn"], int) and isinstance(data["actions_applied"], int)
    assert re.fullmatch(r"[0-9a-f]{64}", data["state_hash"])
    assert data["outcome"] is None or {"winner", "level", "reason"} <= set(data["outcome"])


def test_run_json_and_illegal_action_line(toy, tmp_path, capsys):
    acts = tmp_path / "a.jsonl"
    acts.write_text('# a comment\n{"type": "step"}\n\n{"type": "step"}\n{"type": "fly"}\n'
                    '{"type": "step"}\n')
    assert main(["run", str(toy), "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    _check_run_json(data)
    assert data["game"] == "chosin-few" and data["actions_applied"] == 0 and data["active"] == "red"
    assert main(["run", str(toy), "--actions", str(acts), "--json"]) == 3
    out = capsys.readouterr()
    _no_traceback(out)
    data = json.loads(out.out)
    _check_run_json(data)
    assert data["actions_applied"] == 2
    assert data["error"]["line"] == 5 and data["error"]["action_number"] == 3
    assert data["error"]["rule"] == "T.1" and "fly" in data["error"]["reason"]
    assert f"{acts}:5:" in out.err and "illegal" in out.err


def test_run_is_deterministic_and_saves(toy, tmp_path, capsys):
    acts = tmp_path / "a.jsonl"
    acts.write_text('{"type": "roll"}\n{"type": "roll"}\n{"type": "step"}\n')
    save = tmp_path / "out.rsave"
    assert main(["run", str(toy), "--seed", "9", "--actions", str(acts), "--json",
                 "--save", str(save)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["run", str(toy), "--seed", "9", "--actions", str(acts), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    # A save runs like a scenario: its own seed and actions.
    assert main(["run", str(save), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == first["state_hash"]
    assert main(["run", str(toy), "--seed", "9", "--actions", str(acts), "--log"]) == 0
    text = capsys.readouterr().out
    assert "state_hash " + first["state_hash"] in text and "T.2" in text


def test_run_bad_actions_file_and_bad_scenario(toy, tmp_path, capsys):
    acts = tmp_path / "a.jsonl"
    acts.write_text('{"type": "step"}\nnot json\n')
    assert main(["run", str(toy), "--actions", str(acts)]) == 2
    out = capsys.readouterr()
    _no_traceback(out)
    (m,) = _problems(out.err)
    assert m["line"] == "2"
    acts.write_text('["step"]\n')
    assert main(["run", str(toy), "--actions", str(acts)]) == 2
    assert _problems(capsys.readouterr().err)[0]["field"] == "type"
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "ridgeline-scenario"\nversion = 1\ngame = "guts"\n')
    assert main(["run", str(bad)]) == 2
    out = capsys.readouterr()
    _no_traceback(out)
    assert _problems(out.err)


def test_legal_json(toy, tmp_path, capsys):
    assert main(["legal", str(toy), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["actions"] == [{"type": "step"}, {"type": "roll"}]
    assert {"active", "phase", "turn", "prompt"} <= set(data)
    acts = tmp_path / "a.jsonl"
    acts.write_text('{"type": "hop"}\n')
    assert main(["legal", str(toy), "--actions", str(acts), "--json"]) == 3
    data = json.loads(capsys.readouterr().out)
    assert data["actions"] == [] and data["error"]["line"] == 1


@needs_playable
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_run_real_game_json_and_illegal_line(game_id, tmp_path, capsys):
    scen = str(_scenarios_of(game_id)[0])
    assert main(["legal", scen, "--json"]) == 0
    legal = json.loads(capsys.readouterr().out)["actions"]
    assert legal, f"{game_id}: no legal action at the start"
    acts = tmp_path / "a.jsonl"
    acts.write_text("# first a legal action, then one no game has\n"
                    + json.dumps(legal[0]) + "\n\n"
                    + '{"type": "no-such-action-anywhere"}\n')
    assert main(["run", scen, "--actions", str(acts), "--json"]) == 3
    out = capsys.readouterr()
    _no_traceback(out)
    data = json.loads(out.out)
    _check_run_json(data)
    assert data["game"] == game_id and data["actions_applied"] == 1
    assert data["error"]["line"] == 4 and data["error"]["reason"]
    assert f"{acts}:4:" in out.err


# -- selfplay ----------------------------------------------------------------------------------

def test_selfplay_without_an_ai_is_a_clear_error(toy, capsys):
    assert main(["selfplay", str(toy), "--games", "1", "--players", "ai", "--jobs", "1"]) == 1
    out = capsys.readouterr()
    _no_traceback(out)
    assert "no AI player" in out.err and out.err.startswith("ridgeline: ")
    assert main(["selfplay", str(toy), "--games", "1", "--players", "wizard", "--jobs", "1"]) == 1
    assert "unknown player" in capsys.readouterr().err
    assert main(["selfplay", str(toy), "--games", "0", "--jobs", "1"]) == 2


def test_selfplay_random_json(toy, capsys):
    args = ["selfplay", str(toy), "--games", "3", "--seed", "10", "--players", "random",
            "--jobs", "1", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and data["players"] == {"red": "random", "blue": "random"}
    assert [r["seed"] for r in data["results"]] == [10, 11, 12]
    assert set(data["summary"]) >= {"win_rate", "mean_turns"}
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == data, "same seed, same results"


def test_selfplay_on_a_game_without_rules_is_a_clear_error(tmp_path, capsys):
    unplayable = [g for g in GAME_IDS if not is_playable(g)]
    if not unplayable:
        pytest.skip("every game has a rules module")
    f = tmp_path / "s.toml"
    f.write_text(f'format = "ridgeline-scenario"\nversion = 1\ngame = "{unplayable[0]}"\n'
                 'id = "s"\nname = "S"\n')
    assert main(["selfplay", str(f), "--games", "1", "--jobs", "1"]) == 2
    out = capsys.readouterr()
    _no_traceback(out)
    assert "no rules module" in out.err


@needs_playable
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_selfplay_ai_on_real_games(game_id, capsys):
    game = app.games.get_game(game_id)
    scen = str(_scenarios_of(game_id)[0])
    from app.ai.registry import player_names
    if "ai" in player_names(game):
        pytest.skip(f"{game_id} has an AI; its selfplay runs belong to the game's own tests")
    assert main(["selfplay", scen, "--games", "1", "--players", "ai", "--jobs", "1"]) == 1
    out = capsys.readouterr()
    _no_traceback(out)
    assert "no AI player" in out.err


# -- misc --------------------------------------------------------------------------------------

def test_schema_command_prints_json(capsys):
    for kind in ("scenario", "save", "journal"):
        assert main(["schema", kind]) == 0
        assert isinstance(json.loads(capsys.readouterr().out), dict)


def test_bad_arguments_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["validate"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["no-such-command"])
    assert e.value.code == 2
