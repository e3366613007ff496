"""The hidden-unit sweep (1.3c) and the listing of point-fire targets (1.8a) and fall-backs (C7.3)
work things out once per sweep or listing instead of once per unit (docs/benchmarks.md). These
tests hold them to the plain reading, written out here the slow way, on positions of seeded
games of the Hagaru scenarios (many hidden units, stacks and night light)."""

from __future__ import annotations

import pytest

from app.engine.game import Context
from app.engine.match import Match
from app.engine.rng import Rng
from app.engine.scenario import load_scenario
from app.games.semper_fi import actions, fire, hidden
from app.games.semper_fi.sight import los, open_for_spotting, spotting_range
from app.games.semper_fi.state import BOXES
from app.games.semper_fi.data import tables
from app.games.semper_fi.units import bd, hexes_of, other, udef, units_of

from tests.semper_fi.conftest import SCEN


def _positions(name: str, seed: int, actions_: int, every: int = 8) -> list:
    """Copies of the state every ``every`` actions of a game between random players."""
    game, loaded = load_scenario(SCEN / f"{name}.toml")
    m = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    r = Rng.from_seed(seed)
    out = []
    for i in range(actions_):
        legal = m.legal_actions()
        if not legal or m.outcome() is not None:
            break
        if i % every == 0 and m.state.phase.startswith("action"):
            out.append(m.state.copy())
        m.apply(r.choice(legal))
    return out


#: (scenario, seed, actions played): No-Name Ridge's hidden regiment, Hagaru at night, and 5.2,
#: whose tanks and guns make point fire (1.8a) come up in random play
REVEALS = [("5-3-battle-for-no-name-ridge", 1, 240), ("7-1-assault-on-the-airstrip", 1, 160)]
OFFERS = [("5-2-1-5-to-the-fore", 1, 480), ("7-1-assault-on-the-airstrip", 1, 160)]


def _revealed_the_slow_way(state) -> set[str]:
    """1.3c read plainly: each hidden unit on the map, in id order, against every enemy hex."""
    b = bd(state)
    out = set()
    for uid in sorted(state.units):
        s = state.units[uid]
        if not s.hidden or s.at in BOXES or (state.cloaked and hidden.cloaked(state, uid)):
            continue
        foes = hexes_of(state, other(udef(uid).side))
        if any(b.grid.distance(s.at, h) <= 1 for h in foes):
            out.add(uid)
            continue
        if open_for_spotting(b, s.at) and not s.dug_in:
            rng = max(spotting_range(state, b, s.at), int(tables()["spotting"][hidden.light(state)]["open"]))
            if any(b.grid.distance(h, s.at) <= rng and los(state, b, h, s.at)[0] for h in foes):
                out.add(uid)
    return out


@pytest.mark.parametrize("name,seed,n", REVEALS)
def test_the_reveal_sweep_reveals_what_the_plain_reading_reveals(name, seed, n):
    checked = 0
    for st in _positions(name, seed, n):
        hidden_before = {u for u, s in st.units.items() if s.hidden}
        expect = _revealed_the_slow_way(st)
        hidden.reveal_checks(st, Context(Rng.from_seed(0)))
        got = hidden_before - {u for u, s in st.units.items() if s.hidden}
        assert got == expect
        checked += len(hidden_before)
    assert checked > 50                      # the positions do hold hidden units to sweep


def _point_targets_the_slow_way(st, u: str) -> list[str]:
    """1.8a read plainly for one firer: every enemy unit, in id order."""
    from app.games.semper_fi.units import values
    v = values(st, u)
    if v.point <= 0 or st.units[u].morale == "paralysed":
        return []
    b = bd(st)
    out = []
    for t, s in sorted(st.units.items()):
        if udef(t).side == udef(u).side or s.hidden or s.at in BOXES:
            continue
        if fire.target_class(st, t) not in ("armoured", "B"):
            continue
        if b.grid.distance(st.units[u].at, s.at) <= v.point_range and \
                fire.spotted(st, [st.units[u].at], s.at, udef(t).side):
            out.append(t)
    return out


@pytest.mark.parametrize("name,seed,n", OFFERS)
def test_point_fire_and_fall_back_offers_are_those_of_the_plain_reading(name, seed, n):
    offered_points = offered_backs = 0
    for st in _positions(name, seed, n):
        side = st.active
        legal = actions._unit_actions(st, side)
        points = {(a["unit"], a["target"]) for a in legal if a["type"] == "point-fire"}
        backs = {a["unit"] for a in legal if a["type"] == "fall-back"}
        b = bd(st)
        seen = [st.units[e].at for e in units_of(st, other(side)) if not st.units[e].hidden]
        want_points, want_backs = set(), set()
        for u in sorted(st.units):
            s = st.units[u]
            if udef(u).side != side or s.at not in b.hexset:
                continue
            if s.acted == "" and actions._committed(st, u):
                if actions.onmap.direct_ok(st, u):
                    want_points |= {(u, t) for t in _point_targets_the_slow_way(st, u)}
                if any(b.grid.distance(s.at, h) <= 2 for h in seen):
                    want_backs.add(u)
        assert points == want_points
        assert backs == want_backs
        offered_points += len(points)
        offered_backs += len(backs)
    assert offered_points + offered_backs > 0 and (offered_points > 0 or not name.startswith("5-2"))
