"""Issue 18.2 / 19: every data file kind of every game has a JSON Schema in its package;
every shipped file passes it, and a broken copy of each kind is refused at the right line."""

from __future__ import annotations

import importlib
import json
import re
import shutil

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES, ROOT
from app.cli import main
from app.engine.datacheck import in_range, references, unique_ids
from app.engine.schemas import package_schema
from app.engine.validate import validate_path

KINDS = {"korea38": ["terrain", "counters", "crt", "turns", "rules"],
         "chosin_few": ["cards", "tracks", "components"],
         "guts": ["rosters", "enemy"]}
#: A break for each kind: (text to find, replacement, field expected in the problem line).
BREAKS = {
    ("korea38", "terrain"): (r"(\[terrain\.open\][^\[]*?cost = )\d+", r'\1"free"', "terrain.open.cost"),
    ("korea38", "counters"): (r"(move = )\d+", r"\1[4]", ".move"),
    ("korea38", "crt"): (r'(\ncolumns = )\[', r'\1"x"\n_old = [', "columns"),
    ("korea38", "turns"): (r"(\nnumber = )\d+", r'\1"one"', ".number"),
    ("korea38", "rules"): (r"(\nstacking_limit = )\d+", r"\1true", "game.stacking_limit"),
    ("chosin_few", "cards"): (r"(\nactions = )\d+", r'\1"two"', ".actions"),
    ("chosin_few", "tracks"): (r"(\[tracks\.marine\])", r"[tracks]\nplain = 1\n\n\1", "tracks.plain"),
    ("chosin_few", "components"): (r"(\ntokens = )\d+", r"\1{ n = 1 }", "air_support.tokens"),
    ("guts", "rosters"): (r"(\nguts = )\d+", r'\1"brave"', ".guts"),
    ("guts", "enemy"): (r"(\ndraw = )\d+", r"\1[6]", "deck.draw"),
}
LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+): (?P<field>.*?): (?P<msg>.+)$")


def _folder(game: str) -> str:
    return game.replace("_", "-")


@pytest.mark.parametrize("game,kind", [(g, k) for g, ks in KINDS.items() for k in ks])
def test_every_shipped_data_file_passes_its_schema(game, kind):
    importlib.import_module(f"app.games.{game}.data")
    schema = package_schema(f"app.games.{game}.data", kind)
    assert schema is not None, f"app/games/{game}/schemas/{kind}.json is missing"
    assert validate_path(RESOURCES / _folder(game) / f"{kind}.toml") == []


@pytest.mark.parametrize("game,kind", sorted(BREAKS))
def test_a_broken_copy_of_each_kind_gives_its_line(tmp_path, capsys, game, kind):
    src = RESOURCES / _folder(game) / f"{kind}.toml"
    folder = tmp_path / "resources" / _folder(game)
    folder.mkdir(parents=True)
    for f in (RESOURCES / _folder(game)).iterdir():
        if f.is_file():
            shutil.copy(f, folder / f.name)
    pattern, repl, field = BREAKS[(game, kind)]
    text, n = re.subn(pattern, repl, src.read_text(), count=1)
    assert n == 1
    target = folder / f"{kind}.toml"
    target.write_text(text)
    assert main(["validate", str(target)]) == 2
    lines = [LINE.match(ln) for ln in capsys.readouterr().out.splitlines() if ln.strip()]
    assert lines and all(lines)
    hit = [m for m in lines if field in m["field"]]
    assert hit, [m.group(0) for m in lines]
    changed = next(i for i, (a, b) in enumerate(zip(text.splitlines(), src.read_text().splitlines()), 1) if a != b)
    assert abs(int(hit[0]["line"]) - changed) <= 1, (hit[0].group(0), changed)
    assert "Error" not in hit[0]["msg"]


def test_chosin_tracks_with_a_plain_key_are_refused_not_crashed_later(tmp_path, capsys):
    folder = tmp_path / "resources" / "chosin-few"
    (folder / "scenarios").mkdir(parents=True)
    for n in ("board.json", "cards.toml", "tracks.toml", "components.toml"):
        shutil.copy(RESOURCES / "chosin-few" / n, folder / n)
    shutil.copy(RESOURCES / "chosin-few/scenarios/standard.toml", folder / "scenarios/s.toml")
    t = folder / "tracks.toml"
    t.write_text(t.read_text().replace("[tracks.marine]", "[tracks]\nspeed = 3\n\n[tracks.marine]", 1))
    assert main(["validate", str(t)]) == 2
    assert main(["run", str(folder / "scenarios/s.toml")]) == 2
    err = capsys.readouterr()
    assert "tracks.speed" in err.out and "tracks.speed" in err.err and "Traceback" not in err.err


@pytest.mark.parametrize("value", ["nan", "inf", "true", '"one"', "[1]"])
def test_korea_rules_with_a_bad_stacking_limit_are_refused_not_crashed_later(tmp_path, capsys, value):
    folder = tmp_path / "resources" / "korea38"
    (folder / "scenarios").mkdir(parents=True)
    for f in (RESOURCES / "korea38").iterdir():
        if f.is_file():
            shutil.copy(f, folder / f.name)
    (folder / "scenarios" / "c.toml").write_text(
        (RESOURCES / "korea38/scenarios/campaign.toml").read_text().replace("[start]\n", '[start]\ndata = "."\n', 1))
    r = folder / "rules.toml"
    r.write_text(re.sub(r"\nstacking_limit = \d+", f"\nstacking_limit = {value}", r.read_text(), count=1))
    assert main(["validate", str(r)]) == 2
    acts = tmp_path / "a.jsonl"
    acts.write_text('{"type": "end-phase"}\n')
    assert main(["run", str(folder / "scenarios/c.toml"), "--actions", str(acts)]) == 2
    out = capsys.readouterr()
    assert "stacking_limit" in out.out and "Traceback" not in out.err


def test_the_shared_cross_record_helpers():
    recs = [{"id": "a"}, {"id": "b"}, {"id": "a"}, {"id": ["x"]}]
    assert unique_ids(recs, "unit") == [("unit.2.id", "id 'a' is used twice")]
    assert unique_ids(recs, "unit", brackets=True)[0][0] == "unit[2].id"
    assert references("lod.1", ["A", "Z"], {"A"}, "space") == [("lod.1", "unknown space 'Z'")]
    assert in_range("start", 7, 1, 5, "the start step") and not in_range("start", 3, 1, 5, "x")


def test_every_game_ships_its_action_and_scenario_schemas():
    for game in KINDS:
        for name in ("actions", "scenario"):
            doc = json.loads((ROOT / "app" / "games" / game / "schemas" / f"{name}.json").read_text())
            assert doc.get("$schema")
