"""Rule summary files (``resources/<game>/rules_summary.toml``) are checked like every other data
file: ``ridgeline validate`` knows them, a broken one is reported by line and field, and the
window's Rules panel says so instead of showing an empty panel."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app import RESOURCES
from app.engine.rules_summary import read
from app.engine.validate import validate_path
from app.ui.rules_panel import load_summaries, summary_problems

SHIPPED = sorted(RESOURCES.glob("*/rules_summary.toml"))


def test_every_game_ships_rule_summaries():
    assert {p.parent.name for p in SHIPPED} == {"korea38", "semper-fi", "frozen-chosin", "chosin-few", "guts"}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.parent.name)
def test_every_shipped_rule_summary_file_is_valid(path: Path):
    assert validate_path(path) == []
    rules, problems = read(path)
    assert problems == [] and len(rules) >= 30


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    src = RESOURCES / "korea38" / "rules_summary.toml"
    folder = tmp_path / "korea38"
    folder.mkdir()
    dst = folder / "rules_summary.toml"
    text = src.read_text(encoding="utf-8")
    assert old in text
    dst.write_text(text.replace(old, new, 1), encoding="utf-8")
    return dst


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_rule_without_its_summary_is_reported_at_its_line(tmp_path: Path):
    path = _broken(tmp_path, "summary = ", "summery = ")
    problems = validate_path(path)
    assert problems, "a misspelt key must not pass"
    assert all(p.file == str(path) for p in problems)
    assert any(p.field.startswith("rule.0") for p in problems)
    assert problems[0].line >= _line_of(path, "[[rule]]")


def test_a_rule_number_answered_twice_is_reported(tmp_path: Path):
    first = read(RESOURCES / "korea38" / "rules_summary.toml")[0]
    a, b = first[0].id, first[1].id
    path = _broken(tmp_path, f'id = "{b}"', f'id = "{a}"')
    problems = validate_path(path)
    assert [p.field for p in problems] == ["rule.1.id"]
    assert f"{a!r} already has an entry" in problems[0].message
    twice = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if line.startswith(f'id = "{a}"')]
    assert len(twice) == 2 and problems[0].line == twice[1]


def test_the_rules_panel_reports_a_broken_file_instead_of_showing_nothing(tmp_path: Path):
    _broken(tmp_path, "version = 1", 'version = "one"')
    assert load_summaries("korea38", tmp_path) == []
    lines = summary_problems("korea38", tmp_path)
    assert lines and "rules_summary.toml:" in lines[0] and "version" in lines[0]
    # a game with no file at all is not "broken"
    assert summary_problems("guts", tmp_path) == []


def test_a_good_copy_reads_the_same_as_the_shipped_file(tmp_path: Path):
    shutil.copytree(RESOURCES / "korea38", tmp_path / "korea38", ignore=shutil.ignore_patterns("tutorial"))
    assert [r.id for r in load_summaries("korea38", tmp_path)] == [r.id for r in load_summaries("korea38")]
