"""Loading and checking Frozen Chosin's data files under ``resources/frozen-chosin/``.

Pieces, HQ-sheet menus, the event deck and the rule numbers are data (FC-D-DATA); each file is
checked on load and every problem is reported as ``FILE:LINE: field.path: message``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from app import RESOURCES
from app.engine.datacheck import references, schema_first, unique_ids
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


def pieces_problems(data: Any) -> Problems:
    """pieces.toml: every key's type in schemas/pieces.json; here, base types that exist and
    base ids used once."""
    return schema_first(data, __name__, "pieces", _piece_references)


def _piece_references(data: dict[str, Any]) -> Problems:
    out: Problems = []
    types = data["types"]
    seen: set[str] = set()
    for i, c in enumerate(data["commands"]):
        for j, r in enumerate(c.get("regiments", [])):
            for k, (bid, _name, btype) in enumerate(r.get("bases", [])):
                rp = f"commands.{i}.regiments.{j}.bases.{k}"
                out += references(rp, btype, types, "base type")
                if bid in seen:
                    out.append((rp, f"duplicate base id {bid!r}"))
                seen.add(bid)
    div = data.get("pva_division")
    if any(c.get("divisions") for c in data["commands"]):
        if not isinstance(div, dict) or not {"base_type", "support_type", "morale", "regiment_bases"} <= set(div):
            out.append(("pva_division", "needs base_type, support_type, morale and regiment_bases "
                                        "(commands list divisions)"))
        else:
            for k in ("base_type", "support_type"):
                out += references(f"pva_division.{k}", div[k], types, "base type")
    return out


def operations_problems(data: Any) -> Problems:
    """operations.toml: all in schemas/operations.json but the ids, each used once."""
    return schema_first(data, __name__, "operations",
                        lambda d: unique_ids(d["operation"], "operation", what="operation id"))


def events_problems(data: Any, command_ids: tuple[str, ...]) -> Problems:
    """events.toml: each effect's keys in schemas/events.json; here, card ids used once and
    the commands effects name."""
    def deeper(d: dict[str, Any]) -> Problems:
        out = unique_ids(d["card"], "card", what="card id")
        for i, c in enumerate(d["card"]):
            for j, e in enumerate(c["effects"]):
                if "command" in e:
                    out += references(f"card.{i}.effects.{j}.command", e["command"], command_ids,
                                      "command", list_known=True)
        return out
    return schema_first(data, __name__, "events", deeper)


def rules_problems(data: Any) -> Problems:
    """rules.toml: every key in schemas/rules.json."""
    return schema_first(data, __name__, "rules", lambda _d: [])


def _checked(path: Path, check: Any) -> dict[str, Any]:
    loaded = load(path)
    problems = check(loaded.data)
    if problems:
        raise FileError([loaded.problem(f, m) for f, m in problems])
    return loaded.data


def load_pieces(path: Path) -> dict[str, Any]:
    return _checked(path, pieces_problems)


def load_operations(path: Path) -> dict[str, dict[str, Any]]:
    return {o["id"]: o for o in _checked(path, operations_problems)["operation"]}


def load_events(path: Path, command_ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in _checked(path, lambda d: events_problems(d, command_ids))["card"]}


def ordinal(n: Any) -> str:
    """172 -> "172nd", 173 -> "173rd", 235 -> "235th" (11-13 take "th")."""
    k = int(n)
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def expand_commands(pieces: dict[str, Any]) -> list[dict[str, Any]]:
    """Commands with every regiment spelled out (Chinese divisions become regiments, FC-15)."""
    out = []
    div = pieces.get("pva_division", {})
    for c in pieces["commands"]:
        regs = [dict(r) for r in c.get("regiments", [])]
        for did, dname, numbers, status in c.get("divisions", []):
            for k, n in enumerate(numbers):
                bases = [[f"{n}-{i + 1}", f"{ordinal(n)} Regiment, battalion {i + 1}", div["base_type"]]
                         for i in range(int(div["regiment_bases"]))]
                if k == 0:
                    bases.append([f"{did}-mtr", f"{dname} mortars", div["support_type"]])
                regs.append({"id": f"r{n}", "name": f"{ordinal(n)} Regiment ({dname})", "morale": int(div["morale"]),
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
    """The table a scenario names: inside resources/frozen-chosin/ or the designer's folder of
    the scenario (app.engine.paths); never by absolute path or ``..`` out of them."""
    from app.engine.paths import allowed_folders, resolve_inside
    return resolve_inside(name, allowed_folders("frozen-chosin"))


#: How the state names a table in the scenario's own folder (a designer's), not the game's.
SCENARIO_TABLE = "scenario:"
#: Such tables met at set-up, so play (outside the set-up's folder rules) finds them again.
_scenario_tables: dict[str, str] = {}


def table_ref(name: str) -> str:
    """What the state keeps of the table a scenario names (resolved by :func:`table_path`): its
    path inside resources/frozen-chosin/ (``"table.json"``), or ``"scenario:"`` and its path
    inside the scenario's own folder; never a machine's absolute path, so a save, a position and
    the state digest are the same in every checkout."""
    from app.engine.paths import current_designer_folder, game_folder
    path = table_path(name)
    own = game_folder("frozen-chosin").resolve()
    if path.is_relative_to(own):
        return path.relative_to(own).as_posix()
    folder = current_designer_folder()
    if folder is not None and path.is_relative_to(folder.resolve()):
        ref = SCENARIO_TABLE + path.relative_to(folder.resolve()).as_posix()
        _scenario_tables[ref] = str(path)
        return ref
    return path.name          # not reached: table_path only answers inside those folders


def table_file(ref: str) -> str:
    """The file a state's table reference names, by the same folder rules as on loading: a
    ``scenario:`` table in the folder of the scenario being read, else the one met at its
    set-up; any other in resources/frozen-chosin/. An absolute path (given by code checking a
    file) is itself."""
    from app.engine.paths import current_designer_folder, game_folder, resolve_inside
    if ref.startswith(SCENARIO_TABLE):
        name = ref[len(SCENARIO_TABLE):]
        folder = current_designer_folder()
        here = resolve_inside(name, [folder]) if folder is not None else None
        if here is not None and here.is_file():
            return str(here)
        if ref in _scenario_tables:
            return _scenario_tables[ref]
        if here is not None:
            return str(here)              # "no such file" names the folder looked in
        raise ValueError(f"the table {name!r} sits in the scenario's own folder: open the scenario from there")
    if Path(ref).is_absolute():
        return ref
    return str(resolve_inside(ref, [game_folder("frozen-chosin")]))


def table_doc(ref: str) -> dict[str, Any]:
    """The table file (named as :func:`table_file` reads it), through the engine's checked
    reader; its schema and geometry are checked by :meth:`Table.from_json`'s validation."""
    return _table_doc(table_file(ref))


@lru_cache(maxsize=8)
def _table_doc(path: str) -> dict[str, Any]:
    loaded = load(path)
    problems = validate_table(loaded.data)
    if problems:
        raise FileError([loaded.problem(f, m) for f, m in problems])
    return loaded.data


def table(ref: str) -> Table:
    return _table(table_file(ref))


@lru_cache(maxsize=8)
def _table(path: str) -> Table:
    return Table.from_json(_table_doc(path))


def _command_ids_beside(path: Path) -> tuple[str, ...]:
    """The commands of the pieces.toml next to ``path`` (a designer's folder has its own), or
    the shipped ones when there is none or it does not read."""
    mine = path.parent / "pieces.toml"
    if mine.is_file():
        try:
            return tuple(c["id"] for c in expand_commands(load_pieces(mine)))
        except (FileError, KeyError, TypeError, ValueError):
            pass
    return tuple(c["id"] for c in bundle().commands)


def _events_beside(path: Path, pieces: dict[str, Any]) -> Problems:
    """A pieces.toml must keep every command the events.toml next to it names: the two are
    loaded together, and a command renamed here would make that deck unreadable."""
    events = path.parent / "events.toml"
    if not events.is_file():
        return []
    try:
        loaded = load(events)
    except FileError:
        return []                       # its own check reports it
    ids = tuple(c["id"] for c in expand_commands(pieces))
    return [("commands", f"events.toml beside this file, line {loaded.problem(f, m).line}: {f}: {m}")
            for f, m in events_problems(loaded.data, ids) if "command" in f][:20]


def validate_data(path: Path, data: Any) -> Problems | None:
    """The ``ridgeline validate`` hook for this game's own files (None: not one of ours)."""
    if not isinstance(data, dict):
        return None
    name = path.name
    if name == "pieces.toml":
        return pieces_problems(data) or _events_beside(path, data)
    if name == "operations.toml":
        return operations_problems(data)
    if name == "events.toml":
        return events_problems(data, _command_ids_beside(path))
    if name == "rules.toml":
        return rules_problems(data)
    return None
