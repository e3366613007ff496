"""The night war of the Chosin scenarios, one test per rule, named after it: the November clock
(C10.4), moonlight (C10.5), illumination (1.2, 1.3b, 3.7), snow (1.5), Marines digging in on the
first night turn (2.5), communist night assaults (3.2), political officers (3.3), Chinese
battalion morale immunity, stacking points at set-up (C4.4). Positions on the shipped Fox Hill map."""

from __future__ import annotations

from app.engine.game import Context
from app.games.semper_fi import illum, morale, night, political, sight, snow, stacking
from app.games.semper_fi.data import board
from app.games.semper_fi.game import GAME
from app.games.semper_fi.scenario import build_clock
from app.games.semper_fi.state import Barrage

from tests.semper_fi.conftest import Dice, act, attacks_at_night_undoubled, bare, put, texts

NIGHT = dict(map_name="fox-hill", stand_in=False, first="18 Nov 0200", last="18 Nov 0800")


def fox(**kw):
    args = dict(NIGHT)
    args.update(kw)
    st = bare(**args)
    st.scen["turns"]["clock"] = "november"
    st.clock, st.lights = build_clock(st.scen["turns"]["first"], st.scen["turns"]["last"], "november")
    return st


def test_c10_4_the_november_clock_has_long_nights_and_a_late_dawn() -> None:
    clock, lights = build_clock("18 Nov 0200", "18 Nov 0800", "november")
    assert clock == ["18 Nov 0200", "18 Nov 0300", "18 Nov 0400", "18 Nov 0500", "18 Nov 0600",
                     "18 Nov 0700", "18 Nov 0720", "18 Nov 0740", "18 Nov 0800"]
    assert lights == ["night"] * 5 + ["dawn"] * 3 + ["day"]
    # the August clock of the Naktong scenarios is unchanged: 0500 is already dawn there
    assert build_clock("17 Aug 0400", "17 Aug 0500")[1] == ["night", "dawn"]


def test_c10_5_a_moonlit_night_shows_men_in_the_open_two_hexes_away() -> None:
    st = fox()
    b = board(st.map_name)
    h = "7.08"
    assert b.terrain(h) == "broken"                   # seen as open (1.1a)
    assert sight.spotting_range(st, b, h) == 1
    st.scen["rules"]["moonlight"] = True
    assert night.light_class(st, b, h) == "moon"
    assert sight.spotting_range(st, b, h) == 2


def test_1_2_illum_lights_five_hexes_round_its_hex() -> None:
    st = fox(rules={"moonlight": True})
    b = board(st.map_name)
    st.barrages.append(Barrage("7.08", "illum", "us"))
    far = next(h for h in sorted(b.ids) if b.grid.distance(h, "7.08") == 5)
    out = next(h for h in sorted(b.ids) if b.grid.distance(h, "7.08") == 6)
    assert night.light_class(st, b, far) == "illum"
    assert night.light_class(st, b, out) == "moon"
    assert sight.spotting_range(st, b, far) >= 2


def test_1_3b_illum_is_aimed_only_near_a_revealed_enemy() -> None:
    st = fox(artillery=[{"id": "105mm", "side": "us", "batteries": ["how-3-11-off"], "ammo": {"illum": 2}}])
    st.ammo["105mm:illum"] = 2
    st.phase = "air-artillery"
    put(st, "fox-2-7-plt-1", "7.08")
    put(st, "1-1-177-plt-1", "5.10", hidden=True)
    illums = [a for a in GAME.legal_actions(st) if a.get("ammo") == "illum"]
    assert illums == []                               # only a hidden enemy: nothing to light
    st.units["1-1-177-plt-1"].hidden = False
    assert illum.targets(st, "us", ["fox-2-7-plt-1"]) == ["5.10"]
    illums = [a for a in GAME.legal_actions(st) if a.get("ammo") == "illum"]
    assert illums and all(illum.near_revealed_enemy(st, "us", a["at"]) for a in illums)


def test_3_7_the_chinese_fire_no_illum() -> None:
    st = fox(artillery=[{"id": "cc", "side": "nk", "batteries": ["nk-1-1-4"], "ammo": {"he": 2, "illum": 2}}])
    st.ammo.update({"cc:he": 2, "cc:illum": 2})
    st.phase = "air-artillery"
    st.active = st.turn_side = "nk"
    put(st, "1-1-177-plt-1", "6.08")
    put(st, "fox-2-7-plt-1", "7.08", hidden=False)
    acts = [a for a in GAME.legal_actions(st) if a["type"] == "artillery"]
    assert acts and all(a["ammo"] == "he" for a in acts)


def test_1_5_snow_caps_every_line_of_sight_at_the_hours_visibility() -> None:
    st = fox(rules={"snow": {"visibility": "roll"}})
    b = board(st.map_name)
    a = "7.08"
    far = next(h for h in sorted(b.ids) if b.grid.distance(a, h) == 4 and sight.terrain_los(b, a, h)[0])
    st.visibility = 5
    assert sight.los(st, b, a, far)[0]
    st.visibility = 3
    assert not sight.los(st, b, a, far)[0]
    assert "snow" in GAME.los_line(st, a, far)["why"]


def test_1_5_snow_does_not_shrink_the_illum_radius() -> None:
    st = fox(rules={"snow": {"visibility": "roll"}, "moonlight": True})
    b = board(st.map_name)
    st.visibility = 1
    st.barrages.append(Barrage("7.08", "illum", "us"))
    far = next(h for h in sorted(b.ids) if b.grid.distance(h, "7.08") == 5)
    assert night.light_class(st, b, far) == "illum"
    assert not night.moonlit(st)                      # no moon through falling snow


def test_6_1_variant_snow_rolls_the_visibility_each_hour() -> None:
    st = fox(rules={"snow": {"visibility": "roll"}})
    ctx = Dice(st.rng, [4])
    snow.command_phase(st, ctx)
    assert st.visibility == 4 and snow.limit(st) == 4
    st.turn = 2                                       # 0300: a new hour, a new roll
    snow.command_phase(st, Dice(st.rng, [2]))
    assert st.visibility == 2


def test_6_1_variant_snow_before_the_first_hours_roll_limits_sight_to_six_hexes() -> None:
    """A position read before the first roll (set-up, or a designer's file) has no visibility yet:
    the snow caps sight at the default six hexes instead of failing on the word "roll"."""
    st = fox(rules={"snow": {"visibility": "roll"}})
    st.visibility = 0
    assert snow.limit(st) == 6


def test_2_5_marines_dig_in_on_the_first_night_turn_of_a_night_scenario() -> None:
    from app.games.semper_fi.special import command_phase
    st = fox()
    put(st, "fox-2-7-plt-1", "7.08")
    st.turn = 1                                       # 0200: the scenario opens at night
    command_phase(st, Context(st.rng))
    assert st.units["fox-2-7-plt-1"].dug_in


def test_3_2_chinese_attacking_at_night_do_not_double_or_add_the_night() -> None:
    st = fox()
    put(st, "1-1-177-plt-1", "6.08")
    attacks_at_night_undoubled(st, "1-1-177-plt-1")


def test_3_3_political_officers_trade_a_suppression_for_a_step() -> None:
    st = fox()
    put(st, "1-1-177-plt-1", "6.08")
    put(st, "fox-2-7-plt-1", "7.08", hidden=False)
    ctx = Dice(st.rng)
    morale.apply_result(st, "1-1-177-plt-1", "suppressed", ctx, "C7.1")
    s = st.units["1-1-177-plt-1"]
    assert s.morale == "" and s.steps == 4 and "political officer" in texts(ctx)
    # paralysis is suffered normally
    morale.apply_result(st, "1-1-177-plt-1", "paralysed", ctx, "C7.1")
    assert s.morale == "paralysed" and s.steps == 4


def test_3_3_no_trade_out_of_contact_on_the_last_step_or_when_ordered_never() -> None:
    st = fox()
    put(st, "1-1-177-plt-1", "3.10")                  # no Marine next to it
    morale.apply_result(st, "1-1-177-plt-1", "suppressed", Dice(st.rng), "C7.1")
    assert st.units["1-1-177-plt-1"].morale == "suppressed"
    put(st, "fox-2-7-plt-1", "7.08", hidden=False)
    put(st, "1-1-177-wpn-1", "6.08", steps=1)
    morale.apply_result(st, "1-1-177-wpn-1", "suppressed", Dice(st.rng), "C7.1")
    assert st.units["1-1-177-wpn-1"].morale == "suppressed"
    st.options["political_officers"] = "never"
    put(st, "1-1-177-plt-2", "6.08")
    morale.apply_result(st, "1-1-177-plt-2", "suppressed", Dice(st.rng), "C7.1")
    assert st.units["1-1-177-plt-2"].morale == "suppressed" and political.policy(st) == "never"


def test_c7_5_political_officers_ask_each_time_when_switched_on() -> None:
    """With the switch on, the Chinese player is asked; he picks which unit of the hex pays."""
    st = fox()
    st.options[political.CHOICE] = True
    put(st, "1-1-177-plt-1", "6.08")
    put(st, "1-1-177-plt-2", "6.08", steps=3)
    put(st, "fox-2-7-plt-1", "7.08", hidden=False)
    ctx = Dice(st.rng)
    morale.apply_result(st, "1-1-177-plt-1", "suppressed", ctx, "C7.1")
    s = st.units["1-1-177-plt-1"]
    assert s.morale == "suppressed" and s.steps == 5          # nothing decided for him
    legal = GAME.legal_actions(st)
    assert legal == [{"type": "political", "unit": "1-1-177-plt-1", "payer": "1-1-177-plt-1"},
                     {"type": "political", "unit": "1-1-177-plt-1", "payer": "1-1-177-plt-2"},
                     {"type": "pass"}]
    assert "political officer" in GAME.prompt(st)
    assert "stays suppressed" in GAME.describe_action(st, {"type": "pass"})
    st.active = "nk"
    ctx = act(st, legal[1])                                    # the weaker platoon pays
    assert s.morale == "" and s.steps == 5 and st.units["1-1-177-plt-2"].steps == 2
    assert "political officer" in texts(ctx) and not st.pending
    assert any(e.rule == "3.3" for e in ctx.events)


def test_c7_5_declining_the_political_officer_keeps_the_suppression() -> None:
    st = fox()
    st.options[political.CHOICE] = True
    put(st, "1-1-177-plt-1", "6.08")
    put(st, "fox-2-7-plt-1", "7.08", hidden=False)
    morale.apply_result(st, "1-1-177-plt-1", "suppressed", Dice(st.rng), "C7.1")
    st.active = "nk"
    act(st, {"type": "pass"})
    assert st.units["1-1-177-plt-1"].morale == "suppressed" and st.units["1-1-177-plt-1"].steps == 5
    assert not st.pending
    # a last step is never offered: no decision at all
    put(st, "1-1-177-wpn-1", "3.10", steps=1)
    morale.apply_result(st, "1-1-177-wpn-1", "suppressed", Dice(st.rng), "C7.1")
    assert not st.pending and st.units["1-1-177-wpn-1"].morale == "suppressed"


def test_c7_5_the_choice_is_offered_only_where_there_are_chinese() -> None:
    import tomllib
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "resources" / "semper-fi" / "scenarios"
    for name, offered in (("4-1-ambush", False), ("5-3-battle-for-no-name-ridge", False),
                          ("6-1-first-attack", True), ("7-2-battle-for-east-hill", True)):
        sc = tomllib.loads((root / f"{name}.toml").read_text())
        ids = [v["id"] for v in GAME.variants(sc)]
        assert (political.CHOICE in ids) is offered, name


def test_3_3_chinese_attackers_ignore_their_step_losses_in_assault() -> None:
    st = fox()
    put(st, "1-1-177-plt-1", "6.08", steps=2)
    e, why = morale.effective(st, "1-1-177-plt-1", assault="attacker")
    assert not any("steps lost" in w for w in why)
    e2, why2 = morale.effective(st, "1-1-177-plt-1", assault="defender")
    assert any("steps lost" in w for w in why2)


def test_6_1_chinese_battalion_morale_immunity() -> None:
    st = fox(battalion_morale_immune={"nk": True})
    put(st, "1-1-177-plt-1", "6.08")
    put(st, "1-1-177-plt-2", "6.08")
    morale.battalion_losses(st, {"1-1-177-plt-1": 3, "1-1-177-plt-2": 3}, Context(st.rng))
    assert st.battalion.get("1/177", 0) == 0
    st.battalion["1/177"] = 3
    assert not any("battalion" in w for w in morale.effective(st, "1-1-177-plt-1")[1])


def test_6_2_the_chinese_are_subject_to_battalion_morale() -> None:
    st = fox()
    put(st, "1-2-177-plt-1", "6.08")
    morale.battalion_losses(st, {"1-2-177-plt-1": 4}, Context(st.rng))
    assert st.battalion["2/177"] == 1


def test_c4_4_stacking_points_cap_a_set_up_hex() -> None:
    st = fox()
    assert stacking.points("1-1-177-plt-1") == 2 and stacking.points("1-1-177-wpn-1") == 1
    for u in ("1-1-177-plt-1", "1-1-177-plt-2", "1-1-177-plt-3"):
        put(st, u, "3.10")
    assert stacking.hex_points(st, "3.10", "nk") == 6
    assert stacking.room(st, "3.10", "1-1-177-wpn-1", 7)
    assert not stacking.room(st, "3.10", "2-1-177-plt-1", 7)


def test_c10_the_map_is_veiled_at_night_except_under_illum() -> None:
    st = fox(rules={"moonlight": True})
    b = board(st.map_name)
    st.barrages.append(Barrage("7.08", "illum", "us"))
    veil = next(o for o in GAME.overlays(st, "us") if o.get("id") == "night-veil")
    assert veil["label"] == "Moonlit night"
    assert "7.08" not in veil["hexes"] and set(b.grid.range("7.08", 5)).isdisjoint(veil["hexes"])
    assert len(veil["hexes"]) == len(b.ids) - len(b.grid.range("7.08", 5))
    day = fox(first="18 Nov 1000", last="18 Nov 1100")
    assert not any(o.get("id") == "night-veil" for o in GAME.overlays(day, "us"))


def test_1_2a_illum_fired_in_the_artillery_phase_lights_this_turns_action_phases() -> None:
    st = fox()
    st.first = "us"
    st.phase = "air-artillery"
    st.active = st.turn_side = "nk"
    st.initiative = "us"
    st.barrages.append(Barrage("7.08", "illum", "us", placed=f"{st.turn}:air-artillery"))
    st.barrages.append(Barrage("5.10", "illum", "us", placed="0:action-2"))
    act(st, {"type": "end-phase"})
    assert st.phase == "action-1" and st.active == "us"
    assert [x.hex for x in st.barrages if x.kind == "illum"] == ["7.08"]
