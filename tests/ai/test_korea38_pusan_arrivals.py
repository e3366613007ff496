"""Pusan is not left empty for the next turn's arrivals (docs/ai.md, issue 17 fourth pass).

The position of seed 0 (`ai:hard,ai`, the campaign) at the start of the Allied half of turn 1:
three US divisions are due on turn 2, and the old Allied plan emptied Pusan "to keep the room
for them". They arrive only after the Communist turn 2 (a surprise turn: everyone moves before
combat, 8.1), and a unit placed in a held city may over-stack until it moves out (10.3, 8.2.2),
so the empty city was only an opening: in 3 of the first 60 hard games the KPA took Taegu and
walked into Pusan on turn 2 (5.1)."""

from __future__ import annotations

import pytest

from app.ai.korea38 import player as aiplayer
from app.ai.korea38.player import KoreaAI
from app.engine.match import Match
from app.games.korea38 import GAME
from app.games.korea38.data import ALLIED
from app.games.korea38.zoc import data_of

PUSAN = "2929"

COMMUNIST_AT = {"kpa-1": "2117", "kpa-105": "2218", "kpa-12": "2618", "kpa-13": "1816",
                "kpa-15": "2020", "kpa-2": "2115", "kpa-3": "2314", "kpa-4": "1918",
                "kpa-5": "2917", "kpa-6": "2019"}
ALLIED_AT = {"rok-2": "2223", "rok-3": "2725", "rok-5": "1928", "rok-8": "2818", "rok-cap": "2017"}
TAKEN = {"1816": "communist", "1818": "communist", "2019": "communist", "2315": "communist",
         "2916": "communist"}


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(aiplayer, "STRICT", True)


def _position() -> dict:
    from app import RESOURCES
    from app.engine.scenario import load_scenario
    _g, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / "campaign.toml")
    sc = dict(loaded.data)
    pieces = [{"id": u, "at": h, "reduced": False} for u, h in COMMUNIST_AT.items()]
    pieces += [{"id": u, "at": h, "reduced": True} for u, h in ALLIED_AT.items()]
    pieces += [{"id": u, "at": "eliminated-allied", "reduced": True} for u in ("rok-1", "rok-6", "rok-7")]
    sc["piece"] = pieces
    sc["control"] = dict(TAKEN)
    sc["start"] = dict(sc["start"], turn=1, phase="allied-reinforcement", active=ALLIED)
    return sc


def test_the_allied_turn_1_leaves_a_garrison_in_pusan_though_three_divisions_arrive_next_turn():
    m = Match.start(GAME, _position(), seed=0, keep_snapshots=False)
    d = data_of(m.state)
    due = [u for u, x in d.units.items() if x.side == ALLIED and x.arrival == 2 and not x.is_air]
    assert len(due) >= 3                       # the case the old plan emptied Pusan for
    ai = KoreaAI(0, ALLIED, "normal")
    for _ in range(400):
        if m.state.phase == "housekeeping" or m.state.active != ALLIED:
            break
        m.apply(ai.choose(m, m.legal_actions()), checked=True)
    assert m.state.phase == "housekeeping"
    assert [u for u, us in m.state.units.items() if us.at == PUSAN and d.units[u].side == ALLIED]
