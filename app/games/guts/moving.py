"""Moving: the tests of a move under fire, pressing on, leaving cover, and a close assault
carried to the gun pit (GUTS-MOVE, GUTS-MUF, GUTS-PRESS, GUTS-LEAVE, GUTS-ASLT).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app.engine.game import Context
from app.games.guts import roll
from app.games.guts.cards import reopen_checks, reveal_along
from app.games.guts.fire import band_mod, fire_on, leader_mod, path_fire
from app.games.guts.losses import casualties, gun_out, lose_guts, remove
from app.games.guts.roll import (
    CRIT_FAIL,
    CRIT_SUCCESS,
    FAIL,
    MOD_BAR_COVER,
    MOD_OUTSIDE_CONE,
    Roll,
    SUCCESS,
    gtest,
    worst,
)
from app.games.guts.state import (
    Element,
    Fire,
    GTG,
    Gun,
    GutsState,
    HTD,
    LastMove,
    OK,
    PINNED,
    Pending,
    STATUS_ORDER,
)


# =========================================================================== moving
@dataclass
class MoveResult:
    moving: bool
    status: str           # when halted: hit-the-dirt / gone-to-ground / pinned
    distance: float       # when moving
    casualties: int


def move_tests(state: GutsState, ctx: Context, e: Element, leader: Element | None, fires: list[Fire],
               what: str) -> MoveResult:
    """GUTS-MOVE / GUTS-MUF / GUTS-COVER / GUTS-XFIRE: the tests for one move."""
    lm = leader_mod(leader) if leader else None
    base = [lm] if lm else []
    if not fires:
        r = gtest(ctx, e.name, e.guts, e.average, base, what, "GUTS-MOVE")
        if r.level == CRIT_SUCCESS:
            return MoveResult(True, OK, float(e.guts), 0)
        if r.level == SUCCESS:
            return MoveResult(True, OK, float(r.raw), 0)
        return MoveResult(False, HTD, 0.0, 1 if r.level == CRIT_FAIL else 0)
    results: list[MoveResult] = []
    for f in fires:
        bm = band_mod(state, f)
        cov = next((c for c in e.covers if c.gun == f.gun), None)
        if cov is not None:
            mods = base + ([(MOD_BAR_COVER, "BAR covering fire")] if cov.bar else []) + ([bm] if bm else [])
            r = gtest(ctx, e.name, e.guts, e.average, mods, f"{what} under covering fire against {f.gun}",
                      "GUTS-COVER")
            if r.ok:
                results.append(MoveResult(True, OK, float(cov.rate), 0))
            else:
                results.append(MoveResult(False, HTD, 0.0, 1 if r.level == CRIT_FAIL else 0))
        else:
            mods = base + ([bm] if bm else [])
            r = gtest(ctx, e.name, e.guts, e.average, mods, f"{what} under fire from {f.gun}", "GUTS-MUF")
            if r.level == CRIT_SUCCESS:
                results.append(MoveResult(True, OK, float(r.raw), 0))
            elif r.level == SUCCESS:
                results.append(MoveResult(False, HTD, 0.0, 0))
            elif r.level == FAIL:
                results.append(MoveResult(False, GTG, 0.0, 0))
            else:
                cas = 1 if r.dice[0] == r.dice[1] and r.dice[0] >= 5 else 0
                results.append(MoveResult(False, GTG, 0.0, cas))
    cas = sum(r.casualties for r in results)
    halts = [r for r in results if not r.moving]
    if halts:
        st = max((r.status for r in halts), key=lambda s: STATUS_ORDER[s])
        return MoveResult(False, st, 0.0, cas)
    return MoveResult(True, OK, min(r.distance for r in results), cas)


def displace(state: GutsState, e: Element, dx: float, dy: float) -> tuple[tuple[float, float], tuple[float, float]]:
    W, H = float(roll.D().table_doc["width"]), float(roll.D().table_doc["height"])
    start = (e.x, e.y)
    e.x = round(min(max(e.x + dx, e.w / 2.0), W - e.w / 2.0), 6)
    e.y = round(min(max(e.y + dy, e.h / 2.0), H - e.h / 2.0), 6)
    return start, (e.x, e.y)


def carry_out(state: GutsState, ctx: Context, e: Element, leader: Element | None, to: tuple[float, float],
              distance: float, rule: str, skip_gun: str = "") -> None:
    """Move ``e`` up to ``distance`` towards ``to`` (its leader with it), then turn cards and
    wake silenced guns the move comes near."""
    sx, sy = e.x, e.y
    L = math.hypot(to[0] - sx, to[1] - sy)
    go = min(distance, L)
    dx, dy = ((to[0] - sx) / L * go, (to[1] - sy) / L * go) if L > 0 else (0.0, 0.0)
    start, end = displace(state, e, dx, dy)
    e.status = OK
    allowed = float(distance) if distance < 1e6 else go
    state.last_move = LastMove(element=e.id, start=list(start), end=list(end), allowed=allowed)
    ctx.log(f"{e.name} moves {math.hypot(end[0] - start[0], end[1] - start[1]):.1f} inches "
            f"(the dice allowed {allowed:g})" if distance < 1e6 else
            f"{e.name} closes {math.hypot(end[0] - start[0], end[1] - start[1]):.1f} inches",
            rule, kind="move", element=e.id, start=list(start), end=list(end))
    moved = [(e, start, end)]
    if leader is not None and not leader.out:
        ls, le = displace(state, leader, dx, dy)
        leader.status = OK
        moved.append((leader, ls, le))
    for m, a, b in moved:
        reveal_along(state, ctx, m, a, b)
    reopen_checks(state, ctx, moved, skip=skip_gun)


def halt(state: GutsState, ctx: Context, e: Element, leader: Element | None, status: str, rule: str) -> None:
    for m in [e] + ([leader] if leader is not None and not leader.out else []):
        if m.out or m.withdrawing:
            continue
        if STATUS_ORDER[status] > STATUS_ORDER.get(m.status, 0) or m is e:
            m.status = status
        ctx.log(f"{m.name}: {status.replace('-', ' ')}", rule, kind="status", element=m.id, status=status)


def begin_move(state: GutsState, e: Element, leader: Element | None) -> None:
    e.acted = True
    e.moved = True
    if leader is not None:
        leader.acted = True
        leader.led = e.id
        leader.moved = True


def do_advance(state: GutsState, ctx: Context, e: Element, to: tuple[float, float], leader: Element | None,
               gun: str = "") -> None:
    """A move (or the charge of a close assault on ``gun``) that has passed any leave-cover test."""
    start = (e.x, e.y)
    target = to
    if gun:
        g = state.guns[gun]
        target = assault_point(e, g)
    fires = path_fire(state, e, start, target)
    what = f"charges {gun}" if gun else "moves"
    res = move_tests(state, ctx, e, leader, fires, what)
    if res.casualties:
        casualties(state, ctx, e, leader, res.casualties, "GUTS-MUF" if fires else "GUTS-MOVE")
    if not e.fighting:
        return
    if res.moving:
        if gun:
            arrive_and_assault(state, ctx, e, leader, gun)
        else:
            carry_out(state, ctx, e, leader, target, res.distance, "GUTS-MUF" if fires else "GUTS-MOVE")
        return
    halt(state, ctx, e, leader, res.status, "GUTS-MUF" if fires else "GUTS-MOVE")
    if res.status == HTD and e.fighting:
        state.pending = Pending(kind="press-on", team=e.id, leader=leader.id if leader else "",
                                to=[target[0], target[1]], fires=fires, gun=gun)
        state.phase = "press-on"


def assault_point(e: Element, g: Gun) -> tuple[float, float]:
    """Where a charging team ends: base to base with the gun, on its own side."""
    gw, gh = roll.D().gun(g.kind)["base"]
    dx, dy = e.x - g.x, e.y - g.y
    d = math.hypot(dx, dy) or 1.0
    off = max(e.w, e.h) / 2.0 + max(gw, gh) / 2.0
    if d <= off:
        return (e.x, e.y)
    return (g.x + dx / d * off, g.y + dy / d * off)


def press_on(state: GutsState, ctx: Context, e: Element, leader: Element | None) -> None:
    """GUTS-PRESS (and GUTS-XFIRE for each cone)."""
    p = state.pending
    assert p is not None
    state.pending = None
    state.phase = "orders"
    lm = leader_mod(leader) if leader else None
    base = [lm] if lm else []
    levels: list[Roll] = []
    if not p.fires:
        levels.append(gtest(ctx, e.name, e.guts, e.average, base, "presses on", "GUTS-PRESS"))
    for f in p.fires:
        bm = band_mod(state, f)
        cov = next((c for c in e.covers if c.gun == f.gun), None)
        mods = base + ([(MOD_BAR_COVER, "BAR covering fire")] if cov and cov.bar else []) + ([bm] if bm else [])
        levels.append(gtest(ctx, e.name, e.guts, e.average, mods, f"presses on under fire from {f.gun}",
                            "GUTS-PRESS"))
    lv = worst(r.level for r in levels)
    ncas = sum(1 for r in levels if r.level == CRIT_FAIL)
    if ncas:
        casualties(state, ctx, e, leader, ncas, "GUTS-PRESS")
    if not e.fighting:
        return
    if lv == CRIT_SUCCESS:
        e.pressing_on = True
        ctx.log(f"{e.name} ignores the fire and presses on", "GUTS-PRESS", kind="status", element=e.id)
        if p.gun and state.guns[p.gun].status != "out":
            arrive_and_assault(state, ctx, e, leader, p.gun)
        else:
            carry_out(state, ctx, e, leader, (p.to[0], p.to[1]), float(min(r.raw for r in levels)), "GUTS-PRESS")
        e.pressing_on = e.fighting
        return
    status = {SUCCESS: HTD, FAIL: GTG, CRIT_FAIL: PINNED}[lv]
    halt(state, ctx, e, leader, status, "GUTS-PRESS")


def leave_cover(state: GutsState, ctx: Context, e: Element, to: tuple[float, float], leader: Element | None) -> None:
    """GUTS-LEAVE: a team gone to ground tests to get up; if it does, it makes its move."""
    begin_move(state, e, leader)
    fires = fire_on(state, e)
    ok = leave_tests(state, ctx, e, leader, fires, [], "tries to leave cover")
    if not ok or not e.fighting:
        return
    e.status = HTD
    do_advance(state, ctx, e, to, leader)


def leave_tests(state: GutsState, ctx: Context, e: Element, leader: Element | None, fires: list[Fire],
                extra: list[tuple[int, str]], what: str) -> bool:
    lm = leader_mod(leader) if leader else None
    base = ([lm] if lm else []) + extra
    rolls = []
    if not fires:
        rolls.append(gtest(ctx, e.name, e.guts, e.average, base + [(MOD_OUTSIDE_CONE, "outside any cone")],
                           what, "GUTS-LEAVE"))
    for f in fires:
        rolls.append(gtest(ctx, e.name, e.guts, e.average, base, f"{what} (in {f.gun}'s cone)", "GUTS-LEAVE"))
    if all(r.ok for r in rolls):
        return True
    lose_guts(state, ctx, e, 1, "failed to leave cover", "GUTS-LEAVE")
    if fires and e.fighting:
        e.status = PINNED
        ctx.log(f"{e.name} is pinned", "GUTS-LEAVE", kind="status", element=e.id, status=PINNED)
    return False


def arrive_and_assault(state: GutsState, ctx: Context, e: Element, leader: Element | None, gid: str) -> None:
    """GUTS-ASLT: the team reaches the gun, then fights it out."""
    g = state.guns[gid]
    carry_out(state, ctx, e, leader, assault_point(e, g), 1e9, "GUTS-ASLT", skip_gun=gid)
    if not e.fighting or g.status == "out":
        return
    r = gtest(ctx, e.name, e.guts, e.average, [], f"close assault on {gid}", "GUTS-ASLT")
    if r.level == CRIT_FAIL:
        ctx.log(f"{e.name} is wiped out at the gun pit", "GUTS-ASLT", element=e.id)
        remove(state, ctx, e, "killed in the close assault", "GUTS-ASLT")
        if leader is not None:
            remove(state, ctx, leader, "killed in the close assault", "GUTS-ASLT")
        return
    gun_out(ctx, g, f"overrun by {e.name}", "GUTS-ASLT")
    if r.level == FAIL:
        r2 = gtest(ctx, e.name, e.guts, e.average, [], "hard fighting at the gun: does it cost a man?", "GUTS-ASLT")
        if not r2.ok:
            casualties(state, ctx, e, leader, 1, "GUTS-ASLT")
    elif r.level == SUCCESS:
        lose_guts(state, ctx, e, 1, "the price of taking the position", "GUTS-ASLT")
    else:
        ctx.log(f"{e.name} takes the position without loss: a feat for the citations", "GUTS-ASLT")
