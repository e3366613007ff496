"""What a side may do now, and doing it: the one place legality is decided (legal_actions) and
carried out (apply). Phase rules: set-up (C11), initiative (1.7g), aircraft and artillery (C9),
action phases (C3-C8), reactions (overwatch C6.3, retreat C7.3)."""

from __future__ import annotations

from typing import Any

from app.engine.game import Action, Context
from app.games.semper_fi import (air, assault, fire, hidden, indirect, morale, movement, onmap,
                                 orders, overwatch, sequence, setup, special)
from app.games.semper_fi.data import US, tables
from app.games.semper_fi.holders import holder_of
from app.games.semper_fi.state import COLUMN, EXITED, OFFMAP, SFState
from app.games.semper_fi.units import bd, hexes_of, other, revealed_at, side_at, udef, units_of, values


# -- legality --------------------------------------------------------------------------------------
def legal(state: SFState) -> list[Action]:
    from app.games.semper_fi.units import build_index, drop_index
    build_index(state)
    try:
        return _legal(state)
    finally:
        drop_index(state)


def _legal(state: SFState) -> list[Action]:
    if state.result is not None or state.finished:
        return []
    if state.pending:
        return pending_actions(state)
    if state.phase == "setup":
        return setup.setup_actions(state)
    if state.phase == "initiative":
        return [{"type": "go-first"}, {"type": "go-second"}]
    side = state.active
    out: list[Action] = []
    if state.phase == "air-artillery":
        if _may_act(state, side):                                # C14.9: no fire before contact
            out += indirect.artillery_actions(state, side)
            out += onmap.mission_actions(state, side)
            if side == US:
                out += air.air_actions(state)
        out.append({"type": "end-phase"})
        return out
    if special.marching(state) and side == US:
        out += special.march_actions(state)
        out += _unit_actions(state, side, only_column_free=True)
        if not special.march_actions(state):
            out.append({"type": "end-phase"})
        return out
    out += _unit_actions(state, side)
    if _may_act(state, side):                                    # 4.2, C14.9: not before contact
        out += _fire_actions(state, side)
        out += [a for a in assault.assault_actions(state, side) if _sheet_allows_assault(state, a, side)]
        out += indirect.mortar_actions(state, side)
        out += indirect.nominal_actions(state, side)
        out += onmap.mission_actions(state, side)
        if side == US:
            out += air.air_actions(state)
    out += orders.play_actions(state, side)
    out.append({"type": "end-phase"})
    return out


def _sheet_allows_assault(state: SFState, a: Action, side: str) -> bool:
    """C12.1: some unit of the assaulting group has a sheet that lets it assault that hex."""
    return any(orders.may_assault(state, u, a["to"]) for u in assault.assault_group(state, a["from"], side))


def _may_act(state: SFState, side: str) -> bool:
    rules = state.scen.get("rules") or {}
    return not (rules.get("wait_for_contact") == side and not state.contact)


def _committed(state: SFState, uid: str) -> bool:
    return state.committed.get(holder_of(state, uid), True)            # C12.2, C12.8


def _unit_actions(state: SFState, side: str, only_column_free: bool = False,
                  only: str | None = None) -> list[Action]:
    out: list[Action] = []
    b = bd(state)
    waiting = not _may_act(state, side)
    entry_ok: dict[tuple[str, str], bool] = {}          # (type, hex) -> may enter there, once a call
    bad: set[str] | None = None                          # hexes no unit may enter from off the map
    seen_foes: list[str] | None = None                   # C7.3: hexes of the enemy units not hidden
    near_foe: dict[str, bool] = {}                       # hex -> such an enemy within 2 hexes
    point_cands: list[tuple[str, str]] | None = None     # 1.8a: who may be point-fired at
    for u in ([only] if only else sorted(state.units)):
        d = udef(u)
        s = state.units[u]
        if d.side != side:
            continue
        if only_column_free and u in state.column:
            continue
        if s.at in (OFFMAP, COLUMN):
            if s.at == COLUMN and not state.contact:
                continue
            if not _committed(state, u) or s.acted:
                continue
            area, road = special.entry_area(state, u)
            if bad is None:
                bad = set(movement.forbidden(state, side)) | set(hexes_of(state, other(side)))
            ty = udef(u).type.id
            for h in sorted(area):
                if h in bad or (road and not b.has_road(h)):
                    continue
                ok = entry_ok.get((ty, h))
                if ok is None:
                    ok = entry_ok[(ty, h)] = setup.unit_may_stand(b, state.scen, u, h)
                if ok:
                    out.append({"type": "move", "unit": u, "to": h})
            continue
        if s.at not in b.hexset:
            continue
        if s.acted in ("", "moving") and not waiting and _committed(state, u):
            if s.acted == "" and s.mode == "fire" and s.morale != "paralysed":
                out.append({"type": "mode", "unit": u, "to": "move"})
            if s.mode == "move" and movement.can_enter_fire_mode(state, u):
                out.append({"type": "mode", "unit": u, "to": "fire"})
            for h in sorted(movement.step_targets(state, u)):
                if not orders.leash_ok(state, u, s.at, h):
                    continue                                      # C12.1: defence sheets
                out.append({"type": "move", "unit": u, "to": h})
            ex = (state.scen.get("rules") or {}).get("exit_hex")
            if ex and s.at == ex and s.mode == "move":
                out.append({"type": "exit", "unit": u})
        if s.acted == "" and _committed(state, u):
            ter = tables()["terrain"][b.terrain(s.at)]
            if s.mode == "fire" and not s.dug_in and ter["dig_in"] and s.morale == "" and not d.type.vehicle:
                out.append({"type": "dig-in", "unit": u})
            if point_cands is None:
                point_cands = fire.point_candidates(state, side)
            for t in (fire.point_targets(state, u, point_cands) if onmap.direct_ok(state, u) else []):
                out.append({"type": "point-fire", "unit": u, "target": t})
            if d.type.at_rolls and s.morale != "paralysed":
                for n in [s.at] + list(b.grid.neighbours(s.at)):
                    for v in revealed_at(state, n, other(side)):
                        if udef(v).type.vehicle:
                            out.append({"type": "at-roll", "unit": u, "target": v})
            if s.at in b.hexset:
                if seen_foes is None:                     # once a call: the enemy in sight
                    seen_foes = sorted({state.units[e].at for e in units_of(state, other(side))
                                        if not state.units[e].hidden})
                near = near_foe.get(s.at)
                if near is None:
                    near = near_foe[s.at] = any(b.grid.distance(s.at, h) <= 2 for h in seen_foes)
                if near:
                    out.append({"type": "fall-back", "unit": u})
    return out


def unit_moves(state: SFState, uid: str) -> list[Action] | None:
    """The legal actions with ``uid`` and a destination, listed for that unit alone (the window's
    drop targets); None when only the full list can say (reactions, the march column)."""
    from app.games.semper_fi.units import build_index, drop_index
    if state.result is not None or state.finished or state.pending or uid not in state.units:
        return None
    if state.phase == "setup":
        if uid in setup.to_place(state, state.active):
            return [{"type": "place", "unit": uid, "to": h} for h in setup.placement_hexes(state, uid)]
        return []
    if not state.phase.startswith("action") or (special.marching(state) and state.active == US):
        return None
    if udef(uid).side != state.active:
        return []
    build_index(state)
    try:
        return [a for a in _unit_actions(state, state.active, only=uid) if "to" in a and a["type"] == "move"]
    finally:
        drop_index(state)


def sfa_firers(state: SFState, h: str, side: str) -> list[str]:
    """Units in ``h`` that may still make a spontaneous fire action (C6.1)."""
    return [u for u in side_at(state, h, side)
            if state.units[u].acted == "" and fire.can_fire(state, u) and not udef(u).type.indirect
            and _committed(state, u) and onmap.direct_ok(state, u)]


def _fire_actions(state: SFState, side: str) -> list[Action]:
    out: list[Action] = []
    b = bd(state)
    enemy = other(side)
    ehexes = sorted({state.units[u].at for u in units_of(state, enemy) if not state.units[u].hidden})
    for h in sorted({state.units[u].at for u in units_of(state, side)}):
        firers = sfa_firers(state, h, side)
        if not firers:
            continue
        reach = max(values(state, u).range for u in firers)
        for t in ehexes:
            if t == h or b.grid.distance(h, t) > reach:
                continue
            if not fire.area_target_ok(state, t, enemy):
                continue
            if fire.spotted(state, [h], t, enemy):
                out.append({"type": "fire", "from": h, "at": t})
    return out


def pending_actions(state: SFState) -> list[Action]:
    p = state.pending[0]
    if p.kind == "overwatch":
        return overwatch.options(state, p)
    if p.kind == "return-fire":
        return overwatch.return_fire_options(state, p)
    if p.kind == "retreat":
        if state.units[p.units[0]].at != p.hex:
            return [{"type": "pass"}]                     # eliminated or moved meanwhile
        ends, _ = morale.retreat_ends(state, p.units[0], p.count)
        return [{"type": "retreat", "unit": p.units[0], "to": h} for h in sorted(ends)]
    if p.kind == "political":
        from app.games.semper_fi import political
        return political.options(state, p)
    return [{"type": "pass"}]


# -- carrying out ----------------------------------------------------------------------------------
def apply(state: SFState, action: Action, ctx: Context) -> None:
    t = action["type"]
    if state.pending:
        _apply_pending(state, action, ctx)
    elif t == "place":
        setup.place(state, action["unit"], action["to"], ctx)
    elif t == "place-rest":
        setup.place_rest(state, ctx)
    elif t == "reserve":
        setup.reserve(state, action["unit"], ctx)
    elif t == "draw-sheet":
        orders.draw(state, action, ctx)
    elif t == "write-sheet":
        orders.write(state, action, ctx)
    elif t == "remove-step":
        setup.remove_step(state, action["unit"], ctx)
    elif t == "fieldwork":
        from app.games.semper_fi.fieldworks import build
        build(state, action["hex"], ctx)
    elif t == "lay-mine":
        from app.games.semper_fi.mines import lay
        lay(state, action["hex"], ctx)                                # C15.1a
    elif t == "restore-step":
        from app.games.semper_fi.linked import restore
        restore(state, action["unit"], ctx)
    elif t == "entry-edge":
        from app.games.semper_fi.edge_entry import choose
        choose(state, action["regiment"], action["edge"], ctx)
    elif t == "end-setup":
        if setup.end_setup(state, ctx):
            sequence.begin_play(state, ctx)
    elif t in ("go-first", "go-second"):
        sequence.choose_first(state, t == "go-first", ctx)
    elif t == "end-phase":
        sequence.end_phase(state, ctx)
    elif t == "mode":
        _mode(state, action["unit"], action["to"], ctx)
    elif t == "move":
        _move(state, action["unit"], action["to"], ctx)
    elif t == "exit":
        _exit(state, action["unit"], ctx)
    elif t == "dig-in":
        s = state.units[action["unit"]]
        s.acted = "dug"
        s.dug_in = True
        ctx.log("A hidden unit digs in" if s.hidden else f"{udef(action['unit']).label} digs in at {s.at}",
                "C6.6", kind="dig")
    elif t == "fire":
        _sfa(state, action["from"], action["at"], ctx)
    elif t == "point-fire":
        u = action["unit"]
        state.units[u].acted = "fired"
        state.units[u].fired = True
        hidden.fired(state, u, ctx)
        onmap.pay_direct(state, [u], ctx)
        fire.resolve_point(state, u, action["target"], ctx)
        overwatch.trigger(state, state.units[u].at, u, ctx, "fire")
    elif t == "at-roll":
        u = action["unit"]
        state.units[u].acted = "fired"
        state.units[u].fired = True
        fire.resolve_at(state, u, action["target"], ctx)
    elif t == "fall-back":
        u = action["unit"]
        state.units[u].acted = "moved"
        ctx.log(f"{udef(u).label} falls back of its own accord", "C7.3", kind="retreat")
        morale.syr(state, u, ctx, "C7.3", voluntary=True)
    elif t == "assault":
        assault.resolve(state, action["from"], action["to"], ctx)
    elif t == "artillery":
        indirect.fire_artillery(state, action, ctx)
    elif t == "battery-fire":
        onmap.fire_mission(state, action, ctx)
    elif t == "mortar":
        indirect.fire_mortar(state, action, ctx)
    elif t == "mortar-fire":
        indirect.fire_nominal(state, action["pool"], action["at"], ctx)
    elif t == "air-strike":
        air.strike(state, action["at"], ctx, "2.2e" if state.phase.startswith("action") else "2.2a")
    _settle(state, ctx)


def _settle(state: SFState, ctx: Context) -> None:
    """After every action: reveal checks, contact release, who acts next."""
    hidden.reveal_checks(state, ctx)
    hidden.contact_check(state, ctx)                              # 4.2, C14.9
    from app.games.semper_fi.hagaru import note_entries
    note_entries(state)                                           # 7.x: places the Chinese entered
    if state.contact and (state.scen.get("rules") or {}).get("march_column") and not state.checkpoint.get("released"):
        state.checkpoint["released"] = True
        special.release_column(state, ctx)
    if state.result is not None:
        state.finished = True
        return
    # drop reactions that have nothing left to offer; a retreat whose every path has closed
    # since it was rolled (another unit's retreat, a unit revealed) ends as C7.3 says
    while state.pending:
        offered = pending_actions(state)
        if offered == [{"type": "pass"}]:
            _close(state, state.pending.pop(0), ctx)
        elif state.pending[0].kind == "retreat" and not offered:
            p = state.pending.pop(0)
            morale.start_retreat(state, p.units[0], p.count, ctx)
        else:
            break
    if state.pending:
        state.active = state.pending[0].side
    elif state.phase.startswith("action") or state.phase == "air-artillery":
        state.active = sequence.phasing(state)
    elif state.phase == "initiative":
        state.active = state.initiative              # after a reaction in the command phase
    elif state.phase == "setup" and state.setup_order:
        state.active = state.setup_order[0]


def _close(state: SFState, p: Any, ctx: Context) -> None:
    """When an overwatch reaction ends, the mover may answer one firing hex (C6.3)."""
    from app.games.semper_fi.state import Pending
    if p.kind == "overwatch" and state.overwatched:
        mover = p.units[0]
        if state.units[mover].at == p.hex:
            state.pending.insert(0, Pending("return-fire", udef(mover).side, [mover], p.hex,
                                            ",".join(sorted(state.overwatched))))
        state.overwatched = set()


def _apply_pending(state: SFState, action: Action, ctx: Context) -> None:
    p = state.pending[0]
    t = action["type"]
    if t == "pass":
        state.pending.pop(0)
        _close(state, p, ctx)
        return
    if t == "overwatch":
        overwatch.overwatch_fire(state, p, action["from"], ctx)
    elif t == "overwatch-air":
        state.pending.pop(0)
        air.strike(state, p.hex, ctx, "2.2e")
    elif t == "overwatch-mortar":
        state.pending.pop(0)
        indirect.fire_nominal(state, action["pool"], p.hex, ctx, int(action["count"]))
    elif t == "return-fire":
        state.pending.pop(0)
        overwatch.return_fire(state, p, action["at"], ctx)
    elif t == "retreat":
        state.pending.pop(0)
        morale.finish_retreat(state, action["unit"], action["to"], ctx)
    elif t == "political":
        from app.games.semper_fi import political
        state.pending.pop(0)
        political.shake_off(state, action["unit"], action["payer"], ctx)      # 3.3, C7.5


def _mode(state: SFState, u: str, to: str, ctx: Context) -> None:
    s = state.units[u]
    d = udef(u)
    if to == "move":
        s.mode = "move"
        s.dug_in = False
        s.mp_spent = movement.mode_change_cost(state, u)
        s.acted = "moving"
        s.mp_left = d.type.move.ma - s.mp_spent
        ctx.log("A hidden unit changes mode" if s.hidden else
                f"{d.label} changes to move mode (half its movement allowance)", "C3.2", kind="mode")
    else:
        s.mode = "fire"
        s.acted = "moved" if s.acted == "moving" or s.mp_spent else "moved"
        ctx.log("A hidden unit changes mode" if s.hidden else f"{d.label} changes to fire mode", "C3.2",
                kind="mode")


def _move(state: SFState, u: str, to: str, ctx: Context) -> None:
    s = state.units[u]
    d = udef(u)
    b = bd(state)
    frm = s.at
    if frm in (OFFMAP, COLUMN):
        cost = 0.5 if b.has_road(to) else float(tables()["terrain"][b.terrain(to)][d.type.move.movement]
                                                  if tables()["terrain"][b.terrain(to)][d.type.move.movement] != "P" else 1)
        s.at = to
        s.mode = "move"
        if s.acted == "":
            s.mp_spent = cost
        else:
            s.mp_spent += cost
        s.acted = "moving"
        s.mp_left = max(0.0, d.type.move.ma - s.mp_spent)
        rule = "4.1" if frm == COLUMN else "1.7h"
        if s.hidden:
            ctx.log("A hidden unit enters the map", rule, kind="move")
        else:
            ctx.log(f"{d.label} enters the map at {to}", rule, kind="move", unit=u, to=to)
        if special.marching(state) and s.mp_spent >= 3 - 1e-9:
            s.acted = "moved"
        if frm != COLUMN:
            _after_step(state, u, to, ctx, road=b.has_road(to))
        else:
            hidden.reveal_checks(state, ctx)            # 4.1: entering 11.01 triggers no overwatch
        return
    if special.marching(state) and u in state.column:
        cost = float(tables()["hexside"]["road"])
    else:
        cost = movement.hex_cost(state, u, frm, to) or 0.0
        if not special.heat_check(state, u, to, ctx):
            return
    if s.acted == "":
        s.mp_left = float(d.type.move.ma) - s.mp_spent
    s.acted = "moving"
    s.mp_left -= cost
    s.mp_spent += cost
    s.at = to
    s.dug_in = False
    state.moved_ever.add(u)
    road = b.road(frm, to)
    if s.hidden:
        ctx.log("A hidden unit moves", "C4.1", kind="move")
    else:
        ctx.log(f"{d.label} moves {frm} -> {to} ({cost:g} MP, {max(s.mp_left, 0):g} left)", "C4.1", kind="move",
                unit=u, to=to)
    if special.marching(state) and u in state.column:
        if s.mp_spent >= 3 - 1e-9:
            s.acted = "moved"
    elif s.mp_left <= 1e-9:
        s.acted = "moved"
    _after_step(state, u, to, ctx, road=road)


def _after_step(state: SFState, u: str, to: str, ctx: Context, road: bool) -> None:
    from app.games.semper_fi.edge_entry import on_step
    on_step(state, u, to, ctx)                                    # C14.8: infiltration on the move
    from app.games.semper_fi.mines import entered
    if entered(state, u, to, ctx) and state.units[u].at != to:        # C15.1c
        return
    for x in [x for x in state.barrages if x.side != udef(u).side]:
        # C9.3: a unit moving into a live barrage zone (the impact hex or one of the six around)
        fp = indirect.zone_strength(state, x, to)
        if fp <= 0:
            continue
        mods = fire.modifiers(state, to, None, [], "barrage")
        fire.resolve_area(state, fp, to, mods, ctx, "C9.3", "The barrage")
        if state.units[u].at != to:
            return
    hidden.moved(state, u, ctx)
    hidden.reveal_checks(state, ctx)
    hidden.contact_check(state, ctx)                              # 4.2, C14.9
    special.asleep(state, u, ctx)
    if state.units[u].at == to:
        overwatch.trigger(state, to, u, ctx, "road" if road else "move")


def _exit(state: SFState, u: str, ctx: Context) -> None:
    s = state.units[u]
    s.at = EXITED
    s.acted = "moved"
    ctx.log(f"{udef(u).label} leaves the map on the road north", "4.1", kind="move", unit=u)
    if not state.contact and (state.scen.get("victory") or {}).get("kind") == "high-ground":
        state.exited_before_contact = True
        from app.games.semper_fi import victory
        victory.finish(state, ctx)


def _sfa(state: SFState, h: str, t: str, ctx: Context) -> None:
    side = state.active
    firers = sfa_firers(state, h, side)
    fp, used = fire.firepower(state, firers, t)
    ranges = [values(state, u).range for u in used]
    mods = fire.modifiers(state, t, h, ranges, "sfa")
    for u in firers:
        state.units[u].acted = "fired"
        state.units[u].fired = True
    for u in used:
        hidden.fired(state, u, ctx)
    onmap.pay_direct(state, used, ctx)
    fire.resolve_area(state, fp, t, mods, ctx, "C6.1", f"Fire from {h}")
    if used:
        overwatch.trigger(state, h, used[0], ctx, "fire")


def preview(state: SFState, action: Action) -> dict[str, Any] | None:
    """The table row, modifiers and chances of a fire action before it is committed."""
    t = action.get("type")
    if t == "fire":
        firers = sfa_firers(state, action["from"], state.active)
        fp, used = fire.firepower(state, firers, action["at"])
        mods = fire.modifiers(state, action["at"], action["from"], [values(state, u).range for u in used], "sfa")
        return fire.preview(fp, mods)
    if t == "point-fire":
        return fire.point_preview(state, action["unit"], action["target"])
    if t == "overwatch" and state.pending:
        return overwatch.preview(state, state.pending[0], action["from"])
    return None
