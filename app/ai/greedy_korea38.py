"""The ``greedy`` baseline player for Korea: The Fight Across the 38th.

A yardstick for the real AI, deliberately simple: every unit marches on the nearest city the
enemy holds (by movement cost, one unit a hex), every enemy unit that can be attacked at 2:1 or
better is attacked with everything next to it (best odds first), air goes where the battle is,
the first unit offered takes each loss, and an armistice is accepted only when the position as
it stands is a win. It reads the position only through the rules (``legal_actions``, odds and
movement costs) and never rolls or peeks at dice.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Action

from app.games.korea38 import combat as rcombat
from app.games.korea38 import sequence as rseq
from app.games.korea38.state import K38State
from app.games.korea38.victory import determine
from app.games.korea38.zoc import Board, data_of, other

from app.ai.korea38.situation import static_of


class GreedyKorea:
    def __init__(self, seed: int = 0, side: str = "", level: str = "normal"):
        self.side = side
        self.name = "greedy"
        self._key: tuple | None = None
        self._queue: list[tuple] = []

    def choose(self, match: Any, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state: K38State = match.state
        a = self._choose(state, legal)
        if a is None or not any(a is x for x in legal):
            for t in ("end-phase", "declare-done", "no-advance", "reject-armistice"):
                for x in legal:
                    if x["type"] == t:
                        return x
            return legal[0]
        return a

    def _choose(self, state: K38State, legal: list[Action]) -> Action | None:
        me = state.active
        types: dict[str, list[Action]] = {}
        for a in legal:
            types.setdefault(a["type"], []).append(a)
        if state.pending:
            p = state.pending[0]
            if p.kind == "air":
                return max(legal, key=lambda a: len(a["units"]))
            if p.kind == "mig":
                return types.get("mig", legal)[0]
            if p.kind == "loss":
                full = [a for a in legal if not state.units[a["unit"]].reduced]
                return (full or legal)[0]
            if p.kind == "advance":
                return types.get("advance", legal)[0]
            if p.kind == "armistice":
                try:
                    win = determine(state).get("winner") == me
                except Exception:  # noqa: BLE001
                    win = False
                return types["accept-armistice" if win else "reject-armistice"][0]
            return legal[0]
        kind = rseq.phase_kind(state.phase)
        if kind == "reinforcement":
            for t in ("reinforce", "replace"):
                if t in types:
                    opts = [a for a in types[t] if a["at"] != "delay"] or types[t]
                    return opts[0]
            return types.get("end-phase", [None])[0]
        if kind in ("precombat", "movement"):
            return self._move(state, me, legal, types)
        if kind == "combat":
            if state.combat_step == "declare":
                return self._declare(state, me, types)
            if "resolve" in types:
                board = Board(state)
                return max(types["resolve"], key=lambda a: (
                    rcombat.odds_parts(state, board, state.battles[a["battle"]])["level"], -a["battle"]))
            return types.get("end-phase", [None])[0]
        return types.get("end-phase", [None])[0]

    # -- marching on the nearest enemy city -------------------------------------------------------
    def _move(self, state: K38State, me: str, legal: list[Action], types) -> Action | None:
        key = (state.turn, state.phase)
        moves = types.get("move", [])
        if self._key != key:
            self._key = key
            self._queue = self._plan(state, me, moves)
        index = {(a["unit"], a["to"]): a for a in moves}
        while self._queue:
            k = self._queue.pop(0)
            if k in index:
                return index[k]
        if "end-phase" in types:
            return types["end-phase"][0]
        if "eliminate" in types:
            return types["eliminate"][0]
        return moves[0] if moves else None

    def _plan(self, state: K38State, me: str, moves: list[Action]) -> list[tuple]:
        d = data_of(state)
        st = static_of(d)
        board = Board(state, d)
        targets = [c for c in st.cities if state.control.get(c) != me]
        fields = [st.cost_from(c) for c in targets]

        def dist(h: str) -> float:
            return min((f.get(h, 1e6) for f in fields), default=1e6)

        by_unit: dict[str, list[str]] = {}
        for a in moves:
            by_unit.setdefault(a["unit"], []).append(a["to"])
        taken = {h for u, h in board.units_of(me) if u not in by_unit}
        out = []
        order = sorted(by_unit, key=lambda u: (dist(state.units[u].at), u))
        for u in order:
            here = state.units[u].at
            opts = sorted(set(by_unit[u]) | {here}, key=lambda h: (dist(h), h != here, h))
            for h in opts:
                if h not in taken:
                    taken.add(h)
                    if h != here:
                        out.append((u, h))
                    break
        return out

    # -- best-odds attacks ---------------------------------------------------------------------------
    def _declare(self, state: K38State, me: str, types) -> Action | None:
        key = (state.turn, state.phase, "declare")
        if self._key != key:
            self._key = key
            self._queue = self._battles(state, me)
        index = {(a["defender"], a["unit"], a["role"]): a for a in types.get("declare-add", [])}
        while self._queue:
            k = self._queue.pop(0)
            if k in index:
                return index[k]
        return types.get("declare-done", [None])[0]

    def _battles(self, state: K38State, me: str) -> list[tuple]:
        d = data_of(state)
        board = Board(state, d)
        used = rcombat.committed(state)
        adj: dict[str, list[str]] = {}
        for u, h in board.units_of(me):
            if u in used or rcombat.strength(state, d, u) <= 0:
                continue
            for n in d.grid.neighbours(h):
                if not board.adjacent(h, n):
                    continue
                for e in board.enemy_at(me, n):
                    if not d.units[e].zoc_own_hex_only and rcombat.strength(state, d, e) > 0:
                        adj.setdefault(e, []).append(u)
        out = []
        committed: set[str] = set()
        while True:
            best = None
            for e in sorted(adj):
                atk = [u for u in adj[e] if u not in committed]
                if not atk or any(x[0] == e for x in out):
                    continue
                b = rcombat.Battle(defender=e, hex=state.units[e].at, attackers=atk)
                lvl = rcombat.odds_parts(state, board, b)["level"]
                if best is None or lvl > best[0]:
                    best = (lvl, e, atk)
            if best is None or best[0] < 2:
                break
            _l, e, atk = best
            committed.update(atk)
            out.extend((e, u, "attack") for u in atk)
        return out


def make_greedy(seed: int = 0, side: str = "", level: str = "normal") -> GreedyKorea:
    return GreedyKorea(seed=seed, side=side, level=level)


__all__ = ["GreedyKorea", "make_greedy", "other"]
