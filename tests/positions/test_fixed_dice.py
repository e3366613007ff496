"""Issue 16, item 3: fixed dice give the stated result every time, the log marks them, saves
keep them, and an impossible value is a clear error."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from app.engine.dice import FixedDiceError
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.saves import open_save, write_save
from app.engine.scenario import load_scenario

from tests.positions.helpers import start

KOREA_BATTLE = """
format = "ridgeline-scenario"
version = 1
game = "korea38"
id = "dice-battle"
name = "A fixed-dice battle"

[start]
turn = 2
phase = "communist-combat"

[[piece]]
id = "kpa-1"
at = "2114"

[[piece]]
id = "rok-7"
at = "2115"
reduced = true

[state]
combat_step = "resolve"

[[battle]]
defender = "rok-7"
attackers = ["kpa-1"]

[position]
unlisted = "remove"
enter = false
dice = [DICE]
"""


def _battle(tmp_path, dice: str, seed: int) -> Match:
    p = tmp_path / f"battle-{dice.replace(',', '-')}.toml"
    p.write_text(KOREA_BATTLE.replace("DICE", dice), encoding="utf-8")
    game, loaded = load_scenario(p)
    m = Match.start(game, loaded.data, seed=seed)
    m.apply({"type": "resolve", "battle": 0})
    while m.state.pending and m.legal_actions():
        m.apply(m.legal_actions()[0])
    return m


def test_a_fixed_die_decides_the_battle_whatever_the_seed(tmp_path):
    results = set()
    for seed in range(1, 7):
        m = _battle(tmp_path, "6", seed)
        b = m.state.battles[0]
        results.add((b.roll, b.result))
        rolls = [e for e in m.events() if e.kind == "roll"]
        assert rolls and rolls[0].data["dice"] == [6] and rolls[0].data.get("fixed") == [True]
        assert "(fixed)" in rolls[0].text
    assert len(results) == 1
    (roll, result), = results
    assert roll == 6
    low = _battle(tmp_path, "1", 3).state.battles[0]
    assert low.roll == 1 and low.result


def test_after_the_fixed_rolls_the_seed_takes_over():
    a, b = Rng.from_seed(4), Rng.from_seed(4)
    a.fixed = [2, 5]
    assert [a.die(6), a.die(6)] == [2, 5]
    assert [a.die(6) for _ in range(5)] == [b.die(6) for _ in range(5)]
    assert a.to_json() == b.to_json()          # an empty queue leaves no trace in the digest


def test_guts_two_dice_are_fixed_in_order_and_logged():
    m = start("guts", seed=9, dice=[2, 3])
    m.apply({"type": "advance", "team": "rifle-1a", "to": [6.0, 12.0]})
    roll = next(e for e in m.events() if e.kind == "roll")
    assert roll.data["dice"] == [2, 3] and roll.data["fixed"] == [True, True]
    assert "(fixed)" in roll.text
    assert m.state.elements["rifle-1a"].y == pytest.approx(10.0)   # success: the dice score, 5"


def test_saves_keep_the_fixed_dice(tmp_path):
    m = start("guts", seed=9, dice=[2, 3, 6, 6])
    m.apply({"type": "advance", "team": "rifle-1a", "to": [6.0, 12.0]})
    assert m.state.rng.fixed == [6, 6]
    write_save(m, tmp_path / "g.json")
    back = open_save(tmp_path / "g.json")
    assert back.digest() == m.digest() and back.state.rng.fixed == [6, 6]


def test_an_impossible_fixed_roll_is_a_clear_error(tmp_path, capsys):
    p = tmp_path / "bad-dice.toml"
    p.write_text(KOREA_BATTLE.replace("DICE", "3, 7"), encoding="utf-8")
    assert main(["run", str(p)]) == 2
    err = capsys.readouterr().err
    assert f"{p}:" in err and "position.dice[1]: 7 is not a face" in err
    scen = str(tmp_path / "ok.toml")
    (tmp_path / "ok.toml").write_text(KOREA_BATTLE.replace("DICE", "3"), encoding="utf-8")
    assert main(["run", scen, "--dice", "0,2"]) == 2
    assert "--dice: roll 1: 0 is not a face" in capsys.readouterr().err
    assert main(["legal", scen, "--dice", "two"]) == 2
    assert "not a whole number" in capsys.readouterr().err
    # a value the game's dice can show but the die being rolled cannot: the average die
    rng = Rng.from_seed(1)
    rng.fixed = [6]
    with pytest.raises(FixedDiceError, match="average die"):
        rng.average_die()
    assert rng.fixed == [6]


def test_cli_dice_reach_the_log(tmp_path, capsys):
    acts = tmp_path / "a.jsonl"
    acts.write_text(json.dumps({"type": "advance", "team": "rifle-1a", "to": [6, 12]}) + "\n")
    from tests.positions.helpers import SCENARIOS
    assert main(["run", str(SCENARIOS["guts"]), "--dice", "2,3", "--actions", str(acts), "--log"]) == 0
    out = capsys.readouterr().out
    assert "rolled 2+3 on 2d6 (fixed)" in out
