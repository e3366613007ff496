"""Why the Semper Fi! AI picks an action, in a player's words, from the figures it weighs
(the hint shows it; it never changes a choice): expected steps a fire takes off, the odds of an
assault, how far a move brings a unit to its objective, the ground it sets up on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.semper_fi import actions, orders
from app.games.semper_fi.data import counters
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd, other, udef

from app.ai.semper_fi.evaluate import enemy_steps_at, fire_value, nearest, target_hex, visible_enemies
from app.ai.semper_fi.objectives import (ATTACK, decisive_hexes, denied_hexes, final_phase, objectives_for,
                                         role)

if TYPE_CHECKING:
    from app.ai.semper_fi.player import _Ctx


def _name(uid: Any) -> str:
    return udef(str(uid)).label if str(uid) in counters().units else str(uid)


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _objective_words(state: SFState, side: str, h: str) -> str:
    obj = objectives_for(state, side)
    if not obj:
        return ""
    d = nearest(state, h, obj)
    return "on an objective hex" if d == 0 else f"{d} hex{'es' if d != 1 else ''} from the nearest objective"


def _fire(state: SFState, a: dict[str, Any]) -> str:
    ev = fire_value(state, a)
    pv = actions.preview(state, a) or {}
    rule = {"fire": "C6.1", "point-fire": "C6.4", "overwatch": "C6.3", "return-fire": "C6.3"}[a["type"]]
    if "kill" in pv:
        return (f"{_name(a['unit'])} has a {_pct(pv['kill'])} chance to knock out {_name(a['target'])} "
                f"and {_pct(pv['shaken'])} to shake it ({rule})")
    at = a.get("at") or (state.pending[0].hex if state.pending else "")
    ch = pv.get("chances") or {}
    losses = sum(v for k, v in ch.items() if "step" in k)
    col = f" on the {pv['column']} column" if pv.get("column") else ""
    return (f"fire at {at}{col}: about {ev:.1f} enemy steps' worth of effect expected, step losses "
            f"{_pct(losses)}, a morale check {_pct(ch.get('morale check', 0))} ({rule})")


# reasons that only fill in the action's fields ({unit}, {target}: names; {here}, {steps}: the unit's)
SIMPLE = {
    "place-rest": "the rest set up at random in their areas, anywhere legal (C11.2)",
    "reserve": "{unit} waits off the map, to enter from the west edge when needed (5.3)",
    "end-setup": "every unit is placed: finish setting up",
    "remove-step": "the scenario takes steps off before play: {unit} has {steps} to spare (5.2, 6.2, 7.5)",
    "lay-mine": "a minefield at {hex}, on the enemy's way in and off our own hexes (C15.1)",
    "exit": "leaving by the road before contact is a US Major victory (4.1)",
    "dig-in": "{unit} digs in at {here}: fire at dug-in troops gets -2 on the Area Fire Table (C6.6)",
    "at-roll": "{unit} makes AT rolls against {target}, next to it (C6.5)",
    "end-phase": "nothing left is worth doing this phase",
}


def _last_word(state: SFState, side: str, a: dict[str, Any]) -> str:
    """Why fire now, in the side's last phase, at a hex whose occupants decide the result."""
    at = target_hex(state, a)
    if not final_phase(state, side) or at not in decisive_hexes(state, side):
        return ""
    return "; our last action phase, and the enemy there at the end decides the result"


def _overwatch_words(state: SFState, c: "_Ctx", frm: str, to: str) -> str:
    """An attacker's way in: how many enemy units could fire on the unit as it enters (C6.3),
    when another hex as near the objectives would have been seen by more."""
    if c.role != ATTACK or c.passive:
        return ""
    here = c.overwatchers(state, to)
    b = bd(state)
    d = nearest(state, to, c.obj) if c.obj else 0
    worse = [n for n in b.grid.neighbours(frm) if n in b.hexset and n != to and c.obj
             and nearest(state, n, c.obj) <= d and c.overwatchers(state, n) > here]
    if not worse:
        return ""
    return (f"; {here:g} enemy units could fire on it there as it enters, fewer than at {sorted(worse)[0]} (C6.3)"
            if here else f"; no enemy unit could fire on it there as it enters, unlike at {sorted(worse)[0]} (C6.3)")


def _hunt_words(state: SFState, c: "_Ctx", u: str, frm: str, to: str) -> str:
    """4.1's Marines: a unit sent after the high ground, or one keeping out of the enemy's fire."""
    b = c.b
    if not c.passive or frm not in b.hexset:
        return ""
    goal = c.hunt_goal(state).get(u)
    up = max(0, b.contour(to) - b.contour(frm))
    climb = f", climbing {up} contour{'s' if up > 1 else ''} (a heat check, 2.3)" if up else ""
    if goal:
        d = nearest(state, to, goal)
        where = "at a point that sees" if d == 0 else f"{d} hex{'es' if d != 1 else ''} from a point that sees"
        return (f"{_name(u)} moves to {to}{climb}, {where} a North Korean on the high ground, by the "
                f"way that climbs least and crosses least enemy fire: the North Koreans left there "
                f"and the Marine steps lost decide 4.1 (C4.1)")
    if c.obj:
        out = frm in c.exposed(state) and to not in c.exposed(state)
        return (f"{_name(u)} moves to {to}{climb}" + (", out of the enemy's line of fire: every Marine step "
                                                       "lost counts in 4.1" if out else "") + " (C4.1)")
    return ""


def _stage_words(c: "_Ctx", u: str, to: str) -> str:
    """7.2, 7.5: an assault unit sent to the held hill hex it is shared out to (``stage_out``)."""
    goal = c.stage.get(u)
    if not goal:
        return ""
    h = sorted(goal)[0]
    d = c.b.grid.distance(to, h)
    return (f"{_name(u)} moves to {to}, {d} hex{'es' if d != 1 else ''} from {h}: the enemy still holds it "
            f"on the hill and no assault stands ready for it yet; a unit that moved may not assault in "
            f"that phase, so it must be there a phase early (C8.1)")


def _clear_words(state: SFState, c: "_Ctx", u: str, to: str) -> str:
    """7.1: a unit sent next to an enemy unit inside the ring the victory reads (``clear_out``)."""
    side = c.side
    goal = c.clear.get(u)
    if not goal:
        return ""
    deny = denied_hexes(state, side)               # the intruder: the hex the ring goes round
    foe = sorted(s.at for f, s in state.units.items() if udef(f).side != side and s.at in deny
                 and all(c.b.grid.distance(s.at, g) == 1 for g in goal))
    if not foe:
        return ""
    n = int((state.scen.get("victory") or {}).get("within", 3))
    return (f"{_name(u)} moves to {to} to assault {foe[0]} next phase: one enemy unit within {n} hexes "
            f"of the town or the airfield at the end makes the game a draw at best, and a unit that "
            f"moved may not assault in the same phase (C8.1)")


def _rim_words(state: SFState, side: str, u: str, h: str, set_up: bool) -> str:
    """7.1: a unit that sets up on, or moves onto, an empty hex of the ring's rim (``ring_rim``)."""
    from app.ai.semper_fi.objectives import ring_rim
    if h not in ring_rim(state, side) or (set_up and udef(u).type.vehicle) or any(
            s.at == h for f, s in state.units.items() if f != u and udef(f).side == side):
        return ""                          # tanks are not set up there for it (``player.RIM``)
    n = int((state.scen.get("victory") or {}).get("within", 3))
    return (f"{'set up' if set_up else 'move'} {_name(u)} {'at' if set_up else 'to'} {h}, on the edge of the "
            f"ground within {n} hexes of the town and the airfield: the enemy gets onto that ground only "
            f"through hexes like this one, and into a hex we hold only by assault, so the fight stays "
            f"outside it (C8)")


def _late_words(c: "_Ctx", u: str, to: str) -> str:
    """7.3: a move while the attacker keeps out of the Marines' reach (``player.late_wait``),
    said when a Marine unit it sees is near enough for the care to have shaped the move."""
    from app.ai.semper_fi.player import LATE_REACH, LATE_TURNS
    if not c.late_wait or c.foe_within(to, LATE_REACH) or not c.foe_within(to, LATE_REACH + 2):
        return ""
    return (f"{_name(u)} moves to {to}, more than {LATE_REACH} hexes from every Marine unit in sight: "
            f"the four places count only when the game ends, and a unit the Marines can see draws them "
            f"on it, so the Chinese close in during the last {LATE_TURNS} turns (C4.1)")


def _place_words(name: str) -> str:
    """A place of 7.3's victory as a sentence names it."""
    return {"Hagaru": "Hagaru", "Airfield": "the airfield",
            "East Hill over Hagaru-ri": "the East Hill hexes over Hagaru-ri"}.get(name, f"the {name}")


def _garrison_words(state: SFState, c: "_Ctx", u: str, frm: str, to: str) -> str:
    """7.3: a unit that leaves a place we hold for one none of ours stands in, in the last hours
    (``player.GARRISON``, ``objectives.share_out``)."""
    from app.ai.semper_fi.objectives import places
    from app.ai.semper_fi.player import GARRISON, LATE_TURNS, late_share
    if c.role != ATTACK or not late_share(state):
        return ""
    ps = places(state)
    here = next((n for n, hx in ps if frm in hx), "")
    goal = c.share.get(u)
    there = next((n for n, hx in ps if hx == goal), "")
    if not here or not there or there == here or any(state.units[v].at in goal for v in c.mine):
        return ""
    d = nearest(state, to, goal)
    return (f"{_name(u)} leaves {_place_words(here)} for {_place_words(there)}, {d} hex{'es' if d != 1 else ''} "
            f"away, where none of ours stands: in the last {LATE_TURNS} turns a place we hold keeps "
            f"{GARRISON} units and the rest go for the empty ones, since the result counts the places "
            f"with a Chinese unit in them when the game ends (C4.1)")


def explain(state: SFState, side: str, a: dict[str, Any]) -> str:
    """The reason for ``a``, or "" when there is nothing worth saying."""
    t = a.get("type")
    b = bd(state)
    if t in SIMPLE:
        u = state.units.get(str(a.get("unit")))
        fields = {**a, **{k: _name(a[k]) for k in ("unit", "target") if k in a},
                  "here": u.at if u else "", "steps": u.steps if u else 0}
        return SIMPLE[t].format(**fields)
    if t in ("fire", "point-fire", "overwatch"):
        return _fire(state, a) + _last_word(state, side, a)
    if t == "return-fire":
        return _fire(state, a) + "; answering the hex that fired at us" + _last_word(state, side, a)
    if t == "place":
        h = a["to"]
        rim = _rim_words(state, side, str(a["unit"]), h, set_up=True)
        if rim:
            return rim
        where = _objective_words(state, side, h)
        return (f"set up {_name(a['unit'])} at {h}, {b.elevation(h)} m up"
                + (f", {where}" if where else "") + ": high ground sees and shoots farther (C11.2)")
    if t in ("go-first", "go-second"):
        att = role(state, side) == ATTACK
        if state.turn >= len(state.clock):
            return ("the last turn: the result is read when it ends, so we take the last action "
                    "phase and the enemy cannot answer it (1.7g)")
        if t == "go-first":
            return ("we attack: moving first gains ground before the enemy reacts (1.7g)" if att else
                    "we act first: our units fire and dig in before the enemy moves (1.7g)")
        return ("moving second lets us see where the enemy stands before we go (1.7g)" if att else
                "we hold: the enemy moves first and our overwatch answers (1.7g)")
    if t in ("air-strike", "overwatch-air"):
        n = enemy_steps_at(state, side, a["at"])
        return f"a Corsair strike (firepower 12) on {a['at']}, where {n} enemy steps are seen (C9.5)"
    if t in ("artillery", "battery-fire"):
        from app.games.semper_fi import odds
        n = enemy_steps_at(state, side, a["at"])
        bt = counters().batteries[a["battery"]]
        _ns, _sc, on, band = odds.adjustment(state, bt.line, a["at"])
        kind = {"he": "HE", "smoke": "smoke", "illum": "illumination"}.get(a.get("ammo", "he"), "HE")
        return (f"{bt.name}: {kind} on {a['at']} ({n} enemy steps there); the spotter is in the {band} "
                f"band, {_pct(float(on))} on target (C9.2)")
    if t in ("mortar", "mortar-fire", "overwatch-mortar"):
        n = enemy_steps_at(state, side, a["at"])
        if a.get("ammo") == "illum":
            return (f"an illumination round over {a['at']} ({n} enemy steps there), so that they can be "
                    f"seen and fired on (1.2)" + _last_word(state, side, a))
        return (f"mortar fire on {a['at']}, where {n} enemy steps are seen, while fires remain "
                f"({'C9.6' if t == 'mortar' else '3.4'})" + _last_word(state, side, a))
    if t == "assault":
        from app.ai.semper_fi.player import _assault_fp
        from app.games.semper_fi.assault import assault_group
        theirs = [u for u in state.units if state.units[u].at == a["to"] and udef(u).side != side]
        mine = _assault_fp(state, assault_group(state, a["from"], side))
        their = _assault_fp(state, theirs) or 1.0
        shaken = sum(1 for u in theirs if state.units[u].morale)
        late = ""
        if state.turn >= len(state.clock) - 1 and (a["to"] in objectives_for(state, side)
                                                  or a["to"] in denied_hexes(state, side)):
            late = ("; the game's last action phase: any chance beats leaving them there"
                    if final_phase(state, side)
                    else "; the last turns: who stands there at the end decides the result")
        return (f"assault {a['to']}: our assault firepower {mine:g} against their {their:g} "
                f"({mine / their:.1f} to 1)" + (f", {shaken} of them shaken" if shaken else "") + late + " (C8.2)")
    if t == "retreat":
        near = sum(1 for f in visible_enemies(state, side) if b.grid.distance(a["to"], state.units[f].at) <= 1)
        return (f"{_name(a['unit'])} falls back to {a['to']}, "
                + (f"{near} enemy units next to it there" if near else "out of the enemy's reach") + " (C7.3)")
    if t == "fall-back":
        s = state.units[a["unit"]]
        return (f"{_name(a['unit'])} is {s.morale or 'worn'} next to the enemy, unable to fire or move: "
                f"pulling back costs one or two of its {s.steps} steps, staying may cost it all (C7.3)")
    if t == "mode":
        u = a["unit"]
        where = _objective_words(state, side, state.units[u].at)
        if a["to"] == "move":
            return f"{_name(u)} changes to move mode to advance" + (f" ({where})" if where else "") + " (C3.2)"
        return f"{_name(u)} changes to fire mode: it is where it should fight" + (f" ({where})" if where else "") + " (C3.2)"
    if t == "move":
        u = a["unit"]
        frm, to = state.units[u].at, a["to"]
        obj = objectives_for(state, side)
        from app.ai.semper_fi.player import _Ctx
        c = _Ctx(state, side)                       # once for every reason below
        hunt = (_hunt_words(state, c, u, frm, to) or _stage_words(c, u, to)
                or _clear_words(state, c, u, to) or _rim_words(state, side, u, to, set_up=False)
                or _late_words(c, u, to) or _garrison_words(state, c, u, frm, to))
        if hunt:
            return hunt
        if obj and frm in b.hexset:
            return (f"{_name(u)} moves to {to}: {nearest(state, to, obj)} hexes from the objectives "
                    f"(was {nearest(state, frm, obj)}), {b.elevation(to)} m" + _overwatch_words(state, c, frm, to)
                    + " (C4.1)")
        return f"{_name(u)} moves to {to} (C4.1)"
    if t in ("draw-sheet", "write-sheet"):
        return (f"a {orders.kind_name(a['kind'])} sheet for {orders.formation_name(state, a['formation'])}"
                + (f" toward {a['objective']}" if a.get("objective") else "") + " (C12)")
    if t == "pass":
        foes = other(side)
        return f"holding fire: no shot at the {'North Korean' if foes == 'nk' else 'US'} unit is worth giving away our position"
    return ""
