"""Combat decisions for the Korea38 AI: which battles to fight with whom, in what order, where
the air goes, who takes the losses, which way the beaten enemy retreats, who advances.

Every battle is judged by exact CRT probabilities (one die, each face 1/6) at the column the
rules' own ``odds_parts`` gives for that group of units: expected steps each side loses
(valued by unit), the chance the defender hex is emptied (a retreat path ending in a zone of
control, or none at all, is read from the rules' retreat planner) and what emptying it is worth.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from app.games.korea38 import combat as rcombat
from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.retreat import OFF
from app.games.korea38.state import FEC

from app.ai.korea38.situation import Situation, loss_value

#: A battle must be worth at least this (strength points) to be declared.
MIN_BATTLE = 0.15


def defendable(sit: Situation, uid: str) -> bool:
    u = sit.data.units[uid]
    return (not u.zoc_own_hex_only) and sit.strength(uid) > 0 and sit.board.on_map(uid)


def can_fight(sit: Situation, uid: str) -> bool:
    return sit.board.on_map(uid) and sit.strength(uid) > 0 and not sit.data.units[uid].is_air


class BattleJudge:
    """Values battles for the attacking side ``sit.side`` at the current position."""

    def __init__(self, sit: Situation, cfg: dict[str, Any]):
        self.sit = sit
        self.cfg = cfg
        s = sit.side
        self.enemy_air = len(sit.fresh_air(sit.enemy)) if s == COMMUNIST else 0
        self.mig = bool(sit.fresh_air(COMMUNIST, "cancel"))
        self._cache: dict[tuple, tuple[float, int | None]] = {}

    def level(self, defender: str, attackers: list[str], support=(), wave=(), amphibious=()) -> tuple[int, bool]:
        p = self.sit.odds(defender, attackers, support, wave, amphibious)
        return int(p["level"]), bool(p["cancelled"])

    def value_at(self, defender: str, level: int, participants: list[str], wave: bool = False,
                 air_used: int = 0) -> float:
        """Attacker's expected value at odds level ``level`` (before the 6:1 cap)."""
        sit = self.sit
        gain = sit.hex_gain(sit.state.units[defender].at)
        if level < 1:
            v = 0.0
        else:
            v = sit.outcome(min(level, sit.static.max_col), defender, participants, gain).value
        if wave:
            v -= self.wave_cost(participants, air_used)
        return v

    def wave_cost(self, participants: list[str], allied_air: int = 0) -> float:
        sit = self.sit
        pva = [u for u in participants if sit.data.units[u].nation == "pva"]
        if not pva:
            return 0.0
        c = min(sit.step_cost(u) for u in pva)
        n = 2 if allied_air >= int(sit.data.rules.get("human_wave_air_threshold", 2)) else 1
        return c * n

    def expected(self, defender: str, level: int, participants: list[str], wave: bool = False) -> float:
        """Value allowing for the enemy's air: the Allies may shift a Communist attack left."""
        sit = self.sit
        if sit.side == COMMUNIST and self.enemy_air > 0:
            in_alley = sit.state.units[defender].at in sit.data.mig_alley and self.mig
            k = min(self.enemy_air, len(participants), 2)
            if in_alley:
                k = max(0, k - 1)
            p_air = self.cfg.get("enemy_air_p", 0.5)
            # the shift only costs when it takes the odds below the cap
            v0 = self.value_at(defender, level, participants, wave)
            v1 = self.value_at(defender, level - k, participants, wave, air_used=k)
            return (1 - p_air) * v0 + p_air * v1
        return self.value_at(defender, level, participants, wave)


# -- declaring ------------------------------------------------------------------------------------

def plan_declarations(sit: Situation, cfg: dict[str, Any]) -> list[dict[str, Any]]:
    """Battles to declare now: a list of declare-add actions (attackers first, then offensive
    support and human waves), chosen greedily by expected value. Each candidate battle is valued
    with the help it could get: on an offensive turn every free unit next to an attacker and
    outside enemy zones adds a column (9.2.4.1), every free PVA unit within two hexes too at the
    price of a PVA step (9.2.4.2); the Allies add their fresh air (9.2.5)."""
    state = sit.state
    data = sit.data
    board = sit.board
    side = sit.side
    grid = data.grid
    judge = BattleJudge(sit, cfg)
    used = rcombat.committed(state)
    already = {b.defender for b in state.battles}
    mine = [u for u, _h in sit.mine if u not in used and can_fight(sit, u)]
    adj: dict[str, list[str]] = {}
    for u in mine:
        h = state.units[u].at
        for n in sit.static.adj.get(h, ()):
            if not board.adjacent(h, n):
                continue
            for e in board.enemy_at(side, n):
                if e not in already and defendable(sit, e):
                    adj.setdefault(e, []).append(u)
    my_air = len(sit.fresh_air(side)) if side == ALLIED else 0
    air_cost = cfg.get("air_cost", 0.35)
    unit_cost = cfg.get("unit_cost", 0.08)
    max_subset = cfg.get("max_subset", 6)
    offensive = data.offensive(state.turn, side) and cfg.get("support", True)
    wave_range = int(data.rules.get("human_wave_range", 2))
    helpers_pool = [u for u in mine if state.units[u].at not in sit.ezoc] if offensive else []
    committed: set[str] = set()
    chosen: list[tuple[str, list[str], list[str], list[str], int, float]] = []
    cache: dict[tuple, tuple] = {}
    help_cache: dict[tuple, tuple[list[str], list[str]]] = {}

    def helpers(atk: tuple[str, ...]) -> tuple[list[str], list[str]]:
        key = (atk, frozenset(committed))
        hit = help_cache.get(key)
        if hit is not None:
            return hit
        apos = [state.units[a].at for a in atk]
        sup, wav = [], []
        for u in helpers_pool:
            if u in committed or u in atk:
                continue
            h = state.units[u].at
            if any(board.adjacent(h, x) for x in apos):
                sup.append(u)
            elif side == COMMUNIST and data.units[u].nation == "pva" and any(
                    grid.distance(h, x) <= wave_range for x in apos):
                wav.append(u)
        sup.sort(key=lambda u: (sit.step_cost(u), u))
        wav.sort(key=lambda u: (sit.step_cost(u), u))
        help_cache[key] = (sup, wav)
        return sup, wav

    def with_help(e: str, atk: list[str], level: int, air_left: int):
        """Best (value, support, wave, air) for this attacking group."""
        sup, wav = helpers(tuple(atk))
        best = (-1e9, [], [], 0)
        cap = sit.static.max_col
        for k in range(0, min(air_left, len(atk) + len(sup) + len(wav)) + 1):
            for ns in range(0, len(sup) + 1):
                lvl = level + k + ns
                parts = atk + sup[:ns]
                v0 = judge.expected(e, lvl, parts) - air_cost * k - unit_cost * (len(atk) + 0.5 * ns)
                if v0 > best[0] + 1e-9:
                    best = (v0, sup[:ns], [], k)
                # human waves: the first PVA step is the price of the lot
                for nw in range(1, len(wav) + 1):
                    v = judge.expected(e, lvl + nw, parts + wav[:nw], wave=True) - air_cost * k \
                        - unit_cost * (len(atk) + 0.5 * (ns + nw))
                    if v > best[0] + 1e-9:
                        best = (v, sup[:ns], wav[:nw], k)
                    if lvl + nw >= cap + 2:
                        break
                if lvl >= cap + 2:
                    break
        return best

    def best_config(e: str, air_left: int):
        cands = sorted((u for u in adj[e] if u not in committed), key=lambda u: (-sit.strength(u), u))
        key = (e, frozenset(cands), air_left, frozenset(committed) if offensive else None)
        hit = cache.get(key)
        if hit is not None:
            return hit
        best = (-1e9, [], [], [], 0)
        if len(cands) > max_subset:
            cands = cands[:max_subset]
        for n in range(1, len(cands) + 1):
            for sub in combinations(cands, n):
                atk = list(sub)
                level, _c = judge.level(e, atk)
                pot = air_left
                if offensive:
                    sup, wav = helpers(sub)
                    pot += len(sup) + len(wav)
                if level + pot < 1:
                    continue
                v, sp, wv, k = with_help(e, atk, level, air_left)
                if v > best[0] + 1e-9:
                    best = (v, atk, sp, wv, k)
        cache[key] = best
        return best

    air_left = my_air
    while True:
        pick = None
        for e in sorted(adj):
            if any(c[0] == e for c in chosen):
                continue
            if not any(u not in committed for u in adj[e]):
                continue
            v, atk, sp, wv, k = best_config(e, air_left)
            if not atk:
                continue
            if pick is None or v > pick[0] + 1e-9:
                pick = (v, e, atk, sp, wv, k)
        if pick is None or pick[0] < cfg.get("min_battle", MIN_BATTLE):
            break
        v, e, atk, sp, wv, k = pick
        # the exact odds with this help (combined arms may change with an armoured supporter)
        lvl, _c = judge.level(e, atk, sp, wv)
        chosen.append((e, atk, sp, wv, lvl, v))
        committed.update(atk)
        committed.update(sp)
        committed.update(wv)
        air_left -= k
    actions: list[dict[str, Any]] = []
    for e, atk, _sp, _wv, _lvl, _v in chosen:
        for u in atk:
            actions.append({"type": "declare-add", "defender": e, "unit": u, "role": "attack"})
    for e, _atk, sp, wv, _lvl, _v in chosen:
        for u in sp:
            actions.append({"type": "declare-add", "defender": e, "unit": u, "role": "support"})
        for u in wv:
            actions.append({"type": "declare-add", "defender": e, "unit": u, "role": "wave"})
    return actions


# -- resolving --------------------------------------------------------------------------------------

def pick_battle(sit: Situation, legal_resolve: list[dict[str, Any]], cfg: dict[str, Any]) -> dict[str, Any]:
    """Resolve first the battle most likely to win: its advance may cut the others off."""
    state = sit.state
    best = None
    for a in legal_resolve:
        b = state.battles[int(a["battle"])]
        parts = rcombat.odds_parts(state, sit.board, b)
        col = -1 if parts["cancelled"] else int(parts["level"])
        key = (col, -int(a["battle"]))
        if best is None or key > best[0]:
            best = (key, a)
    return best[1]


# -- air ---------------------------------------------------------------------------------------------

def air_gain_table(sit: Situation, judge: BattleJudge, b: rcombat.Battle, k_max: int,
                   me_attacking: bool) -> list[float]:
    """My gain from placing 0..k_max air units in battle ``b`` (index = units placed)."""
    state = sit.state
    parts = rcombat.odds_parts(state, sit.board, b)
    if not rcombat.alive(state, sit.data, b.defender) or state.units[b.defender].at != b.hex:
        return [0.0] * (k_max + 1)
    level = int(parts["level"])
    members = [u for u in rcombat.participants(b) if rcombat.alive(state, sit.data, u)]
    mig = bool(sit.fresh_air(COMMUNIST, "cancel")) and state.units[b.defender].at in sit.data.mig_alley \
        and sit.side == ALLIED and not b.mig_cancel
    out = []
    # values from the attacker's point of view, computed with a judge of the attacking side
    att = Situation(state, sit.enemy) if not me_attacking else sit
    ajudge = BattleJudge(att, judge.cfg) if not me_attacking else judge
    base = None
    for k in range(0, k_max + 1):
        eff = k - (1 if (mig and k > 0) else 0) if sit.side == ALLIED else k
        shift = eff if me_attacking else -eff
        v = ajudge.value_at(b.defender, level + shift, members, wave=bool(b.wave),
                            air_used=eff if sit.side == ALLIED else 0)
        if base is None:
            base = v
        out.append(v - base if me_attacking else base - v)
    return out


def choose_air(sit: Situation, legal: list[dict[str, Any]], cfg: dict[str, Any]) -> dict[str, Any]:
    state = sit.state
    p = state.pending[0]
    b = state.battles[p.battle]
    sizes: dict[int, dict[str, Any]] = {}
    for a in legal:
        sizes.setdefault(len(a["units"]), a)
    k_max = max(sizes)
    if k_max == 0:
        return sizes[0]
    me_attacking = sit.data.units[b.defender].side != sit.side
    judge = BattleJudge(sit if me_attacking else Situation(state, sit.enemy), cfg)
    gains = air_gain_table(sit, judge, b, k_max, me_attacking)
    # opportunity cost: the other battles still to fight this phase, and (defending) my own
    # attacks to come this turn
    fresh = len(sit.fresh_air(sit.side))
    others: list[float] = []
    for i, ob in enumerate(state.battles):
        if ob is b or ob.resolved or i == p.battle:
            continue
        lim = min(fresh, len([u for u in rcombat.participants(ob) if rcombat.alive(state, sit.data, u)]))
        if lim <= 0:
            continue
        g = air_gain_table(sit, judge, ob, min(lim, 2), me_attacking)
        others.extend(max(0.0, g[j] - g[j - 1]) for j in range(1, len(g)))
    if not me_attacking and sit.side == ALLIED and state.phase.startswith("communist"):
        others.extend([cfg.get("air_reserve", 0.9)] * fresh)
    others.sort(reverse=True)
    best_k, best_v = 0, 0.0
    for k in sorted(sizes):
        # giving k units here leaves fresh - k for the others
        keep = others[:max(0, fresh - k)]
        v = gains[k] + sum(keep)
        if v > best_v + 1e-9:
            best_k, best_v = k, v
    return sizes[best_k]


def choose_mig(sit: Situation, legal: list[dict[str, Any]], cfg: dict[str, Any]) -> dict[str, Any]:
    state = sit.state
    b = state.battles[state.pending[0].battle]
    cancels = [a for a in legal if a["type"] == "mig"]
    none = next(a for a in legal if a["type"] == "no-mig")
    if not cancels:
        return none
    me_attacking = sit.data.units[b.defender].side != sit.side
    att = sit if me_attacking else Situation(state, sit.enemy)
    judge = BattleJudge(att, cfg)
    parts = rcombat.odds_parts(state, sit.board, b)
    level = int(parts["level"])
    members = [u for u in rcombat.participants(b) if rcombat.alive(state, sit.data, u)]
    eff = len(b.air)
    v_now = judge.value_at(b.defender, level, members, wave=bool(b.wave), air_used=eff)
    if me_attacking:   # my attack, the Allied air defending: one shift back to me
        gain = judge.value_at(b.defender, level + 1, members, wave=bool(b.wave), air_used=eff - 1) - v_now
    else:              # the Allies attack me: one shift off their odds
        gain = v_now - judge.value_at(b.defender, level - 1, members)
    return cancels[0] if gain > cfg.get("mig_threshold", 0.1) else none


# -- losses, retreats, advances ------------------------------------------------------------------

def choose_loss(sit: Situation, legal: list[dict[str, Any]]) -> dict[str, Any]:
    state = sit.state
    p = state.pending[0]
    b = state.battles[p.battle] if 0 <= p.battle < len(state.battles) else None

    def cost(a: dict[str, Any]) -> tuple[float, int, str]:
        u = a["unit"]
        if state.units[u].at == FEC:
            c = sit.step_cost(u) * 0.9
        else:
            c = sit.step_cost(u)
        front = 0 if (b is None or u not in b.attackers) else 1
        return (c, front, u)

    return min(legal, key=cost)


def choose_retreat(sit: Situation, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """I am the attacker and pick the beaten unit's path: end it cut off, hemmed in by my
    units, and away from my cities."""
    state = sit.state
    data = sit.data
    uid = state.pending[0].units[0]
    enemy = data.units[uid].side
    ic_them = sit.ic_enemy if enemy == sit.enemy else sit.ic_me
    best = None
    for a in legal:
        path = [h for h in a["path"] if h != OFF]
        score = 0.0
        if a["path"] and a["path"][-1] == OFF:
            score += 1.0
        end = path[-1] if path else None
        if end:
            if end not in ic_them:
                score += 3.0
            score += 0.8 * sum(1 for n in sit.static.adj.get(end, ()) if n in sit.my_hexes)
            score += 0.3 * sum(1 for n in sit.static.adj.get(end, ()) if n in sit.my_zoc)
            score += 2.0 * sit.static.progress(sit.side, end)
        for h in path:
            if h in data.cities and state.control.get(h) == sit.side:
                score -= 6.0
        key = (score, -len(path))
        if best is None or key > best[0]:
            best = (key, a)
    return best[1]


def choose_sea_retreat(sit: Situation, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """My unit goes by sea: to the safest port nearest the fighting (FEC when nothing is)."""
    def score(a: dict[str, Any]) -> float:
        to = a["to"]
        if to == FEC:
            return -2.0
        star = 1.5 if to == sit.data.star_city.get(sit.side) else 0.0
        return -0.5 * sit.attack_potential(to) + min(4, sit.dist_enemy.get(to, 12)) * 0.2 + star

    return max(legal, key=score)     # the first of the best, in the order offered


def choose_advance(sit: Situation, legal: list[dict[str, Any]], cfg: dict[str, Any]) -> dict[str, Any]:
    state = sit.state
    adv = [a for a in legal if a["type"] == "advance"]
    if not adv:
        return legal[0]
    hx = adv[0]["to"]
    if hx not in sit.ic_me and sit.attack_potential(hx) > 0 and not (hx in sit.data.cities):
        # a hex I could not supply and the enemy can hit: advance only with little to lose
        pass

    def key(a: dict[str, Any]) -> tuple:
        u = a["unit"]
        un = sit.data.units[u]
        # keep the armour's flexibility only when an infantry unit can go; prefer full strength
        return (0 if state.units[u].reduced else 1, sit.strength(u), 0 if un.is_armor else 1, u)

    return max(adv, key=key)


def choose_spread(sit: Situation, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A unit of a landing comes ashore: In Communication and out of the enemy's reach."""
    def score(a: dict[str, Any]) -> float:
        to = a["to"]
        if to == FEC:
            return -1.0
        return -0.3 * sit.attack_potential(to) + (1.0 if to in sit.ic_me else -2.0)

    return max(legal, key=score)


def loss_value_of(sit: Situation, uid: str) -> float:
    return loss_value(sit.data, uid, sit.state.units[uid].reduced, 1)
