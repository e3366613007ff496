"""The automatic player for Take The High Ground! (``guts``).

It plays the way the rules reward: scouts the face-down cards through dead ground, brings BARs
and the rocket team into range of a gun that has opened up, lays covering fire before a team
moves through a cone, throws grenades or charges when close, rallies teams that went to ground
and only presses on when the odds are good.

Every decision is a one-step look-ahead over the legal actions with exact dice odds
(:func:`app.games.guts.rules.level_probs`) and a hand-weighted "how good is this spot for this
team" score. It reads only what the player may see: a face-down card's identity is never
looked at. It never rolls: its own tie-breaks come from its own generator.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from app.engine.game import Action
from app.engine.rng import Rng
from app.games.guts import rules as R
from app.games.guts.geometry import rect_point_distance, rect_rect_distance
from app.games.guts.state import ANTI_TANK, BAR, GTG, HTD, LEADER, PINNED, Element, Fire, GutsState

# ---------------------------------------------------------------------------------- weights
GUN_VALUE = 12.0          # silencing a firing gun
KO_VALUE = 2.0            # knocking out a gun that is only silenced
TEAM_VALUE = 6.0          # losing a team
LEADER_VALUE = {"platoon-leader": 6.0, "platoon-sergeant": 3.5, "squad-leader": 3.0}
PER_INCH = 0.45           # closing on an objective
CARD_PER_INCH = 0.30      # closing on the ring that turns a card
IN_CONE = 1.2             # standing in a firing gun's cone
EXPOSED = 0.4             # in sight and range of a firing gun
WAKE = 2.5                # inside a silenced gun's close band
HALT_COST = {HTD: 0.3, GTG: 1.6, PINNED: 3.0}
HALT_IN_CONE = {HTD: 0.8, GTG: 1.6, PINNED: 2.0}
END_TURN_BELOW = 0.05
LED_TRIES = 6             # destinations for which a leader's company is weighed


def guts_cost(e: Element, n: int) -> float:
    """What losing ``n`` GUTS costs: a point each, the whole team when it would fall back."""
    if n <= 0:
        return 0.0
    wd = int(R.D().common["withdraw_at"])
    value = TEAM_VALUE if e.kind != LEADER else LEADER_VALUE.get(e.role, 3.0)
    return float(n) + (value if e.guts - n <= wd else 0.0)


def leader_cost(l: Element | None) -> float:
    if l is None:
        return 0.0
    if R.D().common["leader_casualty"] == "out":
        return LEADER_VALUE.get(l.role, 3.0)
    return guts_cost(l, 1)


# ---------------------------------------------------------------------------------- dice
@lru_cache(maxsize=None)
def test_table(guts: int, average: bool, mod: int) -> tuple[tuple[str, int, bool, float], ...]:
    """(level, raw score, 5-5/6-6 double, probability) for every face pair."""
    f = R.faces(average)
    out: dict[tuple[str, int, bool], float] = {}
    for a in f:
        for b in f:
            lv = R.judge([a, b], mod, guts)
            key = (lv, a + b, a == b and a >= 5)
            out[key] = out.get(key, 0.0) + 1 / 36
    return tuple((k[0], k[1], k[2], p) for k, p in sorted(out.items()))


@lru_cache(maxsize=None)
def one_move(guts: int, average: bool, mod: int, table: str, rate: int) -> tuple[float, float, float, float, float]:
    """One movement test: (P moving, E[distance | moving], P hit the dirt, P gone to ground, E casualties).
    ``table``: normal (GUTS-MOVE), fire (GUTS-MUF) or covered (GUTS-COVER)."""
    pm = ed = ph = pg = ec = 0.0
    for lv, raw, big, p in test_table(guts, average, mod):
        if table == "normal":
            if lv == R.CRIT_SUCCESS:
                pm += p
                ed += p * guts
            elif lv == R.SUCCESS:
                pm += p
                ed += p * raw
            else:
                ph += p
                ec += p * (lv == R.CRIT_FAIL)
        elif table == "covered":
            if lv in (R.CRIT_SUCCESS, R.SUCCESS):
                pm += p
                ed += p * rate
            else:
                ph += p
                ec += p * (lv == R.CRIT_FAIL)
        else:
            if lv == R.CRIT_SUCCESS:
                pm += p
                ed += p * raw
            elif lv == R.SUCCESS:
                ph += p
            else:
                pg += p
                ec += p * (lv == R.CRIT_FAIL and big)
    return pm, (ed / pm if pm else 0.0), ph, pg, ec


def p_ok(guts: int, average: bool, mod: int) -> float:
    lp = R.level_probs(guts, average, mod)
    return lp[R.CRIT_SUCCESS] + lp[R.SUCCESS]


# ---------------------------------------------------------------------------------- the player
class GutsAI:
    name = "ai"

    def __init__(self, seed: int = 0, side: str = R.SIDE, level: str = "normal"):
        self.rng = Rng.from_seed(seed * 104729 + 17)
        self.level = level
        self._pot: dict[Any, float] = {}
        self._pf: dict[Any, list[Fire]] = {}
        self._best: dict[Any, tuple[float, Action | None]] = {}
        self._world: Any = None
        self._lt: dict[Any, Element | None] = {}

    # .............................................................. entry point
    def choose(self, match: Any, legal: list[Action]) -> Action:
        st: GutsState = match.state
        if st.phase == "press-on":
            return self._press_on(st, legal)
        if st.phase == "follow-up":
            return next(a for a in legal if a["type"] == "decline")
        return self._orders(st, legal)

    # .............................................................. the hint's reason
    def explain(self, match: Any, action: Action) -> str:
        """Why this order, in a player's words, from the odds the AI weighs it with (for the
        hint; it never changes a choice). "" when there is nothing to add."""
        try:
            return self._explain(match.state, action)
        except Exception:  # noqa: BLE001 - a missing reason never breaks the hint
            return ""

    def _explain(self, st: GutsState, a: Action) -> str:
        E = st.elements
        t = a.get("type")

        def pct(p: float) -> str:
            return f"{round(p * 100)}%"

        leader = E[a["leader"]] if a.get("leader") else None
        led = f", with {leader.name} leading" if leader is not None else ""
        if t in ("silence", "grenade", "assault"):
            e, g = E[a["team"]], st.guns[a["gun"]]
            if t == "silence" and e.kind == BAR:
                close = R.dist_to_gun(e, g) <= float(R.D().weapon(BAR)["close"])
                mod = (0 if R.fire_on(st, e) else R.MOD_SIL_NOT_UNDER_FIRE) + (R.MOD_SIL_CLOSE if close else 0)
                mod += R.MOD_SIL_LEADER if leader else 0
                lp = R.level_probs(e.guts, e.average, mod)
                where = " from close range" if close else ""
                return (f"{e.name} turns its BAR on {g.name}{where}{led}: about "
                        f"{pct(lp[R.SUCCESS] + lp[R.CRIT_SUCCESS])} to silence it (GUTS-SIL-BAR)")
            lp = R.level_probs(e.guts, e.average, 0)
            if t == "silence":
                return (f"{e.name} fires on {g.name}: {pct(lp[R.CRIT_SUCCESS])} to knock it out, "
                        f"{pct(lp[R.SUCCESS])} to wear its crew down (GUTS-SIL-AT)")
            if t == "grenade":
                return (f"{e.name} is close enough to throw grenades at {g.name}: about "
                        f"{pct(lp[R.SUCCESS] + lp[R.CRIT_SUCCESS])} to silence it (GUTS-SIL-GREN)")
            lm = R.leader_mod(leader)[0] if leader is not None and R.leader_mod(leader) else 0
            fires = R.path_fire(st, e, (e.x, e.y), R.assault_point(e, g))
            pm = self._move_odds(st, e, lm, fires, e.covers)[0]
            return (f"{e.name} charges {g.name}{led}: {pct(pm)} to reach the pit, then "
                    f"{pct(1 - lp[R.CRIT_FAIL])} to take it (GUTS-ASLT)")
        if t in ("advance", "leave-cover"):
            e = E[a["team"]]
            to = (a["to"][0], a["to"][1])
            fires = R.path_fire(st, e, (e.x, e.y), to)
            far = math.hypot(to[0] - e.x, to[1] - e.y)
            if not fires:
                return (f"{e.name} moves {far:.0f} inches{led} where no gun can fire on it: "
                        f"a covered approach (GUTS-MOVE)")
            lm = R.leader_mod(leader)[0] if leader is not None and R.leader_mod(leader) else 0
            pm, _ed, _ph, pg, _ec = self._move_odds(st, e, lm, fires, e.covers)
            guns = sorted({st.guns[f.gun].name for f in fires})
            covered = any(c.gun == f.gun for c in e.covers for f in fires)
            how = " under our covering fire" if covered else ""
            return (f"{e.name} moves {far:.0f} inches through the fire of {', '.join(guns)}{how}{led}: "
                    f"{pct(pm)} to keep going, {pct(pg)} to be driven to ground (GUTS-MUF)")
        if t == "cover":
            teams = [E[i] for i in a["teams"]]
            m, g = E[a["mover"]], st.guns[a["gun"]]
            return (f"{', '.join(x.name for x in teams)} keep {g.name}'s crew down so {m.name} "
                    f"can move more safely (GUTS-COVER)")
        if t == "rally":
            l, team = E[a["leader"]], E[a["team"]]
            return (f"{l.name} rallies {team.name}: {pct(p_ok(l.guts, l.average, R.MOD_RALLY))} "
                    f"to get it moving again (GUTS-RALLY)")
        if t == "end-turn":
            return "no order left is worth its risk this turn"
        if t in ("press-on", "stay-down"):
            e = E[a["team"]]
            guns = sorted({st.guns[f.gun].name for f in st.pending.fires}) if st.pending else []
            under = f" under the fire of {', '.join(guns)}" if guns else ""
            pc, p_f, p_cf = self.press_odds(st, e, leader)
            odds = (f"{pct(pc)} to keep going, {pct(p_f)} to go to ground, {pct(p_cf)} to be "
                    f"pinned")
            if t == "press-on":
                return f"{e.name} presses on{under}{led}: {odds} (GUTS-PRESS)"
            return (f"{e.name} stays down{under}: pressing on would give {odds}, not worth the "
                    f"risk (GUTS-PRESS)")
        if t in ("follow-up", "decline"):
            e = E[a["team"]]
            g = st.guns[st.pending.gun] if st.pending and st.pending.gun else None
            gun = g.name if g is not None else "the gun"
            # the game's own leave-cover tests (GUTS-LEAVE): one per cone it is in, else one
            # at the outside-any-cone modifier, each with the bayonet's -2
            fires = R.fire_on(st, e)
            mods = [R.MOD_FOLLOW_UP] * len(fires) or [R.MOD_FOLLOW_UP + R.MOD_OUTSIDE_CONE]
            chance = 1.0
            for mod in mods:
                chance *= p_ok(e.guts, e.average, mod)
            tests = f"{len(mods)} test{'s' if len(mods) != 1 else ''} at {mods[0]:+d}"
            if t == "follow-up":
                return (f"{e.name} follows its grenades into {gun}'s pit with the bayonet: {tests}, "
                        f"{pct(chance)} to get there (GUTS-SIL-GREN, GUTS-LEAVE)")
            return (f"{gun} is already out for good; a bayonet follow-up means {tests}, only "
                    f"{pct(chance)} to pass, for nothing more to win: {e.name} stays where it is "
                    f"(GUTS-SIL-GREN, GUTS-LEAVE)")
        return ""

    # .............................................................. situation
    def _situation(self, st: GutsState) -> dict[str, Any]:
        """What the player can see: guns, face-down card fronts, cones."""
        guns = [g for g in st.guns.values() if g.status == "active"]
        silent = [g for g in st.guns.values() if g.status == "silenced"]
        cards = [(c.fx, c.fy) for c in st.cards.values() if not c.revealed]
        return {"guns": guns, "silent": silent, "cards": cards,
                "cones": {g.id: R.cone_of(g) for g in guns}}

    def potential(self, st: GutsState, sit: dict[str, Any], e: Element, x: float, y: float) -> float:
        """How good it is for ``e`` to stand at (x, y)."""
        key = (e.id, e.guts, round(x, 3), round(y, 3), self._world,
               self._leader_anchor(st, e) if e.kind == LEADER else None)
        got = self._pot.get(key)
        if got is not None:
            return got
        v = self._potential(st, sit, e, x, y)
        if len(self._pot) > 200000:
            self._pot.clear()
        self._pot[key] = v
        return v

    def _leader_anchor(self, st: GutsState, e: Element) -> Any:
        if e.kind != LEADER:
            return None
        t = self._leader_target(st, e)
        return None if t is None else (t.id, t.x, t.y)

    def _leader_target(self, st: GutsState, l: Element) -> Element | None:
        key = (id(st), l.id, self._world)
        if key in self._lt:
            return self._lt[key]
        t = self._leader_target_(st, l)
        self._lt[key] = t
        return t

    def _leader_target_(self, st: GutsState, l: Element) -> Element | None:
        teams = [t for t in R.fighting_teams(st) if (t.squad == l.squad or not l.squad)]
        if not teams:
            teams = R.fighting_teams(st)
        if not teams:
            return None
        # stay with the team that is furthest forward (it will need him most)
        return max(teams, key=lambda t: (t.y, -abs(t.x - l.x), t.id))

    def _potential(self, st: GutsState, sit: dict[str, Any], e: Element, x: float, y: float) -> float:
        w, h = e.w, e.h
        v = 0.0
        guns = sit["guns"]
        vis = R.D().sight.visible
        if e.kind == LEADER:
            t = self._leader_target(st, e)
            if t is not None:
                d = rect_rect_distance((x, y, w, h), t.box)
                v -= 0.5 * max(0.0, d - 1.0)
        else:
            if guns:
                best = -1e9
                for g in guns:
                    d = rect_point_distance(x, y, w, h, (g.x, g.y))
                    seen = vis((g.x, g.y), (x, y))
                    if e.kind == BAR:
                        s = -PER_INCH * max(0.0, d - 5.5) + (3.0 if d <= 12 and seen else 0.0)
                    elif e.kind in ANTI_TANK:
                        s = -PER_INCH * max(0.0, d - 16.0) + (3.0 if d <= 18 and seen else 0.0)
                    else:
                        s = -PER_INCH * max(0.0, d - 2.5) + (1.5 if d <= e.guts else 0.0)
                    best = max(best, s)
                v += best
            if sit["cards"]:
                reveal = float(R.D().enemy["deck"]["reveal_inches"])
                d = min(rect_point_distance(x, y, w, h, c) for c in sit["cards"]) - reveal + 0.5
                v -= (CARD_PER_INCH * (0.5 if guns else 1.0)) * max(0.0, d)
        for g in guns:
            c = sit["cones"][g.id]
            d = rect_point_distance(x, y, w, h, (g.x, g.y))
            if d > c.length + 1:
                continue
            if not vis((g.x, g.y), (x, y)):
                continue
            if c.touches(x, y, w, h):
                v -= IN_CONE
            else:
                v -= EXPOSED
        for g in sit["silent"]:
            close = float(R.D().gun(g.kind)["bands"][0][1])
            if rect_point_distance(x, y, w, h, (g.x, g.y)) <= close:
                v -= WAKE
        return v

    # .............................................................. scoring moves
    def move_value(self, st: GutsState, sit: dict[str, Any], e: Element, to: tuple[float, float],
                   leader: Element | None, covers: list[Any] | None = None, leave: bool = False) -> float:
        covers = e.covers if covers is None else covers
        start = (e.x, e.y)
        fkey = (e.w, e.h, start, to, self._world)
        fires = self._pf.get(fkey)
        if fires is None:
            fires = R.path_fire(st, e, start, to)
            if len(self._pf) > 100000:
                self._pf.clear()
            self._pf[fkey] = fires
        lm = R.leader_mod(leader)[0] if leader is not None and R.leader_mod(leader) else 0
        pm, ed, ph, pg, ec = self._move_odds(st, e, lm, fires, covers)
        L = math.hypot(to[0] - start[0], to[1] - start[1])
        go = min(ed, L)
        end = (start[0] + (to[0] - start[0]) / L * go, start[1] + (to[1] - start[1]) / L * go) if L > 0 else start
        gain = self.potential(st, sit, e, end[0], end[1]) - self.potential(st, sit, e, start[0], start[1])
        in_cone = bool(R.fire_on(st, e)) or bool(fires)
        costs = HALT_IN_CONE if in_cone else HALT_COST
        score = pm * gain - ph * costs[HTD] - pg * costs[GTG]
        score -= ec * (leader_cost(leader) if leader is not None else guts_cost(e, 1))
        if leader is not None:
            score -= 0.15
        if leave:
            fires_here = R.fire_on(st, e)
            base = lm
            if not fires_here:
                pl = p_ok(e.guts, e.average, base + R.MOD_OUTSIDE_CONE)
            else:
                pl = 1.0
                for _ in fires_here:
                    pl *= p_ok(e.guts, e.average, base)
            fail_cost = guts_cost(e, 1) + (HALT_IN_CONE[PINNED] if fires_here else 0.0)
            score = pl * (score + costs[GTG] * 0.5) - (1 - pl) * fail_cost
        return score

    def _move_odds(self, st: GutsState, e: Element, lm: int, fires: list[Fire], covers: list[Any]
                   ) -> tuple[float, float, float, float, float]:
        if not fires:
            return one_move(e.guts, e.average, lm, "normal", 0)
        pm, ed, ph_any, pg_any, ec = 1.0, 1e9, 0.0, 0.0, 0.0
        not_gtg = 1.0
        not_halt = 1.0
        for f in fires:
            bm = R.band_mod(st, f)
            mod = lm + (bm[0] if bm else 0)
            cov = next((c for c in covers if c.gun == f.gun), None)
            if cov is not None:
                mod += R.MOD_BAR_COVER if cov.bar else 0
                m = one_move(e.guts, e.average, mod, "covered", cov.rate)
            else:
                m = one_move(e.guts, e.average, mod, "fire", 0)
            pm *= m[0]
            ed = min(ed, m[1])
            not_gtg *= 1 - m[3]
            not_halt *= m[0]
            ec += m[4]
        pg = 1 - not_gtg
        ph = max(0.0, 1 - pm - pg)
        return pm, (ed if pm > 0 else 0.0), ph, pg, ec

    def best_move(self, st: GutsState, sit: dict[str, Any], e: Element, moves: list[Action],
                  covers: list[Any] | None = None) -> tuple[float, Action | None]:
        """The best of the offered moves; a leader's company is only weighed for the most
        promising few destinations."""
        best: tuple[float, Action | None] = (0.0, None)
        E = st.elements
        plain = [a for a in moves if not a.get("leader")]
        led: dict[tuple[float, float], list[Action]] = {}
        for a in moves:
            if a.get("leader"):
                led.setdefault((a["to"][0], a["to"][1]), []).append(a)
        scored = []
        for a in plain:
            s = self.move_value(st, sit, e, (a["to"][0], a["to"][1]), None, covers, leave=a["type"] == "leave-cover")
            scored.append((s, a))
            if s > best[0] + 1e-9:
                best = (s, a)
        scored.sort(key=lambda x: -x[0])
        for _s, a in scored[:LED_TRIES]:
            for b in led.get((a["to"][0], a["to"][1]), []):
                s = self.move_value(st, sit, e, (b["to"][0], b["to"][1]), E[b["leader"]], covers,
                                    leave=b["type"] == "leave-cover")
                if s > best[0] + 1e-9:
                    best = (s, b)
        return best

    # .............................................................. scoring fire
    def attack_value(self, st: GutsState, sit: dict[str, Any], a: Action) -> float:
        E = st.elements
        e = E[a["team"]]
        g = st.guns[a["gun"]]
        leader = E[a["leader"]] if a.get("leader") else None
        prize = GUN_VALUE if g.status == "active" else KO_VALUE
        t = a["type"]
        if t == "grenade":
            lp = R.level_probs(e.guts, e.average, 0)
            if g.status == "active":
                v = (lp[R.SUCCESS] + lp[R.CRIT_SUCCESS]) * GUN_VALUE
            else:
                v = lp[R.CRIT_SUCCESS] * KO_VALUE
            return v - lp[R.CRIT_FAIL] * guts_cost(e, 1)
        if t == "silence" and e.kind == BAR:
            close = R.dist_to_gun(e, g) <= float(R.D().weapon(BAR)["close"])
            mod = (0 if R.fire_on(st, e) else R.MOD_SIL_NOT_UNDER_FIRE) + (R.MOD_SIL_CLOSE if close else 0)
            mod += R.MOD_SIL_LEADER if leader else 0
            lp = R.level_probs(e.guts, e.average, mod)
            v = (lp[R.SUCCESS] + lp[R.CRIT_SUCCESS]) * GUN_VALUE
            v -= lp[R.FAIL] * (guts_cost(e, 1) + HALT_COST[GTG])
            v -= lp[R.CRIT_FAIL] * (HALT_COST[PINNED] + (leader_cost(leader) if leader else guts_cost(e, 1))
                                    + (guts_cost(e, 2) - guts_cost(e, 1) if close else 0.0))
            return v - (0.15 if leader else 0.0)
        if t == "silence":
            lp = R.level_probs(e.guts, e.average, 0)
            wd = int(R.D().common["withdraw_at"])
            hit = GUN_VALUE / max(1, g.guts - wd)
            v = lp[R.CRIT_SUCCESS] * GUN_VALUE + lp[R.SUCCESS] * hit
            v -= lp[R.FAIL] * (guts_cost(e, 1) + HALT_COST[GTG]) + lp[R.CRIT_FAIL] * TEAM_VALUE
            return v
        if t == "assault":
            target = R.assault_point(e, g)
            fires = R.path_fire(st, e, (e.x, e.y), target)
            lm = R.leader_mod(leader)[0] if leader is not None and R.leader_mod(leader) else 0
            pm, _ed, ph, pg, ec = self._move_odds(st, e, lm, fires, e.covers)
            lp = R.level_probs(e.guts, e.average, 0)
            fight = (1 - lp[R.CRIT_FAIL]) * prize - lp[R.CRIT_FAIL] * (TEAM_VALUE + leader_cost(leader))
            fight -= lp[R.SUCCESS] * guts_cost(e, 1) + lp[R.FAIL] * 0.3
            costs = HALT_IN_CONE if fires else HALT_COST
            v = pm * fight - ph * costs[HTD] - pg * costs[GTG]
            v -= ec * (leader_cost(leader) if leader else guts_cost(e, 1))
            return v - (0.15 if leader else 0.0)
        return 0.0

    def cover_value(self, st: GutsState, sit: dict[str, Any], a: Action, move_cache: dict[str, Any],
                    moves_by_team: dict[str, list[Action]], attacks_by_team: dict[str, list[Action]]) -> float:
        E = st.elements
        teams = [E[i] for i in a["teams"]]
        m = E[a["mover"]]
        g = st.guns[a["gun"]]
        lead = teams[0]
        leader = E[a["leader"]] if a.get("leader") else None
        if lead.kind == BAR:
            mod = R.MOD_COVER_PER_BAR * len(teams)
            close = float(R.D().weapon(BAR)["close"])
            if any(R.dist_to_gun(t, g) <= close for t in teams):
                mod += R.MOD_COVER_BAR_CLOSE
            if leader is not None:
                mod += R.MOD_COVER_PL_DIRECTS
        else:
            mod = R.MOD_COVER_RIFLE_LEADER if leader is not None else 0
        lp = R.level_probs(lead.guts, lead.average, mod)
        p_s = lp[R.SUCCESS] + (lp[R.CRIT_SUCCESS] if lead.kind == BAR else lp[R.CRIT_SUCCESS])
        hypo = list(m.covers) + [R.Cover(gun=g.id, rate=m.guts, bar=lead.kind == BAR, teams=[t.id for t in teams])]
        base = move_cache.get(m.id)
        if base is None:
            base = self.best_move(st, sit, m, moves_by_team.get(m.id, []))[0]
            base = max([base] + [self.attack_value(st, sit, x) for x in attacks_by_team.get(m.id, [])])
            move_cache[m.id] = base
        ckey = ("cover", self._element_key(st, m), self._world, g.id, m.guts, lead.kind == BAR,
                tuple((x["type"], x["to"][0], x["to"][1], x.get("leader", "")) for x in moves_by_team.get(m.id, [])),
                tuple(x["type"] for x in attacks_by_team.get(m.id, [])))
        got = self._best.get(ckey)
        if got is None:
            saved = m.covers
            m.covers = hypo
            try:
                with_cov = self.best_move(st, sit, m, moves_by_team.get(m.id, []), covers=hypo)[0]
                with_cov = max([with_cov] + [self.attack_value(st, sit, x) for x in attacks_by_team.get(m.id, [])
                                             if x["type"] == "assault"])
            finally:
                m.covers = saved
            got = (with_cov, None)
            self._best[ckey] = got
        with_cov = got[0]
        gain = max(0.0, with_cov - base)
        v = p_s * gain - lp[R.FAIL] * guts_cost(lead, 1)
        v -= lp[R.CRIT_FAIL] * (guts_cost(lead, 2) if leader is None else guts_cost(lead, 1) + leader_cost(leader))
        return v - 0.25 * len(teams) - (0.15 if leader else 0.0)

    def rally_value(self, st: GutsState, a: Action) -> float:
        E = st.elements
        l, t = E[a["leader"]], E[a["team"]]
        p = p_ok(l.guts, l.average, R.MOD_RALLY)
        gain = (HALT_COST[t.status] - HALT_COST[HTD])
        if R.fire_on(st, t):
            gain += HALT_IN_CONE[t.status] - HALT_IN_CONE[HTD]
        return p * gain - 0.1

    # .............................................................. the orders step
    def _element_key(self, st: GutsState, e: Element) -> Any:
        return (e.id, e.x, e.y, e.status, e.guts, e.acted,
                tuple((c.gun, c.rate, c.bar) for c in e.covers), self._leader_anchor(st, e))

    def _orders(self, st: GutsState, legal: list[Action]) -> Action:
        self._world = (tuple((g.id, g.status, g.heading) for g in st.guns.values()),
                       tuple(c.revealed for c in st.cards.values()))
        self._lt = {}
        if len(self._best) > 50000:
            self._best.clear()
        sit = self._situation(st)
        moves: dict[str, list[Action]] = {}
        attacks: dict[str, list[Action]] = {}
        covers: list[Action] = []
        rallies: list[Action] = []
        end = None
        for a in legal:
            t = a["type"]
            if t in ("advance", "leave-cover"):
                moves.setdefault(a["team"], []).append(a)
            elif t in ("silence", "grenade", "assault"):
                attacks.setdefault(a["team"], []).append(a)
            elif t == "cover":
                covers.append(a)
            elif t == "rally":
                rallies.append(a)
            elif t == "end-turn":
                end = a
        nothing_left = not sit["guns"] and not sit["cards"]
        if nothing_left and end is not None:
            return end
        best: tuple[float, float, Action | None] = (END_TURN_BELOW, 0.0, None)

        def consider(score: float, a: Action) -> None:
            nonlocal best
            tb = self.rng.below(1000) / 1e6
            if score + tb > best[0] + best[1]:
                best = (score, tb, a)

        for tid, acts in attacks.items():
            for a in acts:
                consider(self.attack_value(st, sit, a), a)
        for a in rallies:
            consider(self.rally_value(st, a), a)
        move_cache: dict[str, Any] = {}
        for tid, acts in moves.items():
            e = st.elements[tid]
            key = (self._element_key(st, e), self._world,
                   tuple((x["type"], x["to"][0], x["to"][1], x.get("leader", "")) for x in acts),
                   )
            got = self._best.get(key)
            if got is None:
                s, a = self.best_move(st, sit, e, acts)
                got = (s, None if a is None else next(i for i, x in enumerate(acts) if x is a))
                self._best[key] = got
            s, i = got
            a = None if i is None else acts[i]   # the very object the rules offered
            move_cache[tid] = max([s] + [self.attack_value(st, sit, x) for x in attacks.get(tid, [])])
            if a is not None:
                consider(s, a)
        for a in covers:
            consider(self.cover_value(st, sit, a, move_cache, moves, attacks), a)
        if best[2] is None:
            return end if end is not None else legal[0]
        return best[2]

    # .............................................................. press on?
    def _press_on(self, st: GutsState, legal: list[Action]) -> Action:
        p = st.pending
        E = st.elements
        stay = next(a for a in legal if a["type"] == "stay-down")
        if p is None:
            return stay
        e = E[p.team]
        best = (0.0, stay)
        for a in legal:
            if a["type"] != "press-on":
                continue
            leader = E[a["leader"]] if a.get("leader") else None
            pc, p_f, p_cf = self.press_odds(st, e, leader)
            in_cone = bool(p.fires)
            costs = HALT_IN_CONE if in_cone else HALT_COST
            gain = 2.0 if not p.gun else GUN_VALUE * 0.8
            v = pc * gain - p_f * (costs[GTG] - costs[HTD]) - p_cf * (costs[PINNED] - costs[HTD] + (
                leader_cost(leader) if leader else guts_cost(e, 1)))
            if v > best[0]:
                best = (v, a)
        return best[1]

    @staticmethod
    def press_odds(st: GutsState, e: Element, leader: Element | None) -> tuple[float, float, float]:
        """Chances that pressing on (GUTS-PRESS) keeps ``e`` going, drives it to ground, or pins
        it: one test per gun firing on the move (or one test when none does)."""
        p = st.pending
        lm = R.leader_mod(leader)[0] if leader is not None and R.leader_mod(leader) else 0
        tests = []
        if not p.fires:
            tests.append(lm)
        for f in p.fires:
            bm = R.band_mod(st, f)
            cov = next((c for c in e.covers if c.gun == f.gun), None)
            tests.append(lm + (bm[0] if bm else 0) + (R.MOD_BAR_COVER if cov and cov.bar else 0))
        pc = p_le_s = p_le_f = 1.0
        for mod in tests:
            lp = R.level_probs(e.guts, e.average, mod)
            pc *= lp[R.CRIT_SUCCESS]
            p_le_s *= lp[R.CRIT_SUCCESS] + lp[R.SUCCESS]
            p_le_f *= 1 - lp[R.CRIT_FAIL]
        return pc, max(0.0, p_le_f - p_le_s), 1 - p_le_f


def make_ai(seed: int = 0, side: str = R.SIDE, level: str = "normal") -> GutsAI:
    return GutsAI(seed=seed, side=side, level=level)
