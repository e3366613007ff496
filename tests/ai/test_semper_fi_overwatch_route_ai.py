"""An attacker's way in under the enemy's overwatch (C6.3): of the hexes that bring a unit as near
its objective, it takes the one fewer enemy units could fire on as it enters (``overwatchers``,
``least_overwatched``). Before, two such hexes scored the same and a tie-break chose. The care
picks the route only: a hex every way in is seen from costs nothing extra."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.player import _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "6-1-first-attack"


def _approach(first: str = "18 Nov 0200") -> Match:
    """6.1's first night hour: a Marine MG section on Fox Hill (7.08) and a rifle platoon at 7.07,
    both in fire mode; a Chinese platoon in move mode at 4.05, three hexes from the hill's ground.
    5.06 and 4.06 are both two hexes from it; the Marines at 7.07 see 5.06 in the moonlight."""
    sc = scenario(SCEN)
    st = bare(map_name=sc["map"], stand_in=False, first=first, last="18 Nov 0800",
              victory=sc["victory"], rules=sc.get("rules", {}))
    put(st, "fox-2-7-mg-1", "7.08")
    put(st, "fox-2-7-plt-1", "7.07")
    put(st, "1-1-177-plt-1", "4.05", mode="move")
    st.first = st.active = st.turn_side = "nk"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_the_hexes_differ_only_in_who_sees_them() -> None:
    m = _approach()
    c = _Ctx(m.state, "nk")
    assert c.overwatchers(m.state, "5.06") >= 1.0
    assert c.overwatchers(m.state, "4.06") == 0.0
    assert c.least_overwatched(m.state, "4.05", "5.06", c.obj) == 0.0


def test_the_attacker_takes_the_unseen_way_in() -> None:
    m = _approach()
    legal = m.legal_actions()
    assert {"type": "move", "unit": "1-1-177-plt-1", "to": "5.06"} in legal
    a = make_ai(seed=1, side="nk").choose(m, legal)
    assert a == {"type": "move", "unit": "1-1-177-plt-1", "to": "4.06"}, a


def test_on_the_last_turn_the_care_is_gone() -> None:
    """The objective must be reached by the end: on the last turn the seen hex loses the weight
    of its overwatchers it carries earlier (the rest of the two hexes' worth is the same). On the
    first turns of this long night the early care (``OVERWATCH_EARLY``) weighs them too."""
    from app.ai.semper_fi.player import OVERWATCH_EARLY, OVERWATCH_RISK, early_care

    def gap(first: str) -> float:
        m = _approach(first)
        ai = make_ai(seed=1, side="nk")
        c = _Ctx(m.state, "nk")
        seen = ai.score(m.state, {"type": "move", "unit": "1-1-177-plt-1", "to": "5.06"}, c)
        unseen = ai.score(m.state, {"type": "move", "unit": "1-1-177-plt-1", "to": "4.06"}, c)
        return unseen - seen, c.overwatchers(m.state, "5.06")

    early, ow = gap("18 Nov 0200")
    last, _ = gap("18 Nov 0800")
    weight = OVERWATCH_RISK + (OVERWATCH_EARLY if early_care(_approach("18 Nov 0200").state) else 0.0)
    assert abs((early - last) - weight * ow) < 0.05, (early, last, ow)


def test_the_hint_names_the_seen_hex_it_avoided() -> None:
    m = _approach()
    why = make_ai(seed=1, side="nk").explain(m, {"type": "move", "unit": "1-1-177-plt-1", "to": "4.06"})
    assert "no enemy unit could fire on it there" in why and "5.06" in why
