"""Shipped boards satisfy the published JSON Schemas, and the schemas catch what they promise."""

import json
from pathlib import Path

import pytest

from app.cli import main
from app.engine.schemas import SCHEMAS, schema_problems

ROOT = Path(__file__).resolve().parents[2]
BOARDS = sorted(p for p in ROOT.glob("resources/*/*.json")
                if json.loads(p.read_text(encoding="utf-8")).get("kind") in ("hexmap", "pointgraph", "table"))


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_board_matches_its_schema(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert schema_problems(data, SCHEMAS[data["kind"]]) == []


def test_there_is_a_board_of_each_kind():
    kinds = {json.loads(p.read_text(encoding="utf-8"))["kind"] for p in BOARDS}
    assert kinds == {"hexmap", "pointgraph", "table"}


def test_schema_problems_name_the_field():
    bad = {"kind": "table", "version": 1, "width": 10, "height": 8,
           "features": [{"id": "w", "kind": "woods", "polygon": [[0, 0], [1, 1]]}]}
    fields = [f for f, _ in schema_problems(bad, SCHEMAS["table"])]
    assert fields and fields[0].startswith("features.0")
    bad = {"kind": "hexmap", "version": 1, "layout": {"columns": 0, "rows": 4, "orientation": "round"}}
    fields = {f for f, _ in schema_problems(bad, SCHEMAS["hexmap"])}
    assert {"layout.columns", "layout.orientation"} <= fields


@pytest.mark.parametrize("kind", ["hexmap", "pointgraph", "table", "scenario", "save"])
def test_schema_command_prints_json(kind, capsys):
    assert main(["schema", kind]) == 0
    assert json.loads(capsys.readouterr().out)["title"].startswith("Ridgeline")
