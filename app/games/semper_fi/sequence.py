"""Sequence of play (C2): set-up, then each turn a command phase (reinforcements, battalion
morale on the full hour per 1.8b, special rules), the initiative roll and choice (1.7g), the
aircraft and artillery phase, two action phases, and clean-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.game import Context
from app.games.semper_fi import air, morale, special, victory
from app.games.semper_fi.data import NK, US
from app.games.semper_fi.sight import light
from app.games.semper_fi.units import other, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

SIDE_NAMES = {US: "US", NK: "North Korean"}


def side_name(state: "SFState", side: str) -> str:
    """The side as this scenario's players call it: the communist side is Chinese at Chosin."""
    if side == NK:
        return str((state.scen.get("play") or {}).get("nk_name", SIDE_NAMES[NK]))
    return SIDE_NAMES.get(side, side)


def phasing(state: "SFState") -> str:
    if state.phase == "action-1":
        return state.first
    if state.phase == "action-2":
        return other(state.first)
    return state.turn_side or state.active


def begin_play(state: "SFState", ctx: Context) -> None:
    special.after_setup(state, ctx)
    begin_turn(state, ctx)


def full_hour(state: "SFState") -> bool:
    t = state.clock[state.turn - 1][-4:]
    if not t.endswith("00"):
        return False
    if light(state) == "night":
        return int(t[:2]) % 2 == 0                     # 1.8b: even hours at night
    return True


def begin_turn(state: "SFState", ctx: Context) -> None:
    """Command phase, then the initiative (C2.1)."""
    ctx.log(f"Turn {state.turn}: {state.clock[state.turn - 1]} ({light(state)})", "C2.1", kind="turn")
    for s in state.units.values():
        s.acted = ""
        s.mp_spent = 0.0
        s.mp_left = 0.0
    state.batteries_fired = set()
    state.batteries_direct = set()
    for k in state.mortar_used:
        state.mortar_used[k] = 0
    if full_hour(state) and state.turn > 1:
        morale.battalion_recovery(state, ctx)
    special.command_phase(state, ctx)
    opsheet_commitment(state, ctx)
    air.arrivals(state, ctx)
    if state.turn == 1:
        air.initial_airstrikes(state, ctx)
    ini = (state.scen.get("play") or {}).get("initiative", "roll")
    if ini in (US, NK) and state.turn == 1:
        winner = ini
        ctx.log(f"The {side_name(state, winner)} player has the initiative this turn", "1.7g", kind="initiative")
    else:
        while True:
            a = ctx.d6("Initiative: US", "1.7g")
            b = ctx.d6(f"Initiative: {side_name(state, NK)}", "1.7g")
            if a != b:
                break
        winner = US if a > b else NK
        ctx.log(f"The {side_name(state, winner)} player wins the initiative", "1.7g", kind="initiative")
    state.initiative = winner
    state.phase = "initiative"
    state.active = winner


def opsheet_commitment(state: "SFState", ctx: Context) -> None:
    """Op sheets: written sheets roll for implementation (C12.4); after contact each uncommitted
    formation rolls against the prep rating (C12.2) and then follows the sheet it waited on."""
    from app.games.semper_fi import orders
    orders.implementation(state, ctx)
    if not orders.active(state) or not state.contact:
        return
    prep = (state.scen.get("rules") or {}).get("prep_rating", {})
    for f in sorted(state.committed):
        if state.committed[f]:
            continue
        side = orders.side_of(state, f)
        who = orders.formation_name(state, f)
        r = ctx.d6(f"Reserve commitment for {who}", "C12.2")
        if r >= int(prep.get(side, 3)):
            state.committed[f] = True
            if state.opsheets.get(f) == "reserve":
                state.opsheets[f] = str((state.scen.get("rules") or {}).get("reserve_sheet", "attack"))
            ctx.log(f"{who} is committed and may now move and fire freely", "C12.2", kind="orders")


def choose_first(state: "SFState", first: bool, ctx: Context) -> None:
    me = state.active
    state.first = me if first else other(me)
    ctx.log(f"The {side_name(state, me)} player chooses to take the {'first' if first else 'second'} action phase",
            "1.7g", kind="initiative")
    state.phase = "air-artillery"
    state.active = state.turn_side = state.initiative


def end_phase(state: "SFState", ctx: Context) -> None:
    if state.phase == "air-artillery":
        if state.turn_side == state.initiative:
            state.active = state.turn_side = other(state.initiative)
            return
        start_action(state, "action-1", ctx)
        return
    if state.phase == "action-1":
        start_action(state, "action-2", ctx)
        return
    if state.phase == "action-2":
        cleanup(state, ctx)


def start_action(state: "SFState", phase: str, ctx: Context) -> None:
    state.phase = phase
    side = phasing(state)
    state.active = state.turn_side = side
    for u, s in state.units.items():
        if udef(u).side == side:
            s.acted = ""
            s.mp_spent = 0.0
            s.mp_left = 0.0
    if side == NK:
        from app.games.semper_fi import breakdown
        breakdown.roll(state, ctx)                                   # 7.1 Chinese Attack Breakdown
    if side == US:
        # 1.2a: the US player clears illumination at the start of his action phase
        from app.games.semper_fi.illum import burns_out
        n = len([x for x in state.barrages if burns_out(state, x)])
        state.barrages = [x for x in state.barrages if not burns_out(state, x)]
        if n:
            ctx.log("Illumination rounds burn out", "1.2a", kind="fire")
    ctx.log(f"{side_name(state, side)} action phase", "C2.1", kind="phase")


def cleanup(state: "SFState", ctx: Context) -> None:
    """C2.1 clean-up: markers off, morale recovers one stage, aircraft past their box go home."""
    from app.games.semper_fi.orders import note_engaged
    note_engaged(state)                                   # C12.4: before the Fired markers come off
    for s in state.units.values():
        s.fired = False
        if s.morale == "suppressed":
            s.morale = ""
        elif s.morale == "paralysed":
            s.morale = "suppressed"
    state.barrages = [x for x in state.barrages if x.kind == "illum"]     # 1.2a
    air.expire(state, ctx)
    victory.checkpoint(state, ctx)
    if state.result is not None:
        return
    if state.turn >= len(state.clock):
        from app.games.semper_fi import linked
        if linked.end_of_night(state, ctx):                    # 6.3: the next night's set-up
            return
        victory.finish(state, ctx)
        return
    state.turn += 1
    begin_turn(state, ctx)
