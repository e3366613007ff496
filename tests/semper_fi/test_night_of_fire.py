"""7.4 Night of Fire II and 7.3's Free Set Up and 173rd Regiment variants: timed entry at the map
edges with infiltration on the move (C14.6-C14.9), one test per special rule and per variant."""

from __future__ import annotations

from typing import Any

from app.engine.game import Context
from app.engine.match import Match
from app.games.semper_fi import breakdown, edge_entry, morale, special, victory
from app.games.semper_fi.data import board
from app.games.semper_fi.game import GAME
from app.games.semper_fi.presentation import prompt
from app.games.semper_fi.setup import placement_hexes
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import udef

from tests.semper_fi.conftest import Dice, act, scenario

NF = "7-3-night-of-fire"
NF2 = "7-4-night-of-fire-ii"
FREE = {"free-setup": True}


def start(name: str = NF2, opts: dict[str, Any] | None = None, seed: int = 3) -> SFState:
    st = Match.start(GAME, scenario(name), seed=seed, options=opts or {}, keep_snapshots=False).state
    assert isinstance(st, SFState)
    return st


def _clear(st: SFState) -> None:
    for s in st.units.values():
        s.at = "elim"


def _play(st: SFState, side: str = "nk", turn: int = 1) -> None:
    """Jump to ``side``'s first action phase of ``turn`` with every set-up done."""
    st.phase = "action-1"
    st.first = st.active = st.turn_side = side
    st.setup_order = []
    st.turn = turn


# -- 7.4 ------------------------------------------------------------------------------------------
def test_7_4_us_sets_up_anywhere_with_task_force_drysdale() -> None:
    st = start()
    forms = {udef(u).formation for u in st.units}
    assert {"george-3-1", "wpns-3-1-tfd", "armor-31-usa", "baker-1-armor", "at-5-tanks", "41-commando",
            "able-1-eng"} <= forms
    assert sum(1 for u in st.units if u.startswith("armor-31-usa")) == 16
    assert sum(1 for u in st.units if u.startswith(("baker-1-armor", "at-5-tanks"))) == 16
    b = board("hagaru")
    land = {h for h in b.ids if b.terrain(h) != "water"}
    hexes = set(placement_hexes(st, "how-3-11-105mm-1"))
    assert hexes == {h for h in land if h in hexes} and len(hexes) > 0.9 * len(land)   # anywhere, even How/3/11
    assert "5.35" in hexes or any(b.grid.parse_id(h)[1] > 30 for h in hexes)


def test_7_4_chinese_get_the_whole_240th_and_the_173rd_by_the_map_edges() -> None:
    st = start()
    nk = [u for u in st.units if u.split("-")[1] in ("172", "240", "173") or u.startswith(("arty-240", "guard-"))]
    assert nk and all(st.units[u].at == "pool" for u in nk)
    regs = edge_entry.regiments(st.scen)
    assert sorted(regs) == ["172nd", "173rd", "240th"]
    assert len(edge_entry.waves(st.scen, "240th")) == 1                # both battalions at once
    assert {"2-240-plt-1", "guard-240-plt-1", "arty-240-76mmig-1"} <= set(nk)


def test_7_4_ammunition_and_regimental_mortars() -> None:
    st = start()
    assert st.ammo == {"105mm:he": 100, "105mm:illum": 20}
    assert {k: v for k, v in st.mortar_fires.items()} == {k: 0 for k in st.mortar_fires}    # closed (C14.7)
    assert sorted(st.mortar_fires) == ["172-str3", "172-str4", "173-str3", "173-str4", "240-str3", "240-str4"]


def test_7_4_us_reinforcements_an_ad_hoc_platoon_from_2400_to_0300() -> None:
    st = start()
    turns = [e["turn"] for e in st.scen["reinforcement"] if e.get("side") == "us"]
    assert turns == ["30 Nov 0000", "30 Nov 0100", "30 Nov 0200", "30 Nov 0300"]


def test_7_4_armor_coordination_tanks_never_set_up_with_infantry() -> None:
    st = start()
    st.units["george-3-1-plt-1"].at = "14.22"
    assert "14.22" not in placement_hexes(st, "armor-31-usa-m4a3-1")
    assert "14.22" in placement_hexes(st, "george-3-1-plt-2")


def test_7_4_attack_breakdown_rolls_separately_for_the_172nd_and_173rd() -> None:
    st = start()
    st.turn = 2                                                    # 2300
    breakdown.roll(st, Dice(st.rng, [5, 2]))
    assert st.broken_down and st.broken_also == []
    assert breakdown.shielded(st, "1-173-plt-1") and not breakdown.shielded(st, "1-172-plt-1")
    breakdown.roll(st, Dice(st.rng, [6]))                          # only the 173rd still rolls
    assert st.broken_also == ["173rd"] and not breakdown.shielded(st, "1-173-plt-1")


def test_7_4_the_240th_is_not_subject_to_battalion_morale() -> None:
    st = start()
    st.units["2-240-plt-1"].at = "18.30"
    morale.battalion_losses(st, {"2-240-plt-1": 5}, Context(st.rng))
    assert st.battalion.get("2/240", 0) == 0


def test_7_4_victory_as_in_7_3_counted_at_the_end() -> None:
    st = start()
    _clear(st)
    assert victory.determine(st)["level"] == "US Major"
    st.units["1-173-plt-1"].at = "19.15"                           # the airfield
    st.units["2-240-plt-1"].at = "13.19"                           # Hagaru
    assert victory.determine(st)["level"] == "Draw"


def test_7_4_variants_plastik_galore_and_political_officers() -> None:
    st = start(NF2, {"plastik-galore": True, "political-officers-overtime": True})
    assert [g["formations"] for g in st.scen["rules"]["fieldworks"]] == [["item-3-1"], ["how-3-1"]]
    assert not breakdown.spec(st) and not breakdown.shielded(st, "1-173-plt-1")


# -- C14.6 to C14.9: the free set-up machinery ------------------------------------------------------
def test_7_3_free_set_up_us_anywhere_but_how_3_11_on_or_northeast_of_hexrow_23() -> None:
    st = start(NF, FREE)
    b = board("hagaru")
    how = set(placement_hexes(st, "how-3-11-105mm-1"))
    assert how and how == set(b.regions["7.3 free set-up How/3/11: on or northeast of xx.23"]) & how
    assert len(placement_hexes(st, "item-3-1-plt-1")) > 2 * len(how)
    assert not any(e.get("side") == "nk" for e in st.scen["setup"])
    assert not edge_entry.regiments(st.scen).get("173rd")


def test_c14_6_the_chinese_assign_each_regiment_an_edge_before_ending_their_set_up() -> None:
    st = start(NF, FREE)
    st.setup_order = ["nk"]
    st.active = "nk"
    legal = GAME.legal_actions(st)
    assert {"type": "end-setup"} not in legal
    assert "map edge each regiment" in prompt(st)
    assert {(a["regiment"], a["edge"]) for a in legal if a["type"] == "entry-edge"} == {
        ("172nd", "sw"), ("172nd", "nw"), ("240th", "ne"), ("240th", "se")}
    ctx = act(st, {"type": "entry-edge", "regiment": "172nd", "edge": "nw"})
    assert "north-west" not in " ".join(e.text for e in ctx.events)          # the choice stays secret
    act(st, {"type": "entry-edge", "regiment": "240th", "edge": "ne"})
    assert {"type": "end-setup"} in GAME.legal_actions(st)
    assert st.edges == {"172nd": "nw", "240th": "ne"}
    assert GAME.view(st, "us")["edges"] == {} and GAME.view(st, "nk")["edges"] == st.edges


def test_c14_7_regiments_arrive_at_their_edge_time_and_the_second_240th_battalion_on_a_6() -> None:
    st = start(NF, FREE)
    st.edges = {"172nd": "nw", "240th": "ne"}
    st.turn = 1                                                    # 2200: the 240th is due (NE 2200)
    edge_entry.command_phase(st, Dice(st.rng, [4]))
    assert st.units["1-240-plt-1"].at == "offmap" and st.units["1-240-plt-1"].hidden
    assert st.units["guard-240-plt-1"].at == "offmap" and st.units["2-240-plt-1"].at == "pool"
    assert st.units["1-172-plt-1"].at == "pool"                    # the NW edge means 2400
    assert st.infiltrations["240th"] == 2                          # half of a 4
    assert st.mortar_fires["240-str3"] == 6 and st.mortar_fires["172-str3"] == 0
    st.turn = 2
    edge_entry.command_phase(st, Dice(st.rng, [5]))
    assert st.units["2-240-plt-1"].at == "pool"
    st.turn = 3                                                    # 2400: the 172nd comes; a 6 for 2/240
    edge_entry.command_phase(st, Dice(st.rng, [3, 6]))            # the 172nd's infiltration, then 2/240
    assert st.units["2-240-plt-1"].at == "offmap" and st.units["1-172-plt-1"].at == "offmap"
    assert st.infiltrations["172nd"] == 3
    area, _ = special.entry_area(st, "1-172-plt-1")
    assert area and area <= set(board("hagaru").regions["map edge NW (left)"])


def test_c14_7_the_southwest_edge_at_2100_means_the_first_turn() -> None:
    st = start(NF, FREE)
    st.edges = {"172nd": "sw", "240th": "se"}
    assert edge_entry.arrival_turn(st, edge_entry.edge_of(st, "172nd")) == 1
    assert edge_entry.arrival_turn(st, edge_entry.edge_of(st, "240th")) == 3


def _infiltration_position() -> SFState:
    st = start(NF, FREE)
    _clear(st)
    _play(st, "nk", 3)
    st.edges = {"172nd": "sw", "240th": "ne"}
    st.edge_waves = {"172nd": 1, "240th": 1}
    st.infiltrations = {"172nd": 1}
    st.visibility = 3                                              # 1.5: the hour's snow roll
    st.units["item-3-1-plt-1"].at = "16.08"
    st.units["item-3-1-plt-2"].at = "15.08"
    for u, h in (("1-172-plt-1", "16.06"), ("1-172-plt-2", "17.07")):
        st.units[u].at = h
        st.units[u].hidden = True
        st.units[u].mode = "move"
    return st


def test_c14_8_infiltration_on_the_move_stays_hidden_without_overwatch_once_per_unit() -> None:
    st = _infiltration_position()
    b = board("hagaru")
    to = next(h for h in sorted(b.grid.neighbours("16.06")) if b.grid.distance(h, "16.08") == 1
              and h not in ("15.08",) and {"type": "move", "unit": "1-172-plt-1", "to": h} in GAME.legal_actions(st))
    ctx = act(st, {"type": "move", "unit": "1-172-plt-1", "to": to})
    assert st.units["1-172-plt-1"].hidden and st.units["1-172-plt-1"].at == to
    assert not st.pending, "an infiltrator triggers no overwatch"
    assert st.infiltrations["172nd"] == 0 and st.infiltrated == ["1-172-plt-1"]
    assert any(e.rule == "C14.8" for e in ctx.events)
    assert not any(t.get("target") == "1-172-plt-1" for t in GAME.legal_actions(st))
    # the allowance is spent: the next unit that steps next to the Marines is revealed
    to2 = next(h for h in sorted(b.grid.neighbours("17.07")) if b.grid.distance(h, "16.08") == 1
               and {"type": "move", "unit": "1-172-plt-2", "to": h} in GAME.legal_actions(st))
    act(st, {"type": "move", "unit": "1-172-plt-2", "to": to2})
    assert not st.units["1-172-plt-2"].hidden


def test_c14_8_the_cover_ends_when_the_infiltrator_fires() -> None:
    st = _infiltration_position()
    b = board("hagaru")
    to = next(h for h in sorted(b.grid.neighbours("16.06")) if b.grid.distance(h, "16.08") == 1
              and {"type": "move", "unit": "1-172-plt-1", "to": h} in GAME.legal_actions(st))
    act(st, {"type": "move", "unit": "1-172-plt-1", "to": to})
    assert edge_entry.cloaked(st, "1-172-plt-1")
    st.units["1-172-plt-1"].acted = "fired"
    from app.games.semper_fi import hidden
    hidden.reveal_checks(st, Context(st.rng))
    assert not st.units["1-172-plt-1"].hidden and "1-172-plt-1" not in st.cloaked


def test_c14_9_no_us_move_or_fire_until_a_chinese_unit_is_revealed() -> None:
    st = start(NF, FREE)
    assert not st.contact
    _clear(st)
    _play(st, "us", 3)
    st.visibility = 3
    st.units["item-3-1-plt-1"].at = "16.08"
    st.units["1-172-plt-1"].at = "16.06"
    st.units["1-172-plt-1"].hidden = True
    assert not {a["type"] for a in GAME.legal_actions(st)} & {"move", "mode", "fire", "point-fire", "assault"}
    assert "until an enemy unit is revealed" in prompt(st)
    # the gate itself: a battery with a target in view still holds fire until contact
    for i in range(1, 7):
        st.units[f"dog-2-11-105mm-{i}"].at = "21.15"
    st.units["1-172-plt-2"].at = "17.08"
    st.phase = "air-artillery"
    assert GAME.legal_actions(st) == [{"type": "end-phase"}]
    st.contact = True
    assert any(a["type"] == "battery-fire" for a in GAME.legal_actions(st))
    st.contact = False
    st.units["1-172-plt-2"].at = "elim"
    st.phase = "action-1"
    from app.games.semper_fi import hidden
    ctx = Context(st.rng)
    hidden.reveal(st, "1-172-plt-1", ctx, "test")
    assert st.contact and any(e.rule == "C14.9" for e in ctx.events)
    assert {a["type"] for a in GAME.legal_actions(st)} & {"mode", "fire"}


def test_7_3_variant_173rd_regiment_sets_up_like_the_172nd_with_its_own_mortars() -> None:
    st = start(NF, {"173rd-regiment": True})
    assert all(st.units[u].at == "setup" and st.units[u].hidden for u in st.units if "-173-" in u or u.startswith("guard-173"))
    nk = [e for e in st.scen["setup"] if e["side"] == "nk"]
    assert nk[-1]["area"] == nk[0]["area"] and nk[-1]["infiltration"]["die"] == "full"
    assert st.mortar_fires["173-str3"] == 18 and st.mortar_fires["173-str4"] == 12
    assert breakdown.regiments(st) == ["172nd", "173rd"]


def test_7_3_variant_173rd_with_free_set_up_enters_by_an_edge_like_the_172nd() -> None:
    st = start(NF, {"free-setup": True, "173rd-regiment": True})
    assert all(st.units[u].at == "pool" for u in st.units if "-173-" in u)
    assert edge_entry.regiments(st.scen)["173rd"]["edges"] == edge_entry.regiments(st.scen)["172nd"]["edges"]
    assert st.mortar_fires["173-str3"] == 0                        # opens when the regiment arrives


def test_7_4_the_ai_assigns_edges_and_brings_the_chinese_on_legally() -> None:
    """The computer's Chinese set-up (one edge per regiment) and its first entries: every choice
    among the legal actions (whole 7.4 AI games are `ridgeline selfplay` runs)."""
    from app.ai.semper_fi import make_ai
    m = Match.start(GAME, scenario(NF2), seed=5, keep_snapshots=False)
    m.apply({"type": "place-rest"})
    m.apply({"type": "end-setup"})
    ai = make_ai(seed=5, side="nk")
    entered = 0
    for _ in range(400):
        legal = m.legal_actions()
        if m.state.active == "nk" and m.state.phase in ("setup", "action-1", "action-2"):
            a = ai.choose(m, legal)
            assert a in legal
            entered += a["type"] == "move" and m.state.units[a["unit"]].at == "offmap"
            if entered >= 4:
                break
        else:
            a = next((x for x in legal if x["type"] in ("end-phase", "go-first", "pass")), legal[0])
        m.apply(a)
    assert sorted(m.state.edges) == ["172nd", "173rd", "240th"] and entered >= 4
