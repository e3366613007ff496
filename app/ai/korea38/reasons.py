"""Why the Korea38 AI picked an action, in a player's words, from the numbers it weighs.

The hint (Game > Hint) asks :meth:`KoreaAI.explain`; this module recomputes, for the chosen
action only, the figures the AI scored it with: a battle's odds column and its chance of
emptying the defender's hex (9.2, 9.3), how much nearer a move brings a unit to the city the AI
is aiming for, where an arriving unit stands against the enemy (10.2, 10.3), what a replacement
point buys (10.0, 10.1), the sea moves (11.1-11.4), the air and MiG decisions (9.2.5), the
losses, retreats and advances of a battle (9.0, 9.3), over-stacking (8.2.2) and the armistice
(5.4). Every action kind of the game has its reason here; none changes what the AI chooses.
"""

from __future__ import annotations

from typing import Any, Callable

from app.engine.game import Action
from app.games.korea38 import combat as rcombat
from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.state import ELIM, FEC, OFFMAP, K38State
from app.games.korea38.victory import determine

from app.ai.korea38.planner import objective_targets
from app.ai.korea38.situation import Situation


# -- words for places and units -----------------------------------------------------------------

def _place(sit: Situation, h: str) -> str:
    """``Taejon (1915)`` for a named hex, ``hex 1915`` otherwise; the boxes by their names."""
    if h == FEC:
        return "the Far East Command box"
    if h == OFFMAP:
        return "off the north edge"
    try:
        name = sit.data.grid.name(h)
    except Exception:  # noqa: BLE001 - not a map hex
        return str(h)
    return f"{name} ({h})" if name else f"hex {h}"


def _terrain(sit: Situation, h: str) -> str:
    try:
        return str(sit.data.grid.terrain(h))
    except Exception:  # noqa: BLE001 - off-map places have no terrain
        return "open"


def _name(sit: Situation, uid: str) -> str:
    return sit.data.units[uid].name


def _enemy_distance(sit: Situation, h: str) -> str:
    de = sit.dist_enemy.get(h)
    if de is None or de >= 12:
        return "far from any enemy unit"
    return "next to the enemy" if de <= 1 else f"{de} hexes from the nearest enemy unit"


def _threat(sit: Situation, h: str) -> str:
    """How hard the enemy could hit ``h`` on its next turn (the AI's attack-potential figure)."""
    n = sit.attack_potential(h)
    return f"enemy units able to attack it with {n} strength" if n else "no enemy unit able to attack it next turn"


def _placement_rule(sit: Situation, uid: str) -> str:
    if sit.state.units[uid].at == OFFMAP:
        return "9.3"
    return "10.2" if sit.data.units[uid].side == COMMUNIST else "10.3"


# -- battles and moves ------------------------------------------------------------------------

def _battle_reason(sit: Situation, defender: str, atk: list[str], sup: list[str], wave: list[str],
                   verb: str) -> str:
    st = sit.state
    hexid = st.units[defender].at
    p = sit.odds(defender, atk, sup, wave)
    terrain = _terrain(sit, hexid)
    name = _name(sit, defender)
    if p["cancelled"] or not p["column"]:
        return f"{verb} {name} ({terrain}, {hexid}): the odds are still too low to fight, more units will join (9.2)"
    col = int(p["column"])
    out = sit.outcome(col, defender, atk + sup + wave, sit.hex_gain(hexid))
    clear = round(out.p_vacate * 100)
    return (f"{verb} {name} at {col}:1 on {terrain} ground ({hexid}): about {clear}% to drive it "
            f"out of its hex (9.2, 9.3)")


def _toward_objective(sit: Situation, frm: str, to: str) -> tuple[str, float, float] | None:
    """The objective city this step brings nearest, with the distances before and after."""
    best: tuple[float, str, float, float] | None = None
    for city, weight in objective_targets(sit):
        dist = sit.static.cost_from(city)
        if frm not in dist or to not in dist:
            continue
        gain = dist[frm] - dist[to]
        value = weight - dist[to]
        if gain > 0 and (best is None or value > best[0]):
            best = (value, city, dist[frm], dist[to])
    return None if best is None else best[1:]


def _move_reason(sit: Situation, action: Action) -> str:
    st = sit.state
    uid, to = action["unit"], str(action["to"])
    frm = st.units[uid].at
    name = _name(sit, uid)
    tail = "; it stops next to the enemy, ready to attack" if to in sit.ezoc else ""
    best = _toward_objective(sit, frm, to)
    if best is None:
        return f"{name} moves to {to} to hold the line{tail}"
    city, d0, d1 = best
    return (f"{name} moves toward the city at {city}: {d0:g} movement points away before, "
            f"{d1:g} after{tail}")


def _declare_reason(sit: Situation, action: Action) -> str:
    state = sit.state
    d = action["defender"]
    b = next((x for x in state.battles if x.defender == d), None)
    atk, sup, wave = (list(b.attackers), list(b.support), list(b.wave)) if b else ([], [], [])
    role = action.get("role")
    {"attack": atk, "support": sup, "wave": wave}.get(role, atk).append(action["unit"])
    return _battle_reason(sit, d, atk, sup, wave, "attacks")


def _resolve_reason(sit: Situation, action: Action) -> str:
    b = sit.state.battles[int(action["battle"])]
    return _battle_reason(sit, b.defender, list(b.attackers), list(b.support), list(b.wave),
                          "fights the battle against")


# -- reinforcements and replacements (10.0-10.4) ---------------------------------------------------

def _reinforce_reason(sit: Situation, action: Action) -> str:
    uid, at = action["unit"], str(action["at"])
    name = _name(sit, uid)
    rule = _placement_rule(sit, uid)
    if at == "delay":
        return f"{name} has no open hex to arrive in this turn, so it waits for the next one ({rule})"
    if at == FEC:
        return (f"{name} waits in the Far East Command box: from there it can sail to a port we "
                f"hold or land on the enemy's coast in a later pre-combat phase ({rule}, 11.1, 11.2)")
    bits = [_enemy_distance(sit, at)]
    if at in sit.ic_me:
        bits.append("In Communication")
    else:
        bits.append("not In Communication")
    bits.append(_threat(sit, at))
    if at == sit.data.star_city.get(sit.side):
        bits.append("it adds a defender to our star city")
    if sit.dist_enemy.get(at, 12) <= 4:
        bits.append("close enough to join the front, not so close it is hit first")
    return (f"{name} arrives at {_place(sit, at)} on {_terrain(sit, at)} ground: "
            + ", ".join(bits) + f" ({rule})")


def _replace_reason(sit: Situation, action: Action) -> str:
    uid, at = action["unit"], str(action["at"])
    d = sit.data
    u = d.units[uid]
    us = sit.state.units[uid]
    pool = d.pool_of(u)
    left = int(sit.state.rp.get(pool, 0)) - 1
    points = f"{pool.upper()} replacement point ({left} left after this)"
    if us.at == ELIM:
        where = "the Far East Command box" if at == FEC else f"{_place(sit, at)}, {_enemy_distance(sit, at)}"
        need = (f"we have {len(sit.mine)} units on the map against {len(sit.theirs)}"
                if sit.theirs else "another body for the line")
        return (f"one {points} brings {_name(sit, uid)} back from the eliminated units, reduced, "
                f"at {where}: {need} (10.0)")
    gain = u.full - u.reduced
    near = sit.dist_enemy.get(us.at, 12) <= 2
    front = "; it stands at the front, where the strength counts first" if near else ""
    return (f"one {points} restores {_name(sit, uid)} at {_place(sit, us.at)} to full strength: "
            f"+{gain} strength, from {u.reduced} to {u.full}{front} (10.1)")


def name_of(sit: Situation, uid: str) -> str:
    return _name(sit, uid)


# -- sea moves (11.1-11.4) ---------------------------------------------------------------------------

def _naval_reason(sit: Situation, action: Action) -> str:
    uid, to = action["unit"], str(action["to"])
    frm = sit.state.units[uid].at
    name = _name(sit, uid)
    start = "the Far East Command box" if frm == FEC else f"the port of {_place(sit, frm)}"
    bits = [_enemy_distance(sit, to)]
    best = _toward_objective(sit, frm, to) if frm != FEC else None
    if best is not None:
        city, d0, d1 = best
        bits.append(f"the city at {city} is {d1:g} movement points away instead of {d0:g}")
    if to == sit.data.star_city.get(sit.side):
        bits.append("it reinforces our star city")
    return (f"{name} sails from {start} to the port of {_place(sit, to)}, which we held when the "
            f"phase began: " + ", ".join(bits) + "; the voyage uses its whole pre-combat move (11.1)")


def _amphibious_reason(sit: Situation, action: Action) -> str:
    uid, port = action["unit"], str(action["to"])
    d = sit.data
    state = sit.state
    name = _name(sit, uid)
    left = int(d.rules.get("amphibious_actions", 5)) - state.amph_used - 1
    spare = f"{left} amphibious action{'s' if left != 1 else ''} left after this"
    behind = sum(1 for _e, h in sit.theirs if d.grid.distance(port, h) <= 5)
    enemy_here = list(sit.board.enemy_at(ALLIED, port))
    if enemy_here:
        e = enemy_here[0]
        at_sea = [u for u, us in state.units.items() if us.at == "sea:" + port] + [uid]
        p = sit.odds(e, at_sea, amphibious=at_sea)
        if p["cancelled"] or not p["column"]:
            odds = "the odds, with the landing's shifts against us, are still below 1:1"
        else:
            col = int(p["column"])
            o = sit.outcome(col, e, at_sea, sit.hex_gain(port))
            odds = (f"{col}:1 after the landing's shifts against us, about {round(o.p_vacate * 100)}% "
                    f"to take the port")
        return (f"{name} lands against {_name(sit, e)} at the port of {_place(sit, port)}: {odds}; "
                f"{behind} enemy units within 5 hexes would have us behind them ({spare}) (11.3, 11.4)")
    dest = str(action.get("at") or port)
    ashore = f", and steps inland to {_place(sit, dest)}" if dest != port else ""
    return (f"{name} lands unopposed at the enemy port of {_place(sit, port)}{ashore}: "
            + ", ".join(_landing_worth(sit, port)) + f" ({spare}) (11.2, 11.3)")


def _landing_worth(sit: Situation, port: str) -> list[str]:
    """What the AI values in a landing site, in words: an enemy-held capital close by, the
    enemy units it gets behind, and how far it lies from our own front."""
    d = sit.data
    out = []
    for side in (COMMUNIST, ALLIED):
        cap = d.capital.get(side)
        if cap and sit.state.control.get(cap) == COMMUNIST and d.grid.distance(port, cap) <= 5:
            out.append(f"the enemy-held capital {_place(sit, cap)} is {d.grid.distance(port, cap)} hexes away")
    behind = sum(1 for _e, h in sit.theirs if d.grid.distance(port, h) <= 5)
    if behind:
        out.append(f"{behind} enemy unit{'s' if behind != 1 else ''} within 5 hexes would have us behind them")
    out.append(f"the port is a city for the count and a supply port for us, {_enemy_distance(sit, port)}")
    mine = sit.dist_mine.get(port, 12)
    out.append(f"our nearest unit ashore is {mine if mine < 12 else 'more than 11'} hexes away: "
               f"the landing opens a new front behind theirs")
    return out


# -- battle decisions (9.0, 9.2.5, 9.3, 11.4) ------------------------------------------------------

def _battle_of(sit: Situation) -> Any:
    p = sit.state.pending[0] if sit.state.pending else None
    if p is None or not 0 <= p.battle < len(sit.state.battles):
        return None
    return sit.state.battles[p.battle]


def _column(sit: Situation, b: Any) -> int:
    parts = rcombat.odds_parts(sit.state, sit.board, b)
    return -1 if parts["cancelled"] else int(parts["level"])


def _air_reason(sit: Situation, action: Action) -> str:
    b = _battle_of(sit)
    n = len(action.get("units") or [])
    fresh = len(sit.fresh_air(sit.side))
    if b is None:
        return f"commits {n} air units (9.2.5)"
    target = f"{_name(sit, b.defender)} at {_place(sit, b.hex)}"
    attacking = sit.data.units[b.defender].side != sit.side
    col = _column(sit, b)
    base = f"{col}:1" if col >= 1 else "below 1:1"
    if n == 0:
        if col < 1:
            why = "the attack is below 1:1 and will be called off without them"
        elif fresh:
            why = "the shift would not change the likely result enough; they stay ready for the battles still to come"
        else:
            why = "no fresh air unit is left"
        return f"no air power over the battle against {target} (now {base}): {why} (9.2.5)"
    mig = (sit.side == ALLIED and b.hex in sit.data.mig_alley and not b.mig_cancel
           and bool(sit.fresh_air(COMMUNIST, "cancel")))
    after = col + n if attacking else col - n
    shown = f"{after}:1" if after >= 1 else "below 1:1"
    side = "our attack on" if attacking else "the defence of"
    spare = fresh - n
    warn = "; over MiG Alley the MiG-15 may cancel one of them" if mig else ""
    return (f"{n} air unit{'s' if n != 1 else ''} support {side} {target}: each shifts the odds one "
            f"column, from {base} to about {shown}; {spare} stay fresh for other battles{warn} (9.2.5)")


def _mig_reason(sit: Situation, action: Action) -> str:
    b = _battle_of(sit)
    where = f"the battle at {_place(sit, b.hex)}" if b is not None else "this battle"
    if action["type"] == "no-mig":
        col = _column(sit, b) if b is not None else -1
        top = sit.static.max_col
        if col > top:
            odds = (f"the Allies attack at {col}:1, past the table's last column ({top}:1), so one "
                    f"column less changes nothing")
        else:
            odds = "taking one Allied air unit away would barely change the result"
        return f"the MiG-15 stays out of {where}: {odds}, and it is worth more later (9.2.5)"
    cancel = str(action.get("cancel"))
    col = _column(sit, b) if b is not None else -1
    drop = (f": the Allied odds fall from {col}:1 to {col - 1}:1" if col >= 2 else
            ": one column of Allied air shift taken back")
    return f"the MiG-15 cancels {_name(sit, cancel)} over MiG Alley in {where}{drop} (9.2.5)"


LOSS_RULES = {"wave": "9.2.4.2", "amphibious": "11.4", "attrition": "12.2"}
LOSS_CAUSES = {"wave": "the human wave's price", "amphibious": "the failed landing's loss",
               "attrition": "attrition of the cut-off units"}


def _loss_reason(sit: Situation, action: Action) -> str:
    uid = action["unit"]
    p = sit.state.pending[0] if sit.state.pending else None
    note = p.note if p is not None else ""
    rule = LOSS_RULES.get(note, "9.3")
    cause = LOSS_CAUSES.get(note, "the battle's step loss")
    others = [u for u in (p.units if p is not None else []) if u != uid]
    cost = sit.step_cost(uid)
    dearer = [u for u in others if sit.step_cost(u) > cost]
    state = ("already reduced, so it is eliminated" if sit.state.units[uid].reduced
             else "it turns to its reduced side")
    why = ""
    if dearer:
        alts = ", ".join(f"{_name(sit, u)} ({'reduced: it would be eliminated' if sit.state.units[u].reduced else 'full'})"
                         for u in dearer)
        why = f": it costs us less than the other choice{'s' if len(dearer) != 1 else ''}, {alts}"
    elif others:
        why = f": each of the {len(others) + 1} units that could pay it costs the same"
    return f"{_name(sit, uid)} takes {cause} ({state}){why} ({rule})"


def _retreat_reason(sit: Situation, action: Action) -> str:
    uid = sit.state.pending[0].units[0]
    path = [h for h in action["path"] if h != "offmap"]
    name = _name(sit, uid)
    if action["path"] and action["path"][-1] == "offmap":
        return f"we drive {name} off the north edge: it is out of the fight until it comes back (9.3)"
    if not path:
        return f"{name} has nowhere to go and stays to be eliminated (9.3)"
    end = path[-1]
    enemy_side = sit.data.units[uid].side
    ic_them = sit.ic_enemy if enemy_side == sit.enemy else sit.ic_me
    bits = ["cut off from its supply" if end not in ic_them else "still In Communication"]
    near = sum(1 for n in sit.static.adj.get(end, ()) if n in sit.my_hexes)
    if near:
        bits.append(f"next to {near} of our units")
    elif end in sit.my_zoc:
        bits.append("inside our zone of control")
    return (f"we choose the retreat: {name} goes back {len(path)} hex{'es' if len(path) != 1 else ''} "
            f"to {_place(sit, end)}, " + ", ".join(bits) + " (9.3)")


def _sea_retreat_reason(sit: Situation, action: Action) -> str:
    b = _battle_of(sit)
    uid = b.defender if b is not None else ""
    to = str(action["to"])
    name = _name(sit, uid) if uid in sit.data.units else "the beaten unit"
    if to == FEC:
        return f"{name} leaves by sea to the Far East Command box: no port is safe enough (9.3)"
    return (f"{name} leaves by sea to the port of {_place(sit, to)}: {_enemy_distance(sit, to)}, "
            f"{_threat(sit, to)} (9.3)")


def _advance_reason(sit: Situation, action: Action) -> str:
    b = _battle_of(sit)
    where = _place(sit, b.hex) if b is not None else "the empty hex"
    if action["type"] == "no-advance":
        return f"nobody advances into {where}: the hex is not worth the exposure (9.0)"
    uid = action["unit"]
    state = "at full strength" if not sit.state.units[uid].reduced else "reduced"
    city = "; it takes the city" if b is not None and b.hex in sit.data.cities else ""
    return (f"{_name(sit, uid)} advances into {where}, the hex the defender left: the strongest "
            f"unit able to ({sit.strength(uid)} strength, {state}){city} (9.0)")


def _spread_reason(sit: Situation, action: Action) -> str:
    uid, to = action["unit"], str(action["to"])
    if to == FEC:
        return f"{_name(sit, uid)} goes back to the Far East Command box: no hex ashore is worth it (11.4)"
    ic = "In Communication" if to in sit.ic_me else "not In Communication"
    return (f"{_name(sit, uid)} comes ashore and spreads to {_place(sit, to)}: {ic}, "
            f"{_threat(sit, to)} (11.4)")


def _eliminate_reason(sit: Situation, action: Action) -> str:
    uid = action["unit"]
    h = sit.state.units[uid].at
    return (f"{_name(sit, uid)} is one unit too many at {_place(sit, h)} and none of them can step "
            f"out: the weakest there ({sit.strength(uid)} strength) is the one removed (8.2.2)")


# -- phases and the armistice (5.4) -------------------------------------------------------------------

def _end_reason(sit: Situation, action: Action) -> str:
    st = sit.state
    if st.phase.endswith("reinforcement"):
        left = {k: v for k, v in st.rp.items() if v > 0}
        if left:
            return ("every unit is placed; the replacement points left would only put units where they "
                    "are eliminated at once, and are lost at the phase's end (10.4)")
        return "every arriving unit is placed and no replacement point is left (10.0)"
    return "nothing else this phase is worth the risk"


def _standing(state: K38State) -> dict[str, Any]:
    try:
        return determine(state)
    except Exception:  # noqa: BLE001 - no count, no claim
        return {}


SIDE_NAMES = {COMMUNIST: "Communists", ALLIED: "Allies"}


def _armistice_reason(sit: Situation, action: Action) -> str:
    res = _standing(sit.state)
    winner, level = res.get("winner"), res.get("level", "")
    why = str(res.get("reason") or "")
    rule = str(res.get("rule") or "5.1")
    t = action["type"]
    if t == "propose-armistice":
        return (f"if the war stopped now the {SIDE_NAMES.get(sit.side, sit.side)} would win a {level} victory ({why}, {rule}); "
                f"an armistice would lock that in (5.4)")
    if t == "accept-armistice":
        return f"the count today gives us a {level} victory ({why}, {rule}): we take it (5.4)"
    if winner and winner != sit.side:
        return (f"accepting would hand the {SIDE_NAMES.get(winner, winner)} a {level} victory ({why}, {rule}); "
                f"the war goes on (5.4)")
    return "the count today does not give us the win we want: the war goes on (5.4)"


REASONS: dict[str, Callable[[Situation, Action], str]] = {
    "move": _move_reason,
    "declare-add": _declare_reason,
    "resolve": _resolve_reason,
    "declare-done": lambda sit, a: "nothing else this phase is worth the risk",
    "end-phase": _end_reason,
    "reinforce": _reinforce_reason,
    "replace": _replace_reason,
    "naval": _naval_reason,
    "amphibious": _amphibious_reason,
    "air": _air_reason,
    "mig": _mig_reason,
    "no-mig": _mig_reason,
    "loss": _loss_reason,
    "retreat": _retreat_reason,
    "sea-retreat": _sea_retreat_reason,
    "advance": _advance_reason,
    "no-advance": _advance_reason,
    "spread": _spread_reason,
    "eliminate": _eliminate_reason,
    "propose-armistice": _armistice_reason,
    "accept-armistice": _armistice_reason,
    "reject-armistice": _armistice_reason,
}


def explain(state: K38State, action: Action) -> str:
    """A short reason for ``action`` in ``state``, or "" for an action kind the game lacks."""
    why = REASONS.get(str(action.get("type")))
    if why is None:
        return ""
    return why(Situation(state, state.active), action)


def reason_or_blank(state: Any, action: Action) -> str:
    try:
        return explain(state, action)
    except Exception:  # noqa: BLE001 - a missing reason never breaks the hint
        return ""
