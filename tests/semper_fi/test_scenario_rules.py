"""A test per special rule of scenarios 4.1, 4.2, 5.1, 5.2 and 5.3 (and their variants), named
after it. Scenario files are the shipped ones on the shipped maps unless a test needs a
hand-made position."""

from __future__ import annotations

from typing import Any

from app.engine.game import Context
from app.engine.match import Match
from app.games.semper_fi import indirect, movement, special, victory
from app.games.semper_fi.data import board
from app.games.semper_fi.game import GAME
from app.games.semper_fi.setup import setup_state
from app.games.semper_fi.state import COLUMN, SFState

from tests.semper_fi.conftest import Dice, act, bare, put, scenario, texts


def started(name: str, opts: dict[str, Any] | None = None, seed: int = 3) -> Match:
    """The scenario with both sides set up at random and the first turn's phases chosen."""
    m = Match.start(GAME, scenario(name), seed=seed, options=opts or {}, keep_snapshots=False)
    while m.state.phase == "setup":
        legal = m.legal_actions()
        for t in ("place-rest", "remove-step", "end-setup"):
            a = next((x for x in legal if x["type"] == t), None)
            if a:
                m.apply(a)
                break
    return m


def in_action_phase(name: str, side: str, opts: dict[str, Any] | None = None) -> SFState:
    """The scenario's start position (units still in their boxes) in the first action phase,
    ``side`` phasing: tests put units where they need them."""
    st = setup_state(scenario(name), opts or {}, 1)
    st.setup_order = []
    st.phase = "action-1"
    st.first = side
    st.active = st.turn_side = side
    return st


def to_action_phase(m: Match, us_first: bool = True) -> None:
    st: SFState = m.state
    if st.phase == "initiative":
        m.apply({"type": "go-first"} if (st.active == "us") == us_first else {"type": "go-second"})
    while m.state.phase == "air-artillery":
        m.apply({"type": "end-phase"})


# -- 4.1 Ambush! ------------------------------------------------------------------------------------
def test_4_1_march_column_moves_unit_by_unit_along_the_road() -> None:
    m = started("4-1-ambush")
    st: SFState = m.state
    assert all(st.units[u].at == COLUMN for u in st.column)
    to_action_phase(m)
    st = m.state
    if st.contact:
        return
    legal = m.legal_actions()
    assert legal == [{"type": "move", "unit": st.column[0], "to": "11.01"}]
    m.apply(legal[0])
    st = m.state
    # the same unit goes on along the road until it has spent 3 MP; no end-phase meanwhile
    legal = m.legal_actions()
    assert {"type": "end-phase"} not in legal and legal[0]["unit"] == st.column[0]


def test_4_1_contact_releases_the_column() -> None:
    m = started("4-1-ambush")
    to_action_phase(m)
    st: SFState = m.state
    nk = next(u for u in st.units if u.startswith("2-15"))
    ctx = Context(st.rng)
    from app.games.semper_fi.hidden import reveal
    reveal(st, nk, ctx, "test")
    assert st.contact
    # units still in the column may now enter within 3 hexes of 11.01
    legal = GAME.legal_actions(st)
    assert st.active == "us"
    if True:
        enters = {a["to"] for a in legal if a["type"] == "move" and st.units[a["unit"]].at == COLUMN}
        b = board(st.map_name)
        assert enters and all(b.grid.distance(h, "11.01") <= 3 for h in enters)


def test_4_1_the_ambush_triggers_on_a_six() -> None:
    st = setup_state(scenario("4-1-ambush"), {}, 1)
    st.setup_order = []
    st.phase = "action-1"
    put(st, "2-15-plt-1", "11.03", hidden=True)
    put(st, "1-5-plt-1", "11.01", mode="move")
    special.ambush_check(st, Dice(st.rng, [5]))
    assert not st.contact
    ctx = Dice(st.rng, [6])
    special.ambush_check(st, ctx)
    assert st.contact and "ambush" in texts(ctx)


def test_4_1_leaving_the_map_before_contact_is_a_us_major_victory() -> None:
    st = in_action_phase("4-1-ambush", "us")
    for u in st.units:
        if u.startswith(("2-15", "83-mot")):
            st.units[u].at = "9.10"
            st.units[u].hidden = True
    st.units[st.column[0]].at = "5.22"
    assert GAME.legal_actions(st) == [{"type": "exit", "unit": st.column[0]}]
    act(st, {"type": "exit", "unit": st.column[0]})
    assert st.result and st.result["level"] == "US Major"


def test_4_1_victory_counts_nk_on_important_high_ground_and_double_steps() -> None:
    st = setup_state(scenario("4-1-ambush"), {}, 1)
    b = board(st.map_name)
    road = special.road_path(st)
    high = next(h for h in b.ids if b.elevation(h) >= 80 and any(
        b.grid.distance(h, r) <= 6 and b.grid.is_adjacent(h, r) for r in road))
    for u in st.units:
        if u.startswith(("2-15", "83-mot")):
            st.units[u].at = "elim"
    put(st, "2-15-plt-1", high)
    vic = st.scen["victory"]
    assert victory.high_ground_units(st, vic) == ["2-15-plt-1"]
    st.units["1-5-81mm-1"].lost = 2                  # mortar steps count double
    assert victory.steps_lost(st, "us", double=("mortar", "armor")) == 4
    assert victory.determine(st)["level"] == "Draw"


def test_4_1_heat_exhaustion_applies_only_in_4_1() -> None:
    assert scenario("4-1-ambush")["rules"]["heat"] is True
    for name in ("4-2-night-attack", "5-1-morning-assault", "5-2-1-5-to-the-fore", "5-3-battle-for-no-name-ridge"):
        assert not scenario(name).get("rules", {}).get("heat")


def test_4_1_variant_death_from_above_doubles_the_corsairs() -> None:
    st = setup_state(scenario("4-1-ambush"), {"death-from-above": True}, 1)
    assert st.scen["air"]["count"] == 2


def test_4_1_variant_reinforced_holding_action_adds_a_company_and_mortars() -> None:
    base = setup_state(scenario("4-1-ambush"), {}, 1)
    st = setup_state(scenario("4-1-ambush"), {"reinforced-holding": True}, 1)
    assert len([u for u in st.units if u.startswith("2-15")]) == len([u for u in base.units if u.startswith("2-15")]) + 4
    assert st.mortar_fires == {"15-str4": 6}


def test_4_1_variant_heavy_mortar_company_marches_with_the_column() -> None:
    st = setup_state(scenario("4-1-ambush"), {"heavy-mortar": True}, 1)
    assert "hvy-mortar-5-42in-1" in st.column


def test_4_1_variant_totally_hidden_shows_nothing_of_hidden_units() -> None:
    m = started("4-1-ambush", {"totally-hidden": True})
    assert not [p for p in GAME.pieces(m.state, "us") if p["side"] == "nk"]
    m2 = started("4-1-ambush")
    assert [p for p in GAME.pieces(m2.state, "us") if p["kind"] == "marker"]


def test_4_1_variant_op_sheets_units_wait_for_commitment() -> None:
    st = in_action_phase("4-1-ambush", "us", {"opsheets": True})
    assert st.committed and not any(st.committed[f] for f in st.committed if f.startswith("1-5"))
    st.contact = True
    st.units["1-5-plt-1"].at = "11.01"
    assert not [a for a in GAME.legal_actions(st) if a.get("unit") == "1-5-plt-1"]
    from app.games.semper_fi.sequence import opsheet_commitment
    opsheet_commitment(st, Dice(st.rng, [6] * 10))
    assert st.committed["1-5/able"] and st.committed["1-5"]            # per company (C12.8)
    assert [a for a in GAME.legal_actions(st) if a.get("unit") == "1-5-plt-1"]


# -- 4.2 Night Attack -------------------------------------------------------------------------------
def test_4_2_asleep_in_their_holes() -> None:
    st = bare("changchon", first="13 Aug 0200", last="13 Aug 0600", rules={"asleep": 4})
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-5-plt-1", "7.16")
    put(st, "2-15-plt-1", "7.18", mode="move", hidden=False)
    to = next(h for h in movement.step_targets(st, "2-15-plt-1") if board(st.map_name).grid.is_adjacent(h, "7.16"))
    ctx = act(st, {"type": "move", "unit": "2-15-plt-1", "to": to}, [4])
    assert st.units["1-5-plt-1"].morale == "suppressed" and "asleep" in texts(ctx)


def test_4_2_marines_may_not_move_until_a_north_korean_is_revealed() -> None:
    st = bare("changchon", first="13 Aug 0200", last="13 Aug 0600", rules={"wait_for_contact": "us"})
    st.contact = False
    put(st, "1-5-plt-1", "7.16", mode="move")
    assert not [a for a in GAME.legal_actions(st) if a["type"] in ("move", "mode")]
    st.contact = True
    assert [a for a in GAME.legal_actions(st) if a["type"] == "move"]


def test_4_2_marines_wait_for_contact_in_the_shipped_scenario() -> None:
    """The scenario file itself starts out of contact (it used to start in contact, so the rule
    never bit): after both sides set up, the Marines have no move, mode change or fire until a
    North Korean unit is in sight; then they do, and the log says why."""
    st = setup_state(scenario("4-2-night-attack"), {}, 3)
    assert st.contact is False
    while st.phase == "setup":
        act(st, {"type": "place-rest"} if {"type": "place-rest"} in GAME.legal_actions(st)
            else GAME.legal_actions(st)[0])
    while st.active != "us" or not st.phase.startswith("action"):
        act(st, GAME.legal_actions(st)[0])
    assert st.contact is False
    assert not [a for a in GAME.legal_actions(st) if a["type"] in ("move", "mode", "fire", "mortar")]
    nk = next(u for u in sorted(st.units) if u.startswith("2-15") and st.units[u].at in board("changchon").hexset)
    st.units[nk].hidden = False            # the North Koreans show themselves
    ctx = act(st, {"type": "end-phase"})
    assert st.contact is True and "Contact!" in texts(ctx)


def test_4_2_mortar_illumination_one_round_for_the_game() -> None:
    st = setup_state(scenario("4-2-night-attack"), {}, 1)
    assert st.mortar_illum_left == 1
    st.setup_order = []
    st.phase = "action-1"
    st.first = "us"
    st.active = st.turn_side = "us"
    for u in list(st.units):
        st.units[u].at = "elim"
    put(st, "baker-5-60mm-1", "7.16")
    put(st, "baker-5-plt-1", "6.16")
    put(st, "2-15-plt-1", "6.17", hidden=False)
    st.contact = True                      # a North Korean in sight: the Marines may act (4.2)
    illum = [a for a in GAME.legal_actions(st) if a["type"] == "mortar" and a["ammo"] == "illum"]
    assert illum
    act(st, illum[0], [1])
    assert st.mortar_illum_left == 0
    st.units["baker-5-60mm-1"].acted = ""
    assert not [a for a in GAME.legal_actions(st) if a["type"] == "mortar" and a["ammo"] == "illum"]


def test_4_2_victory_holds_the_baker_hexes() -> None:
    m = started("4-2-night-attack")
    st: SFState = m.state
    assert st.start_hexes
    assert victory.determine(st)["level"] == "US Major"
    h = st.start_hexes[0]
    for u in list(st.units):
        if st.units[u].at == h:
            st.units[u].at = "elim"
    put(st, "2-15-plt-1", h)
    assert victory.determine(st)["level"] == "NK Minor"


def test_4_2_variant_reinforced_attack_adds_a_company() -> None:
    st = setup_state(scenario("4-2-night-attack"), {"reinforced-attack": True}, 1)
    assert len([u for u in st.units if u.startswith("2-15")]) == 8


# -- 5.1 Morning Assault ------------------------------------------------------------------------------
def test_5_1_initial_airstrikes_hit_units_near_the_hilltops() -> None:
    m = Match.start(GAME, scenario("5-1-morning-assault"), seed=2, keep_snapshots=False)
    while m.state.phase == "setup":
        a = next(x for x in m.legal_actions() if x["type"] in ("place-rest", "end-setup"))
        m.apply(a)
    log = " ".join(e.text for e in m.events())
    assert "Initial airstrike" in log and "pre-battle airstrikes" in log


def test_5_1_us_boundary_closes_the_north_to_marines_and_their_fires() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    closed = movement.forbidden(st, "us")
    assert "12.16" in closed and "12.10" not in closed
    assert "12.16" in indirect.no_fire_hexes(st, "us")


def test_5_1_scenario_boundary_no_us_south_of_row_06() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    closed = movement.forbidden(st, "us")
    assert "12.05" in closed and "12.06" not in closed


def test_5_1_poor_us_artillery_uses_the_far_table() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    assert indirect.band(st, "us", 1)[0] == "far"
    st2 = setup_state(scenario("5-1-morning-assault"), {"better-prep": True}, 1)
    assert indirect.band(st2, "us", 1)[0] == "near"


def test_5_1_victory_a_platoon_on_an_obong_ni_hilltop() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    assert victory.determine(st)["winner"] == "nk"
    st.units["2-5-plt-1"].at = "5.09"
    assert victory.determine(st)["winner"] == "us"
    st.units["2-5-plt-1"].at = "elim"
    st.units["2-5-mg-1"].at = "5.09"                  # a machine gun section is not a platoon
    assert victory.determine(st)["winner"] == "nk"


def test_5_1_variant_better_preparation_adds_fac_and_tanks() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {"better-prep": True}, 1)
    assert "2-5-fac-1" in st.units and len([u for u in st.units if u.startswith("3-a-armor")]) == 4


def test_5_1_variant_more_recoilless_rifles_and_heavy_mortars() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {"more-rr": True, "heavy-mortar": True}, 1)
    assert len([u for u in st.units if u.startswith("at-5")]) == 4
    assert len([u for u in st.units if u.startswith("hvy-mortar")]) == 2


def test_5_1_variant_north_korean_armor_sets_up_on_roads() -> None:
    from app.games.semper_fi.setup import placement_hexes
    st = setup_state(scenario("5-1-morning-assault"), {"nk-armor": True}, 1)
    tank = next(u for u in st.units if u.startswith("107-tank"))
    hexes = placement_hexes(st, tank)
    b = board(st.map_name)
    assert hexes and all(b.has_road(h) for h in hexes)


# -- 5.2 1/5 to the Fore ---------------------------------------------------------------------------
def test_5_2_north_koreans_remove_25_steps_before_play() -> None:
    m = Match.start(GAME, scenario("5-2-1-5-to-the-fore"), seed=2, keep_snapshots=False)
    m.apply({"type": "place-rest"})
    assert {"type": "end-setup"} not in m.legal_actions()
    total0 = sum(s.steps for u, s in m.state.units.items() if u.startswith(("1-18", "18-regt", "4-div")))
    for _ in range(25):
        m.apply(next(a for a in m.legal_actions() if a["type"] == "remove-step"))
    total1 = sum(s.steps for u, s in m.state.units.items() if u.startswith(("1-18", "18-regt", "4-div")))
    assert total0 - total1 == 25 and {"type": "end-setup"} in m.legal_actions()


def test_5_2_units_in_view_of_observation_hill_start_revealed() -> None:
    m = started("5-2-1-5-to-the-fore")
    st: SFState = m.state
    from app.games.semper_fi.sight import terrain_los
    b = board(st.map_name)
    for u, s in st.units.items():
        if u.startswith(("1-18", "18-regt", "4-div")) and s.at in b.hexset:
            assert s.hidden != terrain_los(b, "11.10", s.at)[0]


def test_5_2_northern_boundary_closed_to_both_sides() -> None:
    st = setup_state(scenario("5-2-1-5-to-the-fore"), {}, 1)
    assert "12.16" in movement.forbidden(st, "nk") and "12.16" in movement.forbidden(st, "us")


def test_5_2_victory_counts_hilltops() -> None:
    st = setup_state(scenario("5-2-1-5-to-the-fore"), {}, 1)
    assert victory.determine(st)["level"] == "NK Major"
    st.units["1-5-plt-1"].at = "7.13"
    st.units["1-5-plt-2"].at = "5.10"
    assert victory.determine(st)["level"] == "US Minor"
    st.units["1-5-plt-3"].at = "5.07"
    assert victory.determine(st)["level"] == "US Major"


# -- 5.3 Battle for No-Name Ridge ----------------------------------------------------------------------
def test_5_3_northern_boundary_removes_nk_units_at_1500() -> None:
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    st.setup_order = []
    put(st, "1-18-plt-1", "12.16")
    assert "12.16" not in movement.forbidden(st, "nk")
    st.turn = st.clock.index("17 Aug 1500") + 1
    special.command_phase(st, Context(st.rng))
    assert st.units["1-18-plt-1"].at == "elim"
    assert "12.16" in movement.forbidden(st, "nk")


def test_5_3_nk_reserves_enter_on_the_west_edge() -> None:
    st = in_action_phase("5-3-battle-for-no-name-ridge", "nk")
    for u in st.units:
        if st.units[u].at == "setup":
            st.units[u].at = "elim"
    tank = next(u for u in st.units if u.startswith("107-tank"))
    assert st.units[tank].at == "offmap"
    hexes = {a["to"] for a in GAME.legal_actions(st) if a.get("unit") == tank}
    b = board(st.map_name)
    assert hexes and all(b.grid.parse_id(h)[0] == 1 and b.grid.parse_id(h)[1] <= 14 for h in hexes)


def test_5_3_any_nk_unit_may_start_in_reserve() -> None:
    m = Match.start(GAME, scenario("5-3-battle-for-no-name-ridge"), seed=2, keep_snapshots=False)
    m.apply(next(a for a in m.legal_actions() if a["type"] == "place-rest"))
    m.apply({"type": "end-setup"})
    assert m.state.active == "nk"
    a = next(x for x in m.legal_actions() if x["type"] == "reserve")
    m.apply(a)
    assert m.state.units[a["unit"]].at == "offmap"


def test_5_3_reinforcements_arrive_at_1300_tanks_on_roads() -> None:
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    assert st.units["1-5-plt-1"].at == "pool"
    st.turn = st.clock.index("17 Aug 1300") + 1
    special.command_phase(st, Context(st.rng))
    assert st.units["1-5-plt-1"].at == "offmap"
    tank = next(u for u in st.units if u.startswith("3-a-armor"))
    area, road = special.entry_area(st, tank)
    assert road and area


def test_5_3_ammunition_arrives_at_0600_on_18_aug() -> None:
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    before = st.ammo["105mm:he"]
    st.turn = st.clock.index("18 Aug 0600") + 1
    special.command_phase(st, Context(st.rng))
    assert st.ammo["105mm:he"] == before + 50 and st.ammo["105mm:smoke"] == 3


def test_5_3_poor_artillery_until_1500() -> None:
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    assert indirect.poor_artillery(st)
    st.turn = st.clock.index("17 Aug 1500") + 1
    assert not indirect.poor_artillery(st)


def test_5_3_scenario_boundary_leaves_the_hilltops_of_147_and_153_open() -> None:
    """5.3 repeats 5.1's line xx.06, but its victory asks the Marines to hold Hills 147 and 153,
    whose hexes lie south of it: those hilltop hexes stay open (DECISIONS.md, "5.3")."""
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    closed = movement.forbidden(st, "us")
    assert not closed & {"5.03", "5.04", "5.05", "4.05", "5.06"}
    assert {"5.02", "4.04", "6.05", "12.05"} <= closed
    assert "12.16" in closed                                   # the 9th RCT boundary still holds


def test_5_3_victory_checkpoint_and_loss_shifts() -> None:
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    for u in st.units:
        st.units[u].at = "elim" if st.units[u].at in ("setup", "pool", "offmap") else st.units[u].at
    assert victory.determine(st)["level"] == "NK Major"
    st.units["1-5-plt-1"].at = "7.13"
    assert victory.determine(st)["level"] == "NK Minor"
    st.units["2-5-plt-1"].lost = 5
    for u in [x for x in st.units if x.startswith("1-18")]:
        st.units[u].lost = 5                      # 9 platoons x 5 + 9 MG x 5 + ... > 120
    for u in [x for x in st.units if x.startswith("2-18")]:
        st.units[u].lost = 5
    assert victory.determine(st)["level"] == "Draw"
    st.checkpoint["clear"] = True
    assert victory.determine(st)["level"] == "US Major"


def test_5_3_both_loss_shifts_cancel_even_at_us_major() -> None:
    """Over 120 North Korean steps and over 60 Marine steps lost: one level each way, so the
    level is the one the hills gave, at the top of the ladder as in the middle."""
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {}, 1)
    for u in st.units:
        st.units[u].at = "elim" if st.units[u].at in ("setup", "pool", "offmap") else st.units[u].at
    for u in [x for x in st.units if x.startswith(("1-18", "2-18"))]:
        st.units[u].lost = 5
    for u in [x for x in st.units if x.startswith("2-5-")][:13]:
        st.units[u].lost = 5                      # 65 Marine steps
    st.checkpoint["clear"] = True
    res = victory.determine(st)
    assert res["level"] == "US Major" and "one level to the NK" in res["reason"], res
    st.checkpoint["clear"] = False
    st.units["1-5-plt-1"].at = "7.13"             # one hill: NK Minor, both shifts: NK Minor
    assert victory.determine(st)["level"] == "NK Minor"
