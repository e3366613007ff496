"""Loading a scenario file: parse, check the envelope, hand the rest to its game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine.files import FileError, FileProblem, Loaded, load
from app.engine.game import Game
from app.engine.schemas import SCENARIO_SCHEMA, schema_problems


def check_scenario(loaded: Loaded) -> tuple[Game | None, list[FileProblem]]:
    """The game of a parsed scenario and every problem found in it."""
    from app.games import UnknownGame, get_game
    data = loaded.data
    if not isinstance(data, dict):
        return None, [loaded.problem("", "a scenario must be a TOML table")]
    problems = [loaded.problem(f, m) for f, m in schema_problems(data, SCENARIO_SCHEMA)]
    gid = data.get("game")
    if not isinstance(gid, str):
        return None, problems
    try:
        game = get_game(gid)
    except UnknownGame as e:
        if not any(p.field == "game" for p in problems):
            problems.append(loaded.problem("game", str(e)))
        return None, problems
    if not problems:
        problems += [loaded.problem(f, m) for f, m in game.validate_scenario(data)]
    if not problems:  # the moment of play: [position] (app.engine.position)
        from app.engine.position import position_problems
        problems += [loaded.problem(f, m) for f, m in position_problems(game, data)]
    return game, problems


def load_scenario(path: str | Path) -> tuple[Game, Loaded]:
    """Parse and validate a scenario; FileError listing every problem if it is not playable."""
    loaded = load(path)
    game, problems = check_scenario(loaded)
    if problems or game is None:
        raise FileError(problems or [loaded.problem("game", "no game")])
    return game, loaded


def scenario_summary(data: dict[str, Any]) -> dict[str, Any]:
    return {k: data.get(k) for k in ("game", "id", "name", "description")}
