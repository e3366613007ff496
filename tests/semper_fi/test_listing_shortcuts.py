"""The hidden-unit sweep (1.3c), the listing of point-fire targets (1.8a), fall-backs (C7.3),
mortar rounds (C9, 1.3b) and overwatch hexes (C6.3, C6.7), and the AI's nearest-foe test work
things out once per sweep, listing or decision instead of once per unit (docs/benchmarks.md).
These tests hold them to the plain reading, written out here the slow way, on positions of
seeded games of the Hagaru scenarios (many hidden units, stacks and night light)."""

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


#: Hagaru at night: mortars in fire mode, spotters, illumination and overwatch in random play
NIGHT = [("7-1-assault-on-the-airstrip", 1, 160), ("7-3-night-of-fire", 2, 160)]


def _mortar_offers_the_slow_way(st, side: str) -> list[dict]:
    """C9, 1.3b read plainly: each mortar's targets are those the spotters and the mortar see."""
    from app.games.semper_fi import illum, indirect
    from app.games.semper_fi.sight import light
    b = bd(st)
    sp = indirect.spotters(st, side)
    out = []
    for u in units_of(st, side):
        d, s = udef(u), st.units[u]
        if not d.type.indirect or s.mode != "fire" or s.acted or s.morale == "paralysed":
            continue
        for h in sorted(indirect.spotted_targets(st, side, sp + [u])):
            if b.grid.distance(s.at, h) <= d.type.fire.range:
                out.append({"type": "mortar", "unit": u, "at": h, "ammo": "he"})
        if light(st) == "night" and st.mortar_illum_left != 0 and side == "us":
            for h in illum.targets(st, side, sp + [u]):
                if b.grid.distance(s.at, h) <= d.type.fire.range:
                    out.append({"type": "mortar", "unit": u, "at": h, "ammo": "illum"})
    return out


def test_mortar_offers_are_those_of_the_plain_reading():
    """By day (5.2) and at night with illumination (7.1, 7.3), and once more with no spotter
    at all (1.8e: platoons paralysed, no Prepared Defense sheet) so that only a mortar's own
    sight can offer a target."""
    from app.games.semper_fi import indirect
    offered = {"he": 0, "illum": 0}
    own = {"he": 0, "illum": 0}
    for name, seed, n in NIGHT + [("5-2-1-5-to-the-fore", 1, 480)]:
        for st in _positions(name, seed, n, every=4):
            for side in ("us", "nk"):
                got = indirect.mortar_actions(st, side)
                assert got == _mortar_offers_the_slow_way(st, side)
                for a in got:
                    offered[a["ammo"]] += 1
                blind = st.copy()
                for holder in list(blind.opsheets):           # no Prepared Defense spotters ...
                    if blind.opsheets[holder] == "prepared-defense":
                        blind.opsheets[holder] = "hasty-defense"
                for u in indirect.spotters(blind, side):      # ... and no platoon that spots
                    blind.units[u].morale = "paralysed"
                assert not indirect.spotters(blind, side)
                got = indirect.mortar_actions(blind, side)
                assert got == _mortar_offers_the_slow_way(blind, side)
                for a in got:
                    own[a["ammo"]] += 1
    # the positions do offer both kinds of round, and high explosive from a mortar alone
    assert min(offered.values()) > 0 and own["he"] > 0, (offered, own)


@pytest.mark.parametrize("name,seed,n", NIGHT)
def test_what_two_groups_of_observers_see_is_what_each_sees(name, seed, n):
    """The law the mortar listing relies on: a hex is a target (C9, 1.3b) when any one observer
    sees it, so two groups together see what either group sees."""
    from app.games.semper_fi import illum, indirect
    r = Rng.from_seed(seed)
    seen = 0
    for st in _positions(name, seed, n, every=8):
        for side in ("us", "nk"):
            mine = units_of(st, side)
            for _ in range(3):
                a = [u for u in mine if r.below(2)]
                b = [u for u in mine if r.below(3) == 0]
                both = set(indirect.spotted_targets(st, side, a + b))
                assert both == set(indirect.spotted_targets(st, side, a)) | set(indirect.spotted_targets(st, side, b))
                lit = set(illum.targets(st, side, a + b))
                assert lit == set(illum.targets(st, side, a)) | set(illum.targets(st, side, b))
                seen += len(both) + len(lit)
    assert seen > 0


def _overwatch_hexes_the_slow_way(st, side: str, target: str) -> list[str]:
    """C6.3, C6.7 read plainly: every hex of the side, its ready units counted hex by hex."""
    from app.games.semper_fi import overwatch
    if not fire.area_target_ok(st, target, other(side)):
        return []
    out = []
    for h in sorted({st.units[u].at for u in units_of(st, side)}):
        if h == target or h in st.overwatched:
            continue
        fresh, marked = overwatch.ready_at(st, h, side)
        if not fresh and not marked:
            continue
        fp, _used = fire.firepower(st, fresh + marked, target)
        if fp > 0 and overwatch.spotter_for(st, side, h, target) != "":
            out.append(h)
    return out


@pytest.mark.parametrize("name,seed,n", NIGHT)
def test_overwatch_offers_are_those_of_the_plain_reading(name, seed, n):
    from app.games.semper_fi import overwatch
    offered = 0
    for st in _positions(name, seed, n, every=4):
        for side in ("us", "nk"):
            for target in sorted({st.units[u].at for u in units_of(st, other(side))}):
                got = overwatch.stack_options(st, side, target)
                assert got == _overwatch_hexes_the_slow_way(st, side, target)
                offered += len(got)
    assert offered > 0


def test_the_ai_nearest_foe_answers_as_the_plain_distance_test():
    """The AI keeps each hex's distance to the nearest visible foe for one decision; asked
    for any range it must answer as measuring to every foe would."""
    from app.ai.semper_fi.player import _Ctx
    checked = 0
    for st in _positions("7-1-assault-on-the-airstrip", 1, 160, every=16):
        b = bd(st)
        for side in ("us", "nk"):
            c = _Ctx(st, side)
            for h in sorted(b.hexset)[::7]:
                for n in range(5):
                    assert c.foe_within(h, n) == any(b.grid.distance(h, f) <= n for f in c.foe_hexes)
                    checked += 1
    assert checked > 1000
