"""Issue 18.2 for Semper Fi! and Frozen Chosin, and the board schemas run on load.

Every data file kind of the two games has a JSON Schema in its package; every shipped file
passes it, and a broken copy of each kind is refused by ``ridgeline validate`` with a
``FILE:LINE: field.path: message`` line at the broken line. The published board schemas
(hex map, table, point graph) run whenever a board is loaded, not only in ``validate``.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.cli import main
from app.engine.schemas import HEXMAP_SCHEMA, POINTGRAPH_SCHEMA, TABLE_SCHEMA, package_schema
from app.engine.validate import validate_path

#: (game package, schema kind) -> the shipped files it covers, under resources/<game>/.
SHIPPED = {
    ("semper_fi", "counters"): ["counters.toml"],
    ("semper_fi", "tables"): ["tables.toml"],
    ("semper_fi", "terrain"): ["maps/terrain.toml"],
    ("semper_fi", "map"): ["maps/changchon.json", "maps/no-name-ridge.json", "maps/fox-hill.json",
                           "maps/hagaru.json"],
    ("semper_fi", "scenario"): ["scenarios/*.toml"],
    ("frozen_chosin", "pieces"): ["pieces.toml"],
    ("frozen_chosin", "operations"): ["operations.toml"],
    ("frozen_chosin", "events"): ["events.toml"],
    ("frozen_chosin", "rules"): ["rules.toml"],
    ("frozen_chosin", "scenario"): ["scenarios/*.toml"],
}
#: A break of each kind: (file, pattern, replacement, field named in the problem line).
BREAKS = {
    "semper-fi counters": ("counters.toml", r"(\nsteps = )\d+", r'\1"five"', "type.marine-rifle.steps"),
    "semper-fi tables": ("tables.toml", r"(\[terrain\.open\]\nfoot = )\d+", r'\1"free"', "terrain.open.foot"),
    "semper-fi map palette": ("maps/terrain.toml", r'(\ncolour = )"#E9E2C8"', r'\1"beige"', "terrain.open.colour"),
    "semper-fi map": ("maps/changchon.json", r'("contour_interval": )20', r"\g<1>2.5", "contour_interval"),
    "semper-fi scenario": ("scenarios/4-1-ambush.toml", r'(\nfirst = )"12 Aug 1300"', r"\g<1>1300", "turns.first"),
    "frozen-chosin pieces": ("pieces.toml", r"(\nfp = )3", r'\1"many"', ".fp"),
    "frozen-chosin operations": ("operations.toml", r"(\ncost = )2", r"\g<1>9", "operation.0.cost"),
    "frozen-chosin events": ("events.toml", r'effect = "no-air"', r'effect = "no-tea"', "card.0.effects.0.effect"),
    "frozen-chosin rules": ("rules.toml", r"(\nturns = )8", r'\1"eight"', "turns"),
    "frozen-chosin table": ("table.json", r'(\n  "width": )72\.0', r'\1"wide"', "width"),
    "frozen-chosin scenario": ("scenarios/first-days.toml", r"(\nturns = )2", r'\1"two"', "turns"),
}
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+): (?P<field>.*?): (?P<msg>.+)$")


def _files(game: str, patterns: list[str]) -> list[Path]:
    folder = RESOURCES / game.replace("_", "-")
    return [f for p in patterns for f in sorted(folder.glob(p))]


@pytest.mark.parametrize("game,kind", sorted(SHIPPED))
def test_every_shipped_file_passes_its_schema(game, kind):
    from app.engine.schemas import schema_problems
    from app.engine.files import load
    mod = f"app.games.{game}.data"
    __import__(mod)
    schema = package_schema(mod, kind)
    assert schema is not None and schema.get("$schema"), f"app/games/{game}/schemas/{kind}.json"
    files = _files(game, SHIPPED[(game, kind)])
    assert files
    for f in files:
        assert schema_problems(load(f).data, schema) == [], f
        assert validate_path(f) == [], f


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_broken_copy_of_each_kind_gives_its_line(tmp_path, capsys, name):
    game = name.split()[0]
    rel, pattern, repl, field = BREAKS[name]
    folder = tmp_path / "resources" / game
    shutil.copytree(RESOURCES / game, folder)
    target = folder / rel
    src = target.read_text(encoding="utf-8")
    text, n = re.subn(pattern, repl, src, count=1)
    assert n == 1, pattern
    target.write_text(text, encoding="utf-8")
    assert main(["validate", str(target)]) == 2
    lines = [LINE.match(ln) for ln in capsys.readouterr().out.splitlines() if ln.strip()]
    assert lines and all(lines)
    hit = [m for m in lines if m["field"].endswith(field)]
    assert hit, [m.group(0) for m in lines]
    changed = next(i for i, (a, b) in enumerate(zip(text.splitlines(), src.splitlines()), 1) if a != b)
    assert abs(int(hit[0]["line"]) - changed) <= 1, (hit[0].group(0), changed)
    assert "Error" not in hit[0]["msg"] and "Traceback" not in hit[0]["msg"]


def test_semper_fi_counters_that_name_an_unknown_type_are_refused():
    from app.games.semper_fi.data import validate_counters
    import tomllib
    data = tomllib.loads((RESOURCES / "semper-fi/counters.toml").read_text(encoding="utf-8"))
    fid = next(iter(data["formation"]))
    data["formation"][fid]["units"][0][0] = "no-such-type"
    counters, problems = validate_counters(data)
    assert counters is None
    assert (f"formation.{fid}.units.0.0", "unknown counter type 'no-such-type'") in problems


def test_frozen_chosin_bases_used_twice_are_refused():
    from app.games.frozen_chosin.data import pieces_problems
    import tomllib
    data = tomllib.loads((RESOURCES / "frozen-chosin/pieces.toml").read_text(encoding="utf-8"))
    reg = next(r for c in data["commands"] for r in c.get("regiments", []) if len(r.get("bases", [])) > 1)
    reg["bases"][1][0] = reg["bases"][0][0]
    assert any("duplicate base id" in m for _f, m in pieces_problems(data))


def test_frozen_chosin_event_effects_need_their_keys():
    from app.games.frozen_chosin.data import events_problems
    data = {"card": [{"id": "c", "effects": [{"effect": "cold", "side": "un"}]}]}
    fields = {f for f, _m in events_problems(data, ("pva-20",))}
    assert "card.0.effects.0.per" in fields and "card.0.effects.0.count" in fields


def test_a_frozen_chosin_table_outside_its_folder_is_refused(tmp_path):
    from app.engine.paths import OutsideFolder
    from app.games.frozen_chosin.data import table_path
    with pytest.raises(OutsideFolder, match="resources/frozen-chosin"):
        table_path(str(RESOURCES / "frozen-chosin" / "table.json"))
    with pytest.raises(OutsideFolder):
        table_path("../korea38/map.json")
    assert table_path("table.json") == (RESOURCES / "frozen-chosin" / "table.json").resolve()


# -- the board schemas run on load -------------------------------------------------------------

def _tightened(monkeypatch, schema: dict, key: str, rule: dict) -> None:
    """The published schema with one rule stricter than the hand-written checks, so only the
    schema can refuse it: proves the loader runs the schema. (Results are kept by document
    and schema object, so the test starts from an empty store.)"""
    from collections import OrderedDict
    from app.engine import schemas
    monkeypatch.setitem(schema["properties"], key, rule)
    monkeypatch.setattr(schemas, "_RESULTS", OrderedDict())


@pytest.mark.parametrize("module,cls,error,schema,file,key,rule,change", [
    ("hexgrid", "HexGrid", "HexMapError", HEXMAP_SCHEMA, "semper-fi/maps/changchon.json",
     "default_terrain", {"const": "nothing-ships-this"}, {}),
    ("table", "Table", "TableError", TABLE_SCHEMA, "frozen-chosin/table.json",
     "width", {"type": "number", "maximum": 10}, {}),
    ("pointgraph", "PointGraph", "PointGraphError", POINTGRAPH_SCHEMA, "chosin-few/board.json",
     "labels", {"type": "array", "maxItems": 0}, {"labels": [{"text": "x"}]}),
])
def test_board_schemas_run_on_load(monkeypatch, module, cls, error, schema, file, key, rule, change):
    import importlib
    from app.engine.files import load
    mod = importlib.import_module(f"app.engine.{module}")
    board, problem = getattr(mod, cls), getattr(mod, error)
    data = dict(load(RESOURCES / file).data, **change)
    board.from_json(data)                                  # the shipped board loads
    _tightened(monkeypatch, schema, key, rule)
    with pytest.raises(problem) as e:
        board.from_json(data)
    assert [p for p, _m in e.value.problems] == [key]

def test_schema_results_are_kept_by_content_not_by_object():
    from app.engine.schemas import schema_problems
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert schema_problems({"n": 1}, schema) == []
    bad = {"n": "x"}
    first = schema_problems(bad, schema)
    assert first and first[0][0] == "n"
    first.append(("mine", "a caller's own list"))
    assert schema_problems({"n": "x"}, schema) == first[:1]     # same content, same answer
    assert schema_problems({"n": 2}, schema) == []


@pytest.mark.parametrize("entry,field", [("0", "rules.march_column.entry"),
                                         ('"99.99"', "rules.march_column.entry")])
def test_a_march_column_off_the_map_is_refused_not_crashed_later(tmp_path, capsys, entry, field):
    """Found by the long fuzz run: ``entry = 0`` passed ``validate`` and crashed ``legal``."""
    src = (RESOURCES / "semper-fi/scenarios/4-1-ambush.toml").read_text(encoding="utf-8")
    text, n = re.subn(r'(\[rules\.march_column\]\nentry = )"[^"]+"', rf"\g<1>{entry}", src, count=1)
    assert n == 1
    f = tmp_path / "ambush.toml"
    f.write_text(text, encoding="utf-8")
    assert main(["validate", str(f)]) == 2
    assert main(["legal", str(f)]) == 2
    out = capsys.readouterr()
    assert field in out.out and "Traceback" not in out.err


def test_an_artillery_group_without_batteries_is_refused_not_crashed_later(tmp_path, capsys):
    """Found by the long fuzz run: such a group passed ``validate`` and crashed ``legal``."""
    src = (RESOURCES / "semper-fi/scenarios/4-1-ambush.toml").read_text(encoding="utf-8")
    f = tmp_path / "ambush.toml"
    f.write_text(src.replace('batteries = ["baker-1-11"]\n', "", 1), encoding="utf-8")
    assert main(["validate", str(f)]) == 2
    assert main(["legal", str(f)]) == 2
    out = capsys.readouterr()
    assert "artillery.0.batteries: required field is missing" in out.out and "Traceback" not in out.err
