"""The games and scenarios the window offers: the installed games (``app.games``), plus any a
designer or a test registers at run time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.engine.game import Game


@dataclass
class ScenarioEntry:
    id: str
    name: str
    path: Path | None = None
    text: str = ""

    def read(self) -> str:
        if self.text:
            return self.text
        assert self.path is not None
        return self.path.read_text(encoding="utf-8")


_EXTRA: dict[str, tuple[Game, list[ScenarioEntry]]] = {}


def register(game: Game, scenarios: list[ScenarioEntry]) -> None:
    _EXTRA[game.id] = (game, list(scenarios))


def unregister(game_id: str) -> None:
    _EXTRA.pop(game_id, None)


def games() -> list[tuple[str, str, bool]]:
    """(id, name, playable) of every game."""
    from app.games import all_games
    out = [(g.id, g.name, g.playable) for g in all_games()]
    out += [(gid, g.name, True) for gid, (g, _) in _EXTRA.items()]
    return out


def get(game_id: str) -> Game | None:
    if game_id in _EXTRA:
        return _EXTRA[game_id][0]
    from app.games import UnknownGame, get_game
    try:
        return get_game(game_id)
    except UnknownGame:
        return None


def scenarios(game_id: str) -> list[ScenarioEntry]:
    if game_id in _EXTRA:
        return list(_EXTRA[game_id][1])
    from app import RESOURCES
    from app.engine.files import scenario_infos
    game = get(game_id)
    infos = game.scenarios() if game is not None else scenario_infos(RESOURCES / game_id / "scenarios")
    return [ScenarioEntry(i.id, i.name, Path(i.path)) for i in infos]


def player_choices(game: Game | None) -> list[tuple[str, str]]:
    """(label, spec) for the per-side player combo."""
    out = [("Human", "human")]
    if game is not None:
        from app.ai.registry import PlayerUnavailable, player_names
        try:
            names = player_names(game)   # listed without importing; a broken one fails when chosen
        except PlayerUnavailable:
            names = ["ai"]
        for n in names:
            if n == "ai":
                out += [("Computer (normal)", "ai"), ("Computer (easy)", "ai:easy"), ("Computer (hard)", "ai:hard")]
            else:
                out.append((f"Computer ({n})", n))
    out.append(("Computer (random moves)", "random"))
    return out


def parse_options(text: str) -> dict[str, Any]:
    """``key=value, key=value`` with JSON values where they parse (``hard=true, turns=8``)."""
    import json
    out: dict[str, Any] = {}
    for part in text.split(","):
        if "=" not in part:
            continue
        k, v = part.split("=", 1)
        k, v = k.strip(), v.strip()
        if not k:
            continue
        try:
            out[k] = json.loads(v)
        except ValueError:
            out[k] = v
    return out
