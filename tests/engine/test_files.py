"""Files: atomic writes, line locating, saves that replay to the same digest, and the crash
journal. The toy game (``tests/toygame.py``) stands in for a real game: the registry is
patched so that ``get_game("toy")`` returns it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import app.games
from app.engine import files as files_mod
from app.engine.files import FileError, atomic_write, dumps_json, load, parse_json, parse_toml
from app.engine.locate import json_lines, line_of, toml_lines
from app.engine.saves import (Journal, ReplayError, load_save, open_save, read_journal, replay,
                              save_data, write_save)
from app.engine.state import canonical_json
from app.engine.validate import validate_path
from tests.toygame import ToyGame

TOY_SCENARIO = ('format = "ridgeline-scenario"\nversion = 1\ngame = "toy"\n'
                'id = "toy-1"\nname = "Toy race"\n')


@pytest.fixture
def toy_registry(monkeypatch):
    """Make ``app.games.get_game("toy")`` return the toy game (other ids unchanged)."""
    real = app.games.get_game
    game = ToyGame()

    def get_game(game_id):
        return game if game_id == "toy" else real(game_id)

    monkeypatch.setattr(app.games, "get_game", get_game)
    return game


def _toy_match(game, seed=5, keep_snapshots=True):
    from app.engine.saves import match_from_scenario_text
    return match_from_scenario_text(game, TOY_SCENARIO, "toy.toml", seed,
                                    keep_snapshots=keep_snapshots)


# -- atomic writes -----------------------------------------------------------------------------

def test_atomic_write_writes_and_replaces(tmp_path):
    f = tmp_path / "sub" / "a.json"
    atomic_write(f, "one\n")
    assert f.read_text() == "one\n"
    atomic_write(f, "two\n")
    assert f.read_text() == "two\n"
    assert sorted(p.name for p in f.parent.iterdir()) == ["a.json"]


def test_atomic_write_failure_at_rename_keeps_the_old_file(tmp_path, monkeypatch):
    f = tmp_path / "save.json"
    f.write_text("old content\n")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files_mod.os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write(f, "new content that never lands\n" * 1000)
    assert f.read_text() == "old content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"], "no temp file left behind"


def test_atomic_write_failure_mid_write_keeps_the_old_file(tmp_path, monkeypatch):
    f = tmp_path / "save.json"
    f.write_text("old\n")

    def boom(fd):
        raise OSError(5, "I/O error")

    monkeypatch.setattr(files_mod.os, "fsync", boom)
    with pytest.raises(OSError):
        atomic_write(f, "new\n")
    assert f.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_atomic_write_failure_creates_nothing_when_there_was_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(files_mod.os, "replace", lambda a, b: (_ for _ in ()).throw(OSError("x")))
    with pytest.raises(OSError):
        atomic_write(tmp_path / "new.json", "x")
    assert list(tmp_path.iterdir()) == []


# -- reading -----------------------------------------------------------------------------------

def test_read_problems_name_the_file_and_line(tmp_path):
    missing = tmp_path / "nope.toml"
    with pytest.raises(FileError) as e:
        load(missing)
    assert str(e.value.problems[0]) == f"{missing}:1: <file>: no such file"
    with pytest.raises(FileError) as e:
        load(tmp_path)
    assert "folder" in e.value.problems[0].message
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'a = 1\nb = 2\nc = "\xff"\n')
    with pytest.raises(FileError) as e:
        load(bad)
    assert e.value.problems[0].line == 3 and "UTF-8" in e.value.problems[0].message


def test_toml_and_json_syntax_errors_give_their_line():
    with pytest.raises(FileError) as e:
        parse_toml("x.toml", 'a = 1\n\n[t]\nb = = 2\n')
    assert e.value.problems[0].line == 4
    with pytest.raises(FileError) as e:
        parse_json("x.json", '{\n  "a": 1,\n  "b": ,\n}')
    assert e.value.problems[0].line == 3
    with pytest.raises(FileError) as e:
        parse_json("x.json", "[" * 100_000)
    assert e.value.problems[0].line == 1


def test_load_picks_the_parser_by_ending_or_content(tmp_path):
    (tmp_path / "a.toml").write_text('x = 1\n')
    (tmp_path / "b.json").write_text('{"x": 1}')
    (tmp_path / "c.txt").write_text('{"x": 2}')
    (tmp_path / "d.txt").write_text('x = 3\n')
    assert [load(tmp_path / n).data["x"] for n in ("a.toml", "b.json", "c.txt", "d.txt")] == [1, 1, 2, 3]


# -- locating lines ----------------------------------------------------------------------------

TOML_TEXT = '''\
format = "ridgeline-scenario"
name = "x"
description = """
a multi-line string
fake = 1
"""
[start]
turn = 3
"quoted key" = 1
side.sub = "x"

[[piece]]
id = "a"
at = "0101"

[[piece]]
id = "b"
[piece.stats]
strength = 4
'''


def test_toml_lines_locate_tables_arrays_and_keys():
    lines = toml_lines(TOML_TEXT)
    assert lines["format"] == 1 and lines["description"] == 3
    assert "fake" not in lines, "keys inside multi-line strings are text, not keys"
    assert lines["start"] == 7 and lines["start.turn"] == 8
    assert lines["start.quoted key"] == 9 and lines["start.side.sub"] == 10
    assert lines["piece"] == 12 and lines["piece.0"] == 12 and lines["piece.0.at"] == 14
    assert lines["piece.1"] == 16 and lines["piece.1.id"] == 17
    assert lines["piece.1.stats.strength"] == 19
    assert line_of(lines, "piece.1.stats.missing") == 18
    assert line_of(lines, "piece.0.at") == 14
    assert line_of(lines, ["piece", 1, "id"]) == 17
    assert line_of(lines, "nothing.here") == 1


JSON_TEXT = '''{
  "kind": "hexmap",
  "hexes": {
    "0101": {"terrain": "clear"},
    "0102": {
      "terrain": "rough"
    }
  },
  "rivers": [
    ["0101", "0102"],
    {"a": 1,
     "b": [1,
           2]}
  ],
  "esc\\"aped": 1
}'''


def test_json_lines_locate_objects_arrays_and_items():
    lines = json_lines(JSON_TEXT)
    assert lines["kind"] == 2 and lines["hexes"] == 3
    assert lines["hexes.0101"] == 4 and lines["hexes.0101.terrain"] == 4
    assert lines["hexes.0102.terrain"] == 6
    assert lines["rivers"] == 9 and lines["rivers.0"] == 10 and lines["rivers.1"] == 11
    assert lines["rivers.1.b"] == 12 and lines["rivers.1.b.1"] == 13
    assert lines['esc"aped'] == 15
    assert line_of(lines, "rivers.1.b.7") == 12
    assert json.loads(JSON_TEXT)  # the text is real JSON


def test_loaded_problem_uses_the_field_line(tmp_path):
    f = tmp_path / "m.json"
    f.write_text(JSON_TEXT)
    loaded = load(f)
    p = loaded.problem("hexes.0102.terrain", "unknown terrain")
    assert str(p) == f"{f}:6: hexes.0102.terrain: unknown terrain"
    assert loaded.problem("", "whole file").line == 1


# -- saves and replay --------------------------------------------------------------------------

def _play(match, actions):
    for a in actions:
        match.apply(a)
    return match


ACTIONS = [{"type": "step"}, {"type": "roll"}, {"type": "step"}, {"type": "step"},
           {"type": "roll"}, {"type": "step"}]


def test_save_and_replay_reach_the_same_digest(tmp_path, toy_registry):
    m = _play(_toy_match(toy_registry), ACTIONS)
    f = tmp_path / "game.rsave"
    write_save(m, f, players={"red": "human", "blue": "random"})
    data = json.loads(f.read_text())
    assert data["format"] == "ridgeline-save" and data["game"] == "toy"
    assert data["scenario"]["text"] == TOY_SCENARIO and data["seed"] == 5
    assert [e["action"] for e in data["actions"]] == ACTIONS
    assert data["initial_digest"] == m.initial_digest
    back = open_save(f)
    assert back.digest() == m.digest()
    assert [s.digest for s in back.history] == [s.digest for s in m.history]
    assert canonical_json(back.state.to_json()) == canonical_json(m.state.to_json())
    assert replay(data, upto=3).digest() == m.history[2].digest
    assert validate_path(f) == []
    assert load_save(f).data == data


def test_save_text_is_canonical_and_stable(tmp_path, toy_registry):
    m = _play(_toy_match(toy_registry), ACTIONS)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    write_save(m, a)
    write_save(open_save(a), b)
    assert a.read_text() == b.read_text()
    assert a.read_text() == dumps_json(save_data(m))


def test_digest_mismatch_is_caught_at_the_action(tmp_path, toy_registry):
    m = _play(_toy_match(toy_registry), ACTIONS)
    data = save_data(m)
    data["actions"][3]["digest"] = "0" * 64
    with pytest.raises(ReplayError) as e:
        replay(data)
    assert e.value.index == 4 and "digest" in e.value.message
    replay(data, verify=False)  # without verification it plays through
    # An edited action changes every digest from there on: caught at that action.
    data = save_data(m)
    data["actions"][2]["action"] = {"type": "roll"}
    with pytest.raises(ReplayError) as e:
        replay(data)
    assert e.value.index == 3


def test_a_tampered_save_file_reports_the_line_of_the_action(tmp_path, toy_registry):
    m = _play(_toy_match(toy_registry), ACTIONS)
    f = tmp_path / "game.json"
    write_save(m, f)
    data = json.loads(f.read_text())
    data["actions"][4]["digest"] = "f" * 64
    f.write_text(dumps_json(data))
    want_line = json_lines(f.read_text())["actions.4"]
    with pytest.raises(FileError) as e:
        open_save(f)
    p = e.value.problems[0]
    assert (p.line, p.field) == (want_line, "actions.4") and "digest" in p.message
    problems = validate_path(f)
    assert [(q.line, q.field) for q in problems] == [(want_line, "actions.4")]


def test_illegal_action_in_a_save_and_changed_scenario(tmp_path, toy_registry):
    m = _play(_toy_match(toy_registry), ACTIONS)
    data = save_data(m)
    data["actions"][1]["action"] = {"type": "fly"}
    with pytest.raises(ReplayError) as e:
        replay(data)
    assert e.value.index == 2 and "illegal" in e.value.message
    data = save_data(m)
    data["seed"] = 6
    with pytest.raises(ReplayError) as e:
        replay(data)
    # The toy's set-up keeps its rng in the state, so another seed is another position.
    assert e.value.index == 0


def test_save_schema_problems_have_fields(tmp_path):
    f = tmp_path / "s.json"
    f.write_text('{\n  "format": "ridgeline-save",\n  "version": 1,\n  "game": "toy",\n'
                 '  "scenario": {"text": ""},\n  "seed": "x",\n  "actions": []\n}\n')
    problems = validate_path(f)
    assert [(p.line, p.field) for p in problems] == [(6, "seed")]


# -- the journal -------------------------------------------------------------------------------

def test_journal_recovers_after_a_crash_with_undo_and_redo(tmp_path, toy_registry):
    j = tmp_path / "journal" / "current.jsonl"
    m = _toy_match(toy_registry)
    m.apply({"type": "step"})
    journal = Journal(j)
    journal.attach(m, players={"red": "human"})
    m.apply({"type": "step"})
    m.apply({"type": "step"})
    m.undo()
    m.undo()
    m.redo()
    m.apply({"type": "roll"})
    m.apply({"type": "step"})
    m.undo()
    m.apply({"type": "step"})
    # Crash: the journal is never closed. Everything up to here is on disk.
    data = read_journal(j)
    assert data is not None and data["game"] == "toy" and data["players"] == {"red": "human"}
    assert [a["action"] for a in data["actions"]] == m.actions()
    assert replay(data).digest() == m.digest()
    # A torn last line (the process died mid-write) is ignored.
    with open(j, "a", encoding="utf-8") as fh:
        fh.write('{"action": {"type": "st')
    data2 = read_journal(j)
    assert data2 == data
    journal.close(delete=False)
    assert j.exists()
    journal.close()
    assert not j.exists()


def test_journal_redo_folding_and_bad_journals(tmp_path, toy_registry):
    j = tmp_path / "j.jsonl"
    m = _toy_match(toy_registry)
    Journal(j).attach(m)
    m.apply({"type": "step"})
    m.apply({"type": "step"})
    m.undo()
    m.undo()
    m.redo()
    data = read_journal(j)
    assert [a["action"] for a in data["actions"]] == [{"type": "step"}]
    assert replay(data).digest() == m.digest()
    assert read_journal(tmp_path / "missing.jsonl") is None
    (tmp_path / "empty.jsonl").write_text("")
    assert read_journal(tmp_path / "empty.jsonl") is None
    (tmp_path / "other.jsonl").write_text('{"format": "something-else"}\n')
    assert read_journal(tmp_path / "other.jsonl") is None
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00")
    assert read_journal(tmp_path / "bin.jsonl") is None


def test_journal_lines_are_each_complete_json(tmp_path, toy_registry):
    j = tmp_path / "j.jsonl"
    m = _toy_match(toy_registry)
    Journal(j).attach(m)
    for a in ACTIONS:
        m.apply(a)
    text = j.read_text()
    assert text.endswith("\n")
    recs = [json.loads(line) for line in text.splitlines()]
    assert recs[0]["format"] == "ridgeline-journal" and len(recs) == 1 + len(ACTIONS)
    assert os.path.getsize(j) == len(text.encode())
    assert Path(j).stat().st_size > 0


# -- problem lines -----------------------------------------------------------------------------

def test_bracketed_list_fields_find_their_line(tmp_path):
    """Board checkers name list items ``features[1].kind``; the line is that item's."""
    f = tmp_path / "t.json"
    f.write_text('{\n  "features": [\n    {"id": "a"},\n    {\n      "id": "b",\n'
                 '      "kind": 5\n    }\n  ]\n}\n')
    loaded = load(f)
    assert loaded.problem("features[1].kind", "bad").line == 6
    assert loaded.problem("features[1]", "bad").line == 4
    assert loaded.problem("features[7].kind", "bad").line == 2
    assert loaded.problem("features[1].kind", "bad").field == "features[1].kind"


def test_problem_lines_are_one_printable_line():
    from app.engine.files import FileProblem
    p = FileProblem("f.json", 3, "a\ud800b", "first\nsecond\r\nthird")
    assert str(p) == "f.json:3: a\\ud800b: first second third"
    str(p).encode("utf-8")
    assert str(FileProblem("f.json", 1, "", "")) == "f.json:1: <file>: invalid"
