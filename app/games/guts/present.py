"""Take The High Ground!: the optional window hooks (docs/ui.md), kept apart from the rules.

Each function takes the game first; the window finds them by name. Nothing here decides
legality: every action named is one of ``legal_actions``.
"""

from __future__ import annotations

from typing import Any


def base_label(element_id: str) -> str:
    """The few letters printed on a base: "1A" for rifle team 1A, "SL 1", "BAR 2", "PL"."""
    parts = element_id.split("-")
    if parts[0] == "rifle" and len(parts) == 2:
        return parts[1].upper()
    return " ".join(parts).upper()


def next_step(game: Any, state: Any) -> dict[str, Any] | None:
    """The turn bar's next-step control: end the turn once orders are given (GUTS-D-TURN)."""
    if getattr(state, "phase", "") != "orders" or state.finished:
        return None
    return {"action": {"type": "end-turn"}, "label": "End the turn"}


def _test_outcomes(guts: int, average: bool, mod: int):
    """Every equally likely pair of dice of a GUTS test: (level, raw score, dice)."""
    from app.games.guts import rules as R
    f = R.faces(average)
    return [(R.judge([a, b], mod, guts), a + b, (a, b)) for a in f for b in f]


def roll_preview(game: Any, state: Any, action: dict[str, Any]) -> dict[str, Any] | None:
    """Before a move rolls (GUTS-MOVE, GUTS-MUF, GUTS-COVER): what it will test and the exact
    chance of each way it can end, so the player can take the move back before any die is cast.
    Only a plain advance is previewed (leaving cover adds its own test first: GUTS-LEAVE)."""
    import itertools
    import math

    from app.games.guts import rules as R
    if action.get("type") != "advance" or getattr(state, "phase", "") != "orders":
        return None
    e = state.elements.get(str(action.get("team")))
    if e is None or e.out:
        return None
    leader = state.elements.get(str(action.get("leader"))) if action.get("leader") else None
    to = (float(action["to"][0]), float(action["to"][1]))
    length = math.hypot(to[0] - e.x, to[1] - e.y)
    fires = R.path_fire(state, e, (e.x, e.y), to)
    lm = R.leader_mod(leader) if leader else None
    base = [lm] if lm else []
    tests = []              # per test: a function from one dice outcome to (moving, status, distance, casualties)
    names = []
    if not fires:
        mod = sum(v for v, _ in base)
        names.append(f"a GUTS test against {e.guts}" + (f" ({mod:+d})" if mod else "") + " (GUTS-MOVE)")

        def plain(o):
            level, raw, _ = o
            if level == R.CRIT_SUCCESS:
                return True, "ok", float(e.guts), 0
            if level == R.SUCCESS:
                return True, "ok", float(raw), 0
            return False, "hit-the-dirt", 0.0, 1 if level == R.CRIT_FAIL else 0
        tests.append((_test_outcomes(e.guts, e.average, mod), plain))
    for f in fires:
        bm = R.band_mod(state, f)
        cov = next((c for c in e.covers if c.gun == f.gun), None)
        if cov is not None:
            mods = base + ([(R.MOD_BAR_COVER, "BAR covering fire")] if cov.bar else []) + ([bm] if bm else [])
            mod = sum(v for v, _ in mods)
            names.append(f"a test under covering fire against {f.gun} ({mod:+d}) (GUTS-COVER)")

            def covered(o, rate=float(cov.rate)):
                level = o[0]
                if level in (R.CRIT_SUCCESS, R.SUCCESS):
                    return True, "ok", rate, 0
                return False, "hit-the-dirt", 0.0, 1 if level == R.CRIT_FAIL else 0
            tests.append((_test_outcomes(e.guts, e.average, mod), covered))
        else:
            mods = base + ([bm] if bm else [])
            mod = sum(v for v, _ in mods)
            names.append(f"a test under fire from {f.gun}" + (f" ({mod:+d})" if mod else "") + " (GUTS-MUF)")

            def under_fire(o):
                level, raw, dice = o
                if level == R.CRIT_SUCCESS:
                    return True, "ok", float(raw), 0
                if level == R.SUCCESS:
                    return False, "hit-the-dirt", 0.0, 0
                if level == R.FAIL:
                    return False, "gone-to-ground", 0.0, 0
                return False, "gone-to-ground", 0.0, 1 if dice[0] == dice[1] and dice[0] >= 5 else 0
            tests.append((_test_outcomes(e.guts, e.average, mod), under_fire))
    chances = {"gets all the way": 0.0, "moves part of the way": 0.0, "hits the dirt": 0.0,
               "goes to ground": 0.0, "and loses a man": 0.0}
    combos = list(itertools.product(*[t[0] for t in tests]))
    p = 1.0 / len(combos)
    for combo in combos:
        res = [fn(o) for o, (_, fn) in zip(combo, tests)]
        if sum(r[3] for r in res):
            chances["and loses a man"] += p
        halts = [r for r in res if not r[0]]
        if halts:
            worst = "gone-to-ground" if any(r[1] == "gone-to-ground" for r in halts) else "hit-the-dirt"
            chances["goes to ground" if worst == "gone-to-ground" else "hits the dirt"] += p
        elif min(r[2] for r in res) >= length - 1e-9:
            chances["gets all the way"] += p
        else:
            chances["moves part of the way"] += p
    return {"title": f"{e.name}: advance {length:.1f} inches" + (f", led by {leader.name}" if leader else ""),
            "tests": names, "rule": "GUTS-MUF" if fires else "GUTS-MOVE", "ghost": [to[0], to[1]],
            "chances": [[k, round(v, 4)] for k, v in chances.items() if v > 0]}


def rule_charts(game: Any, state: Any) -> list[dict[str, Any]]:
    """The GUTS test as a chart for the Rules panel (GUTS-TEST): the exact chance of each result
    for the platoon's values, on average and ordinary dice."""
    from app.games.guts import rules as R
    rows = []
    for guts in range(5, 11):
        for average in (True, False):
            p = R.level_probs(guts, average, 0)
            rows.append([str(guts), "average" if average else "ordinary"]
                        + [f"{p[k] * 100:.0f}%" for k in (R.CRIT_SUCCESS, R.SUCCESS, R.FAIL, R.CRIT_FAIL)])
    return [{"title": "GUTS test: chance of each result", "rule": "GUTS-TEST",
             "header": ["GUTS", "Dice", "Critical success", "Success", "Failure", "Critical failure"], "rows": rows}]
