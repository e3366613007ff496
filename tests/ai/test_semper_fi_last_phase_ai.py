"""The AI's last action phase of the game. The result is read when it ends, so the side fires at
the enemy standing where the victory looks before anything else, from the hexes that could not
assault it first (that fire costs no assault and may suppress the defenders), then assaults,
and spends no ammunition budget it would otherwise keep (player._final_fire)."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.player import _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-2-battle-for-east-hill"


def _last_phase(first: str, last: str) -> Match:
    """7.2's East Hill: the last Marines at 18.23 (1,200 m and more), two Chinese platoons next to
    them at 17.23, a Chinese MG section two hexes off at 16.24 with a line of fire."""
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, first=first, last=last, victory=sc["victory"])
    put(st, "dog-10-eng-eng-1", "18.23")
    put(st, "1-240-plt-1", "17.23")
    put(st, "1-240-plt-2", "17.23")
    put(st, "1-240-mg-1", "16.24")
    st.first = st.active = st.turn_side = "nk"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_the_last_phase_is_known_and_reads_the_hexes_the_victory_reads() -> None:
    m = _last_phase("29 Nov 0600", "29 Nov 0600")
    c = _Ctx(m.state, "nk")
    assert c.final and "18.23" in c.decisive
    assert not _Ctx(m.state, "us").final                       # not the Marines' phase
    early = _last_phase("29 Nov 0500", "29 Nov 0600")
    assert not _Ctx(early.state, "nk").final


def test_in_the_last_phase_the_mg_fires_first_and_the_platoons_then_assault() -> None:
    """Before, the platoons assaulted at once and the MG section, with nothing left to shoot at,
    switched to move mode: its fire at the hex that decides the game was never given."""
    m = _last_phase("29 Nov 0600", "29 Nov 0600")
    legal = m.legal_actions()
    assert {"type": "fire", "from": "16.24", "at": "18.23"} in legal
    ai = make_ai(seed=1, side="nk")
    first = ai.choose(m, legal)
    assert first == {"type": "fire", "from": "16.24", "at": "18.23"}
    m.apply(first)
    marines = make_ai(seed=1, side="us")                   # their reactions to the fire
    seen = []
    while len(seen) < 8 and m.outcome() is None:
        side = m.state.active
        a = (ai if side == "nk" else marines).choose(m, m.legal_actions())
        if side == "nk":
            seen.append(a)
            if a["type"] in ("assault", "end-phase"):
                break
        m.apply(a)
    assert seen and seen[-1] == {"type": "assault", "from": "17.23", "to": "18.23"}, seen


def test_before_the_last_turn_the_platoons_are_not_hurried() -> None:
    """Two turns from the end the same position is no last phase: no bonus on fire or assault."""
    m = _last_phase("29 Nov 0500", "29 Nov 0600")
    c = _Ctx(m.state, "nk")
    ai = make_ai(seed=1, side="nk")
    fire = {"type": "fire", "from": "16.24", "at": "18.23"}
    assert ai._final_fire(m.state, fire, c) == 0.0


def test_the_hint_says_why_the_last_phase_fire() -> None:
    m = _last_phase("29 Nov 0600", "29 Nov 0600")
    why = make_ai(seed=1, side="nk").explain(m, {"type": "fire", "from": "16.24", "at": "18.23"})
    assert "last action phase" in why
    early = _last_phase("29 Nov 0500", "29 Nov 0600")
    assert "last action phase" not in make_ai(seed=1, side="nk").explain(
        early, {"type": "fire", "from": "16.24", "at": "18.23"})


def _airstrip_at_night(chinese_at: str) -> Match:
    """7.1's last phase, the Marines moving second, at night: a Chinese platoon revealed but not
    seen at ``chinese_at``, 2 hexes from the Marines' platoon, within 3 of the town."""
    sc = scenario("7-1-assault-on-the-airstrip")
    st = bare(map_name="hagaru", stand_in=False, first="28 Nov 2200", last="29 Nov 0100",
              victory=sc["victory"], mortar=sc.get("mortar", []))
    put(st, "how-3-1-plt-2", "16.11")
    put(st, "item-3-1-60mm-1", "16.13")
    put(st, "1-172-plt-4", chinese_at, hidden=False)
    st.turn, st.phase, st.first = len(st.clock), "action-2", "nk"
    st.active = st.turn_side = "us"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_in_the_last_phase_the_marines_light_up_a_chinese_unit_that_would_make_it_a_draw() -> None:
    """1.2: an illumination round lets the hex be seen and fired on. Before, the mortar dug in
    and the Chinese platoon, unseen in the dark 3 hexes from the airfield, made the game a draw."""
    m = _airstrip_at_night("17.10")
    legal = m.legal_actions()
    light = {"type": "mortar", "unit": "item-3-1-60mm-1", "at": "17.10", "ammo": "illum"}
    assert light in legal and not any(a.get("at") == "17.10" and a.get("ammo") == "he" for a in legal)
    assert "17.10" in _Ctx(m.state, "us").decisive
    assert make_ai(seed=1, side="us").choose(m, legal) == light


def test_the_hint_says_why_the_round_lights_that_hex() -> None:
    m = _airstrip_at_night("17.10")
    why = make_ai(seed=1, side="us").explain(
        m, {"type": "mortar", "unit": "item-3-1-60mm-1", "at": "17.10", "ammo": "illum"})
    assert "illumination round over 17.10" in why and "last action phase" in why and "(1.2)" in why


def test_in_the_last_phase_a_platoon_next_to_a_decisive_hex_assaults_it_not_fires_past_it() -> None:
    """7.1, seed 1115 against random: in the Marines' last phase a platoon at 17.11 stood next to
    a Chinese section at 18.10 and could see a Chinese MG at 19.11 (lit by an illumination round),
    both within 3 hexes of the airfield. It fired at 19.11, which counted as fire that "costs no
    assault" because 19.11 is not next to it; but a unit that fires may not assault (C8.1), so its
    assault on 18.10 was never made and the game was a draw. Now it keeps the assault."""
    from app.games.semper_fi.state import Barrage
    sc = scenario("7-1-assault-on-the-airstrip")
    st = bare(map_name="hagaru", stand_in=False, first="28 Nov 2200", last="29 Nov 0100",
              victory=sc["victory"], mortar=sc.get("mortar", []))
    put(st, "item-3-1-plt-2", "17.11")
    put(st, "3-172-wpn-2", "18.10", hidden=False, mode="move")
    put(st, "1-172-mg-1", "19.11", hidden=False, mode="move")
    st.barrages.append(Barrage(hex="19.11", kind="illum", side="us", placed="4:action-2"))
    st.barrages.append(Barrage(hex="18.10", kind="illum", side="us", placed="4:action-2"))
    st.turn, st.phase, st.first = len(st.clock), "action-2", "nk"
    st.active = st.turn_side = "us"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    legal = m.legal_actions()
    assault = {"type": "assault", "from": "17.11", "to": "18.10"}
    assert assault in legal
    assert {"type": "fire", "from": "17.11", "at": "19.11"} in legal
    c = _Ctx(st, "us")
    assert c.final and {"18.10", "19.11"} <= c.decisive
    assert make_ai(seed=1, side="us").choose(m, legal) == assault
