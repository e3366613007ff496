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


def test_c5_2_the_hexes_that_spot_a_stack_are_those_that_see_one_of_its_units() -> None:
    """spotting_hexes works out the farthest a stack is seen from once (its most visible unit)
    instead of once per unit and observer; the answer is the one unit-by-unit reading of C5.2
    gives, for stacks that fired, dug in or neither, over a played night position of 7.1."""
    from pathlib import Path

    from app.ai.selfplay import make_player
    from app.engine.match import Match
    from app.engine.scenario import load_scenario
    from app.games.semper_fi.sight import los
    from app.games.semper_fi.units import revealed_at, units_of

    path = next(Path("resources/semper-fi/scenarios").glob("7-1-*.toml"))
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=11, keep_snapshots=False)
    seats = {s: make_player(game, "random", 11, s) for s in game.sides}
    checked = 0
    for i in range(300):
        if m.outcome() is not None:
            break
        st = m.state
        b = bd(st)
        if st.phase.startswith("action") and i % 10 == 0:
            for side in ("us", "nk"):
                enemy = "nk" if side == "us" else "us"
                for t in sorted({st.units[u].at for u in units_of(st, enemy)} & b.hexset):
                    own = {st.units[u].at for u in units_of(st, side)} & b.hexset
                    slow = {h for h in own - {t} if any(
                        b.grid.distance(h, t) <= spotting_range(st, b, t, fired=st.units[u].fired,
                                                                dug_in=st.units[u].dug_in)
                        and los(st, b, h, t)[0] for u in revealed_at(st, t, enemy))}
                    assert set(overwatch.spotting_hexes(st, side, t)) == slow
                    checked += 1
        a = seats[st.active].choose(m, m.legal_actions())
        m.apply(a)
    assert checked > 40
