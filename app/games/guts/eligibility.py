"""Who may do what: the ``*_problem`` functions that alone decide whether an order is legal
(app.games.guts.game lists and checks actions with them).
"""

from __future__ import annotations

import math
from typing import Any

from app.games.guts import roll
from app.games.guts.fire import centre, dist_to_gun, fire_on, is_with, reach, visible
from app.games.guts.state import ANTI_TANK, BAR, Element, GTG, GutsState, LEADER, PINNED, RIFLE


# =========================================================================== eligibility
def region(state: GutsState, e: Element) -> tuple[float, float, float, float, float, float, float]:
    """The one region a move's destination must lie in: within reach of the base centre and with
    the whole base still on the table. (cx, cy, r, xmin, xmax, ymin, ymax)."""
    W, H = float(roll.D().table_doc["width"]), float(roll.D().table_doc["height"])
    return (e.x, e.y, reach(e), e.w / 2.0, W - e.w / 2.0, e.h / 2.0, H - e.h / 2.0)


def in_region(reg: tuple[float, ...], p: tuple[float, float]) -> bool:
    cx, cy, r, x0, x1, y0, y1 = reg
    if not (x0 - 1e-9 <= p[0] <= x1 + 1e-9 and y0 - 1e-9 <= p[1] <= y1 + 1e-9):
        return False
    d = math.hypot(p[0] - cx, p[1] - cy)
    return 0.05 <= d <= r + 1e-9


def can_act(e: Element) -> str | None:
    if e.out:
        return f"{e.name} is out of the fight"
    if e.withdrawing:
        return f"{e.name} is falling back and takes no further orders"
    if e.acted:
        return f"{e.name} has already moved or fired this turn"
    return None


def _fit_for(e: Element, shaken: dict[str, str]) -> tuple[str, str] | None:
    """An element that may still act this turn (one act a turn, GUTS-XFIRE) and is not in one
    of the ``shaken`` states (state -> why not, GUTS-LEAVE)."""
    p = can_act(e)
    if p:
        return p, "GUTS-XFIRE"
    why = shaken.get(e.status)
    return (why.format(name=e.name), "GUTS-LEAVE") if why else None


def advance_problem(state: GutsState, e: Element) -> tuple[str, str] | None:
    return _fit_for(e, {PINNED: "{name} is pinned and must be rallied first",
                        GTG: "{name} has gone to ground: it must leave cover to move"})


def leave_problem(state: GutsState, e: Element) -> tuple[str, str] | None:
    p = can_act(e)
    if p:
        return p, "GUTS-XFIRE"
    if e.status != GTG:
        return f"only a team that has gone to ground leaves cover ({e.name} is {e.status})", "GUTS-LEAVE"
    return None


def lead_problem(state: GutsState, leader: Element, team: Element) -> tuple[str, str] | None:
    """GUTS-LEAD: a leader lends his modifier to a team he is with, once a turn, unless he is
    pinned or gone to ground. A natural leader leads without modifiers (so never lends)."""
    if leader.kind != LEADER:
        return f"{leader.name} is not a leader", "GUTS-LEAD"
    if leader.id == team.id:
        return "a leader does not lend his modifier to himself", "GUTS-LEAD"
    if not leader.fighting:
        return f"{leader.name} is out of the fight", "GUTS-LEAD"
    if leader.status in (GTG, PINNED):
        return f"{leader.name} is {leader.status} and cannot lead", "GUTS-LEAD"
    if leader.acted and leader.led != team.id:
        return f"{leader.name} has already acted this turn", "GUTS-LEAD"
    if not is_with(leader, team):
        return f"{leader.name} is not with {team.name}", "GUTS-D-WITH"
    return None


def leaders_for(state: GutsState, team: Element) -> list[Element]:
    if team.kind == LEADER:
        return []
    return [l for l in state.elements.values() if l.kind == LEADER and lead_problem(state, l, team) is None]


def firer_problem(state: GutsState, e: Element) -> tuple[str, str] | None:
    return _fit_for(e, {GTG: "{name} has gone to ground and cannot fire",
                        PINNED: "{name} is pinned and cannot fire"})


def gun_target_problem(state: GutsState, gid: str, need_active: bool = True) -> tuple[str, str] | None:
    g = state.guns.get(gid)
    if g is None:
        return f"no revealed machine gun {gid!r}", "GUTS-REV"
    if g.status == "out":
        return f"{g.id} is already knocked out", "GUTS-SIL-BAR"
    if need_active and g.status != "active":
        return f"{g.id} is silent already", "GUTS-SIL-BAR"
    return None


def silence_problem(state: GutsState, e: Element, gid: str) -> tuple[str, str] | None:
    p = firer_problem(state, e)
    if p:
        return p
    if e.kind not in (BAR, *ANTI_TANK):
        return f"{e.name} cannot silence a gun by fire (a BAR, bazooka or recoilless rifle can)", "GUTS-SIL-BAR"
    p = gun_target_problem(state, gid)
    if p:
        return p
    g = state.guns[gid]
    rng = float(roll.D().weapon(e.kind)["effective" if e.kind == BAR else "range"])
    if dist_to_gun(e, g) > rng + 1e-9:
        rule = "GUTS-SIL-BAR" if e.kind == BAR else "GUTS-SIL-AT"
        return f"{g.id} is {dist_to_gun(e, g):.1f} inches away, beyond {e.name}'s {rng:g}", rule
    if not visible((g.x, g.y), centre(e)):
        return f"{e.name} cannot see {g.id}", "GUTS-D-LOS"
    return None


def _close_attack_problem(state: GutsState, e: Element, gid: str, first: Any, deed: str,
                          rule: str) -> tuple[str, str] | None:
    """What grenades (GUTS-SIL-GREN) and the close assault (GUTS-ASLT) both ask first: that the
    team may act at all (``first``: may it fire, may it move), that it is a rifle or BAR team,
    and that its target is a gun still on the table, silenced or not."""
    p = first(state, e)
    if p:
        return p
    if e.kind not in (RIFLE, BAR):
        return f"{e.name} does not {deed} (rifle and BAR teams do)", rule
    return gun_target_problem(state, gid, need_active=False)


def grenade_problem(state: GutsState, e: Element, gid: str) -> tuple[str, str] | None:
    p = _close_attack_problem(state, e, gid, firer_problem, "throw grenades", "GUTS-SIL-GREN")
    if p:
        return p
    g = state.guns[gid]
    rng = float(roll.D().weapon("grenade")["range"])
    if dist_to_gun(e, g) > rng + 1e-9:
        return f"{g.id} is {dist_to_gun(e, g):.1f} inches away: grenades reach {rng:g}", "GUTS-SIL-GREN"
    return None


def assault_problem(state: GutsState, e: Element, gid: str) -> tuple[str, str] | None:
    p = _close_attack_problem(state, e, gid, advance_problem, "make close assaults", "GUTS-ASLT")
    if p:
        return p
    g = state.guns[gid]
    if dist_to_gun(e, g) > e.guts + 1e-9:
        return (f"{g.id} is {dist_to_gun(e, g):.1f} inches away, more than {e.name}'s GUTS of {e.guts}",
                "GUTS-ASLT")
    return None


def rally_problem(state: GutsState, leader: Element, team: Element) -> tuple[str, str] | None:
    if not (leader.kind == LEADER or leader.natural_leader):
        return f"{leader.name} is not a leader", "GUTS-RALLY"
    p = can_act(leader)
    if p:
        return p, "GUTS-RALLY"
    if team.status not in (GTG, PINNED):
        return f"{team.name} needs no rallying ({team.status})", "GUTS-RALLY"
    if not team.fighting:
        return f"{team.name} is out of the fight", "GUTS-RALLY"
    if team.id != leader.id:
        if leader.status in (GTG, PINNED):
            return f"{leader.name} is {leader.status}: he can only rally himself", "GUTS-RALLY"
        if team.acted:
            return f"{team.name} has already acted this turn", "GUTS-RALLY"
        if not is_with(leader, team):
            return f"{leader.name} is not with {team.name}", "GUTS-RALLY"
    return None


def cover_problem(state: GutsState, teams: list[str], mover_id: str, gid: str,
                  leader_id: str = "", mover_fire: set[str] | None = None) -> tuple[str, str] | None:
    """GUTS-COVER: BARs (one or more) or one rifle team, in effective range of the gun whose
    cone the mover is in, fire for the mover; never both kinds for one mover in a turn."""
    if not teams:
        return "name the covering team(s)", "GUTS-COVER"
    if len(set(teams)) != len(teams):
        return "a team is named twice", "GUTS-COVER"
    mover = state.elements.get(mover_id)
    if mover is None:
        return f"no element {mover_id!r}", "GUTS-COVER"
    p = can_act(mover)
    if p:
        return p, "GUTS-COVER"
    if mover.status == PINNED:
        return f"{mover.name} is pinned and cannot move", "GUTS-LEAVE"
    p = gun_target_problem(state, gid)
    if p:
        return p
    if gid in mover.cover_tried:
        return f"{mover.name} already had covering fire against {gid} this turn", "GUTS-COVER"
    if mover_fire is None:
        mover_fire = {f.gun for f in fire_on(state, mover)}
    if gid not in mover_fire:
        return f"{mover.name} is not in {gid}'s cone", "GUTS-COVER"
    g = state.guns[gid]
    kinds = set()
    for tid in teams:
        t = state.elements.get(tid)
        if t is None:
            return f"no element {tid!r}", "GUTS-COVER"
        if t.id == mover.id:
            return "a team cannot cover its own move", "GUTS-COVER"
        p = firer_problem(state, t)
        if p:
            return p
        if t.kind not in (BAR, RIFLE):
            return f"{t.name} cannot give covering fire (BAR and rifle teams can)", "GUTS-COVER"
        kinds.add(t.kind)
        eff = float(roll.D().weapon(t.kind)["effective"])
        if dist_to_gun(t, g) > eff + 1e-9:
            return f"{gid} is beyond {t.name}'s effective range of {eff:g} inches", "GUTS-COVER"
        if not visible((g.x, g.y), centre(t)):
            return f"{t.name} cannot see {gid}", "GUTS-D-LOS"
    if len(kinds) > 1:
        return "BARs and rifles may not cover the same move together", "GUTS-COVER"
    kind = kinds.pop()
    if kind == RIFLE and len(teams) > 1:
        return "one rifle team gives the covering fire", "GUTS-D-COVER"
    if mover.cover_type and mover.cover_type != kind:
        return f"{mover.name} already had {mover.cover_type} covering fire this turn", "GUTS-COVER"
    if leader_id:
        l = state.elements.get(leader_id)
        if l is None:
            return f"no element {leader_id!r}", "GUTS-COVER"
        if kind == BAR and l.role != "platoon-leader":
            return "only the platoon leader directs a BAR's covering fire", "GUTS-COVER"
        if l.acted:
            return f"{l.name} has already acted this turn", "GUTS-LEAD"
        if not any(lead_problem(state, l, state.elements[t]) is None for t in teams):
            return f"{l.name} is not with a covering team (or cannot lead)", "GUTS-LEAD"
    return None
