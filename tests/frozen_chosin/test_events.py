"""FC-13 the event deck: one test per card, named after it."""

from __future__ import annotations

import pytest

from app.games.frozen_chosin import events as E
from app.games.frozen_chosin.data import bundle

from tests.frozen_chosin.helpers import Dice, new, only, put

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "r235", "at": [55, 45]},
         {"regiment": "r172", "at": [66, 45]}, {"regiment": "hagaru", "at": [66, 33]}]


def draw(cid, faces=(), turn=2):
    st = new(SETUP)
    st.turn = turn
    E.reset(st)
    for c in st.commands.values():
        c.dice = c.base_dice
    st.deck = [cid]
    ctx = Dice(faces)
    E.draw(st, ctx)
    return st, ctx


def dice(st):
    return {c: st.commands[c].dice for c in st.commands}


def test_the_deck_has_about_twenty_cards_and_one_is_drawn_each_operations_phase():
    assert 18 <= len(bundle().cards) <= 22
    st = new(SETUP)
    assert st.event and len(st.deck) == len(bundle().cards) - 1


def test_blizzard():
    st0 = new(SETUP)
    only(st0, [])
    st, ctx = draw("blizzard", faces=[])
    only(st, [])
    put(st, "1-5a", 55, 40, hits=1)
    put(st, "235-1", 55, 44, hits=1)
    st.deck = ["blizzard"]
    for c in st.commands.values():
        c.dice = c.base_dice
    ctx = Dice()
    E.draw(st, ctx)
    assert st.no_air and st.ranged_limit == 4
    assert all(c.dice == c.base_dice - 1 for c in st.commands.values())
    assert st.bases["1-5a"].status == "casualty" and st.bases["235-1"].status == "casualty"


def test_deadly_cold():
    st, _ = draw("quiet-day")
    only(st, [])
    for i, bid in enumerate(["1-5a", "1-5b", "2-5a"]):
        put(st, bid, 50 + 2 * i, 40, hits=1)
    for i, bid in enumerate(["235-1", "235-2"]):
        put(st, bid, 50 + 2 * i, 44, hits=1)
    put(st, "172-1", 60, 44, hits=1)
    st.deck = ["deadly-cold"]
    E.draw(st, Dice([2, 1, 1, 1, 1]))  # pva-27 loses 2, pva-20 1, pva-26 1 (none), the UN 1
    assert [st.bases[b].status for b in ("235-1", "235-2", "172-1")] == ["casualty"] * 3
    assert sum(st.bases[b].status == "casualty" for b in ("1-5a", "1-5b", "2-5a")) == 1


def test_patriotic_zeal():
    st, _ = draw("patriotic-zeal", faces=[3])
    assert all(st.commands[c].dice == 7 for c in ("pva-27", "pva-20", "pva-26"))
    assert st.commands["un-yudam"].dice == 4


def test_t_34_sighting():
    st, ctx = draw("t34-sighting", faces=[6])
    tanks = [b for b in st.bases.values() if b.type == "t34"]
    assert len(tanks) == 1 and tanks[0].status == "on" and tanks[0].command == "pva-20"
    zone = [f for f in __import__("app.games.frozen_chosin.common", fromlist=["G"]).G(st).zones.items() if f[0] == 6][0][1]
    from shapely.geometry import Point
    assert zone.buffer(0.01).contains(Point(tanks[0].x, tanks[0].y))


def test_dead_radios():
    st, _ = draw("dead-radios")
    assert all(st.commands[c].dice == 3 for c in ("un-yudam", "un-rct31", "un-hagaru"))


def test_heavy_cloud_cover():
    st, _ = draw("heavy-cloud")
    assert st.airstrike_fp == -1


def test_task_force_drysdale_delayed():
    st, _ = draw("drysdale-delayed")
    assert st.drysdale_turn == 5


def test_puller_sends_drysdale_early():
    st, _ = draw("drysdale-early")
    assert st.drysdale_turn == 3


def test_drysdale_card_never_moves_arrival_into_the_past():
    st, _ = draw("drysdale-early", turn=4)
    assert st.drysdale_turn == 4


def test_corsairs_on_station():
    st, _ = draw("corsairs")
    assert st.commands["un-hagaru"].dice == 5 and st.commands["pva-20"].dice == 4


def test_clear_skies():
    st, _ = draw("clear-skies")
    assert st.airstrike_fp == 1


def test_chinese_guns_registered():
    st, _ = draw("chinese-guns")
    assert st.offtable_guns == 4 and not st.guns_used


def test_frozen_weapons():
    st, _ = draw("quiet-day")
    only(st, [])
    put(st, "1-5a", 50, 40, hits=1)
    put(st, "235-1", 50, 44, hits=1)
    st.deck = ["frozen-weapons"]
    E.draw(st, Dice())
    assert st.bases["1-5a"].status == st.bases["235-1"].status == "casualty"


def test_empty_rice_bags():
    st, _ = draw("hungry-soldiers")
    assert st.commands["pva-26"].dice == 3 and st.commands["un-yudam"].dice == 4


def test_airdrop_at_hagaru_ri():
    st, _ = draw("airdrop-hagaru")
    assert any(m.side == "un" and m.kind == "depot" and abs(m.x - 34) < 0.01 for m in st.markers.values())


def test_almond_flies_in():
    st, _ = draw("almond-visits")
    assert st.commands["un-yudam"].dice == 3 and st.commands["un-hagaru"].dice == 4


def test_telegram_from_mao():
    st, _ = draw("mao-telegram")
    assert st.commands["pva-27"].dice == 5


def test_porter_columns():
    st, _ = draw("porters")
    assert any(m.side == "pva" and (m.x, m.y) == (22.0, 18.0) for m in st.markers.values())


def test_night_flares():
    st, _ = draw("night-flares")
    assert st.commands["pva-27"].dice == 3 and st.commands["pva-20"].dice == 4


def test_koto_ri_dump_filled():
    st, _ = draw("koto-depot")
    assert any(m.side == "un" and (m.x, m.y) == (38.0, 35.0) for m in st.markers.values())


def test_exhaustion_on_both_sides():
    st, _ = draw("quiet-day")
    assert all(c.dice == 3 for c in st.commands.values())


def test_event_effects_last_one_turn():
    st, _ = draw("blizzard")
    E.reset(st)
    assert not st.no_air and st.ranged_limit == 0


@pytest.mark.parametrize("cid", sorted(bundle().cards))
def test_every_card_has_a_test(cid):
    assert f"def test_{bundle().cards[cid]['name'].lower().replace(' ', '_').replace('-', '_')}" in open(__file__).read()


def test_the_log_names_the_drawn_card_as_players_know_it_never_by_its_data_id():
    for cid, card in bundle().cards.items():
        st, ctx = draw(cid)
        text = ctx.text()
        assert f"Event card drawn: {card['name']}" in text
        assert cid not in text.replace(card["name"], ""), text
