"""The optional hooks the window reads (docs/ui.md): the turn's date and phase name, the battles
with their odds markers, the pending decision, retreat targets on the map, the odds with air
units being chosen, the victory status and the overlay groups. None of them decides legality:
every action they point at is one of ``legal_actions``."""

from __future__ import annotations

from app.engine.match import Match
from app.engine.state import canonical_json
from app.games.korea38 import GAME
from app.games.korea38.victory import determine

from tests.korea38.fixtures.build import edge_road, air, make_data, start, turns, unit

OFFENSIVE = turns(t4={"offensive": {"communist": True, "allied": True}})


def _campaign():
    from app.engine.scenario import load_scenario
    _game, loaded = load_scenario("resources/korea38/scenarios/campaign.toml")
    return Match.start(GAME, loaded.data, seed=1)


def test_turn_date_phase_name_and_victory_status_on_the_shipped_campaign():
    m = _campaign()
    assert GAME.turn_label(m.state) == "Jun 1950"
    assert GAME.phase_label(m.state) == "Communist Reinforcements & Replacements"
    vs = GAME.victory_status(m.state)
    res = determine(m.state)
    assert vs["winner"] == res["winner"] and vs["level"] == res["level"] and vs["reason"] == res["reason"]
    assert vs["headline"].startswith("If the war ended now")
    text = " ".join(str(c) for r in vs["rows"] for c in r)
    assert "Pusan" in text and "Manp'o" in text and "Seoul" in text and "P'yongyang" in text
    assert len(vs["hexes"]["communist"]) == int(res["counts"]["communist"])


def _battle(key="hk-battle", seed=2):
    make_data(key, units=[unit("kpa-1", "kpa", strength=(8, 4)), unit("kpa-2", "kpa", strength=(8, 4)),
                          unit("rok-1", "rok", strength=(5, 3))],
              features={"2017": ["city", "port"]}, turn_track=OFFENSIVE, roads=edge_road())
    m = start(key, seed=seed, turn=4, phase="communist-combat",
              pieces={"kpa-1": "2013", "kpa-2": "2113", "rok-1": "2014"})
    for u in ("kpa-1", "kpa-2"):
        m.apply({"type": "declare-add", "defender": "rok-1", "unit": u, "role": "attack"})
    return m


def _legal(m, a):
    return any(canonical_json(a) == canonical_json(x) for x in m.legal_actions())


def test_battles_markers_keep_the_odds_fought_at_and_retreats_are_picked_on_the_map():
    m = _battle()
    assert GAME.decision(m.state) == {"kind": "declare"}
    b = GAME.battles(m.state)
    assert len(b) == 1 and b[0]["marker"] == "3-1" and b[0]["defender"] == "rok-1"
    assert [u["id"] for u in b[0]["attackers"]] == ["kpa-1", "kpa-2"] and b[0]["attackers"][0]["at"] == "2013"
    m.apply({"type": "declare-done"})
    assert GAME.decision(m.state) == {"kind": "resolve"}
    m.apply({"type": "resolve", "battle": 0})
    st = m.state
    assert st.pending[0].kind == "retreat"
    dec = GAME.decision(st)
    assert dec["kind"] == "retreat" and dec["piece"] == "rok-1" and dec["auto"]
    targets = GAME.drop_targets(st, "rok-1")
    assert targets
    for end, info in targets.items():
        for c in info.get("choices") or [info]:
            assert _legal(m, c["action"])
            assert c["path"][0] == "2014" and c["path"][-1] == end
    assert GAME.drop_targets(st, "kpa-1") == {}          # only the retreating unit has targets
    end = sorted(targets)[0]
    m.apply(targets[end]["action"])
    st = m.state
    # the marker and the panel keep the odds the battle was fought at
    b = GAME.battles(st)[0]
    assert b["marker"] == "3-1" and b["rolled"] and b["result"] in ("DR", "DRL")
    bd = GAME.odds_breakdown(st, 0)
    assert bd["column"] == "3:1" and bd["roll"] == st.battles[0].roll and bd["result"] == st.battles[0].result
    dec = GAME.decision(st)
    assert dec["kind"] == "advance" and sorted(dec["pieces"]) == ["kpa-1", "kpa-2"] and dec["hex"] == "2014"
    assert GAME.drop_targets(st, "kpa-2")["2014"]["action"] == {"type": "advance", "unit": "kpa-2", "to": "2014"}


def test_odds_with_the_air_units_being_chosen_and_the_mig_decision():
    make_data("hk-air", units=[unit("us-1", "us", strength=(8, 4)), unit("us-2", "us", strength=(8, 4)),
                               unit("kpa-1", "kpa", strength=(8, 4)),
                               air("f80"), air("f51"), air("mig", side="communist", role="cancel")],
              mig_alley=["2014"], features={"2017": ["city", "port"]}, turn_track=OFFENSIVE, roads=edge_road())
    m = start("hk-air", turn=4, phase="allied-combat",
              pieces={"us-1": "2015", "us-2": "2114", "kpa-1": "2014", "f80": "air", "f51": "air", "mig": "air"})
    for u in ("us-1", "us-2"):
        m.apply({"type": "declare-add", "defender": "kpa-1", "unit": u, "role": "attack"})
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    dec = GAME.decision(m.state)
    assert dec["kind"] == "air" and dec["units"] == ["f51", "f80"] and dec["limit"] == 2
    assert GAME.odds_breakdown(m.state, 0)["column"] == "2:1"
    assert GAME.odds_breakdown(m.state, 0, ["f80"])["column"] == "3:1"
    assert GAME.odds_breakdown(m.state, 0, ["f80", "f51"])["column"] == "4:1"
    assert m.state.battles[0].air == []                  # a preview changes nothing
    m.apply({"type": "air", "units": ["f80"]})
    dec = GAME.decision(m.state)
    assert dec["kind"] == "mig" and dec["cancel"] == ["f80"]


def test_overlay_groups_and_the_trail_of_a_unit_moving_in_legs():
    make_data("hk-ov", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")])
    m = start("hk-ov", phase="communist-movement", pieces={"kpa-1": "2011", "rok-1": "2018"})
    ovs = {o["id"]: o for o in GAME.overlays(m.state, None)}
    assert ovs["in-communication-communist"].get("group") == "In Communication and isolation"
    assert "group" not in ovs["in-communication-allied"]   # the other side's supply: on its own
    for s in ("communist", "allied"):
        assert ovs[f"isolated-{s}"]["group"] == ovs[f"out-of-communication-{s}"]["group"]
        assert ovs[f"isolated-{s}"]["optional"]
    assert ovs["held-communist"]["group"] == ovs["held-allied"]["group"] == GAME.victory_status(m.state)["overlay_group"]
    assert "move-trail" not in ovs
    m.apply({"type": "move", "unit": "kpa-1", "to": "2012"})
    ovs = {o["id"]: o for o in GAME.overlays(m.state, None)}
    assert ovs["move-trail"]["points"] == ["2011", "2012"] and not ovs["move-trail"].get("optional")
    dec = GAME.decision(m.state)
    assert dec["kind"] == "moving" and dec["piece"] == "kpa-1"
    pcs = {p["id"]: p for p in GAME.pieces(m.state, None)}
    assert "moving" in pcs["kpa-1"]["flags"] and "moved" not in pcs["kpa-1"]["flags"]
    assert any("3 of 4 movement points left" in i for i in pcs["kpa-1"]["info"])
