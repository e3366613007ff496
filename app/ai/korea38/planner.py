"""Positional planning for the Korea38 AI: where every unit should stand.

One plan per movement phase. Each unit that may move gets a score for every hex the rules let it
reach (plus staying put); the plan is built greedily, best (unit, hex) first, rescoring lazily
because some terms depend on what is already placed:

* **front**: the zone of control a unit throws over the band of hexes next to the enemy (what
  is already covered counts once), so units spread into a continuous screen;
* **objectives**: a field of movement-cost distances to the cities the side wants (the enemy
  star city and capital first, then its own lost capital, then other enemy-held cities), and a
  push toward the enemy's home edge for the hex count of 5.3;
* **danger**: the value the unit should expect to lose to the enemy's next combat phase at that
  hex (exact CRT at the odds the enemy units able to stand next to it could make), a penalty for
  ending out of communication and for hexes hemmed in by enemy units and zones;
* **cities** taken on the way (a path through an enemy city takes it), garrisons for one's own
  star city and capital when the enemy is near.

In a Pre-Combat Movement Phase the plan first places attackers: targets are chosen greedily by
expected battle value (exact CRT) with the units that can reach a hex next to them, then
offensive support; the other units move by the positional score with the front band extended
round the targets to catch their retreats.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any

from app.games.korea38 import movement as rmove
from app.games.korea38 import sequence as rseq
from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.state import FEC, PHASES, SEA

from app.ai.korea38.situation import INF, Situation
from app.ai.korea38.tactics import BattleJudge, defendable


@dataclass
class Weights:
    obj: float
    prog: float
    threat: float
    cover: float
    noic: float
    pocket: float
    stay: float
    terrain: float
    aggression: float


def aggression(sit: Situation, cfg: dict[str, Any]) -> float:
    d = sit.data
    mine = sit.my_strength + 0.5 * sit.coming(sit.side, 1)
    theirs = sit.enemy_strength + 0.5 * sit.coming(sit.enemy, 1)
    ratio = mine / max(1.0, theirs)
    a = 0.5 + 0.6 * (ratio - 1.0)
    if d.offensive(sit.turn, sit.side):
        a += 0.2
    nxt = sit.turn + 1
    if d.offensive(nxt, sit.side):
        a += 0.1
    _s, off = sit.enemy_attack_flags
    if off:
        a -= 0.15
    a += behind(sit, cfg)
    a += cfg.get("aggression_bias", 0.0)
    return max(0.05, min(1.0, a))


def behind(sit: Situation, cfg: dict[str, Any]) -> float:
    """More aggression for the side the rules would call the loser if the game ended now
    (5.1-5.3), growing over the last turns: waiting only keeps a lost result, and the end of
    turn 13 is when it counts."""
    from app.games.korea38.victory import determine
    left = sit.state.last_turn - sit.turn
    span = cfg.get("behind_turns", 4)
    if left >= span:
        return 0.0
    try:
        res = determine(sit.state)
    except Exception:  # noqa: BLE001 - a judgement, never a crash
        return 0.0
    if res.get("winner") in (None, sit.side):
        return 0.0
    return cfg.get("behind_push", 0.35) * (span - left) / span


def moves_first(sit: Situation) -> bool:
    """Is ``sit.side`` the side whose Player Turn opens every Game Turn (4.0: the Communists)?

    That side can only attack from contact it held through the other side's whole turn: its
    infantry may not move before its own Combat Phase (8.1) and the enemy, moving last, may
    leave a zone of control freely (8.3). So the losses it risks by standing next to the enemy
    at the end of its Movement Phase are the price of attacking at all, and its planner weighs
    them less (``first_mover_threat``); the side moving last decides where contact is and keeps
    the full weight. Measured in docs/ai.md ("Contact and support for the side that moves
    first")."""
    return side_moves_first(sit.side)


def side_moves_first(side: str) -> bool:
    """``moves_first`` for a side alone (no position to build)."""
    return bool(PHASES) and rseq.phase_side(PHASES[0]) == side


def weights(sit: Situation, cfg: dict[str, Any], mode: str) -> Weights:
    a = aggression(sit, cfg)
    w = Weights(obj=0.12 + 0.5 * a, prog=8.0 * a, threat=1.25 - 0.6 * a, cover=2.2 - 0.7 * a,
                noic=0.9, pocket=0.6, stay=0.15, terrain=0.35, aggression=a)
    if mode == "precombat":
        w.threat = 0.0
        w.noic = 0.25
        w.pocket = 0.1
    w.threat *= cfg.get("threat_scale", 1.0)
    if moves_first(sit):
        w.threat *= cfg.get("first_mover_threat", 1.0)
    w.prog *= cfg.get("prog_scale", 1.0)
    w.obj *= cfg.get("obj_scale", 1.0)
    w.cover *= cfg.get("cover_scale", 1.0)
    return w


# -- objective field ------------------------------------------------------------------------------

def objective_targets(sit: Situation) -> list[tuple[str, float]]:
    d = sit.data
    s, e = sit.side, sit.enemy
    ctrl = sit.state.control
    star_e, cap_e = d.star_city.get(e), d.capital.get(e)
    cap_s = d.capital.get(s)
    out = []
    for c in sit.static.cities:
        if ctrl.get(c) == s:
            continue
        w = 12.0
        if c == star_e:
            w = 48.0
        elif c == cap_e:
            w = 36.0
        elif c == cap_s:
            w = 32.0
        elif c in d.ports and s == ALLIED:
            w = 15.0
        out.append((c, w))
    return out


def objective_field(sit: Situation) -> dict[str, float]:
    st = sit.static
    field_: dict[str, float] = {}
    targets = objective_targets(sit)
    for h in st.adj:
        field_[h] = -60.0
    for c, w in targets:
        dist = st.cost_from(c)
        for h, dd in dist.items():
            v = w - dd
            if v > field_.get(h, -INF):
                field_[h] = v
    return field_


# -- the plan ---------------------------------------------------------------------------------------

@dataclass
class Plan:
    actions: list[dict[str, Any]] = field(default_factory=list)
    targets: dict[str, list[str]] = field(default_factory=dict)   # precombat: defender -> attackers


class Planner:
    def __init__(self, sit: Situation, cfg: dict[str, Any], rng, mode: str):
        self.sit = sit
        self.cfg = cfg
        self.rng = rng
        self.mode = mode
        self.w = weights(sit, cfg, mode)
        self.obj = objective_field(sit)
        st = sit.static
        self.adj = st.adj
        d = sit.data
        self.state = sit.state
        self.band = self._band()
        self.garrison = self._garrisons()
        self.noise = cfg.get("noise", 0.0)
        self._base: dict[tuple[str, str], float] = {}
        self._paths: dict[str, dict[str, tuple[float, tuple[str, ...]]]] = {}
        self.enemy_cities = {c for c in d.cities if sit.state.control.get(c) not in (None, sit.side)}
        self.enemy_cities |= {c for c in d.cities if c not in sit.state.control}
        self.star_e = d.star_city.get(sit.enemy)
        self.keep_clear = self._keep_clear() if mode == "movement" else {}

    # -- the band in front of the enemy ----------------------------------------------------------
    def _band(self) -> dict[str, float]:
        sit = self.sit
        de, dm = sit.dist_enemy, sit.dist_mine
        d = sit.data
        keys = [x for x in (d.star_city.get(sit.side), d.capital.get(sit.side)) if x
                and sit.state.control.get(x) == sit.side]
        near_key = set()
        for k in keys:
            cf = sit.static.cost_from(k)
            near_key |= {h for h, c in cf.items() if c <= 6}
        out: dict[str, float] = {}
        wd = {1: 1.0, 2: 0.6, 3: 0.25}
        for h, k in de.items():
            if k not in wd or h in sit.enemy_hexes:
                continue
            mine_side = dm.get(h, 99) <= k + 1 or sit.state.control.get(h) == sit.side
            if not mine_side:
                continue
            w = wd[k]
            if h in near_key:
                w *= 2.0
            out[h] = w
        # a shield in front of my star city when the enemy can come at it within two turns
        star = d.star_city.get(sit.side)
        if star and sit.state.control.get(star) == sit.side and de.get(star, 99) <= 14:
            cf = sit.static.cost_from(star)
            ds = de.get(star, 99)
            for h, c in cf.items():
                if c > 8 or h in sit.enemy_hexes or de.get(h, 99) > ds:
                    continue
                w = 1.5 * (1.0 - c / 9.0)
                if w > out.get(h, 0.0):
                    out[h] = w
        return out

    def _garrisons(self) -> dict[str, float]:
        sit = self.sit
        d = sit.data
        out = {}
        # the star city is never left empty: a road raider (TF Smith's unlimited road move,
        # 7.4) or an exploiting armour unit would end the game at once (5.1). Not even for the
        # next turn's arrivals: they come after the enemy's turn, and may over-stack in the
        # city until they move out (10.2, 10.3, 8.2.2)
        star = d.star_city.get(sit.side)
        if star and sit.state.control.get(star) == sit.side:
            out[star] = 60.0 if sit.dist_enemy.get(star, 99) <= 9 else 30.0
        cap = d.capital.get(sit.side)
        if cap and sit.state.control.get(cap) == sit.side:
            if sit.dist_enemy.get(cap, 99) <= 6:
                out[cap] = 10.0 + (8.0 if sit.turn >= sit.state.last_turn - 1 else 0.0)
            elif self._raider_possible():
                out[cap] = 12.0
        cap_e = d.capital.get(sit.enemy)
        if cap_e and sit.state.control.get(cap_e) == sit.side and sit.dist_enemy.get(cap_e, 99) <= 6:
            out[cap_e] = 12.0 + (10.0 if sit.turn >= sit.state.last_turn - 1 else 0.0)
        k = self.cfg.get("garrison_scale", 1.0)
        return {h: v * k for h, v in out.items()}

    def star_danger(self, positions: dict[str, str],
                    phases: tuple[set[str], set[str]] | None = None) -> tuple[float, set[str]]:
        """How likely (0-100) the enemy takes my star city next turn if my units stood at
        ``positions``, and the hexes the enemy could reach on the way (``phases``: the
        enemy's reach for these positions if already known)."""
        sit = self.sit
        d = sit.data
        star = d.star_city.get(sit.side)
        if not star or sit.state.control.get(star) != sit.side:
            return 0.0, set()
        g = d.grid
        if min((g.distance(star, h) for _u, h in sit.theirs), default=99) > 26:
            return 0.0, set()
        before_combat, reach = phases if phases is not None else sit.enemy_reach_phases(positions)
        garrison = [u for u, h in positions.items() if h == star and not d.units[u].zoc_own_hex_only]
        if not garrison:
            return (100.0 if star in reach else 0.0), reach
        # the garrison can only be attacked by units next to it when the Combat Phase begins
        slots = [n for n in self.adj.get(star, ()) if n in before_combat]
        if not slots:
            return 0.0, reach
        strengths = sorted((sit.strength(u) for u, _h in sit.theirs), reverse=True)
        att = sum(strengths[:len(slots)])
        dfn = max(1, sit.strength(garrison[0]))
        level = att // dfn - sit.static.shift.get(star, 0) + sit.support_potential(star)
        if level < 1:
            return 0.0, reach
        o = sit.outcome(min(level, sit.static.max_col), garrison[0], [], 0.0, retreat_kind="retreat")
        return 100.0 * o.p_vacate, reach

    def shield_band(self, reach: set[str]) -> dict[str, float]:
        """Hexes the enemy could reach near my star city: cover them with zones of control."""
        sit = self.sit
        star = sit.data.star_city.get(sit.side)
        if not star:
            return {}
        cf = sit.static.cost_from(star)
        out = {}
        for h in reach:
            c = cf.get(h, 99)
            if c <= 10 and h not in sit.enemy_hexes:
                out[h] = 2.5 * (1.0 - c / 12.0)
        return out

    def _keep_clear(self) -> dict[str, float]:
        """Hexes next to my placement cities to leave empty when many units arrive next turn
        (they must all step out of the city in the Pre-Combat Movement Phase, 10.2/8.2.2)."""
        sit = self.sit
        d = sit.data
        n = sit.arrivals_next()
        if n < 2:
            return {}
        out: dict[str, float] = {}
        for c in (d.star_city.get(sit.side), d.capital.get(sit.side)):
            if not c or sit.state.control.get(c) != sit.side:
                continue
            pen = 1.0 * min(n, 8)
            for h in self.adj.get(c, ()):
                out[h] = max(out.get(h, 0.0), pen)
                for m in self.adj.get(h, ()):
                    if m != c:
                        out[m] = max(out.get(m, 0.0), 0.4 * pen)
        # the star city: every unit placed there must end the Pre-Combat Movement Phase in a
        # hex of its own (8.1, 8.2.2) and old units may not move then, so as many of the hexes
        # an arrival can reach (with next turn's road costs: harsh winter, 13.1) as there are
        # arrivals, plus one spare, are kept empty; a unit left there would cost an arrival
        star = d.star_city.get(sit.side)
        need = sit.star_arrivals_next() if star and sit.state.control.get(star) == sit.side else 0
        if need >= 2:
            pen = self.cfg.get("exit_clear", 6.0)
            for h in sit.exit_hexes(star, sit.turn + 1)[:need]:
                out[h] = max(out.get(h, 0.0), pen)
        return out

    def _raider_possible(self) -> bool:
        """Could an enemy unit with an unlimited road move (TF Smith, 7.4) still make it?"""
        d = self.sit.data
        for u, us in self.state.units.items():
            x = d.units[u]
            if x.side == self.sit.enemy and x.zoc_own_hex_only and us.at in ("pool",) and x.arrival <= self.sit.turn + 1:
                return True
        return False

    # -- scores -----------------------------------------------------------------------------------
    def cover_of(self, uid: str, h: str) -> tuple[str, ...]:
        if self.sit.data.units[uid].zoc_own_hex_only:
            return (h,)
        return (h,) + self.adj.get(h, ())

    def base(self, uid: str, h: str) -> float:
        key = (uid, h)
        v = self._base.get(key)
        if v is not None:
            return v
        sit = self.sit
        w = self.w
        s = w.obj * self.obj.get(h, -60.0) + w.prog * sit.static.progress(sit.side, h)
        if w.threat:
            s -= w.threat * sit.defend_loss(uid, h)
        if h not in sit.ic_me:
            s -= w.noic * sit.unit_value(uid)
        de = sit.dist_enemy.get(h, 99)
        if de <= 2:
            s += w.terrain * sit.static.shift.get(h, 0)
        if w.pocket:
            bad = sum(1 for n in self.adj.get(h, ()) if n in sit.ezoc or n in sit.enemy_hexes)
            if bad > 2:
                s -= w.pocket * (bad - 2) * (1.0 + 0.2 * sit.unit_value(uid) / 6.0)
        if h == self.state.units[uid].at:
            s += w.stay
        if h in self.keep_clear:
            s -= self.keep_clear[h]
        if self.noise:
            s += self.noise * (self.rng.below(2001) / 1000.0 - 1.0)
        self._base[key] = s
        return s

    def path_cities(self, uid: str, h: str) -> list[str]:
        paths = self._paths.get(uid)
        if paths is None:
            try:
                paths = rmove.reach(self.state, self.sit.board, uid)
            except Exception:  # noqa: BLE001
                paths = {}
            self._paths[uid] = paths
        hit = paths.get(h)
        if not hit:
            return [h] if h in self.enemy_cities else []
        return [x for x in hit[1][1:] if x in self.enemy_cities]

    def city_value(self, c: str) -> float:
        d = self.sit.data
        if c == self.star_e:
            return 1000.0
        if c == d.capital.get(self.sit.enemy):
            return 14.0
        if c == d.capital.get(self.sit.side):
            return 12.0
        if c in d.ports and self.sit.side == ALLIED:
            return 5.0
        return 3.5

    # -- building ---------------------------------------------------------------------------------
    def assign(self, movers: dict[str, list[str]], fixed: dict[str, str],
               preset: dict[str, str] | None = None,
               extra_band: dict[str, float] | None = None) -> dict[str, str]:
        """Greedy (unit -> hex) for ``movers`` (candidates include the unit's own hex)."""
        preset = dict(preset or {})
        band = dict(self.band)
        for h, v in (extra_band or {}).items():
            band[h] = band.get(h, 0.0) + v
        covered: set[str] = set()
        occupied: set[str] = set(fixed.values()) | set(preset.values())
        captured: set[str] = set()
        garrisoned: set[str] = set()
        for u, h in list(fixed.items()) + list(preset.items()):
            covered.update(self.cover_of(u, h))
            if h in self.garrison and not self.sit.data.units[u].zoc_own_hex_only:
                garrisoned.add(h)
        for u, h in preset.items():
            captured.update(self.path_cities(u, h))

        def dyn(u: str, h: str) -> float:
            s = 0.0
            wc = self.w.cover
            for x in self.cover_of(u, h):
                if x not in covered:
                    bv = band.get(x)
                    if bv:
                        s += wc * bv
            for c in self.path_cities(u, h):
                if c not in captured:
                    s += self.city_value(c)
            g = self.garrison.get(h)
            if g and h not in garrisoned and not self.sit.data.units[u].zoc_own_hex_only:
                s += g
            return s

        heap: list[tuple[float, int, str, str]] = []
        seq = 0
        for u in sorted(movers):
            for h in movers[u]:
                if h in occupied:
                    continue
                sc = self.base(u, h) + dyn(u, h)
                heap.append((-sc, seq, u, h))
                seq += 1
        heapq.heapify(heap)
        out: dict[str, str] = {}
        todo = set(movers)
        while heap and todo:
            negs, _sq, u, h = heapq.heappop(heap)
            if u not in todo or h in occupied:
                continue
            sc = self.base(u, h) + dyn(u, h)
            if heap and sc < -heap[0][0] - 1e-9:
                seq += 1
                heapq.heappush(heap, (-sc, seq, u, h))
                continue
            out[u] = h
            todo.discard(u)
            occupied.add(h)
            covered.update(self.cover_of(u, h))
            captured.update(self.path_cities(u, h))
            if h in self.garrison and not self.sit.data.units[u].zoc_own_hex_only:
                garrisoned.add(h)
        for u in sorted(todo):    # no free hex left: stay (the player fixes stacking later)
            out[u] = self.state.units[u].at
        return out

    # -- attacks set up before combat ---------------------------------------------------------------
    def plan_attacks(self, movers: dict[str, list[str]], fixed: dict[str, str],
                     horizon: str = "now") -> tuple[dict[str, str], dict[str, list[str]]]:
        """Pick targets and move attackers (and offensive support) next to them: for this
        Combat Phase (``now``, pre-combat movement) or for my next one (``next``, the Movement
        Phase: the units must then live through the enemy's turn next to the enemy; the
        danger is in each hex's score). A unit's cost is what its best other hex would score."""
        sit = self.sit
        state = self.state
        board = sit.board
        cfg = self.cfg
        judge = BattleJudge(sit, cfg)
        reach = {u: set(hs) for u, hs in movers.items()}
        targets = [e for e, _h in sit.theirs if defendable(sit, e)]
        used_units: set[str] = set()
        used_slots: set[str] = set(fixed.values())
        place: dict[str, str] = {}
        plans: dict[str, list[str]] = {}
        fixed_at = {h: u for u, h in fixed.items()}
        best_alt = {u: max(self.base(u, h) for h in hs) for u, hs in movers.items() if hs}
        nxt = horizon == "next"
        scale = cfg.get("contact_scale", 1.0) if nxt else 1.0
        my_next = sit.turn + 1   # from my Movement Phase, my next Combat Phase is next turn's
        off_next = nxt and sit.data.offensive(my_next, sit.side) and cfg.get("support", True)
        mine_all = list(movers) + [u for u in fixed if u not in movers]

        def help_bonus(e: str, n_atk: int) -> int:
            """Columns offensive support could add next turn: my units near the target."""
            if not off_next:
                return 0
            eh = state.units[e].at
            g = sit.data.grid
            near = 0
            for u in mine_all:
                at = state.units[u].at
                if g.contains(at) and g.distance(at, eh) <= 3:
                    near += 1
            return max(0, min(3, near - n_atk))

        off_now = (not nxt) and sit.data.offensive(state.turn, sit.side) and cfg.get("support", True) \
            and cfg.get("plan_support", sit.side == COMMUNIST)
        wave_range = int(sit.data.rules.get("human_wave_range", 2))
        grid = sit.data.grid

        def help_now(e: str, atk: list[str]) -> int:
            """Columns offensive support (9.2.4.1) and, for PVA units, the human wave (9.2.4.2)
            could add in this Combat Phase: my free units that can reach a hex outside enemy
            zones close enough to the target's attackers. Without it a target only counted
            what its attackers alone could do, and a PVA army (6-point divisions against
            14-16 point Allied ones in the mountains) chose two battles a turn. The Communists
            only: Allied battles are won by their own strength and air, and counting support
            for them too made the Allied offensives of 1951 stronger still (docs/ai.md)."""
            if not off_now:
                return 0
            eh = state.units[e].at
            n = 0
            for u, hs in reach.items():
                if u in used_units or u in atk or sit.strength(u) <= 0:
                    continue
                far = 1 + (wave_range if sit.data.units[u].nation == "pva" else 1)
                if any(h not in sit.ezoc and 2 <= grid.distance(h, eh) <= far for h in hs):
                    n += 1
                    if n >= 3:
                        break
            return n

        def slots_of(e: str) -> list[str]:
            eh = state.units[e].at
            return [n for n in self.adj.get(eh, ()) if board.adjacent(eh, n) and n not in sit.enemy_hexes]

        slot_cache: dict[str, list[str]] = {}
        cfg_cache: dict[tuple, tuple[float, list[tuple[str, str]]]] = {}
        cand_cache: dict[str, frozenset[str]] = {}

        def config(e: str) -> tuple[float, list[tuple[str, str]]]:
            sl = slot_cache.get(e)
            if sl is None:
                sl = slot_cache[e] = slots_of(e)
            if not sl:
                return (-1e9, [])
            cu = cand_cache.get(e)
            if cu is None:
                slset = set(sl)
                cu = cand_cache[e] = frozenset(
                    [u for u, hs in reach.items() if hs & slset] + [fixed_at[x] for x in sl if x in fixed_at])
            ck = (e, frozenset(x for x in sl if x in used_slots), cu & frozenset(used_units))
            hit = cfg_cache.get(ck)
            if hit is not None:
                return hit
            res = _config(e, sl)
            cfg_cache[ck] = res
            return res

        def _config(e: str, sl: list[str]) -> tuple[float, list[tuple[str, str]]]:
            cands: list[tuple[int, str, list[str]]] = []
            for s_ in sl:
                u = fixed_at.get(s_)
                if u and u not in used_units and sit.strength(u) > 0:
                    cands.append((sit.strength(u), u, [s_]))
            for u, hs in reach.items():
                if u in used_units or sit.strength(u) <= 0:
                    continue
                opts = [s_ for s_ in sl if s_ in hs and s_ not in used_slots]
                if opts:
                    cands.append((sit.strength(u), u, opts))
            if not cands:
                return (-1e9, [])
            orders = [sorted(cands, key=lambda c: (-c[0], c[1]))]
            if any(sit.data.units[c[1]].is_armor for c in cands):
                orders.append(sorted(cands, key=lambda c: (0 if sit.data.units[c[1]].is_armor else 1, -c[0], c[1])))
            best = (-1e9, [])
            for order in orders:
                chosen: list[tuple[str, str]] = []
                taken: set[str] = set()
                cost = 0.0
                for _st, u, opts in order:
                    free = [s_ for s_ in opts if s_ not in taken]
                    if not free:
                        continue
                    if u in best_alt:
                        slot = max(free, key=lambda s_: (self.base(u, s_), s_))
                        cost += best_alt[u] - self.base(u, slot)
                    else:
                        slot = free[0]
                    chosen.append((u, slot))
                    taken.add(slot)
                    atk = [c[0] for c in chosen]
                    level, _c = judge.level(e, atk)
                    v = scale * judge.expected(e, level + help_bonus(e, len(atk)) + help_now(e, [c[0] for c in chosen]), atk) - cost \
                        - cfg.get("unit_cost", 0.08) * len(atk)
                    if v > best[0] + 1e-9:
                        best = (v, list(chosen))
            return best

        while True:
            pick = None
            for e in targets:
                if e in plans:
                    continue
                v, ch = config(e)
                if ch and (pick is None or v > pick[0] + 1e-9):
                    pick = (v, e, ch)
            if pick is None or pick[0] < cfg.get("min_battle", 0.15) + (cfg.get("min_contact", 0.4) if nxt else 0.0):
                break
            v, e, ch = pick
            plans[e] = [u for u, _s in ch]
            for u, s_ in ch:
                used_units.add(u)
                if u in movers:
                    place[u] = s_
                    used_slots.add(s_)
        # offensive support: movers to hexes next to an attacker and outside enemy zones
        if plans and not nxt and sit.data.offensive(state.turn, sit.side) and cfg.get("support", True):
            self._place_support(plans, place, fixed, movers, used_units, used_slots, judge)
        # ... and for next turn's offensive: only armour and arrivals move before that Combat
        # Phase (8.1), so the supporters (9.2.4.1) and human waves (9.2.4.2) of a battle
        # prepared now must stand behind its attackers at the end of this Movement Phase
        if plans and off_next and cfg.get("next_support", True) \
                and cfg.get("plan_support", sit.side == COMMUNIST):
            self._place_support(plans, place, fixed, movers, used_units, used_slots, judge)
        return place, plans

    def _place_support(self, plans, place, fixed, movers, used_units, used_slots, judge) -> None:
        sit = self.sit
        state = self.state
        data = sit.data
        ez = sit.ezoc
        pos = dict(fixed)
        pos.update(place)
        battles = {e: {"atk": list(a), "sup": [], "wave": []} for e, a in plans.items()}
        wave_range = int(data.rules.get("human_wave_range", 2))

        def val(e, bt):
            level, _c = judge.level(e, bt["atk"], bt["sup"], bt["wave"])
            return judge.expected(e, level, bt["atk"] + bt["sup"] + bt["wave"], wave=bool(bt["wave"]))

        current = {e: val(e, bt) for e, bt in battles.items()}
        free_units = [u for u in sorted(movers) if u not in used_units and sit.strength(u) > 0]
        free_units += [u for u in sorted(fixed) if u not in used_units and sit.strength(u) > 0
                       and fixed[u] not in ez]
        for _round in range(len(free_units)):
            best = None
            for u in free_units:
                if u in used_units:
                    continue
                hs = [fixed[u]] if u in fixed else [h for h in movers[u] if h not in ez and h not in used_slots]
                for e, bt in battles.items():
                    apos = [pos[a] for a in bt["atk"] if a in pos]
                    if not apos:
                        continue
                    for role in ("support", "wave"):
                        if role == "wave" and not (sit.side == COMMUNIST and data.units[u].nation == "pva"):
                            continue
                        if role == "support":
                            ok = [h for h in hs if any(sit.board.adjacent(h, a) for a in apos)]
                        else:
                            ok = [h for h in hs if any(data.grid.distance(h, a) <= wave_range for a in apos)]
                        if not ok:
                            continue
                        trial = {"atk": bt["atk"], "sup": bt["sup"] + ([u] if role == "support" else []),
                                 "wave": bt["wave"] + ([u] if role == "wave" else [])}
                        gain = val(e, trial) - current[e]
                        if best is None or gain > best[0] + 1e-9:
                            # stand where the unit scores best among the allowed hexes
                            h = max(ok, key=lambda x: (self.base(u, x), x))
                            best = (gain, u, e, trial, h)
                    if best and best[1] == u and best[0] > 0 and u in fixed:
                        pass
            if best is None or best[0] <= self.cfg.get("min_support_gain", 0.05):
                break
            gain, u, e, trial, h = best
            battles[e] = trial
            current[e] += gain
            used_units.add(u)
            if u in movers:
                place[u] = h
                used_slots.add(h)
                pos[u] = h

    def retreat_band(self, plans: dict[str, list[str]]) -> dict[str, float]:
        """Hexes round the targets where my zones of control would catch their retreats."""
        sit = self.sit
        g = sit.data.grid
        out: dict[str, float] = {}
        for e in plans:
            eh = self.state.units[e].at
            for h in g.range(eh, 3):
                if h not in self.adj or h in sit.enemy_hexes:
                    continue
                k = g.distance(eh, h)
                if k in (2, 3):
                    out[h] = out.get(h, 0.0) + (0.6 if k == 2 else 0.35)
        return out
