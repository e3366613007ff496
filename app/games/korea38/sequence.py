"""The sequence of play (4.0) as an explicit state machine, set-up (6.0) and stacking (8.2.2).

Phases, in order (one Game Turn):

1. communist-reinforcement  2. communist-precombat  3. communist-combat  4. communist-movement
5. allied-reinforcement     6. allied-precombat     7. allied-combat     8. allied-movement
9. housekeeping (Communist attrition, then Allied attrition, air refit, turn marker)

Entering a phase runs its automatic steps (arrivals, replacement points, snapshots); leaving it
is the player's ``end-phase`` action, refused while a rule still requires something (units to
place, battles to resolve, a hex over-stacked). Decisions owed by the other side (air units,
the MiG-15, a sea retreat, an armistice reply) are ``Pending`` entries: while one is open the
side that owes it is ``state.active``.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Context
from app.engine.rng import Rng

from app.games.korea38 import combat, isolation, reinforcements, winter
from app.games.korea38.data import ALLIED, COMMUNIST, DEFAULT_KEY, Data, get_data
from app.games.korea38.state import (AIR, BOXES, ELIM, FEC, K38State, OFFMAP, PHASES, POOL, REMOVED,
                                     SEA, UnitState)
from app.games.korea38.steps import eliminate
from app.games.korea38.victory import decisive, determine
from app.games.korea38.zoc import Board, data_of

NEXT = {PHASES[i]: PHASES[i + 1] for i in range(len(PHASES) - 1)}

PHASE_NAMES = {
    "communist-reinforcement": "Communist Reinforcements & Replacements",
    "communist-precombat": "Communist Pre-Combat Movement",
    "communist-combat": "Communist Combat",
    "communist-movement": "Communist Movement",
    "allied-reinforcement": "Allied Reinforcements & Replacements",
    "allied-precombat": "Allied Pre-Combat Movement",
    "allied-combat": "Allied Combat",
    "allied-movement": "Allied Movement",
    "housekeeping": "Housekeeping",
}
PHASE_RULES = {"reinforcement": "10.0", "precombat": "8.1", "combat": "9.0", "movement": "8.0",
               "housekeeping": "4.0"}


def phase_side(phase: str) -> str:
    p = phase.split("-")[0]
    return p if p in (COMMUNIST, ALLIED) else ""


def phase_kind(phase: str) -> str:
    return phase.split("-")[-1]


# -- set-up (6.0) ----------------------------------------------------------------------------

BOX_ALIASES = {"pool": POOL, "reinforcements": POOL, "china": POOL, "turn-track": POOL,
               "eliminated": ELIM, "elim": ELIM, "fec": FEC, "far-east-command": FEC,
               "air": AIR, "air-allied": AIR, "air-communist": AIR, "air-used": AIR,
               "offmap": OFFMAP, "off-map": OFFMAP, "removed": REMOVED}


def normalise_at(data: Data, at: str) -> str | None:
    if data.grid.contains(at):
        return at
    a = at[4:] if at.startswith("box:") else at
    if a in BOX_ALIASES:
        return BOX_ALIASES[a]
    for k, v in BOX_ALIASES.items():
        if k in a:
            return v
    if a.startswith(SEA) and data.grid.contains(a[len(SEA):]):
        return a
    return None


def initial_control(data: Data) -> dict[str, str]:
    raw_north = set(data.grid.regions.get("north", []))
    out = {}
    for h in sorted(data.cities):
        out[h] = COMMUNIST if (h in data.north or (h in raw_north and h not in data.south)) else ALLIED
    return out


def setup_state(scenario: dict[str, Any], options: dict[str, Any], seed: int) -> K38State:
    from app.engine.game import setup_context
    from app.engine.position import entry_dice, position_table, settings
    from app.games.korea38.position import apply_decisions, apply_unlisted
    start = dict(scenario.get("start", {}) or {})
    extra = scenario.get("state", {}) or {}
    # [position] turn / phase / active (docs/scenarios.md) say the same as [start] and win
    start.update({k: v for k, v in position_table(scenario).items() if k in ("turn", "phase", "active")})
    key = str(start.get("data") or extra.get("data") or DEFAULT_KEY)
    d = get_data(key)
    how = settings(scenario, enter_default=bool(extra.get("enter", True)))
    phase = str(start.get("phase", PHASES[0]))
    st = K38State(game="korea38", scenario=str(scenario.get("id", "korea38")),
                  turn=int(start.get("turn", 1)), phase=phase,
                  active=str(start.get("active", phase_side(phase) or COMMUNIST)),
                  rng=Rng.from_seed(seed), data_key=key,
                  last_turn=int(start.get("last_turn", d.rules.get("last_turn", 13))))
    for uid, u in sorted(d.units.items()):
        at = POOL
        if u.setup:
            at = normalise_at(d, u.setup) or POOL
        st.units[uid] = UnitState(at=at, reduced=u.start_reduced)
        if u.is_air and at == POOL and u.arrival == 0:
            st.units[uid].at = AIR
    for p in scenario.get("piece", []) or []:
        uid = p["id"]
        at = normalise_at(d, str(p.get("at", POOL))) or POOL
        us = st.units[uid]
        us.at = at
        if "reduced" in p:
            us.reduced = bool(p["reduced"])
        if "used" in p:
            us.used = bool(p["used"])
        elif str(p.get("at", "")).endswith("used"):
            us.used = True
    apply_unlisted(st, scenario, how.unlisted)
    st.control = initial_control(d)
    for h, side in (scenario.get("control", {}) or {}).items():
        st.control[h] = str(side)
    opts = dict(d.rules)
    opts.update(scenario.get("options", {}) or {})
    opts.update(options or {})
    st.armistice_allowed = bool(opts.get("armistice", True))
    for k in ("amph_used", "amph_this_turn"):
        if k in extra:
            setattr(st, k, int(extra[k]))
    for k in ("moved", "arrived", "stepped", "naval_ports"):
        if k in extra:
            setattr(st, k, set(extra[k]))
    if "to_place" in extra:
        st.to_place = list(extra["to_place"])
    st.phase_control = dict(st.control)
    # the position's fixed dice (then its generator or the seed) roll the steps run at load: the
    # entry steps of the phase and a battle left to resolve (docs/scenarios.md)
    entry_dice(st, scenario, options)
    ctx = setup_context(st.rng)
    if how.enter:
        enter_phase(st, phase, ctx, first=True)
    if "rp" in extra:
        st.rp = {str(k): int(v) for k, v in extra["rp"].items()}
    if "hk_side" in extra:
        st.hk_side = str(extra["hk_side"])
    if "combat_step" in extra:
        st.combat_step = str(extra["combat_step"])
    if "current" in extra:
        st.current = int(extra["current"])
    apply_decisions(st, scenario)
    settle(st, ctx)
    return st


# -- phases ----------------------------------------------------------------------------------

def enter_phase(state: K38State, phase: str, ctx: Context, first: bool = False) -> None:
    d = data_of(state)
    state.phase = phase
    state.moved = set()
    state.moving, state.move_left, state.move_trail = "", 0.0, []
    state.pending = []
    side = phase_side(phase)
    kind = phase_kind(phase)
    ctx.log(f"Turn {state.turn}: {PHASE_NAMES.get(phase, phase)}", PHASE_RULES.get(kind, "4.0"),
            kind="phase", phase=phase, turn=state.turn)
    if kind == "reinforcement":
        if side == COMMUNIST:
            winter.ground_air(state, ctx)
        reinforcements.start_phase(state, side, ctx)
    elif kind == "precombat":
        state.phase_control = dict(state.control)
        state.naval_ports = set()
        state.amph_this_turn = 0
    elif kind == "combat":
        state.battles = []
        state.current = -1
        state.combat_step = "declare"
        _amphibious_battles(state, d, ctx)
    elif kind == "housekeeping":
        state.hk_side = COMMUNIST
        isolation.attrition(state, COMMUNIST, ctx)
    settle(state, ctx)


def _amphibious_battles(state: K38State, d: Data, ctx: Context) -> None:
    """11.4: a landing on an occupied port must be fought this Combat Phase."""
    board = Board(state, d)
    by_port: dict[str, list[str]] = {}
    for uid in sorted(state.units):
        at = state.units[uid].at
        if at.startswith(SEA) and d.units[uid].side == phase_side(state.phase):
            by_port.setdefault(at[len(SEA):], []).append(uid)
    for port, units in sorted(by_port.items()):
        defenders = [e for e in board.enemy_at(ALLIED, port)]
        if not defenders:
            continue
        b = combat.Battle(defender=defenders[0], hex=port, attackers=[units[0]], support=units[1:2],
                          amphibious=list(units))
        state.battles.append(b)
        ctx.log(f"Amphibious battle at {port}: {', '.join(d.units[u].name for u in units)} against "
                f"{d.units[defenders[0]].name}", "11.4", kind="declare")


def overstacked(state: K38State, board: Board, side: str) -> dict[str, list[str]]:
    limit = int(board.data.rules.get("stacking_limit", 1))
    return {h: us for h, us in sorted(board.side_occ[side].items()) if len(us) > limit}


def end_phase_problem(state: K38State, board: Board) -> tuple[str, str] | None:
    """Why the phase may not end yet (reason, rule), or None."""
    if state.pending:
        return ("a decision is still owed", "4.0")
    kind = phase_kind(state.phase)
    side = phase_side(state.phase)
    if kind == "reinforcement":
        if state.to_place:
            return ("every arriving unit must be placed first", "10.0")
        return None
    if kind == "combat":
        if state.combat_step == "declare":
            return ("finish declaring battles first (Done declaring)", "9.0")
        if any(not b.resolved for b in state.battles):
            return ("every declared battle must be resolved", "9.0")
    if kind in ("precombat", "combat", "movement") and overstacked(state, board, side):
        return ("a hex holds more than one unit: move or eliminate the extra units", "8.2.2")
    return None


def end_phase(state: K38State, ctx: Context) -> None:
    d = data_of(state)
    phase = state.phase
    kind = phase_kind(phase)
    side = phase_side(phase)
    if kind == "reinforcement":
        reinforcements.end_phase(state, ctx)
    if kind in ("precombat", "combat", "movement"):
        board = Board(state, d)
        for h, units in overstacked(state, board, d.opposite(side)).items():
            for uid in units[int(d.rules.get("stacking_limit", 1)):]:
                eliminate(state, d, uid, ctx, "8.2.2", "over-stacked at the end of the phase")
        if side == COMMUNIST and kind in ("precombat", "movement"):
            reinforcements.tf_smith_check(state, ctx)
    if kind == "housekeeping":
        if state.hk_side == COMMUNIST:
            state.hk_side = ALLIED
            isolation.attrition(state, ALLIED, ctx)
            settle(state, ctx)
            return
        refreshed = [u for u, us in sorted(state.units.items()) if d.units[u].is_air and us.used]
        for u in refreshed:
            state.units[u].used = False
        ctx.log(f"Air units refitted: {len(refreshed)}", "4.0", kind="air")
        if state.turn >= state.last_turn:
            state.result = determine(state)
            ctx.log(f"Game over: {state.result['winner']} {state.result['level']} victory "
                    f"({state.result['reason']})", state.result["rule"], kind="victory")
            settle(state, ctx)
            return
        state.turn += 1
        enter_phase(state, PHASES[0], ctx)
        return
    enter_phase(state, NEXT[phase], ctx)


def settle(state: K38State, ctx: Context) -> None:
    """Run automatic steps, check immediate victory and decide who acts."""
    if phase_kind(state.phase) == "combat" and state.current >= 0:
        combat.step(state, ctx)
    if state.result is None:
        dec = decisive(state)
        if dec:
            state.result = dec
            ctx.log(f"Decisive victory: {dec['reason']}", "5.1", kind="victory")
    if state.pending:
        state.active = state.pending[0].side
    elif state.phase == "housekeeping":
        state.active = state.hk_side or COMMUNIST
    else:
        state.active = phase_side(state.phase) or state.active
