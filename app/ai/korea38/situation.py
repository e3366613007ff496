"""What the Korea38 AI knows about a position: fields and maps computed once and reused.

Everything here reads the position and asks the rules' own pure helpers (Board zones of control,
In Communication, reachability, odds, retreat plans); nothing here decides legality or copies a
rule. Static fields (movement-cost distances from every city, land adjacency, terrain shifts)
are cached per data set for the whole process; per-position maps (distance to the nearest
enemy, enemy threat, the front band, In Communication hexes) are built lazily per
:class:`Situation`, which lives for one decision point and is cached by the player while the
position does not change.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable

from app.games.korea38 import combat as rcombat
from app.games.korea38 import movement as rmove
from app.games.korea38.crt import CrtResult, parse_result
from app.games.korea38.data import ALLIED, COMMUNIST, Data
from app.games.korea38.retreat import plan_retreat
from app.games.korea38.state import AIR, ELIM, FEC, K38State, OFFMAP, POOL
from app.games.korea38.zoc import Board, data_of, other

#: Value of a unit's body beyond its strength: its zone of control, its place in the line, and
#: the replacement point it costs to bring back.
BODY = 2.5
INF = 10 ** 6


# -- static per data set --------------------------------------------------------------------------

class Static:
    """Map facts that never change during a game (one per data set)."""

    def __init__(self, data: Data):
        self.data = data
        g = data.grid
        self.land = data.land
        self.adj: dict[str, tuple[str, ...]] = {h: tuple(data.land_neighbours(h)) for h in sorted(data.land)}
        self.shift: dict[str, int] = {h: int(data.terrain_of(h).get("shift", 0) or 0) for h in data.land}
        self.rc: dict[str, tuple[int, int]] = {h: g.parse_id(h) for h in data.land}
        self._cost = rmove.cost_fn(data, False)
        self._dist_cache: dict[str, dict[str, float]] = {}
        rows = [r for _c, r in self.rc.values()] or [0]
        self.min_row, self.max_row = min(rows), max(rows)
        self.crt: dict[int, list[CrtResult]] = {c: [parse_result(x) for x in faces]
                                                for c, faces in data.crt.items()}
        self.max_col = max(self.crt) if self.crt else 6
        self.cities = sorted(data.cities & data.land)

    def cost_from(self, src: str) -> dict[str, float]:
        """Movement cost for a unit at any hex to reach ``src`` (reverse Dijkstra, no units)."""
        hit = self._dist_cache.get(src)
        if hit is not None:
            return hit
        dist: dict[str, float] = {src: 0.0}
        heap = [(0.0, src)]
        cost = self._cost
        adj = self.adj
        while heap:
            d, h = heapq.heappop(heap)
            if d > dist.get(h, INF):
                continue
            for n in adj.get(h, ()):
                c = cost(n, h)
                if c is None:
                    continue
                nd = d + max(c, 0.5)
                if nd < dist.get(n, INF):
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n))
        self._dist_cache[src] = dist
        return dist

    def progress(self, side: str, h: str) -> float:
        """0 at one's own home edge, 1 at the enemy's (Communists push south, Allies north)."""
        r = self.rc[h][1]
        span = max(1, self.max_row - self.min_row)
        f = (r - self.min_row) / span
        return f if side == COMMUNIST else 1.0 - f


_STATIC: dict[int, Static] = {}


def static_of(data: Data) -> Static:
    s = _STATIC.get(id(data))
    if s is None or s.data is not data:
        s = Static(data)
        _STATIC[id(data)] = s
    return s


def bfs(adj: dict[str, tuple[str, ...]], sources: Iterable[str], limit: int = 99,
        blocked: frozenset[str] | set[str] = frozenset()) -> dict[str, int]:
    dist: dict[str, int] = {}
    q: deque[str] = deque()
    for s in sources:
        if s in adj and s not in dist:
            dist[s] = 0
            q.append(s)
    while q:
        h = q.popleft()
        k = dist[h]
        if k >= limit:
            continue
        for n in adj[h]:
            if n not in dist and n not in blocked:
                dist[n] = k + 1
                q.append(n)
    return dist


# -- values ------------------------------------------------------------------------------------------

def loss_value(data: Data, uid: str, reduced: bool, steps: int) -> float:
    """What losing ``steps`` steps costs the owner of ``uid`` (strength points)."""
    if steps <= 0:
        return 0.0
    u = data.units[uid]
    if reduced or steps >= 2:
        return float(u.full if not reduced else u.reduced) + BODY
    return float(max(1, u.full - u.reduced))


@dataclass
class Outcome:
    """Expected results of a battle at one column (attacker's point of view)."""

    value: float            # attacker's net value
    def_loss: float         # expected defender value lost
    att_loss: float         # expected attacker value lost
    p_vacate: float         # chance the defender hex is emptied
    p_elim: float           # chance the defender is eliminated


# -- the situation ---------------------------------------------------------------------------------

class Situation:
    """A position seen by ``side``: fields built on first use."""

    def __init__(self, state: K38State, side: str):
        self.state = state
        self.side = side
        self.enemy = other(side)
        self.data = data_of(state)
        self.static = static_of(self.data)
        self.board = Board(state, self.data)
        b = self.board
        self.mine = b.units_of(side)
        self.theirs = b.units_of(self.enemy)
        self.enemy_hexes = {h for _u, h in self.theirs}
        self.my_hexes = {h for _u, h in self.mine}
        self.ezoc = b.ezoc(side)          # hexes in an enemy zone of control (for me)
        self.my_zoc = b.zoc(side)
        self.turn = state.turn
        self._retreat: dict[str, str] = {}

    # -- unit facts --------------------------------------------------------------------------
    def strength(self, uid: str) -> int:
        return rcombat.strength(self.state, self.data, uid)

    def steps(self, uid: str) -> int:
        return 1 if self.state.units[uid].reduced else 2

    def unit_value(self, uid: str) -> float:
        return loss_value(self.data, uid, self.state.units[uid].reduced, 2)

    def step_cost(self, uid: str, steps: int = 1) -> float:
        return loss_value(self.data, uid, self.state.units[uid].reduced, steps)

    # -- fields --------------------------------------------------------------------------------
    @cached_property
    def dist_enemy(self) -> dict[str, int]:
        return bfs(self.static.adj, self.enemy_hexes, 12)

    @cached_property
    def dist_mine(self) -> dict[str, int]:
        return bfs(self.static.adj, self.my_hexes, 12)

    @cached_property
    def ic_me(self) -> set[str]:
        b = self.board
        return {h for h in self.static.adj if b.in_communication_hex(self.side, h)}

    @cached_property
    def ic_enemy(self) -> set[str]:
        b = self.board
        return {h for h in self.static.adj if b.in_communication_hex(self.enemy, h)}

    def unit_ic(self, uid: str) -> bool:
        return self.board.in_communication(uid)

    @cached_property
    def my_strength(self) -> int:
        return sum(self.strength(u) for u, _h in self.mine)

    @cached_property
    def enemy_strength(self) -> int:
        return sum(self.strength(u) for u, _h in self.theirs)

    def coming(self, side: str, turns: int = 2) -> int:
        """Strength of ``side``'s reinforcements due within ``turns`` turns (known schedule)."""
        d = self.data
        n = 0
        for uid, u in d.units.items():
            if u.side != side or u.is_air:
                continue
            if self.state.units[uid].at == POOL and u.arrival and u.arrival <= self.turn + turns:
                n += u.reduced if u.start_reduced else u.full
        return n

    def exit_room(self, h: str) -> float:
        """How many units placed in ``h`` now could step out of it in this turn's Pre-Combat
        Movement Phase: the empty hexes an arrival can reach from it (:meth:`exit_hexes`)."""
        occ = self.board.occ
        return float(sum(1 for x in self.exit_hexes(h, self.turn) if x not in occ))

    def arrivals_next(self) -> int:
        """Units of mine due to come on the map at my next Reinforcement Phase (schedule,
        units off the north edge, and the eliminated units my replacement points can rebuild)."""
        d = self.data
        t = self.turn + 1
        n = 0
        elim = 0
        for uid, u in d.units.items():
            if u.side != self.side or u.is_air:
                continue
            at = self.state.units[uid].at
            if at == POOL and u.arrival == t:
                n += 1
            elif at == OFFMAP:
                n += 1
            elif at == ELIM and u.replaceable:
                elim += 1
        rp = sum(d.rp(t).get(p, 0) for p in (("kpa", "pva") if self.side == COMMUNIST else ("rok",)))
        return n + min(elim, rp)

    def star_arrivals_next(self) -> int:
        """Units due at my star city at my next Reinforcement Phase: those the rules let go
        nowhere else (10.2, 10.3: the PVA, and everyone when my capital is lost; the Allied US
        may go to the FEC box instead and are not counted), arrivals and rebuilds alike."""
        d = self.data
        t = self.turn + 1
        cap = d.capital.get(self.side)
        cap_ok = bool(cap) and self.state.control.get(cap) == self.side
        alt = "kpa" if self.side == COMMUNIST else "rok"
        mig_turn = int(d.rules.get("pva_mig_alley_turn", 6))
        n = 0
        elim: dict[str, int] = {}
        for uid, u in d.units.items():
            if u.side != self.side or u.is_air or u.nation == "us" or (cap_ok and u.nation == alt):
                continue
            at = self.state.units[uid].at
            mig = u.nation == "pva" and (u.entry == "mig-alley" or (u.arrival == mig_turn and not u.entry))
            if (at == POOL and u.arrival == t and not mig) or at == OFFMAP:
                n += 1
            elif at == ELIM and u.replaceable:
                pool = d.pool_of(u)
                elim[pool] = elim.get(pool, 0) + 1
        rp = d.rp(t)
        return n + sum(min(k, int(rp.get(p, 0))) for p, k in elim.items())

    def exit_hexes(self, city: str, turn: int) -> list[str]:
        """The hexes an infantry unit placed in ``city`` could end its Pre-Combat Movement in
        on ``turn`` (8.1: arrivals may move; friendly units may be passed through, enemy zones
        stop it), cheapest first, as the position stands."""
        from app.engine.hexreach import reachable
        d = self.data
        hit = reachable(d.grid, city, float(d.rules.get("infantry_move", 4)),
                        rmove.cost_fn(d, d.winter(turn)), stop_in=self.ezoc,
                        blocked=self.enemy_hexes, always_one_hex=True)
        return [h for h in hit if h != city and h in self.static.adj]

    def enemy_reach(self, positions: dict[str, str]) -> set[str]:
        return self.enemy_reach_phases(positions)[1]

    def enemy_reach_phases(self, positions: dict[str, str]) -> tuple[set[str], set[str]]:
        """(hexes enemy units could stand in when their next Combat Phase begins, hexes they
        could stand in by the end of that turn); see :meth:`enemy_reach`."""
        return self._enemy_reach(positions)

    def _enemy_reach(self, positions: dict[str, str]) -> tuple[set[str], set[str]]:
        """Hexes enemy units could stand in by the end of their next turn if my units stood at
        ``positions``. Their Pre-Combat Movement (armour, and everyone on a surprise turn), then
        their Combat Phase (my units they could then attack at 3:1 or more are taken to be
        pushed away, 9.3), then their Movement Phase. Each move spends the allowance at the
        rules' terrain costs, stops on entering my zones of control and never enters my units'
        hexes. An estimate for planning, not a rule."""
        d = self.data
        surprise, off = self.enemy_attack_flags
        winter = d.winter(self.next_enemy_turn())
        cost = rmove.cost_fn(d, winter)
        mine = {u: h for u, h in positions.items() if d.grid.contains(h)}

        def walls(units: dict[str, str]) -> tuple[set[str], set[str]]:
            zoc: set[str] = set()
            blocked: set[str] = set()
            for u, h in units.items():
                if d.units[u].zoc_own_hex_only:
                    zoc.add(h)
                    continue
                blocked.add(h)
                zoc.update(d.zoc_neighbours(h))
            return zoc, blocked

        groups: dict[tuple[float, bool], set[str]] = {}
        strength: dict[tuple[float, bool], list[int]] = {}
        for uid, h in self.theirs:
            u = d.units[uid]
            if u.zoc_own_hex_only or u.move <= 0:
                continue
            key = (float(u.move), bool(surprise or u.is_armor))
            groups.setdefault(key, set()).add(h)
            strength.setdefault(key, []).append(self.strength(uid))
        zoc, blocked = walls(mine)
        after_a: dict[tuple[float, bool], set[str]] = {}
        for key, srcs in groups.items():
            after_a[key] = self._flood(srcs, key[0], cost, zoc, blocked) if key[1] else set(srcs)
        # the Combat Phase: what the enemy could then hit hard enough to make retreat
        near: dict[str, int] = {}
        avg = max(1.0, sum(sum(v) for v in strength.values()) / max(1, sum(len(v) for v in strength.values())))
        allr = set().union(*after_a.values()) if after_a else set()
        survivors = {}
        for u, h in mine.items():
            st = self.strength(u)
            if d.units[u].zoc_own_hex_only or st <= 0:
                survivors[u] = h
                continue
            slots = sum(1 for n in self.static.adj.get(h, ()) if n in allr)
            level = int(slots * avg) // st - self.static.shift.get(h, 0) + (min(2, slots) if off else 0)
            if level < 3:
                survivors[u] = h
        zoc, blocked = walls(survivors)
        out: set[str] = set()
        for key, srcs in after_a.items():
            out |= self._flood(srcs, key[0], cost, zoc, blocked)
        return allr, out

    def _flood(self, sources: set[str], allow: float, cost, zoc: set[str], blocked: set[str]) -> set[str]:
        """Every hex units starting in ``sources`` (full allowance each) can end a move in."""
        adj = self.static.adj
        dist: dict[str, float] = {h: 0.0 for h in sources}
        heap = [(0.0, h) for h in sorted(sources)]
        heapq.heapify(heap)
        extra: set[str] = set()
        while heap:
            c0, h = heapq.heappop(heap)
            if c0 > dist.get(h, INF):
                continue
            if c0 > 0 and h in zoc:
                continue
            for m in adj.get(h, ()):
                if m in blocked:
                    continue
                c = cost(h, m)
                if c is None:
                    continue
                nc = c0 + c
                if nc > allow + 1e-9:
                    if c0 == 0:              # a unit may always move one hex (8.0)
                        extra.add(m)
                    continue
                if nc < dist.get(m, INF):
                    dist[m] = nc
                    heapq.heappush(heap, (nc, m))
        return set(dist) | extra

    # -- enemy threat against a hex ------------------------------------------------------------
    def next_enemy_turn(self) -> int:
        """The turn of the enemy's next combat phase."""
        return self.turn if self.side == COMMUNIST else self.turn + 1

    @cached_property
    def enemy_attack_flags(self) -> tuple[bool, bool]:
        t = self.next_enemy_turn()
        return self.data.surprise(t, self.enemy), self.data.offensive(t, self.enemy)

    @cached_property
    def threat_units(self) -> dict[str, list[tuple[int, str]]]:
        """hex -> [(strength, enemy unit)] that could stand next to it when the enemy next
        fights: units next to it now, and units able to move before combat (armor always,
        everyone on a surprise turn) that can reach a hex next to it."""
        data = self.data
        surprise, _off = self.enemy_attack_flags
        adj = self.static.adj
        out: dict[str, list[tuple[int, str]]] = {}
        for uid, h in self.theirs:
            st = self.strength(uid)
            if st <= 0:
                continue
            u = data.units[uid]
            zone = set(adj.get(h, ()))
            if surprise or u.is_armor:
                try:
                    reach = rmove.reach(self.state, self.board, uid)
                except Exception:  # noqa: BLE001 - a unit the rules cannot move
                    reach = {}
                for r in reach:
                    if r in self.my_hexes:
                        continue
                    zone.update(adj.get(r, ()))
            for z in zone:
                out.setdefault(z, []).append((st, uid))
        for v in out.values():
            v.sort(reverse=True)
        return out

    def attack_potential(self, h: str, cap: int = 4) -> int:
        lst = self.threat_units.get(h)
        if not lst:
            return 0
        return sum(s for s, _u in lst[:cap])

    def support_potential(self, h: str) -> int:
        """Column shifts the enemy might add with offensive support / human waves."""
        _s, off = self.enemy_attack_flags
        if not off:
            return 0
        lst = self.threat_units.get(h, ())
        return min(2, max(0, len(lst) - 2))

    # -- retreats ------------------------------------------------------------------------------
    def retreat_kind(self, uid: str) -> str:
        k = self._retreat.get(uid)
        if k is None:
            try:
                k = plan_retreat(self.state, self.board, uid).outcome
            except Exception:  # noqa: BLE001
                k = "retreat"
            self._retreat[uid] = k
        return k

    # -- combat arithmetic ---------------------------------------------------------------------
    def outcome(self, column: int | None, defender: str, participants: list[str],
                hex_gain: float, retreat_kind: str | None = None,
                def_reduced: bool | None = None) -> Outcome:
        """Expected results at ``column`` (None: cancelled) with exact CRT probabilities."""
        if column is None or column < 1:
            return Outcome(0.0, 0.0, 0.0, 0.0, 0.0)
        column = min(column, self.static.max_col)
        faces = self.static.crt.get(column)
        if not faces:
            return Outcome(0.0, 0.0, 0.0, 0.0, 0.0)
        data = self.data
        red = self.state.units[defender].reduced if def_reduced is None else def_reduced
        dsteps = 1 if red else 2
        rk = retreat_kind or self.retreat_kind(defender)
        # attackers absorb losses cheapest first (their owner chooses)
        costs = sorted(self._absorb_costs(participants))
        allv = sum(loss_value(data, u, self.state.units[u].reduced, 2) for u in participants)
        tot_d = tot_a = vac = el = 0.0
        for r in faces:
            a_loss = 0.0
            if r.attacker_eliminated:
                a_loss = allv
            elif r.attacker_steps:
                a_loss = sum(costs[:r.attacker_steps]) if costs else 0.0
            d_lost = 0
            v = 0.0
            e = 0.0
            if r.defender_eliminated or r.defender_steps >= dsteps:
                d_lost, v, e = dsteps, 1.0, 1.0
            else:
                d_lost = r.defender_steps
                extra = 0.0
                if r.retreat:
                    v = 1.0
                    if rk == "retreat-step":
                        d_lost += 1
                    elif rk == "eliminated":
                        d_lost = dsteps
                    elif rk == "off-map":
                        extra = 1.0
                    elif rk == "sea":
                        extra = 1.5
                    if d_lost >= dsteps:
                        d_lost, e = dsteps, 1.0
                tot_d += extra
            tot_d += loss_value(data, defender, red, d_lost)
            tot_a += a_loss
            vac += v
            el += e
        tot_d /= 6.0
        tot_a /= 6.0
        vac /= 6.0
        el /= 6.0
        return Outcome(tot_d - tot_a + vac * hex_gain, tot_d, tot_a, vac, el)

    def _absorb_costs(self, participants: list[str]) -> list[float]:
        """The cost of each successive step the attackers could give up, cheapest first."""
        data = self.data
        out = []
        for u in participants:
            red = self.state.units[u].reduced
            if red:
                out.append(loss_value(data, u, True, 1))
            else:
                out.append(loss_value(data, u, False, 1))
                out.append(loss_value(data, u, True, 1))
        return out

    def defend_loss(self, uid: str, h: str, reduced: bool | None = None) -> float:
        """Expected value ``uid`` loses standing in ``h`` through the enemy's next combat."""
        att = self.attack_potential(h)
        if att <= 0:
            return 0.0
        red = self.state.units[uid].reduced if reduced is None else reduced
        u = self.data.units[uid]
        dstr = u.reduced if red else u.full
        if dstr <= 0:
            return 0.0
        level = att // dstr + self.support_potential(h) - self.static.shift.get(h, 0)
        if h not in self.ic_me:
            level += 1
        if self.fresh_air_next(ALLIED):
            level += -1 if self.side == ALLIED else 1
        if level < 1:
            return 0.0
        bad = sum(1 for n in self.static.adj.get(h, ()) if n in self.ezoc or n in self.enemy_hexes)
        rk = "retreat" if bad <= 2 else ("retreat-step" if bad <= 4 else "eliminated")
        o = self.outcome(level, uid, [], 0.0, retreat_kind=rk, def_reduced=red)
        return o.def_loss

    # -- air ----------------------------------------------------------------------------------
    def fresh_air(self, side: str, role: str = "support") -> list[str]:
        return rcombat.fresh_air(self.state, self.data, side, role)

    def fresh_air_next(self, side: str) -> int:
        """Air units ``side`` will have at the enemy's next combat (a guess: fresh now, and all
        of them after a housekeeping phase)."""
        d = self.data
        if self.side == ALLIED and side == ALLIED:
            # the Communist turn comes after housekeeping: everything refitted
            return sum(1 for u, us in self.state.units.items()
                       if d.units[u].is_air and d.units[u].side == side and us.at == AIR
                       and (d.units[u].air_role or "support") == "support")
        return len(self.fresh_air(side))

    # -- odds ----------------------------------------------------------------------------------
    def odds(self, defender: str, attackers: list[str], support: Iterable[str] = (),
             wave: Iterable[str] = (), amphibious: Iterable[str] = ()) -> dict[str, Any]:
        b = rcombat.Battle(defender=defender, hex=self.state.units[defender].at,
                           attackers=list(attackers), support=list(support), wave=list(wave),
                           amphibious=list(amphibious))
        return rcombat.odds_parts(self.state, self.board, b)

    def hex_gain(self, h: str) -> float:
        """What emptying an enemy-held hex is worth to the attacker (advance after combat)."""
        d = self.data
        g = 1.0
        if h in d.cities and self.state.control.get(h) != self.side:
            g += 4.0
            if h == d.star_city.get(self.enemy):
                g += 400.0
            elif h == d.capital.get(self.enemy):
                g += 25.0
            elif h == d.capital.get(self.side):
                g += 20.0
        return g


def on_map_units(state: K38State, side: str) -> list[str]:
    d = data_of(state)
    return [u for u, us in state.units.items() if d.units[u].side == side and not d.units[u].is_air
            and d.grid.contains(us.at)]


def off_map_state(at: str) -> bool:
    return at in (POOL, ELIM, FEC, AIR, OFFMAP)
