"""Scenarios 6.1 First Attack, 6.2 Second Night and 6.3 The Defense of Fox Hill: a test per special
rule, variant and victory level, and the hand-over between the linked nights (steps restored,
ammunition added, redeployment inside the set-up area, a save between the nights)."""

from __future__ import annotations

from typing import Any

from app.engine.match import Match
from app.engine.saves import replay, save_data
from app.games.semper_fi import linked, victory
from app.games.semper_fi.data import board
from app.games.semper_fi.game import GAME
from app.games.semper_fi.scenario import with_variants
from app.games.semper_fi.setup import placement_hexes
from app.games.semper_fi.state import SFState

from tests.semper_fi.conftest import SCEN, scenario

FOX = ["6.07", "7.07", "8.07", "6.08", "7.08", "8.08", "7.09"]


def start(name: str, opts: dict[str, Any] | None = None, seed: int = 3) -> Match:
    return Match.start(GAME, scenario(name), seed=seed, options=opts or {}, keep_snapshots=False)


def set_up(m: Match) -> None:
    while m.state.phase == "setup":
        legal = m.legal_actions()
        for t in ("place-rest", "remove-step", "restore-step", "end-setup"):
            a = next((x for x in legal if x["type"] == t), None)
            if a:
                m.apply(a)
                break


def test_6_1_set_up_areas_two_hexes_apart_and_seven_stacking_points() -> None:
    m = start("6-1-first-attack")
    set_up(m)
    st: SFState = m.state
    b = board(st.map_name)
    us = [s.at for u, s in st.units.items() if u.startswith(("fox", "wpns-2-7"))]
    cn = [(u, s.at) for u, s in st.units.items() if "177" in u]
    assert all(b.grid.distance(h, "7.08") <= 2 for h in us)
    assert all(int(h.split(".")[0]) <= 7 for _, h in cn)                     # west of hexrow 7.xx
    assert all(b.grid.distance(h, x) >= 2 for _, h in cn for x in us)
    from app.games.semper_fi.stacking import hex_points
    assert all(hex_points(st, h, "nk") <= 7 for _, h in cn)
    assert any(st.units[u].hidden for u, _ in cn)          # set up hidden; 1.3c reveals some
    assert st.clock[0] == "18 Nov 0200" and st.lights[0] == "night"


def test_6_1_no_mortar_illumination() -> None:
    m = start("6-1-first-attack")
    assert m.state.mortar_illum_left == 0


def test_6_2_mortar_illumination_allowed() -> None:
    m = start("6-2-second-night")
    assert m.state.mortar_illum_left == -1


def test_6_1_chinese_immune_6_2_chinese_subject_to_battalion_morale() -> None:
    assert start("6-1-first-attack").state.scen["battalion_morale_immune"] == {"nk": True}
    assert not start("6-2-second-night").state.scen.get("battalion_morale_immune")


def test_6_2_the_marines_remove_ten_steps_before_play() -> None:
    m = start("6-2-second-night")
    st: SFState = m.state
    assert st.active == "us" and st.to_remove == 10
    m.apply({"type": "place-rest"})
    legal = m.legal_actions()
    assert {"type": "end-setup"} not in legal
    assert all(a["unit"].startswith(("fox", "wpns")) for a in legal if a["type"] == "remove-step")
    full = sum(s.steps for u, s in m.state.units.items() if u.startswith(("fox", "wpns")))
    for _ in range(10):
        m.apply(next(a for a in m.legal_actions() if a["type"] == "remove-step"))
    assert {"type": "end-setup"} in m.legal_actions()
    assert sum(s.steps for u, s in m.state.units.items() if u.startswith(("fox", "wpns"))) == full - 10


def test_6_2_how_3_11_registered_with_ammunition() -> None:
    st = start("6-2-second-night").state
    assert st.ammo == {"105mm:he": 10, "105mm:illum": 6}


def _hill(st: SFState, us: bool, cn: bool, us_lost: int = 0) -> dict[str, Any]:
    for s in st.units.values():
        s.at = "elim"
    if us:
        st.units["fox-2-7-plt-1"].at = "7.08"
    if cn:
        st.units["1-1-177-plt-1"].at = "6.08"
    st.units["fox-2-7-mg-1"].lost = us_lost
    return victory.determine(st)


def test_6_1_victory_levels_and_the_loss_shift() -> None:
    st = start("6-1-first-attack").state
    assert _hill(st, True, False)["level"] == "US Major"
    assert _hill(st, True, True)["level"] == "Draw"
    r = _hill(st, False, True)
    assert r["level"] == "Chinese Major" and r["winner"] == "nk"
    assert _hill(st, True, False, us_lost=16)["level"] == "Draw"
    assert _hill(st, True, True, us_lost=16)["level"] == "Chinese Major"
    assert _hill(st, True, False, us_lost=15)["level"] == "US Major"


def _units(name: str, opts: dict[str, Any]) -> set[str]:
    return {u for u in start(name, opts).state.units}


def test_6_1_variant_more_and_even_more_chinese() -> None:
    base = _units("6-1-first-attack", {})
    more = _units("6-1-first-attack", {"more-chinese": True})
    even = _units("6-1-first-attack", {"even-more-chinese": True})
    assert more - base == {"3-1-177-plt-1", "3-1-177-plt-2", "3-1-177-plt-3", "3-1-177-wpn-1", "wpns-1-177-mg-3"}
    assert even - more == {"guard-177-plt-1", "guard-177-plt-2", "guard-177-plt-3"}
    both = _units("6-1-first-attack", {"more-chinese": True, "even-more-chinese": True})
    assert both == even


def test_6_1_variant_better_chinese_deployment_anywhere_two_hexes_off() -> None:
    m = start("6-1-first-attack", {"better-deployment": True})
    m.apply({"type": "place-rest"})
    m.apply({"type": "end-setup"})
    st: SFState = m.state
    hexes = placement_hexes(st, "guard-177-plt-1")
    assert any(int(h.split(".")[0]) > 7 for h in hexes)                      # east of 7.xx too
    b = board(st.map_name)
    us = [s.at for u, s in st.units.items() if u.startswith(("fox", "wpns-2-7"))]
    assert all(b.grid.distance(h, x) >= 2 for h in hexes for x in us)


def test_6_1_variant_better_chinese_coordination_doubles_the_mortars() -> None:
    st = start("6-1-first-attack", {"better-coordination": True}).state
    assert st.mortar_fires == {"177-str3": 12, "177-str4": 8}
    assert {m["id"]: m["per_turn"] for m in st.scen["mortar"]} == {"177-str3": 6, "177-str4": 4}
    assert "1-2-177-plt-1" in st.units and "wpns-2-177-mg-3" in st.units


def test_6_1_variant_snow_and_us_artillery_support() -> None:
    st = start("6-1-first-attack", {"snow": True}).state
    assert st.scen["rules"]["snow"] == {"visibility": "roll"} and not st.scen["rules"]["moonlight"]
    st = start("6-1-first-attack", {"us-artillery": True}).state
    assert st.ammo == {"105mm:he": 10, "105mm:illum": 6}


def test_6_2_variant_more_chinese() -> None:
    assert _units("6-2-second-night", {"more-chinese": True}) - _units("6-2-second-night", {}) == {
        "3-2-177-plt-1", "3-2-177-plt-2", "3-2-177-plt-3", "3-2-177-wpn-1", "wpns-2-177-mg-3"}


# -- 6.3: the linked game --------------------------------------------------------------------------
def _to_last_cleanup(m: Match) -> None:
    """Play the night by passing every phase until its last turn is cleaned up."""
    night = m.state.night
    while m.outcome() is None and m.state.night == night:
        legal = m.legal_actions()
        for t in ("place-rest", "end-setup", "go-first", "end-phase", "pass"):
            a = next((x for x in legal if x["type"] == t), None)
            if a:
                m.apply(a)
                break
        else:
            m.apply(legal[0])


def test_6_3_hand_over_restores_a_third_of_the_losses_adds_ammo_and_redeploys() -> None:
    m = start("6-3-defense-of-fox-hill", {"us-artillery": True})
    set_up(m)
    st: SFState = m.state
    # the first night costs the Marines 7 steps, one platoon wholly
    st.units["fox-2-7-plt-1"].steps, st.units["fox-2-7-plt-1"].lost = 0, 5
    st.units["fox-2-7-plt-1"].at = "elim"
    st.units["fox-2-7-plt-2"].steps, st.units["fox-2-7-plt-2"].lost = 3, 2
    _to_last_cleanup(m)
    st = m.state
    assert m.outcome() is None and st.night == 1 and st.phase == "setup"
    assert st.night_results and st.to_restore == 2                       # 7 / 3 = 2.33 -> 2
    assert st.ammo["105mm:he"] == 20 and st.ammo["105mm:illum"] == 12
    assert all(s.at in ("elim", "dispersed") for u, s in st.units.items() if "-1-177" in u)
    assert st.clock[0] == "19 Nov 0200"
    assert "1-2-177-plt-1" in st.units and st.units["1-2-177-plt-1"].at == "setup"
    # the eliminated platoon may come back; end of set-up waits for the steps
    legal = m.legal_actions()
    assert {"type": "restore-step", "unit": "fox-2-7-plt-1"} in legal
    assert {"type": "end-setup"} not in legal
    m.apply({"type": "restore-step", "unit": "fox-2-7-plt-1"})
    m.apply({"type": "restore-step", "unit": "fox-2-7-plt-2"})
    st = m.state
    assert st.units["fox-2-7-plt-1"].steps == 1 and st.units["fox-2-7-plt-1"].at == "setup"
    assert st.units["fox-2-7-plt-2"].steps == 4 and st.to_restore == 0
    # redeployment: only inside the set-up area (within 2 of 7.08)
    b = board(st.map_name)
    places = [a for a in m.legal_actions() if a["type"] == "place"]
    assert places and all(b.grid.distance(a["to"], "7.08") <= 2 for a in places)


def test_6_3_stops_after_a_chinese_major_victory() -> None:
    m = start("6-3-defense-of-fox-hill")
    set_up(m)
    st: SFState = m.state
    for u, s in st.units.items():
        if u.startswith(("fox", "wpns-2-7")):
            s.at, s.lost, s.steps = "elim", s.steps, 0
    first = next(u for u, s in st.units.items() if "177" in u and s.at not in ("elim", "setup"))
    st.units[first].at = "7.08"
    _to_last_cleanup(m)
    assert m.outcome() is not None and m.outcome().level == "Chinese Major"
    assert m.state.night == 0


def test_6_3_a_save_between_the_nights_resumes_there() -> None:
    text = (SCEN / "6-3-defense-of-fox-hill.toml").read_text(encoding="utf-8")
    from app.engine.saves import match_from_scenario_text
    m = match_from_scenario_text(GAME, text, "6-3.toml", 4, {}, keep_snapshots=False, folder="")
    _to_last_cleanup(m)
    assert m.state.night == 1 and m.state.phase == "setup"
    data = save_data(m)
    again = replay(data, keep_snapshots=False)
    assert again.digest() == m.digest()
    assert again.state.night == 1 and again.state.clock[0] == "19 Nov 0200"
    assert again.legal_actions() == m.legal_actions()


def test_6_3_variants_reach_the_later_nights() -> None:
    sc = with_variants(scenario("6-3-defense-of-fox-hill"), {"more-chinese-second-night": True,
                                                            "more-chinese-third-night": True})
    p1, p2 = sc["linked"]["part"]
    assert any(e["units"][0]["formation"] == "3-2-177" for e in p1["setup"])
    assert any(e["units"][0]["formation"] == "2-3-177" for e in p2["setup"])
    assert linked.restore_count(7, 3) == 2 and linked.restore_count(8, 3) == 3


def test_6_3_variant_more_chinese_adds_each_later_nights_set_up_entry_once() -> None:
    """6.3's "More Chinese" variants add one set-up entry to the second or third night, not two
    (a repeated loop in ``with_variants`` once appended every such entry twice)."""
    sc = scenario("6-3-defense-of-fox-hill")
    parts = lambda s: [len(p.get("setup", [])) for p in s["linked"]["part"]]  # noqa: E731
    base = parts(with_variants(sc, {}))
    second = parts(with_variants(sc, {"more-chinese-second-night": True}))
    third = parts(with_variants(sc, {"more-chinese-third-night": True}))
    assert [b - a for a, b in zip(base, second)][:2] == [1, 0]
    assert [b - a for a, b in zip(base, third)][:2] == [0, 1]
