"""Issue 16, item 1: a position written by hand can hold a decision owed: a Korea retreat to
choose after a DR, the loss to take, with the battle it belongs to."""

from __future__ import annotations

from app.engine.match import Match
from app.engine.scenario import load_scenario

RETREAT = """
format = "ridgeline-scenario"
version = 1
game = "korea38"
id = "retreat-to-choose"
name = "A retreat to choose"

[start]
turn = 2
phase = "communist-combat"

[[piece]]
id = "kpa-4"
at = "2015"

[[piece]]
id = "kpa-105"
at = "2115"

[[piece]]
id = "rok-7"
at = "2016"
reduced = true

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

[position]
unlisted = "remove"
enter = false
"""


def test_a_written_retreat_is_offered_and_carried_out(tmp_path):
    p = tmp_path / "retreat.toml"
    p.write_text(RETREAT, encoding="utf-8")
    game, loaded = load_scenario(p)
    m = Match.start(game, loaded.data, seed=3)
    legal = m.legal_actions()
    assert legal and all(a["type"] == "retreat" for a in legal)
    assert m.state.active == "communist"
    m.apply(legal[0])
    assert m.state.units["rok-7"].at == legal[0]["path"][-1]
    kinds = {a["type"] for a in m.legal_actions()}
    assert kinds == {"advance", "no-advance"}            # then the follow-up, as in play
