"""Issue 16 for Frozen Chosin: any moment written as a readable scenario (every base, marker,
command's dice, the deck, VP, Smith's choice, the activation and a pending decision), read back
to the same digest and the same legal actions; `show` by side; bad positions refused with
FILE:LINE: field: message."""

from __future__ import annotations

import json
import tomllib

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

FIRST = RESOURCES / "frozen-chosin" / "scenarios" / "first-days.toml"
HEAD = ('format = "ridgeline-scenario"\nversion = 1\ngame = "frozen-chosin"\nid = "moment"\nname = "A moment"\n'
        'table = "table.json"\nturns = 4\n\n')
# a night at Koto-ri, written by hand: three bases, a depot, the 1st Marines activated and
# General Smith's stockpile still secret
SMALL = HEAD + '''[[piece]]
id = "2-1a"
at = [43.4, 34.4]
marker = "hasty"

[[piece]]
id = "2-1b"
at = [39.21, 31.0]
suppressed = true

[[piece]]
id = "174-1"
at = [38.0, 31.0]

[[piece]]
id = "dump"
kind = "depot"
side = "un"
at = [43.4, 33.2]

[[command]]
id = "un-hagaru"
planned = ["evacuate"]

[[command]]
id = "pva-20"
planned = ["ambush"]
recycled = 2

[general_smith]
choice = "stockpile"

[vp]
un = 1
pva = 3

[position]
turn = 3
phase = "night"
active = "un"
enter = false
unlisted = "remove"
'''


def start(seed: int) -> Match:
    game, loaded = load_scenario(FIRST)
    return Match.start(game, loaded.data, seed=seed, scenario_text=loaded.text, scenario_path=str(FIRST),
                       keep_snapshots=False)


def load_text(tmp_path, text: str, name: str = "pos.toml") -> Match:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    game, loaded = load_scenario(p)
    return Match.start(game, loaded.data, seed=12345, keep_snapshots=False)


def legal_keys(m: Match) -> list[str]:
    return sorted(canonical_json(a) for a in m.legal_actions())


def round_trip(m: Match, tmp_path) -> dict:
    doc = position_scenario(m.game, m.state, m.scenario, m.options)
    back = load_text(tmp_path, position_toml(doc))
    assert back.digest() == m.digest()
    assert legal_keys(back) == legal_keys(m)
    return doc


@pytest.mark.parametrize("seed", [1])
def test_frozen_chosin_positions_round_trip_at_random_moments(tmp_path, seed):
    m = start(seed)
    pick = Rng.from_seed(seed * 31 + 7)
    kinds: set[tuple] = set()
    checked = 0
    for i in range(1, 91):
        legal = m.legal_actions()
        if not legal:
            break
        m.apply(pick.choice(legal), checked=True)
        if i % 15 == 0:
            doc = round_trip(m, tmp_path)
            st = m.state
            kinds.add((st.phase, st.activation is not None, st.pending is not None))
            # readable: the moment is in the tables, not in the generic fields
            assert set(doc["position"].get("fields", {})) <= {"scenario", "finished"}
            assert not doc["position"].get("json")
            checked += 1
    assert checked >= 6 and len(kinds) >= 2


def test_the_saved_tables_say_every_base_the_dice_and_the_deck(tmp_path):
    m = start(3)
    pick = Rng.from_seed(5)
    while m.state.phase != "night":
        m.apply(pick.choice(m.legal_actions()), checked=True)
    doc = round_trip(m, tmp_path)
    st = m.state
    rows = {r["id"]: r for r in doc["piece"]}
    assert set(st.bases) | set(st.markers) == set(rows)
    for b in st.bases.values():
        if b.status == "on":
            assert rows[b.id]["at"] == [b.x, b.y] and rows[b.id]["status"] == "on"
    cmds = {c["id"]: c for c in doc["command"]}
    assert {c: cmds[c]["planned"] for c in cmds} == {c.id: c.planned for c in st.commands.values()}
    assert doc["deck"] == {"draw": st.deck, "discard": st.discard, "current": st.event}
    assert doc["general_smith"]["choice"] == st.smith_choice and doc["vp"] == st.vp
    assert doc["position"]["phase"] == "night" and doc["sequence"]["current"] == st.current


def test_play_goes_on_identically_after_loading_a_position(tmp_path):
    m = start(6)
    pick = Rng.from_seed(2)
    for _ in range(30):
        m.apply(pick.choice(m.legal_actions()), checked=True)
    back = load_text(tmp_path, position_toml(position_scenario(m.game, m.state, m.scenario, m.options)))
    play_on_together(m, back, seed=8, steps=12, checked=True)


def test_a_hand_written_position_loads_as_written(tmp_path):
    m = load_text(tmp_path, SMALL)
    st = m.state
    assert (st.turn, st.phase, st.day_phase, st.active) == (3, "night", "night", "un")
    on = {b.id for b in st.bases.values() if b.status == "on"}
    assert on == {"2-1a", "2-1b", "174-1"}                     # unlisted = "remove"
    assert st.bases["2-1a"].position == "hasty" and st.bases["2-1b"].suppressed
    assert list(st.markers) == ["dump"] and st.markers["dump"].kind == "depot"
    assert st.commands["un-hagaru"].planned == ["evacuate"] and st.commands["pva-20"].recycled == 2
    assert st.smith_choice == "stockpile" and not st.smith_revealed and st.vp == {"un": 1, "pva": 3}
    assert st.order[0].startswith("pva") and st.current == st.order[0]     # the Chinese open the night
    round_trip(m, tmp_path)


def test_enter_runs_the_phase_entry_steps_on_load(tmp_path):
    text = SMALL.replace('phase = "night"', 'phase = "operations"').replace("enter = false", "enter = true")
    st = load_text(tmp_path, text).state
    assert st.phase == "operations" and st.event                    # a card was drawn
    assert st.commands["un-hagaru"].planned == []                   # a new turn's dice
    quiet = load_text(tmp_path, text.replace("enter = true", "enter = false"), "q.toml").state
    assert quiet.event == "" and quiet.commands["un-hagaru"].planned == ["evacuate"]


def test_unlisted_keep_leaves_the_set_up_in_place(tmp_path):
    data = FIRST.read_text(encoding="utf-8")
    text = data + '\n[[piece]]\nid = "1-5a"\nat = [20.0, 3.0]\nsuppressed = true\n\n[position]\nunlisted = "keep"\n'
    st = load_text(tmp_path, text).state
    assert (st.bases["1-5a"].x, st.bases["1-5a"].y) == (20.0, 3.0) and st.bases["1-5a"].suppressed
    assert st.bases["1-5b"].status == "on" and len(st.markers) == 5


def test_run_position_and_show_by_side_on_the_command_line(tmp_path, capsys):
    acts = tmp_path / "a.jsonl"
    acts.write_text('{"type": "smith-choice", "choice": "airstrip"}\n{"type": "done-planning"}\n'
                    '{"type": "done-planning"}\n{"type": "done-planning"}\n{"type": "plan", "op": "evacuate"}\n')
    out = tmp_path / "moment.toml"
    assert main(["run", str(FIRST), "--seed", "3", "--actions", str(acts), "--position", str(out), "--json"]) == 0
    want = json.loads(capsys.readouterr().out)["state_hash"]
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    assert main(["run", str(out), "--seed", "99", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == want
    doc = tomllib.loads(out.read_text())
    assert {c["id"]: c["planned"] for c in doc["command"]}["un-yudam"] == ["evacuate"]
    # the Chinese may not see the Allied dice being placed, nor General Smith's choice
    assert main(["show", str(out), "--side", "pva", "--json"]) == 0
    seen = json.loads(capsys.readouterr().out)
    assert seen["view"]["commands"]["un-yudam"]["planned"] == [] and seen["view"]["smith_choice"] == "hidden"
    assert "Smith" not in json.dumps(seen["panels"]) and "evacuate" not in json.dumps(seen["view"]["commands"])
    for name in ("supply-reach-un", "supply-reach-pva", "spotted-by-un", "spotted-by-pva"):
        assert name in seen["overlays"]
    assert any(n.startswith("range-") for n in seen["overlays"]) and any(n.startswith("supply-sup") for n in seen["overlays"])
    assert main(["show", str(out), "--side", "un", "--json"]) == 0
    mine = json.loads(capsys.readouterr().out)
    assert mine["view"]["commands"]["un-yudam"]["planned"] == ["evacuate"] and mine["view"]["smith_choice"] == "airstrip"


def test_every_frozen_chosin_scenario_matches_the_schema(tmp_path, capsys):
    assert main(["schema", "scenario", "--game", "frozen-chosin"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == json.loads(json.dumps(scenario_schema(get_game("frozen-chosin"))))
    files = sorted((RESOURCES / "frozen-chosin").glob("scenarios/*.toml")) + [RESOURCES / "frozen-chosin" / "tutorial" / "tutorial.toml"]
    for f in files:
        jsonschema.validate(tomllib.loads(f.read_text()), schema)
    jsonschema.validate(tomllib.loads(SMALL), schema)
    m = start(1)
    jsonschema.validate(json.loads(json.dumps(position_scenario(m.game, m.state, m.scenario, m.options))), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**tomllib.loads(SMALL), "piece": [{"id": "2-1a", "status": "lost"}]}, schema)


def _bad(tmp_path, capsys, text: str) -> str:
    return refused(tmp_path, capsys, text)


def _line_of(text: str, needle: str, nth: int = 1) -> int:
    lines = text.splitlines()
    hits = [i + 1 for i, ln in enumerate(lines) if needle in ln]
    return hits[nth - 1]


def test_a_base_in_two_places(tmp_path, capsys):
    text = SMALL.replace('[[piece]]\nid = "174-1"', '[[piece]]\nid = "2-1a"\nat = [30.0, 30.0]\n\n[[piece]]\nid = "174-1"')
    out = _bad(tmp_path, capsys, text)
    line = _line_of(text, 'id = "2-1a"', 2)
    assert f"bad.toml:{line}: piece[2].id: 2-1a is already placed by piece[0]" in out


def test_a_base_off_the_table_and_an_unknown_base(tmp_path, capsys):
    text = SMALL.replace("at = [38.0, 31.0]", "at = [71.9, 31.0]").replace('id = "2-1b"', 'id = "9-9z"')
    out = _bad(tmp_path, capsys, text)
    assert "piece[2].at: (71.9, 31) puts the base off the 72 x 48 inch table" in out
    assert "piece[1].id: no base '9-9z' in Frozen Chosin" in out


def test_a_decision_naming_a_base_not_in_play(tmp_path, capsys):
    text = SMALL.replace("[general_smith]", '[activation]\nregiment = "1-mar"\ncommand = "un-hagaru"\nstep = "fight"\n\n'
                                             '[pending]\nkind = "face"\ncommand = "pva-20"\ndefender = "174-1"\n'
                                             'attackers = ["2-1b", "1-mar-hq"]\n\n[general_smith]')
    out = _bad(tmp_path, capsys, text)
    assert f"bad.toml:{_line_of(text, 'attackers =')}: pending.attackers[1]: 1-mar-hq is not in play" in out


def test_fixed_dice_beyond_six_and_a_bad_phase(tmp_path, capsys):
    out = _bad(tmp_path, capsys, SMALL.replace('unlisted = "remove"', 'unlisted = "remove"\ndice = [3, 7]'))
    assert "position.dice[1]: 7 is not a face" in out
    out = _bad(tmp_path, capsys, SMALL.replace('phase = "night"', 'phase = "dusk"'))
    assert "position.phase: must be one of smith, operations, night, day, over" in out


def test_fixed_dice_decide_a_position_s_fight_every_time(tmp_path):
    text = SMALL.replace('unlisted = "remove"', 'unlisted = "remove"\ndice = [2, 3, 6, 5, 2]').replace(
        'phase = "night"', 'phase = "day"').replace("suppressed = true", "")
    text = text.replace('[general_smith]', '[sequence]\ncurrent = "un-hagaru"\n\n[general_smith]')
    for _ in range(2):
        m = load_text(tmp_path, text)
        m.apply({"type": "activate", "regiment": "1-mar"})
        m.apply({"type": "end-move"})
        events = m.apply({"type": "attack", "defender": "174-1", "attackers": ["2-1b"]})
        assert m.state.bases["174-1"].status == "casualty"
        assert any("(fixed)" in e.text for e in events)
