"""Bad data gets FILE:LINE: field: message, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.engine.files import FileError
from app.engine.scenario import load_scenario
from app.engine.validate import validate_path
from app.games.frozen_chosin.data import DIR, load_events, load_operations, bundle

from tests.frozen_chosin.helpers import CAMPAIGN, ROOT


def test_a_base_outside_the_table(tmp_path):
    text = CAMPAIGN.read_text(encoding="utf-8").replace('offset = [-3.5, -2.5]', 'offset = [-90, -2.5]', 1)
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(FileError) as e:
        load_scenario(p)
    msg = str(e.value.problems[0])
    line = text.splitlines().index("offset = [-90, -2.5]") + 1
    assert msg.startswith(f"{p}:{line}: setup.0.offset: base 1-5a at [") and "outside the table" in msg


def test_a_base_outside_the_table_on_the_command_line(tmp_path):
    text = CAMPAIGN.read_text(encoding="utf-8").replace('offset = [-3.5, -2.5]', 'offset = [-90, -2.5]', 1)
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "app", "validate", str(p)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr + r.stdout
    assert "setup.0.offset: base 1-5a" in r.stdout


def test_an_operation_naming_an_unknown_effect(tmp_path):
    text = (DIR / "operations.toml").read_text(encoding="utf-8").replace('effect = "ambush"', 'effect = "teleport"')
    p = tmp_path / "resources" / "frozen-chosin" / "operations.toml"
    p.parent.mkdir(parents=True)
    p.write_text(text, encoding="utf-8")
    with pytest.raises(FileError) as e:
        load_operations(p)
    line = text.splitlines().index('effect = "teleport"') + 1
    assert str(e.value.problems[0]).startswith(f"{p}:{line}: operation.9.effect: must be one of airstrike")
    assert str(e.value.problems[0]).endswith("(found 'teleport')")
    assert [str(x) for x in validate_path(p)] == [str(e.value.problems[0])]


def test_an_event_card_with_a_bad_target(tmp_path):
    text = (DIR / "events.toml").read_text(encoding="utf-8").replace('command = "pva-20"', 'command = "pva-99"')
    p = tmp_path / "events.toml"
    p.write_text(text, encoding="utf-8")
    ids = tuple(c["id"] for c in bundle().commands)
    with pytest.raises(FileError) as e:
        load_events(p, ids)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "pva-99" in s)
    prob = e.value.problems[0]
    assert prob.file == str(p) and prob.line in (line - 1, line)  # the card's effects list
    assert str(prob).endswith("card.3.effects.0.command: unknown command 'pva-99' "
                              "(known: un-yudam, un-rct31, un-hagaru, pva-27, pva-20, pva-26)")


def test_an_event_card_with_an_unknown_place(tmp_path):
    text = (DIR / "events.toml").read_text(encoding="utf-8").replace('place = "koto-ri"', 'place = "pyongyang"')
    p = tmp_path / "events.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(FileError, match="must be one of yudam-ni.*found 'pyongyang'"):
        load_events(p, tuple(c["id"] for c in bundle().commands))


def test_shipped_data_files_validate():
    for name in ("pieces.toml", "operations.toml", "events.toml", "rules.toml", "scenarios/campaign.toml",
                 "scenarios/first-days.toml"):
        assert validate_path(DIR / name) == [], name


def test_the_order_of_battle_sizes():
    b = bundle()
    un = [x for c in b.commands if c["side"] == "un" for r in c["regiments"] for x in r["bases"]]
    pva = [x for c in b.commands if c["side"] == "pva" for r in c["regiments"] for x in r["bases"]]
    outposts = [x for x in un if x[2] == "outpost"]
    assert len(un) - len(outposts) == 45 and len(outposts) == 5 and len(pva) == 96
    morale = {r["id"]: r["morale"] for c in b.commands for r in c["regiments"]}
    assert morale["5-mar"] == 3 and morale["31-inf"] == 4 and morale["r235"] == 4


def test_malformed_actions_are_refused_with_a_reason_never_a_crash():
    from app.games.frozen_chosin import GAME
    from tests.frozen_chosin.helpers import finish_planning, new
    st = new([{"regiment": "5-mar", "at": [55, 36]}, {"regiment": "r235", "at": [55, 42]}])
    junk = [None, 5, "x", [], {"type": 3}, {"type": "plan", "op": ["a"]}, {"type": "attempt", "op": {}, "target": []},
            {"type": "activate", "regiment": ["r235"]}, {"type": "move", "unit": 1, "to": "here"},
            {"type": "attack", "defender": [], "attackers": "all"}, {"type": "fire", "unit": "1-11", "targets": [[1, 2]]},
            {"type": "face", "attacker": None}, {"type": "smith-choice", "choice": "x"}, {"type": "nope"}]
    for phase in ("operations", "night"):
        if phase == "night":
            finish_planning(st)
        for a in junk:
            prob = GAME.check(st, a)  # type: ignore[arg-type]
            assert prob is not None and prob.reason, a


def test_scenario_field_errors_name_the_field():
    from app.games.frozen_chosin.scenario import validate
    from tests.frozen_chosin.helpers import scenario
    data = scenario([{"regiment": "5-mar", "at": "nowhere"}], [{"side": "un", "kind": "balloon", "at": "koto-ri"}])
    data["omit"] = data["omit"] + ["r999"]
    data["turns"] = 12
    fields = {f for f, _ in validate(data)}
    assert {"turns", "setup.0.at", "omit.%d" % (len(data["omit"]) - 1)} <= fields
    ok = scenario([{"regiment": "5-mar", "at": [55, 36]}], [{"side": "un", "kind": "balloon", "at": "koto-ri"}])
    assert [f for f, _ in validate(ok)] == ["markers.0.kind"]
