"""Issue 16, items 1, 2 and 4 on the command line: run --position, show, schema --game."""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest

from app import RESOURCES
from app.cli import main
from app.engine.position import scenario_schema
from app.games import get_game

from tests.positions.helpers import SCENARIOS


def _hash(capsys, *argv) -> str:
    assert main(["run", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["state_hash"]


@pytest.mark.parametrize("gid, actions", [
    ("korea38", [{"type": "end-phase"}, {"type": "move", "unit": "kpa-4", "to": "2115"}]),
    ("chosin-few", [{"type": "draw"}]),
    ("guts", [{"type": "advance", "team": "rifle-1a", "to": [6, 12]}]),
])
def test_run_position_writes_a_scenario_that_loads_to_the_same_digest(tmp_path, capsys, gid, actions):
    acts = tmp_path / "a.jsonl"
    acts.write_text("".join(json.dumps(a) + "\n" for a in actions))
    out = tmp_path / "moment.toml"
    want = _hash(capsys, str(SCENARIOS[gid]), "--seed", "7", "--actions", str(acts), "--position", str(out))
    assert out.exists()
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    assert _hash(capsys, str(out)) == want
    assert _hash(capsys, str(out), "--seed", "99") == want          # the generator travels in the file
    doc = tomllib.loads(out.read_text())
    assert doc["position"]["enter"] is False and doc["id"] == "moment"


def test_show_lists_pieces_and_named_overlays_for_a_side(capsys):
    assert main(["show", str(SCENARIOS["korea38"]), "--side", "allied", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["side"] == "allied" and obj["turn"] == 1
    ids = {p["id"]: p for p in obj["pieces"]}
    assert ids["kpa-4"]["at"] == "2114" and "reduced" in ids["rok-7"]
    for name in ("zoc-communist", "zoc-allied", "in-communication-allied", "in-communication-communist"):
        assert name in obj["overlays"]
    assert "2115" in obj["overlays"]["zoc-communist"]["hexes"]


def test_show_guts_hides_face_down_cards_and_gives_reach(capsys):
    assert main(["show", str(SCENARIOS["guts"]), "--side", "platoon", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    cards = [p for p in obj["pieces"] if p["kind"] == "card"]
    assert cards and all(p["label"] == "?" for p in cards)
    assert all(c["rank"] == "" for c in obj["view"]["cards"].values() if not c["revealed"])
    assert obj["overlays"]["reach-rifle-1a"]["kind"] == "circle"
    assert any(n.startswith("reveal-card-") for n in obj["overlays"])


def test_show_chosin_reach_and_a_bad_side(capsys):
    assert main(["show", str(SCENARIOS["chosin-few"]), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert "reach-marine" in obj["overlays"] and any(p["id"] == "marine" for p in obj["pieces"])
    assert main(["show", str(SCENARIOS["chosin-few"]), "--side", "nobody"]) == 2


@pytest.mark.parametrize("gid", ["korea38", "chosin-few", "guts"])
def test_every_shipped_scenario_matches_its_game_schema(capsys, gid):
    assert main(["schema", "scenario", "--game", gid]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == json.loads(json.dumps(scenario_schema(get_game(gid))))
    files = sorted((RESOURCES / gid).glob("scenarios/*.toml")) + sorted((RESOURCES / gid).glob("tutorial*/tutorial.toml"))
    assert files
    for f in files:
        jsonschema.validate(tomllib.loads(f.read_text()), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**tomllib.loads(files[0].read_text()), "position": {"dice": [0]}}, schema)
