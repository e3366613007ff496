"""Issue 15, point 13: the Korea hint gives a real reason for every kind of action, not only
moves and battles. Each position below is written as a scenario file with the position tables
(docs/scenarios.md: [start], [[piece]], [state], [[battle]], [[pending]], [position])
so that the automatic player's choice is one kind; the hint is asked as the window asks it
(app.ui.hint.HintJob) and its reason must name the place, the figures and the rule."""

from __future__ import annotations

import time

import pytest

import app.games  # noqa: F401 - the games register themselves with the engine
from app.engine.match import Match
from app.engine.scenario import load_scenario

def _pieces(*rows: str) -> list[dict]:
    """``"kpa-4 2424 reduced"`` -> a ``[[piece]]`` row."""
    out = []
    for row in rows:
        uid, at, *flags = row.split()
        out.append({"id": uid, "at": at, **{f: True for f in flags}})
    return out


def _position(phase: str, turn: int, pieces: tuple[str, ...], kind: str, **tables) -> tuple[dict, str]:
    """A position document (docs/scenarios.md) and the kind of action the AI picks there."""
    doc = {"format": "ridgeline-scenario", "version": 1, "game": "korea38", "id": "hint-position",
           "name": "A hint position", "start": {"turn": turn, "phase": phase}, "piece": _pieces(*pieces),
           **tables, "position": {"unlisted": "remove", "enter": False}}
    return doc, kind


def _battle(phase: str, turn: int, pieces: tuple[str, ...], kind: str, battle: dict, pending: dict,
            **tables) -> tuple[dict, str]:
    """A battle being fought (battle 0) with a decision owed in it."""
    return _position(phase, turn, pieces, kind, state={"combat_step": "resolve", "current": 0},
                     battle=[battle], pending=[{"battle": 0, **pending}], **tables)


MIG_ALLEY_ATTACK = ("kpa-4 1006", "us-24 1106", "us-25 1007", "air-us-1 air used", "air-mig15 air")
SEOUL_HELD = {"control": {"2017": "communist"}}

POSITIONS: dict[str, tuple[dict, str]] = {
    "reinforce": _position("allied-reinforcement", 2, ("kpa-4 2219", "kpa-3 2620", "rok-1 2222 reduced",
                                                       "us-24 pool"), "reinforce", state={"to_place": ["us-24"]}),
    "restore": _position("allied-reinforcement", 3, ("kpa-4 2219", "rok-1 2221 reduced", "rok-7 elim reduced"),
                         "replace", state={"rp": {"rok": 1}}),
    "naval": _position("allied-precombat", 3, ("kpa-4 2626", "kpa-3 2527", "us-24 fec", "rok-1 2727"), "naval"),
    "amphibious": _position("allied-precombat", 5, ("kpa-4 2626", "kpa-3 2727", "kpa-1 2525", "kpa-2 2424",
                                                    "us-1mar fec", "us-24 2929"), "amphibious",
                            control={"1818": "communist", "2017": "communist", "1924": "communist"}),
    "air": _battle("allied-combat", 3, ("kpa-4 2424", "kpa-3 2222", "us-24 2425", "us-25 2524", "air-us-1 air",
                                        "air-us-2 air"), "air",
                   {"defender": "kpa-4", "attackers": ["us-24", "us-25"], "stage": "air-communist"},
                   {"kind": "air", "side": "allied"}),
    "mig": _battle("allied-combat", 7, MIG_ALLEY_ATTACK, "mig",
                   {"defender": "kpa-4", "attackers": ["us-24", "us-25"], "air": ["air-us-1"], "stage": "roll"},
                   {"kind": "mig", "side": "communist"}),
    "no-mig": _battle("allied-combat", 7, ("kpa-4 1006 reduced", *MIG_ALLEY_ATTACK[1:], "us-2 1105"), "no-mig",
                      {"defender": "kpa-4", "attackers": ["us-24", "us-25", "us-2"], "air": ["air-us-1"],
                       "stage": "roll"},
                      {"kind": "mig", "side": "communist"}),
    "loss": _battle("allied-combat", 3, ("kpa-4 2424", "us-24 2425", "us-25 2524 reduced"), "loss",
                    {"defender": "kpa-4", "attackers": ["us-24", "us-25"], "stage": "attacker-loss",
                     "result": "AL", "roll": 1},
                    {"kind": "loss", "side": "allied", "units": ["us-24", "us-25"]}),
    "retreat": _battle("communist-combat", 2, ("kpa-4 2015", "kpa-105 2115", "rok-7 2016 reduced"), "retreat",
                       {"defender": "rok-7", "attackers": ["kpa-4", "kpa-105"], "stage": "wave", "result": "DR",
                        "roll": 2, "retreat": True},
                       {"kind": "retreat", "side": "communist", "units": ["rok-7"]}),
    "sea-retreat": _battle("communist-combat", 5, ("kpa-4 2626", "kpa-3 2627", "kpa-1 2827", "kpa-2 2828",
                                                   "us-24 2728 reduced"), "sea-retreat",
                           {"defender": "us-24", "attackers": ["kpa-4", "kpa-3"], "stage": "retreat",
                            "result": "DR", "roll": 3, "retreat": True},
                           {"kind": "sea-retreat", "side": "allied", "units": ["2929", "fec"]}),
    "advance": _battle("allied-combat", 3, ("kpa-4 elim", "kpa-3 2222", "us-24 2425", "us-25 2524 reduced"),
                       "advance",
                       {"defender": "kpa-4", "hex": "2424", "attackers": ["us-24", "us-25"], "stage": "done",
                        "result": "DE", "roll": 6},
                       {"kind": "advance", "side": "allied"}),
    "spread": _battle("allied-combat", 5, ("kpa-4 2626", "kpa-13 elim", "us-1mar 1818", "us-7 sea:1818"), "spread",
                      {"defender": "kpa-13", "hex": "1818", "attackers": ["us-1mar"], "support": ["us-7"],
                       "amphibious": ["us-1mar", "us-7"], "stage": "done", "result": "DE", "roll": 6},
                      {"kind": "spread", "side": "allied", "units": ["us-7"]},
                      control={"1818": "communist", "2017": "communist"}),
    "eliminate": _position("communist-movement", 3, ("kpa-4 2424", "kpa-3 2424 reduced", "us-24 2425"),
                           "eliminate", state={"moved": ["kpa-4", "kpa-3"]}),
    "propose-armistice": _position("communist-reinforcement", 10, ("kpa-4 2017", "us-24 2929"),
                                   "propose-armistice", **SEOUL_HELD),
    "accept-armistice": _position("communist-combat", 10, ("kpa-4 2017", "us-24 2929"), "accept-armistice",
                                  pending=[{"kind": "armistice", "side": "communist", "note": "allied"}],
                                  **SEOUL_HELD),
    "reject-armistice": _position("allied-combat", 10, ("kpa-4 2017", "us-24 2929"), "reject-armistice",
                                  pending=[{"kind": "armistice", "side": "allied", "note": "communist"}],
                                  **SEOUL_HELD),
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


def _start(tmp_path, name: str) -> Match:
    """The position written to a scenario file and opened as any scenario is."""
    from app.engine.position import position_toml
    p = tmp_path / f"{name}.toml"
    p.write_text(position_toml(POSITIONS[name][0]), encoding="utf-8")
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
    m = _start(tmp_path, name)
    before = m.digest()
    action, why, shown = _ask_hint(m)
    assert action is not None and action["type"] == POSITIONS[name][1], action
    for part in EXPECT[name]:
        assert part in why, (part, why)
    assert why != "nothing else this phase is worth the risk"
    # the window shows what the action does, then the reason; nothing internal leaks out
    assert shown.endswith(f"Why: {why}") and "{" not in shown and "None" not in shown
    assert " fec" not in shown and "sea:" not in shown          # boxes by their names
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
    m = _start(tmp_path, "restore")
    m.apply({"type": "replace", "unit": "rok-1", "at": "2221"})
    m.state.rp["rok"] = 1
    why = explain(m.state, {"type": "end-phase"})
    assert "lost at the phase's end (10.4)" in why
    m.state.rp["rok"] = 0
    assert "(10.0)" in explain(m.state, {"type": "end-phase"})


def test_no_advance_has_a_reason(tmp_path):
    from app.ai.korea38.reasons import explain
    m = _start(tmp_path, "advance")
    why = explain(m.state, {"type": "no-advance"})
    assert why.startswith("nobody advances into Yongdong (2424)") and why.endswith("(9.0)")
