"""Setting up (1.7, 1.3a, C11): building the start position and the free set-up within areas,
which is part of play: each side places its units on legal hexes, hidden where allowed."""

from __future__ import annotations

import json
from typing import Any

from app.engine.game import Context
from app.engine.rng import Rng
from app.games.semper_fi import holders, orders
from app.games.semper_fi.data import NK, Board, board, counters, tables
from app.games.semper_fi.scenario import area_cached, build_clock, pick_units, with_variants
from app.games.semper_fi.state import COLUMN, OFFMAP, SETUP, SFState, UnitState
from app.games.semper_fi.units import bd, hexes_of, other, udef

def unit_may_stand(b: Board, sc: dict[str, Any], uid: str, h: str) -> bool:
    """Terrain a unit may set up in: not water; 1.1b paddy limits off the road."""
    t = counters().units[uid].type
    ter = b.terrain(h)
    if ter == "water":
        return False
    if ter == "rice-paddy" and not b.has_road(h):
        if t.vehicle or t.no_paddy or not t.fire_mode_in_paddy:
            return False
    raw = tables()["terrain"][ter][t.move.movement]
    return raw != "P" or b.has_road(h)


def legal_setup_hexes(b: Board, sc: dict[str, Any], uid: str, area: set[str]) -> list[str]:
    side = counters().units[uid].side
    bad: set[str] = set()
    for bd_ in (sc.get("rules") or {}).get("boundary", []) or []:
        if bd_.get("side") == side and "from" not in bd_:
            bad |= area_cached(b, bd_["area"])
    return sorted(h for h in area if h not in bad and unit_may_stand(b, sc, uid, h))


def setup_state(sc_raw: dict[str, Any], options: dict[str, Any], seed: int) -> SFState:
    opts = dict(sc_raw.get("options", {}) or {})
    opts.update(options or {})
    opts.setdefault("quick_combat", True)                    # 1.8f on by default
    sc = with_variants(sc_raw, opts)
    sc.pop("description", None)
    clock, lights = build_clock(sc["turns"]["first"], sc["turns"]["last"],
                                str(sc["turns"].get("clock", "")))
    st = SFState(game="semper-fi", scenario=str(sc.get("id", "")), turn=1, phase="setup",
                 active="", rng=Rng.from_seed(seed), players={})
    st.scen = sc
    st.options = opts
    st.map_name = sc["map"]
    st.clock = clock
    st.lights = lights
    b = board(st.map_name)
    c = counters()
    used: set[str] = set()
    for i, e in enumerate(sc.get("setup", []) or []):
        probs: list[tuple[str, str]] = []
        for u in pick_units(e.get("units"), used, f"setup[{i}].units", probs):
            d = c.units[u]
            us = UnitState(at=SETUP, steps=d.type.steps, mode=e.get("mode", "fire"))
            if e.get("at") == "box:road-column":
                us.at = COLUMN
                us.mode = "move"
                st.column.append(u)
            elif e.get("at") == "offmap":
                us.at = OFFMAP
                us.mode = "move"
            us.hidden = bool(e.get("hidden", False))
            us.dug_in = bool(e.get("dug_in", False))
            st.units[u] = us
            st.origin[u] = f"setup:{i}"
    for i, e in enumerate(sc.get("reinforcement", []) or []):
        probs = []
        for u in pick_units(e.get("units"), used, f"reinforcement[{i}].units", probs):
            d = c.units[u]
            st.units[u] = UnitState(at="pool", steps=d.type.steps, mode="move")
            st.origin[u] = f"reinforcement:{i}"
    for g in sc.get("artillery", []) or []:
        for k, n in (g.get("ammo") or {}).items():
            st.ammo[f"{g['id']}:{k}"] = int(n)
    for m in sc.get("mortar", []) or []:
        st.mortar_fires[m["id"]] = 0 if m.get("opens_with") else int(m["total"])   # 7.3: with its battalion
        st.mortar_used[m["id"]] = 0
    rules = sc.get("rules") or {}
    if "mortar_illum_total" in rules:
        st.mortar_illum_left = int(rules["mortar_illum_total"])
    st.contact = not bool(rules.get("march_column") or rules.get("wait_for_contact"))   # 4.1 column; 4.2, C14.9
    for bn in sorted({c.units[u].battalion for u in st.units}):
        st.battalion[bn] = int((sc.get("battalion_morale") or {}).get(bn, 0))          # 1.7c
    orders.initial_sheets(st)                                                      # 1.6e, C12
    fixed = sc.get("opsheet_formations") or {}                      # 7.2: no Army on Prepared Defense
    for h in sorted(st.opsheets):
        kind = fixed.get(holders.formation_of(h))
        if kind:
            st.opsheets[h] = kind
            st.committed[h] = not orders.active(st) or bool(orders.kinds().get(kind, {}).get("committed", True))
    st.to_remove = int(rules.get("remove_steps", 0))
    st.reduce_left = owed_reductions(st)                          # 7.5: battalions already worn down
    from app.games.semper_fi import edge_entry
    edge_entry.prepare(st)                                       # C14.9, C14.7
    first = sc["play"]["first_setup"]
    st.setup_order = [first, other(first)]
    st.active = first
    return st


def cached_entry(state: SFState, uid: str) -> dict[str, Any]:
    """The scenario entry a unit came from (its area, hidden and dug-in flags)."""
    kind, _, i = state.origin.get(uid, ":").partition(":")
    if not kind:
        return {}
    return (state.scen.get(kind) or [])[int(i)]


def placement_hexes(state: SFState, uid: str) -> list[str]:
    """Where ``uid`` may be placed now (its area, legal terrain, distance from the enemy)."""
    b = bd(state)
    e = cached_entry(state, uid)
    if not e or "area" not in e:
        return []
    key = (state.map_name, json.dumps(e["area"], sort_keys=True),
           json.dumps((state.scen.get("rules") or {}).get("boundary", []), sort_keys=True), udef(uid).type.id)
    hexes = _PLACES.get(key)
    if hexes is None:
        hexes = _PLACES[key] = legal_setup_hexes(b, state.scen, uid, area_cached(b, e["area"]))
    away = e.get("away_from")
    if away:
        foes = tuple(sorted(h for h in hexes_of(state, other(udef(uid).side)) if h in b.hexset))
        near = _near(b, state.map_name, foes, int(away) - 1)
        base = hexes
        hexes = [h for h in hexes if h not in near]
        if e.get("infiltration") and state.infiltrate_left > 0:          # 7.1, 7.2, 7.5
            hexes = sorted(set(hexes) | _infiltration(state, uid, base, foes))
    from app.games.semper_fi.hagaru import armor_blocked
    blocked = armor_blocked(state, uid)                            # 7.1-7.5 Armor Coordination
    hexes = [h for h in hexes if h not in blocked]
    cap = e.get("stacking")
    if cap:
        from app.games.semper_fi.stacking import points
        side = udef(uid).side
        used: dict[str, int] = {}
        for u, s in state.units.items():
            if s.at in b.hexset and udef(u).side == side:
                used[s.at] = used.get(s.at, 0) + points(u)
        room = int(cap) - points(uid)
        hexes = [h for h in hexes if used.get(h, 0) <= room]          # C4.4 (stacking.room)
    return hexes


_PLACES: dict[tuple, list[str]] = {}
_NEAR: dict[tuple, frozenset[str]] = {}
_INFIL: dict[tuple, frozenset[str]] = {}


def _near(b: Board, map_name: str, foes: tuple[str, ...], n: int) -> frozenset[str]:
    """Hexes within ``n`` of any of ``foes`` (one union of rings instead of a distance per pair)."""
    key = (map_name, foes, n)
    got = _NEAR.get(key)
    if got is None:
        if len(_NEAR) > 256:
            _NEAR.clear()
        got = _NEAR[key] = frozenset(x for f in foes for x in b.grid.range(f, n)) if n >= 0 else frozenset()
    return got


def _infiltration(state: SFState, uid: str, base: list[str], foes: tuple[str, ...]) -> frozenset[str]:
    """The infiltration hexes (7.1, 7.2, 7.5) depend on the area and where the enemy stands, not
    on which unit asks: worked out once per set-up situation."""
    from app.games.semper_fi.hagaru import infiltration_hexes, infiltration_spec
    key = (state.map_name, udef(uid).side, tuple(base), foes, str(infiltration_spec(state).get("edge")),
           json.dumps((state.scen.get("rules") or {}).get("boundary", []), sort_keys=True))
    got = _INFIL.get(key)
    if got is None:
        if len(_INFIL) > 64:
            _INFIL.clear()
        got = _INFIL[key] = frozenset(infiltration_hexes(state, uid, base))
    return got


def to_place(state: SFState, side: str) -> list[str]:
    return sorted(u for u, s in state.units.items() if s.at == SETUP and udef(u).side == side)


def setup_actions(state: SFState) -> list[dict[str, Any]]:
    side = state.active
    out: list[dict[str, Any]] = orders.setup_actions(state, side)                  # 1.6e: sheets first
    left = to_place(state, side)
    for u in left:
        for h in placement_hexes(state, u):
            out.append({"type": "place", "unit": u, "to": h})
    res = (state.scen.get("rules") or {}).get("reserves")
    if res and res.get("side") == side:
        out += [{"type": "reserve", "unit": u} for u in left]          # 5.3 NK reserves
    if left:
        out.append({"type": "place-rest"})
    rm = remove_side(state)
    if side == rm and state.to_remove > 0:
        for u, s in sorted(state.units.items()):
            if udef(u).side == rm and s.steps > 1:
                out.append({"type": "remove-step", "unit": u})
    owed = reduction_choices(state, side)                            # 7.5
    if owed:
        have = {a["unit"] for a in out if a["type"] == "remove-step"}
        out += [{"type": "remove-step", "unit": u} for u in owed if u not in have]
    from app.games.semper_fi.linked import restore_actions
    restore = restore_actions(state)                               # 6.3
    out += restore
    from app.games.semper_fi.fieldworks import setup_actions as works
    out += works(state)                                            # 7.1
    from app.games.semper_fi.edge_entry import setup_actions as edges
    choose = edges(state)                                          # C14.6
    out += choose
    from app.games.semper_fi.mines import setup_actions as mines
    out += mines(state)                                            # 7.1 Minefields (C15.1)
    if not left and not (side == rm and state.to_remove > 0) and not restore and not owed and not choose:
        out.append({"type": "end-setup"})
    return out


def remove_side(state: SFState) -> str:
    """Who removes steps before play: the NK in 5.2, the Marines in 6.2 (losses of the first night)."""
    return str((state.scen.get("rules") or {}).get("remove_steps_side", NK))


def place(state: SFState, uid: str, h: str, ctx: Context) -> None:
    s = state.units[uid]
    s.at = h
    e = cached_entry(state, uid)
    s.mode = e.get("mode", "fire")
    if s.dug_in and not tables()["terrain"][bd(state).terrain(h)]["dig_in"]:
        s.dug_in = False                                          # 1.1b: never dug in a paddy
    from app.games.semper_fi.hagaru import placed
    placed(state, uid, h, ctx)                                    # infiltration (7.x)
    if s.hidden:
        ctx.log("A hidden unit sets up", "1.3a", kind="setup")
    else:
        ctx.log(f"{udef(uid).label} sets up at {h}", "C11.2", kind="setup", unit=uid, to=h)


def place_rest(state: SFState, ctx: Context) -> None:
    """Place every unit still to set up on a random legal hex of its area (logged as a draw)."""
    for u in to_place(state, state.active):
        hexes = placement_hexes(state, u)
        if not hexes:
            ctx.log(f"{udef(u).label} has no legal set-up hex left and stays out of play", "C11.2")
            state.units[u].at = "elim"
            continue
        i = state.rng.below(len(hexes))
        place(state, u, hexes[i], ctx)


def reserve(state: SFState, uid: str, ctx: Context) -> None:
    state.units[uid].at = OFFMAP
    state.units[uid].mode = "move"
    ctx.log("A unit is held off the map in reserve", "5.3", kind="setup")


def owed_reductions(state: SFState) -> dict[str, int]:
    """7.5 "(-10 steps)": per formation, the steps its owner takes off during his set-up, no more
    than the formation can give while every unit keeps a step."""
    out: dict[str, int] = {}
    for f, n in sorted(((state.scen.get("rules") or {}).get("start_reduced") or {}).items()):
        spare = sum(s.steps - 1 for u, s in state.units.items() if udef(u).formation == f)
        if min(int(n), spare) > 0:
            out[f] = min(int(n), spare)
    return out


def _formation_side(f: str) -> str:
    return next((d.side for d in counters().units.values() if d.formation == f), "")


def owed_text(state: SFState, side: str) -> str:
    """'take 10 steps off 1st Bn, 240th Regt' for the prompt, or ""."""
    names = {udef(u).formation: udef(u).formation_name for u in state.units}
    parts = [f"{n} step{'s' if n != 1 else ''} off {names.get(f, f)}" for f, n in sorted(state.reduce_left.items())
             if n > 0 and _formation_side(f) == side]
    return "take " + " and ".join(parts) if parts else ""


def reduction_choices(state: SFState, side: str) -> list[str]:
    """Units ``side`` may take a 7.5 set-up step off now: of a formation still owing steps, with
    a step to spare (a unit never goes below one step this way)."""
    return [u for u, s in sorted(state.units.items())
            if s.steps > 1 and state.reduce_left.get(udef(u).formation, 0) > 0 and udef(u).side == side]


def remove_step(state: SFState, uid: str, ctx: Context) -> None:
    s = state.units[uid]
    s.steps -= 1
    f = udef(uid).formation
    if state.reduce_left.get(f, 0) > 0:                              # 7.5: the owner's choice
        state.reduce_left[f] -= 1
        left = state.reduce_left[f]
        if not left:
            del state.reduce_left[f]
        ctx.log(f"{udef(uid).label} starts one step down ({left} more to take off "
                f"{udef(uid).formation_name})", "7.5", kind="setup", unit=uid)
        return
    state.to_remove -= 1
    rule = "5.2" if udef(uid).side == NK else "6.2"
    ctx.log(f"{udef(uid).label} starts one step down ({state.to_remove} still to remove)", rule,
            kind="setup", unit=uid)


def end_setup(state: SFState, ctx: Context) -> bool:
    """Finish one side's set-up; True when both sides are done and play begins."""
    done = state.setup_order.pop(0)
    from app.games.semper_fi.sequence import side_name
    ctx.log(f"The {side_name(state, done)} player has set up", "C11.2", kind="setup")
    if state.setup_order:
        state.active = state.setup_order[0]
        if state.active == NK:
            from app.games.semper_fi.hagaru import roll_infiltration
            roll_infiltration(state, ctx)                            # 7.1, 7.2
        return False
    return True
