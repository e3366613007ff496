"""C6.7: a hex that sees an overwatch trigger but not within its own spotting range may fire only
through another friendly unit that spots the trigger, and then only on a 6 of one die."""

from __future__ import annotations

from fractions import Fraction

from app.games.semper_fi import overwatch
from app.games.semper_fi.game import GAME
from app.games.semper_fi.preview import fire_odds
from app.games.semper_fi.sight import spotting_range
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import act, bare, put, texts

FAR = {"type": "overwatch", "from": "10.05", "at": "9.10"}


def _dusk(spotter: bool = True, **mg):
    """Dusk (open ground seen 4 hexes off): a North Korean MG 6 hexes from 9.10 sees it but cannot
    spot it; a platoon next to it can."""
    st = bare(first="17 Aug 1900", last="17 Aug 2000")
    put(st, "1-18-mg-1", "10.05", **mg)
    if spotter:
        put(st, "1-18-plt-1", "8.10")
    put(st, "1-5-plt-1", "10.10", mode="move")
    assert bd(st).grid.distance("10.05", "9.10") > spotting_range(st, bd(st), "9.10")
    act(st, {"type": "move", "unit": "1-5-plt-1", "to": "9.10"})
    return st


def test_c6_7_a_hex_that_cannot_spot_the_trigger_needs_a_spotter() -> None:
    st = _dusk(spotter=False)
    assert FAR not in GAME.legal_actions(st) and not st.pending            # nobody may answer
    st = _dusk()
    assert st.active == "nk" and FAR in GAME.legal_actions(st)
    assert overwatch.spotter_for(st, "nk", "10.05", "9.10") == "8.10"
    assert overwatch.spotter_for(st, "nk", "8.10", "9.10") is None          # spots for itself


def test_c6_7_overwatch_through_another_spotter_fires_only_on_a_6() -> None:
    st = _dusk()
    ctx = act(st, FAR, [5])
    log = texts(ctx)
    assert "through another unit's spotting (6+)" in log and "fires on 9.10" not in log
    assert "10.05" not in log and "8.10" not in log                    # hidden hexes stay unnamed
    assert any(e.rule == "C6.7" for e in ctx.events)
    assert not st.units["1-18-mg-1"].fired                                  # it never fired
    assert FAR not in GAME.legal_actions(st)                                # its chance is spent
    st = _dusk()
    ctx = act(st, FAR, [6, 6, 6])
    assert "fires on 9.10" in texts(ctx) and st.units["1-18-mg-1"].fired


def test_c6_7_a_marked_stack_relying_on_a_spotter_also_needs_the_6() -> None:
    st = _dusk(fired=True)
    ctx = act(st, FAR, [5])                                                 # 5 would do for C6.3 alone
    assert "fires on 9.10" not in texts(ctx) and "try to join" not in texts(ctx)


def test_c6_7_the_fire_panel_shows_the_one_in_six() -> None:
    st = _dusk()
    pv = GAME.fire_preview(st, FAR)
    assert pv["spotter"] == {"chance": Fraction(1, 6), "hex": "8.10"}
    assert pv["exact"]["no effect"] >= Fraction(5, 6)
    assert sum(pv["exact"].values()) == 1
    panel = fire_odds(st, FAR)
    assert panel["rule"] == "C6.7" and "spotted only from 8.10" in panel["table"]
    hit = sum(p for w, p in panel["chances"] if w != "no effect")
    assert 0 < hit <= Fraction(1, 6)
