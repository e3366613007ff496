"""Checking a hex map file before it is loaded: every problem as ``(field.path, message)``.

The hand-written checks say what a schema cannot (hex ids on the map, adjacent hexsides, ids
used once); then the published hexmap schema (:data:`app.engine.schemas.HEXMAP_SCHEMA`) checks
every remaining key's type, so ``HexGrid.from_json`` and ``ridgeline validate`` accept exactly
the same files.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from app.engine.datacheck import new_id
from app.engine.hexgrid import HEX_KEYS, HexGrid, HexLayout, Hexside, _is_num, _layout_problems

Problems = list[tuple[str, str]]


def _check_id(grid: HexGrid, hid: Any, path: str, out: Problems) -> bool:
    if not isinstance(hid, str):
        out.append((path, f"hex id must be a string, got {hid!r}"))
        return False
    if grid.contains(hid):
        return True
    try:
        grid.parse_id(hid)
    except ValueError:
        out.append((path, f"bad hex id {hid!r} for id_format {grid.layout.id_format}"))
        return False
    out.append((path, f"hex {hid} is off the map"))
    return False


def _check_side(grid: HexGrid, text: Any, path: str, out: Problems) -> Hexside | None:
    parts = text.split("/") if isinstance(text, str) else []
    if len(parts) != 2:
        out.append((path, f"bad hexside {text!r}: expected 'id/id'"))
        return None
    ok_a = _check_id(grid, parts[0], path, out)
    ok_b = _check_id(grid, parts[1], path, out)
    if not (ok_a and ok_b):
        return None
    if not grid.is_adjacent(parts[0], parts[1]):
        out.append((path, f"hexes {parts[0]} and {parts[1]} are not adjacent"))
        return None
    return grid.hexside(parts[0], parts[1])


def _check_str_list(v: Any, path: str, out: Problems) -> bool:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        out.append((path, "must be a list of strings"))
        return False
    return True


def _check_ids(grid: HexGrid, v: Any, path: str, out: Problems) -> None:
    """A list of hex ids, each on the map (``path[j]`` names a bad one)."""
    if _check_str_list(v, path, out):
        for j, h in enumerate(v):
            _check_id(grid, h, f"{path}[{j}]", out)


def _table(data: dict[str, Any], key: str, what: str, out: Problems) -> dict[str, Any]:
    """``data[key]`` when it is an object (else the problem, and an empty one)."""
    v = data.get(key, {})
    if isinstance(v, dict):
        return v
    out.append((key, what))
    return {}


def _records(data: dict[str, Any], key: str, out: Problems) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(path, record)`` for each object in the list ``data[key]``; problems for the rest."""
    seq = data.get(key, [])
    if not isinstance(seq, list):
        out.append((key, "must be a list"))
        return
    for i, rec in enumerate(seq):
        if isinstance(rec, dict):
            yield f"{key}[{i}]", rec
        else:
            out.append((f"{key}[{i}]", "must be an object"))


def _named(data: dict[str, Any], key: str, what: str, out: Problems) -> Iterator[tuple[str, dict[str, Any]]]:
    """Like :func:`_records`, for records with an ``id`` each used once, and an optional
    text ``name``."""
    seen: set[str] = set()
    for path, rec in _records(data, key, out):
        out += new_id(rec.get("id"), f"{path}.id", seen, what, empty="must be a non-empty string")
        if "name" in rec and not isinstance(rec["name"], str):
            out.append((f"{path}.name", "must be a string"))
        yield path, rec


def _hex_entry(hp: str, entry: dict[str, Any], out: Problems) -> None:
    for k in entry:
        if k not in HEX_KEYS:
            out.append((f"{hp}.{k}", f"unknown key (allowed: {', '.join(HEX_KEYS)})"))
    if "terrain" in entry and (not isinstance(entry["terrain"], str) or not entry["terrain"]):
        out.append((f"{hp}.terrain", "must be a non-empty string"))
    if "elevation" in entry and not _is_num(entry["elevation"]):
        out.append((f"{hp}.elevation", "must be a number"))
    if "features" in entry and _check_str_list(entry["features"], f"{hp}.features", out):
        if len(set(entry["features"])) != len(entry["features"]):
            out.append((f"{hp}.features", "duplicate feature"))
    if "name" in entry and entry["name"] is not None and not isinstance(entry["name"], str):
        out.append((f"{hp}.name", "must be a string"))


def _hexes(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    for hid, entry in _table(data, "hexes", "must be an object keyed by hex id", out).items():
        hp = f"hexes.{hid}"
        _check_id(grid, hid, hp, out)
        if not isinstance(entry, dict):
            out.append((hp, "must be an object"))
        else:
            _hex_entry(hp, entry, out)


def _hexsides(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    seen: dict[Hexside, str] = {}
    for text, feats in _table(data, "hexsides", "must be an object keyed by 'id/id'", out).items():
        sp = f"hexsides.{text}"
        key = _check_side(grid, text, sp, out)
        if key is not None:
            if key in seen:
                out.append((sp, f"same hexside as {seen[key]!r}"))
            seen[key] = text
        if _check_str_list(feats, sp, out) and not feats:
            out.append((sp, "feature list is empty"))


def _lines(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    for lp, ln in _named(data, "lines", "line", out):
        if "kind" in ln and not isinstance(ln["kind"], str):
            out.append((f"{lp}.kind", "must be a string"))
        if "hexsides" in ln and _check_str_list(ln["hexsides"], f"{lp}.hexsides", out):
            for j, t in enumerate(ln["hexsides"]):
                _check_side(grid, t, f"{lp}.hexsides[{j}]", out)
        if "hexes_split" in ln:
            _check_ids(grid, ln["hexes_split"], f"{lp}.hexes_split", out)


def _regions(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    for name, members in _table(data, "regions", "must be an object of name -> [hex ids]", out).items():
        _check_ids(grid, members, f"regions.{name}", out)


def _labels(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    for bp, lb in _records(data, "labels", out):
        if not isinstance(lb.get("text"), str):
            out.append((f"{bp}.text", "must be a string"))
        _check_id(grid, lb.get("at"), f"{bp}.at", out)
        if "size" in lb and (not _is_num(lb["size"]) or lb["size"] <= 0):
            out.append((f"{bp}.size", "must be a positive number"))


def _boxes(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    for xp, bx in _named(data, "boxes", "box", out):
        if "anchor" in bx and bx["anchor"] not in ("", None):
            _check_id(grid, bx["anchor"], f"{xp}.anchor", out)


def _landmarks(grid: HexGrid, data: dict[str, Any], out: Problems) -> None:
    if "contour_interval" in data:
        ci = data["contour_interval"]
        if not _is_num(ci) or ci <= 0:
            out.append(("contour_interval", "must be a positive number of metres"))
    for mp, mk in _records(data, "landmarks", out):
        _check_id(grid, mk.get("at"), f"{mp}.at", out)
        for k in ("name", "kind"):
            if k in mk and not isinstance(mk[k], str):
                out.append((f"{mp}.{k}", "must be a string"))
        if "height" in mk and not _is_num(mk["height"]):
            out.append((f"{mp}.height", "must be a number (metres)"))
        if mk.get("kind") == "hilltop" and not _is_num(mk.get("height")):
            out.append((f"{mp}.height", "a hilltop needs its height in metres"))
        if "hexes" in mk:
            _check_ids(grid, mk["hexes"], f"{mp}.hexes", out)


_PARTS: tuple[Callable[[HexGrid, dict[str, Any], Problems], None], ...] = (
    _hexes, _hexsides, _lines, _regions, _labels, _boxes, _landmarks)


def validate_hexmap(data: Any) -> Problems:
    """Every problem in a map-file dict as (field.path, message); empty list means loadable.

    The checks above first (their messages name hexes and hexsides); a map that passes them
    is then held to the published hexmap schema, so no key of the wrong type gets through.
    """
    out: Problems = []
    if not isinstance(data, dict):
        return [("", "map file must be a JSON object")]
    if data.get("kind") != "hexmap":
        out.append(("kind", f"expected 'hexmap', got {data.get('kind')!r}"))
    if data.get("version") != 1 or isinstance(data.get("version"), bool):
        out.append(("version", f"unsupported version {data.get('version')!r} (expected 1)"))
    if "layout" not in data:
        out.append(("layout", "missing"))
        return out
    lp = _layout_problems(data["layout"], "layout")
    if lp:
        return out + lp
    grid = HexGrid(HexLayout.from_json(data["layout"]))
    dt = data.get("default_terrain", "clear")
    if not isinstance(dt, str) or not dt:
        out.append(("default_terrain", "must be a non-empty string"))
    for part in _PARTS:
        part(grid, data, out)
    if not out:
        from app.engine.schemas import HEXMAP_SCHEMA, schema_problems
        out = schema_problems(data, HEXMAP_SCHEMA)
    return out


def iter_problem_lines(problems: Iterable[tuple[str, str]]) -> list[str]:
    """Human-readable ``path: message`` lines (for the CLI)."""
    return [f"{p or '<root>'}: {m}" for p, m in problems]
