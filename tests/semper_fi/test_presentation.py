"""The presentation hooks: counters with both modes and morale flags, the clock, ammunition and
air panels, overlays, player words for actions, drop targets, fire previews, LOS lines, and views
that keep hidden units from the other side."""

from __future__ import annotations

from app.games.semper_fi.game import GAME
from app.games.semper_fi.state import Barrage

from tests.semper_fi.conftest import bare, put, scenario


def test_pieces_show_both_modes_and_morale_flags() -> None:
    st = bare()
    put(st, "1-5-plt-1", "12.10", morale="suppressed", dug_in=True)
    p = next(x for x in GAME.pieces(st, "us") if x["id"] == "1-5-plt-1")
    assert p["modes"]["fire"]["area"] == 5 and p["modes"]["move"]["ma"] == 4
    assert {"fire-mode", "suppressed", "dug-in"} <= set(p["flags"])
    assert p["nation"] == "usmc" and p["unit_type"] == "infantry" and p["values"] == "5-3"


def test_hidden_units_only_shown_to_their_owner() -> None:
    st = bare()
    put(st, "1-18-plt-1", "6.11", hidden=True)
    assert "1-18-plt-1" in {p["id"] for p in GAME.pieces(st, "nk")}
    us = GAME.pieces(st, "us")
    assert "1-18-plt-1" not in {p["id"] for p in us}
    assert [p for p in us if p["kind"] == "marker" and p["at"] == "6.11"]
    v = GAME.view(st, "us")
    assert v["units"]["1-18-plt-1"] == {"at": "6.11", "hidden": True}
    st.options["totally-hidden"] = True
    assert "1-18-plt-1" not in GAME.view(st, "us")["units"]
    assert not [p for p in GAME.pieces(st, "us") if p["at"] == "6.11"]


def test_panels_turn_clock_ammunition_and_air_track() -> None:
    from app.games.semper_fi.setup import setup_state
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    st.air = [3, 3]
    panels = {p["title"]: dict(p["rows"]) for p in GAME.panels(st, None)}
    assert panels["Turn clock"]["Time"] == "17 Aug 0800"
    assert panels["Ammunition"]["105mm HE"] == "50"
    assert panels["Air (loiter track)"]["0840"] == "2 F4U"
    us = {p["title"]: dict(p["rows"]) for p in GAME.panels(st, "us")}
    assert "76mm HE" not in us["Ammunition"]


def test_describe_action_in_player_words_and_drop_targets() -> None:
    st = bare()
    put(st, "1-5-plt-1", "12.10", mode="move")
    assert GAME.describe_action(st, {"type": "move", "unit": "1-5-plt-1", "to": "11.10"}) == "Move Plt 1 1/5 to 11.10"
    assert GAME.describe_action(st, {"type": "end-phase"}) == "End this phase"
    drops = GAME.drop_targets(st, "1-5-plt-1")
    assert "11.10" in drops and drops["11.10"]["cost"] == 0.5
    for a in GAME.legal_actions(st):
        words = GAME.describe_action(st, a)
        assert "{" not in words and "type" not in words


def test_fire_preview_and_los_line() -> None:
    st = bare()
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "11.12", hidden=False)
    pv = GAME.fire_preview(st, {"type": "fire", "from": "12.10", "at": "11.12"})
    assert pv["firepower"] == 5 and abs(sum(pv["chances"].values()) - 1) < 1e-3
    words = GAME.describe_action(st, {"type": "fire", "from": "12.10", "at": "11.12"})
    assert "column 4-5" in words and "step losses" in words
    line = GAME.los_line(st, "12.10", "4.10")
    assert line["visible"] is False and line["blocked_at"] in line["hexes"] and "blocked at" in line["why"]


def test_overlays_show_barrages_and_boundaries() -> None:
    from app.games.semper_fi.setup import setup_state
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    st.barrages.append(Barrage("8.10", "smoke", "us"))
    ov = GAME.overlays(st, "us")
    assert any(o["label"] == "Smoke" for o in ov)
    assert any(o.get("group") == "Boundaries" and "12.16" in o["hexes"] for o in ov)


def test_drop_targets_agree_with_legal_actions() -> None:
    """The per-unit shortcut the window uses gives exactly the legal moves and placements."""
    from app.engine.match import Match
    from app.engine.rng import Rng
    m = Match.start(GAME, scenario("5-1-morning-assault"), seed=9, keep_snapshots=False)
    rng = Rng.from_seed(1)
    for _ in range(60):
        st = m.state
        legal = m.legal_actions()
        for uid in list(st.units)[::7]:
            want = {a["to"] for a in legal if a.get("unit") == uid and a["type"] in ("move", "place", "retreat")}
            assert set(GAME.drop_targets(st, uid)) == want, uid
        quick = [a for a in legal if a["type"] in ("place-rest", "end-setup", "end-phase", "pass", "go-first")]
        m.apply(quick[0] if quick and rng.below(2) else legal[rng.below(len(legal))])
        if m.outcome():
            break


def test_the_shared_log_does_not_give_away_hidden_units() -> None:
    from tests.semper_fi.conftest import act, texts
    st = bare()
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-18-plt-1", "2.03", hidden=True, mode="move")
    to = sorted(GAME.drop_targets(st, "1-18-plt-1"))[0]
    ctx = act(st, {"type": "move", "unit": "1-18-plt-1", "to": to}, [1])
    assert st.units["1-18-plt-1"].hidden
    assert "2/18" not in texts(ctx) and "1/18" not in texts(ctx) and to not in texts(ctx)
    assert all("unit" not in e.data for e in ctx.events)


def test_victory_status_during_set_up_says_why_nothing_is_counted_yet() -> None:
    from app.games.semper_fi.presentation import victory_status
    from app.games.semper_fi.setup import setup_state
    st = setup_state(scenario("7-2-battle-for-east-hill"), {}, 1)
    assert st.phase == "setup"
    vs = victory_status(st)
    assert vs["short"] == "Setting up"
    assert "set up" in vs["summary"] and vs["summary"][0].isupper()


def test_victory_status_gives_the_level_once_and_the_reason_beside_it() -> None:
    from app.games.semper_fi.presentation import victory_status
    st = bare()
    put(st, "1-18-plt-1", "7.13")
    vs = victory_status(st)
    assert vs["short"] and vs["summary"]
    assert not vs["summary"].startswith(vs["short"])          # "NK Victory: ..." was said twice
    assert vs["summary"][0].isupper() and vs["summary"].lower() == vs["reason"].lower()


def test_whole_map_view_shows_a_machine_gun_in_move_mode_by_its_steps_not_a_zero() -> None:
    """At whole-map zoom a counter is a plain block with one figure. The first printed value of a
    Marine MG section in move mode is its area fire, 0; the block now shows the steps left."""
    from app.ui.scene_items import glance_text
    st = bare()
    put(st, "1-5-mg-1", "12.10", mode="move", steps=1)
    put(st, "1-5-plt-1", "12.11")
    pcs = {p["id"]: p for p in GAME.pieces(st, "us")}
    mg, plt = pcs["1-5-mg-1"], pcs["1-5-plt-1"]
    assert mg["values"].startswith("0-")
    assert glance_text(mg) == "1" and glance_text(plt) == str(st.units["1-5-plt-1"].steps)
    assert glance_text({"values": "8-4"}) == "8"            # Korea-style counters: the strength
