"""Issue 15, point 13: the Korea hint gives a real reason for every kind of action, not only
moves and battles. Each position below is written with the scenario tables (docs/scenarios.md)
so that the automatic player's choice is one kind; the hint is asked as the window asks it
(app.ui.hint.HintJob) and its reason must name the place, the figures and the rule."""

from __future__ import annotations

import time

import pytest

import app.games  # noqa: F401 - the games register themselves with the engine
from app.engine.match import Match
from app.engine.scenario import load_scenario

HEAD = """format = "ridgeline-scenario"
version = 1
game = "korea38"
id = "hint-position"
name = "A hint position"
"""

TAIL = """
[position]
unlisted = "remove"
enter = false
"""


def _pieces(*rows: str) -> str:
    out = []
    for row in rows:
        uid, at, *flags = row.split()
        out.append(f'[[piece]]\nid = "{uid}"\nat = "{at}"\n' + "".join(f"{f} = true\n" for f in flags))
    return "\n".join(out)


POSITIONS: dict[str, tuple[str, str]] = {
    # name: (scenario body, the kind of action the AI picks there)
    "reinforce": ("""
[start]
turn = 2
phase = "allied-reinforcement"
""" + _pieces("kpa-4 2219", "kpa-3 2620", "rok-1 2222 reduced", "us-24 pool") + """
[state]
to_place = ["us-24"]
""", "reinforce"),
    "restore": ("""
[start]
turn = 3
phase = "allied-reinforcement"
""" + _pieces("kpa-4 2219", "rok-1 2221 reduced", "rok-7 elim reduced") + """
[state]
rp = { rok = 1 }
""", "replace"),
    "naval": ("""
[start]
turn = 3
phase = "allied-precombat"
""" + _pieces("kpa-4 2626", "kpa-3 2527", "us-24 fec", "rok-1 2727"), "naval"),
    "amphibious": ("""
[start]
turn = 5
phase = "allied-precombat"
""" + _pieces("kpa-4 2626", "kpa-3 2727", "kpa-1 2525", "kpa-2 2424", "us-1mar fec", "us-24 2929") + """
[control]
"1818" = "communist"
"2017" = "communist"
"1924" = "communist"
""", "amphibious"),
    "air": ("""
[start]
turn = 3
phase = "allied-combat"
""" + _pieces("kpa-4 2424", "kpa-3 2222", "us-24 2425", "us-25 2524", "air-us-1 air", "air-us-2 air") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "kpa-4"
attackers = ["us-24", "us-25"]
stage = "air-communist"

[[pending]]
kind = "air"
side = "allied"
battle = 0
""", "air"),
    "mig": ("""
[start]
turn = 7
phase = "allied-combat"
""" + _pieces("kpa-4 1006", "us-24 1106", "us-25 1007", "air-us-1 air used", "air-mig15 air") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "kpa-4"
attackers = ["us-24", "us-25"]
air = ["air-us-1"]
stage = "roll"

[[pending]]
kind = "mig"
side = "communist"
battle = 0
""", "mig"),
    "no-mig": ("""
[start]
turn = 7
phase = "allied-combat"
""" + _pieces("kpa-4 1006 reduced", "us-24 1106", "us-25 1007", "us-2 1105", "air-us-1 air used",
              "air-mig15 air") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "kpa-4"
attackers = ["us-24", "us-25", "us-2"]
air = ["air-us-1"]
stage = "roll"

[[pending]]
kind = "mig"
side = "communist"
battle = 0
""", "no-mig"),
    "loss": ("""
[start]
turn = 3
phase = "allied-combat"
""" + _pieces("kpa-4 2424", "us-24 2425", "us-25 2524 reduced") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "kpa-4"
attackers = ["us-24", "us-25"]
stage = "attacker-loss"
result = "AL"
roll = 1

[[pending]]
kind = "loss"
side = "allied"
battle = 0
units = ["us-24", "us-25"]
""", "loss"),
    "retreat": ("""
[start]
turn = 2
phase = "communist-combat"
""" + _pieces("kpa-4 2015", "kpa-105 2115", "rok-7 2016 reduced") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "rok-7"
attackers = ["kpa-4", "kpa-105"]
stage = "wave"
result = "DR"
roll = 2
retreat = true

[[pending]]
kind = "retreat"
side = "communist"
battle = 0
units = ["rok-7"]
""", "retreat"),
    "sea-retreat": ("""
[start]
turn = 5
phase = "communist-combat"
""" + _pieces("kpa-4 2626", "kpa-3 2627", "kpa-1 2827", "kpa-2 2828", "us-24 2728 reduced") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "us-24"
attackers = ["kpa-4", "kpa-3"]
stage = "retreat"
result = "DR"
roll = 3
retreat = true

[[pending]]
kind = "sea-retreat"
side = "allied"
battle = 0
units = ["2929", "fec"]
""", "sea-retreat"),
    "advance": ("""
[start]
turn = 3
phase = "allied-combat"
""" + _pieces("kpa-4 elim", "kpa-3 2222", "us-24 2425", "us-25 2524 reduced") + """
[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "kpa-4"
hex = "2424"
attackers = ["us-24", "us-25"]
stage = "done"
result = "DE"
roll = 6

[[pending]]
kind = "advance"
side = "allied"
battle = 0
""", "advance"),
    "spread": ("""
[start]
turn = 5
phase = "allied-combat"
""" + _pieces("kpa-4 2626", "kpa-13 elim", "us-1mar 1818", "us-7 sea:1818") + """
[control]
"1818" = "communist"
"2017" = "communist"

[state]
combat_step = "resolve"
current = 0

[[battle]]
defender = "kpa-13"
hex = "1818"
attackers = ["us-1mar"]
support = ["us-7"]
amphibious = ["us-1mar", "us-7"]
stage = "done"
result = "DE"
roll = 6

[[pending]]
kind = "spread"
side = "allied"
battle = 0
units = ["us-7"]
""", "spread"),
    "eliminate": ("""
[start]
turn = 3
phase = "communist-movement"
""" + _pieces("kpa-4 2424", "kpa-3 2424 reduced", "us-24 2425") + """
[state]
moved = ["kpa-4", "kpa-3"]
""", "eliminate"),
    "propose-armistice": ("""
[start]
turn = 10
phase = "communist-reinforcement"
""" + _pieces("kpa-4 2017", "us-24 2929") + """
[control]
"2017" = "communist"
""", "propose-armistice"),
    "accept-armistice": ("""
[start]
turn = 10
phase = "communist-combat"
""" + _pieces("kpa-4 2017", "us-24 2929") + """
[control]
"2017" = "communist"

[[pending]]
kind = "armistice"
side = "communist"
note = "allied"
""", "accept-armistice"),
    "reject-armistice": ("""
[start]
turn = 10
phase = "allied-combat"
""" + _pieces("kpa-4 2017", "us-24 2929") + """
[control]
"2017" = "communist"

[[pending]]
kind = "armistice"
side = "allied"
note = "communist"
""", "reject-armistice"),
}

# what the reason must say: the place, the figures the AI weighed, the rule
EXPECT: dict[str, tuple[str, ...]] = {
    "reinforce": ("24th Infantry Division arrives at Pusan (2929)", "hexes from the nearest enemy unit",
                  "In Communication", "our star city", "(10.3)"),
    "restore": ("ROK replacement point (0 left after this)", "restores 1st Division at hex 2221",
                "+6 strength, from 6 to 12", "(10.1)"),
    "naval": ("sails from the Far East Command box to the port of Pusan (2929)", "which we held",
              "4 hexes from the nearest enemy unit", "whole pre-combat move (11.1)"),
    "amphibious": ("lands unopposed at the enemy port of Inch'on (1818)",
                   "the enemy-held capital Seoul (2017) is 2 hexes away", "4 amphibious actions left",
                   "(11.2, 11.3)"),
    "air": ("2 air units support our attack on 4th Division at Yongdong (2424)", "from 1:1 to about 3:1",
            "0 stay fresh", "(9.2.5)"),
    "mig": ("the MiG-15 cancels F-80C Shooting Star (FEAF) over MiG Alley", "hex 1006",
            "the Allied odds fall from", "(9.2.5)"),
    "no-mig": ("the MiG-15 stays out of the battle at hex 1006", "past the table's last column (6:1)",
               "(9.2.5)"),
    "loss": ("24th Infantry Division takes the battle's step loss (it turns to its reduced side)",
             "25th Infantry Division (reduced: it would be eliminated)", "(9.3)"),
    "retreat": ("we choose the retreat: 7th Division goes back 2 hexes", "(9.3)"),
    "sea-retreat": ("24th Infantry Division leaves by sea to the Far East Command box", "(9.3)"),
    "advance": ("24th Infantry Division advances into Yongdong (2424), the hex the defender left",
                "12 strength, at full strength", "(9.0)"),
    "spread": ("7th Infantry Division comes ashore and spreads to", "In Communication",
               "no enemy unit able to attack it", "(11.4)"),
    "eliminate": ("3rd Division is one unit too many at Yongdong (2424)", "4 strength", "(8.2.2)"),
    "propose-armistice": ("the Communists would win a substantive victory",
                          "the Communists hold Seoul, 5.2", "(5.4)"),
    "accept-armistice": ("gives us a substantive victory", "the Communists hold Seoul, 5.2", "(5.4)"),
    "reject-armistice": ("accepting would hand the Communists a substantive victory",
                         "the Communists hold Seoul, 5.2", "(5.4)"),
}


def _position(tmp_path, name: str) -> Match:
    p = tmp_path / f"{name}.toml"
    p.write_text(HEAD + POSITIONS[name][0] + TAIL, encoding="utf-8")
    game, loaded = load_scenario(p)
    return Match.start(game, loaded.data, seed=1, scenario_path=str(p), scenario_text=loaded.text)


def _ask_hint(m: Match):
    """Game > Hint, as the window asks it: the automatic player on a copy, in a worker thread."""
    from app.ui.hint import HintJob, hint_reason
    job = HintJob(m, m.state.active)
    deadline = time.monotonic() + 60
    while not job.done and time.monotonic() < deadline:
        time.sleep(0.01)
    assert job.done and job.error is None, job.error
    return job.action, job.reason, hint_reason(m.game, m.state, job.action, why=job.reason)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_hint_gives_a_specific_reason(tmp_path, name):
    m = _position(tmp_path, name)
    before = m.digest()
    action, why, shown = _ask_hint(m)
    assert action is not None and action["type"] == POSITIONS[name][1], action
    for part in EXPECT[name]:
        assert part in why, (part, why)
    assert why != "nothing else this phase is worth the risk"
    # the window shows what the action does, then the reason; nothing internal leaks out
    assert shown.endswith(f"Why: {why}") and "{" not in shown and "None" not in shown
    assert m.digest() == before                     # asking for a hint changes nothing


def test_every_korea_action_kind_has_a_reason():
    from app.ai.korea38.reasons import REASONS
    from app.games.korea38.game import ACTION_TYPES
    assert set(REASONS) == set(ACTION_TYPES)
    # the positions above make the AI choose every kind that a computer player ever picks by
    # itself (no-advance and declare-add/resolve/move/declare-done have their own tests)
    chosen = {kind for _body, kind in POSITIONS.values()}
    assert chosen >= set(ACTION_TYPES) - {"move", "declare-add", "declare-done", "resolve", "end-phase",
                                          "no-advance"}


def test_the_end_of_a_reinforcement_phase_says_why_the_points_are_left(tmp_path):
    """Points left at the end of a reinforcement phase: the reason says they are lost (10.4);
    none left: every arrival placed (10.0)."""
    from app.ai.korea38.reasons import explain
    m = _position(tmp_path, "restore")
    m.apply({"type": "replace", "unit": "rok-1", "at": "2221"})
    m.state.rp["rok"] = 1
    why = explain(m.state, {"type": "end-phase"})
    assert "lost at the phase's end (10.4)" in why
    m.state.rp["rok"] = 0
    assert "(10.0)" in explain(m.state, {"type": "end-phase"})


def test_no_advance_has_a_reason(tmp_path):
    from app.ai.korea38.reasons import explain
    m = _position(tmp_path, "advance")
    why = explain(m.state, {"type": "no-advance"})
    assert why.startswith("nobody advances into Yongdong (2424)") and why.endswith("(9.0)")
