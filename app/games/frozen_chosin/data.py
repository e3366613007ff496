"""Loading and checking Frozen Chosin's data files under ``resources/frozen-chosin/``.

Pieces, HQ-sheet menus, the event deck and the rule numbers are data (FC-D-DATA); each file is
checked on load and every problem is reported as ``FILE:LINE: field.path: message``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Iterator

from app import RESOURCES
from app.engine.files import FileError, load
from app.engine.table import Table, validate_table

DIR = RESOURCES / "frozen-chosin"
SIDES = ("un", "pva")
PLACES = ("yudam-ni", "toktong-pass", "hagaru-ri", "koto-ri", "funchilin-pass", "chinhung-ni",
          "hudong-ni", "sinhung-ni")
OP_EFFECTS = ("airstrike", "carpet", "air-drop", "convoy", "restore", "evacuate", "reactivate",
              "infiltrate", "surprise", "ambush", "supply-train")
OP_AIMS = ("enemy-base", "friendly-base", "road-base", "casualty", "spent-regiment",
           "fresh-regiment", "enemy-supply")
TIMES = ("day", "night", "any")
EVENT_EFFECTS = ("no-air", "ranged-limit", "ops-dice", "cold", "t34", "airstrike-fp", "drysdale",
                 "off-table-guns", "supply-marker")
Problems = list[tuple[str, str]]


@dataclass
class Bundle:
    """Everything the rules read from data, loaded once per process."""

    pieces: dict[str, Any]
    operations: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]]
    rules: dict[str, Any]
    commands: list[dict[str, Any]] = field(default_factory=list)

    def type(self, t: str) -> dict[str, Any]:
        return self.pieces["types"][t]

    @cached_property
    def max_spot(self) -> float:
        """The longest spotting reach of any base type (FC-8.2)."""
        return max([float(self.rules["spot"])] + [float(t.get("spot", 0)) for t in self.pieces["types"].values()])

    def name_of(self, group: str, key: str) -> str:
        """A player-facing name from pieces.toml (markers, status, tracks)."""
        return str(self.pieces.get(group, {}).get(key, {}).get("name", key))


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def pieces_problems(data: dict[str, Any]) -> Problems:
    out: Problems = []
    types = data.get("types")
    if not isinstance(types, dict) or not types:
        return [("types", "must be a table of base types")]
    for t, d in types.items():
        if not isinstance(d, dict):
            out.append((f"types.{t}", "must be a table"))
            continue
        size = d.get("size")
        if not (isinstance(size, list) and len(size) == 2 and all(_num(v) and v > 0 for v in size)):
            out.append((f"types.{t}.size", "must be [width, height] in inches, both above 0"))
        if not (_int(d.get("fp")) and d["fp"] >= 0):
            out.append((f"types.{t}.fp", "must be a whole number of firepower dice, 0 or more"))
        if "ranged_fp" in d and not (_int(d["ranged_fp"]) and d["ranged_fp"] > 0):
            out.append((f"types.{t}.ranged_fp", "must be a whole number above 0"))
        if ("ranged_fp" in d) != ("range" in d):
            out.append((f"types.{t}", "ranged_fp and range go together"))
        if "range" in d and not (_num(d["range"]) and d["range"] > 0):
            out.append((f"types.{t}.range", "must be inches above 0"))
        if d.get("position", "") not in ("", "hasty", "improved"):
            out.append((f"types.{t}.position", "must be hasty or improved"))
    for group in ("markers", "status", "tracks"):
        for k, d in (data.get(group) or {}).items():
            if not (isinstance(d, dict) and isinstance(d.get("name"), str) and d["name"]):
                out.append((f"{group}.{k}.name", "must be a name for players"))
    for k in ("depot", "truck", "air-drop", "porters"):
        if k not in (data.get("markers") or {}):
            out.append(("markers", f"needs the supply marker kind {k!r}"))
    cmds = data.get("commands")
    if not isinstance(cmds, list) or len(cmds) != 6:
        out.append(("commands", "must list the six commands (three a side)"))
        return out
    seen: set[str] = set()
    for i, c in enumerate(cmds):
        p = f"commands.{i}"
        if c.get("side") not in SIDES:
            out.append((f"{p}.side", "must be un or pva"))
        if not (_int(c.get("dice")) and 0 <= c["dice"] <= 12):
            out.append((f"{p}.dice", "must be a whole number of operations dice, 0 to 12"))
        for j, r in enumerate(c.get("regiments", [])):
            rp = f"{p}.regiments.{j}"
            if not (_int(r.get("morale")) and 1 <= r["morale"] <= 6):
                out.append((f"{rp}.morale", "must be the d6 score needed, 1 to 6"))
            for k, b in enumerate(r.get("bases", [])):
                if not (isinstance(b, list) and len(b) == 3 and all(isinstance(s, str) for s in b)):
                    out.append((f"{rp}.bases.{k}", "must be [id, name, type]"))
                    continue
                if b[2] not in types:
                    out.append((f"{rp}.bases.{k}", f"unknown base type {b[2]!r}"))
                if b[0] in seen:
                    out.append((f"{rp}.bases.{k}", f"duplicate base id {b[0]!r}"))
                seen.add(b[0])
        for j, dv in enumerate(c.get("divisions", [])):
            if not (isinstance(dv, list) and len(dv) == 4 and dv[3] in ("active", "reserve")):
                out.append((f"{p}.divisions.{j}", "must be [id, name, [regiment numbers], active|reserve]"))
    return out


def _id_tables(data: dict[str, Any], key: str, noun: str, out: Problems) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each ``[[key]]`` table with its path, once the checks every such list shares are made
    (a list of tables, each with a new id); their problems go to ``out``."""
    items = data.get(key)
    if not isinstance(items, list) or not items:
        out.append((key, f"must be a list of [[{key}]] tables"))
        return
    ids: set[str] = set()
    for i, o in enumerate(items):
        p = f"{key}.{i}"
        if not isinstance(o, dict):
            out.append((p, "must be a table"))
            continue
        if not isinstance(o.get("id"), str) or o["id"] in ids:
            out.append((f"{p}.id", f"must be a new {noun} id"))
        ids.add(str(o.get("id")))
        yield p, o


def operations_problems(data: dict[str, Any]) -> Problems:
    out: Problems = []
    for p, o in _id_tables(data, "operation", "operation", out):
        if o.get("side") not in SIDES:
            out.append((f"{p}.side", "must be un or pva"))
        if not (_int(o.get("cost")) and 1 <= o["cost"] <= 3):
            out.append((f"{p}.cost", "must be 1, 2 or 3 dice"))
        if o.get("roll") not in ("best", "sum"):
            out.append((f"{p}.roll", "must be best or sum"))
        if not (_int(o.get("target")) and 1 <= o["target"] <= 18):
            out.append((f"{p}.target", "must be the score needed, 1 to 18"))
        if o.get("time") not in TIMES:
            out.append((f"{p}.time", "must be day, night or any"))
        if o.get("effect") not in OP_EFFECTS:
            out.append((f"{p}.effect", f"unknown effect {o.get('effect')!r} (known: {', '.join(OP_EFFECTS)})"))
        if o.get("aim") not in OP_AIMS:
            out.append((f"{p}.aim", f"unknown target kind {o.get('aim')!r} (known: {', '.join(OP_AIMS)})"))
    return out


def events_problems(data: dict[str, Any], command_ids: tuple[str, ...]) -> Problems:
    out: Problems = []
    for p, c in _id_tables(data, "card", "card", out):
        effs = c.get("effects")
        if not isinstance(effs, list) or not effs:
            out.append((f"{p}.effects", "must list at least one effect"))
            continue
        for j, e in enumerate(effs):
            ep = f"{p}.effects.{j}"
            kind = e.get("effect") if isinstance(e, dict) else None
            if kind not in EVENT_EFFECTS:
                out.append((f"{ep}.effect", f"unknown effect {kind!r} (known: {', '.join(EVENT_EFFECTS)})"))
                continue
            if "side" in e and e["side"] not in ("un", "pva", "all"):
                out.append((f"{ep}.side", f"bad target {e['side']!r}: must be un, pva or all"))
            if "command" in e and e["command"] not in command_ids:
                out.append((f"{ep}.command", f"bad target {e['command']!r}: no such command "
                                             f"(known: {', '.join(command_ids)})"))
            if "place" in e and e["place"] not in PLACES:
                out.append((f"{ep}.place", f"bad target {e['place']!r}: no such place "
                                           f"(known: {', '.join(PLACES)})"))
            if kind in ("ops-dice", "cold", "supply-marker") and "side" not in e:
                out.append((f"{ep}.side", "this effect needs a side"))
            if kind == "ops-dice" and not (_int(e.get("amount")) or e.get("amount") == "d3"):
                out.append((f"{ep}.amount", "must be a whole number or d3"))
            if kind == "cold":
                if e.get("per") not in ("command", "side"):
                    out.append((f"{ep}.per", "must be command or side"))
                if str(e.get("count")) not in ("1", "2", "3", "d6", "d3"):
                    out.append((f"{ep}.count", "must be 1, 2, 3, d3 or d6"))
            if kind == "drysdale" and not (_int(e.get("turn")) and 1 <= e["turn"] <= 8):
                out.append((f"{ep}.turn", "must be a turn from 1 to 8"))
            if kind == "ranged-limit" and not (_num(e.get("inches")) and e["inches"] > 0):
                out.append((f"{ep}.inches", "must be inches above 0"))
            if kind == "supply-marker" and "place" not in e:
                out.append((f"{ep}.place", "this effect needs a place"))
            if kind == "t34" and "command" not in e:
                out.append((f"{ep}.command", "this effect needs a Chinese command"))
    return out


def rules_problems(data: dict[str, Any]) -> Problems:
    need = ("turns", "road_move", "offroad_move", "supply_radius", "retreat", "spot", "hit_on")
    return [(k, "is missing or not a number") for k in need if not _num(data.get(k))]


def _checked(path: Path, check: Any) -> dict[str, Any]:
    loaded = load(path)
    problems = check(loaded.data) if isinstance(loaded.data, dict) else [("", "must be a TOML table")]
    if problems:
        raise FileError([loaded.problem(f, m) for f, m in problems])
    return loaded.data


def load_pieces(path: Path) -> dict[str, Any]:
    return _checked(path, pieces_problems)


def load_operations(path: Path) -> dict[str, dict[str, Any]]:
    return {o["id"]: o for o in _checked(path, operations_problems)["operation"]}


def load_events(path: Path, command_ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in _checked(path, lambda d: events_problems(d, command_ids))["card"]}


def expand_commands(pieces: dict[str, Any]) -> list[dict[str, Any]]:
    """Commands with every regiment spelled out (Chinese divisions become regiments, FC-15)."""
    out = []
    div = pieces.get("pva_division", {})
    for c in pieces["commands"]:
        regs = [dict(r) for r in c.get("regiments", [])]
        for did, dname, numbers, status in c.get("divisions", []):
            for k, n in enumerate(numbers):
                bases = [[f"{n}-{i + 1}", f"{n}th Regiment, battalion {i + 1}", div["base_type"]]
                         for i in range(int(div["regiment_bases"]))]
                if k == 0:
                    bases.append([f"{did}-mtr", f"{dname} mortars", div["support_type"]])
                regs.append({"id": f"r{n}", "name": f"{n}th Regiment ({dname})", "morale": int(div["morale"]),
                             "reserve": status == "reserve", "bases": bases})
        out.append({**c, "regiments": regs})
    return out


@lru_cache(maxsize=None)
def bundle(folder: str = str(DIR)) -> Bundle:
    d = Path(folder)
    pieces = load_pieces(d / "pieces.toml")
    commands = expand_commands(pieces)
    ids = tuple(c["id"] for c in commands)
    rules = _checked(d / "rules.toml", rules_problems)
    return Bundle(pieces=pieces, operations=load_operations(d / "operations.toml"),
                  cards=load_events(d / "events.toml", ids), rules=rules, commands=commands)


def table_path(name: str) -> Path:
    p = Path(name)
    return p if p.is_absolute() else DIR / p


@lru_cache(maxsize=8)
def table_doc(path: str) -> dict[str, Any]:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    problems = validate_table(doc)
    if problems:
        loaded = load(path)
        raise FileError([loaded.problem(f, m) for f, m in problems])
    return doc


@lru_cache(maxsize=8)
def table(path: str) -> Table:
    return Table.from_json(table_doc(path))


def validate_data(path: Path, data: Any) -> Problems | None:
    """The ``ridgeline validate`` hook for this game's own files (None: not one of ours)."""
    if not isinstance(data, dict):
        return None
    name = path.name
    if name == "pieces.toml":
        return pieces_problems(data)
    if name == "operations.toml":
        return operations_problems(data)
    if name == "events.toml":
        return events_problems(data, tuple(c["id"] for c in bundle().commands))
    if name == "rules.toml":
        return rules_problems(data)
    return None
