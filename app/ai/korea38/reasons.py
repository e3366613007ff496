"""Why the Korea38 AI picked an action, in a player's words, from the numbers it weighs.

The hint (Game > Hint) asks :meth:`KoreaAI.explain`; this module recomputes, for the chosen
action only, the figures the AI scored it with: a battle's odds column and its chance of
emptying the defender's hex (9.2, 9.3), or how much nearer a move brings a unit to the city
the AI is aiming for. It never changes what the AI chooses.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Action
from app.games.korea38.state import K38State

from app.ai.korea38.planner import objective_targets
from app.ai.korea38.situation import Situation


def _battle_reason(sit: Situation, defender: str, atk: list[str], sup: list[str], wave: list[str],
                   verb: str) -> str:
    st = sit.state
    hexid = st.units[defender].at
    p = sit.odds(defender, atk, sup, wave)
    try:
        terrain = str(sit.data.grid.terrain(hexid))
    except Exception:  # noqa: BLE001 - off-map defenders have no terrain
        terrain = "open"
    name = sit.data.units[defender].name
    if p["cancelled"] or not p["column"]:
        return f"{verb} {name} ({terrain}, {hexid}): the odds are still too low to fight, more units will join (9.2)"
    col = int(p["column"])
    out = sit.outcome(col, defender, atk + sup + wave, sit.hex_gain(hexid))
    clear = round(out.p_vacate * 100)
    return (f"{verb} {name} at {col}:1 on {terrain} ground ({hexid}): about {clear}% to drive it "
            f"out of its hex (9.2, 9.3)")


def _move_reason(sit: Situation, action: Action) -> str:
    st = sit.state
    uid, to = action["unit"], str(action["to"])
    frm = st.units[uid].at
    name = sit.data.units[uid].name
    best: tuple[float, str, float, float] | None = None
    for city, weight in objective_targets(sit):
        dist = sit.static.cost_from(city)
        if frm not in dist or to not in dist:
            continue
        gain = dist[frm] - dist[to]
        value = weight - dist[to]
        if gain > 0 and (best is None or value > best[0]):
            best = (value, city, dist[frm], dist[to])
    if to in sit.ezoc:
        tail = "; it stops next to the enemy, ready to attack"
    else:
        tail = ""
    if best is None:
        return f"{name} moves to {to} to hold the line{tail}"
    _v, city, d0, d1 = best
    return (f"{name} moves toward the city at {city}: {d0:g} movement points away before, "
            f"{d1:g} after{tail}")


def explain(state: K38State, action: Action) -> str:
    """A short reason for ``action`` in ``state``, or "" when there is nothing to add."""
    t = action.get("type")
    sit = Situation(state, state.active)
    if t == "declare-add":
        d = action["defender"]
        b = next((x for x in state.battles if x.defender == d), None)
        atk, sup, wave = (list(b.attackers), list(b.support), list(b.wave)) if b else ([], [], [])
        role = action.get("role")
        {"attack": atk, "support": sup, "wave": wave}.get(role, atk).append(action["unit"])
        return _battle_reason(sit, d, atk, sup, wave, "attacks")
    if t == "resolve":
        b = state.battles[int(action["battle"])]
        return _battle_reason(sit, b.defender, list(b.attackers), list(b.support), list(b.wave),
                              "fights the battle against")
    if t == "move":
        return _move_reason(sit, action)
    if t in ("declare-done", "end-phase"):
        return "nothing else this phase is worth the risk"
    return ""


def reason_or_blank(state: Any, action: Action) -> str:
    try:
        return explain(state, action)
    except Exception:  # noqa: BLE001 - a missing reason never breaks the hint
        return ""
