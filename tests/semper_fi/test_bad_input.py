"""Bad scenario files give FILE:LINE: field: message, never a traceback: a hex outside the map, an
unknown unit, a set-up area with no legal hex, an air schedule past the last turn; bad tables too.
Also the command line on a scenario (run, legal) and its exit codes."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine.files import FileError
from app.engine.scenario import load_scenario
from app.games.semper_fi.data import validate_counters, validate_tables
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import ROOT, SCEN, TEST_MAPS

BASE = (SCEN / "4-2-night-attack.toml").read_text(encoding="utf-8")


def _problems(tmp_path: Path, text: str) -> list[str]:
    f = tmp_path / "bad.toml"
    # the stand-in map sits beside the scenario: a designer's own folder (issue 19)
    shutil.copy(TEST_MAPS["changchon"], tmp_path / "changchon_test.json")
    f.write_text(text.replace('map = "changchon"', 'map = "changchon_test.json"'), encoding="utf-8")
    with pytest.raises(FileError) as e:
        load_scenario(f)
    lines = [str(p) for p in e.value.problems]
    for ln in lines:
        assert re.match(r"^.+bad\.toml:\d+: [\w.\[\]-]+: .+", ln), ln
    return lines


def _line_of(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), 1) if needle in ln)


def test_a_hex_outside_the_map(tmp_path: Path) -> None:
    text = BASE.replace('hex = "5.14"', 'hex = "55.14"', 1)
    lines = _problems(tmp_path, text)
    assert any("55.14" in ln and "not on the map" in ln for ln in lines)
    assert any(f":{_line_of(text, '55.14')}:" in ln for ln in lines)


def test_an_unknown_unit(tmp_path: Path) -> None:
    text = BASE.replace('{ formation = "wpns-1-5" }', '{ formation = "wpns-9-9" }')
    lines = _problems(tmp_path, text)
    assert any("unknown formation 'wpns-9-9'" in ln for ln in lines)
    text2 = BASE.replace('take = { marine-coy-mg = 3, marine-60 = 1 }', 'take = { marine-coy-mg = 3, marine-bazooka = 1 }')
    assert any("unknown unit type 'marine-bazooka'" in ln for ln in _problems(tmp_path, text2))


def test_a_set_up_area_with_no_legal_hex(tmp_path: Path) -> None:
    old = '[setup.area.within]\nhex = "14.09"\nn = 3'
    assert old in BASE
    text = BASE.replace(old, '[setup.area]\nnot_terrain = ["open", "broken", "rice-paddy", "woods", "building"]\n\n' + old)
    lines = _problems(tmp_path, text)
    assert any("no legal hex in this set-up area" in ln for ln in lines)


def test_an_air_schedule_past_the_last_turn(tmp_path: Path) -> None:
    text = BASE + '\n[air]\ncount = 1\nfrom = "13 Aug 0500"\nto = "13 Aug 0900"\n'
    lines = _problems(tmp_path, text)
    assert any("air.to" in ln and "not a turn of this scenario" in ln for ln in lines)
    assert any(f":{_line_of(text, 'to = ' + chr(34) + '13 Aug 0900')}:" in ln for ln in lines)


def test_a_last_turn_off_the_clock_and_an_unknown_map(tmp_path: Path) -> None:
    lines = _problems(tmp_path, BASE.replace('last = "13 Aug 0600"', 'last = "13 Aug 0610"'))
    assert any("turns.last" in ln for ln in lines)
    f = tmp_path / "bad.toml"
    f.write_text(BASE.replace('map = "changchon"', 'map = "atlantis"'), encoding="utf-8")
    with pytest.raises(FileError) as e:
        load_scenario(f)
    assert "no map 'atlantis'" in str(e.value.problems[0])


def test_bad_tables_and_counters_are_reported_by_field() -> None:
    assert ("terrain.open", "required field is missing") in validate_tables({"terrain": {}})
    _c, probs = validate_counters({"type": {"x": {"name": "x", "steps": 0}}})
    assert any(p == "type.x.steps" for p, _m in probs)
    assert GAME.validate_data(Path("tables.toml"), {"format": "semper-fi-tables", "terrain": {}})


def test_every_shipped_scenario_validates() -> None:
    for f in sorted(SCEN.glob("*.toml")):
        game, loaded = load_scenario(f)
        assert game.id == "semper-fi"


def test_command_line_legal_and_run(tmp_path: Path) -> None:
    scen = str(SCEN / "4-2-night-attack.toml")
    r = subprocess.run([sys.executable, "-m", "app", "legal", scen, "--json"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    acts = data["actions"]
    assert any(a["type"] == "place" for a in acts)
    r2 = subprocess.run([sys.executable, "-m", "app", "games"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "4-1-ambush" in r2.stdout and "sandbox only" not in r2.stdout.split("semper-fi")[1].splitlines()[0]


@pytest.mark.parametrize("action", [
    {"type": "move", "unit": "1-5-plt-1", "to": "99.99"},
    {"type": "move", "unit": "no-such-unit", "to": "12.10"},
    {"type": "fire", "from": "12.10"},
    {"type": "artillery", "battery": "baker-1-11"},
    {"type": "assault"},
    {"type": "teleport"},
    {},
])
def test_illegal_actions_are_refused_with_a_reason(action) -> None:
    from app.engine.game import IllegalAction
    from app.engine.match import Match
    from tests.semper_fi.conftest import scenario
    m = Match.start(GAME, scenario("5-1-morning-assault"), seed=1, keep_snapshots=False)
    with pytest.raises(IllegalAction) as e:
        m.apply(action)
    assert e.value.illegal.reason


def test_a_map_outside_the_scenario_folder_is_refused(tmp_path: Path) -> None:
    """Issue 19: a map named by absolute path or by climbing out with .. is not read; the
    refusal names the folders that are allowed."""
    for name in (TEST_MAPS["changchon"], "../outside.json"):
        f = tmp_path / "sub" / "bad.toml"
        f.parent.mkdir(exist_ok=True)
        f.write_text(BASE.replace('map = "changchon"', f'map = "{name}"'), encoding="utf-8")
        with pytest.raises(FileError) as e:
            load_scenario(f)
        text = " ".join(str(p) for p in e.value.problems)
        assert "map" in text and "semper-fi" in text, text
