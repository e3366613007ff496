"""Canonical JSON/TOML spelling and ``ridgeline fmt``."""

from __future__ import annotations

import json
import tomllib

import pytest

from app.cli import main as cli_main
from app.engine.canonical import (canonical_json, canonical_toml, dumps_toml, format_files,
                                  toml_comments)
from app.engine.files import FileError, dumps_json

import tomli_w

COMMENTED = '''# Korea counters
# sources: order of battle

format = "x"   # the format
# the version
version = 1
long = [
  1, # one
  2,
]
desc = """multi
# not a comment
line"""
odd = 'C:\\path # no'

# units follow
[[unit]]
id = "kpa-1"  # first
strength = [8, 4]

[unit.extra]
# nested
q = 1

[[unit]]
id = "kpa-2"
"quoted key" = "v"  # q
# end of file
'''


def test_json_canonical_is_dumps_json_and_idempotent():
    text = '{"b": 1, "a": [1,2, {"z": "\\u00e9", "y": 1.0}]}'
    c = canonical_json(text)
    assert c == dumps_json(json.loads(text))
    assert "é" in c and c.endswith("}\n")
    assert canonical_json(c) == c


def test_toml_without_comments_is_tomli_w_with_short_arrays_folded():
    data = {"format": "ridgeline-scenario", "version": 1, "name": "Ünï",
            "unit": [{"id": "a", "strength": [8, 4]}, {"id": "b", "x": 1.5}],
            "terrain": {"clear": {"colour": "#E9E2C8"}}}
    text = tomli_w.dumps(data).replace("strength = [\n    8,\n    4,\n]", "strength = [8, 4]")
    assert "strength = [8, 4]\n" in text
    assert canonical_toml(text) == text
    assert dumps_toml(data) == text


def test_long_and_nested_arrays_fold_only_when_they_fit():
    from app.engine.canonical import INLINE_ARRAY_WIDTH
    data = {"crt": {"1:1": ["AL", "NE", "DR"]}, "poly": [[0, 0], [1.5, 2]],
            "names": ["x" * 40, "y" * 40, "z" * 40], "mixed": [{"id": 1}], "s": ["a, b", "c]"]}
    text = dumps_toml(data)
    assert '"1:1" = ["AL", "NE", "DR"]' in text
    assert "poly = [[0, 0], [1.5, 2]]" in text
    assert 'names = [\n' in text  # too wide for one line
    assert "mixed = [\n    { id = 1 },\n]" in text  # tables are never folded
    assert all(len(line) <= INLINE_ARRAY_WIDTH for line in text.splitlines())
    assert tomllib.loads(text) == data
    assert dumps_toml(tomllib.loads(text)) == text


def test_toml_canonical_keeps_data_and_comments_and_is_idempotent():
    c = canonical_toml(COMMENTED)
    assert tomllib.loads(c) == tomllib.loads(COMMENTED)
    assert canonical_toml(c) == c
    for snippet in ("# Korea counters\n# sources: order of battle\n\n", 'format = "x"  # the format',
                    "# the version\nversion = 1", "# one\nlong = [", "# units follow\n[[unit]]",
                    'id = "kpa-1"  # first', "# nested\nq = 1", '"quoted key" = "v"  # q'):
        assert snippet in c, snippet
    assert c.rstrip().endswith("# end of file")
    assert "# not a comment" in tomllib.loads(c)["desc"]


def test_comments_of_removed_keys_are_not_lost():
    com = toml_comments('a = 1\n# about b\nb = 2  # inline b\n')
    out = dumps_toml({"a": 1}, com)
    assert "# about b" in out and "# inline b" in out
    assert tomllib.loads(out) == {"a": 1}


def test_invalid_toml_raises_file_error_with_line():
    with pytest.raises(FileError) as e:
        canonical_toml("a = 1\nb = = 2\n", "x.toml")
    assert e.value.problems[0].line == 2


def test_fmt_check_names_non_canonical_file_and_exits_1(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(dumps_json({"a": 1}), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text('{"b":1,"a":2}', encoding="utf-8")
    assert format_files([str(good)], check=True) == 0
    assert format_files([str(good), str(bad)], check=True) == 1
    out = capsys.readouterr().out
    assert str(bad) in out and str(good) not in out
    assert bad.read_text(encoding="utf-8") == '{"b":1,"a":2}'  # check never writes


def test_fmt_rewrites_and_then_passes(tmp_path):
    t = tmp_path / "c.toml"
    t.write_text(COMMENTED, encoding="utf-8")
    assert cli_main(["fmt", str(t), "--check"]) == 1
    assert cli_main(["fmt", str(t)]) == 0
    assert cli_main(["fmt", str(t), "--check"]) == 0
    assert tomllib.loads(t.read_text(encoding="utf-8")) == tomllib.loads(COMMENTED)


def test_fmt_invalid_file_exits_2_with_file_line(tmp_path, capsys):
    t = tmp_path / "broken.toml"
    t.write_text('a = 1\n[x\n', encoding="utf-8")
    j = tmp_path / "broken.json"
    j.write_text('{\n  "a": 1,\n}\n', encoding="utf-8")
    assert format_files([str(t), str(j)], check=True) == 2
    out = capsys.readouterr().out
    assert f"{t}:2:" in out and f"{j}:3:" in out
    assert format_files([str(tmp_path / "missing.json")], check=False) == 2


def test_fmt_walks_folders(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "m.json").write_text('{"a":1}', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("ignored", encoding="utf-8")
    assert format_files([str(tmp_path)], check=True) == 1
    assert "m.json" in capsys.readouterr().out
