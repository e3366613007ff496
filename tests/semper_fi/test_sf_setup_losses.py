"""7.5 Battle for East Hill, Round Two: the steps 1/240 (-10) and Guard/240 (-3) start without are
the Chinese player's choice, offered as set-up actions (a pending decision a position keeps)."""

from __future__ import annotations

from pathlib import Path

from app.engine.match import Match
from app.engine.position import position_scenario, position_toml
from app.engine.scenario import load_scenario
from app.games.semper_fi.data import counters
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import scenario

R2 = "7-5-battle-for-east-hill-round-two"


def _to_chinese_setup(seed: int = 3) -> Match:
    m = Match.start(GAME, scenario(R2), seed=seed, keep_snapshots=False)
    m.apply({"type": "place-rest"})
    m.apply({"type": "end-setup"})
    assert m.state.active == "nk" and m.state.phase == "setup"
    return m


def _lost(m: Match, f: str) -> int:
    c = counters().units
    return sum(c[u].type.steps - s.steps for u, s in m.state.units.items() if c[u].formation == f)


def test_7_5_set_up_losses_are_owed_not_taken_at_the_start() -> None:
    m = Match.start(GAME, scenario(R2), seed=3, keep_snapshots=False)
    assert m.state.reduce_left == {"1-240": 10, "guard-240": 3}
    assert _lost(m, "1-240") == _lost(m, "guard-240") == 0
    assert not [a for a in m.legal_actions() if a["type"] == "remove-step"]     # the Marines owe nothing


def test_7_5_the_chinese_choose_which_units_lose_the_steps() -> None:
    m = _to_chinese_setup()
    m.apply({"type": "place-rest"})
    legal = m.legal_actions()
    offered = {a["unit"] for a in legal if a["type"] == "remove-step"}
    assert offered == {u for u in m.state.units if counters().units[u].formation in ("1-240", "guard-240")}
    assert {"type": "end-setup"} not in legal                      # finish only once every step is taken
    assert "10 steps off" in GAME.prompt(m.state)
    events = []
    for _ in range(4):                                            # all four off the same platoon
        events += m.apply({"type": "remove-step", "unit": "1-240-plt-1"})
    assert m.state.units["1-240-plt-1"].steps == 1 and m.state.reduce_left["1-240"] == 6
    assert "1-240-plt-1" not in {a["unit"] for a in m.legal_actions() if a["type"] == "remove-step"}
    assert [e.rule for e in events if e.kind == "setup"] == ["7.5"] * 4


def test_7_5_no_more_steps_than_owed_then_the_set_up_can_end() -> None:
    m = _to_chinese_setup()
    m.apply({"type": "place-rest"})
    for u in ["guard-240-plt-1"] * 3 + [f"1-240-plt-{i}" for i in range(1, 10)] + ["1-240-plt-1"]:
        m.apply({"type": "remove-step", "unit": u})
    assert _lost(m, "1-240") == 10 and _lost(m, "guard-240") == 3 and _lost(m, "2-240") == 0
    legal = m.legal_actions()
    assert not [a for a in legal if a["type"] == "remove-step"] and {"type": "end-setup"} in legal


def test_7_5_the_ai_spreads_the_losses_over_rifle_platoons() -> None:
    from app.ai.semper_fi.player import make_ai
    m = _to_chinese_setup()
    ai = make_ai(seed=1, side="nk")
    while m.state.phase == "setup" and m.state.active == "nk":
        m.apply(ai.choose(m, m.legal_actions()))
    c = counters().units
    assert _lost(m, "1-240") == 10 and _lost(m, "guard-240") == 3
    assert all(m.state.units[u].steps == c[u].type.steps for u in m.state.units
               if c[u].formation == "1-240" and not c[u].type.platoon)        # MG and weapons whole
    assert max(c[u].type.steps - m.state.units[u].steps for u in m.state.units if c[u].formation == "1-240") <= 2


def test_7_5_a_position_keeps_the_owed_steps(tmp_path: Path) -> None:
    m = _to_chinese_setup()
    m.apply({"type": "remove-step", "unit": "1-240-plt-2"})
    doc = position_scenario(m.game, m.state, m.scenario, m.options)
    assert doc["state"]["reduce_left"] == {"1-240": 9, "guard-240": 3}
    p = tmp_path / "pos.toml"
    p.write_text(position_toml(doc), encoding="utf-8")
    game, loaded = load_scenario(p)
    back = Match.start(game, loaded.data, seed=99, keep_snapshots=False)
    assert back.state.reduce_left == {"1-240": 9, "guard-240": 3}
    assert back.state.units["1-240-plt-2"].steps == 4
    assert sorted(map(str, back.legal_actions())) == sorted(map(str, m.legal_actions()))


def test_7_5_a_debt_no_unit_can_pay_does_not_block_the_set_up() -> None:
    m = _to_chinese_setup()
    m.apply({"type": "place-rest"})
    for u, s in m.state.units.items():
        if counters().units[u].formation == "guard-240":
            s.steps = 1                                         # nothing left to give
    m.state.reduce_left = {"guard-240": 3}
    legal = m.legal_actions()
    assert not [a for a in legal if a["type"] == "remove-step"] and {"type": "end-setup"} in legal
