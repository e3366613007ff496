"""Combat (9.0 - 9.3, 11.4): declaring battles, odds and shifts, resolving, results.

Declaring is incremental so the legal actions stay enumerable: ``declare-add`` puts one unit
into the battle against one defender as an attacker, an offensive supporter (9.2.4.1) or a PVA
human-wave participant (9.2.4.2); ``declare-done`` closes the declarations. Then the attacker
picks battles one at a time (``resolve``). Each battle runs through stages; where a side has a
choice (air units, the MiG-15, which unit takes a loss, the retreat path, the advance) the game
waits on a :class:`~app.games.korea38.state.Pending` decision and that side acts.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any, Callable

from app.engine.game import Context

from app.games.korea38.crt import parse_result
from app.games.korea38.data import ALLIED, COMMUNIST, Data
from app.games.korea38.retreat import OFF, plan_retreat
from app.games.korea38.state import AIR, Battle, ELIM, FEC, K38State, OFFMAP, Pending, SEA
from app.games.korea38.steps import eliminate, lose_step
from app.games.korea38.supply import enter_hex, pass_through
from app.games.korea38.zoc import Board, data_of, other


def phasing(state: K38State) -> str:
    p = state.phase.split("-")[0]
    return p if p in (COMMUNIST, ALLIED) else COMMUNIST


def committed(state: K38State) -> set[str]:
    out: set[str] = set()
    for b in state.battles:
        out.update(b.attackers, b.support, b.wave, b.amphibious)
    return out


def strength(state: K38State, data: Data, uid: str) -> int:
    return data.units[uid].strength(state.units[uid].reduced)


def alive(state: K38State, data: Data, uid: str) -> bool:
    at = state.units[uid].at
    return data.grid.contains(at) or at.startswith(SEA)


def participants(b: Battle) -> list[str]:
    out: list[str] = []
    for u in b.attackers + b.support + b.wave + b.amphibious:
        if u not in out:
            out.append(u)
    return out


# -- declaring (9.0 procedure, once per combat phase) -------------------------------------------

def _defendable(state: K38State, board: Board, uid: str) -> bool:
    u = board.data.units[uid]
    return (board.on_map(uid) and not u.zoc_own_hex_only and strength(state, board.data, uid) > 0)


def _can_fight(state: K38State, board: Board, uid: str) -> bool:
    u = board.data.units[uid]
    return board.on_map(uid) and not u.is_air and strength(state, board.data, uid) > 0


def declare_options(state: K38State, board: Board) -> list[dict[str, Any]]:
    data = board.data
    side = phasing(state)
    used = committed(state)
    out: list[dict[str, Any]] = []
    battles = {b.defender: b for b in state.battles}
    mine = [u for u, _h in board.units_of(side) if u not in used and _can_fight(state, board, u)]
    # attackers: adjacent to the defender (not across an all-sea hexside)
    for uid in mine:
        h = state.units[uid].at
        for n in data.grid.neighbours(h):
            if data.all_sea(h, n):
                continue
            for e in board.enemy_at(side, n):
                if _defendable(state, board, e):
                    out.append({"type": "declare-add", "defender": e, "unit": uid, "role": "attack"})
    offensive = data.offensive(state.turn, side)
    if offensive:
        ez = board.ezoc(side)
        wave_range = int(data.rules.get("human_wave_range", 2))
        for d, b in sorted(battles.items()):
            front = [a for a in b.attackers if board.on_map(a)]
            if not front:
                continue
            for uid in mine:
                h = state.units[uid].at
                if h in ez:
                    continue
                if any(board.adjacent(h, state.units[a].at) for a in front):
                    out.append({"type": "declare-add", "defender": d, "unit": uid, "role": "support"})
                if side == COMMUNIST and data.units[uid].nation == "pva":
                    if any(data.grid.distance(h, state.units[a].at) <= wave_range for a in front):
                        out.append({"type": "declare-add", "defender": d, "unit": uid, "role": "wave"})
    return out


def declare(state: K38State, board: Board, action: dict[str, Any], ctx: Context) -> None:
    data = board.data
    d, uid, role = action["defender"], action["unit"], action["role"]
    b = next((x for x in state.battles if x.defender == d), None)
    if b is None:
        b = Battle(defender=d, hex=state.units[d].at)
        state.battles.append(b)
    getattr(b, {"attack": "attackers", "support": "support", "wave": "wave"}[role]).append(uid)
    rule = {"attack": "9.0", "support": "9.2.4.1", "wave": "9.2.4.2"}[role]
    what = {"attack": "attacks", "support": "supports the attack on", "wave": "joins a human wave against"}[role]
    ctx.log(f"{data.units[uid].name} {what} {data.units[d].name} in {b.hex}", rule, kind="declare",
            unit=uid, defender=d, role=role)


# -- odds (9.1, 9.2) ------------------------------------------------------------------------------

def odds_parts(state: K38State, board: Board, b: Battle) -> dict[str, Any]:
    """Attack and defence totals, the base odds level and every shift with its rule."""
    data = board.data
    att_side = data.units[b.attackers[0]].side if b.attackers else other(data.units[b.defender].side)
    dfn = b.defender
    atk = [a for a in b.attackers if alive(state, data, a)]
    sup = [a for a in b.support if alive(state, data, a)]
    wav = [a for a in b.wave if alive(state, data, a)]
    attack = sum(strength(state, data, a) for a in atk)
    defence = strength(state, data, dfn) if alive(state, data, dfn) else 0
    base = attack // defence if defence > 0 else 0
    shifts: list[dict[str, Any]] = []

    def add(label: str, n: int, rule: str) -> None:
        if n:
            shifts.append({"label": label, "shift": n, "rule": rule})

    dhex = state.units[dfn].at
    if data.grid.contains(dhex):
        t = data.terrain_of(dhex)
        add(f"defender in {data.grid.terrain(dhex)}", -int(t.get("shift", 0)), "9.2.1")
        land_atk = [a for a in atk if data.grid.contains(state.units[a].at)]
        if land_atk and len(land_atk) == len(atk) and all(data.river(state.units[a].at, dhex) for a in land_atk):
            add("all attackers across a river", -int(data.rules.get("river_shift", 1)), "9.2.1")
    if b.amphibious:
        add("amphibious assault", -int(data.rules.get("amphibious_shift", 2)), "11.4")
    # 9.2.2 In Communication, checked now (at resolution)
    if alive(state, data, dfn) and not board.in_communication(dfn):
        add("defender not In Communication", 1, "9.2.2")
    if atk and not any(board.in_communication(a) for a in atk):
        add("no attacking unit In Communication", -1, "9.2.2")
    # 9.2.3 combined arms
    force = [data.units[a] for a in atk + sup + wav]
    if any(u.combined_arms_always for u in force):
        add("combined arms (1st Marine Division)", 1, "9.2.3")
    elif any(u.is_armor for u in force) and any(u.type == "infantry" for u in force):
        add("combined arms", 1, "9.2.3")
    if alive(state, data, dfn) and data.units[dfn].combined_arms_always:
        add("1st Marine Division on defence", -1, "9.2.3")
    add(f"offensive support x{len(sup)}", len(sup), "9.2.4.1" if not b.amphibious else "11.4")
    add(f"human wave x{len(wav)}", len(wav), "9.2.4.2")
    allied_air = len(b.air) - (1 if b.mig_cancel else 0)
    if allied_air:
        add(f"Allied air power x{allied_air}", allied_air if att_side == ALLIED else -allied_air, "9.2.5")
    if b.air_communist:
        n = len(b.air_communist)
        add(f"Communist air power x{n}", n if att_side == COMMUNIST else -n, "9.2.5")
    net = sum(s["shift"] for s in shifts)
    level = base + net
    max_odds = int(data.rules.get("max_odds", 6))
    min_odds = int(data.rules.get("min_odds", 1))
    cancelled = level < min_odds
    final = min(level, max_odds)
    return {"attack": attack, "defence": defence, "base": base, "shifts": shifts, "net": net,
            "level": level, "column": None if cancelled else final, "cancelled": cancelled,
            "attacker_side": att_side}


def battle_odds(state: K38State, board: Board, b: Battle) -> dict[str, Any]:
    """The odds of a battle: as they stood when the die was rolled, else as they stand now."""
    if b.fought:
        return dict(b.fought)
    return odds_parts(state, board, b)


def column_name(n: int | None) -> str:
    return "cancelled" if n is None else f"{n}:1"


# -- air power (9.2.5) ----------------------------------------------------------------------------

def fresh_air(state: K38State, data: Data, side: str, role: str) -> list[str]:
    return sorted(u for u, us in state.units.items()
                  if data.units[u].is_air and data.units[u].side == side and us.at == AIR
                  and not us.used and (data.units[u].air_role or "support") == role)


def air_limit(state: K38State, data: Data, b: Battle, side: str) -> int:
    """How many air units ``side`` may commit (9.2.5). Allied air backing an Allied attack is
    limited by the attacking units only: offensive supporters do not count (the designer's notes
    speak of the attacking units being supported; DECISIONS.md). Allied air on the defence is
    limited by the Communist units in the attack, supporters and human wave included, as the
    rule says; Communist air keeps the same count of every participant."""
    att_side = other(data.units[b.defender].side)
    if side == ALLIED and att_side == ALLIED:
        front: list[str] = []
        for u in b.attackers + b.amphibious:
            if u not in front:
                front.append(u)
        return len([u for u in front if alive(state, data, u)])
    return len([u for u in participants(b) if alive(state, data, u)])


def air_choices(state: K38State, data: Data, b: Battle, side: str) -> list[list[str]]:
    fresh = fresh_air(state, data, side, "support")
    limit = min(len(fresh), air_limit(state, data, b, side))
    out: list[list[str]] = []
    for k in range(0, limit + 1):
        out.extend(list(c) for c in combinations(fresh, k))
    return out


# -- resolution stages ----------------------------------------------------------------------------

def start(state: K38State, idx: int, ctx: Context) -> None:
    b = state.battles[idx]
    state.current = idx
    b.stage = "air"
    data = data_of(state)
    ctx.log(f"Resolving the battle against {data.units[b.defender].name} in {b.hex}", "9.0",
            kind="battle", battle=idx)


def step(state: K38State, ctx: Context) -> None:
    """Run the current battle until it needs a decision or ends."""
    data = data_of(state)
    while state.current >= 0 and not state.pending:
        b = state.battles[state.current]
        st = b.stage
        if st == "air":
            b.stage = "air-communist"
            if fresh_air(state, data, ALLIED, "support") and air_limit(state, data, b, ALLIED) > 0:
                state.pending.append(Pending("air", ALLIED, state.current))
        elif st == "air-communist":
            b.stage = "mig"
            if fresh_air(state, data, COMMUNIST, "support") and air_limit(state, data, b, COMMUNIST) > 0:
                state.pending.append(Pending("air", COMMUNIST, state.current))
        elif st == "mig":
            b.stage = "roll"
            if (b.air and fresh_air(state, data, COMMUNIST, "cancel")
                    and state.units[b.defender].at in data.mig_alley):
                state.pending.append(Pending("mig", COMMUNIST, state.current))
        elif st in _STAGES:
            _STAGES[st](state, b, ctx)
        else:  # done
            b.resolved = True
            b.stage = "done"
            state.current = -1


def place_air(state: K38State, b: Battle, side: str, units: list[str], ctx: Context) -> None:
    data = data_of(state)
    for u in units:
        state.units[u].used = True
    if side == ALLIED:
        b.air = list(units)
    else:
        b.air_communist = list(units)
    if units:
        ctx.log(f"{side.capitalize()} air power committed: {', '.join(data.units[u].name for u in units)}",
                "9.2.5", kind="air", units=list(units), side=side)
    else:
        ctx.log(f"{side.capitalize()} commits no air power", "9.2.5", kind="air", units=[], side=side)


def use_mig(state: K38State, b: Battle, cancel: str | None, ctx: Context) -> None:
    data = data_of(state)
    if cancel is None:
        ctx.log("The MiG-15 stays out of this battle", "9.2.5", kind="air")
        return
    mig = fresh_air(state, data, COMMUNIST, "cancel")[0]
    state.units[mig].used = True
    b.mig_cancel = cancel
    ctx.log(f"{data.units[mig].name} cancels {data.units[cancel].name} over MiG Alley", "9.2.5",
            kind="air", unit=mig, cancel=cancel)


def _roll(state: K38State, b: Battle, ctx: Context) -> None:
    data = data_of(state)
    board = Board(state, data)
    parts = odds_parts(state, board, b)
    b.fought = {k: parts[k] for k in ("attack", "defence", "base", "shifts", "net", "level", "column",
                                      "cancelled")}
    for s in parts["shifts"]:
        ctx.log(f"{'+' if s['shift'] > 0 else ''}{s['shift']} shift: {s['label']}", s["rule"], kind="shift")
    if not alive(state, data, b.defender) or state.units[b.defender].at != b.hex:
        b.vacated = True
        b.stage = "advance"
        ctx.log("The defender is gone: nothing to roll", "9.0")
        return
    if parts["cancelled"]:
        b.cancelled = True
        ctx.log(f"Odds {parts['attack']}:{parts['defence']} shifted to below 1:1: the attack is "
                f"called off (air units used stay used)", "9.1", kind="odds")
        b.stage = "advance"
        return
    col = parts["column"]
    if parts["level"] > col:
        ctx.log(f"Odds above {col}:1 are fought at {col}:1", "9.1", kind="odds")
    b.column = col
    roll = ctx.d6(f"combat at {col}:1 against {data.units[b.defender].name}", "9.0")
    b.roll = roll
    code = data.crt[col][roll - 1]
    res = parse_result(code)
    b.result = res.code
    ctx.log(f"Result {res.code} (die {roll} on {col}:1)", "9.3", kind="result", code=res.code,
            die=roll, column=col)
    if res.attacker_eliminated:
        for u in participants(b):
            if alive(state, data, u):
                eliminate(state, data, u, ctx, "9.3", "combat result")
    b.attacker_losses_left = res.attacker_steps
    b.defender_steps = res.defender_steps
    b.defender_eliminated = res.defender_eliminated
    b.retreat = res.retreat
    b.stage = "attacker-loss"


def loss_candidates(state: K38State, b: Battle) -> list[str]:
    data = data_of(state)
    return [u for u in participants(b) if alive(state, data, u)]


def _owed_losses(state: K38State, b: Battle, ctx: Context, left: str, cands: list[str], then: str,
                 pay: Callable[[K38State, Battle, str, Context], None], side: str, note: str) -> None:
    """Step losses still owed in battle ``b`` (its counter ``left``): none, or no unit left to pay
    them, and the battle goes on to stage ``then``; one unit able to pay, and it pays; several,
    and their owner chooses (a pending loss)."""
    if getattr(b, left) <= 0 or not cands:
        setattr(b, left, 0)
        b.stage = then
        return
    if len(cands) == 1:
        pay(state, b, cands[0], ctx)
        return
    state.pending.append(Pending("loss", side, state.current, cands, note=note))


def _attacker_loss(state: K38State, b: Battle, ctx: Context) -> None:
    cands = loss_candidates(state, b)
    side = data_of(state).units[cands[0]].side if cands else ""
    _owed_losses(state, b, ctx, "attacker_losses_left", cands, "defender-loss", apply_attacker_loss, side,
                 "attacker")


def apply_attacker_loss(state: K38State, b: Battle, uid: str, ctx: Context) -> None:
    data = data_of(state)
    b.attacker_losses_left -= 1
    rule = "9.2.4.1" if uid in b.support else "9.3"
    lose_step(state, data, uid, ctx, rule, "attacker loss")


def _defender_loss(state: K38State, b: Battle, ctx: Context) -> None:
    data = data_of(state)
    d = b.defender
    b.stage = "retreat"
    if not alive(state, data, d):
        return
    if b.defender_eliminated:
        eliminate(state, data, d, ctx, "9.3", "combat result")
        return
    for _ in range(b.defender_steps):
        if lose_step(state, data, d, ctx, "9.3", "defender loss"):
            return


def _retreat(state: K38State, b: Battle, ctx: Context) -> None:
    data = data_of(state)
    d = b.defender
    b.stage = "wave"
    if not b.retreat or not alive(state, data, d):
        return
    board = Board(state, data)
    plan = plan_retreat(state, board, d)
    if plan.outcome == "eliminated":
        eliminate(state, data, d, ctx, "9.3", plan.reason)
        return
    if plan.outcome == "sea":
        state.pending.append(Pending("sea-retreat", ALLIED, state.current, plan.sea))
        return
    if len(plan.options) == 1:
        do_retreat(state, d, plan.options[0], ctx)
        return
    att = phasing(state)
    state.pending.append(Pending("retreat", att, state.current, [d]))


def retreat_options(state: K38State, uid: str) -> list[list[str]]:
    board = Board(state)
    return plan_retreat(state, board, uid).options


def do_retreat(state: K38State, uid: str, path: list[str], ctx: Context) -> None:
    data = data_of(state)
    board = Board(state, data)
    side = data.units[uid].side
    ez = board.ezoc(side)
    start = state.units[uid].at
    body = [h for h in path if h != OFF]
    ctx.log(f"{data.units[uid].name} retreats {start} -> {' -> '.join(path)}", "9.3", kind="retreat",
            unit=uid, path=path)
    pass_through(state, data, side, [start] + body, ctx, "9.3")
    if body:
        enter_hex(state, data, uid, body[-1], None)
    through = [h for h in (body if path[-1] == OFF else body[:-1]) if h in ez]
    if through:
        if lose_step(state, data, uid, ctx, "9.3", "retreat through an enemy zone of control"):
            return
    if path[-1] == OFF:
        state.units[uid].at = OFFMAP
        ctx.log(f"{data.units[uid].name} leaves by the north edge and returns next reinforcement "
                f"phase", "9.3", kind="retreat", unit=uid)
        return
    if body[-1] in ez:  # defensive: plans never offer this
        eliminate(state, data, uid, ctx, "9.3", "retreat ended in an enemy zone of control")


def sea_retreat(state: K38State, uid: str, to: str, ctx: Context) -> None:
    data = data_of(state)
    state.amph_used += 1
    if to == FEC:
        state.units[uid].at = FEC
    else:
        enter_hex(state, data, uid, to, ctx, "9.3")
    left = int(data.rules.get("amphibious_actions", 5)) - state.amph_used
    ctx.log(f"{data.units[uid].name} retreats by sea to {to} (amphibious actions left: {left})",
            "9.3", kind="retreat", unit=uid, to=to)


def effective_allied_air(b: Battle) -> int:
    return len(b.air) - (1 if b.mig_cancel else 0)


def _wave(state: K38State, b: Battle, ctx: Context) -> None:
    data = data_of(state)
    b.stage = "advance"
    if not b.wave or b.cancelled:
        return
    n = 1
    if effective_allied_air(b) >= int(data.rules.get("human_wave_air_threshold", 2)):
        n += 1
    b.wave_losses_left = n
    ctx.log(f"Human wave: the Communist player must take {n} PVA step loss(es)", "9.2.4.2", kind="wave")
    b.stage = "wave-loss"
    _wave_loss(state, b, ctx)


def wave_candidates(state: K38State, b: Battle) -> list[str]:
    data = data_of(state)
    return [u for u in participants(b) if data.units[u].nation == "pva" and alive(state, data, u)]


def _wave_loss(state: K38State, b: Battle, ctx: Context) -> None:
    _owed_losses(state, b, ctx, "wave_losses_left", wave_candidates(state, b), "advance", apply_wave_loss,
                 COMMUNIST, "wave")


def apply_wave_loss(state: K38State, b: Battle, uid: str, ctx: Context) -> None:
    data = data_of(state)
    b.wave_losses_left -= 1
    lose_step(state, data, uid, ctx, "9.2.4.2", "human wave")
    if b.wave_losses_left > 0:
        b.stage = "wave-loss"
    else:
        b.stage = "advance"


def _advance(state: K38State, b: Battle, ctx: Context) -> None:
    data = data_of(state)
    board = Board(state, data)
    b.stage = "done"
    vacated = not (alive(state, data, b.defender) and state.units[b.defender].at == b.hex)
    vacated = vacated and not board.enemy_at(phasing(state), b.hex)
    b.vacated = vacated
    landing = [u for u in b.amphibious if state.units[u].at.startswith(SEA)]
    if landing:
        if vacated and not b.cancelled:
            first = landing[0]
            enter_hex(state, data, first, b.hex, ctx, "11.4")
            state.moved.add(first)
            ctx.log(f"{data.units[first].name} comes ashore at {b.hex}", "11.4", kind="advance", unit=first)
            for other_u in landing[1:]:
                state.pending.append(Pending("spread", ALLIED, state.current, [other_u]))
            return
        for u in landing:
            state.units[u].at = FEC
        ctx.log("The landing failed: the assault force returns to the Far East Command box", "11.4",
                kind="amphibious")
        b.attacker_losses_left = int(data.rules.get("amphibious_failure_loss", 1))
        b.stage = "amph-loss"
        return
    if not vacated or b.cancelled:
        return
    if advance_candidates(state, b):
        state.pending.append(Pending("advance", phasing(state), state.current))


def advance_candidates(state: K38State, b: Battle) -> list[str]:
    data = data_of(state)
    board = Board(state, data)
    return [a for a in b.attackers if board.on_map(a) and board.adjacent(state.units[a].at, b.hex)]


def do_advance(state: K38State, b: Battle, uid: str, ctx: Context) -> None:
    data = data_of(state)
    enter_hex(state, data, uid, b.hex, ctx, "9.0")
    ctx.log(f"{data.units[uid].name} advances into {b.hex}", "9.0", kind="advance", unit=uid)


def spread_options(state: K38State, b: Battle, uid: str) -> list[str]:
    """11.3/11.4: the second landing unit moves next to the port, or goes back to the FEC box."""
    data = data_of(state)
    board = Board(state, data)
    out = []
    for n in data.land_neighbours(b.hex):
        if board.occ.get(n) or board.enemy_city(ALLIED, n):
            continue
        out.append(n)
    return out or [FEC]


def _amph_loss(state: K38State, b: Battle, ctx: Context) -> None:
    data = data_of(state)
    cands = [u for u in b.amphibious if state.units[u].at == FEC]
    if b.attacker_losses_left <= 0 or not cands:
        b.stage = "done"
        return
    if len(cands) == 1:
        b.attacker_losses_left -= 1
        lose_step(state, data, cands[0], ctx, "11.4", "failed amphibious assault")
        return
    state.pending.append(Pending("loss", ALLIED, state.current, cands, note="amphibious"))


# -- the combat panel --------------------------------------------------------------------------

def odds_breakdown(state: K38State, battle: int, air: list[str] | None = None) -> dict[str, Any]:
    """Base odds, each shift with its rule, the final column, and the exact chance of every CRT
    result and of every retreat outcome (one die: each face 1/6). ``air``: air units the side now
    deciding on air power (9.2.5) is thinking of committing, counted as if placed."""
    from dataclasses import replace
    data = data_of(state)
    board = Board(state, data)
    b = state.battles[battle]
    if air:
        side = state.pending[0].side if state.pending and state.pending[0].kind == "air" else ALLIED
        b = replace(b, air=list(b.air) + list(air)) if side == ALLIED else \
            replace(b, air_communist=list(b.air_communist) + list(air))
    parts = battle_odds(state, board, b)
    out: dict[str, Any] = {
        "battle": battle, "defender": b.defender, "hex": b.hex,
        "defender_name": data.units[b.defender].name, "resolved": b.resolved, "result": b.result,
        "roll": b.roll, "fought_at": column_name(b.column) if b.roll else "",
        "attack": parts["attack"], "defence": parts["defence"],
        "base": parts["base"], "base_odds": f"{parts['base']}:1",
        "shifts": parts["shifts"], "net_shift": parts["net"],
        "column": column_name(parts["column"]), "cancelled": parts["cancelled"],
        "results": {}, "retreat": {}, "faces": [],
    }
    if parts["cancelled"]:
        out["results"] = {"cancelled": "1"}
        return out
    col = parts["column"]
    faces = data.crt[col]
    out["faces"] = list(faces)
    sixth = Fraction(1, 6)
    res: dict[str, Fraction] = {}
    outcomes: dict[str, Fraction] = {}
    plan = None
    for code in faces:
        res[code] = res.get(code, Fraction(0)) + sixth
        r = parse_result(code)
        d_steps = 1 if state.units[b.defender].reduced else 2
        if r.defender_eliminated or r.defender_steps >= d_steps:
            key = "defender eliminated"
        elif r.retreat and not board.on_map(b.defender):
            key = "retreats"
        elif r.retreat:
            if plan is None:
                plan = plan_retreat(state, board, b.defender)
            key = {"retreat": "retreats", "retreat-step": "retreats through an EZOC (loses a step)",
                   "off-map": "retreats off the north edge", "sea": "retreats by sea",
                   "eliminated": "eliminated (no retreat)"}[plan.outcome]
            if plan.outcome == "retreat-step" and (d_steps - r.defender_steps) <= 1:
                key = "defender eliminated"
        else:
            key = "stays"
        outcomes[key] = outcomes.get(key, Fraction(0)) + sixth
    out["results"] = {k: str(v) for k, v in res.items()}
    out["retreat"] = {k: str(v) for k, v in outcomes.items()}
    out["probabilities"] = {k: float(v) for k, v in res.items()}
    out["retreat_probabilities"] = {k: float(v) for k, v in outcomes.items()}
    return out


#: The stages of a battle after the air decisions, each run by its own step (see :func:`step`).
_STAGES = {"roll": _roll, "attacker-loss": _attacker_loss, "defender-loss": _defender_loss,
           "retreat": _retreat, "wave": _wave, "wave-loss": _wave_loss, "advance": _advance,
           "amph-loss": _amph_loss}
