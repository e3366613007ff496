"""Checking the game part of a Korea38 scenario file (reported as field.path, message)."""

from __future__ import annotations

from typing import Any

from app.games.korea38.data import DEFAULT_KEY, SIDES, DataError, each_table, get_data
from app.games.korea38.state import PHASES

STATE_KEYS = {"data", "amph_used", "amph_this_turn", "moved", "arrived", "stepped", "naval_ports",
              "to_place", "rp", "hk_side", "enter", "combat_step", "current"}


def validate_scenario(sc: dict[str, Any]) -> list[tuple[str, str]]:
    from app.games.korea38.sequence import normalise_at
    out: list[tuple[str, str]] = []
    start = sc.get("start", {}) or {}
    extra = sc.get("state", {}) or {}
    if not isinstance(start, dict):
        return [("start", "must be a table")]
    key = str(start.get("data") or extra.get("data") or DEFAULT_KEY)
    try:
        d = get_data(key)
    except DataError as e:
        return [(f"data.{p}", m) for p, m in e.problems] or [("start.data", str(e))]
    except (OSError, ValueError) as e:
        return [("start.data", f"cannot load the game data: {e}")]
    last = start.get("last_turn", d.rules.get("last_turn", 13))
    if not isinstance(last, int) or isinstance(last, bool) or last < 1:
        out.append(("start.last_turn", "must be a turn number"))
        last = 13
    turn = start.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= last:
        out.append(("start.turn", f"must be a turn number from 1 to {last}"))
    pos = sc.get("position") if isinstance(sc.get("position"), dict) else {}
    # a set-up obeys 6.2 (one unit a hex); a moment of play may be over-stacked until its phase
    # ends (8.2.2), so a position loaded as it stands (enter = false) is not held to it
    setup_rules = pos.get("enter", extra.get("enter", True) if isinstance(extra, dict) else True) is not False
    phase = pos.get("phase", start.get("phase", PHASES[0]))
    if phase not in PHASES:
        out.append(("position.phase" if "phase" in pos else "start.phase", f"unknown phase {phase!r} (one of {', '.join(PHASES)})"))
    if "active" in start and start["active"] not in SIDES:
        out.append(("start.active", f"must be one of {', '.join(SIDES)}"))
    pieces = sc.get("piece", []) or []
    if not isinstance(pieces, list):
        out.append(("piece", "must be an array of tables ([[piece]])"))
        pieces = []
    seen: set[str] = set()
    where_at: dict[str, str] = {}
    for path, p in each_table(pieces, "piece", out):
        uid = p.get("id")
        if not isinstance(uid, str) or uid not in d.units:
            out.append((f"{path}.id", f"unknown unit id {uid!r}"))
            continue
        if uid in seen:
            out.append((f"{path}.id", f"unit {uid} is listed twice"))
        seen.add(uid)
        at = p.get("at")
        if not isinstance(at, str):
            out.append((f"{path}.at", "must be a hex id or a box id"))
            continue
        where = normalise_at(d, at)
        if where is None:
            out.append((f"{path}.at", f"unknown hex or box {at!r}"))
        elif d.grid.contains(where):
            if where not in d.land:
                out.append((f"{path}.at", f"hex {at} is sea"))
            if d.units[uid].is_air:
                out.append((f"{path}.at", "air units belong in an air box, not on the map"))
            elif where in where_at and d.units[where_at[where]].side == d.units[uid].side and not setup_rules:
                pass
            elif where in where_at and d.units[where_at[where]].side == d.units[uid].side:
                out.append((f"{path}.at", f"hex {at} already holds {where_at[where]} (one unit a hex, 6.2)"))
            elif where in where_at:
                out.append((f"{path}.at", f"hex {at} holds an enemy unit ({where_at[where]})"))
            else:
                where_at[where] = uid
        if "reduced" in p and not isinstance(p["reduced"], bool):
            out.append((f"{path}.reduced", "must be true or false"))
    control = sc.get("control", {}) or {}
    if not isinstance(control, dict):
        out.append(("control", "must be a table of hex = side"))
        control = {}
    for h, side in control.items():
        if not d.grid.contains(h):
            out.append((f"control.{h}", f"unknown hex {h!r}"))
        elif h not in d.cities:
            out.append((f"control.{h}", f"hex {h} is not a city"))
        if side not in SIDES:
            out.append((f"control.{h}", f"side must be one of {', '.join(SIDES)}"))
    if not isinstance(extra, dict):
        out.append(("state", "must be a table"))
    else:
        for k, v in extra.items():
            if k not in STATE_KEYS:
                out.append((f"state.{k}", f"unknown state key (known: {', '.join(sorted(STATE_KEYS))})"))
        for k in ("moved", "arrived", "stepped", "to_place"):
            for j, uid in enumerate(extra.get(k, []) or []):
                if uid not in d.units:
                    out.append((f"state.{k}[{j}]", f"unknown unit id {uid!r}"))
        for k in ("amph_used", "amph_this_turn"):
            if k in extra and (not isinstance(extra[k], int) or extra[k] < 0):
                out.append((f"state.{k}", "must be a whole number >= 0"))
        if "combat_step" in extra and extra["combat_step"] not in ("", "declare", "resolve"):
            out.append(("state.combat_step", 'must be "declare" or "resolve"'))
        if "current" in extra and (isinstance(extra["current"], bool) or not isinstance(extra["current"], int)
                                   or extra["current"] < -1):
            out.append(("state.current", "must be a battle number from 0, or -1 for none"))
        for k in ("battle", "pending"):
            if k in sc and not isinstance(sc[k], list):
                out.append((k, f"must be an array of tables ([[{k}]])"))
    return out
