"""The fire panel's odds for artillery, mortars and air strikes (C9): the table row, the modifiers
and exact chances, checked against the rules' own resolution die face by die face."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from app.games.semper_fi import fire, indirect, odds
from app.games.semper_fi.game import GAME
from app.games.semper_fi.preview import fire_odds

from tests.semper_fi.conftest import Dice, bare, put


def _battery_position(prereg: bool = False):
    st = bare(artillery=[{"id": "105mm", "side": "us", "batteries": ["baker-1-11"], "ammo": {"he": 3, "smoke": 1}}])
    st.ammo.update({"105mm:he": 3, "105mm:smoke": 1})
    st.phase = "air-artillery"
    put(st, "1-5-plt-1", "12.10", dug_in=prereg)
    put(st, "1-18-plt-1", "11.12", hidden=False)
    return st


def _target_chances_by_resolution(st, action, target: str) -> dict[str, Fraction]:
    """Play the mission for every adjustment and scatter face; the fire that reaches ``target``
    is weighed by the Area Fire Table's 36 rolls (what the rules would then roll)."""
    calls: list[tuple[int, list]] = []
    real = fire.resolve_area

    def spy(state, fp, h, mods, ctx, rule, who, assault=""):
        if h == target:
            calls.append((fp, mods))
        return "-"

    out = {w: Fraction(0) for w in odds.WORDS}
    try:
        indirect.fire.resolve_area = spy                    # type: ignore[attr-defined]
        for r in range(1, 7):
            for d in range(1, 7):
                for n in range(1, 7):
                    s = copy.deepcopy(st)
                    calls.clear()
                    indirect.fire_artillery(s, action, Dice(s.rng, [r, d, n]))
                    w = Fraction(1, 216)
                    if not calls:
                        out["no effect"] += w
                    for fp, mods in calls:
                        for k, p in odds.area(fp, mods).items():
                            out[k] += w * p
    finally:
        indirect.fire.resolve_area = real                   # type: ignore[attr-defined]
    return out


@pytest.mark.parametrize("prereg", [False, True])
def test_c9_2_artillery_odds_follow_adjustment_scatter_and_the_barrage_zone(prereg: bool) -> None:
    st = _battery_position(prereg)
    a = {"type": "artillery", "battery": "baker-1-11", "at": "11.12", "ammo": "he"}
    if prereg:
        a["prereg"] = True
    assert a in GAME.legal_actions(st)
    got = fire_odds(st, a)
    assert got["row"] and got["firepower"] == (32 if prereg else 16)
    assert "adjustment die" in got["table"] and "drifts" in got["table"]
    assert sum(p for _w, p in got["chances"]) == 1
    want = _target_chances_by_resolution(st, a, "11.12")
    assert dict(got["chances"]) == {w: p for w, p in want.items() if p or w == "no effect"}


def test_c9_4_smoke_odds_say_where_the_round_lands() -> None:
    st = _battery_position()
    a = {"type": "artillery", "battery": "baker-1-11", "at": "11.12", "ammo": "smoke"}
    got = fire_odds(st, a)
    ch = dict(got["chances"])
    ns, sc, on, _band = odds.adjustment(st, "us", "11.12")
    assert ch["lands on target"] == on and sum(ch.values()) == 1


def test_c9_5_uncontrolled_air_strike_odds_halve_on_the_sortie_die() -> None:
    st = bare()
    st.air = [3]
    put(st, "1-5-plt-1", "14.10")
    put(st, "1-18-plt-1", "9.10", hidden=False)
    a = {"type": "air-strike", "at": "9.10"}
    assert a in GAME.legal_actions(st)
    got = fire_odds(st, a)
    assert got["rule"] == "2.2d" and got["firepower"] == 12
    mods = fire.modifiers(st, "9.10", None, [], "air")
    plain = odds.area(12, mods)
    ch = dict(got["chances"])
    assert ch["no effect"] == Fraction(1, 2) + Fraction(1, 2) * plain["no effect"]
    assert sum(ch.values()) == 1


def test_2_2c_fac_air_strike_odds_are_on_target() -> None:
    st = bare()
    st.air = [3]
    put(st, "1-5-fac-1", "12.11")
    put(st, "1-18-plt-1", "11.11", hidden=False)
    got = fire_odds(st, {"type": "air-strike", "at": "11.11"})
    mods = fire.modifiers(st, "11.11", None, [], "air")
    assert got["rule"] == "2.2c" and dict(got["chances"])["no effect"] == odds.area(12, mods)["no effect"]


def test_3_4_nominal_mortar_odds() -> None:
    pool = {"id": "p", "side": "nk", "regiment": "", "strength": 4, "total": 6, "per_turn": 3}
    st = bare(mortar=[pool])
    st.mortar_fires["p"] = 6
    st.mortar_used["p"] = 0
    st.active = st.turn_side = "nk"
    st.first = "nk"
    put(st, "1-18-plt-1", "9.10", hidden=False)
    put(st, "1-5-plt-1", "11.10")
    a = next(x for x in GAME.legal_actions(st) if x["type"] == "mortar-fire")
    got = fire_odds(st, a)
    assert got["rule"] == "3.4" and got["firepower"] == 4 and got["row"] == "4-5"
    assert sum(p for _w, p in got["chances"]) == 1
