"""The Chosin Few: an automatic player.

One-step expectimax over a hand-built evaluation. For each legal action the player copies the
state, applies the action with the game's own rules through a scripted context, and branches on
every die roll into a hit and a miss weighted by their odds (the odds come from the number the
rolling unit needs, which is public). Decisions inside an attack roll (add +1, reroll, accept,
which cube to face first) are searched a few levels deep; in the actions phase one action is
chosen at a time, with the actions still unspent valued as the air support they would earn.

The player sees only public information: it never reads the deck order (it only counts the
cards already drawn and knows which cards are left, as a player at the table does) and never
touches the game's generator; its own :class:`Rng` only breaks exact ties, so it is
deterministic for a given seed.

The evaluation (all terms in the same points):

* orders completed (large), victory / defeat (larger);
* each unit's strength, by steps left, steeply worse near destruction;
* air support tokens held (worth a share of the step they may save), and the actions left this
  phase valued as the tokens they would become;
* the cost in actions of the current order: for each unit the cheapest route to its objective
  (2 per move plus the expected attacks needed to clear cubes on the way), and the risk of
  the End of Order card arriving first (estimated from the cards drawn since the last shuffle);
* the threat of cubes: for each cube, how many enemy moves it needs to walk into a unit's space
  (following the board's arrow rules and the interdiction tokens), the chance its colour moves,
  the chance the unit misses its roll, and the value of the step it would lose.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from app.engine.game import Action, Context
from app.engine.rng import Rng

LOSS = -40000.0
WIN = 40000.0


def _remember(cache: dict[Any, Any], key: Any, value: Any, limit: int) -> Any:
    """Keep ``value`` in a look-ahead cache, emptied whole when it grows past ``limit`` (a game
    revisits few positions, so old entries are seldom worth keeping)."""
    if len(cache) > limit:
        cache.clear()
    cache[key] = value
    return value


@dataclass
class Weights:
    order: float = 6000.0
    strength: tuple[float, ...] = (LOSS, -9000.0, -3800.0, -1300.0, 0.0, 900.0, 1500.0, 1900.0)  # by steps left
    token: float = 0.3           # share of the most endangered step a held token is worth
    token_decay: float = 0.75     # each further token is worth this much of the previous
    progress: float = 200.0        # per action of route cost
    overdue_mid: float = 7000.0   # cost of an order overdue (steps lost and scarred)
    horizon: tuple[float, ...] = (1.0, 0.3, 0.1)  # threat weight of cubes 1, 2, 3 moves away
    attack_cost_factor: float = 1.0
    scar: float = 600.0
    token_save: float = 0.5       # share of the loss a token would prevent next turn


LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"progress": 20.0, "horizon": (0.8, 0.2, 0.0)},
    "normal": {},
    "hard": {},
}


class _NeedRoll(Exception):
    def __init__(self, p: float):
        self.p = p


class _Scripted(Context):
    """A context whose die rolls follow a plan of hits and misses (the AI's look-ahead)."""

    def __init__(self, state, plan: list[bool]):
        super().__init__(Rng.from_seed(0), side="player")
        self.state = state
        self.plan = plan
        self.i = 0

    def log(self, text, rule="", kind="info", **data):  # no log needed while thinking
        return None

    def roll(self, reason, rule="", sides=6, count=1, average=False):
        r = self.state.roll
        need = (r.need - r.plus) if r is not None else 4
        p = min(1.0, max(0.0, (7 - need) / 6))
        if self.i >= len(self.plan):
            raise _NeedRoll(p)
        hit = self.plan[self.i]
        self.i += 1
        return [6 if hit else 1]

    def shuffle(self, items, reason, rule=""):
        return None

    def pick(self, items, reason, rule=""):  # pragma: no cover - never drawn while thinking
        raise RuntimeError("the look-ahead never draws from the cup")

    def draw(self, deck, reason, rule="", show=True):  # pragma: no cover
        raise RuntimeError("the look-ahead never draws a card")


class ChosinFewAI:
    name = "ai"

    def __init__(self, seed: int = 0, side: str = "player", level: str = "normal"):
        self.rng = Rng.from_seed(seed * 104729 + 17)
        self.side = side
        self.level = level if level in LEVELS else "normal"
        self.w = Weights(**LEVELS[self.level])
        self._dest_cache: dict[Any, dict[str, str | None]] = {}
        self._route_cache: dict[Any, float] = {}

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, match, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        game = match.game
        state = self._public(match.state)
        if state.phase == "actions" and state.roll is None:
            return self._choose_action(game, state, legal)
        return self._best(game, state, legal, depth=3)

    # -- the hint's reason ---------------------------------------------------------------------
    def explain(self, match, action: Action) -> str:
        """Why this action, in a player's words, from the figures the AI weighs (for the hint;
        it never changes a choice). "" when there is nothing to add."""
        try:
            return self._explain(match.game, self._public(match.state), action)
        except Exception:  # noqa: BLE001 - a missing reason never breaks the hint
            return ""

    def _explain(self, game, state, a: Action) -> str:
        data = game.data(state)
        t = a.get("type")
        uname = data.unit_names.get(a.get("unit"), str(a.get("unit")))
        if t == "attack":
            need = game.need(state, a["unit"])
            p = max(0, min(6, 7 - need)) / 6
            return (f"{uname} hit {a['cube']} on {need}+ ({round(p * 100)}%): sending it back to "
                    f"the cup is worth more than keeping the action for air support (CF-Actions-2)")
        if t == "move":
            order = game.order(state)
            targets = order.objective_units.get(a["unit"])
            if targets:
                before = self._route(game, state, a["unit"], targets, order.breakout)
                (_, after), = self.outcomes(game, state, a)
                now = self._route(game, after, a["unit"], targets, order.breakout)
                return (f"{uname} head for their objective of {order.name}: about {before:.0f} "
                        f"actions away before the move, {now:.0f} after (CF-Actions-4)")
            return f"{uname} move clear of the enemy's path (CF-Actions-4)"
        if t == "recover":
            (_, after), = self.outcomes(game, state, a)
            return (f"{uname} get a step back: they will need {game.need(after, a['unit'])}+ "
                    f"instead of {game.need(state, a['unit'])}+ to hit (CF-Actions-6)")
        if t == "interdict":
            return (f"air support on {data.space_name(str(a['space']))}, where enemy cubes are "
                    f"about to close on our units (CF-Air-2)")
        if t == "end-actions":
            return "nothing left is worth an action: the unspent ones become air support"
        if t == "draw":
            return "the turn begins with the next activity card: it says which enemy moves (CF-Draw-1)"
        if t == "order-defence":
            return self._defence_reason(game, state, a)
        if t in ("air-plus-one", "roll", "reroll", "accept-roll"):
            return self._roll_reason(game, state, a)
        return ""

    @staticmethod
    def _chance(need: int) -> int:
        """Per cent chance that one die meets ``need`` (a 1 to 6 die)."""
        return round(max(0, min(6, 7 - need)) / 6 * 100)

    def _defence_reason(self, game, state, a: Action) -> str:
        """Which attacking cube our units roll against first (CF-EnemyMove-6)."""
        data = game.data(state)
        cube = str(a["cube"])
        sp = state.cubes.get(cube, "")
        waiting = len(state.pending)
        return (f"{cube} in {data.space_name(sp) if sp else 'its space'} is rolled against first, "
                f"of the {waiting} attacking cubes: the order that leaves our units the best odds "
                f"of holding over the whole attack (CF-EnemyMove-6)")

    def _roll_reason(self, game, state, a: Action) -> str:
        """Air support on an attack roll: +1 before it (CF-Air-5), a reroll after a miss
        (CF-Air-4), or keep the token."""
        r = state.roll
        data = game.data(state)
        uname = data.unit_names.get(r.unit, r.unit)
        what = f"{uname} holding against {r.cube}" if r.kind == "enemy" else f"{uname} hitting {r.cube}"
        t = a["type"]
        tokens = f"{state.air_held} air support token{'s' if state.air_held != 1 else ''}"
        if t == "air-plus-one":
            return (f"+1 from air support: {what} needs {r.need}+, now {r.need - 1}+ on the die, "
                    f"from {self._chance(r.need)}% to {self._chance(r.need - 1)}% ({tokens} held) (CF-Air-5)")
        if t == "roll":
            if state.air_held <= 0 or r.plus:
                return f"{what} needs {r.need}+ ({self._chance(r.need - r.plus)}%): nothing to add, roll (CF-Actions-3)"
            return (f"{what} needs {r.need}+ ({self._chance(r.need)}%): the air support token is kept "
                    f"for a reroll if this misses, or for a roll that matters more (CF-Air-4)")
        got = r.face + r.plus
        if t == "reroll":
            return (f"{what} rolled {got} against {r.need}+ and missed: a reroll with air support "
                    f"gives another {self._chance(r.need - r.plus)}% chance ({tokens} held) (CF-Air-4)")
        if got >= r.need:
            return f"{what} rolled {got} against {r.need}+: it worked, keep it (CF-Actions-3)"
        return (f"{what} rolled {got} against {r.need}+ and missed: the token is worth more later "
                f"than a {self._chance(r.need - r.plus)}% reroll here (CF-Air-4)")

    def _public(self, state):
        """A copy without the secrets: the deck keeps its cards but not their order."""
        s = state.copy()
        s.deck = sorted(s.deck)
        s.rng = Rng.from_seed(0)
        return s

    def _choose_action(self, game, state, legal: list[Action]) -> Action:
        spend = [a for a in legal if a["type"] in ("attack", "move", "recover")]
        end = next(a for a in legal if a["type"] == "end-actions")
        best, best_v = end, self.expect(game, state, end, 3)
        for a in spend:
            v = self.expect(game, state, a, 3)
            if a["type"] == "move":
                v = max(v, self._move_then_cover(game, state, a))
            if v > best_v + 1e-6:
                best, best_v = a, v
        if best is end:  # nothing worth spending on: consider interdiction before ending
            for a in self._interdict_candidates(game, state, legal):
                v = self.expect(game, state, a, 3)
                if v > best_v + 1e-6:
                    best, best_v = a, v
        return best

    def _move_then_cover(self, game, state, move: Action) -> float:
        """The value of a move followed by the best interdiction (moves are certain, so the
        position after the move is known)."""
        if not game.can_interdict(state):
            return float("-inf")
        (_, after), = self.outcomes(game, state, move)
        if after.result or after.phase != "actions":
            return float("-inf")
        legal = game.legal_actions(after)
        best = float("-inf")
        for a in self._interdict_candidates(game, after, legal):
            best = max(best, self.expect(game, after, a, 3))
        return best

    def _interdict_candidates(self, game, state, legal: list[Action]) -> list[Action]:
        ints = [a for a in legal if a["type"] == "interdict"]
        if not ints:
            return []
        dest = self._dest_map(game, state, with_air=True)
        units = {state.units[u] for u in game.alive(state)}
        useful = set()
        for c, sp in state.cubes.items():
            d = dest.get(sp)
            if d in units:
                useful.add(sp)
                useful.add(d)
        return [a for a in ints if a["space"] in useful]

    def _best(self, game, state, legal: list[Action], depth: int) -> Action:
        best, best_v = legal[0], None
        for a in legal:
            v = self.expect(game, state, a, depth)
            if best_v is None or v > best_v + 1e-6:
                best, best_v = a, v
        return best

    # -- look-ahead ----------------------------------------------------------------------------
    def outcomes(self, game, state, action: Action) -> list[tuple[float, Any]]:
        """(probability, resulting state) for every hit/miss sequence of the rolls it makes."""
        out: list[tuple[float, Any]] = []
        stack: list[tuple[float, list[bool]]] = [(1.0, [])]
        while stack:
            prob, plan = stack.pop()
            s = state.copy()
            ctx = _Scripted(s, plan)
            try:
                game.apply(s, action, ctx)
            except _NeedRoll as e:
                if len(plan) >= 4:  # too deep: follow the likelier result only
                    stack.append((prob, plan + [e.p >= 0.5]))
                    continue
                if e.p > 0:
                    stack.append((prob * e.p, plan + [True]))
                if e.p < 1:
                    stack.append((prob * (1 - e.p), plan + [False]))
                continue
            out.append((prob, s))
        return out

    def expect(self, game, state, action: Action, depth: int) -> float:
        return sum(p * self.value(game, s, depth - 1) for p, s in self.outcomes(game, state, action))

    def value(self, game, s, depth: int) -> float:
        if depth > 0 and not s.result and (s.roll is not None or (s.phase == "enemy-movement" and s.pending)):
            legal = game.legal_actions(s)
            if legal:
                return max(self.expect(game, s, a, depth) for a in legal)
        return self.evaluate(game, s)

    # -- evaluation ------------------------------------------------------------------------------
    def evaluate(self, game, s) -> float:
        if s.result == "victory":
            return WIN
        if s.result == "defeat":
            return LOSS + 1000.0 * len(s.orders_done)
        w = self.w
        data = game.data(s)
        alive = game.alive(s)
        v = w.order * len(s.orders_done)
        steps_left = {}
        delta = {}
        for u in alive:
            m = len(data.tracks[u].values) - s.step[u]
            steps_left[u] = m
            sv = w.strength
            v += sv[min(m, len(sv) - 1)]
            delta[u] = sv[min(m, len(sv) - 1)] - sv[max(0, min(m - 1, len(sv) - 1))]
            v -= w.scar * (s.ceiling[u] - data.tracks[u].start_index)
        # tokens, and the actions left as the tokens they would become; a held token is worth
        # what it would save as an interdiction on the most threatened unit space, at least
        danger = max((delta[u] * (game.need(s, u) - 1) / 6 for u in alive), default=0.0)
        per = w.token * max(danger, 400.0)
        held = s.air_held
        extra = 0
        if s.phase == "actions" and s.roll is None:
            room = min(data.air_max_held - held, game.air_supply(s))
            extra = max(0, min(s.actions_left, room))
        v += self._tokens(game, s, per, held + extra, delta)
        # progress on the order in force and the risk of running out of time
        order = game.order(s)
        cost = 0.0
        for u, targets in order.objective_units.items():
            if u in alive and u not in s.reached:
                cost += self._route(game, s, u, targets, order.breakout)
        v -= w.progress * cost
        v -= self._overdue_risk(game, s, cost, order, delta)
        # cubes threatening the units
        v -= self._threat(game, s, delta)
        return v

    def _tokens(self, game, s, per: float, n: int, delta) -> float:
        if n <= 0:
            return 0.0
        saves = sorted(self._interdiction_savings(game, s, delta), reverse=True)
        total, x = 0.0, per
        for i in range(min(n, 3)):
            save = saves[i] * self.w.token_save if i < len(saves) else 0.0
            total += max(x, save)
            x *= self.w.token_decay
        return total

    def _route(self, game, s, unit: str, targets: tuple[str, ...], breakout: bool) -> float:
        data = game.data(s)
        start = s.units[unit]
        if start in targets:
            return 0.0
        count: dict[str, int] = {}
        for sp in s.cubes.values():
            count[sp] = count.get(sp, 0) + 1
        p = (7 - game.need(s, unit)) / 6
        per_cube = self.w.attack_cost_factor / max(p, 0.1)
        key = (start, targets, breakout, per_cube, tuple(sorted(count.items())))
        hit = self._route_cache.get(key)
        if hit is not None:
            return hit
        allowed_d = breakout or game.breakout_given(s)
        dist = {start: 0.0}
        heap = [(0.0, start)]
        best = 60.0
        while heap:
            d, cur = heapq.heappop(heap)
            if d > dist.get(cur, 1e9):
                continue
            if cur in targets:
                best = d
                break
            for nxt in data.linked[cur]:
                if nxt in data.breakout_spaces and not allowed_d:
                    continue
                nd = d + 2.0 + count.get(nxt, 0) * per_cube
                if nd < dist.get(nxt, 1e9):
                    dist[nxt] = nd
                    heapq.heappush(heap, (nd, nxt))
        return _remember(self._route_cache, key, best, 50000)

    def _remaining_turns(self, game, s) -> tuple[float, float]:
        data = game.data(s)
        total = len(data.activity) + 1
        first = total - 5  # the End of Order card is among the last six draws
        k = s.pass_draws
        if s.rebuild_pending:
            k = 0
        lo = max(first, k + 1)
        positions = list(range(lo, total + 1)) or [total]
        turns = sum(positions) / len(positions) - 1 - k
        left = [c for c in s.deck if c in data.activity]
        mean = (sum(data.activity[c].actions for c in left) / len(left)) if left else 3.0
        return max(0.0, turns), mean

    def _overdue_risk(self, game, s, cost: float, order, delta) -> float:
        turns, mean = self._remaining_turns(game, s)
        avail = turns * mean * 0.8
        if s.phase == "actions" and s.roll is None:
            avail += s.actions_left
        spread = 2.0 + 0.2 * avail
        z = (cost * 1.15 - avail) / spread
        p = 1.0 / (1.0 + pow(2.718281828, -1.7 * z))
        data = game.data(s)
        last = s.order_index >= len(data.orders) - 1
        penalty = (-LOSS * 0.9) if last else self.w.overdue_mid
        return p * penalty

    def _dest_map(self, game, s, with_air: bool) -> dict[str, str | None]:
        alive = tuple(game.alive(s))
        air = tuple(sorted(s.air_board.items())) if with_air else ()
        key = (tuple(s.units[u] for u in alive), alive, air)
        hit = self._dest_cache.get(key)
        if hit is not None:
            return hit
        if not with_air and s.air_board:
            saved = s.air_board
            s.air_board = {}
            try:
                out = {sp: game.cube_destination(s, sp)[0] for sp in game.data(s).adjacent}
            finally:
                s.air_board = saved
        else:
            out = {sp: game.cube_destination(s, sp)[0] for sp in game.data(s).adjacent}
        return _remember(self._dest_cache, key, out, 20000)

    def _colour_odds(self, game, s) -> dict[str, float]:
        data = game.data(s)
        left = [c for c in s.deck if c in data.activity]
        if not left:
            left = list(data.activity)
        out = {}
        for col in ("red", "black", "blue", "purple"):
            out[col] = sum(1 for c in left if col in data.activity[c].colours) / len(left)
        return out

    def _attacks(self, game, s) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
        """Expected attacks on each occupied space: (next enemy movement with the tokens on
        the board, the same without them, the longer run)."""
        alive = game.alive(s)
        unit_at = {s.units[u] for u in alive}
        odds = self._colour_odds(game, s)
        now = self._dest_map(game, s, with_air=True)
        later = self._dest_map(game, s, with_air=False) if s.air_board else now
        h = self.w.horizon
        nxt_air = {sp: 0.0 for sp in unit_at}
        nxt_free = {sp: 0.0 for sp in unit_at}
        longer = {sp: 0.0 for sp in unit_at}
        pending = {p.cube for p in s.pending}
        for p in s.pending:
            if p.target in nxt_air:
                nxt_air[p.target] += 1.0
                nxt_free[p.target] += 1.0
        for cube, sp in s.cubes.items():
            if cube in pending:
                continue
            q = odds[cube.rsplit("-", 1)[0]]
            d = now.get(sp)
            if d in nxt_air:
                nxt_air[d] += q
            cur = sp
            for k in range(len(h)):
                step = later.get(cur)
                if step is None:
                    break
                if step in unit_at:
                    if k == 0:
                        nxt_free[step] += q
                    longer[step] += max(0.0, h[k] - (1.0 if k == 0 else 0.0)) * q
                    break
                cur = step
        return nxt_air, nxt_free, longer

    def _space_loss(self, game, s, sp: str, n: float) -> float:
        if n <= 0:
            return 0.0
        u = game.defender(s, sp)
        hits = n * (game.need(s, u) - 1) / 6
        m = len(game.data(s).tracks[u].values) - s.step[u]
        return self._strength(m) - self._strength(m - hits)

    def _threat(self, game, s, delta: dict[str, float]) -> float:
        """Expected loss from the cubes: expected attacks on each occupied space turned into
        expected hits on its defender, valued on the strength curve (several hits at once cost
        more than several times one hit)."""
        if not s.cubes and not s.pending:
            return 0.0
        nxt_air, _, longer = self._attacks(game, s)
        return sum(self._space_loss(game, s, sp, nxt_air[sp] + longer[sp]) for sp in nxt_air)

    def _interdiction_savings(self, game, s, delta) -> list[float]:
        """For each occupied space without a token, the loss a token there would prevent."""
        if not s.cubes:
            return []
        _, nxt_free, longer = self._attacks(game, s)
        out = []
        for sp, n in nxt_free.items():
            if s.air_board.get(sp, 0):
                continue
            out.append(self._space_loss(game, s, sp, n + longer[sp]) - self._space_loss(game, s, sp, longer[sp]))
        return out

    def _strength(self, m: float) -> float:
        sv = self.w.strength
        if m <= 0:
            return sv[0]
        if m >= len(sv) - 1:
            return sv[-1]
        lo = int(m)
        f = m - lo
        return sv[lo] * (1 - f) + sv[lo + 1] * f


def make_ai(seed: int = 0, side: str = "player", level: str = "normal") -> ChosinFewAI:
    return ChosinFewAI(seed=seed, side=side, level=level)
