"""Issue 16, item 3 with ``enter = true``: the steps a position runs on load (a phase's entry
steps, a battle left to resolve) roll the position's fixed dice first, logged as fixed, then the
seed, in every game whose entry steps roll (Korea, Semper Fi!)."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.games  # noqa: F401 - the scenario loader finds the games
from app.engine.match import Match
from app.engine.scenario import load_scenario
from tests.positions.test_fixed_dice import KOREA_BATTLE

#: The fixed-dice battle of test_fixed_dice, now left being fought as the combat phase is entered.
KOREA = (KOREA_BATTLE.replace('combat_step = "resolve"', 'enter = true\ncombat_step = "resolve"\ncurrent = 0')
         .replace('attackers = ["kpa-1"]', 'attackers = ["kpa-1"]\nstage = "roll"')
         .replace("enter = false\n", ""))
assert KOREA.count("enter = true") == 1 and "current = 0" in KOREA and 'stage = "roll"' in KOREA


SEMPER_FI = """
format = "ridgeline-scenario"
version = 1
game = "semper-fi"
id = "entry-dice"
name = "The initiative rolled as the turn begins"
map = "changchon"

[turns]
first = "12 Aug 1300"
last = "12 Aug 1400"

[play]
initiative = "us"
first_setup = "nk"

[victory]
kind = "high-ground"
min_elevation = 80
within = 6

[start]
time = "12 Aug 1320"
phase = "initiative"

[[piece]]
id = "1-5-plt-1"
at = "12.03"

[[piece]]
id = "2-15-plt-1"
at = "14.04"

[position]
unlisted = "remove"
enter = true
dice = [DICE]
"""


def _start(tmp_path: Path, text: str, dice: str, seed: int, options: dict | None = None) -> Match:
    p = tmp_path / f"entry-{dice.replace(',', '-')}-{seed}.toml"
    p.write_text(text.replace("DICE", dice), encoding="utf-8")
    game, loaded = load_scenario(p)
    return Match.start(game, loaded.data, seed=seed, options=options or {})


def _rolls(m: Match) -> list:
    return [e for e in m.setup_events if e.kind == "roll"]


@pytest.mark.parametrize("die", [6, 1])
def test_korea_a_battle_resolved_on_entry_rolls_the_fixed_die_whatever_the_seed(tmp_path, die):
    got = set()
    for seed in (1, 2, 3, 4):
        m = _start(tmp_path, KOREA, str(die), seed)
        b = m.state.battles[0]
        got.add((b.roll, b.result, m.state.units["rok-7"].at, m.state.units["kpa-1"].at))
        rolls = _rolls(m)
        assert [r.data["dice"] for r in rolls] == [[die]]
        assert rolls[0].data["fixed"] == [True] and "(fixed)" in rolls[0].text
        assert m.state.rng.fixed == []                   # used up at load: the seed rolls next
    assert len(got) == 1 and next(iter(got))[0] == die


def test_korea_the_command_line_dice_win_at_entry_too(tmp_path):
    m = _start(tmp_path, KOREA, "6", 1, {"dice": [2]})
    assert m.state.battles[0].roll == 2 and _rolls(m)[0].data["fixed"] == [True]


def test_korea_entry_dice_left_over_go_on_to_play(tmp_path):
    m = _start(tmp_path, KOREA, "6, 3, 4", 5)
    assert m.state.battles[0].roll == 6 and m.state.rng.fixed == [3, 4]


@pytest.mark.parametrize("dice, winner", [("6, 1", "us"), ("1, 6", "nk"), ("3, 3, 2, 5", "nk")])
def test_semper_fi_the_initiative_on_entry_rolls_the_fixed_dice(tmp_path, dice, winner):
    for seed in (1, 2, 3):
        m = _start(tmp_path, SEMPER_FI, dice, seed)
        assert m.state.initiative == winner
        rolls = [r for r in _rolls(m) if r.rule == "1.7g"]
        faces = [int(v) for v in dice.split(",")]
        assert [r.data["dice"][0] for r in rolls] == faces
        assert all(r.data["fixed"] == [True] and "(fixed)" in r.text for r in rolls)
        assert m.state.rng.fixed == []


def test_semper_fi_without_enter_the_dice_wait_for_play(tmp_path):
    m = _start(tmp_path, SEMPER_FI.replace("enter = true", "enter = false"), "6, 1", 1)
    assert _rolls(m) == [] and m.state.rng.fixed == [6, 1]
