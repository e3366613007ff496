"""Loading a scenario file: parse, check the envelope, hand the rest to its game.

The game is found through a resolver (:mod:`app.engine.catalog`): the engine knows no game.
Data files the scenario names may come from ``resources/<game>/`` or the designer's folder of
the scenario file (:mod:`app.engine.paths`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine.catalog import Resolver, UnknownGame, resolve
from app.engine.files import FileError, Loaded, load
from app.engine.game import Game
from app.engine.paths import designer_folder, designer_folder_of
from app.engine.schemas import SCENARIO_SCHEMA, game_schema, schema_problems


def check_scenario(loaded: Loaded, resolver: Resolver | None = None,
                   folder: str | Path | None = None) -> tuple[Game | None, list[Any]]:
    """The game of a parsed scenario and every problem found in it (FileProblem list).

    ``folder`` is the designer's folder data files may also come from (default: that of the
    file itself when it is one on disk; ``""``: none, as for a scenario carried inside a save).
    """
    data = loaded.data
    if not isinstance(data, dict):
        return None, [loaded.problem("", "a scenario must be a TOML table")]
    problems = [loaded.problem(f, m) for f, m in schema_problems(data, SCENARIO_SCHEMA)]
    gid = data.get("game")
    if not isinstance(gid, str):
        return None, problems
    try:
        game = resolve(gid, resolver)
    except UnknownGame as e:
        if not any(p.field == "game" for p in problems):
            problems.append(loaded.problem("game", str(e)))
        return None, problems
    if folder is None and Path(loaded.path).is_file():
        folder = designer_folder_of(loaded.path)
    if not problems:
        own = game_schema(game, "scenario")
        if own is not None:
            problems += [loaded.problem(f, m) for f, m in schema_problems(data, own)]
    if not problems:
        with designer_folder(folder or None):
            problems += [loaded.problem(f, m) for f, m in _game_problems(game, data)]
    if not problems:  # the moment of play: [position] (app.engine.position)
        from app.engine.position import position_problems
        with designer_folder(folder or None):
            problems += [loaded.problem(f, m) for f, m in position_problems(game, data)]
    return game, problems


def _game_problems(game: Game, data: dict[str, Any]) -> list[tuple[str, str]]:
    """The game's own check; a checker that fails on odd input still yields a problem line."""
    try:
        return list(game.validate_scenario(data))
    except RecursionError:
        return [("", "nested too deeply to check")]
    except Exception as e:  # noqa: BLE001 - a checker bug must not become a traceback
        return [("", "this scenario could not be checked: one of its values, or of the data "
                     "files it names, has a shape the game does not expect")]


def load_scenario(path: str | Path, resolver: Resolver | None = None) -> tuple[Game, Loaded]:
    """Parse and validate a scenario; FileError listing every problem if it is not playable."""
    loaded = load(path)
    game, problems = check_scenario(loaded, resolver)
    if problems or game is None:
        raise FileError(problems or [loaded.problem("game", "no game")])
    return game, loaded


def scenario_summary(data: dict[str, Any]) -> dict[str, Any]:
    return {k: data.get(k) for k in ("game", "id", "name", "description")}
