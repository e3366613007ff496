"""Loading and checking Semper Fi! data: tables.toml, counters.toml and the hex maps.

The rules modules never read files: they ask :func:`tables`, :func:`counters` and
:func:`board` for cached, validated objects. Every checker returns ``(field.path, message)``
pairs; loaders raise :class:`DataError` carrying them, never a bare traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine.datacheck import references, schema_first, unique_ids
from app.engine.files import FileError, Loaded, load
from app.engine.hexgrid import HexGrid, HexMapError

GAME_ID = "semper-fi"
SIDES = ("us", "nk")
US, NK = SIDES
TERRAINS = ("open", "broken", "rice-paddy", "building", "woods", "water", "village", "airstrip", "frozen-marsh")
MOVEMENT = ("foot", "truck", "tracked")
TARGETS = ("soft", "B", "special-B", "armoured", "A")
ASSAULT = ("yes", "never", "with-infantry")
LIGHTS = ("day", "dusk", "dawn", "night")


class DataError(Exception):
    def __init__(self, problems: list[tuple[str, str]], path: str = ""):
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems[:8]))
        self.problems = problems
        self.path = path


def resource_dir() -> Path:
    from app import RESOURCES
    return RESOURCES / GAME_ID


# -- counters -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ModeValues:
    area: int
    range: int
    point: int
    point_range: int
    ma: int = 0
    movement: str = "foot"


@dataclass(frozen=True)
class UnitType:
    id: str
    name: str
    nation: str
    unit_type: str
    size: str
    abbr: str
    steps: int
    morale: int
    target: str
    fire: ModeValues
    move: ModeValues
    defence: int = 0
    platoon: bool = False
    assault: str = "yes"
    at_rolls: int = 0
    at_section: bool = False
    indirect: bool = False
    fac: bool = False
    vehicle: bool = False
    no_paddy: bool = False
    fire_mode_in_paddy: bool = True


@dataclass(frozen=True)
class UnitDef:
    id: str
    type: UnitType
    formation: str
    formation_name: str
    battalion: str
    regiment: str
    side: str
    label: str
    company: str = ""            # its company inside the formation (counters.toml ``companies``), if any


@dataclass(frozen=True)
class Battery:
    id: str
    name: str
    side: str
    guns: int
    firepower: int
    line: str
    battalion_fire: bool
    formation: str = ""          # on-map batteries (1.8d): the formation whose guns fire
    per_gun: int = 0             # on-map batteries: firepower of each gun in an indirect mission


@dataclass
class Counters:
    types: dict[str, UnitType]
    units: dict[str, UnitDef]
    formations: dict[str, dict[str, Any]]
    batteries: dict[str, Battery]


def _mode(raw: dict[str, Any]) -> ModeValues:
    """One side of a counter (types and bounds already checked by schemas/counters.json)."""
    return ModeValues(raw["area"], raw["range"], raw["point"], raw.get("point_range", raw["range"]),
                      raw.get("ma", 0), raw.get("movement", "foot"))


def validate_counters(data: Any) -> tuple[Counters | None, list[tuple[str, str]]]:
    """counters.toml: every key's type in schemas/counters.json; here, what a schema cannot
    say (formations naming known counter types, batteries naming known formations)."""
    out = schema_first(data, __name__, "counters", _counter_references)
    if out:
        return None, out
    return _build_counters(data), out


def _counter_references(data: dict[str, Any]) -> list[tuple[str, str]]:
    types = data.get("type") or {}
    formations = data.get("formation") or {}
    out: list[tuple[str, str]] = []
    for fid, f in formations.items():
        for i, entry in enumerate(f.get("units") or []):
            out += references(f"formation.{fid}.units.{i}.0", entry[0], types, "counter type")
    for bid, b in (data.get("battery") or {}).items():
        if "formation" in b and b["formation"]:
            out += references(f"battery.{bid}.formation", b["formation"], formations, "formation")
    for fid, f in formations.items():
        out += _company_problems(fid, f, types)
    return out


def _company_problems(fid: str, f: dict[str, Any], types: dict[str, Any]) -> list[tuple[str, str]]:
    """``companies`` (C12.8): unique ids, and no company takes more of a counter type than the
    formation has left after the companies listed before it."""
    have: dict[str, int] = {}
    for type_id, number in f.get("units") or []:
        have[type_id] = have.get(type_id, 0) + number
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for i, c in enumerate(f.get("companies") or []):
        where = f"formation.{fid}.companies.{i}"
        if c["id"] in seen:
            out.append((f"{where}.id", f"company {c['id']!r} is listed twice"))
        seen.add(c["id"])
        for type_id, n in c["take"].items():
            if type_id not in have:
                out.append((f"{where}.take.{type_id}", f"the formation has no {type_id!r} counters"
                            + ("" if type_id in types else " (no such counter type)")))
            elif n > have[type_id]:
                out.append((f"{where}.take.{type_id}", f"takes {n}, but only {have[type_id]} are left "
                            "after the companies before it"))
            else:
                have[type_id] -= n
    return out


def _build_counters(data: dict[str, Any]) -> Counters:
    types: dict[str, UnitType] = {}
    for tid, t in (data.get("type") or {}).items():
        types[tid] = UnitType(
            id=tid, name=t["name"], nation=t["nation"], unit_type=t["unit_type"],
            size=t.get("size", ""), abbr=t["abbr"], steps=t["steps"], morale=t["morale"],
            target=t["target"], fire=_mode(t["fire"]), move=_mode(t["move"]),
            defence=t.get("defence", 0), platoon=t.get("platoon", False),
            assault=t.get("assault", "yes"), at_rolls=t.get("at_rolls", 0),
            at_section=t.get("at_section", False), indirect=t.get("indirect", False),
            fac=t.get("fac", False), vehicle=t.get("vehicle", False),
            no_paddy=t.get("no_paddy", False), fire_mode_in_paddy=t.get("fire_mode_in_paddy", True))
    units: dict[str, UnitDef] = {}
    formations: dict[str, dict[str, Any]] = {}
    for fid, f in (data.get("formation") or {}).items():
        formations[fid] = f
        counts: dict[str, int] = {}
        made: dict[str, list[str]] = {}
        for type_id, number in f.get("units") or []:
            ty = types[type_id]
            for _ in range(number):
                counts[ty.abbr] = counts.get(ty.abbr, 0) + 1
                n = counts[ty.abbr]
                slug = ty.abbr.lower().replace(" ", "").replace(".", "").replace("/", "")
                uid = f"{fid}-{slug}-{n}"
                short = f.get("short", f.get("battalion", fid))
                units[uid] = UnitDef(uid, ty, fid, str(f.get("name", fid)),
                                     str(f.get("battalion", fid)), str(f.get("regiment", "")),
                                     f["side"], f"{ty.abbr} {n} {short}")
                made.setdefault(type_id, []).append(uid)
        for c in f.get("companies") or []:               # C12.8: in counter order, company by company
            for type_id, n in c["take"].items():
                for uid in made.get(type_id, [])[:n]:
                    units[uid] = replace(units[uid], company=str(c["id"]))
                made[type_id] = made.get(type_id, [])[n:]
    batteries: dict[str, Battery] = {}
    for bid, b in (data.get("battery") or {}).items():
        batteries[bid] = Battery(bid, str(b.get("name", bid)), b["side"], b.get("guns", 4),
                                 b["firepower"], b["line"], b.get("battalion_fire", False),
                                 b.get("formation", ""), b.get("per_gun", 0))
    return Counters(types, units, formations, batteries)


# -- tables ---------------------------------------------------------------------------------------
def hhmm(text: str) -> int:
    """Minutes after midnight of a 24-hour clock time written as the text writes it (1320)."""
    return int(text[:2]) * 60 + int(text[2:])


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def validate_tables(data: Any) -> list[tuple[str, str]]:
    """tables.toml: every key's type and plain bounds in schemas/tables.json; here, how the
    rows of a table relate to each other."""
    return schema_first(data, __name__, "tables", _table_rows)


def _table_rows(data: dict[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    last = 0
    for i, c in enumerate(data["area_fire"]["columns"]):
        p = f"area_fire.columns[{i}]"
        if c["min"] != last + 1 or c["max"] < c["min"]:
            out.append((p, "columns must follow each other without gaps"))
        if not c["M"] <= c["s1"] <= c["s2"] <= c["s3"]:
            out.append((p, "thresholds must rise: M <= s1 <= s2 <= s3"))
        last = c["max"]
    for i, r in enumerate(data["morale"]["rows"]):
        p = f"morale.rows[{i}]"
        if r["e"] != i + 1:
            out.append((f"{p}.e", f"rows must be numbered 1, 2, 3...; expected {i + 1}"))
        if not r["pass"] >= r["supp"] >= r["para"] >= r["syr"]:
            out.append((p, "needs whole numbers pass >= supp >= para >= syr"))
    out += unique_ids(data["syr"]["rows"], "syr.rows", key="roll", what="die face", brackets=True)
    # sections added after the schema was written (C6.3 overwatch, C12 op sheets, night clocks,
    # stacking points): checked here until tables.json lists them
    for key in ("fired_min", "spotter_min"):                # C6.3, C6.7
        fm = (data.get("overwatch") or {}).get(key)
        if not _int(fm) or not 1 <= fm <= 6:
            out.append((f"overwatch.{key}", "must be a die face 1-6"))
    sheets = (data.get("op_sheets") or {})
    for k, v in (sheets.get("kinds") or {}).items():
        if not isinstance(v, dict) or not _int(v.get("difficulty")) or not _int(v.get("leash")) or not all(
                isinstance(v.get(f), bool) for f in ("assault", "spot_all", "committed", "objective")):
            out.append((f"op_sheets.kinds.{k}", "needs whole numbers difficulty and leash and true/false "
                        "assault, spot_all, committed, objective"))
    if not (sheets.get("kinds") or {}):
        out.append(("op_sheets.kinds", "missing"))
    w = sheets.get("weighted_turns") or {}
    for k in ("quiet", "night", "engaged", "large_formation"):
        if not _int(w.get(k)):
            out.append((f"op_sheets.weighted_turns.{k}", "must be a whole number"))
    for season, ck in (data.get("clocks") or {}).items():
        ps = (ck or {}).get("periods") or []
        if not ps:
            out.append((f"clocks.{season}.periods", "missing"))
        for i, pr in enumerate(ps):
            if pr.get("light") not in LIGHTS or not _int(pr.get("minutes")):
                out.append((f"clocks.{season}.periods[{i}]", "needs a light (day/dusk/dawn/night) and minutes"))
    st = data.get("stacking") or {}
    for k, v in list((st.get("points") or {}).items()) + [("default", st.get("default", 1))]:
        if not _int(v) or v < 0:
            out.append((f"stacking.points.{k}", "must be a whole number 0 or more"))
    return out


def _read(path: Path) -> Loaded:
    """One data file through the engine's checked reader (regular files, size and depth limits)."""
    try:
        return load(path)
    except FileError as e:
        raise DataError([("", e.problems[0].message)], str(path)) from None


def _read_toml(path: Path) -> dict[str, Any]:
    data = _read(path).data
    if not isinstance(data, dict):
        raise DataError([("", "must be a TOML table")], str(path))
    return data


@lru_cache(maxsize=4)
def _tables_at(path: str) -> dict[str, Any]:
    data = _read_toml(Path(path))
    problems = validate_tables(data)
    if problems:
        raise DataError(problems, path)
    return data


@lru_cache(maxsize=4)
def _counters_at(path: str) -> Counters:
    data = _read_toml(Path(path))
    c, problems = validate_counters(data)
    if c is None:
        raise DataError(problems, path)
    return c


_LOADED: dict[str, Any] = {}


def tables() -> dict[str, Any]:
    t = _LOADED.get("tables")
    if t is None:
        t = _LOADED["tables"] = _tables_at(str(resource_dir() / "tables.toml"))
    return t


def counters() -> Counters:
    c = _LOADED.get("counters")
    if c is None:
        c = _LOADED["counters"] = _counters_at(str(resource_dir() / "counters.toml"))
    return c


def validate_map(data: Any) -> list[tuple[str, str]]:
    """A hex map the engine accepts, held to what this game reads from it (schemas/map.json,
    then each named line's hexsides)."""
    return _checked_map(data)[0]


def _checked_map(data: Any) -> tuple[list[tuple[str, str]], HexGrid | None]:
    try:
        grid = HexGrid.from_json(data)
    except HexMapError as e:
        return list(e.problems), None
    return schema_first(data, __name__, "map", lambda d: _map_lines(d, grid)), grid


def validate_map_palette(data: Any) -> list[tuple[str, str]]:
    """maps/terrain.toml (the editor's palette): all in schemas/terrain.json."""
    return schema_first(data, __name__, "terrain", lambda _d: [])


# -- maps -----------------------------------------------------------------------------------------
def map_path(name: str) -> Path:
    """A scenario's ``map``: a name under resources/semper-fi/maps/, or a designer's own .json
    file named relative to the scenario's folder or resources/semper-fi/ (never by ``..`` out of
    them: :func:`check_map_name` refuses those in any scenario or save read from a file; an
    absolute path is only reachable from code, as the tests' stand-in maps are)."""
    if name.endswith(".json"):
        if Path(name).is_absolute():
            return Path(name)
        from app.engine.paths import allowed_folders, resolve_inside
        return resolve_inside(name, allowed_folders("semper-fi"))
    return resource_dir() / "maps" / f"{name}.json"


def check_map_name(name: str) -> str:
    """Why a scenario file's ``map`` may not be read ("" when it may): a .json map must lie
    inside the scenario's own folder or resources/semper-fi/ (issue 19: files stay inside their game)."""
    if not name.endswith(".json"):
        return "" if "/" not in name and "\\" not in name and ".." not in name else \
            "a map name is a plain name from resources/semper-fi/maps (or a .json file beside the scenario)"
    from app.engine.paths import OutsideFolder, allowed_folders, resolve_inside
    try:
        resolve_inside(name, allowed_folders("semper-fi"))
    except OutsideFolder as e:
        return str(e)
    return ""


@dataclass
class Board:
    """A loaded map with what the rules ask of it (contours, roads, landmarks, lines)."""

    name: str
    json: dict[str, Any]
    grid: HexGrid
    interval: int
    ids: tuple[str, ...]
    landmarks: list[dict[str, Any]] = field(default_factory=list)
    lines: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    regions: dict[str, list[str]] = field(default_factory=dict)
    los_cache: dict[tuple[str, str], tuple[bool, str]] = field(default_factory=dict)
    hexset: frozenset[str] = frozenset()

    def terrain(self, h: str) -> str:
        t = self.grid.terrain(h)
        return t if t in TERRAINS else "open"

    def elevation(self, h: str) -> int:
        return int(self.grid.elevation(h) or 0)

    def contour(self, h: str) -> int:
        return self.elevation(h) // self.interval

    def road(self, a: str, b: str) -> bool:
        return "road" in self.grid.side_features(a, b)

    def has_road(self, h: str) -> bool:
        return bool(self.grid.road_neighbours(h))

    def hilltops(self) -> dict[str, list[str]]:
        """Hill name -> its hexes (a hill may span several hexes, 5.2)."""
        out: dict[str, list[str]] = {}
        for lm in self.landmarks:
            if lm.get("kind") == "hilltop":
                out.setdefault(str(lm.get("name")), []).append(str(lm.get("at")))
        return out

    def place(self, name: str) -> list[str]:
        return [str(lm["at"]) for lm in self.landmarks if lm.get("name") == name]


@lru_cache(maxsize=8)
def _board_at(path: str) -> Board:
    p = Path(path)
    data = _read(p).data
    problems, grid = _checked_map(data)     # the engine's hexmap checks, then this game's
    if problems or grid is None:
        raise DataError([(f"map.{f}", m) for f, m in problems], path)
    interval = data.get("contour_interval", 20)
    lines = {str(ln.get("id")): [grid.parse_hexside(s) for s in ln.get("hexsides", [])]
             for ln in data.get("lines", [])}
    regions = {str(k): [str(x) for x in v] for k, v in (data.get("regions") or {}).items()}
    ids = tuple(grid.ids())
    return Board(p.stem, data, grid, int(interval), ids, list(data.get("landmarks") or []),
                 lines, regions, hexset=frozenset(ids))


def _map_lines(data: dict[str, Any], grid: HexGrid) -> list[tuple[str, str]]:
    """Each named line's hexsides lie between two neighbouring hexes of the map."""
    out: list[tuple[str, str]] = []
    for i, ln in enumerate(data.get("lines", [])):
        for j, s in enumerate(ln.get("hexsides", [])):
            try:
                grid.parse_hexside(s)
            except (ValueError, KeyError) as e:
                out.append((f"lines.{i}.hexsides.{j}", str(e)))
    return out


_BOARDS: dict[str, Board] = {}


def board(name: str) -> Board:
    b = _BOARDS.get(name)
    if b is None:
        b = _BOARDS[name] = _board_at(str(map_path(name).resolve()))
    return b
