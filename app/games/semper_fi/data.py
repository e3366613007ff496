"""Loading and checking Semper Fi! data: tables.toml, counters.toml and the hex maps.

The rules modules never read files: they ask :func:`tables`, :func:`counters` and
:func:`board` for cached, validated objects. Every checker returns ``(field.path, message)``
pairs; loaders raise :class:`DataError` carrying them, never a bare traceback.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine.hexgrid import HexGrid, HexMapError

GAME_ID = "semper-fi"
SIDES = ("us", "nk")
US, NK = SIDES
TERRAINS = ("open", "broken", "rice-paddy", "building", "woods", "water")
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


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _mode(raw: Any, path: str, out: list[tuple[str, str]], move: bool) -> ModeValues:
    if not isinstance(raw, dict):
        out.append((path, "must be a table of values"))
        return ModeValues(0, 0, 0, 0)
    for k in ("area", "range", "point") + (("ma",) if move else ()):
        if not _int(raw.get(k)) or raw[k] < 0:
            out.append((f"{path}.{k}", "must be a whole number 0 or more"))
    mv = raw.get("movement", "foot")
    if move and mv not in MOVEMENT:
        out.append((f"{path}.movement", f"must be one of {', '.join(MOVEMENT)}"))
    def g(k: str, d: int = 0) -> int:
        v = raw.get(k, d)
        return v if _int(v) else d
    return ModeValues(g("area"), g("range"), g("point"), g("point_range", g("range")), g("ma"),
                      mv if mv in MOVEMENT else "foot")


def validate_counters(data: Any) -> tuple[Counters | None, list[tuple[str, str]]]:
    out: list[tuple[str, str]] = []
    if not isinstance(data, dict):
        return None, [("", "must be a TOML table")]
    types: dict[str, UnitType] = {}
    for tid, t in (data.get("type") or {}).items():
        p = f"type.{tid}"
        if not isinstance(t, dict):
            out.append((p, "must be a table"))
            continue
        for k in ("name", "nation", "unit_type", "abbr"):
            if not isinstance(t.get(k), str):
                out.append((f"{p}.{k}", "must be text"))
        for k in ("steps", "morale"):
            if not _int(t.get(k)) or t[k] < 1:
                out.append((f"{p}.{k}", "must be a whole number 1 or more"))
        if t.get("target") not in TARGETS:
            out.append((f"{p}.target", f"must be one of {', '.join(TARGETS)}"))
        if t.get("assault", "yes") not in ASSAULT:
            out.append((f"{p}.assault", f"must be one of {', '.join(ASSAULT)}"))
        fire = _mode(t.get("fire"), f"{p}.fire", out, False)
        move = _mode(t.get("move"), f"{p}.move", out, True)
        try:
            types[tid] = UnitType(
                id=tid, name=str(t.get("name", tid)), nation=str(t.get("nation", "")),
                unit_type=str(t.get("unit_type", "infantry")), size=str(t.get("size", "")),
                abbr=str(t.get("abbr", tid)), steps=int(t.get("steps", 1)),
                morale=int(t.get("morale", 4)), target=str(t.get("target", "soft")), fire=fire,
                move=move, defence=int(t.get("defence", 0)), platoon=bool(t.get("platoon", False)),
                assault=str(t.get("assault", "yes")), at_rolls=int(t.get("at_rolls", 0)),
                at_section=bool(t.get("at_section", False)), indirect=bool(t.get("indirect", False)),
                fac=bool(t.get("fac", False)), vehicle=bool(t.get("vehicle", False)),
                no_paddy=bool(t.get("no_paddy", False)),
                fire_mode_in_paddy=bool(t.get("fire_mode_in_paddy", True)))
        except (TypeError, ValueError) as e:
            out.append((p, f"bad value: {e}"))
    units: dict[str, UnitDef] = {}
    formations: dict[str, dict[str, Any]] = {}
    for fid, f in (data.get("formation") or {}).items():
        p = f"formation.{fid}"
        if not isinstance(f, dict):
            out.append((p, "must be a table"))
            continue
        if f.get("side") not in SIDES:
            out.append((f"{p}.side", f"must be one of {', '.join(SIDES)}"))
            continue
        formations[fid] = f
        counts: dict[str, int] = {}
        for i, entry in enumerate(f.get("units") or []):
            if (not isinstance(entry, list) or len(entry) != 2 or entry[0] not in types
                    or not _int(entry[1]) or entry[1] < 1):
                out.append((f"{p}.units", f"entry {i + 1} must be [known type, count]"))
                continue
            ty = types[entry[0]]
            for _ in range(entry[1]):
                counts[ty.abbr] = counts.get(ty.abbr, 0) + 1
                n = counts[ty.abbr]
                slug = ty.abbr.lower().replace(" ", "").replace(".", "").replace("/", "")
                uid = f"{fid}-{slug}-{n}"
                short = f.get("short", f.get("battalion", fid))
                units[uid] = UnitDef(uid, ty, fid, str(f.get("name", fid)),
                                     str(f.get("battalion", fid)), str(f.get("regiment", "")),
                                     f["side"], f"{ty.abbr} {n} {short}")
    batteries: dict[str, Battery] = {}
    for bid, b in (data.get("battery") or {}).items():
        p = f"battery.{bid}"
        if not isinstance(b, dict) or b.get("side") not in SIDES or not _int(b.get("firepower")):
            out.append((p, "needs side (us/nk) and a whole-number firepower"))
            continue
        if b.get("line") not in ("us", "other"):
            out.append((f"{p}.line", "must be us or other"))
            continue
        if b.get("formation") and b["formation"] not in formations:
            out.append((f"{p}.formation", f"unknown formation {b['formation']!r}"))
            continue
        batteries[bid] = Battery(bid, str(b.get("name", bid)), b["side"], int(b.get("guns", 4)),
                                 int(b["firepower"]), b["line"], bool(b.get("battalion_fire", False)),
                                 str(b.get("formation", "")), int(b.get("per_gun", 0)))
    if out:
        return None, out
    return Counters(types, units, formations, batteries), out


# -- tables ---------------------------------------------------------------------------------------
def hhmm(text: str) -> int:
    """Minutes after midnight of a 24-hour clock time written as the text writes it (1320)."""
    return int(text[:2]) * 60 + int(text[2:])


def validate_tables(data: Any) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not isinstance(data, dict):
        return [("", "must be a TOML table")]
    ter = data.get("terrain") or {}
    for t in TERRAINS:
        if t not in ter:
            out.append((f"terrain.{t}", "missing terrain"))
            continue
        for k in MOVEMENT:
            v = ter[t].get(k)
            if not (v == "P" or (isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0)):
                out.append((f"terrain.{t}.{k}", "must be a positive cost or \"P\""))
        if ter[t].get("combat") not in ("open", "partly", "protective"):
            out.append((f"terrain.{t}.combat", "must be open, partly or protective"))
        if ter[t].get("spotting") not in ("open", "partly", "woods"):
            out.append((f"terrain.{t}.spotting", "must be open, partly or woods"))
    for light in ("day", "dusk", "dawn", "night", "illum"):
        for cls in ("open", "partly", "woods"):
            v = (data.get("spotting") or {}).get(light, {}).get(cls)
            if not _int(v) or v < 1:
                out.append((f"spotting.{light}.{cls}", "must be a whole number of hexes, 1 or more"))
    cols = (data.get("area_fire") or {}).get("columns") or []
    last = 0
    for i, c in enumerate(cols):
        p = f"area_fire.columns[{i}]"
        if not all(_int(c.get(k)) for k in ("min", "max", "M", "s1", "s2", "s3")):
            out.append((p, "needs whole numbers min, max, M, s1, s2, s3"))
            continue
        if c["min"] != last + 1 or c["max"] < c["min"]:
            out.append((p, "columns must follow each other without gaps"))
        if not c["M"] <= c["s1"] <= c["s2"] <= c["s3"]:
            out.append((p, "thresholds must rise: M <= s1 <= s2 <= s3"))
        last = c.get("max", last)
    if not cols:
        out.append(("area_fire.columns", "missing"))
    rows = (data.get("morale") or {}).get("rows") or []
    for i, r in enumerate(rows):
        p = f"morale.rows[{i}]"
        if r.get("e") != i + 1:
            out.append((f"{p}.e", f"rows must be numbered 1, 2, 3...; expected {i + 1}"))
        if not all(_int(r.get(k)) for k in ("pass", "supp", "para", "syr")) or not (
                r["pass"] >= r["supp"] >= r["para"] >= r["syr"]):
            out.append((p, "needs whole numbers pass >= supp >= para >= syr"))
    if not rows:
        out.append(("morale.rows", "missing"))
    syr = (data.get("syr") or {}).get("rows") or []
    if sorted(r.get("roll") for r in syr) != [1, 2, 3, 4, 5, 6]:
        out.append(("syr.rows", "needs one row for each die face 1-6"))
    for line in ("us", "other"):
        for band in ("near", "mid", "far"):
            b = (data.get("adjustment") or {}).get(line, {}).get(band)
            if not isinstance(b, dict) or not all(_int(b.get(k)) for k in ("max_range", "no_shoot", "scatter")):
                out.append((f"adjustment.{line}.{band}", "needs max_range, no_shoot, scatter"))
    periods = (data.get("clock") or {}).get("periods") or []
    for i, pr in enumerate(periods):
        if pr.get("light") not in LIGHTS or not _int(pr.get("minutes")):
            out.append((f"clock.periods[{i}]", "needs a light (day/dusk/dawn/night) and minutes"))
    if not periods:
        out.append(("clock.periods", "missing"))
    fm = (data.get("overwatch") or {}).get("fired_min")
    if not _int(fm) or not 1 <= fm <= 6:
        out.append(("overwatch.fired_min", "must be a die face 1-6"))
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
    return out


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError([("", f"cannot read {path.name}: {e}")], str(path)) from None


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


# -- maps -----------------------------------------------------------------------------------------
def map_path(name: str) -> Path:
    """A scenario's ``map``: a name under resources/semper-fi/maps/ or a path to a .json file."""
    if name.endswith(".json"):
        return Path(name)
    return resource_dir() / "maps" / f"{name}.json"


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
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise DataError([("map", f"cannot read the map {p.name}: {e}")], path) from None
    try:
        grid = HexGrid.from_json(data)
    except HexMapError as e:
        raise DataError([(f"map.{f}", m) for f, m in e.problems], path) from None
    interval = data.get("contour_interval", 20)
    if not _int(interval) or interval < 1:
        raise DataError([("map.contour_interval", "must be a whole number of metres")], path)
    lines: dict[str, list[tuple[str, str]]] = {}
    for ln in data.get("lines", []) or []:
        sides: list[tuple[str, str]] = []
        for s in ln.get("hexsides", []) or []:
            a, b = grid.parse_hexside(s)
            sides.append((a, b))
        lines[str(ln.get("id"))] = sides
    regions = {str(k): [str(x) for x in v] for k, v in (data.get("regions") or {}).items()}
    ids = tuple(grid.ids())
    return Board(p.stem, data, grid, int(interval), ids, list(data.get("landmarks") or []),
                 lines, regions, hexset=frozenset(ids))


_BOARDS: dict[str, Board] = {}


def board(name: str) -> Board:
    b = _BOARDS.get(name)
    if b is None:
        b = _BOARDS[name] = _board_at(str(map_path(name).resolve()))
    return b
