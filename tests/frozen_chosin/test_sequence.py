"""FC-1 turn sequence, FC-2 the secret Operations Phase, FC-3 alternation, seats and views."""

from __future__ import annotations


import pytest

from app.engine.match import Match
from app.engine.saves import open_save, write_save
from app.games.frozen_chosin import GAME
from app.games.frozen_chosin.presentation import hq_sheets
from app.games.frozen_chosin import sequence as Q
from app.games.frozen_chosin.common import day_name

from tests.frozen_chosin.helpers import Dice, act, finish_planning, new, scenario

SETUP = [{"regiment": "5-mar", "at": [55, 36]}, {"regiment": "r235", "at": [55, 42]},
         {"regiment": "31-inf", "at": [60, 33]}, {"regiment": "r172", "at": [60, 45]}]


def test_turn_sequence_operations_then_night_then_day():
    st = new(SETUP)
    assert st.phase == "operations" and st.turn == 1 and st.event
    finish_planning(st)
    assert st.phase == "night"
    for c in st.commands.values():
        c.passed = True
    Q.advance(st, Dice())
    assert st.phase == "day" and st.turn == 1
    for c in st.commands.values():
        c.passed = True
    Q.advance(st, Dice())
    assert st.phase == "operations" and st.turn == 2


def test_eight_daily_turns_28_nov_to_5_dec():
    st = new(SETUP)
    assert st.turns == 8
    assert day_name(st, 1) == "28 Nov" and day_name(st, 3) == "30 Nov" and day_name(st, 8) == "5 Dec"


def test_chinese_act_first_at_night_allies_first_by_day():
    st = new(SETUP)
    night, day = Q.command_order(st, "night"), Q.command_order(st, "day")
    assert [st.commands[c].side for c in night] == ["pva", "un"] * 3
    assert [st.commands[c].side for c in day] == ["un", "pva"] * 3
    finish_planning(st)
    assert st.commands[st.current].side == "pva" and st.active == "pva"


def test_alternation_passes_to_the_other_side_after_each_action():
    st = new(SETUP)
    finish_planning(st)
    first = st.current
    act(st, {"type": "pass"})
    assert st.commands[st.current].side == "un" and st.current != first


def test_each_regiment_activates_once_per_phase():
    st = new(SETUP)
    finish_planning(st)
    st.current = "pva-27"
    act(st, {"type": "activate", "regiment": "r235"})
    act(st, {"type": "end-move"})
    if st.activation is not None:
        act(st, {"type": "end-activation"})
    st.current = "pva-27"
    legal = GAME.legal_actions(st)
    assert {"type": "activate", "regiment": "r235"} not in legal
    assert GAME.check(st, {"type": "activate", "regiment": "r235"}).rule == "FC-3.3"


def test_phase_ends_when_every_command_has_passed():
    st = new(SETUP)
    finish_planning(st)
    n = 0
    while st.phase == "night":
        act(st, {"type": "pass"})
        n += 1
    assert st.phase == "day" and n <= 6


def test_phase_ends_when_all_regiments_have_activated():
    st = new(SETUP)
    finish_planning(st)
    while st.phase == "night":
        legal = GAME.legal_actions(st)
        a = next((x for x in legal if x["type"] in ("activate", "end-move", "end-activation")), None)
        assert a is not None, legal
        act(st, a)
    assert st.phase == "day"


def test_each_operation_planned_once_and_within_the_dice():
    st = new(SETUP)
    st.current = "un-yudam"
    c = st.commands["un-yudam"]
    c.dice = 4
    act(st, {"type": "plan", "op": "close-air-support"})
    assert GAME.check(st, {"type": "plan", "op": "close-air-support"}).rule == "FC-2.2"
    act(st, {"type": "plan", "op": "air-supply"})
    assert GAME.check(st, {"type": "plan", "op": "evacuate"}).rule == "FC-2.2"  # no dice left
    assert GAME.check(st, {"type": "plan", "op": "infiltrate"}).rule == "FC-12.1"  # not on this sheet


def test_operations_phase_never_shows_one_sides_placement_to_the_other():
    st = new(SETUP)
    seen_by_un, seen_by_pva = [], []
    while st.phase == "operations":
        c = st.commands[st.current]
        plan = [a for a in GAME.legal_actions(st) if a["type"] == "plan"][:1]
        for a in plan:
            act(st, a)
        v_un, v_pva = GAME.view(st, "un"), GAME.view(st, "pva")
        seen_by_un.append([x["planned"] for x in v_un["commands"].values() if x["side"] == "pva"])
        seen_by_pva.append([x["planned"] for x in v_pva["commands"].values() if x["side"] == "un"])
        for who, other_side in (("un", "pva"), ("pva", "un")):
            for sheet in hq_sheets(GAME, st, who):
                if sheet["side"] == other_side:
                    assert sheet["hidden"] and sheet["left"] is None
                    assert not any(o["status"] for o in sheet["ops"])
            # the Game dock never lists any command's operations
            assert not any(p["title"].startswith("HQ") for p in GAME.panels(st, who))
        # and one's own side is visible
        assert v_un["commands"]["un-hagaru"]["planned"] == st.commands["un-hagaru"].planned
        act(st, {"type": "done-planning"})
    assert all(p == [[], [], []] for p in seen_by_un) and all(p == [[], [], []] for p in seen_by_pva)
    assert any(st.commands[c].planned for c in st.commands)
    assert GAME.view(st, "pva")["commands"]["un-yudam"]["planned"] == st.commands["un-yudam"].planned


def test_view_by_seat_name_and_by_command():
    seats = {"un-yudam": "Ann", "un-rct31": "Ann", "un-hagaru": "Ann",
             "pva-27": "Bo", "pva-20": "Bo", "pva-26": "computer"}
    st = new(SETUP, options={"seats": seats})
    st.commands["un-yudam"].planned = ["evacuate"]
    assert GAME.view(st, "Bo")["commands"]["un-yudam"]["planned"] == []
    assert GAME.view(st, "pva-26")["commands"]["un-yudam"]["planned"] == []
    assert GAME.view(st, "Ann")["commands"]["un-yudam"]["planned"] == ["evacuate"]
    assert st.players == {"Ann": "un", "Bo": "pva"}


def test_general_smiths_choice_hidden_from_the_chinese_until_revealed():
    st = GAME.setup(scenario(SETUP, smith=None), {}, 3)
    assert st.phase == "smith" and st.active == "un"
    act(st, {"type": "smith-choice", "choice": "stockpile"})
    assert GAME.view(st, "pva")["smith_choice"] == "hidden"
    assert GAME.view(st, "un")["smith_choice"] == "stockpile"
    assert st.phase == "operations"


def test_seats_are_kept_in_a_save(tmp_path):
    seats = {"un-yudam": "Ann", "un-rct31": "Cy", "un-hagaru": "computer",
             "pva-27": "Bo", "pva-20": "Bo", "pva-26": "Di"}
    from app.engine.scenario import load_scenario
    from tests.frozen_chosin.helpers import FIRST_DAYS
    _, loaded = load_scenario(FIRST_DAYS)
    m = Match.start(GAME, loaded.data, seed=5, options={"seats": seats}, scenario_path=str(FIRST_DAYS),
                    scenario_text=loaded.text)
    m.apply({"type": "smith-choice", "choice": "airstrip"})
    m.apply({"type": "done-planning"})
    p = tmp_path / "fc.json"
    write_save(m, p)
    again = open_save(p)
    assert {c: again.state.commands[c].seat for c in seats} == seats
    assert again.digest() == m.digest()


def test_a_person_cannot_hold_commands_on_both_sides():
    with pytest.raises(ValueError, match="both sides"):
        new(SETUP, options={"seats": {"un-yudam": "Ann", "pva-27": "Ann"}})


def test_prompt_names_the_seat_and_command():
    st = new(SETUP, options={"seats": {"pva-27": "Bo"}})
    assert "Bo" in GAME.prompt(st) and "27th Army" in GAME.prompt(st)


def test_seat_to_act_follows_the_command_and_the_defender():
    seats = {"un-yudam": "Ann", "un-rct31": "Cy", "un-hagaru": "Ed",
             "pva-27": "Bo", "pva-20": "Di", "pva-26": "Fay"}
    st = new(SETUP, options={"seats": seats})
    assert GAME.seat_to_act(st) == "Bo"
    act(st, {"type": "done-planning"})
    assert GAME.seat_to_act(st) == "Di"
    from app.games.frozen_chosin.state import Pending
    st.pending = Pending(kind="face", command="un-rct31")
    assert GAME.seat_to_act(st) == "Cy"
