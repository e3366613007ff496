"""7.1's Marines hold the rim of the ring. One Chinese unit within 3 hexes of Hagaru or the
airfield at the end makes the game a draw. Before, the Marines set up one hex inside that ground,
so a Chinese unit that only stepped up to their line (17.10, 18.10) already stood in it, often in
the game's last phase, when nothing could answer. A unit reaches the ring only through one of its
rim hexes (``objectives.ring_rim``), and a hex the Marines hold only by assault (C8), so the
Marines set up on the rim and its last unit there stays."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.ai.semper_fi import make_ai
from app.ai.semper_fi import player as ai_player
from app.ai.semper_fi.objectives import denied_hexes, ring_rim
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd, units_of

from semper_fi_phases import play_phase
from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-1-assault-on-the-airstrip"
RIM = {"12.13", "13.13", "14.11", "14.12", "15.11", "16.10", "17.10", "18.10", "19.11", "20.11",
       "21.12", "22.12"}
#: the rim hexes inside the set-up areas of How/3/1, Item/3/1 and Wpns/3/1 (the west end is beyond them)
RIM_IN_REACH = RIM - {"12.13", "13.13", "14.12"}
RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "semper-fi" / "scenarios"


def _setup(seed: int) -> Match:
    """7.1 with the AI's Marines set up (the Chinese still to place)."""
    game, loaded = load_scenario(RESOURCES / f"{SCEN}.toml")
    m = Match.start(game, loaded.data, seed=seed, keep_snapshots=False)
    ai = make_ai(seed=seed, side="us")
    for _ in range(500):
        if m.state.phase != "setup" or m.state.active != "us":
            break
        m.apply(ai.choose(m, m.legal_actions()))
    return m


def _position(marines: dict[str, str], mode: str = "move") -> Match:
    """The Marines' action phase two turns before the end, the Chinese far off (a hidden platoon
    at 17.02, in the north of the area in play)."""
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, first="28 Nov 2200", last="29 Nov 0100",
              victory=sc["victory"], rules=sc["rules"], mortar=sc.get("mortar", []))
    for u, h in marines.items():
        put(st, u, h, mode=mode)
    put(st, "1-172-plt-4", "17.02", hidden=True)
    st.turn, st.phase, st.first = len(st.clock) - 2, "action-2", "nk"
    st.active = st.turn_side = "us"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_7_1_the_rim_is_the_ring_hexes_an_enemy_can_step_into_from_the_area_in_play() -> None:
    m = _setup(1)
    st = m.state
    b = bd(st)
    assert ring_rim(st, "us") == RIM
    ring = denied_hexes(st, "us")
    assert RIM <= ring
    # every other ring hex in play has no neighbour outside the ring that a Chinese unit may enter
    assert "17.11" in ring and "17.11" not in RIM
    assert all(n in ring for n in b.grid.neighbours("17.11") if n in b.hexset)
    assert ring_rim(st, "nk") == frozenset()              # the attacker has no rim to hold


def test_other_scenarios_have_no_rim() -> None:
    game, loaded = load_scenario(RESOURCES / "7-2-battle-for-east-hill.toml")
    m = Match.start(game, loaded.data, seed=1, keep_snapshots=False)
    assert ring_rim(m.state, "us") == frozenset()


@pytest.mark.parametrize("seed", [1, 2])
def test_7_1_the_marines_set_up_on_every_rim_hex_they_can_reach(seed: int) -> None:
    st = _setup(seed).state
    held = {st.units[u].at for u in units_of(st, "us")}
    assert RIM_IN_REACH <= held


def test_7_1_without_the_rim_they_set_up_a_hex_inside(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old set-up, nearest the town and the airfield: 16.10-18.10 left to the Chinese."""
    monkeypatch.setattr(ai_player, "RIM", 0.0)
    st = _setup(1).state
    held = {st.units[u].at for u in units_of(st, "us")}
    assert not {"16.10", "17.10", "18.10"} & held


def test_7_1_the_last_marine_on_a_rim_hex_stays() -> None:
    m = _position({"item-3-1-plt-1": "17.10"})
    play_phase(m)
    assert m.state.units["item-3-1-plt-1"].at == "17.10"


def test_7_1_without_the_rule_it_walks_in_toward_the_airfield(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_player, "RIM_KEEP", 0.0)
    m = _position({"item-3-1-plt-1": "17.10"})
    play_phase(m)
    assert m.state.units["item-3-1-plt-1"].at != "17.10"


def test_7_1_a_marine_of_a_stack_next_to_an_empty_rim_hex_fills_it() -> None:
    m = _position({"item-3-1-plt-1": "17.11", "item-3-1-plt-2": "17.11"})
    play_phase(m)
    at = {m.state.units[u].at for u in ("item-3-1-plt-1", "item-3-1-plt-2")}
    assert at & RIM, at


def test_the_hint_says_why_a_marine_sets_up_on_the_rim() -> None:
    m = _setup(1)
    st = m.state
    u = next(u for u in units_of(st, "us") if st.units[u].at == "17.10")
    st.units[u].at = "setup"                              # as if about to place it again
    why = make_ai(seed=1, side="us").explain(m, {"type": "place", "unit": u, "to": "17.10"})
    assert "on the edge of the ground within 3 hexes" in why and "(C8)" in why


def test_the_hint_gives_no_rim_reason_for_a_tank() -> None:
    """Tanks are not set up on the rim for it (``player.RIM``), so the hint does not say so."""
    m = _setup(1)
    st = m.state
    for u in units_of(st, "us"):
        if st.units[u].at == "16.10":
            st.units[u].at = "setup"                      # the rim hex empty again
    ai = make_ai(seed=1, side="us")
    platoon = ai.explain(m, {"type": "place", "unit": "item-3-1-plt-1", "to": "16.10"})
    tank = ai.explain(m, {"type": "place", "unit": "4-dog-1-armor-m4105-1", "to": "16.10"})
    assert "edge of the ground" in platoon and "edge of the ground" not in tank
