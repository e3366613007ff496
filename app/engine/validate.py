"""``ridgeline validate``: check any Ridgeline file and report every problem by line and field.

Whatever the bytes, this never raises: an unexpected failure inside a checker becomes a problem
line too, so designers always get ``FILE:LINE: field: message`` and never a traceback.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Callable

from app.engine import catalog, rules_summary
from app.engine.files import (JOURNAL_FORMAT, SAVE_FORMAT, SCENARIO_FORMAT, FileError, FileProblem,
                              Loaded, load)
from app.engine.schemas import SAVE_SCHEMA, schema_problems

#: Board file kinds and the engine function that checks each.
BOARD_VALIDATORS: dict[str, tuple[str, str]] = {
    "hexmap": ("app.engine.hexcheck", "validate_hexmap"),
    "pointgraph": ("app.engine.pointgraph", "validate_pointgraph"),
    "table": ("app.engine.table", "validate_table"),
}


def _board_validator(kind: str) -> Callable[[Any], list[tuple[str, str]]] | None:
    mod_name, fn = BOARD_VALIDATORS[kind]
    try:
        return getattr(importlib.import_module(mod_name), fn)
    except (ImportError, AttributeError):
        return None


def validate_loaded(loaded: Loaded) -> list[FileProblem]:
    data = loaded.data
    if not isinstance(data, dict):
        return [loaded.problem("", "expected a table/object at the top of the file")]
    fmt = data.get("format")
    if fmt == SCENARIO_FORMAT:
        from app.engine.scenario import check_scenario
        return check_scenario(loaded)[1]
    if fmt in (SAVE_FORMAT, JOURNAL_FORMAT):
        from app.engine.saves import journal_as_save, replay_loaded
        if fmt == JOURNAL_FORMAT:
            data = journal_as_save(loaded.text)
            if data is None:
                return [loaded.problem("", "this crash journal holds no game that can be recovered")]
            loaded = Loaded(loaded.path, loaded.text, data, loaded.lines, loaded.json)
        problems = [loaded.problem(f, m) for f, m in schema_problems(data, SAVE_SCHEMA)]
        if problems:
            return problems
        try:
            replay_loaded(loaded, keep_snapshots=False)
        except FileError as e:
            return e.problems
        return []
    if fmt == rules_summary.FORMAT:
        return rules_summary.problems_of(loaded)
    kind = data.get("kind")
    if isinstance(kind, str) and kind in BOARD_VALIDATORS:
        fn = _board_validator(kind)
        if fn is None:
            return [loaded.problem("kind", f"this build cannot check {kind} files")]
        # The checker goes deeper than the published schema and then runs it too, as loading
        # does; a board of a game's own folder is then held to what that game reads from it.
        problems = [loaded.problem(f, m) for f, m in fn(data)]
        return problems or _game_data_problems(loaded) or []
    game_problems = _game_data_problems(loaded)
    if game_problems is not None:
        return game_problems
    return [loaded.problem("format" if "format" in data else "",
                           "unknown file kind: expected a scenario (format = \"ridgeline-scenario\"), "
                           "a save, rule summaries (format = \"ridgeline-rules-summary\"), a board "
                           "(kind = hexmap/pointgraph/table) or a game data file under resources/<game>/")]


def _game_data_problems(loaded: Loaded) -> list[FileProblem] | None:
    """Ask the game that owns ``resources/<game>/...`` to check one of its data files."""
    parts = Path(loaded.path).resolve().parts
    for gid in catalog.known_ids():
        if gid in parts and "resources" in parts:
            try:
                game = catalog.resolve(gid)
            except catalog.UnknownGame:
                continue
            res = game.validate_data(Path(loaded.path), loaded.data)
            if res is not None:
                return [loaded.problem(f, m) for f, m in res]
    return None


def validate_path(path: str | Path) -> list[FileProblem]:
    p = str(path)
    try:
        loaded = load(path)
    except FileError as e:
        return e.problems
    except Exception as e:  # pragma: no cover - last line of defence
        return [FileProblem(p, 1, "", "cannot be read")]
    try:
        return validate_loaded(loaded)
    except RecursionError:
        return [FileProblem(p, 1, "", "structure nested too deeply")]
    except Exception as e:  # noqa: BLE001 - last line of defence: a line, never a traceback
        return [FileProblem(p, 1, "", "could not be checked: one of its values has a shape "
                                      "this kind of file does not allow")]
