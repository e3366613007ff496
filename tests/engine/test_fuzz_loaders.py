"""Fixed-seed fuzzing of every file loader behind ``ridgeline validate``.

Random bytes, byte-level mutations and structural mutations of valid files (a scenario, a save,
a hexmap, a pointgraph, a table, a game data file) go through
``app.engine.validate.validate_path`` and ``app.cli.main(["validate", f])``. Whatever the input:
no exception escapes, the exit code is 0 or 2, and every printed line is
``FILE:LINE: field: message`` (one line, UTF-8 printable). The engine's own loading code
(``files.load`` and ``validate.validate_loaded``) must not raise anything but ``FileError``
either: ``validate_path`` would hide such a crash as a problem line, so it is checked here
directly.

Hypothesis runs derandomized (the same examples every run) with bounded example counts.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
from pathlib import Path
from typing import Any, Callable
from unittest import mock

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.games
from app.cli import main
from app.engine.files import FileError, dumps_json, load
from app.engine.validate import validate_loaded, validate_path
from tests.toygame import ToyGame

PROBLEM = re.compile(r"^.+:\d+: .*: .+$")
EXAMPLES = 200

FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


# -- valid samples -----------------------------------------------------------------------------

SCENARIO = {
    "format": "ridgeline-scenario", "version": 1, "game": "chosin-few", "id": "fuzz-base",
    "name": "Fuzz base", "description": "a valid envelope",
    "start": {"turn": 1, "phase": "setup"},
    "options": {"variant": "none"},
    "piece": [{"id": "marine", "at": "C"}, {"id": "red-1", "at": "E-1", "stats": {"s": 4}}],
}

HEXMAP = {
    "kind": "hexmap", "version": 1,
    "layout": {"orientation": "flat", "offset": "odd", "columns": 8, "rows": 6,
               "first_col": 1, "first_row": 1, "id_format": "CCRR", "size": 1.0},
    "default_terrain": "clear",
    "hexes": {"0203": {"terrain": "mountain", "elevation": 2, "features": ["city"], "name": "Hill"},
              "0404": {"terrain": "rough"}},
    "hexsides": {"0203/0204": ["river"], "0404/0405": ["road"]},
    "lines": [{"id": "start-line", "name": "Start", "kind": "start-line",
               "hexsides": ["0303/0304"], "hexes_split": ["0505"]}],
    "regions": {"north": ["0101", "0201"]},
    "labels": [{"text": "SEA", "at": "0606", "size": 14}],
    "boxes": [{"id": "box", "name": "Box"}],
}

POINTGRAPH = {
    "kind": "pointgraph", "version": 1,
    "spaces": [
        {"id": "LD", "name": "Start", "colour": "white", "x": 0, "y": 0, "tags": ["start"], "attrs": {}},
        {"id": "A-1", "name": "Hill", "colour": "red", "x": 100, "y": 50, "tags": [], "attrs": {"vp": 1}},
        {"id": "C", "name": "Town", "colour": "#a0b", "x": 400, "y": 300, "tags": [], "attrs": {}},
        {"id": "D", "name": "Exit", "colour": None, "x": 600, "y": 500, "tags": ["exit"], "attrs": {}},
    ],
    "arrows": [{"from": "A-1", "to": "C", "colour": "red"},
               {"from": "C", "to": "D", "colour": "blue", "attrs": {"kind": "withdrawal"}}],
    "links": [{"a": "LD", "b": "A-1", "style": "dashed"}, {"a": "C", "b": "D", "style": "solid"}],
    "labels": [{"text": "LAKE", "x": 300, "y": 20}],
}

TABLE = {
    "kind": "table", "version": 1, "width": 48, "height": 36, "units": "in",
    "features": [
        {"id": "hill-1", "kind": "hill", "name": "Hill", "polygon": [[10, 10], [20, 10], [15, 18]],
         "attrs": {"elevation": 2, "blocks_los": True}},
        {"id": "lake-1", "kind": "lake", "polygon": [[30, 20], [40, 20], [40, 30], [30, 30]],
         "holes": [[[34, 24], [36, 24], [36, 26]]], "attrs": {"impassable": True}},
        {"id": "road-1", "kind": "road", "line": [[0, 5], [24, 5.5], [48, 5]], "attrs": {"width": 1.0}},
    ],
    "labels": [{"text": "Pass", "x": 5, "y": 33}],
}

GAME_DATA = {
    "units": [{"id": "kpa-1", "name": "1st Division", "type": "infantry", "strength": [8, 4],
               "move": 4, "setup": "1514"},
              {"id": "kpa-105", "name": "105th", "type": "armor", "strength": [10, 5], "move": 6}],
    "crt": {"columns": ["1:1", "2:1"], "rows": {"1": ["AL", "DR"], "6": ["DR", "DRL"]}},
}


def _toy_save() -> dict[str, Any]:
    from app.engine.saves import match_from_scenario_text, save_data
    m = match_from_scenario_text(ToyGame(), 'id = "toy"\nname = "Toy"\n', "toy.toml", 4)
    for a in ({"type": "step"}, {"type": "roll"}, {"type": "step"}):
        m.apply(a)
    return save_data(m)


SAVE = _toy_save()


@contextlib.contextmanager
def toy_games():
    """``get_game("toy")`` is the toy game and ``chosin-few`` scenarios are toy scenarios."""
    real_get, real_load = app.games.get_game, app.games._load
    toy = ToyGame()

    def get_game(gid):
        return toy if gid == "toy" else real_get(gid)

    def load(gid):
        if gid == "chosin-few" and real_load(gid) is None:
            return toy
        return real_load(gid)

    with mock.patch.object(app.games, "get_game", get_game), \
            mock.patch.object(app.games, "_load", load):
        yield


# -- mutations ---------------------------------------------------------------------------------

json_leaf = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
             | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
             | st.sampled_from(["0101", "1919/1920", "hexmap", "table", "pointgraph",
                                "ridgeline-save", "ridgeline-scenario", "korea38", "", "#zz",
                                "a/b", "9999/0000", "toy", "chosin-few"]))
json_value = st.recursive(json_leaf, lambda c: st.lists(c, max_size=4)
                          | st.dictionaries(st.text(max_size=6), c, max_size=4), max_leaves=10)


def _slots(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key/index) in a document, depth first."""
    out: list[tuple[Any, Any]] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k in list(x):
                out.append((x, k))
                walk(x[k])
        elif isinstance(x, list):
            for i in range(len(x)):
                out.append((x, i))
                walk(x[i])

    walk(doc)
    return out


def mutate_structure(data: st.DataObject, doc: Any, rounds: int) -> Any:
    doc = copy.deepcopy(doc)
    for _ in range(rounds):
        slots = _slots(doc)
        if not slots:
            return data.draw(json_value)
        container, key = slots[data.draw(st.integers(0, len(slots) - 1), label="slot")]
        op = data.draw(st.sampled_from(["replace", "delete", "insert", "duplicate", "retype"]),
                       label="op")
        if op == "replace":
            container[key] = data.draw(json_value, label="value")
        elif op == "delete":
            del container[key]
        elif op == "insert":
            if isinstance(container, dict):
                container[data.draw(st.text(max_size=6), label="key")] = data.draw(json_value)
            else:
                container.insert(key, data.draw(json_value, label="item"))
        elif op == "duplicate":
            v = copy.deepcopy(container[key])
            if isinstance(container, list):
                container.append(v)
            else:
                container[str(key) + "_"] = v
        else:  # the same content as another type
            v = container[key]
            container[key] = ([v] if not isinstance(v, list) else (v[0] if v else {}))
    return doc


def mutate_bytes(data: st.DataObject, raw: bytes, rounds: int) -> bytes:
    b = bytearray(raw)
    for _ in range(rounds):
        op = data.draw(st.sampled_from(["flip", "insert", "delete", "truncate", "dup-line",
                                        "drop-line", "swap-lines"]), label="byte-op")
        pos = data.draw(st.integers(0, max(0, len(b))), label="pos")
        if op == "flip" and b:
            b[min(pos, len(b) - 1)] = data.draw(st.integers(0, 255))
        elif op == "insert":
            b[pos:pos] = data.draw(st.binary(max_size=8) | st.sampled_from(
                [b'"', b"[", b"]", b"{", b"}", b"=", b"\n", b",", b":", b"\\", b'"""', b"[[",
                 b"\xff", b"\x00", b"1e999", b"-", b".", b"#"]), label="ins")
        elif op == "delete":
            del b[pos:pos + data.draw(st.integers(1, 16))]
        elif op == "truncate":
            del b[pos:]
        else:
            lines = bytes(b).split(b"\n")
            i = data.draw(st.integers(0, len(lines) - 1))
            if op == "dup-line":
                lines.insert(i, lines[i])
            elif op == "drop-line":
                del lines[i]
            else:
                j = data.draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            b = bytearray(b"\n".join(lines))
    return bytes(b)


def _to_toml(doc: Any) -> bytes | None:
    if not isinstance(doc, dict):
        return None
    try:
        return tomli_w.dumps(doc).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError):  # None, non-str keys, NaN keys...: not representable
        return None


# -- the checks --------------------------------------------------------------------------------

def check_file(path: Path) -> None:
    # 1. The engine's loaders raise nothing but FileError.
    try:
        loaded = load(path)
    except FileError as e:
        assert e.problems
        problems = e.problems
    else:
        problems = validate_loaded(loaded)
    _check_problems(problems)
    # 2. validate_path agrees and never raises.
    via_path = validate_path(path)
    _check_problems(via_path)
    assert [str(p) for p in via_path] == [str(p) for p in problems]
    # 3. The command line: exit 0 or 2, only problem lines on stdout, no traceback.
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["validate", str(path)])
    assert code in (0, 2)
    assert (code == 2) == bool(via_path)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    lines = out.getvalue().splitlines()
    assert len(lines) == len(via_path)
    for line in lines:
        assert PROBLEM.match(line), line
        line.encode("utf-8")  # printable on a UTF-8 terminal


def _check_problems(problems: list) -> None:
    for p in problems:
        s = str(p)
        assert "\n" not in s and "\r" not in s, s
        assert PROBLEM.match(s), s
        assert p.line >= 1
        s.encode("utf-8")


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _write(folder: Path, name: str, raw: bytes) -> Path:
    f = folder / name
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_bytes(raw)
    return f


def _json_bytes(doc: Any) -> bytes:
    return json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")


def test_samples_are_valid(work):
    with toy_games():
        for name, raw in (("scenario.toml", _to_toml(SCENARIO)), ("save.json", dumps_json(SAVE).encode()),
                          ("hexmap.json", _json_bytes(HEXMAP)), ("graph.json", _json_bytes(POINTGRAPH)),
                          ("table.json", _json_bytes(TABLE))):
            assert raw is not None
            f = _write(work, "valid/" + name, raw)
            assert validate_path(f) == [], name


# -- random bytes ------------------------------------------------------------------------------

@FUZZ
@given(raw=st.binary(max_size=400), ending=st.sampled_from(["toml", "json", "rsave", "jsonl", "txt"]))
def test_random_bytes(work, raw, ending):
    check_file(_write(work, f"random.{ending}", raw))


@FUZZ
@given(text=st.text(max_size=300), ending=st.sampled_from(["toml", "json"]))
def test_random_text(work, text, ending):
    check_file(_write(work, f"text.{ending}", text.encode("utf-8", "surrogatepass")))


# -- mutated valid files -----------------------------------------------------------------------

LOADERS: dict[str, tuple[Any, str, Callable[[Any], bytes | None]]] = {
    "scenario": (SCENARIO, "scenario.toml", _to_toml),
    "save": (SAVE, "save.json", _json_bytes),
    "hexmap": (HEXMAP, "hexmap.json", _json_bytes),
    "pointgraph": (POINTGRAPH, "graph.json", _json_bytes),
    "table": (TABLE, "table.json", _json_bytes),
    "game-data": (GAME_DATA, "resources/korea38/data/units.toml", _to_toml),
}


@pytest.mark.parametrize("kind", list(LOADERS))
def test_mutated_files(work, kind):
    doc, name, dump = LOADERS[kind]

    @FUZZ
    @given(data=st.data(), structural=st.integers(0, 3), byte_level=st.integers(0, 3))
    def run(data, structural, byte_level):
        mutated = mutate_structure(data, doc, structural) if structural else doc
        raw = dump(mutated)
        if raw is None:  # not representable in TOML: mutate the valid bytes instead
            raw = dump(doc)
        assert raw is not None
        if byte_level:
            raw = mutate_bytes(data, raw, byte_level)
        with toy_games():
            check_file(_write(work / kind, name, raw))

    run()


PLAYABLE_SCENARIOS = sorted(
    p for g in app.games.GAME_IDS if app.games.is_playable(g)
    for p in (app.games.RESOURCES if hasattr(app.games, "RESOURCES") else __import__("app").RESOURCES)
    .joinpath(g, "scenarios").glob("*.toml"))


@pytest.mark.skipif(not PLAYABLE_SCENARIOS, reason="no shipped scenario of a playable game yet")
@pytest.mark.parametrize("scenario", PLAYABLE_SCENARIOS[:5], ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_mutated_shipped_scenarios(work, scenario):
    """The real games' scenario checkers: through validate_path only (a crash in a game's
    checker is reported as a problem line, which is the CLI contract)."""
    original = scenario.read_bytes()

    @settings(max_examples=60, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data(), rounds=st.integers(1, 3))
    def run(data, rounds):
        f = _write(work / "shipped" / scenario.parent.parent.name, scenario.name,
                   mutate_bytes(data, original, rounds))
        problems = validate_path(f)
        _check_problems(problems)
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            assert main(["validate", str(f)]) in (0, 2)
        assert all(PROBLEM.match(line) for line in out.getvalue().splitlines())

    run()
