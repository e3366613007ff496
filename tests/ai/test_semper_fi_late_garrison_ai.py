"""7.3: in the last hours the places the Chinese hold keep a small garrison and the rest go
for the places still empty. The places are read at the end, a Chinese unit in each moving the
result a level; the equal shares of ``share_out`` sent the empty places the units nearest them
(often behind the Marines' line) while the units already in a place, free to walk there, stayed
in it to the end (docs/ai.md, nineteenth pass). Not in 7.4, whose Marines wait for contact
(C14.9), as with ``player.late_wait``."""

from __future__ import annotations

from collections import Counter

from app.ai.semper_fi import player as ai_player
from app.ai.semper_fi.objectives import places, share_out
from app.games.semper_fi.state import SFState

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-3-night-of-fire"
DUMP = [f"1-240-plt-{i}" for i in range(1, 7)]                 # 14.25: the Supply Dump only
HILL = [f"1-240-plt-{i}" for i in range(7, 10)] + [f"2-240-plt-{i}" for i in range(1, 4)]  # 17.27
NORTH = [f"1-172-plt-{i}" for i in range(1, 7)]                # 18.08: five hexes north of the airfield
ALL = DUMP + HILL + NORTH


def _state(turns_left: int, extra: dict[str, str] | None = None) -> SFState:
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, turns=sc["turns"], victory=sc["victory"], rules=sc["rules"])
    for units, h in ((DUMP, "14.25"), (HILL, "17.27"), (NORTH, "18.08")):
        for u in units:
            put(st, u, h, mode="move")
    for u, h in (extra or {}).items():
        put(st, u, h, mode="move")
    st.turn, st.phase, st.first = len(st.clock) - turns_left, "action-1", "nk"
    st.active = st.turn_side = "nk"
    return st


def _names(st: SFState, share: dict[str, frozenset[str]]) -> dict[str, str]:
    name = {h: n for n, h in places(st)}
    return {u: name[h] for u, h in share.items()}


def test_the_position_is_as_the_tests_assume() -> None:
    st = _state(3)
    ps = dict(places(st))
    assert "14.25" in ps["Supply Dump"] and "14.25" not in ps["East Hill over Hagaru-ri"]
    assert "17.27" in ps["East Hill over Hagaru-ri"] and "17.27" not in ps["Supply Dump"]
    assert not any("18.08" in h for h in ps.values())


def test_without_a_garrison_the_empty_places_get_the_units_nearest_them() -> None:
    st = _state(3)
    got = _names(st, share_out(st, "nk", ALL))
    assert Counter(got.values()) == Counter({"Supply Dump": 5, "East Hill over Hagaru-ri": 5,
                                             "Airfield": 5, "Hagaru": 3})
    assert sum(1 for u in DUMP + HILL if got[u] == "Hagaru") == 2


def test_with_a_garrison_the_held_places_keep_three_and_send_the_rest() -> None:
    st = _state(3)
    got = _names(st, share_out(st, "nk", ALL, garrison=3))
    held = Counter(got.values())
    assert held["Supply Dump"] == 3 and held["East Hill over Hagaru-ri"] == 3
    assert held["Hagaru"] == 5 and held["Airfield"] == 5
    assert sum(1 for u in DUMP + HILL if got.get(u) == "Hagaru") == 5
    assert all(got[u] == "Airfield" for u in NORTH[:5])


def test_no_garrison_while_every_place_has_one_of_ours() -> None:
    st = _state(3, {"2-172-plt-1": "13.18", "2-172-plt-2": "18.14"})   # Hagaru, the airfield
    units = ALL + ["2-172-plt-1", "2-172-plt-2"]
    assert share_out(st, "nk", units, garrison=3) == share_out(st, "nk", units)


def test_the_garrison_holds_only_in_the_last_hours() -> None:
    assert ai_player.late_share(_state(ai_player.LATE_TURNS - 1))
    assert not ai_player.late_share(_state(ai_player.LATE_TURNS))
    early = _names(_state(8), ai_player._Ctx(_state(8), "nk").share)
    late = _names(_state(3), ai_player._Ctx(_state(3), "nk").share)
    assert Counter(early.values())["East Hill over Hagaru-ri"] == 5
    assert Counter(late.values())["East Hill over Hagaru-ri"] == ai_player.GARRISON
    assert sum(1 for u in DUMP + HILL if late.get(u) == "Hagaru") == 5


def _match(st: SFState):
    from app.engine.match import Match
    from app.games.semper_fi.game import GAME
    m = Match.start(GAME, scenario(SCEN), seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_the_hint_says_why_a_unit_leaves_a_place_it_holds() -> None:
    from app.ai.semper_fi import make_ai
    st = _state(3)
    ctx = ai_player._Ctx(st, "nk")
    u = next(v for v in HILL if _names(st, ctx.share)[v] == "Hagaru")
    why = make_ai(seed=2, side="nk").explain(_match(st), {"type": "move", "unit": u, "to": "16.26"})
    assert "leaves the East Hill hexes over Hagaru-ri for Hagaru, " in why
    assert f"keeps {ai_player.GARRISON} units" in why


def test_the_hint_gives_no_such_reason_earlier() -> None:
    from app.ai.semper_fi import make_ai
    st = _state(8)
    why = make_ai(seed=2, side="nk").explain(_match(st), {"type": "move", "unit": HILL[0], "to": "16.26"})
    assert " leaves " not in why


def test_7_4_whose_marines_wait_for_contact_keeps_the_equal_shares() -> None:
    sc = scenario("7-4-night-of-fire-ii")
    st = bare(map_name="hagaru", stand_in=False, turns=sc["turns"], victory=sc["victory"], rules=sc["rules"])
    st.turn = len(st.clock)
    assert ai_player.places(st)                            # the same four places as 7.3
    assert not ai_player.late_share(st)
