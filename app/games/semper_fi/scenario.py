"""Scenario files (SCENARIOS section of CORE.md): checking them, areas, the clock, and the start
position. Variants are switches: an option ``<variant-id> = true`` applies the variant's ``set``
overrides and its extra set-up and reinforcement entries."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from app.games.semper_fi.data import (NK, SIDES, US, Board, DataError, board, check_map_name, counters, hhmm,
                                      map_path, tables)

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)         # 1950, not a leap year
AREA_KEYS = {"within", "any", "cols_max", "cols_min", "rows_min", "rows_max", "region", "hexes",
             "west_of_chain", "not_terrain", "road", "min_distance", "beyond_line", "not", "all"}


# -- the clock ------------------------------------------------------------------------------------
def parse_when(text: Any) -> tuple[int, int, int] | None:
    """"17 Aug 0800" -> (month, day, minutes); None if malformed."""
    if not isinstance(text, str):
        return None
    parts = text.split()
    if len(parts) != 3 or parts[1] not in MONTHS or not parts[0].isdigit():
        return None
    t = parts[2]
    if len(t) != 4 or not t.isdigit() or int(t[:2]) > 23 or int(t[2:]) > 59:
        return None
    return MONTHS.index(parts[1]) + 1, int(parts[0]), hhmm(t)


def _period(minutes: int, season: str = "") -> dict[str, Any]:
    from app.games.semper_fi.night import periods
    ps = periods(season)
    for p in ps:
        if hhmm(p["from"]) <= minutes <= hhmm(p["to"]):
            return p
    return ps[0]


def build_clock(first: str, last: str, season: str = "") -> tuple[list[str], list[str]]:
    """Every turn from ``first`` to ``last`` with its light (C2.2): 20-minute day turns, hourly
    night turns; ``season`` picks a clock of tables.toml [clocks] (C10.4)."""
    a, b = parse_when(first), parse_when(last)
    assert a and b
    month, day, m = a
    out, lights = [], []
    for _ in range(2000):
        out.append(f"{day} {MONTHS[month - 1]} {m // 60:02d}{m % 60:02d}")
        p = _period(m, season)
        lights.append(p["light"])
        if (month, day, m) >= b:
            break
        m += int(p["minutes"])
        if m >= 24 * 60:
            m -= 24 * 60
            day += 1
            if day > DAYS[month - 1]:                 # 7.5 runs from 30 Nov into 1 Dec
                day, month = 1, month % 12 + 1
    return out, lights


def turn_index(state_or_clock: Any, when: str) -> int:
    clock = state_or_clock if isinstance(state_or_clock, list) else state_or_clock.clock
    try:
        return clock.index(when) + 1
    except ValueError:
        return 0


# -- areas ----------------------------------------------------------------------------------------
def area_hexes(b: Board, spec: Any) -> set[str]:
    """The hexes an area spec names (see CORE.md, Scenarios)."""
    ids = set(b.ids)
    if not isinstance(spec, dict):
        return set()
    out = set(ids)
    g = b.grid
    for k, v in spec.items():
        if k == "within":
            items = v if isinstance(v, list) else [v]
            s: set[str] = set()
            for it in items:
                if g.contains(str(it.get("hex"))):
                    s |= {h for h in g.range(it["hex"], int(it.get("n", 0))) if h in ids}
            out &= s
        elif k == "any":
            s = set()
            for sub in v:
                s |= area_hexes(b, sub)
            out &= s
        elif k == "all":
            for sub in v:
                out &= area_hexes(b, sub)
        elif k == "not":
            out -= area_hexes(b, v)
        elif k in ("cols_max", "cols_min", "rows_min", "rows_max"):
            i = 0 if k.startswith("cols") else 1
            keep = set()
            for h in out:
                n = g.parse_id(h)[i]
                if (k.endswith("max") and n <= v) or (k.endswith("min") and n >= v):
                    keep.add(h)
            out = keep
        elif k == "region":
            out &= set(b.regions.get(v, []))
        elif k == "hexes":
            out &= {str(x) for x in v}
        elif k == "west_of_chain":
            chain: list[str] = []
            for x, y in zip(v, v[1:]):
                chain += g.line(x, y)
            limit: dict[int, int] = {}
            for h in chain:
                c, r = g.parse_id(h)
                limit[r] = max(limit.get(r, -1), c)
            out = {h for h in out if g.parse_id(h)[1] in limit and g.parse_id(h)[0] <= limit[g.parse_id(h)[1]]}
        elif k == "not_terrain":
            out = {h for h in out if b.terrain(h) not in v}
        elif k == "road":
            out = {h for h in out if b.has_road(h) == bool(v)}
        elif k == "min_distance":
            out = {h for h in out if g.distance(h, v["hex"]) >= int(v["n"])}
        elif k == "beyond_line":
            out &= beyond_line(b, v["line"], v["from_hex"])
    return out


def beyond_line(b: Board, line: str, from_hex: str) -> set[str]:
    """Hexes reachable from ``from_hex`` without crossing the line's hexsides."""
    blocked = {frozenset(s) for s in b.lines.get(line, [])}
    seen = {from_hex}
    todo = [from_hex]
    while todo:
        h = todo.pop()
        for n in b.grid.neighbours(h):
            if n not in seen and frozenset((h, n)) not in blocked:
                seen.add(n)
                todo.append(n)
    return seen


def area_problems(b: Board, spec: Any, path: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not isinstance(spec, dict) or not spec:
        return [(path, "must be a table describing hexes (within, cols_max, region...)")]
    for k, v in spec.items():
        if k not in AREA_KEYS:
            out.append((f"{path}.{k}", f"unknown area key (known: {', '.join(sorted(AREA_KEYS))})"))
        elif k in ("within", "min_distance"):
            items = v if isinstance(v, list) else [v]
            for i, it in enumerate(items):
                where = f"{path}.{k}[{i}]" if isinstance(v, list) else f"{path}.{k}"
                if not isinstance(it, dict):
                    out.append((where, "must be a table {hex = ..., n = ...}"))
                elif not b.grid.contains(str(it.get("hex"))):
                    out.append((f"{where}.hex", f"hex {it.get('hex')!r} is not on the map"))
        elif k in ("hexes", "west_of_chain"):
            for x in v:
                if not b.grid.contains(str(x)):
                    out.append((f"{path}.{k}", f"hex {x!r} is not on the map"))
        elif k == "region" and v not in b.regions:
            out.append((f"{path}.region", f"the map has no region {v!r}"))
        elif k == "beyond_line":
            if v.get("line") not in b.lines:
                out.append((f"{path}.beyond_line.line", f"the map has no line {v.get('line')!r}"))
            if not b.grid.contains(str(v.get("from_hex"))):
                out.append((f"{path}.beyond_line.from_hex", "hex is not on the map"))
        elif k in ("any", "all"):
            for i, sub in enumerate(v):
                out += area_problems(b, sub, f"{path}.{k}[{i}]")
        elif k == "not":
            out += area_problems(b, v, f"{path}.not")
    return out


# -- units named by a scenario ---------------------------------------------------------------------
def pick_units(entries: Any, used: set[str], path: str, out: list[tuple[str, str]]) -> list[str]:
    """Resolve ``[{formation, take?}]`` into unit ids, taking the first unused of each type."""
    c = counters()
    ids: list[str] = []
    if not isinstance(entries, list):
        out.append((path, "must be a list of {formation = ..., take = {...}}"))
        return ids
    for i, e in enumerate(entries):
        p = f"{path}[{i}]"
        if not isinstance(e, dict) or e.get("formation") not in c.formations:
            out.append((f"{p}.formation", f"unknown formation {e.get('formation') if isinstance(e, dict) else e!r}"))
            continue
        members = [u for u, d in c.units.items() if d.formation == e["formation"]]
        take = e.get("take")
        if take is None:
            chosen = [u for u in members if u not in used]
        else:
            chosen = []
            for ty, n in take.items():
                if ty not in c.types:
                    out.append((f"{p}.take.{ty}", f"unknown unit type {ty!r}"))
                    continue
                avail = [u for u in members if c.units[u].type.id == ty and u not in used and u not in chosen]
                if len(avail) < n:
                    out.append((f"{p}.take.{ty}", f"formation {e['formation']} has only {len(avail)} more of these"))
                chosen += avail[:n]
        used.update(chosen)
        ids += chosen
    return ids


# -- applying variants ---------------------------------------------------------------------------
def with_variants(sc: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The scenario with every variant switched on in ``options`` applied."""
    sc = copy.deepcopy(sc)
    on = [v for v in sc.get("variant", []) or [] if isinstance(v, dict) and options.get(v.get("id"))]
    for v in on:
        for key, val in (v.get("set") or {}).items():
            node = sc
            parts = key.split(".")
            for p in parts[:-1]:
                node = node.setdefault(p, {})
            node[parts[-1]] = val
        for entry in v.get("setup", []) or []:
            sc.setdefault("setup", []).append(entry)
        for entry in v.get("reinforcement", []) or []:
            sc.setdefault("reinforcement", []).append(entry)
        for entry in v.get("mortar", []) or []:
            sc.setdefault("mortar", []).append(entry)
        for entry in v.get("linked_setup", []) or []:                 # 6.3: a later night's set-up
            ps = (sc.get("linked") or {}).get("part") or []
            i = entry.get("part", 0)
            if isinstance(i, int) and 1 <= i <= len(ps):
                e = {k: val for k, val in entry.items() if k != "part"}
                ps[i - 1].setdefault("setup", []).append(e)
    sc["variants_on"] = [v["id"] for v in on]
    for kind in ("setup", "reinforcement", "mortar"):               # entries for some variants only
        if isinstance(sc.get(kind), list):
            sc[kind] = [e for e in sc[kind] if not isinstance(e, dict) or (
                bool(options.get(e["needs"])) if e.get("needs") else True) and not options.get(e.get("unless", ""))]
    areas = sc.get("areas") or {}
    for kind in ("setup", "reinforcement"):
        for e in sc.get(kind, []) or []:
            if isinstance(e, dict) and isinstance(e.get("area_ref"), str) and e["area_ref"] in areas:
                e["area"] = areas[e["area_ref"]]                # a named area a variant may redefine
    return sc


# -- checking -------------------------------------------------------------------------------------
def validate(sc: dict[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    try:
        tables()
        c = counters()
    except DataError as e:
        return [(f"data.{p}" if p else "data", m) for p, m in e.problems]
    name = sc.get("map")
    if not isinstance(name, str) or not name:
        return [("map", "must name the map (changchon, no-name-ridge)")]
    why = check_map_name(name)
    if why:
        return [("map", why)]
    if not map_path(name).exists():
        return [("map", f"no map {name!r} in resources/semper-fi/maps")]
    try:
        b = board(name)
    except DataError as e:
        return [(p, m) for p, m in e.problems]
    turns = sc.get("turns") or {}
    first, last = parse_when(turns.get("first")), parse_when(turns.get("last"))
    if first is None:
        out.append(("turns.first", "must be a date and time like \"12 Aug 1300\""))
    if last is None:
        out.append(("turns.last", "must be a date and time like \"12 Aug 1740\""))
    clock: list[str] = []
    if first and last:
        if last < first:
            out.append(("turns.last", "is before the first turn"))
        else:
            if turns.get("clock") and turns["clock"] not in (tables().get("clocks") or {}):
                return out + [("turns.clock", f"no clock {turns['clock']!r} in tables.toml [clocks]")]
            clock, _l = build_clock(turns["first"], turns["last"], str(turns.get("clock", "")))
            if clock[-1] != turns["last"]:
                out.append(("turns.last", f"is not on the turn clock (turns run ... {', '.join(clock[-3:])})"))
    play = sc.get("play") or {}
    if play.get("first_setup") not in SIDES:
        out.append(("play.first_setup", "must be us or nk"))
    if play.get("initiative", "roll") not in ("roll", US, NK):
        out.append(("play.initiative", "must be roll, us or nk"))
    variants = sc.get("variant", []) or []
    ids = set()
    for i, v in enumerate(variants):
        if not isinstance(v, dict) or not isinstance(v.get("id"), str) or not isinstance(v.get("name"), str):
            out.append((f"variant[{i}]", "needs an id and a name"))
            continue
        ids.add(v["id"])
    # check the base scenario and each variant alone
    for opt in [{}] + [{v: True} for v in sorted(ids)]:
        s2 = with_variants(sc, opt)
        out += _validate_body(s2, b, clock, c)
        if out:
            break
    return out


def _when(v: Any, clock: list[str], path: str, out: list[tuple[str, str]]) -> None:
    if parse_when(v) is None:
        out.append((path, "must be a date and time like \"17 Aug 1300\""))
    elif clock and v not in clock:
        out.append((path, f"{v} is not a turn of this scenario ({clock[0]} to {clock[-1]})"))


def _march_column(sc: dict[str, Any], b: Board) -> list[tuple[str, str]]:
    """The 4.1 march column's road runs between two hexes of the map (types in
    schemas/scenario.json; a variant may change them, so this runs after variants apply)."""
    mc = (sc.get("rules") or {}).get("march_column")
    if not mc:
        column = [i for i, e in enumerate(sc.get("setup", []) or [])
                  if isinstance(e, dict) and e.get("at") == "box:road-column"]
        return [(f"setup[{i}].at", "units start in the road column, but [rules.march_column] (its entry "
                 "and exit hexes) is missing") for i in column[:1]]
    if not isinstance(mc, dict):
        return [("rules.march_column", "must be a table with the entry and exit hexes")]
    return [(f"rules.march_column.{k}", f"must be a hex of the map (found {mc.get(k)!r})")
            for k in ("entry", "exit") if not (isinstance(mc.get(k), str) and b.grid.contains(mc[k]))]


def _validate_body(sc: dict[str, Any], b: Board, clock: list[str], c: Any) -> list[tuple[str, str]]:
    from app.games.semper_fi.setup import legal_setup_hexes
    out: list[tuple[str, str]] = _march_column(sc, b)
    from app.games.semper_fi.mines import problems as mine_problems
    out += mine_problems(sc)                                        # C15.1 (a variant's rules.mines)
    used: set[str] = set()
    for i, e in enumerate(sc.get("setup", []) or []):
        p = f"setup[{i}]"
        if e.get("side") not in SIDES:
            out.append((f"{p}.side", "must be us or nk"))
            continue
        units = pick_units(e.get("units"), used, f"{p}.units", out)
        for u in units:
            if c.units[u].side != e["side"]:
                out.append((f"{p}.units", f"{c.units[u].formation_name} is not a {e['side']} formation"))
                break
        if e.get("at") in ("box:road-column", "offmap"):
            continue
        ap = area_problems(b, e.get("area"), f"{p}.area")
        out += ap
        if not ap and units:
            hexes = area_hexes(b, e["area"])
            kinds = {(c.units[u].side, c.units[u].type.id): u for u in reversed(units)}   # one check a type
            for u in [u for u in units if kinds.get((c.units[u].side, c.units[u].type.id)) == u]:
                if not legal_setup_hexes(b, sc, u, hexes):
                    out.append((f"{p}.area", f"no legal hex in this set-up area for {c.units[u].type.name}"))
                    break
    for i, e in enumerate(sc.get("reinforcement", []) or []):
        p = f"reinforcement[{i}]"
        if e.get("turn") not in ("committed", "edge"):   # 7.3: a die commits it; C14.7: a chosen edge
            _when(e.get("turn"), clock, f"{p}.turn", out)
        if e.get("units"):
            pick_units(e.get("units"), used, f"{p}.units", out)
            out += area_problems(b, e.get("area"), f"{p}.area")
    for i, g in enumerate(sc.get("artillery", []) or []):
        p = f"artillery[{i}]"
        for bt in g.get("batteries", []):
            if bt not in c.batteries:
                out.append((f"{p}.batteries", f"unknown battery {bt!r}"))
        for k, n in (g.get("ammo") or {}).items():
            if k not in ("he", "smoke", "illum") or not isinstance(n, int) or n < 0:
                out.append((f"{p}.ammo.{k}", "ammunition is he, smoke or illum with a count 0 or more"))
        for j, s in enumerate(g.get("supply", []) or []):
            _when(s.get("turn"), clock, f"{p}.supply[{j}].turn", out)
    for i, m in enumerate(sc.get("mortar", []) or []):
        p = f"mortar[{i}]"
        for k in ("strength", "total", "per_turn"):
            if not isinstance(m.get(k), int) or m[k] < 1:
                out.append((f"{p}.{k}", "must be a whole number 1 or more"))
        if not isinstance(m.get("id"), str):
            out.append((f"{p}.id", "must be text"))
    air = sc.get("air")
    if air:
        for k in ("from", "to"):
            _when(air.get(k), clock, f"air.{k}", out)
        if not isinstance(air.get("count"), int) or air["count"] < 1:
            out.append(("air.count", "must be a whole number of aircraft 1 or more"))
    vic = sc.get("victory") or {}
    if vic.get("kind") not in ("high-ground", "hold-hexes", "hilltop-platoon", "hilltops-count",
                               "hilltops-control", "hold-area", "east-hill", "perimeter", "hagaru"):
        out.append(("victory.kind", "must be high-ground, hold-hexes, hilltop-platoon, hilltops-count, "
                    "hilltops-control, hold-area, east-hill, perimeter or hagaru"))
    if vic.get("kind") == "hold-area":
        out += area_problems(b, vic.get("area"), "victory.area")
    if vic.get("kind") == "hagaru":
        for k in list(vic.get("clear", [])) + [vic.get("hill"), vic.get("los_to")]:
            if k not in b.regions:
                out.append(("victory", f"the map has no region {k!r}"))
    if vic.get("kind") == "perimeter":
        for k in ("town", "airfield"):
            if vic.get(k) not in b.regions:
                out.append((f"victory.{k}", f"the map has no region {vic.get(k)!r}"))
    if vic.get("kind") == "east-hill":
        for k in ("hill", "los_to", "entered") + (("crest",) if vic.get("crest") else ()):
            if vic.get(k) not in b.regions:
                out.append((f"victory.{k}", f"the map has no region {vic.get(k)!r}"))
        for k in ("major_elevation", "minor_elevation"):
            if not isinstance(vic.get(k), int):
                out.append((f"victory.{k}", "must be a whole number of metres"))
    for h in vic.get("road", []) or []:
        if not b.grid.contains(h):
            out.append(("victory.road", f"hex {h!r} is not on the map"))
    hills = b.hilltops()
    for h in vic.get("hills", []) or []:
        if h not in hills:
            out.append(("victory.hills", f"the map has no hilltop named {h!r}"))
    rules = sc.get("rules") or {}
    for i, bd_ in enumerate(rules.get("boundary", []) or []):
        out += area_problems(b, bd_.get("area"), f"rules.boundary[{i}].area")
        for k in ("from", "until"):
            if k in bd_:
                _when(bd_[k], clock, f"rules.boundary[{i}].{k}", out)
    out += _opsheet_problems(sc)
    return out


def _opsheet_problems(sc: dict[str, Any]) -> list[tuple[str, str]]:
    """``[opsheets]``: per side a sheet kind, a list of kinds (the first is the default) or "any";
    ``[opsheets.formations]`` the same for one formation (C12.6)."""
    known = set(tables()["op_sheets"]["kinds"])
    out: list[tuple[str, str]] = []
    specs = {k: v for k, v in (sc.get("opsheets") or {}).items() if k != "formations"}
    forms = (sc.get("opsheets") or {}).get("formations") or {}
    if not isinstance(forms, dict):
        return [("opsheets.formations", "must be a table of formation = kind or [kinds]")]
    named = {d.formation for d in counters().units.values()}
    for f, spec in forms.items():
        if f not in named:
            out.append((f"opsheets.formations.{f}", f"no counter belongs to a formation {f!r}"))
        specs[f"formations.{f}"] = spec
    grains = (sc.get("rules") or {}).get("opsheet_holders") or {}
    if not isinstance(grains, dict):
        out.append(("rules.opsheet_holders", "must be a table of side = formation, company or platoon"))
        grains = {}
    for side, g in grains.items():                                                # C12.8
        if side not in ("us", "nk"):
            out.append((f"rules.opsheet_holders.{side}", "the sides are us and nk"))
        elif g not in ("formation", "company", "platoon"):
            out.append((f"rules.opsheet_holders.{side}", f"{g!r} is not formation, company or platoon"))
    res = (sc.get("rules") or {}).get("reserves") or {}
    if isinstance(res, dict) and "opsheet" in res:
        specs["rules.reserves.opsheet"] = res["opsheet"]                         # C12.7
    for where, spec in specs.items():
        where = where if where.startswith("rules.") else f"opsheets.{where}"
        if isinstance(spec, dict):
            out.append((where, "must be a sheet kind, a list of kinds or \"any\""))
            continue
        kinds = spec if isinstance(spec, list) else [spec]
        for k in kinds:
            if k != "any" and k not in known:
                out.append((where, f"unknown op sheet kind {k!r}; known: any, {', '.join(sorted(known))}"))
    return out


def boundary_hexes(state: "SFState", side: str) -> set[str]:
    """Hexes ``side`` may not enter at this turn (scenario boundaries)."""
    import json
    key = (state.map_name, side, state.turn, len(state.clock), state.clock[0] if state.clock else "",
           json.dumps((state.scen.get("rules") or {}).get("boundary", []), sort_keys=True))
    hit = _BOUNDARY_CACHE.get(key)
    if hit is not None:
        return hit
    b = board(state.map_name)
    out: set[str] = set()
    for bd_ in (state.scen.get("rules") or {}).get("boundary", []) or []:
        if bd_.get("side") != side:
            continue
        start = turn_index(state, bd_["from"]) if "from" in bd_ else 1
        if start == 0 or state.turn < start:            # 0: a time past this game's last turn
            continue
        end = turn_index(state, bd_["until"]) if "until" in bd_ else 0
        if end and state.turn >= end:
            continue
        out |= _area_cached(b, bd_["area"])
    if len(_BOUNDARY_CACHE) > 256:
        _BOUNDARY_CACHE.clear()
    _BOUNDARY_CACHE[key] = out
    return out


_BOUNDARY_CACHE: dict[Any, set[str]] = {}
_AREA_CACHE: dict[Any, set[str]] = {}


def _area_cached(b: Board, spec: Any) -> set[str]:
    import json
    key = (b.name, json.dumps(spec, sort_keys=True))
    if key not in _AREA_CACHE:
        _AREA_CACHE[key] = area_hexes(b, spec)
    return _AREA_CACHE[key]


def area_cached(b: Board, spec: Any) -> set[str]:
    return _area_cached(b, spec)
