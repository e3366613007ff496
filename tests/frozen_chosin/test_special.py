"""FC-14 special rules, FC-15 reserves, FC-16 victory."""

from __future__ import annotations

from shapely.geometry import Point

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin import sequence as Q
from app.games.frozen_chosin.common import G
from app.games.frozen_chosin.victory import score

from tests.frozen_chosin.helpers import Dice, new, only, put, to_phase

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "r235", "at": [55, 45]},
         {"regiment": "hagaru", "at": [66, 33]}, {"regiment": "1-mar", "at": [58, 38]}]


def test_surprise_attack_gives_each_chinese_command_an_extra_die_on_28_nov():
    st = new(SETUP)
    st.deck = ["heavy-cloud"]
    st.turn = 1
    Q.start_turn(st, Dice())
    assert [st.commands[c].dice for c in ("pva-27", "pva-20", "pva-26", "un-yudam")] == [5, 5, 5, 4]
    st.deck = ["heavy-cloud"]
    st.turn = 2
    Q.start_turn(st, Dice())
    assert st.commands["pva-27"].dice == 4


def test_task_force_drysdale_arrives_at_koto_ri_on_the_daytime_turn_of_1_dec():
    st = new(SETUP)
    st.turn, st.drysdale_turn = 3, 4
    to_phase(st, "day")
    assert all(st.bases[b].status == "off" for b in st.regiments["drysdale"].bases)
    st.turn = 4
    Q.start_phase(st, Dice(), "night")
    assert all(st.bases[b].status == "off" for b in st.regiments["drysdale"].bases)
    Q.start_phase(st, Dice(), "day")
    koto = G(st).place("koto-ri")
    assert all(st.bases[b].status == "on" for b in st.regiments["drysdale"].bases)
    assert all(abs(st.bases[b].x - koto[0]) + abs(st.bases[b].y - koto[1]) < 8 for b in st.regiments["drysdale"].bases)


def test_reserves_are_recycled_into_a_d6_entry_zone_once_casualties_fill_a_regiment():
    st = new(SETUP)
    to_phase(st, "night")
    c = st.commands["pva-27"]
    reserve = [st.regiments[r] for r in c.regiments if st.regiments[r].reserve]
    first = reserve[0]
    c.recycled = len(first.bases) - 1
    Q.start_phase(st, Dice(), "night")
    assert first.reserve
    c.recycled = len(first.bases)
    ctx = Dice([2])
    Q.start_phase(st, ctx, "night")
    assert not first.reserve and c.recycled == 0 and "FC-15.2" in ctx.rules()
    zone = G(st).zones[2]
    assert all(zone.buffer(0.01).contains(Point(st.bases[b].x, st.bases[b].y)) for b in first.bases)


def test_chinese_casualties_count_towards_the_reserve():
    st = new(SETUP)
    to_phase(st, "night")
    from app.games.frozen_chosin.combat import casualty
    casualty(st, Dice(), st.bases["235-1"], "FC-7.5")
    assert st.commands["pva-27"].recycled == 1


def test_victory_points_as_the_text_gives_them():
    st = new(SETUP)
    only(st, [])
    put(st, "h-3-1", 34, 21)           # Hagaru-ri held: +5
    st.evacuated = 2                    # +2
    for b in ("1-5a", "1-5b", "2-5a"):  # three casualties left on the field: +3 Chinese
        st.bases[b].status = "casualty"
    assert score(st) == {"un": 7, "pva": 3}
    for b in st.regiments["1-mar"].bases:   # a whole Marine regiment destroyed: +10
        st.bases[b].status = "casualty"
    assert score(st) == {"un": 7, "pva": 3 + 4 + 10}


def test_the_game_ends_after_the_last_turn_with_a_winner_and_margin():
    st = new(SETUP, turns=1)
    to_phase(st, "night")
    for _ in range(2):
        for c in st.commands.values():
            c.passed = True
        Q.advance(st, Dice())
    out = GAME.outcome(st)
    assert st.phase == "over" and out is not None and out.rule == "FC-16.3"
    assert out.winner == ("un" if st.vp["un"] > st.vp["pva"] else "pva" if st.vp["pva"] > st.vp["un"] else None)
    assert "VP" in out.reason and GAME.legal_actions(st) == []
