"""Close combat (FC-7), ranged and artillery fire with spotting (FC-8), hits, suppression,
casualties and the 4-inch retreat of a repulsed attack."""

from __future__ import annotations

import math

from app.engine.game import Context
from app.games.frozen_chosin.common import (
    B, G, R, fast_gap, fp_of, in_contact, is_day, live, overlaps_any, position_of, stats,
)
from app.games.frozen_chosin.state import Base, FCState, other


# ------------------------------------------------------------------ hits
def hits_from(dice: list[int], need: int) -> int:
    return sum(1 for d in dice if d >= need)


def need_against(b: Base, ignore_positions: bool = False) -> int:
    """The score a die needs to hit ``b``: 5+, only 6s against a position (FC-7.3, FC-6.2)."""
    if not ignore_positions and position_of(b):
        return int(R("position_hit_on"))
    return int(R("hit_on"))


def apply_hits(st: FCState, ctx: Context, b: Base, n: int, rule: str,
               ignore_positions: bool = False) -> None:
    """One hit suppresses, a second removes the base as a casualty (FC-7.5); an improved
    position ignores the first hit of each combat (FC-6.3)."""
    if n <= 0 or b.status != "on":
        return
    if position_of(b) == "improved" and not ignore_positions:
        n -= 1
        ctx.log(f"{b.name}'s improved position absorbs the first hit", "FC-6.3")
        if n <= 0:
            return
    st.hits_taken[b.side] = st.hits_taken.get(b.side, 0) + n
    b.hits += n
    if b.hits >= 2:
        casualty(st, ctx, b, rule)
    else:
        ctx.log(f"{b.name} is suppressed", rule)


def casualty(st: FCState, ctx: Context, b: Base, rule: str, why: str = "") -> None:
    """Take a base off the table as a casualty (FC-7.5); a Chinese one feeds the command's
    reserve pool (FC-15.1)."""
    b.status = "casualty"
    b.hits = 2
    b.position = ""
    b.on_ice = False
    ctx.log(f"{b.name} is removed as a casualty{(' (' + why + ')') if why else ''}", rule,
            kind="casualty", base=b.id)
    if b.side == "pva":
        st.commands[b.command].recycled += 1


def suppress(st: FCState, ctx: Context, b: Base, rule: str, why: str) -> None:
    if b.status == "on" and b.hits == 0:
        b.hits = 1
        st.hits_taken[b.side] = st.hits_taken.get(b.side, 0) + 1
        ctx.log(f"{b.name} is suppressed ({why})", rule)


# ------------------------------------------------------------------ close combat
def contacts(st: FCState, b: Base) -> list[Base]:
    reach = float(R("contact")) + 1e-9
    # the gap is at least the gap along x: a cheap test rules out most enemies first
    return [e for e in live(st, other(b.side))
            if abs(e.x - b.x) - (e.w + b.w) / 2 <= reach and in_contact(b, e)]


def envelopment(defender: Base, attackers: list[Base]) -> bool:
    """Double Envelopment (FC-14.6): Chinese attackers touching the defender from opposite
    sides (their bearings from it at least 135 degrees apart)."""
    if defender.side != "un" or len(attackers) < 2:
        return False
    angs = [math.atan2(a.y - defender.y, a.x - defender.x) for a in attackers]
    for i in range(len(angs)):
        for j in range(i + 1, len(angs)):
            d = abs(angs[i] - angs[j]) % (2 * math.pi)
            if min(d, 2 * math.pi - d) >= math.radians(135) - 1e-9:
                return True
    return False


def attack_problem(st: FCState, defender: Base | None, attackers: list[Base]) -> tuple[str, str] | None:
    act = st.activation
    if act is None or act.step != "fight":
        return ("attacks are made after the regiment has moved", "FC-3.2")
    if defender is None or defender.status != "on":
        return ("that defender is not on the table", "FC-7.1")
    if not attackers:
        return ("name at least one attacking base", "FC-7.1")
    if len(attackers) > int(R("max_attackers")):
        return (f"at most {R('max_attackers')} bases may attack one defender", "FC-7.1")
    if len({a.id for a in attackers}) != len(attackers):
        return ("a base is named twice", "FC-7.1")
    for a in attackers:
        if a.regiment != act.regiment or a.status != "on":
            return (f"{a.name} is not a base of the activated regiment", "FC-3.2")
        if a.fought:
            return (f"{a.name} has already fought in this activation", "FC-7.1")
        if a.side == defender.side:
            return ("a base cannot attack its own side", "FC-7.1")
        if not in_contact(a, defender):
            return (f"{a.name} is not in base contact with {defender.name}", "FC-7.1")
    return None


def resolve_attack(st: FCState, ctx: Context, defender: Base, attackers: list[Base], faced: Base) -> None:
    """One defender against its attackers (FC-7): the defender faces one; each excess attacker
    adds a firepower die to it (up to 3); by day the defender fires and resolves first, by night
    both fire at once (FC-7.4); a defender left standing repulses them all (FC-7.6). Positions
    protect only a base that is attacked, never the attacker (FC-6.2)."""
    act = st.activation
    surprise = bool(act and act.surprise)
    env = envelopment(defender, attackers)
    excess = min(len(attackers) - 1, int(R("max_excess")))
    afp = fp_of(st, faced) + excess + (1 if env else 0)
    dfp = fp_of(st, defender)
    ignore = surprise or env
    ctx.log(f"{defender.name} faces {faced.name}" + (f"; {excess} more attacker(s) add {excess} die/dice" if excess else "")
            + ("; double envelopment: +1 die and no position" if env else "")
            + ("; surprise attack: no position" if surprise else ""), "FC-7.2")
    for b in attackers:
        b.fought = True
    if is_day(st):
        dd = ctx.roll(f"{defender.name} fires first by day ({dfp} FP)", "FC-7.4", count=dfp) if dfp else []
        apply_hits(st, ctx, faced, hits_from(dd, need_against(faced, True)), "FC-7.5", True)
        if faced.status == "on":
            ad = ctx.roll(f"{faced.name} attacks ({afp} FP)", "FC-7.3", count=afp) if afp else []
            apply_hits(st, ctx, defender, hits_from(ad, need_against(defender, ignore)), "FC-7.5", ignore)
    else:
        dd = ctx.roll(f"{defender.name} fires ({dfp} FP, at night both at once)", "FC-7.4", count=dfp) if dfp else []
        ad = ctx.roll(f"{faced.name} attacks ({afp} FP)", "FC-7.3", count=afp) if afp else []
        apply_hits(st, ctx, faced, hits_from(dd, need_against(faced, True)), "FC-7.5", True)
        apply_hits(st, ctx, defender, hits_from(ad, need_against(defender, ignore)), "FC-7.5", ignore)
    if defender.status == "on":
        for a in attackers:
            if a.status == "on":
                retreat(st, ctx, a, defender)
    else:
        ctx.log(f"{defender.name} is overrun", "FC-7.6")


def retreat(st: FCState, ctx: Context, b: Base, away_from: Base) -> None:
    """A repulsed attacker falls back 4 inches straight away from the defender (FC-7.6); not
    Allied bases on the days of the Drive to the Yalu (FC-14.1). With no room to fall back
    the base takes a hit instead (FC-D-RETREAT)."""
    from app.games.frozen_chosin.special import no_retreat
    if b.side == "un" and no_retreat(st, ctx):
        ctx.log(f"{b.name} holds its ground: no Allied retreat yet (Drive to the Yalu)", "FC-14.1")
        return
    g = G(st)
    dist = float(R("retreat"))
    base_ang = math.atan2(b.y - away_from.y, b.x - away_from.x)
    for off in (0, 30, -30, 60, -60, 90, -90):
        a = base_ang + math.radians(off)
        x, y = round(b.x + dist * math.cos(a), 2), round(b.y + dist * math.sin(a), 2)
        if not g.on_table(x, y, b.w, b.h) or g.crosses_cliff((b.x, b.y), (x, y)):
            continue
        if g.touches_lake(x, y, b.w, b.h) and not b.on_ice:
            continue
        if overlaps_any(st, x, y, b.w, b.h, skip=b.id):
            continue
        b.x, b.y = x, y
        b.position = ""
        b.on_ice = g.on_ice((x, y))
        ctx.log(f"{b.name} is repulsed and falls back {dist:g} inches", "FC-7.6")
        return
    ctx.log(f"{b.name} is repulsed with nowhere to fall back", "FC-D-RETREAT")
    apply_hits(st, ctx, b, 1, "FC-D-RETREAT", ignore_positions=True)


# ------------------------------------------------------------------ ranged fire
def fire_range(st: FCState, b: Base) -> float:
    r = float(stats(b).get("range", 0))
    if st.ranged_limit:
        r = min(r, st.ranged_limit)
    return r


def spotted(st: FCState, side: str, target: Base, memo: dict[tuple[str, str], bool] | None = None) -> bool:
    """A friendly base within 6 inches (an outpost 12) sees the target (FC-8.2). ``memo`` keeps
    the answers of one unchanged state when many firers ask about the same targets."""
    if memo is None:
        return _spotted(st, side, target)
    key = (side, target.id)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _spotted(st, side, target)
    return got


def _spotted(st: FCState, side: str, target: Base) -> bool:
    g = G(st)
    default = R("spot")
    far = max_spot() + 1e-9
    tx, ty, tw = target.x, target.y, target.w
    for s in st.bases.values():
        if s.status != "on" or s.side != side:
            continue
        # the gap is at least the gap along x: most friends are ruled out without the full sum
        dx = abs(s.x - tx) - (s.w + tw) / 2
        if dx > far:
            continue
        reach = float(stats(s).get("spot", default))
        if dx > reach + 1e-9:
            continue
        if fast_gap(s, target) <= reach + 1e-9 and g.sees((s.x, s.y), (tx, ty)):
            return True
    return False


def max_spot() -> float:
    """The longest spotting reach of any base type (FC-8.2): a bound for quick rejections."""
    return B().max_spot


def can_fire_at(st: FCState, firer: Base, target: Base, memo: dict[tuple[str, str], bool] | None = None) -> bool:
    """In range of the firer's ranged firepower and spotted (FC-8.1, FC-8.2)."""
    if firer.status != "on" or target.status != "on" or target.side == firer.side:
        return False
    if "ranged_fp" not in stats(firer) or fp_of(st, firer, ranged=True) <= 0:
        return False
    if fast_gap(firer, target) > fire_range(st, firer) + 1e-9:
        return False
    return spotted(st, firer.side, target, memo)


def targets_for(st: FCState, firer: Base, memo: dict[tuple[str, str], bool] | None = None) -> list[Base]:
    if "ranged_fp" not in stats(firer):
        return []
    r = fire_range(st, firer)
    return [t for t in live(st, other(firer.side)) if fast_gap(firer, t) <= r + 1e-9 and can_fire_at(st, firer, t, memo)]


def fire_problem(st: FCState, firer: Base | None, alloc: list[tuple[Base | None, int]]) -> tuple[str, str] | None:
    if firer is None or firer.status != "on":
        return ("no such firing base on the table", "FC-8.1")
    if "ranged_fp" not in stats(firer):
        return (f"{firer.name} has no ranged firepower", "FC-8.1")
    if not alloc:
        return ("name at least one target", "FC-8.1")
    total = fp_of(st, firer, ranged=True)
    if sum(n for _, n in alloc) != total or any(n <= 0 for _, n in alloc):
        return (f"{firer.name} must use all its {total} ranged dice, at least one per target", "FC-8.3")
    if len(alloc) > 1 and not stats(firer).get("artillery"):
        return ("only artillery may split its dice among several targets", "FC-8.3")
    seen = set()
    for t, _ in alloc:
        if t is None:
            return ("unknown target", "FC-8.1")
        if t.id in seen:
            return ("a target is named twice", "FC-8.3")
        seen.add(t.id)
        if not can_fire_at(st, firer, t):
            return (f"{t.name} is out of range or not spotted by a friend within 6 inches", "FC-8.2")
    return None


def do_fire(st: FCState, ctx: Context, firer: Base, alloc: list[tuple[Base, int]], rule: str = "FC-8.1") -> None:
    """Announce every target, then roll each one's dice (FC-8.3)."""
    ctx.log(f"{firer.name} fires: " + ", ".join(f"{n} dice at {t.name}" for t, n in alloc), "FC-8.3")
    for t, n in alloc:
        dice = ctx.roll(f"{firer.name} at {t.name}", rule, count=n)
        apply_hits(st, ctx, t, hits_from(dice, need_against(t)), "FC-7.5")


def split_options(st: FCState, firer: Base, memo: dict[tuple[str, str], bool] | None = None) -> list[list[tuple[Base, int]]]:
    """A sample of allocations offered as legal actions: all dice at each target, and for
    artillery an even split over the two nearest targets (check() accepts any split)."""
    ts = targets_for(st, firer, memo)
    n = fp_of(st, firer, ranged=True)
    out = [[(t, n)] for t in ts]
    if stats(firer).get("artillery") and len(ts) >= 2 and n >= 2:
        near = sorted(ts, key=lambda t: fast_gap(firer, t))[:2]
        out.append([(near[0], n - n // 2), (near[1], n // 2)])
    return out
