"""Op sheets (C12, module 1.6): what a formation (or, C12.8, a company or platoon) has been ordered to do, drawn before set-up
and begun implemented (1.6e), rewritten during play and then implemented only on a roll that
weighted turns make easier (C12.4). A sheet's kind limits its formation (tables.toml
``op_sheets``): reserves wait (C12.2), defence sheets keep their units near the objective,
Prepared Defense lets every unit spot for indirect fire (1.8e).

With op sheets off (the default where the module says so) each formation simply holds the type
its scenario lists, which matters only for 1.8e spotting and 4.1's reserves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi import holders
from app.games.semper_fi.data import NK, US, counters, tables
from app.games.semper_fi.sight import light
from app.games.semper_fi.units import bd, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

DEFAULT_PREP = {US: 3, NK: 5}           # 1.6a, 1.6b


def active(state: "SFState") -> bool:
    """Op sheets are played (4.1's Op Sheets variant, the 5.x Op Sheets, Captured Radio and
    Command Flexibility variants)."""
    return bool(state.options.get("opsheets") or (state.scen.get("rules") or {}).get("op_sheets"))


def kinds() -> dict[str, dict[str, Any]]:
    return tables()["op_sheets"]["kinds"]


def kind_name(kind: str) -> str:
    return str(kinds().get(kind, {}).get("name", kind.replace("-", " ")))


def choices(spec: Any) -> list[str]:
    """The sheet kinds a scenario allows a side: one kind, a list, or ``any`` (1.6e)."""
    if spec == "any":
        return list(kinds())
    if isinstance(spec, list):
        return [str(k) for k in spec]
    return [str(spec)] if spec else []


def allowed(state: "SFState", side: str) -> list[str]:
    return choices((state.scen.get("opsheets") or {}).get(side))


def allowed_for(state: "SFState", formation: str) -> list[str]:
    """The kinds a holder may begin on (1.6e, C12.6): its formation's own entry under
    ``[opsheets.formations]`` (5.2: 2/5 on Hasty Defense) or else its side's."""
    own = ((state.scen.get("opsheets") or {}).get("formations") or {}).get(holders.formation_of(formation))
    return choices(own) if own else allowed(state, side_of(state, formation))


def prep_rating(state: "SFState", side: str) -> int:
    prep = (state.scen.get("rules") or {}).get("prep_rating", {}) or {}
    return int(prep.get(side, DEFAULT_PREP.get(side, 5)))


def side_of(state: "SFState", formation: str) -> str:
    """The side of a sheet holder (a formation, company or platoon, C12.8)."""
    c = counters()
    if formation in c.units:
        return c.units[formation].side
    return str(c.formations.get(holders.formation_of(formation), {}).get("side", US))


def formations(state: "SFState", side: str) -> list[str]:
    """The sheet holders of ``side`` (C12.8): formations unless the scenario splits them."""
    return holders.holders(state, side)


def objectives(state: "SFState") -> list[str]:
    """Objectives a sheet may name: the map's named hills and places, in map order."""
    out: list[str] = []
    for lm in bd(state).landmarks:
        n = str(lm.get("name", ""))
        if n and n not in out:
            out.append(n)
    return out


def objective_hexes(state: "SFState", name: str) -> list[str]:
    return bd(state).place(name) if name else []


def open_to(state: "SFState", formation: str, side: str | None) -> bool:
    """May ``side`` read this formation's sheet? Its owner always; the enemy only where a
    scenario opens the sheets to it (5.1 Captured Radio: the North Koreans read US sheets)."""
    if side is None:
        return True
    owner = side_of(state, formation)
    return owner == side or (state.scen.get("rules") or {}).get("sheets_open") == owner


# -- set-up: the first sheets (1.6e) ---------------------------------------------------------------
def initial_sheets(state: "SFState") -> None:
    """Every formation starts on its scenario's (first) allowed kind, implemented; objective none."""
    for side in (US, NK):
        for f in formations(state, side):
            ks = allowed_for(state, f)
            if not ks:
                continue
            state.opsheets[f] = ks[0]
            state.objectives[f] = ""
            state.committed[f] = not active(state) or bool(kinds().get(ks[0], {}).get("committed", True))


def _sheet_options(state: "SFState", side: str, kind_list: list[str] | None, atype: str) -> list[dict[str, Any]]:
    """Sheet actions for each formation of ``side``: of ``kind_list``, or (None) of the kinds each
    formation may begin on (C12.6)."""
    out: list[dict[str, Any]] = []
    objs = objectives(state)
    fixed = state.scen.get("opsheet_formations") or {}        # 7.2, 7.3: Army troops never on Prepared Defense
    for f in formations(state, side):
        if atype == "write-sheet" and (f in state.drafts or not any(
                _in_play(state, u) for u in holders.members(state, f))):
            continue
        for k in (kind_list if kind_list is not None else [k for k in allowed_for(state, f) if k in kinds()]):
            if holders.formation_of(f) in fixed and k == "prepared-defense":
                continue
            for o in (objs if kinds()[k].get("objective") else [""]):
                if atype == "draw-sheet" and state.opsheets.get(f) == k and state.objectives.get(f, "") == o:
                    continue
                if atype == "write-sheet" and state.opsheets.get(f) == k and state.objectives.get(f, "") == o:
                    continue
                out.append({"type": atype, "formation": f, "kind": k, "objective": o})
    return out


def _in_play(state: "SFState", uid: str) -> bool:
    """On the map or still to come (off the map, in the road column, a reinforcement): 1.6e lets
    a side write sheets for reinforcements at any time."""
    from app.games.semper_fi.state import COLUMN, OFFMAP, POOL
    at = state.units[uid].at
    return at in bd(state).hexset or at in (OFFMAP, COLUMN, POOL)


def setup_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    """1.6e: sheets are drawn before the side places any unit; they begin implemented."""
    if not active(state):
        return []
    from app.games.semper_fi.state import SETUP
    if any(s.at != SETUP and udef(u).side == side and s.at in bd(state).hexset for u, s in state.units.items()):
        return []
    return _sheet_options(state, side, None, "draw-sheet")


def draw(state: "SFState", a: dict[str, Any], ctx: Context) -> None:
    f, k, o = a["formation"], a["kind"], a.get("objective", "")
    before = state.opsheets.get(f, "")
    state.opsheets[f] = k
    state.objectives[f] = o
    state.committed[f] = bool(kinds()[k].get("committed", True))
    ctx.log(_sheet_words(state, f, "draws up an"), "1.6e", kind="orders")
    if waits_off_map(state, f, k) != waits_off_map(state, f, before):
        _reserve_off_map(state, f, waits_off_map(state, f, k), ctx)


def waits_off_map(state: "SFState", f: str, kind: str) -> bool:
    """C12.7 (5.3 NK Reserves): a formation of the reserves' side drawn on their sheet kind
    (``rules.reserves.opsheet``) begins off the map with them."""
    res = (state.scen.get("rules") or {}).get("reserves") or {}
    return bool(kind) and res.get("opsheet") == kind and res.get("side") == side_of(state, f)


def _reserve_off_map(state: "SFState", f: str, off: bool, ctx: Context) -> None:
    """Move the formation's units still to set up off the map (or, redrawn, back to set-up);
    units the scenario itself starts off the map stay there."""
    from app.games.semper_fi.setup import cached_entry
    from app.games.semper_fi.state import OFFMAP, SETUP
    n = 0
    for u in holders.members(state, f):
        s = state.units[u]
        if off and s.at == SETUP:
            s.at, s.mode = OFFMAP, "move"
            n += 1
        elif not off and s.at == OFFMAP and cached_entry(state, u).get("at") != "offmap":
            s.at, s.mode = SETUP, str(cached_entry(state, u).get("mode", "fire"))
            n += 1
    if n:                                     # the shared log names neither formation nor kind (C12.5)
        ctx.log("Units are held off the map in reserve" if off else "Units held in reserve will set up on the map",
                "C12.7", kind="setup")


# -- play: new sheets and their implementation (C12.3, C12.4) -------------------------------------
def play_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    """In its own action phase a side may write one new sheet per formation (any kind; C12.3)."""
    if not active(state):
        return []
    return _sheet_options(state, side, list(kinds()), "write-sheet")


def write(state: "SFState", a: dict[str, Any], ctx: Context) -> None:
    from app.games.semper_fi.state import OpSheet
    f = a["formation"]
    state.drafts[f] = OpSheet(a["kind"], a.get("objective", ""), 0)       # 1.6e: no weighted turns yet
    ctx.log(_sheet_words(state, f, "writes a new") + " (not yet implemented)", "C12.3", kind="orders")


def _sheet_words(state: "SFState", f: str, verb: str) -> str:
    """Log words for a sheet: the log is shared, so its kind and objective stay off it."""
    who = "The US player" if side_of(state, f) == US else "The North Korean player"
    return f"{who} {verb} op sheet for {formation_name(state, f)}"


def formation_name(state: "SFState", f: str) -> str:
    """A sheet holder's name for players (C12.8)."""
    return holders.name(state, f)


def note_engaged(state: "SFState") -> None:
    """At clean-up, before Fired markers come off: formations that fired or were hit (C12.4)."""
    for u, s in state.units.items():
        if s.fired or s.morale:
            state.engaged.add(holders.holder_of(state, u))


def weighted_turns(state: "SFState", f: str) -> int:
    w = tables()["op_sheets"]["weighted_turns"]
    if f in state.engaged:
        return int(w["engaged"])
    return int(w["night"] if light(state) == "night" else w["quiet"])


def implementation_target(state: "SFState", f: str, kind: str) -> int:
    w = tables()["op_sheets"]["weighted_turns"]
    size = sum(1 for u in holders.members(state, f) if state.units[u].at not in ("elim", "exited"))
    return int(kinds()[kind]["difficulty"]) + prep_rating(state, side_of(state, f)) + (
        1 if size > int(w["large_formation"]) else 0)


def implementation_chance(state: "SFState", f: str) -> float:
    """The chance the formation's written sheet is implemented at the next roll (for the panel)."""
    d = state.drafts.get(f)
    if d is None:
        return 0.0
    need = implementation_target(state, f, d.kind) - d.weighted - weighted_turns(state, f)
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need) / 36


def implementation(state: "SFState", ctx: Context) -> None:
    """Command phase: each written sheet gains weighted turns, then rolls 2d6 to be implemented."""
    if not active(state):
        state.engaged = set()
        return
    for f in sorted(state.drafts):
        d = state.drafts[f]
        d.weighted += weighted_turns(state, f)
        need = implementation_target(state, f, d.kind)
        dice = ctx.roll(f"Op sheet implementation for {formation_name(state, f)}", "C12.4", count=2)
        total = sum(dice) + d.weighted
        if total >= need:
            del state.drafts[f]
            state.opsheets[f] = d.kind
            state.objectives[f] = d.objective
            state.committed[f] = bool(kinds()[d.kind].get("committed", True))
            ctx.log(f"{formation_name(state, f)} now follows its new op sheet "
                    f"(roll {sum(dice)} + {d.weighted} weighted turns >= {need})", "C12.4", kind="orders")
        else:
            ctx.log(f"{formation_name(state, f)}'s new sheet is not yet implemented "
                    f"(roll {sum(dice)} + {d.weighted} weighted turns < {need})", "C12.4", kind="orders")
    state.engaged = set()


# -- what a sheet allows (C12.1) ---------------------------------------------------------------------
def _sheet(state: "SFState", uid: str) -> dict[str, Any]:
    return kinds().get(state.opsheets.get(holders.holder_of(state, uid), ""), {})


def leash_ok(state: "SFState", uid: str, frm: str, to: str) -> bool:
    """Defence sheets keep units within ``leash`` hexes of the objective; a unit outside may
    still move toward it."""
    if not active(state):
        return True
    n = int(_sheet(state, uid).get("leash", 0) or 0)
    hexes = objective_hexes(state, state.objectives.get(holders.holder_of(state, uid), ""))
    if n <= 0 or not hexes:
        return True
    g = bd(state).grid
    dt = min(g.distance(to, h) for h in hexes)
    return dt <= n or (frm in bd(state).hexset and dt < min(g.distance(frm, h) for h in hexes))


def may_assault(state: "SFState", uid: str, target: str) -> bool:
    if not active(state):
        return True
    k = _sheet(state, uid)
    return bool(k.get("assault", True)) and leash_ok(state, uid, state.units[uid].at, target)


def spots_for_all(state: "SFState", uid: str) -> bool:
    """1.8e: every unit of a formation on a Prepared Defense sheet spots for indirect fire."""
    return state.opsheets.get(holders.holder_of(state, uid)) == "prepared-defense"


def unit_line(state: "SFState", uid: str, side: str | None) -> str:
    """The inspector's line on a unit's orders (C12.8: whose sheet it follows), or "" when sheets
    are not played or the viewer may not read that sheet (C12.5)."""
    h = holders.holder_of(state, uid)
    if not active(state) or not open_to(state, h, side) or h not in state.opsheets:
        return ""
    o = state.objectives.get(h, "")
    return (f"Orders: {formation_name(state, h)}'s {kind_name(state.opsheets[h])} sheet"
            + (f", {o}" if o else "") + ("" if state.committed.get(h, True) else ", waiting to be committed"))


def panel_rows(state: "SFState", side: str | None) -> list[list[str]]:
    """The sheets a side may read: its own, and the enemy's where the scenario opens them."""
    if not active(state):
        return []
    rows: list[list[str]] = []
    for own in (US, NK):
        for f in formations(state, own):
            if not open_to(state, f, side) or f not in state.opsheets:
                continue
            k = state.opsheets[f]
            o = state.objectives.get(f, "")
            txt = kind_name(k) + (f", {o}" if o else "") + ("" if state.committed.get(f, True) else ", waiting")
            d = state.drafts.get(f)
            if d is not None:
                txt += (f"; new {kind_name(d.kind)} sheet written ({d.weighted} weighted turns, "
                        f"{implementation_chance(state, f):.0%} next roll)")
            rows.append([formation_name(state, f), txt])
    return rows
