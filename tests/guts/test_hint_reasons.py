"""Issue 15, point 13: the Take The High Ground! hint gives a reason for every kind of order and
decision, with the chances the computer player weighed and the rule that governs them."""

from __future__ import annotations

from types import SimpleNamespace

from app.ai.guts_ai import GutsAI
from app.games.guts import GAME
from app.games.guts.game import PHASE_TYPES
from app.games.guts.state import HTD
from tests.guts.helpers import Dice, add_gun, bench, fresh, place


def _why(st, action) -> str:
    return GutsAI(1).explain(SimpleNamespace(state=st), action)


def _chosen(st):
    legal = GAME.legal_actions(st)
    return GutsAI(1).choose(SimpleNamespace(state=st), legal)


def test_press_on_and_stay_down_give_the_three_chances(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    add_gun(st, "mg-1", "hmg", 30.0, 40.0, heading=270)
    place(st, "rifle-1a", 30, 27)
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [30, 31]}, Dice((3, 2)))
    assert st.phase == "press-on"
    a = _chosen(st)
    assert a["type"] in ("press-on", "stay-down")
    why = _why(st, a)
    assert "% to keep going" in why and "% to be pinned" in why and why.endswith("(GUTS-PRESS)")
    assert "under the fire of" in why
    for kind in ("press-on", "stay-down"):
        text = _why(st, {"type": kind, "team": "rifle-1a"})
        assert text.endswith("(GUTS-PRESS)") and "% to go to ground" in text
    assert "stays down under the fire of" in _why(st, {"type": "stay-down", "team": "rifle-1a"})


def test_declining_the_bayonet_follow_up_says_what_it_would_cost(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a", "rifle-1b")
    add_gun(st, "mg-1", "hmg", 30.0, 40.0, heading=270)
    place(st, "rifle-1a", 30, 27)
    place(st, "rifle-1b", 26, 39, status=HTD)
    GAME.apply(st, {"type": "grenade", "team": "rifle-1b", "gun": "mg-1"}, Dice((2, 2)))
    assert st.phase == "follow-up"
    a = _chosen(st)
    assert a["type"] == "decline"
    why = _why(st, a)
    # no gun fires on the team now: one leave-cover test at -2 and -3 outside any cone
    assert "1 test at -5" in why and "already out for good" in why and "(GUTS-SIL-GREN, GUTS-LEAVE)" in why
    follow = _why(st, {"type": "follow-up", "team": "rifle-1b"})
    assert "with the bayonet: 1 test at -5" in follow and "% to get there" in follow


def test_every_order_kind_has_a_reason(bare) -> None:
    """Every kind listed for a phase gets a reason naming its rule (end-turn: what is left)."""
    st = fresh("army")
    bench(st, "rifle-1a", "rifle-1b", "bar-1", "pl")
    add_gun(st, "mg-1", "hmg", 30.0, 40.0, heading=270)
    place(st, "rifle-1a", 30, 27)
    place(st, "rifle-1b", 27, 38)
    place(st, "bar-1", 33, 30)
    place(st, "pl", 29, 26)
    seen: dict[str, str] = {}
    for a in GAME.legal_actions(st):
        seen.setdefault(a["type"], _why(st, a))
    for kind, why in seen.items():
        assert why, kind
        if kind != "end-turn":
            assert "(GUTS-" in why, (kind, why)
    assert {"advance", "silence", "grenade", "end-turn"} <= set(seen)
    all_kinds = set().union(*PHASE_TYPES.values())
    assert all_kinds == {"advance", "leave-cover", "assault", "silence", "grenade", "cover", "rally",
                         "end-turn", "press-on", "stay-down", "follow-up", "decline"}
