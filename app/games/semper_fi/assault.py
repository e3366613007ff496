"""Assault-style combat (C8): moving into an enemy hex and fighting rounds at point-blank range,
with Quick Combat (1.8f, on by default), the MG section exception (2.4d), lone FACs fleeing
(2.2c), AT rolls against vehicles in the hex, and the morale doubling the module changes (2.6,
3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi import fire, hidden, morale
from app.games.semper_fi.data import tables
from app.games.semper_fi.holders import holder_of
from app.games.semper_fi.sight import light
from app.games.semper_fi.units import bd, other, side_at, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def may_assault(state: "SFState", uid: str) -> bool:
    """C8.1: fresh, steady, non-vehicle units with orders (committed) may assault."""
    s = state.units[uid]
    t = udef(uid).type
    if t.assault == "never" or t.vehicle or s.acted or s.morale:
        return False
    return state.committed.get(holder_of(state, uid), True)            # C12.8


def assault_group(state: "SFState", h: str, side: str) -> list[str]:
    """Units of ``side`` in ``h`` that may assault together; 2.4d MG sections need a platoon."""
    cands = [u for u in side_at(state, h, side) if may_assault(state, u)]
    has_plt = any(udef(u).type.platoon for u in cands)
    return [u for u in cands if udef(u).type.assault == "yes"
            or (udef(u).type.assault == "with-infantry" and has_plt)]


def assault_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    from app.games.semper_fi.movement import forbidden
    b = bd(state)
    bad = forbidden(state, side)
    out = []
    for h in sorted({state.units[u].at for u in state.units if udef(u).side == side
                     and state.units[u].at in b.hexset}):
        if not assault_group(state, h, side):
            continue
        for n in b.grid.neighbours(h):
            if n in bad or b.terrain(n) == "water":
                continue
            if [u for u in side_at(state, n, other(side)) if not state.units[u].hidden]:
                out.append({"type": "assault", "from": h, "to": n})
    return out


def _fp(state: "SFState", units: list[str], halve_shared: bool) -> int:
    total = 0
    for u in units:
        s = state.units[u]
        if s.at == "elim" or s.morale == "paralysed":
            continue
        a = udef(u).type.fire.area
        if s.morale == "suppressed" and not halve_shared:
            a //= 2
        total += a
    return total


def _alive(state: "SFState", units: list[str], h: str) -> list[str]:
    return [u for u in units if state.units[u].at == h and state.units[u].steps > 0]


def resolve(state: "SFState", frm: str, to: str, ctx: Context) -> None:
    side = state.active
    enemy = other(side)
    attackers = assault_group(state, frm, side)
    defenders = side_at(state, to, enemy)
    quick = bool(state.options.get("quick_combat", True))
    names = ", ".join(udef(u).label for u in attackers)
    ctx.log(f"{names} assault{'s' if len(attackers) == 1 else ''} {to}", "C8.1", kind="assault",
            hex=to)
    for u in attackers:
        s = state.units[u]
        s.at = to
        s.acted = "assaulted"
        s.fired = True
        s.dug_in = False
    for u in defenders:
        hidden.reveal(state, u, ctx, "assaulted")
    if defenders and all(udef(u).type.fac for u in defenders):           # 2.2c
        for u in defenders:
            ctx.log(f"{udef(u).label} is alone and must flee", "2.2c", kind="assault")
            state.in_assault = True
            morale.start_retreat(state, u, 1, ctx)
            state.in_assault = False
        return
    # AT rolls against vehicles in the hex (C8.2)
    for u in attackers:
        for v in [x for x in _alive(state, defenders, to) if udef(x).type.vehicle]:
            if udef(u).type.at_rolls:
                fire.resolve_at(state, u, v, ctx)
                break
    state.in_assault = True
    try:
        for rnd in range(1, int(tables()["assault"]["max_rounds"]) + 1):
            att, dfd = _alive(state, attackers, to), _alive(state, defenders, to)
            if not att or not dfd:
                break
            if not quick:
                for u in att:
                    morale.check(state, u, ctx, "C8.3", assault="attacker")
                for u in dfd:
                    morale.check(state, u, ctx, "C8.3", assault="defender")
                att, dfd = _alive(state, attackers, to), _alive(state, defenders, to)
                if not att or not dfd:
                    break
            a_sup = any(state.units[u].morale for u in att)
            d_sup = any(state.units[u].morale for u in dfd)
            shared = quick and a_sup and d_sup                            # 1.8f: mutual, ignored
            fa, fd = _fp(state, att, shared), _fp(state, dfd, shared)
            ctx.log(f"Assault round {rnd}: attackers {fa} against defenders {fd}", "C8.2", kind="assault")
            mods_d = _mods(state, to, dfd, quick, attacker_target=False)
            mods_a = _mods(state, to, att, quick, attacker_target=True)
            ra = _roll(state, fa, mods_d, ctx, "attackers")
            rd = _roll(state, fd, mods_a, ctx, "defenders")
            fire.apply_area(state, to, ra, ctx, "C8.2", assault="defender", side=enemy)
            fire.apply_area(state, to, rd, ctx, "C8.2", assault="attacker", side=side)
        att, dfd = _alive(state, attackers, to), _alive(state, defenders, to)
        if att and dfd:
            ctx.log(f"The assault on {to} is not decided; the attackers fall back to {frm}", "C8.4",
                    kind="assault")
            for u in att:
                state.units[u].at = frm
                if state.units[u].morale == "":
                    state.units[u].morale = "suppressed"
        elif att:
            ctx.log(f"The attackers take {to}", "C8.4", kind="assault")
        else:
            ctx.log(f"The defenders hold {to}", "C8.4", kind="assault")
    finally:
        state.in_assault = False
    hidden.reveal_checks(state, ctx)


def _mods(state: "SFState", h: str, targets: list[str], quick: bool, attacker_target: bool) -> list[tuple[str, int]]:
    m = tables()["area_fire"]["modifiers"]
    out: list[tuple[str, int]] = []
    b = bd(state)
    cls = tables()["terrain"][b.terrain(h)]["combat"]
    if h in state.fieldworks and not attacker_target:
        out.append(("fieldworks", int(m["protective"])))                   # 7.1: the defenders only
    elif not quick and m.get(cls):
        out.append((f"{cls} terrain", int(m[cls])))                        # 1.8f drops shared terrain
    if not attacker_target and targets and all(state.units[u].dug_in for u in targets):
        out.append(("dug in", int(m["dug_in"])))
    if not quick and light(state) == "night":
        out.append(("night", int(m["night"])))
    return out


def _roll(state: "SFState", fp: int, mods: list[tuple[str, int]], ctx: Context, who: str) -> str:
    if fp <= 0:
        return "-"
    col = fire.column(fp)
    total = sum(v for _r, v in mods)
    dice = ctx.roll(f"Assault fire by the {who} (firepower {fp})", "C8.2", count=2)
    res = fire.result_of(col, sum(dice) + total)
    ctx.log(f"{who.capitalize()}: {fire.RESULT_WORDS[res]}", "C8.2", kind="fire")
    return res
