"""The side that moves first (docs/ai.md, "Contact and support for the side that moves first").

The Communists' Player Turn opens every Game Turn (4.0) and their infantry may not move before
their own Combat Phase (8.1), so a Communist attack needs attackers already next to the enemy and
supporters (9.2.4.1) and human waves (9.2.4.2) already behind them when the Communist Movement
Phase ends, a whole Allied turn earlier. The planner now weighs the danger of that contact less
for the side moving first and places the support of next turn's offensive battles; before, a
PVA army three times the Allies' size stood back and fought one or two battles a turn."""

from __future__ import annotations

import pytest

from app.ai.korea38 import player as aiplayer
from app.ai.korea38.player import KoreaAI
from app.ai.korea38.planner import moves_first
from app.ai.korea38.situation import Situation
from app.engine.match import Match
from app.games.korea38 import GAME
from app.games.korea38.data import ALLIED, COMMUNIST

from korea38_positions import china_box, ci_position

#: A thin Allied line of reduced ROK divisions in the open west of the Taebaek range.
ALLIED_AT = {"rok-6": "1713", "rok-7": "1813", "rok-11": "1912", "rok-cap": "2013"}
#: Two PVA divisions already next to it (north of the ROK 6th and 7th).
IN_CONTACT = ["1712", "1812"]


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(aiplayer, "STRICT", True)


def _position() -> dict:
    """Turn 10, Communist Movement Phase (turn 11 is a Communist offensive on our turn track):
    the 24 PVA divisions of the intervention, two of them next to that line and the rest one to
    four rows north of it; every other Allied ground unit gone."""
    from app.games.korea38.data import get_data
    data = get_data()
    rows = {}
    for h in sorted(data.land):
        c, r = data.grid.parse_id(h)
        if 13 <= c <= 26 and r in (7, 8, 9, 10) and h not in ALLIED_AT.values():
            rows.setdefault(h, (r, c))
    spots = IN_CONTACT + [h for h in sorted(rows, key=lambda h: (-rows[h][0], rows[h][1]))
                          if h not in IN_CONTACT]   # nearest rows first
    pva = china_box()
    comm = dict(zip(pva, spots))
    assert len(comm) == len(pva)
    return ci_position(comm, ALLIED_AT, 10, "communist-movement", allied_reduced=True)


def _planned(cfg: dict) -> tuple[Match, dict[str, str]]:
    m = Match.start(GAME, _position(), seed=3, keep_snapshots=False)
    ai = KoreaAI(seed=3, side=COMMUNIST)
    ai.cfg.update(cfg)
    legal = m.legal_actions()
    plan = ai._build_move_plan(m.state, COMMUNIST, legal, "movement")
    at = {u: us.at for u, us in m.state.units.items()}
    for a in plan:
        at[a["unit"]] = a["to"]
    return m, at


def _contact_and_support(m: Match, at: dict[str, str]) -> tuple[int, int]:
    """Communist units next to an Allied one, and Communist units behind them (next to such a
    unit but not next to any Allied one: where offensive support stands, 9.2.4.1)."""
    from app.games.korea38.zoc import data_of
    d = data_of(m.state)
    allied = {h for u, h in at.items() if d.units[u].side == ALLIED and d.grid.contains(h)
              and not d.units[u].is_air}
    comm = {u: h for u, h in at.items() if d.units[u].side == COMMUNIST and d.grid.contains(h)
            and not d.units[u].is_air}

    def next_to(h: str, hexes: set[str]) -> bool:
        return any(d.grid.distance(h, x) == 1 for x in hexes)
    front = {h for h in comm.values() if next_to(h, allied)}
    behind = {h for h in comm.values() if h not in front and next_to(h, front)}
    return len(front), len(behind)


def test_the_communists_move_first_and_the_allies_do_not():
    m = Match.start(GAME, _position(), seed=3, keep_snapshots=False)
    assert moves_first(Situation(m.state, COMMUNIST))
    assert not moves_first(Situation(m.state, ALLIED))


def test_the_side_moving_first_weighs_the_danger_of_contact_less():
    from app.ai.korea38.planner import weights
    from app.ai.korea38.player import level_config
    m = Match.start(GAME, _position(), seed=3, keep_snapshots=False)
    cfg = level_config("normal")
    flat = dict(cfg, first_mover_threat=1.0)
    for side, factor in ((COMMUNIST, cfg["first_mover_threat"]), (ALLIED, 1.0)):
        sit = Situation(m.state, side)
        assert weights(sit, cfg, "movement").threat == pytest.approx(
            factor * weights(sit, flat, "movement").threat)
    assert cfg["first_mover_threat"] < 1.0


def test_before_an_offensive_the_supporters_stand_behind_the_attackers():
    m, new = _planned({})
    _m, old = _planned({"next_support": False})
    front_new, behind_new = _contact_and_support(m, new)
    front_old, behind_old = _contact_and_support(m, old)
    assert front_new >= 2 and front_old >= 2          # the two battles prepared either way
    assert behind_new >= 3, (front_new, behind_new)
    assert behind_new > behind_old, (behind_new, behind_old)
