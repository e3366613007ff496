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
    """Battles to declare now: a list of declare-add actions (attackers first, then support and
    human waves), chosen greedily by expected value."""
    state = sit.state
    data = sit.data
    board = sit.board
    side = sit.side
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
    max_subset = cfg.get("max_subset", 6)
    committed: set[str] = set()
    chosen: list[tuple[str, list[str], int, float]] = []   # defender, attackers, level, value
    cache: dict[tuple[str, frozenset[str], int], tuple[float, list[str], int, int]] = {}

    def best_config(e: str, air_left: int) -> tuple[float, list[str], int, int]:
        cands = sorted((u for u in adj[e] if u not in committed), key=lambda u: (-sit.strength(u), u))
        key = (e, frozenset(cands), air_left)
        hit = cache.get(key)
        if hit is not None:
            return hit
        best = (-1e9, [], 0, 0)
        if len(cands) > max_subset:
            cands = cands[:max_subset]
        subsets: list[tuple[str, ...]] = []
        for k in range(1, len(cands) + 1):
            subsets.extend(combinations(cands, k))
        for sub in subsets:
            atk = list(sub)
            level, _c = judge.level(e, atk)
            if level + air_left + 2 < 1:
                continue
            for k in range(0, min(air_left, len(atk)) + 1):
                v = judge.expected(e, level + k, atk) - air_cost * k - cfg.get("unit_cost", 0.08) * len(atk)
                if v > best[0] + 1e-9:
                    best = (v, atk, level, k)
        cache[key] = best
        return best

    air_left = my_air
    while True:
        pick = None
        for e in sorted(adj):
            if e in {c[0] for c in chosen}:
                continue
            if not any(u not in committed for u in adj[e]):
                continue
            v, atk, level, k = best_config(e, air_left)
            if not atk:
                continue
            if pick is None or v > pick[0] + 1e-9:
                pick = (v, e, atk, level, k)
        if pick is None or pick[0] < cfg.get("min_battle", MIN_BATTLE):
            break
        v, e, atk, level, k = pick
        chosen.append((e, atk, level, v))
        committed.update(atk)
        air_left -= k
    if not chosen:
        return []
    actions: list[dict[str, Any]] = []
    for e, atk, _lvl, _v in chosen:
        for u in atk:
            actions.append({"type": "declare-add", "defender": e, "unit": u, "role": "attack"})
    # offensive support and human waves (9.2.4): +1 column each, only while it helps
    if data.offensive(state.turn, side) and cfg.get("support", True):
        extra = _plan_support(sit, judge, chosen, committed, cfg)
        actions.extend(extra)
    return actions


def _plan_support(sit: Situation, judge: BattleJudge, chosen, committed: set[str],
                  cfg: dict[str, Any]) -> list[dict[str, Any]]:
    state = sit.state
    data = sit.data
    board = sit.board
    side = sit.side
    ez = sit.ezoc
    wave_range = int(data.rules.get("human_wave_range", 2))
    battles = {e: {"atk": list(atk), "sup": [], "wave": []} for e, atk, _l, _v in chosen}
    free = [u for u, h in sit.mine if u not in committed and can_fight(sit, u) and h not in ez]
    options: dict[str, list[tuple[str, str]]] = {}
    for u in free:
        h = state.units[u].at
        for e, bt in battles.items():
            front = [a for a in bt["atk"]]
            if any(board.adjacent(h, state.units[a].at) for a in front):
                options.setdefault(u, []).append((e, "support"))
            elif side == COMMUNIST and data.units[u].nation == "pva" and any(
                    data.grid.distance(h, state.units[a].at) <= wave_range for a in front):
                options.setdefault(u, []).append((e, "wave"))
    if not options:
        return []

    def val(e: str, bt: dict[str, list[str]]) -> float:
        level, _c = judge.level(e, bt["atk"], bt["sup"], bt["wave"])
        parts = bt["atk"] + bt["sup"] + bt["wave"]
        return judge.expected(e, level, parts, wave=bool(bt["wave"]))

    current = {e: val(e, bt) for e, bt in battles.items()}
    out: list[dict[str, Any]] = []
    remaining = dict(options)
    while remaining:
        best = None
        for u, opts in sorted(remaining.items()):
            for e, role in opts:
                bt = battles[e]
                trial = {"atk": bt["atk"], "sup": bt["sup"] + ([u] if role == "support" else []),
                         "wave": bt["wave"] + ([u] if role == "wave" else [])}
                gain = val(e, trial) - current[e]
                if best is None or gain > best[0] + 1e-9:
                    best = (gain, u, e, role, trial)
        if best is None or best[0] <= cfg.get("min_support_gain", 0.05):
            break
        gain, u, e, role, trial = best
        battles[e] = trial
        current[e] += gain
        del remaining[u]
        out.append({"type": "declare-add", "defender": e, "unit": u, "role": role})
    return out


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
    best = None
    for a in legal:
        to = a["to"]
        if to == FEC:
            score = -2.0
        else:
            score = -0.5 * sit.attack_potential(to) + min(4, sit.dist_enemy.get(to, 12)) * 0.2
            if to == sit.data.star_city.get(sit.side):
                score += 1.5
        if best is None or score > best[0]:
            best = (score, a)
    return best[1]


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
    best = None
    for a in legal:
        to = a["to"]
        if to == FEC:
            score = -1.0
        else:
            score = -0.3 * sit.attack_potential(to) + (1.0 if to in sit.ic_me else -2.0)
        if best is None or score > best[0]:
            best = (score, a)
    return best[1]


def loss_value_of(sit: Situation, uid: str) -> float:
    return loss_value(sit.data, uid, sit.state.units[uid].reduced, 1)
