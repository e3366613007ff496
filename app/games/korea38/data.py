"""Loading and checking the Korea38 data files (resources/korea38/).

The rules modules never read files themselves: they ask :func:`get_data` for a :class:`Data`
object (map, terrain, counters, CRT, turn track, rule constants). Tests register small
hand-made data sets under their own keys with :func:`register_data`, and a state names the data
set it was built from (``state.data_key``), so a position always knows its board.

Every checker returns ``(field.path, message)`` pairs and never raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from app.engine.datacheck import schema_first, unique_ids
from app.engine.hexgrid import HexGrid, HexMapError, validate_hexmap

from app.games.korea38.crt import CrtError, parse_result, validate_crt

SIDES = ("communist", "allied")
COMMUNIST, ALLIED = SIDES
NATIONS = {"kpa": COMMUNIST, "pva": COMMUNIST, "rok": ALLIED, "us": ALLIED, "cw": ALLIED,
           "un": ALLIED}
#: Which replacement-point pool pays for a nation's units (10.5).
DEFAULT_RP_POOL = {"kpa": "kpa", "pva": "pva", "rok": "rok", "us": "un", "cw": "un", "un": "un"}
UNIT_TYPES = ("infantry", "armor", "air")
CITY_FEATURES = ("city", "port", "capital", "star-city")

#: Numbers the rule text itself fixes; rules.toml may restate or override them.
DEFAULT_RULES: dict[str, Any] = {
    "last_turn": 13,
    "infantry_move": 4,
    "armor_move": 6,
    "stacking_limit": 1,                 # 8.2.2
    "retreat_hexes": 2,                  # 9.3
    "max_odds": 6,                       # 9.1
    "min_odds": 1,                       # 9.1
    "in_communication_range": 4,         # 10.0
    "human_wave_range": 2,               # 9.2.4.2
    "human_wave_air_threshold": 2,       # 9.2.4.2
    "naval_transport_from_turn": 2,      # 11.0
    "amphibious_from_turn": 4,           # 11.0
    "sea_retreat_from_turn": 4,          # 9.3
    "amphibious_actions": 5,             # 11.2
    "amphibious_per_turn": 2,            # 11.2
    "amphibious_shift": 2,               # 11.4
    "amphibious_failure_loss": 1,        # 11.4
    "river_shift": 1,                    # 9.2.1
    "pva_mig_alley_turn": 6,             # 10.2
    "tf_smith_leaves_turn": 2,           # 7.4
    "winter_turns": [7, 8],              # 13.0
    "winter_road_cost": 1.0,             # 13.1
    "armistice": True,                   # 5.4 (a game option)
}


class DataError(Exception):
    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems[:8]))
        self.problems = problems


@dataclass(frozen=True)
class UnitDef:
    id: str
    name: str
    side: str
    nation: str
    type: str
    size: str = ""
    full: int = 0
    reduced: int = 0
    move: int = 0
    setup: str = ""
    arrival: int = 0
    entry: str = ""
    start_reduced: bool = False
    replaceable: bool = True
    replace_reduced_only: bool = False
    combined_arms_always: bool = False
    zoc_own_hex_only: bool = False
    air_role: str = ""
    single_step: bool = False

    @property
    def is_air(self) -> bool:
        return self.type == "air"

    @property
    def is_armor(self) -> bool:
        return self.type == "armor"

    def strength(self, reduced: bool) -> int:
        return self.reduced if reduced else self.full


@dataclass
class Data:
    """Everything the rules read from data files (immutable after loading)."""

    key: str
    grid: HexGrid
    map_json: dict[str, Any]
    terrain: dict[str, dict[str, Any]]
    river_cost: float
    road_cost: float
    units: dict[str, UnitDef]
    crt_columns: list[int]
    crt: dict[int, list[str]]
    turns: dict[int, dict[str, Any]]
    rules: dict[str, Any]
    nation_colours: dict[str, str] = field(default_factory=dict)
    rp_pool: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_RP_POOL))
    # derived
    cities: frozenset[str] = frozenset()
    ports: frozenset[str] = frozenset()
    north: frozenset[str] = frozenset()
    south: frozenset[str] = frozenset()
    split: frozenset[str] = frozenset()
    north_edge: frozenset[str] = frozenset()
    mig_alley: frozenset[str] = frozenset()
    capital: dict[str, str] = field(default_factory=dict)     # side -> its own capital hex
    star_city: dict[str, str] = field(default_factory=dict)   # side -> its own star city hex
    land: frozenset[str] = frozenset()
    _land_nb: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _zoc_nb: dict[str, tuple[str, ...]] = field(default_factory=dict)

    # -- terrain ---------------------------------------------------------------------------
    def terrain_of(self, hex_id: str) -> dict[str, Any]:
        return self.terrain.get(self.grid.terrain(hex_id), {})

    def is_land(self, hex_id: str) -> bool:
        return hex_id in self.land

    def all_sea(self, a: str, b: str) -> bool:
        return "all-sea" in self.grid.side_features(a, b)

    def river(self, a: str, b: str) -> bool:
        return "river" in self.grid.side_features(a, b)

    def road(self, a: str, b: str) -> bool:
        return "road" in self.grid.side_features(a, b)

    def land_neighbours(self, hex_id: str) -> tuple[str, ...]:
        """Neighbours a unit could step to: land hexes not behind an all-sea hexside."""
        hit = self._land_nb.get(hex_id)
        if hit is None:
            hit = tuple(n for n in self.grid.neighbours(hex_id) if n in self.land and not self.all_sea(hex_id, n))
            self._land_nb[hex_id] = hit
        return hit

    def zoc_neighbours(self, hex_id: str) -> tuple[str, ...]:
        """The six hexes around, less those behind an all-sea hexside (7.0)."""
        hit = self._zoc_nb.get(hex_id)
        if hit is None:
            hit = tuple(n for n in self.grid.neighbours(hex_id) if not self.all_sea(hex_id, n))
            self._zoc_nb[hex_id] = hit
        return hit

    def turn(self, n: int) -> dict[str, Any]:
        return self.turns.get(n, {})

    def winter(self, n: int) -> bool:
        if "winter" in self.turn(n):
            return bool(self.turn(n)["winter"])
        return n in self.rules.get("winter_turns", [])

    def offensive(self, n: int, side: str) -> bool:
        return bool(self.turn(n).get("offensive", {}).get(side, False))

    def surprise(self, n: int, side: str) -> bool:
        s = self.turn(n).get("surprise", {})
        if isinstance(s, dict):
            return bool(s.get(side, False))
        if isinstance(s, str):
            return s == side
        if isinstance(s, list):
            return side in s
        return False

    def rp(self, n: int) -> dict[str, int]:
        return {k: int(v) for k, v in self.turn(n).get("rp", {}).items()}

    def pool_of(self, unit: UnitDef) -> str:
        return self.rp_pool.get(unit.nation, unit.nation)

    def opposite(self, side: str) -> str:
        return ALLIED if side == COMMUNIST else COMMUNIST


# -- registry --------------------------------------------------------------------------------

_REGISTRY: dict[str, Data] = {}
_FOLDERS: dict[str, Path] = {}  # where a folder key was loaded from (a designer's "." differs)
DEFAULT_KEY = "korea38"


def register_data(data: Data) -> Data:
    _REGISTRY[data.key] = data
    return data


def default_dir() -> Path:
    from app import RESOURCES
    return RESOURCES / "korea38"


def get_data(key: str = DEFAULT_KEY) -> Data:
    """The data set called ``key`` (the shipped one is ``korea38``; a folder path also works)."""
    from app.engine.paths import OutsideFolder, allowed_folders, current_designer_folder, resolve_inside
    if key in _REGISTRY and current_designer_folder() is None:
        return _REGISTRY[key]   # a later turn of a match: the data it was set up with
    if key == DEFAULT_KEY:
        folder = default_dir()
    else:  # a data folder of the designer's, or inside resources/korea38/; never elsewhere
        try:
            folder = resolve_inside(key, allowed_folders("korea38"))
        except OutsideFolder as e:
            if key in _REGISTRY:
                return _REGISTRY[key]
            raise DataError([("start.data", str(e))]) from None
    if key in _REGISTRY and _FOLDERS.get(key, folder) == folder:
        return _REGISTRY[key]
    if not folder.is_dir():
        raise DataError([("start.data", f"no data folder {key!r} in "
                                        f"{' or '.join(str(f) for f in allowed_folders('korea38'))}")])
    data = load_dir(folder, key)
    _FOLDERS[key] = folder
    _REGISTRY[key] = data
    return data


def _read(path: Path) -> Any:
    """One data file through the engine's checked reader (size, depth, regular files only)."""
    from app.engine.files import FileError, parse_json, parse_toml, read_text
    try:
        text = read_text(path)
        return (parse_json(str(path), text) if path.suffix == ".json" else parse_toml(str(path), text)).data
    except FileError as e:
        raise DataError([(path.name, e.problems[0].message)]) from None


def load_dir(folder: Path, key: str) -> Data:
    parts: dict[str, Any] = {}
    for name, fname in (("map", "map.json"), ("terrain", "terrain.toml"),
                        ("counters", "counters.toml"), ("crt", "crt.toml"),
                        ("turns", "turns.toml"), ("rules", "rules.toml")):
        p = folder / fname
        if p.exists():
            parts[name] = _read(p)
        elif name == "rules":
            parts[name] = {}
        else:
            raise DataError([(fname, f"missing data file {p}")])
    return build_data(key, parts["map"], parts["terrain"], parts["counters"], parts["crt"],
                      parts["turns"], parts["rules"])


# -- building ---------------------------------------------------------------------------------

def _flatten_rules(raw: dict[str, Any]) -> dict[str, Any]:
    out = dict(DEFAULT_RULES)
    for k, v in raw.items():
        if isinstance(v, dict) and k not in ("victory",):
            for k2, v2 in v.items():
                out[k2] = v2
            out[k] = v
        else:
            out[k] = v
    return out


def _unit_from(entry: dict[str, Any]) -> UnitDef:
    strength = entry.get("strength", [0, 0])
    if isinstance(strength, int):
        strength = [strength, strength]
    full = int(strength[0]) if strength else 0
    red = int(strength[1]) if len(strength) > 1 else full
    side = str(entry.get("side", "")).lower()
    nation = str(entry.get("nation", "")).lower()
    arrival = entry.get("arrival", 0) or 0
    return UnitDef(
        id=str(entry["id"]), name=str(entry.get("name", entry["id"])), side=side, nation=nation,
        type=str(entry.get("type", "infantry")).lower(), size=str(entry.get("size", "")),
        full=full, reduced=red, move=int(entry.get("move", 0) or 0),
        setup=str(entry.get("setup", "") or ""), arrival=int(arrival),
        entry=str(entry.get("entry", "") or ""), start_reduced=bool(entry.get("start_reduced", False)),
        replaceable=bool(entry.get("replaceable", True)),
        replace_reduced_only=bool(entry.get("replace_reduced_only", False)),
        combined_arms_always=bool(entry.get("combined_arms_always", False)),
        zoc_own_hex_only=bool(entry.get("zoc_own_hex_only", False)),
        air_role=str(entry.get("air_role", "") or ""),
        single_step=bool(entry.get("single_step", len(strength) < 2 and False)),
    )


def build_data(key: str, map_json: dict[str, Any], terrain: dict[str, Any],
               counters: dict[str, Any], crt: dict[str, Any], turns: dict[str, Any],
               rules: dict[str, Any]) -> Data:
    """A :class:`Data` from parsed file contents; DataError listing problems if unusable."""
    problems, grid = _validate_all(map_json, terrain, counters, crt, turns, rules)
    if problems or grid is None:
        raise DataError(problems or [("map", "the map could not be loaded")])
    tdefs = {str(k): dict(v) for k, v in terrain.get("terrain", {}).items()}
    river = float(terrain.get("hexside", {}).get("river", {}).get("extra_cost", 1))
    road = float(terrain.get("road", {}).get("cost", 0.5))
    units = {}
    for e in counters.get("unit", []):
        u = _unit_from(e)
        units[u.id] = u
    cols, table = crt_table(crt)
    turn_map = {int(t["number"]): dict(t) for t in turns.get("turn", [])}
    rl = _flatten_rules(rules)
    colours = {}
    for src in (counters.get("nation", {}), counters.get("nations", {}), rules.get("nations", {})):
        if isinstance(src, dict):
            for n, v in src.items():
                if isinstance(v, dict) and "colour" in v:
                    colours[n] = str(v["colour"])
                elif isinstance(v, str):
                    colours[n] = v
    pool = dict(DEFAULT_RP_POOL)
    if isinstance(rules.get("rp_pool"), dict):
        pool.update({str(k): str(v) for k, v in rules["rp_pool"].items()})
    data = Data(key=key, grid=grid, map_json=map_json, terrain=tdefs, river_cost=river,
                road_cost=road, units=units, crt_columns=cols, crt=table, turns=turn_map,
                rules=rl, nation_colours=colours, rp_pool=pool)
    _derive(data)
    return data


def _impassable(tdef: dict[str, Any], name: str) -> bool:
    if tdef.get("impassable") or tdef.get("prohibited"):
        return True
    cost = tdef.get("cost", None if name == "sea" else 1)
    return cost is None or (isinstance(cost, (int, float)) and cost < 0) or isinstance(cost, str)


def _derive(d: Data) -> None:
    g = d.grid
    d.land = frozenset(h for h in g.ids() if not _impassable(d.terrain.get(g.terrain(h), {}),
                                                          g.terrain(h)))
    cities = set()
    for f in CITY_FEATURES:
        cities.update(g.hexes_with(f))
    d.cities = frozenset(cities) & d.land
    d.ports = frozenset(g.hexes_with("port")) & d.land
    regions = g.regions
    split: set[str] = set()
    for ln in g.lines:
        if ln.get("id") in ("start-line", "38th", "38th-parallel") or "start" in str(ln.get("id", "")):
            split.update(ln.get("hexes_split", []))
    d.split = frozenset(split)
    d.north = frozenset(h for h in regions.get("north", []) if h not in split)
    d.south = frozenset(h for h in regions.get("south", []) if h not in split)
    edge = regions.get("north-edge")
    if edge is None:
        first = g.layout.first_row
        edge = [h for h in g.ids() if g.parse_id(h)[1] in (first,) and h in d.land]
    d.north_edge = frozenset(edge)
    d.mig_alley = frozenset(regions.get("mig-alley", []))
    vic = d.rules.get("victory", {}) if isinstance(d.rules.get("victory"), dict) else {}
    for side in SIDES:
        own_region = d.north if side == COMMUNIST else d.south
        for feat, store, key in (("capital", d.capital, "capital"), ("star-city", d.star_city, "star_city")):
            explicit = vic.get(key, {}).get(side) if isinstance(vic.get(key), dict) else None
            if explicit:
                store[side] = str(explicit)
                continue
            hs = [h for h in g.hexes_with(feat) if h in own_region]
            if hs:
                store[side] = hs[0]


def crt_table(crt: dict[str, Any]) -> tuple[list[int], dict[int, list[str]]]:
    """Columns (odds levels 1..6) and the six results of each, from crt.toml."""
    results = crt.get("results", {})
    cols: list[int] = []
    table: dict[int, list[str]] = {}
    for k, v in results.items():
        n = _column_number(k)
        if n is None:
            continue
        cols.append(n)
        table[n] = [str(x) for x in v]
    cols.sort()
    return cols, table


def _column_number(k: Any) -> int | None:
    s = str(k).strip().replace("-", ":").replace("_", ":")
    if ":" in s:
        a, _, b = s.partition(":")
        try:
            if int(b) != 1:
                return None
            return int(a)
        except ValueError:
            return None
    try:
        return int(s)
    except ValueError:
        return None


# -- validation -------------------------------------------------------------------------------

def validate_terrain(t: Any) -> list[tuple[str, str]]:
    """terrain.toml: key types are in schemas/terrain.json; here, what they cannot say."""
    return schema_first(t, __name__, "terrain", _terrain_rules)


def _terrain_rules(t: dict[str, Any]) -> list[tuple[str, str]]:
    if not t.get("terrain"):
        return [("terrain", "needs [terrain.<name>] tables")]
    return [(f"terrain.{name}.shift", "must be a whole number of left shifts (>= 0)")
            for name, v in t["terrain"].items() if v.get("shift", 0) < 0]


def each_table(items: list[Any], name: str, out: list[tuple[str, str]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(path, record) for every record of a ``[[name]]`` list; one that is not a table is
    reported in ``out`` (``name[i]: must be a table``) and passed over."""
    for i, rec in enumerate(items):
        path = f"{name}[{i}]"
        if not isinstance(rec, dict):
            out.append((path, "must be a table"))
            continue
        yield path, rec


def validate_counters(c: Any, grid: HexGrid | None = None, boxes: set[str] | None = None) -> list[tuple[str, str]]:
    """counters.toml: key types in schemas/counters.json, then ids, sides, hexes."""
    return schema_first(c, __name__, "counters", lambda c: _counter_rules(c, grid, boxes))


def _counter_rules(c: dict[str, Any], grid: HexGrid | None, boxes: set[str] | None) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = unique_ids(c.get("unit") or [], "unit", what="unit id",
                                                     brackets=True)
    units = c.get("unit")
    if not isinstance(units, list) or not units:
        return [("unit", "needs [[unit]] entries")]
    for p, u in each_table(units, "unit", out):
        if not u.get("id"):
            out.append((f"{p}.id", "must be a non-empty string"))
        side = str(u.get("side", "")).lower()
        if side not in SIDES:
            out.append((f"{p}.side", f"must be one of {', '.join(SIDES)}"))
        nation = str(u.get("nation", "")).lower()
        if nation not in NATIONS:
            out.append((f"{p}.nation", f"unknown nation {u.get('nation')!r} (known: {', '.join(NATIONS)})"))
        elif side in SIDES and NATIONS[nation] != side:
            out.append((f"{p}.nation", f"{nation} units belong to the {NATIONS[nation]} side"))
        typ = str(u.get("type", "")).lower()
        if typ not in UNIT_TYPES:
            out.append((f"{p}.type", f"must be one of {', '.join(UNIT_TYPES)}"))
        st = u.get("strength", [0, 0])
        if typ != "air":
            if not (isinstance(st, list) and 1 <= len(st) <= 2 and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in st)):
                out.append((f"{p}.strength", "must be [full, reduced] whole numbers"))
            elif len(st) == 2 and st[1] > st[0]:
                out.append((f"{p}.strength", "reduced strength is larger than full strength"))
            mv = u.get("move")
            if not isinstance(mv, int) or isinstance(mv, bool) or mv < 0:
                out.append((f"{p}.move", "must be a whole number >= 0"))
        else:
            role = u.get("air_role", "support")
            if role not in ("support", "cancel", ""):
                out.append((f"{p}.air_role", "must be 'support' or 'cancel'"))
        setup, arrival = u.get("setup"), u.get("arrival")
        if setup and arrival:
            out.append((p, "has both a set-up hex and an arrival turn"))
        if not setup and not arrival:
            out.append((p, "needs a set-up hex or an arrival turn"))
        if setup and grid is not None:
            if not isinstance(setup, str) or not grid.contains(setup):
                if not (boxes and setup in boxes):
                    out.append((f"{p}.setup", f"unknown hex {setup!r}"))
        if arrival is not None and arrival != "" and (not isinstance(arrival, int) or isinstance(arrival, bool) or arrival < 0):
            out.append((f"{p}.arrival", "must be a turn number"))
    return out


def validate_crt_file(c: Any) -> list[tuple[str, str]]:
    """crt.toml: key types in schemas/crt.json, then the table's own checks (crt.py)."""
    return schema_first(c, __name__, "crt", validate_crt)


def validate_turns(t: Any) -> list[tuple[str, str]]:
    """turns.toml: key types in schemas/turns.json, then numbering and replacement types."""
    return schema_first(t, __name__, "turns", _turn_rules)


def _turn_rules(t: dict[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = unique_ids(t.get("turn") or [], "turn", key="number", what="turn",
                                                     brackets=True)
    turns = t.get("turn")
    if not isinstance(turns, list) or not turns:
        return [("turn", "needs [[turn]] entries")]
    for p, e in each_table(turns, "turn", out):
        n = e.get("number")
        if not isinstance(n, int) or n < 1:
            out.append((f"{p}.number", "must be a turn number >= 1"))
        rp = e.get("rp", {})
        if not isinstance(rp, dict):
            out.append((f"{p}.rp", "must be a table of nation = points"))
        else:
            for k, v in rp.items():
                if k not in ("rok", "un", "kpa", "pva"):
                    out.append((f"{p}.rp.{k}", "unknown replacement type (rok, un, kpa, pva)"))
                elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    out.append((f"{p}.rp.{k}", "must be a whole number >= 0"))
        off = e.get("offensive", {})
        if not isinstance(off, dict) or any(k not in SIDES for k in off):
            out.append((f"{p}.offensive", "must be a table with allied / communist = true|false"))
    return out


def validate_rules(r: Any) -> list[tuple[str, str]]:
    """rules.toml: every key and its type in schemas/rules.json; here, the ranges."""
    return schema_first(r, __name__, "rules", _rule_ranges)


def _rule_ranges(r: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    flat = _flatten_rules(r)
    for k in ("last_turn", "retreat_hexes", "max_odds", "in_communication_range", "amphibious_actions",
              "amphibious_per_turn"):
        v = flat.get(k)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            out.append((k, "must be a whole number >= 0"))
    return out


def validate_all(map_json: Any, terrain: Any, counters: Any, crt: Any, turns: Any,
                 rules: Any) -> list[tuple[str, str]]:
    return _validate_all(map_json, terrain, counters, crt, turns, rules)[0]


def _validate_all(map_json: Any, terrain: Any, counters: Any, crt: Any, turns: Any,
                  rules: Any) -> tuple[list[tuple[str, str]], HexGrid | None]:
    """Every problem, and the map's grid when the map loads (built once: loading the data set
    used to validate the map and build its grid twice over)."""
    out: list[tuple[str, str]] = []
    grid = None
    try:
        grid = HexGrid.from_json(map_json)       # validates the map first
        mp: list[tuple[str, str]] = []
    except HexMapError as e:
        mp = list(e.problems)
    out += [(f"map.{p}", m) for p, m in mp]
    if not mp:
        if terrain and isinstance(terrain, dict) and isinstance(terrain.get("terrain"), dict):
            known = set(terrain["terrain"])
            used = {grid.terrain(h) for h in grid.ids()}
            for t in sorted(used - known):
                out.append(("map.hexes", f"terrain {t!r} is not defined in terrain.toml"))
    out += [(f"terrain.{p}" if p else "terrain", m) for p, m in validate_terrain(terrain)]
    boxes = {b.get("id") for b in map_json.get("boxes", [])} if isinstance(map_json, dict) else set()
    out += [(f"counters.{p}", m) for p, m in validate_counters(counters, grid, boxes)]
    out += [(f"crt.{p}", m) for p, m in validate_crt_file(crt)]
    out += [(f"turns.{p}", m) for p, m in validate_turns(turns)]
    out += [(f"rules.{p}", m) for p, m in validate_rules(rules)]
    return out, grid


def validate_file(path: Path, data: Any) -> list[tuple[str, str]] | None:
    """Checks one file under resources/korea38 by its name (None: not a file we know)."""
    name = path.name
    if name == "terrain.toml":
        return validate_terrain(data)
    if name == "counters.toml":
        grid = None
        mp = path.parent / "map.json"
        boxes: set[str] = set()
        if mp.exists():
            try:
                mj = _read(mp)
                if not validate_hexmap(mj):
                    grid = HexGrid.from_json(mj)
                    boxes = {b.get("id") for b in mj.get("boxes", [])}
            except (OSError, ValueError):
                grid = None
        return validate_counters(data, grid, boxes)
    if name == "crt.toml":
        return validate_crt_file(data)
    if name == "turns.toml":
        return validate_turns(data)
    if name == "rules.toml":
        return validate_rules(data)
    return None


__all__ = ["Data", "UnitDef", "DataError", "get_data", "register_data", "build_data", "load_dir",
           "validate_all", "validate_file", "SIDES", "COMMUNIST", "ALLIED", "CrtError", "parse_result"]
