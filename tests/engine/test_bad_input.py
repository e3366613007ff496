"""Issue 19: one test per class of bad input, named after it.

Every case goes through the command line as a user would and asserts the contract: exit code
0-3, no traceback, and problems printed as ``FILE:LINE: field.path: message``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
from pathlib import Path

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.cli import main
from app.engine import files as files_mod
from app.engine.files import FileProblem, atomic_write, capped, load
from app.engine.saves import check_journal_at_start, read_journal, write_save
from app.engine.scenario import load_scenario
from app.engine.match import Match

PROBLEM = re.compile(r"^.+:\d+: .*: .+$")


def _run(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    assert code in (0, 1, 2, 3), code
    assert "Traceback" not in out.err + out.out
    return code, out


def _lines(text: str) -> list[str]:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert all(PROBLEM.match(ln) for ln in lines), lines
    return lines


def _copy_scenario(tmp_path: Path, game: str, name: str) -> Path:
    dst = tmp_path / name
    shutil.copy(RESOURCES / game / "scenarios" / name, dst)
    return dst


def _save_of(tmp_path: Path, scen: str) -> Path:
    game, loaded = load_scenario(scen)
    m = Match.start(game, loaded.data, seed=3, scenario_path=scen, scenario_text=loaded.text)
    m.apply(m.legal_actions()[0])
    f = tmp_path / "game.json"
    write_save(m, f)
    return f


# -- parsing limits ------------------------------------------------------------------------------

def test_toml_nested_500_levels_is_refused_with_a_line(tmp_path, capsys):
    f = tmp_path / "deep.toml"
    f.write_text('format = "ridgeline-scenario"\nx = ' + "[" * 500 + "]" * 500 + "\n")
    for cmd in (["validate", str(f)], ["run", str(f)], ["legal", str(f)],
                ["selfplay", str(f), "--games", "1"]):
        code, out = _run(cmd, capsys)
        assert code == 2
        assert "nested too deeply" in (out.out + out.err)
        _lines(out.out if cmd[0] == "validate" else out.err)


def test_board_json_nested_thousands_deep_is_refused_with_a_line(tmp_path, capsys):
    f = tmp_path / "board.json"
    f.write_text('{"kind": "pointgraph", "version": 1, "spaces": ' + "[" * 5000 + "]" * 5000 + "}")
    code, out = _run(["validate", str(f)], capsys)
    assert code == 2 and "nested too deeply" in out.out


def test_file_over_the_size_limit_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(files_mod, "MAX_FILE_BYTES", 1000)
    f = tmp_path / "big.toml"
    f.write_text("# padding\n" * 200)
    code, out = _run(["validate", str(f)], capsys)
    assert code == 2 and "too large" in out.out
    f.write_text("# padding\n" * 50)
    code, out = _run(["validate", str(f)], capsys)        # under the limit: read, then judged
    assert code == 2 and "too large" not in out.out and "unknown file kind" in out.out


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/stdin", "fifo"])
def test_devices_and_fifos_are_not_read(tmp_path, capsys, device):
    if device == "fifo":
        device = str(tmp_path / "pipe.toml")
        os.mkfifo(device)
    elif not os.path.exists(device):
        pytest.skip(f"{device} missing on this machine")
    code, out = _run(["validate", device], capsys)
    assert code == 2 and "not a regular file" in out.out


def test_a_scenario_naming_dev_stdin_as_data_does_not_block(tmp_path, capsys):
    f = _copy_scenario(tmp_path, "chosin-few", "standard.toml")
    f.write_text(f.read_text().replace('tracks = "tracks.toml"', 'tracks = "/dev/stdin"'))
    code, out = _run(["validate", str(f)], capsys)
    assert code == 2
    assert "absolute path" in out.out and "resources/chosin-few/" in out.out


def test_problem_list_is_capped_at_200_then_counted(tmp_path, capsys):
    problems = [FileProblem("x.toml", i, f"piece.{i}.id", "listed twice") for i in range(1, 2501)]
    lines = capped(problems)
    assert len(lines) == 201 and "and 2300 more problems" in lines[-1]
    assert all(PROBLEM.match(ln) for ln in lines)
    f = tmp_path / "dup.toml"
    src = (RESOURCES / "korea38" / "scenarios" / "campaign.toml").read_text()
    body = "".join(f'  {{ id = "no-such-{i}", at = "0101" }},\n' for i in range(600))
    f.write_text(src.replace("piece = [\n", "piece = [\n" + body, 1))
    code, out = _run(["validate", str(f)], capsys)
    assert code == 2
    lines = _lines(out.out)
    assert len(lines) <= 201 and "more problems" in lines[-1]


# -- saves -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("edit", [
    ("korea38", "campaign.toml", lambda t: t.replace('id = "', 'idx = "', 3), "piece"),
    ("korea38", "campaign.toml", lambda t: re.sub(r'(\{ id = ")[^"]+', r"\1no-such-unit", t, 1), "unknown unit"),
    ("guts", "army.toml", lambda t: t.replace("turns = 15", "turns = nan"), "turns"),
    ("chosin-few", "standard.toml", lambda t: t.replace('cards = "cards.toml"', "cards = 123"), "cards"),
    ("chosin-few", "standard.toml", lambda t: t.replace('board = "board.json"', 'board = "missing.json"'), "board"),
])
def test_save_with_a_broken_embedded_scenario_is_refused_before_set_up(tmp_path, capsys, edit):
    game, name, change, word = edit
    f = _save_of(tmp_path, str(RESOURCES / game / "scenarios" / name))
    data = json.loads(f.read_text())
    text = change(data["scenario"]["text"])
    assert text != data["scenario"]["text"]
    data["scenario"]["text"] = text
    f.write_text(json.dumps(data))
    for cmd in (["validate", str(f)], ["run", str(f)], ["legal", str(f)]):
        code, out = _run(cmd, capsys)
        assert code == 2, (cmd, out)
        lines = _lines(out.out if cmd[0] == "validate" else out.err)
        assert any("scenario.text" in ln for ln in lines), lines
        assert not any(re.search(r": '\w+'$", ln) for ln in lines), lines   # not bare KeyError text


def test_save_pointing_at_a_data_file_outside_its_game_is_refused_naming_the_folder(tmp_path, capsys):
    f = _save_of(tmp_path, str(RESOURCES / "chosin-few" / "scenarios" / "standard.toml"))
    data = json.loads(f.read_text())
    for bad in ("/etc/passwd", "../korea38/crt.toml", "../../../../etc/passwd"):
        data["scenario"]["text"] = data["scenario"]["text"].replace('tracks = "tracks.toml"', f'tracks = "{bad}"')
        f.write_text(json.dumps(data))
        code, out = _run(["validate", str(f)], capsys)
        assert code == 2
        assert "resources/chosin-few/" in out.out, out.out
        assert "root:" not in out.out
        data = json.loads(json.dumps(data).replace(bad, "tracks.toml"))


# -- files stay inside their game --------------------------------------------------------------------

def test_reads_outside_the_game_folder_are_refused(tmp_path, capsys, monkeypatch):
    cwd, mine = tmp_path / "cwd", tmp_path / "mine"
    cwd.mkdir()
    mine.mkdir()
    monkeypatch.chdir(cwd)
    (cwd / "tracks.toml").write_text("not = 'the game data'\n")   # the current folder: never used
    f = _copy_scenario(mine, "chosin-few", "standard.toml")
    code, out = _run(["validate", str(f)], capsys)
    assert code == 0, out.out   # tracks.toml comes from resources/chosin-few/, not the cwd
    for bad in ("/etc/passwd", "../../etc/passwd", "~/x.toml"):
        f.write_text((RESOURCES / "chosin-few/scenarios/standard.toml").read_text()
                     .replace('tracks = "tracks.toml"', f'tracks = "{bad}"'))
        code, out = _run(["run", str(f)], capsys)
        assert code == 2 and "resources/chosin-few/" in out.err and "root:" not in out.err
    k = _copy_scenario(mine, "korea38", "campaign.toml")
    k.write_text(k.read_text().replace("[start]", '[start]\ndata = "/etc"', 1))
    code, out = _run(["validate", str(k)], capsys)
    assert code == 2 and "start.data" in out.out and "absolute path" in out.out


def test_a_designers_own_folder_next_to_the_scenario_is_allowed(tmp_path, capsys):
    folder = tmp_path / "my-game"
    (folder / "scenarios").mkdir(parents=True)
    for n in ("board.json", "cards.toml", "tracks.toml", "components.toml"):
        shutil.copy(RESOURCES / "chosin-few" / n, folder / n)
    f = folder / "scenarios" / "mine.toml"
    f.write_text((RESOURCES / "chosin-few/scenarios/standard.toml").read_text()
                 .replace('cards = "cards.toml"', 'cards = "cards.toml"\n'))
    code, out = _run(["run", str(f), "--json"], capsys)
    assert code == 0, out.err


def test_sandbox_resolves_boards_only_inside_the_game_or_scenario_folder(tmp_path):
    from app.ui.sandbox import find_board_file
    outside = tmp_path / "secret.json"
    outside.write_text(json.dumps({"kind": "pointgraph", "version": 1, "spaces": []}))
    scen = tmp_path / "s" / "x.toml"
    scen.parent.mkdir()
    assert find_board_file("semper-fi", {"map": str(outside)}, scen) is None or \
        find_board_file("semper-fi", {"map": str(outside)}, scen) != json.loads(outside.read_text())
    assert find_board_file("../korea38", {}, scen) is None
    assert find_board_file("/etc", {"board": "../secret.json"}, scen) is None


# -- actions -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,scen,action", [
    ("korea38", "campaign.toml", {"type": "reinforce", "unit": ["kpa-1"], "at": "1509"}),
    ("korea38", "campaign.toml", {"type": "move", "unit": {"a": 1}, "to": "1509"}),
    ("guts", "army.toml", {"type": "advance", "team": ["a"], "to": [1, 2]}),
    ("guts", "army.toml", {"type": "rally", "leader": "x", "team": [[]]}),
    ("chosin-few", "standard.toml", {"type": "interdict", "space": ["a"]}),
    ("chosin-few", "standard.toml", {"type": "move", "unit": 3, "to": None}),
])
def test_action_field_of_the_wrong_type_is_refused_in_every_game(tmp_path, capsys, game, scen, action):
    acts = tmp_path / "a.jsonl"
    acts.write_text(json.dumps(action) + "\n")
    code, out = _run(["run", str(RESOURCES / game / "scenarios" / scen), "--actions", str(acts), "--json"], capsys)
    assert code == 3
    err = json.loads(out.out)["error"]
    assert "malformed" in err["reason"] and "unhashable" not in err["reason"]


# -- scenario checks that crashed ---------------------------------------------------------------------

def test_guts_scenario_with_platoon_as_a_table_is_a_problem_line(tmp_path, capsys):
    f = _copy_scenario(tmp_path, "guts", "army.toml")
    f.write_text(f.read_text().replace('platoon = "army"', "platoon = { name = \"army\" }"))
    code, out = _run(["validate", str(f)], capsys)
    assert code == 2 and any("platoon" in ln for ln in _lines(out.out))


def test_chosin_board_whose_spaces_hold_a_non_table_is_a_problem_line(tmp_path, capsys):
    folder = tmp_path / "cf"
    (folder / "scenarios").mkdir(parents=True)
    for n in ("cards.toml", "tracks.toml", "components.toml"):
        shutil.copy(RESOURCES / "chosin-few" / n, folder / n)
    board = json.loads((RESOURCES / "chosin-few" / "board.json").read_text())
    board["spaces"][3] = 42
    (folder / "board.json").write_text(json.dumps(board))
    f = folder / "scenarios" / "s.toml"
    shutil.copy(RESOURCES / "chosin-few/scenarios/standard.toml", f)
    code, out = _run(["validate", str(f)], capsys)
    assert code == 2 and any("spaces" in ln for ln in _lines(out.out))


# -- the window's journal ---------------------------------------------------------------------------

def _journal(tmp_path: Path) -> Path:
    from app.engine.saves import Journal
    game, loaded = load_scenario(str(RESOURCES / "chosin-few/scenarios/standard.toml"))
    m = Match.start(game, loaded.data, seed=2, scenario_text=loaded.text)
    j = Journal(tmp_path / "autosave.journal")
    j.attach(m)
    m.apply(m.legal_actions()[0])
    j.close(delete=False)
    return j.path


@pytest.mark.parametrize("damage", ["flip-header-key", "null-line", "garbage", "empty-header"])
def test_corrupt_journal_is_set_aside_not_raised(tmp_path, damage):
    p = _journal(tmp_path)
    lines = p.read_text().splitlines()
    if damage == "flip-header-key":
        lines[0] = lines[0].replace('"game"', '"gamf"')
    elif damage == "null-line":
        lines[0] = "null"
    elif damage == "garbage":
        lines = ["\x00\xff{{{"]
    else:
        lines[0] = "{}"
    p.write_text("\n".join(lines) + "\n")
    assert read_journal(p) is None
    check = check_journal_at_start(p, stamp="20260101-000000")
    assert check.data is None and check.reason
    assert not p.exists() and check.set_aside and check.set_aside.name == "autosave.journal.unreadable-20260101-000000"


def test_valid_journal_opens_from_file_open_like_a_save(tmp_path, capsys):
    p = _journal(tmp_path)
    assert load(p).data["format"] == "ridgeline-journal"
    check = check_journal_at_start(p)
    assert check.data is not None and len(check.data["actions"]) == 1
    code, out = _run(["validate", str(p)], capsys)
    assert code == 0, out.out


# -- writes --------------------------------------------------------------------------------------------

def test_writes_leave_no_litter_and_keep_permissions(tmp_path):
    f = tmp_path / "save.json"
    f.write_text("{}")
    os.chmod(f, 0o644)
    (tmp_path / ".save.json.abcd1234.tmp").write_text("torn")     # a write killed half-way
    (tmp_path / ".other.json.zzzz9999.tmp").write_text("torn")
    atomic_write(f, "{\"a\": 1}\n")
    assert stat.S_IMODE(os.stat(f).st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.zzzz9999.tmp", "save.json"]
    os.chmod(f, 0o600)
    atomic_write(f, "{}\n")
    assert stat.S_IMODE(os.stat(f).st_mode) == 0o600
    check_journal_at_start(tmp_path / "autosave.journal")        # start-up sweeps the folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_validate_messages_are_words_not_python_exception_text(tmp_path, capsys):
    f = _copy_scenario(tmp_path, "korea38", "campaign.toml")
    f.write_text(f.read_text().replace("[start]", "[start]\nturn = [1, 2]\n", 1).replace("\nturn = ", "\nxturn = ", 1))
    code, out = _run(["validate", str(f)], capsys)
    for ln in _lines(out.out):
        assert "Error" not in ln and "Traceback" not in ln, ln


def test_a_journal_whose_game_no_longer_replays_is_set_aside_at_start(tmp_path):
    p = _journal(tmp_path)
    lines = p.read_text().splitlines()
    rec = json.loads(lines[1])
    rec["digest"] = "0" * 64                      # written by another rules version, say
    lines[1] = json.dumps(rec)
    p.write_text("\n".join(lines) + "\n")
    check = check_journal_at_start(p, stamp="x")
    assert check.data is None and "replayed" in check.reason and check.set_aside and not p.exists()
