#!/usr/bin/env python3
"""Self-check of the Korea38 data files (resources/korea38/) against the facts the rule text pins.

Run from the project root:  python tools/check_korea_data.py
Exit 0 and "N checks passed" when every fact holds; otherwise each failure is printed and the
exit code is 1.  Needs only the standard library plus the project itself (for the hex-map
validator and the scenario checker); it reads nothing from the network.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "resources" / "korea38"
sys.path.insert(0, str(ROOT))

FAILS: list[str] = []
PASSED = 0


def check(cond: bool, what: str) -> None:
    global PASSED
    if cond:
        PASSED += 1
    else:
        FAILS.append(what)


def load(name: str):
    p = DATA / name
    return json.loads(p.read_text("utf-8")) if p.suffix == ".json" else tomllib.loads(p.read_text("utf-8"))


# -- hex maths (odd-q: odd printed columns sit half a hex lower) ---------------------------------

def parse(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def neighbours(h: str) -> set[str]:
    c, r = parse(h)
    steps = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)) if c & 1 else \
            ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    return {f"{c + dc:02d}{r + dr:02d}" for dc, dr in steps if c + dc >= 0 and r + dr >= 0}


def key(a: str, b: str) -> str:
    return f"{a}/{b}" if parse(a) < parse(b) else f"{b}/{a}"


def main() -> int:
    mp, terrain, counters, crt, turns, rules = (load(name) for name in (
        "map.json", "terrain.toml", "counters.toml", "crt.toml", "turns.toml", "rules.toml"))

    # -- the map file itself ---------------------------------------------------------------------
    from app.engine.hexgrid import HexGrid, validate_hexmap
    problems = validate_hexmap(mp)
    check(not problems, f"map.json fails the engine's validator: {problems[:3]}")
    grid = HexGrid.from_json(mp)
    lay = mp["layout"]
    check((lay["orientation"], lay["offset"], lay["id_format"]) == ("flat", "odd", "CCRR"), "layout flat/odd/CCRR")
    check(lay["first_col"] == 6 and lay["columns"] == 27 and lay["first_row"] == 0 and lay["rows"] == 33,
          "columns 06-32 and rows 00-32")
    check(mp["default_terrain"] == "sea", "default terrain is sea")
    # our adjacency helper agrees with the engine's
    for h in ("2115", "2016", "0600", "3232", "1919"):
        check(neighbours(h) & set(grid.ids()) == set(grid.neighbours(h)), f"odd-q neighbours of {h}")
    hexes = mp["hexes"]
    sides = mp["hexsides"]
    known = set(terrain["terrain"])
    check(all(e["terrain"] in known for e in hexes.values()), "every terrain is defined in terrain.toml")
    land = {h for h, e in hexes.items() if e["terrain"] not in ("sea", "offmap")}

    def T(h):
        return hexes.get(h, {}).get("terrain", "sea")

    def F(h):
        return set(hexes.get(h, {}).get("features", []))

    def name(h):
        return hexes.get(h, {}).get("name")

    for k, feats in sides.items():
        a, b = k.split("/")
        check(b in neighbours(a), f"hexside {k} joins adjacent hexes")
        check(k == key(a, b), f"hexside {k} is written smaller id first")
        if "road" in feats:
            check(a in land and b in land, f"road {k} joins two land hexes")
        if "all-sea" in feats:
            check(a in land and b in land, f"all-sea hexside {k} lies between two land hexes")
            check("road" not in feats and "river" not in feats, f"all-sea hexside {k} has no road or river")
        if "river" in feats:
            check(a in land or b in land, f"river {k} touches land")

    # -- places the text names ----------------------------------------------------------------
    check(name("2104") == "Chosin Reservoir", "Chosin Reservoir is hex 2104")
    check(T("2104") == "mountain", "the Chosin Reservoir hex is mountain (Kaema plateau)")
    lm = {x["at"]: x["name"] for x in mp.get("landmarks", [])}
    check(lm.get("2016") == "MAS*H" and "2016" in land, "the MAS*H site is hex 2016")
    check(lm.get("2013") == "Porkchop Hill" and name("2013") == "Porkchop Hill", "Porkchop Hill is hex 2013")
    check(name("2017") == "Seoul" and {"city", "capital"} <= F("2017"), "Seoul (capital) is 2017, just south of 2016")
    check("2017" in neighbours("2016") and parse("2016")[1] < parse("2017")[1], "2016 is just north of Seoul")
    check(name("1730") == "Mokp'o" and "city" in F("1730") and "port" not in F("1730"), "Mokp'o 1730: a city, not a port")
    check(name("2929") == "Pusan" and {"port", "star-city"} <= F("2929"), "Pusan 2929: port and Star City")
    check(name("1411") == "P'yongyang" and "capital" in F("1411"), "P'yongyang 1411: capital")
    check(name("2210") == "Wonsan" and "port" in F("2210"), "Wonsan 2210: port")
    check(name("1601") == "Manp'o" and "star-city" in F("1601"), "Manp'o 1601: Star City")
    hy = [h for h in hexes if name(h) == "Hyesanjin"]
    check(len(hy) == 1 and parse(hy[0])[1] in (0, 1), "Hyesanjin in row 00/01")
    ports = {name(h) for h in hexes if "port" in F(h)}
    check(ports == {"Pusan", "Masan", "P'ohang", "Kunsan", "Inch'on", "Wonsan", "Hungnam", "Chinnamp'o"},
          f"the eight ports (got {sorted(ports)})")
    check({name(h) for h in hexes if "capital" in F(h)} == {"Seoul", "P'yongyang"}, "two capitals")
    check({name(h) for h in hexes if "star-city" in F(h)} == {"Pusan", "Manp'o"}, "two Star Cities")
    cities = [h for h in hexes if "city" in F(h)]
    check(all(h in land for h in cities), "every city is on land")
    check(all("city" in F(h) for h in hexes if F(h) & {"port", "capital", "star-city"}),
          "every port, capital and Star City is also a city")
    check(all("coastal" in F(h) for h in hexes if "port" in F(h)), "every port is on the coast")
    for h in land:
        coastal = any(n in grid and T(n) == "sea" for n in neighbours(h))
        check(coastal == ("coastal" in F(h)), f"coastal flag of {h}")

    # -- the all-sea hexside the text names, and 2115 --------------------------------------------
    check("all-sea" in sides.get("1919/1920", []), "hexside 1919/1920 is all-sea")
    check("1919" in land and "1920" in land, "1919 and 1920 are both land (an inlet between them)")
    regions = mp["regions"]
    north, south = set(regions["north"]), set(regions["south"])
    start = next(ln for ln in mp["lines"] if ln["id"] == "start-line")
    split = set(start["hexes_split"])
    check(start["kind"] == "start-line", "start line kind")
    check(T("2115") == "open", "2115 is clear (open) terrain")
    check("2115" in south, "2115 lies south of the start line")
    across = [n for n in neighbours("2115") if n in north and "river" in sides.get(key(n, "2115"), [])]
    check(bool(across), "2115 is across a river from a hex north of the start line")

    # -- regions -----------------------------------------------------------------------------------
    check(not (north & south) and not (split & (north | south)), "north, south and split hexes are disjoint")
    check(north | south | split == land, "every land hex is north, south or split")
    for k in start["hexsides"]:
        a, b = k.split("/")
        check((a in north and b in south) or (b in north and a in south) or not (a in land and b in land),
              f"start-line hexside {k} separates north from south")
    for h in land:
        for n in neighbours(h):
            if n in land and ((h in north and n in south) or (h in south and n in north)):
                check(key(h, n) in start["hexsides"], f"{h}/{n} crosses the line but is not listed")
    mig = set(regions["mig-alley"])
    check(len(mig) >= 30 and mig <= north, "MiG Alley: at least 30 land hexes, all north of the line")
    check("1601" in mig and "0806" in mig, "MiG Alley reaches from Sinuiju to Manp'o")
    edge = set(regions["north-edge"])
    check(edge and edge <= land, "north-edge region")
    check({"0806", "1601", "2600"} <= edge, "Sinuiju, Manp'o and Hyesanjin touch the north edge")

    # -- roads: Allied to the ports, Communists to the north edge --------------------------------
    road_nb: dict[str, set[str]] = {}
    for k, feats in sides.items():
        if "road" in feats:
            a, b = k.split("/")
            road_nb.setdefault(a, set()).add(b)
            road_nb.setdefault(b, set()).add(a)

    def net(h):
        seen, todo = {h}, [h]
        while todo:
            for n in road_nb.get(todo.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen

    main_net = net("2017")
    check(all(h in main_net for h in cities), "every city is on the one road network")
    check(len(edge & main_net) >= 5, "roads reach the north edge in several places")
    for a, b in (("2929", "2725"), ("2725", "2223"), ("2223", "2019"), ("2019", "2017"), ("2017", "1816"),
                 ("1816", "1411"), ("1411", "0806"), ("2017", "2315"), ("2929", "3124"), ("3124", "2916"),
                 ("2916", "2210"), ("2210", "2207"), ("2210", "1411"), ("2207", "2104"), ("1411", "1601")):
        check(b in net(a), f"road from {name(a)} to {name(b)}")

    # -- the movement example, re-created on the campaign set-up (DECISIONS.md) -------------------
    cost = {t: v.get("cost") for t, v in terrain["terrain"].items()}

    def step(a, b):
        f = sides.get(key(a, b), [])
        if "road" in f:
            return terrain["road"]["cost"]
        return cost[T(b)] + (terrain["hexside"]["river"]["extra_cost"] if "river" in f else 0)

    def path_cost(p):
        return sum(step(a, b) for a, b in zip(p, p[1:]))

    setup = {u["setup"]: u for u in counters["unit"] if u.get("setup")}
    rok_hexes = {h for h, u in setup.items() if u["side"] == "allied"}
    rok_zoc = {n for h in rok_hexes for n in neighbours(h)}
    def cheapest(frm, to):
        """Cheapest cost from frm to to: never into an enemy hex, never on out of an enemy ZOC."""
        import heapq
        dist, todo = {frm: 0.0}, [(0.0, frm)]
        while todo:
            dd, u = heapq.heappop(todo)
            if u == to:
                return dd
            if dd > dist[u] or (u != frm and u in rok_zoc):
                continue
            for n in neighbours(u):
                if n in land and n not in rok_hexes and "all-sea" not in sides.get(key(u, n), []):
                    nd = dd + step(u, n)
                    if nd < dist.get(n, 1e9):
                        dist[n] = nd
                        heapq.heappush(todo, (nd, n))
        return None

    ex = {  # example: (unit, path, step costs, ends in an enemy ZOC)
        "A": ("kpa-1", ["2414", "2314"], [4], True),
        "B": ("kpa-105", ["2212", "2112", "2113", "2014", "1914"], [0.5, 0.5, 1, 2], True),
        "C": ("kpa-4", ["2114", "2115"], [2], None),
        "D": ("kpa-3", ["2514", "2415"], [3], True),
        "E": ("kpa-2", ["2313", "2414"], [4], False),
    }
    for label, (uid, p, costs, ezoc) in ex.items():
        check(setup.get(p[0], {}).get("id") == uid, f"movement example {label}: {uid} sets up at {p[0]}")
        check([step(a, b) for a, b in zip(p, p[1:])] == costs, f"movement example {label}: step costs {costs}")
        check(cheapest(p[0], p[-1]) == sum(costs), f"movement example {label}: no cheaper way to {p[-1]}")
        check(all(h not in rok_zoc for h in p[1:-1]), f"movement example {label}: no enemy ZOC on the way")
        if ezoc is not None:
            check((p[-1] in rok_zoc) == ezoc, f"movement example {label}: ends {'in' if ezoc else 'outside'} an enemy ZOC")
    check(T("2115") == "open" and T("1914") == "open" and T("2014") == "open", "examples B, C: clear hexes")
    check(T("2415") == "rough" and T("2414") == "rough" and T("2314") == "rough", "examples A, D, E: rough hexes")

    # -- the DMZ and the designer's 9-to-7 -------------------------------------------------------
    dmz = next(ln for ln in mp["lines"] if ln["id"] == "dmz")
    check(dmz["kind"] == "display", "the DMZ is display only")
    check(all(b in neighbours(a) for a, b in zip(dmz["points_hexes"], dmz["points_hexes"][1:])),
          "DMZ hexes form a chain")
    check(len(dmz["allied_gain"]) == 9 and len(dmz["communist_gain"]) == 7, "the DMZ line gives 9 hexes to 7 (5.4)")
    check(set(dmz["allied_gain"]) <= north and set(dmz["communist_gain"]) <= south, "DMZ gains lie across the line")

    # -- boxes -------------------------------------------------------------------------------------
    boxes = {b["id"] for b in mp["boxes"]}
    check({"fec", "china", "eliminated-allied", "eliminated-communist", "air-allied", "air-communist"} <= boxes,
          "the boxes")

    # -- terrain effects chart ---------------------------------------------------------------------
    te = terrain["terrain"]
    check((te["open"]["cost"], te["rough"]["cost"]) == (1, 3), "open 1, rough 3")
    check((te["rough"]["shift"], te["mountain"]["shift"]) == (1, 2), "rough 1 left, mountain 2 left")
    check(terrain["hexside"]["river"]["extra_cost"] == 1 and terrain["hexside"]["river"]["shift_all_across"] == 1,
          "river +1 and one left when every attacker is across")
    check(terrain["road"]["cost"] == 0.5, "road 1/2")
    check(te["sea"].get("impassable") and te["offmap"].get("impassable"), "sea and Manchuria impassable")
    check(terrain["hexside"]["all-sea"].get("blocks_zoc") is True, "all-sea hexsides block ZOC")

    # -- counters ------------------------------------------------------------------------------
    units = counters["unit"]
    markers = counters["marker"]
    U = {u["id"]: u for u in units}
    check(len(U) == len(units), "unit ids are unique")
    check(len(units) + len(markers) == 105, f"105 pieces (got {len(units) + len(markers)})")
    mk = Counter(m["kind"] for m in markers)
    check(mk["control"] == 10 and mk["turn"] == 1, "10 control markers and a turn marker")
    check(sorted(m["odds"] for m in markers if m["kind"] == "odds") == [1, 2, 3, 4, 5, 6], "odds markers 1-1 to 6-1")
    ground = [u for u in units if u["type"] != "air"]
    air = [u for u in units if u["type"] == "air"]
    for u in ground:
        if u["id"] == "us-tfs":
            continue
        want = 6 if u["type"] == "armor" else 4
        check(u["move"] == want, f"{u['id']} moves {want}")
        full, red = u["strength"]
        check(abs(2 * red - full) <= 1 or u["id"] == "rok-1", f"{u['id']} reduced strength is about half")
        check(bool(u.get("setup")) != bool(u.get("arrival")), f"{u['id']} has a set-up hex or an arrival turn")
    setups = [u["setup"] for u in ground if u.get("setup")]
    check(len(setups) == len(set(setups)), "no more than one unit a hex at set-up (6.2)")
    for u in ground:
        if u.get("setup"):
            region = north if u["side"] == "communist" else south
            check(u["setup"] in region, f"{u['id']} sets up on its own side of the line")
            if u["nation"] == "rok":
                check(u.get("start_reduced") is True, f"{u['id']} starts reduced (6.2)")
            if u["side"] == "communist":
                check(not u.get("start_reduced"), f"{u['id']} starts at full strength (6.2)")
    pva6 = [u for u in ground if u["nation"] == "pva" and u.get("arrival") == 6]
    check(len(pva6) == 24 and all(u.get("entry") == "mig-alley" for u in pva6), "24 PVA divisions enter on turn 6")
    allied_air = [u for u in air if u["side"] == "allied"]
    check(sum(1 for u in allied_air if u["arrival"] < 7) == 4, "the Allies hold 4 air units before turn 7")
    check(any(u["arrival"] == 7 and "B-29" in u["name"] for u in allied_air), "a B-29 arrives on turn 7")
    check(all(u.get("air_role") == "support" for u in allied_air), "Allied air gives ground support")
    mig_units = [u for u in air if u["side"] == "communist"]
    check(len(mig_units) == 1 and mig_units[0].get("air_role") == "cancel", "one MiG-15, cancel only")
    check(sum(1 for u in air if u["side"] == "allied" and u.get("arrival") == 2) == 1
          and sum(1 for u in ground if u["nation"] == "us" and u.get("arrival") == 2) == 3,
          "turn 2: three US ground units and one air unit (reinforcement example)")
    check([u["id"] for u in units if u.get("replace_reduced_only")] == ["kpa-105"], "only the 105th replaces to reduced only")
    check(U["kpa-105"]["type"] == "armor", "the 105th Tank Division is armor")
    check([u["id"] for u in units if u.get("combined_arms_always")] == ["us-1mar"], "only the Marines always have combined arms")
    check([u["id"] for u in units if u.get("zoc_own_hex_only")] == ["us-tfs"], "only TF Smith has an own-hex ZOC")
    tfs = U["us-tfs"]
    check(tfs["strength"] == [0, 0] and tfs["arrival"] == 1 and tfs["replaceable"] is False, "TF Smith: 0, turn 1, black dot")
    check(U["us-24"]["arrival"] == 2, "the 24th Division arrives on turn 2 (TF Smith leaves)")
    check({u["nation"] for u in ground} == {"kpa", "pva", "rok", "us", "cw", "un"}, "six nations")
    check(sum(1 for u in ground if u["nation"] == "cw") == 1 and sum(1 for u in ground if u["nation"] == "un") == 1,
          "one Commonwealth and one UN division")
    # the combat examples can be built from real counters
    kpa8 = [u for u in ground if u["nation"] == "kpa" and u["strength"][0] == 8 and u.get("setup")]
    kpa6 = [u for u in ground if u["nation"] == "kpa" and u["strength"][0] == 6 and u["type"] == "infantry" and u.get("setup")]
    check(len(kpa8) >= 3 and U["kpa-105"]["strength"][0] + 6 == 12 and kpa6, "example 1: 16 (two 8s) and 12 (105th + a 6)")
    rok_red = {u["strength"][1] for u in ground if u["nation"] == "rok" and u.get("setup")}
    check({4, 6} <= rok_red, "example 1: ROK defenders of 4 and 6 at set-up")
    check(all(u["strength"] == [6, 3] for u in ground if u["nation"] == "pva"), "example 2: PVA 6 each, two make 12")
    check(any(u["nation"] == "us" and u["strength"][0] == 16 for u in ground), "example 2: a 16-point US division")

    # -- CRT ---------------------------------------------------------------------------------------
    res = crt["results"]
    check(crt["columns"] == ["1:1", "2:1", "3:1", "4:1", "5:1", "6:1"] and list(res) == crt["columns"], "CRT columns 1:1-6:1")
    check(all(len(v) == 6 for v in res.values()), "six results a column (one die)")
    for col in ("3:1", "4:1", "5:1", "6:1"):
        check(set(res[col]) <= {"DR", "DRL", "DE"}, f"{col}: the defender always leaves (combat example 1)")
    check(all("AL" not in res[c] for c in ("3:1", "4:1", "5:1", "6:1")), "attacker losses only at low odds")
    check("DE" not in res["4:1"], "4:1 never eliminates outright (combat example 2)")

    # -- turn track --------------------------------------------------------------------------------
    tt = {t["number"]: t for t in turns["turn"]}
    check(sorted(tt) == list(range(1, 14)), "13 turns")
    months = ["Jun 1950", "Jul 1950", "Aug 1950", "Sep 1950", "Oct 1950", "Nov 1950", "Dec 1950",
              "Jan 1951", "Feb 1951", "Mar 1951", "Apr 1951", "May 1951", "Jun 1951"]
    check([tt[n]["date"] for n in range(1, 14)] == months, "one month a turn, Jun 1950 to Jun 1951")
    for n, rok in ((1, 1), (2, 2)):
        t = tt[n]
        check(t["rp"] == {"rok": rok, "un": 0, "kpa": 0, "pva": 0}, f"turn {n} replacement points")
        check(t["offensive"]["communist"] is True and t["surprise"] == "communist", f"turn {n} Communist offensive and surprise")
    check([n for n in tt if tt[n].get("winter")] == [7, 8], "harsh winter on turns 7 and 8")
    arrive: dict[int, set[str]] = {}
    for u in units:
        if u.get("arrival"):
            arrive.setdefault(u["arrival"], set()).add(u["id"])
    for n, t in tt.items():
        check(set(t.get("arrivals", [])) == arrive.get(n, set()), f"turn {n}: arrivals agree with counters.toml")
        check(t["air"]["allied"] == sum(1 for u in allied_air if u["arrival"] == n), f"turn {n}: Allied air count")

    # -- rule constants ------------------------------------------------------------------------------
    flat = {}
    for k, v in rules.items():
        if isinstance(v, dict) and k != "victory":
            flat.update(v)
    for k, v in {"amphibious_actions": 5, "amphibious_per_turn": 2, "amph_max_per_turn": 2,
                 "naval_transport_from_turn": 2, "amphibious_from_turn": 4, "sea_retreat_from_turn": 4,
                 "pva_entry_turn": 6, "pva_mig_alley_turn": 6, "last_turn": 13, "in_communication_range": 4,
                 "in_communication_max_offroad": 4, "retreat_hexes": 2, "infantry_move": 4, "armor_move": 6,
                 "winter_turns": [7, 8], "max_odds": 6, "min_odds": 1, "stacking_limit": 1}.items():
        check(flat.get(k) == v, f"rules.toml {k} = {v}")
    check(rules["victory"]["capital"] == {"communist": "1411", "allied": "2017"}, "victory capitals")
    check(rules["victory"]["star_city"] == {"communist": "1601", "allied": "2929"}, "victory Star Cities")

    # -- scenarios -----------------------------------------------------------------------------------
    try:
        from app.games.korea38.scenario import validate_scenario
    except ImportError:          # the rules module is optional for this check
        validate_scenario = None
    for sname, turn, every in (("campaign", 1, False), ("pusan-perimeter", 3, True),
                               ("chinese-intervention", 6, True)):
        sc = load(f"scenarios/{sname}.toml")
        check(sc["format"] == "ridgeline-scenario" and sc["game"] == "korea38" and sc["id"] == sname,
              f"{sname}: envelope")
        check(sc["start"]["turn"] == turn and sc["start"]["last_turn"] == 13, f"{sname}: starts on turn {turn}")
        ids = [p["id"] for p in sc["piece"]]
        check(len(ids) == len(set(ids)) and set(ids) <= set(U), f"{sname}: known pieces, each once")
        if every:
            check(set(ids) == set(U), f"{sname}: every piece is placed")
        on_map = [p["at"] for p in sc["piece"] if p["at"] in grid]
        check(all(h in land for h in on_map) and len(on_map) == len(set(on_map)), f"{sname}: one unit a land hex")
        for h in sc.get("control", {}):
            check("city" in F(h), f"{sname}: control of {h} names a city")
        if validate_scenario is not None:
            probs = validate_scenario(sc)
            check(not probs, f"{sname}: the rules module accepts it ({probs[:3]})")
    camp = load("scenarios/campaign.toml")
    check({p["id"]: p["at"] for p in camp["piece"]} == {u["id"]: u["setup"] for u in ground if u.get("setup")},
          "campaign: the pieces on the map are the counters' set-up hexes")

    for f in FAILS:
        print("FAIL:", f)
    print(f"{PASSED} passed, {len(FAILS)} failed")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
