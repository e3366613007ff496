"""Issue 16 for Semper Fi!: any moment of random play written as a readable position (units,
clock, support, decisions) loads to the same digest and legal actions; `run --position`,
`show --json` and the schema; bad positions give FILE:LINE: field: message."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from app import RESOURCES
from app.cli import main
from app.engine.match import Match
from app.engine.position import position_scenario, position_toml, scenario_schema
from app.engine.rng import Rng
from app.engine.scenario import load_scenario
from app.engine.state import canonical_json
from app.games import get_game

from tests.positions.helpers import play_on_together, refused

SF = RESOURCES / "semper-fi"
AMBUSH = SF / "scenarios" / "4-1-ambush.toml"
RIDGE = SF / "scenarios" / "5-3-battle-for-no-name-ridge.toml"


def _start(path: Path, seed: int) -> Match:
    game, loaded = load_scenario(path)
    return Match.start(game, loaded.data, seed=seed, scenario_text=loaded.text, scenario_path=str(path),
                       keep_snapshots=False)


def _doc(m: Match) -> dict:
    return position_scenario(m.game, m.state, m.scenario, m.options)


def _reload(m: Match, tmp: Path) -> tuple[Match, dict]:
    doc = _doc(m)
    p = tmp / "pos.toml"
    p.write_text(position_toml(doc), encoding="utf-8")
    game, loaded = load_scenario(p)
    return Match.start(game, loaded.data, seed=4242, keep_snapshots=False), doc


def _legal(m: Match) -> list[str]:
    return sorted(canonical_json(a) for a in m.legal_actions())


@pytest.mark.parametrize("path, seed, steps, every", [(AMBUSH, 1, 160, 16), (AMBUSH, 2, 160, 20),
                                                      (RIDGE, 3, 90, 15)])
def test_semper_fi_positions_round_trip_at_random_moments(tmp_path, path, seed, steps, every):
    m = _start(path, seed)
    rng = Rng.from_seed(seed * 31 + 7)
    checked = 0
    for i in range(steps + 1):
        if i % every == 0:
            back, doc = _reload(m, tmp_path)
            assert back.digest() == m.digest(), f"step {i}"
            assert _legal(back) == _legal(m), f"step {i}"
            # readable: every unit is a [[piece]] row and nothing is left to the generic fields
            assert {r["id"] for r in doc["piece"]} == set(m.state.units)
            assert "units" not in doc["position"].get("fields", {})
            checked += 1
        legal = m.legal_actions()
        if not legal:
            break
        m.apply(rng.choice(legal), checked=True)
    assert checked >= 5 and m.state.phase != "setup"


def test_semper_fi_7_4_positions_round_trip_with_edges_and_infiltrators(tmp_path):
    """7.4 Night of Fire II: the chosen map edges, arrived waves, infiltration allowances and an
    infiltrator's cover (C14.6-C14.8) survive a save at random moments of play."""
    m = _start(SF / "scenarios" / "7-4-night-of-fire-ii.toml", 6)
    m.apply({"type": "place-rest"}, checked=True)
    m.apply({"type": "end-setup"}, checked=True)
    for reg, edge in (("172nd", "sw"), ("173rd", "sw"), ("240th", "ne")):
        m.apply({"type": "entry-edge", "regiment": reg, "edge": edge}, checked=True)
    rng = Rng.from_seed(17)
    checked = 0
    for i in range(37):
        if i % 9 == 0 or (m.state.cloaked and checked < 6):
            back, _doc = _reload(m, tmp_path)
            assert back.digest() == m.digest(), f"step {i}"
            assert _legal(back) == _legal(m), f"step {i}"
            assert back.state.edges == m.state.edges and back.state.cloaked == m.state.cloaked
            checked += 1
        legal = m.legal_actions()
        if not legal:
            break
        enter = [a for a in legal if a["type"] == "move" and m.state.units[a["unit"]].at == "offmap"]
        m.apply(rng.choice(enter or legal))
    assert checked >= 5 and m.state.edge_waves and m.state.infiltrations


def test_a_pending_retreat_is_written_and_read_back(tmp_path):
    """Play random moves until a decision is owed, then save: the [[pending]] row carries it."""
    m = _start(AMBUSH, 5)
    rng = Rng.from_seed(99)
    for _ in range(1500):
        if m.state.pending:
            break
        legal = m.legal_actions()
        m.apply(rng.choice(legal), checked=True)
    assert m.state.pending
    back, doc = _reload(m, tmp_path)
    assert doc["pending"][0]["kind"] == m.state.pending[0].kind
    assert back.digest() == m.digest() and _legal(back) == _legal(m)


def test_play_goes_on_identically_after_loading(tmp_path):
    m = _start(AMBUSH, 8)
    rng = Rng.from_seed(8)
    for _ in range(40):
        m.apply(rng.choice(m.legal_actions()), checked=True)
    back, _doc_ = _reload(m, tmp_path)
    play_on_together(m, back, seed=9, steps=25, checked=False)


def test_run_position_and_show(tmp_path, capsys):
    acts = tmp_path / "a.jsonl"
    acts.write_text(json.dumps({"type": "place-rest"}) + "\n" + json.dumps({"type": "end-setup"}) + "\n")
    out = tmp_path / "moment.toml"
    assert main(["run", str(AMBUSH), "--seed", "4", "--actions", str(acts), "--position", str(out), "--json"]) == 0
    want = json.loads(capsys.readouterr().out)["state_hash"]
    assert main(["run", str(out), "--seed", "77", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == want
    doc = tomllib.loads(out.read_text())
    assert doc["start"]["scenario"] == "4-1-ambush" and doc["start"]["time"] == "12 Aug 1300"
    rows = {r["id"]: r for r in doc["piece"]}
    assert any(r.get("hidden") and r.get("dug_in") for r in rows.values())
    assert doc["support"]["ammo"]["105mm:he"] == 12
    # the US player is shown no hidden North Korean unit, only markers; the NK player sees them all
    assert main(["show", str(out), "--side", "us", "--json"]) == 0
    us = json.loads(capsys.readouterr().out)
    hidden_nk = {u for u, r in rows.items() if r.get("hidden")}
    assert hidden_nk and not hidden_nk & {p["id"] for p in us["pieces"]}
    assert "hidden-nk" not in us["overlays"] and "spotted-by-us" in us["overlays"]
    assert main(["show", str(out), "--side", "nk", "--json"]) == 0
    nk = json.loads(capsys.readouterr().out)
    assert hidden_nk <= {p["id"] for p in nk["pieces"]}
    assert set(nk["overlays"]["hidden-nk"]["hexes"]) == {rows[u]["at"] for u in hidden_nk}


def test_show_gives_lines_of_sight_between_units_in_view(tmp_path, capsys):
    p = SF / "tutorial" / "tutorial.toml"
    assert main(["show", str(p), "--side", "us", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    sight = [v for k, v in obj["overlays"].items() if k.startswith("sight-")]
    assert sight and all(line["range"] >= 1 for v in sight for line in v["lines"])
    assert obj["overlays"]["spotted-by-us"]["hexes"]


def test_every_semper_fi_scenario_matches_the_schema(capsys):
    assert main(["schema", "scenario", "--game", "semper-fi"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == json.loads(json.dumps(scenario_schema(get_game("semper-fi"))))
    assert {"start", "piece", "support", "barrage", "pending", "state"} <= set(schema["properties"])
    files = sorted(SF.glob("scenarios/*.toml")) + [SF / "tutorial" / "tutorial.toml"]
    for f in files:
        jsonschema.validate(tomllib.loads(f.read_text()), schema)
    bad = tomllib.loads(files[-1].read_text())
    bad["piece"][0]["morale"] = "panicked"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


HEAD = ('format = "ridgeline-scenario"\nversion = 1\ngame = "semper-fi"\nid = "bad"\nname = "Bad"\n'
        'map = "changchon"\n\n[turns]\nfirst = "12 Aug 1300"\nlast = "12 Aug 1400"\n\n'
        '[play]\ninitiative = "us"\nfirst_setup = "nk"\n\n[victory]\nkind = "high-ground"\nmin_elevation = 80\n'
        'within = 6\n\n[position]\nunlisted = "remove"\nenter = false\n\n'
        '[start]\nturn = 2\nphase = "action-1"\nactive = "us"\n\n')
ROWS = '[[piece]]\nid = "1-5-plt-1"\nat = "11.03"\n\n[[piece]]\nid = "2-15-plt-1"\nat = "11.06"\n\n'


def _bad(tmp_path, capsys, body: str) -> str:
    return refused(tmp_path, capsys, HEAD + body)


def test_the_good_base_of_the_bad_positions_loads(tmp_path, capsys):
    p = tmp_path / "good.toml"
    p.write_text(HEAD + ROWS, encoding="utf-8")
    assert main(["validate", str(p)]) == 0
    game, loaded = load_scenario(p)
    m = Match.start(game, loaded.data, seed=1)
    assert set(m.state.units) == {"1-5-plt-1", "2-15-plt-1"} and m.state.phase == "action-1"
    assert m.legal_actions()


def test_bad_semper_fi_positions_name_file_line_and_field(tmp_path, capsys):
    out = _bad(tmp_path, capsys, ROWS + '[[piece]]\nid = "1-5-plt-1"\nat = "11.04"\n')
    assert "bad.toml:39: piece[2].id: 1-5-plt-1 is already placed by piece[0]" in out
    out = _bad(tmp_path, capsys, ROWS + '[[pending]]\nkind = "retreat"\nside = "nk"\nunits = ["2-15-plt-2"]\n'
                                        'hex = "11.06"\ncount = 2\n')
    assert "pending[0].units[0]: 2-15-plt-2 is not in play" in out
    out = _bad(tmp_path, capsys, '[[piece]]\nid = "1-5-plt-1"\nat = "40.40"\nmorale = "panicked"\n')
    assert "piece[0].at: '40.40' is not a hex of the changchon map" in out
    assert "piece[0].morale: must be" in out
    out = _bad(tmp_path, capsys, ROWS + '[[barrage]]\nhex = "99.99"\nkind = "he"\nside = "us"\n')
    assert "barrage[0].hex: '99.99' is not a hex" in out
    out = _bad(tmp_path, capsys, ROWS.replace('[start]', '') + '[support]\nair_until = ["13 Aug 0900"]\n')
    assert "support.air_until[0]" in out
    out = _bad(tmp_path, capsys, '[[piece]]\nid = "no-such-unit"\nat = "11.03"\n')
    assert "piece[0].id: unknown unit id 'no-such-unit'" in out


def test_docs_explain_every_semper_fi_key_with_an_example():
    from app import ROOT
    from app.games.semper_fi.position import position_schema
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Semper Fi! (`semper-fi`)"):doc.index("## Reading a position")]
    schema = position_schema()
    for table, spec in schema.items():
        assert f"`{table}`" in section or f"[{table}]" in section or f"[[{table}]]" in section, table
        props = spec.get("properties") or (spec.get("items") or {}).get("properties") or {}
        for key in props:
            assert f"`{key}`" in section, f"{table}.{key} is not explained"
    assert 'game = "semper-fi"' in section and "dice = [" in section


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fixed_dice_give_the_stated_result_whatever_the_seed(seed):
    path = SF / "tutorial" / "tutorial.toml"
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=seed)
    assert m.state.rng.fixed == [4, 5, 3, 3]
    m.apply({"type": "fire", "from": "12.03", "at": "14.04"})
    assert m.state.units["2-15-plt-1"].morale == "suppressed" and not m.state.rng.fixed
    rolls = [e.text for e in m.events() if "rolled" in e.text]
    assert len(rolls) == 2 and all("(fixed)" in t for t in rolls)


def test_a_fixed_die_no_die_shows_is_refused(tmp_path, capsys):
    p = tmp_path / "dice.toml"
    p.write_text(HEAD.replace("enter = false\n", "enter = false\ndice = [3, 7]\n") + ROWS, encoding="utf-8")
    assert main(["validate", str(p)]) == 2
    assert "position.dice[1]: 7 is not a face" in capsys.readouterr().out


def test_enter_runs_the_entry_steps_of_the_phase_and_false_loads_as_written(tmp_path):
    marked = ROWS.replace('at = "11.03"\n', 'at = "11.03"\nacted = "moved"\nmp_spent = 2.0\n')
    for enter, acted in (("false", "moved"), ("true", "")):
        p = tmp_path / f"enter-{enter}.toml"
        p.write_text(HEAD.replace("enter = false", f"enter = {enter}") + marked, encoding="utf-8")
        game, loaded = load_scenario(p)
        m = Match.start(game, loaded.data, seed=1)
        assert m.state.units["1-5-plt-1"].acted == acted      # a new action phase clears the marks
    # a new turn: the command phase and the initiative roll run on load
    p = tmp_path / "turn.toml"
    p.write_text(HEAD.replace("enter = false\n", "").replace('phase = "action-1"', 'phase = "initiative"') + ROWS,
                 encoding="utf-8")
    game, loaded = load_scenario(p)
    m = Match.start(game, loaded.data, seed=1)
    assert m.state.phase == "initiative" and m.state.initiative in ("us", "nk")
    assert {a["type"] for a in m.legal_actions()} == {"go-first", "go-second"}


def test_damaged_semper_fi_positions_are_reported_not_crashed():
    """Random damage to the tutorial position (fixed seed, bounded): a clean load, or problems
    with a field and a message, never an exception."""
    from tests.positions.test_fuzz_positions import damage_rounds
    base = tomllib.loads((SF / "tutorial" / "tutorial.toml").read_text())
    skip = ("format", "version", "game", "id", "name", "map", "turns", "play", "victory")
    reported, loaded_ok = damage_rounds(base, seed=61, rounds=60, skip=skip)
    assert reported and loaded_ok
