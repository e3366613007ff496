"""What each side is fighting for, read from the scenario's ``[victory]`` table (not its name).

Every victory kind of the scenarios maps to a set of objective hexes and a role per side: the
attacker must get onto those hexes, the defender must keep them (or, for 4.1's high ground, sit
on them). New scenarios with the same victory kinds need nothing here.
"""

from __future__ import annotations

from typing import Any

from app.games.semper_fi.data import NK, US
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd, is_marine, udef

ATTACK = "attack"
DEFEND = "defend"


def victory(state: SFState) -> dict[str, Any]:
    return state.scen.get("victory") or {}


def attacker(state: SFState) -> str:
    """The side that must take ground: the `attacker` the victory table names (the Chinese in 6.x
    and 7.x), NK in 'hold-hexes' (4.2), otherwise the Marines."""
    vic = victory(state)
    if vic.get("attacker") in (US, NK):
        return str(vic["attacker"])
    return NK if vic.get("kind") == "hold-hexes" else US


def role(state: SFState, side: str) -> str:
    return ATTACK if side == attacker(state) else DEFEND


#: 4.1: an enemy unit this near the important high ground is one to clear as well. Against
#: random play 21 of the 38 games lost to units left on the high ground (seeds 1000-1099) were
#: lost to units that walked onto it on the last four turns from a hex or two away; 1 (with one
#: platoon and one MG section a target, ``HUNTERS``) won 132 of 200 games on seeds 1100-1299
#: instead of 118, 2 climbed so much that the heat (2.3) cost more than it saved
HG_REACH = 1


_NEAR: dict[tuple[Any, ...], frozenset[str]] = {}


def _near(state: SFState, hexes: frozenset[str], n: int) -> frozenset[str]:
    """The map's hexes within ``n`` of ``hexes``; kept per map, set and distance (asked for each
    move the AI scores)."""
    key = (state.map_name, hexes, n)
    hit = _NEAR.get(key)
    if hit is None:
        b = bd(state)
        if len(_NEAR) > 64:
            _NEAR.clear()
        hit = _NEAR[key] = frozenset(x for x in b.hexset if x in hexes
                                     or any(b.grid.distance(x, h) <= n for h in hexes))
    return hit


def passive(state: SFState, side: str) -> bool:
    """4.1-style victory: the Marines score by losing little and keeping the enemy off the high
    ground, so they fight from where they stand instead of climbing after the objectives."""
    return victory(state).get("kind") == "high-ground" and side == US


def objectives_for(state: SFState, side: str) -> frozenset[str]:
    """For the 4.1-style Marines and the East Hill attacker (7.2, 7.5): the objective hexes where
    enemy markers stand (a hidden marker's hex is on the map for both players, 1.3), and for 4.1
    those a step from the high ground (``HG_REACH``), the ones to clear; for 4.2's North Koreans
    the start hexes the Marines have left, while there are any; for everyone else the named
    hexes."""
    hg = objective_hexes(state)
    if passive(state, side):
        near = _near(state, hg, HG_REACH)
        return frozenset(s.at for u, s in state.units.items() if udef(u).side != side and s.at in near)
    if victory(state).get("kind") == "east-hill" and side == attacker(state):
        # 7.2, 7.5: one enemy unit left high on the hill keeps the attacker from winning, so the
        # hexes it holds are the ones to take; the rest of the hill counts once it is clear
        held = frozenset(_enemy_fire_in(state, side, hg))
        return held or hg
    if victory(state).get("kind") == "hold-hexes" and side == attacker(state):
        # 4.2: one start hex the Marines left, entered, counts as much as one taken from them;
        # going for those first, against greedy Marines that leave theirs to chase, won 176 of
        # 300 games (seeds 1000-1299) instead of 153 (docs/ai.md, seventh pass)
        return (hg - frozenset(_enemy_fire_in(state, side, hg))) or hg
    return hg


def _turns_to_last(state: SFState, side: str) -> int | None:
    """Turns from this one to the last (0 on the last turn) when this is one of the side's own
    action phases (the first or the second, as the initiative fell); None otherwise."""
    from app.games.semper_fi.sequence import phasing
    if state.phase not in ("action-1", "action-2") or phasing(state) != side:
        return None
    return max(0, len(state.clock) - state.turn)


def final_phase(state: SFState, side: str) -> bool:
    """The side's last action phase of the game: the result is read when it ends."""
    return _turns_to_last(state, side) == 0


def prefinal_phase(state: SFState, side: str) -> bool:
    """The side's action phase of the turn before the last: where it stands when this ends is
    where its last phase starts from."""
    return _turns_to_last(state, side) == 1


def decisive_hexes(state: SFState, side: str) -> frozenset[str]:
    """Where an enemy standing at the end costs ``side`` the game or a level: the attacker's
    objectives, the hexes the defender must keep free."""
    return objectives_for(state, side) if role(state, side) == ATTACK else denied_hexes(state, side)


def denied_hexes(state: SFState, side: str) -> frozenset[str]:
    """Where an enemy unit standing at the end costs the defender a level: the hexes it keeps,
    and for 7.1 every hex within the victory's distance of the town and the airfield."""
    if side == attacker(state):
        return frozenset()
    hexes = objectives_for(state, side)
    vic = victory(state)
    if vic.get("kind") != "perimeter":
        return hexes
    n = int(vic.get("within", 3))
    key = (state.map_name, hexes, n)
    out = _DENIED.get(key)
    if out is None:
        b = bd(state)
        out = _DENIED[key] = frozenset(h for h in b.hexset if any(b.grid.distance(h, t) <= n for t in hexes))
    return out


def each_hex_counts(state: SFState) -> bool:
    """4.2: the defender must hold every one of the named hexes (a Marine in each start hex),
    so a hex left empty is a hex lost, not one of many."""
    return victory(state).get("kind") == "hold-hexes"


def ground_cleared(state: SFState, side: str) -> bool | None:
    """The attacker of a piece of ground read at the end (7.2's and 7.5's East Hill, 6.x's hexes
    around Fox Hill) has cleared it of the enemy: now it must keep the enemy from walking back
    on before the end, which takes hexes covered, not units stacked. None for every other side
    and scenario."""
    if victory(state).get("kind") not in ("east-hill", "hold-area") or side != attacker(state):
        return None
    hg = objective_hexes(state)
    return not any(s.at in hg for u, s in state.units.items() if udef(u).side != side)


def objective_hexes(state: SFState) -> frozenset[str]:
    """The hexes the scenario's victory rules name (cached on the state object, not saved)."""
    key = ("_ai_obj", len(state.start_hexes), state.contact)
    cached = getattr(state, "_ai_obj_cache", None)
    if cached and cached[0] == key:
        return cached[1]
    vic = victory(state)
    kind = vic.get("kind")
    b = bd(state)
    out: set[str] = set()
    if kind == "hold-hexes":
        out = set(state.start_hexes)
        if not out:                     # before play starts: where Baker/5 sets up
            fms = (state.scen.get("rules") or {}).get("start_hexes_of") or []
            out = {s.at for u, s in state.units.items() if udef(u).formation in fms and s.at in b.hexset}
    elif kind == "hilltop-platoon":
        out = set(vic.get("hexes", []))
    elif kind in ("hilltops-count", "hilltops-control"):
        tops = b.hilltops()
        for n in vic.get("hills", []):
            out.update(tops.get(n, []))
    elif kind == "high-ground":
        out = set(high_ground(state))
    elif kind == "hagaru":
        from app.games.semper_fi.scenario import area_cached
        for name in vic.get("clear", []):
            out |= set(area_cached(b, {"region": name}))
    elif kind == "perimeter":
        from app.games.semper_fi.scenario import area_cached
        out = set(area_cached(b, {"region": vic["town"]})) | set(area_cached(b, {"region": vic["airfield"]}))
    elif kind == "east-hill":
        from app.games.semper_fi.victory import hill_hexes
        out = set(hill_hexes(state, vic, int(vic.get("minor_elevation", 0))))
    elif kind == "hold-area":
        from app.games.semper_fi.scenario import area_cached
        out = set(area_cached(b, vic["area"]))
    out &= b.hexset
    res = frozenset(out)
    object.__setattr__(state, "_ai_obj_cache", (key, res))
    return res


def high_ground(state: SFState) -> list[str]:
    """4.1-style victory: hexes at the minimum elevation within reach of the road and with a line
    of sight (the terrain's) to a road hex that near, the test 4.1's victory makes of a unit;
    worked out once per map and road."""
    from app.games.semper_fi.victory import road_hexes
    vic = victory(state)
    b = bd(state)
    try:
        road = [r for r in road_hexes(state, vic) if r in b.hexset]
    except Exception:               # the march road may not be known in every state
        road = []
    lo = int(vic.get("min_elevation", 80))
    near = int(vic.get("within", 6))
    key = (state.map_name, tuple(road), lo, near)
    hit = _HIGH_GROUND.get(key)
    if hit is None:
        if not road:
            hit = [h for h in sorted(b.hexset) if b.elevation(h) >= lo]
        else:
            from app.games.semper_fi.sight import terrain_los
            hit = [h for h in sorted(b.hexset) if b.elevation(h) >= lo
                   and any(b.grid.distance(h, r) <= near and terrain_los(b, h, r)[0] for r in road)]
        _HIGH_GROUND[key] = hit
    return list(hit)


#: How near a Marine must come to a North Korean on 4.1's high ground to fight it: an MG
#: section's range (6), and within a rifle platoon's spotting range of a dug-in unit on open or
#: broken ground by day, for the mortars and the battery (1.8e, C5.2). 4 and 8 won fewer games
#: (docs/ai.md, "Fourth pass")
VANTAGE_RANGE = 6


def vantage(state: SFState, targets: frozenset[str]) -> frozenset[str]:
    """The hexes from which some hex of ``targets`` is in the terrain's line of sight within
    ``VANTAGE_RANGE``: 4.1's Marines fight the high ground from there (with fire, and by
    spotting for the mortars and the artillery) instead of climbing onto it in the heat (2.3).
    Kept per map and target set (the same frozenset each time, so ``nearest`` keeps its answers)."""
    b = bd(state)
    key = (state.map_name, targets)
    hit = _VANTAGE.get(key)
    if hit is None:
        from app.games.semper_fi.sight import terrain_los
        out: set[str] = set()
        for t in targets:
            one = _VANTAGE.get((state.map_name, t))
            if one is None:
                one = _VANTAGE[(state.map_name, t)] = frozenset(
                    h for h in b.hexset if b.grid.distance(h, t) <= VANTAGE_RANGE and terrain_los(b, h, t)[0])
            out |= one
        if len(_VANTAGE) > 5000:
            _VANTAGE.clear()
        hit = _VANTAGE[key] = frozenset(out)
    return hit


def climb_cost(state: SFState, goal: frozenset[str], step: float, climb: float,
               exposed: frozenset[str] = frozenset(), exposure: float = 0.0) -> dict[str, float]:
    """The cheapest way from every hex to ``goal``: ``step`` a hex and ``climb`` a contour climbed
    (2.3's heat checks), and ``exposure`` for entering an ``exposed`` hex (one the enemy can
    fire into). A unit judged by this walks the whole way, even where one move of it climbs and
    gains nothing yet (scored move by move it stopped at the first slope). Kept per map, goal
    and exposure (they come back move after move)."""
    import heapq
    b = bd(state)
    key = ("climb", state.map_name, goal, step, climb, exposed, exposure)
    hit = _CLIMB.get(key)
    if hit is not None:
        return hit
    cost = {h: 0.0 for h in goal if h in b.hexset}
    todo = [(0.0, h) for h in cost]
    heapq.heapify(todo)
    while todo:
        c, y = heapq.heappop(todo)
        if c > cost.get(y, 1e18):
            continue
        for x in b.grid.neighbours(y):
            if x not in b.hexset:
                continue
            nc = c + step + climb * max(0, b.contour(y) - b.contour(x)) + (exposure if y in exposed else 0.0)
            if nc < cost.get(x, 1e18):
                cost[x] = nc
                heapq.heappush(todo, (nc, x))
    if len(_CLIMB) > 500:
        _CLIMB.clear()
    _CLIMB[key] = cost
    return cost


def exposed_hexes(state: SFState, foes: list[tuple[str, int]]) -> frozenset[str]:
    """The hexes some of ``foes`` (hex, range) could fire into: in range and in the terrain's
    line of sight. Kept per map and enemy positions."""
    key = ("exposed", state.map_name, tuple(sorted(foes)))
    hit = _VANTAGE.get(key)
    if hit is None:
        from app.games.semper_fi.sight import terrain_los
        b = bd(state)
        if len(_VANTAGE) > 5000:
            _VANTAGE.clear()
        hit = _VANTAGE[key] = frozenset(h for h in b.hexset if any(
            b.grid.distance(h, f) <= r and terrain_los(b, h, f)[0] for f, r in foes))
    return hit


# high_ground() depends only on the map, the road and two numbers of the scenario, but the state
# (and so any cache on it) is copied at every action: keep the answers here instead (a handful)
_HIGH_GROUND: dict[tuple[Any, ...], list[str]] = {}

#: climb_cost(): per map and goal set
_CLIMB: dict[tuple[Any, ...], dict[str, float]] = {}

#: vantage() (per map, one target hex or a set of them) and exposed_hexes() (per map and enemy
#: positions); cleared past 5000 answers
_VANTAGE: dict[tuple[Any, ...], frozenset[str]] = {}

#: denied_hexes() of 7.1 depends on the map, the town and airfield hexes and the distance only
_DENIED: dict[tuple[Any, ...], frozenset[str]] = {}


def places(state: SFState) -> list[tuple[str, frozenset[str]]]:
    """7.3, 7.4: the four places read at the end, each a level (the three named areas and the
    East Hill hexes that see Hagaru-ri); [] for every other victory kind. A Chinese unit in each
    is what wins, so the attacker shares its units out among them (``share_out``)."""
    vic = victory(state)
    if vic.get("kind") != "hagaru":
        return []
    key = (state.map_name, tuple(vic.get("clear", [])), vic.get("hill"), vic.get("los_to"))
    hit = _PLACES.get(key)
    if hit is None:
        from app.games.semper_fi.scenario import area_cached
        from app.games.semper_fi.victory import overlooking
        b = bd(state)
        hit = [(str(n), frozenset(area_cached(b, {"region": n})) & b.hexset) for n in vic.get("clear", [])]
        hit.append((f"East Hill over {vic['los_to']}", frozenset(overlooking(state, vic)) & b.hexset))
        hit = _PLACES[key] = [p for p in hit if p[1]]
    return hit


def share_out(state: SFState, side: str, units: list[str], garrison: int = 0) -> dict[str, frozenset[str]]:
    """Which place each of ``units`` makes for (7.3, 7.4). Every place gets an equal share of the
    units: a unit already in a place stays with it while the place needs it, the rest go to the
    nearest place still short, places with none of ours in them served first. Asked afresh every
    decision, but from positions that change one move at a time, so a unit keeps its place.

    With ``garrison`` set (7.3's last hours, ``player.late_share``) and a place still without one
    of ours, a place we stand in keeps only that many units: the rest go to the empty places.
    The equal shares sent the empty places the units nearest them, often behind the Marines'
    line, while the units already in a place, free to walk, stayed in it to the end."""
    from app.ai.semper_fi.evaluate import nearest
    ps = places(state)
    if not ps or not units:
        return {}
    quota = -(-len(units) // len(ps))
    at = {u: state.units[u].at for u in units}
    held = {name for name, hexes in ps if any(at[u] in hexes for u in units)}
    cap = {name: quota for name, _h in ps}
    if garrison and len(held) < len(ps):
        cap.update({name: min(quota, garrison) for name in held})
    out: dict[str, frozenset[str]] = {}
    load = {name: 0 for name, _h in ps}
    for name, hexes in ps:                                  # those there already stay
        for u in sorted(units):
            if at[u] in hexes and load[name] < cap[name] and u not in out:
                out[u] = hexes
                load[name] += 1
    left = [u for u in units if u not in out]
    hexes_of_place = dict(ps)
    # the closest pairs first, so no unit crosses the map past a place that needs it
    pairs = sorted((nearest(state, at[u], hexes), load[name] > 0, name, u)
                   for u in left for name, hexes in ps)
    for _d, _busy, name, u in pairs:
        if u in out or load[name] >= cap[name]:
            continue
        out[u] = hexes_of_place[name]
        load[name] += 1
    return out


def hills(state: SFState, side: str) -> list[tuple[str, frozenset[str]]]:
    """5.2, 5.3: each hill the victory counts, with the hexes of it ``side`` may enter (a
    scenario boundary may close some, 5.1-5.3); [] for every other victory kind."""
    vic = victory(state)
    if vic.get("kind") not in ("hilltops-count", "hilltops-control"):
        return []
    from app.games.semper_fi.movement import forbidden
    b = bd(state)
    tops = b.hilltops()
    closed = forbidden(state, side)
    out = [(str(n), frozenset(h for h in tops.get(n, []) if h in b.hexset and h not in closed))
           for n in vic.get("hills", [])]
    return [x for x in out if x[1]]


def hill_share(state: SFState, side: str, units: list[str]) -> dict[str, frozenset[str]]:
    """5.2, 5.3: which hill each of the attacker's units makes for. A hill counts once, however
    many stand on it, so a hill held keeps one unit (one that cannot assault, if it has one)
    and the others share out the hills not yet held, the closest pairs first: the assault units
    any of them, the rest only those no enemy stands on. Pulled to every hilltop hex alike, a
    unit already on one never left it with the enemy near: in 5.3 (seed 1000 against random)
    twenty Marine units sat on Hills 102 and 109 from 1500 to the end while Hills 117 and 143
    stood empty (docs/ai.md, fourteenth pass)."""
    if side != attacker(state):
        return {}
    hs = hills(state, side)
    if not hs:
        return {}
    from app.ai.semper_fi.evaluate import nearest
    holders = sorted(u for u in units if is_marine(u))     # who holds a hill (5.2, 5.3's control)
    at = {u: state.units[u].at for u in holders}
    fighter = {u: udef(u).type.assault == "yes" and not udef(u).type.vehicle for u in holders}
    foes = {s.at for u, s in state.units.items() if udef(u).side != side}
    out: dict[str, frozenset[str]] = {}
    spare: list[str] = []
    open_: list[tuple[str, frozenset[str]]] = []
    for name, hexes in hs:
        there = [u for u in holders if at[u] in hexes]
        if not there:
            open_.append((name, hexes))
            continue
        # the garrison: a unit that cannot assault first, then the strongest
        keep = min(there, key=lambda u: (fighter[u], -state.units[u].steps, u))
        out[keep] = hexes
        spare += [u for u in there if u != keep]
    movers = spare + [u for u in holders if fighter[u] and u not in out and u not in spare]
    if not open_:
        for u in spare:                                      # all held: stay on the hill
            out[u] = next(hx for _n, hx in hs if at[u] in hx)
        return out
    of = dict(open_)
    empty = {name for name, hexes in open_ if not hexes & foes}
    quota = -(-len(movers) // len(open_))
    load = {name: 0 for name, _h in open_}
    pairs = sorted((nearest(state, at[u], hexes), name, u) for u in movers for name, hexes in open_
                   if fighter[u] or name in empty)
    for _d, name, u in pairs:
        if u in out or load[name] >= quota:
            continue
        out[u] = of[name]
        load[name] += 1
    for u in spare:                                          # nowhere it can go: stay
        if u not in out:
            out[u] = next(hx for _n, hx in hs if at[u] in hx)
    return out


def waiting_for_reinforcements(state: SFState, side: str) -> bool:
    """A Marine attacker whose reinforcements, at least as many units as it has on the map, are
    due within the first quarter of the game holds its ground until they come, firing and
    calling fire but not going forward (5.3: 2/5 alone at 0800, 1/5 and the tanks at 1300).
    Going in piecemeal let a North Korean army that came off the ridge at them destroy 2/5
    before 1/5 arrived: against greedy, seeds 1000-1099, 62 wins of 100 going in, 89 holding
    (docs/ai.md, fourteenth pass). The Chinese attackers of 7.x, whose later regiments are their
    attack, are not held back."""
    if side != US or side != attacker(state):
        return False
    from app.games.semper_fi.scenario import turn_index
    clock = state.clock
    b = bd(state)
    on_map = sum(1 for u, s in state.units.items() if udef(u).side == side and s.at in b.hexset)
    for i, e in enumerate(state.scen.get("reinforcement", []) or []):
        if e.get("side") != side:
            continue
        t = turn_index(clock, str(e.get("turn", "")))
        if not (state.turn < t <= max(1, len(clock) // 4)):
            continue
        coming = sum(1 for u, o in state.origin.items() if o == f"reinforcement:{i}")
        if coming and coming >= on_map:
            return True
    return False


#: How much of its own assault firepower an attacker brings against a held hex, over the
#: defenders' (C8.2; dug-in defenders take more, as the AI's assault odds ask)
STAGE_ODDS = 2.0


def stage_out(state: SFState, side: str, units: list[str]) -> dict[str, frozenset[str]]:
    """7.2, 7.5 (and 6.x's last Marine hex round Fox Hill): which enemy-held hex of the hill
    each of the attacker's assault units makes for.
    A unit that moved may not assault in that phase (C8.1), so the assault on the last hexes must
    stand next to them a phase early; pulled only to the nearest held hex, the units bunch up on
    one and leave another, held by a platoon the victory still counts, with nobody to assault it.
    Each held hex gets the nearest units until their firepower is ``STAGE_ODDS`` times the
    defenders' (at least two), the closest pairs over all hexes first."""
    kind = victory(state).get("kind")
    if side != attacker(state) or kind not in ("east-hill", "hold-area"):
        return {}
    ground = objective_hexes(state)
    held = _enemy_fire_in(state, side, ground)
    if kind == "hold-area" and (len(held) != 1 or not any(state.units[u].at in ground for u in units)):
        # 6.x: our units already round Fox Hill stay on their hexes (the victory reads who is
        # there) until one Marine hex is left; then that one gets its assault units. Against
        # random, seeds 1000-1199: 6.2's Chinese 190 -> 197 of 200; against greedy 6.2 103 -> 106,
        # 6.3 169 -> 172, 6.1 117 both ways (docs/ai.md, eighth pass). Staged from the start, or
        # with two Marine hexes left, it won fewer games over the same cells.
        return {}
    fighters = [u for u in units if udef(u).type.assault == "yes" and not udef(u).type.vehicle]
    return _allot(state, held, fighters, {h: frozenset([h]) for h in held})


def _enemy_fire_in(state: SFState, side: str, hexes: frozenset[str]) -> dict[str, float]:
    """The enemy's hexes among ``hexes``, each with the area firepower of the units in it."""
    held: dict[str, float] = {}
    for u, s in state.units.items():
        if udef(u).side != side and s.at in hexes:
            held[s.at] = held.get(s.at, 0.0) + udef(u).type.fire.area
    return held


def _allot(state: SFState, held: dict[str, float], fighters: list[str],
           goal: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """Each enemy hex of ``held`` gets the nearest ``fighters`` (sent to its ``goal`` hexes) until
    their firepower is ``STAGE_ODDS`` times the enemy's there, at least two; the closest pairs
    over all hexes first, so one hex does not take every unit while another gets none."""
    b = bd(state)
    pairs = sorted((b.grid.distance(state.units[u].at, h), h, u) for u in fighters for h in held if goal[h])
    brought = {h: 0.0 for h in held}
    count = {h: 0 for h in held}
    out: dict[str, frozenset[str]] = {}
    for _d, h, u in pairs:
        if u in out or (count[h] >= 2 and brought[h] >= STAGE_ODDS * max(1.0, held[h])):
            continue
        out[u] = goal[h]
        brought[h] += udef(u).type.fire.area
        count[h] += 1
    return out


#: How many turns before the end the defender of 7.1 starts to gather an assault on each enemy
#: unit inside the ring the victory reads (``clear_out``)
CLEAR_TURNS = 2


def clear_out(state: SFState, side: str, units: list[str]) -> dict[str, frozenset[str]]:
    """7.1's defender on the last turns: one enemy unit within the victory's distance of the town
    or the airfield at the end makes the game a draw, and it is cleared by assault, which a unit
    that moved in the phase may not make (C8.1). So each such hex gets the nearest assault units
    not next to another enemy (those hold the line), sent to the hexes around it, until their
    firepower is ``STAGE_ODDS`` times the intruders' (at least two), closest pairs first."""
    if victory(state).get("kind") != "perimeter" or side == attacker(state) \
            or state.turn < len(state.clock) - CLEAR_TURNS + 1 or final_phase(state, side):
        return {}                       # in the last phase a move would only spend the assault
    held = _enemy_fire_in(state, side, denied_hexes(state, side))
    if not held:
        return {}
    b = bd(state)
    foes = {s.at for u, s in state.units.items() if udef(u).side != side and s.at in b.hexset}
    ring = {h: frozenset(n for n in b.grid.neighbours(h) if n in b.hexset and n not in foes) for h in held}

    def busy(at: str) -> bool:          # next to an enemy that is not one of the intruders
        return any(n in foes and n not in held for n in b.grid.neighbours(at))
    fighters = [u for u in units if udef(u).type.assault == "yes" and not udef(u).type.vehicle
                and not busy(state.units[u].at)]
    return _allot(state, held, fighters, ring)


#: places() depends on the map and the victory table only
_PLACES: dict[tuple[Any, ...], list[tuple[str, frozenset[str]]]] = {}


_RIM: dict[tuple[Any, ...], frozenset[str]] = {}


def ring_rim(state: SFState, side: str) -> frozenset[str]:
    """7.1's defender: the hexes of the ring (``denied_hexes``) that the enemy can step into from
    outside it, inside the area in play. A Chinese unit ends in the ring only by entering one of
    them, and an occupied hex can be entered only by assault (C8), so Marines standing on them
    keep the contact outside the ring."""
    if victory(state).get("kind") != "perimeter" or side == attacker(state):
        return frozenset()
    ring = denied_hexes(state, side)
    # asked once a decision: the boundary (which may change with the turn) is read only on a miss
    key = (state.map_name, state.scenario, ring, state.turn)
    rim = _RIM.get(key)
    if rim is None:
        from app.games.semper_fi.movement import forbidden
        out_of_play = forbidden(state, attacker(state))
        b = bd(state)
        if len(_RIM) > 64:
            _RIM.clear()
        rim = _RIM[key] = frozenset(
            h for h in ring if h not in out_of_play and any(
                n in b.hexset and n not in ring and n not in out_of_play for n in b.grid.neighbours(h)))
    return rim
