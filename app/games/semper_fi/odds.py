"""Exact odds of indirect fire and air strikes on the target hex, for the fire panel (C9).

Each function follows the dice of the rule it previews, in the same order and with the same
tables: the adjustment die and the scatter dice of a mission (C9.2, 1.2b, 2.1a), the sortie die of
an uncontrolled strike (2.2d), mortar fire (C9.6, 3.4). The results are the Area Fire Table's,
as exact fractions of every way the dice can fall, counted for the hex the player aims at (a
round that drifts next to it still hits it at half, C9.3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from app.games.semper_fi import air, fire, indirect
from app.games.semper_fi.data import counters, tables
from app.games.semper_fi.units import bd, udef, units_at

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

Dist = dict[str, Fraction]
WORDS = tuple(fire.RESULT_WORDS.values())


def _none() -> Dist:
    d = {w: Fraction(0) for w in WORDS}
    d["no effect"] = Fraction(1)
    return d


def area(fp: int, mods: list[tuple[str, int]]) -> Dist:
    """The Area Fire Table results for ``fp`` with ``mods``, each an exact fraction of 36."""
    if fp <= 0:
        return _none()
    col = fire.column(fp)
    total = sum(v for _r, v in mods)
    d = {w: Fraction(0) for w in WORDS}
    for r in fire.TWO_D6:
        d[fire.RESULT_WORDS[fire.result_of(col, r + total)]] += Fraction(1, 36)
    return d


def mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    out = {w: Fraction(0) for w in WORDS}
    for p, d in parts:
        for w in WORDS:
            out[w] += p * d[w]
    return out


def _panel(title: str, rule: str, table: str, fp: int, mods: list[tuple[str, int]], chances: Dist,
           frm: str | None, to: str) -> dict[str, Any]:
    col = fire.preview(fp, mods)["column"] if fp > 0 else ""
    return {"title": title, "rule": rule, "table": table, "row": col, "firepower": fp,
            "modifiers": [{"label": r, "value": int(v)} for r, v in mods],
            "total": sum(v for _r, v in mods), "from": frm, "to": to,
            "chances": [(w, chances[w]) for w in WORDS if chances[w] or w in ("no effect",)]}


def _frac_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p not in (0, 1) else ("never" if p == 0 else "always")


# -- artillery missions (C9.2, C9.3, 2.1a, 1.2b) -------------------------------------------------------
def adjustment(state: "SFState", line: str, target: str) -> tuple[Fraction, Fraction, Fraction, str]:
    """(no shoot, scatter, on target) for a mission on ``target`` and the band's name, from the
    closest spotter as the mission itself picks it."""
    side = state.active
    b = bd(state)
    spotter = indirect.spotted_targets(state, side, indirect.spotters(state, side)).get(target)
    dist = b.grid.distance(state.units[spotter].at, target) if spotter else 99
    name, row = indirect.band(state, line, dist)
    ns = Fraction(int(row["no_shoot"]), 6)
    sc = Fraction(int(row["scatter"]) - int(row["no_shoot"]), 6)
    return ns, sc, 1 - ns - sc, name


def drift_onto(state: "SFState", target: str, max_dist: int | None = None) -> tuple[Fraction, Fraction]:
    """After a scatter: (chance the rounds land next to the target, chance they land off the map)."""
    b = bd(state)
    dist_table = tables()["scatter"]["distance"]
    near = off = Fraction(0)
    for d in range(6):
        for face in range(6):
            n = int(dist_table[face]) if max_dist is None else min(int(dist_table[face]), max_dist)
            cur: str | None = target
            for _ in range(n):
                cur = b.grid.neighbour(cur, d) if cur else None
            if cur is None:
                off += Fraction(1, 36)
            elif b.grid.distance(cur, target) == 1:
                near += Fraction(1, 36)
    return near, off


def mission_odds(state: "SFState", a: dict[str, Any]) -> dict[str, Any] | None:
    """An off-map battery's mission (``artillery``) or an on-map battery's (``battery-fire``)."""
    bt = counters().batteries[a["battery"]]
    target = a["at"]
    kind = a.get("ammo", "he")
    if a["type"] == "battery-fire":
        from app.games.semper_fi.onmap import best_centre, ready_guns
        _c, near = best_centre(state, ready_guns(state, bt))
        guns = near[:1] if kind == "illum" else near
        fp = bt.per_gun * len(guns)
        rule = "1.8d"
    else:
        fp = bt.firepower
        rule = "C9.2"
    ns, sc, on, band_name = adjustment(state, bt.line, target)
    prereg = bool(a.get("prereg"))
    if indirect.poor_artillery(state) and bt.line == "us":
        rule = "5.1"
    what = {"he": "HE", "smoke": "smoke", "illum": "illumination"}.get(kind, kind)
    title = f"{bt.name}: {what} on {target}" + (" (pre-registered)" if prereg else "")
    adj = (f"adjustment die ({'US' if bt.line == 'us' else 'other'} line, {band_name} band): "
           f"no shoot {_frac_text(ns)}, drifts {_frac_text(sc)}, on target {_frac_text(on)}")
    if kind in ("smoke", "illum"):
        if kind == "illum":                                       # 1.2b: illumination always drifts
            sc, on = sc + on, Fraction(0)
        chances: list[tuple[str, Fraction]] = [("no shoot (round kept)", ns), ("drifts off target", sc),
                                               ("lands on target", on)]
        return {"title": title, "rule": "1.2b" if kind == "illum" else "C9.4", "table": adj, "row": "",
                "firepower": None, "modifiers": [], "total": 0, "from": None, "to": target,
                "chances": [(w, p) for w, p in chances if p]}
    mods = fire.modifiers(state, target, None, [], "barrage", prereg=prereg)
    if prereg:
        # 2.1a: on target at double strength on the hex only; other results as usual
        mult = int(tables()["barrage"]["prereg_multiplier"])
        full = area(fp * mult, mods)
        rule = "2.1a"
        plain_mods = fire.modifiers(state, target, None, [], "barrage")
    else:
        full = area(fp, mods)
        plain_mods = mods
    near, _off = drift_onto(state, target)
    half = area(fp // int(tables()["barrage"]["adjacent_divisor"]), plain_mods)
    chances_d = mix([(on, full), (sc * near, half), (ns + sc * (1 - near), _none())])
    return _panel(title, rule, "Area Fire Table (2d6) after the " + adj, fp * (2 if prereg else 1), mods,
                  chances_d, None, target)


# -- mortars (C9.6, 3.4) ---------------------------------------------------------------------------------
def mortar_odds(state: "SFState", a: dict[str, Any]) -> dict[str, Any] | None:
    target = a["at"]
    mods = fire.modifiers(state, target, None, [], "mortar")
    if a["type"] == "mortar":
        u = a["unit"]
        d = udef(u)
        if a.get("ammo") == "illum":
            return {"title": f"{d.label}: illumination over {target}", "rule": "1.2b",
                    "table": "one die: 1-3 on target, else one hex off", "row": "", "firepower": None,
                    "modifiers": [], "total": 0, "from": state.units[u].at, "to": target,
                    "chances": [("lands on target", Fraction(1, 2)), ("one hex off", Fraction(1, 2))]}
        fp = d.type.fire.area // (2 if state.units[u].morale == "suppressed" else 1)
        return _panel(f"{d.label}: mortar fire on {target}", "C9.6", "Area Fire Table (2d6)", fp, mods,
                      area(fp, mods), state.units[u].at, target)
    pool = next(p for p in state.scen.get("mortar", []) or [] if p["id"] == a["pool"])
    fp = int(pool["strength"])
    n = int(a.get("count", 1))
    title = (f"{pool.get('name', 'Regimental mortars')}: {n} fire{'s' if n > 1 else ''} on {target}"
             + (" (chances of each)" if n > 1 else ""))
    return _panel(title, "3.4", "Area Fire Table (2d6)", fp, mods, area(fp, mods), None, target)


# -- air strikes (C9.5, 2.2c, 2.2d) ----------------------------------------------------------------------
def air_odds(state: "SFState", a: dict[str, Any]) -> dict[str, Any] | None:
    target = a["at"]
    fp = int(tables()["air"]["area"])
    mods = fire.modifiers(state, target, None, [], "air")
    s = tables()["sortie"]
    if air.controlled(state, target):
        on = Fraction(1)
        table = "Area Fire Table (2d6); a forward air controller sees the target: on target"
    else:
        on = Fraction(6 - int(s["scatter_max"]), 6)
        abort = Fraction(int(s["abort_max"]), 6)
        table = (f"Area Fire Table (2d6) after the Sortie Successful die: abort {_frac_text(abort)}, "
                 f"one hex off {_frac_text(1 - on - abort)}, on target {_frac_text(on)}")
    troops = [u for u in units_at(state, target) if udef(u).type.target != "armoured"]
    chances = mix([(on, area(fp, mods) if troops else _none()), (1 - on, _none())])
    out = _panel(f"F4U Corsair strike on {target}", "2.2c" if on == 1 else "2.2d", table, fp, mods, chances,
                 None, target)
    vehicles = [u for u in units_at(state, target) if udef(u).type.target == "armoured"]
    if vehicles:
        pf = tables()["point_fire"]
        v = vehicles[0]
        need = int(pf["kill"]) - int(tables()["air"]["point"]) + udef(v).type.defence
        kill = Fraction(sum(1 for r in fire.TWO_D6 if r >= need), 36) * on
        out["chances"].append((f"{udef(v).label} knocked out", kill))
    return out


INDIRECT = {"artillery": mission_odds, "battery-fire": mission_odds, "mortar": mortar_odds,
            "mortar-fire": mortar_odds, "overwatch-mortar": mortar_odds, "air-strike": air_odds,
            "overwatch-air": air_odds}
