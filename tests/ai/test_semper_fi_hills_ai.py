"""The Marines on Obong-ni Ridge (5.2, 5.3): each hill counts once, however many Marine units
stand on it, so a hill held keeps one and the rest go on to the hills not yet held
(``hill_share``). Before, every hilltop hex was every unit's objective and a unit standing on
one never left it with the enemy near: in 5.3 twenty units sat on Hills 102 and 109 for the
last forty turns while Hills 117 and 143 stood empty."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.objectives import hill_share, hills
from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "5-3-battle-for-no-name-ridge"
MARINES = ["1-5-plt-1", "1-5-plt-2", "1-5-mg-1"]


def _position(us: list[tuple[str, str]], nk: list[tuple[str, str]]) -> Match:
    sc = scenario(SCEN)
    st = bare(map_name="no-name-ridge", stand_in=False, first="17 Aug 1500", last="18 Aug 1200",
              victory=sc["victory"], rules={"boundary": sc["rules"]["boundary"]})
    for uid, at in us:
        put(st, uid, at)
    for uid, at in nk:
        put(st, uid, at, hidden=False)
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_5_3_every_hill_of_the_victory_is_one_place_open_to_the_marines() -> None:
    m = _position([], [])
    named = dict(hills(m.state, "us"))
    assert set(named) == {"Hill 102", "Hill 109", "Hill 117", "Hill 143", "Hill 147", "Hill 153"}
    assert named["Hill 153"] == frozenset({"5.03", "5.04"})
    assert named["Hill 147"] == frozenset({"5.05", "5.06", "4.05"})
    assert hills(m.state, "nk") == hills(m.state, "nk")           # asked for either side, no error


def test_5_3_a_hill_held_keeps_one_unit_and_the_assault_units_go_on() -> None:
    m = _position([(u, "7.13") for u in MARINES], [("1-18-plt-1", "5.07")])
    share = hill_share(m.state, "us", MARINES)
    # the MG section, which cannot assault, keeps Hill 102; both platoons leave for other hills
    assert share["1-5-mg-1"] == frozenset({"7.13"})
    assert share["1-5-plt-1"] != frozenset({"7.13"}) and share["1-5-plt-2"] != frozenset({"7.13"})
    assert share["1-5-plt-1"] != share["1-5-plt-2"]                 # one hill each, not both on one
    assert hill_share(m.state, "nk", ["1-18-plt-1"]) == {}          # the defender shares nothing


def test_5_3_a_unit_that_cannot_assault_goes_only_to_a_hill_no_enemy_holds() -> None:
    m = _position([("1-5-mg-1", "7.13"), ("1-5-mg-2", "7.13")], [("1-18-plt-1", "6.11")])
    share = hill_share(m.state, "us", ["1-5-mg-1", "1-5-mg-2"])
    spare = next(u for u in share if share[u] != frozenset({"7.13"}))
    assert "6.11" not in share[spare]                               # Hill 109 is held by the enemy


def test_5_3_with_every_hill_held_the_units_stay_where_they_are() -> None:
    tops = ["7.13", "6.11", "5.09", "5.07", "5.06", "5.04"]
    us = [(f"1-5-plt-{i + 1}", h) for i, h in enumerate(tops)] + [("1-5-mg-1", "5.09")]
    m = _position(us, [])
    share = hill_share(m.state, "us", [u for u, _h in us])
    assert share["1-5-mg-1"] == frozenset({"5.09", "5.10"})
    assert all(m.state.units[u].at in share[u] for u, _h in us)


def _choice_off_the_hill(monkeypatch, share: bool) -> dict:
    import app.ai.semper_fi.player as player
    monkeypatch.setattr(player, "HILLS", share)
    m = _position([(u, "7.13") for u in MARINES], [("1-18-plt-1", "5.12")])
    # the phase after the fire at the platoon in sight: changes of mode, digging in, or the end
    legal = [a for a in m.legal_actions() if a["type"] in ("mode", "dig-in", "end-phase")]
    assert {"type": "end-phase"} in legal
    return make_ai(seed=1, side="us").choose(m, legal)


def test_5_3_the_ai_sends_a_spare_platoon_off_a_held_hill_with_the_enemy_near(monkeypatch) -> None:
    """Two platoons and an MG section on Hill 102, a North Korean platoon three hexes off: a
    platoon changes to move mode to go for another hill (without the share-out every unit stood
    on an objective hex with the enemy near, and none did)."""
    a = _choice_off_the_hill(monkeypatch, True)
    assert a["type"] == "mode" and a["to"] == "move" and a["unit"] in ("1-5-plt-1", "1-5-plt-2"), a
    before = _choice_off_the_hill(monkeypatch, False)
    assert not (before["type"] == "mode" and before.get("to") == "move"), before


# -- 5.3: 2/5 waits for 1/5 ---------------------------------------------------------------------
def _first_marine_phase(monkeypatch, wait: bool) -> tuple[Match, dict]:
    import app.ai.semper_fi.player as player
    from app.ai.selfplay import make_player
    monkeypatch.setattr(player, "WAIT", wait)
    m = Match.start(GAME, scenario(SCEN), seed=1000, keep_snapshots=False)
    seats = {s: make_player(GAME, p, 1000, s) for s, p in zip(GAME.sides, ("ai", "random"))}
    while not (m.state.phase.startswith("action") and m.state.active == "us"):
        m.apply(seats[m.state.active].choose(m, m.legal_actions()))
    legal = [a for a in m.legal_actions() if a["type"] in ("mode", "dig-in", "end-phase", "move")]
    return m, make_ai(seed=1, side="us").choose(m, legal)


def test_5_3_the_marines_wait_for_the_battalion_due_at_1300() -> None:
    from app.ai.semper_fi.objectives import waiting_for_reinforcements
    m = Match.start(GAME, scenario(SCEN), seed=1000, keep_snapshots=False)
    st = m.state
    st.turn = 1
    assert waiting_for_reinforcements(st, "us") and not waiting_for_reinforcements(st, "nk")
    st.turn = st.clock.index("17 Aug 1300") + 1                  # 1/5 and the tanks are here
    assert not waiting_for_reinforcements(st, "us")


def test_5_3_2_5_holds_its_ground_before_1300_and_would_go_forward_otherwise(monkeypatch) -> None:
    _m, a = _first_marine_phase(monkeypatch, True)
    assert not (a["type"] == "mode" and a["to"] == "move") and a["type"] != "move", a
    _m, before = _first_marine_phase(monkeypatch, False)
    assert before["type"] == "mode" and before["to"] == "move", before
